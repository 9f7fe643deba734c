"""AI seats: a policy picks one of a seat's legal actions from what that seat may see.

A policy is handed the seat's private view (never the state: an AI seat must not know what the
other players hide), the decision the engine waits for, the legal actions in the engine's order,
and a seeded generator. It returns one of the legal actions. It is pure: the same inputs give the
same choice, so a game with AI seats still replays from seed + log (the log records the choices).

Every game has at least ``RandomPolicy``; a game offers a stronger one through its engine's
``policy()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from pydantic import BaseModel

from rules.core.engine import Decision
from rules.core.rng import Rng


class Policy(Protocol):
    name: str  # shown to players, e.g. "random", "heuristic"

    def choose(self, view: BaseModel, decision: Decision, legal: Sequence[Any], rng: Rng) -> Any:
        """One of ``legal`` (never empty) for the seat whose private view is ``view``."""


class RandomPolicy:
    """Any legal action, uniformly."""

    name = "random"

    def choose(self, view: BaseModel, decision: Decision, legal: Sequence[Any], rng: Rng) -> Any:
        return rng.choice(list(legal))
