"""Adrenaline's speed: random self-play decisions per second (the rules alone) and `/play` end to end
through the real session service with images, over full 5-player games.

The issue's targets: "random self-play at least 5,000 decisions/s on one core (a decision = one applied
action, its tree walk included); `/play` p99 at most 100 ms on the local table with the image, over
full 5-player games". A decision here: the seat's legal actions (one tree level), a choice by the
random AI seat (``ActivePolicy``: one level at a time), the action applied.

    python bench/adrenaline_speed.py [--games 3] [--seed 1] [--play-games 1]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine, summary  # noqa: E402

from bot.service import Invocation, SessionService, Store  # noqa: E402
from rules.adrenaline import ENGINE  # noqa: E402
from rules.adrenaline.ai import ActivePolicy  # noqa: E402
from rules.core import Rng  # noqa: E402

USERS = {"alice": 1001, "bob": 1002, "carol": 1003, "dave": 1004, "erin": 1005}
POLICY = ActivePolicy()


def selfplay(games: int, seed: int) -> tuple[int, float, int]:
    decisions, started, turns = 0, time.perf_counter(), 0
    options = ENGINE.parse_options({})
    for g in range(games):
        state = ENGINE.new_game(seed + g, options)
        rng = Rng(seed * 31 + g)
        while ENGINE.outcome(state) is None:
            seat = rng.choice(ENGINE.to_act(state))
            action = POLICY.choose(None, None, ENGINE.legal_actions(state, seat), rng)
            state, _ = ENGINE.apply(state, seat, action)
            decisions += 1
        turns += state.turns
    return decisions, time.perf_counter() - started, turns


def _inv(user: str, command: str, **options: str) -> Invocation:
    return Invocation(USERS[user], user, "bench", command, dict(options))


async def play_commands(games: int, seed: int) -> tuple[list[float], int]:
    times: list[float] = []
    rng = Rng(seed)
    with tempfile.TemporaryDirectory() as tmp:
        service = SessionService(Store(Path(tmp) / "bench.db"), seed=seed)
        await service.start()
        names = {v: k for k, v in USERS.items()}
        for g in range(games):
            await service.handle(_inv("alice", "game new", game="adrenaline", options=f"seed={seed + g}"))
            for user in USERS:
                await service.handle(_inv(user, "game join"))
            await service.handle(_inv("alice", "game start"))
            while (session := service.session("bench")) is not None:
                state = session.state
                seat = rng.choice(ENGINE.to_act(state))
                text = ENGINE.format(POLICY.choose(None, None, ENGINE.legal_actions(state, seat), rng))
                user = names[session.record.seats[seat][0]]
                t0 = time.perf_counter()
                outputs = await service.handle(_inv(user, "play", action=text))
                times.append(time.perf_counter() - t0)
                assert outputs and outputs[0].text.startswith("Done"), (text, outputs[0].text)
        await service.close()
    return times, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--play-games", type=int, default=1)
    args = parser.parse_args()
    print(f"machine: {machine()}")
    decisions, seconds, turns = selfplay(args.games, args.seed)
    print(f"random self-play, 5 seats, 8 skulls: {args.games} games, {decisions} decisions, {turns} turns in "
          f"{seconds:.1f} s: {decisions / seconds:,.0f} decisions/s")
    if args.play_games < 1:
        return
    times, games = asyncio.run(play_commands(args.play_games, args.seed))
    print(f"/play through the service (SQLite file, images drawn), {games} full 5-player game(s):")
    print(summary("/play end to end", times))


if __name__ == "__main__":
    main()
