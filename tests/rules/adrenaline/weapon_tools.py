"""Small tools for the weapon tests (the shot tree of rules.adrenaline.weapons)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from helpers import board

from rules.adrenaline import damage
from rules.adrenaline import weapons as W
from rules.adrenaline.geometry import geometry
from rules.adrenaline.state import State

FIGURES = ("banshee", "dozer", "sprog", "violetta", "dstruct")
MAPS = ("small", "medium_green", "big", "medium_purple")


def seat_of(state: State, figure: str) -> int:
    return state.seats.index(figure)


def rich(state: State, seat: int = 0) -> State:
    """The seat holds 3 cubes of each colour (every optional effect is affordable)."""
    state.players[seat] = replace(state.players[seat], cubes=(3, 3, 3))
    return state


def level(state: State, weapon: str, path: tuple[str, ...] = (), seat: int = 0) -> W.Level:
    lvl = W.next_level(state, seat, weapon, path)
    assert lvl is not None
    return lvl


def offered(state: State, weapon: str, path: tuple[str, ...] = (), seat: int = 0) -> list[str]:
    """The tokens of the level after ``path``."""
    return [c.token for c in level(state, weapon, path, seat).choices]


def fire(state: State, weapon: str, *pieces: str, seat: int = 0) -> tuple[State, str]:
    """Fire the shot a line describes on a clone; its marks land (finish_shot). The clone and its line."""
    path = W.from_line(state, seat, weapon, pieces)
    s = state.clone()
    lines = W.perform(s, seat, weapon, path)
    assert len(lines) == 1
    damage.finish_shot(s)
    return s, lines[0]


def refused(state: State, weapon: str, *pieces: str, seat: int = 0) -> str:
    with pytest.raises(ValueError) as info:
        W.from_line(state, seat, weapon, pieces)
    return str(info.value)


def hurt(state: State, figure: str) -> int:
    """Damage tokens on a figure's board."""
    return len(state.players[seat_of(state, figure)].damage)


def marks(state: State, figure: str, by: str = "banshee") -> int:
    return state.players[seat_of(state, figure)].marks[seat_of(state, by)]


def where(state: State, figure: str) -> str | None:
    return state.players[seat_of(state, figure)].square


def random_board(rng: random.Random, figures: int | None = None) -> State:
    """Figures on random squares of a random map, random cubes, sometimes a powerup or a killed one."""
    map_id = rng.choice(MAPS)
    squares = geometry(map_id).squares
    n = figures or rng.randint(3, 5)
    state = board(map_id, **{f: rng.choice(squares) for f in FIGURES[:n]})
    for i in range(n):
        cards = tuple(rng.sample(("newton:R", "teleporter:B", "tagback_grenade:Y"), rng.randint(0, 1)))
        state.players[i] = replace(state.players[i], cubes=tuple(rng.randint(0, 3) for _ in range(3)), powerups=cards)
    if rng.random() < 0.1:
        i = rng.randrange(1, n)
        state.players[i] = replace(state.players[i], killed=True)
    return state


def random_path(state: State, seat: int, weapon: str, rng: random.Random) -> tuple[str, ...]:
    """Walk the tree by random choices (a multi-select: a random subset of its choices that is legal)."""
    path: tuple[str, ...] = ()
    while (lvl := W.next_level(state, seat, weapon, path)) is not None:
        assert lvl.choices, (weapon, path)
        if lvl.kind == "players":
            for _ in range(20):
                k = rng.randint(lvl.minimum, lvl.maximum)
                picks = sorted(rng.sample(range(len(lvl.choices)), k))
                token = ",".join(lvl.choices[i].token for i in picks)
                try:
                    W.next_level(state, seat, weapon, path + (token,))
                    break
                except ValueError:
                    continue
            else:
                token = rng.choice(lvl.choices).token
        else:
            token = rng.choice(lvl.choices).token
        path += (token,)
    return path
