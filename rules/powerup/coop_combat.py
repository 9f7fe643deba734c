"""BUGBUSTERs' attacks on what co-op puts on the board (rb 787-851, rb 1019-1037): the BUGs, the
BUGMISTRESS's figure and the portal pieces. combat.py lists them as targets (``TARGETS``) and hands their
hits here (``strike``); melee.py asks here for their defence dice (``defence_dice``). What a BUG is comes
from coop_life.py; her levels and the pieces from coop_data. A BUG attacking is bug_attacks.py.

Readings (quotes: shared/rulebooks/powerup.txt, "rb N"):

- A BUG takes hits as a BUGBUSTER does (rb 795): its armor (rb 1019: "Each armor icon on a BUG means one
  less hit") and a cover's, the DAMAGE card (rb 845), then a push by all the hits (rb 795, rb 741). An
  immunity (rb 1023-1037: "They are not damaged by the hits but can be pushed back by them") follows the
  weapon's damage type, or any ranged attack (shots and grenades) for the BUGDOZER.
- Melee (rb 811): a BUG rolls its melee dice (a BUGGIE stack all of theirs, rb 991), none from behind
  (rb 821) unless it has BACKEYE (rb 995: "There's no way sneak up on it"). A BUG's POW! face is only hits:
  it draws no card (the issue).
- Portal pieces (``moves: false`` in the data) are hurt, never pushed; one at 0 lives leaves the board.
- The BUGMISTRESS's figure: her level's armor and lives (``Coop.mistress_lives``); "immune to attacks from
  the back" (rb 1850, BACK_IMMUNE, both levels): an attacker standing on the side she faces away from does
  nothing to her. Killed at level 1, "she immediately moves to level 2" (rb 1844) with full lives; killed
  at level 2 her figure leaves the board (``Coop.level`` stays 2: the mission reads her figure gone). Each
  death pays her level's reward and points to the killer, as a BUG's (rb 847, rb 1009). She is never
  pushed: level 1 "cannot move" (rb 1844); at level 2 she moves only by her own steps (a house reading,
  one rule for both levels).
"""

from __future__ import annotations

from rules.powerup import coop_life, dice, physics, professions
from rules.powerup.board import Square
from rules.powerup.coop_data import MistressLevel, coop_data
from rules.powerup.data import Item
from rules.powerup.state import State

TARGETS = ("bug", "mistress", "piece")  # figure kinds a BUGBUSTER may attack in co-op
MISTRESS = "BUGMISTRESS"


def behind(s: State, origin: Square, fid: str) -> bool:
    """rb 821: attacked "from the opposite side it is facing": the attacker's column on its back side (any
    figure: melee.from_behind asks here too)."""
    sq = s.where(fid)
    assert sq is not None
    return sq[0] != origin[0] and (1 if origin[0] > sq[0] else -1) != s.figures[fid].facing


def defence_dice(s: State, origin: Square, fid: str) -> str:
    """The melee dice a co-op figure rolls against an attacker on ``origin`` ("0": none)."""
    kind = s.figures[fid].kind
    if kind == "piece":
        return coop_data().portal_piece.dice
    if kind == "mistress":
        return "0" if behind(s, origin, fid) else level(s).melee.dice
    if behind(s, origin, fid) and "BACKEYE" not in coop_life.sheet(s, fid).abilities:
        return "0"
    return coop_life.melee_dice(s, fid)


def melee_weapon(s: State, fid: str) -> Item | None:
    """A BUG's (or her) sheet melee attack, for its damage type when it wins a melee (a piece has none)."""
    kind = s.figures[fid].kind
    if kind == "mistress":
        return level(s).melee
    return coop_life.sheet(s, fid).melee if kind == "bug" else None


def level(s: State) -> MistressLevel:
    assert s.coop is not None and s.coop.level in (1, 2)
    return coop_data().level(s.coop.level)


