"""Rescue cards that act when played (rules/jupiter/cards.py): Boost, Heat Seeker, Teleport, Pilot,
Data Core and their combos with themselves. Line numbers are shared/rulebooks/jupiter-rescue.txt's.
States come from test_jupiter_turn.py's ``board`` (a seeded colony, robot 1 to act, five actions)."""

from dataclasses import replace

import pytest
from test_jupiter_turn import board

from rules.core.errors import IllegalAction, NotYourTurn
from rules.jupiter.actions import POD, Play, parse_action
from rules.jupiter.cards import play
from rules.jupiter.colony import step
from rules.jupiter.draw import pass_turn
from rules.jupiter.state import COLONIST, CREEP, SUPER_CREEP, dump_state, robot


def hands(*first, cores=(("Sniper",), ("Pilot",), ("Swap",))):
    return {"hands": (tuple(first), (), ()), "cores": cores}


def refused(state, seat, action, error=IllegalAction):
    before = dump_state(state)
    with pytest.raises(error) as info:
        play(state, seat, action)
    assert "\n" not in str(info.value) and 0 < len(str(info.value)) <= 120
    assert dump_state(state) == before  # a refusal leaves the state untouched
    return str(info.value)


def test_boost_gives_an_extra_action_and_two_boosts_two():
    """144: "Take one extra action this turn"; 246: Boost + Boost "grants you 2 extra actions"."""
    s = board({"A0": robot(0)}, **hands("Boost", "Boost", "Boost"))
    one, events = play(s, 0, Play(("Boost",)))
    assert one.actions_left == 6 and one.hands[0] == ("Boost", "Boost") and one.discard[-1] == "Boost"
    assert events[0] == "Robot 1 plays Boost."
    two, _ = play(s, 0, parse_action("play boost+boost"))
    assert two.actions_left == 7 and two.hands[0] == ("Boost",)
    refused(replace(s, hands=((), (), ())), 0, Play(("Boost",)))


def test_a_once_per_turn_core_is_used_first_then_the_hand_and_it_refreshes_next_turn():
    """232-236: a core ability is kept; "Once Per Turn: Can be used one time on your turn"."""
    s = board({"A0": robot(0)}, **hands("Boost", cores=(("Boost",), ("Pilot",), ("Swap",))))
    t, events = play(s, 0, Play(("Boost",)))
    assert t.hands[0] == ("Boost",) and t.cores[0] == ("Boost",) and t.core_used == ("Boost",)
    assert "(core)" in events[0]
    t, _ = play(t, 0, Play(("Boost",)))  # the core is spent this turn: the hand's copy goes
    assert t.hands[0] == () and t.actions_left == 7
    refused(t, 0, Play(("Boost",)))
    nxt, _ = pass_turn(replace(t, current=0))
    assert nxt.core_used == ()


def test_heat_seeker_kills_a_creep_anywhere_for_three_actions():
    """158: "Kill a Creep anywhere on the board. This costs 3 actions." 256: two cost 1."""
    s = board({"A0": robot(0), "K3": CREEP, "D1": SUPER_CREEP}, **hands("Heat Seeker", "Heat Seeker"))
    t, events = play(s, 0, Play(("Heat Seeker",), ("K3",)))
    assert "K3" not in t.figures and t.creep_supply == s.creep_supply + 1 and t.actions_left == 2
    assert any("killed" in e for e in events)
    t, _ = play(s, 0, Play(("Heat Seeker", "Heat Seeker"), ("K3",)))
    assert t.actions_left == 4 and t.hands[0] == ()
    refused(s, 0, Play(("Heat Seeker",), ("A1",)))  # no Creep there
    refused(replace(s, actions_left=2), 0, Play(("Heat Seeker",), ("K3",)))  # not enough actions
    refused(s, 0, Play(("Heat Seeker",), ()))


def test_teleport_moves_to_any_open_space_for_three_actions():
    """194: "Move to any open space. This costs 3 actions." 268: two cost 1."""
    s = board({"A0": robot(0), "K3": CREEP, "K4": COLONIST}, **hands("Teleport", "Teleport"))
    t, _ = play(s, 0, Play(("Teleport",), ("K5",)))
    assert t.figures.get("K5") == robot(0) and "A0" not in t.figures and t.actions_left == 2
    t, _ = play(s, 0, Play(("Teleport", "Teleport"), ("K5",)))
    assert t.actions_left == 4
    for taken in ("K3", "K4"):
        refused(s, 0, Play(("Teleport",), (taken,)))
    refused(s, 0, Play(("Teleport",), (POD,)))  # the pod is not docked
    docked = replace(s, pod_dock="A1")
    t, _ = play(docked, 0, Play(("Teleport",), (POD,)))
    assert t.pod_robots == (0,) and robot(0) not in t.figures.values()


def test_pilot_launches_the_docked_pod_with_fewer_than_seven_and_docks_an_undocked_one():
    """176: "Immediately launch or dock the Evacuation Pod (instead of waiting for seven Colonists to
    be on board)". An Event: no action spent."""
    s = board({"A0": robot(0)}, pod_dock="A1", pod_colonists=3, pod_robots=(1,), **hands("Pilot", "Pilot"))
    t, events = play(s, 0, Play(("Pilot",)))
    assert t.saved == s.saved + 3 and t.pod_dock is None and t.pod_launched and t.actions_left == 5
    assert any("3 Colonists saved" in e for e in events)
    refused(s, 0, Play(("Pilot",), ("A1",)))  # docked: one Pilot launches, it names no edge
    dock = t.colony().docks()[0]
    u, events = play(t, 0, Play(("Pilot",), (f"{dock.label}{dock.direction}",)))
    assert u.pod_dock == dock.space and not u.pod_launched and "docks" in events[-1]
    refused(t, 0, Play(("Pilot",), ("A0",)))  # not an exposed edge with a dome


