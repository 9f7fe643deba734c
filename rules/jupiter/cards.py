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

from rules.core.errors import GameIsOver, IllegalAction, NotYourTurn
from rules.jupiter.actions import POD, Play, combo_key
from rules.jupiter.colony import Colony, step
from rules.jupiter.creeps import kill_creep
from rules.jupiter.data import game_data
from rules.jupiter.full_turn import FULL_TURN, GRENADIER, JUGGERNAUT, SWAP, card_robot, in_effect
from rules.jupiter.reach import attack_targets, robot_at
from rules.jupiter.state import COLONIST, CREEP, SUPER_CREEP, State, robot
from rules.jupiter.turn import _launch, _move_robot, actions_per_turn

BOOST = "Boost"

Result = tuple[State, list[str]]

OVERRIDE, PHASE_SHIFT, SUPPRESSANT = "Override", "Phase Shift", "Suppressant"
COST = {  # actions a play spends (a combo's figure is for both cards, lines 246-268)
    ("Boost",): -1, ("Boost", "Boost"): -2,  # 144, 246: extra actions this turn
    ("Heat Seeker",): 3, ("Heat Seeker", "Heat Seeker"): 1,  # 158, 256
    ("Teleport",): 3, ("Teleport", "Teleport"): 1,  # 194, 268
    ("Pilot",): 0, ("Pilot", "Pilot"): 0, ("Data Core",): 0, ("Module Control",): 0,  # Events (216)
    ("Sniper",): 1,  # 184: a Single Action card: the one attack it extends
    # Full Turn cards (228) cost nothing to play: they change the actions that follow (full_turn.py).
    **{(card,): 0 for card in (*FULL_TURN, OVERRIDE)},
    ("Bullhorn", "Follower"): 0, ("Grenadier", "Juggernaut"): 0,  # 248, 252
    ("Juggernaut", "Rocket Boots"): 0, ("Rocket Boots", "Swap"): 0,  # 260, 264: the move costs 1
    ("Grenadier", "Heat Seeker"): 3, ("Grenadier", "Sniper"): 1,  # 250, 254
    ("Juggernaut", "Teleport"): 3, ("Swap", "Teleport"): 3,  # 258, 266
}
PLAYABLE = tuple(COST)
WINDOW_CARDS = (PHASE_SHIFT, SUPPRESSANT)  # played after the roll or a Setback (windows.py), not here


def solo_cards(state: State, cards: tuple[str, ...]) -> tuple[str, ...]:
    """346: "In solo play, the Override card is treated as another Boost card"."""
    return combo_key(tuple(BOOST if c == OVERRIDE else c for c in cards)) if state.solo else cards


def _once_per_turn(state: State, card: str) -> bool:
    card = solo_cards(state, (card,))[0]
    return next(c.core for c in game_data().rescue_deck if c.name == card) == "once_per_turn"


def _spend_cards(s: State, seat: int, cards: tuple[str, ...]) -> list[str]:
    """Take the played cards from the seat's unused Once Per Turn cores first, then its hand; the
    hand's copies go to the discard pile. Returns where each came from, for the event."""
    hand = list(s.hands[seat])
    used = list(s.core_used)
    sources = []
    for card in cards:
        if card == OVERRIDE and card in s.cores[seat] and not s.solo:
            sources.append("core")  # an Every Action core (234): played each time, never spent
        elif card in s.cores[seat] and _once_per_turn(s, card) and card not in used:
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


def can_spend(state: State, seat: int, cards: tuple[str, ...]) -> bool:
    """Does the seat hold these cards to play now (hand, or Once Per Turn cores unused this turn)?"""
    try:
        _spend_cards(state.clone(), seat, cards)
    except IllegalAction:
        return False
    return True


def play_cost(state: State, cards: tuple[str, ...]) -> int | None:
    """Actions the play spends now, or None when these cards are not played in the action phase."""
    return COST.get(solo_cards(state, cards))


