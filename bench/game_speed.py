"""How long a step of a game with a banded renderer takes: the engine (apply, legal actions, views) and
the images.

States come from seeded random playouts (``GAMES`` below names the options and seats: three seats of
Retro Bots with Bossbot, Minionbot and crates, of Jupiter Rescue and of Adrenaline as they come; six
seats of POWERUP DEATHMATCH, three a team, ``rounds:2`` so that random games end). For each step:
``apply`` of the chosen action, ``legal_actions`` of the seat to act next, the public view; then the
board drawn three ways: whole (``render.core.draw_whole``), banded with nothing kept
(``render.bands`` cleared), and "step by step" (bands kept from the previous step's board, which is
what a command's image costs in play); and the private screen of the seat to act, step by step.
Last, the rules as random decisions a second: ``legal_actions`` and ``apply`` of the steps above,
timed between the images (so below self-play without images: bench/selfplay_throughput.py,
bench/adrenaline_speed.py).

    python bench/game_speed.py --game retro-bots|jupiter-rescue|adrenaline|powerup [--seeds 3] [--steps 120]
"""

from __future__ import annotations

import argparse
import importlib
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from render import RENDERERS, bands  # noqa: E402
from render.core import draw_whole  # noqa: E402
from rules.core.rng import Rng  # noqa: E402
from rules.registry import get_engine  # noqa: E402

# game -> options of the playouts, and how many seats (the first labels of the seat plan, or these)
GAMES: dict[str, tuple[dict[str, str], int | tuple[str, ...]]] = {
    "retro-bots": ({"bossbot": "yes", "minionbot": "yes", "crates": "yes"}, 3),
    "jupiter-rescue": ({}, 3),
    "adrenaline": ({}, 3),
    "powerup": ({"rounds": "2"}, ("RED-RAY", "RED-MAI", "RED-LPZ", "BLU-TOR", "BLU-ANA", "BLU-MAC")),
}
NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")


def ms(values: list[float]) -> str:
    q = statistics.quantiles(values, n=100) if len(values) > 1 else values * 99
    return f"median {statistics.median(values) * 1000:.1f} ms, p95 {q[94] * 1000:.1f} ms, max {max(values) * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=sorted(GAMES), required=True)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--steps", type=int, default=120)
    args = parser.parse_args()
    E = get_engine(args.game)
    package = RENDERERS[args.game]
    board = importlib.import_module(f"{package}.board")
    screen = importlib.import_module(f"{package}.screen")
    style = importlib.import_module(f"{package}.style")
    width = board.WIDTH
    raw, seats = GAMES[args.game]
    options = E.parse_options(raw)
    labels = seats if isinstance(seats, tuple) else E.seat_plan(options).labels[:seats]
    times: dict[str, list[float]] = {k: [] for k in ("apply", "legal", "view", "whole", "cold", "step", "screen")}
    names = dict(enumerate(NAMES[:len(labels)]))
    for seed in range(args.seeds):
        s = E.new_game(seed, options, labels)
        rng = Rng(seed)
        bands.clear()
        for _ in range(args.steps):
            if E.outcome(s) is not None:
                break
            seat = sorted(E.pending(s))[0]
            t = time.perf_counter()
            legal = E.legal_actions(s, seat)
            times["legal"].append(time.perf_counter() - t)
            t = time.perf_counter()
            s, _ = E.apply(s, seat, rng.choice(legal))
            times["apply"].append(time.perf_counter() - t)
            t = time.perf_counter()
            view = E.public_view(s)
            times["view"].append(time.perf_counter() - t)
            t = time.perf_counter()
            step = board.render_board(view, names)
            times["step"].append(time.perf_counter() - t)
            nxt = next((p for p in sorted(E.pending(s)) if p >= 0), 0)
            t = time.perf_counter()
            screen.render_screen(E.private_view(s, nxt), names)
            times["screen"].append(time.perf_counter() - t)
            t = time.perf_counter()
            whole = draw_whole(width, style.BACKGROUND, lambda pen, v=view: board.layout(pen, v, names),
                               style.palette())
            times["whole"].append(time.perf_counter() - t)
            assert whole == step, "banded and whole pictures differ"
    # Banded with nothing kept: the same kind of views again, the bands cleared before each.
    s = E.new_game(99, options, labels)
    rng = Rng(99)
    for _ in range(args.steps // 2):
        if E.outcome(s) is not None:
            break
        seat = sorted(E.pending(s))[0]
        s, _ = E.apply(s, seat, rng.choice(E.legal_actions(s, seat)))
        view = E.public_view(s)
        bands.clear()
        t = time.perf_counter()
        board.render_board(view, names)
        times["cold"].append(time.perf_counter() - t)
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"{E.title}: {len(times['apply'])} steps over {args.seeds} seeded games ({len(labels)} seats, "
          f"options {raw or 'as they come'})")
    for key, label in (("legal", "legal_actions"), ("apply", "apply"), ("view", "public view"),
                       ("whole", "board drawn whole"), ("cold", "board banded, nothing kept"),
                       ("step", "board step by step (bands kept)"), ("screen", "screen step by step")):
        print(f"{label:34} {ms(times[key])}")
    rules = sum(times["legal"]) + sum(times["apply"])
    print(f"{'rules (legal_actions + apply)':34} {len(times['apply']) / rules:,.0f} decisions/s between images")


if __name__ == "__main__":
    main()
