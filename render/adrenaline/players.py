"""The player boards, one row each: the figure, its person, the first-player marker, whose turn, who
is waited for, killed or not yet spawned, the score; the 12 damage slots filled in the order the
tokens landed, each in the attacker's figure colour, slots 3 and 6 ringed gold (adrenaline actions),
slot 11 the killshot, slot 12 the overkill; the marks by attacker; the skulls on the board and what
it is worth now (or its frenzy side); the ammo box (3 places a colour); the weapons (loaded counted,
or named with open weapons; unloaded named: they lie face up) and the powerups counted."""

from __future__ import annotations

from render.adrenaline.common import INNER, MARGIN, chip, powerup_mark, seat_colour, skull, tag
from render.adrenaline.style import (
    DANGER,
    DIM,
    FIGURE_EDGE,
    GOLD,
    MUTED,
    OK,
    PANEL,
    PANEL_EDGE,
    SEEN_EDGE,
    SKULL,
    SLOT,
    TAG_GRAY,
    TEXT,
    WARN,
    ammo_colour,
)
from render.core import Names, Pen, display_name, fit_text, font
from rules.adrenaline.views import PlayerView, PublicView

ROW_H = 88
SLOTS = 12
SLOT_PX = 26
STEP = 29
ADRENALINE = (3, 6)  # damage that unlocks the adrenaline actions
KILLSHOT, OVERKILL = 11, 12


def _tags(view: PublicView, p: PlayerView) -> list[tuple[str, tuple]]:
    tags = []
    if p.first:
        tags.append(("1ST PLAYER", TAG_GRAY))
    if p.square is None:
        tags.append(("NOT SPAWNED", TAG_GRAY))
    if p.killed:
        tags.append(("KILLED", DANGER))
    if p.seat == view.turn and not view.over:
        tags.append(("TURN", GOLD))
    elif p.seat in view.waiting and not view.over:
        tags.append(("WAITED FOR", WARN))
    return tags


def damage_track(pen: Pen, view: PublicView, x: int, cy: float, damage: tuple[int, ...]) -> int:
    """The 12 slots from ``x``; returns the x after them."""
    top = round(cy - SLOT_PX / 2)
    for k in range(1, SLOTS + 1):
        left = x + (k - 1) * STEP
        box = (left, top, left + SLOT_PX - 1, top + SLOT_PX - 1)
        if k in ADRENALINE:
            pen.rect((left - 3, top - 3, left + SLOT_PX + 2, top + SLOT_PX + 2), fill=GOLD, radius=6)
        elif k >= KILLSHOT:
            pen.rect((left - 3, top - 3, left + SLOT_PX + 2, top + SLOT_PX + 2), fill=DANGER, radius=6)
        if k <= len(damage):
            pen.rect(box, fill=seat_colour(view, damage[k - 1]), outline=FIGURE_EDGE, width=2, radius=4)
        else:
            pen.rect(box, fill=SLOT, radius=4)
            if k in ADRENALINE:
                pen.text((left + SLOT_PX / 2, cy), str(k), font(15, True), GOLD, "mm")
            elif k == KILLSHOT:
                skull(pen, left + SLOT_PX / 2, cy, 20, SKULL)
            elif k == OVERKILL:
                skull(pen, left + SLOT_PX / 2, cy, 20, DANGER)
    return x + SLOTS * STEP


def marks(pen: Pen, view: PublicView, x: int, cy: float, p: PlayerView) -> int:
    fnt = font(17, True)
    given = [(seat, n) for seat, n in enumerate(p.marks) if n]
    if not given:
        return x + pen.text((x, cy), "no marks", font(16, True), DIM)
    x += pen.text((x, cy), "marks", font(16, True), MUTED) + 6
    for seat, n in given:
        pen.circle((x + 9, cy), 9, fill=seat_colour(view, seat), outline=FIGURE_EDGE, width=2)
        x += 20
        x += pen.text((x, cy), f"×{n}", fnt, TEXT) + 8
    return x


def worth(pen: Pen, right: int, cy: float, p: PlayerView) -> int:
    """The skulls on the board and what it pays now, right-aligned at ``right``; returns its left."""
    fnt = font(18, True)
    values = "-".join(str(v) for v in p.values) or "0"
    if p.frenzy:
        right -= pen.text((right, cy), values, fnt, TEXT, "rm") + 6
        return right - tag(pen, right, cy - 13, "FRENZY SIDE", DANGER, size=14, height=26)
    right -= pen.text((right, cy), values, fnt, TEXT, "rm") + 6
    right -= pen.text((right, cy), "pays", font(16, True), MUTED, "rm") + 8
    for _ in range(p.skulls):
        skull(pen, right - 10, cy, 22)
        right -= 22
    return right


