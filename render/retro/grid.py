"""The Deadly Spiral drawn square by square: the floor of four 6 x 6 tiles (a faint seam where they
meet), column letters A-L above and below and row numbers 1-12 left and right (players name squares
"C4": column C, row 4), the outer wall with the four doors as gaps (red bars while Jammed Doors hold
them shut), each door's name outside it, open pits, patched pits, crates, and every Bot; around the
walls a ring where Retros (and Rogues coming in) wait outside their door.

Drawn only through the pen, in a fixed order: ring and floor, grid, seams, pits, walls and doors,
labels, the highlighted Retro, crates, Rogues, Retros, stunned badges.
"""

from __future__ import annotations

from dataclasses import dataclass

from render.core import Pen, font
from render.retro.pieces import crate, patched, pit, retro, rogue, zz
from render.retro.style import (
    DANGER,
    DOOR,
    FLOOR,
    FLOOR_ALT,
    GRID,
    HALO,
    LABEL,
    RING,
    SEAM,
    WALL,
)
from rules.retro.views import BotView, PublicView

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Frame:
    """Where the board lies: its outer top left, the size of a square, of the ring outside the walls,
    of the label band outside the ring, the wall's thickness, and the board's squares across/down."""

    left: int
    top: int
    sq: int
    ring: int
    label: int
    wall: int
    cols: int = 12
    rows: int = 12

    @property
    def ox(self) -> int:  # the floor's left edge
        return self.left + self.label + self.ring

    @property
    def oy(self) -> int:
        return self.top + self.label + self.ring

    @property
    def width(self) -> int:
        return self.cols * self.sq + 2 * (self.ring + self.label)

    @property
    def height(self) -> int:
        return self.rows * self.sq + 2 * (self.ring + self.label)

    def _axis(self, v: int, origin: int, count: int) -> float:
        if v < 0:
            return origin - (self.ring + self.wall) / 2
        if v >= count:
            return origin + count * self.sq + (self.ring + self.wall) / 2
        return origin + v * self.sq + self.sq / 2

    def centre(self, x: int, y: int) -> tuple[float, float]:
        """The centre of square (x, y); outside the board (-1 or 12), the middle of the ring there."""
        return self._axis(x, self.ox, self.cols), self._axis(y, self.oy, self.rows)

    def box(self, x: int, y: int) -> tuple[int, int, int, int]:
        left, top = self.ox + x * self.sq, self.oy + y * self.sq
        return left, top, left + self.sq, top + self.sq


def frame_for(view: PublicView, left: int, top: int, sq: int) -> Frame:
    return Frame(left, top, sq, ring=round(sq * 0.96), label=round(sq * 0.42), wall=max(4, round(sq * 0.15)),
                 cols=view.width, rows=view.height)


