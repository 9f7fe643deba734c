"""Seat clocks and deadlines, as plain data kept in the game row (``games.clock_json``).

Pure functions, no I/O: the driver calls ``advance`` after every action and stores the result in
the same transaction as the action, so a restarted bot finds every deadline where it was.

    {"seats": {"0": {"bank": 900.0,                 # seconds left, as of "since" when deciding
                     "key": "r3.roll",              # the decision it is in, if any
                     "since": "2026-…Z",            # when that decision began
                     "timeout_at": "…", "rule_at": "…", "remind_at": "…",   # absolute deadlines
                     "reminders": 1,                # reminders sent for this decision
                     "notified": "r3.roll"}},       # the last decision its player was told of
     "votes": {...}}                                # see bot.service.votes

A seat's bank runs while it has a decision (several run at once in a simultaneous phase); when the
decision ends its time is taken off and the increment added (Fischer's clock). A decision with a
rule's own ``time_limit`` gets that deadline too, whatever the game's clock. AI seats have no clock.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from bot.service.clock import iso
from bot.service.settings import GameSettings
from rules.core.engine import SYSTEM, Decision

DEADLINES = ("rule_at", "timeout_at", "remind_at")  # when two fall due together: in this order
KIND_OF = {"rule_at": "rule", "timeout_at": "timeout", "remind_at": "reminder"}


def parse_time(text: str) -> datetime:
    return datetime.fromisoformat(text)


def initial(seats: int, settings: GameSettings) -> dict[str, Any]:
    bank = float(settings.clock.bank) if settings.clock else 0.0
    return {"seats": {str(seat): {"bank": bank} for seat in range(seats)}, "votes": {}}


def advance(
    clock: Mapping[str, Any], settings: GameSettings, decisions: Mapping[int, Decision], ai_seats: set[int],
    now: datetime,
) -> tuple[dict[str, Any], list[int]]:
    """The clock after an action: decisions that ended are charged, new ones begin. Returns the new
    clock and the seats whose decision began now (to be told)."""
    new = copy.deepcopy(dict(clock)) or {"seats": {}, "votes": {}}
    seats = new.setdefault("seats", {})
    began: list[int] = []
    _pause(seats, decisions.get(SYSTEM), now)
    for seat in sorted({int(s) for s in seats if int(s) != SYSTEM} | {s for s in decisions if s != SYSTEM}):
        entry = seats.setdefault(str(seat), {"bank": float(settings.clock.bank) if settings.clock else 0.0})
        decision = decisions.get(seat) if seat not in ai_seats else None
        key = entry.get("key")
        if key is not None and (decision is None or decision.key != key):
            if entry.get("rule_at") is not None:
                # What was left of a rule's timer when the decision ended (a decision's ``measure``).
                left = (parse_time(entry["rule_at"]) - now).total_seconds()
                new["rule_left"] = max(0, int(left))
            _end(entry, settings, now)
        if decision is not None and entry.get("key") != decision.key:
            _begin(entry, decision, settings, now)
            began.append(seat)
    return new, began


def _pause(seats: dict[str, Any], decision: Decision | None, now: datetime) -> None:
    """The scripted side's pause (a ``SYSTEM`` decision with a ``time_limit``): its step is due that
    long after it was asked. A new pause begins when none is running: from now, or, when the last one
    fell due and was played, from when it fell due, so steps keep their rhythm and a clock that jumped
    (a restart, the table's ``wait``) catches up on every step that fell within the jump. The entry's
    ``key`` is its deadline, so each step is a deadline of its own for the timekeeper."""
    key = str(SYSTEM)
    if decision is None or decision.time_limit is None:
        seats.pop(key, None)
        return
    running = seats.get(key, {}).get("rule_at")
    if running is not None and parse_time(running) > now:
        return
    start = parse_time(running) if running is not None else now
    when = iso(start + timedelta(seconds=decision.time_limit))
    seats[key] = {"bank": 0.0, "rule_at": when, "key": when}


def _end(entry: dict[str, Any], settings: GameSettings, now: datetime) -> None:
    if settings.clock is not None:
        spent = (now - parse_time(entry["since"])).total_seconds()
        entry["bank"] = max(0.0, entry["bank"] - spent) + settings.clock.increment
    for name in ("key", "since", "reminders", *DEADLINES):
        entry.pop(name, None)


def _begin(entry: dict[str, Any], decision: Decision, settings: GameSettings, now: datetime) -> None:
    entry["key"] = decision.key
    entry["since"] = iso(now)
    entry["reminders"] = 0
    if settings.clock is not None:
        entry["timeout_at"] = iso(now + timedelta(seconds=entry["bank"]))
    if decision.time_limit is not None:
        entry["rule_at"] = iso(now + timedelta(seconds=decision.time_limit))
    if settings.remind and settings.reminders:
        entry["remind_at"] = iso(now + timedelta(seconds=settings.remind))


def due(clock: Mapping[str, Any], now: datetime) -> list[tuple[datetime, int, str]]:
    """Every deadline at or before ``now``: (when, seat, "rule" | "timeout" | "reminder"), in order."""
    found = []
    for seat, entry in clock.get("seats", {}).items():
        for rank, name in enumerate(DEADLINES):
            when = entry.get(name)
            if when is not None and parse_time(when) <= now:
                found.append((parse_time(when), rank, int(seat), KIND_OF[name]))
    found.sort()
    return [(when, seat, kind) for when, _, seat, kind in found]


def next_due(clock: Mapping[str, Any]) -> datetime | None:
    times = [parse_time(entry[name]) for entry in clock.get("seats", {}).values() for name in DEADLINES
             if entry.get(name) is not None]
    times += [parse_time(v["due"]) for v in clock.get("votes", {}).values() if v.get("due")]
    return min(times) if times else None


def reminded(clock: Mapping[str, Any], seat: int, settings: GameSettings, now: datetime) -> dict[str, Any]:
    """After a reminder: count it, and set the next one (none past the limit)."""
    new = copy.deepcopy(dict(clock))
    entry = new["seats"][str(seat)]
    entry["reminders"] = entry.get("reminders", 0) + 1
    if settings.remind and entry["reminders"] < settings.reminders:
        entry["remind_at"] = iso(now + timedelta(seconds=settings.remind))
    else:
        entry.pop("remind_at", None)
    return new


def cleared(clock: Mapping[str, Any], seat: int, *names: str) -> dict[str, Any]:
    """Without some deadlines of a seat (a time-out handed to a vote must not fire again)."""
    new = copy.deepcopy(dict(clock))
    for name in names:
        new["seats"].get(str(seat), {}).pop(name, None)
    return new


def notified(clock: Mapping[str, Any], seats: Mapping[int, str]) -> dict[str, Any]:
    """Record that each seat's player was told of the decision with this key (never twice)."""
    new = copy.deepcopy(dict(clock))
    for seat, key in seats.items():
        new["seats"].setdefault(str(seat), {"bank": 0.0})["notified"] = key
    return new


def was_notified(clock: Mapping[str, Any], seat: int, key: str) -> bool:
    return clock.get("seats", {}).get(str(seat), {}).get("notified") == key


def remaining(clock: Mapping[str, Any], seat: int, now: datetime) -> float | None:
    """Seconds left on a seat's clock now (its bank, less the running decision's time)."""
    entry = clock.get("seats", {}).get(str(seat))
    if entry is None:
        return None
    if entry.get("since") is None:
        return entry["bank"]
    return max(0.0, entry["bank"] - (now - parse_time(entry["since"])).total_seconds())


def waiting_since(clock: Mapping[str, Any], seat: int) -> datetime | None:
    entry = clock.get("seats", {}).get(str(seat), {})
    return parse_time(entry["since"]) if entry.get("since") else None
