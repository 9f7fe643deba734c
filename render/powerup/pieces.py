"""POWERUP figures and tokens drawn at a given size, each with its own shape as well as its colour:
a BUGBUSTER is a rounded token in its team's colour with its id, its lives as pips and a white nose
the way it faces (a gold halo while protected, a badge for what it carries, a tag for its timed
effects; in the air, white speed streaks and an "AIR" tag under it); a robot a boxy head with an
antenna in its team's colour (lying down and flagged "!" when fallen, a tick when home); a drum an
orange barrel; a POWERUP a box with a lightning bolt (bright cyan ON, grey OFF); a coin pile a gold
disc with the count; a secret token a violet card with "?". Dice are drawn with their faces: blank,
a skull, two skulls, POW! and a BUG."""

from __future__ import annotations

from math import cos, pi, sin

from render.core import Pen, fit_font, font, text_width
from render.powerup.style import (
    BOLT_OFF,
    BUG,
    COIN,
    COIN_EDGE,
    DARK_TEXT,
    DIE,
    DRUM,
    DRUM_HOOP,
    FIGURE_EDGE,
    FIRE_CORE,
    HALO,
    OK,
    POW,
    POWER_OFF,
    POWER_ON,
    SECRET,
    SECRET_EDGE,
    SKULL_INK,
    SLOT,
    TEAM_EDGE,
    TEXT,
    VISOR,
    WARN,
    dimmed,
    readable_on,
    team_colour,
)

Point = tuple[float, float]
BOLT = ((0.6, 0.06), (0.22, 0.56), (0.47, 0.56), (0.37, 0.95), (0.8, 0.4), (0.55, 0.4), (0.68, 0.06))

# the effects present._effects sends: "armor +2", "moves 3" (Fast Pass: M3), "pause", "EPIC"
EFFECT_SHORT = {"pause": "II", "armor": "ARM", "epic": "EPIC"}


def _pts(points) -> list[tuple[int, int]]:
    return [(round(x), round(y)) for x, y in points]


def effect_tag(effect: str) -> str:
    """The tag of a timed effect: "armor +2" -> "ARM+2", "pause" -> "II", "moves 3" -> "M3"."""
    words = effect.split()
    amount = "".join(w for w in words if w[:1] in "+-" and w[1:].isdigit())
    name = " ".join(w for w in words if not (w[:1] in "+-" and w[1:].isdigit())).lower()
    words = name.split()
    initials = "".join(w[:1] for w in words) if len(words) > 1 else name[:3]
    short = EFFECT_SHORT.get(name) or initials.upper() or "?"
    return short + amount


def pips(pen: Pen, cx: float, cy: float, r: float, filled: int, total: int, colour=TEXT) -> None:
    """``total`` pips centred on (cx, cy), the first ``filled`` lit."""
    step = r * 2.5
    x = cx - step * (total - 1) / 2
    for k in range(total):
        pen.circle((round(x + k * step), round(cy)), r, fill=colour if k < filled else SLOT,
                   outline=FIGURE_EDGE, width=1)


