"""POWERUP's co-op (ARCADE) figures, drawn at a given square size like render/powerup/pieces.py's, each
with its own shape as well as its colour (style.BUG_COLOUR), so that BUG types are told apart in grey too.

A BUG is a body with its id and its life pips, a dark head with an eye on the side it faces and a white
nose pointing that way. BUGGIE: a small beetle on six legs. BATBUG: bat wings, no legs (it flies).
BIGBUG: bigger, a horn. BICEFALUS: a head at each end (it sees behind). BRASAS: flames on its back.
BLOB: a legless drop with drips. BUGDOZER: tracks and a steel blade in front. BURP (a spawn point):
a wide hive with openings on top. BOSS: big, horned, a gold crown. Badges: "x3" (BUGGIEs stacked in
the square), "zz" (dizzy: spawned this BUG turn, no actions), a gold card (a thief holding a stolen
equipment card), a violet "?" card (it holds a secret). A VIP is a peach person, a portal piece a
lavender crystal, the BUGMISTRESS a black body with a gold crown and her level; a fallen BUGBUSTER lies
flat and grey with a red "DOWN" tag; the GLITCH a mint ship with a magenta glitch-shadow, its riders on a
tag above it, over the void's near-black squares around the board; the Machine-Gun Turret a steel box on a tripod, its barrel the way it
faces, a gold badge with the ammo in it.
"""

from __future__ import annotations

from render.core import Pen, fit_font, font
from render.powerup.pieces import _pts, pips, secret
from render.powerup.style import (
    COIN,
    COIN_EDGE,
    DANGER,
    DARK_TEXT,
    DIZZY,
    FIGURE_EDGE,
    FIRE,
    FIRE_CORE,
    GLITCH,
    GLITCH_ALT,
    GOLD,
    HERO,
    MISTRESS,
    MISTRESS_EYE,
    PIECE,
    PIECE_CORE,
    PLATFORM,
    PLATFORM_DARK,
    TEAM_EDGE,
    TEXT,
    VIP,
    VOID,
    VOID_CODE,
    bug_colour,
    bug_shade,
    dimmed,
    glitch_shade,
    readable_on,
)

Point = tuple[float, float]
KINDS = ("BUGGIE", "BATBUG", "BIGBUG", "BICEFALUS", "BRASAS", "BLOB", "BUGDOZER", "BURP", "BOSS")
# the start of each type's figure ids (BG1, BB2, BIG1...), as the rules name them
PREFIX = {"BUGGIE": "BG", "BATBUG": "BB", "BIGBUG": "BIG", "BICEFALUS": "BIC", "BRASAS": "BRA", "BLOB": "BLB",
          "BUGDOZER": "BDZ", "BURP": "BRP", "BOSS": "BSS"}
# the body's width and height, of the square; BURP and BOSS are the big ones
BODY = {"BUGGIE": (0.66, 0.46), "BATBUG": (0.64, 0.44), "BIGBUG": (0.72, 0.5), "BICEFALUS": (0.6, 0.48),
        "BRASAS": (0.68, 0.46), "BLOB": (0.78, 0.5), "BUGDOZER": (0.66, 0.46), "BURP": (0.9, 0.52),
        "BOSS": (0.74, 0.52)}
LEGGED = ("BUGGIE", "BIGBUG", "BICEFALUS", "BRASAS", "BOSS")


def _nose(pen: Pen, x: float, cy: float, sq: float, side: int) -> None:
    """The white arrow the way a figure faces, its base at ``x``."""
    k = sq * 0.09
    pen.polygon(_pts([(x, cy - k), (x + side * k * 1.1, cy), (x, cy + k)]), TEAM_EDGE)


def _head(pen: Pen, x: float, y: float, r: float, shade, side: int) -> None:
    pen.circle((round(x), round(y)), r, fill=shade, outline=FIGURE_EDGE, width=1)
    pen.circle((round(x + side * r * 0.32), round(y - r * 0.22)), max(1.5, r * 0.36), fill=TEXT)
    pen.circle((round(x + side * r * 0.42), round(y - r * 0.22)), max(1.0, r * 0.16), fill=FIGURE_EDGE)


