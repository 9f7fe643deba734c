"""Where a robot can reach: pure queries over a State and its Colony, for the engine's legality checks.

Line numbers are those of shared/rulebooks/jupiter-rescue.txt. The docked Evacuation Pod is the space
``POD`` (line 70: "treated as a single space"), adjacent only to the dome it is docked at; for ranges
its tile counts as adjacent to the docked tile (docs, "Readings"). Undocked, it touches nothing.
Figures on a destroyed tile are ignored: the tile is gone from the colony (line 126).
"""

from __future__ import annotations

from rules.jupiter.actions import POD
from rules.jupiter.colony import Colony
from rules.jupiter.state import COLONIST, CREEP, SUPER_CREEP, State, robot_seat

POD_COLONISTS = 7  # 70: "it can hold up to 7 Colonists and any number of player Robots"


def robot_at(state: State, seat: int) -> str | None:
    """The robot's space, ``POD`` when aboard, None when neither (not placed, or the pod is away)."""
    space = state.robot_space(seat)
    if space is not None:
        return space
    return POD if seat in state.pod_robots else None


def _tile(colony: Colony, space: str) -> str | None:
    """The tile letter of a space or facility still in the colony; ``POD`` for the pod."""
    if space == POD:
        return POD
    label = space[0]
    return label if label in colony.by_label else None


def _open(state: State, colony: Colony, space: str) -> bool:
    # 68: "Only one figure may occupy each space".
    return space in colony.adjacency and space not in state.figures


def _docked(state: State, colony: Colony) -> str | None:
    dock = state.pod_dock
    return dock if dock is not None and not state.pod_launched and dock in colony.adjacency else None


def move_targets(state: State, colony: Colony, seat: int) -> frozenset[str]:
    """Spaces the seat's robot may reach with one Move action (line 52: "move yourself one space").

    64: only along a bridge; 68: one figure per space, so an occupied space is closed, and one space per
    action means a move never passes through a figure. 70: the pod takes any number of Robots and its
    passengers block nobody, so it is open from its dock space and its dock space is open from it
    whenever that dome is empty."""
    here = robot_at(state, seat)
    dock = _docked(state, colony)
    if here == POD:
        return frozenset({dock}) if dock is not None and _open(state, colony, dock) else frozenset()
    if here is None or here not in colony.adjacency:
        return frozenset()
    out = {s for s in colony.neighbours(here) if _open(state, colony, s)}
    if dock == here:
        out.add(POD)
    return frozenset(out)


def colonist_steps(state: State, colony: Colony, space: str) -> frozenset[str]:
    """Where the Colonist at ``space`` (or in the pod) may be commanded one space (lines 54, 94: like a
    Robot's move). 70, 92: the pod takes a Colonist while it holds fewer than seven."""
    dock = _docked(state, colony)
    if space == POD:
        ok = state.pod_colonists > 0 and dock is not None and _open(state, colony, dock)
        return frozenset({dock}) if ok and dock is not None else frozenset()
    if state.figures.get(space) != COLONIST or space not in colony.adjacency:
        return frozenset()
    out = {s for s in colony.neighbours(space) if _open(state, colony, s)}
    if dock == space and state.pod_colonists < POD_COLONISTS:
        out.add(POD)
    return frozenset(out)


def _near_tiles(state: State, colony: Colony, tile: str) -> frozenset[str]:
    """A tile and the tiles sharing an edge with it (bridged or not, colony.adjacent_tiles); the pod
    and the tile it is docked at count as adjacent."""
    dock = _docked(state, colony)
    dock_tile = dock[0] if dock is not None else None
    if tile == POD:
        return frozenset({POD} | ({dock_tile} if dock_tile else set()))
    out = {tile, *colony.adjacent_tiles(tile)}
    if tile == dock_tile:
        out.add(POD)
    return frozenset(out)


def command_tiles(state: State, colony: Colony, seat: int, everywhere: bool = False) -> frozenset[str]:
    """The seat's Command Range: 54: "on the same tile as your Robot or is on an adjacent tile"; 90: "the
    tile he or she is on and any adjacent tile(s)". Tile letters, and ``POD`` when the pod is in range.
    ``everywhere``: Bullhorn, 146: "Extend your Command Range over the entire colony" (the pod too when
    docked; a Robot off the colony commands nothing)."""
    here = robot_at(state, seat)
    tile = None if here is None else _tile(colony, here)
    if tile is None:
        return frozenset()
    if everywhere:
        return frozenset(colony.by_label) | ({POD} if _docked(state, colony) else frozenset())
    return _near_tiles(state, colony, tile)


def command_targets(state: State, colony: Colony, seat: int, everywhere: bool = False) -> dict[str, frozenset[str]]:
    """Colonist space (or ``POD``) -> where one Command action may move it. 90: a Colonist moved out of
    range "is stuck until a player moves close enough", so only the Colonist's own place must be in range."""
    tiles = command_tiles(state, colony, seat, everywhere)
    sources = [s for s, fig in state.figures.items() if fig == COLONIST and _tile(colony, s) in tiles]
    if POD in tiles and state.pod_colonists:
        sources.append(POD)
    out = {s: colonist_steps(state, colony, s) for s in sources}
    return {s: to for s, to in sorted(out.items()) if to}


def attack_targets(state: State, colony: Colony, seat: int, sniper: bool = False) -> frozenset[str]:
    """Spaces of the Creeps the seat's robot may shoot. 54, 84: "a Creep that is on the same tile ... even
    when not adjacent", not one on another tile "unless he or she has the Sniper core ability"; 184:
    Sniper reaches "any Creep on the same tile as your Robot, or any adjacent tile". Super Creeps on a
    facility of those tiles count too (docs, "Readings"). From the pod only Sniper reaches the docked tile."""
    here = robot_at(state, seat)
    tile = None if here is None else _tile(colony, here)
    if tile is None:
        return frozenset()
    tiles = _near_tiles(state, colony, tile) if sniper else frozenset({tile})
    return frozenset(
        s for s, fig in state.figures.items() if fig in (CREEP, SUPER_CREEP) and _tile(colony, s) in tiles
    )


def trade_partners(state: State, colony: Colony, seat: int, everywhere: bool = False) -> frozenset[int]:
    """56, 98: another player "whose Robot is on the same tile as your Robot or is on an adjacent tile"
    (98: "within their Command Range": Bullhorn's ``everywhere`` reaches them all)."""
    tiles = command_tiles(state, colony, seat, everywhere)
    out = {robot_seat(fig) for s, fig in state.figures.items() if _tile(colony, s) in tiles}
    if POD in tiles:
        out |= set(state.pod_robots)
    out.discard(None)
    out.discard(seat)
    return frozenset(x for x in out if x is not None)
