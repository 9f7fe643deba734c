"""What every attack shares (rb 787-851, rb 1096-1126): who may be attacked (sight, range, next to you),
armor, the DAMAGE card, pushes, immunities, drums and blasts, covers, destruction conditions, the dice of
tricks and assistants, and the hits that spread (AREA2, DRILL). The attacks themselves: ranged.py (shots,
grenades, launchers), melee.py; their steps (declare, roll, land): attacks.py.

Functions change a cloned state in place and append public lines to ``out``; the caller has checked
legality (``targets``) and takes the AP. Quotes: shared/rulebooks/powerup.txt ("rb N").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.powerup import coop_combat, dice, life, physics, professions
from rules.powerup.board import Square, board, name
from rules.powerup.data import Item, game_data
from rules.powerup.state import State, keep_rng, rng_of


@dataclass(frozen=True)
class Target:
    """Something a seat may attack now: a figure id (or ``COVER@C4``), how far (squares between, ranged),
    and whether it is straight above or below (the attacker then picks the push, rb 741)."""

    id: str
    square: Square
    between: int = 0
    vertical: bool = False
    cover: int = 0  # armor a cover between adds (rb 1126: "only ... shots coming through the square")

    @property
    def word(self) -> str:
        """As typed: the figure's id, or a cover's square."""
        return name(self.square) if self.id.startswith("COVER@") else self.id


def attackable(s: State, fid: str, by_seat: int) -> bool:
    """A BUGBUSTER of the other team that is neither protected (rb 1920) nor paused (Player Pause). In
    co-op every BUGBUSTER is on one team (and NPCs are to be saved): the BUGs, the BUGMISTRESS's figure
    and the portal pieces are the targets (coop_combat.TARGETS)."""
    if s.coop is not None:
        return s.figures[fid].kind in coop_combat.TARGETS
    seat = s.seat_of(fid)
    if seat is None:
        return False
    b = s.busters[seat]
    return b.team != s.busters[by_seat].team and not b.protected and not b.effect("pause")


def aboard(s: State, fid: str) -> bool:
    """Inside a GLITCH (co-op, glitch.py): no attack of its own from there (its gunner fires the GLITCH's)."""
    return s.coop is not None and any(r == fid for _, r in s.coop.aboard)


# --- who can be attacked ------------------------------------------------------------------------------
def ranged_targets(s: State, seat: int) -> list[Target]:
    """rb 791: "If your enemy is within your line of sight, and the number of squares between you is equal
    or less to the "Range" of your equipped weapon". A drum in sight may be shot (rb 1100)."""
    b = s.busters[seat]
    w = life.weapon(b, "distance")
    me = s.where(b.sheet)
    if w is None or w.kind != "R" or me is None or aboard(s, b.sheet) or not board(s.layout).inside(me):
        return []  # aboard a GLITCH, or a body lost in the void (glitch.py): no sight of its own
    reach = (w.range or 0) + professions.range_bonus(s, seat, w.kind)  # co-op: the sniper's Long Barrel
    return in_sight(s, me, s.figures[b.sheet].facing, reach,
                    lambda fid: attackable(s, fid, seat) or s.figures[fid].kind == "drum")


def in_sight(s: State, me: Square, facing: int, reach: int, wanted: Callable[[str], bool]) -> list[Target]:
    """The first figure on each ray of sight from ``me`` within ``reach`` squares between, if ``wanted``.
    Sight (rb 699): ahead, the diagonals ahead, up and down, stopped by blocks, solid platforms and the
    first figure (figures block sight: the issue's reading); a cover is seen through and adds its armor."""
    out = []
    occupied = s.occupied()
    for i, ray in enumerate(board(s.layout).rays[(me, facing)]):
        cover = 0
        for between, sq in enumerate(ray):
            if between > reach:
                break
            if sq in s.covers:
                cover = game_data().hazards["cover"].armor
                continue
            fid = occupied.get(sq)
            if fid is None:
                continue
            if wanted(fid):
                out.append(Target(fid, sq, between, vertical=i >= 3, cover=cover))
            break
    return out


def melee_targets(s: State, seat: int) -> list[Target]:
    """rb 809: "If you are next to your target and no obstacle prevents it". A cover there may be hit to
    destroy it (rb 1126)."""
    b = s.busters[seat]
    me = s.where(b.sheet)
    if me is None or aboard(s, b.sheet) or not board(s.layout).inside(me):
        return []
    return next_to(s, me, s.figures[b.sheet].facing, lambda fid: attackable(s, fid, seat), covers=True)


def next_to(s: State, me: Square, facing: int, wanted: Callable[[str], bool], covers: bool) -> list[Target]:
    """The ``wanted`` figures (and ``covers``) a melee attack from ``me`` reaches: the squares ahead,
    diagonally ahead, straight above and below (the issue), with nothing solid between."""
    bd = board(s.layout)
    out = []
    occupied = s.occupied()
    for dx, dy in ((facing, 0), (facing, 1), (facing, -1), (0, 1), (0, -1)):
        sq = (me[0] + dx, me[1] + dy)
        if not bd.step_open(me, sq):
            continue
        if sq in s.covers:
            if covers:
                out.append(Target(f"COVER@{name(sq)}", sq, vertical=dx == 0))
            continue
        fid = occupied.get(sq)
        if fid is not None and wanted(fid):
            out.append(Target(fid, sq, vertical=dx == 0))
    return out


# --- damage ------------------------------------------------------------------------------------------
def immune(victim_seat: int, s: State, w: Item | None) -> bool:
    """rb 1023-1037: immune figures are pushed, not damaged. BUGBUSTERs have only the Fireproof Suit's
    IMMUNE_FIRE (game-data.md 4.6)."""
    return w is not None and w.damage == "fire" and "IMMUNE_FIRE" in life.keywords(s.busters[victim_seat])


def strike(s: State, by: int | None, fid: str, hits: int, dx: int, w: Item | None, out: list[str],
           cover: int = 0, push_bonus: int = 0) -> int:
    """``hits`` land on a figure: armor is taken off and the rest read on the DAMAGE card (rb 795); a
    survivor is pushed by all the hits (rb 795: "Do not subtract its armor points in that calculation"),
    plus PUSH2's 2 (rb 661). Returns the hits left over once it is dead (DRILL, rb 657), else 0."""
    if hits <= 0:
        return 0
    f = s.figures.get(fid)
    if f is None:
        return 0
    if f.kind == "drum":
        explode(s, fid, by, out)
        return 0
    if f.kind in coop_combat.TARGETS:  # a BUG, the BUGMISTRESS, a portal piece: their sheets' armor and lives
        return coop_combat.strike(s, by, fid, hits, dx, w, out, cover, push_bonus)
    if f.kind == "glitch":  # armor 2, 2 lives, never pushed (rb 873, glitch.py)
        from rules.powerup import glitch

        return glitch.strike(s, fid, hits, out, cover)
    seat = s.seat_of(fid)
    if seat is None:  # a robot: pushed, never hurt (rb 1156: "an ally or obstacle"); co-op's turret: neither
        if dx and f.kind not in physics.UNMOVED:
            physics.push(s, fid, dx, hits + push_bonus, out)
        return 0
    if s.coop is not None and seat in s.coop.fallen:  # co-op: it lies at 0 lives, out of the fight (rb 849)
        return 0
    b = s.busters[seat]
    armor = life.armor(b) + cover
    if s.coop is not None:  # professions: the heavy's Tank (+1), a sniper's Armor Piercer (-1 of its own)
        own = life.armor(b) + professions.armor_bonus(s, seat)
        armor = max(0, own - professions.pierce(s, by, w is not None and w.kind in ("R", "V"))) + cover
    through = max(0, hits - armor)
    lost = 0 if immune(seat, s, w) else dice.lives_lost(through)
    lives_before = b.lives
    if lost:
        out.append(f"{fid} takes {hits} hit{'s' if hits != 1 else ''} against armor {armor}: "
                   f"{lost} li{'ves' if lost != 1 else 'fe'} lost.")
    else:
        out.append(f"{fid} takes {hits} hit{'s' if hits != 1 else ''} against armor {armor}: no life lost.")
    if life.hurt(s, seat, lost, out, by=by):
        return max(0, through - dice.hits_to_take(lives_before)) if lost else 0
    if dx:
        moved = physics.push(s, fid, dx, hits + push_bonus, out)
        if moved:
            out.append(f"{fid} is pushed {moved} square{'s' if moved != 1 else ''}.")
    return 0


def explode(s: State, drum: str, by: int | None, out: list[str]) -> None:
    """rb 1102-1106: a drum explodes in a cross (its square and the 4 next to it, unless an obstacle is
    between), rolling the data's dice (house data), and its square stays on fire."""
    if drum not in s.figures:
        return
    sq = s.where(drum)
    if sq is None:
        return
    carrier = s.figures[drum].carried_by
    if carrier is not None:
        s.move_figure(carrier, cargo=None)
    del s.figures[drum]
    out.append(f"{drum} explodes at {name(sq)}!")
    roll = roll_pool(s, game_data().drum.dice)
    out.append(f"Blast: {dice.describe(roll)}.")
    if game_data().drum.leaves_fire and sq not in s.fire:
        s.fire = (*s.fire, sq)
    blast(s, sq, dice.hits(roll), by, None, out, origin=None)


def blast(s: State, center: Square, hits: int, by: int | None, w: Item | None, out: list[str],
          origin: Square | None, dodge: dict[str, int] | None = None) -> None:
    """Hits on a square and its 4 neighbours (rb 825), each figure there a ranged target pushed away from
    the centre; the one on the centre away from ``origin`` (the thrower), if any."""
    victims = [(physics.figure_at(s, sq), sq) for sq in blast_squares(s, center)]
    push_bonus = 2 if w is not None and "PUSH2" in w.keywords else 0
    for fid, sq in victims:
        if fid is None or fid not in s.figures or s.where(fid) != sq:
            continue
        if sq == center:
            dx = 0 if origin is None or origin[0] == sq[0] else (1 if sq[0] > origin[0] else -1)
        else:
            dx = sq[0] - center[0]
        seat = s.seat_of(fid)
        if seat is not None and (s.busters[seat].protected or s.busters[seat].effect("pause")):
            continue
        strike(s, by, fid, less(hits, fid, dodge or {}, out), dx, w, out, push_bonus=push_bonus if dx else 0)


# --- destruction conditions ---------------------------------------------------------------------------
def breaks(w: Item | None, roll: dice.Roll) -> bool:
    """A weapon's destruction condition met by its roll (rb 833-835): the attack is then not carried out."""
    if w is None or "." in w.id:
        return False
    return (w.destroyed_when == "blunder" and dice.blunders(roll) >= 1
            or w.destroyed_when == "double_blunder" and dice.blunders(roll) >= 2)


def draw_pows(s: State, seat: int, roll: dice.Roll, out: list[str]) -> None:
    """A POW! face draws a POW! card (rb 438), for any BUGBUSTER's roll (the issue's reading)."""
    from rules.powerup.cards import draw_pow

    for _ in range(dice.pow_faces(roll)):
        draw_pow(s, seat, out)


def direction(a: Square, b: Square, chosen: int) -> int:
    """Pushes are sideways, away from the attacker (rb 741); from above or below the attacker picks."""
    return chosen if a[0] == b[0] else (1 if b[0] > a[0] else -1)


# --- what every attack shares: its dice, the bonuses waiting for it, the hits that spread -------------
def assist_dice(s: State, seats: tuple[int, ...], ranged: bool) -> str:
    """rb 907: "Assisting means you will add your dice to your ally's attack roll": each assistant's
    ranged (sheet and weapon) or melee dice."""
    return dice.add("0", *(life.ranged_dice(s.busters[a], life.weapon(s.busters[a], "distance")) if ranged
                           else life.melee_dice(s.busters[a]) for a in seats))


def less(hits: int, fid: str, dodge: dict[str, int], out: list[str]) -> int:
    """The hits on ``fid`` less what its Roll cancels (rb 895: "subtract the hits ... as hits achieved in
    your roll of the yellow die")."""
    n = dodge.get(fid, 0)
    if n and hits:
        out.append(f"{fid}'s roll cancels {min(n, hits)} hit{'s' if min(n, hits) != 1 else ''}.")
    return max(0, hits - n)


def bonus_dice(s: State, kind: str) -> str:
    """Dice the tricks played before this attack add, if they wait for this kind of attack."""
    return (s.bonus_dice or "0") if s.bonus_for in (kind, "any") else "0"


def bonus_hits(s: State, kind: str) -> int:
    return s.bonus_hits if s.bonus_for in (kind, "any") else 0


def roll_pool(s: State, pool: str) -> dice.Roll:
    r = rng_of(s)
    roll = dice.roll(r, pool)
    keep_rng(s, r)
    s.last_roll = roll
    return roll


def area(s: State, seat: int, sq: Square, hits: int, dx: int, w: Item, out: list[str],
          dodge: dict[str, int] | None = None) -> None:
    """AREA2 (rb 659): "the same damage to 2 targets that are in the adjacent squares ... both friends and
    foes": the figures on the squares either side of the target."""
    bd = board(s.layout)
    for side in (-1, 1):
        nxt = (sq[0] + side, sq[1])
        fid = physics.figure_at(s, nxt)
        if fid is None or not bd.step_open(sq, nxt) or fid == s.busters[seat].sheet:
            continue
        other = s.seat_of(fid)
        if other is not None and (s.busters[other].protected or s.busters[other].effect("pause")):
            continue
        strike(s, seat, fid, less(hits, fid, dodge or {}, out), dx, w, out)


def drill(s: State, seat: int, me: Square, t: Target, left: int, w: Item, out: list[str]) -> None:
    """DRILL (rb 657): surplus hits go on to the next square until spent, or until the range is over."""
    dx, dy = t.square[0] - me[0], t.square[1] - me[1]
    step = (dx and (1 if dx > 0 else -1), dy and (1 if dy > 0 else -1))
    sq = t.square
    reach = (w.range or 1) - t.between
    bd = board(s.layout)
    while left > 0 and reach > 0:
        nxt = (sq[0] + step[0], sq[1] + step[1])
        if not bd.step_open(sq, nxt):
            return
        sq = nxt
        reach -= 1
        fid = physics.figure_at(s, sq)
        if fid is not None:
            left = strike(s, seat, fid, left, step[0] or 1, w, out)


def blast_squares(s: State, center: Square) -> list[Square]:
    """rb 825: the square and its 4 neighbours, unless an obstacle is between."""
    bd = board(s.layout)
    return [center] + [(center[0] + dx, center[1] + dy) for dx, dy in ((-1, 0), (1, 0), (0, 1), (0, -1))
                       if bd.step_open(center, (center[0] + dx, center[1] + dy))]