def buster(pen: Pen, c: Point, sq: int, team: str, ident: str, facing: str, lives: int, protected: bool = False,
           cargo: tuple[str, str, str] | None = None, effects: tuple[str, ...] = (), faded: bool = False,
           in_air: bool = False) -> None:
    """A BUGBUSTER centred on ``c`` in a square of ``sq`` px. ``cargo``: (kind, team, id) of what it
    carries; ``in_air``: mid-jump or falling (see ``airborne``)."""
    cx, cy = c
    w, h = round(sq * 0.74), round(sq * 0.56)
    left, top = round(cx - w / 2), round(cy - h / 2)
    colour = team_colour(team)
    if faded:
        colour = dimmed(colour)
    if in_air:
        airborne(pen, (cx, cy), sq, w, h)
    if protected:
        grow = max(4, round(sq * 0.07))
        pen.rect((left - grow, top - grow, left + w + grow, top + h + grow), fill=None, outline=HALO,
                 width=max(3, round(sq / 20)), radius=round(h * 0.45))
    side = 1 if facing == ">" else -1
    edge = cx + side * w / 2
    nose = [(edge - side * 2, cy - sq * 0.17), (edge + side * sq * 0.15, cy), (edge - side * 2, cy + sq * 0.17)]
    pen.polygon(_pts(nose), TEAM_EDGE)
    pen.rect((left, top, left + w, top + h), fill=colour, outline=TEAM_EDGE, width=2, radius=round(h * 0.3))
    ink = readable_on(colour)
    fnt = fit_font(ident, round(sq * 0.28), True, w - 6, 9)
    pen.text((round(cx), round(cy - h * 0.16)), ident, fnt, ink, "mm")
    r = max(2.0, sq * 0.055)
    pips(pen, cx, cy + h * 0.26, r, min(lives, 5), min(max(3, lives), 5), TEXT if ink == TEXT else DARK_TEXT)
    if cargo is not None:  # carried on its back
        badge(pen, (cx - side * w * 0.44, top + h), sq * 0.36, *cargo)
    if effects:
        text = " ".join(effect_tag(e) for e in effects)
        fnt = font(max(9, round(sq * 0.17)), True)
        size = round(sq * 0.22)
        width = min(round(sq * 0.7), text_width(text, fnt) + 8)
        x0 = round(cx - sq * 0.47)
        box = (x0, round(top - size - 1), x0 + width, round(top - 1))
        pen.rect(box, fill=OK, outline=FIGURE_EDGE, width=1, radius=4)
        pen.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, fit_font(text, fnt.size, True, width - 4, 8),
                 DARK_TEXT, "mm")


