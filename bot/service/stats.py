"""Wins, losses and games, per player and per game, in one server: ``/game stats [user]`` and
``/game leaderboard game:<name>``. They read the ``results`` table (one row per seat of every
finished game, written with the game's last action; aborted games have none).

A game counts once per person: one who held several seats (solo play) won it if any of their seats
won. AI seats are no player of the server: the leaderboard sums them up in one line of their own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.service.core import Core, Refusal, ephemeral
from bot.service.hygiene import clean_name, quote
from bot.service.messages import Invocation, Output
from bot.service.records import ResultRow
from bot.service.texts import plural

LEADERBOARD_SIZE = 10


@dataclass
class Record:
    """One player's (or the AI's) games and wins, each game counted once."""

    games: set[int]
    wins: set[int]
    name: str = ""

    @property
    def losses(self) -> int:
        return len(self.games) - len(self.wins)

    def line(self) -> str:
        games, wins = len(self.games), len(self.wins)
        rate = round(100 * wins / games) if games else 0
        return f"{plural(games, 'game')}, {plural(wins, 'win')}, {self.losses} loss{'' if self.losses == 1 else 'es'} ({rate}% won)"


def tally(rows: Iterable[ResultRow]) -> Record:
    record = Record(set(), set())
    for row in rows:
        record.games.add(row.game_id)
        if row.won:
            record.wins.add(row.game_id)
        record.name = row.user_name or record.name
    return record


class Stats:
    def __init__(self, core: Core) -> None:
        self.core = core

    async def stats(self, inv: Invocation) -> list[Output]:
        """``/game stats [user]``: the user's (default: the caller's) record here, per game."""
        user_id, name = await self._user(inv)
        rows = await self.core.store.guild_results(inv.guild_id, user_id=user_id)
        if not rows:
            who = "You have" if user_id == inv.user_id else f"{name} has"
            raise Refusal(f"{who} no finished games in this server yet.")
        total = tally(rows)
        lines = [f"**{name}** in this server: {total.line()}."]
        by_game: dict[str, list[ResultRow]] = {}
        for row in rows:
            by_game.setdefault(row.game, []).append(row)
        for game, game_rows in sorted(by_game.items()):
            lines.append(f"{self._title(game)}: {tally(game_rows).line()}")
        return [ephemeral(inv, "\n".join(lines))]

    async def leaderboard(self, inv: Invocation) -> list[Output]:
        """``/game leaderboard game:<name>``: this server's players of one game, most wins first."""
        engine = self.core.engine_named(inv, "/game leaderboard game:<name>")
        name = engine.name
        rows = await self.core.store.guild_results(inv.guild_id, game=name)
        people: dict[int, list[ResultRow]] = {}
        ai: list[ResultRow] = []
        for row in rows:
            if row.kind == "person":
                people.setdefault(row.user_id, []).append(row)
            else:
                ai.append(row)
        if not people:
            raise Refusal(f"No game of {engine.title} has finished in this server yet.")
        records = [tally(person_rows) for person_rows in people.values()]
        records.sort(key=lambda r: (-len(r.wins), -len(r.wins) / len(r.games), r.losses, r.name.lower()))
        games = len({row.game_id for row in rows})
        lines = [f"**{engine.title} leaderboard** — {plural(games, 'finished game')} in this server:"]
        place = 0
        previous: tuple[int, int] | None = None
        for index, record in enumerate(records[:LEADERBOARD_SIZE], start=1):
            key = (len(record.wins), record.losses)
            place = place if key == previous else index  # equal records share a place
            previous = key
            lines.append(f"{place}. {record.name or 'someone'} — {record.line()}")
        if len(records) > LEADERBOARD_SIZE:
            lines.append(f"… and {plural(len(records) - LEADERBOARD_SIZE, 'more player')}.")
        if ai:
            bots = tally(ai)
            lines.append(f"AI players: {plural(len(bots.wins), 'win')} in {plural(len(bots.games), 'game')}.")
        return [ephemeral(inv, "\n".join(lines))]

    async def _user(self, inv: Invocation) -> tuple[int, str]:
        """The user the stats are for: ``<id>|<name>`` (a Discord user option), a name someone in
        this server played under (the local table), or the caller."""
        raw = inv.options.get("user", "").strip()
        if not raw:
            return inv.user_id, inv.user_name
        user_id, bar, display = raw.partition("|")
        if bar and user_id.isascii() and user_id.isdigit():
            return int(user_id), clean_name(display or user_id)
        wanted = clean_name(raw.lstrip("@")).lower()
        for row in reversed(await self.core.store.guild_results(inv.guild_id)):
            if row.kind == "person" and row.user_name.lower() == wanted:
                return row.user_id, row.user_name
        raise Refusal(f"Nobody called '{quote(raw)}' has finished a game in this server.")

    def _title(self, game: str) -> str:
        engine = self.core.engines.get(game)
        return engine.title if engine is not None else game
