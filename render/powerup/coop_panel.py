"""The co-op (ARCADE) panel under the board, in place of what only DEATHMATCH has (teams, robots,
captures): the stage (the BUGs' turn and the BUG acting, who goes next, a BUGBUSTER's turn, a CONTINUE),
the BURPs on the board against their limit, the CONTINUE cost; the Event in force; the AI's cards drawn
face up this BUG turn, the BUG deck, discard and a human BUGMISTRESS's hand by their sizes; the store's
market (name and price) and its price card; each BUGBUSTER's points and whether it is still to play,
has played or is down; the primary targets' squares (marked red on the board). Then the nine BUG
sheets, three across: the active ones framed in their BUG's colour, the inactive ones dimmed but
readable (actions, armor, lives, melee, ranged, spawn cost, abilities).

A private screen shows the first part alone (``sheets=False``)."""

from __future__ import annotations

from render.core import Names, Pen, fit_text, font, text_width
from render.powerup.bugs import KINDS, bug
from render.powerup.common import INNER, MARGIN, STAGE, acting, seat_label
from render.powerup.style import (
    ACTIVE,
    DANGER,
    DARK_TEXT,
    DIM,
    GOLD,
    HERO,
    MUTED,
    OK,
    PANEL,
    PANEL_EDGE,
    SUBPANEL,
    TAG_GRAY,
    TARGET,
    TEXT,
    bug_colour,
    readable_on,
)
from rules.powerup.views import CoopView, PublicView, SheetView

ROW = 34
LABEL = 118  # the labels' column
PRICE_NAMES = {"ammo": "ammo", "life": "life", "reset_market": "new market", "switch_on": "switch ON"}

Segment = tuple[str, str, tuple, tuple]  # ("text" | "chip", text, colour, chip ink)


def _flow(label: str, segments: list[Segment], width: int) -> list[tuple[str, list[tuple[int, Segment]]]]:
    """Segments laid left to right in lines ``width`` wide, the label on the first line only."""
    lines: list[tuple[str, list[tuple[int, Segment]]]] = [(label, [])]
    x = 0
    for seg in segments:
        w = _width(seg)
        if x + w > width and lines[-1][1]:
            lines.append(("", []))
            x = 0
        lines[-1][1].append((x, seg))
        x += w + (10 if seg[0] == "chip" else 14)
    return lines


FONT = 17


def _width(seg: Segment) -> int:
    return text_width(seg[1], font(FONT, True)) + (16 if seg[0] == "chip" else 0)


def _stage(view: PublicView, c: CoopView, names: Names) -> tuple[str, tuple, list[Segment]]:
    """The stage's tag, its colour and what follows it."""
    tag, colour = STAGE.get(c.stage, (c.stage.upper(), TAG_GRAY))
    words: list[Segment] = []
    if c.stage == "bug":
        words.append(("text", f"{acting(view)} acts" if acting(view) else "the BUGMISTRESS plays the BUGs", TEXT, TEXT))
    elif c.stage == "next":
        words.append(("text", "to play:", MUTED, MUTED))
        words += [("chip", ident, HERO, DARK_TEXT) for ident in c.to_play]
    elif c.stage == "turn" and view.active >= 0:
        tag = f"{seat_label(view, view.active)}'S TURN"
        words.append(("text", f"{view.ap} AP left", GOLD, GOLD))
    elif c.stage == "continue":
        words.append(("text", f"${c.continue_cost} brings a BUGBUSTER back", GOLD, GOLD))
    if c.offer:  # a CONTINUE offered, waiting on its payers
        words.append(("text", f"CONTINUE: {c.offer}", GOLD, GOLD))
    elif c.stage == "over" or c.result:
        won = c.result == "won"
        tag, colour = ("MISSION DONE", OK) if won else ("MISSION FAILED", DANGER) if c.result == "lost" else (tag, colour)
    return tag, colour, words


