"""Jupiter Rescue: the cooperative evacuation of a colony overrun by Creeps (1-7 players)."""

from rules.jupiter.actions import Action
from rules.jupiter.engine import JupiterEngine
from rules.jupiter.options import JupiterOptions
from rules.jupiter.state import State

ENGINE = JupiterEngine()

__all__ = ("ENGINE", "Action", "JupiterEngine", "JupiterOptions", "State")