def airborne(pen: Pen, c: Point, sq: float, w: int, h: int) -> None:
    """A BUGBUSTER in the air, drawn under its token (which the board raises off the floor): white speed
    streaks trailing below it, longer near the middle, and an "AIR" tag between them."""
    cx, cy = c
    line = max(3, round(sq / 16))
    below = round(cy + h / 2 + max(2, sq * 0.04))
    for dx, length in ((-0.4, 0.12), (-0.3, 0.2), (0.3, 0.2), (0.4, 0.12)):
        x = round(cx + dx * sq)
        pen.line([(x, below), (x, round(below + length * sq))], TEXT, width=line)
    size = max(12, round(sq * 0.21))
    fnt = font(max(9, round(size * 0.8)), True)
    half = (text_width("AIR", fnt) + 9) // 2
    top = below + round(sq * 0.02)
    pen.rect((round(cx - half), top, round(cx + half), top + size), fill=TEXT, outline=FIGURE_EDGE, width=1,
             radius=max(3, size // 3))
    pen.text((round(cx), top + size / 2), "AIR", fnt, DARK_TEXT, "mm")


def badge(pen: Pen, c: Point, size: float, kind: str, team: str, ident: str) -> None:
    """What a BUGBUSTER carries, small, centred on ``c``: a robot, a drum or an ally."""
    if kind == "robot":
        robot(pen, c, size / 0.62, team, "")
    elif kind == "drum":
        drum(pen, c, size / 0.56, "")
    else:
        r = size / 2
        colour = team_colour(team)
        pen.circle((round(c[0]), round(c[1])), r, fill=colour, outline=TEAM_EDGE, width=2)
        pen.text((round(c[0]), round(c[1])), ident[:1], font(max(8, round(size * 0.6)), True), readable_on(colour), "mm")


def robot(pen: Pen, c: Point, sq: float, team: str, status: str) -> None:
    """A team robot: a boxy head with an antenna and two eyes. ``status``: "home" (a tick), "fallen"
    (lying down, greyed, a "!" flag) or ""."""
    cx, cy = c
    fallen = status == "fallen"
    colour = team_colour(team)
    w, h = (sq * 0.64, sq * 0.38) if fallen else (sq * 0.5, sq * 0.46)
    if fallen:
        cy += sq * 0.1
    left, top = round(cx - w / 2), round(cy - h / 2)
    right, bottom = round(cx + w / 2), round(cy + h / 2)
    line = max(1, round(sq / 30))
    if fallen:  # the antenna lies to the left
        pen.line([(left, round(cy)), (round(left - sq * 0.1), round(cy))], TEAM_EDGE, width=line + 1)
        pen.circle((round(left - sq * 0.12), round(cy)), max(1.5, sq * 0.045), fill=TEAM_EDGE)
    else:
        pen.line([(round(cx), top), (round(cx), round(top - sq * 0.1))], TEAM_EDGE, width=line + 1)
        pen.circle((round(cx), round(top - sq * 0.12)), max(1.5, sq * 0.045), fill=TEAM_EDGE)
    pen.rect((left, top, right, bottom), fill=colour, outline=TEAM_EDGE, width=max(1, line + 1),
             radius=max(2, round(sq * 0.08)))
    eye = max(1.5, sq * 0.06)
    if fallen:
        for dy in (-0.08, 0.08):
            pen.circle((round(cx + w * 0.22), round(cy + dy * sq)), eye, fill=VISOR)
    else:
        for dx in (-0.12, 0.12):
            pen.circle((round(cx + dx * sq), round(cy - sq * 0.05)), eye, fill=VISOR)
        pen.rect((round(cx - sq * 0.12), round(cy + sq * 0.1), round(cx + sq * 0.12), round(cy + sq * 0.13)),
                 fill=VISOR)
    if status in ("home", "fallen"):
        size = max(12, round(sq * 0.26))
        bx, by = round(cx + w / 2 - size * 0.3), round(top - size * 0.55)
        fill = OK if status == "home" else WARN
        pen.rect((bx - size // 2, by - size // 2, bx + size // 2, by + size // 2), fill=fill, outline=FIGURE_EDGE,
                 width=1, radius=size // 2)
        pen.text((bx, by), "✓" if status == "home" else "!", font(max(8, round(size * 0.75)), True),
                 DARK_TEXT, "mm")


def drum(pen: Pen, c: Point, sq: float, label: str) -> None:
    """An explosive drum: an orange barrel with two dark hoops and a flame sign."""
    cx, cy = c
    w, h = sq * 0.44, sq * 0.56
    left, top, right, bottom = round(cx - w / 2), round(cy - h / 2), round(cx + w / 2), round(cy + h / 2)
    pen.rect((left, top, right, bottom), fill=DRUM, outline=FIGURE_EDGE, width=max(1, round(sq / 40)),
             radius=max(2, round(w * 0.2)))
    hoop = max(1, round(sq / 28))
    for fy in (0.22, 0.78):
        y = round(top + h * fy)
        pen.rect((left + 1, y, right - 1, y + hoop - 1), fill=DRUM_HOOP)
    if label:
        pen.text((round(cx), round(cy)), label, fit_font(label, max(8, round(sq * 0.2)), True, round(w) - 2, 7),
                 FIRE_CORE, "mm")
    else:
        half = w * 0.2
        pen.polygon(_pts([(cx, cy - half * 1.3), (cx + half, cy + half), (cx - half, cy + half)]), FIRE_CORE)


def powerup(pen: Pen, c: Point, size: float, on: bool) -> None:
    """A POWERUP: a box with a lightning bolt, bright cyan and ringed when ON, grey when OFF."""
    cx, cy = c
    half = size / 2
    left, top = round(cx - half), round(cy - half)
    right, bottom = round(cx + half), round(cy + half)
    if on:
        grow = max(2, round(size * 0.1))
        pen.rect((left - grow, top - grow, right + grow, bottom + grow), fill=None, outline=POWER_ON, width=2,
                 radius=max(3, round(size * 0.3)))
    pen.rect((left, top, right, bottom), fill=POWER_ON if on else POWER_OFF, outline=FIGURE_EDGE, width=2,
             radius=max(2, round(size * 0.22)))
    inner = size * 0.78
    x0, y0 = cx - inner / 2, cy - inner / 2
    pen.polygon(_pts((x0 + fx * inner, y0 + fy * inner) for fx, fy in BOLT), DARK_TEXT if on else BOLT_OFF)


def secret(pen: Pen, c: Point, size: float, content: str = "") -> None:
    """A face-down secret token: a violet card with "?"; on a team's own screen, what it hides."""
    cx, cy = c
    w, h = size * 0.8, size
    box = (round(cx - w / 2), round(cy - h / 2), round(cx + w / 2), round(cy + h / 2))
    pen.rect(box, fill=SECRET, outline=SECRET_EDGE, width=2, radius=max(2, round(size * 0.15)))
    if content:
        fnt = fit_font(content, max(8, round(size * 0.42)), True, round(w) - 4, 7)
        pen.text((round(cx), round(cy)), content, fnt, TEXT, "mm")
    else:
        pen.text((round(cx), round(cy)), "?", font(max(8, round(size * 0.72)), True), SECRET_EDGE, "mm")


def coins(pen: Pen, c: Point, size: float, count: int) -> None:
    """Coins on a square: a gold disc with the count."""
    cx, cy = c
    r = size / 2
    pen.circle((round(cx), round(cy)), r, fill=COIN, outline=COIN_EDGE, width=max(1, round(size / 12)))
    text = str(count)
    pen.text((round(cx), round(cy)), text, fit_font(text, max(8, round(size * 0.62)), True, round(size) - 4, 7),
             DARK_TEXT, "mm")


# --- dice --------------------------------------------------------------------------------------------


def skull(pen: Pen, cx: float, cy: float, size: float, colour=SKULL_INK, eyes=None) -> None:
    """A skull: a round head, a jaw, two eyes in the die's colour."""
    r = size * 0.42
    pen.circle((round(cx), round(cy - size * 0.08)), r, fill=colour)
    pen.rect((round(cx - r * 0.6), round(cy + r * 0.3), round(cx + r * 0.6), round(cy + r * 1.05)), fill=colour)
    eye = max(1.5, r * 0.3)
    for dx in (-0.42, 0.42):
        pen.circle((round(cx + r * dx), round(cy - size * 0.06)), eye, fill=eyes if eyes is not None else TEXT)


def bug(pen: Pen, cx: float, cy: float, size: float) -> None:
    """A BUG (a blunder): a green beetle with six legs."""
    w = max(1, round(size / 14))
    for dy in (-0.16, 0.02, 0.2):
        y = cy + dy * size
        pen.line([(round(cx - size * 0.38), round(y - size * 0.06)), (round(cx + size * 0.38), round(y + size * 0.06))],
                 BUG, width=w)
        pen.line([(round(cx - size * 0.38), round(y + size * 0.06)), (round(cx + size * 0.38), round(y - size * 0.06))],
                 BUG, width=w)
    pen.circle((round(cx), round(cy - size * 0.28)), size * 0.12, fill=BUG)
    pen.circle((round(cx), round(cy + size * 0.05)), size * 0.24, fill=BUG)


def die(pen: Pen, x: float, y: float, size: int, colour: str, face: str) -> None:
    """One die, its top left at (x, y): white or yellow, with its face."""
    fill = DIE.get(colour, DIE["W"])
    x, y = round(x), round(y)
    pen.rect((x, y, x + size, y + size), fill=fill, outline=FIGURE_EDGE, width=2, radius=max(3, size // 6))
    cx, cy = x + size / 2, y + size / 2
    if face == "skull":
        skull(pen, cx, cy, size * 0.62, eyes=fill)
    elif face == "skull2":
        skull(pen, cx - size * 0.2, cy - size * 0.14, size * 0.42, eyes=fill)
        skull(pen, cx + size * 0.2, cy + size * 0.16, size * 0.42, eyes=fill)
    elif face == "pow":
        points = []
        for k in range(16):
            r = size * (0.44 if k % 2 == 0 else 0.28)
            points.append((cx + r * cos(pi * k / 8), cy + r * sin(pi * k / 8)))
        pen.polygon(_pts(points), POW)
        pen.text((round(cx), round(cy)), "POW", font(max(7, round(size * 0.24)), True), TEXT, "mm")
    elif face == "bug":
        bug(pen, cx, cy, size * 0.72)
