"""Where the active seat's BUGBUSTER can go or reach now (rb 460-514, rb 673-769): the squares a step,
climb, jump or gateway leads to, what it may pick up or hand over, and what each costs. Listing only:
moves.py applies the movements. Quotes: shared/rulebooks/powerup.txt ("rb N")."""

from __future__ import annotations

from rules.powerup import bug_events, life, physics, professions
from rules.powerup.board import Square, board
from rules.powerup.state import State

FACING = {1: ">", -1: "<"}


def move_cost(s: State, seat: int) -> int:
    """rb 462: 1 AP; HEAVY doubles moving and jumping (rb 669); the Creeper Event doubles it (rb 1303,
    bug_events.py)."""
    return (2 if "HEAVY" in life.keywords(s.busters[seat]) else 1) * bug_events.in_force(s).move_factor


def jump_cost(s: State, seat: int) -> int:
    """rb 464: 2 AP; JUMP1 makes it 1 (rb 667), as the scout's Parkour does (co-op, professions.py); HEAVY
    doubles it; so does the Creeper Event (rb 1303)."""
    kw = life.keywords(s.busters[seat])
    base = 1 if "JUMP1" in kw else professions.jump_ap(s, seat) or 2
    return base * (2 if "HEAVY" in kw else 1) * bug_events.in_force(s).move_factor


def jump_high_cost(s: State) -> int:
    """rb 757: the Jump-Attack's jump straight up, 1 AP; doubled by the Creeper Event (rb 1303)."""
    return bug_events.in_force(s).move_factor


def position(s: State, seat: int) -> tuple[Square, int]:
    fid = s.busters[seat].sheet
    sq = s.where(fid)
    assert sq is not None
    return sq, s.figures[fid].facing


def ally_at(s: State, seat: int, sq: Square) -> str | None:
    fid = physics.figure_at(s, sq)
    if fid is None or s.seat_of(fid) is None or s.team_of(fid) != s.busters[seat].team:
        return None
    return fid


def pass_or_push(s: State, mover: str, ally: str, dx: int) -> list[str]:
    """rb 687: entering an ally's square, "The player with the overcome character shall choose" to let you
    pass (to the square beyond) or be pushed (1 square on, chaining)."""
    b = board(s.layout)
    sq = s.figures[ally].square
    assert sq is not None
    beyond = (sq[0] + dx, sq[1])
    out = []
    if b.step_open(sq, beyond) and physics.free(s, beyond):
        out.append("pass")
    if physics.push_line(s, ally, dx) is not None and s.figures[ally].cargo is None:
        out.append("pushed")
    return out


def step_targets(s: State, seat: int) -> dict[str, Square]:
    """``move``/``back``/``climb``/``jump`` -> the square they go to, when legal now (AP apart)."""
    b = board(s.layout)
    here, f = position(s, seat)
    me = s.busters[seat].sheet
    out: dict[str, Square] = {}
    for word, dx in (("move", f), ("back", -f)):
        to = (here[0] + dx, here[1])
        if b.step_open(here, to):
            ally = ally_at(s, seat, to)
            if physics.free(s, to) or ally is not None and pass_or_push(s, me, ally, dx):
                out[word] = to
    up, down = (here[0], here[1] + 1), (here[0], here[1] - 1)
    if b.inside(up) and b.open(up) and physics.free(s, up) and (
            b.ladder(here) or b.floor[up] == "="):  # rb 717 ladders; the issue: up through a thin platform
        out["climb up"] = up
    if b.ladder(down) and physics.free(s, down):
        out["climb down"] = down
    fwd, diag, high = (here[0] + f, here[1]), (here[0] + f, here[1] + 1), up
    if b.step_open(here, fwd) and physics.free(s, fwd):
        out["jump"] = fwd
    if b.inside(diag) and b.step_open(here, diag) and physics.free(s, diag):
        out["jump up"] = diag
    if b.inside(high) and b.vertical_open(here) and physics.free(s, high):
        out["jump high"] = high
    return out


def gate_targets(s: State, seat: int) -> list[Square]:
    """rb 711-715: from a gateway, to any other open gateway (not under the OFF marker, not shut)."""
    b = board(s.layout)
    here, _ = position(s, seat)
    if not b.gateway(here) or here in s.shut:
        return []
    return [g for g in b.gateways() if g != here and g != s.gate_off and g not in s.shut and physics.free(s, g)]


def pick_targets(s: State, seat: int) -> list[str]:
    """rb 510: "an ally or movable obstacle from a square adjacent to yours, in the direction you are
    facing" (ahead or diagonally ahead); one at a time. A team never takes up its own robot (touching it
    when fallen sends it home, rb 1900; at home there is no need); the enemy's may be stolen anywhere."""
    me = s.figures[s.busters[seat].sheet]
    if me.cargo is not None or me.carried_by is not None:
        return []
    here, f = position(s, seat)
    b = board(s.layout)
    team = s.busters[seat].team
    out = []
    for dy in (0, 1, -1):
        sq = (here[0] + f, here[1] + dy)
        if not b.step_open(here, sq):
            continue
        fid = physics.figure_at(s, sq)
        if fid is None:
            continue
        fig = s.figures[fid]
        if fig.cargo is not None:
            continue
        movable = fig.kind == "drum" or fig.kind == "robot" and fid != f"ROBOT-{team}"
        if movable or fig.kind == "buster" and s.team_of(fid) == team:
            out.append(fid)
    return out


def give_targets(s: State, seat: int) -> list[str]:
    """rb 506: "By placing your character in an adjacent square": allies on the 8 squares around."""
    here, _ = position(s, seat)
    b = board(s.layout)
    out = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            sq = (here[0] + dx, here[1] + dy)
            ally = ally_at(s, seat, sq) if (dx or dy) and b.step_open(here, sq) else None
            if ally is not None:
                out.append(ally)
    return out


def midjump_square(s: State, seat: int, d: int) -> Square | None:
    """rb 911: "move 1 square, left or right, while in mid-air"."""
    here, _ = position(s, seat)
    to = (here[0] + d, here[1])
    return to if board(s.layout).step_open(here, to) and physics.free(s, to) else None


def throw_room(s: State, seat: int) -> bool:
    """A throw needs the square ahead open and empty (it lands at least 1 square away, rb 514)."""
    here, f = position(s, seat)
    ahead = (here[0] + f, here[1])
    return board(s.layout).step_open(here, ahead) and physics.free(s, ahead)
