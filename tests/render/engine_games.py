"""Real KAPLOOM! games for the render tests and the README pictures, played by the engine.

The chooser is random but leans on attack actions in Phase 1 and on using power-ups in Phase 3, so
games end in a few hundred rounds instead of drifting forever (pure random play rarely completes a
base attack) and dice accumulate as in a real game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from rules.kaploom import ENGINE

GROWTH_ACTIONS = ("grow", "power_on", "face_lift", "wild_thing", "evolve", "recover")
ATTACK_ACTIONS = (
    "jab",
    "pow",
    "wham",
    "kaploom",
    "rush",
    "one_two",
    "haymaker",
    "overcharge",
    "mega",
    "double_trouble",
)


def new_game(variant: str, seed: int) -> Any:
    return ENGINE.new_game(seed, ENGINE.parse_options({"variant": variant}))


def choose(rng: random.Random, state: Any, seat: int, growth: bool = False) -> str:
    texts = [ENGINE.format(a) for a in ENGINE.legal_actions(state, seat)]
    if ENGINE.public_view(state).phase == "roll":
        attacks = [t for t in texts if t.startswith("assign") and t.split()[-1] in ATTACK_ACTIONS]
        growing = [t for t in texts if t.startswith("assign") and t.split()[-1] in GROWTH_ACTIONS]
        roll = rng.random()
        if attacks and roll < (0.5 if growth else 0.8):
            return rng.choice(attacks)
        if growth and growing and roll < 0.85:
            return rng.choice(growing)
        if "ready" in texts:
            return "ready"
    if ENGINE.public_view(state).phase == "power_up":
        # Use what was won before passing, so dice and faces accumulate as in a real game.
        useful = [t for t in texts if t.startswith(("use", "take"))]
        if useful and rng.random() < 0.9:
            return rng.choice(useful)
    return rng.choice(texts)


def play(variant: str, seed: int, max_steps: int = 8000, growth: bool = False) -> Iterator[Any]:
    """Every state of one game, the first and the last included. With ``growth`` the players also
    aim at power-ups (richer boards, longer games), and the game may stop unfinished at max_steps."""
    state = new_game(variant, seed)
    rng = random.Random(seed)
    yield state
    for _ in range(max_steps):
        if ENGINE.outcome(state) is not None:
            return
        seat = rng.choice(ENGINE.to_act(state))
        state, _ = ENGINE.apply(state, seat, ENGINE.parse(state, seat, choose(rng, state, seat, growth)))
        yield state
    if not growth:
        raise AssertionError(f"{variant} game with seed {seed} did not end in {max_steps} steps")


def first_of_each_phase(variant: str, seed: int) -> dict[str, Any]:
    """The first state of each phase (roll, reveal, power_up, over) met in one game. Phase 3 turns
    with nothing to do pass by themselves, and the attack-minded game rarely has a power-up to use,
    so its Power Up state comes from the same seed's growth game."""
    found: dict[str, Any] = {}
    for state in play(variant, seed):
        found.setdefault(ENGINE.public_view(state).phase, state)
    if "power_up" not in found:
        for state in play(variant, seed, max_steps=3000, growth=True):
            if ENGINE.public_view(state).phase == "power_up":
                found["power_up"] = state
                break
    return found
