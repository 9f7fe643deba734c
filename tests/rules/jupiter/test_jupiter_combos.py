"""Card combos (lines 244-268) and Override (line 170; solo, line 346): cards.py's ``play`` with the
Full Turn cards of full_turn.py in effect, and legal.py's ``legal_plays``. Line numbers are
shared/rulebooks/jupiter-rescue.txt's. States are test_jupiter_turn.py's seeded ``board`` (seed 3);
the bridges and tile neighbours a test relies on are asserted first, not assumed. Teleport + Teleport
and Boost + Boost are tested in test_jupiter_cards.py."""

from collections import Counter
from dataclasses import replace

import pytest
from test_jupiter_cards import hands
from test_jupiter_cards import refused as refused_play
from test_jupiter_turn import board
from test_jupiter_turn import refused as refused_action

from rules.jupiter.actions import Attack, Move, Play, parse_action
from rules.jupiter.cards import play
from rules.jupiter.full_turn import line, rocket_paths
from rules.jupiter.legal import legal_plays
from rules.jupiter.state import COLONIST, CREEP, dump_state, robot
from rules.jupiter.turn import apply_basic, legal_basic

CORES = (("Phase Shift",),) * 3  # a core that changes nothing during the actions (played in a window)


def deal(figures, *hand, **changes):
    """Robot 1 to act with five actions, ``hand`` in hand, and a core that plays no part."""
    return board(figures, **{**hands(*hand, cores=CORES), **changes})


def played(state, *cards):
    """Play each Full Turn card from the hand on its own (cost 0): it is then in effect (228)."""
    for card in cards:
        state, _ = play(state, 0, Play((card,)))
    assert state.actions_left == 5 and set(cards) <= set(state.turn_cards)
    return state


def listed(state, *expected):
    """``legal_plays`` lists each expected play, and ``play`` accepts every play it lists."""
    plays = legal_plays(state)
    for p in expected:
        assert p in plays, p
    before = dump_state(state)
    for p in plays:
        play(state, state.current, p)
    assert dump_state(state) == before
    return plays


def test_the_seeded_colony_has_the_neighbours_these_tests_use():
    c = board({}).colony()
    assert "K4" in c.neighbours("K3") and "C2" in c.neighbours("C1")
    assert "C" in c.adjacent_tiles("A") and "K" not in c.adjacent_tiles("A")
    assert "R" in c.adjacent_tiles("E") and "E" not in c.adjacent_tiles("K")
    assert "L" in c.adjacent_tiles("K") and "L" not in c.adjacent_tiles("E")
    assert {"E1", "E2", "E3"} <= c.neighbours("E0") and "K1" in c.neighbours("K0")
    assert line(c, "E0", 5)[:2] == ["E5", "R2"]


# --- Grenadier + Heat Seeker (250), Heat Seeker with Grenadier in effect (156, 158) ---------------