def test_pilot_and_pilot_launch_and_redock_at_once():
    """262: launch, "empty the Colonists on board into the saved pile, and redock the pod to any valid
    location on the board (all immediately)"."""
    s = board({"A0": robot(0)}, pod_dock="A1", pod_colonists=5, **hands("Pilot", "Pilot"))
    dock = s.colony().docks()[-1]
    t, _ = play(s, 0, Play(("Pilot", "Pilot"), (f"{dock.label}{dock.direction}",)))
    assert t.saved == s.saved + 5 and t.pod_colonists == 0 and t.pod_dock == dock.space
    refused(replace(s, pod_dock=None), 0, Play(("Pilot", "Pilot"), (f"{dock.label}{dock.direction}",)))


def test_a_pilot_launch_that_carries_every_robot_with_28_saved_wins():
    """300-302: the players win with 28 evacuated and themselves off the colony, in the pod."""
    s = board({}, pod_dock="A1", pod_colonists=4, pod_robots=(0, 1, 2), saved=24, **hands("Pilot"))
    t, _ = play(s, 0, Play(("Pilot",)))
    assert t.saved == 28 and t.phase == "over"


def test_data_core_swaps_the_core_for_a_card_in_hand():
    """152: "Discard your core ability. Replace it with another card in your hand." Solo keeps two
    cores (346): the second target names the one given up."""
    s = board({"A0": robot(0)}, **hands("Data Core", "Teleport"))
    t, events = play(s, 0, Play(("Data Core",), ("Teleport",)))
    assert t.cores[0] == ("Teleport",) and t.hands[0] == () and t.discard[-2:] == ("Data Core", "Sniper")
    assert "now Teleport" in events[-1] and t.actions_left == 5
    refused(s, 0, Play(("Data Core",), ("Boost",)))  # not in hand
    refused(replace(s, hands=(("Data Core",), (), ())), 0, Play(("Data Core",), ("Data Core",)))  # itself
    solo = board({"A0": robot(0)}, hands=(("Data Core", "Boost"),), cores=(("Sniper", "Swap"),),
                 seats=("robot 1",))
    t, _ = play(solo, 0, Play(("Data Core",), ("Boost", "Swap")))
    assert t.cores[0] == ("Sniper", "Boost")
    refused(solo, 0, Play(("Data Core",), ("Boost",)))  # which core goes?


def test_plays_out_of_turn_and_window_cards_during_actions_are_refused():
    s = board({"A0": robot(0)}, **hands("Phase Shift", "Suppressant", "Boost"))
    refused(s, 1, Play(("Boost",)), NotYourTurn)
    # 172, 188: Phase Shift rerolls the die and Suppressant is played after the roll or a Setback.
    assert "after the die is rolled" in refused(s, 0, Play(("Phase Shift",)))
    assert "after the die is rolled" in refused(s, 0, Play(("Suppressant",), ("A",)))


def _mover_and_place(s):
    """An outer tile with two open edges side by side, and an edge of another tile with an empty hex
    beyond it that does not touch the mover's old place only."""
    c = s.colony()
    for tile in c.tiles:
        open_edges = set(c.exposed_edges(tile.label))
        if not any(n in open_edges and n % 6 + 1 in open_edges for n in range(1, 7)):
            continue
        for anchor in c.tiles:
            if anchor.label == tile.label:
                continue
            for direction in c.exposed_edges(anchor.label):
                beyond = step(anchor.hex, direction)
                if all(step(beyond, n) != tile.hex for n in range(1, 7)):
                    return tile.label, f"{anchor.label}{direction}", beyond
    raise AssertionError("no move found")


def test_module_control_moves_a_tile_with_two_open_edges_to_the_colony_edge():
    """166: "Move a tile with at least two contiguous open edges to any other location at the edge of
    the colony." An Event: no action."""
    base = board({"A0": robot(0)}, **hands("Module Control"))
    label, edge, beyond = _mover_and_place(base)
    on_tile = next(sp for sp in base.colony().by_label[label].space_ids())
    s = replace(base, figures={**base.figures, on_tile: COLONIST})
    t, events = play(s, 0, parse_action(f"play module-control {label} {edge}"))
    moved = t.colony()
    assert moved.by_label[label].hex == beyond and edge[0] in moved.adjacent_tiles(label)
    assert t.figures[on_tile] == COLONIST and t.actions_left == 5 and "Module Control" in events[1]
    assert moved.by_label[label].space_ids() == s.colony().by_label[label].space_ids()
    refused(s, 0, Play(("Module Control",), ("A", edge)))  # the centre has no open edge
    refused(s, 0, Play(("Module Control",), (label, f"{label}{s.colony().exposed_edges(label)[0]}")))
    inner = next(n for n in range(1, 7) if step(s.colony().by_label["A"].hex, n) in s.colony().by_hex)
    refused(s, 0, Play(("Module Control",), (label, f"A{inner}")))  # a tile is already there


def test_module_control_cuts_the_pod_loose_when_its_edge_is_covered():
    base = board({"A0": robot(0)}, **hands("Module Control"))
    label, edge, beyond = _mover_and_place(base)
    c = base.colony()
    anchor = c.by_label[edge[0]]
    dome = anchor.edges[int(edge[1]) - 1]
    assert dome is not None  # the seeded colony has a dome there to dock at
    docked = replace(base, pod_dock=f"{anchor.label}{dome}")
    t, events = play(docked, 0, Play(("Module Control",), (label, edge)))
    assert t.pod_dock is None and any("docks again" in e for e in events) and t.redock == 0