def _legs(pen: Pen, bx: float, bottom: float, w: float, sq: float, shade, thick: bool) -> None:
    line = max(2, round(sq / (14 if thick else 20)))
    foot = sq * 0.11
    for fx in (-0.34, 0.0, 0.34):
        x = bx + fx * w
        for dx in (-0.07, 0.07):
            pen.line([(round(x), round(bottom - 2)), (round(x + dx * sq), round(bottom + foot))], shade, width=line)


def _badge(pen: Pen, left: float, y: float, sq: float, text: str, fill) -> int:
    """A small tag of dark text, its left at ``left``; returns its width."""
    h = max(12, round(sq * 0.26))
    fnt = fit_font(text, max(9, round(h * 0.82)), True, round(sq * 0.42), 8)
    w = max(h, round(fnt.getlength(text)) + 8)
    x, y = round(left), round(y)
    pen.rect((x, y - h // 2, x + w, y + h // 2), fill=fill, outline=FIGURE_EDGE, width=1, radius=h // 2)
    pen.text((x + w / 2, y), text, fnt, DARK_TEXT, "mm")
    return w


def _label(pen: Pen, bx: float, top: float, w: float, h: float, sq: float, ident: str, colour, lives: int,
           most: int) -> None:
    """The id across the body, the life pips along its lower edge."""
    ink = readable_on(colour)
    fnt = fit_font(ident, round(sq * 0.28), True, round(w) - 4, 8)
    pen.text((round(bx), round(top + h * 0.42)), ident, fnt, ink, "mm")
    most = max(1, min(most, 5))
    r = max(2.0, sq * 0.047)
    pips(pen, bx, top + h - r * 0.6, r, min(lives, most), most, TEXT if ink == TEXT else DARK_TEXT)


def bug(pen: Pen, c: Point, sq: float, kind: str, ident: str, facing: str, lives: int, lives_max: int,
        stack: int = 1, dizzy: bool = False, thief: bool = False, holds_secret: bool = False) -> None:
    """A BUG centred on ``c`` in a square of ``sq`` px, facing ``facing`` (">" right)."""
    cx, cy = c
    side = 1 if facing == ">" else -1
    colour, shade = bug_colour(kind), bug_shade(kind)
    fw, fh = BODY.get(kind, (0.56, 0.42))
    w, h = fw * sq, fh * sq
    if kind in ("BLOB", "BURP"):
        cy += sq * 0.06  # they sit on the floor
    elif kind == "BATBUG":
        cy -= sq * 0.04  # it flies
    bx = cx - side * sq * (0.0 if kind in ("BURP", "BLOB", "BICEFALUS") else 0.07)
    left, top, right, bottom = bx - w / 2, cy - h / 2, bx + w / 2, cy + h / 2
    front = right if side > 0 else left
    r = sq * (0.15 if kind in ("BIGBUG", "BOSS") else 0.12)
    if kind in LEGGED:
        _legs(pen, bx, bottom, w, sq, shade, kind in ("BIGBUG", "BOSS"))
    if kind == "BATBUG":
        k = sq * 0.01
        wing = [(bx - w * 0.42, top + h * 0.4), (bx - sq * 0.4, top - sq * 0.18), (bx - sq * 0.24, top - k * 6),
                (bx - sq * 0.1, top - sq * 0.2), (bx + sq * 0.02, top - k * 4), (bx + w * 0.25, top + h * 0.4)]
        pen.polygon(_pts(wing), shade)
    elif kind == "BUGDOZER":
        tread = (round(left - sq * 0.02), round(bottom - sq * 0.04), round(right + sq * 0.02), round(bottom + sq * 0.13))
        pen.rect(tread, fill=FIGURE_EDGE, outline=shade, width=2, radius=max(3, round(sq * 0.08)))
        for fx in (-0.32, 0.0, 0.32):
            pen.circle((round(bx + fx * w), round(bottom + sq * 0.045)), sq * 0.045, fill=PLATFORM_DARK)
    elif kind == "BLOB":
        for fx, drop in ((-0.3, 0.08), (0.05, 0.12), (0.32, 0.06)):
            pen.circle((round(bx + fx * w), round(bottom + sq * drop * 0.4)), sq * drop * 0.6, fill=colour)
    elif kind == "BURP":
        for fx in (-0.3, 0.0, 0.3):
            hx, hy = round(bx + fx * w), round(top + sq * 0.02)
            pen.circle((hx, hy), sq * 0.085, fill=colour, outline=FIGURE_EDGE, width=1)
            pen.circle((hx, hy), sq * 0.045, fill=FIRE_CORE)
    radius = round(h * (0.2 if kind == "BUGDOZER" else 0.32 if kind == "BURP" else 0.48))
    pen.rect((round(left), round(top), round(right), round(bottom)), fill=colour, outline=FIGURE_EDGE, width=2,
             radius=radius)
    if kind == "BRASAS":
        for fx in (-0.28, 0.02, 0.3):
            fx0 = bx + fx * w
            pen.polygon(_pts([(fx0 - sq * 0.07, top + 2), (fx0, top - sq * 0.16), (fx0 + sq * 0.07, top + 2)]), FIRE)
            pen.polygon(_pts([(fx0 - sq * 0.035, top + 1), (fx0, top - sq * 0.07), (fx0 + sq * 0.035, top + 1)]),
                        FIRE_CORE)
    elif kind == "BOSS":
        crown = [(bx - sq * 0.16, top + 2), (bx - sq * 0.16, top - sq * 0.1), (bx - sq * 0.08, top - sq * 0.03),
                 (bx, top - sq * 0.14), (bx + sq * 0.08, top - sq * 0.03), (bx + sq * 0.16, top - sq * 0.1),
                 (bx + sq * 0.16, top + 2)]
        pen.polygon(_pts(crown), GOLD)
    if kind == "BUGDOZER":
        blade = (front + side * sq * 0.01, top - sq * 0.02, front + side * sq * 0.09, bottom + sq * 0.12)
        pen.rect((round(min(blade[0], blade[2])), round(blade[1]), round(max(blade[0], blade[2])), round(blade[3])),
                 fill=PLATFORM, outline=FIGURE_EDGE, width=1, radius=2)
        _nose(pen, front + side * sq * 0.09, cy - h * 0.1, sq, side)
    elif kind in ("BLOB", "BURP"):
        _nose(pen, front - side * 1, cy, sq, side)
    else:
        hx = front + side * r * 0.3
        if kind == "BICEFALUS":  # a second head behind: it sees both ways
            _head(pen, (left if side > 0 else right) - side * r * 0.3, cy - h * 0.12, r, shade, -side)
        if kind in ("BIGBUG", "BOSS"):  # a horn
            pen.polygon(_pts([(hx - side * r * 0.1, cy - h * 0.12 - r * 0.8), (hx + side * r * 0.5, cy - h * 0.12 - r * 2),
                              (hx + side * r * 0.7, cy - h * 0.12 - r * 0.4)]), TEXT)
        _head(pen, hx, cy - h * 0.12, r, shade, side)
        _nose(pen, hx + side * r * 0.9, cy - h * 0.12, sq, side)
    if kind == "BICEFALUS":  # between its heads
        _label(pen, bx, top, w - r * 1.8, h, sq, ident, colour, lives, lives_max)
    elif kind in ("BLOB", "BURP", "BUGDOZER") or kind not in BODY:
        _label(pen, bx, top, w, h, sq, ident, colour, lives, lives_max)
    else:  # clear of the head
        _label(pen, bx - side * r * 0.45, top, w - r * 0.9, h, sq, ident, colour, lives, lives_max)
    # badges over the square's left part (a token on the square shrinks into its top right corner)
    badge_y, x = cy - sq * 0.38, cx - sq * 0.47
    if stack > 1:
        x += _badge(pen, x, badge_y, sq, f"x{stack}", TEXT) + 2
    if dizzy:
        _badge(pen, x, badge_y, sq, "zz", DIZZY)
    carried = sq * 0.24
    back = left if side > 0 else right
    if holds_secret:
        secret(pen, (back + side * carried * 0.1, bottom - carried * 0.2), carried)
    if thief:
        loot(pen, (back + side * carried * (1.1 if holds_secret else 0.1), bottom - carried * 0.2), carried)


def loot(pen: Pen, c: Point, size: float) -> None:
    """A stolen equipment card: a small gold card with an "E"."""
    w, h = size * 0.8, size
    box = (round(c[0] - w / 2), round(c[1] - h / 2), round(c[0] + w / 2), round(c[1] + h / 2))
    pen.rect(box, fill=COIN, outline=COIN_EDGE, width=2, radius=max(2, round(size * 0.15)))
    pen.text((round(c[0]), round(c[1])), "E", font(max(8, round(size * 0.62)), True), DARK_TEXT, "mm")


def vip(pen: Pen, c: Point, sq: float, ident: str, facing: str, lives: int, lives_max: int) -> None:
    """A VIP (an NPC to protect): a peach person, a head over broad shoulders with its id and lives."""
    cx, cy = c
    side = 1 if facing == ">" else -1
    w, h = sq * 0.7, sq * 0.42
    top = cy - sq * 0.06
    r = sq * 0.14
    head_y = top - r * 0.75
    pen.rect((round(cx - w / 2), round(top), round(cx + w / 2), round(top + h)), fill=VIP, outline=FIGURE_EDGE,
             width=2, radius=round(h * 0.45))
    pen.circle((round(cx), round(head_y)), r, fill=VIP, outline=FIGURE_EDGE, width=2)
    pen.circle((round(cx + side * r * 0.45), round(head_y - r * 0.1)), max(1.5, r * 0.2), fill=FIGURE_EDGE)
    _nose(pen, cx + side * (r + 1), head_y, sq * 0.8, side)
    _label(pen, cx, top, w, h, sq, ident, VIP, lives, lives_max)


def piece(pen: Pen, c: Point, sq: float, ident: str, lives: int, lives_max: int) -> None:
    """A portal piece: a lavender crystal with its number and lives."""
    cx, cy = c
    hw, hh = sq * 0.38, sq * 0.42
    pen.polygon(_pts([(cx, cy - hh), (cx + hw, cy), (cx, cy + hh), (cx - hw, cy)]), FIGURE_EDGE)
    pen.polygon(_pts([(cx, cy - hh + 3), (cx + hw - 3, cy), (cx, cy + hh - 3), (cx - hw + 3, cy)]), PIECE)
    digits = "".join(ch for ch in ident if ch.isdigit())
    label = f"P{digits}" if digits else "P"
    pen.text((round(cx), round(cy - sq * 0.08)), label, font(max(8, round(sq * 0.26)), True), PIECE_CORE, "mm")
    most = max(1, min(lives_max, 5))
    pips(pen, cx, cy + sq * 0.16, max(2.0, sq * 0.05), min(lives, most), most, PIECE_CORE)


def mistress(pen: Pen, c: Point, sq: float, level: int, facing: str, lives: int, lives_max: int) -> None:
    """The BUGMISTRESS figure: a big black body edged gold, a gold crown, magenta eyes, "BM", her lives
    and a gold badge with her level ("L1")."""
    cx, cy = c
    side = 1 if facing == ">" else -1
    w, h = sq * 0.86, sq * 0.52
    top = cy - h / 2 + sq * 0.05
    crown = [(cx - sq * 0.22, top + 2), (cx - sq * 0.22, top - sq * 0.14), (cx - sq * 0.11, top - sq * 0.05),
             (cx, top - sq * 0.19), (cx + sq * 0.11, top - sq * 0.05), (cx + sq * 0.22, top - sq * 0.14),
             (cx + sq * 0.22, top + 2)]
    pen.polygon(_pts(crown), GOLD)
    pen.rect((round(cx - w / 2), round(top), round(cx + w / 2), round(top + h)), fill=MISTRESS, outline=GOLD, width=2,
             radius=round(h * 0.4))
    front = cx + side * w / 2
    eye = max(1.5, sq * 0.04)
    for dy in (0.28, 0.62):
        pen.circle((round(front - side * sq * 0.09), round(top + h * dy)), eye, fill=MISTRESS_EYE)
    _nose(pen, front, top + h * 0.45, sq, side)
    pen.text((round(cx - side * sq * 0.05), round(top + h * 0.42)), "BM", font(max(8, round(sq * 0.3)), True), GOLD,
             "mm")
    most = max(1, min(lives_max, 5))
    r = max(2.0, sq * 0.045)
    pips(pen, cx - side * sq * 0.05, top + h - r * 0.6, r, min(lives, most), most, GOLD)
    if level:
        _badge(pen, cx - sq * 0.47, cy - sq * 0.38, sq, f"L{level}", GOLD)


def turret(pen: Pen, c: Point, sq: float, facing: str, ammo: int) -> None:
    """The Machine-Gun Turret (co-op professions): a steel box on a tripod, its barrel the way it faces, "MG"
    on it and a gold badge with the ammo left in it."""
    cx, cy = c
    side = 1 if facing == ">" else -1
    w, h = sq * 0.5, sq * 0.3
    top = cy - h * 0.7
    bottom = top + h
    leg = max(2, round(sq / 18))
    for dx in (-0.22, 0.0, 0.22):  # the tripod
        pen.line([(round(cx), round(bottom - 2)), (round(cx + dx * sq), round(cy + sq * 0.4))], PLATFORM_DARK,
                 width=leg)
    muzzle = cx + side * (w / 2 + sq * 0.34)
    barrel = (round(min(cx, muzzle)), round(top + h * 0.32), round(max(cx, muzzle)), round(top + h * 0.62))
    pen.rect(barrel, fill=PLATFORM, outline=FIGURE_EDGE, width=1, radius=2)
    pen.rect((round(cx - w / 2), round(top), round(cx + w / 2), round(bottom)), fill=PLATFORM_DARK,
             outline=FIGURE_EDGE, width=2, radius=max(2, round(h * 0.25)))
    pen.text((round(cx), round(top + h / 2)), "MG", font(max(8, round(sq * 0.2)), True), TEXT, "mm")
    _badge(pen, cx - sq * 0.47, cy - sq * 0.38, sq, str(ammo), GOLD)


def fallen(pen: Pen, c: Point, sq: float, ident: str) -> None:
    """A BUGBUSTER down at 0 lives: its token lying flat on the floor, greyed, with a red "DOWN" tag."""
    cx, cy = c
    w, h = sq * 0.8, sq * 0.26
    top = cy + sq * 0.2 - h / 2
    colour = dimmed(HERO)
    pen.rect((round(cx - w / 2), round(top), round(cx + w / 2), round(top + h)), fill=colour, outline=FIGURE_EDGE,
             width=2, radius=round(h * 0.4))
    pen.text((round(cx), round(top + h / 2)), ident, fit_font(ident, round(sq * 0.22), True, round(w) - 8, 8),
             readable_on(colour), "mm")
    size = max(12, round(sq * 0.22))
    fnt = fit_font("DOWN", max(9, round(size * 0.78)), True, round(sq * 0.6), 8)
    half = round(fnt.getlength("DOWN") / 2) + 5
    y = round(top - size * 0.9)
    pen.rect((round(cx) - half, y - size // 2, round(cx) + half, y + size // 2), fill=DANGER, outline=FIGURE_EDGE,
             width=1, radius=size // 3)
    pen.text((round(cx), y), "DOWN", fnt, TEXT, "mm")


def glitch(pen: Pen, c: Point, sq: float, ident: str, facing: str, lives: int, lives_max: int,
           riders: tuple[str, ...] = ()) -> None:
    """The GLITCH (rb 867-875): a mint hull with a glass canopy, its nose the way it faces and a flame at its
    tail, a magenta shadow offset behind it (a glitch in the picture), "G1" and its lives on the hull; a tag
    above with who rides it (the first pilots)."""
    cx, cy = c
    side = 1 if facing == ">" else -1
    w, h = sq * 0.84, sq * 0.42
    top = cy - h * 0.3
    bottom = top + h
    nose = cx + side * w / 2
    tail = cx - side * w / 2
    hull = [(tail, top + h * 0.15), (cx + side * w * 0.22, top), (nose, top + h * 0.55), (cx + side * w * 0.22, bottom),
            (tail, bottom - h * 0.1)]
    shift = max(2.0, sq * 0.04)
    pen.polygon(_pts([(x - side * shift, y + shift) for x, y in hull]), GLITCH_ALT)
    flame = [(tail, top + h * 0.3), (tail - side * sq * 0.1, top + h * 0.55), (tail, top + h * 0.8)]
    pen.polygon(_pts(flame), FIRE)
    pen.polygon(_pts(hull), GLITCH)
    pen.line(_pts([*hull, hull[0]]), FIGURE_EDGE, width=2)
    canopy = (round(cx - sq * 0.1 + side * sq * 0.12), round(top - sq * 0.1), round(cx + sq * 0.1 + side * sq * 0.12),
              round(top + h * 0.22))
    pen.rect(canopy, fill=glitch_shade(), outline=FIGURE_EDGE, width=1, radius=max(3, round(sq * 0.06)))
    pen.circle((round(cx + side * sq * 0.17), round(top - sq * 0.04)), max(1.5, sq * 0.03), fill=TEXT)
    digits = "".join(ch for ch in ident if ch.isdigit())
    label = f"G{digits}" if digits else "G"
    pen.text((round(cx - side * sq * 0.04), round(top + h * 0.5)), label, font(max(8, round(sq * 0.2)), True),
             DARK_TEXT, "mm")
    most = max(1, min(lives_max, 5))
    r = max(2.0, sq * 0.045)
    pips(pen, cx - side * sq * 0.04, bottom - r * 1.3, r, min(lives, most), most, DARK_TEXT)
    if riders:
        text = " ".join(riders)
        fnt = fit_font(text, max(9, round(sq * 0.2)), True, round(sq * 0.9), 7)
        half = round(fnt.getlength(text) / 2) + 5
        size = max(12, round(sq * 0.22))
        y = round(top - sq * 0.24)
        pen.rect((round(cx) - half, y - size // 2, round(cx) + half, y + size // 2), fill=HERO, outline=FIGURE_EDGE,
                 width=1, radius=size // 3)
        pen.text((round(cx), y), text, fnt, DARK_TEXT, "mm")


def void_cell(pen: Pen, box: tuple[int, int, int, int], x: int, y: int) -> None:
    """A square of the void off the board (rb 679: "empty code, a void where video games converge"): near black
    with a few faint dashes of code, placed by the square's own (x, y) so that a picture never changes."""
    x0, y0, x1, y1 = box
    pen.rect((x0, y0, x1 - 1, y1 - 1), fill=VOID)
    size = x1 - x0
    seed = (x * 7 + y * 13) % 5
    w = max(1, size // 30)
    for k in range(3):
        fx = ((seed + k * 3) % 7 + 1) / 9
        fy = (k + 1) / 4 + ((seed + k) % 3 - 1) * 0.05
        length = size * (0.12 + ((seed + k) % 3) * 0.06)
        sx, sy = x0 + fx * size, y0 + fy * size
        pen.line([(round(sx - length / 2), round(sy)), (round(sx + length / 2), round(sy))], VOID_CODE, width=w)
