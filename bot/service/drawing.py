"""Drawing images away from the event loop, on every core.

An image is most of what a command costs, and drawing holds Python's global lock: drawn in threads,
twenty simultaneous commands in twenty games would wait for one core to draw forty images one after
another. So images are drawn in worker processes, one per core (``multiprocessing``'s
``forkserver``: the workers are forked from a clean process that has imported the renderers, never
from the bot's own threads and open database). Each image is one job, so the workers share a burst; a game's images go to the same worker
while it is not much busier than the others, where that game's tiles are cached.

Where worker processes cannot start (a sandbox without them) or break, images are drawn in a thread
as before, with a warning; ``configure`` sets how many workers (``DRAW_PROCESSES``; 0: a thread). A
script that runs the service must keep its top level behind ``if __name__ == "__main__":``, as every
script using ``multiprocessing`` must: the workers import the main module.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import multiprocessing
import os
import zlib
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.service.messages import Drawing

log = logging.getLogger(__name__)

_pools: list[ProcessPoolExecutor] = []  # one worker process each: a job can be sent to a chosen one
_busy: list[int] = []  # jobs sent to each worker and not yet back
_failed = False  # the workers could not start or broke: threads from now on
SLACK = 2  # jobs a game's own worker may have beyond the least busy one before another takes it


_wanted: int | None = None  # workers asked for; None: one per core


def configure(workers: int | None) -> None:
    """How many worker processes draw (None: one per core; 0: draw in a thread). Before the first
    image: workers already running stay as they are."""
    global _wanted
    _wanted = workers


def workers_wanted() -> int:
    return _wanted if _wanted is not None else (os.cpu_count() or 1)


def _get_pools() -> list[ProcessPoolExecutor]:
    global _failed
    if _pools or _failed:
        return _pools
    count = workers_wanted()
    from render import worker  # here: the bot imports the renderers only when it draws

    if count <= 0:
        _failed = True
        return _pools
    try:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["render.worker", "render"])
        for _ in range(count):
            _pools.append(ProcessPoolExecutor(max_workers=1, mp_context=context, initializer=worker.started))
            _busy.append(0)
    except (OSError, ValueError, NotImplementedError) as error:
        log.warning("images are drawn in a thread: worker processes could not start (%s)", error)
        _failed = True
        shutdown()
        return _pools
    atexit.register(shutdown)
    return _pools


def shutdown() -> None:
    """Stop the worker processes (at exit; tests that started them may call it)."""
    while _pools:
        _pools.pop().shutdown(wait=True, cancel_futures=True)
    _busy.clear()


def warm_up() -> None:
    """Start the workers now (in the background), so the first command after a start does not
    wait for them to start and import the renderers (~0.8 s)."""
    from render import worker

    for pool in _get_pools():
        pool.submit(worker.ready)


def _worker_for(affinity: str) -> int:
    """A game's images go to the same worker while it is not much busier than another: its tiles
    (the action cards of that game's screens) are in that worker's cache. Else the least busy."""
    own = zlib.crc32(affinity.encode()) % len(_pools)
    least = min(range(len(_pools)), key=_busy.__getitem__)
    return own if _busy[own] <= _busy[least] + SLACK else least


async def _draw_in(index: int, job: Drawing) -> bytes | None:
    from render import worker

    _busy[index] += 1
    try:
        # A view travels as its JSON and its class: a quarter of pickling's time on this side
        # (whose threads share the event loop's lock), and quicker to rebuild in the worker.
        return await asyncio.get_running_loop().run_in_executor(
            _pools[index], worker.draw_json, job.function, job.game, type(job.view),
            job.text if job.text is not None else job.view.model_dump_json(),
            job.names)
    finally:
        if index < len(_busy):
            _busy[index] -= 1


async def draw_all(jobs: Sequence[Drawing]) -> list[bytes | None]:
    """Each drawing's PNG bytes (None where drawing failed), drawn on every core when it can."""
    global _failed
    if _get_pools():
        try:
            return list(await asyncio.gather(*(_draw_in(_worker_for(job.affinity), job) for job in jobs)))
        except (BrokenProcessPool, OSError) as error:
            log.warning("images are drawn in a thread from now on: the worker processes broke (%s)", error)
            _failed = True
            shutdown()
    return await asyncio.to_thread(lambda: [draw_one(job) for job in jobs])


def draw_one(job: Drawing) -> bytes | None:
    """One image, here (in a thread, or a test)."""
    from render import worker

    return worker.draw(job.function, job.game, lambda: job.view, job.names)
