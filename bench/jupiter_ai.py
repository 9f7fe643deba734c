"""Strength and speed of the Jupiter Rescue heuristic AI seat (rules/jupiter/ai.py).

Plays N full games per option set with every seat the heuristic, the service's way: take
``engine.pending(state)``, pick a seat (a group decision: the first seat), ask the seat's policy with its
private view and legal actions, apply. Prints, per option set, the win rate (95% Wilson interval), the
mean Colonists saved and lost, the mean decisions per game, and the policy's time per decision.

    python bench/jupiter_ai.py [--games 20] [--seed 1] [--sets default,solo,...] [--policy heuristic|random]
                               [--jobs 1]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine, percentile, timed_playout, wilson  # noqa: E402

from rules.core.ai import RandomPolicy  # noqa: E402
from rules.core.rng import Rng  # noqa: E402
from rules.jupiter import ENGINE  # noqa: E402
from rules.jupiter.ai import HeuristicPolicy  # noqa: E402

# name -> (options, seats)
OPTION_SETS: dict[str, tuple[dict[str, str], int]] = {
    "default": ({}, 3),
    "solo": ({"solo": "yes"}, 1),
    "5-seats": ({}, 5),
    "easier": ({"colony": "easier"}, 3),
    "ultimate": ({"ultimate": "yes"}, 3),
    "fast-creeps": ({"fast_creeps": "yes"}, 3),
    "vulnerability": ({"vulnerability": "yes"}, 3),
}
STEP_CAP = 5000  # a game never takes this many decisions; it only stops a loop


def play(seed: int, raw: dict[str, str], seats: int, policy) -> dict:
    """One game; the outcome, Colonists saved and lost, decisions and the policy's times (seconds)."""
    options = ENGINE.parse_options(raw)
    state = ENGINE.new_game(seed, options, ENGINE.seat_plan(options).labels[:seats])
    rngs = [Rng(seed * 31 + k) for k in range(seats)]
    times: list[float] = []
    state = timed_playout(ENGINE, state, lambda seat: policy, rngs, STEP_CAP,
                          lambda before, seat, view, seconds: times.append(seconds))
    outcome = ENGINE.outcome(state)
    return {
        "result": outcome.result if outcome else "capped", "summary": outcome.summary if outcome else "",
        "saved": state.saved, "lost": state.lost, "turns": state.turn, "times": times,
    }


def _one(job: tuple[int, str, str]) -> dict:
    seed, name, policy_name = job
    raw, seats = OPTION_SETS[name]
    return play(seed, raw, seats, HeuristicPolicy() if policy_name == "heuristic" else RandomPolicy())


def main(games: int, seed: int, sets: list[str], policy_name: str, jobs: int = 1) -> None:
    print(f"machine: {machine()}")
    print(f"Jupiter Rescue, policy {policy_name}: {games} games per option set, seeds {seed * 1000}..")
    header = f"{'option set':<14} {'wins':>9} {'95% interval':>15} {'saved':>6} {'lost':>6} {'turns':>6} " \
             f"{'decisions':>9} {'ms/dec':>7} {'p99 ms':>7}"
    print(header)
    pool = multiprocessing.Pool(jobs) if jobs > 1 else None
    for name in sets:
        wins = 0
        saved, lost, turns, decisions, times = [], [], [], [], []
        endings: Counter[str] = Counter()
        work = [(seed * 1000 + index, name, policy_name) for index in range(games)]
        for r in (pool.imap(_one, work) if pool else map(_one, work)):
            wins += r["result"] == "win"
            saved.append(r["saved"])
            lost.append(r["lost"])
            turns.append(r["turns"])
            decisions.append(len(r["times"]))
            times += r["times"]
            endings[r["summary"].split(":")[0] if r["result"] == "loss" else r["result"]] += 1
        low, high = wilson(wins, games)
        print(f"{name:<14} {wins:>4}/{games:<4} {low:>6.0%} - {high:<6.0%} {statistics.fmean(saved):>6.1f} "
              f"{statistics.fmean(lost):>6.1f} {statistics.fmean(turns):>6.1f} {statistics.fmean(decisions):>9.1f} "
              f"{1000 * statistics.fmean(times):>7.2f} {1000 * percentile(times, 99):>7.1f}")
        print(f"{'':<14} endings: " + ", ".join(f"{k} ×{v}" for k, v in endings.most_common()))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sets", default=",".join(OPTION_SETS))
    parser.add_argument("--policy", default="heuristic", choices=["heuristic", "random"])
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    args = parser.parse_args()
    main(args.games, args.seed, args.sets.split(","), args.policy, args.jobs)
