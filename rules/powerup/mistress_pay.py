"""A human BUGMISTRESS's cards as she names them, and what she pays with them (the issue's "A human
BUGMISTRESS"): the token of a card in her hand, the ways to pay a cost with SPAWN values, activating a
BUG type and spawning a BUG. mistress.py lists and applies her turn; mistress_cards.py plays a card for
its effect. Quotes: shared/rulebooks/powerup.txt ("rb N").

- **Tokens.** A BUG card in notation is its name with dashes for spaces, then its SPAWN value:
  ``Charge:2``, ``Deplete-3-POWERUPs:2``, ``Open/Close-Door:1`` (as a POW! card is its name, then its
  letter: ``Fury:E``). The copies of one card all print different SPAWN values (coop.json), so the token
  names the copy. Typed, the bare name will do when she holds one copy of it (``pay:Charge``).
- **Paying** (rb 945: "Once the activation cost is paid"; rb 963: "using the SPAWN value on the card to
  generate new bugs"; the issue: "discard cards whose values reach the type's cost ... no change"): the
  cards' SPAWN values add up to the cost or more, and no card is paid that is not needed (a way to pay is
  *minimal*: without its smallest card it would fall short). What is paid over the cost is lost. The
  cards go face up to the BUG discard: paying shows them, as at a table (the discard pile is public).
- **Activation** (rb 945): once per type, in her turn before her BUGs act; BUGGIEs and BATBUGs start
  active; the BOSS is STORY's (ARCADE never activates it).
- **Spawning** (rb 957-962, the issue): only in a turn whose sequence bears a spawn mark (1, 3, 5, 7) and
  no Disruptor holds (rb 1204), before her BUGs act; an active type, at its SPAWN cost, out of a spawn
  point: a BURP on the board that is not dizzy itself ("upright": one spawned this turn is still dizzy
  from the trip, rb 960), a piece of the opened portal (rb 1796) or her level-1 figure (rb 1850: "in any
  direction"). It comes out into the free square in front of the point or above it (hers: also behind or
  below, rb 1850), facing the point's way (out of her mouth when behind), dizzy this turn (rb 960). The
  caps (rb 127-157) and the BURP limit (rb 962; rb 1848) hold.
"""

from __future__ import annotations

from itertools import combinations

from rules.powerup import ai_mistress, missions, physics
from rules.powerup.board import Square, board, name
from rules.powerup.coop_data import coop_data
from rules.powerup.state import State, coop_of

SIDES = ("front", "above")  # rb 999: "Either in front or above it"
HER_SIDES = ("front", "behind", "above", "below")  # rb 1850: "in any direction"
NEVER = ("BOSS",)  # STORY's final foe: no ARCADE activation


_c = coop_of  # this module reads the co-op state through it


# --- tokens ----------------------------------------------------------------------------------------------
def value(card: str) -> int:
    """A card's SPAWN value (``"Charge|1"`` -> 2)."""
    return ai_mistress.copy_of(card).spawn


def token(card: str) -> str:
    """``"Deplete 3 POWERUPs|1"`` -> ``Deplete-3-POWERUPs:2`` (name, then SPAWN value)."""
    return f"{ai_mistress.card_name(card).replace(' ', '-')}:{value(card)}"


def card_of(s: State, tok: str) -> str | None:
    """The card of her hand a token names (case aside), or None."""
    want = tok.lower()
    return next((x for x in _c(s).bug_hand if token(x).lower() == want), None)


def alias(s: State, word: str) -> str:
    """A typed card word as its token: a token as it is; a bare name (dashes or not) she holds once."""
    if card_of(s, word) is not None:
        return token(card_of(s, word))  # type: ignore[arg-type]
    held = [x for x in _c(s).bug_hand if ai_mistress.card_name(x).replace(" ", "-").lower() == word.lower()]
    return token(held[0]) if len(held) == 1 else word


def pay_word(cards: tuple[str, ...]) -> str:
    """``pay:Charge:2,Rage:4`` (tokens sorted, so one way to pay has one spelling)."""
    return "pay:" + ",".join(sorted(token(x) for x in cards))


def paid(s: State, word: str) -> tuple[str, ...]:
    """The cards a ``pay:...`` word names (the caller checked it is one of ``payments``)."""
    cards = tuple(card_of(s, t) for t in word.removeprefix("pay:").split(","))
    assert all(cards), word
    return cards  # type: ignore[return-value]


def payments(s: State, cost: int, spare: tuple[str, ...] = ()) -> list[str]:
    """Every minimal way to pay ``cost`` from her hand (``spare``: cards that may not pay, e.g. the card
    being played), fewest cards first, then the least paid over."""
    hand = [x for x in _c(s).bug_hand if x not in spare]
    values = [value(x) for x in hand]
    found: list[tuple[int, int, str]] = []
    for k in range(1, len(hand) + 1):
        if sum(sorted(values, reverse=True)[:k]) < cost:
            continue  # k cards cannot reach it
        if k > cost:
            break  # every value is at least 1: more cards than the cost are never all needed
        for pick in combinations(range(len(hand)), k):
            got = [values[i] for i in pick]
            total = sum(got)
            if total >= cost and total - min(got) < cost:
                found.append((k, total, pay_word(tuple(hand[i] for i in pick))))
    return [w for _, _, w in sorted(set(found))]


