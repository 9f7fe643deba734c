"""The store's read-only queries for history and stats: the public log, finished games, results."""

from __future__ import annotations

from typing import Any

from bot.service.records import GameRecord, ResultRow


class HistoryQueries:
    """A part of ``Store`` (mixed in): uses its ``_fetchone``, ``_fetchall`` and ``game``."""

    # -- history and lists (read only) -------------------------------------------------------

    async def public_log_count(self, game_id: int) -> int:
        """How many public entries the game's log holds (hidden moves are not entries)."""
        row = await self._fetchone(
            "SELECT COUNT(*) AS n FROM actions WHERE game_id = ? AND public_text != '' AND step IS NOT NULL",
            (game_id,),
        )
        return int(row["n"]) if row is not None else 0

    async def public_log_page(self, game_id: int, skip: int, count: int) -> list[tuple[int, str]]:
        """``count`` public entries, leaving out the ``skip`` newest ones, oldest first; each
        numbered by its public step (never by the action count, which would tell
        how many hidden moves were made)."""
        rows = await self._fetchall(
            "SELECT step, public_text FROM actions WHERE game_id = ? AND public_text != '' AND step IS NOT NULL"
            " ORDER BY seq DESC LIMIT ? OFFSET ?",
            (game_id, count, skip),
        )
        return [(row["step"], row["public_text"]) for row in reversed(rows)]

    async def last_finished_game(self, channel_id: str) -> GameRecord | None:
        """The newest game of a channel that has ended (over or aborted) after it started."""
        row = await self._fetchone(
            "SELECT id FROM games WHERE channel_id = ? AND status IN ('over', 'aborted') AND seed IS NOT NULL"
            " ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return await self.game(row["id"]) if row is not None else None

    async def game_times(self, game_id: int) -> tuple[str, str | None, str | None]:
        """When the game's table was opened, when it started (None before migration 0004 or the
        start) and when it ended (None while it runs)."""
        row = await self._fetchone("SELECT created_at, started_at, ended_at FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise KeyError(game_id)
        return row["created_at"], row["started_at"], row["ended_at"]

    async def guild_results(
        self, guild_id: str, *, user_id: int | None = None, game: str | None = None
    ) -> list[ResultRow]:
        """The result rows of one server's finished games (one per seat), oldest game first,
        optionally only one user's (a person's seats) or one game's."""
        sql = ("SELECT r.game_id, g.game, r.seat, r.user_id, r.kind, r.won, r.score, r.rank,"
               " COALESCE(s.user_name, '') AS user_name FROM results r JOIN games g ON g.id = r.game_id"
               " LEFT JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat WHERE g.guild_id = ?")
        params: list[Any] = [guild_id]
        if user_id is not None:
            sql += " AND r.user_id = ? AND r.kind = 'person'"
            params.append(user_id)
        if game is not None:
            sql += " AND g.game = ?"
            params.append(game)
        rows = await self._fetchall(sql + " ORDER BY r.game_id, r.seat", tuple(params))
        return [ResultRow(row["game_id"], row["game"], row["seat"], row["user_id"], row["user_name"], row["kind"],
                          bool(row["won"]), row["score"], row["rank"]) for row in rows]
