"""The public ADRENALINE board posted in the channel.

Layout (800 px wide, readable at Discord's ~400 px preview): the title bar (the arena, the turn
number, whose turn and the actions left, the phase and step, whom the game waits for); once over, the
result; the killshot track with how the game ends and the decks (render/adrenaline/track.py); the
arena with ammo tiles, spawnpoints and figures (arena.py); the three weapon racks (racks.py); the
player boards (players.py); the last events.
"""

from __future__ import annotations

from render import bands
from render.adrenaline.arena import draw_arena
from render.adrenaline.common import INNER, MARGIN, WIDTH, banner, title_bar
from render.adrenaline.players import draw_players
from render.adrenaline.racks import draw_racks
from render.adrenaline.style import BACKGROUND, MUTED, PANEL_EDGE, SUBPANEL, TEXT, palette
from render.adrenaline.track import draw_track
from render.core import Names, PanelColours, Pen, events_panel
from rules.adrenaline.views import PublicView

EVENT_LINES = 6


def render_board(view: PublicView, names: Names = None) -> bytes:
    return bands.draw(WIDTH, BACKGROUND, lambda pen: layout(pen, view, names), palette())


def body(pen: Pen, view: PublicView, y: int, names: Names, sees: tuple[str, ...] | None = None,
         me: int | None = None, compact: bool = False, picks: tuple[str, ...] = ()) -> int:
    """Everything under the title. The private image draws the same with its seat's sight, a little
    more tightly (lower squares and racks, no key under the racks) and without the decks and the
    events, which the channel's board shows."""
    y = draw_track(pen, view, y, names, decks=not compact)
    y = draw_arena(pen, view, y, sees, me, sq_h=112 if compact else 134, picks=picks)
    y = draw_racks(pen, view, y, compact)
    y = draw_players(pen, view, y, names, me)
    return y if compact else events(pen, view, y)


def layout(pen: Pen, view: PublicView, names: Names = None) -> int:
    y = title_bar(pen, view, names)
    y = banner(pen, view, y) + 10
    y = body(pen, view, y, names)
    return y + MARGIN


def events(pen: Pen, view: PublicView, y: int) -> int:
    colours = PanelColours(SUBPANEL, PANEL_EDGE, TEXT, MUTED)
    return events_panel(pen, view.log[-EVENT_LINES:], MARGIN, y, INNER, colours, gap=0)
