"""The basic actions of a turn (rules/jupiter/turn.py) on hand-built states: seed 3's colony, emptied,
with a few figures placed (as in test_jupiter_reach.py). Line numbers are
shared/rulebooks/jupiter-rescue.txt's.

Seed 3 (pinned in test_jupiter_reach.py): A0's bridges go to A2 A4 A6; H1 is a dock whose dome links to
H0 H2 H6; Command Dishes on J (position 3), L (2), M (1) and U (5); Power Plants on A (5), G, R, T."""

from dataclasses import replace

import pytest

from rules.core.errors import GameIsOver, IllegalAction, NotYourTurn
from rules.jupiter.actions import POD, Attack, Command, Move, Trade, parse_action
from rules.jupiter.setup import new_game
from rules.jupiter.state import COLONIST, CREEP, SUPER_CREEP, dump_state, robot
from rules.jupiter.turn import actions_per_turn, apply_basic, legal_basic

SEATS = ("robot 1", "robot 2", "robot 3")


def board(figures, **changes):
    s = new_game(3, None, SEATS).clone()
    s.figures = dict(figures)
    base = {"phase": "actions", "current": 0, "actions_left": 5, "pod_robots": (), "hands": ((), (), ())}
    return replace(s, **{**base, **changes})


def refused(state, seat, action, error=IllegalAction):
    before = dump_state(state)
    with pytest.raises(error) as info:
        apply_basic(state, seat, action)
    assert "\n" not in str(info.value) and 0 < len(str(info.value)) <= 120
    assert dump_state(state) == before  # a refusal leaves the state untouched
    return str(info.value)


def test_move_spends_one_action_and_never_mutates_the_input():
    # 50: "Each player may take a total of 5 actions"; 52: "move yourself one space".
    s = board({"A0": robot(0)})
    before = dump_state(s)
    t, events = apply_basic(s, 0, Move("A2"))
    assert dump_state(s) == before
    assert t.figures == {"A2": robot(0)} and t.actions_left == 4 and events


def test_turn_checks():
    s = board({"A0": robot(0), "A4": robot(1)})
    refused(s, 1, Move("A6"), NotYourTurn)  # seat 0 is to act
    refused(replace(s, phase="dock"), 0, Move("A6"), NotYourTurn)
    refused(replace(s, phase="over"), 0, Move("A6"), GameIsOver)
    # 60: "so long as no more than 5 actions are taken during his or her turn"
    assert "no actions left" in refused(replace(s, actions_left=0), 0, Move("A6"))
    assert legal_basic(s, 1) == [] and legal_basic(replace(s, actions_left=0), 0) == []


def test_five_actions_then_none():
    # 60: "no more than 5 actions are taken during his or her turn"
    s = board({"A0": robot(0)})
    for to in ("A2", "A0", "A2", "A0", "A2"):
        s, _ = apply_basic(s, 0, Move(to))
    assert s.actions_left == 0
    refused(s, 0, Move("A0"))


def test_actions_per_turn_super_creep_on_a_command_dish():
    # 290: "Whether there are Super Creeps on 4 Command Dishes or only 1, players are still limited to 4
    # actions per turn instead of 5"; 295: a destroyed tile's Super Creep's "effect ... is lifted".
    assert actions_per_turn(board({})) == 5
    assert actions_per_turn(board({"J3": SUPER_CREEP})) == 4
    assert actions_per_turn(board({"J3": SUPER_CREEP, "L2": SUPER_CREEP})) == 4
    assert actions_per_turn(board({"A5": SUPER_CREEP})) == 5  # a Power Plant: the hand limit, line 288
    assert actions_per_turn(board({"J3": SUPER_CREEP}, destroyed=("J",))) == 5


def test_killing_the_last_dish_super_creep_gives_the_fifth_action_back():
    # 290: "When the last Super Creep is removed from all Command Dishes, that player immediately regains
    # access to his or her fifth action." Docs "Readings": Super Creeps die to ordinary attacks.
    s = board({"J0": robot(0), "J3": SUPER_CREEP}, actions_left=4)
    t, _ = apply_basic(s, 0, Attack("J3"))
    assert "J3" not in t.figures and t.actions_left == 4  # one spent, one regained
    assert t.super_creep_supply == s.super_creep_supply + 1
    s = board({"J0": robot(0), "J3": SUPER_CREEP, "L2": SUPER_CREEP}, actions_left=4)
    t, _ = apply_basic(s, 0, Attack("J3"))
    assert t.actions_left == 3  # L's dish is still jammed


def test_attack_same_tile_only_unless_sniper():
    # 84: "can shoot (and kill) a Creep that is on the same tile, even when not adjacent ... if a Creep is
    # ... on another tile ... the player can't make the shot (unless he or she has the Sniper core ability)".
    s = board({"A0": robot(0), "A3": CREEP, "C5": CREEP})
    t, _ = apply_basic(s, 0, Attack("A3"))
    assert "A3" not in t.figures and t.creep_supply == s.creep_supply + 1
    refused(s, 0, Attack("C5"))
    sniper = replace(s, cores=(("Sniper",), (), ()))
    t, _ = apply_basic(sniper, 0, Attack("C5"))
    assert "C5" not in t.figures


def test_command_moves_a_colonist_in_range():
    # 54: "move a Colonist that is on the same tile as your Robot or is on an adjacent tile"
    s = board({"A0": robot(0), "A2": COLONIST})
    t, _ = apply_basic(s, 0, Command("A2", "C5"))
    assert t.figures == {"A0": robot(0), "C5": COLONIST} and t.actions_left == 4
    refused(s, 0, Command("A2", "A0"))  # 68: the space is taken
    refused(board({"H0": robot(0), "A2": COLONIST}), 0, Command("A2", "A3"))  # A is not next to H


