"""Real KAPLOOM! games for the render tests and the README pictures, played by the engine.

The chooser is random but leans on attack actions in Phase 1, so games end in a few hundred rounds
instead of drifting forever (pure random play rarely completes a base attack).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from rules.kaploom import ENGINE

ATTACK_ACTIONS = ("jab", "pow", "wham", "kaploom", "rush", "one_two", "haymaker", "overcharge", "mega", "double_trouble")


def new_game(variant: str, seed: int) -> Any:
    return ENGINE.new_game(seed, ENGINE.parse_options({"variant": variant}))


def choose(rng: random.Random, state: Any, seat: int) -> str:
    texts = [ENGINE.format(a) for a in ENGINE.legal_actions(state, seat)]
    if ENGINE.public_view(state).phase == "roll":
        attacks = [t for t in texts if t.startswith("assign") and t.split()[-1] in ATTACK_ACTIONS]
        if attacks and rng.random() < 0.8:
            return rng.choice(attacks)
        if "ready" in texts:
            return "ready"
    return rng.choice(texts)


def play(variant: str, seed: int, max_steps: int = 8000) -> Iterator[Any]:
    """Every state of one game, the first and the last included."""
    state = new_game(variant, seed)
    rng = random.Random(seed)
    yield state
    for _ in range(max_steps):
        if ENGINE.outcome(state) is not None:
            return
        seat = rng.choice(ENGINE.to_act(state))
        state, _ = ENGINE.apply(state, seat, ENGINE.parse(state, seat, choose(rng, state, seat)))
        yield state
    raise AssertionError(f"{variant} game with seed {seed} did not end in {max_steps} steps")


def first_of_each_phase(variant: str, seed: int) -> dict[str, Any]:
    """The first state of each phase (roll, reveal, power_up, over) met in one game."""
    found: dict[str, Any] = {}
    for state in play(variant, seed):
        found.setdefault(ENGINE.public_view(state).phase, state)
    return found
