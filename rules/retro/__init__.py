"""Retro Bots vs Rogues: 1-4 players program their old Retros in secret, against a timer, to push
every malfunctioning Rogue into a pit (cooperative)."""

from rules.retro.actions import Action
from rules.retro.engine import RetroEngine
from rules.retro.options import RetroOptions
from rules.retro.state import State

ENGINE = RetroEngine()

__all__ = ("ENGINE", "Action", "RetroEngine", "RetroOptions", "State")
