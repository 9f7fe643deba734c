"""The POW! cards' effects, one per printed name (rb 1166-1279), registered so that a card the data names
but the engine cannot play fails the load (the issue; ``data.check_effects``).

(Being written: see docs/progress.md.)"""

from __future__ import annotations

from rules.powerup.data import game_data

EFFECTS: dict[str, object] = {c.name: None for c in game_data().pow_cards}  # replaced by the real registry
