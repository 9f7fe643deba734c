"""What a Retro may program: "All Retros may take up 6 instructions. They may input any number of
instructions up to that maximum. They may only take a limited number of SPECIAL instructions, based
on type" (Treadbot three LOADER; Shotbot one LOADER and one SHOOTER; Nanobot any number of HACKER),
and no more of an instruction than the player has counters for (house counters, data.py).

Readings (docs/games/retro-bots.md): a type may take no special instruction outside its allowance (a
Treadbot takes no SHOOTER); a Retro waiting outside a door must make its first instruction a forward
move ("you must move forward through the door with your first program instruction!"); the Upgrades
Extra Memory, Gyroscope, Loader Arm, Beam Mount, Hack Chip and Spare Counters change these limits.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rules.retro.actions import INSTRUCTIONS
from rules.retro.data import game_data
from rules.retro.state import State

FORWARD = ("F1", "F2", "F3")
ROTATES = ("L", "R")


def instruction_class(instruction: str) -> str:
    return game_data().instructions[instruction].class_


def class_limits(state: State, seat: int) -> dict[str, int]:
    data = game_data()
    kind = state.retro_types[seat]
    limits = dict(data.retros.get(kind, {"loader": 0, "shooter": 0, "hacker": 0}))
    ups = state.upgrades[seat]
    for upgrade, cls in (("loader_arm", "loader"), ("beam_mount", "shooter"), ("hack_chip", "hacker")):
        if upgrade in ups:
            limits[cls] = limits.get(cls, 0) + 1
    limits["basic"] = data.program_max + 2  # never the binding limit: the length is
    return limits


def counters(state: State, seat: int) -> dict[str, int]:
    out = dict(game_data().counters)
    if "spares" in state.upgrades[seat]:
        out["rotate"] += 1
        out["move"] += 1
    return out


def program_max(state: State, seat: int) -> int:
    return game_data().program_max + (1 if "memory" in state.upgrades[seat] else 0)


def length(state: State, seat: int, program: Sequence[str]) -> int:
    """How much of the maximum a program uses: the Gyroscope's one Rotate is free."""
    free = 1 if "gyro" in state.upgrades[seat] and any(i in ROTATES for i in program) else 0
    return len(program) - free


def must_enter(state: State, seat: int) -> bool:
    retro = state.retro(seat)
    return retro is not None and retro.outside is not None


def problem(state: State, seat: int, program: Sequence[str]) -> str | None:
    """Why this program may not be run, or None."""
    data = game_data()
    if any(i not in INSTRUCTIONS for i in program):
        return "unknown instruction"
    if length(state, seat, program) > program_max(state, seat):
        return f"at most {program_max(state, seat)} instructions"
    if program and must_enter(state, seat) and program[0] not in FORWARD:
        return "your Retro waits outside a door: its first instruction must move it forward (F1, F2 or F3)"
    limits = class_limits(state, seat)
    used = Counter(instruction_class(i) for i in program)
    for cls in ("loader", "shooter", "hacker"):
        if used[cls] > limits.get(cls, 0):
            kind = state.retro_types[seat].capitalize()
            allowed = limits.get(cls, 0)
            return f"a {kind} may take {allowed or 'no'} {cls.upper()} instruction" + \
                ("s" if allowed != 1 else "")
    per_counter = Counter(data.instructions[i].counter for i in program)
    have = counters(state, seat)
    for counter, n in per_counter.items():
        if n > have[counter]:
            return f"you have only {have[counter]} {counter} counter{'s' if have[counter] != 1 else ''}"
    return None


def next_instructions(state: State, seat: int) -> list[str]:
    """The instructions that may go at the end of the seat's program now."""
    program = state.programs[seat]
    return [i for i in INSTRUCTIONS if problem(state, seat, (*program, i)) is None]


def counters_left(state: State, seat: int) -> dict[str, int]:
    used = Counter(game_data().instructions[i].counter for i in state.programs[seat])
    return {c: n - used[c] for c, n in counters(state, seat).items()}


def runs_if_stunned(state: State, seat: int) -> int:
    """"run ONLY the first 3 instructions it has programmed" (Overclock: 4)."""
    return game_data().stunned_runs + (1 if "overclock" in state.upgrades[seat] else 0)
