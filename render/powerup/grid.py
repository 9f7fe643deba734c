"""The POWERUP board, side view, square by square: each square's terrain (render/powerup/terrain.py,
drawn once per look and pasted), the tiles' borders with each tile's face number in its top right
corner, column letters above and below and row numbers left and right (row 1 at the bottom: squares
are named "C4"), each square's own name faint in its top left corner, the two base tiles (DEATHMATCH: the tiles
of ``view.bases``) tinted in their team's colour with each robot's home square outlined, then what the
game put on the board (the OFF marker, shut doors, fire, covers, POWERUPs, secret tokens, coins), co-op's
primary targets and the figures (render/powerup/figures.py). While a GLITCH is in play (co-op's Hidden
Keys) the void's ring of squares around the board is drawn too, where it flies.

Tokens lie large on the floor of an empty square; where a figure stands they shrink into the top
right corner. A BUGBUSTER in the air is drawn raised off its square's floor, with speed streaks and
an "AIR" tag under it. The BUGBUSTER whose turn it is has its square framed gold; a private screen
frames its own figure orange and shows its team's secret tokens face up.
"""

from __future__ import annotations

from dataclasses import dataclass

from render.core import Pen, font
from render.powerup import figures, terrain
from render.powerup.bugs import void_cell
from render.powerup.pieces import coins, powerup, secret
from render.powerup.style import (
    AIR,
    AIR_ALT,
    BASE_TINT,
    FRAME,
    LABEL,
    ME,
    NAME,
    SUBPANEL,
    TILE_EDGE,
    team_colour,
)
from rules.powerup.board import name as square_name
from rules.powerup.board import parse_square
from rules.powerup.views import PublicView

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def on_board(fr: Frame, name: str) -> tuple[int, int] | None:
    """A square's (x, y) when ``name`` names one of the board's squares."""
    xy = parse_square(name)
    if xy is None or not (0 <= xy[0] < fr.cols and 0 <= xy[1] < fr.rows):
        return None
    return xy


@dataclass(frozen=True)
class Frame:
    """Where the board lies: its outer top left, a square's size, the label band around it, and the
    board's squares across and up; ``ring`` 1 when the void's squares around the board are drawn too (a
    GLITCH in play, rb 679)."""

    left: int
    top: int
    sq: int
    label: int
    cols: int
    rows: int
    ring: int = 0

    @property
    def ox(self) -> int:
        return self.left + self.label + self.ring * self.sq

    @property
    def oy(self) -> int:
        return self.top + self.label + self.ring * self.sq

    @property
    def width(self) -> int:
        return (self.cols + 2 * self.ring) * self.sq + 2 * self.label

    @property
    def height(self) -> int:
        return (self.rows + 2 * self.ring) * self.sq + 2 * self.label

    def holds(self, x: int, y: int) -> bool:
        """Square (x, y) is drawn: on the board, or in the void's ring when it is shown."""
        return -self.ring <= x < self.cols + self.ring and -self.ring <= y < self.rows + self.ring

    def box(self, x: int, y: int) -> tuple[int, int, int, int]:
        """Square (x, y), y counted from the bottom row."""
        left, top = self.ox + x * self.sq, self.oy + (self.rows - 1 - y) * self.sq
        return left, top, left + self.sq, top + self.sq


