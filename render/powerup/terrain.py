"""A square's fixed look, side view, drawn into a box (x0, y0, x1, y1) of the square: the air (tinted
on a base tile), a block (bricks), a ladder (two rails and rungs), automatic stairs (steps rising with
an arrow up), a gateway (a purple arch), and under it the floor: a solid platform (a thick steel bar
along the bottom), a thin platform (a dashed bar: sight passes), acid (a green pool) or spikes (silver
teeth on a red strip). What the game changes on a square is drawn over it by the functions at the
end: the OFF marker, a door shut by a card, fire, a cover."""

from __future__ import annotations

from render.core import Pen, font
from render.powerup.style import (
    ACID,
    ACID_DARK,
    ACID_LIGHT,
    BRICK,
    COVER,
    COVER_EDGE,
    DANGER,
    FIGURE_EDGE,
    FIRE,
    FIRE_CORE,
    GATE,
    GATE_CORE,
    GRID,
    LADDER,
    MORTAR,
    PLATFORM,
    PLATFORM_DARK,
    SHUT,
    SPIKE,
    SPIKE_BASE,
    STAIRS,
    STAIRS_DARK,
    TEXT,
    THIN,
)

Box = tuple[int, int, int, int]


def cell(pen: Pen, box: Box, floor: str, feature: str, fill) -> None:
    """The square's air, feature and floor."""
    x0, y0, x1, y1 = box
    pen.rect((x0, y0, x1 - 1, y1 - 1), fill=fill)
    pen.line([(x0, y0), (x1, y0)], GRID, width=1)
    pen.line([(x0, y0), (x0, y1)], GRID, width=1)
    if floor == "#" or feature == "#":
        block(pen, box)
        return
    if feature in FEATURES:
        FEATURES[feature](pen, box)
    if floor in FLOORS:
        FLOORS[floor](pen, box)


def bar_height(sq: int) -> int:
    """How tall a solid platform's bar is (figures stand on it)."""
    return max(5, round(sq * 0.12))


