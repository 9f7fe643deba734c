"""The colony's geometry: where the 19 tiles go, which tiles and spaces touch, where the pod may dock.

Hexes are pointy-top, in axial coordinates ``(q, r)``. Directions are numbered like the ring domes of
a tile (data.py), clockwise from the top right: 1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW. Ring dome n of a
placed tile sits just inside its edge facing direction n, so it is the dome that touches the tile
(if any) in direction n.

Notation: a space is its tile's label and its position, ``"C3"``: tile C, dome 3 (SE); ``"C0"`` is
C's hub, the numbered space. Labels are letters given in spiral order at setup (A the centre, B-G the
first ring, H-U the outer ring, skipping I and O, which read as 1 and 0 on a board image), and a
label stays with its tile. Positions are board directions, after the tile's rotation, so "3" is
always the bottom-right dome.

Cross-tile rule (house design, game-data.md §2.3): when two tiles share an edge, the dome on one side
of that edge is bridged to the dome on the other side, provided both are spaces; a Power Plant or
Command Dish on that edge leaves the two tiles without a link there.

Connectivity (design intent): each printed side is connected (data.py), so the colony is one island
unless Power Plants and Command Dishes, which block the link across their edge, cut a tile off. With
every tile at rotation 0 the blocked links all run NE-SW, and a radius-2 hexagon stays connected
through its E-W and NW-SE links alone, so it is always one island. With random rotations about 1 deal
in 200 cuts an outer tile off (0.5% of a seeded sample of 20,000 deals); the pod could still dock there.
The setup (later, in the engine) should deal again until ``Colony.is_connected()``, so every game
starts as one colony and islands only come from destroyed tiles (line 128).

Everything here is pure: immutable values in, immutable values out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from rules.jupiter.data import HUB, INTERIOR_TILES, RING, TILES_IN_PLAY, JupiterData, Side, game_data

Hex = tuple[int, int]
CENTRE: Hex = (0, 0)
# Axial steps of directions 1-6 (NE, E, SE, SW, W, NW), index n-1.
STEPS: tuple[Hex, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))

# Line 32: "Place 19 of the 20 Colony Module tiles in a spiral order from the center (Diagram A)".
# Diagram A is lost; our spiral: the centre, then the first ring clockwise from the top right (NE),
# then the outer ring clockwise from the top (12 o'clock). Each tile touches the one before it.
SPIRAL: tuple[Hex, ...] = (
    (0, 0),
    (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1),
    (1, -2), (2, -2), (2, -1), (2, 0), (1, 1), (0, 2), (-1, 2), (-2, 2), (-2, 1), (-2, 0), (-1, -1), (0, -2),
)
LABELS = "ABCDEFGHJKLMNPQRSTU"  # by spiral position; no I or O
# Line 34: "the interior seven tiles": the centre and the first ring.
INTERIOR: frozenset[Hex] = frozenset(SPIRAL[:INTERIOR_TILES])


class PlacementError(ValueError):
    pass


def step(h: Hex, direction: int) -> Hex:
    dq, dr = STEPS[direction - 1]
    return (h[0] + dq, h[1] + dr)


def opposite(direction: int) -> int:
    return (direction + 2) % 6 + 1


def hex_distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(position: int, rotation: int) -> int:
    """Where a tile's own position lands on the board once the tile is turned ``rotation`` sixths clockwise."""
    return position if position == HUB else (position - 1 + rotation) % 6 + 1


def space_id(label: str, position: int) -> str:
    return f"{label}{position}"


def parse_space(text: str) -> tuple[str, int]:
    """``"C3"`` -> ``("C", 3)``; ValueError on anything else."""
    text = text.strip().upper()
    if len(text) != 2 or text[0] not in LABELS or not text[1].isdigit() or int(text[1]) > 6:
        raise ValueError(f"{text!r} is not a space: a tile letter and a position 0-6, like C3")
    return text[0], int(text[1])


@dataclass(frozen=True, slots=True)
class TilePick:
    """What the caller's seeded deal puts at one spiral position."""

    tile: str  # tile id in the data, "T01"-"T20"
    side: Side
    rotation: int = 0  # sixths of a turn clockwise; line 76: "Rotation and side up should not be adjusted"


@dataclass(frozen=True, slots=True)
class PlacedTile:
    label: str
    hex: Hex
    tile: str
    module: int
    side: Side
    rotation: int
    spaces: frozenset[int]  # board positions
    bridges: frozenset[tuple[int, int]]  # board positions, (low, high)
    edges: tuple[int | None, ...]  # index n-1: the space on the edge facing direction n
    facility: str | None  # "power_plant" / "command_dish": a feature, not a space (line 34)
    facility_at: int | None  # its board position

    def space_ids(self) -> tuple[str, ...]:
        return tuple(space_id(self.label, p) for p in sorted(self.spaces))


def place_tile(data: JupiterData, pick: TilePick, label: str, at: Hex) -> PlacedTile:
    tile = data.tile(pick.tile)
    pattern = data.patterns[tile.pattern(pick.side)]
    rot = pick.rotation
    edges: list[int | None] = [None] * 6
    for n, space in zip(RING, pattern.edges, strict=True):
        edges[rotate(n, rot) - 1] = None if space is None else rotate(space, rot)
    return PlacedTile(
        label=label, hex=at, tile=tile.id, module=tile.module, side=pick.side, rotation=rot,
        spaces=frozenset(rotate(p, rot) for p in pattern.spaces),
        bridges=frozenset(tuple(sorted((rotate(a, rot), rotate(b, rot)))) for a, b in pattern.bridges),
        edges=tuple(edges), facility=tile.facility,
        facility_at=None if pattern.facility_at is None else rotate(pattern.facility_at, rot),
    )