def test_grenadier_and_heat_seeker_kill_two_adjacent_creeps_anywhere_for_three_actions():
    # 250: "kill two adjacent Creeps anywhere on the board. The combo costs a total of 3 actions".
    s = deal({"A0": robot(0), "K3": CREEP, "K4": CREEP, "K5": COLONIST, "C2": CREEP}, "Grenadier", "Heat Seeker")
    action = parse_action("play grenadier+heat-seeker k3 k4")
    assert action == Play(("Grenadier", "Heat Seeker"), ("K3", "K4"))
    t, events = play(s, 0, action)
    assert t.figures == {"A0": robot(0), "K5": COLONIST, "C2": CREEP}
    assert t.creep_supply == s.creep_supply + 2 and t.actions_left == 2
    assert t.hands[0] == () and t.discard == s.discard + ("Grenadier", "Heat Seeker") and t.cores == s.cores
    assert events == ["Robot 1 plays Grenadier + Heat Seeker.", "Grenadier in effect for the rest of the turn.",
                      "The Creep on K3 is killed (Heat Seeker).", "The Creep on K4 dies too (Grenadier)."]
    # The Full Turn card of the combo stays in effect for the turn (228; docs, "Readings").
    assert t.turn_cards == ("Grenadier",)
    u = replace(t, figures={**t.figures, "A2": CREEP, "A3": CREEP})
    assert Attack("A2", "A3") in legal_basic(u, 0)
    v, _ = apply_basic(u, 0, Attack("A2", "A3"))
    assert "A2" not in v.figures and "A3" not in v.figures and v.actions_left == 1
    # The second target must be a Creep next to the first (156: "adjacent to the first").
    assert "no Creep on k5 next to k3" in refused_play(s, 0, Play(action.cards, ("K3", "K5")))  # a Colonist
    refused_play(s, 0, Play(action.cards, ("K3", "K2")))  # an empty space
    refused_play(s, 0, Play(action.cards, ("K3", "C2")))  # a Creep, not next to K3
    refused_play(s, 0, Play(action.cards, ("K5", "K4")))  # the first is no Creep
    assert "costs 3 actions" in refused_play(deal(s.figures, *s.hands[0], actions_left=2), 0, action)
    plays = listed(s, action, Play(action.cards, ("K4", "K3")), Play(action.cards, ("K3",)))
    assert Play(action.cards, ("K3", "K5")) not in plays and Play(action.cards, ("K3", "C2")) not in plays


def test_heat_seeker_with_grenadier_already_in_effect_kills_two_for_three_actions():
    # 156 + 158: "play heat-seeker a b" with Grenadier in effect (played earlier, or an Every Action core).
    figures = {"A0": robot(0), "K3": CREEP, "K4": CREEP}
    s = played(deal(figures, "Grenadier", "Heat Seeker"), "Grenadier")
    action = parse_action("play heat-seeker k3 k4")
    t, events = play(s, 0, action)
    assert t.figures == {"A0": robot(0)} and t.creep_supply == s.creep_supply + 2 and t.actions_left == 2
    assert t.hands[0] == () and t.discard[-1] == "Heat Seeker" and t.turn_cards == ("Grenadier",)
    assert events[-1] == "The Creep on K4 dies too (Grenadier)."
    listed(s, action)
    cored = deal(figures, "Heat Seeker", cores=(("Grenadier",), ("Pilot",), ("Pilot",)))
    assert play(cored, 0, action)[0].figures == {"A0": robot(0)}
    alone = deal(figures, "Heat Seeker")
    assert "needs Grenadier" in refused_play(alone, 0, action)
    assert action not in listed(alone, Play(("Heat Seeker",), ("K3",)))


# --- Grenadier + Sniper (254) -------------------------------------------------------------------


def test_grenadier_and_sniper_kill_two_adjacent_creeps_on_an_adjacent_tile_for_one_action():
    # 254: "kill two adjacent Creeps on an adjacent tile ... a total of 1 action for both kills";
    # 184: Sniper's range is the robot's tile "or any adjacent tile".
    s = deal({"A0": robot(0), "C1": CREEP, "C2": CREEP, "K3": CREEP, "K4": CREEP}, "Grenadier", "Sniper")
    action = parse_action("play grenadier+sniper c1 c2")
    t, events = play(s, 0, action)
    assert t.figures == {"A0": robot(0), "K3": CREEP, "K4": CREEP}
    assert t.creep_supply == s.creep_supply + 2 and t.actions_left == 4
    assert t.hands[0] == () and t.discard == s.discard + ("Grenadier", "Sniper") and t.turn_cards == ("Grenadier",)
    assert events[-2:] == ["The Creep on C1 is killed (Sniper).", "The Creep on C2 dies too (Grenadier)."]
    # The first Creep out of Sniper range: K is not next to A.
    assert "line 184" in refused_play(s, 0, Play(action.cards, ("K3", "K4")))
    assert "needs Grenadier" in refused_play(deal(s.figures, "Sniper"), 0, Play(("Sniper",), ("C1", "C2")))
    assert "costs 1 action" in refused_play(deal(s.figures, "Grenadier", "Sniper", actions_left=0), 0, action)
    plays = listed(s, action, Play(action.cards, ("C2", "C1")))
    assert not any(p.targets[:1] == ("K3",) for p in plays)


