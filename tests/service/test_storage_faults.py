"""A database that cannot be used is one clear line and a non-zero exit at once, for the local table
and for the bot: a file that is not SQLite, a folder that does not exist, a read-only file system,
and a database written by a newer Game Master. (Each used to print a traceback and hang, so a
supervisor never restarted the bot; every run here has a timeout.)"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.service.store import StorageError, Store, migration_files

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 30


def _gamemaster(*args: str, cwd: Path, env: dict[str, str] | None = None, prefix: tuple[str, ...] = ()):
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    environment.update(PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run([*prefix, sys.executable, "-m", "bot.cli", *args], cwd=cwd, env=environment,
                          input="", capture_output=True, text=True, timeout=TIMEOUT)


def _one_line(result: subprocess.CompletedProcess, *expected: str) -> str:
    assert result.returncode != 0, result
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for text in expected:
        assert text in lines[0], lines[0]
    return lines[0]


def _newer_database(path: Path) -> None:
    known = len(migration_files())
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                   " applied_at TEXT NOT NULL DEFAULT '')")
        db.executemany("INSERT INTO schema_version (version, name) VALUES (?, ?)",
                       [(v, f"{v:04d}_x.sql") for v in range(1, known + 3)])


def test_a_file_that_is_not_sqlite(tmp_path):
    (tmp_path / "bad.db").write_text("these are my notes, not a database\n" * 50)
    line = _one_line(_gamemaster("table", "--db", "bad.db", cwd=tmp_path), "bad.db", "not a Game Master database")
    assert line.startswith("gamemaster table:")
    # the bot checks its database before it connects to Discord
    _one_line(_gamemaster("run", cwd=tmp_path, env={"DISCORD_TOKEN": "x" * 60, "DATABASE_PATH": "bad.db"}),
              "not a Game Master database")
    assert (tmp_path / "bad.db").read_text().startswith("these are my notes")  # untouched


def test_a_folder_that_does_not_exist(tmp_path):
    _one_line(_gamemaster("table", "--db", "no/such/folder/games.db", cwd=tmp_path), "cannot be opened",
              "folder exists")
    _one_line(_gamemaster("run", cwd=tmp_path,
                          env={"DISCORD_TOKEN": "x" * 60, "DATABASE_PATH": "no/such/folder/games.db"}),
              "cannot be opened")


def test_a_database_newer_than_the_code(tmp_path):
    _newer_database(tmp_path / "new.db")
    line = _one_line(_gamemaster("table", "--db", "new.db", cwd=tmp_path), "newer Game Master")
    assert f"knows up to {len(migration_files())}" in line


async def test_the_store_refuses_a_newer_schema_and_stops_its_thread(tmp_path):
    _newer_database(tmp_path / "new.db")
    store = Store(tmp_path / "new.db")
    with pytest.raises(StorageError, match="newer Game Master"):
        await store.open()
    assert store._db is None  # closed: no worker thread keeps the process alive


def _read_only_mount_works() -> bool:
    if shutil.which("unshare") is None or shutil.which("mount") is None:
        return False
    probe = subprocess.run(["unshare", "--mount", "true"], capture_output=True, timeout=10)
    return probe.returncode == 0


@pytest.mark.skipif(not _read_only_mount_works(), reason="needs unshare --mount to mount a folder read-only")
def test_a_read_only_file_system(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    made = _gamemaster("table", "--db", str(folder / "games.db"), cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    # The same database, its folder now mounted read-only (a private mount namespace).
    script = (f"mount --bind {folder} {folder} && mount -o remount,bind,ro {folder} && exec \"$@\"")
    result = _gamemaster("table", "--db", str(folder / "games.db"), cwd=tmp_path,
                         prefix=("unshare", "--mount", "sh", "-c", script, "sh"))
    _one_line(result, "cannot be written", "read-only")
