"""Strength of the KAPLOOM! heuristic AI seat against the random legal policy.

Plays N games, heuristic against random, alternating which seat (2 vs 2: which team) the heuristic
takes. Each seat sees only its private view and its legal actions, as an AI seat at a real table.
A game that reaches the round cap counts as capped, not a win.

    python bench/ai_strength.py [--games 200] [--seed 1] [--variant standard|advanced|2v2] [--max-rounds 300]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine, wilson  # noqa: E402

from rules.core.ai import RandomPolicy  # noqa: E402
from rules.core.rng import Rng  # noqa: E402
from rules.kaploom import ENGINE  # noqa: E402
from rules.kaploom.ai import HeuristicPolicy  # noqa: E402


def _new_game(engine, seed, options):
    plan = getattr(engine, "seat_plan", None)
    return engine.new_game(seed, options, plan(options).labels) if plan else engine.new_game(seed, options)


def play(seed: int, options, heuristic_team: int, max_rounds: int) -> tuple[str, int]:
    """One game; returns ("win" | "loss" | "draw" | "capped", rounds played)."""
    state = _new_game(ENGINE, seed, options)
    teams = [p.team for p in ENGINE.public_view(state).players]
    policies = [HeuristicPolicy() if team == heuristic_team else RandomPolicy() for team in teams]
    rngs = [Rng(seed * 7 + seat) for seat in range(len(teams))]
    table = Rng(seed)  # which of several pending seats moves next (Phase 1 is simultaneous)
    steps = 0
    while (outcome := ENGINE.outcome(state)) is None:
        pending = ENGINE.pending(state)
        seat = table.choice(sorted(pending))
        view = ENGINE.private_view(state, seat)
        steps += 1
        if view.public.round > max_rounds or steps > 1000 * max_rounds:  # the step cap only stops a loop
            return "capped", min(view.public.round, max_rounds)
        legal = list(ENGINE.legal_actions(state, seat))
        state, _ = ENGINE.apply(state, seat, policies[seat].choose(view, pending[seat], legal, rngs[seat]))
    rounds = ENGINE.public_view(state).round
    if not outcome.winners:
        return "draw", rounds
    return ("win" if all(teams[w] == heuristic_team for w in outcome.winners) else "loss"), rounds


def main(games: int, seed: int, variant: str, max_rounds: int) -> None:
    options = ENGINE.parse_options({"variant": variant})
    tally = {"win": 0, "loss": 0, "draw": 0, "capped": 0}
    rounds: list[int] = []
    start = time.perf_counter()
    for index in range(games):
        result, played = play(seed * 1000 + index, options, index % 2, max_rounds)
        tally[result] += 1
        rounds.append(played)
    elapsed = time.perf_counter() - start
    low, high = wilson(tally["win"], games)
    who = "a team of two heuristics vs two random players" if variant == "2v2" else "heuristic vs random"
    print(f"machine: {machine()}")
    print(f"KAPLOOM! {variant}: {games} games, {who}, heuristic side alternating, seed {seed}, cap {max_rounds} rounds")
    print(f"wins {tally['win']}, losses {tally['loss']}, draws {tally['draw']}, capped {tally['capped']}")
    print(f"win rate {tally['win'] / games:.1%} (95% interval {low:.1%} to {high:.1%})")
    print(f"mean rounds {statistics.fmean(rounds):.1f} (max {max(rounds)}), {elapsed:.1f} s "
          f"({elapsed / games * 1000:.0f} ms per game)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="standard", choices=["standard", "advanced", "2v2"])
    parser.add_argument("--max-rounds", type=int, default=300)
    args = parser.parse_args()
    main(args.games, args.seed, args.variant, args.max_rounds)
