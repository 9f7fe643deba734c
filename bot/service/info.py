"""Commands that show (and one that sets how you are told): status, board, hand, log, mine, notify,
help and the rules. A finished game stays readable in its channel until a new game opens there."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.quickref import load_quickref
from bot.service import clocks
from bot.service.core import NOTIFY_MODES, Core, Refusal, ephemeral, ephemeral_target
from bot.service.history import log_command
from bot.service.hygiene import quote
from bot.service.messages import Invocation, Output
from bot.service.options import format_options
from bot.service.presentation import Seating, channel_link, clock_line, waiting_line
from bot.service.session import Session
from bot.service.settings import format_duration
from bot.service.texts import MAX_MESSAGE, plural
from rules.core.engine import SYSTEM

# /game board posts in the channel for everyone; a person asking again and again would flood it.
BOARD_POST_PER_USER = timedelta(seconds=60)  # one public board per person per channel per minute
BOARD_POST_PER_CHANNEL = timedelta(seconds=10)  # and none within 10 s of the last one
LIMITED = "The board was posted here moments ago, so here it is just for you."
# /game help: one line per command, checked against the commands that exist (tests/discord/
# test_discord_help.py). It stays one message (MAX_MESSAGE) with the games and their options after
# it when they fit; they follow as a message of their own when not.
HELP = """\
**Game Master** runs one game per channel or thread; most answers only you see.
/game new game:<name> [options:"name=value …"] — open a table (`seed=N` fixes its luck). \
Also bots:N (AI seats), thread:true, pace:live|async, clock:"10m+30s"|off, \
timeout:skip|bot|vote (out of time), remind:"24h"|off, reminders:N
/game join [seat] — take a seat
/game leave — leave (once started, an AI takes over if the game allows)
/game start — begin (the creator or a seated player)
/game status — who plays, whose move it is
/game board — post the board again
/game hand — your screen and choices
/game log [page] [count] — the public moves, in pages
/game mine — your games here, those waiting on you first
/game notify [mode] — how you hear of your move: dm, mention, both, off
/game undo — take back your last step if nobody acted since
/game replace old new — give a player's seats to another (creator or Manage Channels)
/game kick player — players only: vote a player out
/game resume-seat — take your seat back from the AI
/game abort — end the game (creator or Manage Channels)
/game list — this server's games
/game replay — a GIF of this game so far, or of the last one here
/game reveal — once a game is over, every hidden screen
/game stats [user] — wins and losses here
/game leaderboard [game] — a game's best players here
/game follow game — copy a game's boards and results here (Manage Channels)
/game unfollow [game] — stop that (Manage Channels)
/gm settings — server defaults, feed, threads, games, DMs; changes need Manage Server
/play [action] [seat] — make your move; with no action, your choices
/rules [game] [topic] — a game's quick reference"""
NOTIFY_HELP = {
    "dm": "a direct message with your screen and choices",
    "mention": "a mention in the game's channel (your screen then by the My screen button)",
    "both": "a mention in the channel and a direct message",
    "off": "nothing (use /game mine and My screen)",
}


