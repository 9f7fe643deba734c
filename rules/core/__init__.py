"""What every engine shares: the engine protocol, the error family and the seeded generator."""

from rules.core.engine import Decision, DecisionKind, Engine, Event, Outcome
from rules.core.errors import (
    BadOptions,
    GameIsOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    RulesError,
)
from rules.core.rng import Rng

__all__ = (
    "BadOptions",
    "Decision",
    "DecisionKind",
    "Engine",
    "Event",
    "GameIsOver",
    "IllegalAction",
    "MalformedAction",
    "NotYourTurn",
    "Outcome",
    "Rng",
    "RulesError",
)
