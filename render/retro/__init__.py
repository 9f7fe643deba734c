"""Retro Bots vs Rogues images (the public board and a player's private screen) and the private
screen as text."""

from __future__ import annotations

from collections.abc import Mapping

from render.retro.board import render_board
from render.retro.screen import render_screen
from render.retro.text import describe_private
from rules.retro.views import PrivateView, PublicView


def render_public(view: PublicView, names: Mapping[int, str] | None = None) -> bytes:
    return render_board(view, names)


def render_private(view: PrivateView, names: Mapping[int, str] | None = None) -> bytes:
    return render_screen(view, names)


__all__ = ["describe_private", "render_private", "render_public"]
