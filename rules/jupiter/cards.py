"""Rescue cards that act on their own when played (lines 140-268), not those that change other actions.

Line numbers are those of shared/rulebooks/jupiter-rescue.txt. ``play(state, seat, Play)`` clones the
State and returns ``(new_state, events)``; a refusal raises a one-line RulesError and changes nothing.
This slice plays Boost, Heat Seeker, Teleport, Pilot, Data Core and Sniper, the combos of a card with
itself (Boost + Boost, Heat Seeker + Heat Seeker, Teleport + Teleport, Pilot + Pilot, lines 246-268),
and puts the Full Turn cards Bullhorn, Follower, Grenadier, Juggernaut and Swap (and the combos
Bullhorn + Follower, Grenadier + Juggernaut) in effect for the turn (``State.turn_cards``; what they
change is full_turn.py's). Override, Rocket Boots, Module Control, Phase Shift, Suppressant and the
other combos come next.

Where a played card comes from (lines 140, 232-236): a card the seat holds as its core ability with
the core scope "Once Per Turn" is used from the core while it has not been used this turn
(``State.core_used``), and kept; otherwise a copy from the hand is used and discarded. The core comes
first because it refreshes every turn: spending it never costs the player a card (docs, "Readings").
Event cards cost no action; Heat Seeker and Teleport cost 3 (lines 158, 194), their combos 1 (256,
268); Boost gives one action back (144), Boost + Boost two (246).
"""

from __future__ import annotations

from dataclasses import replace

from rules.core.errors import IllegalAction
from rules.jupiter.actions import POD, Play
from rules.jupiter.colony import Colony, step
from rules.jupiter.creeps import kill_creep
from rules.jupiter.data import game_data
from rules.jupiter.full_turn import FULL_TURN
from rules.jupiter.reach import attack_targets
from rules.jupiter.state import CREEP, SUPER_CREEP, State
from rules.jupiter.turn import _check_turn, _launch, _move_robot, actions_per_turn

Result = tuple[State, list[str]]

COST = {  # actions a play spends
    ("Boost",): -1, ("Boost", "Boost"): -2,  # 144, 246: extra actions this turn
    ("Heat Seeker",): 3, ("Heat Seeker", "Heat Seeker"): 1,  # 158, 256
    ("Teleport",): 3, ("Teleport", "Teleport"): 1,  # 194, 268
    ("Pilot",): 0, ("Pilot", "Pilot"): 0, ("Data Core",): 0, ("Module Control",): 0,  # Events (216)
    ("Sniper",): 1,  # 184: a Single Action card: the one attack it extends
    # Full Turn cards (228) cost nothing to play: they change the actions that follow (full_turn.py).
    **{(card,): 0 for card in FULL_TURN},
    ("Bullhorn", "Follower"): 0, ("Grenadier", "Juggernaut"): 0,  # 248, 252
}
PLAYABLE = tuple(COST)


def _once_per_turn(card: str) -> bool:
    return next(c.core for c in game_data().rescue_deck if c.name == card) == "once_per_turn"


def _spend_cards(s: State, seat: int, cards: tuple[str, ...]) -> list[str]:
    """Take the played cards from the seat's unused Once Per Turn cores first, then its hand; the
    hand's copies go to the discard pile. Returns where each came from, for the event."""
    hand = list(s.hands[seat])
    used = list(s.core_used)
    sources = []
    for card in cards:
        if card in s.cores[seat] and _once_per_turn(card) and card not in used:
            used.append(card)
            sources.append("core")
        elif card in hand:
            hand.remove(card)
            s.discard = s.discard + (card,)
            sources.append("hand")
        else:
            raise IllegalAction(f"you have no {card} to play (hand, or a core ability unused this turn)")
    hands = list(s.hands)
    hands[seat] = tuple(hand)
    s.hands, s.core_used = tuple(hands), tuple(used)
    return sources


