"""Self-play throughput of an engine alone: random legal choices for every seat, no checks.

`gamemaster selfplay` adds every invariant check after every step; this measures the engine:
to_act + legal_actions + a seeded random choice + apply, per decision.

    python bench/selfplay_throughput.py [--games 20] [--seed 1] [--variant standard]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine  # noqa: E402

from rules.core import Rng  # noqa: E402
from rules.kaploom import ENGINE  # noqa: E402


def main(games: int, seed: int, variant: str) -> None:
    options = ENGINE.parse_options({"variant": variant})
    chooser = Rng(seed)
    decisions = 0
    rounds = 0
    start = time.perf_counter()
    for index in range(games):
        state = ENGINE.new_game(seed * 1000 + index, options)
        while ENGINE.outcome(state) is None:
            seat = chooser.choice(ENGINE.to_act(state))
            action = chooser.choice(ENGINE.legal_actions(state, seat))
            state, _ = ENGINE.apply(state, seat, action)
            decisions += 1
        rounds += ENGINE.public_view(state).round
    elapsed = time.perf_counter() - start
    print(f"machine: {machine()}")
    print(f"KAPLOOM! {variant}: {games} games, {decisions} decisions, {rounds} rounds in {elapsed:.2f} s")
    print(f"{games / elapsed:.2f} games/s, {decisions / elapsed:,.0f} decisions/s, "
          f"{decisions / games:,.0f} decisions and {rounds / games:.0f} rounds per game")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="standard", choices=["standard", "advanced", "2v2"])
    args = parser.parse_args()
    main(args.games, args.seed, args.variant)
