"""Strength and speed of the ADRENALINE heuristic AI seat (rules/adrenaline/ai.py).

Plays N three-player games with ``HeuristicPolicy`` in one seat and the random ``ActivePolicy`` in the
two others, the heuristic's seat rotating from game to game (seat ``game % 3``), the service's way:
take ``engine.pending(state)``, the lowest seat first, ask its policy with its private view and legal
actions, apply. Prints how often the heuristic ranks first alone (rank 1, nobody else rank 1) with a
95% Wilson interval, how often it shares or misses first place, the mean points of each policy, the
turns per game and the heuristic's time per decision (median, p99, max; "plan" is a decision at the
top of an action, where the search runs). Records nothing.

    python bench/adrenaline_ai.py [--games 200] [--seed 1] [--skulls 8] [--map auto] [--jobs 1]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine, percentile, timed_playout, wilson  # noqa: E402

from rules.adrenaline import ENGINE  # noqa: E402
from rules.adrenaline.ai import ActivePolicy, HeuristicPolicy  # noqa: E402
from rules.core.rng import Rng  # noqa: E402

SEATS = 3
STEP_CAP = 20_000  # a game never takes this many decisions; it only stops a loop


def play(seed: int, hero: int, raw: dict[str, str]) -> dict:
    """One game with the heuristic in seat ``hero``: ranks, scores, turns, its times (seconds)."""
    options = ENGINE.parse_options(raw)
    state = ENGINE.new_game(seed, options, ENGINE.seat_plan(options).labels[:SEATS])
    policies = [HeuristicPolicy() if k == hero else ActivePolicy() for k in range(SEATS)]
    rngs = [Rng(seed * 31 + k) for k in range(SEATS)]
    times: list[float] = []
    plans: list[float] = []

    def noted(before, seat: int, view, seconds: float) -> None:
        if seat == hero:
            times.append(seconds)
            if not view.draft:
                plans.append(seconds)

    state = timed_playout(ENGINE, state, policies.__getitem__, rngs, STEP_CAP, noted)
    outcome = ENGINE.outcome(state)
    ranks = outcome.ranks if outcome else (SEATS,) * SEATS
    scores = outcome.scores if outcome else (0.0,) * SEATS
    return {"hero": hero, "ranks": ranks, "scores": scores, "turns": state.turns, "map": state.map_id,
            "capped": outcome is None, "times": times, "plans": plans}


def _one(job: tuple[int, int, dict[str, str]]) -> dict:
    return play(*job)


def main(games: int, seed: int, skulls: int, map_id: str, jobs: int = 1) -> dict:
    raw = {"skulls": str(skulls), "map": map_id}
    print(f"machine: {machine()}")
    print(f"Adrenaline, {SEATS} seats: the heuristic against two random seats (ActivePolicy), {games} games, "
          f"skulls {skulls}, map {map_id}, seeds {seed * 1000}.., the heuristic's seat rotating")
    work = [(seed * 1000 + i, i % SEATS, raw) for i in range(games)]
    start = time.perf_counter()
    pool = multiprocessing.Pool(jobs) if jobs > 1 else None
    results = list(pool.imap(_one, work) if pool else map(_one, work))
    if pool:
        pool.close()
    wall = time.perf_counter() - start
    alone = shared = 0
    hero_points, random_points, turns, times, plans = [], [], [], [], []
    by_seat = [[0, 0] for _ in range(SEATS)]
    for r in results:
        h = r["hero"]
        first = [k for k in range(SEATS) if r["ranks"][k] == 1]
        alone += first == [h]
        shared += h in first and len(first) > 1
        by_seat[h][0] += first == [h]
        by_seat[h][1] += 1
        hero_points.append(r["scores"][h])
        random_points += [r["scores"][k] for k in range(SEATS) if k != h]
        turns.append(r["turns"])
        times += r["times"]
        plans += r["plans"]
    low, high = wilson(alone, games)
    ms = [t * 1000 for t in times]
    plan_ms = [t * 1000 for t in plans]
    print()
    print(f"| {'games':>5} | {'first alone':>11} | {'95% interval':>12} | {'shared first':>12} | {'heuristic pts':>13} "
          f"| {'random pts':>10} | {'turns':>5} | {'ms/dec p50':>10} | {'p99':>6} | {'max':>6} | {'plan p50':>8} "
          f"| {'plan p99':>8} |")
    print(f"| {games:>5} | {alone:>4} {alone / games:>5.0%} | {low:>5.0%} - {high:<4.0%} | {shared:>12} "
          f"| {statistics.fmean(hero_points):>13.1f} | {statistics.fmean(random_points):>10.1f} "
          f"| {statistics.fmean(turns):>5.1f} | {percentile(ms, 50):>10.2f} | {percentile(ms, 99):>6.1f} "
          f"| {max(ms):>6.1f} | {percentile(plan_ms, 50):>8.2f} | {percentile(plan_ms, 99):>8.1f} |")
    print()
    print("first alone by the heuristic's seat: " + ", ".join(
        f"seat {k} {w}/{n}" for k, (w, n) in enumerate(by_seat)))
    maps: dict[str, list[int]] = {}
    for r in results:
        first = [k for k in range(SEATS) if r["ranks"][k] == 1]
        maps.setdefault(r["map"], [0, 0])
        maps[r["map"]][0] += first == [r["hero"]]
        maps[r["map"]][1] += 1
    print("by map: " + ", ".join(f"{m} {w}/{n}" for m, (w, n) in sorted(maps.items())))
    print(f"decisions of the heuristic: {len(ms)} ({len(plan_ms)} at the top of an action); "
          f"capped games: {sum(r['capped'] for r in results)}; wall {wall:.0f} s")
    return {"alone": alone, "games": games}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skulls", type=int, default=8)
    parser.add_argument("--map", default="auto")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    args = parser.parse_args()
    main(args.games, args.seed, args.skulls, args.map, args.jobs)