def strike(s: State, by: int | None, fid: str, hits: int, dx: int, w: Item | None, out: list[str],
           cover: int = 0, push_bonus: int = 0) -> int:
    """``hits`` land on a co-op figure (combat.strike's contract): returns the hits left over once it is
    dead (DRILL), else 0."""
    kind = s.figures[fid].kind
    pierce = professions.pierce(s, by, w is not None and w.kind in ("R", "V"))  # the sniper's Armor Piercer
    if kind == "mistress":
        return _strike_mistress(s, by, hits, out, cover, pierce)
    if kind == "piece":
        return _strike_piece(s, fid, hits, out, cover, pierce)
    ranged = w is not None and w.kind in ("R", "V")
    armor = max(0, coop_life.armor(s, fid) - professions.pierce(s, by, ranged)) + cover  # Armor Piercer
    through = max(0, hits - armor)
    if coop_life.immune(s, fid, w.damage if w is not None else None, ranged):
        lost = 0
        out.append(f"{fid} takes {_hits(hits)}: immune to {w.damage if w and w.damage else 'ranged'} attacks, "
                   "no life lost.")
    else:
        lost = dice.lives_lost(through)
        out.append(f"{fid} takes {_hits(hits)} against armor {armor}: {_lives(lost)} lost.")
    before = coop_life.bug(s, fid).lives
    if coop_life.hurt(s, fid, lost, out, by=by):
        return max(0, through - dice.hits_to_take(before))
    if dx:
        moved = physics.push(s, fid, dx, hits + push_bonus, out, by=by)  # into acid: ``by`` scores it
        if moved:
            out.append(f"{fid} is pushed {moved} square{'s' if moved != 1 else ''}.")
    return 0


def _strike_piece(s: State, fid: str, hits: int, out: list[str], cover: int, pierce: int = 0) -> int:
    assert s.coop is not None
    armor = max(0, coop_data().portal_piece.armor - pierce) + cover
    through = max(0, hits - armor)
    lost = dice.lives_lost(through)
    out.append(f"{fid} takes {_hits(hits)} against armor {armor}: {_lives(lost)} lost.")
    before = s.coop.pieces[fid]
    if lost < before:
        s.coop.pieces[fid] = before - lost
        return 0
    del s.coop.pieces[fid]
    del s.figures[fid]
    out.append(f"{fid} is destroyed.")
    return max(0, through - dice.hits_to_take(before))


def _strike_mistress(s: State, by: int | None, hits: int, out: list[str], cover: int, pierce: int = 0) -> int:
    c = s.coop
    assert c is not None
    origin = s.where(s.busters[by].sheet) if by is not None else None
    if origin is not None and behind(s, origin, MISTRESS):
        out.append(f"{MISTRESS} is immune to attacks from the back.")
        return 0
    lv = level(s)
    armor = max(0, lv.armor - pierce) + cover
    through = max(0, hits - armor)
    lost = dice.lives_lost(through)
    out.append(f"{MISTRESS} takes {_hits(hits)} against armor {armor}: {_lives(lost)} lost.")
    before = c.mistress_lives
    if lost < before:
        c.mistress_lives = before - lost
        return 0
    sq = s.where(MISTRESS)
    coop_life.pay(s, sq, lv.reward, lv.spawn_cost * 100, MISTRESS, by, out)
    if c.level == 1:
        c.level, c.mistress_lives = 2, coop_data().level(2).lives
        out.append(f"{MISTRESS} rises again at level 2 with {c.mistress_lives} lives.")
        return 0
    c.mistress_lives = 0
    del s.figures[MISTRESS]
    out.append(f"{MISTRESS} is defeated.")
    return max(0, through - dice.hits_to_take(before))


def drowned(s: State, out: list[str]) -> None:
    """Her figure in acid (rb 725: "Everything that falls into it dies and disintegrates"): gone for good,
    whatever her level, with no reward and no score (as a BUG's acid death with nobody pushing). The AI never
    walks her into acid nor flips it under her (mistress_figure.py): only an unlucky fall gets her there."""
    c = s.coop
    assert c is not None
    c.level, c.mistress_lives = 2, 0
    del s.figures[MISTRESS]
    s.beats += 1
    out.append(f"{MISTRESS} falls into the acid and disintegrates.")


def _hits(n: int) -> str:
    return f"{n} hit{'s' if n != 1 else ''}"


def _lives(n: int) -> str:
    return "no life" if not n else f"{n} li{'ves' if n != 1 else 'fe'}"
