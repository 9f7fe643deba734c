"""Where things go on the colony picture: pointy-top hexes laid out in "units" (a hex of size 1:
centre to corner), then scaled to pixels so that the colony fills the image's width.

A tile's hub (position 0) is its centre; ring dome n sits ``RING`` units out towards the edge facing
direction n (1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW, rules/jupiter/colony.py). The pod docks beyond its
dome's edge, in the empty hex there, pulled towards the dome. The frame is the bounding box of every
tile's hex (tiles moved by Module Control may lie outside the usual hexagon) with room around it for
the dock markers and the pod; its free corners hold the pod when it is away and the key to the domes.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import cos, floor, radians, sin, sqrt

from rules.jupiter.views import PublicView

SQRT3 = sqrt(3)
RING = 0.55  # hub to ring dome
DOME = 0.23  # a dome's radius
POD = 0.72  # the pod's hex, as a part of a tile's
POD_OUT = SQRT3 - 0.22  # tile centre to pod centre
PAD = 0.36  # room around the tiles' hexes (dock markers, most places the pod docks)
INSET = 4  # px between a corner box and the frame's edge
USUAL_WIDTH = 5 * sqrt(3) + 2 * PAD  # units: the usual colony, five tiles across

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def direction(n: int) -> Point:
    """The unit vector of direction n (1 NE ... 6 NW), y pointing down."""
    angle = radians(-60 + 60 * (n - 1))
    return cos(angle), sin(angle)


def centre(hex_: tuple[int, int]) -> Point:
    q, r = hex_
    return SQRT3 * (q + r / 2), 1.5 * r


def corners(c: Point, size: float) -> list[Point]:
    """A pointy-top hexagon's corners, clockwise from the top."""
    return [(c[0] + size * cos(radians(-90 + 60 * k)), c[1] + size * sin(radians(-90 + 60 * k))) for k in range(6)]


def dome(c: Point, position: int) -> Point:
    if position == 0:
        return c
    dx, dy = direction(position)
    return c[0] + RING * dx, c[1] + RING * dy


def hex_box(c: Point, size: float = 1.0) -> Box:
    return c[0] - size * SQRT3 / 2, c[1] - size, c[0] + size * SQRT3 / 2, c[1] + size


def pod_centre(tile_centre: Point, position: int) -> Point:
    dx, dy = direction(position)
    return tile_centre[0] + POD_OUT * dx, tile_centre[1] + POD_OUT * dy


def union(a: Box, b: Box) -> Box:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass(frozen=True)
class Frame:
    """Units to pixels: ``size`` px a unit, the unit box ``box`` drawn from pixel (``left``, ``top``)."""

    box: Box
    size: int
    left: int
    top: int

    def px(self, point: Point) -> tuple[int, int]:
        return (round(self.left + (point[0] - self.box[0]) * self.size),
                round(self.top + (point[1] - self.box[1]) * self.size))

    def px_box(self, box: Box) -> tuple[int, int, int, int]:
        x0, y0 = self.px((box[0], box[1]))
        x1, y1 = self.px((box[2], box[3]))
        return x0, y0, x1, y1

    def unit_box(self, box: tuple[float, float, float, float]) -> Box:
        """A pixel box in units."""
        return (self.box[0] + (box[0] - self.left) / self.size, self.box[1] + (box[1] - self.top) / self.size,
                self.box[0] + (box[2] - self.left) / self.size, self.box[1] + (box[3] - self.top) / self.size)

    @property
    def height(self) -> int:
        return round((self.box[3] - self.box[1]) * self.size)


def tile_centres(view: PublicView) -> dict[str, Point]:
    return {t.label: centre(t.hex) for t in view.tiles}


def dock_position(space: str) -> tuple[str, int]:
    """"L2" -> ("L", 2): the tile and the edge (an edge dome faces the direction of its number)."""
    return space[0], int(space[1])


def pod_box(view: PublicView, centres: dict[str, Point]) -> Box | None:
    if view.pod.dock is None or view.pod.dock[0] not in centres:
        return None
    label, position = dock_position(view.pod.dock)
    return hex_box(pod_centre(centres[label], position), POD)


def obstacles(view: PublicView, centres: dict[str, Point]) -> list[Box]:
    """What a corner box must not cover: the tiles, the docked pod, the dock markers."""
    boxes = [hex_box(c) for c in centres.values()]
    pod = pod_box(view, centres)
    if pod is not None:
        boxes.append(pod)
    for space in view.docks if view.phase != "over" else ():
        label, position = dock_position(space)
        if label in centres:
            tip = dome(centres[label], position)
            dx, dy = direction(position)
            x, y = tip[0] + 0.46 * dx, tip[1] + 0.46 * dy  # the arrow (colony.py) with a margin
            boxes.append((x - 0.16, y - 0.16, x + 0.16, y + 0.16))
    return boxes


def frame(view: PublicView, width: int) -> Frame:
    """The colony's frame, ``width`` px wide: every tile's hex plus ``PAD``, and the docked pod."""
    centres = tile_centres(view)
    box: Box = (-SQRT3 / 2, -1.0, SQRT3 / 2, 1.0)
    for i, c in enumerate(centres.values()):
        box = hex_box(c) if i == 0 else union(box, hex_box(c))
    box = (box[0] - PAD, box[1] - PAD, box[2] + PAD, box[3] + PAD)
    pod = pod_box(view, centres)
    if pod is not None:
        box = union(box, (pod[0] - 0.1, pod[1] - 0.1, pod[2] + 0.1, pod[3] + 0.1))
    # Never larger than the usual colony's scale: a narrower colony is not blown up.
    size = min(floor(width / USUAL_WIDTH), floor(width / (box[2] - box[0])))
    left = round((width - (box[2] - box[0]) * size) / 2)
    return Frame(box=box, size=size, left=left, top=0)


def free_corners(view: PublicView, fr: Frame, sizes: list[tuple[int, int]]) -> list[tuple[int, int] | None]:
    """Top left pixel of a free corner of the frame for each box size (px), in order of preference
    (top right, top left, bottom right, bottom left), or None when no corner is free."""
    taken = obstacles(view, tile_centres(view))
    x0, y0, x1, y1 = fr.px_box(fr.box)
    x0, y0, x1, y1 = x0 + INSET, y0 + INSET, x1 - INSET, y1 - INSET
    out: list[tuple[int, int] | None] = []
    for w, h in sizes:
        found = None
        for cx, cy in ((x1 - w, y0), (x0, y0), (x1 - w, y1 - h), (x0, y1 - h)):
            unit = fr.unit_box((cx, cy, cx + w, cy + h))
            if not any(overlaps(unit, b) for b in taken):
                found = (cx, cy)
                taken.append(unit)
                break
        out.append(found)
    return out