def test_boarding_colonist_below_seven():
    # 70: the pod "can hold up to 7 Colonists"; 92: a Colonist "moves onto the Evacuation Pod tile".
    s = board({"H0": robot(0), "H1": COLONIST}, pod_dock="H1", pod_colonists=5)
    t, events = apply_basic(s, 0, Command("H1", POD))
    assert t.pod_colonists == 6 and "H1" not in t.figures and not t.pod_launched and t.pod_dock == "H1"
    assert t.saved == s.saved and events


def test_seventh_colonist_launches_the_pod():
    # 92: "As soon as a seventh Colonist moves onto the Evacuation Pod tile, the pod launches and carries
    # them to safety. Move the Evacuation Pod tile away from the colony, remove the Colonist figures to a
    # "saved" pile ... it stays undocked". 70: robots aboard ride along.
    s = board({"H0": robot(0), "H1": COLONIST}, pod_dock="H1", pod_colonists=6, pod_robots=(1,))
    t, events = apply_basic(s, 0, Command("H1", POD))
    assert t.saved == s.saved + 7 and t.pod_colonists == 0
    assert t.pod_launched and t.pod_dock is None and t.pod_robots == (1,)
    assert t.phase == "actions" and t.actions_left == 4
    assert any("launches" in e for e in events)


def test_launch_with_every_robot_aboard_and_28_saved_wins():
    # 298-302: the players win "as soon as they have: 1 Evacuated 28 Colonists 2. Gotten themselves off
    # the colony (also in the pod)". From the pod the docked tile is in Command Range (docs "Readings").
    s = board({"H1": COLONIST}, pod_dock="H1", pod_colonists=6, pod_robots=(0, 1, 2), saved=21)
    t, _ = apply_basic(s, 0, Command("H1", POD))
    assert t.saved == 28 and t.phase == "over"
    refused(t, 0, Move("H1"), GameIsOver)
    t, _ = apply_basic(replace(s, saved=14), 0, Command("H1", POD))
    assert t.phase == "actions"


def test_robot_boards_and_leaves_the_pod():
    # 70: the pod is "a single space" holding "any number of player Robots".
    s = board({"H1": robot(0)}, pod_dock="H1", pod_robots=(1,))
    t, _ = apply_basic(s, 0, Move(POD))
    assert t.pod_robots == (0, 1) and robot(0) not in t.figures.values()
    t, _ = apply_basic(t, 0, Move("H1"))
    assert t.figures == {"H1": robot(0)} and t.pod_robots == (1,) and t.actions_left == 3


def test_trade_any_number_of_cards_in_range():
    # 56, 98: "one Trade action to exchange any number of cards with one other player within their
    # Command Range".
    hands = (("Boost", "Sniper"), ("Pilot",), ("Teleport",))
    s = board({"A0": robot(0), "C5": robot(1), "H0": robot(2)}, hands=hands)
    t, _ = apply_basic(s, 0, Trade(1, ("Boost", "Sniper"), ("Pilot",)))
    assert t.hands == (("Pilot",), ("Boost", "Sniper"), ("Teleport",)) and t.actions_left == 4
    refused(s, 0, Trade(2, (), ("Teleport",)))  # H is not next to A
    refused(s, 0, Trade(1, ("Pilot",), ()))  # not in hand
    refused(s, 0, Trade(1, (), ("Boost",)))


def test_card_forms_are_refused_here():
    # 154, 156, 252: ``follow`` and ``also`` need Follower, Grenadier or Juggernaut played.
    s = board({"A0": robot(0), "A2": COLONIST, "A3": CREEP, "A4": CREEP})
    refused(s, 0, parse_action("attack a3 also a4"))
    refused(s, 0, parse_action("command a2 c5 follow a3"))


def test_legal_basic_is_exact_and_all_apply():
    hands = (("Boost",), ("Pilot",), ())
    s = board({"A0": robot(0), "A2": COLONIST, "A4": CREEP, "C5": robot(1), "H0": robot(2)}, hands=hands)
    legal = legal_basic(s, 0)
    assert set(legal) == {
        Move("A6"),
        Attack("A4"),
        Command("A2", "A3"),
        Trade(1, ("Boost",), ()), Trade(1, (), ("Pilot",)), Trade(1, ("Boost",), ("Pilot",)),
    }
    assert len(legal) == len(set(legal))
    for action in legal:
        t, _ = apply_basic(s, 0, action)
        assert t.actions_left == 4


@pytest.mark.parametrize("seed", [3, 5, 11])
def test_every_listed_action_applies_on_a_busy_board(seed):
    s = new_game(seed, None, SEATS).clone()
    spaces = sorted(s.colony().spaces())
    figures = {sp: (COLONIST, CREEP, COLONIST, SUPER_CREEP)[i % 4] for i, sp in enumerate(spaces) if i % 3}
    for seat, i in zip(range(3), (0, 3, 6), strict=True):
        figures[spaces[i]] = robot(seat)
    s.figures = figures
    s = replace(s, phase="actions", current=0, actions_left=5, pod_robots=(), hands=(("Boost",), ("Pilot",), ()))
    legal = legal_basic(s, 0)
    assert legal
    for action in legal:
        apply_basic(s, 0, action)
    # Every other move or attack onto a space of the colony is refused with one line.
    for sp in spaces:
        for bad in (Move(sp), Attack(sp)):
            if bad not in legal:
                refused(s, 0, bad)
