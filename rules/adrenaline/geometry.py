"""An arena's geometry, worked out once per map: moves, walking distance, sight and straight lines.

Rules it encodes (the seed, "What can you see?" and "Some general principles"):
- A move goes to an orthogonally adjacent square of the same room or through a door; every other
  edge is a wall (the reference §4: "no source has a wall inside a room").
- "N moves away" is walking distance (through doors, never walls).
- "You can see any player in the same room as you. If your square has a door, you can also see any
  player on any square in the room on the other side of the door." Sight is not symmetric.
- "One / same / cardinal direction" is a straight row or column through doors, never walls, except
  the Railgun, which "ignores walls" and includes your own square (``beam``).

The reference's visibility table is checked against the sight computed here when a map is loaded.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache

from rules.adrenaline.data import COLUMNS, ROWS, ArenaMap, DataError, game_data

DIRECTIONS = ("n", "e", "s", "w")
_DELTA = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
DIRECTION_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}


def _rc(square: str) -> tuple[int, int]:
    return ROWS.index(square[1]), COLUMNS.index(square[0])


def _name(row: int, col: int) -> str:
    return f"{COLUMNS[col]}{ROWS[row]}"


@dataclass(frozen=True)
class Geometry:
    map: ArenaMap
    squares: tuple[str, ...]
    room_of: dict[str, str]
    rooms: dict[str, tuple[str, ...]]  # room letter -> its squares
    steps: dict[str, dict[str, str]]  # square -> direction -> the square one move that way (walls block)
    distance: dict[str, dict[str, int]]  # walking distance between any two squares
    seen_rooms: dict[str, frozenset[str]]
    seen: dict[str, frozenset[str]]  # square -> the squares seen from it
    doors: frozenset[frozenset[str]]

    def neighbours(self, square: str) -> tuple[str, ...]:
        return tuple(self.steps[square].values())

    def within(self, square: str, moves: int) -> tuple[str, ...]:
        """Squares at most ``moves`` moves away (the square itself included), in board order."""
        d = self.distance[square]
        return tuple(s for s in self.squares if d[s] <= moves)

    def exactly(self, square: str, moves: int) -> tuple[str, ...]:
        d = self.distance[square]
        return tuple(s for s in self.squares if d[s] == moves)

    def reachable(self, square: str, moves: int) -> tuple[str, ...]:
        """Where 0..``moves`` moves may end. Back to the start is possible with 2 moves and a
        neighbour, so it is included whenever ``moves`` is not 1 — or 0."""
        d = self.distance[square]
        return tuple(s for s in self.squares if d[s] <= moves and (s != square or moves != 1))

    def line(self, square: str, direction: str, length: int = 3) -> tuple[str, ...]:
        """The squares 1..``length`` moves away in one straight direction, stopping at a wall."""
        out, here = [], square
        for _ in range(length):
            here = self.steps[here].get(direction)
            if here is None:
                break
            out.append(here)
        return tuple(out)

    def beam(self, square: str, direction: str) -> tuple[str, ...]:
        """The Railgun's line: your square and every square beyond it that way, walls ignored."""
        row, col = _rc(square)
        dr, dc = _DELTA[direction]
        out = [square]
        while 0 <= row + dr < 3 and 0 <= col + dc < 4:
            row, col = row + dr, col + dc
            if self.map.grid[row][col] != ".":
                out.append(_name(row, col))
        return tuple(out)

    def sees(self, viewer_square: str, target_square: str) -> bool:
        return target_square in self.seen[viewer_square]


def _build(arena: ArenaMap) -> Geometry:
    squares = arena.squares
    room_of = {s: arena.room(s) for s in squares}
    rooms: dict[str, list[str]] = {}
    for s in squares:
        rooms.setdefault(room_of[s], []).append(s)
    doors = frozenset(frozenset(d) for d in arena.doors)
    steps: dict[str, dict[str, str]] = {}
    for s in squares:
        row, col = _rc(s)
        steps[s] = {}
        for d, (dr, dc) in _DELTA.items():
            r, c = row + dr, col + dc
            if 0 <= r < 3 and 0 <= c < 4 and arena.grid[r][c] != ".":
                other = _name(r, c)
                if room_of[other] == room_of[s] or frozenset((s, other)) in doors:
                    steps[s][d] = other
    distance = {s: _bfs(s, steps) for s in squares}
    for s in squares:
        if len(distance[s]) != len(squares):
            raise DataError(f"adrenaline.json: {arena.id}: {s} cannot reach every square (the map is not connected)")
    seen_rooms = {}
    for s in squares:
        seen_rooms[s] = frozenset({room_of[s]} | {room_of[o] for o in steps[s].values() if room_of[o] != room_of[s]})
    seen = {s: frozenset(o for o in squares if room_of[o] in seen_rooms[s]) for s in squares}
    for s in squares:  # the reference's table, derived independently, must agree
        if seen_rooms[s] != frozenset(arena.sight[s]):
            raise DataError(f"adrenaline.json: {arena.id}: {s} sees rooms {''.join(sorted(seen_rooms[s]))}, "
                            f"the visibility table says {arena.sight[s]}")
    return Geometry(arena, squares, room_of, {k: tuple(v) for k, v in rooms.items()}, steps, distance,
                    seen_rooms, seen, doors)


def _bfs(start: str, steps: dict[str, dict[str, str]]) -> dict[str, int]:
    dist, queue = {start: 0}, deque([start])
    while queue:
        here = queue.popleft()
        for there in steps[here].values():
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


@cache
def geometry(map_id: str) -> Geometry:
    return _build(game_data().arena(map_id))
