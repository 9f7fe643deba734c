"""The public Jupiter Rescue board posted in the channel.

Layout (800 px wide, drawn to be read at Discord's ~400 px preview): the title bar (phase, whose
turn); the stats a turn is planned with (saved / goal, lost and how many more may be lost, actions
left, the die) and what the game waits for; the colony across the full width (render/jupiter/colony.py);
then the notes of the moment (a Setback drawn, Creeps being placed, a Suppressant, cards in effect,
an Override, Super Creeps' effects, alternate rules); each seat (colour, label and name, core ability,
hand size, where the robot is); the last events; a legend of the pieces.
"""

from __future__ import annotations

from render import bands
from render.core import Names, PanelColours, Pen, events_panel, fit_text, font, text_width, wrap_text
from render.jupiter.cards import reminder
from render.jupiter.colony import draw_colony, pod_card, pod_is_drawn_away, pod_size
from render.jupiter.common import (
    MARGIN,
    actions_per_turn,
    hand_limit,
    jammed,
    seat_label,
    title_bar,
    who,
)
from render.jupiter.legend import legend
from render.jupiter.pieces import die_face, robot_chip
from render.jupiter.style import (
    BACKGROUND,
    DANGER,
    DIM,
    DOME,
    GOLD,
    MUTED,
    OK,
    PANEL,
    PANEL_EDGE,
    SHIELD,
    SUBPANEL,
    SUPER_CREEP,
    TEXT,
    WARN,
    palette,
)
from rules.jupiter.views import PublicView

WIDTH = 800
EVENT_LINES = 5
INNER = WIDTH - 2 * MARGIN


def render_board(view: PublicView, names: Names = None) -> bytes:
    return bands.draw(WIDTH, BACKGROUND, lambda pen: layout(pen, view, names), palette())


def layout(pen: Pen, view: PublicView, names: Names = None) -> int:
    y = title_bar(pen, view, WIDTH, names)
    y = _banner(pen, view, y)
    y = _stats(pen, view, y)
    y += 8
    y += draw_colony(pen, view, MARGIN, y, INNER)
    y += 8
    y = _notes(pen, view, y, names)
    y = _seats(pen, view, y, names) + 12
    y = _events(pen, view, y)
    y = legend(pen, MARGIN, y, INNER)
    return y + MARGIN


def _banner(pen: Pen, view: PublicView, y: int) -> int:
    """Once the game is over: the shared win or loss (lines 297-312) and how it came."""
    if view.result is None:
        return y
    colour = OK if view.result == "win" else DANGER
    lines = wrap_text(view.summary, font(20, True), INNER, max_lines=2)
    height = 64 + 26 * len(lines)
    pen.rect((0, y, WIDTH, y + height), fill=colour)
    title = "MISSION ACCOMPLISHED" if view.result == "win" else "MISSION FAILED"
    pen.text((MARGIN, y + 14), title, font(34, True), BACKGROUND)
    for k, line in enumerate(lines):
        pen.text((MARGIN, y + 58 + 26 * k), line, font(20, True), BACKGROUND)
    return y + height