# --- Heat Seeker + Heat Seeker with Grenadier in effect (256) -----------------------------------


def test_two_heat_seekers_with_grenadier_in_effect_kill_two_adjacent_creeps_for_one_action():
    # 256: "kill 1 Creep anywhere on the board at a cost of 1 action instead of 3"; Grenadier (156) in
    # effect adds the Creep next to it.
    figures = {"A0": robot(0), "K3": CREEP, "K4": CREEP}
    s = played(deal(figures, "Grenadier", "Heat Seeker", "Heat Seeker"), "Grenadier")
    action = parse_action("play heat-seeker+heat-seeker k3 k4")
    t, events = play(s, 0, action)
    assert t.figures == {"A0": robot(0)} and t.creep_supply == s.creep_supply + 2 and t.actions_left == 4
    assert t.hands[0] == () and t.discard[-2:] == ("Heat Seeker", "Heat Seeker")
    assert events == ["Robot 1 plays Heat Seeker + Heat Seeker.", "The Creep on K3 is killed (Heat Seeker).",
                      "The Creep on K4 dies too (Grenadier)."]
    listed(s, action)
    refused_play(deal(figures, "Heat Seeker", "Heat Seeker"), 0, action)  # no Grenadier in effect


# --- Juggernaut + Teleport (258), Swap + Teleport (266) -----------------------------------------


def test_juggernaut_and_teleport_move_onto_a_creep_anywhere_killing_it_for_three_actions():
    # 258: "move into any space on the board containing a Creep, killing it. This costs 3 actions."
    s = deal({"A0": robot(0), "K3": CREEP, "K4": COLONIST}, "Juggernaut", "Teleport")
    action = parse_action("play juggernaut+teleport k3")
    t, events = play(s, 0, action)
    assert t.figures == {"K3": robot(0), "K4": COLONIST} and t.creep_supply == s.creep_supply + 1
    assert t.actions_left == 2 and t.hands[0] == () and t.discard[-2:] == ("Juggernaut", "Teleport")
    assert t.turn_cards == ("Juggernaut",) and "crushes it (Juggernaut)" in events[-1]
    refused_play(s, 0, Play(action.cards, ("K4",)))  # a Colonist: no Swap in effect
    # 194: Teleport alone goes to "any open space", not onto a Creep.
    alone = deal(s.figures, "Teleport")
    assert "not an open space" in refused_play(alone, 0, Play(("Teleport",), ("K3",)))
    assert Play(("Teleport",), ("K3",)) not in listed(alone, Play(("Teleport",), ("K5",)))
    listed(s, action)
    # Juggernaut played first, then a lone Teleport: the same effect.
    u, _ = play(played(s, "Juggernaut"), 0, Play(("Teleport",), ("K3",)))
    assert u.figures == t.figures and u.actions_left == 2


def test_swap_and_teleport_move_onto_a_colonist_anywhere_who_takes_the_start_for_three_actions():
    # 266: "move to any space on the board containing a Colonist, moving that Colonist to the space where
    # you started. This costs a total of 3 actions."
    s = deal({"A0": robot(0), "K4": COLONIST, "K3": CREEP}, "Swap", "Teleport")
    action = parse_action("play swap+teleport k4")
    t, events = play(s, 0, action)
    assert t.figures == {"K4": robot(0), "A0": COLONIST, "K3": CREEP}
    assert t.actions_left == 2 and t.hands[0] == () and t.discard[-2:] == ("Swap", "Teleport")
    assert t.turn_cards == ("Swap",) and events[-1] == "Robot 1 teleports to K4; its Colonist takes A0 (Swap)."
    refused_play(s, 0, Play(action.cards, ("K3",)))  # a Creep: no Juggernaut in effect
    listed(s, action)
    # From the pod there is no starting space for the Colonist to take (docs, "Readings").
    aboard = deal({"K4": COLONIST}, "Swap", "Teleport", pod_dock="H1", pod_robots=(0,))
    assert "from the pod" in refused_play(aboard, 0, action)
    assert action not in listed(aboard, Play(action.cards, ("K5",)))


