"""What the store hands out: game, seat, action and result records (plain data, no I/O)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import aiosqlite


class SeatHolder(NamedTuple):
    """Who plays a seat: a person, or an AI seat (``kind`` "bot", ``user_id`` 0). ``autopilot``: an
    AI plays this person's seat for now (after a time-out, until they take it back)."""

    user_id: int
    name: str
    kind: str = "person"
    autopilot: bool = False

    @property
    def is_person(self) -> bool:
        return self.kind == "person"

    @property
    def played_by_ai(self) -> bool:
        return self.kind == "bot" or self.autopilot


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
    seats: dict[int, SeatHolder] = field(default_factory=dict)
    step: int = 0  # public steps: actions that told the channel something (hidden ones do not count)
    guild_id: str = ""
    settings: dict[str, Any] = field(default_factory=dict)  # the service's settings (pace, clock, ...)
    clock: dict[str, Any] = field(default_factory=dict)  # seat clocks and deadlines, absolute times
    labels: tuple[str, ...] | None = None  # the seats the game started with
    rules_version: int = 1
    outcome: dict[str, Any] | None = None
    ended_at: str | None = None


@dataclass(frozen=True)
class ActionRecord:
    seq: int
    seat: int
    user_id: int
    notation: str
    public_text: str
    at: str
    step: int | None = None  # the public step this action made, None for a hidden one
    request_id: str | None = None
    actor: str = "person"  # person | bot | timer | system
    undoable: bool = False
    undoes: int | None = None  # an undo row: the seq it takes back


class ResultRow(NamedTuple):
    """One seat of a finished game, as /game stats and /game leaderboard read it."""

    game_id: int
    game: str
    seat: int
    user_id: int  # 0 for an AI seat
    user_name: str  # who held the seat at the end
    kind: str  # person | bot
    won: bool
    score: float | None
    rank: int | None


@dataclass(frozen=True)
class LogHealth:
    """What the start-up check compares: the version against the log rows of one game."""

    game_id: int
    version: int
    rows: int
    max_seq: int

    @property
    def consistent(self) -> bool:
        # seq is a primary key per game and starts at 1, so rows == max_seq means 1..n without gaps.
        return self.rows == self.version == self.max_seq


_ACTION_COLUMNS = "seq, seat, user_id, notation, public_text, at, step, request_id, actor, undoable, undoes"


def _action(row: aiosqlite.Row) -> ActionRecord:
    data = dict(row)
    data["undoable"] = bool(data["undoable"])
    return ActionRecord(**data)


def _holder(row: aiosqlite.Row) -> SeatHolder:
    return SeatHolder(row["user_id"], row["user_name"], row["kind"], bool(row["autopilot"]))


def _dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))
