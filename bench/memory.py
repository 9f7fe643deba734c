"""Memory of 1,000 KAPLOOM! games held at once by the session service, each idle mid-game.

Every game is started through the service (as `/game new`, `/game join`, `/game start` would)
and played a few random steps; then the service holds all of them, with the views it remembers to
tell what changed. tracemalloc counts the Python heap those sessions keep.

    python bench/memory.py [--games 1000] [--steps 30]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tempfile
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine  # noqa: E402

from bot.service import Invocation, SessionService, Store  # noqa: E402
from rules.core import Rng  # noqa: E402
from rules.kaploom import ENGINE  # noqa: E402


async def main(games: int, steps: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        service = SessionService(Store(Path(tmp) / "memory.db"), render=False, seed=1)
        await service.start()
        chooser = Rng(1)
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.take_snapshot()
        for g in range(games):
            channel = f"channel-{g}"
            a, b = 2 * g + 1, 2 * g + 2

            def inv(user: int, command: str, channel: str = channel, **options: str) -> Invocation:
                return Invocation(user, f"user{user}", channel, command, dict(options))

            await service.handle(inv(a, "game new", game="kaploom"))
            await service.handle(inv(a, "game join", seat="villain"))
            await service.handle(inv(b, "game join", seat="hero"))
            await service.handle(inv(b, "game start"))
            for _ in range(steps):
                session = service.session(channel)
                if session is None:
                    break
                seat = chooser.choice(ENGINE.to_act(session.state))
                action = ENGINE.format(chooser.choice(ENGINE.legal_actions(session.state, seat)))
                await service.handle(inv(session.record.seats[seat][0], "play", action=action))
        gc.collect()
        after = tracemalloc.take_snapshot()
        held = sum(s.size_diff for s in after.compare_to(before, "filename"))
        state_sizes = []
        for session in list(service.sessions.values())[:50]:
            tracemalloc.clear_traces()
            gc.collect()
            snap0 = tracemalloc.take_snapshot()
            copy = ENGINE.load(ENGINE.dump(session.state))
            snap1 = tracemalloc.take_snapshot()
            state_sizes.append(sum(s.size_diff for s in snap1.compare_to(snap0, "filename")))
            del copy
        tracemalloc.stop()
        open_games = len(service.sessions)
        await service.close()
    print(f"machine: {machine()}")
    print(f"{open_games} games held at once (after {steps} random steps each)")
    print(f"heap held by the service: {held / 1024 / 1024:.1f} MiB, {held / open_games / 1024:.1f} KiB per game")
    print(f"one engine state alone: about {sum(state_sizes) / len(state_sizes) / 1024:.1f} KiB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--steps", type=int, default=30)
    args = parser.parse_args()
    asyncio.run(main(args.games, args.steps))
