"""KAPLOOM! images from real engine states: hidden facts never reach the public image, and a whole
game renders in every phase of every variant."""

from __future__ import annotations

import engine_games
import pytest

from render import render_private, render_public
from rules.kaploom import ENGINE
from rules.kaploom.data import game_data

ONE_MEGABYTE = 1024 * 1024
VARIANTS = ("standard", "advanced", "2v2")


def public_image(state) -> bytes:
    return render_public("kaploom", ENGINE.public_view(state))


def private_image(state, seat: int) -> bytes:
    return render_private("kaploom", ENGINE.private_view(state, seat))


@pytest.mark.parametrize("variant", VARIANTS)
def test_different_hidden_rolls_give_the_same_public_image(variant):
    """Two games whose seeds differ roll differently behind the screens; the channel cannot tell."""
    first = engine_games.new_game(variant, 11)
    second = engine_games.new_game(variant, 12)
    seats = range(len(ENGINE.public_view(first).players))
    assert any(ENGINE.private_view(first, s).roll != ENGINE.private_view(second, s).roll for s in seats)
    assert any(private_image(first, s) != private_image(second, s) for s in seats)
    assert public_image(first) == public_image(second)


@pytest.mark.parametrize("variant", VARIANTS)
def test_different_hidden_assignments_give_the_same_public_image(variant):
    """From one state a seat assigns a die in two different ways, then marks ready: the public
    images stay byte-identical while that seat's own screen differs."""
    state = engine_games.new_game(variant, 5)
    seat = ENGINE.to_act(state)[0]
    # IMMEDIATE actions are announced to everyone, so they are not hidden choices: leave them out.
    immediate = {aid for aid, a in game_data().actions.items() if a.role == "immediate"}
    assigns = [a for a in ENGINE.legal_actions(state, seat)
               if ENGINE.format(a).startswith("assign") and ENGINE.format(a).split()[2] not in immediate]
    first_choice = assigns[0]
    other_choice = next(
        a for a in assigns if ENGINE.format(a).split()[1] != ENGINE.format(first_choice).split()[1]
    )
    one, _ = ENGINE.apply(state, seat, first_choice)
    two, _ = ENGINE.apply(state, seat, other_choice)
    assert ENGINE.private_view(one, seat) != ENGINE.private_view(two, seat)
    assert private_image(one, seat) != private_image(two, seat)
    assert public_image(one) == public_image(two)
    ready = ENGINE.parse(one, seat, "ready")
    one, _ = ENGINE.apply(one, seat, ready)
    two, _ = ENGINE.apply(two, seat, ENGINE.parse(two, seat, "ready"))
    assert public_image(one) == public_image(two)


GAMES = {"standard": 3, "advanced": 2, "2v2": 2}  # seeds whose games end quickly


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_real_game_renders_in_every_phase(variant):
    states = engine_games.first_of_each_phase(variant, GAMES[variant])
    assert set(states) == {"roll", "reveal", "power_up", "over"}
    for phase, state in states.items():
        board = public_image(state)
        assert board == public_image(ENGINE.load(ENGINE.dump(state))), phase
        assert len(board) < ONE_MEGABYTE
        for seat in range(len(ENGINE.public_view(state).players)):
            screen = private_image(state, seat)
            assert screen == private_image(state, seat)
            assert len(screen) < ONE_MEGABYTE
