"""Pictures drawn band by band (``render.bands``) are byte for byte the pictures drawn whole.

A picture is cut into bands of rows; a band whose strokes were drawn before is reused. These tests
play KAPLOOM! games step by step (every variant), draw the board and every screen of each state
both ways, and compare the bytes: with the cache empty, warm from the same game's earlier steps,
warm from other games interleaved, and squeezed to a few bands so that it evicts all the time.
"""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from render import bands, core
from render.kaploom import board, screen
from render.kaploom.style import palette
from rules.kaploom import ENGINE

NAMES = {0: "alice", 1: "Bartholomew the Unready", 2: "carol", 3: "dmitri"}


def playout(variant: str, seed: int, steps: int) -> list:
    """The first ``steps`` states of a seeded random game (mostly placing dice, as people do)."""
    state = ENGINE.new_game(seed, ENGINE.parse_options({"variant": variant}))
    rng = random.Random(seed)
    states = [state]
    while len(states) < steps and ENGINE.outcome(state) is None:
        seat = rng.choice(ENGINE.to_act(state))
        legal = ENGINE.legal_actions(state, seat)
        texts = [ENGINE.format(a) for a in legal]
        assigns = [a for a, t in zip(legal, texts, strict=True) if t.startswith(("assign", "use", "take"))]
        action = rng.choice(assigns) if assigns and rng.random() < 0.8 else rng.choice(legal)
        state, _ = ENGINE.apply(state, seat, action)
        states.append(state)
    return states


def pictures(state) -> list[tuple]:
    """(width, background, layout) of the board and of every seat's screen of ``state``."""
    public = ENGINE.public_view(state)
    out = [(board.WIDTH, board.BACKGROUND, lambda pen, v=public: board._layout(pen, v, NAMES))]
    for seat in range(len(state.players)):
        view = ENGINE.private_view(state, seat)
        out.append((screen.WIDTH, screen.BACKGROUND, lambda pen, v=view: screen._layout(pen, v, NAMES)))
    return out


def check(states) -> int:
    """Draw every picture of ``states`` both ways; the number of bands reused meanwhile."""
    reused = bands.stats["reused"]
    for state in states:
        for width, background, layout in pictures(state):
            assert bands.draw(width, background, layout, palette()) == core.draw_whole(
                width, background, layout, palette())
    return bands.stats["reused"] - reused


pytestmark = pytest.mark.usefixtures("fresh_caches")


@pytest.mark.parametrize("variant", ["standard", "advanced", "2v2"])
def test_every_step_of_a_game_draws_the_same_bytes_banded_as_whole(variant):
    reused = check(playout(variant, seed=3, steps=36))
    assert reused > 0  # the steps did share bands: the comparison covered reuse, not only drawing


def test_games_interleaved_share_the_cache_and_still_draw_their_own_pictures():
    games = [playout("standard", seed, 14) for seed in (11, 12, 13)]
    interleaved = [state for step in zip(*games, strict=False) for state in step]
    assert check(interleaved) > 0


def test_a_cache_squeezed_to_a_few_bands_evicts_and_draws_the_same_bytes(monkeypatch):
    monkeypatch.setattr(bands, "BUDGET", 20_000)  # a dozen bands
    check(playout("2v2", seed=5, steps=12))
    assert 0 < bands._held <= bands.BUDGET
    assert len(bands._bands) <= 20


def test_a_changed_picture_redraws_only_some_bands_and_the_png_decodes():
    states = playout("standard", seed=8, steps=40)
    seat_screens = [ENGINE.private_view(s, 0) for s in states]
    for view in seat_screens[:-1]:
        bands.draw(screen.WIDTH, screen.BACKGROUND, lambda pen, v=view: screen._layout(pen, v, NAMES), palette())
    drawn = bands.stats["drawn"]
    data = bands.draw(screen.WIDTH, screen.BACKGROUND,
                      lambda pen: screen._layout(pen, seat_screens[-1], NAMES), palette())
    image = Image.open(io.BytesIO(data))
    image.load()
    total = (image.height + bands.BAND - 1) // bands.BAND
    assert bands.stats["drawn"] - drawn < total  # not everything again
    assert image.size[0] == screen.WIDTH


def test_the_recording_pen_notes_each_stroke_with_every_row_it_paints():
    """A band is redrawn from the strokes noted as touching it: a stroke painting outside its noted
    rows would leave a stale band. Each kind of stroke is drawn alone and its pixels found."""
    fnt = core.font(20, bold=True)
    strokes = [
        ("text", ((10, 100), "KAPLOOM! gjpqy", fnt, (255, 255, 255), "lm")),
        ("text", ((60, 150), "Top", fnt, (255, 255, 255), "lt")),
        ("rect", ((0, 40, 50, 60), (1, 2, 3), (200, 0, 0), 3, 0)),
        ("rect", ((5, 70, 400, 190), None, (200, 0, 0), 2, 12)),
        ("rect", ((5, 10, 30, 30), (9, 9, 9), None, 1, 6)),
        ("circle", ((30, 200), 12, (4, 5, 6), (200, 200, 0), 2)),
        ("line", ([(0, 300), (80, 310), (90, 250)], (7, 8, 9), 5)),
        ("polygon", ([(10, 320), (60, 360), (5, 380)], (9, 9, 200))),
        ("tile", ((100, 220), (40, 30), (0, 0, 0), "t", lambda pen: pen.rect((0, 0, 39, 29), fill=(50, 50, 50)))),
    ]
    for name, args in strokes:
        recorder = core.Pen(record=True)
        getattr(recorder, name)(*args)
        (op,) = recorder.ops
        image = Image.new("RGB", (500, 420), (0, 0, 0))
        op.replay(core.Pen(image))
        _, top, _, bottom = image.getbbox()
        assert op.top <= top and bottom - 1 <= op.bottom, (name, op.top, op.bottom, top, bottom - 1)
    assert not core.Pen(record=True).dry  # to a layout it draws: sections draw their panels for it
