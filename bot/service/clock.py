"""Time, injected: the service never reads the wall clock itself, so tests and the local table can
move time by hand (``VirtualClock.advance``) and every timer feature can be played from a script."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime:
        """The current time, timezone-aware (UTC)."""


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


class VirtualClock:
    """A clock that stands still until told to move."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 1, 1, tzinfo=UTC)

    def now(self) -> datetime:
        return self._now

    def advance(self, delta: timedelta) -> datetime:
        if delta < timedelta(0):
            raise ValueError("time only moves forward")
        self._now += delta
        return self._now


def iso(moment: datetime) -> str:
    """The form times are stored in: ISO 8601, UTC, milliseconds."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")
