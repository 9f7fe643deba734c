"""Images of games: pure functions from a view to PNG bytes.

``render_public(game, view)`` draws the board the channel sees; ``render_private(game, view)``
draws one player's own screen. Both return None for a game that has no renderer, read nothing but
the bundled fonts, and give the same bytes for the same view, so the bot may call them from a
worker thread and tests may compare bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _renderers(game: str) -> tuple[Callable[[Any], bytes], Callable[[Any], bytes]] | None:
    if game == "kaploom":
        from render.kaploom import render_private as private
        from render.kaploom import render_public as public

        return public, private
    return None


def render_public(game: str, view: Any) -> bytes | None:
    """The public board of ``game`` as PNG bytes, or None when the game has no renderer."""
    renderers = _renderers(game)
    return renderers[0](view) if renderers else None


def render_private(game: str, view: Any) -> bytes | None:
    """One player's screen of ``game`` as PNG bytes, or None when the game has no renderer."""
    renderers = _renderers(game)
    return renderers[1](view) if renderers else None
