"""The public Retro Bots vs Rogues board posted in the channel.

Layout (800 px wide, drawn to be read at Discord's ~400 px preview): the title bar (round, phase) and
what the game waits for; the win or loss banner; the stats a round is planned with (Catastrophes,
the Calamity deck, the timer, Rogues left); the program running now and what still runs; the Deadly
Spiral across the full width (render/retro/grid.py); each seat; the Rogue types with their moves; the
last events; a key to the board's marks. Programs are never drawn, only the instructions that have
run (the view holds nothing else).
"""

from __future__ import annotations

from render import bands
from render.core import Names, PanelColours, Pen, events_panel, font, wrap_text
from render.retro.common import MARGIN, title_bar
from render.retro.grid import draw_grid, frame_for
from render.retro.legend import key, rogue_legend
from render.retro.panel import run_strip, seats, stats
from render.retro.style import BACKGROUND, DANGER, MUTED, OK, PANEL_EDGE, SUBPANEL, TEXT, palette
from rules.retro.views import PublicView

WIDTH = 800
SQUARE = 52
EVENT_LINES = 6
INNER = WIDTH - 2 * MARGIN


def render_board(view: PublicView, names: Names = None) -> bytes:
    return bands.draw(WIDTH, BACKGROUND, lambda pen: layout(pen, view, names), palette())


def layout(pen: Pen, view: PublicView, names: Names = None) -> int:
    y = title_bar(pen, view, WIDTH)
    y = banner(pen, view, y, WIDTH)
    y = stats(pen, view, y, WIDTH) + 10
    y = run_strip(pen, view, y, WIDTH)
    fr = frame_for(view, 0, y, SQUARE)
    fr = frame_for(view, (WIDTH - fr.width) // 2, y, SQUARE)
    highlight = view.run.seat if view.run is not None else None
    y += draw_grid(pen, view, fr, highlight) + 10
    y = seats(pen, view, y, WIDTH, names)
    y = rogue_legend(pen, view, MARGIN, y, INNER)
    y = events(pen, view, y)
    y = key(pen, MARGIN, y, INNER)
    return y + MARGIN


def banner(pen: Pen, view: PublicView, y: int, width: int) -> int:
    """Once the game is over: who won (all Rogues disabled, or three Catastrophes) and how."""
    if view.result is None:
        return y
    colour = OK if view.result == "win" else DANGER
    lines = wrap_text(view.summary, font(20, True), width - 2 * MARGIN, max_lines=3) if view.summary else []
    height = 64 + 26 * len(lines)
    pen.rect((0, y, width, y + height), fill=colour)
    title = "THE RETROS WIN!" if view.result == "win" else "THE ROGUES WIN · GAME LOST"
    pen.text((MARGIN, y + 32), title, font(34, True), BACKGROUND)
    for k, line in enumerate(lines):
        pen.text((MARGIN, y + 70 + 26 * k), line, font(20, True), BACKGROUND)
    return y + height


def events(pen: Pen, view: PublicView, y: int) -> int:
    colours = PanelColours(SUBPANEL, PANEL_EDGE, TEXT, MUTED)
    return events_panel(pen, view.events[-EVENT_LINES:], MARGIN, y, WIDTH - 2 * MARGIN, colours, gap=10)