# --- Juggernaut + Rocket Boots (260), Rocket Boots + Swap (264) ----------------------------------


def long_line(length):
    """A hub of the seeded colony and the spaces of a straight line from it (full_turn.line, 180)."""
    c = board({}).colony()
    for start in sorted(c.spaces()):
        if start.endswith("0"):
            for direction in range(1, 7):
                spaces = line(c, start, direction)
                if len(spaces) >= length:
                    return start, spaces
    raise AssertionError("no line that long")


def test_juggernaut_and_rocket_boots_fly_through_creeps_in_a_line_killing_them_for_one_action():
    # 260: "move through any number of Creeps positioned in a straight line. This costs 1 action."
    start, path = long_line(4)
    figures = {start: robot(0), path[0]: CREEP, path[1]: CREEP, path[2]: COLONIST}
    s = deal(figures, "Juggernaut", "Rocket Boots")
    action = parse_action("play juggernaut+rocket-boots")
    assert action == Play(("Juggernaut", "Rocket Boots"))
    listed(s, action)
    combo, events = play(s, 0, action)
    assert combo.actions_left == 5 and combo.hands[0] == () and combo.discard[-2:] == action.cards
    assert combo.turn_cards == action.cards and events[-1].endswith("in effect for the rest of the turn.")
    paths = rocket_paths(combo, combo.colony(), 0, start)
    assert paths[path[3]] == (path[0], path[1], path[2]) and paths[path[1]] == (path[0],)
    assert Move(path[3]) in legal_basic(combo, 0)
    t, events = apply_basic(combo, 0, Move(path[3]))
    assert t.figures == {path[2]: COLONIST, path[3]: robot(0)}
    assert t.creep_supply == s.creep_supply + 2 and t.actions_left == 4
    assert f"crushes the Creeps on {path[0]}, {path[1]} on the way" in events[0]
    u, _ = apply_basic(combo, 0, Move(path[1]))  # ending on the second Creep kills both
    assert u.figures == {path[1]: robot(0), path[2]: COLONIST} and u.creep_supply == s.creep_supply + 2
    # 180: Rocket Boots alone "may jump over Colonists, but not Creeps".
    boots = played(deal(figures, "Rocket Boots"), "Rocket Boots")
    assert path[3] not in rocket_paths(boots, boots.colony(), 0, start)
    refused_action(boots, 0, Move(path[3]))


def test_rocket_boots_and_swap_end_a_line_on_a_colonist_who_takes_the_start_for_one_action():
    # 264: "move any number of spaces in a straight line, ending in a space with a Colonist and moving
    # that Colonist to the space where you started. This costs a total of 1 action."
    start, path = long_line(3)
    figures = {start: robot(0), path[0]: COLONIST, path[2]: COLONIST}
    s = deal(figures, "Rocket Boots", "Swap")
    action = parse_action("play rocket-boots+swap")
    listed(s, action)
    combo, _ = play(s, 0, action)
    assert combo.actions_left == 5 and combo.hands[0] == () and combo.turn_cards == ("Rocket Boots", "Swap")
    assert rocket_paths(combo, combo.colony(), 0, start)[path[2]] == (path[0],)
    t, events = apply_basic(combo, 0, Move(path[2]))
    assert t.figures == {start: COLONIST, path[0]: COLONIST, path[2]: robot(0)} and t.actions_left == 4
    assert events == [f"Robot 1 swaps places with a Colonist ({start} and {path[2]})."]
    boots = played(deal(figures, "Rocket Boots"), "Rocket Boots")  # 180: the line ends on an open space
    refused_action(boots, 0, Move(path[2]))
    on_creep = played(deal({**figures, path[2]: CREEP}, "Rocket Boots", "Swap"), "Rocket Boots", "Swap")
    refused_action(on_creep, 0, Move(path[2]))  # a Creep ends the line without Juggernaut


