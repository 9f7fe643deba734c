"""Adrenaline's speed (and POWERUP's, ``--game powerup``): random self-play decisions per second (the
rules alone) and `/play` end to end through the real session service with images, over full games
(Adrenaline: 5 players, 8 skulls; POWERUP: DEATHMATCH at 6 seats, three a team, ``rounds:2`` so that
random games end, each decision a uniformly random legal action).

The issue's targets: "random self-play at least 5,000 decisions/s on one core (a decision = one applied
action, its tree walk included); `/play` p99 at most 100 ms on the local table with the image, over
full 5-player games". A decision here: the seat's legal actions (one tree level), a choice by the
random AI seat (``ActivePolicy``: one level at a time), the action applied.

    python bench/adrenaline_speed.py [--game adrenaline|powerup] [--games 3] [--seed 1] [--play-games 1]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine, summary  # noqa: E402

from bot.service import Invocation, SessionService, Store  # noqa: E402
from rules.adrenaline import ENGINE as ADRENALINE  # noqa: E402
from rules.adrenaline.ai import ActivePolicy  # noqa: E402
from rules.core import Rng  # noqa: E402
from rules.core.ai import RandomPolicy  # noqa: E402
from rules.powerup import ENGINE as POWERUP  # noqa: E402

USERS = {"alice": 1001, "bob": 1002, "carol": 1003, "dave": 1004, "erin": 1005, "frank": 1006}


@dataclass(frozen=True)
class Game:
    engine: Any
    policy: Any
    options: dict[str, str]  # the game's options (the service's seed is added)
    seats: tuple[str, ...]  # the labels the players take, in USERS order; () the first free seat each
    players: int
    title: str


GAMES = {
    "adrenaline": Game(ADRENALINE, ActivePolicy(), {}, (), 5, "5 seats, 8 skulls"),
    "powerup": Game(POWERUP, RandomPolicy(), {"rounds": "2"},
                    ("RED-RAY", "RED-MAI", "RED-LPZ", "BLU-TOR", "BLU-ANA", "BLU-MAC"), 6,
                    "DEATHMATCH, 6 seats, rounds:2"),
    "powerup-arcade": Game(POWERUP, RandomPolicy(), {"mission": "vips", "pause": "0"}, ("RAY", "TOR", "ANA", "PNK"), 4,
                           "ARCADE Save the VIPs, 4 BUGBUSTERs against the AI BUGMISTRESS"),
}


def selfplay(game: Game, games: int, seed: int) -> tuple[int, float, int]:
    engine = game.engine
    decisions, started, turns = 0, time.perf_counter(), 0
    options = engine.parse_options(game.options)
    for g in range(games):
        state = engine.new_game(seed + g, options, game.seats or None)
        rng = Rng(seed * 31 + g)
        while engine.outcome(state) is None:
            seat = rng.choice(engine.to_act(state))
            legal = engine.legal_actions(state, seat)
            action = engine.pending(state)[seat].default if seat < 0 else game.policy.choose(None, None, legal, rng)
            state, _ = engine.apply(state, seat, action)
            decisions += 1
        turns += getattr(state, "turns", 0)
    return decisions, time.perf_counter() - started, turns


def _inv(user: str, command: str, **options: str) -> Invocation:
    return Invocation(USERS[user], user, "bench", command, dict(options))


async def play_commands(game: Game, games: int, seed: int) -> tuple[list[float], int]:
    engine = game.engine
    times: list[float] = []
    rng = Rng(seed)
    users = list(USERS)[:game.players]
    with tempfile.TemporaryDirectory() as tmp:
        service = SessionService(Store(Path(tmp) / "bench.db"), seed=seed)
        await service.start()
        names = {v: k for k, v in USERS.items()}
        for g in range(games):
            options = " ".join([f"seed={seed + g}", *(f"{k}={v}" for k, v in game.options.items())])
            await service.handle(_inv("alice", "game new", game=engine.name, options=options))
            for i, user in enumerate(users):
                await service.handle(_inv(user, "game join", **({"seat": game.seats[i]} if game.seats else {})))
            await service.handle(_inv("alice", "game start"))
            while (session := service.session("bench")) is not None:
                state = session.state
                people = [x for x in engine.to_act(state) if x >= 0]  # the AI BUGMISTRESS plays by itself
                assert people, "only the game's own side to act after a command"
                seat = rng.choice(people)
                text = engine.format(game.policy.choose(None, None, engine.legal_actions(state, seat), rng))
                user = names[session.record.seats[seat][0]]
                t0 = time.perf_counter()
                outputs = await service.handle(_inv(user, "play", action=text))
                times.append(time.perf_counter() - t0)
                assert outputs and outputs[0].text.startswith("Done"), (text, outputs[0].text)
        await service.close()
    return times, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="adrenaline")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--play-games", type=int, default=1)
    args = parser.parse_args()
    game = GAMES[args.game]
    print(f"machine: {machine()}")
    decisions, seconds, turns = selfplay(game, args.games, args.seed)
    print(f"{game.engine.title} random self-play, {game.title}: {args.games} games, {decisions} decisions"
          f"{f', {turns} turns' if turns else ''} in {seconds:.1f} s: {decisions / seconds:,.0f} decisions/s")
    if args.play_games < 1:
        return
    times, games = asyncio.run(play_commands(game, args.play_games, args.seed))
    print(f"/play through the service (SQLite file, images drawn), {games} full {game.players}-player game(s):")
    print(summary("/play end to end", times))


if __name__ == "__main__":
    main()
