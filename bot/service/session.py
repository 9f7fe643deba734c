"""A game held in memory, and the table of them by channel and by game id.

The database is the truth a session is loaded from; memory only moves on after a commit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bot.service.store import GameRecord
from rules.core.engine import Engine


@dataclass
class Session:
    """A lobby, a running game, or one the start-up check refused (``broken`` says why)."""

    record: GameRecord
    engine: Engine
    options: BaseModel | None
    labels: tuple[str, ...]
    state: Any = None
    public_dump: dict[str, Any] | None = None
    private_dumps: dict[int, dict[str, Any]] = field(default_factory=dict)
    broken: str | None = None  # why this saved game cannot be played; every command but abort says so

    @property
    def channel_id(self) -> str:
        return self.record.channel_id

    @property
    def game_id(self) -> int:
        return self.record.id

    @property
    def version(self) -> int:
        return self.record.version

    @property
    def step(self) -> int:
        return self.record.step

    @property
    def running(self) -> bool:
        return self.state is not None and self.broken is None

    def seat_of(self, user_id: int) -> int | None:
        for seat, (uid, _) in self.record.seats.items():
            if uid == user_id:
                return seat
        return None

    def who(self, seat: int) -> str:
        taken = self.record.seats.get(seat)
        name = taken[1] if taken else "nobody"
        return f"{name} ({self.labels[seat]})"

    def free_seats(self) -> list[int]:
        return [s for s in range(len(self.labels)) if s not in self.record.seats]

    def names(self) -> dict[int, str]:
        """Seat -> display name, drawn next to the roles on the images (the channel sees them anyway)."""
        return {seat: name for seat, (_, name) in self.record.seats.items()}


class Sessions:
    """The open sessions, found by channel (commands) or by game id (clicks on components)."""

    def __init__(self) -> None:
        self._by_channel: dict[str, Session] = {}
        self._by_game: dict[int, Session] = {}

    def add(self, session: Session) -> None:
        self._by_channel[session.channel_id] = session
        self._by_game[session.game_id] = session

    def remove(self, session: Session) -> None:
        if self._by_channel.get(session.channel_id) is session:
            del self._by_channel[session.channel_id]
        self._by_game.pop(session.game_id, None)

    def in_channel(self, channel_id: str) -> Session | None:
        return self._by_channel.get(channel_id)

    def by_game(self, game_id: int) -> Session | None:
        return self._by_game.get(game_id)

    def values(self) -> list[Session]:
        return list(self._by_channel.values())

    def __len__(self) -> int:
        return len(self._by_channel)

    def __contains__(self, channel_id: object) -> bool:
        return channel_id in self._by_channel
