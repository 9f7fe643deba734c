"""Retro Bots vs Rogues figures and tokens drawn at a given size. Each has its own shape as well as its
colour: a Retro is a disc in its seat's colour with its number (a Nanobot a smaller one), a Rogue a
rounded square in its type's colour with its label (the Bossbot ringed gold, the Minionbot silver),
each with a white arrow sticking out the way it faces. A stunned figure lies down: flattened, greyed,
with a "zz" badge; its arrow still shows the way it will stand up facing. A crate is a braced wooden
box, a pit a black hole in a rusty rim, a pit a crate fell into a patch of planks."""

from __future__ import annotations

from math import cos, pi, radians, sin

from render.core import Pen, fit_font, font
from render.retro.common import instruction_class
from render.retro.style import (
    ARROW_EDGE,
    CLASS_FILL,
    CLASS_STRIPE,
    CRATE,
    CRATE_EDGE,
    DIM,
    GOLD,
    PATCH,
    PIT,
    PIT_MID,
    PIT_RIM,
    RETRO_EDGE,
    ROGUE_EDGE,
    SILVER,
    STUN,
    SUBPANEL,
    WALL,
    greyed,
    readable_on,
    retro_colour,
    rogue_colour,
)

Point = tuple[float, float]


def _pt(x: float, y: float) -> tuple[int, int]:
    return round(x), round(y)


ROTATE = {"N": lambda x, y: (x, y), "E": lambda x, y: (-y, x), "S": lambda x, y: (-x, -y),
          "W": lambda x, y: (y, -x)}
NOSE = 1.22  # the tip of a figure's nose, in radii from the square's centre


def _disc(r: float, grow: float, back: float, nose: bool, tip: float) -> list[tuple[float, float]]:
    """A disc (facing north: its nose up, ``tip`` px out), ``back`` px behind the centre, grown by
    ``grow``."""
    radius = r + grow
    if not nose:
        return [(radius * sin(2 * pi * k / 32), back - radius * cos(2 * pi * k / 32)) for k in range(32)]
    points = [(0.0, -tip - grow * 1.4)]
    for k in range(29):
        angle = radians(42 + (360 - 84) * k / 28)
        points.append((radius * sin(angle), back - radius * cos(angle)))
    return points


def _square(h: float, grow: float, back: float, nose: bool, tip: float) -> list[tuple[float, float]]:
    """A rounded square of half-side ``h`` (facing north: its nose up), grown by ``grow``."""
    h += grow
    corner = h * 0.32
    top, bottom = back - h, back + h
    points: list[tuple[float, float]] = []
    if nose:
        points += [(0.0, -tip - grow * 1.4), (h * 0.56, top)]
    for cx, cy, start in ((h - corner, top + corner, -90), (h - corner, bottom - corner, 0),
                          (-h + corner, bottom - corner, 90), (-h + corner, top + corner, 180)):
        for k in range(4):
            angle = radians(start + 30 * k)
            points.append((cx + corner * cos(angle), cy + corner * sin(angle)))
    if nose:
        points.append((-h * 0.56, top))
    return points


def _place(points: list[tuple[float, float]], c: Point, facing: str | None, flat: bool) -> list[tuple[int, int]]:
    """Local points (nose up) turned to ``facing`` and moved to ``c``; squashed when lying down."""
    turn = ROTATE.get(facing or "N", ROTATE["N"])
    out = []
    for x, y in points:
        x, y = turn(x, y)
        out.append(_pt(c[0] + x, c[1] + (y * 0.62 if flat else y)))
    return out


def _figure(pen: Pen, c: Point, layers: list[tuple[list[tuple[float, float]], tuple[int, int, int]]],
            facing: str | None, flat: bool) -> None:
    for points, colour in layers:
        pen.polygon(_place(points, c, facing, flat), colour)


def _label_at(c: Point, facing: str | None, back: float, flat: bool) -> tuple[int, int]:
    x, y = ROTATE.get(facing or "N", ROTATE["N"])(0, back)
    return _pt(c[0] + x, c[1] + (y * 0.62 if flat else y))


