"""The transport-neutral session service: lobbies, turns, persistence and what each person sees.

A transport hands in an ``Invocation`` and delivers the ``Output``s it gets back. The service owns
one game per channel, checks who may do what, lets the engine judge actions, commits every
accepted action (log row + snapshot, one transaction) before answering, and decides where each
fact may go: public events and the board to the channel, private views and private event lines to
their owner only, refusals as one ephemeral line that changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel

from bot.quickref import load_quickref
from bot.service import components
from bot.service.messages import Button, Invocation, Output, Select, Target, TargetKind
from bot.service.options import OptionsError, format_options, parse_options_text
from bot.service.replay import derive_seed, replay
from bot.service.store import GameRecord, Store
from bot.service.texts import HELP, private_summary, split_text
from rules.core.engine import Engine, Event, Outcome
from rules.core.errors import RulesError

log = logging.getLogger(__name__)

DM_FALLBACK = "I could not send you a direct message: use /game hand to see your screen."
OUT_OF_DATE = "This board is out of date: the game has moved on. Nothing was changed."


class Refusal(Exception):
    """A request the service turns down; the message is the one line the user reads."""


@dataclass
class Session:
    """A lobby or running game held in memory; the database is the truth it is loaded from."""

    record: GameRecord
    engine: Engine
    options: BaseModel
    labels: tuple[str, ...]
    state: Any = None
    public_dump: dict[str, Any] | None = None
    private_dumps: dict[int, dict[str, Any]] = field(default_factory=dict)

    @property
    def channel_id(self) -> str:
        return self.record.channel_id

    @property
    def version(self) -> int:
        return self.record.version

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


class SessionService:
    def __init__(
        self,
        store: Store,
        engines: Mapping[str, Engine] | None = None,
        render: bool = True,
        seed: int | None = None,
        clock: Callable[[], str] | None = None,
    ) -> None:
        """``seed`` is the seed source: games started without an explicit seed derive theirs from
        it (and the channel and game id), so a run with a fixed source reproduces exactly."""
        self.store = store
        self._engines = dict(engines) if engines is not None else None
        self.render_images = render
        self.seed_source = seed if seed is not None else secrets.randbits(62)
        self._clock = clock or (lambda: datetime.now(UTC).isoformat(timespec="milliseconds"))
        self.sessions: dict[str, Session] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._handlers: dict[str, Callable[[Invocation], Awaitable[list[Output]]]] = {
            "game new": self._game_new,
            "game join": self._game_join,
            "game leave": self._game_leave,
            "game start": self._game_start,
            "game status": self._game_status,
            "game board": self._game_board,
            "game hand": self._game_hand,
            "game log": self._game_log,
            "game abort": self._game_abort,
            "game help": self._game_help,
            "rules": self._rules,
            "play": self._play,
        }

    @classmethod
    def from_settings(cls, settings: Any) -> SessionService:
        """The service ``gamemaster run`` uses: the SQLite file named by ``settings.database_path``."""
        return cls(Store(settings.database_path))

    @property
    def engines(self) -> dict[str, Engine]:
        if self._engines is None:
            from rules.registry import engines

            self._engines = engines()
        return self._engines

    # -- life cycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        """Apply migrations and resume every lobby and running game from the database."""
        await self.store.open()
        for record in await self.store.open_games():
            engine = self.engines.get(record.game)
            if engine is None:
                log.warning("game %s in channel %s uses unknown engine %r; left as is",
                            record.id, record.channel_id, record.game)
                continue
            options = engine.parse_options({k: v for k, v in record.options.items() if k != "seed"})
            session = Session(record, engine, options, engine.seat_labels(options))
            if record.status == "running":
                assert record.snapshot is not None
                session.state = engine.load(record.snapshot)
                self._remember_views(session)
            self.sessions[record.channel_id] = session
        log.info("session service started with %d open games", len(self.sessions))

    async def close(self) -> None:
        await self.store.close()

    def session(self, channel_id: str) -> Session | None:
        return self.sessions.get(channel_id)

    async def verify_snapshot(self, channel_id: str) -> bool:
        """Does the stored snapshot equal a replay of the seed and the action log?"""
        session = self._session(channel_id)
        record = await self.store.game(session.record.id)
        actions = await self.store.actions(record.id)
        assert record.seed is not None and record.snapshot is not None
        replayed = replay(session.engine, record.seed, session.options, [(a.seat, a.notation) for a in actions])
        return _normal(session.engine.dump(replayed)) == _normal(record.snapshot)

    # -- entry points ----------------------------------------------------------------------------

    async def handle(self, inv: Invocation) -> list[Output]:
        command = " ".join(inv.command.lower().lstrip("/").split())
        handler = self._handlers.get(command)
        if handler is None:
            return [self._error(inv, f"Unknown command /{command}; try /game help.")]
        inv = self._route_click(command, inv)
        lock = self._locks.setdefault(inv.channel_id, asyncio.Lock())
        async with lock:
            try:
                outputs = await handler(inv)
            except Refusal as refusal:
                return [self._error(inv, str(refusal))]
            except RulesError as err:
                return [self._error(inv, err.message)]
        return [piece for out in outputs for piece in _split(out)]

    def _route_click(self, command: str, inv: Invocation) -> Invocation:
        """A click from a channel without a game (a button in the player's DM) belongs to the
        clicker's game, when they sit in exactly one; the version check still applies there."""
        if command != "play" or "version" not in inv.options or inv.channel_id in self.sessions:
            return inv
        mine = [s.channel_id for s in self.sessions.values()
                if s.state is not None and s.seat_of(inv.user_id) is not None]
        if len(mine) != 1:
            return inv
        return Invocation(inv.user_id, inv.user_name, mine[0], inv.command, inv.options, inv.can_manage_channel)

    async def autocomplete(
        self, channel_id: str, user_id: int, command: str, option: str, typed: str
    ) -> list[tuple[str, str]]:
        """Up to 25 (label, value) suggestions for an option being typed; never raises."""
        command = " ".join(command.lower().lstrip("/").split())
        try:
            choices = self._suggestions(channel_id, user_id, command, option, typed)
        except Exception:
            log.exception("autocomplete failed for %s %s", command, option)
            return []
        return [(label[:100], value[:100]) for label, value in choices][:25]

    def _suggestions(
        self, channel_id: str, user_id: int, command: str, option: str, typed: str
    ) -> list[tuple[str, str]]:
        session = self.sessions.get(channel_id)
        if command == "play" and option == "action":
            if session is None or session.state is None:
                return []
            seat = session.seat_of(user_id)
            if seat is None:
                return []
            return [(n, n) for n in _filter(self._notations(session, seat), typed)]
        if command == "game new" and option == "game":
            names = {f"{e.title} ({name})": name for name, e in sorted(self.engines.items())}
            return [(label, name) for label, name in names.items() if _matches(label, typed)]
        if command == "game new" and option == "options":
            return self._option_suggestions(typed)
        if command == "game join" and option == "seat":
            if session is None or session.state is not None:
                return []
            labels = [session.labels[s] for s in session.free_seats()]
            return [(label, label) for label in _filter(labels, typed)]
        if command == "rules" and option == "game":
            return [(f"{e.title} ({name})", name) for name, e in sorted(self.engines.items())
                    if _matches(f"{e.title} {name}", typed)]
        if command == "rules" and option == "topic":
            games = [session.record.game] if session else sorted(self.engines)
            topics = []
            for game in games:
                ref = load_quickref(game)
                topics += ref.topics() if ref else []
            return [(t, t) for t in _filter(topics, typed)]
        return []

    def _option_suggestions(self, typed: str) -> list[tuple[str, str]]:
        """Complete the last ``name=value`` pair of the options string from the engines' help."""
        head, _, last = typed.rpartition(" ")
        prefix = f"{head} " if head else ""
        name, eq, value = last.partition("=")
        out: list[tuple[str, str]] = []
        for engine in self.engines.values():
            for opt, helptext in engine.option_help().items():
                if not eq and opt.startswith(name.lower()):
                    out.append((f"{opt}= — {helptext}", f"{prefix}{opt}="))
                elif eq and opt == name.lower():
                    for allowed in _allowed_values(helptext):
                        if allowed.startswith(value.lower()):
                            out.append((f"{opt}={allowed} — {helptext}", f"{prefix}{opt}={allowed}"))
        return list(dict.fromkeys(out))

    # -- lobby -----------------------------------------------------------------------------------

    async def _game_new(self, inv: Invocation) -> list[Output]:
        name = inv.options.get("game", "").strip().lower()
        engine = self.engines.get(name)
        if engine is None:
            known = ", ".join(sorted(self.engines))
            raise Refusal(f"Unknown game '{name[:40]}'. Games: {known}." if name else f"Name a game: {known}.")
        existing = self.sessions.get(inv.channel_id)
        if existing is not None:
            where = "in its lobby" if existing.state is None else "running"
            raise Refusal(f"A game of {existing.engine.title} is already {where} here; /game abort it first.")
        try:
            raw, seed = parse_options_text(inv.options.get("options"))
        except OptionsError as err:
            raise Refusal(str(err)) from err
        options = engine.parse_options(raw)
        labels = engine.seat_labels(options)
        stored = dict(raw, seed=str(seed)) if seed is not None else raw
        game_id = await self.store.create_game(inv.channel_id, engine.name, stored, inv.user_id, inv.user_name, self._now())
        record = GameRecord(game_id, inv.channel_id, engine.name, stored, None, inv.user_id, inv.user_name, "lobby", 0, None)
        self.sessions[inv.channel_id] = Session(record, engine, options, labels)
        shown = f" ({format_options(raw)})" if raw else ""
        text = (f"{inv.user_name} opened a table of {engine.title}{shown}. Seats: {', '.join(labels)}. "
                "Take one with /game join [seat]; /game start when every seat is taken.")
        return [Output(Target.channel(inv.channel_id), text, buttons=components.lobby_buttons(0, full=False))]

    async def _game_join(self, inv: Invocation) -> list[Output]:
        session = self._lobby(inv.channel_id)
        mine = session.seat_of(inv.user_id)
        if mine is not None:
            raise Refusal(f"You already sit at seat {session.labels[mine]}; /game leave first to change seats.")
        wanted = inv.options.get("seat", "").strip().lower()
        if wanted:
            seat = _seat_by_name(session.labels, wanted)
            if seat is None:
                raise Refusal(f"No seat '{wanted[:40]}'; seats are {', '.join(session.labels)}.")
            if seat in session.record.seats:
                raise Refusal(f"Seat {session.labels[seat]} is taken by {session.record.seats[seat][1]}.")
        else:
            free = session.free_seats()
            if not free:
                raise Refusal("The table is full.")
            seat = free[0]
        await self.store.take_seat(session.record.id, seat, inv.user_id, inv.user_name)
        session.record.seats[seat] = (inv.user_id, inv.user_name)
        free = session.free_seats()
        taken = len(session.labels) - len(free)
        text = f"{inv.user_name} joins as {session.labels[seat]} ({taken}/{len(session.labels)})."
        text += " The table is full: /game start." if not free else f" Open seats: {', '.join(session.labels[s] for s in free)}."
        return [Output(Target.channel(inv.channel_id), text, buttons=components.lobby_buttons(0, full=not free))]

    async def _game_leave(self, inv: Invocation) -> list[Output]:
        session = self._session(inv.channel_id)
        seat = session.seat_of(inv.user_id)
        if seat is None:
            raise Refusal("You are not seated at this game.")
        if session.state is not None:
            # A running game has no substitute players: leaving would strand everyone else.
            raise Refusal("The game is running and cannot be left; its creator or a moderator can /game abort it.")
        await self.store.leave_seat(session.record.id, inv.user_id)
        del session.record.seats[seat]
        text = f"{inv.user_name} leaves the {session.labels[seat]} seat."
        return [Output(Target.channel(inv.channel_id), text, buttons=components.lobby_buttons(0, full=False))]

    async def _game_start(self, inv: Invocation) -> list[Output]:
        session = self._lobby(inv.channel_id)
        if inv.user_id != session.record.creator_id and session.seat_of(inv.user_id) is None:
            raise Refusal("Only the game's creator or a seated player can start it.")
        free = session.free_seats()
        if free:
            raise Refusal(f"The table is not full yet: waiting for {', '.join(session.labels[s] for s in free)}.")
        record = session.record
        explicit = record.options.get("seed")
        seed = int(explicit) if explicit is not None else derive_seed(self.seed_source, record.channel_id, record.id)
        state = session.engine.new_game(seed, session.options)
        await self.store.start_game(record.id, seed, session.engine.dump(state), self._now())
        record.seed, record.status, record.version = seed, "running", 0
        session.state = state
        self._remember_views(session)
        players = " vs ".join(session.who(s) for s in range(len(session.labels)))
        text = f"{session.engine.title} begins: {players}.\n{self._waiting(session)}"
        outputs = [await self._board_output(session, text)]
        for seat in range(len(session.labels)):
            outputs.append(await self._screen_output(session, seat, Target.dm(record.seats[seat][0]), []))
        return outputs

    async def _game_abort(self, inv: Invocation) -> list[Output]:
        session = self._session(inv.channel_id)
        if inv.user_id != session.record.creator_id and not inv.can_manage_channel:
            raise Refusal(f"Only the creator ({session.record.creator_name}) or a member with Manage Channels "
                          "can abort this game.")
        await self.store.set_status(session.record.id, "aborted", self._now())
        del self.sessions[inv.channel_id]
        return [Output(Target.channel(inv.channel_id), f"{inv.user_name} aborted the game of {session.engine.title}.")]

    # -- information -----------------------------------------------------------------------------

    async def _game_status(self, inv: Invocation) -> list[Output]:
        session = self._session(inv.channel_id)
        seats = ", ".join(session.who(s) if s in session.record.seats else f"{session.labels[s]}: open"
                          for s in range(len(session.labels)))
        options = format_options({k: v for k, v in session.record.options.items() if k != "seed"})
        lines = [f"{session.engine.title}{f' ({options})' if options else ''}, created by {session.record.creator_name}."]
        if session.state is None:
            lines.append(f"In the lobby. Seats: {seats}.")
        else:
            done = f"{session.version} action{'' if session.version == 1 else 's'}"
            lines.append(f"Running, {done} so far. Seats: {seats}.")
            lines.append(self._waiting(session))
        return [self._ephemeral(inv, "\n".join(lines))]

    async def _game_board(self, inv: Invocation) -> list[Output]:
        session = self._running(inv.channel_id)
        text = f"{session.engine.title}, after {session.version} actions.\n{self._waiting(session)}"
        return [await self._board_output(session, text)]

    async def _game_hand(self, inv: Invocation) -> list[Output]:
        session = self._running(inv.channel_id)
        seat = session.seat_of(inv.user_id)
        if seat is None:
            raise Refusal("You are not seated at this game, so you have no screen.")
        return [await self._screen_output(session, seat, self._ephemeral_target(inv), [])]

    async def _game_log(self, inv: Invocation) -> list[Output]:
        session = self._running(inv.channel_id)
        text = inv.options.get("count", "10").strip()
        if not text.isdigit() or not 1 <= int(text) <= 50:
            raise Refusal("count is a number from 1 to 50.")
        entries = await self.store.recent_public_log(session.record.id, int(text))
        if not entries:
            return [self._ephemeral(inv, "Nothing has happened yet.")]
        return [self._ephemeral(inv, "\n".join(f"#{seq}: {line}" for seq, t in entries for line in t.split("\n")))]

    async def _game_help(self, inv: Invocation) -> list[Output]:
        lines = [HELP, "Games: " + ", ".join(f"{e.title} ({n})" for n, e in sorted(self.engines.items())) + "."]
        for _, engine in sorted(self.engines.items()):
            opts = engine.option_help()
            if opts:
                lines.append(f"{engine.title} options: " + "; ".join(f"{k}: {v}" for k, v in opts.items()))
        return [self._ephemeral(inv, "\n".join(lines))]

    async def _rules(self, inv: Invocation) -> list[Output]:
        name = inv.options.get("game", "").strip().lower()
        session = self.sessions.get(inv.channel_id)
        if not name:
            name = session.record.game if session else (next(iter(self.engines)) if len(self.engines) == 1 else "")
        if not name:
            raise Refusal(f"Which game? /rules game:<name> — games: {', '.join(sorted(self.engines))}.")
        engine = self.engines.get(name)
        if engine is None:
            raise Refusal(f"Unknown game '{name[:40]}'. Games: {', '.join(sorted(self.engines))}.")
        ref = load_quickref(engine.name)
        if ref is None:
            raise Refusal(f"There is no quick reference for {engine.title} yet.")
        topic = inv.options.get("topic", "").strip()
        if not topic:
            text = f"**{engine.title}**\n{ref.intro}\nTopics: {', '.join(ref.topics())}."
            return [self._ephemeral(inv, text.strip())]
        found = ref.find(topic)
        if found is None:
            raise Refusal(f"No topic '{topic[:40]}' for {engine.title}; topics: {', '.join(ref.topics())}.")
        return [self._ephemeral(inv, f"**{engine.title} — {found[0]}**\n{found[1]}")]

    # -- play ------------------------------------------------------------------------------------

    async def _play(self, inv: Invocation) -> list[Output]:
        action = inv.options.get("action", "").strip()
        version = inv.options.get("version")
        if action == components.HAND:
            return await self._game_hand(inv)
        if action == components.JOIN:
            return await self._game_join(Invocation(inv.user_id, inv.user_name, inv.channel_id, "game join"))
        if action == components.START:
            return await self._game_start(inv)
        session = self._running(inv.channel_id)
        seat = session.seat_of(inv.user_id)
        if version is not None and version.strip() != str(session.version):
            return [self._out_of_date(inv, session, seat)]
        if not action or action == components.CHOICES:
            return [self._choices(inv, session, seat)]
        if seat is None:
            raise Refusal("You are not seated at this game; only its players can act.")
        if seat not in session.engine.to_act(session.state):
            raise Refusal(f"It is not your turn. {self._waiting(session)}")
        engine = session.engine
        parsed = engine.parse(session.state, seat, action)
        state, events = engine.apply(session.state, seat, parsed)
        notation = engine.format(parsed)
        outcome = engine.outcome(state)
        public_text = "\n".join(e.text for e in events if e.text)
        seq = session.version + 1
        await self.store.record_action(session.record.id, seq, seat, inv.user_id, notation, public_text,
                                       engine.dump(state), "over" if outcome else "running", self._now())
        # Committed: only now does memory move on.
        before_public, before_private = session.public_dump, dict(session.private_dumps)
        before_choices = {s: self._notations(session, s) for s in range(len(session.labels))}
        session.state, session.record.version = state, seq
        self._remember_views(session)
        if outcome is not None:
            session.record.status = "over"
            del self.sessions[inv.channel_id]
        return await self._after_action(inv, session, seat, notation, events, outcome,
                                        before_public, before_private, before_choices)

    async def _after_action(
        self,
        inv: Invocation,
        session: Session,
        seat: int,
        notation: str,
        events: list[Event],
        outcome: Outcome | None,
        before_public: dict[str, Any] | None,
        before_private: dict[int, dict[str, Any]],
        before_choices: dict[int, list[str]],
    ) -> list[Output]:
        outputs = [self._ephemeral(inv, f"Done: {notation}")]
        if outcome is not None:
            winners = " and ".join(session.who(w) for w in outcome.winners) or "nobody"
            lines = [f"{session.who(seat)}:", *(e.text for e in events if e.text),
                     f"**Game over.** Winner: {winners}.", outcome.summary]
            outputs.append(await self._board_output(session, "\n".join(lines), final=True))
        elif session.public_dump != before_public:
            lines = [f"{session.who(seat)}:", *(e.text for e in events if e.text)]
            if len(lines) == 1:
                lines[0] += " acted."
            lines.append(self._waiting(session))
            outputs.append(await self._board_output(session, "\n".join(lines)))
        for s in range(len(session.labels)):
            private_lines = [e.private[s] for e in events if s in e.private]
            changed = (session.private_dumps.get(s) != before_private.get(s)
                       or self._notations(session, s) != before_choices.get(s))
            if changed or private_lines:
                target = Target(TargetKind.DM, channel_id=session.channel_id, user_id=session.record.seats[s][0])
                outputs.append(await self._screen_output(session, s, target, private_lines))
        return outputs

    def _choices(self, inv: Invocation, session: Session, seat: int | None) -> Output:
        notations = self._notations(session, seat) if seat is not None else []
        if not notations:
            return self._ephemeral(inv, self._waiting(session))
        buttons, select = components.choice_components(notations, session.version)
        text = f"Your choices ({len(notations)}):\n" + "\n".join(notations)
        return Output(self._ephemeral_target(inv), text, buttons=buttons, select=select)

    def _out_of_date(self, inv: Invocation, session: Session, seat: int | None) -> Output:
        notations = self._notations(session, seat) if seat is not None else []
        buttons, select = components.choice_components(notations, session.version)
        text = OUT_OF_DATE + (" Your current choices are below." if notations else f" {self._waiting(session)}")
        return Output(self._ephemeral_target(inv), text, buttons=buttons, select=select)

    # -- building outputs ------------------------------------------------------------------------

    async def _board_output(self, session: Session, text: str, final: bool = False) -> Output:
        view = session.engine.public_view(session.state)
        image = await self._render("render_public", session.engine.name, view, _names(session))
        buttons: tuple[Button, ...] = () if final else components.board_buttons(session.version)
        return Output(Target.channel(session.channel_id), text, image=image, image_name="board.png", buttons=buttons)

    async def _screen_output(self, session: Session, seat: int, target: Target, private_lines: list[str]) -> Output:
        """A player's screen: their private event lines, their private view and their choices."""
        if target.channel_id is None:
            target = Target(target.kind, channel_id=session.channel_id, user_id=target.user_id)
        view = session.engine.private_view(session.state, seat)
        lines = [f"{session.engine.title} in {_channel_mention(session.channel_id)} — your screen as {session.labels[seat]}."]
        lines += private_lines
        lines += self._describe_private(session, view)
        notations = self._notations(session, seat)
        buttons: tuple[Button, ...] = ()
        select: Select | None = None
        if notations:
            lines.append(f"Your move: {len(notations)} choices — below, or /play in the channel.")
            buttons, select = components.choice_components(notations, session.version)
        elif session.state is not None and session.engine.outcome(session.state) is None:
            lines.append(self._waiting(session))
        image = await self._render("render_private", session.engine.name, view, _names(session))
        fallback = DM_FALLBACK if target.kind is TargetKind.DM else None
        return Output(target, "\n".join(lines), image=image, image_name="screen.png",
                      buttons=buttons, select=select, dm_fallback=fallback)

    def _describe_private(self, session: Session, view: BaseModel) -> list[str]:
        """The game's own wording of a private view when it has one, else a generic field list.
        Private text: it goes only to the seat's DM or ephemeral reply."""
        describe = _renderer("describe_private")
        if describe is not None:
            try:
                lines = describe(session.engine.name, view, _names(session))
            except Exception:
                log.exception("describing a private view of %s failed", session.engine.name)
                lines = None
            if lines:
                return list(lines)
        return private_summary(view.model_dump(mode="json"))

    async def _render(
        self, function: str, game: str, view: BaseModel, names: dict[int, str] | None = None
    ) -> bytes | None:
        if not self.render_images:
            return None
        draw = _renderer(function)
        if draw is None:
            return None
        try:
            return await asyncio.to_thread(draw, game, view, names)
        except Exception:
            # The action is already committed; a drawing bug must not lose the reply.
            log.exception("rendering %s for %s failed", function, game)
            return None

    def _remember_views(self, session: Session) -> None:
        engine, state = session.engine, session.state
        public = engine.public_view(state).model_dump(mode="json")
        session.public_dump = public
        session.private_dumps = {}
        for seat in range(len(session.labels)):
            private = engine.private_view(state, seat).model_dump(mode="json")
            # The public part of a private view reaches the player through the channel board.
            if private.get("public") == public:
                private = {k: v for k, v in private.items() if k != "public"}
            session.private_dumps[seat] = private

    def _notations(self, session: Session, seat: int) -> list[str]:
        if session.state is None:
            return []
        engine = session.engine
        return [engine.format(a) for a in engine.legal_actions(session.state, seat)]

    def _waiting(self, session: Session) -> str:
        seats = session.engine.to_act(session.state)
        if not seats:
            return "Nobody is asked to act."
        return "Waiting for " + " and ".join(session.who(s) for s in seats) + "."

    # -- lookups and small helpers ---------------------------------------------------------------

    def _session(self, channel_id: str) -> Session:
        session = self.sessions.get(channel_id)
        if session is None:
            raise Refusal("There is no game in this channel; open one with /game new.")
        return session

    def _lobby(self, channel_id: str) -> Session:
        session = self._session(channel_id)
        if session.state is not None:
            raise Refusal(f"The game of {session.engine.title} is already running here.")
        return session

    def _running(self, channel_id: str) -> Session:
        session = self._session(channel_id)
        if session.state is None:
            raise Refusal("The game has not started yet; /game start when every seat is taken.")
        return session

    def _ephemeral_target(self, inv: Invocation) -> Target:
        return Target(TargetKind.EPHEMERAL, channel_id=inv.channel_id, user_id=inv.user_id)

    def _ephemeral(self, inv: Invocation, text: str) -> Output:
        return Output(self._ephemeral_target(inv), text)

    def _error(self, inv: Invocation, message: str) -> Output:
        return self._ephemeral(inv, " ".join(message.split()))

    def _now(self) -> str:
        return self._clock()


def _names(session: Session) -> dict[int, str]:
    """Seat -> display name, drawn next to the roles on the images (the channel sees them anyway)."""
    return {seat: name for seat, (_, name) in session.record.seats.items()}


def _renderer(function: str) -> Callable[..., Any] | None:
    try:
        import render
    except ImportError:
        log.warning("the render package is not importable; boards are sent without images")
        return None
    draw = getattr(render, function, None)
    if draw is None:
        log.warning("render.%s is missing (is another 'render' shadowing the package?)", function)
    return draw


def _channel_mention(channel_id: str) -> str:
    """Discord turns ``<#id>`` into a link to the channel; the local table names its channels."""
    return f"<#{channel_id}>" if channel_id.isdigit() else f"#{channel_id}"


def _split(out: Output) -> list[Output]:
    pieces = split_text(out.text)
    if len(pieces) == 1:
        return [out]
    first = Output(out.target, pieces[0], image=out.image, image_name=out.image_name, dm_fallback=out.dm_fallback)
    middle = [Output(out.target, p) for p in pieces[1:-1]]
    last = Output(out.target, pieces[-1], buttons=out.buttons, select=out.select)
    return [first, *middle, last]


def _seat_by_name(labels: tuple[str, ...], wanted: str) -> int | None:
    if wanted.isdigit() and 1 <= int(wanted) <= len(labels):
        return int(wanted) - 1
    for seat, label in enumerate(labels):
        if label.lower() == wanted:
            return seat
    return None


def _matches(text: str, typed: str) -> bool:
    return typed.strip().lower() in text.lower()


def _filter(items: list[str], typed: str) -> list[str]:
    """Items containing what was typed, those starting with it first, in their own order."""
    typed = typed.strip().lower()
    starts = [i for i in items if i.lower().startswith(typed)]
    contains = [i for i in items if typed in i.lower() and not i.lower().startswith(typed)]
    return (starts + contains)[:25]


def _allowed_values(helptext: str) -> list[str]:
    """Values an option's help lists as ``a|b|c``."""
    found: list[str] = []
    for group in re.findall(r"[\w-]+(?:\|[\w-]+)+", helptext):
        found += group.split("|")
    return list(dict.fromkeys(found))


def _normal(data: Any) -> Any:
    return json.loads(json.dumps(data, sort_keys=True))
