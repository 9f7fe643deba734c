"""Reach queries (rules/jupiter/reach.py) on a hand-built state: seed 3's colony, emptied, with a few
figures placed. Line numbers are shared/rulebooks/jupiter-rescue.txt's.

Seed 3's centre tile A (pinned below): spaces A0 A1 A2 A3 A4 A6, its Power Plant at A5 (line 34: "not
spaces"), bridges A0-A2 A0-A4 A0-A6 A1-A6 A2-A3, links across edges A1-B4 A2-C5 A3-D6 A4-E1 A6-G3."""

from dataclasses import replace

import pytest

from rules.jupiter.actions import POD
from rules.jupiter.reach import (
    attack_targets,
    colonist_steps,
    command_targets,
    command_tiles,
    move_targets,
    robot_at,
    trade_partners,
)
from rules.jupiter.setup import new_game
from rules.jupiter.state import COLONIST, CREEP, SUPER_CREEP, robot

SEATS = ("robot 1", "robot 2", "robot 3")


def board(figures, **changes):
    """Seed 3 in play: no figures but ``figures``, every robot off the pod unless ``pod_robots`` says."""
    s = new_game(3, None, SEATS).clone()
    s.figures = dict(figures)
    s = replace(s, **{"phase": "actions", "current": 0, "pod_robots": (), **changes})
    return s, s.colony()


def test_pinned_geometry():
    _, c = board({})
    assert c.by_label["A"].space_ids() == ("A0", "A1", "A2", "A3", "A4", "A6")
    assert c.neighbours("A0") == {"A2", "A4", "A6"} and c.neighbours("A2") == {"A0", "A3", "C5"}
    assert c.by_label["A"].facility_at == 5
    assert "H" not in c.adjacent_tiles("A") and "H" in c.adjacent_tiles("B")
    assert any(d.space == "H1" for d in c.docks())


def test_move_one_bridge_to_an_open_space():
    # 52: "move yourself one space"; 64: "there must be a visible bridge between them"; 68: "Only one
    # figure may occupy each space, and figures cannot move through other figures".
    s, c = board({"A0": robot(0), "A2": COLONIST, "A4": CREEP})
    assert move_targets(s, c, 0) == {"A6"}  # A2 and A4 are taken; A3 lies beyond the Colonist on A2
    s, c = board({"A2": robot(0)})
    assert move_targets(s, c, 0) == {"A0", "A3", "C5"}  # C5: the link across A's edge 2


def test_destroyed_tile_is_gone():
    # 126: a full tile "is removed from play"; 128: the islands that remain stay in play.
    s, c = board({"A2": robot(0)}, destroyed=("C",))
    assert move_targets(s, c, 0) == {"A0", "A3"}


def test_pod_is_one_space_next_to_its_dock():
    # 70: the pod "is treated as a single space, and it can hold up to 7 Colonists and any number of
    # player Robots. Figures inside the Evacuation Pod do not block the movement of any other piece into
    # or out of the pod."
    s, c = board({"H1": robot(0)}, pod_dock="H1", pod_robots=(1, 2), pod_colonists=7)
    assert POD in move_targets(s, c, 0)  # two robots and seven Colonists aboard block nobody
    assert robot_at(s, 1) == POD
    assert move_targets(s, c, 1) == set()  # its only way out, the dock dome H1, is taken
    s, c = board({}, pod_dock="H1", pod_robots=(1,))
    assert move_targets(s, c, 1) == {"H1"}
    s, c = board({"H1": robot(0)})  # undocked (line 92: "it stays undocked"): it touches nothing
    assert POD not in move_targets(s, c, 0)
    s, c = board({"H1": robot(0)}, pod_dock="H1", pod_launched=True, pod_robots=(1,))
    assert POD not in move_targets(s, c, 0) and move_targets(s, c, 1) == set()


@pytest.mark.parametrize(("aboard", "room"), [(0, True), (6, True), (7, False)])
def test_colonist_boards_while_pod_has_room(aboard, room):
    # 70: "up to 7 Colonists"; 92: "As soon as a seventh Colonist moves onto the Evacuation Pod tile".
    s, c = board({"H1": COLONIST}, pod_dock="H1", pod_colonists=aboard)
    assert (POD in colonist_steps(s, c, "H1")) is room


def test_command_range_is_own_and_adjacent_tiles():
    # 54: "a Colonist that is on the same tile as your Robot or is on an adjacent tile"; 90: "the tile he
    # or she is on and any adjacent tile(s)".
    s, c = board({"A0": robot(0)})
    assert command_tiles(s, c, 0) == {"A", "B", "C", "D", "E", "F", "G"}
    s, c = board({"A0": robot(0), "A2": COLONIST, "A4": COLONIST, "A3": CREEP, "H1": COLONIST})
    targets = command_targets(s, c, 0)
    assert targets["A2"] == {"C5"} and "A4" in targets  # A2: A0 is the robot, A3 a Creep
    assert "H1" not in targets  # H is not next to A: out of range (line 90)


def test_pod_range_reaches_the_docked_tile():
    # Docs, "Readings": for ranges the pod's tile counts as adjacent to the docked tile.
    s, c = board({"H2": COLONIST}, pod_dock="H1", pod_robots=(0,), pod_colonists=2)
    assert command_tiles(s, c, 0) == {POD, "H"}
    assert set(command_targets(s, c, 0)) == {"H2", POD}
    assert command_targets(s, c, 0)[POD] == {"H1"}


def test_attack_same_tile_or_sniper_adjacent():
    # 84: "shoot (and kill) a Creep that is on the same tile, even when not adjacent", but not one "on
    # another tile ... (unless he or she has the Sniper core ability)"; 184: Sniper adds "any adjacent tile".
    b_space = board({})[1].by_label["B"].space_ids()[0]
    h_space = board({})[1].by_label["H"].space_ids()[0]
    s, c = board({"A0": robot(0), "A3": CREEP, "A5": SUPER_CREEP, b_space: CREEP, h_space: CREEP})
    assert attack_targets(s, c, 0) == {"A3", "A5"}
    assert attack_targets(s, c, 0, sniper=True) == {"A3", "A5", b_space}


def test_trade_partners_in_command_range():
    # 56: "another player whose Robot is on the same tile as your Robot or is on an adjacent tile".
    h_space = board({})[1].by_label["H"].space_ids()[0]
    s, c = board({"A0": robot(0), "C0": robot(1), h_space: robot(2)})
    assert trade_partners(s, c, 0) == {1}
    assert trade_partners(s, c, 2) == set()
