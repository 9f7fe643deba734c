"""Images are drawn in worker processes, one job per image, with the bytes a thread would draw; a
broken or refused pool falls back to a thread; the views the service derives are fingerprinted, not
kept as text."""

from __future__ import annotations

import asyncio

from bot.service import drawing
from bot.service.derived import derived, view_key
from bot.service.messages import Drawing
from rules.kaploom import ENGINE, KaploomOptions

NAMES = ((0, "alice"), (1, "bob"))


def _jobs() -> list[Drawing]:
    state = ENGINE.new_game(3, KaploomOptions(), ("villain", "hero"))
    known = derived(ENGINE, state)
    return [
        Drawing("render_public", "kaploom", known.public_view(), NAMES, known.public_key()),
        Drawing("render_private", "kaploom", known.private_view(0), NAMES, known.private_key(0)),
        Drawing("render_private", "kaploom", known.private_view(1), NAMES, known.private_key(1)),
    ]


async def test_worker_processes_draw_the_bytes_a_thread_draws(monkeypatch):
    jobs = _jobs()
    in_thread = [drawing.draw_one(job) for job in jobs]
    assert all(png and png.startswith(b"\x89PNG") for png in in_thread)
    monkeypatch.setattr(drawing, "_wanted", 2)
    monkeypatch.setattr(drawing, "_pool", None)
    monkeypatch.setattr(drawing, "_failed", False)
    try:
        assert await drawing.draw_all(jobs) == in_thread
        pool = drawing._pool
        assert pool is not None and not drawing._failed
        # one job per image: the workers share a burst (both took part in drawing many at once)
        pids = await asyncio.gather(*(asyncio.get_running_loop().run_in_executor(pool, _pid) for _ in range(40)))
        assert len(set(pids)) == 2
    finally:
        drawing.shutdown()


async def test_a_broken_pool_falls_back_to_a_thread(monkeypatch, caplog):
    jobs = _jobs()
    monkeypatch.setattr(drawing, "_wanted", 1)
    monkeypatch.setattr(drawing, "_pool", None)
    monkeypatch.setattr(drawing, "_failed", False)
    try:
        assert await drawing.draw_all(jobs[:1]) == [drawing.draw_one(jobs[0])]
        for process in drawing._pool._processes.values():  # type: ignore[union-attr]
            process.kill()
        await asyncio.sleep(0.2)
        assert await drawing.draw_all(jobs) == [drawing.draw_one(job) for job in jobs]
        assert drawing._failed and "worker processes broke" in caplog.text
    finally:
        drawing.shutdown()


async def test_zero_processes_draws_in_a_thread(monkeypatch):
    monkeypatch.setattr(drawing, "_wanted", 0)
    monkeypatch.setattr(drawing, "_pool", None)
    monkeypatch.setattr(drawing, "_failed", False)
    jobs = _jobs()
    assert await drawing.draw_all(jobs) == [drawing.draw_one(job) for job in jobs]
    assert drawing._pool is None


def test_derived_views_are_worked_out_once_per_state_and_fingerprinted():
    state = ENGINE.new_game(3, KaploomOptions(), ("villain", "hero"))
    known = derived(ENGINE, state)
    assert derived(ENGINE, state) is known
    assert known.private_view(0) is known.private_view(0)
    assert known.private_key(0) == view_key(ENGINE.private_view(state, 0))
    # the private part's key leaves out the public view it embeds: a public change alone does not
    # make a screen "changed"
    assert known.private_part_key(0) != known.private_key(0)
    shown = known.shown(2)
    assert shown.public == known.public_key() and set(shown.private) == {0, 1}
    assert len(shown.public) == 32  # a fingerprint, not the view's text
    after, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    assert derived(ENGINE, after) is not known


def _pid() -> int:
    import os
    import time

    time.sleep(0.05)
    return os.getpid()
