"""The arena: 3 rows x 4 columns of squares filled with their room's pale tint, walls as thick dark
bars on every edge between squares that are not joined (joined: the same room, or a door) and along
the map's edge, doors as gaps between two brown posts, thin lines between squares of one room, each
square's name (a1 .. d3) in its top left corner, the three spawnpoints ringed in their colour with a
SPAWN badge, ammo tiles (their cubes and a powerup card; "taken" when empty) in the top right corner,
and the figures along the bottom of their square (a killed one crossed out; the seat whose turn it is
ringed gold, the private image's own figure ringed orange). Below the map, the figures not yet
spawned. On a private image the squares its seat does not see are greyed, and the squares its next
choice offers (the choices that name a square) are ringed gold.
"""

from __future__ import annotations

from dataclasses import dataclass

from render.adrenaline.common import WIDTH, chip, cubes, powerup_mark
from render.adrenaline.style import (
    DIM,
    DOOR,
    GOLD,
    LABEL,
    MUTED,
    SEEN_EDGE,
    TABLE,
    TILE,
    TILE_EDGE,
    WALL,
    ammo_colour,
    readable_on,
    room_colour,
)
from render.core import Pen, font, text_width
from rules.adrenaline.views import PlayerView, PublicView

COLUMNS, ROWS = "abcd", "123"
WALL_W = 8
PAD = 12  # the table around the map
UNSPAWNED_H = 46
KEY_W = 280  # the private image's key under the map, right-aligned


@dataclass(frozen=True)
class Frame:
    left: int
    top: int
    sq_w: int = 180
    sq_h: int = 134

    def box(self, col: int, row: int) -> tuple[int, int, int, int]:
        x, y = self.left + col * self.sq_w, self.top + row * self.sq_h
        return x, y, x + self.sq_w, y + self.sq_h


def cell(square: str) -> tuple[int, int]:
    """"c1" -> (column 2, row 0)."""
    return COLUMNS.index(square[0]), ROWS.index(square[1])


def room_at(view: PublicView, col: int, row: int) -> str:
    if 0 <= row < len(view.grid) and 0 <= col < len(view.grid[row]):
        return view.grid[row][col]
    return "."


def edge(view: PublicView, a: tuple[int, int], b: tuple[int, int]) -> str:
    """What lies between cells a and b: "none" (no square either side), "wall", "door" or "open"."""
    ra, rb = room_at(view, *a), room_at(view, *b)
    if ra == "." and rb == ".":
        return "none"
    if ra == "." or rb == ".":
        return "wall"
    if ra == rb:
        return "open"
    names = {f"{COLUMNS[a[0]]}{ROWS[a[1]]}", f"{COLUMNS[b[0]]}{ROWS[b[1]]}"}
    return "door" if any(set(d) == names for d in view.doors) else "wall"


def squares_of(view: PublicView) -> tuple[str, ...]:
    """The arena's squares by name, row by row."""
    return tuple(f"{COLUMNS[c]}{ROWS[r]}" for r in range(3) for c in range(4) if room_at(view, c, r) != ".")


def strip(view: PublicView, sees: tuple[str, ...] | None) -> bool:
    """Whether a line goes under the map: the figures not yet spawned, or a private image's key."""
    return sees is not None or any(p.square is None for p in view.players)


def strip_height(view: PublicView, sees: tuple[str, ...] | None) -> int:
    if not strip(view, sees):
        return 0
    both = sees is not None and any(p.square is None for p in view.players)
    return UNSPAWNED_H + (UNSPAWNED_H - 12 if both and _unspawned_width(view) > 4 * 180 - KEY_W else 0)


