"""The figures on the POWERUP board (render/powerup/grid.py draws the squares under them): which stand on
each square, the squares framed (the BUGBUSTER whose turn it is and, in co-op, the BUG acting: gold; a
private screen's own figure: orange), co-op's primary targets (red corner marks) and the figures
themselves: BUGBUSTERs, robots and drums (render/powerup/pieces.py), BUGs, VIPs, portal pieces, the
BUGMISTRESS and fallen BUGBUSTERs (render/powerup/bugs.py). A lone figure fills its square; figures
sharing one shrink side by side."""

from __future__ import annotations

from typing import TYPE_CHECKING

from render.core import Pen
from render.powerup.bugs import bug, fallen, glitch, mistress, piece, turret, vip
from render.powerup.pieces import buster, drum, robot, secret
from render.powerup.style import ACTIVE, ME, TARGET
from rules.powerup.board import parse_square
from rules.powerup.views import BugView, FigureView, PublicView

if TYPE_CHECKING:
    from render.powerup.grid import Frame

COOP_KINDS = ("bug", "npc", "piece", "mistress")


def standing(view: PublicView) -> dict[tuple[int, int], list[FigureView]]:
    """The figures drawn on each square (carried ones ride on their carrier's badge)."""
    out: dict[tuple[int, int], list[FigureView]] = {}
    for f in view.figures:
        if not f.carried_by:
            out.setdefault((f.x, f.y), []).append(f)
    return out


def _inside(fr: Frame, x: int, y: int) -> bool:
    return fr.holds(x, y)  # the board's squares, and the void's when a GLITCH is in play


def acting_bug(view: PublicView) -> str:
    """The BUG acting now, during the BUG turn ("" none)."""
    if view.coop is None or view.coop.stage != "bug":
        return ""
    return next((b.id for b in view.coop.bugs if b.acting), "")


def highlights(pen: Pen, view: PublicView, fr: Frame, me: str) -> None:
    """The active BUGBUSTER's square and the acting BUG's framed gold; a private screen's own figure
    framed orange."""
    active = next((b.sheet for b in view.busters if b.seat == view.active), "") if view.active >= 0 else ""
    w = max(3, fr.sq // 16)
    for ident, colour in ((me, ME), (active, ACTIVE), (acting_bug(view), ACTIVE)):
        f = next((f for f in view.figures if f.id == ident and not f.carried_by), None) if ident else None
        if f is not None and _inside(fr, f.x, f.y):
            x0, y0, x1, y1 = fr.box(f.x, f.y)
            pen.rect((x0, y0, x1 - 1, y1 - 1), fill=None, outline=colour, width=w)


def targets(pen: Pen, view: PublicView, fr: Frame) -> None:
    """Co-op's primary targets: red corner marks inside their squares."""
    if view.coop is None:
        return
    w = max(3, fr.sq // 18)
    arm = round(fr.sq * 0.24)
    for name in view.coop.primary:
        xy = parse_square(name)
        if xy is None or not _inside(fr, *xy):
            continue
        x0, y0, x1, y1 = fr.box(*xy)
        x0, y0, x1, y1 = x0 + w, y0 + w, x1 - 1 - w, y1 - 1 - w
        for (cx, cy), (dx, dy) in (((x0, y0), (1, 1)), ((x1, y0), (-1, 1)), ((x0, y1), (1, -1)), ((x1, y1), (-1, -1))):
            pen.line([(cx + dx * arm, cy), (cx, cy), (cx, cy + dy * arm)], TARGET, width=w)


def draw_figures(pen: Pen, view: PublicView, fr: Frame) -> None:
    cargo_of = {f.carried_by: f for f in view.figures if f.carried_by}
    bugs = {b.id: b for b in view.coop.bugs} if view.coop is not None else {}
    sq = fr.sq
    for (x, y), group in sorted(standing(view).items()):
        if not _inside(fr, x, y):
            continue
        x0, y0, x1, _ = fr.box(x, y)
        size = sq if len(group) == 1 else round(sq * 0.62)
        for k, f in enumerate(sorted(group, key=lambda f: (f.kind != "drum", f.kind != "robot", f.id))):
            cx = (x0 + x1) / 2 + (k - (len(group) - 1) / 2) * size * 0.62
            carried = cargo_of.get(f.id)
            if f.kind == "buster" and view.coop is not None and f.lives <= 0:
                fallen(pen, (cx, y0 + sq * 0.5), size, f.id)
            elif f.kind == "buster":
                cargo = (carried.kind, carried.team, carried.id) if carried is not None else None
                lift = 0.4 if f.in_air else 0.49  # in the air: raised off the square's floor
                buster(pen, (cx, y0 + sq * lift), size, f.team, f.id, f.facing, f.lives, f.protected, cargo,
                       f.effects, in_air=f.in_air)
            elif f.kind == "robot":
                robot(pen, (cx, y0 + sq * 0.6), size, f.team, "home" if f.home else "fallen")
            elif f.kind == "turret":  # co-op professions: the Machine-Gun Turret and its ammo
                turret(pen, (cx, y0 + sq * 0.5), size, f.facing, view.coop.turret_ammo if view.coop else 0)
            elif f.kind in COOP_KINDS or view.coop is not None:
                coop_figure(pen, (cx, y0 + sq * 0.52), size, f, bugs.get(f.id), view.coop.level if view.coop else 0)
            else:
                drum(pen, (cx, y0 + sq * 0.58), size, drum_label(f.id))
            if f.secret:  # co-op: a BUGBUSTER keeping a found key or coins hidden (rb 1818): "holds a secret"
                secret(pen, (cx + size * 0.36, y0 + sq * 0.8), size * 0.24)


def coop_figure(pen: Pen, c: tuple[float, float], size: float, f: FigureView, b: BugView | None, level: int) -> None:
    """A co-op figure by its kind; its lives from its BugView (a figure the co-op view does not list
    is drawn as a grey BUG with its id)."""
    lives, most = (b.lives, b.lives_max) if b is not None else (0, 0)
    if f.kind == "npc":
        vip(pen, c, size, f.id, f.facing, lives, most)
    elif f.kind == "piece":
        piece(pen, c, size, f.id, lives, most)
    elif f.kind == "mistress":
        mistress(pen, c, size, level, f.facing, lives, most)
    elif f.kind == "glitch":
        glitch(pen, c, size, f.id, f.facing, lives, most, b.riders if b is not None else ())
    elif b is not None:
        bug(pen, c, size, b.kind, f.id, f.facing, lives, most, b.stack, b.dizzy, b.thief, b.secret)
    else:
        bug(pen, c, size, "", f.id, f.facing, 0, 0)


def drum_label(ident: str) -> str:
    """"DRUM1" -> "D1"."""
    digits = "".join(ch for ch in ident if ch.isdigit())
    return f"D{digits}" if digits else "D"
