"""The Rogues' turns, the order a player moves them in, and the Surplus Calamity's new Rogue.

Pure: every function changes the given (cloned) state in place and appends public event lines to
``out``; consequences (Calamities, Upgrades) go to ``state.owed`` through physics.py. Quotes are from
shared/rulebooks/retro-bots.txt; the readings follow docs game-data.md 3.5 and 3.7.

Readings chosen:

- Stunned: "All it can do on its next turn is stand back up, facing the original direction it faced
  before being stunned": it only stands up (facing is never changed by a stun, so it keeps it).
- Turning: "ALL Rogues will turn when their move would take them into a wall, door, crate, pit, or
  other Bot". Before each step, a blocked Rogue turns 90 degrees its card's way (Right or Left) and
  looks again, at most 3 times; blocked all 4 ways it stops where it is (its remaining steps are lost)
  facing where its third turn left it. A turn does not use a step. A door is wall to every Rogue, the
  Minionbot included, on its own move; an open pit is never walked into (a filled one is floor); a
  Retro waiting outside a door is not on the board and blocks nothing.
- Pushing: no Rogue pushes except the Visebot ("Does not turn to avoid Bots"): it pushes a Bot or a
  crate ahead of it one square (no chains, physics.push). If the Bot has no room it GRINDS (1
  damage); that "move" is spent, then "It will turn after grinding once": it turns Left and goes on
  with its remaining steps. It still turns for walls, doors and pits. Whatever a Rogue pushes or
  forces into a pit is kept by nobody ("pushed into a pit by accident ... no player keeps it").
- HAZBOT "Any time it moves into a square with a Bot in front of it, that Bot takes 1 damage": after
  each of its steps, the Bot or crate on the square ahead of it (its facing after the step).
- LASBOT: at the end of its move (even a move cut short), the first Bot or crate straight ahead, up
  to the board's edge; pits do not stop the laser.
- GRILLBOT: at the end of its move, the squares ahead, ahead-left and ahead-right (the two diagonals
  in front), in that order; squares off the board are wall and hold nobody.
- PROGBOT and BOSSBOT ("Functions just like a PROGBOT"): after each of its steps, every figure
  orthogonally next to its new square that has a facing (a crate has none), looked at front, right,
  behind, left ("start with the space in front and work around clockwise"), is forced 1 square along
  its own facing (``force_forward``): no pushing and no damage; blocked by a wall, a door it may not
  pass, or any figure, it stays. Into an open pit it falls (credit None: a Rogue is kept by nobody, a
  Retro is lost). A Retro forced at its door goes out and waits there (physics.leave); so does a
  Minionbot, which is then rescued with no Upgrade for anyone. A Retro with MAG CLAMP is not forced.
  Stunned figures and the Bossbot are forced too (forcing is neither damage nor PROGRAM hacking).
- Bossbot is immune to damage (physics.damage); Minionbot and Servobot have no special.
- Surplus entry: the new figure waits outside the door facing in and its first step must take it
  onto the door's inside square (physics.step from outside). Jammed doors, or a figure on that square
  (which a Visebot pushes, and grinds if it cannot), leave it "UNABLE to get onto the board": it goes
  back to the box (not counted as disabled). Otherwise the entry is its first step (specials after a
  step apply) and it makes the rest of its move at once, turning as usual, with its end-of-move special.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from rules.retro.data import ROGUE_TYPES, game_data
from rules.retro.geometry import ahead, clockwise_from, door_at, inward, is_pit, on_board, outside_of, turned
from rules.retro.physics import bot_name, damage, fall, leave, may_exit, notation_square, place, step
from rules.retro.state import Bot, Square, State

CENTRE = (5.5, 5.5)


# -- one Rogue's turn --------------------------------------------------------------------------------

def move_rogue(state: State, rogue_id: str, out: list[str]) -> None:
    """One Rogue's turn: stand up if stunned, else move per its card, then its end-of-move special."""
    bot = state.bots.get(rogue_id)
    if bot is None or not bot.is_rogue or bot.outside is not None:
        return
    if bot.stunned:
        state.bots[rogue_id] = replace(bot, stunned=False)
        out.append(f"{bot_name(state, bot)} stands back up.")
        return
    _walk(state, rogue_id, game_data().rogue(bot.kind).move, out)
    _end_of_move(state, rogue_id, out)


