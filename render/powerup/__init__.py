"""POWERUP images (the public board and one seat's private screen) and the private screen as text,
drawn from rules/powerup/views.py alone."""

from __future__ import annotations

from collections.abc import Mapping

from render.powerup.board import render_board
from rules.powerup.views import PrivateView, PublicView


def render_public(view: PublicView, names: Mapping[int, str] | None = None) -> bytes:
    return render_board(view, names)


def render_private(view: PrivateView, names: Mapping[int, str] | None = None) -> bytes:
    from render.powerup.screen import render_screen

    return render_screen(view, names)


def describe_private(view: PrivateView, names: Mapping[int, str] | None = None) -> list[str]:
    from render.powerup.text import describe

    return describe(view, names)


__all__ = ["describe_private", "render_private", "render_public"]
