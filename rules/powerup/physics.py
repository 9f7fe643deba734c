"""Gravity, pushes, stairs and what a square does to a figure arriving on it (rb 681-769, rb 1100-1108).

Functions change a cloned state in place and append public lines to ``out``. Quotes:
shared/rulebooks/powerup.txt ("rb N").
"""

from __future__ import annotations

from functools import cache

from rules.powerup import life
from rules.powerup.board import Square, board, name
from rules.powerup.coop_data import coop_data
from rules.powerup.data import game_data
from rules.powerup.state import State, mode_of

UNMOVED = ("piece", "mistress", "turret", "glitch")  # co-op figures no push moves (push_line; the turret: turret.py;
# the GLITCH hovers: glitch.py)
SHOVES = {"left": (-1, 0), "right": (1, 0), "up": (0, 1), "down": (0, -1)}  # the default's order too


def figure_at(s: State, sq: Square) -> str | None:
    for f in s.figures.values():
        if f.square == sq:
            return f.id
    return None


def free(s: State, sq: Square) -> bool:
    """Open, with no figure and no cover (rb 703: "only be one BUGBUSTER ... in each square")."""
    return board(s.layout).open(sq) and sq not in s.covers and figure_at(s, sq) is None


def supported(s: State, sq: Square, fid: str | None = None) -> bool:
    """A fixed support, or a figure or cover below to stand on (rb 775: "walk on top of others as if
    these were any other surface"); or a FLYING BUG, ``fid`` or the one standing on ``sq``: it "does not
    need an obstacle underneath it to stay in a square" (rb 987). Looked for last, and only in co-op:
    settle asks this of every figure at every step."""
    b = board(s.layout)
    if not b.inside(sq):  # the void: only a GLITCH flies there, or lies a body lost there (glitch.py)
        return True
    if b.supported(sq):
        return True
    below = (sq[0], sq[1] - 1)
    if below in s.covers or figure_at(s, below) is not None:
        return True
    return s.coop is not None and flies(s, fid if fid is not None else figure_at(s, sq))


def flies(s: State, fid: str | None) -> bool:
    """A BUG whose sheet has FLYING (rb 987; the BATBUG's, rb 1059), or a GLITCH."""
    if s.coop is None or fid is None:
        return False
    if fid in s.figures and s.figures[fid].kind == "glitch":  # rb 869: "These ships can fly" (glitch.py)
        return True
    bug = s.coop.bugs.get(fid)
    return bug is not None and bug.kind in _flyers()


@cache
def _flyers() -> frozenset[str]:
    return frozenset(x.id for x in coop_data().bug_sheets if "FLYING" in x.abilities)


def riders(s: State, fid: str) -> list[str]:
    """The figures standing on ``fid``'s head, lowest first (a stack rides the figure below, rb 775); a
    never-moved co-op figure (``UNMOVED``) and what stands on it stay behind."""
    b = board(s.layout)
    out = []
    sq = s.figures[fid].square
    while sq is not None:
        up = (sq[0], sq[1] + 1)
        if not b.inside(up) or b.supported(up) or not b.vertical_open(sq):
            break
        rider = figure_at(s, up)
        if rider is None or s.figures[rider].kind in UNMOVED:  # she is carried by no one; she may fall
            break
        out.append(rider)
        sq = up
    return out


def shift(s: State, fid: str, to: Square, out: list[str]) -> None:
    """Move a figure one square (a step, a push); its stack rides along where it can, and a rider that
    an obstacle stops stays behind and falls (rb 777)."""
    here = s.figures[fid].square
    assert here is not None
    stack = riders(s, fid)
    s.move_figure(fid, square=to)
    dx = to[0] - here[0]
    dy = to[1] - here[1]
    for rider in stack:
        r = s.figures[rider].square
        assert r is not None
        target = (r[0] + dx, r[1] + dy)
        if board(s.layout).step_open(r, target) and free(s, target):
            s.move_figure(rider, square=target)


def settle(s: State, out: list[str], keep: str = "", by: int | None = None) -> None:
    """Every unsupported figure falls (lowest first, so a stack comes down together), but ``keep``: the
    active figure in the air, which falls when it is done there; and a BUGBUSTER asked whether it
    Mid-Jumps before it falls (rb 911; its answer makes it fall, ``midair``). ``by``: the seat whose push
    made them fall (a BUG it drops into acid scores for it)."""
    while True:
        held = {a[2] for a in s.asks if a[1] == "midair"}
        loose = [f for f in s.figures.values() if f.square is not None and f.id != keep and f.id not in held
                 and not supported(s, f.square, f.id)]
        if not loose:
            return
        fid = min(loose, key=lambda f: (f.square[1], f.square[0])).id  # type: ignore[index]
        seat = s.seat_of(fid)
        if seat is not None and midair_options(s, fid) != ["fall"] and mode_of(s, seat) != "none":
            s.asks = (*s.asks, (seat, "midair", fid))
            continue
        fall(s, fid, out, by)


