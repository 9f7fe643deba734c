"""Images and texts of games: pure functions from a view to PNG bytes or short lines.

``render_public(game, view)`` draws the board the channel sees; ``render_private(game, view)``
draws one player's own screen. Both return None for a game that has no renderer, read nothing but
the bundled fonts, and give the same bytes for the same view (and names), so the bot may call them
from a worker thread and tests may compare bytes. ``names`` maps a seat to the display name of the
person sitting there; it is drawn next to the seat's role.

``describe_private(game, view)`` spells one player's screen out as short lines of chat text, for
their DM or ephemeral reply only: it shows what they rolled, so it must never reach a channel.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Names = Mapping[int, str] | None


def _renderers(game: str) -> tuple[Callable[[Any, Names], bytes], Callable[[Any, Names], bytes]] | None:
    if game == "kaploom":
        from render.kaploom import render_private as private
        from render.kaploom import render_public as public

        return public, private
    return None


def render_public(game: str, view: Any, names: Names = None) -> bytes | None:
    """The public board of ``game`` as PNG bytes, or None when the game has no renderer."""
    renderers = _renderers(game)
    return renderers[0](view, names) if renderers else None


def render_private(game: str, view: Any, names: Names = None) -> bytes | None:
    """One player's screen of ``game`` as PNG bytes, or None when the game has no renderer."""
    renderers = _renderers(game)
    return renderers[1](view, names) if renderers else None


def describe_private(game: str, view: Any, names: Names = None) -> list[str] | None:
    """One player's screen of ``game`` as lines of private chat text, or None when the game has no
    describer (the caller then falls back to a generic summary)."""
    if game == "kaploom":
        from render.kaploom.text import describe_private as describe

        return describe(view, names)
    return None
