"""Per-command latency of `/play` through the real session service, on a SQLite file.

Each timed command goes through everything a Discord command does besides the network: parse,
legality, apply, the committed database write, and rendering the board and the screens that
changed. The parts are then timed on their own on the same states.

    python bench/command_latency.py [--commands 600] [--seed 1]
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
from render import render_private, render_public  # noqa: E402
from rules.core import Rng  # noqa: E402
from rules.kaploom import ENGINE  # noqa: E402

PLAYERS = {"alice": 1001, "bob": 1002}


def _inv(user: str, command: str, **options: str) -> Invocation:
    return Invocation(PLAYERS[user], user, "bench", command, dict(options))


async def _new_game(service: SessionService, seed: int) -> None:
    await service.handle(_inv("alice", "game new", game="kaploom", options=f"seed={seed}"))
    await service.handle(_inv("alice", "game join", seat="villain"))
    await service.handle(_inv("bob", "game join", seat="hero"))
    await service.handle(_inv("bob", "game start"))


async def main(commands: int, seed: int) -> None:
    chooser = Rng(seed)
    play: list[float] = []
    parse: list[float] = []
    legal: list[float] = []
    apply: list[float] = []
    render_pub: list[float] = []
    render_priv: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        service = SessionService(Store(Path(tmp) / "bench.db"), seed=seed)
        await service.start()
        persist: list[float] = []
        record_action = service.store.record_action

        async def timed_record_action(*args, **kwargs):
            t = time.perf_counter()
            await record_action(*args, **kwargs)
            persist.append(time.perf_counter() - t)

        service.store.record_action = timed_record_action  # type: ignore[method-assign]
        await _new_game(service, seed)
        games = 1
        names = {v: k for k, v in PLAYERS.items()}
        while len(play) < commands:
            session = service.session("bench")
            if session is None:  # the game ended: start another
                games += 1
                await _new_game(service, seed + games)
                continue
            state = session.state
            seat = chooser.choice(ENGINE.to_act(state))
            actions = ENGINE.legal_actions(state, seat)
            text = ENGINE.format(chooser.choice(actions))
            user = names[session.record.seats[seat][0]]

            t0 = time.perf_counter()
            action = ENGINE.parse(state, seat, text)
            t1 = time.perf_counter()
            assert action in ENGINE.legal_actions(state, seat)
            t2 = time.perf_counter()
            ENGINE.apply(state, seat, action)
            t3 = time.perf_counter()
            render_public("kaploom", ENGINE.public_view(state))
            t4 = time.perf_counter()
            render_private("kaploom", ENGINE.private_view(state, seat))
            t5 = time.perf_counter()
            parse.append(t1 - t0)
            legal.append(t2 - t1)
            apply.append(t3 - t2)
            render_pub.append(t4 - t3)
            render_priv.append(t5 - t4)

            t0 = time.perf_counter()
            outputs = await service.handle(_inv(user, "play", action=text))
            play.append(time.perf_counter() - t0)
            assert outputs and outputs[0].text.startswith("Done"), outputs[0].text
        await service.close()

    print(f"machine: {machine()}")
    print(f"{commands} /play commands over {games} KAPLOOM! game(s), SQLite file, images rendered")
    print(summary("/play end to end", play))
    print(summary("  parse", parse))
    print(summary("  legality (membership)", legal))
    print(summary("  apply", apply))
    print(summary("  persist (one transaction)", persist))
    print(summary("  render public board", render_pub))
    print(summary("  render private screen", render_priv))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    asyncio.run(main(args.commands, args.seed))
