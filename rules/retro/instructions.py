"""One Retro instruction run by one Bot (the Retro itself, or a Bot it hacks after PROGRAM).

Pure: each function changes the given (cloned) state in place, appends public event lines to ``out``
and leaves what must happen next in ``state.owed`` (rules/retro/physics.py). ``credit`` is the seat
whose Retro runs the program, also when the instruction is applied to a hacked Bot: "If a Retro
pushes, shoves, or pulls a Rogue into a pit, the Rogue is removed and kept by that player."
Quotes are from shared/rulebooks/retro-bots.txt (INSTRUCTIONS, AFFECTING OTHER BOTS, Retros, PITS).

- L, R, U: "Rotate in place 90 degrees to the Right or Left." "Rotate in place 180 degrees."
- F1, F2, F3, B2: "Move forward 1 or 2 squares. You must move that far. You may Push as part of a
  move." "Move forward 3 squares." "Back up 2 squares." One square at a time (physics.step):
  "PUSHING- ... will PUSH that Bot back one square, if there is room"; "GRINDING: If there is no
  room to push a Bot ... each 'move' will not change the position of the Bots, but the Bot being
  pushed will take 1 damage." Readings: a step into a wall or closed door does nothing and the
  remaining steps are still tried (each blocked again); every blocked push is one "move", so each
  remaining step grinds again (1 damage each); the move ends at once when the mover falls into a pit,
  goes out through a door, or is stunned ("any remaining instructions are discarded"). Backing up
  keeps the facing and pushes the Bot behind. House Upgrade Turbo: "The first Move 2 of each program
  moves 3 squares" (the caller says when it applies).
- Nanobot movers: "they cannot push or grind other Bots ... They may move right through another Bot
  (between his legs) but cannot end a move in the same square as another Bot." Reading: a Nanobot
  passes occupied squares (walls, doors and pits still apply: it falls into an open pit it reaches);
  when its move would end on an occupied square it ends instead on the last free square it passed
  (maybe where it started, or still outside its door). A crate has no legs: it stops a Nanobot like
  a wall (it cannot push it). Whoever runs the instruction, a Nanobot never pushes, and it never
  stands on an occupied square, even for a moment.
- A Bot waiting outside a door only comes in by moving forward ("you must move forward through the
  door"); any other instruction does nothing to it. A Bot no longer in play does nothing.
- SHOVE: "May move a Bot that is directly in front of you 1 square to the LEFT, RIGHT, or FORWARD.
  Shoving a Bot into a wall or another Bot will do 1 damage." Directions are relative to the
  shover's facing; nothing in front: nothing happens. Crates "can be Pushed and Damaged just like
  Bots", so they can be shoved. Reading: a Nanobot may SHOVE (a Loader Arm gives it one): the
  rulebook tells shoves apart from pushes ("pushes, shoves, or pulls"), and forbids it only pushing.
- TRACTOR / FORCER: "Count the distance to the target Bot. 6 minus the distance = the number of
  squares you must PULL (or PUSH) the target. You cannot pull a Bot any closer than the square in
  front of you. If the target passes over a pit, they fall in. Pushing a Bot into another Bot or a
  wall will do 1 damage to the target (they do not push other Bots). You may only target the first
  Bot in front of you." Readings: distance 1 is the adjacent square, so the range is 5; the target
  is the first Bot or crate straight ahead (open pits do not stop the beam; the board's edge does);
  it moves square by square and falls into the first open pit it enters; a FORCER push that is
  blocked (wall, closed door, Bot) does 1 damage and ends the push; a door lets out whom
  physics.may_exit lets out (a Minionbot forced out is rescued).
- PROGRAM: "Any instructions AFTER a program instruction may be applied to any Bot adjacent to you."
  It does nothing by itself; ``hack_targets`` lists the Bots the next instruction may be applied
  to. "Bossbots are immune to hacking"; crates are not Bots to program.
- Readings on Upgrades: a hacked Rogue pushing, shoving or beaming a Retro with Mag Clamp counts as
  a Rogue doing it ("Rogues cannot push or force this Retro").
"""

from __future__ import annotations

from dataclasses import replace

from rules.retro.data import game_data
from rules.retro.geometry import (
    adjacent,
    ahead,
    behind,
    door_at,
    is_pit,
    left_of,
    on_board,
    right_of,
    turned,
)
from rules.retro.physics import (
    bot_name,
    doors_jammed,
    fall,
    leave,
    may_exit,
    notation_square,
    place,
    push,
    step,
)
from rules.retro.state import Bot, Square, State

