"""Every card play open to the player whose turn it is, as ``Play`` actions (lines 140-268).

Line numbers are those of shared/rulebooks/jupiter-rescue.txt. One enumeration feeds the menus, the
autocomplete, AI seats and self-play; it lists exactly what ``cards.play`` accepts (self-play applies
every listed action). Where several notations do the same (Module Control's place named from two
tiles' edges), one is listed. Phase Shift and Suppressant are played in the Creep windows (flow.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from rules.jupiter.actions import POD, Play
from rules.jupiter.cards import BOOST, COST, OVERRIDE, WINDOW_CARDS, _spend_cards, can_spend, solo_cards
from rules.jupiter.colony import Colony, step
from rules.jupiter.full_turn import FULL_TURN, GRENADIER, JUGGERNAUT, SWAP, card_robot, in_effect
from rules.jupiter.reach import attack_targets, robot_at
from rules.jupiter.state import COLONIST, CREEP, SUPER_CREEP, State


def _combos(state: State) -> list[tuple[str, ...]]:
    """The plays (one card or a combo) whose cards the seat holds now."""
    seat = state.current
    assert seat is not None
    held = sorted(set(state.hands[seat]) | set(state.cores[seat]))
    keys = [(c,) for c in held] + [tuple(sorted(p)) for p in combinations(held, 2)]
    keys += [(c, c) for c in held]
    out = []
    for cards in sorted(set(keys)):
        if any(c in WINDOW_CARDS for c in cards) or (OVERRIDE in cards and len(cards) == 2 and not state.solo):
            continue
        if COST.get(solo_cards(state, cards)) is not None and can_spend(state, seat, cards):
            out.append(cards)
    return out


def legal_plays(state: State) -> list[Play]:
    seat = state.current
    if state.phase != "actions" or seat is None:
        return []
    colony = state.colony()
    out: list[Play] = []
    for cards in _combos(state):
        effective = solo_cards(state, cards)
        cost = COST[effective]
        if cost > state.actions_left:
            continue
        lasting = {c for c in effective if c in FULL_TURN}
        rest = tuple(c for c in effective if c not in FULL_TURN)
        if state.actions_left == 0 and not rest:
            continue  # a Full Turn card with no action left to change
        effect = lasting | {c for c in FULL_TURN if c in state.turn_cards or in_effect(state, seat, c)}
        out += [Play(cards, t) for t in _targets(state, colony, seat, rest, effect)]
    return out


def _targets(state: State, colony: Colony, seat: int, rest: tuple[str, ...], effect: set[str]) -> Iterator[tuple[str, ...]]:
    if not rest or rest[0] == BOOST:
        yield ()
        return
    card = rest[0]
    if card == OVERRIDE:
        for other in range(len(state.seats)):
            if other != seat and state.robot_space(other) is not None:
                yield (str(other),)
    elif card in ("Sniper", "Heat Seeker"):
        if card == "Sniper":
            shot = sorted(attack_targets(state, colony, card_robot(state, seat), sniper=True))
        else:
            shot = sorted(sp for sp, fig in state.figures.items() if fig in (CREEP, SUPER_CREEP) and sp[0] in colony.by_label)
        for at in shot:
            yield (at,)
            if GRENADIER in effect and at in colony.adjacency:
                yield from ((at, b) for b in sorted(colony.neighbours(at)) if state.figures.get(b) == CREEP)
    elif card == "Teleport":
        yield from ((to,) for to in _teleport_targets(state, colony, seat, effect))
    elif card == "Pilot":
        # 176: one Pilot launches a docked pod or docks one that is away; 262: two launch and redock.
        if len(rest) == 1 and state.pod_dock is not None:
            yield ()
        elif len(rest) == 1 or state.pod_dock is not None:
            yield from ((f"{d.label}{d.direction}",) for d in colony.docks())
    elif card == "Data Core":
        spent = state.clone()
        _spend_cards(spent, seat, ("Data Core",))  # 152: "another card in your hand", not the one played
        cores = state.cores[seat]
        for new in sorted(set(spent.hands[seat])):
            if len(cores) == 2:
                yield from ((new, old) for old in sorted(set(cores)))
            else:
                yield (new,)
    elif card == "Module Control":
        yield from _module_places(colony)


def _teleport_targets(state: State, colony: Colony, seat: int, effect: set[str]) -> list[str]:
    here = robot_at(state, card_robot(state, seat))
    out = []
    for space in colony.spaces():
        fig = state.figures.get(space)
        swap = fig == COLONIST and SWAP in effect and here not in (None, POD)
        if fig is None or (fig == CREEP and JUGGERNAUT in effect) or swap:
            out.append(space)
    if state.pod_dock is not None and here != POD:
        out.append(POD)
    return sorted(out)


def _module_places(colony: Colony) -> Iterator[tuple[str, str]]:
    """Module Control (166): each tile with two open edges side by side, to each empty place at the
    edge of the colony (named by the first tile edge facing it, in spiral order)."""
    places: dict[tuple[int, int], str] = {}
    for tile in colony.tiles:
        for d in colony.exposed_edges(tile.label):
            places.setdefault(step(tile.hex, d), f"{tile.label}{d}")
    for tile in colony.tiles:
        exposed = set(colony.exposed_edges(tile.label))
        if not any(n in exposed and n % 6 + 1 in exposed for n in range(1, 7)):
            continue
        for edge in places.values():
            if edge[0] != tile.label:
                yield (tile.label, edge)