def frame_for(view: PublicView, width: int, top: int, max_sq: int) -> Frame:
    """The largest squares (up to ``max_sq``) that fit ``width``, the board centred in it."""
    cols, rows = max(1, view.width), max(1, view.height)
    ring = 1 if void_shown(view) else 0
    sq = max_sq
    while sq > 20 and (cols + 2 * ring) * sq + 2 * max(22, round(sq * 0.38)) > width:
        sq -= 1
    label = max(22, round(sq * 0.38))
    total = (cols + 2 * ring) * sq + 2 * label
    return Frame((width - total) // 2, top, sq, label, cols, rows, ring)


def void_shown(view: PublicView) -> bool:
    """The void's ring is drawn around the board while a GLITCH is in play or a figure lies out there."""
    return view.coop is not None and any(
        f.kind == "glitch" or not (0 <= f.x < view.width and 0 <= f.y < view.height) for f in view.figures)


def base_tiles(view: PublicView) -> dict[tuple[int, int], str]:
    """The tile (column, row of tiles) of each team's base, found by its robot's home square in
    ``view.bases`` (none in co-op)."""
    out: dict[tuple[int, int], str] = {}
    for team, home in view.bases:
        xy = parse_square(home)
        if xy is not None and team in BASE_TINT:
            out.setdefault((xy[0] // 3, xy[1] // 3), team)
    return out


def tint(view: PublicView, x: int, y: int, bases: dict[tuple[int, int], str] | None = None) -> tuple[int, int, int]:
    """A square's air: each base tile tinted in its team's colour, the other tiles alternating faintly."""
    tx, ty = x // 3, y // 3
    team = (base_tiles(view) if bases is None else bases).get((tx, ty))
    if team is not None:
        return BASE_TINT[team]
    return AIR if (tx + ty) % 2 == 0 else AIR_ALT


def draw_board(pen: Pen, view: PublicView, fr: Frame, me: str = "", known: dict[str, str] | None = None,
               start: str = "") -> int:
    """The whole board in ``fr``; returns its height. ``me``: a private screen's own figure id (framed
    orange); ``known``: square -> what its team hid there, as drawn face up ("$3"); ``start``: its
    start square."""
    if pen.dry:
        return fr.height
    if fr.ring:  # the void around the board (rb 679), where only a GLITCH flies
        for y in range(-fr.ring, fr.rows + fr.ring):
            for x in range(-fr.ring, fr.cols + fr.ring):
                if not (0 <= x < fr.cols and 0 <= y < fr.rows):
                    void_cell(pen, fr.box(x, y), x, y)
    pen.rect((fr.ox - 4, fr.oy - 4, fr.ox + fr.cols * fr.sq + 3, fr.oy + fr.rows * fr.sq + 3), fill=FRAME)
    bases = base_tiles(view)
    for c in view.cells:
        if 0 <= c.x < fr.cols and 0 <= c.y < fr.rows:
            _cell(pen, fr, c.x, c.y, c.floor, c.feature, tint(view, c.x, c.y, bases))
    _tile_edges(pen, view, fr)
    _names(pen, view, fr)
    _changes(pen, view, fr)
    standing = figures.standing(view)
    _homes(pen, view, fr, standing)
    if start:
        _outline(pen, fr, start, ME, "" if parse_square(start) in standing else "START")
    _tokens(pen, view, fr, standing, known or {})
    figures.targets(pen, view, fr)
    figures.highlights(pen, view, fr, me)
    figures.draw_figures(pen, view, fr)
    _labels(pen, fr)
    return fr.height


def _cell(pen: Pen, fr: Frame, x: int, y: int, floor: str, feature: str, fill) -> None:
    box = fr.box(x, y)
    sq = fr.sq
    pen.tile(box[:2], (sq, sq), fill, ("powerup-cell", sq, floor, feature, fill),
             lambda p: terrain.cell(p, (0, 0, sq, sq), floor, feature, fill))


def _tile_edges(pen: Pen, view: PublicView, fr: Frame) -> None:
    right, bottom = fr.ox + fr.cols * fr.sq, fr.oy + fr.rows * fr.sq
    w = max(2, fr.sq // 28)
    for k in range(3, fr.cols, 3):
        x = fr.ox + k * fr.sq
        pen.line([(x, fr.oy), (x, bottom)], TILE_EDGE, width=w)
    for k in range(3, fr.rows, 3):
        y = fr.oy + k * fr.sq
        pen.line([(fr.ox, y), (right, y)], TILE_EDGE, width=w)
    pen.rect((fr.ox - 2, fr.oy - 2, right + 1, bottom + 1), fill=None, outline=TILE_EDGE, width=w)
    fnt = font(max(10, round(fr.sq * 0.2)), True)
    h = max(14, round(fr.sq * 0.26))
    for r, row in enumerate(view.faces):
        for t, face in enumerate(row):
            x1 = fr.ox + (t + 1) * 3 * fr.sq - 1
            y0 = fr.oy + r * 3 * fr.sq + 1
            text = f"{face:02d}"
            w_tag = round(fr.sq * 0.36)
            pen.rect((x1 - w_tag, y0, x1, y0 + h), fill=SUBPANEL, outline=TILE_EDGE, width=1, radius=4)
            pen.text((x1 - w_tag / 2, y0 + h / 2), text, fnt, TILE_EDGE, "mm")


def _names(pen: Pen, view: PublicView, fr: Frame) -> None:
    fnt = font(max(9, round(fr.sq * 0.17)), True)
    pad = max(2, fr.sq // 20)
    for c in view.cells:
        if 0 <= c.x < fr.cols and 0 <= c.y < fr.rows and "#" not in (c.floor, c.feature):
            left, top, _, _ = fr.box(c.x, c.y)
            pen.text((left + pad + 1, top + pad), square_name((c.x, c.y)), fnt, NAME, "lt")


def _changes(pen: Pen, view: PublicView, fr: Frame) -> None:
    """The OFF marker, doors shut by a card, fire, covers."""
    for name in view.shut:
        xy = on_board(fr, name)
        if xy is not None:
            terrain.shut_door(pen, fr.box(*xy))
    xy = on_board(fr, view.gate_off) if view.gate_off else None
    if xy is not None:
        terrain.gate_off(pen, fr.box(*xy))
    for name in view.fire:
        xy = on_board(fr, name)
        if xy is not None:
            terrain.fire(pen, fr.box(*xy))
    for name in view.covers:
        xy = on_board(fr, name)
        if xy is not None:
            terrain.cover(pen, fr.box(*xy))


def _outline(pen: Pen, fr: Frame, name: str, colour, word: str) -> None:
    """A square outlined inside its edge with a word under its top edge (HOME, START); the word left
    out where a figure stands."""
    xy = on_board(fr, name)
    if xy is None:
        return
    x0, y0, x1, y1 = fr.box(*xy)
    inset = max(2, fr.sq // 24)
    w = max(2, fr.sq // 22)
    pen.rect((x0 + inset, y0 + inset, x1 - inset - 1, y1 - inset - 1), fill=None, outline=colour, width=w,
             radius=max(3, fr.sq // 10))
    if word:
        fnt = font(max(9, round(fr.sq * 0.16)), True)
        pen.text(((x0 + x1) / 2, y0 + inset + w + fnt.size * 0.55), word, fnt, colour, "mm")


def _homes(pen: Pen, view: PublicView, fr: Frame, standing: dict) -> None:
    for team, name in view.bases:
        _outline(pen, fr, name, team_colour(team), "" if parse_square(name) in standing else "HOME")


def secret_text(token: str) -> str:
    """What a team's own secret token shows on its screen: "coins3" -> "$3", "trap" -> "TRAP"."""
    if token.startswith("coins") and token[5:].isdigit():
        return f"${token[5:]}"
    if token.startswith("key") and len(token) == 4:  # co-op's Hidden Keys: "keyA" -> "A"
        return token[3]
    return {"trap": "TRAP", "powerup": "PWR"}.get(token, token[:4].upper())


def _tokens(pen: Pen, view: PublicView, fr: Frame, standing: dict, known: dict[str, str]) -> None:
    """POWERUPs, secret tokens and coins: large on an empty square's floor, small in the top right
    corner where a figure stands."""
    things: dict[tuple[int, int], list[tuple]] = {}
    for name, on in view.powerups:
        xy = on_board(fr, name)
        if xy is not None:
            things.setdefault(xy, []).append(("powerup", on))
    for name in sorted(set(view.secrets) | set(known)):
        xy = on_board(fr, name)
        if xy is not None:  # both teams may hide a token on one square: one marker for each
            own = [known[name]] if name in known else []
            hidden = max(0, view.secrets.count(name) - len(own))
            for value in [*own, *[""] * hidden]:
                things.setdefault(xy, []).append(("secret", value))
    for name, count in view.coins:
        xy = on_board(fr, name)
        if xy is not None and count:
            things.setdefault(xy, []).append(("coins", count))
    sq = fr.sq
    for xy in sorted(things):
        items = things[xy]
        x0, y0, x1, y1 = fr.box(*xy)
        if xy in standing:
            size = sq * 0.25
            cy = y0 + sq * 0.15
            for k, item in enumerate(items):
                _token(pen, (x1 - 3 - size / 2 - k * (size + 3), cy), size, item)
        else:
            size = sq * (0.44, 0.36, 0.28)[min(len(items), 3) - 1]
            cy = y1 - terrain.bar_height(sq) - 2 - size / 2 - sq * 0.04
            step = sq / len(items)
            for k, item in enumerate(items):
                _token(pen, (x0 + step * (k + 0.5), cy), size, item)


def _token(pen: Pen, c: tuple[float, float], size: float, item: tuple) -> None:
    kind, value = item
    if kind == "powerup":
        powerup(pen, c, size, value)
    elif kind == "secret":
        secret(pen, c, size, value)
    else:
        coins(pen, c, size, value)


def _labels(pen: Pen, fr: Frame) -> None:
    fnt = font(max(12, round(fr.sq * 0.3)), True)
    half = fr.label / 2
    for k in range(fr.cols):
        cx = fr.ox + k * fr.sq + fr.sq / 2
        pen.text((round(cx), round(fr.top + half - 2)), LETTERS[k % 26], fnt, LABEL, "mm")
        pen.text((round(cx), round(fr.top + fr.height - half + 2)), LETTERS[k % 26], fnt, LABEL, "mm")
    for k in range(fr.rows):
        cy = fr.oy + (fr.rows - 1 - k) * fr.sq + fr.sq / 2
        pen.text((round(fr.left + half - 2), round(cy)), str(k + 1), fnt, LABEL, "mm")
        pen.text((round(fr.left + fr.width - half + 2), round(cy)), str(k + 1), fnt, LABEL, "mm")

