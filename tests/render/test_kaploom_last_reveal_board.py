"""The public KAPLOOM! board shows the last reveal while no reveal is live: a round that ends in the
step that revealed it (nobody had anything to power up) must not lose what was revealed."""

from __future__ import annotations

import io

from PIL import Image

from render import core, render_public
from rules.kaploom import ENGINE

V, H = 0, 1


def _play(state, seat, *lines):
    for line in lines:
        state, _ = ENGINE.apply(state, seat, ENGINE.parse(state, seat, line))
    return state


def _without_last_reveal(view):
    return view.model_copy(update={"players": tuple(p.model_copy(update={"last_reveal": None}) for p in view.players)})


def _board(view) -> bytes:
    return render_public("kaploom", view)


def test_the_board_after_a_round_ending_reveal_still_shows_it():
    """Seed 1: POW against FLIP and JAB, nobody has anything to power up; the step that reveals also
    starts round 2."""
    s = ENGINE.new_game(1, ENGINE.parse_options({"variant": "standard"}))
    s = _play(s, V, "assign 3,5 pow", "ready")
    s = _play(s, H, "assign 3,4 flip", "assign 2 jab", "ready")
    view = ENGINE.public_view(s)
    assert view.round == 2 and view.phase == "roll"
    assert all(p.revealed is None and p.last_reveal.round == 1 for p in view.players)
    board = _board(view)
    bare = _board(_without_last_reveal(view))
    assert board != bare
    with_strip, without = Image.open(io.BytesIO(board)), Image.open(io.BytesIO(bare))
    assert with_strip.width == without.width == 800
    assert without.height < with_strip.height < 2400
    core.clear_caches()
    assert _board(view.model_copy(deep=True)) == board  # deterministic
    assert board == _board(ENGINE.public_view(ENGINE.load(ENGINE.dump(s))))


def test_a_live_reveal_is_drawn_instead_of_the_last_one():
    s = ENGINE.new_game(1, ENGINE.parse_options({"variant": "standard"}))
    s = _play(s, V, "assign 1,5 grow", "ready")
    s = _play(s, H, "assign 3,4 flip", "assign 2 jab", "ready")
    view = ENGINE.public_view(s)
    assert view.phase == "power_up" and all(p.revealed is not None and p.last_reveal for p in view.players)
    assert _board(view) == _board(_without_last_reveal(view))


def test_2v2_board_with_pointers_in_the_last_reveal_renders():
    s = ENGINE.new_game(3, ENGINE.parse_options({"variant": "2v2"}))
    s = _play(s, 0, "assign 4 grit", "ready")
    s = _play(s, 1, "assign 3 jab", "target 2", "ready")
    s = _play(s, 2, "assign 3 jab", "ready")
    s = _play(s, 3, "assign 2 jab", "target 2", "ready")
    view = ENGINE.public_view(s)
    assert view.round == 2 and {p.last_reveal.target for p in view.players} == {0, 1, 2, 3}
    board = _board(view)
    assert board != _board(_without_last_reveal(view))
    assert Image.open(io.BytesIO(board)).height < 2400
