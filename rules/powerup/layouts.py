"""``tiles:random``: a DEATHMATCH board drawn from the game's seed (the issue: "draw among passing
layouts").

A board is tile rows of face numbers, top row first, as in ``deathmatch_boards`` and ``tiles:<faces>``:
2 x 3, 3 x 3 or 3 x 4 tiles for 2, 4 or 6 seats (``data_checks.BOARD_SHAPES``), the bases at the bottom
corners (face 21 RED bottom left, face 22 BLU bottom right, rb 1870), every other place a different
tile showing one of its two faces (tile n is faces n and n + 12, rb 9), never both faces of one tile.

Random layouts pass ``GameData.board_problems`` rarely (docs/games/powerup.md: about 2% at 2 x 3, 0.2%
at 3 x 3, 0.04% at 3 x 4), so redrawing until one passes would take some 2,500 checks at 6 seats. The
draw is instead repaired: a random layout, then small random changes (turn a tile to its other face,
swap two places, put an unused tile in a place) kept when they do not add unreachable squares, until
``board_problems`` is empty; a fresh layout after a run of changes that got nowhere. Bounded: after
``MAX_CHECKS`` checks the designed board is played. Seeded by the game's seed through its own
generator (``Rng``), so the same seed gives the same board and the game's own draws are untouched.
"""

from __future__ import annotations

from rules.core.rng import Rng
from rules.powerup.data import game_data
from rules.powerup.data_checks import BASES, BOARD_SHAPES, TILES, tile_of

Layout = tuple[tuple[int, ...], ...]

SALT = 0x7105  # the board's generator differs from the game's (Rng(seed)), so the two draw apart
MAX_CHECKS = 4000  # board checks before the designed board is played (measured: see docs/performance.md)
PATIENCE = 150  # changes without progress before a fresh layout


def _places(seats: int) -> list[tuple[int, int]]:
    rows, cols = BOARD_SHAPES[seats]
    bases = {(rows - 1, 0), (rows - 1, cols - 1)}
    return [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in bases]


def _layout(seats: int, faces: list[int]) -> Layout:
    """The faces in reading order (top row first, the bases left out) with the bases at their corners."""
    rows, cols = BOARD_SHAPES[seats]
    it = iter(faces)
    out = []
    for r in range(rows):
        row = []
        for c in range(cols):
            if r == rows - 1 and c == 0:
                row.append(BASES["RED"])
            elif r == rows - 1 and c == cols - 1:
                row.append(BASES["BLU"])
            else:
                row.append(next(it))
        out.append(tuple(row))
    return tuple(out)


def _free_tiles() -> list[int]:
    """The tiles that are not a base's (tile 9 is faces 9 and 21, tile 10 faces 10 and 22)."""
    bases = {tile_of(f) for f in BASES.values()}
    return [t for t in range(1, TILES + 1) if t not in bases]


def _fresh(r: Rng, places: int) -> list[int]:
    tiles = _free_tiles()
    r.shuffle(tiles)
    return [t + TILES * r.below(2) for t in tiles[:places]]


def _badness(problems: list[str]) -> int:
    """How far a layout is from passing: each problem counts once, an unreachable-squares problem once
    per square it names (its squares are listed comma-separated). Only a guide: the final word is
    ``board_problems`` being empty."""
    return sum(p.count(", ") + 1 for p in problems)


def _change(r: Rng, faces: list[int]) -> list[int]:
    out = list(faces)
    used = {tile_of(f) for f in out}
    unused = [t for t in _free_tiles() if t not in used]
    kind = r.below(3 if unused else 2)
    i = r.below(len(out))
    if kind == 0:  # turn the tile over
        out[i] = out[i] + TILES if out[i] <= TILES else out[i] - TILES
    elif kind == 1:  # swap two places
        j = r.below(len(out) - 1)
        j += j >= i
        out[i], out[j] = out[j], out[i]
    else:  # a tile not on the board in this place
        out[i] = r.choice(unused) + TILES * r.below(2)
    return out


def draw(seed: int, seats: int) -> tuple[Layout, int]:
    """The board and how many board checks it took (``MAX_CHECKS`` or more: the designed board)."""
    data = game_data()
    if seats not in BOARD_SHAPES:
        raise ValueError(f"DEATHMATCH seats are {', '.join(map(str, sorted(BOARD_SHAPES)))}, not {seats}")
    r = Rng((seed ^ SALT) & 0xFFFFFFFFFFFFFFFF)
    places = len(_places(seats))
    checks = 0
    while checks < MAX_CHECKS:
        faces = _fresh(r, places)
        problems = data.board_problems(_layout(seats, faces), seats)
        checks += 1
        score, stale = _badness(problems), 0
        while problems and stale < PATIENCE and checks < MAX_CHECKS:
            trial = _change(r, faces)
            trial_problems = data.board_problems(_layout(seats, trial), seats)
            checks += 1
            trial_score = _badness(trial_problems)
            stale = 0 if trial_score < score else stale + 1
            if trial_score <= score:
                faces, problems, score = trial, trial_problems, trial_score
        if not problems:
            return _layout(seats, faces), checks
    return data.board(seats).faces, checks


def random_layout(seed: int, seats: int) -> Layout:
    """A playable DEATHMATCH board for ``seats`` (2, 4 or 6) drawn from ``seed``: the same seed, the same
    board; the designed board if no draw passed within ``MAX_CHECKS`` checks (not seen in testing)."""
    return draw(seed, seats)[0]
