"""Images and texts of games: pure functions from a view to PNG bytes or short lines.

``render_public(game, view)`` draws the board the channel sees; ``render_private(game, view)``
draws one player's own screen. Both return None for a game that has no renderer, read nothing but
the bundled fonts, and give the same bytes for the same view (and names), so the bot may call them
from a worker thread and tests may compare bytes. ``names`` maps a seat to the display name of the
person sitting there; it is drawn next to the seat's role.

``describe_private(game, view)`` spells one player's screen out as short lines of chat text, for
their DM or ephemeral reply only: it shows what they rolled, so it must never reach a channel.

Each game's renderer is a package named in ``RENDERERS`` that exports ``render_public(view, names)``,
``render_private(view, names)`` and optionally ``describe_private(view, names)``; it is imported on
first use, so a game without images costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any

Names = Mapping[int, str] | None

# Game name (the engine's registry key) -> the package that draws it.
RENDERERS: dict[str, str] = {
    "kaploom": "render.kaploom",
    "jupiter-rescue": "render.jupiter",
    "retro-bots": "render.retro",
    "adrenaline": "render.adrenaline",
    "powerup": "render.powerup",
}


@cache
def renderer(game: str) -> ModuleType | None:
    """The renderer package of ``game``, or None when the game has none."""
    module = RENDERERS.get(game)
    return import_module(module) if module else None


def _function(game: str, name: str) -> Callable[[Any, Names], Any] | None:
    module = renderer(game)
    return getattr(module, name, None) if module is not None else None


def render_public(game: str, view: Any, names: Names = None) -> bytes | None:
    """The public board of ``game`` as PNG bytes, or None when the game has no renderer."""
    draw = _function(game, "render_public")
    return draw(view, names) if draw else None


def render_private(game: str, view: Any, names: Names = None) -> bytes | None:
    """One player's screen of ``game`` as PNG bytes, or None when the game has no renderer."""
    draw = _function(game, "render_private")
    return draw(view, names) if draw else None


def describe_private(game: str, view: Any, names: Names = None) -> list[str] | None:
    """One player's screen of ``game`` as lines of private chat text, or None when the game has no
    describer (the caller then falls back to a generic summary)."""
    describe = _function(game, "describe_private")
    return describe(view, names) if describe else None
