"""The GLITCH, the assault vehicle (rb 867-875, rb 679; Hidden Keys' escape, rb 1806-1810): boarding and
leaving it, flying it over the board and out into the void, its gunner's shot, the BUGs' attacks on it and its
end. Listed and applied through coop_verbs.py's registry; a BUGBUSTER aboard has only these and the few
actions that need no square of its own (``rider_legal``). Quotes: shared/rulebooks/powerup.txt ("rb N").

The GLITCH is a figure of kind ``glitch`` (``GLITCH1``; 2 in the box, rb 73) on an open square or in the
void, with its lives in ``Coop.glitch_lives`` and armor, dice, range and squares per AP from coop.json
(``glitch``). Who rides it is ``Coop.aboard``; a rider's figure is carried by it (``carried_by``, no square
of its own: it is where the GLITCH is, seen by nobody, hit by nothing but through the GLITCH).

Readings:

- **The void** (rb 679: "Outside the board there is empty code, a void ... only accessed through special
  vehicles like the Glitch. If a character is in the void (off the board), without the protection of the
  GLITCH, it dies instantly"; rb 869-871: "These ships can fly on the outside of the board ... The edges of the
  board aren't obstacles to the GLITCH"): the ring of squares just outside the board's edges, corners
  included, one square deep. Only a GLITCH flies there (and lies there the body of one who died there). Its
  squares are named by where they touch the board: "the void left of A4".
- **Boarding and leaving** (the issue: "boarded and left by a 1-AP move"): ``board GLITCH1`` (1 AP) from one
  of the 8 squares around it, touching it (the edge is no obstacle: a GLITCH in the void next to the board
  is boarded from the edge square), not carrying nor carried; at most 2 BUGBUSTERs aboard (rb 869: a pilot
  and "a second BUGBUSTER"), NPCs any number (rb 875). ``leave <`` / ``leave >`` / ``leave up`` /
  ``leave down`` (1 AP): out onto the free square that way; on the board it falls and arrives as from a
  step (secrets, POWERUPs); into the void it dies there (rb 679), its body lost to the void: only a CONTINUE
  brings it back (as from acid).
- **Flying** (rb 869: "They can only move when there is a BUGBUSTER inside to pilot the vehicle"; rb 871:
  "For each action point that you spend piloting, the GLITCH moves 2 squares"): the first BUGBUSTER aboard
  pilots, in its own turn: ``fly <`` / ``fly >`` / ``fly up`` / ``fly down``, one square each, the first of a
  pair costing 1 AP and the second free (the pair's second square may go another way; it is lost when the
  turn ends). Into an open square with no figure or cover, with nothing solid between (as a step), or
  across the edge to and along the void. ``fly <`` / ``fly >`` turn it that way. It never falls (it
  flies), is never pushed (a push stops at it as at a wall), finds no secret, picks up no coins and uses
  no POWERUP (its crew does not touch the ground); fire burns it (rb 1106: "Anyone entering this square")
  1 life, armor aside. A figure standing on it stays behind when it flies off, and falls.
- **The gunner** (rb 869: "When a second BUGBUSTER is on it, they will have access to weapons with a ranged
  attack of 6"; rb 871: "Add the BUGBUSTER's own ranged attack roll to the Glitch's. No ammunition is
  spent"): the second BUGBUSTER aboard, in its own turn, ``glitch shoot BG3`` (1 AP; ``<``/``>`` the push
  side straight above or below): the GLITCH's dice (coop.json) + its ranged dice (its sheet's and its
  equipped distance weapon's, that weapon's damage type), range 6, at the BUGs, the BUGMISTRESS or a portal
  piece in sight from the GLITCH's square — either way (the gun turns), the diagonals, up and down, sight
  going across the edge too. No ammo, no blunder (the weapon is not fired), rolled at once (a BUG has no
  reaction); its POW! faces draw cards as any roll of the gunner's. Explosive Gas (rb 1315) stops it.
- **Attacked** (rb 873: "The GLITCH can be attacked. It has 2 armor points and 2 life points. Upon losing
  these life points, the vehicle explodes and kills the passengers inside"): the BUGs attack a GLITCH with
  anyone aboard as they attack a BUGBUSTER (an empty one is no enemy of theirs), in melee and by shots, and
  see it across the edge in the void; it rolls nothing in defence, takes armor 2 off the hits (a cover's
  too) and loses lives by the DAMAGE card, never pushed. Blasts reach it as any figure. Destroyed, it leaves
  the board and everyone aboard dies: BUGBUSTERs go down (co-op's death, rb 849's reading), their bodies
  dropping where it was and on the nearest free squares (in the void: lost there, only a CONTINUE), NPCs
  die.
"""

