"""Rescue cards in a line each: what a card does (rulebook lines 144-194, 270-280), its type and
scopes (from the house data), how it is played, and the combos a player holds."""

from __future__ import annotations

from functools import cache

from rules.jupiter.actions import slug
from rules.jupiter.data import game_data
from rules.jupiter.reminders import REMINDER, SOLO_OVERRIDE

SCOPE = {"single_action": "Single Action", "full_turn": "Full Turn", "event": "Event",
         "every_action": "Every Action", "once_per_turn": "Once Per Turn"}


# What a play names after the card (docs/games/jupiter-rescue.md, "Notation"); Full Turn cards nothing.
TARGETS: dict[str, str] = {
    "Heat Seeker": " <space>", "Sniper": " <space>", "Teleport": " <space>", "Suppressant": " <tile>",
    "Override": " <robot>", "Pilot": " [edge]", "Data Core": " <card>", "Module Control": " <tile> <edge>",
}


def play_hint(name: str) -> str:
    """How the card is played: "play heat-seeker <space>"."""
    return f"play {slug(name)}{TARGETS.get(name, '')}"


def reminder(name: str, solo: bool = False) -> str:
    if solo and name == "Override":
        return SOLO_OVERRIDE
    return REMINDER.get(name, "")


@cache
def _defs() -> dict[str, tuple[str, str | None, str | None]]:
    return {c.name: (c.type, c.standard, c.core) for c in game_data().rescue_deck}


def card_type(name: str) -> str:
    return _defs().get(name, ("misc", None, None))[0]


def scope(name: str, as_core: bool) -> str:
    """"Attack · Single Action" (in hand) or "Attack · core: Every Action"."""
    kind, standard, core = _defs().get(name, ("misc", None, None))
    if kind == "setback":
        return "Setback"
    if as_core:
        return f"{kind.title()} · core, {SCOPE.get(core or '', '')}"
    return f"{kind.title()} · {SCOPE.get(standard or '', '')}"


def combos(cards: tuple[str, ...]) -> list[tuple[str, str]]:
    """The combos (lines 244-268) a player can make from ``cards`` (a pair of one card needs two)."""
    out = []
    for a, b in game_data().combos:
        if (a == b and cards.count(a) >= 2) or (a != b and a in cards and b in cards):
            out.append((a, b))
    return out
