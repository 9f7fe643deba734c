"""What a finished game tells its table: the result and a summary to the channel and to every
player (once, whether a command, an AI seat or a time-out ended it), with a button that reveals
what was hidden to whoever asks."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from bot.service.components import ANY
from bot.service.core import Core
from bot.service.messages import Button, Output, Target, TargetKind
from bot.service.presentation import Seating, channel_mention, public_dump
from bot.service.records import GameRecord
from bot.service.replay_gif import REPLAY_NAME
from bot.service.session import Session
from bot.service.settings import format_duration
from bot.service.texts import plural

log = logging.getLogger(__name__)

REVEAL = "!reveal"  # every seat's final screen, once the game has ended


class Endings:
    def __init__(self, core: Core) -> None:
        self.core = core
        self._due: dict[int, Session] = {}  # games that just ended, their summary not yet sent
        self._announced: set[int] = set()

    def note(self, session: Session) -> None:
        """Called whenever a game's state or clocks change: a game that has just ended with an
        outcome gets its summary (sent with the outputs of its channel, see ``endings``)."""
        record = session.record
        if record.status == "over" and record.outcome and session.game_id not in self._announced:
            self._due[session.game_id] = session

    async def endings(self, channels: set[str | None]) -> list[Output]:
        """The summaries of games in ``channels`` that have just ended, each once."""
        outputs: list[Output] = []
        for game_id, session in list(self._due.items()):
            if session.channel_id not in channels:
                continue
            del self._due[game_id]
            if len(self._announced) > 100_000:
                self._announced.clear()
            self._announced.add(game_id)
            try:
                outputs += await self.summary(session)
            except Exception:  # the game is already over and recorded; a summary bug must not hide that
                log.exception("the summary of game %s failed", game_id)
        return outputs

    async def summary(self, session: Session) -> list[Output]:
        record, engine = session.record, session.engine
        outcome = record.outcome or {}
        seating = Seating.of(session)
        lines = [f"**{engine.title} — final result**"]
        lines += result_lines(outcome, seating)
        facts = []
        rounds = public_dump(engine, session.state).get("round") if session.state is not None else None
        if isinstance(rounds, int) and not isinstance(rounds, bool) and rounds > 0:
            facts.append(plural(rounds, "round"))
        facts.append(plural(record.step, "public step"))
        lasted = await self._duration(record)
        if lasted is not None:
            facts.append(f"played in {lasted}")
        lines.append(" · ".join(facts) + ".")
        lines.append("What was hidden stays hidden unless you ask: **Reveal hidden info** shows every seat's "
                     "final screen, only to you. /game replay shows the game again.")
        buttons = (Button("Reveal hidden info", REVEAL, session.game_id, ANY),)
        outputs = [Output(Target.channel(session.channel_id), "\n".join(lines), buttons=buttons)]
        told: set[int] = set()
        where = channel_mention(session.channel_id)
        for holder in (h for _, h in sorted(session.seats.items())):
            if not holder.is_person or holder.user_id in told:
                continue
            told.add(holder.user_id)
            mine = session.seats_of(holder.user_id)
            verdict = _verdict(outcome, mine)
            head = f"Your game of {engine.title} in {where} has ended: {verdict}"
            outputs.append(Output(
                Target(TargetKind.DM, channel_id=session.channel_id, user_id=holder.user_id),
                "\n".join([head, *lines[1:]]), buttons=buttons,
                dm_fallback="the game is over and its result is in the channel (I could not send it to you by DM)."))
        return outputs

    async def _duration(self, record: GameRecord) -> str | None:
        try:
            created, started, ended = await self.core.store.game_times(record.id)
        except KeyError:
            return None
        begin, end = _moment(started or created), _moment(record.ended_at or ended)
        if begin is None or end is None:
            return None
        return format_duration(max(0.0, (end - begin).total_seconds()))


def result_lines(outcome: Mapping[str, Any], seating: Seating) -> list[str]:
    """One line per seat, best rank first: name, score and whether they won."""
    winners = set(outcome.get("winners") or ())
    scores = list(outcome.get("scores") or ())
    ranks = list(outcome.get("ranks") or ())
    seats = range(len(seating.labels))

    def rank(seat: int) -> int:
        return ranks[seat] if seat < len(ranks) and ranks[seat] is not None else len(seating.labels)

    lines = []
    if outcome.get("result") in ("win", "loss"):
        lines.append("The table " + ("won together." if outcome["result"] == "win" else "lost together."))
    for seat in sorted(seats, key=lambda s: (rank(s), s)):
        parts = [f"{rank(seat)}. {seating.who(seat)}"]
        if seat < len(scores) and scores[seat] is not None:
            parts.append(plural_score(scores[seat]))
        if seat in winners:
            parts.append("winner")
        lines.append(" — ".join(parts))
    return lines


def plural_score(score: float) -> str:
    value = int(score) if float(score).is_integer() else round(float(score), 2)
    return f"{value} point{'' if value == 1 else 's'}"


def _verdict(outcome: Mapping[str, Any], seats: list[int]) -> str:
    winners = set(outcome.get("winners") or ())
    if outcome.get("result") == "win":
        return "you won, together."
    if outcome.get("result") == "loss":
        return "you lost, together."
    if any(s in winners for s in seats):
        return "you won!"
    ranks = list(outcome.get("ranks") or ())
    placed = [ranks[s] for s in seats if s < len(ranks) and ranks[s] is not None]
    return f"you finished {_ordinal(min(placed))}." if placed else "you did not win this time."


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _moment(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None


class AnnouncingOutbox:
    """The service's outbox with the summaries of games that ended in what is pushed (a time-out
    or an AI seat can end a game with nobody's command) appended, in the same batch."""

    def __init__(self, inner: Any, endings: Endings) -> None:
        self.inner = inner
        self.endings = endings

    async def push(self, outputs: list[Output]) -> None:
        # A replay posted when ready says nothing about a game's end (and may come between a game's
        # last step and the end of the command that made it, whose outputs the summary follows).
        channels = {o.target.channel_id for o in outputs
                    if o.target.kind is TargetKind.CHANNEL and o.image_name != REPLAY_NAME}
        await self.inner.push(outputs + await self.endings.endings(channels))
