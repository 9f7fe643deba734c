"""KAPLOOM! images: the public board and a player's private screen."""

from __future__ import annotations

from render.kaploom.board import render_board
from render.kaploom.screen import render_screen
from rules.kaploom.views import PrivateView, PublicView


def render_public(view: PublicView) -> bytes:
    return render_board(view)


def render_private(view: PrivateView) -> bytes:
    return render_screen(view)


__all__ = ["render_private", "render_public"]