from __future__ import annotations

from rules.powerup import combat, dice, life, physics
from rules.powerup.board import Square, board, name
from rules.powerup.coop_data import coop_data
from rules.powerup.data import Item
from rules.powerup.state import State, coop_of

KIND = "glitch"
PREFIX = "GLITCH"
WAYS = {"<": (-1, 0), ">": (1, 0), "up": (0, 1), "down": (0, -1)}
RIDER_VERBS = ("leave", "fly", "glitch", "give", "cash")  # from coop_verbs' registry, for one aboard
NO_CARDS = ("card Teleport:",)  # a card that takes its user elsewhere: not from inside a GLITCH


_c = coop_of  # this module reads the co-op state through it


# --- who and where ----------------------------------------------------------------------------------------
def ids(s: State) -> list[str]:
    return sorted(f for f, x in s.figures.items() if x.kind == KIND)


def lives(s: State, gid: str) -> int:
    return dict(_c(s).glitch_lives).get(gid, 0)


def _set_lives(s: State, gid: str, n: int) -> None:
    c = _c(s)
    c.glitch_lives = tuple((g, n if g == gid else k) for g, k in c.glitch_lives)


def riders(s: State, gid: str) -> list[str]:
    """Who is aboard, in boarding order."""
    return [r for g, r in _c(s).aboard if g == gid]


def glitch_of(s: State, fid: str) -> str:
    """The GLITCH ``fid`` rides ("" none)."""
    if s.coop is None:
        return ""
    return next((g for g, r in s.coop.aboard if r == fid), "")


def crew(s: State, gid: str) -> list[str]:
    """The BUGBUSTERs aboard, in boarding order: the first pilots, the second fires (rb 869)."""
    return [r for r in riders(s, gid) if s.seat_of(r) is not None]


def inside(s: State, sq: Square) -> bool:
    return board(s.layout).inside(sq)


def in_ring(s: State, sq: Square) -> bool:
    """One of the void's squares (rb 679): just outside the board, corners included."""
    b = board(s.layout)
    return not b.inside(sq) and -1 <= sq[0] <= b.width and -1 <= sq[1] <= b.height


def ring(s: State) -> list[Square]:
    b = board(s.layout)
    return [(x, y) for y in range(-1, b.height + 1) for x in range(-1, b.width + 1) if in_ring(s, (x, y))]


def in_void(s: State, gid: str) -> bool:
    sq = s.figures[gid].square
    return sq is not None and not inside(s, sq)


def spot_name(s: State, sq: Square) -> str:
    """A square's name, or where a void square touches the board ("the void left of A4")."""
    b = board(s.layout)
    if b.inside(sq):
        return name(sq)
    x = min(max(sq[0], 0), b.width - 1)
    y = min(max(sq[1], 0), b.height - 1)
    side = "left of" if sq[0] < 0 else "right of" if sq[0] >= b.width else "below" if sq[1] < 0 else "above"
    corner = (sq[0] < 0 or sq[0] >= b.width) and (sq[1] < 0 or sq[1] >= b.height)
    return f"the void {'off' if corner else side} {name((x, y))}"


def passable(s: State, a: Square, b: Square) -> bool:
    """Whether the GLITCH (or its sight, or one boarding or leaving it) goes from ``a`` to ``b``, one of the
    8 squares around: as a step on the board (nothing solid between); across the edge from an open square
    to the void and back (rb 871: "The edges of the board aren't obstacles to the GLITCH"); along the void."""
    bd = board(s.layout)
    if max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1:
        return False
    if bd.inside(a) and bd.inside(b):
        return bd.step_open(a, b)
    if not bd.inside(a) and not bd.inside(b):
        return in_ring(s, a) and in_ring(s, b)
    on, off = (a, b) if bd.inside(a) else (b, a)
    return bd.open(on) and in_ring(s, off)


def room(s: State, sq: Square) -> bool:
    """Free for the GLITCH: an open square with no figure or cover, or a void square with nobody there."""
    if inside(s, sq):
        return physics.free(s, sq)
    return in_ring(s, sq) and physics.figure_at(s, sq) is None


