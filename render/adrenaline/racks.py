"""The three spawnpoints' weapon racks under the map, one column each in the spawnpoint's colour
(red a2, blue c1, yellow d3): every slot's weapon with what picking it up costs and its top cube drawn
apart (ringed: it comes loaded, so it is free on pickup and paid again to reload); an empty slot
dashed and marked empty."""

from __future__ import annotations

from render.adrenaline.common import INNER, MARGIN, cost, top_cube
from render.adrenaline.style import (
    AMMO_NAMES,
    DIM,
    MUTED,
    PANEL_EDGE,
    SLOT,
    SUBPANEL,
    TEXT,
    ammo_colour,
    readable_on,
)
from render.core import Pen, fit_font, font, text_width
from rules.adrenaline.views import PublicView, WeaponCard

GAP = 10
HEAD = 32
ROW = 40
CUBE = 18


def cost_width(card: WeaponCard) -> int:
    pickup = len(card.pickup_cost) * (CUBE + 3) + 4 if card.pickup_cost else text_width("free", font(15, True)) + 8
    return pickup + (CUBE + 6 if card.reload_cost else 0)


def weapon_row(pen: Pen, x: int, y: int, w: int, card: WeaponCard | None, h: int = ROW - 6) -> None:
    """One slot: the weapon's name left, its cost right; an empty slot dashed."""
    if card is None:
        for k in range(0, w, 14):
            pen.line([(x + k, y), (x + min(k + 7, w), y)], DIM, width=2)
            pen.line([(x + k, y + h), (x + min(k + 7, w), y + h)], DIM, width=2)
        pen.text((x + w / 2, y + h / 2), "empty", font(16, True), DIM, "mm")
        return
    pen.rect((x, y, x + w, y + h), fill=SUBPANEL, radius=6)
    cw = cost_width(card)
    room = w - cw - 20
    fnt = fit_font(card.name, 18, True, room, min_size=14)
    pen.text((x + 8, y + h / 2), card.name, fnt, TEXT)
    cost(pen, x + w - cw - 6, y + (h - CUBE) / 2, card.pickup_cost, card.reload_cost[0] if card.reload_cost else None,
         CUBE)


def draw_racks(pen: Pen, view: PublicView, y: int, compact: bool = False) -> int:
    """The racks side by side, and a key to their costs; returns the y below them."""
    spawns = sorted(view.spawns, key=lambda s: "RBY".index(s.colour) if s.colour in "RBY" else 3)
    if not spawns:
        return y
    col_w = (INNER - GAP * (len(spawns) - 1)) // len(spawns)
    rows = max(len(s.weapons) for s in spawns)
    row = ROW - 4 if compact else ROW
    height = HEAD + 8 + rows * row
    for k, spawn in enumerate(spawns):
        x = MARGIN + k * (col_w + GAP)
        fill = ammo_colour(spawn.colour)
        pen.rect((x, y, x + col_w, y + height), fill=SLOT, radius=8)
        pen.rect((x, y, x + col_w, y + HEAD), fill=fill, radius=8)
        title = f"{AMMO_NAMES.get(spawn.colour, spawn.colour).upper()} SPAWN · {spawn.square}"
        pen.text((x + col_w / 2, y + HEAD / 2), title, font(17, True), readable_on(fill), "mm")
        for i, card in enumerate(spawn.weapons):
            weapon_row(pen, x + 5, y + HEAD + 6 + i * row, col_w - 10, card, row - 6)
    y += height + 6
    if compact:
        return y + 4
    fnt = font(15, True)
    x = MARGIN
    x += pen.text((x, y + 10), "Weapons: cubes = cost to pick up;", fnt, MUTED) + 8
    x = top_cube(pen, x, y + 1, "R", 16) + 6
    pen.text((x, y + 10), "= its top cube: comes loaded, paid again to reload", fnt, MUTED)
    pen.line([(MARGIN, y + 26), (MARGIN + INNER, y + 26)], PANEL_EDGE, width=1)
    return y + 32
