"""A player's hand on their private image: the powerups as cards in their colour (what each does;
the colour pays a cube of it or picks the spawnpoint), the standing Tagback Grenade answer, every
weapon held, loaded or not, with its reload cost (the top cube ringed, apart) and each effect's name,
cost and the manual's sentence; then the turn so far (the draft) and what the next choice asks."""

from __future__ import annotations

from render.adrenaline.common import INNER, MARGIN, cubes, tag, top_cube
from render.adrenaline.style import (
    AMMO_NAMES,
    DIM,
    FIGURE_EDGE,
    GOLD,
    MUTED,
    OK,
    PANEL,
    PANEL_EDGE,
    SUBPANEL,
    TEXT,
    WARN,
    ammo_colour,
    readable_on,
)
from render.core import Pen, fit_font, fit_text, font, text_width, wrap_text
from rules.adrenaline.data import game_data
from rules.adrenaline.views import PrivateView, WeaponCard

CARD_H = 58
GAP = 10
TEXT_FONT = 15
LINE = 17
EFFECT_LINES = 9
TAGBACK = {"ask": "asked each time", "never": "never thrown", "always": "always thrown"}
KIND = {"basic": "", "optional": "+ ", "alternate": "or "}
HINT = {  # a powerup in a line (the data's sentence is longer than a card)
    "targeting_scope": "+1 damage: pay 1 cube",
    "newton": "move a foe 1-2 squares",
    "tagback_grenade": "mark one who hits you",
    "teleporter": "go to any square",
}


def powerup_parts(card: str) -> tuple[str, str, str]:
    """"newton:Y" -> ("Newton", "Y", what it does)."""
    kind, _, colour = card.partition(":")
    for p in game_data().powerups:
        if p.id == kind:
            return p.name, colour, HINT.get(kind, p.text)
    return kind.replace("_", " ").title(), colour, ""


def _column(count: int) -> int:
    return (INNER - 20 - GAP * (count - 1)) // count


def _powerups(pen: Pen, view: PrivateView, y: int) -> int:
    x0 = MARGIN + 10
    pen.text((x0 + 4, y + 14), f"YOUR POWERUPS ({len(view.powerups)} of 3)", font(18, True), GOLD)
    answer = TAGBACK.get(view.tagback, view.tagback)
    pen.text((MARGIN + INNER - 14, y + 14), f"Tagback Grenade: {answer}", font(17, True), TEXT, "rm")
    top = y + 28
    if not view.powerups:
        pen.text((x0 + 4, top + 16), "no powerups in hand", font(18, True), DIM)
        return top + 36
    w = _column(3)
    for k, card in enumerate(view.powerups[:3]):
        name, colour, text = powerup_parts(card)
        fill = ammo_colour(colour)
        ink = readable_on(fill)
        x = x0 + k * (w + GAP)
        pen.rect((x, top, x + w, top + CARD_H), fill=fill, outline=FIGURE_EDGE, width=2, radius=8)
        used = pen.text((x + w - 10, top + 17), AMMO_NAMES.get(colour, colour), font(15, True), ink, "rm")
        pen.text((x + 10, top + 17), name, fit_font(name, 19, True, w - used - 28, min_size=14), ink)
        pen.text((x + 10, top + 40), text, fit_font(text, 15, True, w - 20, min_size=13), ink)
    return top + CARD_H + 8


def _effect_rows(card: WeaponCard, width: int) -> list[tuple[str, tuple[str, ...], str, list[str]]]:
    try:
        effects = game_data().weapon(card.id).effects
    except KeyError:
        return []
    fnt = font(TEXT_FONT)
    return [(e.kind, e.cost, e.name, wrap_text(e.text, fnt, width - 20, max_lines=EFFECT_LINES)) for e in effects]


def weapon_height(card: WeaponCard, w: int) -> int:
    return 62 + sum(26 + LINE * len(lines) for *_, lines in _effect_rows(card, w)) + 4