# --- sight through the void -----------------------------------------------------------------------------
def sight(s: State, origin: Square, facings: tuple[int, ...], reach: int, wanted) -> list[combat.Target]:
    """As combat.in_sight (rb 699: ahead, the diagonals ahead, up and down; the first figure stops it, a cover
    is seen through and adds its armor), but going across the board's edge and along the void."""
    from rules.powerup.data import game_data

    out: list[combat.Target] = []
    occupied = s.occupied()
    for f in facings:
        for k, (dx, dy) in enumerate(((f, 0), (f, 1), (f, -1), (0, 1), (0, -1))):
            here, between, cover = origin, 0, 0
            while between <= reach:
                nxt = (here[0] + dx, here[1] + dy)
                if not passable(s, here, nxt):
                    break
                here = nxt
                if nxt in s.covers:
                    cover = game_data().hazards["cover"].armor
                    between += 1
                    continue
                fid = occupied.get(nxt)
                if fid is not None:
                    if wanted(fid) and all(t.id != fid for t in out):
                        out.append(combat.Target(fid, nxt, between, vertical=k >= 3, cover=cover))
                    break
                between += 1
    return out


def void_targets(s: State, me: Square, facing: int, reach: int, wanted) -> list[combat.Target]:
    """What a figure on the board sees of the void (a GLITCH there), for a BUG's attack: its sight going on
    across the edge; ``reach`` 0 for a melee blow at the square beside it."""
    if not ids(s):
        return []
    return [t for t in sight(s, me, (facing,), reach, wanted) if not inside(s, t.square)]


def victim(s: State, fid: str) -> bool:
    """A GLITCH the BUGs attack: one with anyone aboard (rb 873: "The GLITCH can be attacked")."""
    return s.figures[fid].kind == KIND and bool(riders(s, fid))


# --- listing -------------------------------------------------------------------------------------------
def board_targets(s: State, seat: int) -> list[str]:
    """The GLITCHes ``seat``'s BUGBUSTER may board now: touching it, a seat left (rb 869)."""
    me = s.figures[s.busters[seat].sheet]
    if me.square is None or me.cargo is not None or seat in _c(s).fallen:
        return []
    out = []
    for gid in ids(s):
        sq = s.figures[gid].square
        if sq is not None and passable(s, me.square, sq) and len(crew(s, gid)) < coop_data().glitch.seats:
            out.append(gid)
    return out


def leave_targets(s: State, gid: str) -> dict[str, Square]:
    """Where a rider may step out: the free square each way (a void square too: death, rb 679)."""
    sq = s.figures[gid].square
    assert sq is not None
    out = {}
    for word, (dx, dy) in WAYS.items():
        to = (sq[0] + dx, sq[1] + dy)
        if passable(s, sq, to) and room(s, to):
            out[word] = to
    return out


def fly_targets(s: State, gid: str) -> dict[str, Square]:
    sq = s.figures[gid].square
    assert sq is not None
    return {w: to for w, (dx, dy) in WAYS.items()
            if passable(s, sq, to := (sq[0] + dx, sq[1] + dy)) and room(s, to)}


def credit(s: State, seat: int) -> int:
    """Squares the pilot has paid for and not flown yet this turn (rb 871: 2 per AP)."""
    f = _c(s).flight
    return f[2] if len(f) == 3 and f[0] == s.sequence and f[1] == seat and s.active == seat else 0


def gun(s: State, seat: int) -> Item:
    """The gunner's weapon for this shot (rb 871): the GLITCH's dice + its ranged dice, range 6, its
    distance weapon's damage type; no ammo, never broken."""
    g = coop_data().glitch
    b = s.busters[seat]
    w = life.weapon(b, "distance")
    return Item(id=PREFIX, name="the GLITCH's gun", kind="R", dice=dice.add(g.dice, life.ranged_dice(b, w)),
                range=g.range, speed=1, damage=w.damage if w is not None else None)


def shot_targets(s: State, seat: int, gid: str) -> list[combat.Target]:
    from rules.powerup import bug_events

    sq = s.figures[gid].square
    if sq is None or not bug_events.ranged_allowed(s):  # rb 1315, Explosive Gas: "No one can use distance attacks"
        return []
    return sight(s, sq, (1, -1), coop_data().glitch.range, lambda fid: combat.attackable(s, fid, seat))


def _shot_words(s: State, t: combat.Target) -> list[str]:
    pushed = t.vertical and s.figures[t.id].kind == "bug"
    return [f"{t.id} <", f"{t.id} >"] if pushed else [t.id]


