"""SQLite persistence for games: ordered migrations, games, seats and an append-only action log.

Every write that matters to a player is one transaction: an accepted action inserts its log row and
replaces the game's snapshot together, so a crash leaves either both or neither.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

import migrations

MIGRATIONS_DIR = Path(migrations.__file__).resolve().parent
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass
class GameRecord:
    id: int
    channel_id: str
    game: str
    options: dict[str, str]
    seed: int | None
    creator_id: int
    creator_name: str
    status: str
    version: int
    snapshot: dict[str, Any] | None
    seats: dict[int, tuple[int, str]] = field(default_factory=dict)  # seat -> (user id, name)


@dataclass(frozen=True)
class ActionRecord:
    seq: int
    seat: int
    user_id: int
    notation: str
    public_text: str
    at: str


def _dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


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


class Store:
    """One SQLite database (a file, or ":memory:") holding every game."""

    def __init__(self, path: str | Path = ":memory:", migrations_dir: Path = MIGRATIONS_DIR) -> None:
        self.path = str(path)
        self.migrations_dir = migrations_dir
        self._db: aiosqlite.Connection | None = None

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("Store.open() has not been awaited")
        return self._db

    async def open(self) -> list[int]:
        """Connect and apply pending migrations; returns the versions applied now."""
        if self._db is not None:
            return []
        self._db = await aiosqlite.connect(self.path)
        self._db.row_factory = aiosqlite.Row
        await self._db.execute("PRAGMA foreign_keys = ON")
        if self.path != ":memory:":
            await self._db.execute("PRAGMA journal_mode = WAL")
        return await self._migrate()

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def _migrate(self) -> list[int]:
        await self.db.execute(
            "CREATE TABLE IF NOT EXISTS schema_version ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))"
        )
        await self.db.commit()
        done = {v for v, _ in await self.schema_versions()}
        applied = []
        for version, path in migration_files(self.migrations_dir):
            if version in done:
                continue
            script = path.read_text(encoding="utf-8")
            # executescript commits whatever is pending first; BEGIN ... COMMIT makes the file and its
            # schema_version row one transaction.
            await self.db.executescript(
                f"BEGIN;\n{script}\n;INSERT INTO schema_version (version, name) "
                f"VALUES ({version}, '{path.name}');\nCOMMIT;"
            )
            applied.append(version)
        return applied

    async def schema_versions(self) -> list[tuple[int, str]]:
        async with self.db.execute("SELECT version, name FROM schema_version ORDER BY version") as cur:
            return [(row["version"], row["name"]) for row in await cur.fetchall()]

    # -- games -------------------------------------------------------------------------------

    async def open_games(self) -> list[GameRecord]:
        """Every game in the lobby or running, with its seats."""
        async with self.db.execute(
            "SELECT * FROM games WHERE status IN ('lobby', 'running') ORDER BY id"
        ) as cur:
            rows = await cur.fetchall()
        games = [self._record(row) for row in rows]
        for game in games:
            game.seats = await self._seats(game.id)
        return games

    async def game(self, game_id: int) -> GameRecord:
        async with self.db.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            raise KeyError(game_id)
        record = self._record(row)
        record.seats = await self._seats(game_id)
        return record

    @staticmethod
    def _record(row: aiosqlite.Row) -> GameRecord:
        return GameRecord(
            id=row["id"],
            channel_id=row["channel_id"],
            game=row["game"],
            options=json.loads(row["options_json"]),
            seed=row["seed"],
            creator_id=row["creator_id"],
            creator_name=row["creator_name"],
            status=row["status"],
            version=row["version"],
            snapshot=json.loads(row["snapshot_json"]) if row["snapshot_json"] else None,
        )

    async def _seats(self, game_id: int) -> dict[int, tuple[int, str]]:
        async with self.db.execute(
            "SELECT seat, user_id, user_name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        ) as cur:
            return {row["seat"]: (row["user_id"], row["user_name"]) for row in await cur.fetchall()}

    async def create_game(
        self, channel_id: str, game: str, options: Mapping[str, str], creator_id: int, creator_name: str, now: str
    ) -> int:
        cur = await self.db.execute(
            "INSERT INTO games (channel_id, game, options_json, creator_id, creator_name, status,"
            " created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?)",
            (channel_id, game, _dumps(dict(options)), creator_id, creator_name, now, now),
        )
        await self.db.commit()
        assert cur.lastrowid is not None
        return cur.lastrowid

    async def take_seat(self, game_id: int, seat: int, user_id: int, user_name: str) -> None:
        await self.db.execute(
            "INSERT INTO seats (game_id, seat, user_id, user_name) VALUES (?, ?, ?, ?)",
            (game_id, seat, user_id, user_name),
        )
        await self.db.commit()

    async def leave_seat(self, game_id: int, user_id: int) -> None:
        await self.db.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        await self.db.commit()

    async def start_game(self, game_id: int, seed: int, snapshot: Mapping[str, Any], now: str) -> None:
        await self.db.execute(
            "UPDATE games SET status = 'running', seed = ?, version = 0, snapshot_json = ?, updated_at = ?"
            " WHERE id = ? AND status = 'lobby'",
            (seed, _dumps(snapshot), now, game_id),
        )
        await self.db.commit()

    async def record_action(
        self,
        game_id: int,
        seq: int,
        seat: int,
        user_id: int,
        notation: str,
        public_text: str,
        snapshot: Mapping[str, Any],
        status: str,
        now: str,
    ) -> None:
        """Append one accepted action and the snapshot it produced, atomically."""
        try:
            await self.db.execute(
                "INSERT INTO actions (game_id, seq, seat, user_id, notation, public_text, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, seq, seat, user_id, notation, public_text, now),
            )
            cur = await self.db.execute(
                "UPDATE games SET version = ?, snapshot_json = ?, status = ?, updated_at = ?"
                " WHERE id = ? AND version = ?",
                (seq, _dumps(snapshot), status, now, game_id, seq - 1),
            )
            if cur.rowcount != 1:
                raise RuntimeError(f"game {game_id} is not at version {seq - 1}")
            await self.db.commit()
        except BaseException:
            await self.db.rollback()
            raise

    async def set_status(self, game_id: int, status: str, now: str) -> None:
        await self.db.execute(
            "UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, now, game_id)
        )
        await self.db.commit()

    async def actions(self, game_id: int) -> list[ActionRecord]:
        async with self.db.execute(
            "SELECT seq, seat, user_id, notation, public_text, at FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        ) as cur:
            return [ActionRecord(**dict(row)) for row in await cur.fetchall()]

    async def recent_public_log(self, game_id: int, count: int) -> list[tuple[int, str]]:
        async with self.db.execute(
            "SELECT seq, public_text FROM actions WHERE game_id = ? AND public_text != ''"
            " ORDER BY seq DESC LIMIT ?",
            (game_id, count),
        ) as cur:
            rows = await cur.fetchall()
        return [(row["seq"], row["public_text"]) for row in reversed(rows)]
