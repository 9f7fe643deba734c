"""Which engines exist, by the name players type in `/game new game:<name>`."""

from __future__ import annotations

from rules.core.engine import Engine


def engines() -> dict[str, Engine]:
    from rules.adrenaline import ENGINE as adrenaline
    from rules.jupiter import ENGINE as jupiter
    from rules.kaploom import ENGINE as kaploom
    from rules.powerup import ENGINE as powerup
    from rules.retro import ENGINE as retro

    return {kaploom.name: kaploom, jupiter.name: jupiter, retro.name: retro, adrenaline.name: adrenaline,
            powerup.name: powerup}


def get_engine(name: str) -> Engine | None:
    return engines().get(name.strip().lower())
