"""ADRENALINE images (the public board and a player's private screen) and the private screen as
text, drawn from rules/adrenaline/views.py alone."""

from __future__ import annotations

from collections.abc import Mapping

from render.adrenaline.board import render_board
from rules.adrenaline.views import PrivateView, PublicView


def render_public(view: PublicView, names: Mapping[int, str] | None = None) -> bytes:
    return render_board(view, names)


def render_private(view: PrivateView, names: Mapping[int, str] | None = None) -> bytes:
    from render.adrenaline.screen import render_screen

    return render_screen(view, names)


def describe_private(view: PrivateView, names: Mapping[int, str] | None = None) -> list[str]:
    from render.adrenaline.text import describe

    return describe(view, names)


__all__ = ["describe_private", "render_private", "render_public"]