def _lines(view: PublicView, c: CoopView, names: Names, width: int) -> list[tuple[str, list[tuple[int, Segment]]]]:
    lines = []
    event = [("chip", c.event, DANGER, TEXT)] if c.event else [("text", "none", DIM, DIM)]
    lines += _flow("EVENT", event, width)
    cards: list[Segment] = [("chip", name, PANEL_EDGE, TEXT) for name in c.face_up] or [("text", "none", DIM, DIM)]
    cards.append(("text", f"deck {c.deck} · discard {c.discard} · her hand {c.hand_size}", MUTED, MUTED))
    lines += _flow("AI CARDS", cards, width)
    market: list[Segment] = [("chip", f"{name} ${price}", SUBPANEL, TEXT) for _, name, price in c.market]
    lines += _flow("STORE", market or [("text", "empty", DIM, DIM)], width)
    prices = " · ".join(f"{PRICE_NAMES.get(k, k.replace('_', ' '))} ${v}" for k, v in c.prices)
    lines += _flow("PRICES", [("text", prices or "—", TEXT, TEXT)], width)
    crew: list[Segment] = []
    for b in view.busters:
        points = c.points[b.seat] if 0 <= b.seat < len(c.points) else 0
        down = b.sheet in c.fallen or b.lives <= 0
        state = ("DOWN", DANGER) if down else ("TURN", ACTIVE) if b.seat == view.active else (
            ("to play", MUTED) if b.sheet in c.to_play else ("played ✓", OK))
        crew += [("chip", b.sheet, TAG_GRAY if down else HERO, TEXT if down else DARK_TEXT),
                 ("text", f"{points} pts {state[0]}", state[1], state[1])]
    lines += _flow("CREW", crew or [("text", "—", DIM, DIM)], width)
    npcs = [("text", f"{b.id} {b.moves} move{'s' if b.moves != 1 else ''}", TEXT, TEXT) for b in c.bugs
            if b.kind == "NPC"]
    if npcs:
        lines += _flow("NPC MOVES", npcs, width)
    targets = [("text", " ".join(c.primary) if c.primary else "none", TARGET if c.primary else DIM, TEXT)]
    lines += _flow("TARGETS", targets, width)
    return lines