# --- Override (170) ----------------------------------------------------------------------------

OVERRIDE_FIGURES = {"K0": robot(0), "E0": robot(1), "E1": CREEP, "E3": COLONIST, "L6": CREEP, "R3": CREEP}


def overridden(*hand):
    """Robot 1 on K0 plays ``play override 2``: its cards act through Robot 2 on E0 (E is far from K).
    Robot 3 is aboard the docked pod."""
    s = deal(OVERRIDE_FIGURES, "Override", *hand, pod_dock="H1", pod_robots=(2,))
    o, events = play(s, 0, parse_action("play override 2"))
    assert parse_action("play override 2") == Play(("Override",), ("1",))
    assert o.override == 1 and o.actions_left == 5 and o.figures == s.figures
    assert o.hands[0] == tuple(hand) and o.discard[-1] == "Override"
    assert events == ["Robot 1 plays Override.",
                      "Robot 1's cards act through Robot 2 for the rest of the turn (Override)."]
    return s, o


def test_override_teleport_and_sniper_act_through_the_other_robot():
    # 170: "use your core ability and your other cards through ... another player's Robot, at its
    # current position on the board".
    s, o = overridden("Teleport", "Sniper")
    t, events = play(o, 0, Play(("Teleport",), ("N0",)))
    assert t.figures == {**{k: v for k, v in OVERRIDE_FIGURES.items() if k != "E0"}, "N0": robot(1)}
    assert t.actions_left == 2 and events[-1] == "Robot 2 teleports to N0."
    t, _ = play(o, 0, Play(("Sniper",), ("R3",)))  # R is next to Robot 2's tile E
    assert "R3" not in t.figures and t.actions_left == 4 and t.hands[0] == ("Teleport",)
    assert "line 184" in refused_play(o, 0, Play(("Sniper",), ("L6",)))  # next to Robot 1's K, not E
    plays = listed(o, Play(("Teleport",), ("N0",)), Play(("Sniper",), ("R3",)), Play(("Sniper",), ("E1",)))
    assert Play(("Sniper",), ("L6",)) not in plays
    listed(s, Play(("Override",), ("1",)))
    assert Play(("Sniper",), ("L6",)) in legal_plays(s)  # before Override: Robot 1's own range


@pytest.mark.parametrize(("card", "to", "after"), [
    ("Juggernaut", "E1", {"E1": robot(1)}),  # 162: the Creep on E1 is killed
    ("Swap", "E3", {"E3": robot(1), "E0": COLONIST}),  # 192: the Colonist takes Robot 2's space
    ("Rocket Boots", "R2", {"R2": robot(1)}),  # 180: E0, E5, R2 in a straight line
])
def test_override_moves_by_full_turn_cards_move_the_other_robot(card, to, after):
    _, o = overridden(card)
    o = played(o, card)
    assert Move(to) in legal_basic(o, 0)
    t, events = apply_basic(o, 0, Move(to))
    rest = {k: v for k, v in OVERRIDE_FIGURES.items() if k not in ("E0", to)}
    assert t.figures == {**rest, **after} and t.actions_left == 4
    assert events[-1].startswith("Robot 2 (through Robot 1's Override)")


def test_override_leaves_the_players_basic_moves_to_their_own_robot():
    _, o = overridden()
    t, events = apply_basic(o, 0, Move("K1"))
    assert t.figures["K1"] == robot(0) and t.figures["E0"] == robot(1) and "K0" not in t.figures
    assert t.actions_left == 4 and events == ["Robot 1 moves to K1."]
    refused_action(o, 0, Move("E2"))  # next to Robot 2, not to Robot 1


