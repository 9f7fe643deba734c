"""Ranged attacks (rb 787-797) and variable range (grenades and launchers, rb 823-825): the price, the
dice, the impact paths, and the roll landing on what is there by then. An attack is declared and paid
(attacks.py), may wait on a reaction window, is rolled, may wait on the roll window, then lands; combat.py
holds what all attacks share (targets, damage, drums, keyword spreads). Quotes: shared/rulebooks/powerup.txt
("rb N").
"""

from __future__ import annotations

from rules.powerup import combat, dice, life, physics
from rules.powerup.board import Square, board, name
from rules.powerup.state import State


def pay_shot(s: State, seat: int, target: str, extra_ammo: int, extra_rp: int, out: list[str]) -> bool:
    """A ranged attack's price (rb 787-797): 1 ammo (and AMMO_Y's, RP_Y's extra dice bought now, rb
    649-651). False when the weapon breaks on it (a shotgun spending its last ammo breaks unfired)."""
    b = s.busters[seat]
    w = life.weapon(b, "distance")
    assert w is not None
    out.append(f"{b.sheet} shoots {target} with {w.name}.")
    if w.id in life.spend(s, seat, rp=extra_rp, ammo=w.ammo_per_shot + extra_ammo, out=out):
        out.append("The shot is not fired.")
        return False
    return True


def shot_pool(s: State, seat: int, extra: int, assists: tuple[int, ...] = ()) -> str:
    """The sheet's ranged dice + the weapon's (rb 791), the extra yellow dice (AMMO_Y, RP_Y, DOUBLE's on a
    second attack in a row, rb 653), the tricks' and the assistants' dice."""
    b = s.busters[seat]
    return dice.add(life.ranged_dice(b, life.weapon(b, "distance")), dice.pool(0, extra),
                    combat.bonus_dice(s, "ranged"), combat.assist_dice(s, assists, ranged=True))


def land_shot(s: State, seat: int, t: combat.Target, push: int, roll: dice.Roll, dodge: dict[str, int],
              out: list[str], plus: int = 0) -> None:
    """The shot's roll lands: a blunder may break the weapon (the shot is lost, rb 835); else the hits,
    less what a Roll cancelled for that figure (rb 895), strike the target, and AREA2/DRILL go on."""
    b = s.busters[seat]
    w = life.weapon(b, "distance")
    assert w is not None
    me = s.where(b.sheet)
    assert me is not None
    out.append(f"Roll: {dice.describe(roll)}.")
    if combat.breaks(w, roll):
        life.destroy(s, seat, w.id, out, "a blunder: the shot is lost")
        combat.draw_pows(s, seat, roll, out)
        return
    total = dice.hits(roll) + combat.bonus_hits(s, "ranged") + plus
    combat.draw_pows(s, seat, roll, out)
    dx = combat.direction(me, t.square, push)
    bonus = 2 if "PUSH2" in w.keywords else 0
    hits = combat.less(total, t.id, dodge, out)
    left = combat.strike(s, seat, t.id, hits, dx, w, out, cover=t.cover, push_bonus=bonus)
    if "AREA2" in w.keywords:
        combat.area(s, seat, t.square, total, dx, w, out, dodge)
    if "DRILL" in w.keywords and left > 0:
        combat.drill(s, seat, me, t, left, w, out)


def lob_roll(s: State, seat: int, out: list[str]) -> int:
    """Variable range (rb 823): "roll one yellow die to calculate it"; at least 1 (the issue). A launcher
    spends 1 ammo; a grenade none (single use)."""
    b = s.busters[seat]
    w = life.weapon(b, "distance")
    assert w is not None and w.kind == "V"
    if w.id in life.spend(s, seat, ammo=w.ammo_per_shot, out=out):
        out.append("Nothing is thrown.")
        return 0
    roll = combat.roll_pool(s, "1Y")
    reach = max(1, dice.hits(roll))
    out.append(f"{b.sheet} readies {w.name}: reach {reach} ({dice.describe(roll)}).")
    combat.draw_pows(s, seat, roll, out)
    return reach


def can_lob(s: State, seat: int) -> bool:
    """rb 823: the throw starts "from the square next to where you threw": it must be open (no wall, no
    block, no solid platform, not off the board), or the grenade goes nowhere."""
    here = s.where(s.busters[seat].sheet)
    assert here is not None
    return board(s.layout).step_open(here, (here[0] + s.figures[s.busters[seat].sheet].facing, here[1]))


def impact_squares(s: State, seat: int, reach: int) -> list[Square]:
    """rb 823: "Start counting from the square next to where you threw the grenade. Then go through as many
    squares as the range index indicates. Don't go through the same square twice." Paths of open squares
    (no block, no solid platform crossed, no figure or cover but on the last), each a step up, down,
    left or right; the impact is where a path of exactly ``reach`` squares ends (the longest ones when
    none is that long)."""
    b = s.busters[seat]
    me = s.where(b.sheet)
    assert me is not None
    bd = board(s.layout)
    first = (me[0] + s.figures[b.sheet].facing, me[1])
    if not bd.step_open(me, first):
        return []
    ends: dict[int, set[Square]] = {}

    def walk(sq: Square, path: tuple[Square, ...]) -> None:
        ends.setdefault(len(path), set()).add(sq)
        if len(path) == reach or not physics.free(s, sq):
            return
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nxt = (sq[0] + dx, sq[1] + dy)
            if nxt not in path and nxt != me and bd.step_open(sq, nxt):
                walk(nxt, (*path, nxt))

    walk(first, (first,))
    longest = max(n for n in ends if n <= reach)
    return sorted(ends[longest], key=lambda sq: (sq[1], sq[0]))


def lob_pool(s: State, seat: int) -> str:
    b = s.busters[seat]
    return dice.add(life.ranged_dice(b, life.weapon(b, "distance")), combat.bonus_dice(s, "ranged"))


def land_lob(s: State, seat: int, sq: Square, roll: dice.Roll, dodge: dict[str, int], out: list[str],
             plus: int = 0) -> None:
    """The grenade's roll on its impact square (rb 823-825): a blunder and it does not go off; else the
    blast, each figure's hits less what its Roll cancelled."""
    b = s.busters[seat]
    w = life.weapon(b, "distance")
    assert w is not None
    me = s.where(b.sheet)
    out.append(f"{w.name} lands on {name(sq)}: {dice.describe(roll)}.")
    if combat.breaks(w, roll):
        life.destroy(s, seat, w.id, out, "a blunder: it does not go off")
        combat.draw_pows(s, seat, roll, out)
        return
    combat.draw_pows(s, seat, roll, out)
    if w.destroyed_when == "single_use":
        life.destroy(s, seat, w.id, out, "single use")
    if "LEAVES_FIRE" in w.keywords and sq not in s.fire:
        s.fire = (*s.fire, sq)
    combat.blast(s, sq, dice.hits(roll) + combat.bonus_hits(s, "ranged") + plus, seat, w, out, origin=me, dodge=dodge)
