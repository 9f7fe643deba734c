"""The colony as the channel sees it: every tile with its letter and module, its domes (the position
digit on an open dome and on Colonists and Creeps, so ``move c3``, ``command c3 c4`` and ``attack k5``
can be read off the picture), the bridges on and between tiles, the figures, the facilities, the pod,
the places it may dock, and the highlights of the moment (the Creeps about to be placed, the robot
whose turn it is, a Suppressant's tile).

Geometry: render/jupiter/geometry.py. Drawn only through the pen, in a fixed order: tiles, bridges,
the pod, domes and figures, highlights, labels, markers, the corner boxes.
"""

from __future__ import annotations

from render.core import Pen, fit_text, font, text_width
from render.jupiter import geometry as geo
from render.jupiter.pieces import colonist, creep, empty_dome, facility, robot, robot_chip, super_creep
from render.jupiter.style import (
    BRIDGE,
    COLONIST,
    COLONIST_EDGE,
    DIM,
    DOME,
    DOME_DIGIT,
    GOLD,
    MODULE_BADGE,
    MODULE_FILL,
    MUTED,
    POD,
    POD_EDGE,
    RUIN,
    SHIELD,
    SUBPANEL,
    TEXT,
    WARN,
    readable_on,
)
from rules.jupiter.views import PublicView, TileView

KEY_BOX = (118, 132)  # px: the key to the domes' positions


def draw_colony(pen: Pen, view: PublicView, x: int, y: int, width: int) -> int:
    """The colony in a ``width``-wide area from (x, y); returns its height."""
    base = geo.frame(view, width)
    fr = geo.Frame(box=base.box, size=base.size, left=x + base.left, top=y)
    if pen.dry:
        return fr.height
    s = fr.size
    r = round(geo.DOME * s)
    centres = geo.tile_centres(view)
    for tile in view.tiles:
        _tile(pen, fr, tile, centres[tile.label], view.suppressed == tile.label)
    _bridges(pen, fr, view, centres, max(4, round(0.09 * s)))
    _docked_pod(pen, fr, view, centres, r)
    figures = {sp.space: sp.figure for t in view.tiles for sp in t.spaces}
    current = f"R{view.current}" if view.current is not None else None
    for tile in view.tiles:
        if not tile.destroyed:
            _domes(pen, fr, tile, centres[tile.label], r, current)
    _placing(pen, fr, view, centres, r, figures)
    for tile in view.tiles:
        _labels(pen, fr, tile, centres[tile.label])
    _dock_markers(pen, fr, view, centres)
    pod_at, key_at = geo.free_corners(view, fr, [pod_size(view), KEY_BOX])
    if view.pod.dock is None and pod_at is not None:
        pod_card(pen, view, pod_at[0], pod_at[1])
    if key_at is not None:
        _key(pen, key_at[0], key_at[1], s)
    return fr.height


def pod_is_drawn_away(view: PublicView, width: int) -> bool:
    """Whether the colony's corner has room for the pod while it is away (else the status shows it)."""
    if view.pod.dock is not None:
        return True
    fr = geo.frame(view, width)
    return geo.free_corners(view, fr, [pod_size(view)])[0] is not None


def _hex(fr: geo.Frame, c: geo.Point, size: float) -> list[tuple[int, int]]:
    return [fr.px(p) for p in geo.corners(c, size)]


def _tile(pen: Pen, fr: geo.Frame, tile: TileView, c: geo.Point, suppressed: bool) -> None:
    seam = 2.5 / fr.size
    if tile.destroyed:
        points = _hex(fr, c, 1 - 4 * seam)
        for a, b in zip(points, points[1:] + points[:1], strict=True):
            for k in range(0, 10, 2):  # dashed: five dashes an edge
                start = (a[0] + (b[0] - a[0]) * k / 10, a[1] + (b[1] - a[1]) * k / 10)
                end = (a[0] + (b[0] - a[0]) * (k + 1) / 10, a[1] + (b[1] - a[1]) * (k + 1) / 10)
                pen.line([start, end], RUIN, width=2)
        cx, cy = fr.px(c)
        pen.text((cx, cy - 0.12 * fr.size), tile.label, font(round(0.34 * fr.size), True), RUIN, "mm")
        pen.text((cx, cy + 0.22 * fr.size), "destroyed", font(max(12, round(0.16 * fr.size)), True), RUIN, "mm")
        return
    if suppressed:
        pen.polygon(_hex(fr, c, 1 - seam), SHIELD)
        pen.polygon(_hex(fr, c, 1 - seam - 6 / fr.size), MODULE_FILL.get(tile.module, SUBPANEL))
    else:
        pen.polygon(_hex(fr, c, 1 - seam), MODULE_FILL.get(tile.module, SUBPANEL))


