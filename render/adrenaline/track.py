"""The killshot track and the game's clock: a slot per starting skull, the killshots taken in order
(each a token in the killer's figure colour, an overkill two), the skulls still on the track, the
killshots of final frenzy after them, every seat's tokens on the track counted (the track is scored
like a board at the end); how the game ends (final frenzy and who still plays, or sudden death); the
decks and discards."""

from __future__ import annotations

from collections import Counter

from render.adrenaline.common import INNER, MARGIN, seat_colour, skull, tag, who
from render.adrenaline.style import (
    DANGER,
    FIGURE_EDGE,
    GOLD,
    MUTED,
    PANEL,
    PANEL_EDGE,
    SLOT,
    TEXT,
    WARN,
)
from render.core import Names, Pen, fit_text, font, wrap_text
from rules.adrenaline.views import PublicView

SLOT_W = 44
SLOT_H = 40


def _token_slot(pen: Pen, view: PublicView, x: int, y: int, seat: int, tokens: int) -> None:
    pen.rect((x, y, x + SLOT_W - 6, y + SLOT_H), fill=SLOT, radius=6)
    cx, cy = x + (SLOT_W - 6) / 2, y + SLOT_H / 2
    colour = seat_colour(view, seat)
    if tokens >= 2:  # overkill: two tokens
        pen.circle((cx - 8, cy - 5), 10, fill=colour, outline=FIGURE_EDGE, width=2)
        pen.circle((cx + 8, cy + 5), 10, fill=colour, outline=FIGURE_EDGE, width=2)
    else:
        pen.circle((cx, cy), 13, fill=colour, outline=FIGURE_EDGE, width=2)


def ending_text(view: PublicView) -> str:
    """How the game ends, after the skulls left: "then final frenzy" or "then sudden death"."""
    if view.over:
        return "game over"
    if view.frenzy:
        return "final frenzy"
    return "then sudden death" if view.ending == "sudden_death" else "then final frenzy"


def frenzy_line(view: PublicView, names: Names) -> str:
    """Who still plays a last turn, once final frenzy has begun."""
    if not view.frenzy or view.over:
        return ""
    left = ", ".join(who(view, s, names) for s in view.frenzy_left)
    return f"Last turns: {left}" if left else "The last turn"


def draw_track(pen: Pen, view: PublicView, y: int, names: Names, decks: bool = True) -> int:
    """The track from ``y`` (the decks under it unless not wanted); returns the y below."""
    taken = max(0, view.skulls_start - view.skulls)
    kills, frenzy_kills = view.track[:taken], view.track[taken:]
    small = font(18, True)
    extra = wrap_text(frenzy_line(view, names), small, INNER - 28, max_lines=2)
    height = 92 + 26 * len(extra) + (26 if decks else 0)
    pen.rect((MARGIN, y, MARGIN + INNER, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=10)
    x0 = MARGIN + 14
    pen.text((x0, y + 20), "KILLSHOT TRACK", font(18, True), MUTED)
    right = MARGIN + INNER - 14
    if view.frenzy:
        right -= tag(pen, right, y + 7, "FINAL FRENZY", DANGER, size=16, height=28) + 10
    left_text = f"{view.skulls} of {view.skulls_start} skulls left"
    if not view.frenzy:
        left_text += " · " + ending_text(view)
    pen.text((right, y + 21), left_text, font(20, True), GOLD if view.skulls else DANGER, "rm")
    top = y + 38
    x = x0
    for i in range(max(view.skulls_start, taken)):
        if i < len(kills):
            _token_slot(pen, view, x, top, *kills[i])
        else:
            pen.rect((x, top, x + SLOT_W - 6, top + SLOT_H), fill=SLOT, radius=6)
            skull(pen, x + (SLOT_W - 6) / 2, top + SLOT_H / 2, 30)
        x += SLOT_W
    if frenzy_kills:
        x += 4
        pen.line([(x, top - 2), (x, top + SLOT_H + 2)], DANGER, width=3)
        x += 10
        for seat, tokens in frenzy_kills:
            if x + SLOT_W > MARGIN + INNER - 14:
                break
            _token_slot(pen, view, x, top, seat, tokens)
            x += SLOT_W
    # Every seat's tokens on the track, most first (the track pays like a board at the end).
    counts = Counter()
    for seat, tokens in view.track:
        counts[seat] += tokens
    if counts and x < MARGIN + INNER - 150:
        fnt = font(18, True)
        tx = MARGIN + INNER - 14
        for seat, n in reversed(counts.most_common()):
            tx -= pen.text((tx, top + SLOT_H / 2), f"×{n}", fnt, TEXT, "rm") + 2
            pen.circle((tx - 10, top + SLOT_H / 2), 9, fill=seat_colour(view, seat), outline=FIGURE_EDGE, width=2)
            tx -= 30
            if tx < x + 60:
                break
    line_y = top + SLOT_H + 22
    for k, line in enumerate(extra):
        pen.text((x0, line_y + 26 * k), line, small, WARN)
    if decks:
        deck_y = line_y + 26 * len(extra)
        weapons, powerups, ammo = view.decks
        p_discard, a_discard = view.discards
        text = (f"Decks: weapons {weapons} · powerups {powerups} ({p_discard} discarded)"
                f" · ammo tiles {ammo} ({a_discard} discarded)")
        pen.text((x0, deck_y), fit_text(text, font(17, True), INNER - 28), font(17, True), MUTED)
    return y + height + 10
