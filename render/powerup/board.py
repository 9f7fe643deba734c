"""The public POWERUP board posted in the channel.

Layout (800 px wide, drawn to be read at Discord's ~400 px preview): the title bar (the score, the
turn: sequence, round, whose turn and its AP; what setup places and whom the game waits for); once
over, the winner; the sequence strip (the turn card's mark, the last roll, the order of play with
INITIATIVE cards); the board across the full width (render/powerup/grid.py); in co-op, the co-op panel
and the BUG sheets (coop_panel.py); the BUGBUSTERs, RED's team left and BLU's right (panel.py); the last
events; a key to the board's marks (co-op: the BUGs' tokens in place of robots and drums).

Co-op pictures use their own palette and background shade (style.palette_for, style.background_for).
"""

from __future__ import annotations

from render import bands
from render.core import Names, PanelColours, Pen, events_panel
from render.powerup.common import INNER, MARGIN, WIDTH, banner, title_bar
from render.powerup.coop_panel import coop_panel
from render.powerup.grid import draw_board, frame_for, void_shown
from render.powerup.legend import key
from render.powerup.panel import busters_panel, sequence_strip
from render.powerup.style import BACKGROUND as BACKGROUND  # DEATHMATCH's page (tests draw on it)
from render.powerup.style import MUTED, PANEL_EDGE, SUBPANEL, TEXT, background_for, palette_for
from rules.powerup.views import PublicView

SQUARE = 80  # at most: 9 columns take 80 px squares, 12 columns 60
EVENT_LINES = 6


def render_board(view: PublicView, names: Names = None) -> bytes:
    coop = view.coop is not None
    return bands.draw(WIDTH, background_for(coop), lambda pen: layout(pen, view, names), palette_for(coop))


def layout(pen: Pen, view: PublicView, names: Names = None) -> int:
    y = title_bar(pen, view, names)
    y = banner(pen, view, y) + 10
    y = sequence_strip(pen, view, y)
    fr = frame_for(view, WIDTH, y, SQUARE)
    y += draw_board(pen, view, fr) + 10
    y = coop_panel(pen, view, y, names)
    y = busters_panel(pen, view, y, names)
    y = events(pen, view, y)
    y = key(pen, MARGIN, y, INNER, coop=view.coop is not None, void=void_shown(view))
    return y + MARGIN


def events(pen: Pen, view: PublicView, y: int) -> int:
    colours = PanelColours(SUBPANEL, PANEL_EDGE, TEXT, MUTED)
    return events_panel(pen, view.events[-EVENT_LINES:], MARGIN, y, INNER, colours, gap=10)
