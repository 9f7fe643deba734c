"""The public board's panels around the grid: the stats a round is planned with (Catastrophes face up
out of 3, the Calamity deck and the last card drawn, the timer and what is banked, Rogues left, Rush
Job and Jammed Doors), the program running now (what has run, how much may run, hacking) and what
still runs this round, and one row per seat (Retro, person, type, Rogue card, program locked,
stunned, Upgrades, Rogues kept, the Pry Bar)."""

from __future__ import annotations

from render.core import Names, Pen, display_name, fit_text, font, text_width
from render.retro.common import MARGIN, ROGUE_LETTER, ROGUE_NAME, door_of, plural, seat_label, tag
from render.retro.pieces import empty_slot, instruction_tile, pry_bar, retro_chip, rogue_chip
from render.retro.style import (
    CLASS_FILL,
    DANGER,
    DIM,
    GOLD,
    MUTED,
    OK,
    PANEL,
    PANEL_EDGE,
    STUN,
    SUBPANEL,
    TAG_GRAY,
    TEXT,
    WARN,
)
from rules.retro.data import game_data
from rules.retro.views import PublicView, SeatView

LOSE_AT = 3  # "If there are ever three CATASTROPHE cards on the table, the Retros lose"


def stats(pen: Pen, view: PublicView, y: int, width: int) -> int:
    """Four columns: Catastrophes, the Calamity deck, the timer, Rogues left; flags under them."""
    flags = []
    live = view.phase != "over"
    if view.rush and live:
        flags.append((f"RUSH JOB: {game_data().rush_seconds} s timer", WARN))
    if view.jammed and live:
        flags.append(("JAMMED DOORS: no Bot passes a door", DANGER))
    height = 104 + (40 if flags else 0)
    pen.rect((0, y, width, y + height), fill=SUBPANEL)
    pen.line([(0, y + height - 1), (width, y + height - 1)], PANEL_EDGE, width=2)
    inner = width - 2 * MARGIN
    column = inner // 4
    head, big, small = font(17, True), font(34, True), font(17, True)
    top = y + 18
    # Catastrophes: three slots, red when face up.
    x = MARGIN
    pen.text((x, top), "CATASTROPHES", head, MUTED)
    count = len(view.catastrophes)
    for k in range(LOSE_AT):
        box = (x + 40 * k, top + 18, x + 40 * k + 32, top + 60)
        if k < count:
            pen.rect(box, fill=DANGER, outline=TEXT, width=2, radius=5)
            pen.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "!", font(26, True), TEXT, "mm")
        else:
            empty_slot(pen, *box[:2], 32, 42)
    pen.text((x + 40 * LOSE_AT + 2, top + 40), f"{min(count, LOSE_AT)}/{LOSE_AT}", font(24, True),
             DANGER if count else MUTED)
    if count >= LOSE_AT:
        pen.text((x, top + 74), "three: game lost", small, DANGER)
    elif LOSE_AT - count == 1:
        pen.text((x, top + 74), "one more loses!", small, DANGER)
    else:
        pen.text((x, top + 74), f"{LOSE_AT} face up lose", small, DIM)
    # The Calamity deck.
    x = MARGIN + column
    pen.text((x, top), "CALAMITY DECK", head, MUTED)
    used = pen.text((x, top + 40), str(view.deck_size), big, TEXT)
    pen.text((x + used + 6, top + 46), "cards", small, MUTED)
    last = f"last: {view.last_calamity}" if view.last_calamity else "none drawn yet"
    pen.text((x, top + 74), fit_text(last, small, column - 10), small, TEXT if view.last_calamity else DIM)
    # The timer.
    x = MARGIN + 2 * column
    pen.text((x, top), "TIMER", head, MUTED)
    if view.phase == "over":
        pen.text((x, top + 40), "—", font(26, True), DIM)
    elif view.timer:
        used = pen.text((x, top + 40), str(view.timer), big, TEXT)
        when = "s a round" if view.round == 0 else "s this round"
        pen.text((x + used + 6, top + 46), when, small, MUTED)
    else:
        pen.text((x, top + 40), "no timer", font(26, True), MUTED)
    bank = round(view.bank)
    if bank and view.phase != "over":
        pen.text((x, top + 74), f"+{bank} s banked", small, OK)
    # Rogues left.
    x = MARGIN + 3 * column
    pen.text((x, top), "ROGUES LEFT", head, MUTED)
    used = pen.text((x, top + 40), str(view.rogues_left), big, OK if view.rogues_left == 0 else TEXT)
    pen.text((x + used + 8, top + 46), "on the board", small, MUTED)
    pen.text((x, top + 74), "0: the Retros win", small, DIM)
    right = width - MARGIN
    for text, colour in reversed(flags):
        right -= tag(pen, right, y + 104, text, colour, size=17, height=30) + 8
    return y + height


