"""Each BUG card's use by the AI BUGMISTRESS (rb 1419-1479) that acts on the BUGBUSTERs, the board or her
cards, as a pair: what it would act on now (a pure choice: nothing when the card does not apply) and its
effect. bug_cards.py registers them (``AI_USES``); the cards that act on the BUGs are bug_cards_ai.py's;
bug_aims.py holds the shared aims and ties. Quotes: shared/rulebooks/powerup.txt ("rb N"); DESIGN: the
issue's rulings, also in docs/games/powerup-coop-data.md ("BUG cards").

- **Acid Corruption** (rb 1459: "Use this on the square with the most coins"; rb 1283: "Destroy all coins
  that are in a square"): the coins lying in the open (``s.coins``; face-down secrets are not seen).
- **Acid Vomit** (DESIGN; rb 1455 is an empty heading; rb 1287: "If a BUGBUSTER is adjacent to a BURP ...
  destroy it"): a standing BUGBUSTER next to a BURP loses its costliest equipped equipment card, never a
  basic weapon (ties: the slots' order, distance, melee, armor); it goes to the equipment discard and its
  slot falls back to the basic weapon (life.destroy). The BUGBUSTER: the top scorer first, then the tie
  rule. It waits while no such BUGBUSTER holds such a card.
- **Deplete 3 POWERUPs** (rb 1449: "Turns off POWERUPs that are near the BUGBUSTERs with the highest
  SCORE"; DESIGN: the 3 ON POWERUPs nearest the top scorer; fewer ON: those).
- **Metal Corrosion, Mortal Gas, Psychic Attack** (rb 1437: "These have effect over all players, unless
  you are playing solo where it would only affect you as a single character"): every BUGBUSTER of the
  game loses 1 ammo, 1 RP, 1 POW! card (rb 1323, 1327, 1339); with a single BUGBUSTER it loses 3 ammo,
  2 RP, 2 POW! cards. Never below 0; the POW! cards are taken at random (the data's ruling) to the POW!
  discard; ammo lost breaks what breaks "out of ammo" (rb 835-837, life.spend).
- **Open/Close Door** (rb 1429: "Close the door nearest to the BUGBUSTER with the highest SCORE"): the
  nearest gateway not shut yet is shut (``s.shut``; it stays shut until a card opens it).
- **Reinforcement** (rb 1445: "Use it to have 2 cards instead of this one"): 2 more cards face up, to the
  right of the row, Events among them discarded (rb 1387); fewer if the deck and discard run out.
"""

from __future__ import annotations

from rules.powerup import bug_aims as aim
from rules.powerup import life
from rules.powerup.board import Square, board, name
from rules.powerup.state import State, coop_of, keep_rng, rng_of

# rb 1323, 1327, 1339: (each BUGBUSTER, a single BUGBUSTER)
DRAIN = {"Metal Corrosion": ("ammo", 1, 3), "Mortal Gas": ("rp", 1, 2), "Psychic Attack": ("pow", 1, 2)}
REINFORCEMENT = 2  # rb 1445


_c = coop_of  # this module reads the co-op state through it


_cost = aim.card_cost


# --- Acid Corruption -------------------------------------------------------------------------------------
def richest(s: State) -> Square | None:
    return min((sq for sq, n in s.coins.items() if n > 0), key=lambda q: (-s.coins[q], q[1], q[0]), default=None)


def acid_corruption(s: State, card: str, out: list[str]) -> None:
    sq = richest(s)
    assert sq is not None
    n = s.coins.pop(sq)
    out.append(f"Acid Corruption: the {n} coin{'s' if n != 1 else ''} at {name(sq)} melt away.")


# --- Acid Vomit ------------------------------------------------------------------------------------------
def vomit_at(s: State) -> tuple[int, str] | None:
    """The BUGBUSTER next to a BURP with an equipped card, and its costliest one."""
    burps = {s.where(f) for f in aim.bugs_of(s, "BURP")}
    points = _c(s).points
    found = []
    for seat, sq in aim.busters_up(s):
        cards = [x for x in s.busters[seat].equipped if x is not None and "." not in x]
        if cards and burps & set(aim.around(s, sq)):
            found.append(((-points[seat], sq[1], sq[0], seat), seat, max(cards, key=_cost)))
    return min(found)[1:] if found else None


def acid_vomit(s: State, card: str, out: list[str]) -> None:
    got = vomit_at(s)
    assert got is not None
    life.destroy(s, got[0], got[1], out, "Acid Vomit")


# --- Deplete 3 POWERUPs, Open/Close Door -----------------------------------------------------------------
def powerups_near_top(s: State) -> list[Square]:
    top = aim.top_scorer(s)
    if top is None:
        return []
    return sorted((q for q, on in s.powerups.items() if on), key=lambda q: (aim.near(q, top[1]), q[1], q[0]))


def deplete(s: State, card: str, out: list[str]) -> None:
    off = powerups_near_top(s)[:3]
    for sq in off:
        s.powerups[sq] = False
    out.append(f"POWERUP{'s' if len(off) != 1 else ''} {', '.join(name(q) for q in off)} turn OFF.")


def door_to_close(s: State) -> Square | None:
    top = aim.top_scorer(s)
    doors = [g for g in board(s.layout).gateways() if g not in s.shut]
    if top is None:
        return None
    return min(doors, key=lambda g: (aim.near(g, top[1]), g[1], g[0]), default=None)


def close_door(s: State, card: str, out: list[str]) -> None:
    sq = door_to_close(s)
    assert sq is not None
    s.shut = (*s.shut, sq)
    out.append(f"The door at {name(sq)} is shut.")


# --- Metal Corrosion, Mortal Gas, Psychic Attack ---------------------------------------------------------
def _has(s: State, seat: int, what: str) -> int:
    b = s.busters[seat]
    return b.ammo if what == "ammo" else b.rp if what == "rp" else len(b.hand)


def drain_applies(s: State, card: str) -> bool:
    what = DRAIN[card.split("|")[0]][0]
    return any(_has(s, seat, what) for seat in range(len(s.seats)))


def drain(s: State, card: str, out: list[str]) -> None:
    what, each, solo = DRAIN[card.split("|")[0]]
    n = solo if len(s.seats) == 1 else each
    for seat in range(len(s.seats)):
        take(s, seat, what, n, out)


def take(s: State, seat: int, what: str, n: int, out: list[str]) -> None:
    """``seat`` loses up to ``n`` ammo, RP or POW! cards (``what``: ammo, rp, pow; cards at random)."""
    k = min(n, _has(s, seat, what))
    if k:
        sheet = s.busters[seat].sheet
        if what == "pow":
            r = rng_of(s)
            hand = list(s.busters[seat].hand)
            taken = [hand.pop(r.below(len(hand))) for _ in range(k)]
            keep_rng(s, r)
            s.set_buster(seat, hand=tuple(hand))
            s.pow_discard = (*s.pow_discard, *taken)
            out.append(f"{sheet} loses {k} POW! card{'s' if k != 1 else ''}.")
        else:
            out.append(f"{sheet} loses {k} {'ammo' if what == 'ammo' else 'RP'}.")
            life.spend(s, seat, **{what: k}, out=out)


# --- Reinforcement ---------------------------------------------------------------------------------------
def reinforcement(s: State, card: str, out: list[str]) -> None:
    from rules.powerup import bug_cards

    drawn = bug_cards.draw_face_up(s, REINFORCEMENT)
    out.append(f"Reinforcement: the BUGMISTRESS draws {', '.join(x.split('|')[0] for x in drawn) or 'nothing'}.")
