"""Migrations are applied in order once and recorded; the action log is append-only."""

from __future__ import annotations

import sqlite3

import pytest

from bot.service.store import MIGRATIONS_DIR, Store, migration_files


async def test_migrations_applied_once_and_recorded(tmp_path):
    files = migration_files()
    assert [v for v, _ in files] == list(range(1, len(files) + 1)) and files[0][1].name == "0001_initial.sql"
    store = Store(tmp_path / "g.db")
    assert await store.open() == [v for v, _ in files]
    assert await store.schema_versions() == [(v, p.name) for v, p in files]
    await store.close()
    again = Store(tmp_path / "g.db")
    assert await again.open() == []
    assert await again.schema_versions() == [(v, p.name) for v, p in files]
    await again.close()


async def test_action_log_is_append_only_and_one_open_game_per_channel(tmp_path):
    store = Store(tmp_path / "g.db")
    await store.open()
    game = await store.create_game("c", "toy", {}, 1, "alice", "t0")
    await store.start_game(game, 7, {"s": 0}, "t1")
    await store.record_action(game, 1, 0, 1, "pick 100", "red picked a card.", {"s": 1}, "running", "t2")
    # a stale writer can neither repeat nor skip a version, and a refused write leaves no trace
    with pytest.raises(sqlite3.IntegrityError):
        await store.record_action(game, 1, 0, 1, "pick 100", "", {"s": 2}, "running", "t3")
    with pytest.raises(RuntimeError):
        await store.record_action(game, 3, 0, 1, "pick 100", "", {"s": 3}, "running", "t3")
    assert [a.seq for a in await store.actions(game)] == [1]
    assert (await store.game(game)).snapshot == {"s": 1}
    for statement in ("UPDATE actions SET notation = 'x'", "DELETE FROM actions"):
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            await store.db.execute(statement)
    await store.db.rollback()
    with pytest.raises(sqlite3.IntegrityError):
        await store.create_game("c", "toy", {}, 2, "bob", "t4")
    await store.db.rollback()
    await store.set_status(game, "over", "t5")
    await store.create_game("c", "toy", {}, 2, "bob", "t6")
    assert [g.creator_name for g in await store.open_games()] == ["bob"]
    await store.close()


def test_migrations_dir_is_in_the_repository():
    assert (MIGRATIONS_DIR / "0001_initial.sql").is_file()
