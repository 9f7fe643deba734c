"""KAPLOOM!: a dice-building superhero duel (1 vs 1, advanced with super boards, or 2 vs 2)."""

from rules.kaploom.actions import Action
from rules.kaploom.engine import KaploomEngine
from rules.kaploom.options import KaploomOptions
from rules.kaploom.state import State

ENGINE = KaploomEngine()

__all__ = ("ENGINE", "Action", "KaploomEngine", "KaploomOptions", "State")
