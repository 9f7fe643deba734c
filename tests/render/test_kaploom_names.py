"""Player names on the KAPLOOM! images: drawn after each role, cut to fit, deterministic."""

from __future__ import annotations

import io

import pytest
import render_fixtures as fx
from PIL import Image, ImageChops

from render import core, render_private, render_public
from render.core import display_name

PUBLIC = fx.all_public()
PRIVATE = fx.all_private()
LONG = "Bartholomew the Magnificent, Destroyer of Worlds and Eater of Dice"


def names_for(view) -> dict[int, str]:
    players = view.players if hasattr(view, "players") else view.public.players
    return {p.seat: ("alice", "bob", "carol", "dave")[p.seat] for p in players}


def draw(view, names=None) -> bytes:
    if hasattr(view, "players"):
        return render_public("kaploom", view, names)
    return render_private("kaploom", view, names)


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def differs(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> bool:
    return ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None


@pytest.mark.parametrize("name", sorted(PUBLIC) + sorted(PRIVATE))
def test_names_are_drawn_and_deterministic(name):
    view = PUBLIC.get(name) or PRIVATE[name]
    names = names_for(view)
    plain = draw(view)
    named = draw(view, names)
    assert named != plain
    assert draw(view, {}) == plain  # no names is the same as an empty map
    core.clear_caches()  # cached fonts, widths and glyphs must not change a single byte
    assert draw(view.model_copy(deep=True), dict(names)) == named
    assert draw(view, {**names, 0: "zed"}) != named
    # A name only changes the strip it is written in, never the layout's height.
    assert decode(named).size == decode(plain).size


STRIP_TOP, STRIP_BOTTOM = 108, 156  # the players' name strips under the 96 px title bar
VILLAIN_RIGHT = 395  # the villains' column ends there, the heroes' begins at 405


def test_a_name_lands_in_its_own_players_strip():
    """Standard board: villain on the left, hero on the right, name strips at y 108-156."""
    view = fx.standard("roll")
    plain = decode(draw(view))
    villain_named = decode(draw(view, {0: "alice"}))
    assert differs(plain, villain_named, (12, STRIP_TOP, VILLAIN_RIGHT, STRIP_BOTTOM))
    assert not differs(plain, villain_named, (VILLAIN_RIGHT, STRIP_TOP, 800, STRIP_BOTTOM))
    assert not differs(plain, villain_named, (0, STRIP_BOTTOM, 800, plain.height))


@pytest.mark.parametrize("view", [fx.standard("reveal"), fx.two_vs_two("reveal"), fx.advanced_reveal()])
def test_a_long_name_is_cut_and_the_role_stays_whole(view):
    """However long the name, the role in front of it is drawn exactly as without a name, and the
    name stays after the role inside its own strip (villain 1's strip ends at x 395)."""
    plain = decode(draw(view))
    long_named = decode(draw(view, {0: LONG}))
    changed = ImageChops.difference(plain, long_named).getbbox()
    assert changed is not None
    left, top, right, bottom = changed
    assert left > 120 and right < VILLAIN_RIGHT and top > STRIP_TOP and bottom < STRIP_BOTTOM
    assert decode(draw(view, {0: LONG * 3})).size == plain.size


def test_private_screen_shows_names_in_the_health_strip():
    view = fx.private_two_vs_two()
    plain = decode(draw(view))
    named = decode(draw(view, {p.seat: LONG for p in view.public.players}))
    strip = (0, 100, 800, 275)  # the four health cards, two by two, under the title bar
    assert differs(plain, named, strip)
    assert not differs(plain, named, (0, 275, 800, plain.height))


def test_display_names_are_made_drawable():
    assert display_name(None, 0) is None
    assert display_name({1: "bob"}, 0) is None
    assert display_name({0: "  alice \n the\tgreat "}, 0) == "alice the great"
    assert display_name({0: "dice 🎲 fan\u200b"}, 0) == "dice fan"
    assert display_name({0: "🎲"}, 0) is None
    assert display_name({0: "Zoë Ødegård"}, 0) == "Zoë Ødegård"