def midair_options(s: State, fid: str) -> list[str]:
    """rb 911: "You can use RPs to move 1 square, left or right, while in mid-air ... once per jump or
    fall": ``fall`` or ``midjump <``/``midjump >`` to an open, free square beside it (1 RP)."""
    seat = s.seat_of(fid)
    sq = s.figures[fid].square if fid in s.figures else None
    if sq is None or supported(s, sq):
        return []
    if seat is None or s.busters[seat].rp < 1:
        return ["fall"]
    bd = board(s.layout)
    sides = [d for d in (-1, 1) if bd.step_open(sq, (sq[0] + d, sq[1])) and free(s, (sq[0] + d, sq[1]))]
    return ["fall", *(f"midjump {'<' if d < 0 else '>'}" for d in sides)]


def midair(s: State, fid: str, act: str, out: list[str]) -> None:
    """The falling figure's answer: shift a square sideways for 1 RP, then fall from there (or land)."""
    seat = s.seat_of(fid)
    assert seat is not None
    if act != "fall":
        sq = s.figures[fid].square
        assert sq is not None
        to = (sq[0] + (-1 if act.endswith("<") else 1), sq[1])
        life.spend(s, seat, rp=1)
        shift(s, fid, to, out)
        out.append(f"{fid} shifts in mid-air to {name(to)} (1 RP).")
        if supported(s, to):
            arrive(s, fid, out)
            return
    fall(s, fid, out)


def fall(s: State, fid: str, out: list[str], by: int | None = None) -> None:
    """rb 761-769: a figure falls to the first support; a BUGBUSTER falling n squares (n > 1) loses
    n - 1 lives (the 3-square fall costs 2); a BUG loses none (bug_moves.py's reading). Then it arrives."""
    f = s.figures[fid]
    sq = f.square
    assert sq is not None
    n = 0
    while not supported(s, sq, fid) and sq[1] > 0:
        sq = (sq[0], sq[1] - 1)
        n += 1
    if n == 0:
        return
    s.move_figure(fid, square=sq)
    if f.kind == "bug":
        out.append(f"{fid} falls to {name(sq)}.")
    seat = s.seat_of(fid)
    if seat is not None:
        if n == 1:
            out.append(f"{fid} comes down on {name(sq)}.")
        if n > 1:
            out.append(f"{fid} falls {n} squares to {name(sq)}.")
            b = s.busters[seat]
            a = life.armor_item(b)
            if a is not None and a.destroyed_when == "fall2":
                life.destroy(s, seat, a.id, out, f"a {n}-square fall")
            if life.hurt(s, seat, n - 1, out, cause=f"a {n}-square fall"):
                return
        ask_facing(s, seat)
    arrive(s, fid, out, by)


def ask_facing(s: State, seat: int) -> None:
    """rb 783: "After falling from a height or going through a door, you can choose the direction your
    character will face." Asked of the seat (default: keep)."""
    if not any(a[0] == seat and a[1] == "face" for a in s.asks):
        s.asks = (*s.asks, (seat, "face", s.busters[seat].sheet))


def arrive(s: State, fid: str, out: list[str], by: int | None = None) -> None:
    """What a square does to a figure arriving on it (by any means): acid kills (rb 725), automatic stairs
    lift (rb 719), spikes and fire hurt and push (rb 727, rb 1106), a face-down secret is found
    (rb 1132), a fallen robot touched by its own team goes home (rb 1900). A POWERUP triggers only on
    the figure's own move: the caller's business (moves.arrival). A BUG's arrival is co-op's
    (bug_squares.arrive); ``by`` is the seat whose push brought it there, if any."""
    b = board(s.layout)
    f = s.figures[fid]
    sq = f.square
    if sq is None:
        return
    if f.kind == "bug":
        from rules.powerup import bug_squares  # it builds on this module

        bug_squares.arrive(s, fid, out, by)
        return
    seat = s.seat_of(fid)
    if b.acid(sq):
        if seat is not None:
            life.hurt(s, seat, s.busters[seat].lives, out, cause="acid")
        else:
            remove_thing(s, fid, out, "acid", by)
        return
    sq = lift(s, fid)
    if seat is not None:
        hazard = "fire" if sq in s.fire else "spikes" if b.spikes(sq) else ""
        if hazard:
            h = game_data().hazards[hazard]
            out.append(f"{fid} lands on {hazard} at {name(sq)}.")
            if life.hurt(s, seat, h.lives, out, cause=hazard):
                return
            s.asks = (*s.asks, (seat, "shove", fid))
        find_secret(s, seat, sq, out)
        touch_robot(s, seat, out)