def play(state: State, seat: int, action: Play) -> Result:
    """Play one card or a combo (see the module's text), with its targets."""
    _check_turn(state, seat)
    cards, targets = action.cards, action.targets
    if cards not in COST:
        raise IllegalAction(f"{' + '.join(cards)} is not playable on its own yet")
    cost = COST[cards]
    if cost > state.actions_left:
        raise IllegalAction(f"{' + '.join(cards)} costs {cost} actions; you have {state.actions_left} left")
    colony = state.colony()
    s = state.clone()
    before = actions_per_turn(state, colony)
    # The cards are spent first (on the copy: a refusal below leaves ``state`` as it was), so that Data
    # Core sees the hand without itself.
    sources = _spend_cards(s, seat, cards)
    events = _effect(state, s, colony, seat, cards, targets)
    s.actions_left = s.actions_left - cost + actions_per_turn(s, colony) - before
    named = " + ".join(f"{c} ({src})" if src == "core" else c for c, src in zip(cards, sources, strict=True))
    return s, [f"Robot {seat + 1} plays {named}.", *events]


def _effect(state: State, s: State, colony: Colony, seat: int, cards: tuple[str, ...],
            targets: tuple[str, ...]) -> list[str]:
    card = cards[0]
    if all(c in FULL_TURN for c in cards):
        s.turn_cards = s.turn_cards + tuple(c for c in cards if c not in s.turn_cards)
        return [f"{' and '.join(cards)} in effect for the rest of the turn."]
    if card == "Sniper":
        (at,) = _targets(targets, 1, "Sniper needs the Creep's space")
        if at not in attack_targets(state, colony, seat, sniper=True):
            raise IllegalAction(f"no Creep on {at.lower()} on your tile or an adjacent one (line 184)")
        return [f"Robot {seat + 1} snipes the {kill_creep(s, at)} on {at}."]
    if card == "Boost":
        return [f"{len(cards)} extra action{'s' if len(cards) > 1 else ''} this turn."]
    if card == "Heat Seeker":
        (at,) = _targets(targets, 1, "Heat Seeker needs the Creep's space")
        fig = state.figures.get(at)
        if fig not in (CREEP, SUPER_CREEP) or at[0] not in colony.by_label:
            raise IllegalAction(f"no Creep on {at.lower()} (line 158: a Creep anywhere on the board)")
        return [f"The {kill_creep(s, at)} on {at} is killed."]
    if card == "Teleport":
        (to,) = _targets(targets, 1, "Teleport needs the open space to move to")
        if to == POD:
            if state.pod_dock is None:
                raise IllegalAction("the pod is not docked")
            if seat in state.pod_robots:
                raise IllegalAction("your robot is already aboard the pod")
        elif to not in colony.spaces() or to in state.figures:
            raise IllegalAction(f"{to.lower()} is not an open space (line 194: \"any open space\")")
        _move_robot(s, seat, to)
        return [f"Robot {seat + 1} teleports {'onto the pod' if to == POD else 'to ' + to}."]
    if card == "Pilot":
        return _pilot(state, s, colony, cards, targets)
    if card == "Data Core":
        return _data_core(state, s, seat, targets)
    if card == "Module Control":
        return _module_control(state, s, colony, targets)
    raise AssertionError(card)


def _targets(targets: tuple[str, ...], count: int, need: str) -> tuple[str, ...]:
    if len(targets) != count:
        raise IllegalAction(need)
    return targets


