"""Game options for Retro Bots vs Rogues.

``timer``: the programming timer in seconds ("Start a 1 minute timer"; default 60), or ``off`` for
play by post (no timer: programs lock when their players say so). ``bossbot``, ``minionbot``:
"special bot types that can be added to your game for an extra challenge". ``crates``: "Crates are
optional". ``pause``: seconds the bot waits between two steps of a run (a Rogue's move, an
instruction), so the channel can watch the board change; 0 runs a round at once.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from rules.core.errors import BadOptions, quoted

_TRUE = ("yes", "true", "on", "1")
_FALSE = ("no", "false", "off", "0")
MAX_TIMER = 7 * 24 * 3600  # a week: play by post


class RetroOptions(BaseModel):
    model_config = ConfigDict(frozen=True)

    timer: int = 60  # 0: off
    bossbot: bool = False
    minionbot: bool = False
    crates: bool = False
    pause: float = 1.5


def option_help() -> dict[str, str]:
    return {
        "timer": "programming seconds per round (default 60, the rulebook's minute; e.g. 3600 for play by post), "
                 "or off",
        "bossbot": "yes to add the Bossbot (moves first, immune to damage and hacking; default no)",
        "minionbot": "yes to add the Minionbot (rescue it through an exit; default no)",
        "crates": "yes to put out the eight crates (open one: a Calamity and an Upgrade; default no)",
        "pause": "seconds between the steps of a run so the channel can watch (default 1.5; 0: at once)",
    }


def parse_options(raw: Mapping[str, str]) -> RetroOptions:
    known = set(RetroOptions.model_fields)
    values = {str(k).strip().lower(): str(v).strip().lower() for k, v in raw.items()}
    if unknown := sorted(set(values) - known):
        raise BadOptions(f"unknown option '{quoted(unknown[0])}'; Retro Bots options are: {', '.join(sorted(known))}")
    timer = values.get("timer", "60")
    if timer in ("off", "none", "no"):
        seconds = 0
    elif timer.isdigit() and 10 <= int(timer) <= MAX_TIMER:
        seconds = int(timer)
    else:
        raise BadOptions(f"timer is a number of seconds from 10 to {MAX_TIMER}, or off; not '{quoted(timer)}'")
    pause_text = values.get("pause", "1.5")
    try:
        pause = float(pause_text)
    except ValueError:
        pause = -1.0
    if not 0 <= pause <= 10:
        raise BadOptions(f"pause is 0 to 10 seconds, not '{quoted(pause_text)}'")
    flags = {}
    for key in ("bossbot", "minionbot", "crates"):
        value = values.get(key, "no")
        if value not in _TRUE + _FALSE:
            raise BadOptions(f"{key} must be yes or no, not '{quoted(value)}'")
        flags[key] = value in _TRUE
    return RetroOptions(timer=seconds, pause=pause, **flags)
