"""What an image worker process runs (bot/service/drawing.py sends it the jobs).

Kept apart from ``bot.service`` so a worker imports the renderers and the views' models only: a
worker is forked from a process that imported this module and nothing of the bot, which keeps each
worker's memory to the renderers and their caches.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable

from pydantic import BaseModel

log = logging.getLogger(__name__)

NICENESS = 5  # below the bot's own process: in a burst its commands go ahead of the drawing


def started() -> None:
    """A worker's first act: step back. The event loop decides what every later image is: when
    twenty commands come at once it should get through them first, and the workers draw on what is
    left of the cores."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICENESS)


def ready() -> None:
    """Nothing: a job that makes a fresh worker start (its imports are done by then)."""


def draw_json(function: str, game: str, kind: type[BaseModel], text: str, names: tuple) -> bytes | None:
    """The view rebuilt from its JSON, then drawn."""
    return draw(function, game, lambda: kind.model_validate_json(text), names)


def draw(function: str, game: str, view: Callable[[], BaseModel], names: tuple) -> bytes | None:
    """One image; a drawing bug costs its image, never the reply (the action is already committed)."""
    try:
        import render
    except ImportError:
        log.warning("the render package is not importable; boards are sent without images")
        return None
    try:
        return getattr(render, function)(game, view(), dict(names))
    except Exception:
        log.exception("rendering %s for %s failed", function, game)
        return None