class _Trail:
    """Collects one Rogue's path ("Servobot 3: C4 → D4 (turns right) → D5.") into a single event line,
    written out before any other event its move causes."""

    def __init__(self, state: State, rogue_id: str, out: list[str]) -> None:
        self.state, self.id, self.out = state, rogue_id, out
        self.name = bot_name(state, state.bots[rogue_id])
        self.parts: list[str] = []
        self.flush()

    def add(self, text: str) -> None:
        self.parts.append(text)

    def flush(self) -> None:
        if len(self.parts) > 1:
            self.out.append(f"{self.name}: {' '.join(self.parts)}.")
        bot = self.state.bots.get(self.id)
        self.parts = [notation_square(bot.square)] if bot is not None and bot.outside is None else []


def _walk(state: State, rogue_id: str, steps: int, out: list[str]) -> None:
    """``steps`` steps forward, turning when blocked, with the specials that act after each step."""
    card = game_data().rogue(state.bots[rogue_id].kind)
    trail = _Trail(state, rogue_id, out)
    while steps > 0 and rogue_id in state.bots:
        facing = _clear_way(state, rogue_id, trail)
        if facing is None:
            trail.add("(boxed in: stops)")
            break
        steps -= 1
        bot = state.bots[rogue_id]
        other = state.at(ahead(bot.square, facing))
        if other is None:
            step(state, rogue_id, facing, out, None, pushes=False, by_rogue=True)
            trail.add(f"→ {notation_square(state.bots[rogue_id].square)}")
        else:  # only a Visebot steps into a figure: it pushes it, or grinds it and turns
            trail.flush()
            other_name, mark = bot_name(state, other), len(out)
            result = step(state, rogue_id, facing, out, None, pushes=True, by_rogue=True)
            if result == "ground":
                out.insert(mark, f"{trail.name} grinds {other_name}.")
                state.bots[rogue_id] = replace(state.bots[rogue_id], facing=turned(facing, _turn(card.turn)))
                trail.flush()
                trail.add(f"(turns {card.turn})")
                continue
            out.insert(mark, f"{trail.name} pushes {other_name} and moves to "
                             f"{notation_square(state.bots[rogue_id].square)}.")
            trail.flush()
        _after_step(state, rogue_id, trail, out)
    if rogue_id in state.bots:
        trail.flush()


def _turn(way: str) -> int:
    return 1 if way == "right" else -1


def _clear_way(state: State, rogue_id: str, trail: _Trail) -> str | None:
    """The facing the next step goes: the Rogue's own, else after up to 3 turns its card's way
    (turns are kept). None when all four ways are blocked."""
    bot = state.bots[rogue_id]
    card = game_data().rogue(bot.kind)
    facing = bot.facing or "N"
    for turns in range(4):
        if turns:
            facing = turned(facing, _turn(card.turn))
            trail.add(f"(turns {card.turn})")
            state.bots[rogue_id] = replace(state.bots[rogue_id], facing=facing)
        if not _blocked(state, bot.square, facing, pushes=card.special == "grind"):
            return facing
    return None


def _blocked(state: State, square: Square, facing: str, *, pushes: bool) -> bool:
    """A wall or door (doors are wall to Rogues), an open pit, or a figure (unless it pushes)."""
    target = ahead(square, facing)
    if not on_board(target) or is_pit(state, target):
        return True
    return not pushes and state.at(target) is not None


def _after_step(state: State, rogue_id: str, trail: _Trail, out: list[str]) -> None:
    bot = state.bots.get(rogue_id)
    if bot is None or bot.facing is None:
        return
    special = game_data().rogue(bot.kind).special
    if special == "hazard":
        front = state.at(ahead(bot.square, bot.facing))
        if front is not None:
            trail.flush()
            out.append(f"{trail.name} zaps {bot_name(state, front)} in front of it.")
            damage(state, front.id, out)
    elif special == "force":
        ids = [o.id for f in clockwise_from(bot.facing)
               if (o := state.at(ahead(bot.square, f))) is not None and o.facing is not None]
        if ids:
            trail.flush()
        for bot_id in ids:
            force_forward(state, bot_id, out)


