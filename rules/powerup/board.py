"""The side-view board of a POWERUP game: its squares, what stands under and in them, which squares
touch, and what a figure can see from a square (all worked out once per layout and looked up).

Squares are ``(x, y)``: the column from the left (A = 0) and the row from the bottom (row 1 = 0);
their names are ``C4`` (the issue's notation). Each cell of a tile face (game-data.md 4.11, read by
``data_checks``) gives the floor *under* the square (``_`` solid platform, ``=`` thin platform, ``.``
none, ``A`` acid, ``K`` spikes, ``#`` block) and a feature (``.``, ``L`` ladder, ``S`` automatic stairs,
``G`` gateway, ``#`` block). So between ``(x, y)`` and ``(x, y - 1)`` lies the floor of ``(x, y)``.

Quotes: shared/rulebooks/powerup.txt ("rb N": its line N).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from rules.powerup import data_checks as checks

Square = tuple[int, int]
Layout = tuple[tuple[int, ...], ...]  # tile rows of face numbers, top row first

SOLID = checks.SOLID  # a figure never jumps or climbs up through these, and they stop sight
SUPPORTING = checks.SUPPORTING  # rb 685: "any square that has an obstacle underneath"
UP, DOWN = (0, 1), (0, -1)


def name(square: Square) -> str:
    x, y = square
    return f"{chr(ord('A') + x)}{y + 1}"


def parse_square(text: str) -> Square | None:
    text = text.strip().upper()
    if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
        return None
    return (ord(text[0]) - ord("A"), int(text[1:]) - 1)


@dataclass(frozen=True)
class Board:
    """A board's fixed geometry. Built by ``board(layout)`` (cached: one per layout)."""

    layout: Layout
    width: int
    height: int
    floor: dict[Square, str]
    feature: dict[Square, str]
    # per square, per facing (+1 right, -1 left): the rays of sight, each the squares it passes in order
    # while nothing fixed stops it (figures and covers are looked for as the game goes)
    rays: dict[tuple[Square, int], tuple[tuple[Square, ...], ...]] = field(repr=False)
    # per open square, the squares around it it touches (step_open), worked out once: asked at every look
    links: dict[Square, frozenset[Square]] = field(default_factory=dict, repr=False)
    standing: frozenset[Square] = frozenset()  # open squares with a fixed support

    # --- what is where --------------------------------------------------------------------------------
    def inside(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def blocked(self, sq: Square) -> bool:
        """A block fills the square; outside the board is a wall (rb 685: "at the edge of the board there
        is an obstacle")."""
        return not self.inside(sq) or self.floor[sq] == "#"

    def open(self, sq: Square) -> bool:
        return not self.blocked(sq)

    def supported(self, sq: Square) -> bool:
        """The square's fixed support: a floor under it, a ladder, a block below, the bottom edge (rb 685).
        Figures below (walking on heads, rb 775) are the state's business."""
        x, y = sq
        return (self.floor[sq] in SUPPORTING or self.feature[sq] == "L" or y == 0
                or self.blocked((x, y - 1)))

    def tile_of(self, sq: Square) -> tuple[int, int]:
        """The tile (column, row from the bottom) a square is on."""
        return (sq[0] // 3, sq[1] // 3)

    def face_at(self, sq: Square) -> int:
        tx, ty = self.tile_of(sq)
        return self.layout[len(self.layout) - 1 - ty][tx]

    def squares(self) -> list[Square]:
        return [(x, y) for y in range(self.height) for x in range(self.width)]

    def ladder(self, sq: Square) -> bool:
        return self.inside(sq) and self.feature[sq] == "L"

    def stairs(self, sq: Square) -> bool:
        return self.inside(sq) and self.feature[sq] == "S"

    def gateway(self, sq: Square) -> bool:
        return self.inside(sq) and self.feature[sq] == "G"

    def acid(self, sq: Square) -> bool:
        return self.inside(sq) and self.floor[sq] == "A"

    def spikes(self, sq: Square) -> bool:
        return self.inside(sq) and self.floor[sq] == "K"

    def gateways(self) -> list[Square]:
        return [sq for sq in self.squares() if self.feature[sq] == "G"]

    def base_squares(self, team: str) -> list[Square]:
        """The 9 squares of a team's base tile: RED bottom left, BLU bottom right (rb 1870)."""
        x0 = 0 if team == "RED" else self.width - 3
        return [(x, y) for y in range(3) for x in range(x0, x0 + 3)]

    def base_of(self, sq: Square) -> str | None:
        x, y = sq
        if not 0 <= y < 3 or not self.inside(sq):
            return None
        return "RED" if x < 3 else "BLU" if x >= self.width - 3 else None

    # --- moving between squares -----------------------------------------------------------------------
    def vertical_open(self, low: Square) -> bool:
        """Nothing solid between ``low`` and the square above it: no block either side, no solid floor."""
        high = (low[0], low[1] + 1)
        return self.open(low) and self.open(high) and self.floor[high] not in SOLID

    def step_open(self, a: Square, b: Square) -> bool:
        """Whether ``a`` and ``b`` touch (``touches``), looked up."""
        return b in self.links.get(a, ())

    def touches(self, a: Square, b: Square) -> bool:
        """Squares ``a`` and ``b`` (one of the 8 around ``a``) touch with no block or solid platform
        between (the issue's "adjacent"). A diagonal is open by either way round its corner."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if self.blocked(a) or self.blocked(b) or (dx, dy) == (0, 0) or abs(dx) > 1 or abs(dy) > 1:
            return False
        if dy == 0:
            return True
        if dx == 0:
            return self.vertical_open(a if dy > 0 else b)
        low, high = (a, b) if dy > 0 else (b, a)
        # round the corner: up then across, or across then up
        up_first = self.vertical_open(low) and self.open((low[0], high[1]))
        across_first = self.open((high[0], low[1])) and self.vertical_open((high[0], low[1]))
        return up_first or across_first


def _rays(b: Board, sq: Square, facing: int) -> tuple[tuple[Square, ...], ...]:
    """Sight (rb 691, rb 699): ahead, the 45-degree diagonals ahead, straight up and down, until a block
    or a solid platform (figures and covers stop it too; the state looks for them)."""
    out = []
    for dx, dy in ((facing, 0), (facing, 1), (facing, -1), UP, DOWN):
        ray: list[Square] = []
        here = sq
        while True:
            nxt = (here[0] + dx, here[1] + dy)
            if not b.step_open(here, nxt):
                break
            ray.append(nxt)
            here = nxt
        out.append(tuple(ray))
    return tuple(out)


@lru_cache(maxsize=16)
def board(layout: Layout) -> Board:
    from rules.powerup.data import game_data

    faces = game_data().face_rows()
    grid = checks.assemble(layout, faces)  # rows top to bottom
    height, width = len(grid), len(grid[0])
    floor: dict[Square, str] = {}
    feature: dict[Square, str] = {}
    for r, row in enumerate(grid):
        for x, cell in enumerate(row):
            floor[(x, height - 1 - r)] = cell[0]
            feature[(x, height - 1 - r)] = cell[1]
    b = Board(layout, width, height, floor, feature, {})
    for sq in b.squares():
        if b.open(sq):
            b.links[sq] = frozenset((sq[0] + dx, sq[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                                    if b.touches(sq, (sq[0] + dx, sq[1] + dy)))
    for sq in b.squares():
        if b.open(sq):
            for facing in (1, -1):
                b.rays[(sq, facing)] = _rays(b, sq, facing)
    object.__setattr__(b, "standing", frozenset(sq for sq in b.squares() if b.open(sq) and b.supported(sq)))
    return b

