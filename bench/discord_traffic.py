"""What a KAPLOOM! round costs on Discord: new channel messages, edits, new DMs per player, and the
images drawn, over whole games played by two people through real discord.py objects on the fake
Discord (tests/discord/traffic.py). Issue 8's target: at most 3 new channel messages and 2 new DMs
per player per standard round.

    python bench/discord_traffic.py [--games 5] [--seed 1] [--no-images]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT), str(ROOT / "tests" / "discord")]

from _common import machine  # noqa: E402
from discord_fakes import FakeDiscord  # noqa: E402
from traffic import PLAYERS, play_game  # noqa: E402


class _Patch:
    def setattr(self, obj, name, value):  # what pytest's monkeypatch does, for good here
        setattr(obj, name, value)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-images", action="store_true")
    args = parser.parse_args()
    print(machine())
    rows = []
    for game in range(args.games):
        with tempfile.TemporaryDirectory() as folder:
            started = time.perf_counter()
            t = await play_game(FakeDiscord(), _Patch(), Path(folder) / "g.db", seed=args.seed + game,
                                render=not args.no_images)
            seconds = time.perf_counter() - started
        rounds = t.rounds
        posts = [t.channel_posts[r] for r in range(1, rounds + 1)]
        dms = [t.dm_posts[(r, u)] for r in range(1, rounds + 1) for u in PLAYERS]
        rows.append((rounds, t.commands, posts, dms, t))
        print(f"game {game + 1}: {rounds} rounds, {t.commands} commands, {seconds:.1f} s; per round: channel posts "
              f"max {max(posts)} (mean {statistics.fmean(posts):.2f}), channel edits "
              f"{sum(t.channel_edits.values()) / rounds:.2f}; per player: new DMs max {max(dms)} "
              f"(mean {statistics.fmean(dms):.2f}), DM edits {sum(t.dm_edits.values()) / rounds / 2:.2f}; "
              f"images drawn {t.images_drawn} ({t.images_drawn / max(1, t.commands):.2f} per command)")
    # The last round also carries the result (one more channel message and one more DM each).
    standard = [p for rounds, _, posts, _, _ in rows for p in posts[:-1]]
    # A standard round asks each player two things (place dice, power up); a face cost to pay at
    # the reveal is a third decision and brings its own panel: those rounds are counted apart.
    standard_dms, extra_dms = [], []
    for rounds, _, _, _, t in rows:
        for r in range(1, rounds):
            for u in PLAYERS:
                (extra_dms if (r, u) in t.extra_decisions else standard_dms).append(t.dm_posts[(r, u)])
    print(f"all games, rounds before the last: channel posts per round max {max(standard)}; new DMs per "
          f"player per standard round max {max(standard_dms)} ({len(standard_dms)} player-rounds); with a face "
          f"cost to pay as well max {max(extra_dms, default=0)} ({len(extra_dms)} player-rounds)")


if __name__ == "__main__":
    asyncio.run(main())