def _pilot(state: State, s: State, colony: Colony, cards: tuple[str, ...], targets: tuple[str, ...]) -> list[str]:
    """176: "Immediately launch or dock the Evacuation Pod"; 262 (Pilot + Pilot): launch, empty the
    Colonists aboard into the saved pile, "and redock the pod to any valid location" at once."""
    events: list[str] = []
    if len(cards) == 2 or state.pod_dock is not None:
        if state.pod_dock is None:
            raise IllegalAction("the pod is not docked: play one Pilot to dock it")
        if len(cards) == 1 and targets:
            raise IllegalAction("the pod is docked: a Pilot launches it (no edge)")
        _launch(s, events)
        if s.phase == "over" or len(cards) == 1:
            return events
    dock = _dock(s, colony, targets)
    s.pod_dock, s.pod_launched = dock, False
    aboard = ", ".join(f"Robot {x + 1}" for x in s.pod_robots)
    return [*events, f"The pod docks at {dock}" + (f" with {aboard} aboard." if aboard else ".")]


def _dock(s: State, colony: Colony, targets: tuple[str, ...]) -> str:
    (edge,) = _targets(targets, 1, "name the edge to dock at, like l2")
    for dock in colony.docks():
        if f"{dock.label}{dock.direction}" == edge:
            return dock.space
    raise IllegalAction(f"{edge.lower()} is not an exposed edge with a dome (line 40)")


def _data_core(state: State, s: State, seat: int, targets: tuple[str, ...]) -> list[str]:
    """152: "Discard your core ability. Replace it with another card in your hand." In solo play (two
    cores, 346) the second target names the core given up."""
    cores = s.cores[seat]
    if len(targets) != len(cores):
        raise IllegalAction("Data Core names the new core" + (" and the core you give up" if len(cores) == 2 else ""))
    new = targets[0]
    old = targets[1] if len(targets) == 2 else cores[0]
    if old not in cores:
        raise IllegalAction(f"{old} is not one of your core abilities")
    if new not in s.hands[seat]:
        raise IllegalAction(f"you hold no other {new} in your hand to make your core (line 152)")
    hand = list(s.hands[seat])
    hand.remove(new)
    kept = list(cores)
    kept[kept.index(old)] = new
    hands, all_cores = list(s.hands), list(s.cores)
    hands[seat], all_cores[seat] = tuple(hand), tuple(kept)
    s.hands, s.cores, s.discard = tuple(hands), tuple(all_cores), s.discard + (old,)
    s.core_used = tuple(c for c in s.core_used if c != old or c in kept)
    return [f"Robot {seat + 1}'s core ability is now {new} ({old} discarded)."]


def _module_control(state: State, s: State, colony: Colony, targets: tuple[str, ...]) -> list[str]:
    """166: "Move a tile with at least two contiguous open edges to any other location at the edge of
    the colony." Targets: the tile, and an edge of another tile (``l2``) whose empty hex it moves to.
    The tile keeps its letter, side and turn, and everything on it (docs, "Readings"); a pod docked at
    an edge that is no longer exposed afterwards is cut loose, as when a tile self-destructs."""
    label, edge = _targets(targets, 2, "Module Control names the tile and the edge it moves against, like c l2")
    if label not in colony.by_label:
        raise IllegalAction(f"there is no tile {label.lower()} in the colony")
    exposed = set(colony.exposed_edges(label))
    if not any(n in exposed and n % 6 + 1 in exposed for n in range(1, 7)):
        raise IllegalAction(f"tile {label.lower()} has no two open edges side by side (line 166)")
    anchor, direction = edge[0], int(edge[1])
    if anchor == label or anchor not in colony.by_label:
        raise IllegalAction(f"{edge.lower()} is not an edge of another tile in the colony")
    target = step(colony.by_label[anchor].hex, direction)
    if target in colony.by_hex:
        raise IllegalAction(f"the place beyond {edge.lower()} is taken by a tile")
    s.tiles = tuple(replace(t, hex=target) if t.label == label else t for t in s.tiles)
    events = [f"Module Control: tile {label} moves beyond {edge}."]
    moved = s.colony()
    if s.pod_dock is not None and s.pod_dock not in {d.space for d in moved.docks()}:
        s.pod_dock = None
        events.append("The pod's dock is no longer on the edge: it must dock again.")
    if not moved.is_connected():
        events.append("The colony is now in separate sections (line 128).")
    return events
