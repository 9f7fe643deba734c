"""Each BUG card's use by the AI BUGMISTRESS (rb 1419-1479) that acts on the BUGs, as a pair: what it would
act on now (a pure choice: None when the card does not apply) and its effect. bug_cards.py registers them
(``AI_USES``) and says when they are used; the cards that act on the BUGBUSTERs and the board are
bug_cards_board.py's; bug_aims.py holds the shared aims, ties and board moves, and the readings they take.
Quotes: shared/rulebooks/powerup.txt ("rb N"); DESIGN: the issue's rulings, also in
docs/games/powerup-coop-data.md ("BUG cards").

- **Ambush** (rb 1471: "Place 2 BUGGIES on both sides of the BUGBUSTER with the highest SCORE. DO NOT MOVE
  THESE BUGS"): a BUGGIE on each free side of the top scorer, facing it, dizzy as spawned BUGs (rb 960):
  they are placed, not moved, and act from the next BUG turn. One side free: one BUGGIE.
- **Evolution / Bicevolution** (rb 1467: "they turn the BUGs closest to the PRIMARY GOAL or BUGBUSTERs
  with the highest SCORE"; rb 1311: "Transform a BUGGIE into a BIGBUG", rb 1295: "a BIGBUG into a
  BICEFALOUS"): one BUG per card, the nearest the aim; only while a token of the new type is free.
- **Charge** (rb 1475: "BUGs move twice as many squares with their actions"): ``Coop.charge`` for the rest
  of this BUG turn; used while a BUG has actions left to move with. What it does: bug_cards.charge_step.
- **Inmolation** (rb 1433: "this BUG throws itself kamikaze-style against a BUGBUSTER"; DESIGN: when a
  BRASAS is next to a BUGBUSTER, the one next to the most; rb 1319: "explode with an área of damage 1 ...
  1 life point from any character adjacent to it. It ignores the armor. Leave a fire token in its
  place"): the BRASAS leaves the board with no coins and no score (the issue); each BUGBUSTER standing and
  each NPC on the 8 squares around loses 1 life, armor aside. "Character" is read as rb 703 uses it (a
  BUGBUSTER or a Non-Player-Character, not a BUG): the other BUGs are not hurt. Its square is on fire.
- **Knock Knock** (rb 1425: "Move the most powerful BUG, that is also furthest away from the BUGBUSTERS.
  Place it either at the door closest to the PRIMARY TARGET or next to the BUGBUSTER with the highest
  SCORE"; DESIGN: the door nearest the primary target, else next to the top scorer): the BUG of the
  highest SPAWN cost, then lives, then farthest from the nearest standing BUGBUSTER (BURPs never walk,
  they stay). "At the door": on the free gateway square nearest a primary target; with no primary target
  (or no such door free), on a free side of the top scorer. It faces its aim.
- **Special Spawn** (rb 1479: "Perform the SPAWN in the square adjacent to the BUGBUSTER with the highest
  SCORE ... draw the next BUG card and use only the creature that is at the bottom of the automatic SPAWN
  indicator"): the card drawn goes to the discard; the creature comes out dizzy on a free side of the top
  scorer, facing it, caps permitting (the AI activates nothing: as its SPAWN, any type).
- **Surprise!** (rb 1453: "Use these cards at the end, with the BUGs that are closest to the PRIMARY
  TARGET or ... the BUGBUSTER with the highest SCORE"; rb 1355: "give it 4 actions to use instantly"):
  once the BUGs have all moved (the BUG turn's last step), the walking BUG nearest the aim, even a dizzy
  one (the data's ruling), acts again at once with 4 AP, moving and attacking as any BUG of the AI.
- **Teleport** (rb 1441: "Teleports towards the PRIMARY TARGET or the BUGBUSTER with the highest SCORE";
  DESIGN: the BUG farthest from the target goes to the ON POWERUP nearest it; rb 1359: "Turn off this
  POWERUP"): a walking BUG, onto a free ON POWERUP nearer the aim than the BUG is (else it waits).
- **Thief Buggie** (rb 1463: "If one of the BUGGIES is next to a BUGBUSTER, use this card and escape";
  rb 1363: "Instead of a normal attack, the Buggie steals one of the extra weapons ... 4 actions of
  movement to allow it to escape ... When this buggie is destroyed, the weapon is recovered"; DESIGN: the
  costliest card, then flee): a BUGGIE (or stack) not dizzy and not already a thief, with a standing
  BUGBUSTER holding an equipment card where it could attack it (ahead, diagonally ahead, above, below:
  "instead of a normal attack"). It takes that BUGBUSTER's costliest card (equipped or not; never a basic
  weapon; an equipped one's slot falls back to its basic), keeps it (``Bug.stolen``/``owner``: back to the
  owner when it dies, coop_life.die) and flees (bug_aims.flee). In her turn only a BUGGIE with actions
  left steals, and then its actions are over (the theft is its attack, rb 949); in the BUGBUSTERs' turns
  any BUGGIE may (rb 975: tricks "at any time").

"""

