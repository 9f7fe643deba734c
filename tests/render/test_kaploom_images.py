"""KAPLOOM! images from hand-built views: every phase and variant renders, stays small, and the
same view always gives the same bytes."""

from __future__ import annotations

import io
import time

import pytest
import render_fixtures as fx
from PIL import Image

from render import core, render_private, render_public
from render.kaploom.style import DANGER, GOLD

PUBLIC = fx.all_public()
PRIVATE = fx.all_private()
ONE_MEGABYTE = 1024 * 1024


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_unknown_game_has_no_renderer():
    assert render_public("chess", PUBLIC["standard-roll"]) is None
    assert render_private("chess", PRIVATE["private-roll"]) is None


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_public_board_renders_small_and_deterministic(name):
    view = PUBLIC[name]
    first = render_public("kaploom", view)
    core.clear_caches()  # cached fonts, widths and glyphs must not change a single byte
    second = render_public("kaploom", view.model_copy(deep=True))
    assert first == second
    assert first.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(first) < ONE_MEGABYTE
    image = decode(first)
    assert image.width == 800
    assert 400 < image.height < 2400


@pytest.mark.parametrize("name", sorted(PRIVATE))
def test_private_screen_renders_small_and_deterministic(name):
    view = PRIVATE[name]
    first = render_private("kaploom", view)
    core.clear_caches()
    assert first == render_private("kaploom", view.model_copy(deep=True))
    assert len(first) < ONE_MEGABYTE
    image = decode(first)
    assert image.width == 800
    assert 400 < image.height < 2400


def test_every_phase_and_variant_is_covered():
    phases = {(v.variant, v.phase) for v in PUBLIC.values()}
    assert {("standard", p) for p in ("roll", "reveal", "power_up", "over")} <= phases
    assert ("advanced", "reveal") in phases
    assert {("2v2", "roll"), ("2v2", "reveal"), ("2v2", "over")} <= phases


def test_public_image_ignores_what_is_behind_a_screen():
    """Two hero screens that differ in the hidden roll and assignments share one public view, and the
    channel's image is the same for both."""
    a = fx.private_hero_roll_variant(fx.HERO_ROLL, fx.HERO_ASSIGNMENTS)
    b = fx.private_hero_roll_variant(
        {1: "blank", 2: "might", 3: "toughness", 4: "agility", 5: "wild"},
        (fx.assignment("flip", "defense", "base", "AGILITY + AGILITY", (4, 5), value=3),),
    )
    assert render_private("kaploom", a) != render_private("kaploom", b)
    assert render_public("kaploom", a.public) == render_public("kaploom", b.public)


def test_public_facts_change_the_image():
    """The image follows the view: a health change, a ready mark and the reveal all show."""
    base = fx.standard("roll")
    hurt = base.model_copy(
        update=dict(players=(base.players[0].model_copy(update=dict(health=21)), base.players[1]))
    )
    ready = base.model_copy(
        update=dict(players=(base.players[0], base.players[1].model_copy(update=dict(ready=True))))
    )
    images = {render_public("kaploom", v) for v in (base, hurt, ready, fx.standard("reveal"))}
    assert len(images) == 4


def _has_colour(image: Image.Image, colour: tuple[int, int, int], box: tuple[int, int, int, int]) -> bool:
    """Some pixel in ``box`` is close to ``colour`` (the palette shifts colours by a few steps)."""
    colours = image.convert("RGB").crop(box).getcolors(1 << 20) or []
    return any(max(abs(a - b) for a, b in zip(found, colour, strict=True)) <= 12 for _, found in colours)


def test_game_over_shows_a_winner_banner_and_ko():
    image = decode(render_public("kaploom", PUBLIC["standard-over"]))
    assert _has_colour(image, GOLD, (0, 100, 800, 160))  # the banner right under the title bar
    running = decode(render_public("kaploom", PUBLIC["standard-power_up"]))
    assert not _has_colour(running, GOLD, (200, 100, 600, 106))
    assert _has_colour(image, DANGER, (0, 200, 400, image.height))  # the villain's K.O.


def test_a_large_late_game_pool_still_fits():
    """Twelve dice with full action dice wrap inside the panel instead of running off the image."""
    many = fx.dice(
        "red", "red", "yellow", "yellow", "blue", "blue", "purple", "green",
        ("wild", "might", "energy", "toughness", "agility", "x_factor"),
        ("wild", "wild", "might", "might", "energy", "energy"),
        ("x_factor", "x_factor", "agility"),
        ("toughness",),
    )  # fmt: skip
    base = fx.standard("roll")
    view = base.model_copy(
        update=dict(
            players=(
                base.players[0].model_copy(update=dict(dice=many, stored_faces=("wild",) * 9)),
                base.players[1],
            )
        )
    )
    data = render_public("kaploom", view)
    assert len(data) < ONE_MEGABYTE
    assert decode(data).height > decode(render_public("kaploom", base)).height


def test_render_time_is_interactive():
    """Each image well under the 150 ms per-command budget (generous bound for a busy CI machine)."""
    views = [("public", v) for v in PUBLIC.values()] + [("private", v) for v in PRIVATE.values()]
    for kind, view in views:
        (render_public if kind == "public" else render_private)("kaploom", view)
    start = time.perf_counter()
    for kind, view in views:
        (render_public if kind == "public" else render_private)("kaploom", view)
    mean = (time.perf_counter() - start) / len(views)
    assert mean < 0.4