def draw_arena(pen: Pen, view: PublicView, y: int, sees: tuple[str, ...] | None = None,
               me: int | None = None, sq_h: int = 134, picks: tuple[str, ...] = ()) -> int:
    """The map from ``y`` (with the figures not yet spawned under it); returns the y below it. A
    private image passes its seat's sight, the seat, and the squares its next choice offers
    (``picks``: ringed gold)."""
    fr = Frame(left=(WIDTH - 4 * 180) // 2, top=y + PAD, sq_h=sq_h)
    height = 3 * fr.sq_h + 2 * PAD + strip_height(view, sees)
    pen.rect((fr.left - PAD, y, fr.left + 4 * fr.sq_w + PAD, y + height), fill=TABLE, radius=10)
    for row in range(3):
        for col in range(4):
            letter = room_at(view, col, row)
            if letter != ".":
                seen = sees is None or f"{COLUMNS[col]}{ROWS[row]}" in sees
                pen.rect(fr.box(col, row), fill=room_colour(letter, seen))
    _edges(pen, view, fr)
    spawns = {s.square: s.colour for s in view.spawns}
    tiles = {t.square: t for t in view.tiles}
    for row in range(3):
        for col in range(4):
            if room_at(view, col, row) == ".":
                continue
            name = f"{COLUMNS[col]}{ROWS[row]}"
            x0, y0, x1, y1 = fr.box(col, row)
            if name in picks:
                _pick(pen, (x0 + 7, y0 + 7, x1 - 7, y1 - 7))
            pen.text((x0 + 10, y0 + 18), name, font(18, True), LABEL)
            if name in spawns:
                _spawn(pen, fr.box(col, row), spawns[name])
            elif name in tiles:
                _tile(pen, x1 - 8, y0 + 7, tiles[name].cubes, tiles[name].powerup)
            _figures(pen, view, fr.box(col, row), [p for p in view.players if p.square == name], me)
    if strip(view, sees):
        _strip(pen, view, fr.left, fr.left + 4 * fr.sq_w, y + 3 * fr.sq_h + 2 * PAD, sees, me, bool(picks))
    return y + height + 10


def _edges(pen: Pen, view: PublicView, fr: Frame) -> None:
    """Thin lines inside rooms first, then the walls and doors over them."""
    edges = []
    for row in range(-1, 3):
        for col in range(-1, 4):
            if row >= 0:
                edges.append(((col, row), (col + 1, row), "v"))  # the edge right of (col, row)
            if col >= 0:
                edges.append(((col, row), (col, row + 1), "h"))  # the edge below (col, row)
    kinds = [(a, b, way, edge(view, a, b)) for a, b, way in edges]
    for _, b, way, kind in kinds:
        if kind == "open":
            x0, y0, x1, y1 = _segment(fr, b, way)
            pen.line([(x0, y0), (x1, y1)], DIM, width=2)
    half = WALL_W // 2
    for _, b, way, kind in kinds:
        if kind not in ("wall", "door"):
            continue
        x0, y0, x1, y1 = _segment(fr, b, way)
        if kind == "wall":
            pen.rect((x0 - half, y0 - half, x1 + half, y1 + half), fill=WALL)
            continue
        # A door: the wall with a gap in its middle, a post either side of the gap.
        if way == "v":
            gap0, gap1 = y0 + round(fr.sq_h * 0.3), y1 - round(fr.sq_h * 0.3)
            pen.rect((x0 - half, y0 - half, x0 + half, gap0), fill=WALL)
            pen.rect((x0 - half, gap1, x0 + half, y1 + half), fill=WALL)
            for g, d in ((gap0, -7), (gap1, 0)):
                pen.rect((x0 - half - 3, g + d, x0 + half + 3, g + d + 7), fill=DOOR)
        else:
            gap0, gap1 = x0 + round(fr.sq_w * 0.3), x1 - round(fr.sq_w * 0.3)
            pen.rect((x0 - half, y0 - half, gap0, y0 + half), fill=WALL)
            pen.rect((gap1, y0 - half, x1 + half, y0 + half), fill=WALL)
            for g, d in ((gap0, -7), (gap1, 0)):
                pen.rect((g + d, y0 - half - 3, g + d + 7, y0 + half + 3), fill=DOOR)


def _segment(fr: Frame, b: tuple[int, int], way: str) -> tuple[int, int, int, int]:
    """The edge on the left (``v``) or top (``h``) of cell ``b`` as a line's two ends."""
    x, y = fr.left + b[0] * fr.sq_w, fr.top + b[1] * fr.sq_h
    return (x, y, x, y + fr.sq_h) if way == "v" else (x, y, x + fr.sq_w, y)


def _pick(pen: Pen, box: tuple[int, int, int, int]) -> None:
    """A square the next choice offers: a gold ring edged dark, to read on every tint."""
    pen.rect(box, outline=WALL, width=7, radius=8)
    pen.rect((box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2), outline=GOLD, width=3, radius=6)


def _spawn(pen: Pen, box: tuple[int, int, int, int], colour: str) -> None:
    x0, y0, x1, y1 = box
    fill = ammo_colour(colour)
    inset = WALL_W // 2 + 2
    pen.rect((x0 + inset, y0 + inset, x1 - inset, y1 - inset), outline=fill, width=5)
    fnt = font(16, True)
    pen.rect((x1 - 84, y0 + 8, x1 - 10, y0 + 34), fill=fill, radius=6)
    pen.text((x1 - 47, y0 + 21), "SPAWN", fnt, readable_on(fill), "mm")


def _tile(pen: Pen, right: int, top: int, letters: tuple[str, ...], powerup: bool) -> None:
    """An ammo tile ending at ``right``: its cubes and a powerup card, on a white plate; an empty
    plate saying "taken" once grabbed (it is refilled at the end of the turn)."""
    if not letters:
        w = 70
        pen.rect((right - w, top, right, top + 28), outline=TILE_EDGE, width=2, radius=6)
        pen.text((right - w / 2, top + 14), "taken", font(15, True), TILE_EDGE, "mm")
        return
    w = 8 + 22 * len(letters) + (18 if powerup else 0)
    pen.rect((right - w, top, right, top + 28), fill=TILE, outline=TILE_EDGE, width=2, radius=6)
    x = cubes(pen, right - w + 5, top + 5, letters, size=19)
    if powerup:
        powerup_mark(pen, x, top + 4, 20)


def figure_spots(count: int, box: tuple[int, int, int, int]) -> list[tuple[float, float]]:
    """Where up to five figures stand in a square: one row along the bottom, two rows from five."""
    x0, y0, x1, y1 = box
    per_row = count if count <= 4 else 3
    rows = [per_row, count - per_row] if count > per_row else [count]
    step = 48
    spots = []
    bottom = y1 - 28
    for k, n in enumerate(rows):
        cy = bottom - (len(rows) - 1 - k) * 44
        start = (x0 + x1) / 2 - (n - 1) * step / 2
        spots += [(start + i * step, cy) for i in range(n)]
    return spots


def _figures(pen: Pen, view: PublicView, box, players: list[PlayerView], me: int | None) -> None:
    for p, (cx, cy) in zip(players, figure_spots(len(players), box), strict=False):
        ring = None
        if me is not None and p.seat == me:
            ring = SEEN_EDGE
        elif p.seat == view.turn and not view.over:
            ring = GOLD
        chip(pen, cx, cy, 20, p.colour, p.name, killed=p.killed, ring=ring)


def _unspawned_width(view: PublicView) -> int:
    fnt = font(17, True)
    waiting = [p for p in view.players if p.square is None]
    return text_width("NOT YET SPAWNED:", fnt) + 14 + sum(36 + text_width(p.name, fnt) + 18 for p in waiting)


def _strip(pen: Pen, view: PublicView, left: int, right: int, y: int, sees: tuple[str, ...] | None,
           me: int | None, picks: bool) -> None:
    """The figures not yet spawned, and on a private image a key to the greyed squares (on a line of
    its own when both do not fit)."""
    fnt = font(17, True)
    waiting = [p for p in view.players if p.square is None]
    if waiting:
        x = left
        x += pen.text((x, y + 20), "NOT YET SPAWNED:", fnt, MUTED) + 14
        for p in waiting:
            ring = SEEN_EDGE if me is not None and p.seat == me else None
            chip(pen, x + 15, y + 20, 15, p.colour, p.name, ring=ring)
            x += 36
            x += pen.text((x, y + 20), p.name, fnt, MUTED) + 18
        if _unspawned_width(view) > right - left - KEY_W:
            y += UNSPAWNED_H - 12
    if sees is not None:
        right -= pen.text((right, y + 20), "out of sight", fnt, MUTED, "rm") + 8
        pen.rect((right - 22, y + 10, right, y + 30), fill=room_colour("W", False), radius=4)
        right -= 36
        if picks:
            right -= pen.text((right, y + 20), "to choose", fnt, MUTED, "rm") + 8
            _pick(pen, (right - 24, y + 8, right, y + 32))
