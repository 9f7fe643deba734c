"""Game options for Jupiter Rescue, validated into a frozen model.

``colony``: which side of each tile is up (rulebook line 32 and line 322):
  - ``standard``: each tile's side is dealt at random (the rulebook's default leaves it to the shuffle);
  - ``easier``: every Difficulty Indicator face down (line 32: "For an easier game, look for the side
    with the Difficulty Indicator (Diagram D) and place this side face down");
  - ``labyrinthian``: every Difficulty Indicator face up (line 322, Labyrinthian Colony).
``solo``: Solo Play (line 346): one robot, and both dealt cards are core abilities.
The other alternate rules (lines 326-342), each yes/no: ``vulnerability`` (Robot Vulnerability),
``fast_creeps`` (Fast Creeps), ``ultimate`` (Ultimate Heroes: save every Colonist), ``polite``
(Polite Colonists). The state keeps those in play in ``State.rules`` by these keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.core.errors import BadOptions, quoted

COLONY_OPTIONS = ("standard", "easier", "labyrinthian")
RULE_NAMES = {  # option key -> the rulebook's name (lines 326-342)
    "fast_creeps": "Fast Creeps", "polite": "Polite Colonists", "ultimate": "Ultimate Heroes",
    "vulnerability": "Robot Vulnerability",
}
_TRUE = ("yes", "true", "on", "1")
_FALSE = ("no", "false", "off", "0")


class JupiterOptions(BaseModel):
    model_config = ConfigDict(frozen=True)

    colony: Literal["standard", "easier", "labyrinthian"] = "standard"
    solo: bool = False
    vulnerability: bool = False
    fast_creeps: bool = False
    ultimate: bool = False
    polite: bool = False

    def rules(self) -> tuple[str, ...]:
        return tuple(sorted(key for key in RULE_NAMES if getattr(self, key)))


def option_help() -> dict[str, str]:
    return {
        "colony": "standard (default: random sides), easier (Difficulty Indicators face down) or "
        "labyrinthian (Difficulty Indicators face up)",
        "solo": "yes for Solo Play: one robot keeping both dealt cards as core abilities (default no)",
        "vulnerability": "yes for Robot Vulnerability: robots do not stop full tiles exploding (default no)",
        "fast_creeps": "yes for Fast Creeps: Conversion right after the Invasion (default no)",
        "ultimate": "yes for Ultimate Heroes: save every Colonist (default no)",
        "polite": "yes for Polite Colonists: Colonists and Robots do not block a move through (default no)",
    }


def parse_options(raw: Mapping[str, str]) -> JupiterOptions:
    known = set(JupiterOptions.model_fields)
    values = {str(k).strip().lower(): str(v).strip().lower() for k, v in raw.items()}
    if unknown := sorted(set(values) - known):
        raise BadOptions(f"unknown option '{quoted(unknown[0])}'; Jupiter Rescue options are: {', '.join(sorted(known))}")
    colony = values.get("colony", "standard")
    if colony not in COLONY_OPTIONS:
        raise BadOptions(f"colony must be one of {', '.join(COLONY_OPTIONS)}, not '{quoted(colony)}'")
    flags = {}
    for key in ("solo", *RULE_NAMES):
        value = values.get(key, "no")
        if value not in _TRUE + _FALSE:
            raise BadOptions(f"{key} must be yes or no, not '{quoted(value)}'")
        flags[key] = value in _TRUE
    return JupiterOptions(colony=colony, **flags)  # type: ignore[arg-type]