def place(picks: Sequence[TilePick], data: JupiterData | None = None) -> tuple[PlacedTile, ...]:
    """Lay the 19 picks on the spiral, in order (setup steps 3-4, lines 32-33)."""
    data = data or game_data()
    if len(picks) != TILES_IN_PLAY:
        raise PlacementError(f"{len(picks)} tiles; the colony is {TILES_IN_PLAY} of the 20 (line 32)")
    ids = [p.tile for p in picks]
    if len(set(ids)) != len(ids):
        raise PlacementError("a tile is placed twice")
    known = {t.id for t in data.tiles}
    for p in picks:
        if p.tile not in known:
            raise PlacementError(f"unknown tile {p.tile!r}")
        if p.side not in ("easy", "hard") or p.rotation not in range(6):
            raise PlacementError(f"tile {p.tile}: side easy/hard and rotation 0-5")
    return tuple(place_tile(data, p, LABELS[i], SPIRAL[i]) for i, p in enumerate(picks))


@dataclass(frozen=True, slots=True)
class Dock:
    """A place the Evacuation Pod may dock: an exposed edge with a dome on it (line 40, Diagram C)."""

    label: str
    direction: int
    space: str


@dataclass(frozen=True)
class Colony:
    tiles: tuple[PlacedTile, ...]
    by_label: Mapping[str, PlacedTile]
    by_hex: Mapping[Hex, PlacedTile]
    adjacency: Mapping[str, frozenset[str]]  # space -> spaces one bridge away

    def spaces(self) -> tuple[str, ...]:
        return tuple(s for t in self.tiles for s in t.space_ids())

    def neighbours(self, space: str) -> frozenset[str]:
        return self.adjacency[space]

    def tile_of(self, space: str) -> PlacedTile:
        return self.by_label[parse_space(space)[0]]

    def adjacent_tiles(self, label: str) -> tuple[str, ...]:
        """Tiles sharing an edge with this one, bridged or not (Command and Trade range, lines 54-56)."""
        h = self.by_label[label].hex
        return tuple(self.by_hex[step(h, n)].label for n in RING if step(h, n) in self.by_hex)

    def exposed_edges(self, label: str) -> tuple[int, ...]:
        h = self.by_label[label].hex
        return tuple(n for n in RING if step(h, n) not in self.by_hex)

    def is_edge_tile(self, label: str) -> bool:
        """Line 108: invasion hits a tile "that is on the edge of the colony": one with an exposed edge."""
        return bool(self.exposed_edges(label))

    def edge_spaces(self, label: str) -> tuple[str, ...]:
        """Line 114 and Diagram E: the spaces on the tile's exposed edges, where invading Creeps must go."""
        t = self.by_label[label]
        return tuple(space_id(label, t.edges[n - 1]) for n in self.exposed_edges(label) if t.edges[n - 1] is not None)

    def docks(self) -> tuple[Dock, ...]:
        """Line 40: "Any exposed edge of the colony is a valid docking location" (with a dome to board)."""
        out = []
        for t in self.tiles:
            for n in self.exposed_edges(t.label):
                if t.edges[n - 1] is not None:
                    out.append(Dock(t.label, n, space_id(t.label, t.edges[n - 1])))
        return tuple(out)

    def interior(self) -> tuple[str, ...]:
        """The tiles on the interior seven hexes (line 34)."""
        return tuple(t.label for t in self.tiles if t.hex in INTERIOR)

    def starting_colonists(self) -> int:
        """Line 34: a Colonist on every space of the interior seven tiles (42-49, line 310)."""
        return sum(len(self.by_label[label].spaces) for label in self.interior())

    def is_connected(self) -> bool:
        return len(self.components()) <= 1

    def components(self) -> tuple[frozenset[str], ...]:
        """The islands of spaces joined by bridges (line 128), largest first."""
        seen: set[str] = set()
        out = []
        for start in self.spaces():
            if start in seen:
                continue
            island, todo = set(), [start]
            while todo:
                s = todo.pop()
                if s not in island:
                    island.add(s)
                    todo.extend(self.adjacency[s] - island)
            seen |= island
            out.append(frozenset(island))
        return tuple(sorted(out, key=len, reverse=True))


def build_colony(tiles: Iterable[PlacedTile]) -> Colony:
    """The space graph of the tiles as they lie: bridges on each tile plus the links across shared edges."""
    tiles = tuple(tiles)
    by_hex = {t.hex: t for t in tiles}
    if len(by_hex) != len(tiles) or len({t.label for t in tiles}) != len(tiles):
        raise PlacementError("two tiles on one hex, or two tiles with one label")
    links: dict[str, set[str]] = {s: set() for t in tiles for s in t.space_ids()}
    for t in tiles:
        for a, b in t.bridges:
            links[space_id(t.label, a)].add(space_id(t.label, b))
            links[space_id(t.label, b)].add(space_id(t.label, a))
        for n in RING:
            other = by_hex.get(step(t.hex, n))
            mine, theirs = t.edges[n - 1], other.edges[opposite(n) - 1] if other else None
            if other is not None and mine is not None and theirs is not None:
                links[space_id(t.label, mine)].add(space_id(other.label, theirs))
    return Colony(
        tiles=tiles,
        by_label=MappingProxyType({t.label: t for t in tiles}),
        by_hex=MappingProxyType(by_hex),
        adjacency=MappingProxyType({s: frozenset(v) for s, v in links.items()}),
    )


def colony_from_placement(picks: Sequence[TilePick], data: JupiterData | None = None) -> Colony:
    return build_colony(place(picks, data))
