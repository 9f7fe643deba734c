"""Retro Bots vs Rogues actions: small immutable values and their one-line notation.

Grammar (case-insensitive):

    setup      type <treadbot|shotbot|nanobot>   choose your Retro (also after losing one)
    program    add <instruction>                 put an instruction at the end of your program
               back | clear                      take the last one off | start again
               program <instruction> ...         set the whole program at once: ``program F2 R F1 SHOVE``
               lock                              done: the program is locked ("finish programming")
    running    target <bot>                      after PROGRAM: which Bot the next instruction drives
                                                 (``1``-``4`` a Retro, ``S3`` Servobot 3, ``B``, ``M``)
               shove <left|right|forward>        SHOVE's direction, chosen as it runs
               upgrade <id> | decline            an Upgrade you earned (``upgrade armor``)
               surrender <id> | keep             end of round: bury a Catastrophe with an Upgrade
    scripted   step                              the next Rogue move or program instruction runs
               clock <seconds>                   the service reports the time left (carried over)

Instructions: L R (rotate), F1 F2 (move), F3 B2 U SHOVE (LOADER), TRACTOR FORCER (SHOOTER),
PROGRAM (HACKER). ``parse_action(format_action(a)) == a``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.core.errors import MalformedAction, quoted
from rules.retro.data import RETRO_TYPES, game_data

INSTRUCTIONS = ("L", "R", "F1", "F2", "F3", "B2", "U", "SHOVE", "TRACTOR", "FORCER", "PROGRAM")
SHOVES = ("left", "right", "forward")


@dataclass(frozen=True, slots=True)
class ChooseType:
    kind: str


@dataclass(frozen=True, slots=True)
class Add:
    instruction: str


@dataclass(frozen=True, slots=True)
class Back:
    pass


@dataclass(frozen=True, slots=True)
class Clear:
    pass


@dataclass(frozen=True, slots=True)
class SetProgram:
    instructions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Lock:
    pass


@dataclass(frozen=True, slots=True)
class Target:
    bot: str  # the board label: "1", "S3", "B", "M"


@dataclass(frozen=True, slots=True)
class Shove:
    direction: str


@dataclass(frozen=True, slots=True)
class TakeUpgrade:
    upgrade: str


@dataclass(frozen=True, slots=True)
class Decline:
    pass


@dataclass(frozen=True, slots=True)
class Surrender:
    upgrade: str


@dataclass(frozen=True, slots=True)
class Keep:
    pass


@dataclass(frozen=True, slots=True)
class Step:
    pass


@dataclass(frozen=True, slots=True)
class Clock:
    seconds: int


Action = (ChooseType | Add | Back | Clear | SetProgram | Lock | Target | Shove | TakeUpgrade | Decline | Surrender
          | Keep | Step | Clock)
_SIMPLE = {"back": Back(), "clear": Clear(), "lock": Lock(), "decline": Decline(), "keep": Keep(), "step": Step()}
_LABEL = re.compile(r"(\d|[shlgvp]\d{1,2}|b|m)")


def _instruction(word: str) -> str:
    up = word.upper()
    if up not in INSTRUCTIONS:
        raise MalformedAction(f"'{quoted(word)}' is not an instruction: {' '.join(INSTRUCTIONS)}")
    return up


def parse_action(text: str) -> Action:
    words = " ".join(str(text).split()).lower().split(" ")
    head, rest = words[0], words[1:]
    if head in _SIMPLE and not rest:
        return _SIMPLE[head]
    if head == "type" and len(rest) == 1 and rest[0] in RETRO_TYPES:
        return ChooseType(rest[0])
    if head == "add" and len(rest) == 1:
        return Add(_instruction(rest[0]))
    if head == "program":
        return SetProgram(tuple(_instruction(w) for w in rest if w))
    if head == "target" and len(rest) == 1 and _LABEL.fullmatch(rest[0]):
        return Target(rest[0].upper())
    if head == "shove" and len(rest) == 1 and rest[0] in SHOVES:
        return Shove(rest[0])
    upgrades = {u.id for u in game_data().upgrades}
    if head in ("upgrade", "surrender") and len(rest) == 1 and rest[0] in upgrades:
        return TakeUpgrade(rest[0]) if head == "upgrade" else Surrender(rest[0])
    if head == "clock" and len(rest) == 1 and rest[0].isdigit():
        return Clock(int(rest[0]))
    raise MalformedAction(f"'{quoted(text)}' is not a Retro Bots action: try `add F2`, `lock`, `program F2 R F1`, "
                          "`shove left`, `target S3`")


def format_action(action: Action) -> str:
    match action:
        case ChooseType(kind):
            return f"type {kind}"
        case Add(instruction):
            return f"add {instruction}"
        case SetProgram(instructions):
            return " ".join(("program", *instructions))
        case Target(bot):
            return f"target {bot}"
        case Shove(direction):
            return f"shove {direction}"
        case TakeUpgrade(upgrade):
            return f"upgrade {upgrade}"
        case Surrender(upgrade):
            return f"surrender {upgrade}"
        case Clock(seconds):
            return f"clock {seconds}"
    for word, value in _SIMPLE.items():
        if value == action:
            return word
    raise MalformedAction("not a Retro Bots action")
