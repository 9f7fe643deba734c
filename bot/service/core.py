"""What every part of the service shares: the store, the open sessions, the presenter, the engines,
the clock, and the lookups that turn "no such game" into one line for the user."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.service.clock import Clock, iso
from bot.service.messages import Invocation, Output, Target, TargetKind
from bot.service.presentation import Presenter
from bot.service.session import Session, Sessions
from bot.service.store import Store
from rules.core.engine import Engine


class Refusal(Exception):
    """A request the service turns down; the message is the one line the user reads."""


@dataclass
class Core:
    store: Store
    engines: Mapping[str, Engine]
    clock: Clock
    seed_source: int
    presenter: Presenter
    sessions: Sessions = field(default_factory=Sessions)

    def now(self) -> str:
        return iso(self.clock.now())

    # -- lookups ---------------------------------------------------------------------------------

    def session(self, channel_id: str) -> Session:
        session = self.sessions.in_channel(channel_id)
        if session is None:
            raise Refusal("There is no game in this channel; open one with /game new.")
        return session

    def playable(self, channel_id: str) -> Session:
        """The channel's session, unless the start-up check refused it."""
        session = self.session(channel_id)
        if session.broken is not None:
            raise Refusal(session.broken)
        return session

    def lobby(self, channel_id: str) -> Session:
        session = self.playable(channel_id)
        if session.state is not None:
            raise Refusal(f"The game of {session.engine.title} is already running here.")
        return session

    def running(self, channel_id: str) -> Session:
        session = self.playable(channel_id)
        if session.state is None:
            raise Refusal("The game has not started yet; /game start when every seat is taken.")
        return session


def ephemeral_target(inv: Invocation) -> Target:
    return Target(TargetKind.EPHEMERAL, channel_id=inv.channel_id, user_id=inv.user_id)


def ephemeral(inv: Invocation, text: str) -> Output:
    return Output(ephemeral_target(inv), text)


def error(inv: Invocation, message: str) -> Output:
    from bot.service.hygiene import clip_message

    return ephemeral(inv, clip_message(message))
