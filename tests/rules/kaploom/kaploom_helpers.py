"""Test helpers that build KAPLOOM! states with chosen rolls (the state holds the roll, so a test can
set it as a player would see it behind the screen) and drive the engine by notation."""

from __future__ import annotations

from rules.core.rng import Rng
from rules.kaploom import ENGINE
from rules.kaploom.data import FACE_CODES, game_data


def new(variant: str = "standard", seed: int = 1, **options: str):
    return ENGINE.new_game(seed, ENGINE.parse_options({"variant": variant, **options}))


def with_roll(state, seat: int, faces: list[str]):
    """A copy of ``state`` where ``seat``'s dice show ``faces`` (long names, in die order)."""
    s = state.clone()
    p = s.players[seat]
    assert len(faces) == len(p.dice)
    for die, face in zip(p.dice, faces, strict=True):
        shown = die if isinstance(die, tuple) else game_data().trait_faces[die]
        assert FACE_CODES[face] in shown, f"{die} cannot show {face}"
    p.roll = tuple(FACE_CODES[f] for f in faces)
    return s


def with_next_draw(state, n: int, wanted: set[int]):
    """A copy of ``state`` whose generator's next ``below(n)`` lands in ``wanted``."""
    s = state.clone()
    for seed in range(10_000):
        if Rng(seed).copy().below(n) in wanted:
            s.rng = tuple(Rng(seed).state())
            return s
    raise AssertionError("no seed found")


def play(state, seat: int, *lines: str):
    events = []
    for line in lines:
        state, ev = ENGINE.apply(state, seat, ENGINE.parse(state, seat, line))
        events += ev
    return state, events
