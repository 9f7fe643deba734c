"""The store's games, seats and action log: creating and starting games, taking seats, recording
each accepted action with its snapshot in one transaction, and reading them back."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import aiosqlite

from bot.service.records import (
    _ACTION_COLUMNS,
    ActionRecord,
    GameRecord,
    LogHealth,
    SeatHolder,
    _action,
    _dumps,
    _holder,
)


class GameQueries:
    """A part of ``Store`` (mixed in): uses its ``transaction``, ``_fetchone`` and ``_fetchall``."""

    async def open_games(self) -> list[GameRecord]:
        """Every game in the lobby or running, with its seats."""
        rows = await self._fetchall("SELECT * FROM games WHERE status IN ('lobby', 'running') ORDER BY id")
        games = [self._record(row) for row in rows]
        seats = await self._fetchall(
            "SELECT s.* FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE g.status IN ('lobby', 'running') ORDER BY s.game_id, s.seat"
        )
        by_game = {game.id: game for game in games}
        for row in seats:
            by_game[row["game_id"]].seats[row["seat"]] = _holder(row)
        return games

    async def last_game(self, channel_id: str) -> GameRecord | None:
        """The newest game of a channel whatever its status (a finished one stays readable)."""
        row = await self._fetchone("SELECT id FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return await self.game(row["id"]) if row is not None else None

    async def game(self, game_id: int) -> GameRecord:
        row = await self._fetchone("SELECT * FROM games WHERE id = ?", (game_id,))
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
            step=row["step"],
            guild_id=row["guild_id"],
            settings=json.loads(row["settings_json"]),
            clock=json.loads(row["clock_json"]),
            labels=tuple(json.loads(row["labels_json"])) if row["labels_json"] else None,
            rules_version=row["rules_version"],
            outcome=json.loads(row["outcome_json"]) if row["outcome_json"] else None,
            ended_at=row["ended_at"],
        )

    async def _seats(self, game_id: int) -> dict[int, SeatHolder]:
        rows = await self._fetchall("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        return {row["seat"]: _holder(row) for row in rows}

    async def create_game(
        self, channel_id: str, game: str, options: Mapping[str, str], creator_id: int, creator_name: str, now: str,
        *, guild_id: str = "", settings: Mapping[str, Any] | None = None, rules_version: int = 1,
    ) -> int:
        async with self.transaction() as db:
            cur = await db.execute(
                "INSERT INTO games (channel_id, game, options_json, creator_id, creator_name, status,"
                " created_at, updated_at, guild_id, settings_json, rules_version)"
                " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                (channel_id, game, _dumps(dict(options)), creator_id, creator_name, now, now, guild_id,
                 _dumps(dict(settings or {})), rules_version),
            )
        assert cur.lastrowid is not None
        return cur.lastrowid

    async def take_seat(self, game_id: int, seat: int, user_id: int, user_name: str, kind: str = "person") -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, user_name, kind) VALUES (?, ?, ?, ?, ?)",
                (game_id, seat, user_id, user_name, kind),
            )

    async def leave_seat(self, game_id: int, seat: int) -> None:
        async with self.transaction() as db:
            await db.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def set_seat(self, game_id: int, seat: int, holder: SeatHolder) -> None:
        """Who plays a seat of a running game now (a replacement, an AI seat, autopilot on or off)."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE seats SET user_id = ?, user_name = ?, kind = ?, autopilot = ? WHERE game_id = ? AND seat = ?",
                (holder.user_id, holder.name, holder.kind, int(holder.autopilot), game_id, seat),
            )

    async def start_game(
        self, game_id: int, seed: int, snapshot: Mapping[str, Any], now: str, *,
        labels: tuple[str, ...] | None = None, seats: Mapping[int, SeatHolder] | None = None,
        clock: Mapping[str, Any] | None = None,
    ) -> None:
        """Start a lobby: the seats are renumbered 0.. in the order of the labels that play."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE games SET status = 'running', seed = ?, version = 0, step = 0, snapshot_json = ?,"
                " labels_json = ?, clock_json = ?, updated_at = ? WHERE id = ? AND status = 'lobby'",
                (seed, _dumps(snapshot), _dumps(list(labels)) if labels is not None else None,
                 _dumps(dict(clock or {})), now, game_id),
            )
            if seats is not None:
                await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
                await db.executemany(
                    "INSERT INTO seats (game_id, seat, user_id, user_name, kind, autopilot) VALUES (?, ?, ?, ?, ?, ?)",
                    [(game_id, seat, h.user_id, h.name, h.kind, int(h.autopilot)) for seat, h in seats.items()],
                )

    async def set_rules_version(self, game_id: int, version: int) -> None:
        async with self.transaction() as db:
            await db.execute("UPDATE games SET rules_version = ? WHERE id = ?", (version, game_id))

    async def set_clock(self, game_id: int, clock: Mapping[str, Any]) -> None:
        async with self.transaction() as db:
            await db.execute("UPDATE games SET clock_json = ? WHERE id = ?", (_dumps(dict(clock)), game_id))

    async def finish(
        self, game_id: int, status: str, now: str, *, outcome: Mapping[str, Any] | None = None,
        results: list[tuple[int, int, str, bool, float | None, int | None]] = (),
    ) -> None:
        """Close a game (over or aborted) with its outcome and one result row per seat
        (seat, user id, kind, won, score, rank), for stats."""
        async with self.transaction() as db:
            await self._finish(db, game_id, status, now, outcome, results)

    @staticmethod
    async def _finish(db: aiosqlite.Connection, game_id: int, status: str, now: str,
                      outcome: Mapping[str, Any] | None, results: Any) -> None:
        await db.execute(
            "UPDATE games SET status = ?, outcome_json = ?, ended_at = ?, updated_at = ? WHERE id = ?",
            (status, _dumps(dict(outcome)) if outcome is not None else None, now, now, game_id),
        )
        await db.executemany(
            "INSERT OR REPLACE INTO results (game_id, seat, user_id, kind, won, score, rank)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(game_id, seat, uid, kind, int(won), score, rank) for seat, uid, kind, won, score, rank in results],
        )

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
        *,
        step: int | None = None,
        request_id: str | None = None,
        actor: str = "person",
        undoable: bool = False,
        undoes: int | None = None,
        clock: Mapping[str, Any] | None = None,
        finished: tuple[Mapping[str, Any], list[tuple]] | None = None,
    ) -> None:
        """Append one accepted action and the snapshot it produced: one transaction of this game.

        ``step`` is the public step this action made (None for a hidden one); the game's step
        counter moves to it. ``clock`` is the game's clock state after the action (decisions started,
        banks, deadlines), written with it. The update checks the version the action was judged
        against, so a stale writer changes nothing."""
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO actions (game_id, seq, seat, user_id, notation, public_text, at, step, request_id,"
                " actor, undoable, undoes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, seq, seat, user_id, notation, public_text, now, step, request_id, actor, int(undoable),
                 undoes),
            )
            cur = await db.execute(
                "UPDATE games SET version = ?, step = COALESCE(?, step), snapshot_json = ?, status = ?,"
                " clock_json = COALESCE(?, clock_json), updated_at = ? WHERE id = ? AND version = ?",
                (seq, step, _dumps(snapshot), status, _dumps(dict(clock)) if clock is not None else None, now,
                 game_id, seq - 1),
            )
            if cur.rowcount != 1:
                raise RuntimeError(f"game {game_id} is not at version {seq - 1}")
            if finished is not None:
                await self._finish(db, game_id, status, now, *finished)

    async def set_status(self, game_id: int, status: str, now: str) -> None:
        async with self.transaction() as db:
            await db.execute("UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, now, game_id))

    async def actions(self, game_id: int) -> list[ActionRecord]:
        rows = await self._fetchall(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [_action(row) for row in rows]

    async def action_for_request(self, request_id: str) -> ActionRecord | None:
        """The action already applied for this request id (a command delivered twice), in any game."""
        row = await self._fetchone(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE request_id = ?",
            (request_id,),
        )
        return _action(row) if row is not None else None

    # -- the start-up check ------------------------------------------------------------------

    async def log_health(self) -> dict[int, LogHealth]:
        """Version against log rows for every running game, in one query."""
        rows = await self._fetchall(
            "SELECT g.id, g.version, COUNT(a.seq) AS n, COALESCE(MAX(a.seq), 0) AS top FROM games g"
            " LEFT JOIN actions a ON a.game_id = g.id WHERE g.status = 'running' GROUP BY g.id"
        )
        return {row["id"]: LogHealth(row["id"], row["version"], row["n"], row["top"]) for row in rows}

    async def repair(
        self, game_id: int, version: int, step: int, snapshot: Mapping[str, Any], status: str, now: str
    ) -> None:
        """Set a game's version, snapshot and status to what its own log replays to (the start-up
        repair; the replayed log may end the game)."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE games SET version = ?, step = ?, snapshot_json = ?, status = ?, updated_at = ? WHERE id = ?",
                (version, step, _dumps(snapshot), status, now, game_id),
            )
