"""SQLite persistence for games: ordered migrations, games, seats and an append-only action log.

Isolation. Every game shares one SQLite connection, and a connection has one transaction at a time:
two games interleaving their statements on it would commit or roll back each other's half-written
moves. So every use of the connection goes through ``_lock``: a write is one explicit
``BEGIN IMMEDIATE … COMMIT`` holding the lock from its first statement to its commit, and a read
holds it too, so it never sees another game's uncommitted rows. An accepted action (its log row,
the snapshot and the version) is therefore one transaction of its own game; a crash leaves all of
it or none of it. SQLite's statements take well under a millisecond, so one lock costs nothing
measurable against the image a command draws.

Errors. Opening a file that is not a database, a folder that cannot be written, a read-only
file or a database written by a newer Game Master raises ``StorageError`` with one line for the
host, and leaves no thread behind (a failed open used to hang the process on exit).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

import migrations
from bot.service.store_games import GameQueries
from bot.service.store_history import HistoryQueries
from bot.service.store_people import PeopleQueries

MIGRATIONS_DIR = Path(migrations.__file__).resolve().parent
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
BUSY_TIMEOUT_MS = 5000


class _NoDebug(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno > logging.DEBUG


def quiet_library_loggers() -> None:
    """Keep the loggers that would print query values or message bodies out of the host's log.

    aiosqlite logs every call with its SQL parameters at DEBUG (secret moves, snapshots); discord.py's
    HTTP, gateway and webhook loggers log request bodies and gateway events at DEBUG (DM texts,
    hidden moves typed into /play). A level alone would yield to a host that sets these loggers to
    DEBUG on purpose, so a filter drops their DEBUG records whatever the level says.
    """
    for name in ("aiosqlite", "discord.http", "discord.gateway", "discord.webhook.async_", "discord.state"):
        logger = logging.getLogger(name)
        if logger.level in (logging.NOTSET, logging.DEBUG):
            logger.setLevel(logging.INFO)
        if not any(isinstance(f, _NoDebug) for f in logger.filters):
            logger.addFilter(_NoDebug())


quiet_library_loggers()


class StorageError(Exception):
    """The database cannot be used; ``str(err)`` is one line for the host."""


def migration_files(directory: Path = MIGRATIONS_DIR) -> list[tuple[int, Path]]:
    if not directory.is_dir():
        raise FileNotFoundError(f"migrations directory not found: {directory}")
    found = []
    for path in directory.iterdir():
        match = _MIGRATION_NAME.match(path.name)
        if match:
            found.append((int(match.group(1)), path))
    found.sort()
    versions = [v for v, _ in found]
    if versions != list(range(1, len(versions) + 1)):
        raise RuntimeError(f"migrations must be numbered 0001, 0002, ... without gaps; found {versions}")
    return found


def _read_only(path: str) -> bool:
    """Is the database's file system mounted read-only, or the file or its folder unwritable?"""
    if path == ":memory:":
        return False
    target = Path(path)
    folder = target.parent if target.parent != Path("") else Path(".")
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return True
    except OSError:
        return False
    if target.exists() and not os.access(target, os.W_OK):
        return True
    return folder.is_dir() and not os.access(folder, os.W_OK)


def describe_sqlite_error(path: str, err: BaseException) -> str:
    """One line a host can act on, for an error met while opening or migrating the database."""
    text = str(err)
    lowered = text.lower()
    if "file is not a database" in lowered or "malformed" in lowered:
        return (f"The database file {path} is not a Game Master database (SQLite says: {text}). "
                "Point DATABASE_PATH or --db at another file.")
    if "readonly" in lowered or "read-only" in lowered or _read_only(path):
        return (f"The database {path} cannot be written (SQLite says: {text}): the file, its folder or its "
                "file system is read-only. Give the bot a file in a writable folder.")
    if "unable to open" in lowered:
        return (f"The database {path} cannot be opened (SQLite says: {text}): check that its folder exists "
                "and that this user may write there.")
    if "locked" in lowered or "busy" in lowered:
        return f"The database {path} is locked by another program (SQLite says: {text}); is a second bot running?"
    return f"The database {path} cannot be used (SQLite says: {text})."


