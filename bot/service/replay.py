"""Rebuilding a game from its seed and action log: the proof that a snapshot is honest."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel

from rules.core.engine import Engine


def derive_seed(source: int, channel_id: str, game_id: int) -> int:
    """A game's seed from the service's seed source, stable across restarts and runs.

    Hashing (source, channel, game id) instead of drawing from a stream means a script played one
    command per run gets the same seeds as the same script played in one run.
    """
    digest = hashlib.sha256(f"{source}:{channel_id}:{game_id}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


UNDO = "!undo"  # the notation of a log row that takes back an earlier action of the same log


def effective(log: Iterable[tuple[int, str, int | None]]) -> list[tuple[int, str]]:
    """The (seat, notation) pairs a game consists of: every action, less those an undo row (its
    notation ``UNDO``, with the seq it takes back) took back. Rows are (seat, notation, undoes)
    in seq order, seq = position + 1."""
    kept: dict[int, tuple[int, str]] = {}
    for seq, (seat, notation, undoes) in enumerate(log, start=1):
        if notation == UNDO:
            if undoes is not None:
                kept.pop(undoes, None)
        else:
            kept[seq] = (seat, notation)
    return list(kept.values())


def replay(
    engine: Engine, seed: int, options: BaseModel, log: Iterable[tuple[int, str]],
    seats: Sequence[str] | None = None,
) -> Any:
    """new_game(seed, options, seats), then every (seat, notation) of the log, in order."""
    state = engine.new_game(seed, options, seats)
    for seat, notation in log:
        state, _ = engine.apply(state, seat, engine.parse(state, seat, notation))
    return state