def lift(s: State, fid: str) -> Square:
    """rb 719: on automatic stairs a figure "automatically moves up unless it is blocked by a character in
    the square above". Returns its square."""
    b = board(s.layout)
    sq = s.figures[fid].square
    assert sq is not None
    up = (sq[0], sq[1] + 1)
    if b.stairs(sq) and b.vertical_open(sq) and free(s, up):
        s.move_figure(fid, square=up)
        return up
    return sq


def find_secret(s: State, seat: int, sq: Square, out: list[str]) -> None:
    """rb 1136-1154, the secret tokens, found by the first figure entering (the issue). Coins go to the
    finder (DEATHMATCH has no use for them but the summary), a POWERUP token is set ON on the square, a
    Buggie Trap takes 1 life and pushes 1 square (the victim chooses). A finder the trap kills finds no
    more: the tokens left stay face down for the next figure."""
    if s.coop is not None:  # co-op's tokens: keys and coins kept hidden, its Buggie Trap (coop_secrets.py)
        from rules.powerup import coop_secrets

        coop_secrets.find(s, seat, sq, out)
        return
    tokens = s.secrets.pop(sq, None)
    if not tokens:
        return
    fid = s.busters[seat].sheet
    found = tokens.split("+")
    for k, token in enumerate(found):
        kind = token.split(":")[1]
        if kind.startswith("coins"):
            value = int(kind[5:])
            s.set_buster(seat, coins=s.busters[seat].coins + value)
            out.append(f"{fid} finds a secret at {name(sq)}: {value} coin{'s' if value > 1 else ''}.")
        elif kind == "powerup":
            s.powerups[sq] = True
            out.append(f"{fid} finds a secret at {name(sq)}: a POWERUP (ON).")
        elif kind == "trap":
            out.append(f"{fid} finds a secret at {name(sq)}: a Buggie Trap!")
            h = game_data().hazards["buggie_trap"]
            if life.hurt(s, seat, h.lives, out, cause="a Buggie Trap"):
                if found[k + 1:]:
                    s.secrets[sq] = "+".join(found[k + 1:])
                return
            s.asks = (*s.asks, (seat, "shove", fid))


def touch_robot(s: State, seat: int, out: list[str]) -> None:
    """rb 1900: "Once you touch your team's fallen robot, it automatically teleports to your base": a
    BUGBUSTER on or next to its fallen robot (the issue: "moving next to")."""
    team = s.busters[seat].team
    robot = s.figures.get(f"ROBOT-{team}")
    if robot is None:  # co-op has no robots
        return
    me = s.where(s.busters[seat].sheet)
    home = life.robot_home(s, team)
    if robot.carried_by is not None or robot.square is None or robot.square == home or me is None:
        return
    if max(abs(robot.square[0] - me[0]), abs(robot.square[1] - me[1])) <= 1:
        send_home(s, team, out)


def send_home(s: State, team: str, out: list[str]) -> None:
    rid = f"ROBOT-{team}"
    home = life.robot_home(s, team)
    robot = s.figures[rid]
    if robot.carried_by is not None:
        s.move_figure(robot.carried_by, cargo=None)
    occupant = figure_at(s, home)
    if occupant is not None and occupant != rid:
        # the home square is taken: the occupant steps aside onto the first free base square (rare)
        spot = next((sq for sq in life.start_squares(s, team) if free(s, sq)), None)
        if spot is not None:
            s.move_figure(occupant, square=spot)
    s.move_figure(rid, square=home, carried_by=None)
    out.append(f"The {team} robot goes home.")


def remove_thing(s: State, fid: str, out: list[str], cause: str, by: int | None = None) -> None:
    """A figure without a seat in acid: a drum is gone; a robot is sent home (a house reading: the rulebook
    never removes a robot); a BUG or an NPC dies with what the co-op state knows of it; the BUGMISTRESS's
    figure "dies and disintegrates" (rb 725) at whatever level (coop_combat.drowned)."""
    kind = s.figures[fid].kind
    if kind == "mistress":
        from rules.powerup import coop_combat  # it builds on this module

        coop_combat.drowned(s, out)
    elif kind in ("bug", "npc"):
        from rules.powerup import bug_squares  # it builds on this module

        if kind == "bug":
            bug_squares.drown(s, fid, out, by)
        else:
            bug_squares.npc_dies(s, fid, out)
    elif fid.startswith("ROBOT-"):
        send_home(s, fid[6:], out)
    elif kind == "turret":  # the Machine-Gun Turret and its record go together (turret.py)
        from rules.powerup import turret

        turret.scrap(s, out, f"lost in the {cause}")
    else:
        del s.figures[fid]
        out.append(f"{fid} is lost in the {cause}.")


