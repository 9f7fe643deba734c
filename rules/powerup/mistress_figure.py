"""The BUGMISTRESS's figure in her BUG turn (Kill the BUGMISTRESS, rb 1822-1850; her two levels rb 1083-1091):
what she may do, the AI's choice among it, and applying it. Her attacks are bug_attacks.py's (``weapons``
reads her level's Lash, Fury Lash and Void Blast); being hurt is coop_combat.py's; her level's numbers are
``coop_data().level(n)`` (docs/games/powerup-coop-data.md). ai_mistress.py puts her in the MOVE & ATTACK
passes (``join``: she goes last, after every BUG, as she is no BUG of the tie order of rb 1399) and asks
here for her step (``choice``) and applies it (``act``). Quotes: shared/rulebooks/powerup.txt ("rb N").

Words: her attacks (``hit RAY``, ``shoot TOR``: bug_attacks), ``move``, ``flip`` (turn round), ``jump up``,
``climb up``/``climb down``, ``gate H2`` (as a BUG's, bug_moves.py) and ``tiles 06 23`` (flip the tiles
now showing faces 06 and 23; faces are unique on a board, so they name the tiles).

Readings:

- **Level 1** (1 action, TUNED in the data): she "cannot move" (rb 1844), does not turn, does not flip
  tiles: she attacks a BUGBUSTER next to her with her Lash when she can (melee: ahead, diagonally
  ahead, above, below, as any BUG). She spawns (ai_mistress: a spawn point "in any direction", rb 1850)
  and regenerates (coop_turn, rb 1089).
- **Level 2** (3 actions): "She can change places as long as the move is allowed (there are no players
  in the square she enters)" (rb 1844): a BUG's steps, each into a free square (no figure at all: she
  pushes nobody, rb 703's one figure a square), never into acid (a house reading: the rulebook's final
  monster does not drown herself), falling unhurt as a BUG does (bug_moves.py's reading). She "will
  immediately open fire on the BUGBUSTERs" (rb 1091): from her next BUG turn on she attacks first
  whenever she can, her Void Blast (range 6) or Fury Lash. No spawn, no regeneration (rb 1091).
- **The tile flip** (FLIP_TILES_3, level 2): "she can go flip up to 3 tiles. When she does this, place
  the chips that were in the same places as they were on the other side" (rb 1844-1848). A tile is one
  of the 12 map tiles (rb 9), faces n and n + 12 (data_checks.TILES): flipping shows its other face, which
  the data models in full (powerup.json ``tile_faces``: every face of all 12 tiles), so no geometry is
  invented. Figures and tokens (POWERUPs, secrets, coins, fire, covers) keep their squares; then gravity
  (physics.settle: a BUGBUSTER falling far is hurt, rb 761-769; acid kills, rb 725); a figure left standing
  where the new face has acid, spikes or automatic stairs is in them as if it had arrived there (rb 719,
  725-727). A tile whose other face would put a block under a figure or a token cannot be flipped ("in the
  same places" must be possible), nor tiles that would leave her in acid (as she never steps into it); an
  OFF marker or a shut door on a gateway the other face lacks is lifted. House readings: the flip is
  one of her actions (1 AP), once per BUG turn (the issue), up to 3 tiles at once.
- **The AI's flip** (the issue leaves it open): each tile holding a standing BUGBUSTER that may be
  flipped is tried alone on a copy of the state (Mid-Jump answers aside): it helps if it costs the
  BUGBUSTERs lives (a fall of 2 squares or more, acid, spikes under a fall) and leaves her where she stands.
  She flips the (up to) 3 that cost the most (ties: lower tile row, then left), together, when the three
  together still cost a life and leave her standing; otherwise she does not flip. Her BUGs' fate does not
  enter the choice (they fall unhurt, acid aside).
- **The AI's order** at level 2, each action chosen afresh: flip tiles (when it helps; first, since a
  landed attack ends her actions, rb 949), else attack (a BUGBUSTER first, as a BUG's choice), else in the
  move pass a step of a cheapest way (AP, then actions) to a square and facing from which she could hit
  or shoot a standing BUGBUSTER; none reachable, toward the standing BUGBUSTER nearest her (she knows where
  they are: the BUGs' line-of-sight rule, rb 1413, is theirs).
"""

