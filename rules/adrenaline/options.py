"""Game options for ADRENALINE (the issue's "Seats, options, setup").

- ``map``: small | medium_green | medium_purple | big | auto (default: a seeded pick among the maps
  labelled for the table's size: small "good for 3 or 4 players", big "4 or 5", the mediums "any").
- ``skulls``: 5-8 skulls on the killshot track (default 8; the rulebook's first game uses 5).
- ``ending``: frenzy (default) | sudden_death (final scoring right after the turn that takes the last
  skull: the rulebook's first-game advice).
- ``double_kill``: +1 point for 2 or more killshots in one turn (default yes; the reference recommends it).
- ``open_weapons``: loaded weapons are shown by name, not only counted (default no).
- ``reaction_wait``: seconds a Targeting Scope, Tagback Grenade or respawn choice may wait before its
  default is played (default: 60 at a live table, 12 hours at a play-by-post one, from the table's
  ``pace``, which the service passes as the ``pace`` option).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.core.errors import BadOptions, quoted

MAPS = ("small", "medium_green", "medium_purple", "big")
_TRUE = ("yes", "true", "on", "1")
_FALSE = ("no", "false", "off", "0")
LIVE_WAIT, ASYNC_WAIT = 60, 12 * 3600
MAX_WAIT = 7 * 24 * 3600


class AdrenalineOptions(BaseModel):
    model_config = ConfigDict(frozen=True)

    map: Literal["auto", "small", "medium_green", "medium_purple", "big"] = "auto"
    skulls: int = 8
    ending: Literal["frenzy", "sudden_death"] = "frenzy"
    double_kill: bool = True
    open_weapons: bool = False
    reaction_wait: int = LIVE_WAIT
    pace: Literal["live", "async"] = "live"


def option_help() -> dict[str, str]:
    return {
        "map": "small, medium_green, medium_purple, big, or auto (default: picked for the table's size)",
        "skulls": "skulls on the killshot track, 5 to 8 (default 8; 5 for a first game)",
        "ending": "frenzy (default: everyone gets a last turn) or sudden_death (the game ends with the last skull)",
        "double_kill": "yes (default) or no: +1 point for two or more killshots in one turn",
        "open_weapons": "yes to show loaded weapons by name (default no: a count, as at the table)",
        "reaction_wait": "seconds a Scope, Tagback or respawn choice may wait (default 60 live, 12 hours async)",
        "pace": "live or async (set from the table's pace; it sets the reaction_wait default)",
    }


def _flag(values: dict[str, str], key: str, default: str) -> bool:
    value = values.get(key, default)
    if value not in _TRUE + _FALSE:
        raise BadOptions(f"{key} must be yes or no, not '{quoted(value)}'")
    return value in _TRUE


def parse_options(raw: Mapping[str, str]) -> AdrenalineOptions:
    known = set(AdrenalineOptions.model_fields)
    values = {str(k).strip().lower(): str(v).strip().lower() for k, v in raw.items()}
    if unknown := sorted(set(values) - known):
        raise BadOptions(f"unknown option '{quoted(unknown[0])}'; Adrenaline options are: {', '.join(sorted(known))}")
    map_id = values.get("map", "auto")
    if map_id not in ("auto", *MAPS):
        raise BadOptions(f"map is one of auto, {', '.join(MAPS)}; not '{quoted(map_id)}'")
    skulls = values.get("skulls", "8")
    if not (skulls.isdigit() and 5 <= int(skulls) <= 8):
        raise BadOptions(f"skulls is 5 to 8, not '{quoted(skulls)}'")
    ending = values.get("ending", "frenzy").replace("-", "_")
    if ending not in ("frenzy", "sudden_death"):
        raise BadOptions(f"ending is frenzy or sudden_death, not '{quoted(ending)}'")
    pace = values.get("pace", "live")
    if pace not in ("live", "async"):
        raise BadOptions(f"pace is live or async, not '{quoted(pace)}'")
    wait_text = values.get("reaction_wait", str(LIVE_WAIT if pace == "live" else ASYNC_WAIT))
    if not (wait_text.isdigit() and 10 <= int(wait_text) <= MAX_WAIT):
        raise BadOptions(f"reaction_wait is 10 to {MAX_WAIT} seconds, not '{quoted(wait_text)}'")
    return AdrenalineOptions(map=map_id, skulls=int(skulls), ending=ending, pace=pace,  # type: ignore[arg-type]
                             double_kill=_flag(values, "double_kill", "yes"),
                             open_weapons=_flag(values, "open_weapons", "no"), reaction_wait=int(wait_text))