def _queue_text(view: PublicView) -> str:
    """What still runs this round: "Bossbot ▸ Servobots ×3 ▸ Retro 2 ▸ Visebots ▸ Retro 3". Items are
    "rogue:<id>" (one Rogue), "rogues:<seat>" (the Rogues of that seat's card) and "retro:<seat>"."""
    kinds = {b.id: b.kind for b in view.bots}
    cards = {s.seat: s.rogue_card for s in view.seats}
    parts: list[list] = []
    for item in view.queue:
        what, _, ident = item.partition(":")
        if what == "retro" and ident.isdigit():
            name = seat_label(view, int(ident))
        elif what == "rogues" and ident.isdigit():
            card = cards.get(int(ident), "")
            name = plural(card) if card else f"{seat_label(view, int(ident))}'s Rogues"
        else:
            kind = kinds.get(ident, ident.rstrip("0123456789"))
            name = plural(kind) if kind not in ("bossbot", "minionbot") else ROGUE_NAME.get(kind, kind)
        if parts and parts[-1][0] == name and what == "rogue":
            parts[-1][1] += 1
        else:
            parts.append([name, 1])
    return " ▸ ".join(f"{n} ×{k}" if k > 1 else n for n, k in parts)


def run_strip(pen: Pen, view: PublicView, y: int, width: int) -> int:
    """The program running now (what has run; the rest hidden), and what still runs this round."""
    if view.phase == "over":
        return y
    run = view.run
    queue = _queue_text(view)
    if run is None and not queue:
        return y
    tile_h = 48
    height = 12 + (46 + tile_h + 8 if run is not None else 0) + (32 if queue else 0)
    pen.rect((MARGIN, y, width - MARGIN, y + height), fill=PANEL, outline=GOLD, width=2, radius=10)
    x0 = MARGIN + 14
    top = y + 12
    if run is not None:
        retro_chip(pen, x0, top, 30, run.seat)
        title = font(22, True)
        used = pen.text((x0 + 40, top + 15), f"{seat_label(view, run.seat).upper()} RUNS", title, GOLD)
        shown = len(run.shown)
        pen.text((x0 + 52 + used, top + 15), f"{shown} of {run.runs} run", font(20, True), TEXT)
        right = width - MARGIN - 14
        if run.hacking:
            right -= tag(pen, right, top, "HACKING", CLASS_FILL["hacker"], size=17) + 8
        if run.asking:
            ask = {"shove": "choosing SHOVE's way", "target": "choosing a Bot to program"}.get(run.asking, run.asking)
            tag(pen, right, top, ask, WARN, size=17)
        slots = max(run.runs, shown)
        step = min(120, (width - 2 * MARGIN - 28 + 18) // max(1, slots))
        tile_w = step - 18
        for k in range(slots):
            x = x0 + k * step
            if k < shown:
                instruction_tile(pen, x, top + 44, tile_w, tile_h, run.shown[k])
            else:
                empty_slot(pen, x, top + 44, tile_w, tile_h, "?")
            if k < slots - 1:
                pen.text((x + tile_w + 9, top + 44 + tile_h / 2), "▸", font(18, True), MUTED if k < shown - 1 else DIM,
                         "mm")
        top += 46 + tile_h + 8
    if queue:
        label = font(18, True)
        used = pen.text((x0, top + 12), "STILL TO RUN", label, MUTED)
        body = font(18, True)
        pen.text((x0 + used + 12, top + 12), fit_text(queue, body, width - 2 * MARGIN - 40 - used), body, TEXT)
    return y + height + 10


def _status(view: PublicView, seat: SeatView) -> tuple[str, tuple[int, int, int]] | None:
    """The seat's program this round, in a tag."""
    if view.phase in ("program", "clock"):
        return ("LOCKED ✓", OK) if seat.locked else ("PROGRAMMING…", WARN)
    if view.phase == "run":
        if view.run is not None and view.run.seat == seat.seat:
            return "RUNNING", GOLD
        return ("TO RUN", TAG_GRAY) if f"retro:{seat.seat}" in view.queue else ("RAN", TAG_GRAY)
    return None


def seats(pen: Pen, view: PublicView, y: int, width: int, names: Names) -> int:
    """Two lines a seat: Retro, name and tags (Pry Bar, stunned, its program this round); its type,
    the Rogue card it moves, where it waits, Upgrades, Rogues kept."""
    rows = [72 + (26 if seat.upgrades or seat.kept else 0) for seat in view.seats]
    height = 44 + sum(rows)
    pen.rect((MARGIN, y, width - MARGIN, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=10)
    pen.text((MARGIN + 14, y + 22), "PLAYERS", font(18, True), MUTED)
    x0 = MARGIN + 14
    name_font, small = font(22, True), font(18, True)
    for k, seat in enumerate(view.seats):
        top = y + 40 + sum(rows[:k])
        mid = top + 18
        if k:
            pen.line([(x0, top - 4), (width - MARGIN - 14, top - 4)], PANEL_EDGE, width=1)
        retro_chip(pen, x0, mid - 15, 30, seat.seat)
        right = width - MARGIN - 14
        tags = []
        if seat.stunned:
            tags.append(("STUNNED zz", STUN))
        status = _status(view, seat)
        if status is not None:
            tags.append(status)
        for text, colour in reversed(tags):
            right -= tag(pen, right, mid - 14, text, colour, size=16, height=28) + 6
        if seat.seat == view.pry_bar:
            right -= tag(pen, right, mid - 14, "PRY BAR", GOLD, size=16, height=28) + 4
            pry_bar(pen, right - 30, mid - 14, 28)
            right -= 36
        used = pen.text((x0 + 40, mid), seat_label(view, seat.seat), name_font, TEXT)
        name = display_name(names, seat.seat)
        room = right - (x0 + 40 + used + 12) - 10
        if name and room > 40:
            pen.text((x0 + 40 + used + 12, mid), fit_text(name, name_font, room), name_font, MUTED)
        _second_line(pen, view, seat, x0 + 40, top + 48, width - MARGIN - 14, small)
    return y + height + 10


def _second_line(pen: Pen, view: PublicView, seat: SeatView, x: int, mid: int, right: int, fnt) -> None:
    retro_type = seat.retro.capitalize() if seat.retro else "choosing…"
    left = x
    x += pen.text((x, mid), retro_type, fnt, GOLD if seat.retro else DIM) + 16
    if seat.rogue_card:
        used = pen.text((x, mid), "moves", fnt, MUTED)
        rogue_chip(pen, x + used + 6, mid - 11, 22, seat.rogue_card, ROGUE_LETTER.get(seat.rogue_card, "?"))
        x += used + 34
        x += pen.text((x, mid), plural(seat.rogue_card), fnt, TEXT) + 16
    if seat.waiting_outside:
        door = door_of(view, seat.seat)
        x += pen.text((x, mid), f"outside {door} door" if door else "outside", fnt, WARN) + 16
    if not (seat.upgrades or seat.kept):
        return
    mid += 26
    kept = f"kept {len(seat.kept)}: " + " ".join(ROGUE_LETTER.get(k, "?") for k in seat.kept) if seat.kept else ""
    kept_w = text_width(kept, fnt) if kept else 0
    if seat.upgrades:
        start = pen.text((left, mid), "Upgrades:", fnt, MUTED) + 8
        room = right - left - start - kept_w - 16
        pen.text((left + start, mid), fit_text(", ".join(seat.upgrades), fnt, room), fnt, OK)
    if kept:
        pen.text((right, mid), kept, fnt, TEXT, "rm")
