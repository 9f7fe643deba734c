"""Shared helpers for the Jupiter Rescue tests: the raw data file and seeded deals."""

import copy
import json
import random
from functools import cache
from importlib import resources

from rules.jupiter.colony import TilePick
from rules.jupiter.data import game_data


@cache
def _raw_text() -> str:
    return resources.files("rules.jupiter").joinpath("data/jupiter.json").read_text(encoding="utf-8")


def raw_data() -> dict:
    """A fresh, editable copy of jupiter.json as parsed JSON."""
    return copy.deepcopy(json.loads(_raw_text()))


def deal(seed: int, side: str | None = None, rotate: bool = True) -> list[TilePick]:
    """A seeded setup deal: 19 of the 20 shuffled tiles, each side up at random (or ``side``) and, with
    ``rotate``, each turned at random (lines 31-33)."""
    rng = random.Random(seed)
    ids = [t.id for t in game_data().tiles]
    rng.shuffle(ids)
    return [
        TilePick(t, side or rng.choice(("easy", "hard")), rng.randrange(6) if rotate else 0) for t in ids[:19]
    ]