def _end_of_move(state: State, rogue_id: str, out: list[str]) -> None:
    bot = state.bots.get(rogue_id)
    if bot is None or bot.outside is not None or bot.facing is None:
        return
    special = game_data().rogue(bot.kind).special
    name = bot_name(state, bot)
    if special == "laser":
        hit = _laser_target(state, bot.square, bot.facing)
        if hit is None:
            out.append(f"{name} fires its laser: it hits nothing.")
            return
        out.append(f"{name} fires its laser at {bot_name(state, hit)}.")
        damage(state, hit.id, out)
    elif special == "flames":
        targets = [t for t in (state.at(s) for s in flame_squares(bot.square, bot.facing)) if t is not None]
        out.append(f"{name} shoots flames" + (f" at {', '.join(bot_name(state, t) for t in targets)}." if targets
                                             else ": nobody is there."))
        for target in targets:
            damage(state, target.id, out)


def _laser_target(state: State, square: Square, facing: str) -> Bot | None:
    """The first figure straight ahead, to the board's edge (the wall)."""
    square = ahead(square, facing)
    while on_board(square):
        hit = state.at(square)
        if hit is not None:
            return hit
        square = ahead(square, facing)
    return None


def flame_squares(square: Square, facing: str) -> list[Square]:
    """"the 3 squares in front, front left, and front right": ahead, then the two diagonals ahead."""
    front = ahead(square, facing)
    sides = [ahead(front, turned(facing, -1)), ahead(front, turned(facing, 1))]
    return [s for s in (front, *sides) if on_board(s)]


def force_forward(state: State, bot_id: str, out: list[str]) -> None:
    """A PROGBOT's (or BOSSBOT's) "forced to move 1 square forward": along the figure's own facing,
    with no push and no damage; a pit swallows it (kept by nobody); a door lets out only those that
    may pass it (a Retro, the Minionbot); MAG CLAMP holds a Retro in place."""
    bot = state.bots.get(bot_id)
    if bot is None or bot.outside is not None or bot.facing is None:
        return
    name = bot_name(state, bot)
    if bot.is_retro and "mag_clamp" in state.upgrades[bot.seat or 0]:
        out.append(f"{name}'s Mag Clamp holds it in place.")
        return
    target = ahead(bot.square, bot.facing)
    if not on_board(target):
        door = door_at(bot.square, bot.facing)
        if door is not None and may_exit(state, bot):
            out.append(f"{name} is forced forward.")
            leave(state, bot, door, out, None)
        else:
            out.append(f"{name} is forced forward but the wall stops it.")
        return
    if state.at(target) is not None:
        out.append(f"{name} is forced forward but {bot_name(state, state.at(target))} is in the way.")
        return
    out.append(f"{name} is forced forward to {notation_square(target)}.")
    place(state, bot, target)
    if is_pit(state, target):
        fall(state, bot_id, out, None)


# -- order -------------------------------------------------------------------------------------------

def rogue_order(state: State, seat: int) -> list[str]:
    """The Rogues ``seat`` moves this round, in order: those of its Rogue card's type on the board.

    "When moving Rogues, start with the one closest to you and work your way around the board
    clockwise until all have moved." Reading: "you" is the door given to the seat; Rogues go nearest
    first (Manhattan distance to that door's inside square); equal distances go clockwise around
    the board's centre starting from the door's side (N, E, S or W of the centre); then by id."""
    door = game_data().board.doors[game_data().board.doors_for_players[str(len(state.seats))][seat]]
    start = _bearing(ahead((0, 0), door.side))
    kind = state.dealt[seat]

    def key(bot: Bot) -> tuple[int, float, str]:
        distance = abs(bot.x - door.square[0]) + abs(bot.y - door.square[1])
        around = (_bearing((bot.x - CENTRE[0], bot.y - CENTRE[1])) - start) % (2 * math.pi)
        return distance, around, bot.id

    return [b.id for b in sorted((b for b in state.rogues() if b.kind == kind), key=key)]


