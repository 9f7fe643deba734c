"""POW! cards that act on the board (rb 1170-1277): Teleport, Turn on POWERUPs, Money Bot, Open/Close Door,
Barrier Granade, There's a monkey!. effects.py registers them and gives the readings taken. Functions
change a cloned state in place and append public lines to ``out``."""

from __future__ import annotations

from rules.powerup import cards, life, physics
from rules.powerup.board import Square, board, name, parse_square
from rules.powerup.data import game_data
from rules.powerup.state import State


def _me(s: State, seat: int) -> Square:
    sq = s.where(s.busters[seat].sheet)
    assert sq is not None
    return sq


def teleport_args(s: State, seat: int) -> list[str]:
    return [name(sq) for sq, on in sorted(s.powerups.items(), key=lambda kv: (kv[0][1], kv[0][0]))
            if on and physics.free(s, sq)]


def teleport(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1265: "The BUGBUSTER teleports to any POWERUP that is on, turning it off. The POWERUP cannot be
    used for anything else when this is done." (no store; its cargo comes along, rb 510)."""
    fid = s.busters[seat].sheet
    to = parse_square(arg)
    assert to is not None
    f = s.figures[fid]
    if f.carried_by is not None:
        s.move_figure(f.carried_by, cargo=None)
    here = s.where(fid)
    s.move_figure(fid, square=to, carried_by=None)
    s.powerups[to] = False
    out.append(f"{fid} teleports from {name(here) if here else '?'} to the POWERUP at {name(to)} (now OFF).")
    physics.settle(s, out, keep=s.air)
    physics.ask_facing(s, seat)
    physics.arrive(s, fid, out)


def turn_on_args(s: State, seat: int) -> list[str]:
    off = sum(1 for on in s.powerups.values() if not on)
    return [str(n) for n in range(1, min(s.busters[seat].ammo, off) + 1)]


def turn_on(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1277: "For each ammo point used, you turn 1 deactivated POWERUP back on." The argument is the
    ammo spent; the OFF POWERUPs nearest the user turn ON (ties: lower row, then left)."""
    n = int(arg)
    me = _me(s, seat)
    life.spend(s, seat, ammo=n, out=out)
    off = sorted((sq for sq, on in s.powerups.items() if not on),
                 key=lambda sq: (abs(sq[0] - me[0]) + abs(sq[1] - me[1]), sq[1], sq[0]))[:n]
    for sq in off:
        s.powerups[sq] = True
    out.append(f"{s.busters[seat].sheet} spends {n} ammo: POWERUP{'s' if n != 1 else ''} "
               f"{', '.join(name(sq) for sq in off)} ON again.")


def money_bot_args(s: State, seat: int) -> list[str]:
    return [name(sq) for sq, n in sorted(s.coins.items(), key=lambda kv: (kv[0][1], kv[0][0])) if n > 0]


def money_bot(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1241: "Collect all the coins in a square that is anywhere on the board." (coins lying in the
    open, ``s.coins``; face-down secrets stay hidden)."""
    sq = parse_square(arg)
    assert sq is not None
    n = s.coins.pop(sq)
    b = s.busters[seat]
    s.set_buster(seat, coins=b.coins + n)
    out.append(f"{b.sheet}'s Money Bot collects {n} coin{'' if n == 1 else 's'} at {name(sq)}.")


def door_args(s: State, seat: int) -> list[str]:
    return [name(sq) for sq in board(s.layout).gateways()]


def door(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1245: "You may open or close one of the doors that is on the board." A shut gateway stays shut
    until a card opens it (the issue)."""
    sq = parse_square(arg)
    assert sq is not None
    toggle_door(s, sq, s.busters[seat].sheet, out)


def toggle_door(s: State, sq: Square, who: str, out: list[str]) -> None:
    """A gateway opens if shut, else shuts (the card, the Door Mechanic, her card): ``who`` does it, or the
    door itself is named ("")."""
    opens = sq in s.shut
    s.shut = tuple(x for x in s.shut if x != sq) if opens else (*s.shut, sq)
    if who:
        out.append(f"{who} {'opens' if opens else 'shuts'} the door at {name(sq)}.")
    else:
        out.append(f"The door at {name(sq)} {'opens' if opens else 'is shut'}.")


def barrier_args(s: State, seat: int) -> list[str]:
    if len(s.covers) >= game_data().caps.covers:  # rb 93: the box's 3 covers
        return []
    b = board(s.layout)
    me = _me(s, seat)
    around = [(me[0] + dx, me[1] + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
    # a cover never hides a token (respawn and Teleport use POWERUPs) nor a robot's home (it goes back there)
    kept = {*s.powerups, *s.secrets, *s.coins, *(life.robot_home(s, t) for t in ("RED", "BLU"))}
    return [name(sq) for sq in around if b.step_open(me, sq) and physics.free(s, sq) and b.supported(sq)
            and sq not in kept]


def barrier(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1190: "Generates a barrier of 2 armor points in an adjacent square." (a cover, rb 1126: "This
    square is blocked and no one can pass through it"; its armor is the data's cover armor)."""
    sq = parse_square(arg)
    assert sq is not None
    s.covers = (*s.covers, sq)
    out.append(f"{s.busters[seat].sheet} throws a Barrier Granade: a cover at {name(sq)} "
               f"({cards.amount('Barrier Granade', 'armor')} armor).")


def monkey_args(s: State, seat: int) -> list[str]:
    team = s.busters[seat].team
    return [b.sheet for b in s.busters if b.team != team and s.where(b.sheet) is not None]


def monkey(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1269: "Flip an enemy to face the opposite direction."."""
    f = s.figures[arg]
    s.move_figure(arg, facing=-f.facing)
    out.append(f"There's a monkey! {arg} turns to face {'>' if f.facing < 0 else '<'}.")
