"""One seat's own POWERUP screen, sent to it alone (DM).

Layout (800 px wide): the title bar marked with whose screen it is (the score, whose turn, what the
game waits for); once over, the winner; what the seat is asked now; its POW! cards; its teammates'
hands, its team's hidden tokens, the tokens it still has to hide and its start square; its legal
actions; then the board a little smaller, with its own figure framed orange, its start square
outlined and its team's secret tokens face up; in co-op the co-op panel without the BUG sheets; and the
BUGBUSTERs with its own card outlined. The events, the key and the sheets are the channel's.
"""

from __future__ import annotations

from render import bands
from render.core import Names, Pen
from render.powerup.common import MARGIN, WIDTH, banner, buster, seat_label, title_bar
from render.powerup.coop_panel import coop_panel
from render.powerup.grid import draw_board, frame_for, secret_text
from render.powerup.hand import actions, asked, hand, team
from render.powerup.panel import busters_panel, sequence_strip
from render.powerup.style import ME, background_for, palette_for
from rules.powerup.views import PrivateView

SQUARE = 64


def render_screen(view: PrivateView, names: Names = None) -> bytes:
    coop = view.public.coop is not None
    return bands.draw(WIDTH, background_for(coop), lambda pen: layout(pen, view, names), palette_for(coop))


def known_secrets(view: PrivateView) -> dict[str, str]:
    """Square -> what the seat's team hid there, shown face up ("$3", "TRAP+$1" where two lie)."""
    out: dict[str, list[str]] = {}
    for square, token in view.team_secrets:
        out.setdefault(square, []).append(secret_text(token))
    return {square: "+".join(texts) for square, texts in out.items()}


def layout(pen: Pen, view: PrivateView, names: Names = None) -> int:
    public = view.public
    label = view.label or seat_label(public, view.seat)
    y = title_bar(pen, public, names, badge=(f"{label.upper()}'S SCREEN", ME))
    y = banner(pen, public, y) + 10
    y = asked(pen, view, y)
    if view.mistress is not None:  # a human BUGMISTRESS: her BUG cards and options, never a POW! hand
        from render.powerup.mistress import panel

        y = panel(pen, view, y)
    else:
        y = hand(pen, view, y)
    y = team(pen, view, y)
    y = actions(pen, view, y)
    y = sequence_strip(pen, public, y)
    me = buster(public, view.seat)
    fr = frame_for(public, WIDTH, y, SQUARE)
    y += draw_board(pen, public, fr, me=me.sheet if me else "", known=known_secrets(view), start=view.start) + 10
    y = coop_panel(pen, public, y, names, sheets=False)
    y = busters_panel(pen, public, y, names, me=view.seat)
    return y + MARGIN
