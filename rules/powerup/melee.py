"""Melee (rb 805-821): both roll, the loser (attacker included) takes the difference, a tie does nothing,
from behind the defender rolls nothing; covers take 3 hits. combat.py holds what all attacks share; a co-op
defender's dice come from coop_combat.py (a BUG's, hers, a portal piece's), a BUG's own melee is bug_attacks.py.
Quotes: shared/rulebooks/powerup.txt ("rb N").
"""

from __future__ import annotations

from rules.powerup import combat, coop_combat, dice, life
from rules.powerup.board import name
from rules.powerup.data import game_data
from rules.powerup.state import State, keep_rng, rng_of


def melee_pool(s: State, seat: int, extra: int = 0, assists: tuple[int, ...] = ()) -> str:
    """The attacker's melee dice (sheet + weapon), ``extra`` yellow dice (DOUBLE's on a second attack in a
    row, rb 653), the tricks' and the assistants' dice."""
    b = s.busters[seat]
    return dice.add(life.melee_dice(b), dice.pool(0, extra), combat.bonus_dice(s, "melee"),
                    combat.assist_dice(s, assists, ranged=False))


def from_behind(s: State, seat: int, t: combat.Target) -> bool:
    """rb 821: a defender facing away from its attacker rolls nothing."""
    me = s.where(s.busters[seat].sheet)
    assert me is not None
    return coop_combat.behind(s, me, t.id)


def melee_rolls(s: State, seat: int, t: combat.Target, extra: int = 0,
                assists: tuple[int, ...] = ()) -> tuple[dice.Roll, dice.Roll]:
    """rb 809-817: "both roll" — the attacker's pool and the defender's melee dice (none from behind, none
    for a cover; a co-op figure's as coop_combat.defence_dice says)."""
    r = rng_of(s)
    mine = dice.roll(r, melee_pool(s, seat, extra, assists))
    dseat = s.seat_of(t.id)
    if dseat is None:
        me = s.where(s.busters[seat].sheet)
        pool = coop_combat.defence_dice(s, me, t.id) if t.id in s.figures and me is not None else "0"
        theirs = dice.roll(r, pool) if pool != "0" else ()
    else:
        theirs = () if from_behind(s, seat, t) else dice.roll(r, life.melee_dice(s.busters[dseat]))
    keep_rng(s, r)
    s.last_roll = mine + theirs
    return mine, theirs


def land_melee(s: State, seat: int, t: combat.Target, push: int, mine: dice.Roll, theirs: dice.Roll,
               out: list[str]) -> None:
    """Melee (rb 809-813): the loser (attacker included) takes the difference minus its armor and, alive,
    is pushed by the difference; a tie does nothing (the issue's reading). From behind the defender rolls
    nothing (rb 821). A cover takes 3 hits to destroy (rb 1126)."""
    b = s.busters[seat]
    me = s.where(b.sheet)
    assert me is not None
    w = life.weapon(b, "melee")
    if t.id.startswith("COVER@"):
        n = dice.hits(mine) + combat.bonus_hits(s, "melee")
        need = game_data().hazards["cover"].melee_hits_to_destroy
        out.append(f"{b.sheet} hits the cover at {name(t.square)}: {dice.describe(mine)} ({n} hits).")
        combat.draw_pows(s, seat, mine, out)
        if n >= need:
            s.covers = tuple(c for c in s.covers if c != t.square)
            out.append(f"The cover at {name(t.square)} is destroyed.")
        return
    dseat = s.seat_of(t.id)  # None: a co-op figure (a BUG's POW! face is only hits: it draws nothing)
    there = t.square
    behind = from_behind(s, seat, t)
    out.append(f"{b.sheet} attacks {t.id} in melee{' from behind' if behind else ''}: "
               f"{dice.describe(mine)} against {dice.describe(theirs) if theirs else 'no defence'}.")
    if combat.breaks(w, mine):
        life.destroy(s, seat, w.id, out, "a blunder: the attack is lost")  # type: ignore[union-attr]
        combat.draw_pows(s, seat, mine, out)
        return
    dw = life.weapon(s.busters[dseat], "melee") if dseat is not None else coop_combat.melee_weapon(s, t.id)
    a_hits = dice.hits(mine) + combat.bonus_hits(s, "melee")
    d_hits = dice.hits(theirs)
    combat.draw_pows(s, seat, mine, out)
    if dseat is not None:
        combat.draw_pows(s, dseat, theirs, out)
        if combat.breaks(dw, theirs):
            life.destroy(s, dseat, dw.id, out, "a blunder")  # type: ignore[union-attr]
    if a_hits == d_hits:
        out.append(f"A tie ({a_hits} each): nothing happens.")
        return
    diff = abs(a_hits - d_hits)
    if a_hits > d_hits:
        out.append(f"{b.sheet} wins by {diff}.")
        if dseat is not None:
            lost_melee(s, dseat, out)
        dx = combat.direction(me, there, push)
        bonus = 2 if w is not None and "PUSH2" in w.keywords else 0
        left = combat.strike(s, seat, t.id, diff, dx, w, out, push_bonus=bonus)
        if w is not None and "AREA2" in w.keywords:
            combat.area(s, seat, there, diff, dx, w, out)
        if w is not None and "DRILL" in w.keywords and left > 0:
            combat.drill(s, seat, me, combat.Target(t.id, there), left, w, out)
    else:
        out.append(f"{t.id} wins by {diff}.")
        lost_melee(s, seat, out)
        dx = combat.direction(there, me, -push)
        combat.strike(s, dseat, b.sheet, diff, dx, dw, out)


def lost_melee(s: State, seat: int, out: list[str]) -> None:
    """A melee weapon that breaks when its holder loses a melee (Fire Axe: ``lose_melee``)."""
    w = life.weapon(s.busters[seat], "melee")
    if w is not None and w.destroyed_when == "lose_melee" and "." not in w.id:
        life.destroy(s, seat, w.id, out, "a lost melee")