def _bearing(vector: tuple[float, float]) -> float:
    """The clockwise angle from north of a vector (y grows downwards)."""
    return math.atan2(vector[0], -vector[1]) % (2 * math.pi)


def surge_order(state: State) -> list[str]:
    """POWER SURGE ("Every Rogue on the board moves again now"): the Bossbot, the Minionbot, then each
    seat's Rogues in ``rogue_order`` from the Pry Bar around the table, then any other Rogue by id."""
    order = [b for b in ("bossbot", "minionbot") if b in state.bots and state.bots[b].outside is None]
    n = len(state.seats)
    for k in range(n):
        order += rogue_order(state, (state.pry_bar + k) % n)
    return order + sorted(b.id for b in state.rogues() if b.id not in order)


def move_all(state: State, out: list[str], order: Sequence[str] | None = None) -> None:
    """Every Rogue in ``order`` (default: ``surge_order``, taken before any of them moves) takes a
    turn; one that left the board meanwhile is skipped. What is owed waits for the engine."""
    for rogue_id in surge_order(state) if order is None else order:
        bot = state.bots.get(rogue_id)
        if bot is not None and bot.outside is None:
            move_rogue(state, rogue_id, out)


# -- Surplus -----------------------------------------------------------------------------------------

def available(state: State, kind: str) -> int:
    """The figures of ``kind`` not on the board (the table's AMOUNT minus those standing on it)."""
    return game_data().rogue(kind).count - sum(1 for b in state.bots.values() if b.is_rogue and b.kind == kind)


def surplus_kind(state: State) -> str | None:
    """"choose whatever Rogue type already in play that has the most available figures". Reading: a
    tie goes to the type listed first in ROGUE_TYPES (Servo, Haz, Las, Grill, Vise, Prog), so no
    player choice is asked; None when no figure is left."""
    kinds = [k for k in ROGUE_TYPES if k in state.in_play and available(state, k) > 0]
    return max(kinds, key=lambda k: (available(state, k), -ROGUE_TYPES.index(k)), default=None)


def surplus(state: State, door: int, out: list[str]) -> str | None:
    """A SURPLUS card naming ``door``: a new Rogue comes in there and moves at once. Returns its id,
    or None when no figure was left or it could not get onto the board (then it is back in the box)."""
    kind = surplus_kind(state)
    if kind is None:
        out.append("Surplus: every Rogue figure of the types in play is on the board; nothing happens.")
        return None
    rogue_id = _new_id(state, kind)
    x, y = outside_of(door)
    state.bots[rogue_id] = bot = Bot(rogue_id, kind, x, y, inward(door), False, door)
    name, door_name = bot_name(state, bot), game_data().board.doors[door].name
    out.append(f"Surplus: {name} arrives at the {door_name} door.")
    card = game_data().rogue(kind)
    occupant, mark = state.at(game_data().board.doors[door].square), len(out)
    occupant_name = bot_name(state, occupant) if occupant is not None else ""
    if step(state, rogue_id, inward(door), out, None, pushes=card.special == "grind", by_rogue=True) != "entered":
        state.bots.pop(rogue_id, None)
        out.append(f"{name} cannot get onto the board and is removed from play.")
        return None
    if occupant is not None:  # only a Visebot gets in past a figure
        out.insert(mark, f"{name} pushes {occupant_name} out of the doorway.")
    _after_step(state, rogue_id, _Trail(state, rogue_id, out), out)
    _walk(state, rogue_id, card.move - 1, out)
    _end_of_move(state, rogue_id, out)
    return rogue_id


def _new_id(state: State, kind: str) -> str:
    """``<kind><n>`` with n above every number used so far: setup numbers 1..AMOUNT, earlier Surplus
    numbers (``state.serial``) and any on the board."""
    used = [int(b.id[len(kind):]) for b in state.bots.values() if b.kind == kind and b.id[len(kind):].isdigit()]
    n = max([game_data().rogue(kind).count, state.serial, *used]) + 1
    state.serial = n
    return f"{kind}{n}"
