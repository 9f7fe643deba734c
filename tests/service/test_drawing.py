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
    monkeypatch.setattr(drawing, "_pools", [])
    monkeypatch.setattr(drawing, "_busy", [])
    monkeypatch.setattr(drawing, "_failed", False)
    try:
        assert await drawing.draw_all(jobs) == in_thread
        assert len(drawing._pools) == 2 and not drawing._failed
        # one job per image: a game's images go to its own worker, and the other worker takes them
        # when that one has more than SLACK waiting
        same_game = [Drawing(j.function, j.game, j.view, j.names, j.key, affinity="7") for j in jobs * 6]
        assert await drawing.draw_all(same_game) == in_thread * 6
        own = drawing._worker_for("7")
        drawing._busy[own] += drawing.SLACK + 1
        assert drawing._worker_for("7") != own
        drawing._busy[own] -= drawing.SLACK + 1
        assert drawing._busy == [0, 0]
    finally:
        drawing.shutdown()


async def test_a_broken_pool_falls_back_to_a_thread(monkeypatch, caplog):
    jobs = _jobs()
    monkeypatch.setattr(drawing, "_wanted", 1)
    monkeypatch.setattr(drawing, "_pools", [])
    monkeypatch.setattr(drawing, "_busy", [])
    monkeypatch.setattr(drawing, "_failed", False)
    try:
        assert await drawing.draw_all(jobs[:1]) == [drawing.draw_one(jobs[0])]
        for pool in drawing._pools:
            for process in pool._processes.values():
                process.kill()
        await asyncio.sleep(0.2)
        assert await drawing.draw_all(jobs) == [drawing.draw_one(job) for job in jobs]
        assert drawing._failed and "worker processes broke" in caplog.text
    finally:
        drawing.shutdown()


async def test_zero_processes_draws_in_a_thread(monkeypatch):
    monkeypatch.setattr(drawing, "_wanted", 0)
    monkeypatch.setattr(drawing, "_pools", [])
    monkeypatch.setattr(drawing, "_busy", [])
    monkeypatch.setattr(drawing, "_failed", False)
    jobs = _jobs()
    assert await drawing.draw_all(jobs) == [drawing.draw_one(job) for job in jobs]
    assert drawing._pools == []


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


def test_the_private_part_key_changes_exactly_when_the_view_beside_its_public_part_changes():
    """Over a playout: seat 0's part key is equal across two states exactly when its private view
    without the embedded public view dumps to the same JSON (whatever the public view did)."""
    import random

    rng = random.Random(4)
    state = ENGINE.new_game(4, KaploomOptions(), ("villain", "hero"))
    seen_public_only = seen_private = 0
    for _ in range(120):
        if ENGINE.outcome(state) is not None:
            break
        seat = rng.choice(ENGINE.to_act(state))
        after, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        before_known, after_known = derived(ENGINE, state), derived(ENGINE, after)
        same_part = (ENGINE.private_view(state, 0).model_dump_json(exclude={"public"})
                     == ENGINE.private_view(after, 0).model_dump_json(exclude={"public"}))
        assert (before_known.private_part_key(0) == after_known.private_part_key(0)) == same_part
        public_changed = before_known.public_key() != after_known.public_key()
        seen_public_only += same_part and public_changed
        seen_private += not same_part
        # what an image worker rebuilds the view from is the view's own JSON
        assert after_known.private_text(0) == after_known.private_view(0).model_dump_json()
        state = after
    assert seen_public_only and seen_private  # both kinds of step were checked
