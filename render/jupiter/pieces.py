"""Jupiter Rescue's figures and tokens drawn at a given size: domes, Colonists, Creeps, Super
Creeps, robots, the Power Plant and Command Dish, the die. Each piece has its own shape as well as
its colour: a Colonist is a cream disc, a Creep a green spiky star, a Super Creep a larger purple star,
a robot a coloured square with its number."""

from __future__ import annotations

from math import cos, pi, sin

from render.core import Pen, font
from render.jupiter.style import (
    BRIDGE,
    COLONIST,
    COLONIST_EDGE,
    CREEP,
    CREEP_EDGE,
    DARK_TEXT,
    DISH,
    DOME,
    DOME_DIGIT,
    FACILITY,
    POWER,
    ROBOT_EDGE,
    SUPER_CREEP,
    SUPER_EDGE,
    TEXT,
    readable_on,
    robot_colour,
)

Point = tuple[float, float]


def _star(c: Point, outer: float, inner: float, points: int = 8) -> list[tuple[int, int]]:
    out = []
    for k in range(2 * points):
        radius = outer if k % 2 == 0 else inner
        angle = -pi / 2 + k * pi / points
        out.append((round(c[0] + radius * cos(angle)), round(c[1] + radius * sin(angle))))
    return out


def digit_font(r: int):
    return font(max(12, round(r * 1.1)), True)


def empty_dome(pen: Pen, c: Point, r: int, digit: str) -> None:
    """An open space: a dark dome with its position digit."""
    pen.circle(c, r, fill=DOME, outline=BRIDGE, width=max(2, r // 9))
    pen.text(c, digit, digit_font(r), DOME_DIGIT, "mm")


def colonist(pen: Pen, c: Point, r: int, digit: str = "") -> None:
    pen.circle(c, r, fill=COLONIST, outline=COLONIST_EDGE, width=max(2, r // 9))
    if digit:
        pen.text(c, digit, digit_font(r), DARK_TEXT, "mm")


def creep(pen: Pen, c: Point, r: int, digit: str = "") -> None:
    pen.polygon(_star(c, r * 1.28 + 2, r * 0.86 + 2), CREEP_EDGE)
    pen.polygon(_star(c, r * 1.28, r * 0.86), CREEP)
    if digit:
        pen.text(c, digit, digit_font(r), DARK_TEXT, "mm")


def super_creep(pen: Pen, c: Point, r: int) -> None:
    pen.polygon(_star(c, r * 1.5 + 3, r * 0.95 + 3, 10), SUPER_EDGE)
    pen.polygon(_star(c, r * 1.5, r * 0.95, 10), SUPER_CREEP)
    pen.text(c, "S", font(max(12, round(r * 1.1)), True), TEXT, "mm")


def robot(pen: Pen, c: Point, r: int, seat: int) -> None:
    """Robot seat+1: a square in the seat's colour with its number."""
    half = round(r * 0.98)
    x, y = round(c[0]), round(c[1])
    colour = robot_colour(seat)
    pen.rect((x - half, y - half, x + half, y + half), fill=colour, outline=ROBOT_EDGE, width=max(2, r // 8),
             radius=max(3, r // 3))
    pen.text((x, y), str(seat + 1), font(max(12, round(r * 1.3)), True), readable_on(colour), "mm")


def robot_chip(pen: Pen, x: float, y: float, size: int, seat: int) -> int:
    """A robot's square, its top left at (x, y); returns its width."""
    colour = robot_colour(seat)
    pen.rect((round(x), round(y), round(x) + size, round(y) + size), fill=colour, outline=ROBOT_EDGE,
             width=2, radius=max(3, size // 5))
    pen.text((round(x) + size / 2, round(y) + size / 2), str(seat + 1), font(max(12, round(size * 0.62)), True),
             readable_on(colour), "mm")
    return size


def facility(pen: Pen, c: Point, r: int, kind: str) -> None:
    """A Power Plant (a bolt) or a Command Dish (a dish on a stand): not a space, so square-ish."""
    x, y = round(c[0]), round(c[1])
    half = round(r * 1.05)
    colour = POWER if kind == "power_plant" else DISH
    pen.rect((x - half, y - half, x + half, y + half), fill=FACILITY, outline=colour, width=2, radius=4)
    if kind == "power_plant":
        bolt = [(0.15, -0.85), (-0.5, 0.1), (-0.05, 0.1), (-0.2, 0.85), (0.5, -0.15), (0.05, -0.15), (0.3, -0.85)]
        pen.polygon([(round(x + px * r), round(y + py * r)) for px, py in bolt], POWER)
    else:
        bowl = [(x - 0.75 * r + 1.5 * r * k / 8, y - 0.15 * r + 0.55 * r * sin(pi * k / 8)) for k in range(9)]
        pen.polygon([(round(a), round(b)) for a, b in bowl], DISH)
        pen.line([(x, y + 0.2 * r), (x, y + 0.75 * r)], DISH, width=max(2, r // 7))
        pen.line([(x - 0.4 * r, y + 0.78 * r), (x + 0.4 * r, y + 0.78 * r)], DISH, width=max(2, r // 7))
        pen.line([(x, y - 0.15 * r), (x + 0.35 * r, y - 0.7 * r)], DISH, width=max(2, r // 9))
        pen.circle((x + 0.38 * r, y - 0.72 * r), max(2, r // 7), fill=DISH)


PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def die_face(pen: Pen, x: int, y: int, size: int, value: int | None) -> int:
    """The die showing ``value`` (pips); a blank outline before the first roll."""
    if value is None:
        pen.rect((x, y, x + size, y + size), fill=None, outline=BRIDGE, width=2, radius=size // 6)
        pen.text((x + size / 2, y + size / 2), "–", font(size // 2, True), BRIDGE, "mm")
        return size
    pen.rect((x, y, x + size, y + size), fill=TEXT, outline=BRIDGE, width=2, radius=size // 6)
    step = size * 0.27
    pip = max(2, round(size * 0.09))
    for dx, dy in PIPS.get(value, ()):
        pen.circle((round(x + size / 2 + dx * step), round(y + size / 2 + dy * step)), pip, fill=DARK_TEXT)
    return size