from __future__ import annotations

from dataclasses import replace

from rules.powerup import bug_aims as aim
from rules.powerup import combat, coop_life, life, physics
from rules.powerup.board import Square, board, name
from rules.powerup.bug_squares import npc_dies
from rules.powerup.data import game_data
from rules.powerup.state import State, coop_of

EVOLVES = {"Evolution": ("BUGGIE", "BIGBUG"), "Bicevolution": ("BIGBUG", "BICEFALUS")}  # rb 1311, rb 1295
SURPRISE_AP = 4  # rb 1355


_c = coop_of  # this module reads the co-op state through it


_cost = aim.card_cost


def can_draw(s: State) -> bool:
    """A card left to draw (the deck, or the discard to reshuffle)."""
    return bool(_c(s).bug_deck or _c(s).bug_discard)


# --- Ambush, Special Spawn: next to the top scorer ------------------------------------------------------
def beside_top(s: State) -> tuple[Square, list[Square]] | None:
    top = aim.top_scorer(s)
    if top is None or not aim.sides(s, top[1]):
        return None
    return top[1], aim.sides(s, top[1])


def ambush(s: State, card: str, out: list[str]) -> None:
    got = beside_top(s)
    assert got is not None
    who, squares = got
    for sq in squares:
        if physics.free(s, sq):
            aim.place(s, "BUGGIE", sq, 1 if who[0] > sq[0] else -1, out)


def special_spawn(s: State, card: str, out: list[str]) -> None:
    from rules.powerup import ai_mistress

    got = beside_top(s)
    assert got is not None
    who, squares = got
    drawn = ai_mistress.draw_card(s)
    kind = ai_mistress.copy_of(drawn).bottom
    _c(s).bug_discard = (*_c(s).bug_discard, drawn)
    out.append(f"Special Spawn: {ai_mistress.card_name(drawn)} shows a {kind} at the bottom.")
    aim.place(s, kind, squares[0], 1 if who[0] > squares[0][0] else -1, out)


# --- Evolution, Bicevolution -----------------------------------------------------------------------------
def evolving(s: State, card: str) -> str | None:
    old, new = EVOLVES[card.split("|")[0]]
    if not aim.room_for(s, new):
        return None
    return aim.closest(s, [f for f in aim.bugs_of(s, old) if _c(s).bugs[f].stack == 1], aim.aims(s))


def evolution(s: State, card: str, out: list[str]) -> None:
    fid = evolving(s, card)
    assert fid is not None
    aim.evolve(s, fid, EVOLVES[card.split("|")[0]][1], out)


# --- Charge ----------------------------------------------------------------------------------------------
def charge_applies(s: State, card: str) -> bool:
    c = _c(s)
    return not c.charge and any(c.aps.get(f, 0) > 0 for f in aim.walkers(s))


def charge(s: State, card: str, out: list[str]) -> None:
    _c(s).charge = True
    out.append("Charge: the BUGs move twice as many squares this turn.")


# --- Inmolation ------------------------------------------------------------------------------------------
def kamikaze(s: State) -> str | None:
    """The BRASAS next to the most standing BUGBUSTERs (at least one); ties: the tie rule."""
    ups = {sq for _, sq in aim.busters_up(s)}
    ready = [(-len(ups & set(aim.around(s, aim.spot(s, f)))), *aim.tie(s, f)) for f in aim.bugs_of(s, "BRASAS")]
    best = min((r for r in ready if r[0] < 0), default=None)
    return best[-1] if best is not None else None


def inmolation(s: State, card: str, out: list[str]) -> None:
    fid = kamikaze(s)
    assert fid is not None
    explode(s, fid, out)


def explode(s: State, fid: str, out: list[str]) -> None:
    """The BRASAS ``fid`` blows up (rb 1319): gone with no coins and no score, 1 life off each character
    around it, armor aside; its square on fire. (A human BUGMISTRESS names the BRASAS: mistress_cards.py.)"""
    c = _c(s)
    sq = s.where(fid)
    assert sq is not None
    out.append(f"{fid} throws itself at the BUGBUSTERs and explodes at {name(sq)}!")
    coop_life.die(s, fid, out)  # no reward coins, no score (the issue)
    if sq not in s.fire:
        s.fire = (*s.fire, sq)
    for x in aim.around(s, sq):
        other = physics.figure_at(s, x)
        seat = s.seat_of(other) if other is not None else None
        if seat is not None and seat not in c.fallen:
            out.append(f"{other} is caught in the blast: 1 life lost.")
            life.hurt(s, seat, 1, out, cause="Inmolation")
        elif other is not None and other in c.npcs:
            npc_dies(s, other, out)  # an NPC has 1 life (rb 1120)
    physics.settle(s, out, keep=s.air)


