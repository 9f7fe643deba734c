"""ADRENALINE's AI seats.

``ActivePolicy``, the random legal policy of the issue ("one tree level at a time; it may favour
shooting"): at each level of the tree it picks a random option, but it rarely gives up what it has
started — ``end``, ``pass``, ``cancel`` and ``back`` are taken only one time in four while something
else is open — and at the top of a turn it takes "shoot" when it can, else any action. Uniformly
random play ends most turns at once and a game runs to hundreds of turns; this one plays real games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from rules.core.engine import Decision
from rules.core.rng import Rng

QUIT = ("end", "pass", "cancel", "back")


class ActivePolicy:
    name = "random"

    def choose(self, view: BaseModel, decision: Decision, legal: Sequence[Any], rng: Rng) -> Any:
        # A standing Tagback answer is the person's own setting: an AI seat (also one minding a timed-out
        # person's seat) leaves it alone.
        options = [a for a in legal if not str(a).startswith("answer:")] or list(legal)
        words = [str(a) for a in options]
        if "shoot" in words and rng.below(4):
            return options[words.index("shoot")]
        going = [a for a, w in zip(options, words, strict=True) if w not in QUIT]
        if going and rng.below(4):
            return rng.choice(going)
        return rng.choice(options)
