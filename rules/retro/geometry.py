"""Squares, facings and what stands where on the Deadly Spiral (walls only round the outside, four
doors, pits; rules/retro/data.py).

"Note the walls are around the outside, and the exit points are where your Retros will enter the
board": a step off the board is a step into the wall, except through a door.
"""

from __future__ import annotations

from rules.retro.data import FACINGS, game_data
from rules.retro.state import Square, State

STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def ahead(square: Square, facing: str, n: int = 1) -> Square:
    dx, dy = STEP[facing]
    return (square[0] + dx * n, square[1] + dy * n)


def turned(facing: str, quarter_turns: int) -> str:
    """Facing after ``quarter_turns`` clockwise (negative: anticlockwise)."""
    return FACINGS[(FACINGS.index(facing) + quarter_turns) % 4]


def right_of(facing: str) -> str:
    return turned(facing, 1)


def left_of(facing: str) -> str:
    return turned(facing, -1)


def behind(facing: str) -> str:
    return turned(facing, 2)


def direction(a: Square, b: Square) -> str | None:
    """The facing from ``a`` to an orthogonally adjacent ``b``."""
    for facing, (dx, dy) in STEP.items():
        if (a[0] + dx, a[1] + dy) == b:
            return facing
    return None


def on_board(square: Square) -> bool:
    return game_data().board.on_board(square)


def door_at(square: Square, facing: str) -> int | None:
    """The door a step from ``square`` towards ``facing`` goes through, if any."""
    for index, door in enumerate(game_data().board.doors):
        if door.square == square and door.side == facing:
            return index
    return None


def outside_of(door: int) -> Square:
    """The square just outside a door, where a Retro waits to enter."""
    d = game_data().board.doors[door]
    return ahead(d.square, d.side)


def inward(door: int) -> str:
    return behind(game_data().board.doors[door].side)


def is_pit(state: State, square: Square) -> bool:
    """An open pit (a crate that fell in fills one)."""
    return square in _pits() and square not in state.filled


def _pits() -> frozenset[Square]:
    return frozenset(game_data().board.pits)


def adjacent(square: Square) -> list[Square]:
    """The four orthogonal neighbours on the board, N E S W."""
    return [s for s in (ahead(square, f) for f in FACINGS) if on_board(s)]


def clockwise_from(facing: str) -> list[str]:
    """The four directions clockwise, starting with ``facing``."""
    return [turned(facing, k) for k in range(4)]


def nearest_door(square: Square) -> int:
    """The door nearest a square (Manhattan distance to its inside square; ties: the lower door)."""
    doors = game_data().board.doors
    return min(range(len(doors)), key=lambda i: (abs(doors[i].square[0] - square[0])
                                                 + abs(doors[i].square[1] - square[1]), i))
