"""Full Turn cards changing Move, Attack and Command (rules/jupiter/full_turn.py, through turn.py and
cards.py). Line numbers are shared/rulebooks/jupiter-rescue.txt's. The colony is test_jupiter_turn.py's
seeded ``board``; neighbours are read from it, never assumed."""

from dataclasses import replace

import pytest
from test_jupiter_turn import SEATS, board, refused

from rules.jupiter.actions import Attack, Command, Move, Play, Trade
from rules.jupiter.cards import play
from rules.jupiter.colony import opposite
from rules.jupiter.draw import pass_turn
from rules.jupiter.full_turn import line
from rules.jupiter.setup import new_game
from rules.jupiter.state import COLONIST, CREEP, SUPER_CREEP, robot
from rules.jupiter.turn import apply_basic, legal_basic

NO_CORES = {"cores": (("Pilot",), ("Pilot",), ("Pilot",))}


def colony():
    return board({}).colony()


def chain(length):
    """A path of ``length`` spaces, each a neighbour of the last, found on the seeded colony."""
    c = colony()
    for start in sorted(c.spaces()):
        path = [start]
        while len(path) < length:
            nxt = sorted(n for n in c.neighbours(path[-1]) if n not in path)
            if not nxt:
                break
            path.append(nxt[0])
        if len(path) == length:
            return path
    raise AssertionError("no path that long")


def with_cards(figures, *cards, **changes):
    s = board(figures, hands=(tuple(cards), (), ()), **{**NO_CORES, **changes})
    for card in cards:
        s, _ = play(s, 0, Play((card,)))
    return s


def test_juggernaut_moves_into_a_creep_and_kills_it():
    """162: "You may move into the same space as a Creep. This kills it." """
    a, b = chain(2)
    figures = {a: robot(0), b: CREEP}
    refused(board(figures, **NO_CORES), 0, Move(b))
    s = with_cards(figures, "Juggernaut")
    assert Move(b) in legal_basic(s, 0)
    t, events = apply_basic(s, 0, Move(b))
    assert t.figures == {b: robot(0)} and t.creep_supply == s.creep_supply + 1 and t.actions_left == 4
    assert "Juggernaut" in events[-1]


def test_grenadier_and_juggernaut_kill_the_creep_moved_into_and_a_second_adjacent_one():
    """252: "kill a Creep you move into, and then a second adjacent Creep ... 1 action for both"."""
    a, b, c = chain(3)
    figures = {a: robot(0), b: CREEP, c: CREEP}
    refused(with_cards(figures, "Juggernaut"), 0, Move(b, c))
    s = with_cards(figures, "Grenadier", "Juggernaut")
    t, _ = apply_basic(s, 0, Move(b, c))
    assert t.figures == {b: robot(0)} and t.actions_left == 4


def test_grenadier_kills_a_second_creep_adjacent_to_the_first_for_one_action():
    """156: "also kill another Creep that is adjacent to the first ... costs only one action"."""
    a, b, c = chain(3)
    assert a[0] == b[0] == c[0]  # one tile: both Creeps are in the shot (84)
    figures = {a: robot(0), b: CREEP, c: CREEP}
    s = with_cards(figures, "Grenadier")
    assert Attack(b, c) in legal_basic(s, 0) and Attack(c, b) in legal_basic(s, 0)
    t, _ = apply_basic(s, 0, Attack(b, c))
    assert b not in t.figures and c not in t.figures and t.actions_left == 4
    assert t.creep_supply == s.creep_supply + 2
    refused(s, 0, Attack(b, a))  # a holds no Creep
    refused(board(figures, **NO_CORES), 0, Attack(b, c))  # no Grenadier in effect


def test_swap_trades_places_with_an_adjacent_colonist_creep_or_robot_but_not_a_super_creep():
    """192: "You may trade places with an adjacent Colonist, Creep, or Robot. This costs 1 action." """
    a, b = chain(2)
    for fig in (COLONIST, CREEP, robot(1)):
        s = with_cards({a: robot(0), b: fig}, "Swap")
        t, events = apply_basic(s, 0, Move(b))
        assert t.figures == {a: fig, b: robot(0)} and t.actions_left == 4 and "swaps" in events[-1]
    refused(with_cards({a: robot(0), b: SUPER_CREEP}, "Swap"), 0, Move(b))


def test_juggernaut_wins_over_swap_on_a_creep():
    a, b = chain(2)
    t, _ = apply_basic(with_cards({a: robot(0), b: CREEP}, "Juggernaut", "Swap"), 0, Move(b))
    assert t.figures == {b: robot(0)}


def test_follower_moves_an_adjacent_colonist_into_the_vacated_space():
    """154: "Each time you move a Colonist one space, you may move an adjacent Colonist into the space
    vacated by the first"."""
    a, b, c, d = chain(4)
    assert a[0] == b[0] == c[0]  # the Colonists are in command range
    figures = {a: robot(0), b: COLONIST, c: COLONIST}
    # the first Colonist (on c) steps to d; the one on b follows into c
    s = with_cards(figures, "Follower")
    legal = legal_basic(s, 0)
    follows = [x for x in legal if isinstance(x, Command) and x.follow is not None]
    assert follows
    for action in follows:
        t, _ = apply_basic(s, 0, action)
        assert t.figures[action.to] == COLONIST and t.figures[action.source] == COLONIST
        assert action.follow not in t.figures and t.actions_left == 4
    refused(board(figures, **NO_CORES), 0, follows[0])