def play(state: State, seat: int, action: Play) -> Result:
    """Play one card or a combo (see the module's text), with its targets."""
    if state.phase == "over":
        raise GameIsOver("the game is over")
    if state.phase != "actions" or state.current != seat:
        raise NotYourTurn("cards are played on your own turn, during your actions (lines 140, 240)")
    cards, targets = action.cards, action.targets
    if any(c in WINDOW_CARDS for c in cards):
        raise IllegalAction(f"{' + '.join(cards)} is played after the die is rolled or a Setback drawn (line 188)")
    if OVERRIDE in cards and len(cards) == 2 and not state.solo:
        raise IllegalAction("Override forms no combo (lines 246-268)")
    cost = play_cost(state, cards)
    if cost is None:
        raise IllegalAction(f"{' + '.join(cards)} is not a combo (lines 246-268)")
    if cost > state.actions_left:
        raise IllegalAction(f"{' + '.join(cards)} costs {cost} actions; you have {state.actions_left} left")
    colony = state.colony()
    s = state.clone()
    before = actions_per_turn(state, colony)
    # The cards are spent first (on the copy: a refusal below leaves ``state`` as it was), so that Data
    # Core sees the hand without itself.
    sources = _spend_cards(s, seat, cards)
    events = _effect(state, s, colony, seat, solo_cards(state, cards), targets)
    s.actions_left = s.actions_left - cost + actions_per_turn(s, colony) - before
    named = " + ".join(f"{c} ({src})" if src == "core" else c for c, src in zip(cards, sources, strict=True))
    return s, [f"Robot {seat + 1} plays {named}.", *events]


def _effect(state: State, s: State, colony: Colony, seat: int, cards: tuple[str, ...],
            targets: tuple[str, ...]) -> list[str]:
    """A Full Turn card in the play is in effect for the rest of the turn (228), whatever it is played
    with; the other card, if any, then acts with it in effect (a combo, docs "Readings")."""
    events: list[str] = []
    lasting = tuple(c for c in cards if c in FULL_TURN)
    if lasting:
        s.turn_cards = s.turn_cards + tuple(c for c in lasting if c not in s.turn_cards)
        events.append(f"{' and '.join(lasting)} in effect for the rest of the turn.")
    rest = tuple(c for c in cards if c not in FULL_TURN)
    if not rest:
        if targets:
            raise IllegalAction(f"{' + '.join(cards)} takes no target")
        return events
    card = rest[0]
    if card == OVERRIDE:
        return events + _override(state, s, seat, targets)
    if card == "Boost":
        if targets:
            raise IllegalAction(f"{' + '.join(cards)} takes no target" + (" (Override is a Boost in solo play, line 346)"
                                                                         if state.solo else ""))
        return events + [f"{len(rest)} extra action{'s' if len(rest) > 1 else ''} this turn."]
    if card in ("Sniper", "Heat Seeker"):
        return events + _shoot(state, s, colony, seat, card, targets)
    if card == "Teleport":
        return events + _teleport(state, s, colony, seat, targets)
    if card == "Pilot":
        return events + _pilot(state, s, colony, rest, targets)
    if card == "Data Core":
        return events + _data_core(state, s, seat, targets)
    if card == "Module Control":
        return events + _module_control(state, s, colony, targets)
    raise AssertionError(card)


def _override(state: State, s: State, seat: int, targets: tuple[str, ...]) -> list[str]:
    """170: "use your core ability and your other cards through ... another player's Robot, at its
    current position on the board", for the rest of the turn (Full Turn)."""
    (target,) = _targets(targets, 1, "Override names the robot your cards act through, like play override 2")
    other = int(target)
    if other == seat or not 0 <= other < len(state.seats):
        raise IllegalAction("Override acts through another player's robot")
    if state.robot_space(other) is None:
        raise IllegalAction(f"Robot {other + 1} is not on the board (line 170: \"at its current position\")")
    s.override = other
    return [f"Robot {seat + 1}'s cards act through Robot {other + 1} for the rest of the turn (Override)."]


