"""Commands under load: 50 KAPLOOM! games at a steady 20 commands/s, then bursts of 20 at once.

Issue 8's targets: "50 games at a steady 20 commands/s (p99 at most 100 ms with images) and a burst
of 20 simultaneous commands (p99 at most 200 ms)". Everything goes through the real
``SessionService`` on a SQLite file with the system clock, the timekeeper running and the images
drawn exactly as they would be sent (``Presenter.finish``); only the network is missing.

    steady  ``--rate`` /play commands a second for ``--seconds``: each is started on schedule as its
            own task (arrivals do not wait for answers, as on Discord) and timed from its start to
            its outputs, images included.
    burst   ``--bursts`` times: ``--burst`` /play commands in distinct games started together
            (``asyncio.gather``), each timed the same way; the service is idle between bursts.

A command is a random legal action of a person whose move it is (bench/scale.py's ``pick_play``).

    python bench/traffic_load.py [--games 50] [--rate 20] [--seconds 30] [--burst 20] [--bursts 20]
                                 [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine, summary  # noqa: E402
from scale import busy_cpu_seconds, create, pick_play  # noqa: E402

from bot.service import Invocation, SessionService, Store  # noqa: E402


async def timed(service: SessionService, invocation: Invocation, into: list[float]) -> None:
    began = time.perf_counter()
    await service.handle(invocation)
    into.append(time.perf_counter() - began)


def distinct_plays(service: SessionService, channels: list[str], count: int, rng: random.Random) -> list[Invocation]:
    """``count`` commands in ``count`` different games (fewer if fewer games are still running)."""
    chosen: dict[str, Invocation] = {}
    for _ in range(count * 20):
        play = pick_play(service, channels, rng)
        if play is not None and play.channel_id not in chosen:
            chosen[play.channel_id] = play
        if len(chosen) == count:
            break
    return list(chosen.values())


async def main(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="traffic-") as tmp:
        service = SessionService(Store(Path(tmp) / "load.db"), seed=args.seed)
        await service.start(run_timers=True)
        try:
            channels, _ = await create(service, ["idle"] * args.games, 1.0, rng)
            presenter = service.core.presenter

            steady: list[float] = []
            drawn, cpu, began = presenter.drawn, busy_cpu_seconds(), time.perf_counter()
            tasks = []
            for n in range(round(args.rate * args.seconds)):
                await asyncio.sleep(max(0.0, began + n / args.rate - time.perf_counter()))
                play = pick_play(service, channels, rng)
                if play is not None:
                    tasks.append(asyncio.create_task(timed(service, play, steady)))
            await asyncio.gather(*tasks)
            steady_s = time.perf_counter() - began
            steady_images, steady_cpu = presenter.drawn - drawn, busy_cpu_seconds() - cpu

            bursts: list[float] = []
            last_of_each: list[float] = []
            drawn = presenter.drawn
            for _ in range(args.bursts):
                await asyncio.sleep(1.0)  # idle between bursts
                these: list[float] = []
                await asyncio.gather(*(timed(service, play, these)
                                       for play in distinct_plays(service, channels, args.burst, rng)))
                bursts += these
                last_of_each.append(max(these))
            burst_images = presenter.drawn - drawn
        finally:
            await service.close()

    print(f"machine: {machine()}")
    print(f"{args.games} KAPLOOM! games on a SQLite file, system clock, timers running, images drawn; seed {args.seed}")
    print(f"steady  {len(steady)} /play in {steady_s:.1f} s ({len(steady) / steady_s:.1f} a second), "
          f"{steady_images} images drawn ({steady_images / max(1, len(steady)):.2f} a command), "
          f"{steady_cpu / steady_s:.0%} of the 2 cores busy")
    print("        " + summary("/play end to end", steady))
    print(f"burst   {args.bursts} bursts of {args.burst} simultaneous /play in distinct games, "
          f"{burst_images} images drawn ({burst_images / max(1, len(bursts)):.2f} a command)")
    print("        " + summary("/play end to end", bursts))
    print("        " + summary("the last of each burst", last_of_each))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--rate", type=float, default=20.0, help="commands a second in the steady phase")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--burst", type=int, default=20, help="commands started together")
    parser.add_argument("--bursts", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(main(parser.parse_args()))