def actions(s: State, seat: int) -> list[str]:
    """The active seat's GLITCH actions: ``board GLITCH1``; aboard ``leave <``..., the pilot's ``fly <``...,
    the gunner's ``glitch shoot BG3``."""
    if s.coop is None or s.reacting >= 0 or not ids(s) or s.active != seat:
        return []
    me = s.busters[seat].sheet
    gid = glitch_of(s, me)
    if not gid:
        return [f"board {g}" for g in board_targets(s, seat)] if s.ap >= 1 else []
    out = [f"leave {w}" for w in leave_targets(s, gid)] if s.ap >= 1 else []
    team = crew(s, gid)
    if team[:1] == [me] and (s.ap >= 1 or credit(s, seat)):
        out += [f"fly {w}" for w in fly_targets(s, gid)]
    if team[1:2] == [me] and s.ap >= 1:
        out += [f"glitch shoot {w}" for t in shot_targets(s, seat, gid) for w in _shot_words(s, t)]
    return out


def rider_legal(s: State, seat: int) -> list[str]:
    """A BUGBUSTER aboard (turn.legal hands it here): the GLITCH's actions, giving a key to a partner aboard,
    showing hidden coins, rest, equip, EPIC, its cards (not Teleport), its reaction mode, end. It has no square
    of its own to step, jump, climb, attack or pick up from."""
    from rules.powerup import coop_verbs, effects, turn
    from rules.powerup.state import MODES, mode_of

    b = s.busters[seat]
    out = [a for a in coop_verbs.legal(s, seat) if a.split()[0] in RIDER_VERBS]
    if s.ap >= 1 and b.rp < life.rp_max(b):
        out.append("rest")
    out += turn.free_gear(s, seat)
    out += [a for a in effects.card_actions(s, seat) if not a.startswith(NO_CARDS)]
    out += [f"mode {m}" for m in MODES if m != mode_of(s, seat)]
    if s.allies and s.allies[seat]:
        out.append("allies ask")
    return [*out, "end"]


# --- applying ------------------------------------------------------------------------------------------
def board_glitch(s: State, seat: int, words: list[str], out: list[str]) -> None:
    c = _c(s)
    gid, me = words[1], s.busters[seat].sheet
    s.ap -= 1
    s.move_figure(me, square=None, carried_by=gid)
    c.aboard = (*c.aboard, (gid, me))
    role = "pilots it" if crew(s, gid) == [me] else "takes the gun"
    out.append(f"{me} boards {gid} ({role}).")
    physics.settle(s, out, keep=s.air)  # what stood on its head comes down


def leave(s: State, seat: int, words: list[str], out: list[str]) -> None:
    from rules.powerup import moves

    c = _c(s)
    me = s.busters[seat].sheet
    gid = glitch_of(s, me)
    to = leave_targets(s, gid)[" ".join(words[1:])]
    s.ap -= 1
    c.aboard = tuple(x for x in c.aboard if x != (gid, me))
    facing = {"<": -1, ">": 1}.get(words[1], s.figures[me].facing)
    s.move_figure(me, square=to, carried_by=None, facing=facing)
    if not inside(s, to):
        out.append(f"{me} steps out of {gid} into the void ({spot_name(s, to)}).")
        void_death(s, seat, out)
        return
    out.append(f"{me} leaves {gid} for {name(to)}.")
    if physics.supported(s, to):
        moves.arrival(s, seat, out)
        return
    deaths = s.busters[seat].deaths
    physics.fall(s, me, out)
    if s.busters[seat].deaths == deaths:
        moves.arrival(s, seat, out, fell=True)


def void_death(s: State, seat: int, out: list[str]) -> None:
    """rb 679: "If a character is in the void (off the board), without the protection of the GLITCH, it dies
    instantly": down, its body lost in the void (only a CONTINUE brings it back, as from acid)."""
    c = _c(s)
    c.melted = tuple(sorted({*c.melted, seat}))
    life.hurt(s, seat, s.busters[seat].lives, out, cause="the void")


def fly(s: State, seat: int, words: list[str], out: list[str]) -> None:
    c = _c(s)
    gid = glitch_of(s, s.busters[seat].sheet)
    to = fly_targets(s, gid)[" ".join(words[1:])]
    left = credit(s, seat)
    if left:
        c.flight = (s.sequence, seat, left - 1)
    else:
        s.ap -= 1
        c.flight = (s.sequence, seat, coop_data().glitch.squares_per_ap - 1)
    if words[1] in ("<", ">"):
        s.move_figure(gid, facing=-1 if words[1] == "<" else 1)
    physics.shift(s, gid, to, out)
    out.append(f"{gid} flies to {spot_name(s, to)}.")
    if to in s.fire:  # rb 1106: "Anyone entering this square"
        out.append(f"{gid} flies into the fire at {name(to)}.")
        hurt(s, gid, 1, out)
    physics.settle(s, out, keep=s.air)