def ammo_box(pen: Pen, x: int, cy: float, counts: tuple[int, int, int]) -> int:
    """Three places per colour, filled by the cubes held."""
    for letter, n in zip("RBY", counts, strict=True):
        for k in range(3):
            box = (x, round(cy - 8), x + 16, round(cy + 8))
            if k < n:
                pen.rect(box, fill=ammo_colour(letter), outline=FIGURE_EDGE, width=2, radius=3)
            else:
                pen.rect(box, fill=SLOT, radius=3)
            x += 19
        x += 8
    return x


def hand(pen: Pen, view: PublicView, x: int, right: int, cy: float, p: PlayerView) -> None:
    fnt, label = font(17, True), font(16, True)
    right -= pen.text((right, cy), f"×{p.powerup_count}", fnt, TEXT, "rm") + 4
    right -= powerup_mark(pen, right - 15, cy - 11, 22) + 8
    right -= 4
    loaded = ", ".join(w.name for w in p.loaded) if p.loaded else ""
    x += pen.text((x, cy), "loaded", label, MUTED) + 6
    x += pen.text((x, cy), loaded or str(p.loaded_count), fnt, OK if p.loaded_count else DIM)
    if p.loaded and len(p.loaded) < p.loaded_count:
        x += pen.text((x, cy), f" +{p.loaded_count - len(p.loaded)}", fnt, OK)
    x += 14
    if p.unloaded:
        x += pen.text((x, cy), "unloaded", label, MUTED) + 6
        text = ", ".join(w.name for w in p.unloaded)
        pen.text((x, cy), fit_text(text, fnt, right - x), fnt, WARN)


def board_row(pen: Pen, view: PublicView, p: PlayerView, top: int, names: Names, me: int | None) -> None:
    x0, right = MARGIN + 14, MARGIN + INNER - 14
    mid = top + 17
    ring = SEEN_EDGE if me is not None and p.seat == me else None
    chip(pen, x0 + 16, mid, 16, p.colour, p.name, killed=p.killed, ring=ring)
    score_font = font(26, True)
    used = pen.text((right, mid), "pts", font(16, True), MUTED, "rm")
    r = right - used - 4
    r -= pen.text((r, mid), str(p.score), score_font, GOLD, "rm") + 12
    for text, colour in reversed(_tags(view, p)):
        r -= tag(pen, r, mid - 14, text, colour, size=15, height=28) + 6
    name_font = font(22, True)
    x = x0 + 42
    x += pen.text((x, mid), p.name, name_font, TEXT) + 10
    person = display_name(names, p.seat)
    if person and r - x > 40:
        pen.text((x, mid), fit_text(person, name_font, r - x - 10), name_font, MUTED)
    line2 = top + 48
    x = damage_track(pen, view, x0, line2, p.damage) + 10
    left = worth(pen, right, line2, p)
    if left - x > 60:
        marks(pen, view, x, line2, p)
    line3 = top + 76
    x = ammo_box(pen, x0, line3, p.cubes) + 6
    hand(pen, view, x, right, line3, p)


def draw_players(pen: Pen, view: PublicView, y: int, names: Names, me: int | None = None) -> int:
    count = len(view.players)
    height = 38 + ROW_H * count
    pen.rect((MARGIN, y, MARGIN + INNER, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=10)
    pen.text((MARGIN + 14, y + 20), "PLAYER BOARDS", font(18, True), MUTED)
    key = font(15, True)
    kx = MARGIN + INNER - 14
    kx -= pen.text((kx, y + 20), "12 overkill", key, MUTED, "rm") + 4
    skull(pen, kx - 10, y + 20, 18, DANGER)
    kx -= 26
    kx -= pen.text((kx, y + 20), "11 killshot ·", key, MUTED, "rm") + 4
    skull(pen, kx - 10, y + 20, 18, SKULL)
    kx -= 26
    pen.text((kx, y + 20), "3 / 6 adrenaline ·", key, GOLD, "rm")
    for k, p in enumerate(view.players):
        top = y + 34 + ROW_H * k
        if k:
            pen.line([(MARGIN + 14, top - 2), (MARGIN + INNER - 14, top - 2)], PANEL_EDGE, width=1)
        board_row(pen, view, p, top + 4, names, me)
    return y + height + 10