def block(pen: Pen, box: Box) -> None:
    """A block filling the square: bricks in offset rows."""
    x0, y0, x1, y1 = box
    sq = x1 - x0
    pen.rect((x0, y0, x1 - 1, y1 - 1), fill=BRICK)
    rows = 4
    h = sq / rows
    w = max(2, sq // 30)
    for r in range(rows + 1):
        y = round(y0 + r * h)
        pen.line([(x0, y), (x1 - 1, y)], MORTAR, width=w)
    for r in range(rows):
        top, bottom = round(y0 + r * h), round(y0 + (r + 1) * h)
        for k in (0.25, 0.75) if r % 2 == 0 else (0.0, 0.5):
            x = round(x0 + k * sq)
            if x > x0:
                pen.line([(x, top), (x, bottom)], MORTAR, width=w)


def ladder(pen: Pen, box: Box) -> None:
    x0, y0, x1, y1 = box
    sq = x1 - x0
    w = max(2, round(sq / 18))
    left, right = round(x0 + sq * 0.3), round(x0 + sq * 0.7)
    for x in (left, right):
        pen.rect((x - w // 2, y0, x - w // 2 + w - 1, y1 - 1), fill=LADDER)
    for k in range(5):
        y = round(y0 + sq * (0.1 + 0.2 * k))
        pen.rect((left, y, right, y + w - 1), fill=LADDER)


def stairs(pen: Pen, box: Box) -> None:
    """Automatic stairs: four steps rising to the right, an arrow up above the low end."""
    x0, y0, x1, y1 = box
    sq = x1 - x0
    steps = 4
    base = y1 - round(sq * 0.1)
    left, right = x0 + sq * 0.12, x1 - sq * 0.1
    step_w = (right - left) / steps
    rise = sq * 0.72 / steps
    points: list[tuple[float, float]] = [(left, base)]
    for k in range(steps):
        points += [(left + k * step_w, base - (k + 1) * rise), (left + (k + 1) * step_w, base - (k + 1) * rise)]
    points.append((right, base))
    pen.polygon([(round(x), round(y)) for x, y in points], STAIRS_DARK)
    edge = max(2, round(sq / 22))
    for k in range(steps):
        y = round(base - (k + 1) * rise)
        pen.rect((round(left + k * step_w), y, round(left + (k + 1) * step_w), y + edge - 1), fill=STAIRS)
    # the arrow up, over the low steps
    ax, top = x0 + sq * 0.26, y0 + sq * 0.26
    half = sq * 0.13
    pen.polygon([(round(ax), round(top)), (round(ax + half), round(top + half * 1.2)),
                 (round(ax - half), round(top + half * 1.2))], STAIRS)
    pen.rect((round(ax - half * 0.4), round(top + half * 1.2), round(ax + half * 0.4), round(top + half * 2.6)),
             fill=STAIRS)


def gateway(pen: Pen, box: Box) -> None:
    """A gateway: a purple arch standing on the floor."""
    x0, y0, x1, y1 = box
    sq = x1 - x0
    outer = (round(x0 + sq * 0.16), round(y0 + sq * 0.1), round(x1 - sq * 0.16), y1 - 1)
    pen.rect(outer, fill=GATE, radius=round(sq * 0.3))
    inset = max(3, round(sq * 0.07))
    inner = (outer[0] + inset, outer[1] + inset, outer[2] - inset, outer[3])
    pen.rect(inner, fill=GATE_CORE, radius=round(sq * 0.24))
    cx, cy = (inner[0] + inner[2]) / 2, (inner[1] + inner[3]) / 2 + sq * 0.02
    pen.circle((round(cx), round(cy)), round(sq * 0.13), fill=None, outline=GATE, width=max(2, sq // 30))


def solid(pen: Pen, box: Box) -> None:
    x0, _, x1, y1 = box
    h = bar_height(x1 - x0)
    pen.rect((x0, y1 - h, x1 - 1, y1 - 1), fill=PLATFORM_DARK)
    pen.rect((x0, y1 - h, x1 - 1, y1 - 1 - h // 3), fill=PLATFORM)


def thin(pen: Pen, box: Box) -> None:
    """A thin platform: a dashed bar (figures stand on it; sight and shots pass through)."""
    x0, _, x1, y1 = box
    sq = x1 - x0
    h = max(3, round(sq * 0.06))
    dash = sq / 5
    for k in range(5):
        left = round(x0 + k * dash + dash * 0.12)
        pen.rect((left, y1 - h, round(left + dash * 0.76), y1 - 1), fill=THIN)


def acid(pen: Pen, box: Box) -> None:
    """An acid pool along the bottom, a wavy top and bubbles."""
    x0, _, x1, y1 = box
    sq = x1 - x0
    depth = round(sq * 0.24)
    top = y1 - depth
    pen.rect((x0, top, x1 - 1, y1 - 1), fill=ACID_DARK)
    wave = max(2, round(sq * 0.05))
    points = [(x0, y1 - 1)]
    for k in range(9):
        points.append((round(x0 + k * (sq - 1) / 8), top + (0 if k % 2 == 0 else wave)))
    points.append((x1 - 1, y1 - 1))
    pen.polygon(points, ACID)
    pen.rect((x0, round(y1 - depth * 0.45), x1 - 1, y1 - 1), fill=ACID_DARK)
    for fx, fy, fr in ((0.3, 0.68, 0.05), (0.62, 0.8, 0.04), (0.78, 0.62, 0.03)):
        pen.circle((round(x0 + fx * sq), round(y1 - depth * (1 - fy) - depth * 0.1)), max(1, round(fr * sq)),
                   fill=ACID_LIGHT)


def spikes(pen: Pen, box: Box) -> None:
    """Spikes: five silver teeth on a red strip."""
    x0, _, x1, y1 = box
    sq = x1 - x0
    strip = max(3, round(sq * 0.06))
    pen.rect((x0, y1 - strip, x1 - 1, y1 - 1), fill=SPIKE_BASE)
    teeth = 5
    w = sq / teeth
    tall = sq * 0.24
    for k in range(teeth):
        left = x0 + k * w
        pen.polygon([(round(left + 1), y1 - strip), (round(left + w / 2), round(y1 - strip - tall)),
                     (round(left + w - 1), y1 - strip)], SPIKE)


# --- what the game changes on a square --------------------------------------------------------------


def gate_off(pen: Pen, box: Box) -> None:
    """The OFF marker on the gateway last used: a red tag across the arch."""
    x0, y0, x1, _ = box
    sq = x1 - x0
    w, h = round(sq * 0.62), max(14, round(sq * 0.26))
    cx, top = (x0 + x1) // 2, round(y0 + sq * 0.14)
    pen.rect((cx - w // 2, top, cx + w // 2, top + h), fill=DANGER, outline=FIGURE_EDGE, width=2, radius=4)
    pen.text((cx, top + h / 2), "OFF", font(max(10, round(h * 0.68)), True), TEXT, "mm")


def shut_door(pen: Pen, box: Box) -> None:
    """A door shut by a card: grey bars across the arch and a red cross."""
    x0, y0, x1, y1 = box
    sq = x1 - x0
    left, right = round(x0 + sq * 0.22), round(x1 - sq * 0.22)
    top, bottom = round(y0 + sq * 0.2), y1 - 2
    w = max(2, round(sq / 16))
    for k in range(4):
        x = round(left + (right - left) * (k + 0.5) / 4)
        pen.rect((x - w // 2, top, x - w // 2 + w - 1, bottom), fill=SHUT)
    pen.rect((left, top, right, top + w), fill=SHUT)
    pen.rect((left, round((top + bottom) / 2), right, round((top + bottom) / 2) + w), fill=SHUT)
    d = w + 1
    pen.line([(left + d, top + d), (right - d, bottom - d)], DANGER, width=w + 1)
    pen.line([(left + d, bottom - d), (right - d, top + d)], DANGER, width=w + 1)


def fire(pen: Pen, box: Box) -> None:
    """Fire left by a drum: three flames over the floor."""
    x0, y0, x1, y1 = box
    sq = x1 - x0
    base = y1 - max(3, round(sq * 0.06))
    for fx, tall, wide in ((0.28, 0.52, 0.2), (0.72, 0.48, 0.2), (0.5, 0.7, 0.26)):
        cx = x0 + fx * sq
        top = base - tall * sq
        outer = [(cx - wide * sq, base), (cx - wide * sq * 0.7, base - tall * sq * 0.45), (cx, top),
                 (cx + wide * sq * 0.7, base - tall * sq * 0.45), (cx + wide * sq, base)]
        pen.polygon([(round(x), round(y)) for x, y in outer], FIRE)
        inner = [(cx - wide * sq * 0.5, base), (cx, base - tall * sq * 0.6), (cx + wide * sq * 0.5, base)]
        pen.polygon([(round(x), round(y)) for x, y in inner], FIRE_CORE)


def cover(pen: Pen, box: Box) -> None:
    """An obstacle for cover: a wall of sandbags filling the square (no one passes)."""
    x0, y0, x1, y1 = box
    sq = x1 - x0
    rows = 3
    h = sq * 0.8 / rows
    bottom = y1 - 2
    w = max(1, sq // 36)
    for r in range(rows):
        top = bottom - (r + 1) * h
        count = 3 if r % 2 == 0 else 2
        bag = (sq - 6) / 3
        start = x0 + 3 + (0 if r % 2 == 0 else bag / 2)
        for k in range(count):
            left = start + k * bag
            pen.rect((round(left), round(top), round(left + bag - 2), round(top + h - 1)), fill=COVER, outline=COVER_EDGE,
                     width=w + 1, radius=max(2, round(h / 3)))


# what each cell letter draws (docs/games/powerup.md, "The 24 tile faces"); "#" and "." are drawn above
FEATURES = {"L": ladder, "S": stairs, "G": gateway}
FLOORS = {"_": solid, "=": thin, "A": acid, "K": spikes}
