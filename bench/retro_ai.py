"""Strength and speed of the Retro Bots vs Rogues heuristic AI seat (rules/retro/ai.py).

Plays N full games per option set with every seat played by the policy, the service's way: take
``engine.pending(state)``, the lowest seat first (the scripted side, SYSTEM, plays its default: the next
step of the run, the clock), ask the seat's policy with its private view and legal actions, apply.
Prints, per option set, the win rate (95% Wilson interval), the Rogues the players kept (disabled in a
pit by a Retro) and all Rogues taken off the board per game, the rounds, and the policy's time per
decision (median and max; "plan" is the first programming call of a round, where the search runs).
Records nothing.

    python bench/retro_ai.py [--games 20] [--seed 1] [--sets default,solo,...] [--policy heuristic|random]
                             [--jobs 1]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine, timed_playout, wilson  # noqa: E402

from rules.core.ai import RandomPolicy  # noqa: E402
from rules.core.rng import Rng  # noqa: E402
from rules.retro import ENGINE  # noqa: E402
from rules.retro.ai import RetroPolicy  # noqa: E402

# name -> (options, seats)
OPTION_SETS: dict[str, tuple[dict[str, str], int]] = {
    "default": ({}, 2),
    "solo": ({}, 1),
    "3-seats": ({}, 3),
    "4-seats": ({}, 4),
    "boss+minion": ({"bossbot": "yes", "minionbot": "yes"}, 2),
    "crates": ({"crates": "yes"}, 2),
    "everything": ({"bossbot": "yes", "minionbot": "yes", "crates": "yes"}, 4),
}
STEP_CAP = 40_000  # a game never takes this many decisions; it only stops a loop


def play(seed: int, raw: dict[str, str], seats: int, policy) -> dict:
    """One game: the outcome, Rogues kept and removed, rounds, the policy's times (seconds)."""
    options = ENGINE.parse_options(raw)
    state = ENGINE.new_game(seed, options, ENGINE.seat_plan(options).labels[:seats])
    rngs = [Rng(seed * 31 + k) for k in range(seats)]
    times: list[float] = []
    plans: list[float] = []

    def noted(before, seat: int, view, seconds: float) -> None:
        times.append(seconds)
        if before.phase == "program" and not before.programs[seat]:
            plans.append(seconds)

    state = timed_playout(ENGINE, state, lambda seat: policy, rngs, STEP_CAP, noted)
    outcome = ENGINE.outcome(state)
    kept = sum(len(k) for k in state.kept)
    return {"result": outcome.result if outcome else "capped", "kept": kept,
            "removed": kept + len(state.lost_rogues) + int(state.rescued), "rounds": state.round,
            "times": times, "plans": plans}


def _one(job: tuple[int, str, str]) -> dict:
    seed, name, policy_name = job
    raw, seats = OPTION_SETS[name]
    return play(seed, raw, seats, RetroPolicy() if policy_name == "heuristic" else RandomPolicy())


def main(games: int, seed: int, sets: list[str], policy_name: str, jobs: int = 1) -> None:
    print(f"machine: {machine()}")
    print(f"Retro Bots vs Rogues, policy {policy_name}: {games} games per option set, seeds {seed * 1000}..")
    print(f"{'option set':<12} {'seats':>5} {'wins':>9} {'95% interval':>15} {'kept':>6} {'removed':>7} {'rounds':>6} "
          f"{'ms/dec p50':>10} {'max':>7} {'plan p50':>8} {'max':>7}")
    pool = multiprocessing.Pool(jobs) if jobs > 1 else None
    for name in sets:
        results = list((pool.imap if pool else map)(_one, [(seed * 1000 + i, name, policy_name) for i in range(games)]))
        wins = sum(r["result"] == "win" for r in results)
        times = [t * 1000 for r in results for t in r["times"]]
        plans = [t * 1000 for r in results for t in r["plans"]] or [float("nan")]
        low, high = wilson(wins, games)
        print(f"{name:<12} {OPTION_SETS[name][1]:>5} {wins:>4}/{games:<4} {low:>6.0%} - {high:<6.0%} "
              f"{statistics.fmean(r['kept'] for r in results):>6.1f} "
              f"{statistics.fmean(r['removed'] for r in results):>7.1f} "
              f"{statistics.fmean(r['rounds'] for r in results):>6.1f} {statistics.median(times):>10.2f} "
              f"{max(times):>7.1f} {statistics.median(plans):>8.1f} {max(plans):>7.1f}", flush=True)
    if pool:
        pool.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sets", default=",".join(OPTION_SETS))
    parser.add_argument("--policy", default="heuristic", choices=["heuristic", "random"])
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    args = parser.parse_args()
    main(args.games, args.seed, args.sets.split(","), args.policy, args.jobs)