class Info:
    def __init__(self, core: Core) -> None:
        self.core = core
        self._board_posts: dict[tuple[str, int | None], datetime] = {}

    async def status(self, inv: Invocation) -> list[Output]:
        session = self.core.session(inv.channel_id)
        options = format_options({k: v for k, v in session.record.options.items() if k != "seed"})
        lines = [f"{session.engine.title}{f' ({options})' if options else ''}, created by {session.record.creator_name}; "
                 f"{session.settings.describe()}."]
        if session.broken is not None:
            return [ephemeral(inv, "\n".join([*lines, session.broken]))]
        seats = ", ".join(self._seat_text(session, s) for s in range(len(session.labels)))
        if session.state is None:
            lines.append(f"In the lobby. Seats: {seats}.")
        elif session.over:
            lines.append(f"Finished ({session.record.status}). Seats: {seats}.")
            outcome = session.record.outcome
            if outcome:
                lines.append(outcome["summary"])
        else:
            # Public steps only: the number of actions would count hidden moves too.
            lines.append(f"{session.engine.progress(session.state)}; {plural(session.step, 'public step')} so far.")
            lines.append(f"Seats: {seats}.")
            lines.append(waiting_line(session.engine, session.state, Seating.of(session)))
            times = clock_line(session, self.core.clock.now())
            if times:
                lines.append(times)
        return [ephemeral(inv, "\n".join(lines))]

    @staticmethod
    def _seat_text(session: Session, seat: int) -> str:
        holder = session.seats.get(seat)
        if holder is None:
            return f"{session.labels[seat]}: open"
        if holder.autopilot:
            return f"{session.who(seat)}, played by the AI for now"
        return session.who(seat)

    async def board(self, inv: Invocation) -> list[Output]:
        core = self.core
        session = core.readable(inv.channel_id)
        if session.over:
            summary = (session.record.outcome or {}).get("summary") or f"The game {session.record.status}."
            text = f"{session.engine.title}, final board. {summary}"
            output = await core.presenter.board(session, text, final=True)
        else:
            text = f"{session.engine.title} · {session.engine.progress(session.state)}.\n" + waiting_line(
                session.engine, session.state, Seating.of(session))
            output = await core.presenter.board(session, text)
        if self._limited(inv):
            return [Output(ephemeral_target(inv), f"{LIMITED}\n{output.text}", drawing=output.drawing,
                           image_name=output.image_name)]
        if not session.over:
            # The board posted again is the living board from now on: the next steps edit it.
            output = await core.presenter.board(session, text, slot=True, fresh=True)
            session.board_story, session.board_chapter = [], session.engine.chapter(session.state)
        return [output]

    def _limited(self, inv: Invocation) -> bool:
        """Has this person, or anybody, posted the board here too recently? Records a public post."""
        now = self.core.clock.now()
        mine, anyone = (inv.channel_id, inv.user_id), (inv.channel_id, None)
        last_mine, last_any = self._board_posts.get(mine), self._board_posts.get(anyone)
        if (last_mine is not None and now - last_mine < BOARD_POST_PER_USER) or (
            last_any is not None and now - last_any < BOARD_POST_PER_CHANNEL
        ):
            return True
        self._board_posts[mine] = self._board_posts[anyone] = now
        if len(self._board_posts) > 10_000:  # old entries are harmless; keep memory bounded
            self._board_posts.clear()
        return False

    async def hand(self, inv: Invocation) -> list[Output]:
        session = self.core.readable(inv.channel_id)
        seats = session.seats_of(inv.user_id)
        if not seats:
            raise Refusal("You are not seated at this game, so you have no screen.")
        pending = session.pending()
        waiting = [s for s in seats if s in pending]
        seat = (waiting or seats)[0]
        return [await self.core.presenter.screen(session, seat, ephemeral_target(inv), [])]

    async def log(self, inv: Invocation) -> list[Output]:
        """``/game log [page] [count]``: the public log in pages, privately (``bot.service.history``)."""
        return await log_command(self.core, inv)

    async def mine(self, inv: Invocation) -> list[Output]:
        """The caller's games in this server: those waiting on them first, oldest wait first."""
        now = self.core.clock.now()
        rows: list[tuple[int, float, str]] = []
        for session in self.core.sessions.open():
            if session.record.guild_id != inv.guild_id or not session.seats_of(inv.user_id):
                continue
            where = channel_link(session.record.guild_id, session.channel_id)
            if not session.running:
                rows.append((2, 0.0, f"{where}: {session.engine.title}, in the lobby"))
                continue
            pending = session.pending()
            mine = [s for s in session.seats_of(inv.user_id) if s in pending]
            progress = session.engine.progress(session.state)
            if mine:
                since = clocks.waiting_since(session.record.clock, mine[0])
                waited = (now - since).total_seconds() if since else 0.0
                rows.append((0, -waited, f"{where}: {session.engine.title}, {progress} — **your move** "
                                         f"({session.labels[mine[0]]}), waiting {format_duration(waited)}"))
            else:
                others = [session.who(s) for s in pending if s != SYSTEM]
                rows.append((1, 0.0, f"{where}: {session.engine.title}, {progress} — waiting for "
                                     f"{' and '.join(others) or 'nobody'}"))
        if not rows:
            return [ephemeral(inv, "You have no games in this server. /game new opens one.")]
        rows.sort(key=lambda row: (row[0], row[1]))
        waiting = sum(1 for row in rows if row[0] == 0)
        head = f"Your games here ({len(rows)}; {waiting} waiting on you):"
        return [ephemeral(inv, "\n".join([head, *(row[2] for row in rows)]))]

    async def notify(self, inv: Invocation) -> list[Output]:
        mode = inv.options.get("mode", "").strip().lower()
        current = self.core.notify_mode(inv.user_id, inv.guild_id)
        if not mode:
            return [ephemeral(inv, f"You are told of your moves by: {current} ({NOTIFY_HELP[current]}). "
                                   "Change it with /game notify mode:<dm|mention|both|off>.")]
        if mode not in NOTIFY_MODES:
            raise Refusal(f"mode is dm, mention, both or off, not '{quote(mode)}'.")
        await self.core.store.set_notify_mode(inv.user_id, inv.guild_id, mode)
        self.core.notify_modes[(inv.user_id, inv.guild_id)] = mode
        return [ephemeral(inv, f"From now on you are told of your moves in this server by: {mode} "
                               f"({NOTIFY_HELP[mode]}).")]

    async def help(self, inv: Invocation) -> list[Output]:
        """Every command in one message, then the games and their options: in the same message when
        they fit, else in their own (cut at line ends if they are longer still)."""
        engines = self.core.engines
        lines = ["Games: " + ", ".join(f"{e.title} ({n})" for n, e in sorted(engines.items())) + "."]
        for _, engine in sorted(engines.items()):
            opts = engine.option_help()
            if opts:
                lines.append(f"{engine.title} options: " + "; ".join(f"{k}: {v}" for k, v in opts.items()))
        games = "\n".join(lines)
        if len(HELP) + 1 + len(games) <= MAX_MESSAGE:
            return [ephemeral(inv, f"{HELP}\n{games}")]
        return [ephemeral(inv, HELP), ephemeral(inv, games)]

    async def rules(self, inv: Invocation) -> list[Output]:
        engine = self.core.engine_named(inv, "/rules game:<name>")
        ref = load_quickref(engine.name)
        if ref is None:
            raise Refusal(f"There is no quick reference for {engine.title} yet.")
        topic = inv.options.get("topic", "").strip()
        if not topic:
            text = f"**{engine.title}**\n{ref.intro}\nTopics: {', '.join(ref.topics())}."
            return [ephemeral(inv, text.strip())]
        found = ref.find(topic)
        if found is None:
            raise Refusal(f"No topic '{quote(topic)}' for {engine.title}; topics: {', '.join(ref.topics())}.")
        return [ephemeral(inv, f"**{engine.title} — {found[0]}**\n{found[1]}")]