INSTRUCTIONS = ("L", "R", "F1", "F2", "F3", "B2", "U", "SHOVE", "TRACTOR", "FORCER", "PROGRAM")
SHOVES = ("left", "right", "forward")
_TURNS = {"L": (-1, "left"), "R": (1, "right"), "U": (2, "around")}
_MOVES = {"F1": 1, "F2": 2, "F3": 3, "B2": 2}
BEAM_RANGE = 6  # "6 minus the distance = the number of squares"


def run_instruction(state: State, bot_id: str, instr: str, out: list[str], credit: int | None, *,
                    shove: str | None = None, turbo: bool = False) -> None:
    """``bot_id`` runs ``instr``; ``shove`` is SHOVE's direction, ``turbo`` makes this Move 2 move 3."""
    if instr not in INSTRUCTIONS:
        raise ValueError(f"unknown instruction {instr!r}")
    bot = state.bots.get(bot_id)
    if bot is None or bot.facing is None:
        return
    if bot.outside is not None and instr not in ("F1", "F2", "F3"):
        return  # it waits outside until a forward move carries it through the door
    if instr in _TURNS:
        quarters, word = _TURNS[instr]
        facing = turned(bot.facing, quarters)
        state.bots[bot_id] = replace(bot, facing=facing)
        out.append(f"{bot_name(state, bot)} turns {word} ({bot.facing} → {facing}).")
    elif instr in _MOVES:
        n = 3 if instr == "F2" and turbo else _MOVES[instr]
        _move(state, bot_id, n, instr == "B2", out, credit)
    elif instr == "SHOVE":
        _shove(state, bot, shove, out, credit)
    elif instr in ("TRACTOR", "FORCER"):
        _beam(state, bot, instr == "TRACTOR", out, credit)
    else:
        out.append(f"{bot_name(state, bot)} runs PROGRAM: what follows may hack an adjacent Bot.")


def hack_targets(state: State, retro_id: str) -> list[str]:
    """The Bots the next instruction after PROGRAM may be applied to: the Retro itself, then each Bot
    orthogonally next to it (N, E, S, W), but no crate and no Bossbot ("immune to hacking")."""
    retro = state.bots.get(retro_id)
    if retro is None:
        return []
    targets = [retro_id]
    if retro.outside is None:
        for square in adjacent(retro.square):
            other = state.at(square)
            if other is not None and not other.is_crate and other.kind != "bossbot":
                targets.append(other.id)
    return targets


def shove_options(state: State, bot_id: str) -> tuple[str, ...]:
    """SHOVE's choices: ("left", "right", "forward") when a Bot or crate is directly in front."""
    bot = state.bots.get(bot_id)
    return SHOVES if bot is not None and _in_front(state, bot) is not None else ()


# -- moves -----------------------------------------------------------------------------------------

def _move(state: State, bot_id: str, n: int, backward: bool, out: list[str], credit: int | None) -> None:
    bot = state.bots[bot_id]
    name = bot_name(state, bot)
    start = "outside" if bot.outside is not None else notation_square(bot.square)
    detail: list[str] = []
    if bot.kind == "nanobot":
        end = _nano_move(state, bot_id, n, backward, detail, credit)
    else:
        end = _push_move(state, bot_id, n, backward, detail, credit)
    verb = "backs up" if backward else "moves"
    out.append(f"{name} {verb} {n} ({start} → {end}).")
    out.extend(detail)


def _gone(state: State, bot_id: str) -> bool:
    bot = state.bots.get(bot_id)
    return bot is None or bot.outside is not None


def _push_move(state: State, bot_id: str, n: int, backward: bool, out: list[str], credit: int | None) -> str:
    """A Bot that pushes: ``n`` physics steps. Returns where it ended, for the event line."""
    for _ in range(n):
        bot = state.bots[bot_id]
        heading = behind(bot.facing) if backward else bot.facing
        target = _door_square(bot) if bot.outside is not None else ahead(bot.square, heading)
        other = state.at(target) if on_board(target) else None
        sub: list[str] = []
        result = step(state, bot_id, heading, sub, credit, by_rogue=bot.is_rogue)
        if other is not None and result in ("moved", "entered", "fell"):
            out.append(f"{bot_name(state, bot)} pushes {bot_name(state, other)}.")
        elif result == "ground":
            out.append(f"{bot_name(state, bot)} grinds against {bot_name(state, other)}.")
        out.extend(sub)
        if result == "fell":
            return notation_square(target)
        if result == "left" or _gone(state, bot_id):
            return "outside"
        if state.bots[bot_id].stunned and not bot.stunned:
            break
    return _where(state, bot_id)