def draw_grid(pen: Pen, view: PublicView, fr: Frame, highlight: int | None = None) -> int:
    """The whole board in ``fr``; returns its height."""
    if pen.dry:
        return fr.height
    _floor(pen, view, fr)
    for x, y in view.pits:
        pit(pen, fr.box(x, y))
    for x, y in view.filled:
        patched(pen, fr.box(x, y))
    _walls(pen, view, fr)
    _labels(pen, fr)
    r = round(fr.sq * 0.4)
    if highlight is not None:
        for bot in view.bots:
            if bot.seat == highlight:
                pen.circle(fr.centre(bot.x, bot.y), round(fr.sq * 0.49), fill=None, outline=HALO,
                           width=max(3, fr.sq // 14))
    order = sorted(view.bots, key=lambda b: (b.seat is not None, b.kind != "crate"))
    at = _places(fr, order)
    for bot in order:
        _bot(pen, at[bot.id], bot, r, fr.sq)
    for bot in order:
        if bot.stunned:
            cx, cy = at[bot.id]
            size = max(12, round(fr.sq * 0.34))
            zz(pen, cx + fr.sq / 2 - size * 0.75 - 1, cy - fr.sq / 2 + size / 2, size)
    return fr.height


def _floor(pen: Pen, view: PublicView, fr: Frame) -> None:
    pen.rect((fr.left + fr.label, fr.top + fr.label, fr.left + fr.width - fr.label - 1,
              fr.top + fr.height - fr.label - 1), fill=RING, radius=max(4, fr.sq // 5))
    half_x, half_y = view.width // 2, view.height // 2
    for tx, ty in ((0, 0), (1, 0), (0, 1), (1, 1)):
        x0, y0 = fr.ox + tx * half_x * fr.sq, fr.oy + ty * half_y * fr.sq
        fill = FLOOR if (tx + ty) % 2 == 0 else FLOOR_ALT
        pen.rect((x0, y0, x0 + half_x * fr.sq - 1, y0 + half_y * fr.sq - 1), fill=fill)
    w = max(1, fr.sq // 26)
    right, bottom = fr.ox + view.width * fr.sq, fr.oy + view.height * fr.sq
    for k in range(1, view.width):
        if k != half_x:
            pen.line([(fr.ox + k * fr.sq, fr.oy), (fr.ox + k * fr.sq, bottom)], GRID, width=w)
    for k in range(1, view.height):
        if k != half_y:
            pen.line([(fr.ox, fr.oy + k * fr.sq), (right, fr.oy + k * fr.sq)], GRID, width=w)
    seam = max(2, fr.sq // 13)
    pen.line([(fr.ox + half_x * fr.sq, fr.oy), (fr.ox + half_x * fr.sq, bottom)], SEAM, width=seam)
    pen.line([(fr.ox, fr.oy + half_y * fr.sq), (right, fr.oy + half_y * fr.sq)], SEAM, width=seam)


def _walls(pen: Pen, view: PublicView, fr: Frame) -> None:
    """The outer wall, a gap at each door with its posts and name (red bars: Jammed Doors)."""
    w, sq = fr.wall, fr.sq
    x0, y0 = fr.ox, fr.oy
    x1, y1 = fr.ox + view.width * sq, fr.oy + view.height * sq
    gaps: dict[str, set[int]] = {"N": set(), "S": set(), "W": set(), "E": set()}
    for door in view.doors:
        gaps.setdefault(door.side, set()).add(door.x if door.side in "NS" else door.y)
    for side in "NSWE":
        count = view.width if side in "NS" else view.height
        k = 0
        while k < count:
            if k in gaps[side]:
                k += 1
                continue
            start = k
            while k < count and k not in gaps[side]:
                k += 1
            a, b = start * sq, k * sq
            # Runs reaching a corner carry on through it.
            a -= w if start == 0 else 0
            b += w if k == count else 0
            if side == "N":
                pen.rect((x0 + a, y0 - w, x0 + b - 1, y0 - 1), fill=WALL)
            elif side == "S":
                pen.rect((x0 + a, y1, x0 + b - 1, y1 + w - 1), fill=WALL)
            elif side == "W":
                pen.rect((x0 - w, y0 + a, x0 - 1, y0 + b - 1), fill=WALL)
            else:
                pen.rect((x1, y0 + a, x1 + w - 1, y0 + b - 1), fill=WALL)
    post = max(3, w // 2 + 1)
    name_font = font(max(11, round(sq * 0.25)), True)
    for door in view.doors:
        left, top, right, bottom = fr.box(door.x, door.y)
        if door.side == "N":
            posts = [(left, y0 - w - 3, left + post, y0 - 1), (right - post, y0 - w - 3, right, y0 - 1)]
            bar = (left, y0 - w, right, y0 - 1)
        elif door.side == "S":
            posts = [(left, y1, left + post, y1 + w + 3), (right - post, y1, right, y1 + w + 3)]
            bar = (left, y1, right, y1 + w - 1)
        elif door.side == "W":
            posts = [(x0 - w - 3, top, x0 - 1, top + post), (x0 - w - 3, bottom - post, x0 - 1, bottom)]
            bar = (x0 - w, top, x0 - 1, bottom)
        else:
            posts = [(x1, top, x1 + w + 3, top + post), (x1, bottom - post, x1 + w + 3, bottom)]
            bar = (x1, top, x1 + w - 1, bottom)
        if view.jammed:
            pen.rect(bar, fill=DANGER)
        for p in posts:
            pen.rect(p, fill=DOOR)
        cx, cy = fr.centre(*_outside(door.x, door.y, door.side))
        name = door.name.upper()
        if door.side in "NS":
            pen.text((round(cx + sq / 2 + 4), round(cy)), name, name_font, DOOR, "lm")
        else:
            pen.text((round(cx), round(cy + sq / 2 + name_font.size * 0.7)), name, name_font, DOOR, "mm")


def _outside(x: int, y: int, side: str) -> tuple[int, int]:
    dx, dy = {"N": (0, -1), "S": (0, 1), "W": (-1, 0), "E": (1, 0)}[side]
    return x + dx, y + dy


def _labels(pen: Pen, fr: Frame) -> None:
    fnt = font(max(11, round(fr.sq * 0.36)), True)
    half = fr.label / 2
    for k in range(fr.cols):
        cx = fr.ox + k * fr.sq + fr.sq / 2
        pen.text((round(cx), round(fr.top + half)), LETTERS[k], fnt, LABEL, "mm")
        pen.text((round(cx), round(fr.top + fr.height - half)), LETTERS[k], fnt, LABEL, "mm")
    for k in range(fr.rows):
        cy = fr.oy + k * fr.sq + fr.sq / 2
        pen.text((round(fr.left + half), round(cy)), str(k + 1), fnt, LABEL, "mm")
        pen.text((round(fr.left + fr.width - half), round(cy)), str(k + 1), fnt, LABEL, "mm")


def _places(fr: Frame, bots: list[BotView]) -> dict[str, tuple[float, float]]:
    """Where each figure is drawn: its square's centre; figures waiting outside the same door (a
    Retro and a Surplus Rogue) side by side along the wall."""
    sharing: dict[tuple[int, int], list[str]] = {}
    for bot in bots:
        sharing.setdefault((bot.x, bot.y), []).append(bot.id)
    out = {}
    for (x, y), ids in sharing.items():
        cx, cy = fr.centre(x, y)
        along_x = y < 0 or y >= fr.rows  # the ring above or below the board runs left to right
        for k, ident in enumerate(ids):
            shift = (k - (len(ids) - 1) / 2) * fr.sq * 0.9 if len(ids) > 1 else 0.0
            out[ident] = (cx + shift, cy) if along_x else (cx, cy + shift)
    return out


def _bot(pen: Pen, c: tuple[float, float], bot: BotView, r: int, sq: int) -> None:
    cx, cy = c
    c = (cx, cy + sq * 0.1) if bot.stunned else (cx, cy)  # lying down, under its "zz"
    if bot.kind == "crate":
        crate(pen, c, r)
    elif bot.seat is not None:
        retro(pen, c, r, bot.seat, bot.facing, bot.stunned, nano=bot.kind == "nanobot", label=bot.label)
    else:
        rogue(pen, c, r, bot.kind, bot.label, bot.facing, bot.stunned)