def weapon_card(pen: Pen, x: int, y: int, w: int, h: int, card: WeaponCard, loaded: bool) -> None:
    """A weapon in hand, ``h`` tall: name; loaded or not and the reload cost (its top cube ringed);
    then each effect: its name and extra cost, the manual's sentence under it."""
    pen.rect((x, y, x + w, y + h), fill=SUBPANEL, outline=OK if loaded else WARN, width=2, radius=8)
    pen.text((x + 10, y + 17), card.name, fit_font(card.name, 20, True, w - 20, min_size=14), TEXT)
    mid = y + 44
    tag(pen, x + 10 + _tag_w(loaded), mid - 13, "LOADED" if loaded else "UNLOADED", OK if loaded else WARN,
        size=14, height=26)
    rest = card.reload_cost[1:]
    rx = x + w - 10 - len(rest) * 19
    cubes(pen, rx, mid - 8, rest, 16)
    if card.reload_cost:
        rx -= 26
        top_cube(pen, rx, mid - 8, card.reload_cost[0], 16)
    pen.text((rx - 6, mid), "reload", font(14, True), MUTED, "rm")
    top = y + 62
    body = font(TEXT_FONT)
    for kind, extra, name, lines in _effect_rows(card, w):
        head = KIND.get(kind, "") + name
        room = w - 20 - len(extra) * 19 - (6 if extra else 0)
        pen.text((x + 10, top + 10), head, fit_font(head, 16, True, room, min_size=13), GOLD if kind == "basic" else TEXT)
        cubes(pen, x + w - 10 - len(extra) * 19 + 3, top + 2, extra, 16)
        for i, line in enumerate(lines):
            pen.text((x + 10, top + 30 + LINE * i), line, body, MUTED)
        top += 26 + LINE * len(lines)


def _tag_w(loaded: bool) -> int:
    return text_width("LOADED" if loaded else "UNLOADED", font(14, True)) + 18


def draw_hand(pen: Pen, view: PrivateView, y: int) -> int:
    weapons = view.weapons
    w = _column(max(3, len(weapons)))  # four while a fourth weapon waits to be swapped
    height_w = max((weapon_height(c, w) for c, _ in weapons), default=30)
    power_h = CARD_H + 8 if view.powerups else 36
    height = 8 + 28 + power_h + 26 + height_w + 10
    pen.rect((MARGIN, y, MARGIN + INNER, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=10)
    top = _powerups(pen, view, y + 8)
    loaded = sum(1 for _, ok in weapons if ok)
    pen.text((MARGIN + 14, top + 10), f"YOUR WEAPONS ({len(weapons)} of 3 · {loaded} loaded)", font(18, True), GOLD)
    top += 26
    if not weapons:
        pen.text((MARGIN + 14, top + 12), "no weapons yet: grab one at a spawnpoint", font(18, True), DIM)
    for k, (c, ok) in enumerate(weapons):
        weapon_card(pen, MARGIN + 10 + k * (w + GAP), top, w, height_w, c, ok)
    return y + height + 10


def draw_turn(pen: Pen, view: PrivateView, y: int) -> int:
    """The draft and what the next choice asks (and its options), when there is any."""
    if not (view.draft_text or view.prompt):
        return y
    fnt = font(20, True)
    rows: list[tuple[str, str, tuple]] = []
    if view.draft_text:
        rows += [("SO FAR", line, TEXT) for line in wrap_text(view.draft_text, fnt, INNER - 114, max_lines=2)]
    if view.prompt:
        rows += [("NOW", line, WARN) for line in wrap_text(view.prompt, fnt, INNER - 114, max_lines=2)]
    options = " · ".join(view.choices)
    height = 12 + 28 * len(rows) + (24 if options else 0)
    pen.rect((MARGIN, y, MARGIN + INNER, y + height), fill=SUBPANEL, outline=GOLD, width=2, radius=10)
    last = ""
    for k, (label, line, colour) in enumerate(rows):
        if label != last:
            pen.text((MARGIN + 14, y + 20 + 28 * k), label, font(17, True), MUTED)
            last = label
        pen.text((MARGIN + 100, y + 20 + 28 * k), line, fnt, colour)
    if options:
        small = font(16, True)
        line = fit_text("options: " + options, small, INNER - 114)
        pen.text((MARGIN + 100, y + 17 + 28 * len(rows)), line, small, MUTED)
    return y + height + 10

