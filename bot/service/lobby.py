"""Opening a table, taking and leaving seats before the start, starting and aborting a game.

``/game new`` takes the server's defaults (``/gm settings``) for what it is not told, may open the
game in a thread of its own (``thread:true``, or the server's default), and lets the server's feed
follow the new game (see ``bot.service.server``)."""

from __future__ import annotations

import os

from bot.service import clocks, components
from bot.service.core import Core, Refusal
from bot.service.hygiene import ascii_int, quote
from bot.service.messages import Invocation, Output, Target
from bot.service.options import OptionsError, format_options, parse_options_text
from bot.service.presentation import Seating, channel_mention, user_mention, waiting_line
from bot.service.records import GameRecord, SeatHolder
from bot.service.replay import derive_seed
from bot.service.server import Server
from bot.service.session import AI_NAME, Session
from bot.service.settings import SettingsError, parse_settings


class Lobby:
    def __init__(self, core: Core, driver, server: Server | None = None) -> None:
        self.core = core
        self.driver = driver
        self.server = server if server is not None else Server(core)

    async def new(self, inv: Invocation) -> list[Output]:
        core = self.core
        name = inv.options.get("game", "").strip().lower()
        engine = core.engines.get(name)
        if engine is None:
            known = ", ".join(sorted(core.engines))
            raise Refusal(f"Unknown game '{quote(name)}'. Games: {known}." if name else f"Name a game: {known}.")
        server = self.server.of(inv.guild_id)
        if not server.allows(engine.name):
            enabled = ", ".join(core.engines[g].title for g in server.games or () if g in core.engines) or "none"
            raise Refusal(f"{engine.title} is not enabled on this server (games here: {enabled}; /gm settings games:).")
        thread = self.server.wants_thread(inv)
        if not thread:
            self._check_free(inv.channel_id)
        try:
            raw, seed = parse_options_text(inv.options.get("options"))
        except OptionsError as err:
            raise Refusal(str(err)) from err
        options = engine.parse_options(raw)
        plan = engine.seat_plan(options)
        try:
            settings = parse_settings(self.server.game_settings(inv), plan.maximum)
        except SettingsError as err:
            raise Refusal(str(err)) from err
        if "pace" in engine.option_help() and "pace" not in raw:
            # An engine with a ``pace`` option learns the table's (its defaults may follow it, e.g. how
            # long a reaction may wait); it is stored with the options, so a replay reads the same.
            raw = dict(raw, pace=settings.pace)
            options = engine.parse_options(raw)
        if settings.bots and not plan.bots:
            raise Refusal(f"{engine.title} has no AI players.")
        channel = inv.channel_id
        if thread:  # everything is checked: only now is a thread opened (asked in a thread: that one)
            channel = await self.server.open_thread(inv.channel_id, f"{engine.title} — {inv.user_name}")
            self._check_free(channel)
        stored = dict(raw, seed=str(seed)) if seed is not None else raw
        now = core.now()
        game_id = await core.store.create_game(
            channel, engine.name, stored, inv.user_id, inv.user_name, now, guild_id=inv.guild_id,
            settings=settings.model_dump(mode="json"), rules_version=engine.rules_version)
        record = GameRecord(game_id, channel, engine.name, stored, None, inv.user_id, inv.user_name,
                            "lobby", 0, None, guild_id=inv.guild_id, settings=settings.model_dump(mode="json"),
                            rules_version=engine.rules_version)
        session = Session(record, engine, options, plan.labels, plan=plan, settings=settings)
        core.sessions.add(session)
        # AI seats take the last seats, leaving the first ones to people.
        for seat in list(range(len(plan.labels)))[::-1][: settings.bots][::-1]:
            await core.store.take_seat(game_id, seat, 0, AI_NAME, kind="bot")
            record.seats[seat] = SeatHolder(0, AI_NAME, "bot")
        shown = f" ({format_options(raw)})" if raw else ""
        count = f"{plan.minimum}" if plan.minimum == plan.maximum else f"{plan.minimum} to {plan.maximum}"
        bots = f" AI plays {', '.join(session.labels[s] for s in sorted(record.seats))}." if record.seats else ""
        text = (f"{inv.user_name} opened a table of {engine.title}{shown}: {settings.describe()}. "
                f"Seats: {', '.join(plan.labels)} ({count} play).{bots} "
                "Take one with /game join [seat]; /game start when enough seats are taken.")
        mentions: tuple[int, ...] = ()
        if channel != inv.channel_id:  # a new thread: its creator is named in it (on Discord, that adds them)
            text = user_mention(session, inv.user_id, inv.user_name) + text.removeprefix(inv.user_name)
            mentions = (inv.user_id,)
        outputs = [Output(Target.channel(channel), text, mentions=mentions,
                          buttons=components.lobby_buttons(game_id, can_join=True, can_start=False))]
        if channel != inv.channel_id:
            outputs.append(Output(Target.channel(inv.channel_id),
                                  f"{inv.user_name} opened a table of {engine.title}{shown} in "
                                  f"{channel_mention(channel)}: join it there."))
        return outputs + await self.server.game_opened(session, inv)

    def _check_free(self, channel_id: str) -> None:
        existing = self.core.sessions.in_channel(channel_id)
        if existing is not None and not existing.over:
            where = "in its lobby" if existing.state is None else "running"
            raise Refusal(f"A game of {existing.engine.title} is already {where} here; /game abort it first.")

    async def join(self, inv: Invocation, session: Session | None = None) -> list[Output]:
        session = session or self.core.lobby(inv.channel_id)
        if session.state is not None or session.over:
            raise Refusal(f"The game of {session.engine.title} is already running here.")
        mine = session.seats_of(inv.user_id)
        assert session.plan is not None
        if mine and not session.plan.shared:
            raise Refusal(f"You already sit at seat {session.labels[mine[0]]}; /game leave first to change seats.")
        wanted = inv.options.get("seat", "").strip().lower()
        if wanted:
            seat = seat_by_name(session.labels, wanted)
            if seat is None:
                raise Refusal(f"No seat '{quote(wanted)}'; seats are {', '.join(session.labels)}.")
            if seat in session.seats:
                raise Refusal(f"Seat {session.labels[seat]} is taken by {session.seats[seat].name}.")
            if len(session.seats) >= session.plan.maximum:  # more labels than may play (POWERUP: 16 for 6)
                raise Refusal("The table is full.")
            same = session.plan.alike_taken(session.labels[seat], [session.labels[s] for s in session.seats])
            if same is not None:
                raise Refusal(f"{session.labels[seat]} and {same} are one role, and {same} is taken; "
                              "choose another.")
        else:
            free = session.free_seats()
            if not free:
                raise Refusal("The table is full.")
            # a person already on a team is given that team's first free seat
            seat = next((s for s in free if team_clash(session, mine, [s]) is None), free[0])
        clash = team_clash(session, mine, [seat])
        if clash:
            raise Refusal(f"You play {clash[0]} for {clash[1]}; a second seat must be on the same team.")
        await self.core.store.take_seat(session.game_id, seat, inv.user_id, inv.user_name)
        session.seats[seat] = SeatHolder(inv.user_id, inv.user_name)
        return [self._lobby_line(session, f"{inv.user_name} joins as {session.labels[seat]}")]

    def _lobby_line(self, session: Session, said: str) -> Output:
        plan = session.plan
        assert plan is not None
        free = session.free_seats()
        taken = len(session.seats)
        ready = plan.problem(sorted(session.seats)) is None
        text = f"{said} ({taken}/{plan.maximum})."
        if not free:
            text += " The table is full: /game start."
        else:
            text += f" Open seats: {', '.join(session.labels[s] for s in free)}."
            if ready:
                text += " Enough to play: /game start."
        buttons = components.lobby_buttons(session.game_id, can_join=bool(free), can_start=ready)
        return Output(Target.channel(session.channel_id), text, buttons=buttons)

    async def leave_lobby(self, inv: Invocation, session: Session) -> list[Output]:
        seats = session.seats_of(inv.user_id)
        for seat in seats:
            await self.core.store.leave_seat(session.game_id, seat)
            del session.seats[seat]
        labels = ", ".join(session.labels[s] for s in seats)
        return [self._lobby_line(session, f"{inv.user_name} leaves the {labels} seat{'s' if len(seats) > 1 else ''}")]

    async def start(self, inv: Invocation, session: Session | None = None) -> list[Output]:
        core = self.core
        session = session or core.lobby(inv.channel_id)
        if session.state is not None or session.over:
            raise Refusal(f"The game of {session.engine.title} is already running here.")
        if inv.user_id != session.record.creator_id and not session.seats_of(inv.user_id):
            raise Refusal("Only the game's creator or a seated player can start it.")
        plan = session.plan
        assert plan is not None
        taken = sorted(session.seats)
        if not any(session.seats[s].is_person for s in taken):
            raise Refusal("At least one person must play: take a seat with /game join first.")
        for _, holder in sorted(session.seats.items()):  # a lobby seated before the team rule held
            held = session.seats_of(holder.user_id) if holder.is_person else []
            if len({team_of(session, s) for s in held}) > 1:
                raise Refusal(f"{holder.name} holds seats of two teams ({', '.join(session.labels[s] for s in held)}); "
                              "one person's seats must all be on one team: /game leave, then join one team.")
        problem = plan.problem(taken)
        if problem:
            free = ", ".join(session.labels[s] for s in session.free_seats())
            raise Refusal(f"The table cannot start yet: {problem}. Open seats: {free}.")
        record = session.record
        labels = tuple(plan.labels[s] for s in taken)
        holders = {new: session.seats[old] for new, old in enumerate(taken)}  # seats 0.. in plan order
        explicit = record.options.get("seed")
        seed = int(explicit) if explicit is not None else derive_seed(core.seed_source, record.channel_id, record.id)
        state = session.engine.new_game(seed, session.options, labels)
        # The started game's own labels: a game of interchangeable seats may number them afresh
        # (robots 1 and 7 taken play as robot 1 and robot 2), and every later line uses those.
        labels = tuple(session.engine.seat_labels(state))
        clock = clocks.initial(len(labels), session.settings)
        await core.store.start_game(record.id, seed, session.engine.dump(state), core.now(), labels=labels,
                                    seats=holders, clock=clock)
        record.seed, record.status, record.version, record.step = seed, "running", 0, 0
        record.seats.clear()
        record.seats.update(holders)
        record.labels = labels
        record.clock = clock
        session.labels = labels
        session.state = state
        # The first decisions begin now: their clocks start and their players are told.
        who = [Seating.of(session).who(s) for s in range(len(labels))]
        together = session.engine.seat_plan(session.options).cooperative
        return await self.driver.begin(session, f"{session.engine.title} begins: "
                                       + (", ".join(who) + " together" if together else " vs ".join(who)) + ".")

    async def abort(self, inv: Invocation) -> list[Output]:
        core = self.core
        session = core.session(inv.channel_id)
        if session.over:
            raise Refusal(f"The game of {session.engine.title} here has already ended.")
        if inv.user_id != session.record.creator_id and not inv.can_manage_channel:
            raise Refusal(f"Only the creator ({session.record.creator_name}) or a member with Manage Channels "
                          "can abort this game.")
        await end_game(core, session, "aborted")
        return [Output(Target.channel(inv.channel_id), f"{inv.user_name} aborted the game of {session.engine.title}.")]


