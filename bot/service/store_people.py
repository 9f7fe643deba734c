"""The store's queries about people and servers: how each person is told, server settings, feeds."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.service.records import _dumps


class PeopleQueries:
    """A part of ``Store`` (mixed in): uses its ``transaction``, ``_fetchone`` and ``_fetchall``."""

    # -- per-user settings -------------------------------------------------------------------

    async def notify_mode(self, user_id: int, guild_id: str) -> str | None:
        row = await self._fetchone("SELECT notify FROM user_settings WHERE user_id = ? AND guild_id = ?",
                                   (user_id, guild_id))
        return row["notify"] if row is not None else None

    async def notify_modes(self) -> dict[tuple[int, str], str]:
        rows = await self._fetchall("SELECT user_id, guild_id, notify FROM user_settings")
        return {(row["user_id"], row["guild_id"]): row["notify"] for row in rows}

    async def set_notify_mode(self, user_id: int, guild_id: str, mode: str) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO user_settings (user_id, guild_id, notify) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id, guild_id) DO UPDATE SET notify = excluded.notify",
                (user_id, guild_id, mode),
            )

    # -- server settings and feeds (migration 0005) -------------------------------------------

    async def server_settings(self) -> dict[str, dict[str, Any]]:
        """Every server's settings (/gm settings), by guild id."""
        rows = await self._fetchall("SELECT guild_id, settings_json FROM server_settings")
        return {row["guild_id"]: json.loads(row["settings_json"]) for row in rows}

    async def set_server_settings(self, guild_id: str, settings: Mapping[str, Any], user_id: int, now: str) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO server_settings (guild_id, settings_json, updated_by, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings_json = excluded.settings_json,"
                " updated_by = excluded.updated_by, updated_at = excluded.updated_at",
                (guild_id, _dumps(dict(settings)), user_id, now),
            )

    async def open_follows(self) -> list[tuple[int, str, str]]:
        """(game id, the game's channel, a follower channel) of every game in the lobby or running."""
        rows = await self._fetchall(
            "SELECT f.game_id, g.channel_id AS game_channel, f.channel_id FROM follows f JOIN games g"
            " ON g.id = f.game_id WHERE g.status IN ('lobby', 'running') ORDER BY f.game_id, f.created_at,"
            " f.channel_id"
        )
        return [(row["game_id"], row["game_channel"], row["channel_id"]) for row in rows]

    async def add_follow(self, game_id: int, channel_id: str, guild_id: str, user_id: int, now: str) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT OR IGNORE INTO follows (game_id, channel_id, guild_id, created_by, created_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (game_id, channel_id, guild_id, user_id, now),
            )

    async def remove_follow(self, game_id: int, channel_id: str) -> None:
        async with self.transaction() as db:
            await db.execute("DELETE FROM follows WHERE game_id = ? AND channel_id = ?", (game_id, channel_id))

    async def channels_starting(self, prefix: str) -> list[str]:
        """The channels of games whose channel id starts with ``prefix`` (the local table's threads)."""
        escaped = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        rows = await self._fetchall(
            "SELECT DISTINCT channel_id FROM games WHERE channel_id LIKE ? ESCAPE '\\'", (escaped + "%",))
        return [row["channel_id"] for row in rows]
