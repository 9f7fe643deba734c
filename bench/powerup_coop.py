"""POWERUP ARCADE speed (issue 14's targets): each mission played by random BUGBUSTERs against the AI
BUGMISTRESS — decisions per second on one core (target >= 1,000), and the AI's step (the SYSTEM seat's
``pending`` + ``legal_actions`` + ``apply``) p99 (target < 5 ms on a full 3x4 board). Also counts results.

    python bench/powerup_coop.py [--games 20] [--missions vips,portal,bugmistress]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import machine, summary  # noqa: E402
from rules.core.engine import SYSTEM  # noqa: E402
from rules.core.rng import Rng  # noqa: E402
from rules.powerup import ENGINE as E  # noqa: E402
from rules.powerup.options import PowerupOptions  # noqa: E402

TABLES = (("RAY",), ("RAY", "TOR"), ("ANA", "MAC", "PNK", "PAM"))


def play(seed: int, mission: str, labels: tuple[str, ...], ai_steps: list[float], cap: int = 20000):
    s = E.new_game(seed, PowerupOptions(mode="arcade", mission=mission), labels)
    rng = Rng(seed * 7 + 1)
    steps = 0
    while steps < cap and s.phase != "over":
        steps += 1
        t = time.perf_counter()
        pending = E.pending(s)
        seat = SYSTEM if SYSTEM in pending else rng.choice(sorted(pending))
        legal = E.legal_actions(s, seat)
        action = pending[seat].default if seat == SYSTEM else rng.choice(legal)
        s, _ = E.apply(s, seat, action)
        if seat == SYSTEM:
            ai_steps.append(time.perf_counter() - t)
    return s, steps


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--missions", default="vips")
    args = ap.parse_args()
    print(machine())
    for mission in args.missions.split(","):
        ai_steps: list[float] = []
        results: Counter[str] = Counter()
        decisions = 0
        t = time.perf_counter()
        for g in range(args.games):
            labels = TABLES[g % len(TABLES)]
            if mission != "vips" and len(labels) < 2:
                labels = ("RAY", "TOR")
            s, steps = play(g, mission, labels, ai_steps)
            decisions += steps
            results[s.coop.result or "unfinished"] += 1
        dt = time.perf_counter() - t
        print(f"{mission}: {args.games} games, {decisions} decisions in {dt:.1f} s = {decisions / dt:,.0f}/s; "
              f"results {dict(results)}")
        print(summary(f"{mission} AI step", ai_steps))


if __name__ == "__main__":
    main()
