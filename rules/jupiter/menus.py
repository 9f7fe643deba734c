"""What a Jupiter Rescue player reads in the menus that lead to their legal actions.

The service builds the menus from the notation's words (``command c3 c4``: "command" → "c3" → "c4")
and asks ``menu_labels`` to name one level's options (rules/core/engine.py, ``MenuLabels``). A space
is named with what stands on it and its tile ("C3 — Colonist · tile C, module 2"), a card with its
one-line reminder, an edge with its tile, a robot by its number. Everything named here is public
except the player's own cards, and the menus go to the player alone. A word this module does not
know is left to the service, which shows the word itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.jupiter.actions import _cards_by_slug
from rules.jupiter.reminders import REMINDER, SOLO_OVERRIDE
from rules.jupiter.state import COLONIST, CREEP, SUPER_CREEP, State, robot_seat

_VERBS = {
    "move": ("Move", "Move your robot one space (or farther with a card)"),
    "attack": ("Attack", "Kill a Creep on your tile"),
    "command": ("Command a Colonist", "Move a Colonist in your Command Range one space"),
    "trade": ("Trade cards", "Give or take any number of cards with one robot in range (1 action)"),
    "play": ("Play a card", "A card from your hand, or your core ability"),
    "place": ("Place a Creep", "Choose where an invading Creep goes"),
    "discard": ("Discard", "Down to the hand limit"),
    "dock": ("Dock the pod", "Choose the edge where the Evacuation Pod docks"),
    "first": ("Who goes first", "For the group"),
    "core": ("Core ability", "The card you keep and use every turn"),
}
_END = {
    "actions": ("End your actions", "Then Conversion, the die and the Draw"),
    "roll": ("Let the Creeps come", "The Invasion happens with the choices made"),
    "setback": ("Let the Setback strike", "Its effect happens now"),
}


def menu_labels(state: State, seat: int, prefix: tuple[str, ...], options: Sequence[str]) -> Mapping[str, tuple[str, str]]:
    out = {}
    for option in options:
        words = (*prefix, *option.split())
        try:
            named = _name(state, words, len(prefix))
        except (KeyError, IndexError, ValueError):
            named = None
        if named is not None:
            out[option] = (named[0][:80], named[1][:100])
    return out


def _name(s: State, words: tuple[str, ...], start: int) -> tuple[str, str] | None:
    verb = words[0]
    if len(words) == 1:
        return _END.get(s.phase) if verb == "end" else _VERBS.get(verb)
    parts = [_word(s, verb, i, w) for i, w in enumerate(words) if i >= max(start, 1)]
    if any(p is None for p in parts):
        return None
    labels = [p[0] for p in parts if p]  # type: ignore[index]
    return " → ".join(labels), parts[-1][1] if parts[-1] else ""  # type: ignore[index]


def _word(s: State, verb: str, index: int, word: str) -> tuple[str, str] | None:
    if verb in ("trade", "first") and index == 1 or (verb == "play" and word.isdigit()):
        return (f"Robot {word}", "")
    if verb == "trade" and word in ("give", "take"):
        return (word.capitalize(), "")
    if verb in ("discard", "core") or (verb == "trade" and index in (3, 5)) or (verb == "play" and index == 1):
        names = [_card(w) for part in word.split("+") for w in part.split(",")]
        text = " + ".join(names) if "+" in word else ", ".join(names)
        reminder = "" if len(names) > 1 else (SOLO_OVERRIDE if names[0] == "Override" and s.solo else REMINDER[names[0]])
        return (text, reminder)
    if word in ("also", "follow"):
        return ("also" if word == "also" else "follow with", "")
    if word == "pod":
        return ("the pod", f"{s.pod_colonists}/7 Colonists aboard")
    if verb == "dock" or (verb == "play" and len(word) == 2 and word[1] in "123456" and word.upper() not in _spaces(s)):
        label = word[0].upper()
        return (f"{word.upper()} — edge of tile {label}", _tile_text(s, label))
    if len(word) == 1 and word.isalpha():
        return (f"Tile {word.upper()}", _tile_text(s, word.upper()))
    if len(word) == 2:
        space = word.upper()
        fig = s.figures.get(space)
        what = {COLONIST: "Colonist", CREEP: "Creep", SUPER_CREEP: "Super Creep", None: "empty"}.get(fig)
        if what is None:
            what = f"Robot {robot_seat(fig) + 1}"  # type: ignore[operator]
        return (f"{space} — {what}", _tile_text(s, space[0]))
    return None


def _card(slug: str) -> str:
    return _cards_by_slug()[slug]


def _spaces(s: State) -> set[str]:
    return set(s.colony().spaces())


def _tile_text(s: State, label: str) -> str:
    here = [fig for key, fig in s.figures.items() if key[0] == label]
    record = next((t for t in s.tiles if t.label == label), None)
    module = "" if record is None else f"module {_module(record.tile)}, "
    return (f"tile {label}: {module}{here.count(COLONIST)} Colonists, {here.count(CREEP)} Creeps"
            + (", a robot" if any(robot_seat(f) is not None for f in here) else ""))


def _module(tile_id: str) -> int:
    from rules.jupiter.data import game_data

    return game_data().tile(tile_id).module