def _bridges(pen: Pen, fr: geo.Frame, view: PublicView, centres: dict[str, geo.Point], width: int) -> None:
    pairs = [pair for t in view.tiles for pair in t.bridges] + list(view.links)
    for a, b in pairs:
        if a[0] in centres and b[0] in centres:
            pa = fr.px(geo.dome(centres[a[0]], int(a[1])))
            pb = fr.px(geo.dome(centres[b[0]], int(b[1])))
            pen.line([pa, pb], BRIDGE, width=width)


def _domes(pen: Pen, fr: geo.Frame, tile: TileView, c: geo.Point, r: int, current: str | None) -> None:
    if tile.facility and tile.facility_at:
        at = fr.px(geo.dome(c, int(tile.facility_at[1])))
        if tile.super_creep:
            super_creep(pen, at, r)
            facility(pen, at, round(r * 0.72), tile.facility)
        else:
            facility(pen, at, r, tile.facility)
    for space in tile.spaces:
        at = fr.px(geo.dome(c, int(space.space[1])))
        digit = space.space[1]
        figure = space.figure
        if figure is None:
            empty_dome(pen, at, r, digit)
        elif figure == "colonist":
            colonist(pen, at, r, digit)
        elif figure == "creep":
            creep(pen, at, r, digit)
        elif figure == "super_creep":
            super_creep(pen, at, r)
        elif figure.startswith("R") and figure[1:].isdigit():
            if figure == current:
                pen.circle(at, round(r * 1.75), fill=None, outline=GOLD, width=max(3, r // 5))
            robot(pen, at, r, int(figure[1:]))
        else:  # a figure this renderer does not know: shown, never hidden
            empty_dome(pen, at, r, "?")


def _placing(pen: Pen, fr: geo.Frame, view: PublicView, centres: dict[str, geo.Point], r: int,
             figures: dict[str, str | None]) -> None:
    """Each Creep about to be placed: a ring round every candidate, a thick one round the pick."""
    for placement in view.placing:
        for space in placement.spaces:
            if space[0] not in centres:
                continue
            at = fr.px(geo.dome(centres[space[0]], int(space[1])))
            chosen = space == placement.chosen
            pen.circle(at, r + 5, fill=None, outline=WARN, width=3)
            if chosen:
                pen.circle(at, r + 11, fill=None, outline=GOLD, width=4)


def _labels(pen: Pen, fr: geo.Frame, tile: TileView, c: geo.Point) -> None:
    """The tile's letter in its top corner, its module (the die roll that invades it) in the bottom."""
    if tile.destroyed:
        return
    s = fr.size
    cx, cy = fr.px(c)
    # On a dark plate drawn over the figures, so robots on domes 6 and 1 never hide it.
    ly, half_w, half_h = round(cy - 0.76 * s), round(0.17 * s), round(0.15 * s)
    pen.rect((cx - half_w, ly - half_h, cx + half_w, ly + half_h), fill=DOME, radius=max(3, half_h // 2))
    pen.text((cx, ly), tile.label, font(round(0.3 * s), True), TEXT, "mm")
    badge = MODULE_BADGE.get(tile.module, MUTED)
    half = round(0.12 * s)
    by = round(cy + 0.79 * s)
    pen.rect((cx - half, by - half, cx + half, by + half), fill=badge, radius=max(2, half // 3))
    pen.text((cx, by), str(tile.module), font(round(0.2 * s), True), readable_on(badge), "mm")


def _dock_markers(pen: Pen, fr: geo.Frame, view: PublicView, centres: dict[str, geo.Point]) -> None:
    """Where the pod may dock now: a gold arrow out of each edge dome it may dock against."""
    for space in view.docks if view.phase != "over" else ():
        label, position = geo.dock_position(space)
        if label not in centres or space == view.pod.dock:
            continue
        dx, dy = geo.direction(position)
        tip = geo.dome(centres[label], position)
        base = (tip[0] + 0.34 * dx, tip[1] + 0.34 * dy)
        point = (tip[0] + 0.58 * dx, tip[1] + 0.58 * dy)
        side = (-dy * 0.13, dx * 0.13)
        pen.polygon([fr.px(point), fr.px((base[0] + side[0], base[1] + side[1])),
                     fr.px((base[0] - side[0], base[1] - side[1]))], GOLD)


def _docked_pod(pen: Pen, fr: geo.Frame, view: PublicView, centres: dict[str, geo.Point], r: int) -> None:
    if view.pod.dock is None or view.pod.dock[0] not in centres:
        return
    label, position = geo.dock_position(view.pod.dock)
    c = geo.pod_centre(centres[label], position)
    s = fr.size
    pen.line([fr.px(geo.dome(centres[label], position)), fr.px(c)], POD_EDGE, width=max(6, round(0.14 * s)))
    pen.polygon(_hex(fr, c, geo.POD), POD_EDGE)
    pen.polygon(_hex(fr, c, geo.POD - 4 / s), POD)
    cx, cy = fr.px(c)
    pen.text((cx, round(cy - 0.43 * s)), "POD", font(round(0.17 * s), True), POD_EDGE, "mm")
    _aboard(pen, cx, round(cy - 0.17 * s), s, view.pod.colonists)
    _robot_rows(pen, cx, round(cy + 0.06 * s), round(0.24 * s), view.pod.robots, 4)


def _aboard(pen: Pen, cx: int, cy: int, s: int, colonists: int) -> None:
    """"● 5/7": the Colonists aboard, centred on (cx, cy)."""
    fnt = font(round(0.22 * s), True)
    text = f"{colonists}/7"
    dot = round(0.08 * s)
    w = text_width(text, fnt)
    left = cx - (2 * dot + 6 + w) // 2
    pen.circle((left + dot, cy), dot, fill=COLONIST, outline=COLONIST_EDGE, width=2)
    pen.text((left + 2 * dot + 6, cy), text, fnt, TEXT, "lm")


def _robot_rows(pen: Pen, cx: int, top: int, size: int, seats: tuple[int, ...], per_row: int) -> None:
    for row in range(0, len(seats), per_row):
        chunk = seats[row:row + per_row]
        left = cx - (len(chunk) * (size + 3) - 3) // 2
        for k, seat in enumerate(chunk):
            robot_chip(pen, left + k * (size + 3), top + (row // per_row) * (size + 3), size, seat)


POD_WIDTH = 160
POD_CHIP = 20
POD_PER_ROW = (POD_WIDTH - 24 + 3) // (POD_CHIP + 3)


def pod_size(view: PublicView) -> tuple[int, int]:
    """The pod card's size (px): taller when more robots are aboard than fit a row."""
    rows = max(1, -(-len(view.pod.robots) // POD_PER_ROW))
    return POD_WIDTH, 94 + (POD_CHIP + 3) * rows


def pod_card(pen: Pen, view: PublicView, x: int, y: int) -> None:
    """The pod while it is away (launched, or not docked yet): a box with its load."""
    pod = view.pod
    w, h = pod_size(view)
    pen.rect((x, y, x + w, y + h), fill=POD, outline=POD_EDGE, width=3, radius=12)
    pen.text((x + 12, y + 20), "POD", font(18, True), POD_EDGE, "lm")
    pen.text((x + w - 12, y + 20), f"{pod.colonists}/7", font(18, True), TEXT, "rm")
    dot = 7
    for k in range(7):
        filled = k < pod.colonists
        pen.circle((x + 13 + dot + k * 19, y + 46), dot, fill=COLONIST if filled else DOME,
                   outline=COLONIST_EDGE if filled else DIM, width=2)
    pen.text((x + 12, y + 72), "LAUNCHED" if pod.launched else "NOT DOCKED", font(15, True), WARN, "lm")
    if pod.robots:
        for k, seat in enumerate(pod.robots):
            robot_chip(pen, x + 12 + (k % POD_PER_ROW) * (POD_CHIP + 3), y + 86 + (k // POD_PER_ROW) * (POD_CHIP + 3),
                       POD_CHIP, seat)
    else:
        pen.text((x + 12, y + 96), "no robots aboard", font(15), MUTED, "lm")


def _key(pen: Pen, x: int, y: int, s: int) -> None:
    """Which digit is which dome: the same on every tile."""
    w, h = KEY_BOX
    pen.rect((x, y, x + w, y + h), fill=SUBPANEL, outline=DIM, width=2, radius=12)
    pen.text((x + w // 2, y + 17), fit_text("DOMES", font(16, True), w - 16), font(16, True), MUTED, "mm")
    cx, cy = x + w // 2, y + 76
    ring = 36
    fnt = font(17, True)
    for position in range(7):
        dx, dy = geo.direction(position) if position else (0.0, 0.0)
        at = (round(cx + ring * dx), round(cy + ring * dy))
        pen.circle(at, 14, fill=DOME, outline=BRIDGE, width=2)
        pen.text(at, str(position), fnt, DOME_DIGIT, "mm")
