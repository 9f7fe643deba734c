"""A game held in memory, and the table of them by channel and by game id.

The database is the truth a session is loaded from; memory only moves on after a commit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bot.service.records import GameRecord, SeatHolder
from bot.service.settings import GameSettings
from rules.core.engine import SYSTEM, Decision, Engine, SeatPlan

AI_NAME = "AI"


@dataclass
class Session:
    """A lobby, a running game, a finished one kept readable, or one the start-up check refused
    (``broken`` says why)."""

    record: GameRecord
    engine: Engine
    options: BaseModel | None
    labels: tuple[str, ...]  # the plan's labels in the lobby; the seats that play once started
    plan: SeatPlan | None = None
    settings: GameSettings = field(default_factory=GameSettings)
    state: Any = None
    broken: str | None = None  # why this saved game cannot be played; every command but abort says so
    # The living board message: the chapter it began in, and the story told in it since (kept in
    # memory only: after a restart the next board is a new post).
    board_chapter: str | None = None
    board_story: list[str] = field(default_factory=list)
    # AI or scripted moves are owed beyond the last settle's bound (bot.service.driver): the
    # timekeeper plays them on its next turn. Memory only: a restarted service settles every game.
    automatic_due: bool = False
    # Fingerprints of what the current state shows (bot.service.derived.Shown), kept by the driver
    # when it tells a step: the next step's "before". None: derive it from the state when needed.
    shown: Any = None
    # The AI seats' policy (``engine.policy()``), one for the game: a policy may keep what it worked out
    # (a plan followed level by level) between its decisions. Only this game's settle uses it.
    ai: Any = None

    def policy(self) -> Any:
        if self.ai is None:
            self.ai = self.engine.policy()
        return self.ai

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
        return self.state is not None and self.broken is None and self.record.status == "running"

    @property
    def over(self) -> bool:
        return self.record.status in ("over", "aborted")

    @property
    def seats(self) -> dict[int, SeatHolder]:
        return self.record.seats

    def seat_of(self, user_id: int) -> int | None:
        """The user's first seat (a person may hold several where the game allows it)."""
        mine = self.seats_of(user_id)
        return mine[0] if mine else None

    def seats_of(self, user_id: int) -> list[int]:
        return [seat for seat, holder in sorted(self.seats.items()) if holder.is_person and holder.user_id == user_id]

    def who(self, seat: int) -> str:
        if seat == SYSTEM:
            return "the game"
        holder = self.seats.get(seat)
        name = holder.name if holder else "nobody"
        return f"{name} ({self.labels[seat]})"

    def free_seats(self) -> list[int]:
        """Seats nobody holds, but a seat that is the same role as a taken one (``SeatPlan.alike``)."""
        taken = [self.labels[s] for s in self.seats]
        plan = self.plan
        if plan is not None and self.state is None and len(self.seats) >= plan.maximum:
            return []  # a lobby with as many seats taken as may play is full (POWERUP has 16 labels for 6)
        return [s for s in range(len(self.labels)) if s not in self.seats
                and (plan is None or plan.alike_taken(self.labels[s], taken) is None)]

    def names(self) -> dict[int, str]:
        """Seat -> display name, drawn next to the roles on the images (the channel sees them anyway)."""
        return {seat: holder.name for seat, holder in self.seats.items()}

    def pending(self) -> dict[int, Decision]:
        from bot.service.derived import derived

        return dict(derived(self.engine, self.state).pending()) if self.running else {}

    def ai_seats(self) -> set[int]:
        return {seat for seat, holder in self.seats.items() if holder.played_by_ai}

    def people(self) -> dict[int, SeatHolder]:
        """The seats people play themselves now (not AI seats, not on autopilot)."""
        return {seat: h for seat, h in self.seats.items() if h.is_person and not h.autopilot}


class Sessions:
    """The sessions in memory, found by channel (commands) or by game id (clicks on components).
    A channel's finished game stays here, readable, until a new game opens there."""

    def __init__(self) -> None:
        self._by_channel: dict[str, Session] = {}
        self._by_game: dict[int, Session] = {}

    def add(self, session: Session) -> None:
        old = self._by_channel.get(session.channel_id)
        if old is not None and old is not session:
            self._by_game.pop(old.game_id, None)
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

    def open(self) -> list[Session]:
        return [s for s in self._by_channel.values() if not s.over]

    def __len__(self) -> int:
        return len(self._by_channel)

    def __contains__(self, channel_id: object) -> bool:
        return channel_id in self._by_channel
