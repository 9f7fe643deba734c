"""What every part of the service shares: the store, the sessions, the presenter, the engines, the
clock, the outbox (how the service speaks first), how each person wants to be told of their move,
and the lookups that turn "no such game" into one line for the user."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from bot.service.clock import Clock, iso
from bot.service.hygiene import quote
from bot.service.messages import Invocation, Output, Target, TargetKind
from bot.service.presentation import Presenter
from bot.service.session import Session, Sessions
from bot.service.store import Store
from rules.core.engine import Engine

log = logging.getLogger(__name__)

NOTIFY_MODES = ("dm", "mention", "both", "off")
DEFAULT_NOTIFY = "dm"


class Refusal(Exception):
    """A request the service turns down; the message is the one line the user reads."""


class Outbox(Protocol):
    """Where the service's own messages go when nobody asked (a timer, an AI seat, a reminder):
    the Discord adapter posts them, the local table prints them."""

    async def push(self, outputs: list[Output]) -> None: ...


class Held:
    """The outbox until a transport attaches one: keeps what was pushed (tests read it)."""

    def __init__(self) -> None:
        self.outputs: list[Output] = []

    async def push(self, outputs: list[Output]) -> None:
        self.outputs.extend(outputs)


@dataclass
class Core:
    store: Store
    engines: Mapping[str, Engine]
    clock: Clock
    seed_source: int
    presenter: Presenter
    sessions: Sessions = field(default_factory=Sessions)
    outbox: Outbox = field(default_factory=Held)
    notify_modes: dict[tuple[int, str], str] = field(default_factory=dict)
    # Called with a session whose deadlines may have changed (the scheduler re-reads them).
    on_clock_change: Callable[[Session], None] = lambda session: None

    def now(self) -> str:
        return iso(self.clock.now())

    # Whether a server's games may use direct messages (the server settings answer it).
    dms_allowed: Callable[[str], bool] = lambda guild_id: True

    def notify_mode(self, user_id: int, guild_id: str) -> str:
        """How this person is told in this server; where DMs are off, a DM becomes a mention."""
        mode = self.notify_modes.get((user_id, guild_id), DEFAULT_NOTIFY)
        if mode in ("dm", "both") and not self.dms_allowed(guild_id):
            return "mention"
        return mode

    async def push(self, outputs: list[Output]) -> None:
        if not outputs:
            return
        try:
            outputs = await self.presenter.finish(outputs)
            await self.outbox.push(outputs)
        except Exception:  # a transport failure must not stop a timer or an AI seat
            log.exception("pushing %d outputs failed", len(outputs))

    # -- lookups ---------------------------------------------------------------------------------

    def engine_named(self, inv: Invocation, usage: str) -> Engine:
        """The game the ``game`` option names; else this channel's game; else the only game there
        is. ``usage`` is how to name one ("/rules game:<name>")."""
        engines = self.engines
        name = inv.options.get("game", "").strip().lower()
        if not name:
            session = self.sessions.in_channel(inv.channel_id)
            name = session.record.game if session else (next(iter(engines)) if len(engines) == 1 else "")
        if not name:
            raise Refusal(f"Which game? {usage} — games: {', '.join(sorted(engines))}.")
        engine = engines.get(name)
        if engine is None:
            raise Refusal(f"Unknown game '{quote(name)}'. Games: {', '.join(sorted(engines))}.")
        return engine

    def session(self, channel_id: str) -> Session:
        session = self.sessions.in_channel(channel_id)
        if session is None:
            raise Refusal("There is no game in this channel; open one with /game new.")
        return session

    def playable(self, channel_id: str) -> Session:
        """The channel's session, unless the start-up check refused it or it has ended."""
        session = self.session(channel_id)
        if session.broken is not None:
            raise Refusal(session.broken)
        if session.over:
            raise Refusal(f"The game of {session.engine.title} here has ended; /game new opens another.")
        return session

    def lobby(self, channel_id: str) -> Session:
        session = self.playable(channel_id)
        if session.state is not None:
            raise Refusal(f"The game of {session.engine.title} is already running here.")
        return session

    def running(self, channel_id: str) -> Session:
        session = self.playable(channel_id)
        if session.state is None:
            raise Refusal("The game has not started yet; /game start when enough seats are taken.")
        return session

    def readable(self, channel_id: str) -> Session:
        """A running game, or the last one played here (a finished game stays readable)."""
        session = self.session(channel_id)
        if session.broken is not None:
            raise Refusal(session.broken)
        if session.state is None:
            raise Refusal("The game has not started yet; /game start when enough seats are taken.")
        return session


def ephemeral_target(inv: Invocation) -> Target:
    return Target(TargetKind.EPHEMERAL, channel_id=inv.channel_id, user_id=inv.user_id)


def ephemeral(inv: Invocation, text: str) -> Output:
    return Output(ephemeral_target(inv), text)


def error(inv: Invocation, message: str) -> Output:
    from bot.service.hygiene import clip_message

    return ephemeral(inv, clip_message(message))