class Store(GameQueries, PeopleQueries, HistoryQueries):
    """One SQLite database (a file, or ":memory:") holding every game."""

    def __init__(self, path: str | Path = ":memory:", migrations_dir: Path = MIGRATIONS_DIR) -> None:
        self.path = str(path)
        self.migrations_dir = migrations_dir
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("Store.open() has not been awaited")
        return self._db

    async def open(self) -> list[int]:
        """Connect and apply pending migrations; returns the versions applied now.

        Raises ``StorageError`` (one line) when the database cannot be used."""
        if self._db is not None:
            return []
        try:
            # isolation_level=None: the sqlite3 module opens no transactions of its own; every
            # transaction here is an explicit BEGIN IMMEDIATE ... COMMIT under the lock.
            self._db = await self._connect()
            self._db.row_factory = aiosqlite.Row
            await self._db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await self._db.execute("PRAGMA foreign_keys = ON")
            if self.path != ":memory:":
                await self._db.execute("PRAGMA journal_mode = WAL")
            return await self._migrate()
        except (sqlite3.Error, OSError) as err:
            await self._close_quietly()
            raise StorageError(describe_sqlite_error(self.path, err)) from None
        except BaseException:
            await self._close_quietly()
            raise

    async def _connect(self) -> aiosqlite.Connection:
        connection = aiosqlite.connect(self.path, isolation_level=None)
        # A daemon thread: a process that ends without closing the store (a crash path, a failed
        # test) exits instead of hanging forever on this thread. Ending mid-write is what a kill
        # does, and SQLite's journal makes that safe.
        connection._thread.daemon = True
        try:
            return await connection
        except BaseException:
            # aiosqlite has told its worker thread to stop; wait for it while this loop still runs,
            # or the thread reports into a closed loop and prints a traceback on the way out.
            await asyncio.to_thread(connection._thread.join, 5)
            raise

    async def _close_quietly(self) -> None:
        if self._db is not None:
            with contextlib.suppress(Exception):  # the thread must stop even when closing reports an error
                await self._db.close()
            self._db = None

    async def close(self) -> None:
        async with self._lock:
            if self._db is not None:
                await self._db.close()
                self._db = None

    # -- transactions ------------------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction, alone on the connection from BEGIN to COMMIT.

        Cancellation: aiosqlite runs each statement in its own thread, in order, whether or not its
        awaiting task is cancelled. So a cancelled BEGIN or body still ends with a ROLLBACK queued
        behind it (before the lock is released, so no other transaction starts in between), and a
        COMMIT, once queued, completes. Callers that must keep memory in step with a commit shield
        the whole write (see ``Driver.commit``)."""
        async with self._lock:
            db = self.db
            try:
                await db.execute("BEGIN IMMEDIATE")
                yield db
            except BaseException:
                await uncancellable(self._rollback(db))
                raise
            await uncancellable(db.execute("COMMIT"))

    @staticmethod
    async def _rollback(db: aiosqlite.Connection) -> None:
        with contextlib.suppress(sqlite3.Error):  # already rolled back (a failed COMMIT, say)
            await db.execute("ROLLBACK")

    async def _fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[aiosqlite.Row]:
        async with self._lock, self.db.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def _fetchone(self, sql: str, params: tuple[Any, ...] = ()) -> aiosqlite.Row | None:
        async with self._lock, self.db.execute(sql, params) as cur:
            return await cur.fetchone()

    # -- migrations --------------------------------------------------------------------------

    async def _migrate(self) -> list[int]:
        db = self.db
        await db.execute(
            "CREATE TABLE IF NOT EXISTS schema_version ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))"
        )
        files = migration_files(self.migrations_dir)
        known = len(files)
        applied = []
        for version, path in files:
            script = path.read_text(encoding="utf-8")
            async with self._lock:
                await db.execute("BEGIN IMMEDIATE")
                try:
                    # Checked inside the transaction: a second process starting at the same moment
                    # waits for the first one's migration and then finds it done.
                    async with db.execute("SELECT MAX(version) FROM schema_version") as cur:
                        row = await cur.fetchone()
                    newest = row[0] or 0
                    if newest > known:
                        raise StorageError(
                            f"The database {self.path} was written by a newer Game Master (schema version "
                            f"{newest}; this one knows up to {known}). Upgrade Game Master or use another "
                            "database file."
                        )
                    async with db.execute("SELECT 1 FROM schema_version WHERE version = ?", (version,)) as cur:
                        done = await cur.fetchone() is not None
                    if not done:
                        for statement in _statements(script):
                            await db.execute(statement)
                        await db.execute("INSERT INTO schema_version (version, name) VALUES (?, ?)",
                                         (version, path.name))
                        applied.append(version)
                except BaseException:
                    await self._rollback(db)
                    raise
                await db.execute("COMMIT")
        return applied

    async def schema_versions(self) -> list[tuple[int, str]]:
        rows = await self._fetchall("SELECT version, name FROM schema_version ORDER BY version")
        return [(row["version"], row["name"]) for row in rows]

    # -- games -------------------------------------------------------------------------------


async def uncancellable(operation: Any) -> Any:
    """Await ``operation`` to its end even if the awaiting task is cancelled meanwhile; the
    cancellation is then re-raised."""
    task = asyncio.ensure_future(operation)
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        await asyncio.wait([task])
        raise


def _statements(script: str) -> list[str]:
    """A migration file cut into statements (sqlite3.complete_statement knows where triggers end)."""
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        if not current and (not line.strip() or line.lstrip().startswith("--")):
            continue
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    if current.strip():
        statements.append(current.strip())
    return statements