def test_override_is_refused_on_the_players_own_robot_one_in_the_pod_or_with_another_card():
    s = deal(OVERRIDE_FIGURES, "Override", "Teleport", pod_dock="H1", pod_robots=(2,))
    assert "another player's robot" in refused_play(s, 0, Play(("Override",), ("0",)))
    assert "not on the board" in refused_play(s, 0, Play(("Override",), ("2",)))  # Robot 3, in the pod
    refused_play(s, 0, Play(("Override",), ("5",)))  # no Robot 6 in a game of three
    refused_play(s, 0, Play(("Override",)))  # which robot?
    assert "forms no combo" in refused_play(s, 0, Play(("Override", "Teleport"), ("1",)))
    plays = listed(s, Play(("Override",), ("1",)))
    assert [p for p in plays if p.cards == ("Override",)] == [Play(("Override",), ("1",))]


def test_override_as_a_core_ability_acts_through_another_robot():
    s = deal(OVERRIDE_FIGURES, cores=(("Override",), ("Pilot",), ("Pilot",)))
    t, _ = play(s, 0, parse_action("play override 2"))
    assert t.override == 1 and t.cores[0] == ("Override",) and t.hands == s.hands  # 234: never spent
    assert Play(("Override",), ("1",)) in legal_plays(s)


def test_override_with_rocket_boots_lists_each_move_once():
    c = board({}).colony()
    assert line(c, "E0", 1) == ["E1", "A4", "A0"] and "A0" in c.neighbours("A6")
    s = played(deal({"A6": robot(0), "E0": robot(1)}, "Override", "Rocket Boots"), "Rocket Boots")
    s, _ = play(s, 0, Play(("Override",), ("1",)))
    legal = legal_basic(s, 0)
    assert [a for a, n in Counter(legal).items() if n > 1] == []


# --- Solo play: Override is a Boost (346) --------------------------------------------------------


def solo(hand, cores=("Sniper", "Swap")):
    return board({"A0": robot(0)}, seats=("robot 1",), solo=True, hands=(hand,), cores=(cores,))


def test_solo_override_is_a_boost():
    # 346: "In solo play, the Override card is treated as another Boost card"; 144: "one extra action";
    # 246: Boost + Boost, two.
    s = solo(("Override", "Boost"))
    t, events = play(s, 0, parse_action("play override"))
    assert t.actions_left == 6 and t.hands[0] == ("Boost",) and t.discard[-1] == "Override"
    assert t.override is None and events == ["Robot 1 plays Override.", "1 extra action this turn."]
    action = parse_action("play boost+override")
    assert action == Play(("Boost", "Override"))
    t, events = play(s, 0, action)
    assert t.actions_left == 7 and t.hands[0] == () and t.discard[-2:] == ("Boost", "Override")
    assert events[-1] == "2 extra actions this turn."
    listed(s, Play(("Override",)), Play(("Boost",)), action)
    assert "no target" in refused_play(s, 0, parse_action("play override 2"))  # a Boost names no robot


def test_solo_override_as_a_core_is_once_per_turn_like_boost():
    # 236 (Boost's core scope "Once Per Turn") with 346: the core Override is used first, and kept.
    s = solo(("Override",), cores=("Override", "Sniper"))
    t, events = play(s, 0, Play(("Override",)))
    assert t.actions_left == 6 and t.hands[0] == ("Override",) and t.core_used == ("Override",)
    assert t.cores == s.cores and t.discard == s.discard and events[0] == "Robot 1 plays Override (core)."
    t, _ = play(t, 0, Play(("Override",)))  # the core is spent: the hand's copy goes
    assert t.actions_left == 7 and t.hands[0] == () and t.discard[-1] == "Override"
    refused_play(t, 0, Play(("Override",)))
    assert legal_plays(t) == []
    listed(s, Play(("Override",)), Play(("Override", "Override")))
    u, _ = play(s, 0, Play(("Override", "Override")))  # core + hand, a Boost + Boost
    assert u.actions_left == 7 and u.hands[0] == () and u.core_used == ("Override",)