def push(s: State, fid: str, dx: int, squares: int, out: list[str], by: int | None = None) -> int:
    """Push a figure ``squares`` squares sideways (rb 741: "in the opposite direction to the attack"),
    moving every figure in its way with it (rb 743: "If you push a character and it bumps into another,
    the movement affects them both"), until a wall stops the line. A carried figure is knocked off its
    carrier; a pushed carrier drops its cargo where it stood (rb 510). Returns the squares moved. Falls
    and arrivals come after the push; ``by``: the pushing seat (a BUG pushed into acid scores for it)."""
    holder = s.figures[fid].carried_by
    if holder is not None:  # knocked off: for a moment it stands on its carrier's square
        s.move_figure(fid, square=s.where(holder), carried_by=None)
        s.move_figure(holder, cargo=None)
    if squares <= 0 or push_line(s, fid, dx) is None:
        if holder is not None:  # it cannot go anywhere: it stays on its carrier
            s.move_figure(fid, square=None, carried_by=holder)
            s.move_figure(holder, cargo=fid)
        return 0
    start = s.figures[fid].square
    cargo = s.figures[fid].cargo
    if cargo is not None:  # held aside until its carrier has left the square
        s.move_figure(fid, cargo=None)
        s.move_figure(cargo, carried_by=None)
    moved = 0
    moved_any: set[str] = set()
    for _ in range(squares):
        line = push_line(s, fid, dx)
        if line is None:
            break
        _step_line(s, line, dx, out)
        moved_any.update(line)
        moved += 1
    if cargo is not None:
        s.move_figure(cargo, square=start)
    for other in moved_any:
        seat = s.seat_of(other)
        if seat is not None:
            _pushed_equipment(s, seat, out)
    settle(s, out, keep=s.air, by=by)
    for other in sorted(moved_any):
        if other in s.figures and s.figures[other].square is not None:
            arrive(s, other, out, by)
    return moved


def push_line(s: State, fid: str, dx: int) -> list[str] | None:
    """The figures from ``fid`` onward that move together one square, or None if a wall stops them. A
    co-op figure that is never moved (a portal piece: coop data ``moves: false``; the BUGMISTRESS, who
    "cannot move" at level 1, rb 1844, and moves only by her own steps at level 2) stops a line as a wall."""
    b = board(s.layout)
    line = [fid]
    sq = s.figures[fid].square
    assert sq is not None
    while True:
        nxt = (sq[0] + dx, sq[1])
        if b.blocked(nxt) or nxt in s.covers:
            return None
        other = figure_at(s, nxt)
        if other is None:
            return line
        if s.figures[other].kind in UNMOVED:
            return None
        line.append(other)
        sq = nxt


def _step_line(s: State, line: list[str], dx: int, out: list[str]) -> None:
    for fid in reversed(line):
        sq = s.figures[fid].square
        assert sq is not None
        shift(s, fid, (sq[0] + dx, sq[1]), out)


def _pushed_equipment(s: State, seat: int, out: list[str]) -> None:
    """Equipment destroyed when its owner is pushed (game-data.md 4.6: ``pushed``)."""
    b = s.busters[seat]
    for item_id in b.equipped:
        it = life.item(item_id)
        if it is not None and it.destroyed_when == "pushed":
            life.destroy(s, seat, it.id, out, "its owner was pushed")


def shove_options(s: State, fid: str) -> list[str]:
    """Where a figure hurt by spikes, fire or a trap may be pushed 1 square (rb 727: "to the side of their
    choice (up, down, right or left)"), in the default's order: left, right, up, down."""
    b = board(s.layout)
    sq = s.figures[fid].square
    if sq is None:
        return []
    out = []
    for word, (dx, dy) in SHOVES.items():
        to = (sq[0] + dx, sq[1] + dy)
        if b.step_open(sq, to) and free(s, to):
            out.append(word)
    return out


def shove(s: State, fid: str, word: str, out: list[str]) -> None:
    sq = s.figures[fid].square
    assert sq is not None
    dx, dy = SHOVES[word]
    to = (sq[0] + dx, sq[1] + dy)
    shift(s, fid, to, out)
    out.append(f"{fid} is pushed {word} to {name(to)}.")
    settle(s, out, keep=s.air)
    if fid in s.figures and s.figures[fid].square is not None:  # a BUG shoved off a ledge may have drowned
        arrive(s, fid, out)
