"""A player's own Jupiter Rescue screen, sent to them alone (DM or ephemeral reply).

Layout (800 px wide, compact; the board is in the channel): the title bar marked with whose screen it
is; one line of where they stand (their robot, actions left, the die, saved and lost); their core
ability card(s); their hand, each card with its type and scope, a one-line reminder of its effect and
how to play it, against the hand limit; the cards in effect on their turn; the combos they can make;
and what the game waits for.
"""

from __future__ import annotations

from render import bands
from render.core import Names, Pen, fit_text, font, text_width, wrap_text
from render.jupiter.cards import card_type, combos, play_hint, reminder, scope, slug
from render.jupiter.common import MARGIN, hand_limit, seat_label, title_bar
from render.jupiter.style import (
    BACKGROUND,
    CARD_TYPE,
    DANGER,
    DIM,
    GOLD,
    MUTED,
    PANEL,
    PANEL_EDGE,
    SUBPANEL,
    TEXT,
    WARN,
    palette,
)
from rules.jupiter.views import PrivateView, SeatView

WIDTH = 800
INNER = WIDTH - 2 * MARGIN
CARD_HEIGHT = 62


def render_screen(view: PrivateView, names: Names = None) -> bytes:
    return bands.draw(WIDTH, BACKGROUND, lambda pen: layout(pen, view, names), palette())


def _me(view: PrivateView) -> SeatView | None:
    return next((s for s in view.public.seats if s.seat == view.seat), None)


def layout(pen: Pen, view: PrivateView, names: Names = None) -> int:
    public = view.public
    badge = (f"{seat_label(public, view.seat)}'S SCREEN", DANGER)
    y = title_bar(pen, public, WIDTH, names, badge=badge, big=30)
    y = _standing(pen, view, y) + 10
    me = _me(view)
    cores = me.core if me else ()
    y = _cards(pen, view, y, "CORE ABILITY" if len(cores) < 2 else "CORE ABILITIES", cores, True, "")
    limit = hand_limit(public)
    over = len(view.hand) > limit
    y = _cards(pen, view, y, "YOUR HAND", view.hand, False, f"{len(view.hand)} / limit {limit}", over)
    y = _notes(pen, view, y)
    return y + MARGIN - 10


def _standing(pen: Pen, view: PrivateView, y: int) -> int:
    """One line under the title: your robot, actions left, the die, saved and lost."""
    public = view.public
    me = _me(view)
    if me is None:
        where = "not seated"
    elif me.out:
        where = "OUT of the game"
    elif me.robot_space:
        where = f"at {me.robot_space}"
    else:
        where = "in the pod"
    parts = [f"Your robot: {where}"]
    if public.current == view.seat and public.phase == "actions":
        parts.append(f"{public.actions_left} action{'s' if public.actions_left != 1 else ''} left")
    if public.die is not None:
        parts.append(f"die {public.die}")
    parts.append(f"saved {public.tracker.saved}/{public.tracker.to_save}")
    parts.append(f"lost {public.tracker.lost}")
    height = 44
    pen.rect((0, y, WIDTH, y + height), fill=SUBPANEL)
    fnt = font(20, True)
    pen.text((MARGIN, y + height // 2), fit_text(" · ".join(parts), fnt, INNER), fnt, TEXT)
    return y + height


def _cards(pen: Pen, view: PrivateView, y: int, title: str, cards: tuple[str, ...], as_core: bool,
           count: str, over: bool = False) -> int:
    """A titled panel with one row a card, or a line saying there is none."""
    rows = max(1, len(cards))
    height = 44 + (CARD_HEIGHT + 8) * rows - (8 if cards else 30)
    pen.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=12)
    pen.text((MARGIN + 14, y + 22), title, font(18, True), MUTED)
    if count:
        pen.text((WIDTH - MARGIN - 14, y + 22), count + (" · discard at the end of your turn" if over else ""),
                 font(18, True), WARN if over else MUTED, "rm")
    if not cards:
        none = "none chosen yet" if as_core else "no cards"
        pen.text((MARGIN + 14, y + 52), none, font(20), DIM)
        return y + height + 10
    for k, card in enumerate(cards):
        _card(pen, view, MARGIN + 10, y + 40 + (CARD_HEIGHT + 8) * k, INNER - 20, card, as_core)
    return y + height + 10


def _card(pen: Pen, view: PrivateView, x: int, y: int, width: int, card: str, as_core: bool) -> None:
    colour = CARD_TYPE.get(card_type(card), MUTED)
    pen.rect((x, y, x + width, y + CARD_HEIGHT), fill=SUBPANEL, outline=colour, width=2, radius=10)
    pen.rect((x, y, x + 8, y + CARD_HEIGHT), fill=colour, radius=4)
    name_font, small = font(22, True), font(16, True)
    kind = scope(card, as_core)
    kind_w = text_width(kind, small)
    used = pen.text((x + 20, y + 18), fit_text(card, name_font, width - kind_w - 40), name_font, TEXT)
    choosing = view.public.phase == "choose_core" and not as_core
    hint = f"core {slug(card)}" if choosing else play_hint(card)
    if not (as_core and "Every Action" in kind) and used + text_width(hint, small) + kind_w + 60 < width:
        pen.text((x + 32 + used, y + 19), hint, small, DIM)
    pen.text((x + width - 12, y + 18), kind, small, colour, "rm")
    text = reminder(card, view.public.solo)
    pen.text((x + 20, y + 44), fit_text(text, font(18), width - 32), font(18), MUTED)


def _notes(pen: Pen, view: PrivateView, y: int) -> int:
    """Cards in effect on your turn, the combos you can make, what the game waits for."""
    public = view.public
    me = _me(view)
    lines: list[tuple[str, str, tuple[int, int, int]]] = []
    if public.in_effect and public.current == view.seat:
        lines.append(("IN EFFECT", ", ".join(public.in_effect), GOLD))
    held = combos(tuple(view.hand) + (me.core if me else ()))
    if held:
        text = " · ".join(f"{a} + {b}" for a, b in held)
        lines.append(("COMBOS", text, GOLD))
    if public.waiting:
        lines.append(("NOW", public.waiting, WARN))
    if not lines:
        return y
    title_font, body = font(18, True), font(20, True)
    title_w = max(text_width(t, title_font) for t, _, _ in lines) + 14
    rows = [(t if k == 0 else "", line, c) for t, text, c in lines
            for k, line in enumerate(wrap_text(text, body, INNER - 28 - title_w, max_lines=3))]
    height = 16 + 28 * len(rows)
    pen.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=10)
    for k, (title, line, colour) in enumerate(rows):
        if title:
            pen.text((MARGIN + 14, y + 22 + 28 * k), title, title_font, colour)
        pen.text((MARGIN + 14 + title_w, y + 22 + 28 * k), line, body, TEXT)
    return y + height + 10
