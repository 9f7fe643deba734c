"""A DEATHMATCH state in play, set by hand, for the rules tests (the 2-seat board's bottom row A1-I1 is
one floor: figures placed there stand)."""

from __future__ import annotations

import pytest

from rules.powerup import deathmatch, flow
from rules.powerup.data import game_data
from rules.powerup.state import State


def play_state(seed: int = 1, labels: tuple[str, ...] = ("RED-RAY", "BLU-TOR"),
               where: dict[str, tuple[tuple[int, int], int]] | None = None) -> State:
    """Seats in play, sequence 1 under way with seat 0 active and 4 AP; ``where``: figure id -> (square,
    facing) for the BUGBUSTERs (others are kept off the board's way at the top corners)."""
    s = deathmatch.new_state(seed, labels, game_data().board(len(labels)).faces)
    s.phase = "play"
    s.placing = s.place_kind = ""
    where = where or {}
    width = len(s.layout[0]) * 3
    free = [x for x in range(width) if x not in (2, width - 3)]  # off the robots' homes (life.robot_home)
    for i, b in enumerate(s.busters):
        sq, facing = where.get(b.sheet, ((free[i], 0), 1))
        s.move_figure(b.sheet, square=sq, facing=facing)
        s.set_buster(i, start=sq)
    s.sequence = 1
    s.order = tuple(range(len(labels)))
    s.initiative = tuple(0 for _ in labels)
    s.turn = 0
    s.played = tuple(False for _ in labels)
    flow.start_turn(s, [])
    return s


class FixedDice:
    """Rolls the given faces, in order, whatever the pool asks; records each pool asked for (``pools``)."""

    def __init__(self, *rolls: tuple[tuple[str, str], ...]) -> None:
        self.rolls = list(rolls)
        self.pools: list[str] = []

    def __call__(self, rng, pool: str):  # noqa: ANN001 - the signature of dice.roll
        self.pools.append(pool)
        return self.rolls.pop(0)


@pytest.fixture
def fixed_dice(monkeypatch):
    def install(*rolls):
        fake = FixedDice(*rolls)
        monkeypatch.setattr("rules.powerup.dice.roll", fake)
        return fake

    return install


def bug_turn(s: State) -> State:
    """Play a co-op game's BUG turn (the AI's steps, any window or question answered by its default) until
    the BUGBUSTERs' choice."""
    from rules.core.engine import SYSTEM
    from rules.powerup import ENGINE

    for _ in range(500):
        if s.coop.stage != "bug" or s.phase != "play":
            return s
        pending = ENGINE.pending(s)
        seat = SYSTEM if SYSTEM in pending else next(iter(pending))
        s, _ = ENGINE.apply(s, seat, pending[seat].default)
    raise AssertionError("the BUG turn never ends")

