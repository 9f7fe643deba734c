"""Why a setup step is refused (refusals.py): placing POWERUPs and drums, start squares, hiding tokens. Quotes:
shared/rulebooks/powerup.txt ("rb N")."""

from __future__ import annotations

from rules.core.errors import quoted
from rules.powerup import deathmatch, life, physics
from rules.powerup.board import Square, board, name
from rules.powerup.refuse_words import _some, _square
from rules.powerup.state import State


# --- setup (rb 1880-1888) -------------------------------------------------------------------------------
def _spot(s: State, sq: Square) -> str | None:
    """Why no token may go on ``sq`` (deathmatch._free_spots): standing room (rb 685), not acid, spikes or
    stairs, not a robot's home (rb 1886), no figure and no POWERUP there yet."""
    b = board(s.layout)
    fid = physics.figure_at(s, sq)
    if b.blocked(sq) or sq not in b.standing:
        return f"{name(sq)} is a block" if b.blocked(sq) else f"nothing to stand on at {name(sq)}"
    if b.acid(sq) or b.spikes(sq) or b.stairs(sq):
        return f"not on acid, spikes or stairs ({name(sq)})"
    if sq in {life.robot_home(s, t) for t in ("RED", "BLU")}:
        return f"{name(sq)} is a robot's home"
    if fid is not None or sq in s.powerups:
        return f"{fid} stands on {name(sq)}" if fid else f"{name(sq)} has a POWERUP already"
    return None


def _place(s: State, seat: int, args: list[str]) -> str | None:
    """rb 1880: "Each team will place the POWERUP counters one by one wherever they want. Do not place more
    than 1 POWERUP on each tile"; rb 1884: a drum "wherever they want"."""
    sq, why = _square(s, args[0]) if args else (None, f"place where? e.g. place {name(deathmatch.designed_place(s))}")
    if sq is None or (why := _spot(s, sq)):
        return why
    b = board(s.layout)
    there = next((p for p in s.powerups if b.tile_of(p) == b.tile_of(sq)), None)
    if s.place_kind != "powerup" or there is None:
        return None
    tx, ty = b.tile_of(sq)
    tile = f"{name((tx * 3, ty * 3))}-{name((tx * 3 + 2, ty * 3 + 2))}"
    return f"one POWERUP per tile: the tile {tile} has one on {name(there)}"


def _start(s: State, seat: int, args: list[str]) -> str | None:
    """rb 1888: "Each player places his or her character at any point on their base" (life.start_squares:
    standing room, not the robot's home, acid or stairs; deathmatch.start_options: not a teammate's)."""
    sq, why = _square(s, args[0]) if args else (None, "start where? start <square> on your base")
    if sq is None:
        return why
    b, team = board(s.layout), s.busters[seat].team
    base = b.base_squares(team)
    if sq not in base:
        return f"start on your base ({name(base[0])}-{name(base[-1])})"
    if b.blocked(sq) or sq not in b.standing:
        return f"{name(sq)} is a block" if b.blocked(sq) else f"nothing to stand on at {name(sq)}"
    if sq == life.robot_home(s, team):
        return f"{name(sq)} is your robot's home"
    if b.acid(sq) or b.stairs(sq):
        return "not on acid or stairs"
    if any(x.start == sq for i, x in enumerate(s.busters) if i != seat and x.team == team):
        return f"a teammate starts on {name(sq)}"
    fid = physics.figure_at(s, sq)
    return f"{fid} stands on {name(sq)}" if fid else None


def _hide(s: State, seat: int, args: list[str]) -> str | None:
    """rb 1882: secret tokens "wherever they want on the board": off both bases (deathmatch.hide_squares: a
    start square never sits on one), a free spot, not on a token of the own team. The other team's tokens
    are never named (one may go on the same square)."""
    mine = s.to_hide[seat]
    if len(args) != 2 or args[0].lower() not in mine:
        if not mine:
            return "all your tokens are hidden: done"
        lead = f"you have no {quoted(args[0], 12)} token to hide" if len(args) == 2 else "hide <token> <square>"
        return f"{lead}; yours: {_some(mine, 40)}"
    sq, why = _square(s, args[1])
    if sq is None or (why := _spot(s, sq)):
        return why
    if board(s.layout).base_of(sq) is not None:
        return "secret tokens go off both bases"
    team = s.busters[seat].team
    if any(t.startswith(team + ":") for t in s.secrets.get(sq, "").split("+")):
        return f"your team already hid a token on {name(sq)}"
    return None