def _nano_move(state: State, bot_id: str, n: int, backward: bool, out: list[str], credit: int | None) -> str:
    """A Nanobot: passes between other Bots' legs, ends on the last free square it passed."""
    bot = state.bots[bot_id]
    heading = behind(bot.facing) if backward else bot.facing
    pos: Square | None = None if bot.outside is not None else bot.square  # where it is passing now
    for _ in range(n):
        bot = state.bots[bot_id]
        if pos is None:  # outside: the step goes through its door
            if doors_jammed(state):
                continue
            nxt = _door_square(bot)
        else:
            nxt = ahead(pos, heading)
            if not on_board(nxt):
                door = door_at(pos, heading)
                if door is not None and may_exit(state, bot):
                    leave(state, bot, door, out, credit)
                    return "outside"
                continue  # a wall or a closed door
        other = state.at(nxt)
        if other is not None and other.is_crate:
            continue  # a crate has no legs to pass between, and a Nanobot cannot push it
        pos = nxt
        if other is not None:
            out.append(f"{bot_name(state, bot)} passes between {bot_name(state, other)}'s legs.")
            continue
        place(state, bot, nxt)
        if is_pit(state, nxt):
            fall(state, bot_id, out, credit)
            return notation_square(nxt)
    return _where(state, bot_id)


def _door_square(bot: Bot) -> Square:
    return game_data().board.doors[bot.outside or 0].square


def _where(state: State, bot_id: str) -> str:
    bot = state.bots.get(bot_id)
    return "outside" if bot is None or bot.outside is not None else notation_square(bot.square)


# -- SHOVE, TRACTOR, FORCER ------------------------------------------------------------------------

def _in_front(state: State, bot: Bot) -> Bot | None:
    if bot.outside is not None or bot.facing is None:
        return None
    front = ahead(bot.square, bot.facing)
    return state.at(front) if on_board(front) else None


def _shove(state: State, bot: Bot, direction: str | None, out: list[str], credit: int | None) -> None:
    target = _in_front(state, bot)
    if target is None:
        out.append(f"{bot_name(state, bot)} shoves, but nothing is in front.")
        return
    if direction not in SHOVES:
        raise ValueError(f"SHOVE needs a direction among {SHOVES}, not {direction!r}")
    facing = bot.facing or "N"
    heading = {"left": left_of(facing), "right": right_of(facing), "forward": facing}[direction]
    _drive(state, bot, target, heading, 1, True, f"shoves {{}} {direction}", out, credit)


def _beam(state: State, bot: Bot, pull: bool, out: list[str], credit: int | None) -> None:
    """TRACTOR (``pull``) or FORCER on the first Bot or crate straight ahead."""
    name, what = bot_name(state, bot), "TRACTOR" if pull else "FORCER"
    facing = bot.facing or "N"
    distance, target = 1, None
    while on_board(ahead(bot.square, facing, distance)):
        target = state.at(ahead(bot.square, facing, distance))
        if target is not None:
            break
        distance += 1
    if target is None or distance >= BEAM_RANGE:
        out.append(f"{name} fires its {what}: no Bot within reach.")
        return
    squares = BEAM_RANGE - distance
    if pull:  # "You cannot pull a Bot any closer than the square in front of you."
        squares = min(squares, distance - 1)
    # A pull never meets anything (the squares between are empty) so it never damages. A push that
    # is blocked does 1 damage and ends ("they do not push other Bots"); a pit or a door ends it too.
    heading = behind(facing) if pull else facing
    _drive(state, bot, target, heading, squares, not pull, f"fires its {what} at {{}} (distance {distance})",
           out, credit)


def _drive(state: State, bot: Bot, target: Bot, heading: str, squares: int, damaging: bool, doing: str,
           out: list[str], credit: int | None) -> None:
    """Push ``target`` up to ``squares`` squares towards ``heading`` (physics.push), stopping when it
    is blocked, falls or leaves; one event line says where it went."""
    detail: list[str] = []
    square = target.square
    for _ in range(squares):
        if not push(state, target.id, heading, detail, credit, by_rogue=bot.is_rogue,
                    damage_if_blocked=damaging):
            break
        square = ahead(square, heading)
        if _gone(state, target.id):
            break
    end = notation_square(square) if on_board(square) else "outside"
    what = doing.format(bot_name(state, target))
    out.append(f"{bot_name(state, bot)} {what}: {notation_square(target.square)} → {end}.")
    out.extend(detail)
