"""Drawing images away from the event loop, on every core.

An image is most of what a command costs, and drawing holds Python's global lock: drawn in threads,
twenty simultaneous commands in twenty games would wait for one core to draw forty images one after
another. So images are drawn in worker processes, one per core (``multiprocessing``'s
``forkserver``: the workers are forked from a clean process that has imported the renderers, never
from the bot's own threads and open database). Each image is one job, so the workers share a burst.

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
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.service.messages import Drawing

log = logging.getLogger(__name__)

_pool: ProcessPoolExecutor | None = None
_failed = False  # the pool could not start or broke: threads from now on


_wanted: int | None = None  # workers asked for; None: one per core


def configure(workers: int | None) -> None:
    """How many worker processes draw (None: one per core; 0: draw in a thread). Before the first
    image: a pool already running keeps its size."""
    global _wanted
    _wanted = workers


def workers_wanted() -> int:
    return _wanted if _wanted is not None else (os.cpu_count() or 1)


def _get_pool() -> ProcessPoolExecutor | None:
    global _pool, _failed
    if _pool is not None or _failed:
        return _pool
    count = workers_wanted()
    from render import worker  # here: the bot imports the renderers only when it draws

    if count <= 0:
        _failed = True
        return None
    try:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["render.worker", "render"])
        _pool = ProcessPoolExecutor(max_workers=count, mp_context=context, initializer=worker.started)
    except (OSError, ValueError, NotImplementedError) as error:
        log.warning("images are drawn in a thread: worker processes could not start (%s)", error)
        _failed = True
        return None
    atexit.register(shutdown)
    return _pool


def shutdown() -> None:
    """Stop the worker processes (at exit; tests that started them may call it)."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=True, cancel_futures=True)
        _pool = None


def warm_up() -> None:
    """Start the workers now (in the background), so the first command after a start does not
    wait for them to start and import the renderers (~0.8 s)."""
    from render import worker

    pool = _get_pool()
    if pool is not None:
        for _ in range(workers_wanted()):
            pool.submit(worker.ready)


async def draw_all(jobs: Sequence[Drawing]) -> list[bytes | None]:
    """Each drawing's PNG bytes (None where drawing failed), drawn on every core when it can."""
    global _failed
    from render import worker

    pool = _get_pool()
    if pool is not None:
        loop = asyncio.get_running_loop()
        try:
            # A view travels as its JSON and its class: a quarter of pickling's time on this side
            # (whose threads share the event loop's lock), and quicker to rebuild in the worker.
            return list(await asyncio.gather(*(
                loop.run_in_executor(pool, worker.draw_json, job.function, job.game, type(job.view),
                                     job.view.model_dump_json(), job.names)
                for job in jobs)))
        except (BrokenProcessPool, OSError) as error:
            log.warning("images are drawn in a thread from now on: the worker processes broke (%s)", error)
            _failed = True
            shutdown()
    return await asyncio.to_thread(lambda: [draw_one(job) for job in jobs])


def draw_one(job: Drawing) -> bytes | None:
    """One image, here (in a thread, or a test)."""
    from render import worker

    return worker.draw(job.function, job.game, lambda: job.view, job.names)