from __future__ import annotations

import heapq

from rules.powerup import bug_attacks, bug_paths, combat, coop_combat, physics
from rules.powerup.board import Board, Layout, Square, board, name
from rules.powerup.coop_data import MistressLevel
from rules.powerup.data import game_data
from rules.powerup.data_checks import TILES
from rules.powerup.state import State, coop_of

MISTRESS = coop_combat.MISTRESS
COSTS = {"move": 1, "flip": 1, "jump": 2, "climb": 1, "gate": 1, "tiles": 1}
STEPS = ("move", "flip", "jump up", "climb up", "climb down")  # geometry words she uses (never flying)
MAX_TILES = 3  # rb 1844: "flip up to 3 tiles"


_c = coop_of  # this module reads the co-op state through it


def level(s: State) -> MistressLevel:
    return coop_combat.level(s)


def on_board(s: State) -> bool:
    return _c(s).level in (1, 2) and s.figures.get(MISTRESS) is not None and s.figures[MISTRESS].square is not None


def join(s: State) -> None:
    """Put her in this BUG turn's MOVE & ATTACK queue, last, with her level's actions (ai_mistress)."""
    c = _c(s)
    if on_board(s) and MISTRESS not in c.queue:
        c.queue = (*c.queue, MISTRESS)
        c.aps = {**c.aps, MISTRESS: level(s).actions}


def cost(word: str) -> int:
    return COSTS[word.split()[0]]


# --- her steps --------------------------------------------------------------------------------------------
def _landing(s: State, to: Square, leaving: Square | None, b: Board | None = None) -> Square:
    """Where she comes to stand entering ``to`` (falling to the first support: a fixed one, a cover or a
    figure other than herself, as bug_paths.land; automatic stairs lift her, rb 719); on board ``b`` (the
    board as it is when None)."""
    b = b or board(s.layout)
    below_taken = {f.square for f in s.figures.values() if f.square is not None and f.id != MISTRESS}
    below_taken |= set(s.covers)
    at = to
    while at[1] > 0 and not b.supported(at) and (at[0], at[1] - 1) not in below_taken:
        at = (at[0], at[1] - 1)
    up = (at[0], at[1] + 1)
    if b.stairs(at) and b.vertical_open(at) and up not in below_taken and up != leaving:
        return up
    return at


def _steps(s: State) -> dict[str, Square]:
    """Her stepping words now and the square each enters (level 2: free, no acid where she would land)."""
    f = s.figures[MISTRESS]
    assert f.square is not None
    b = board(s.layout)
    out: dict[str, Square] = {}
    for word, _, to, _d in bug_paths.geometry(s.layout, False)[(f.square, f.facing)]:
        if word == "flip":
            out[word] = f.square
        elif word in STEPS and physics.free(s, to) and not b.acid(_landing(s, to, f.square)):
            out[word] = to
    if b.gateway(f.square) and f.square not in s.shut:
        for g in b.gateways():
            if g not in (f.square, s.gate_off) and g not in s.shut and physics.free(s, g) and not b.acid(
                    _landing(s, g, f.square)):
                out[f"gate {name(g)}"] = g
    return out


def moves(s: State, ap: int) -> list[str]:
    """Her movement words now with ``ap`` AP (none at level 1: she "cannot move", rb 1844)."""
    if not on_board(s) or not level(s).moves:
        return []
    return [w for w in _steps(s) if cost(w) <= ap]