async def end_game(core: Core, session: Session, status: str) -> None:
    """Close a game that has no outcome (aborted, or ended by a vote or an empty seat). A running
    one stays readable in its channel until a new game opens there; a lobby just goes."""
    await core.store.finish(session.game_id, status, core.now())
    session.record.status, session.record.ended_at = status, core.now()
    if session.state is None:
        core.sessions.remove(session)
    core.on_clock_change(session)


def waiting(session: Session) -> str:
    return waiting_line(session.engine, session.state, Seating.of(session))


def team_of(session: Session, seat: int) -> int | None:
    """A seat's team in the plan (None: the plan has no teams). The plan's teams follow its labels: a
    started game's seats are found by their label."""
    plan = session.plan
    if plan is None or not plan.teams:
        return None
    label = session.labels[seat] if 0 <= seat < len(session.labels) else ""
    return plan.teams[plan.labels.index(label)] if label in plan.labels else None


def team_name(session: Session, team: int) -> str:
    """What a team is called: what its labels share ("RED-RAY", "RED-TOR" -> "RED"; "villain 1",
    "villain 2" -> "villain"), or its first label."""
    plan = session.plan
    assert plan is not None
    labels = [label for label, t in zip(plan.labels, plan.teams, strict=True) if t == team]
    shared = os.path.commonprefix(labels).rstrip(" -_·:") if len(labels) > 1 else ""
    return shared or (labels[0] if labels else f"team {team + 1}")


def team_clash(session: Session, held: list[int], taking: list[int]) -> tuple[str, str] | None:
    """The platform's rule for a plan with teams: a person may hold several seats of one team (where
    the plan lets one person hold several), never seats of two teams. When a person with ``held``
    seats taking ``taking`` would break it: the held seats of the other team and that team's name
    (``("RED-RAY", "RED")``); else None."""
    teams = {team for s in held if s not in taking and (team := team_of(session, s)) is not None}
    for seat in taking:
        team = team_of(session, seat)
        others = sorted(teams - {team}) if team is not None else []
        if others:
            mine = ", ".join(session.labels[s] for s in held if team_of(session, s) == others[0])
            return mine, team_name(session, others[0])
    return None


def seat_by_name(labels: tuple[str, ...], wanted: str) -> int | None:
    number = ascii_int(wanted)
    if number is not None:
        return number - 1 if 1 <= number <= len(labels) else None
    for seat, label in enumerate(labels):
        if label.lower() == wanted:
            return seat
    return None
