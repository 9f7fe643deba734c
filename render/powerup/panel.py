"""The public board's panels around the grid: the sequence strip (sequence and round, the turn card's
mark, the last roll's dice, the order of play this sequence with the INITIATIVE cards dealt for ties,
whose turn it is with its AP, who has played) and the BUGBUSTERs, one card each, RED's team in the
left column and BLU's in the right (lives, RP, ammo, armor, attack dice, POW! cards in hand, coins,
captures, kills and deaths, EPIC, equipped items). In co-op there are no teams: the cards go by seat,
left and right in turn, and show points where DEATHMATCH shows captures, and "DOWN" on a fallen one."""

from __future__ import annotations

from render.core import Names, Pen, display_name, fit_text, font, text_width
from render.powerup.common import INNER, MARGIN, buster, tag
from render.powerup.pieces import die
from render.powerup.style import (
    ACTIVE,
    DANGER,
    DARK_TEXT,
    DIM,
    FIGURE_EDGE,
    GOLD,
    HALO,
    LETTER,
    MUTED,
    OK,
    PANEL,
    PANEL_EDGE,
    POWER_ON,
    SLOT,
    SUBPANEL,
    TAG_GRAY,
    TEAM_EDGE,
    TEXT,
    dimmed,
    readable_on,
    team_colour,
    team_ink,
)
from rules.powerup.board import name
from rules.powerup.data import HAND
from rules.powerup.views import BusterView, FigureView, PublicView

DIE_PX = 30