def _move(s: State, word: str, out: list[str]) -> None:
    f = s.figures[MISTRESS]
    if word == "flip":
        s.move_figure(MISTRESS, facing=-f.facing)
        out.append(f"{MISTRESS} turns to face {'right' if f.facing == -1 else 'left'}.")
        return
    here, to = f.square, _steps(s)[word]
    assert here is not None
    if word.startswith("gate "):
        s.move_figure(MISTRESS, square=to)
        s.gate_off = to
        out.append(f"{MISTRESS} goes through the gateway {name(here)} to {name(to)} (OFF there now).")
    else:
        physics.shift(s, MISTRESS, to, out)
        out.append(f"{MISTRESS} {'moves' if word == 'move' else word.split()[0] + 's'} to {name(to)}.")
    physics.settle(s, out, keep=s.air)
    if MISTRESS in s.figures and s.figures[MISTRESS].square == to:
        physics.arrive(s, MISTRESS, out)


# --- tiles ------------------------------------------------------------------------------------------------
def other_face(face: int) -> int:
    """A tile's other side: faces n and n + 12 are one tile (rb 9, data_checks.TILES)."""
    return face + TILES if face <= TILES else face - TILES


def _flipped(layout: Layout, faces: tuple[int, ...]) -> Layout:
    return tuple(tuple(other_face(f) if f in faces else f for f in row) for row in layout)


def tile_squares(s: State, face: int) -> list[Square]:
    """The 9 squares of the tile now showing ``face``."""
    b = board(s.layout)
    return [sq for sq in b.squares() if b.face_at(sq) == face]


def _things(s: State) -> set[Square]:
    """Squares holding a figure or a token (rb 1848's "chips"), which must keep their places."""
    held = {f.square for f in s.figures.values() if f.square is not None}
    return held | set(s.powerups) | set(s.secrets) | set(s.coins) | set(s.fire) | set(s.covers)


def can_flip(s: State, face: int) -> bool:
    """The tile showing ``face`` may be flipped: its other face puts no block under a figure or token."""
    other = board(_flipped(s.layout, (face,)))
    things = _things(s)
    return any(face in row for row in s.layout) and not any(
        other.blocked(sq) for sq in tile_squares(s, face) if sq in things)


def _may_flip(s: State) -> str:
    """Why she may not flip tiles at all now, or ""."""
    if not on_board(s) or "FLIP_TILES_3" not in level(s).abilities:
        return "only the BUGMISTRESS at level 2 flips tiles"
    if _c(s).tiles_flipped == s.sequence:
        return "she has flipped tiles this BUG turn"
    return ""


def flip_allowed(s: State, faces: tuple[int, ...]) -> str:
    """Why she may not flip these tiles now, or ""."""
    if why := _may_flip(s):
        return why
    if not 1 <= len(faces) <= MAX_TILES or len(set(faces)) != len(faces):
        return f"1 to {MAX_TILES} different tiles"
    bad = [f for f in faces if not can_flip(s, f)]
    if bad:
        return f"tile {bad[0]:02d} cannot be flipped"
    here = s.where(MISTRESS)
    assert here is not None
    other = board(_flipped(s.layout, faces))
    if other.acid(_landing(s, here, None, other)):
        return "she would end in the acid"
    return ""


def flip_tiles(s: State, faces: tuple[int, ...], out: list[str]) -> None:
    """rb 1844-1848: the tiles show their other faces; figures and chips stay where they were; then
    gravity. Markers on gateways that are gone are lifted."""
    c = _c(s)
    names = {t.face: t.name for t in game_data().tile_faces}
    turned = ", ".join(f"{f:02d} {names[f]} to {other_face(f):02d} {names[other_face(f)]}" for f in faces)
    s.layout = _flipped(s.layout, faces)
    c.tiles_flipped = s.sequence
    b = board(s.layout)
    if s.gate_off is not None and not b.gateway(s.gate_off):
        s.gate_off = None
    s.shut = tuple(g for g in s.shut if b.gateway(g))
    s.beats += 1
    out.append(f"{MISTRESS} flips {'a tile' if len(faces) == 1 else f'{len(faces)} tiles'}: {turned}.")
    turned_faces = {other_face(f) for f in faces}
    stood = {f.id: f.square for f in s.figures.values() if f.square is not None and b.face_at(f.square) in turned_faces}
    physics.settle(s, out, keep=s.air)
    held = {a[2] for a in s.asks if a[1] == "midair"}
    for fid, was in sorted(stood.items()):  # left standing on acid, spikes or stairs: as if arriving there
        if fid in s.figures and s.figures[fid].square == was and fid not in held and (
                b.acid(was) or b.spikes(was) or b.stairs(was)):
            physics.arrive(s, fid, out)