def test_bullhorn_extends_the_command_and_trade_range_over_the_colony():
    """146: "Extend your Command Range over the entire colony"; 98: trade within Command Range."""
    c = colony()
    near = {c.by_label["A"].label, *c.adjacent_tiles("A")}
    far_tile = next(t for t in c.by_label if t not in near)
    far = [sp for sp in c.by_label[far_tile].space_ids() if c.neighbours(sp)]
    src, robot_far = far[0], far[-1]
    figures = {"A0": robot(0), src: COLONIST, robot_far: robot(1)}
    quiet = board(figures, hands=(("Boost",), (), ()), **NO_CORES)
    assert not any(isinstance(x, Command) for x in legal_basic(quiet, 0))
    refused(quiet, 0, Trade(1, ("Boost",), ()))
    loud = board(figures, hands=(("Bullhorn", "Boost"), (), ()), **NO_CORES)
    loud, _ = play(loud, 0, Play(("Bullhorn",)))
    commands = [x for x in legal_basic(loud, 0) if isinstance(x, Command)]
    assert commands and all(x.source == src for x in commands)
    t, _ = apply_basic(loud, 0, Trade(1, ("Boost",), ()))
    assert t.hands[1] == ("Boost",)


def test_an_every_action_core_is_in_effect_without_playing_it_and_cards_end_with_the_turn():
    """234: "Every Action: Applies to all actions of the designated type that you can take on your
    turn"; 228: a Full Turn card applies on "your turn"."""
    a, b = chain(2)
    cored = board({a: robot(0), b: CREEP}, cores=(("Juggernaut",), ("Pilot",), ("Pilot",)))
    assert Move(b) in legal_basic(cored, 0)
    played = with_cards({a: robot(0), b: CREEP}, "Juggernaut")
    assert played.turn_cards == ("Juggernaut",) and played.discard[-1] == "Juggernaut"
    nxt, _ = pass_turn(played)
    assert nxt.turn_cards == () and Move(b) not in legal_basic(replace(nxt, current=0), 0)


def test_sniper_played_as_a_card_reaches_an_adjacent_tile_for_one_attack():
    """184: Sniper (Single Action) kills "any Creep on the same tile as your Robot, or any adjacent
    tile"."""
    c = colony()
    other = c.adjacent_tiles("A")[0]
    target = c.by_label[other].space_ids()[0]
    s = board({"A0": robot(0), target: CREEP}, hands=(("Sniper",), (), ()), **NO_CORES)
    assert Attack(target) not in legal_basic(s, 0)
    t, _ = play(s, 0, Play(("Sniper",), (target,)))
    assert target not in t.figures and t.actions_left == 4 and t.hands[0] == ()


@pytest.mark.parametrize("seed", [3, 5, 11])
def test_with_every_full_turn_card_in_effect_every_listed_action_applies(seed):
    s = new_game(seed, None, SEATS).clone()
    spaces = sorted(s.colony().spaces())
    figures = {sp: (COLONIST, CREEP, COLONIST, SUPER_CREEP, CREEP)[i % 5] for i, sp in enumerate(spaces) if i % 4}
    for seat, i in zip(range(3), (0, 4, 8), strict=True):
        figures[spaces[i]] = robot(seat)
    s.figures = figures
    s = replace(s, phase="actions", current=0, actions_left=5, pod_robots=(), hands=((), (), ()),
                turn_cards=("Bullhorn", "Follower", "Grenadier", "Juggernaut", "Rocket Boots", "Swap"), **NO_CORES)
    legal = legal_basic(s, 0)
    assert len(legal) == len(set(legal))
    for action in legal:
        t, _ = apply_basic(s, 0, action)
        assert t.actions_left == 4
        assert sum(f == robot(0) for f in t.figures.values()) == 1


def a_long_line():
    """A hub and a direction whose straight line runs at least three spaces along bridges."""
    c = colony()
    for tile in c.tiles:
        for direction in range(1, 7):
            spaces = line(c, f"{tile.label}0", direction)
            if len(spaces) >= 3:
                return f"{tile.label}0", spaces
    raise AssertionError("no line of three on the seeded colony")


def test_a_straight_line_runs_hub_dome_facing_dome_hub_along_bridges():
    c = colony()
    checked = 0
    for tile in c.tiles:
        for direction in range(1, 7):
            previous = f"{tile.label}0"
            for space in line(c, previous, direction):
                assert space in c.neighbours(previous)  # 64: only along a bridge
                position = int(previous[1])
                expected = {0: direction, direction: opposite(direction), opposite(direction): 0}[position]
                assert int(space[1]) == expected
                checked += 1
                previous = space
    assert checked > 50


def test_rocket_boots_fly_along_a_line_over_colonists_but_not_creeps_or_robots():
    """180: "Move any number of spaces in a straight line. You may jump over Colonists, but not Creeps.
    This costs 1 action." """
    start, path = a_long_line()
    far = path[2]
    figures = {start: robot(0), path[0]: COLONIST, path[1]: COLONIST}
    refused(board(figures, **NO_CORES), 0, Move(far))
    s = with_cards(figures, "Rocket Boots")
    assert Move(far) in legal_basic(s, 0)
    t, events = apply_basic(s, 0, Move(far))
    assert t.figures[far] == robot(0) and start not in t.figures and t.actions_left == 4
    assert "Rocket Boots" in events[-1]
    for blocker in (CREEP, robot(1)):
        blocked = with_cards({**figures, path[1]: blocker}, "Rocket Boots")
        assert Move(far) not in legal_basic(blocked, 0)
        refused(blocked, 0, Move(far))
