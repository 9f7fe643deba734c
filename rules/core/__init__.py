"""What every engine shares: the engine protocol, the error family and the seeded generator."""

from rules.core.engine import SYSTEM, Decision, DecisionKind, Engine, Event, Outcome, SeatPlan
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
    "SYSTEM",
    "SeatPlan",
)
