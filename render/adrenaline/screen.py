"""A player's own ADRENALINE screen, sent to them alone (DM).

Layout (800 px wide): the title bar marked with whose screen it is (whose turn, the phase, whom the
game waits for); once over, the result; their hand (render/adrenaline/hand.py: powerups, the Tagback
answer, every weapon with its effects); the turn so far and what the next choice asks; then the
public board (the killshot track; the arena with the squares this seat sees bright and the rest
greyed, the squares its next choice offers ringed gold, its own figure ringed orange; the weapon
racks; the player boards). The events are the channel's.
"""

from __future__ import annotations

from render import bands
from render.adrenaline.arena import squares_of
from render.adrenaline.board import body
from render.adrenaline.common import MARGIN, WIDTH, banner, figure_name, title_bar
from render.adrenaline.hand import draw_hand, draw_turn
from render.adrenaline.style import BACKGROUND, SEEN_EDGE, palette
from render.core import Names, Pen
from rules.adrenaline.views import PrivateView


def render_screen(view: PrivateView, names: Names = None) -> bytes:
    return bands.draw(WIDTH, BACKGROUND, lambda pen: layout(pen, view, names), palette())


def layout(pen: Pen, view: PrivateView, names: Names = None) -> int:
    public = view.public
    badge = (f"{figure_name(public, view.seat).upper()}'S SCREEN", SEEN_EDGE)
    y = title_bar(pen, public, names, badge=badge)
    y = banner(pen, public, y) + 10
    y = draw_hand(pen, view, y)
    y = draw_turn(pen, view, y)
    squares = set(squares_of(public))
    picks = tuple(c for c in view.choices if c in squares)
    y = body(pen, public, y, names, sees=view.sees, me=view.seat, compact=True, picks=picks)
    return y + MARGIN