def shoot(s: State, seat: int, words: list[str], out: list[str]) -> None:
    """``glitch shoot BG3`` (``<``/``>``): rolled and landed at once (see the module's readings)."""
    me = s.busters[seat].sheet
    gid = glitch_of(s, me)
    target = words[2]
    t = next(t for t in shot_targets(s, seat, gid) if t.id == target)
    s.ap -= 1
    w = gun(s, seat)
    roll = combat.roll_pool(s, w.dice)
    s.beats += 1
    out.append(f"{me} fires {gid}'s gun at {target}: {dice.describe(roll)}.")
    combat.draw_pows(s, seat, roll, out)
    here = s.figures[gid].square
    assert here is not None
    push = {"<": -1, ">": 1}.get(words[3], 0) if len(words) > 3 else 0
    combat.strike(s, seat, target, dice.hits(roll), combat.direction(here, t.square, push), w, out, cover=t.cover)


# --- hurt and destroyed -----------------------------------------------------------------------------------
def strike(s: State, gid: str, hits: int, out: list[str], cover: int = 0) -> int:
    """``hits`` on a GLITCH (combat.strike's contract): its armor and a cover's off, the DAMAGE card (rb 845),
    never pushed. Returns the hits left over once it is destroyed (DRILL), else 0."""
    armor = coop_data().glitch.armor + cover
    through = max(0, hits - armor)
    lost = dice.lives_lost(through)
    out.append(f"{gid} takes {hits} hit{'s' if hits != 1 else ''} against armor {armor}: "
               f"{'no life' if not lost else str(lost) + (' lives' if lost != 1 else ' life')} lost.")
    before = lives(s, gid)
    if hurt(s, gid, lost, out):
        return max(0, through - dice.hits_to_take(before))
    return 0


def hurt(s: State, gid: str, n: int, out: list[str]) -> bool:
    """Take ``n`` lives from a GLITCH; True when it is destroyed."""
    if n <= 0 or gid not in s.figures:
        return False
    left = lives(s, gid) - n
    if left > 0:
        _set_lives(s, gid, left)
        return False
    destroy(s, gid, out)
    return True


def destroy(s: State, gid: str, out: list[str]) -> None:
    """rb 873: "the vehicle explodes and kills the passengers inside"."""
    from rules.powerup import bug_squares

    c = _c(s)
    sq = s.figures[gid].square
    assert sq is not None
    aboard = riders(s, gid)
    c.aboard = tuple(x for x in c.aboard if x[0] != gid)
    c.glitch_lives = tuple(x for x in c.glitch_lives if x[0] != gid)
    del s.figures[gid]
    s.beats += 1
    out.append(f"{gid} explodes" + (f": {', '.join(aboard)} aboard die." if aboard else "."))
    void = not inside(s, sq)
    for rider in aboard:
        spot = _body_spot(s, sq, void)
        s.move_figure(rider, square=spot, carried_by=None)
        seat = s.seat_of(rider)
        if seat is None:
            bug_squares.npc_dies(s, rider, out)
            continue
        if void or board(s.layout).acid(spot):  # lost in the void, or in acid: only a CONTINUE brings it back
            c.melted = tuple(sorted({*c.melted, seat}))
        if s.busters[seat].lives > 0:
            life.hurt(s, seat, s.busters[seat].lives, out, cause=f"{gid} destroyed")


def _body_spot(s: State, sq: Square, void: bool) -> Square:
    """Where a rider's body drops: the GLITCH's square, else the nearest free one (in the void: of the void);
    on the board it comes down to the first support below (no fall damage: it is dead already)."""
    if void:
        pool = [x for x in ring(s) if physics.figure_at(s, x) is None]
    else:
        b = board(s.layout)
        pool = [x for x in b.squares() if physics.free(s, x)]
    spot = min(pool, key=lambda x: (max(abs(x[0] - sq[0]), abs(x[1] - sq[1])), abs(x[0] - sq[0]) + abs(x[1] - sq[1]),
                                    x[1], x[0]))
    while not void and spot[1] > 0 and not physics.supported(s, spot) and physics.free(s, (spot[0], spot[1] - 1)) \
            and board(s.layout).vertical_open((spot[0], spot[1] - 1)):
        spot = (spot[0], spot[1] - 1)
    return spot
