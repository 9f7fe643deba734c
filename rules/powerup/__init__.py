"""POWERUP (Tempus Fugit Games, 2018): a 2D platform battle on a side-view board of 3x3-square tiles.

DEATHMATCH (issue 13): data (data.py, data_checks.py, data/powerup.json), the board (board.py), state,
physics, combat, the turn (turn.py), questions on the way (asks.py), sequences (flow.py), DEATHMATCH
setup, score and store (deathmatch.py), POW! cards (cards.py, effects.py), views (present.py), and
the engine (engine.py).
"""

from rules.powerup.engine import PowerupEngine

ENGINE = PowerupEngine()

__all__ = ["ENGINE", "PowerupEngine"]
