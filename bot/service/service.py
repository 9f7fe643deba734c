"""The transport-neutral session service: one entry for commands, one for autocomplete, and an
outbox through which it speaks first (timers, AI seats, reminders).

A transport hands in an ``Invocation`` and delivers the ``Output``s it gets back; what the service
says on its own goes to the ``Outbox`` the transport attaches. The work is done by small parts, each
in its own module:

    lobby.Lobby          /game new, join, leave (before the start), start, abort
    seats.Seats          a running game's seats: leave, replace, kick (a vote), resume-seat, votes
    driver.Driver        /play, clicks, undo, AI and scripted seats, time-outs: check, apply, commit, tell
    timers.Timekeeper    reminders, time-outs and rules' timers, in order, once each
    info.Info            /game status, board, hand, log, mine, notify, help and /rules
    suggest.Suggestions  autocomplete
    server.Server        /gm settings, games in threads, feeds (/game follow, unfollow), DMs off
    presentation         board posts and screens (views in, texts and images out)
    startup              resuming saved games, each checked, repaired or refused on its own
    store.Store          SQLite: one transaction per accepted action, isolated per game

This module only routes: it cleans the input (``hygiene``), finds the game a click was made for,
takes that game's channel lock, and turns refusals into one ephemeral line that changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from datetime import timedelta
from typing import Any

from bot.service import components, drawing
from bot.service.clock import Clock, SystemClock, VirtualClock
from bot.service.core import Core, Outbox, Refusal, ephemeral, error
from bot.service.driver import GAME_GONE, Driver
from bot.service.endings import AnnouncingOutbox, Endings
from bot.service.history import History, is_history_click
from bot.service.hygiene import InputRefused, ascii_int, check_options, clean_name, quote
from bot.service.info import Info
from bot.service.lobby import Lobby
from bot.service.messages import Invocation, Output, Target
from bot.service.presentation import Presenter
from bot.service.replay import effective, replay
from bot.service.seats import VOTE, Seats
from bot.service.server import Server
from bot.service.session import Session, Sessions
from bot.service.startup import load_finished, resume_all
from bot.service.stats import Stats
from bot.service.store import Store
from bot.service.suggest import Suggestions
from bot.service.texts import split_text
from bot.service.timers import Timekeeper
from rules.core.engine import Engine
from rules.core.errors import RulesError

log = logging.getLogger(__name__)

Handler = Callable[[Invocation], Awaitable[list[Output]]]
READABLE = ("game status", "game board", "game hand", "game log")  # a finished game answers these


class SessionService:
    def __init__(
        self,
        store: Store,
        engines: Mapping[str, Engine] | None = None,
        render: bool = True,
        seed: int | None = None,
        clock: Clock | None = None,
        outbox: Outbox | None = None,
    ) -> None:
        """``seed`` is the seed source: games started without an explicit seed derive theirs from
        it (and the channel and game id), so a run with a fixed source reproduces exactly. ``clock``
        is the time the service lives in (a ``VirtualClock`` only moves when told to: ``advance``)."""
        if engines is None:
            from rules.registry import engines as registered

            engines = registered()
        clock = clock or SystemClock()
        self.core = Core(
            store=store,
            engines=dict(engines),
            clock=clock,
            seed_source=seed if seed is not None else secrets.randbits(62),
            presenter=Presenter(render, clock),
        )
        # What the service pushes also carries the summaries of games that ended meanwhile.
        self.history = History(self.core)
        self.endings = Endings(self.core)
        # Server settings, game threads and feeds (bot.service.server): pushed outputs get them too.
        self.server = Server(self.core)
        self.core.outbox = AnnouncingOutbox(self.server.outbox(outbox if outbox is not None else self.core.outbox),
                                            self.endings)
        self.stats = Stats(self.core)
        self._locks: dict[str, asyncio.Lock] = {}
        self.driver = Driver(self.core)
        self.lobby = Lobby(self.core, self.driver, self.server)
        self.seats = Seats(self.core, self.driver)
        self.timekeeper = Timekeeper(self.core, self.driver, self.seats, self._lock_for)
        self.core.on_clock_change = self._changed
        self.info = Info(self.core)
        self.suggestions = Suggestions(self.core, self.server)
        self._timer_task: asyncio.Task | None = None
        self._handlers: dict[str, Handler] = {
            "game new": self.lobby.new,
            "game join": self.lobby.join,
            "game leave": self._leave,
            "game start": self.lobby.start,
            "game status": self.info.status,
            "game board": self.info.board,
            "game hand": self.info.hand,
            "game log": self.info.log,
            "game abort": self.lobby.abort,
            "game help": self.info.help,
            "game mine": self.info.mine,
            "game notify": self.info.notify,
            "game undo": self._undo,
            "game replace": self._replace,
            "game kick": self._kick,
            "game resume-seat": self._resume,
            "game follow": self.server.follow,
            "game unfollow": self.server.unfollow,
            "gm settings": self.server.settings_command,
            "game list": self.history.list_games,
            "game replay": self.history.replay,
            "game reveal": self.history.reveal,
            "game stats": self.stats.stats,
            "game leaderboard": self.stats.leaderboard,
            "rules": self.info.rules,
            "play": self._play,
        }

    @classmethod
    def from_settings(cls, settings: Any) -> SessionService:
        """The service ``gamemaster run`` uses: the SQLite file named by ``settings.database_path``,
        its images drawn by ``settings.draw_processes`` workers."""
        drawing.configure(getattr(settings, "draw_processes", None))
        return cls(Store(settings.database_path))

    @property
    def store(self) -> Store:
        return self.core.store

    @property
    def engines(self) -> Mapping[str, Engine]:
        return self.core.engines

    @property
    def seed_source(self) -> int:
        return self.core.seed_source

    # -- life cycle ------------------------------------------------------------------------------

    async def start(self, run_timers: bool | None = None) -> None:
        """Apply migrations, resume every lobby and running game, tell the channels of games that
        could not be resumed, and fire the deadlines that passed while the service was down (once
        each, in order: in the background with ``run_timers``, else before returning).
        ``run_timers``: keep firing deadlines in the background (default: with the system clock; a
        virtual clock moves only through ``advance``)."""
        await self.core.store.open()
        if self.core.presenter.render_images:
            drawing.warm_up()  # the image workers start meanwhile
        await self.server.load()
        refused = await resume_all(self.core)
        for session in self.core.sessions.values():
            self.timekeeper.reschedule(session)
        await self.core.push([Output(Target.channel(s.channel_id), s.broken or "") for s in refused])
        # A kill may have come between a move and the AI or scripted moves that follow it.
        for session in self.core.sessions.open():
            if session.running:
                async with self._lock_for(session.channel_id):
                    outputs = await self.driver.settle(session)
                await self.core.push(outputs)
        if run_timers is None:
            run_timers = isinstance(self.core.clock, SystemClock)
        if run_timers:
            # The deadlines that passed while the bot was down fire first thing in the background,
            # in order, once each: the bot answers commands meanwhile (start-up stays fast however
            # many fell due; each fires under its game's lock like any command).
            self._timer_task = asyncio.create_task(self.timekeeper.run_forever(), name="gamemaster-timers")
        else:
            await self.timekeeper.run_due(self.core.clock.now())

    def attach(self, outbox: Outbox) -> None:
        """Where the service's own messages go from now on (the transport's delivery)."""
        self.core.outbox = AnnouncingOutbox(self.server.outbox(outbox), self.endings)

    def _changed(self, session: Session) -> None:
        """A game's state or clocks changed: reschedule its deadlines; a game that just ended gets
        its summary after the outputs of its channel."""
        self.timekeeper.reschedule(session)
        self.endings.note(session)

    async def advance(self, delta: timedelta) -> int:
        """Move a virtual clock on and fire what fell due meanwhile, in order; returns how many."""
        clock = self.core.clock
        if not isinstance(clock, VirtualClock):
            raise TypeError("only a VirtualClock can be moved by hand")
        clock.advance(delta)
        return await self.timekeeper.run_due(clock.now())

    async def close(self) -> None:
        if self._timer_task is not None:
            self.timekeeper.stop()
            self._timer_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._timer_task
            self._timer_task = None
        await self.history.close()  # replays still being drawn are dropped
        await self.core.store.close()

    def _lock_for(self, channel_id: str) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def session(self, channel_id: str) -> Session | None:
        """The channel's open game (lobby or running); None when it has none or it has ended."""
        session = self.core.sessions.in_channel(channel_id)
        return session if session is not None and not session.over else None

    @property
    def sessions(self) -> Sessions:
        return self.core.sessions

    async def verify_snapshot(self, channel_id: str) -> bool:
        """Does the stored snapshot equal a replay of the seed and the action log?"""
        session = self.core.session(channel_id)
        record = await self.store.game(session.game_id)
        actions = await self.store.actions(record.id)
        assert record.seed is not None and record.snapshot is not None
        log = effective([(a.seat, a.notation, a.undoes) for a in actions])
        replayed = replay(session.engine, record.seed, session.options, log, record.labels)
        return _normal(session.engine.dump(replayed)) == _normal(record.snapshot)

    # -- entry points ----------------------------------------------------------------------------

    async def handle(self, inv: Invocation) -> list[Output]:
        command = " ".join(inv.command.lower().lstrip("/").split())
        handler = self._handlers.get(command)
        if handler is None:
            return [error(inv, f"Unknown command /{quote(command)}; try /game help.")]
        try:
            inv = replace(inv, command=command, user_name=clean_name(inv.user_name),
                          options=check_options(inv.options))
            self.server.seen(inv.channel_id, inv.guild_id)
            if is_history_click(inv):
                # Older / Newer on a log page, Reveal under a summary: reads only, by game id,
                # whether that game runs, has ended or a new one has opened in its channel.
                outputs = await self.core.presenter.finish(await self.history.click(inv))
                return [piece for out in outputs for piece in _split(out)]
            if command == "play" and inv.request_id is not None:
                # Before routing: the request may have ended its game, and a new game may be open.
                done = await self.store.action_for_request(inv.request_id)
                if done is not None:
                    return [ephemeral(inv, f"Already done: {done.notation}")]
            channel = self._game_channel(inv)
        except (InputRefused, Refusal) as refusal:
            return [error(inv, str(refusal))]
        async with self._lock_for(channel):
            try:
                if command in READABLE and self.core.sessions.in_channel(channel) is None:
                    await load_finished(self.core, channel)
                outputs = await handler(replace(inv, channel_id=channel))
                outputs += await self._automatic_rest(channel)
                outputs += await self.endings.endings({channel})
            except Refusal as refusal:
                return [error(inv, str(refusal))]
            except RulesError as err:
                return [error(inv, err.message)]
        outputs = await self.core.presenter.finish(outputs)
        outputs = self.server.deliverable(outputs, inv)  # DMs off per server; copies for the feeds
        return [piece for out in outputs for piece in _split(out)]

    async def _automatic_rest(self, channel: str) -> list[Output]:
        """AI moves owed beyond a settle's bound. With timers running in the background they are
        the timekeeper's, in turn with every other game; without (a virtual clock: the tests and
        the local table) nobody else would play them, so they are played here."""
        if self._timer_task is not None:
            return []
        outputs: list[Output] = []
        session = self.core.sessions.in_channel(channel)
        while session is not None and session.automatic_due:
            outputs += await self.driver.settle(session)
        return outputs

    def _game_channel(self, inv: Invocation) -> str:
        """The channel whose game this invocation is for. A click names its game: that game's
        channel, wherever the click came from (a DM, an old message); a click for a game that is
        no longer open, or no longer the game of the channel it came from, is refused."""
        raw = inv.options.get(components.FOR_GAME) if inv.command == "play" else None
        if raw is None:
            return inv.channel_id
        game_id = ascii_int(raw)
        session = self.core.sessions.by_game(game_id) if game_id is not None else None
        if session is None or session.over:
            raise Refusal(GAME_GONE)
        return session.channel_id

    async def _play(self, inv: Invocation) -> list[Output]:
        action = inv.options.get("action", "").strip()
        session = self.core.session(inv.channel_id)
        if components.FOR_GAME in inv.options and str(session.game_id) != inv.options[components.FOR_GAME].strip():
            raise Refusal(GAME_GONE)
        if action == components.HAND:
            return await self.info.hand(inv)
        if action == components.JOIN:
            return await self.lobby.join(replace(inv, command="game join", options={}), session)
        if action == components.START:
            return await self.lobby.start(inv, session)
        if action.startswith(VOTE + " "):
            _, vote_id, choice = (action.split() + ["", ""])[:3]
            return await self.seats.cast(inv, self.core.running(inv.channel_id), vote_id, choice)
        return await self.driver.play(inv, session)

    async def _leave(self, inv: Invocation) -> list[Output]:
        session = self.core.playable(inv.channel_id)
        if not session.seats_of(inv.user_id):
            raise Refusal("You are not seated at this game.")
        if session.state is None:
            return await self.lobby.leave_lobby(inv, session)
        return await self.seats.leave(inv, session)

    async def _undo(self, inv: Invocation) -> list[Output]:
        return await self.driver.undo(inv, self.core.running(inv.channel_id))

    async def _replace(self, inv: Invocation) -> list[Output]:
        return await self.seats.replace(inv, self.core.running(inv.channel_id))

    async def _kick(self, inv: Invocation) -> list[Output]:
        return await self.seats.kick(inv, self.core.running(inv.channel_id))

    async def _resume(self, inv: Invocation) -> list[Output]:
        return await self.seats.resume(inv, self.core.running(inv.channel_id))

    async def autocomplete(
        self, channel_id: str, user_id: int, command: str, option: str, typed: str
    ) -> list[tuple[str, str]]:
        """Up to 25 (label, value) suggestions for an option being typed; never raises."""
        command = " ".join(command.lower().lstrip("/").split())
        return self.suggestions.suggest(channel_id, user_id, command, option, typed)

    def note_guild(self, channel_id: str, guild_id: str) -> None:
        """The server a channel belongs to, as the transport knows it (autocomplete is told only the
        channel; /game follow suggests the games of the same server)."""
        self.server.seen(channel_id, guild_id)


def _split(out: Output) -> list[Output]:
    pieces = split_text(out.text)
    if len(pieces) == 1:
        return [out]
    if out.slot is not None:
        # A living message stays one message (it is edited as one): its text is cut short instead.
        return [replace(out, text=pieces[0].rsplit("\n", 1)[0] + "\n… (the rest: /game hand or /game status)")]
    first = Output(out.target, pieces[0], image=out.image, image_name=out.image_name, dm_fallback=out.dm_fallback,
                   mentions=out.mentions)
    middle = [Output(out.target, p) for p in pieces[1:-1]]
    last = Output(out.target, pieces[-1], buttons=out.buttons, select=out.select)
    return [first, *middle, last]


def _normal(data: Any) -> Any:
    return json.loads(json.dumps(data, sort_keys=True))
