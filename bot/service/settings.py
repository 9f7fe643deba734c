"""The service's own settings of a game, chosen at `/game new` beside the game's options.

    /game new game:kaploom pace:async clock:"3d+12h" timeout:vote bots:1 remind:12h reminders:2

- ``pace``: ``live`` (default) or ``async`` (play by post over days): it sets the defaults below.
- ``clock``: a bank per player plus an increment added after each of their decisions
  (``10m+30s``, ``3d+12h``), or ``off``. Defaults: live ``15m+1m``, async ``3d+1d``.
- ``timeout``: what happens when a player's bank runs out: ``skip`` (their decision's default
  action is played; the default), ``bot`` (an AI plays their seat until ``/game resume-seat``) or
  ``vote`` (the other players vote: skip, hand the seat to an AI, or end the game).
- ``remind``: how long a decision may wait before its player is reminded (live ``2m``, async
  ``24h``; ``off``), ``reminders``: at most how many reminders per decision (default 3).
- ``bots``: how many seats AI players take at once (default 0).

Durations are written with d, h, m and s (``1h30m``). Everything here is validated into a frozen
model; a bad value is one line for the user.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from bot.service.hygiene import quote

SETTING_NAMES = ("pace", "clock", "timeout", "remind", "reminders", "bots")
_UNIT = {"d": 86_400, "h": 3_600, "m": 60, "s": 1}
_DURATION = re.compile(r"(?:[0-9]{1,6}[dhms])+")
_PART = re.compile(r"([0-9]{1,6})([dhms])")
MAX_BANK = 30 * 86_400
MAX_INCREMENT = 7 * 86_400
DEFAULTS = {
    "live": {"clock": "15m+1m", "remind": "2m"},
    "async": {"clock": "3d+1d", "remind": "24h"},
}


class SettingsError(ValueError):
    pass


class Clock(BaseModel):
    model_config = ConfigDict(frozen=True)
    bank: int  # seconds each player starts with
    increment: int  # seconds added after each of their decisions

    def text(self) -> str:
        return format_duration(self.bank) + (f"+{format_duration(self.increment)}" if self.increment else "")


class GameSettings(BaseModel):
    model_config = ConfigDict(frozen=True)
    pace: Literal["live", "async"] = "live"
    clock: Clock | None = Clock(bank=15 * 60, increment=60)
    timeout: Literal["skip", "bot", "vote"] = "skip"
    remind: int | None = 120  # seconds of waiting before a reminder
    reminders: int = 3
    bots: int = 0

    def describe(self) -> str:
        """One line for the lobby and /game status."""
        clock = f"clock {self.clock.text()} each, then {self.timeout}" if self.clock else "no clock"
        remind = (f"reminders after {format_duration(self.remind)} (up to {self.reminders})"
                  if self.remind and self.reminders else "no reminders")
        return f"{self.pace} play, {clock}, {remind}"


def parse_duration(text: str) -> int:
    """``"1h30m"`` -> 5400 seconds; SettingsError when it is not d/h/m/s parts."""
    cleaned = text.strip().lower().replace(" ", "")
    if not _DURATION.fullmatch(cleaned):
        raise SettingsError(f"'{quote(text)}' is not a duration; write it like 90s, 10m, 1h30m or 3d.")
    return sum(int(n) * _UNIT[unit] for n, unit in _PART.findall(cleaned))


def format_duration(seconds: float) -> str:
    """5400 -> "1h30m"; 0 -> "0s"."""
    seconds = int(round(seconds))
    if seconds <= 0:
        return "0s"
    parts = []
    for unit, size in _UNIT.items():
        if seconds >= size:
            parts.append(f"{seconds // size}{unit}")
            seconds %= size
    return "".join(parts)


def parse_clock(text: str) -> Clock | None:
    cleaned = text.strip().lower()
    if cleaned in ("off", "none", "no"):
        return None
    bank_text, _, increment_text = cleaned.partition("+")
    bank = parse_duration(bank_text)
    increment = parse_duration(increment_text) if increment_text else 0
    if not 10 <= bank <= MAX_BANK:
        raise SettingsError("A clock's bank is from 10s to 30d, like clock:10m+30s or clock:3d+12h.")
    if increment > MAX_INCREMENT:
        raise SettingsError("A clock's increment is at most 7d.")
    return Clock(bank=bank, increment=increment)


def parse_settings(raw: Mapping[str, str], seats: int) -> GameSettings:
    """The settings given at /game new (strings, as from Discord or the table); ``seats`` is the
    most seats the game may have, which bounds ``bots``."""
    values: dict[str, Any] = {}
    pace = raw.get("pace", "live").strip().lower()
    if pace not in DEFAULTS:
        raise SettingsError(f"pace is live or async, not '{quote(pace)}'.")
    values["pace"] = pace
    defaults = DEFAULTS[pace]
    values["clock"] = parse_clock(raw.get("clock", defaults["clock"]))
    timeout = raw.get("timeout", "skip").strip().lower()
    if timeout not in ("skip", "bot", "vote"):
        raise SettingsError(f"timeout is skip, bot or vote, not '{quote(timeout)}'.")
    values["timeout"] = timeout
    remind = raw.get("remind", defaults["remind"]).strip().lower()
    values["remind"] = None if remind in ("off", "none", "no") else parse_duration(remind)
    if values["remind"] is not None and values["remind"] < 10:
        raise SettingsError("remind is at least 10s (or off).")
    values["reminders"] = _count(raw.get("reminders", "3"), "reminders", 0, 20)
    values["bots"] = _count(raw.get("bots", "0"), "bots", 0, max(seats - 1, 0))
    return GameSettings(**values)


def _count(text: str, name: str, low: int, high: int) -> int:
    value = text.strip()
    if not (value.isascii() and value.isdigit()) or not low <= int(value) <= high:
        raise SettingsError(f"{name} is a whole number from {low} to {high}.")
    return int(value)
