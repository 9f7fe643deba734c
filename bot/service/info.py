"""Commands that show and change nothing: status, board, hand, log, help and the rules."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.quickref import load_quickref
from bot.service.core import Core, Refusal, ephemeral, ephemeral_target
from bot.service.hygiene import ascii_int, quote
from bot.service.messages import Invocation, Output
from bot.service.options import format_options
from bot.service.presentation import Seating, waiting_line
from bot.service.texts import HELP

# /game board posts in the channel for everyone; a person asking again and again would flood it.
BOARD_POST_PER_USER = timedelta(seconds=60)  # one public board per person per channel per minute
BOARD_POST_PER_CHANNEL = timedelta(seconds=10)  # and none within 10 s of the last one
LIMITED = "The board was posted here moments ago, so here it is just for you."


class Info:
    def __init__(self, core: Core) -> None:
        self.core = core
        self._board_posts: dict[tuple[str, int | None], datetime] = {}

    async def status(self, inv: Invocation) -> list[Output]:
        session = self.core.session(inv.channel_id)
        seats = ", ".join(session.who(s) if s in session.record.seats else f"{session.labels[s]}: open"
                          for s in range(len(session.labels)))
        options = format_options({k: v for k, v in session.record.options.items() if k != "seed"})
        lines = [f"{session.engine.title}{f' ({options})' if options else ''}, created by {session.record.creator_name}."]
        if session.broken is not None:
            lines.append(session.broken)
        elif session.state is None:
            lines.append(f"In the lobby. Seats: {seats}.")
        else:
            # Public steps only: the number of actions would count hidden moves too.
            done = f"{session.step} public step{'' if session.step == 1 else 's'}"
            lines.append(f"Running, {done} so far. Seats: {seats}.")
            lines.append(waiting_line(session.engine, session.state, Seating.of(session)))
        return [ephemeral(inv, "\n".join(lines))]

    async def board(self, inv: Invocation) -> list[Output]:
        core = self.core
        session = core.running(inv.channel_id)
        text = (f"{session.engine.title}, after {session.step} public steps.\n"
                f"{waiting_line(session.engine, session.state, Seating.of(session))}")
        output = await core.presenter.board(session, text)
        if self._limited(inv):
            return [Output(ephemeral_target(inv), f"{LIMITED}\n{text}", image=output.image,
                           image_name=output.image_name)]
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
        session = self.core.running(inv.channel_id)
        seat = session.seat_of(inv.user_id)
        if seat is None:
            raise Refusal("You are not seated at this game, so you have no screen.")
        return [await self.core.presenter.screen(session, seat, ephemeral_target(inv), [])]

    async def log(self, inv: Invocation) -> list[Output]:
        session = self.core.running(inv.channel_id)
        count = ascii_int(inv.options.get("count", "10"))
        if count is None or not 1 <= count <= 50:
            raise Refusal("count is a number from 1 to 50.")
        entries = await self.core.store.recent_public_log(session.game_id, count)
        if not entries:
            return [ephemeral(inv, "Nothing has happened yet.")]
        return [ephemeral(inv, "\n".join(f"#{step}: {line}" for step, t in entries for line in t.split("\n")))]

    async def help(self, inv: Invocation) -> list[Output]:
        engines = self.core.engines
        lines = [HELP, "Games: " + ", ".join(f"{e.title} ({n})" for n, e in sorted(engines.items())) + "."]
        for _, engine in sorted(engines.items()):
            opts = engine.option_help()
            if opts:
                lines.append(f"{engine.title} options: " + "; ".join(f"{k}: {v}" for k, v in opts.items()))
        return [ephemeral(inv, "\n".join(lines))]

    async def rules(self, inv: Invocation) -> list[Output]:
        engines = self.core.engines
        name = inv.options.get("game", "").strip().lower()
        session = self.core.sessions.in_channel(inv.channel_id)
        if not name:
            name = session.record.game if session else (next(iter(engines)) if len(engines) == 1 else "")
        if not name:
            raise Refusal(f"Which game? /rules game:<name> — games: {', '.join(sorted(engines))}.")
        engine = engines.get(name)
        if engine is None:
            raise Refusal(f"Unknown game '{quote(name)}'. Games: {', '.join(sorted(engines))}.")
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