def _cost_of_flip(s: State, faces: tuple[int, ...]) -> int:
    """The BUGBUSTERs' lives a flip would cost, on a copy (-1: it would move or hurt her)."""
    t = s.clone()
    t.modes = tuple("none" for _ in t.seats)  # nobody Mid-Jumps in the estimate (rb 911)
    here, lives = t.where(MISTRESS), _c(s).mistress_lives
    flip_tiles(t, faces, [])
    if MISTRESS not in t.figures or t.where(MISTRESS) != here or _c(t).mistress_lives != lives:
        return -1
    return sum(a.lives - b.lives for a, b in zip(s.busters, t.busters, strict=True))


def flip_choice(s: State) -> str:
    """The AI's flip, if one helps (see the module's readings): ``tiles 06 23`` or ""."""
    c = _c(s)
    if c.bug_ap < COSTS["tiles"] or _may_flip(s):
        return ""
    b = board(s.layout)
    faces = []
    for seat in range(len(s.seats)):
        sq = s.where(s.busters[seat].sheet)
        if sq is not None and seat not in c.fallen and b.face_at(sq) not in faces:
            faces.append(b.face_at(sq))
    tried = []
    for face in faces:
        if not flip_allowed(s, (face,)):
            lost = _cost_of_flip(s, (face,))
            sq = tile_squares(s, face)[0]  # the tile's bottom-left square: its row, then its column
            if lost > 0:
                tried.append((-lost, sq[1], sq[0], face))
    best = tuple(f for *_, f in sorted(tried)[:MAX_TILES])
    if best and not flip_allowed(s, best) and _cost_of_flip(s, best) > 0:
        return "tiles " + " ".join(f"{f:02d}" for f in best)
    return ""


# --- the AI's way to the BUGBUSTERs ------------------------------------------------------------------------
def _aim_spots(s: State) -> set[tuple[Square, int]]:
    """Squares and facings from which she could attack a standing BUGBUSTER now (melee ahead, above or
    below; a shot within her ranged weapon's reach on a line of sight, rb 699)."""
    b = board(s.layout)
    _, ranged = bug_attacks.weapons(s, MISTRESS)
    here = s.where(MISTRESS)

    def wanted(fid: str) -> bool:
        return s.seat_of(fid) is not None and bug_attacks.victim(s, fid)

    out = set()
    for sq in b.standing:
        if sq != here and not physics.free(s, sq):
            continue
        for facing in (1, -1):
            if combat.next_to(s, sq, facing, wanted, covers=False) or ranged is not None and combat.in_sight(
                    s, sq, facing, ranged.range or 0, wanted):
                out.add((sq, facing))
    return out