def _stats(pen: Pen, view: PublicView, y: int) -> int:
    """Saved / goal, lost, actions left and the die in four columns; the waiting line under them."""
    tracker = view.tracker
    waiting = wrap_text(view.waiting, font(22, True), INNER, max_lines=2) if view.waiting else []
    height = 100 + 30 * len(waiting)
    pen.rect((0, y, WIDTH, y + height), fill=SUBPANEL)
    pen.line([(0, y + height - 1), (WIDTH, y + height - 1)], PANEL_EDGE, width=2)
    column = INNER // 4
    label_font, big = font(18, True), font(36, True)
    top = y + 20
    # Saved.
    x = MARGIN
    pen.text((x, top), "SAVED", label_font, MUTED)
    used = pen.text((x, top + 38), str(tracker.saved), big, OK)
    pen.text((x + used + 4, top + 44), f"/ {tracker.to_save}", font(24, True), MUTED)
    bar_w = column - 24
    pen.rect((x, top + 64, x + bar_w, top + 74), fill=DOME, radius=4)
    filled = round(bar_w * min(1.0, tracker.saved / tracker.to_save)) if tracker.to_save else 0
    if filled >= 8:
        pen.rect((x, top + 64, x + filled, top + 74), fill=OK, radius=4)
    # Lost.
    x = MARGIN + column
    pen.text((x, top), "LOST", label_font, MUTED)
    used = pen.text((x, top + 38), str(tracker.lost), big, DANGER if tracker.lost else TEXT)
    spare = tracker.can_still_lose
    note = f"{spare} more may be lost" if spare else "no more may be lost!"
    small = font(18, True)
    for k, line in enumerate(wrap_text(note, small, column - used - 20, max_lines=2)):
        pen.text((x + used + 10, top + 30 + 20 * k), line, small, WARN if spare <= 3 else MUTED)
    # Actions left.
    x = MARGIN + 2 * column
    pen.text((x, top), "ACTIONS LEFT", label_font, MUTED)
    active = view.phase == "actions"
    used = pen.text((x, top + 38), str(view.actions_left), big, TEXT if active else DIM)
    slots = max(actions_per_turn(view), view.actions_left)
    step = min(26, (column - used - 30) // max(1, slots))
    for k in range(slots):
        cx = x + used + 22 + k * step
        on = k < view.actions_left
        pen.circle((cx, top + 40), step // 2 - 3, fill=(GOLD if active else MUTED) if on else DOME,
                   outline=None if on else DIM, width=2)
    # The die.
    x = MARGIN + 3 * column
    pen.text((x, top), "DIE", label_font, MUTED)
    die_face(pen, x, top + 16, 48, view.die)
    if view.die is not None:
        text = "6: Creep tiles" if view.die == 6 else f"{view.die}: module {view.die}"
        pen.text((x + 58, top + 40), fit_text(text, small, column - 70), small, TEXT)
    for k, line in enumerate(waiting):
        pen.text((MARGIN, y + 112 + 30 * k), line, font(22, True), WARN)
    return y + height


def _note_lines(view: PublicView, names: Names) -> list[tuple[str, str, tuple[int, int, int]]]:
    notes = []
    if view.setback:
        notes.append(("SETBACK", f"{view.setback}: {reminder(view.setback)}", DANGER))
    for p in view.placing:
        others = [s for s in p.spaces if s != p.chosen]
        rest = f" (or {', '.join(others)})" if others else ""
        notes.append(("PLACING", f"a Creep on tile {p.tile} goes to {p.chosen}{rest}", WARN))
    if view.suppressed:
        notes.append(("SUPPRESSANT", f"tile {view.suppressed} is protected this turn", SHIELD))
    if view.in_effect:
        holder = f" ({seat_label(view, view.current)})" if view.current is not None else ""
        notes.append(("IN EFFECT", ", ".join(view.in_effect) + holder, GOLD))
    if view.override is not None:
        notes.append(("OVERRIDE", f"cards act through {who(view, view.override, names)}'s robot", WARN))
    plants, dishes = jammed(view)
    if plants or dishes:
        parts = []
        if plants:
            parts.append(f"{plants} Power Plant{'s' if plants > 1 else ''}: hand limit {hand_limit(view)}")
        if dishes:
            parts.append(f"Command Dish: {actions_per_turn(view)} actions a turn")
        notes.append(("SUPER CREEPS", " · ".join(parts), SUPER_CREEP))
    if view.docks and view.pod.dock is None and view.phase != "over":
        notes.append(("DOCKING", f"gold arrows: where the pod may dock (dock {view.docks[0].lower()})", GOLD))
    if view.rules:
        notes.append(("RULES", ", ".join(view.rules), MUTED))
    return notes


def _notes(pen: Pen, view: PublicView, y: int, names: Names) -> int:
    notes = _note_lines(view, names)
    pod_here = view.pod.dock is None and not pod_is_drawn_away(view, INNER)
    if not notes and not pod_here:
        return y
    title_font, body = font(18, True), font(20, True)
    title_w = max((text_width(t, title_font) for t, _, _ in notes), default=0) + 14
    rows = [(t, line if k == 0 else "", line, c) for t, text, c in notes
            for k, line in enumerate(wrap_text(text, body, INNER - 28 - title_w, max_lines=2))]
    height = 16 + 28 * len(rows) + (pod_size(view)[1] + 12 if pod_here else 0)
    pen.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=10)
    top = y + 22
    for k, (title, first, line, colour) in enumerate(rows):
        if first:
            pen.text((MARGIN + 14, top + 28 * k), title, title_font, colour)
        pen.text((MARGIN + 14 + title_w, top + 28 * k), line, body, TEXT)
    if pod_here:
        pod_card(pen, view, MARGIN + 14, y + 8 + 28 * len(rows))
    return y + height + 12


def _seats(pen: Pen, view: PublicView, y: int, names: Names) -> int:
    """One row a seat: colour and number, label and name, core ability, hand, where the robot is."""
    row = 38
    height = 48 + row * len(view.seats)
    pen.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=10)
    head = font(18, True)
    pen.text((MARGIN + 14, y + 22), "PLAYERS", head, MUTED)
    last = f" (top: {view.discard[-1]})" if view.discard else ""
    deck = f"DECK {view.deck_size} · DISCARD {len(view.discard)}{last}"
    pen.text((WIDTH - MARGIN - 14, y + 22), fit_text(deck, head, INNER - 160), head, MUTED, "rm")
    x0 = MARGIN + 14
    core_x, hand_x, where_x = x0 + 300, x0 + 530, x0 + 626
    name_font, body = font(21, True), font(20, True)
    for k, seat in enumerate(view.seats):
        mid = y + 48 + row * k + row // 2 - 4
        if seat.seat == view.current:
            pen.rect((x0 - 8, mid - row // 2 + 1, WIDTH - MARGIN - 6, mid + row // 2 - 1), fill=None, outline=GOLD,
                     width=2, radius=8)
        robot_chip(pen, x0, mid - 13, 26, seat.seat)
        colour = DIM if seat.out else TEXT
        pen.text((x0 + 36, mid), fit_text(who(view, seat.seat, names), name_font, core_x - x0 - 46), name_font, colour)
        core = " + ".join(seat.core) if seat.core else "choosing…" if view.phase == "choose_core" else "—"
        pen.text((core_x, mid), fit_text(core, body, hand_x - core_x - 12), body, GOLD if seat.core else MUTED)
        pen.text((hand_x, mid), f"{seat.hand_size} card{'s' if seat.hand_size != 1 else ''}", body, TEXT)
        if seat.out:
            where, where_colour = "OUT", DANGER
        elif seat.robot_space:
            where, where_colour = f"at {seat.robot_space}", TEXT
        elif seat.seat in view.pod.robots:
            where, where_colour = "in the pod", MUTED
        else:
            where, where_colour = "—", MUTED
        pen.text((where_x, mid), fit_text(where, body, WIDTH - MARGIN - where_x - 10), body, where_colour)
    return y + height


def _events(pen: Pen, view: PublicView, y: int) -> int:
    colours = PanelColours(SUBPANEL, PANEL_EDGE, TEXT, MUTED)
    return events_panel(pen, view.events[-EVENT_LINES:], MARGIN, y, WIDTH - 2 * MARGIN, colours, gap=12)