def _shoot(state: State, s: State, colony: Colony, seat: int, card: str, targets: tuple[str, ...]) -> list[str]:
    """Sniper (184): a Creep on the tile of the robot the cards act through, or an adjacent tile;
    Heat Seeker (158): a Creep anywhere. With Grenadier in effect a second target, a Creep adjacent to
    the first, dies too (156; the combos 250 and 254)."""
    if not 1 <= len(targets) <= 2:
        raise IllegalAction(f"{card} needs the Creep's space (and with Grenadier, a second next to it)")
    at = targets[0]
    if card == "Sniper":
        if at not in attack_targets(state, colony, card_robot(state, seat), sniper=True):
            raise IllegalAction(f"no Creep on {at.lower()} on your tile or an adjacent one (line 184)")
    elif state.figures.get(at) not in (CREEP, SUPER_CREEP) or at[0] not in colony.by_label:
        raise IllegalAction(f"no Creep on {at.lower()} (line 158: a Creep anywhere on the board)")
    events = [f"The {kill_creep(s, at)} on {at} is killed ({card})."]
    if len(targets) == 2:
        also = targets[1]
        if GRENADIER not in s.turn_cards and not in_effect(state, seat, GRENADIER):
            raise IllegalAction("a second target needs Grenadier in effect (lines 156, 250, 254)")
        if at not in colony.adjacency or also not in colony.neighbours(at) or state.figures.get(also) != CREEP:
            raise IllegalAction(f"no Creep on {also.lower()} next to {at.lower()} (line 156)")
        events.append(f"The Creep on {also} dies too (Grenadier).")
        kill_creep(s, also)
    return events


def _teleport(state: State, s: State, colony: Colony, seat: int, targets: tuple[str, ...]) -> list[str]:
    """194: "Move to any open space" (or aboard the docked pod); with Juggernaut in effect onto any
    Creep, killing it (258); with Swap onto any Colonist, who takes the space you left (266)."""
    (to,) = _targets(targets, 1, "Teleport needs the space to move to")
    mover = card_robot(state, seat)
    effect = set(s.turn_cards) | {c for c in FULL_TURN if in_effect(state, seat, c)}
    here = robot_at(state, mover)
    fig = state.figures.get(to)
    who = f"Robot {mover + 1}"
    if to == POD:
        if state.pod_dock is None:
            raise IllegalAction("the pod is not docked")
        if here == POD:
            raise IllegalAction("your robot is already aboard the pod")
        _move_robot(s, mover, to)
        return [f"{who} teleports onto the pod."]
    if to not in colony.spaces():
        raise IllegalAction(f"{to.lower()} is not a space of the colony")
    if fig == CREEP and JUGGERNAUT in effect:
        kill_creep(s, to)
        _move_robot(s, mover, to)
        return [f"{who} teleports onto the Creep on {to} and crushes it (Juggernaut)."]
    if fig == COLONIST and SWAP in effect:
        if here is None or here == POD:
            raise IllegalAction("from the pod there is no space to swap a Colonist into (docs, Readings)")
        s.figures[here] = COLONIST
        s.figures[to] = robot(mover)
        return [f"{who} teleports to {to}; its Colonist takes {here} (Swap)."]
    if fig is not None:
        raise IllegalAction(f"{to.lower()} is not an open space (line 194: \"any open space\")")
    _move_robot(s, mover, to)
    return [f"{who} teleports to {to}."]


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
    s.pod_dock, s.pod_launched, s.redock = dock, False, None
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
        s.pod_dock, s.redock = None, s.current
        events.append("The pod's dock is no longer on the edge: it docks again at the start of this player's next turn.")
    if not moved.is_connected():
        events.append("The colony is now in separate sections (line 128).")
    return events