def move_choice(s: State) -> str:
    """A step of a cheapest way (AP, then actions) to an aiming spot; none reachable, toward the standing
    BUGBUSTER nearest her; "" when there is nothing better to do."""
    c = _c(s)
    legal = moves(s, c.bug_ap)
    f = s.figures[MISTRESS]
    assert f.square is not None
    if not legal:
        return ""
    start = (f.square, f.facing)
    goals = _aim_spots(s)
    if start in goals:
        return ""  # there already: its attack is not to be (a cover, a partner in the way): stay
    b = board(s.layout)
    closed = {x.square for x in s.figures.values() if x.square is not None and x.id != MISTRESS} | set(s.covers)
    table = bug_paths.geometry(s.layout, False)
    gates = [g for g in b.gateways() if g != s.gate_off and g not in s.shut and g not in closed]

    def steps(spot: tuple[Square, int]) -> list[tuple[str, int, Square, int]]:
        sq, facing = spot
        out = []
        for word, ap, to, d in table[spot]:
            if word == "flip":
                out.append((word, ap, sq, d))
            elif word in STEPS and to not in closed:
                land = _landing(s, to, sq)
                if not b.acid(land):
                    out.append((word, ap, land, d))
        if b.gateway(sq) and sq not in s.shut:
            out += [(f"gate {name(g)}", 1, _landing(s, g, sq), facing) for g in gates if g != sq]
        return out

    best: dict[tuple[Square, int], tuple[int, int, str]] = {}
    heap: list[tuple[int, int, int, tuple[Square, int], str]] = []
    for word, ap, to, d in steps(start):
        if word in legal and (ap, 1) < best.get((to, d), (1 << 30, 0, ""))[:2]:
            best[(to, d)] = (ap, 1, word)
            heap.append((ap, 1, len(heap), (to, d), word))
    heapq.heapify(heap)
    n = len(heap)
    reached: list[tuple[int, int, tuple[Square, int], str]] = []
    while heap:
        ap, acts, _, spot, first = heapq.heappop(heap)
        if best[spot][:2] != (ap, acts):
            continue
        reached.append((ap, acts, spot, first))
        if spot in goals:
            return first
        for _w, more, to, d in steps(spot):
            cost_ = (ap + more, acts + 1)
            if cost_ < best.get((to, d), (1 << 30, 0, ""))[:2]:
                best[(to, d)] = (*cost_, first)
                heapq.heappush(heap, (cost_[0], cost_[1], n, (to, d), first))
                n += 1
    targets = [s.where(s.busters[i].sheet) for i in range(len(s.seats)) if i not in c.fallen]
    targets = [t for t in targets if t is not None]
    if not targets or not reached:
        return ""

    def near(sq: Square) -> int:
        return min(abs(sq[0] - t[0]) + abs(sq[1] - t[1]) for t in targets)

    spot, first = min(((r[2], r[3]) for r in reached), key=lambda x: (near(x[0][0]), best[x[0]][:2]))
    return first if near(spot[0]) < near(f.square) else ""


# --- the AI's step, and applying one -----------------------------------------------------------------------
def choice(s: State) -> str:
    """Her next word this BUG turn (the acting figure: ai_mistress), "" when she is done."""
    from rules.powerup import ai_mistress  # it builds on this module

    c = _c(s)
    if not on_board(s) or c.acting != MISTRESS or c.bug_ap < 1:
        return ""
    return flip_choice(s) or ai_mistress.attack_choice(s, MISTRESS) or (
        move_choice(s) if c.step == "move" else "")


def legal(s: State, word: str) -> bool:
    """Whether ``word`` (a movement or ``tiles ...``, not an attack) is hers to take now."""
    c = _c(s)
    words = word.split()
    if not words or words[0] not in COSTS or cost(word) > c.bug_ap:
        return False
    if words[0] == "tiles":
        faces = tuple(int(x) for x in words[1:] if x.isdigit())
        return len(faces) == len(words) - 1 and flip_allowed(s, faces) == ""
    return word in moves(s, c.bug_ap)


def act(s: State, words: list[str], out: list[str]) -> None:
    """Apply her movement or tile flip (ai_mistress._bug): her AP taken, then the action."""
    c = _c(s)
    word = " ".join(words)
    assert legal(s, word), word
    c.bug_ap -= cost(word)
    c.aps = {**c.aps, MISTRESS: c.bug_ap}
    if words[0] == "tiles":
        flip_tiles(s, tuple(int(x) for x in words[1:]), out)
    else:
        _move(s, word, out)