def zz(pen: Pen, x: float, y: float, size: int) -> None:
    """The stunned badge, its centre at (x, y)."""
    w, h = round(size * 1.5), size
    box = (round(x - w / 2), round(y - h / 2), round(x - w / 2) + w, round(y - h / 2) + h)
    pen.rect(box, fill=ARROW_EDGE, outline=STUN, width=2, radius=h // 2)
    pen.text((round(x), round(y)), "zz", font(max(10, round(size * 0.72)), True), STUN, "mm")


def retro(pen: Pen, c: Point, r: int, seat: int, facing: str | None, stunned: bool, nano: bool = False,
          label: str | None = None) -> None:
    """Retro seat+1: a disc with its number and a nose the way it faces (a Nanobot's disc smaller);
    lying down, greyed, when stunned."""
    nose = facing is not None
    body = r * (0.6 if nano else 0.78)
    back = r * 0.12 if nose else 0.0
    colour, edge = retro_colour(seat), RETRO_EDGE
    if stunned:
        colour, edge = greyed(colour), greyed(edge)
    w = max(2.0, r / 9)
    tip = NOSE * r  # whatever the disc's size
    layers = [(_disc(body, w, back, nose, tip), edge), (_disc(body, 0, back, nose, tip), colour)]
    _figure(pen, c, layers, facing, stunned)
    text = label if label is not None else str(seat + 1)
    size = max(11, round(body * (0.95 if stunned else 1.15)))
    pen.text(_label_at(c, facing, back, stunned), text, font(size, True), readable_on(colour), "mm")


def rogue(pen: Pen, c: Point, r: int, kind: str, label: str, facing: str | None, stunned: bool) -> None:
    """A Rogue: a rounded square in its type's colour with its label and a nose the way it faces; the
    Boss ringed gold, the Minion silver; lying down, greyed, when stunned."""
    nose = facing is not None
    colour, edge = rogue_colour(kind), ROGUE_EDGE
    ring = GOLD if kind == "bossbot" else SILVER if kind == "minionbot" else None
    if stunned:
        colour = greyed(colour)
        ring = greyed(ring) if ring is not None else None
    h = r * 0.74
    back = r * 0.14 if nose else 0.0
    tip = NOSE * r
    layers = []
    if ring is not None:
        layers.append((_square(h, max(4.0, r / 5) + 2, back, nose, tip), ring))
    layers += [(_square(h, 2, back, nose, tip), edge), (_square(h, 0, back, nose, tip), colour)]
    _figure(pen, c, layers, facing, stunned)
    fnt = fit_font(label, round(r * 0.86), True, round(2 * h - 3), 10)
    pen.text(_label_at(c, facing, back, stunned), label, fnt, readable_on(colour), "mm")


def crate(pen: Pen, c: Point, r: int) -> None:
    """A wooden box: a frame and one diagonal brace."""
    x, y = round(c[0]), round(c[1])
    half = round(r * 0.82)
    w = max(2, r // 7)
    pen.rect((x - half, y - half, x + half, y + half), fill=CRATE, outline=CRATE_EDGE, width=w, radius=2)
    inset = half - round(r * 0.28)
    pen.rect((x - inset, y - inset, x + inset, y + inset), fill=None, outline=CRATE_EDGE, width=max(1, w - 1))
    pen.line([(x - inset, y + inset), (x + inset, y - inset)], CRATE_EDGE, width=w)


def pit(pen: Pen, box: tuple[int, int, int, int]) -> None:
    """An open pit: a black hole in a rusty rim."""
    x0, y0, x1, y1 = box
    size = x1 - x0
    inset = max(2, size // 12)
    pen.rect((x0 + inset, y0 + inset, x1 - inset, y1 - inset), fill=PIT_RIM, radius=max(3, size // 6))
    inset += max(2, size // 12)
    pen.rect((x0 + inset, y0 + inset, x1 - inset, y1 - inset), fill=PIT_MID, radius=max(3, size // 7))
    inset += max(2, size // 10)
    pen.rect((x0 + inset, y0 + inset, x1 - inset, y1 - inset), fill=PIT, radius=max(3, size // 8))


def patched(pen: Pen, box: tuple[int, int, int, int]) -> None:
    """A pit a crate fell into: floor again, a patch of planks in the rusty rim."""
    x0, y0, x1, y1 = box
    size = x1 - x0
    inset = max(2, size // 12)
    pen.rect((x0 + inset, y0 + inset, x1 - inset, y1 - inset), fill=PATCH, outline=PIT_RIM, width=max(2, size // 16),
             radius=max(3, size // 6))
    for k in (1, 2):
        yy = y0 + round(size * k / 3)
        pen.line([(x0 + 2 * inset, yy), (x1 - 2 * inset, yy)], CRATE_EDGE, width=max(1, size // 20))


def pry_bar(pen: Pen, x: float, y: float, size: int) -> int:
    """A crowbar icon in a ``size`` box from (x, y); returns its width."""
    w = max(3, size // 6)
    pen.line([(x + size * 0.2, y + size * 0.9), (x + size * 0.75, y + size * 0.2)], WALL, width=w)
    pen.line([(x + size * 0.75, y + size * 0.2), (x + size * 0.95, y + size * 0.28)], WALL, width=w)
    pen.line([(x + size * 0.2, y + size * 0.9), (x + size * 0.05, y + size * 0.8)], WALL, width=w)
    return size


def retro_chip(pen: Pen, x: float, y: float, size: int, seat: int) -> int:
    """Retro seat+1's disc with no arrow, its top left at (x, y); returns its width."""
    r = size // 2
    retro(pen, (x + r, y + r), r, seat, None, False)
    return size


def rogue_chip(pen: Pen, x: float, y: float, size: int, kind: str, label: str) -> int:
    r = round(size / 2 / 0.86)
    rogue(pen, (x + size / 2, y + size / 2), r, kind, label, None, False)
    return size


def instruction_tile(pen: Pen, x: int, y: int, w: int, h: int, notation: str) -> None:
    """An instruction counter: its code on the class's colour, the class's stripes along the bottom."""
    cls = instruction_class(notation)
    fill, stripe = CLASS_FILL[cls], CLASS_STRIPE[cls]
    pen.rect((x, y, x + w, y + h), fill=fill, outline=ROGUE_EDGE, width=2, radius=6)
    band = max(5, h // 6)
    top = y + h - band - 3
    step = band + 2
    for k, left in enumerate(range(x + 6, x + w - 6, step)):
        if k % 2 == 0:
            pen.rect((left, top, min(left + step - 1, x + w - 6), top + band - 1), fill=stripe)
    text_colour = readable_on(fill)
    fnt = fit_font(notation, round(h * 0.42), True, w - 10, 10)
    pen.text((x + w / 2, y + (h - band) / 2), notation, fnt, text_colour, "mm")


def empty_slot(pen: Pen, x: int, y: int, w: int, h: int, text: str = "") -> None:
    """A dashed slot: a place in the program with nothing in it (yet, or hidden)."""
    pen.rect((x, y, x + w, y + h), fill=SUBPANEL, radius=6)
    for k in range(0, w - 8, 12):
        pen.line([(x + 4 + k, y), (x + min(w - 4, 10 + k), y)], DIM, width=2)
        pen.line([(x + 4 + k, y + h), (x + min(w - 4, 10 + k), y + h)], DIM, width=2)
    for k in range(0, h - 8, 12):
        pen.line([(x, y + 4 + k), (x, y + min(h - 4, 10 + k))], DIM, width=2)
        pen.line([(x + w, y + 4 + k), (x + w, y + min(h - 4, 10 + k))], DIM, width=2)
    if text:
        pen.text((x + w / 2, y + h / 2), text, font(max(12, h // 3), True), DIM, "mm")