def discard(s: State, cards: tuple[str, ...], out: list[str], why: str) -> None:
    """Cards from her hand to the BUG discard, face up (they are named: the discard is public)."""
    c = _c(s)
    c.bug_hand = tuple(x for x in c.bug_hand if x not in cards)
    c.bug_discard = (*c.bug_discard, *cards)
    names = ", ".join(ai_mistress.card_name(x) for x in cards)
    total = sum(value(x) for x in cards)
    out.append(f"The BUGMISTRESS pays {names} (SPAWN {total}) {why}.")


# --- activation ------------------------------------------------------------------------------------------
def inactive(s: State) -> list[str]:
    """The BUG types she may still activate, in sheet order."""
    return [sh.id for sh in coop_data().bug_sheets if sh.id not in _c(s).active and sh.id not in NEVER]


def activations(s: State) -> list[str]:
    """``activate BIGBUG pay:Charge:2``: each inactive type, each way to pay its activation cost."""
    co = coop_data()
    return [f"activate {kind} {w}" for kind in inactive(s) for w in payments(s, co.sheet(kind).activation)]


def activate(s: State, words: list[str], out: list[str]) -> None:
    c = _c(s)
    kind = words[1]
    discard(s, paid(s, words[2]), out, f"to activate the {kind}s")
    c.active = (*c.active, kind)
    out.append(f"The {kind} sheet turns face up: she may spawn {kind}s now (rb 945).")


# --- spawning --------------------------------------------------------------------------------------------
def points(s: State) -> list[str]:
    """Her spawn points now: BURPs not dizzy, her level-1 figure, the opened portal's pieces."""
    c = _c(s)
    burps = [f for f in sorted(c.bugs) if c.bugs[f].kind == "BURP" and f in s.figures and not c.bugs[f].dizzy
             and s.figures[f].square is not None]
    her = ["BUGMISTRESS"] if c.level == 1 and s.figures.get("BUGMISTRESS") is not None else []
    return [*burps, *her, *missions.portal_points(s)]


def side_square(s: State, point: str, side: str) -> Square | None:
    """The square on that side of the spawn point, when a BUG can come out into it (open, free)."""
    sq = s.where(point)
    if sq is None or side not in (HER_SIDES if point == "BUGMISTRESS" else SIDES):
        return None
    f = s.figures[point].facing
    to = {"front": (sq[0] + f, sq[1]), "behind": (sq[0] - f, sq[1]), "above": (sq[0], sq[1] + 1),
          "below": (sq[0], sq[1] - 1)}[side]
    b = board(s.layout)
    return to if b.inside(to) and b.step_open(sq, to) and physics.free(s, to) else None


def room_for(s: State, kind: str) -> bool:
    """The caps (rb 127-157) and the BURP limit (rb 962, rb 1848)."""
    n = ai_mistress.count(s, kind)
    return n < coop_data().caps[kind] and (kind != "BURP" or n < missions.burp_limit(s))


def spawn_targets(s: State) -> list[str]:
    """``BIGBUG BRP1 above``: each active type with room, each point, each free side."""
    c = _c(s)
    if not c.spawns:
        return []
    out = []
    for kind in (sh.id for sh in coop_data().bug_sheets if sh.id in c.active and room_for(s, sh.id)):
        for point in points(s):
            sides = HER_SIDES if point == "BUGMISTRESS" else SIDES
            out += [f"{kind} {point} {side}" for side in sides if side_square(s, point, side) is not None]
    return out


def spawns(s: State) -> list[str]:
    """``spawn BIGBUG BRP1 above pay:Evolution:1``."""
    co = coop_data()
    by_cost: dict[int, list[str]] = {}
    out = []
    for target in spawn_targets(s):
        cost = co.sheet(target.split()[0]).spawn_cost
        ways = by_cost.setdefault(cost, payments(s, cost))
        out += [f"spawn {target} {w}" for w in ways]
    return out


def spawn(s: State, words: list[str], out: list[str]) -> None:
    """``spawn KIND POINT SIDE pay:...``: paid, the BUG comes out dizzy (rb 960)."""
    kind, point, side = words[1], words[2], words[3]
    sq, at = side_square(s, point, side), s.where(point)
    assert sq is not None and at is not None
    discard(s, paid(s, words[4]), out, f"to spawn a {kind}")
    facing = s.figures[point].facing if sq[0] == at[0] else (1 if sq[0] > at[0] else -1)  # out of its mouth
    from rules.powerup import coop_life

    fid = coop_life.add_bug(s, kind, sq, facing, dizzy=True)
    out.append(f"{fid} ({kind}) comes out of {point} at {name(sq)}, dizzy (rb 960).")
    physics.settle(s, out, keep=s.air)
    if fid in s.figures and s.figures[fid].square == sq:  # one that fell has arrived already (physics.fall)
        physics.arrive(s, fid, out)
