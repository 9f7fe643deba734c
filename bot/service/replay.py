"""Rebuilding a game from its seed and action log: the proof that a snapshot is honest."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
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


def replay(engine: Engine, seed: int, options: BaseModel, log: Iterable[tuple[int, str]]) -> Any:
    """new_game(seed, options), then every (seat, notation) of the log, in order."""
    state = engine.new_game(seed, options)
    for seat, notation in log:
        state, _ = engine.apply(state, seat, engine.parse(state, seat, notation))
    return state
