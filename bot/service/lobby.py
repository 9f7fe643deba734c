"""Opening a table, taking and leaving seats, starting and aborting a game."""

from __future__ import annotations

from bot.service import components
from bot.service.core import Core, Refusal
from bot.service.hygiene import ascii_int, quote
from bot.service.messages import Invocation, Output, Target
from bot.service.options import OptionsError, format_options, parse_options_text
from bot.service.presentation import Seating, waiting_line
from bot.service.replay import derive_seed
from bot.service.session import Session
from bot.service.store import GameRecord


class Lobby:
    def __init__(self, core: Core) -> None:
        self.core = core

    async def new(self, inv: Invocation) -> list[Output]:
        core = self.core
        name = inv.options.get("game", "").strip().lower()
        engine = core.engines.get(name)
        if engine is None:
            known = ", ".join(sorted(core.engines))
            raise Refusal(f"Unknown game '{quote(name)}'. Games: {known}." if name else f"Name a game: {known}.")
        existing = core.sessions.in_channel(inv.channel_id)
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
        now = core.now()
        game_id = await core.store.create_game(inv.channel_id, engine.name, stored, inv.user_id, inv.user_name, now)
        record = GameRecord(game_id, inv.channel_id, engine.name, stored, None, inv.user_id, inv.user_name,
                            "lobby", 0, None)
        core.sessions.add(Session(record, engine, options, labels))
        shown = f" ({format_options(raw)})" if raw else ""
        text = (f"{inv.user_name} opened a table of {engine.title}{shown}. Seats: {', '.join(labels)}. "
                "Take one with /game join [seat]; /game start when every seat is taken.")
        return [Output(Target.channel(inv.channel_id), text, buttons=components.lobby_buttons(game_id, full=False))]

    async def join(self, inv: Invocation, session: Session | None = None) -> list[Output]:
        session = session or self.core.lobby(inv.channel_id)
        if session.state is not None:
            raise Refusal(f"The game of {session.engine.title} is already running here.")
        mine = session.seat_of(inv.user_id)
        if mine is not None:
            raise Refusal(f"You already sit at seat {session.labels[mine]}; /game leave first to change seats.")
        wanted = inv.options.get("seat", "").strip().lower()
        if wanted:
            seat = seat_by_name(session.labels, wanted)
            if seat is None:
                raise Refusal(f"No seat '{quote(wanted)}'; seats are {', '.join(session.labels)}.")
            if seat in session.record.seats:
                raise Refusal(f"Seat {session.labels[seat]} is taken by {session.record.seats[seat][1]}.")
        else:
            free = session.free_seats()
            if not free:
                raise Refusal("The table is full.")
            seat = free[0]
        await self.core.store.take_seat(session.game_id, seat, inv.user_id, inv.user_name)
        session.record.seats[seat] = (inv.user_id, inv.user_name)
        free = session.free_seats()
        taken = len(session.labels) - len(free)
        text = f"{inv.user_name} joins as {session.labels[seat]} ({taken}/{len(session.labels)})."
        text += " The table is full: /game start." if not free else f" Open seats: {', '.join(session.labels[s] for s in free)}."
        buttons = components.lobby_buttons(session.game_id, full=not free)
        return [Output(Target.channel(session.channel_id), text, buttons=buttons)]

    async def leave(self, inv: Invocation) -> list[Output]:
        session = self.core.playable(inv.channel_id)
        seat = session.seat_of(inv.user_id)
        if seat is None:
            raise Refusal("You are not seated at this game.")
        if session.state is not None:
            # A running game has no substitute players: leaving would strand everyone else.
            raise Refusal("The game is running and cannot be left; its creator or a moderator can /game abort it.")
        await self.core.store.leave_seat(session.game_id, inv.user_id)
        del session.record.seats[seat]
        text = f"{inv.user_name} leaves the {session.labels[seat]} seat."
        return [Output(Target.channel(inv.channel_id), text, buttons=components.lobby_buttons(session.game_id, full=False))]

    async def start(self, inv: Invocation, session: Session | None = None) -> list[Output]:
        core = self.core
        session = session or core.lobby(inv.channel_id)
        if session.state is not None:
            raise Refusal(f"The game of {session.engine.title} is already running here.")
        if inv.user_id != session.record.creator_id and session.seat_of(inv.user_id) is None:
            raise Refusal("Only the game's creator or a seated player can start it.")
        free = session.free_seats()
        if free:
            raise Refusal(f"The table is not full yet: waiting for {', '.join(session.labels[s] for s in free)}.")
        record = session.record
        explicit = record.options.get("seed")
        seed = int(explicit) if explicit is not None else derive_seed(core.seed_source, record.channel_id, record.id)
        state = session.engine.new_game(seed, session.options)
        await core.store.start_game(record.id, seed, session.engine.dump(state), core.now())
        record.seed, record.status, record.version, record.step = seed, "running", 0, 0
        session.state = state
        remember_views(session)
        seating = Seating.of(session)
        players = " vs ".join(seating.who(s) for s in range(len(session.labels)))
        text = f"{session.engine.title} begins: {players}.\n{waiting_line(session.engine, state, seating)}"
        outputs = [await core.presenter.board(session, text)]
        for seat in range(len(session.labels)):
            outputs.append(await core.presenter.screen(session, seat, Target.dm(record.seats[seat][0]), []))
        return outputs

    async def abort(self, inv: Invocation) -> list[Output]:
        core = self.core
        session = core.session(inv.channel_id)
        if inv.user_id != session.record.creator_id and not inv.can_manage_channel:
            raise Refusal(f"Only the creator ({session.record.creator_name}) or a member with Manage Channels "
                          "can abort this game.")
        await core.store.set_status(session.game_id, "aborted", core.now())
        core.sessions.remove(session)
        return [Output(Target.channel(inv.channel_id), f"{inv.user_name} aborted the game of {session.engine.title}.")]


def remember_views(session: Session) -> None:
    """Keep the views this state shows, to tell after the next action what changed for whom."""
    from bot.service.presentation import private_dumps, public_dump

    public = public_dump(session.engine, session.state)
    session.public_dump = public
    session.private_dumps = private_dumps(session.engine, session.state, len(session.labels), public)


def seat_by_name(labels: tuple[str, ...], wanted: str) -> int | None:
    number = ascii_int(wanted)
    if number is not None:
        return number - 1 if 1 <= number <= len(labels) else None
    for seat, label in enumerate(labels):
        if label.lower() == wanted:
            return seat
    return None
