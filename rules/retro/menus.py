"""What a Retro Bots player reads in the menus that lead to their legal actions (the service builds
the menus from the notation's words: ``add F2`` is "add" → "F2"; rules/core/engine.py, MenuLabels).
An instruction is named with what it does and how many of its counters are left, a Bot with where it
stands, an Upgrade with its effect. The menus go to the player alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.retro.data import game_data
from rules.retro.physics import bot_name, notation_square
from rules.retro.present import bot_label
from rules.retro.programs import counters_left, instruction_class
from rules.retro.state import State

_DOES = {
    "L": "turn 90° left", "R": "turn 90° right", "F1": "forward 1, pushing", "F2": "forward 2, pushing",
    "F3": "forward 3, pushing", "B2": "back up 2, pushing", "U": "turn around",
    "SHOVE": "move the Bot in front 1 left/right/forward", "TRACTOR": "pull the first Bot ahead 6 − distance",
    "FORCER": "push the first Bot ahead 6 − distance", "PROGRAM": "later instructions may drive an adjacent Bot",
}
_VERBS = {
    "add": ("Add an instruction", "At the end of your program"),
    "back": ("Take the last one off", "Remove your last instruction"),
    "clear": ("Clear the program", "Start again"),
    "lock": ("Lock my program", "Done: it runs as it is (time left carries over)"),
    "type": ("Choose a Retro", ""),
    "keep": ("Keep my Upgrades", "Bury no Catastrophe"),
    "decline": ("No Upgrade", ""),
}
_TYPES = {
    "treadbot": ("Treadbot", "up to 3 LOADER: F3, B2, U, SHOVE"),
    "shotbot": ("Shotbot", "1 LOADER and 1 SHOOTER: TRACTOR or FORCER"),
    "nanobot": ("Nanobot", "any number of PROGRAM; passes between legs, never pushes; damage destroys it"),
}


def menu_labels(state: State, seat: int, prefix: tuple[str, ...], options: Sequence[str]) -> Mapping[str, tuple[str, str]]:
    out = {}
    for option in options:
        words = (*prefix, *option.split())
        named = _name(state, seat, words)
        if named is not None:
            out[option] = (named[0][:80], named[1][:100])
    return out


def _name(state: State, seat: int, words: tuple[str, ...]) -> tuple[str, str] | None:
    verb = words[0].lower()
    if len(words) == 1:
        return _VERBS.get(verb)
    word = words[-1]
    if verb == "add":
        instruction = word.upper()
        counter = game_data().instructions[instruction].counter
        left = counters_left(state, seat).get(counter, 0)
        cls = instruction_class(instruction)
        tag = "" if cls == "basic" else f" · {cls.upper()}"
        return (f"{instruction} — {game_data().instructions[instruction].name}", f"{_DOES[instruction]}{tag} · "
                f"{left} counter{'s' if left != 1 else ''} left")
    if verb == "type":
        return _TYPES.get(word)
    if verb == "shove":
        return (f"Shove {word}", "1 damage if a wall or a Bot is in the way")
    if verb == "target":
        bot = next((b for b in state.bots.values() if bot_label(b) == word.upper()), None)
        if bot is None:
            return None
        me = bot.seat == seat
        return ("Myself" if me else bot_name(state, bot), f"at {notation_square(bot.square)}, facing {bot.facing}")
    if verb in ("upgrade", "surrender"):
        card = game_data().upgrade(word)
        head = card.name if verb == "upgrade" else f"Surrender {card.name}"
        return (head, card.text if verb == "upgrade" else "A Catastrophe goes to the bottom of the deck")
    return None