def chip(pen: Pen, x: float, cy: float, team: str, ident: str, faded: bool = False, h: int = 26) -> int:
    """A small BUGBUSTER token with its id, its left at ``x``; returns its width."""
    fnt = font(round(h * 0.6), True)
    w = text_width(ident, fnt) + 14
    colour = team_colour(team)
    if faded:
        colour = dimmed(colour)
    pen.rect((round(x), round(cy - h / 2), round(x) + w, round(cy + h / 2)), fill=colour, outline=TEAM_EDGE, width=2,
             radius=h // 3)
    pen.text((round(x) + w / 2, round(cy)), ident, fnt, readable_on(colour), "mm")
    return w


def _sheet(view: PublicView, seat: int) -> tuple[str, str]:
    b = buster(view, seat)
    return (b.team, b.sheet) if b else ("", f"S{seat + 1}")


def sequence_strip(pen: Pen, view: PublicView, y: int) -> int:
    """Sequence and round, the turn card's mark, the last roll (on its own row when the first is
    full); the order of play. Nothing before play has an order or a roll."""
    if not (view.order or view.last_roll or view.sequence):
        return y
    label_font = font(15, True)
    x0, right = MARGIN + 14, MARGIN + INNER - 14
    x = x0
    parts: list[tuple[str, object, tuple]] = []
    if view.sequence:
        parts += [(f"SEQUENCE {view.sequence}", font(20, True), GOLD), (f"round {view.round}", font(18, True), MUTED)]
    for text, fnt, _ in parts:
        x += text_width(text, fnt) + 12
    mark = "RELIGHT · POWERUPs back on" if view.mark == "relight" else view.mark.upper()
    if mark:
        x += text_width(mark, label_font) + 18 + 10
    step = DIE_PX + 5
    dice_w = text_width("LAST ROLL", label_font) + 10 + step * len(view.last_roll)
    own_row = bool(view.last_roll) and x + 20 + dice_w > right
    height = 16 + 36 + (40 if own_row else 0) + (44 if view.order else 0)
    pen.rect((MARGIN, y, MARGIN + INNER, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=10)
    mid = y + 8 + 18
    x = x0
    for text, fnt, colour in parts:
        x += pen.text((x, mid), text, fnt, colour) + 12
    if mark:
        tag(pen, x + text_width(mark, label_font) + 18, mid - 13, mark, POWER_ON, size=15, height=26)
    if view.last_roll:
        roll_mid = mid + 40 if own_row else mid
        if own_row:
            shown = view.last_roll[: max(1, (right - x0 - 100) // step)]
            left = x0 + pen.text((x0, roll_mid), "LAST ROLL", label_font, MUTED) + 10
        else:
            shown = view.last_roll
            left = right - step * len(shown) + 5
            pen.text((left - 10, roll_mid), "LAST ROLL", label_font, MUTED, "rm")
        for k, (colour, face) in enumerate(shown):
            die(pen, left + k * step, roll_mid - DIE_PX / 2, DIE_PX, colour, face)
        if len(shown) < len(view.last_roll):
            pen.text((left + step * len(shown) + 4, roll_mid), f"+{len(view.last_roll) - len(shown)}", label_font,
                     MUTED)
    if view.order:
        _order(pen, view, x0, y + height - 8 - 22)
    return y + height + 10


def played_seats(view: PublicView) -> set[int]:
    """Seats that have played this sequence (co-op: those not still to play)."""
    if view.coop is not None:
        return {b.seat for b in view.busters if b.sheet not in view.coop.to_play}
    return {b.seat for b in view.busters if b.played}


def _order(pen: Pen, view: PublicView, x: int, mid: int) -> None:
    pen.text((x, mid), "ORDER", font(16, True), MUTED)
    x += 66
    played = played_seats(view)
    for k, seat in enumerate(view.order):
        team, ident = _sheet(view, seat)
        active = seat == view.active
        done = seat in played and not active
        if k:
            pen.text((x + 2, mid), "›", font(20, True), DIM, "lm")
            x += 16
        if active:
            w = chip(pen, x + 3, mid, team, ident)
            pen.rect((x - 1, mid - 17, x + w + 7, mid + 17), fill=None, outline=ACTIVE, width=3, radius=11)
            x += w + 12
            x += pen.text((x, mid), f"{view.ap} AP", font(17, True), GOLD) + 4
        else:
            x += chip(pen, x, mid, team, ident, faded=done) + 4
            if done:
                x += pen.text((x, mid), "✓", font(16, True), OK) + 2
        card = view.initiative[k] if k < len(view.initiative) else 0
        if card:
            pen.rect((x + 2, mid - 12, x + 20, mid + 12), fill=TEXT, outline=FIGURE_EDGE, width=1, radius=3)
            pen.text((x + 11, mid), str(card), font(14, True), DARK_TEXT, "mm")
            x += 22
        x += 6
    if any(view.initiative):
        right = MARGIN + INNER - 14
        small = font(13, True)
        right -= pen.text((right, mid), "INITIATIVE card", small, DIM, "rm") + 4
        pen.rect((right - 14, mid - 9, right, mid + 9), fill=TEXT, outline=FIGURE_EDGE, width=1, radius=2)


# --- the BUGBUSTERs ----------------------------------------------------------------------------------

COLUMN = (INNER - 20 - 10) // 2
LINE = 25


def _items(b: BusterView) -> list[str]:
    return [f"{i.name}: {i.text}" if i.text else f"{i.name} ({i.slot})" for i in b.equipped]


def robot_status(view: PublicView) -> list[tuple[str, str]]:
    """(team, where its robot is): "home", "carried by RAY", "fallen at D4"."""
    out = []
    for f in view.figures:
        if f.kind != "robot":
            continue
        if f.carried_by:
            where = f"carried by {f.carried_by}"
        elif f.home:
            where = "home"
        else:
            where = f"fallen at {name((f.x, f.y))}"
        out.append((f.team, where))
    return sorted(out)


def _figure(view: PublicView, ident: str) -> FigureView | None:
    return next((f for f in view.figures if f.id == ident), None)


def _notes(view: PublicView, b: BusterView) -> list[tuple[str, tuple]]:
    """What the board shows on the figure, in words: in the air, protected, what it carries, timed
    effects."""
    f = _figure(view, b.sheet)
    notes: list[tuple[str, tuple]] = []
    if f is None:
        return notes
    if f.in_air:
        notes.append(("in the air", TEXT))
    if f.protected:
        notes.append(("protected", HALO))
    if f.cargo:
        cargo = _figure(view, f.cargo)
        what = f"the {cargo.team} robot" if cargo is not None and cargo.kind == "robot" else f.cargo
        notes.append((f"carries {what}", team_ink(cargo.team) if cargo is not None and cargo.team else TEXT))
    shown = [e for e in f.effects if e != "EPIC"]  # EPIC has its own tag on the card
    if shown:
        notes.append((", ".join(shown), OK))
    if view.coop is not None and 0 <= b.seat < len(view.coop.professions) and view.coop.professions[b.seat]:
        notes.append((view.coop.professions[b.seat], MUTED))  # co-op professions: its sheet's side
    return notes


def _card_height(view: PublicView, b: BusterView) -> int:
    return (14 + 30 + 3 * LINE + 21 * max(1, len(b.equipped)) + (21 if b.owned else 0)
            + (21 if _notes(view, b) else 0) + 8)


def busters_panel(pen: Pen, view: PublicView, y: int, names: Names, me: int | None = None) -> int:
    """One card per BUGBUSTER: RED's team on the left, BLU's on the right."""
    if not view.busters:
        return y
    if view.coop is not None:
        columns = [list(view.busters[0::2]), list(view.busters[1::2])]
    else:
        columns = [[b for b in view.busters if b.team == "RED"], [b for b in view.busters if b.team != "RED"]]
    rows = max(len(c) for c in columns)
    heights = [max((_card_height(view, c[r]) for c in columns if r < len(c)), default=0) for r in range(rows)]
    height = 34 + sum(heights) + 8 * rows
    pen.rect((MARGIN, y, MARGIN + INNER, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=10)
    pen.text((MARGIN + 14, y + 18), "BUGBUSTERS", font(18, True), MUTED)
    small = font(15, True)
    right = MARGIN + INNER - 14
    for team, where in reversed(robot_status(view)):
        right -= pen.text((right, y + 18), f"{team} robot {where}", small, team_ink(team), "rm") + 16
    for c, column in enumerate(columns):
        top = y + 34
        for r, b in enumerate(column):
            x = MARGIN + 10 + c * (COLUMN + 10)
            _card(pen, view, b, x, top, heights[r], names, me)
            top += heights[r] + 8
    return y + height + 10


def _card(pen: Pen, view: PublicView, b: BusterView, x: int, top: int, height: int, names: Names,
          me: int | None) -> None:
    w = COLUMN
    active = b.seat == view.active
    edge = ACTIVE if active else team_colour(b.team) if me == b.seat else PANEL_EDGE
    pen.rect((x, top, x + w, top + height), fill=SUBPANEL, outline=edge, width=3 if active or me == b.seat else 1,
             radius=8)
    x0, right = x + 10, x + w - 10
    mid = top + 8 + 15
    used = chip(pen, x0, mid, b.team, b.sheet, faded=b.lives <= 0, h=28) + 8
    tags: list[tuple[str, tuple]] = []
    down = view.coop is not None and b.lives <= 0
    if active:
        tags.append((f"TURN · {view.ap} AP", ACTIVE))
    elif down:
        tags.append(("DOWN", DANGER))
    elif b.seat in played_seats(view):
        tags.append(("PLAYED ✓", TAG_GRAY))
    if b.epic:
        tags.append(("EPIC", LETTER["*"]))
    r = right
    for text, colour in reversed(tags):
        r -= tag(pen, r, mid - 12, text, colour, size=13, height=24) + 4
    fnt = font(18, True)
    name = display_name(names, b.seat)
    label = b.label if b.label else b.sheet
    room = r - (x0 + used) - 6
    text = f"{label} · {name}" if name else label
    pen.text((x0 + used, mid), fit_text(text, fnt, room), fnt, team_ink(b.team))
    small, value = font(15, True), font(17, True)
    line = top + 8 + 30 + 12
    xx = x0
    heart = font(19, True)
    for k in range(min(max(3, b.lives), 6)):
        xx += pen.text((xx, line), "♥", heart, DANGER if k < b.lives else SLOT) + 1
    xx += 12
    for label_, text_, colour in (("RP", f"{b.rp}/{b.rp_max}", TEXT), ("AMMO", f"{b.ammo}/{b.ammo_max}", TEXT),
                                  ("ARMOR", str(b.armor), TEXT)):
        xx += pen.text((xx, line), label_, small, MUTED) + 4
        xx += pen.text((xx, line), text_, value, colour if text_[:2] != "0/" else DANGER) + 12
    pen.text((xx, line), f"${b.coins}", value, GOLD)
    line += LINE
    xx = x0
    for label_, text_ in (("MELEE", b.melee or "—"), ("RANGED", b.ranged or "—")):
        xx += pen.text((xx, line), label_, small, MUTED) + 4
        xx += pen.text((xx, line), text_, value, TEXT) + 12
    xx += pen.text((xx, line), "POW!", small, MUTED) + 4
    pen.text((xx, line), f"{b.hand_size}/{HAND}", value, TEXT)
    line += LINE
    if view.coop is not None:
        points = view.coop.points[b.seat] if 0 <= b.seat < len(view.coop.points) else 0
        stats = f"points {points} · kills {b.kills} · deaths {b.deaths}"
    else:
        stats = f"captures {b.captures} · kills {b.kills} · deaths {b.deaths}"
    pen.text((x0, line), stats, small, MUTED)
    line += LINE - 2
    body = font(14, True)
    notes = _notes(view, b)
    if notes:
        xx = x0
        for text, colour in notes:
            if right - xx < 40:
                break
            xx += pen.text((xx, line), fit_text(text, body, right - xx), body, colour) + 14
        line += 21
    items = _items(b)
    if not items:
        pen.text((x0, line), "nothing equipped", body, DIM)
    small = font(12)
    for k, item in enumerate(items):  # a long weapon line in a smaller face before it is cut
        face = body if body.getlength(item) <= w - 20 else small
        pen.text((x0, line + 21 * k), fit_text(item, face, w - 20), face, TEXT)
    if b.owned:
        owned = "also owns: " + ", ".join(i.name for i in b.owned)
        pen.text((x0, line + 21 * max(1, len(items))), fit_text(owned, body, w - 20), body, MUTED)