# --- Knock Knock, Teleport: a BUG moved by a card --------------------------------------------------------
def knock_at(s: State) -> tuple[str, Square] | None:
    """The BUG to move and its square."""
    from rules.powerup import missions

    ups = [sq for _, sq in aim.busters_up(s)]
    fid = min(aim.walkers(s), key=lambda f: (*(-x for x in aim.power(s, f)), -aim.far(aim.spot(s, f), ups),
                                             *aim.tie(s, f)), default=None)
    if fid is None:
        return None
    targets = list(missions.primary_targets(s))
    bd = board(s.layout)
    doors = [g for g in bd.gateways() if physics.free(s, g) and not bd.acid(g)] if targets else []
    if doors:
        return fid, min(doors, key=lambda g: (aim.far(g, targets), g[1], g[0]))
    got = beside_top(s)
    return (fid, got[1][0]) if got is not None else None


def knock_knock(s: State, card: str, out: list[str]) -> None:
    got = knock_at(s)
    assert got is not None
    fid, sq = got
    aim.move_to(s, fid, sq, aim.facing_to(sq, aim.aims(s), s.figures[fid].facing), out, "knocks: it goes")


def teleport_to(s: State) -> tuple[str, Square] | None:
    aims = aim.aims(s)
    fid = min(aim.walkers(s), key=lambda f: (-aim.far(aim.spot(s, f), aims), *aim.tie(s, f)), default=None)
    if fid is None or not aims:
        return None
    pads = [q for q, on in s.powerups.items() if on and physics.free(s, q)]
    to = min(pads, key=lambda q: (aim.far(q, aims), q[1], q[0]), default=None)
    return (fid, to) if to is not None and aim.far(to, aims) < aim.far(aim.spot(s, fid), aims) else None


def teleport(s: State, card: str, out: list[str]) -> None:
    got = teleport_to(s)
    assert got is not None
    fid, sq = got
    s.powerups[sq] = False
    aim.move_to(s, fid, sq, aim.facing_to(sq, aim.aims(s), s.figures[fid].facing), out,
                "teleports (the POWERUP there turns OFF)")


# --- Surprise! -------------------------------------------------------------------------------------------
def surprised(s: State) -> str | None:
    c = _c(s)
    if c.stage != "bug" or c.step != "last":
        return None
    return aim.closest(s, aim.walkers(s), aim.aims(s))


def surprise(s: State, card: str, out: list[str]) -> None:
    fid = surprised(s)
    assert fid is not None
    c = _c(s)
    c.bugs[fid] = replace(c.bugs[fid], dizzy=False)
    c.step, c.queue = "move", (fid,)
    c.aps = {**c.aps, fid: SURPRISE_AP}
    c.acting, c.bug_ap = fid, SURPRISE_AP
    out.append(f"Surprise! {fid} acts again with {SURPRISE_AP} actions.")


# --- Thief Buggie ----------------------------------------------------------------------------------------
def theft(s: State) -> tuple[str, int, str] | None:
    """The BUGGIE, the BUGBUSTER it robs and the card."""
    c = _c(s)
    for fid in aim.bugs_of(s, "BUGGIE"):
        b = c.bugs[fid]
        me = s.where(fid)
        if b.dizzy or b.stolen or me is None or c.stage == "bug" and c.aps.get(fid, 0) <= 0:
            continue  # in her turn, a BUGGIE whose actions are over has no attack left to steal instead of
        reach = {t.id for t in combat.next_to(s, me, s.figures[fid].facing, lambda x: s.seat_of(x) is not None,
                                              covers=False)}
        seats = [i for i, x in enumerate(s.busters) if x.sheet in reach and i not in c.fallen and x.owned]
        if seats:
            seat = min(seats, key=lambda i: (-c.points[i], *aim.tie(s, s.busters[i].sheet)[:2], i))
            owned = s.busters[seat].owned
            return fid, seat, max(owned, key=lambda x: (_cost(x), -owned.index(x)))
    return None


def thief_buggie(s: State, card: str, out: list[str]) -> None:
    got = theft(s)
    assert got is not None
    fid, seat, item = got
    c = _c(s)
    steal(s, fid, seat, item, out)
    c.aps = {**c.aps, fid: 0} if fid in c.aps else c.aps  # the theft is its attack (rb 949)
    if c.acting == fid:
        c.bug_ap = 0
    aim.flee(s, fid, out)


def steal(s: State, fid: str, seat: int, item: str, out: list[str]) -> None:
    """The BUGGIE ``fid`` takes ``item`` (an equipment card, never a basic weapon) from ``seat``: an equipped
    one's slot falls back to its basic; the card goes back to its owner when the BUGGIE dies (coop_life.die)."""
    c = _c(s)
    b = s.busters[seat]
    basics = life.basic_equipment(b.sheet)
    equipped = tuple(basics[i] if x == item else x for i, x in enumerate(b.equipped))
    s.set_buster(seat, owned=tuple(x for x in b.owned if x != item), equipped=equipped)
    c.bugs[fid] = replace(c.bugs[fid], stolen=item, owner=b.sheet)
    out.append(f"{fid} steals {b.sheet}'s {game_data().card(item).name} and runs!")