def coop_panel(pen: Pen, view: PublicView, y: int, names: Names, sheets: bool = True) -> int:
    """The co-op panel (and the BUG sheets under it when ``sheets``); nothing in DEATHMATCH. Returns
    the y below."""
    c = view.coop
    if c is None:
        return y
    x0, right = MARGIN + 14, MARGIN + INNER - 14
    width = right - (x0 + LABEL)
    tag, colour, words = _stage(view, c, names)
    lines = _lines(view, c, names, width)
    height = 12 + 40 + ROW * len(lines) + 8
    pen.rect((MARGIN, y, MARGIN + INNER, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=10)
    mid = y + 12 + 18
    big = font(20, True)
    w = text_width(tag, big) + 20
    pen.rect((x0, mid - 16, x0 + w, mid + 16), fill=colour, radius=8)
    pen.text((x0 + w / 2, mid), tag, big, readable_on(colour), "mm")
    r = right
    fnt = font(FONT, True)
    r -= pen.text((r, mid), f"CONTINUE ${c.continue_cost}", fnt, GOLD, "rm") + 16
    burps = f"BURPs {c.burps}/{c.burp_limit}"
    r -= _chip(pen, r - _width(("chip", burps, (), ())), mid, burps, bug_colour("BURP"), TEXT) + 12
    x = x0 + w + 12
    for seg in words:
        if r - x < 40:
            break
        x += _segment(pen, x, mid, seg, r - x) + (10 if seg[0] == "chip" else 14)
    top = y + 12 + 40
    small = font(15, True)
    for k, (label, segs) in enumerate(lines):
        mid = top + ROW * k + ROW // 2
        if label:
            pen.text((x0, mid), label, small, MUTED)
        for dx, seg in segs:
            _segment(pen, x0 + LABEL + dx, mid, seg, width - dx)
    y += height + 10
    return sheet_grid(pen, c.sheets, y) if sheets else y


def _chip(pen: Pen, x: float, mid: float, text: str, fill, ink, room: int | None = None) -> int:
    fnt = font(FONT, True)
    shown = fit_text(text, fnt, room - 16) if room is not None else text
    w = text_width(shown, fnt) + 16
    pen.rect((round(x), round(mid - 14), round(x) + w, round(mid + 14)), fill=fill, outline=PANEL_EDGE, width=1,
             radius=7)
    pen.text((round(x) + w / 2, round(mid)), shown, fnt, ink, "mm")
    return w


def _segment(pen: Pen, x: float, mid: float, seg: Segment, room: int | None = None) -> int:
    kind, text, colour, ink = seg
    if kind == "chip":
        return _chip(pen, x, mid, text, colour, ink, room)
    fnt = font(FONT, True)
    return pen.text((x, mid), fit_text(text, fnt, room) if room is not None else text, fnt, colour)


# --- the BUG sheets ----------------------------------------------------------------------------------

CARD_H = 108
GAP = 8


def sheet_grid(pen: Pen, sheets: tuple[SheetView, ...], y: int) -> int:
    """The BUG sheets, three across, in the rulebook's order (KINDS), the active ones framed."""
    if not sheets:
        return y
    order = {k: i for i, k in enumerate(KINDS)}
    shown = sorted(sheets, key=lambda s: (order.get(s.id, len(KINDS)), s.id))
    rows = (len(shown) + 2) // 3
    height = 36 + rows * (CARD_H + GAP) + 4
    pen.rect((MARGIN, y, MARGIN + INNER, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=10)
    pen.text((MARGIN + 14, y + 19), "BUG SHEETS", font(18, True), MUTED)
    pen.text((MARGIN + INNER - 14, y + 19), "framed: in play · dimmed: not yet", font(15, True), DIM, "rm")
    w = (INNER - 20 - 2 * GAP) // 3
    for k, sheet in enumerate(shown):
        x = MARGIN + 10 + (k % 3) * (w + GAP)
        _sheet(pen, sheet, x, y + 36 + (k // 3) * (CARD_H + GAP), w)
    return y + height + 10


def _sheet(pen: Pen, s: SheetView, x: int, top: int, w: int) -> None:
    colour = bug_colour(s.id)
    on = s.active
    pen.rect((x, top, x + w, top + CARD_H), fill=SUBPANEL, outline=colour if on else PANEL_EDGE, width=3 if on else 1,
             radius=8)
    bug(pen, (x + 30, top + 28), 46, s.id, "", ">", s.lives, s.lives)
    ink, soft = (TEXT, MUTED) if on else (MUTED, DIM)
    name = font(18, True)
    left = x + 62
    room = w - 62 - 8
    if on:
        state = font(13, True)
        tw = text_width("IN PLAY", state) + 12
        pen.rect((x + w - 8 - tw, top + 10, x + w - 8, top + 30), fill=colour, radius=6)
        pen.text((x + w - 8 - tw / 2, top + 20), "IN PLAY", state, readable_on(colour), "mm")
        room -= tw + 6
    pen.text((left, top + 20), fit_text(s.id, name, room), name, ink)
    body = font(15, True)
    stats = f"ACT {s.actions} · ARM {s.armor} · ♥{s.lives}"
    pen.text((left, top + 44), fit_text(stats, body, w - 62 - 6), body, ink)
    attack = f"M {s.melee or '—'} · R {s.ranged or '—'}"
    pen.text((x + 10, top + 68), fit_text(attack, body, w - 20), body, ink)
    abilities = ", ".join(a.replace("_", " ") for a in s.abilities) or "no ability"
    cost = pen.text((x + 10, top + 91), f"cost {s.spawn_cost} · ", body, soft)
    pen.text((x + 10 + cost, top + 91), fit_text(abilities, body, w - 20 - cost), body,
             OK if on and s.abilities else soft)
