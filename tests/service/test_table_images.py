"""The local table's images: a game played one command per run (--db) never overwrites its boards."""

from __future__ import annotations

import io

from bot.table import run_table

OPENING = ["alice: /game new game:kaploom", "alice: /game join", "bob: /game join", "bob: /game start"]


async def test_each_run_on_the_same_database_numbers_its_images_after_the_last(tmp_path):
    images, db = tmp_path / "img", tmp_path / "game.db"
    first = io.StringIO()
    assert await run_table(OPENING, first, db=db, images=images, seed=3, clock="virtual") == 0
    before = {p.name: p.read_bytes() for p in images.glob("*.png")}
    assert len(before) == 3  # the board and both players' screens

    second = io.StringIO()
    assert await run_table(["alice: /game board"], second, db=db, images=images, seed=3, clock="virtual") == 0
    after = {p.name: p.read_bytes() for p in images.glob("*.png")}
    assert {k: after[k] for k in before} == before  # nothing overwritten
    [new] = set(after) - set(before)
    assert new.startswith("0004-") and f"image: {images / new}" in second.getvalue()
