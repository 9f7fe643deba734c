"""Deadlines: reminders, time-outs and rules' own timers, fired in order, once each.

Every running game's next deadline is on a heap, and so is a game owed more AI moves than one
settle plays (``Session.automatic_due``, due at once, behind what fell due before it). ``run_due(now)`` fires, game by game in the order
they fell due, everything due at ``now``, under the game's channel lock, and pushes what it says
through the outbox. A restarted service puts every game back on the heap from its stored clock, so
the deadlines that passed while it was down fire at once, each once, in order.

Time is injected: with the system clock ``run_forever`` sleeps until the next deadline (or until a
game's deadlines change); with a ``VirtualClock`` the tests and the local table move time by hand and
call ``run_due``.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
from collections.abc import Callable
from datetime import datetime

from bot.service import clocks
from bot.service.core import Core
from bot.service.driver import Driver
from bot.service.messages import Output, Target, TargetKind
from bot.service.presentation import channel_link, user_mention
from bot.service.seats import Seats
from bot.service.session import Session
from bot.service.settings import format_duration
from rules.core.engine import SYSTEM
from rules.core.errors import RulesError

log = logging.getLogger(__name__)


class Timekeeper:
    def __init__(self, core: Core, driver: Driver, seats: Seats, lock_for: Callable[[str], asyncio.Lock]) -> None:
        self.core = core
        self.driver = driver
        self.seats = seats
        self.lock_for = lock_for
        self._heap: list[tuple[datetime, int]] = []
        self._next: dict[int, datetime] = {}
        self._wake = asyncio.Event()
        self._stopped = False

    # -- the schedule ------------------------------------------------------------------------------

    def reschedule(self, session: Session) -> None:
        """Put the game's next deadline on the heap (older entries of the game are skipped later)."""
        due = clocks.next_due(session.record.clock) if session.running else None
        if session.running and session.automatic_due:
            # AI moves owed beyond a settle's bound: due now, behind whatever fell due before.
            now = self.core.clock.now()
            due = now if due is None else min(due, now)
        if due is None:
            self._next.pop(session.game_id, None)
            return
        if self._next.get(session.game_id) != due:
            self._next[session.game_id] = due
            heapq.heappush(self._heap, (due, session.game_id))
            self._wake.set()

    def earliest(self) -> datetime | None:
        while self._heap and self._next.get(self._heap[0][1]) != self._heap[0][0]:
            heapq.heappop(self._heap)  # stale: the game's deadline moved or went
        return self._heap[0][0] if self._heap else None

    async def run_due(self, now: datetime) -> int:
        """Fire every deadline at or before ``now``, in order; returns how many fired."""
        fired = 0
        while (due := self.earliest()) is not None and due <= now:
            _, game_id = heapq.heappop(self._heap)
            self._next.pop(game_id, None)
            session = self.core.sessions.by_game(game_id)
            if session is None or not session.running:
                continue
            async with self.lock_for(session.channel_id):
                try:
                    outputs, count = await self._fire(session, now)
                except Exception:
                    log.exception("deadline of game %s failed", game_id)
                    outputs, count = [], 0
            fired += count
            self.reschedule(session)
            await self.core.push(outputs)
        return fired

    async def run_forever(self) -> None:
        """Sleep until the next deadline (or a change), fire, repeat, until ``stop``. For the
        system clock. (``asyncio.timeout``, not ``wait_for``: Python 3.11's ``wait_for`` swallows a
        cancellation that arrives as its inner wait completes, and the loop would never end.)"""
        self._stopped = False
        while not self._stopped:
            try:
                now = self.core.clock.now()
                due = self.earliest()
                if due is not None and due <= now:
                    await self.run_due(now)
                    continue
                self._wake.clear()
                delay = (due - now).total_seconds() if due is not None else None
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(delay):
                        await self._wake.wait()
            except asyncio.CancelledError:
                raise
            except Exception:  # never let one bad deadline stop every timer
                log.exception("the timekeeper stumbled; going on in a second")
                await asyncio.sleep(1)

    def stop(self) -> None:
        self._stopped = True
        self._wake.set()

    # -- firing ------------------------------------------------------------------------------------

    async def _fire(self, session: Session, now: datetime) -> tuple[list[Output], int]:
        """Everything due for this game at ``now``, one at a time (each may change the next)."""
        outputs: list[Output] = []
        count = 0
        seen: set[tuple[int, str, str]] = set()
        if session.automatic_due:
            # The next bounded run of AI moves; this game is rescheduled after, behind the others.
            outputs += await self.driver.settle(session)
        while session.running and (items := clocks.due(session.record.clock, now)):
            when, seat, kind = items[0]
            entry = session.record.clock["seats"].get(str(seat), {})
            marker = (seat, kind, entry.get("key", ""))
            if marker in seen and kind != "reminder":
                # The same deadline again: what it should have done did not happen. Drop it.
                log.warning("game %s: %s of seat %s did not resolve; dropped", session.game_id, kind, seat)
                await self._set_clock(session, clocks.cleared(session.record.clock, seat, f"{_FIELD[kind]}"))
                continue
            seen.add(marker)
            count += 1
            outputs += await self._one(session, seat, kind, now)
        return outputs, count

    async def _one(self, session: Session, seat: int, kind: str, now: datetime) -> list[Output]:
        if kind == "reminder":
            return await self._remind(session, seat, now)
        decision = session.pending().get(seat)
        if decision is None:
            await self._set_clock(session, clocks.cleared(session.record.clock, seat, _FIELD[kind]))
            return []
        try:
            if seat == SYSTEM:
                return await self.driver.scripted(session)
            who = session.who(seat)
            if kind == "rule":
                return await self.driver.time_out(session, seat, f"Time is up for {who}.")
            policy = session.settings.timeout
            if policy == "vote":
                return await self.seats.timeout_vote(session, seat)
            if policy == "bot":
                await self.seats.autopilot(session, [seat], on=True)
                note = Output(Target.channel(session.channel_id),
                              f"{who} ran out of time: the AI plays {session.labels[seat]} until they "
                              "/game resume-seat.")
                return [note] + await self.seats._after_seat_change(session)
            return await self.driver.time_out(session, seat, f"{who} ran out of time: their move is skipped.")
        except RulesError:
            log.exception("game %s: the default action of seat %s was refused", session.game_id, seat)
            await self._set_clock(session, clocks.cleared(session.record.clock, seat, _FIELD[kind]))
            return []

    async def _remind(self, session: Session, seat: int, now: datetime) -> list[Output]:
        """Tell a player again that the game waits for them, the way they chose to be told."""
        core, record = self.core, session.record
        holder = session.seats.get(seat)
        await self._set_clock(session, clocks.reminded(record.clock, seat, session.settings, now))
        if holder is None or not holder.is_person or holder.autopilot:
            return []
        since = clocks.waiting_since(record.clock, seat)
        waited = format_duration((now - since).total_seconds()) if since else "a while"
        left = clocks.remaining(record.clock, seat, now)
        clock = f" {format_duration(left)} left on your clock." if left is not None and session.settings.clock else ""
        mode = core.notify_mode(holder.user_id, record.guild_id)
        outputs = []
        where = channel_link(record.guild_id, session.channel_id)
        if mode in ("mention", "both"):
            text = (f"{user_mention(session, holder.user_id, holder.name)}: {session.engine.title} has waited "
                    f"{waited} for your move ({session.labels[seat]}).{clock}")
            outputs.append(Output(Target.channel(session.channel_id), text, mentions=(holder.user_id,)))
        if mode in ("dm", "both"):
            text = (f"Reminder: {session.engine.title} in {where} has waited {waited} for your move as "
                    f"{session.labels[seat]}.{clock} /game hand there shows your choices.")
            outputs.append(Output(Target(TargetKind.DM, channel_id=session.channel_id, user_id=holder.user_id), text))
        return outputs

    async def _set_clock(self, session: Session, clock: dict) -> None:
        await self.core.store.set_clock(session.game_id, clock)
        session.record.clock = clock


_FIELD = {"rule": "rule_at", "timeout": "timeout_at", "reminder": "remind_at"}
