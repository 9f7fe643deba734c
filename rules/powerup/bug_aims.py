"""Who and where the AI BUGMISTRESS's cards aim at, and the board moves they share (bug_cards_ai.py uses
them): the BUGBUSTER with the highest SCORE, the PRIMARY TARGET, the issue's tie rule, squares next to a
figure, a BUG placed, moved, turned into another type, or fleeing. Pure: no I/O; functions that change the
state change a clone the engine made, and append public lines to ``out``.

Readings (quotes: shared/rulebooks/powerup.txt, "rb N"; DESIGN: the issue's rulings):

- "The BUGBUSTER with the highest SCORE" (rb 1425-1479): the standing BUGBUSTER with the most points
  (``Coop.points``). Ties, here and for "nearest", "closest", "farthest" and "most powerful" (the issue):
  the lower row, then left to right, then sheet order (a BUGBUSTER's seat, a BUG's figure id).
- The aim: "the PRIMARY TARGET or the BUGBUSTER with the highest SCORE" (rb 1441, 1453, 1467): the
  mission's primary targets (missions.primary_targets, rb 1413) when it gives some, else the top
  scorer's square. Distances are squares across plus squares up (as everywhere in the AI), to the
  nearest square of the aim.
- "Adjacent", "next to" (rb 1287, rb 1319): one of the 8 squares around, touching it with no block or
  solid platform between (board.step_open, the issue's "adjacent"). "On both sides" of a BUGBUSTER and a
  BUG placed "next to" it (Ambush rb 1471, Knock Knock rb 1425, Special Spawn rb 1479): the squares
  left and right of it on its row, free (no figure, no cover) and not acid, left first; the BUG faces it.
- "Most powerful" BUG (rb 1425): the highest SPAWN cost, then the most lives (the issue).
- A BUG a card puts on the board comes as a spawned one: dizzy this BUG turn (rb 960: "dizzy from the
  trip"), caps permitting (rb 127-157). A BUG moved or placed by a card faces its aim, falls if nothing
  holds it (rb 761) and takes what its square does (acid, fire, spikes: bug_squares.py).
- A BUG turned into another type (Evolution rb 1311, Bicevolution rb 1295) keeps its square, facing,
  dizziness, secret and stolen card, and the lives it had lost (at least 1 left); it takes the new type's
  lowest free figure id, and its place in the BUG turn (its AP left) goes with it. A BUGGIE stack does not
  evolve (one BIGBUG could not stand where four BUGGIEs do).
- A Thief Buggie's flight (rb 1363: "4 actions of movement to allow it to escape"): 4 AP of its own
  movements (bug_moves.py: an advance 1 AP, a jump 2 ...), all at once, each the one that takes it
  farthest from the nearest standing BUGBUSTER; it turns round once if no movement takes it farther, and
  stops when none does.
"""

from __future__ import annotations

from dataclasses import replace

from rules.powerup import bug_moves, missions, physics
from rules.powerup.board import Square, board, name
from rules.powerup.coop_data import coop_data
from rules.powerup.state import State, coop_of

FLEE = 4  # rb 1363: "The Buggie has 4 actions of movement"


_c = coop_of  # this module reads the co-op state through it


def card_cost(card: str) -> int:
    """An equipment card's price in coins (what "the costliest card" weighs, the issue)."""
    from rules.powerup.data import game_data

    return game_data().card(card).cost or 0


def near(a: Square, b: Square) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def far(sq: Square, aims: list[Square]) -> int:
    """Squares from ``sq`` to the nearest of ``aims`` (0 when there is none)."""
    return min((near(sq, a) for a in aims), default=0)


def busters_up(s: State) -> list[tuple[int, Square]]:
    """The standing BUGBUSTERs on the board: (seat, square)."""
    c = _c(s)
    return [(i, sq) for i, b in enumerate(s.busters) if i not in c.fallen and (sq := s.where(b.sheet)) is not None]


def top_scorer(s: State) -> tuple[int, Square] | None:
    """rb 1425-1479: "the BUGBUSTER with the highest SCORE"; ties: lower row, left to right, sheet order."""
    points = _c(s).points
    return min(busters_up(s), key=lambda t: (-points[t[0]], t[1][1], t[1][0], t[0]), default=None)


def aims(s: State) -> list[Square]:
    """"the PRIMARY TARGET or the BUGBUSTER with the highest SCORE": the mission's primary targets, else
    the top scorer's square, else nothing."""
    targets = missions.primary_targets(s)
    if targets:
        return list(targets)
    top = top_scorer(s)
    return [top[1]] if top is not None else []


def bugs_of(s: State, *kinds: str) -> list[str]:
    """BUG figures on the board, of these types (all when none named), in the tie order."""
    c = _c(s)
    found = [f for f, b in c.bugs.items()
             if f in s.figures and s.where(f) is not None and (not kinds or b.kind in kinds)]
    return sorted(found, key=lambda f: tie(s, f))


def walkers(s: State) -> list[str]:
    """The BUGs that move: every BUG but the BURPs (spawn points never walk: ai_mistress.bug_order)."""
    return [f for f in bugs_of(s) if _c(s).bugs[f].kind != "BURP"]


def spot(s: State, fid: str) -> Square:
    """The square of a figure on the board."""
    sq = s.where(fid)
    assert sq is not None
    return sq


def tie(s: State, fid: str) -> tuple:
    sq = spot(s, fid)
    return (sq[1], sq[0], fid)


def power(s: State, fid: str) -> tuple[int, int]:
    """"the most powerful BUG" (the issue): its SPAWN cost, then its lives."""
    b = _c(s).bugs[fid]
    return (coop_data().sheet(b.kind).spawn_cost, b.lives)


def closest(s: State, fids: list[str], to: list[Square]) -> str | None:
    """The BUG of ``fids`` nearest ``to`` (ties: lower row, left to right, id)."""
    return min(fids, key=lambda f: (far(spot(s, f), to), *tie(s, f)), default=None)


def count(s: State, kind: str) -> int:
    """BUGs of a type on the board, a stack's BUGGIEs one by one (the caps count tokens)."""
    return sum(b.stack for b in _c(s).bugs.values() if b.kind == kind)


def room_for(s: State, kind: str) -> bool:
    return count(s, kind) < coop_data().caps[kind]


def sides(s: State, sq: Square) -> list[Square]:
    """The free squares left and right of ``sq`` on its row, touching it, not acid; left first."""
    bd = board(s.layout)
    return [x for x in ((sq[0] - 1, sq[1]), (sq[0] + 1, sq[1]))
            if bd.step_open(sq, x) and physics.free(s, x) and not bd.acid(x)]


def around(s: State, sq: Square) -> list[Square]:
    """The 8 squares around ``sq`` that touch it (the issue's "adjacent")."""
    bd = board(s.layout)
    return [(sq[0] + dx, sq[1] + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
            if (dx or dy) and bd.step_open(sq, (sq[0] + dx, sq[1] + dy))]


def facing_to(frm: Square, to: list[Square], default: int) -> int:
    """The way to face from ``frm`` toward the nearest of ``to`` (straight above or below: ``default``)."""
    if not to:
        return default
    t = min(to, key=lambda a: (near(frm, a), a[1], a[0]))
    return default if t[0] == frm[0] else 1 if t[0] > frm[0] else -1


def _landed(s: State, fid: str, out: list[str]) -> None:
    """A BUG a card put on a square: it falls if nothing holds it, then its square acts on it."""
    sq = s.figures[fid].square
    physics.settle(s, out, keep=s.air)
    if fid in s.figures and s.figures[fid].square == sq:
        physics.arrive(s, fid, out)


def place(s: State, kind: str, sq: Square, facing: int, out: list[str]) -> str | None:
    """A new BUG of ``kind`` on the free square ``sq``, dizzy (rb 960), caps permitting; its id or None."""
    from rules.powerup import coop_life

    if not room_for(s, kind):
        out.append(f"No {kind} is left to place (cap {coop_data().caps[kind]}).")
        return None
    fid = coop_life.add_bug(s, kind, sq, facing, dizzy=True)
    out.append(f"{fid} ({kind}) appears at {name(sq)}.")
    _landed(s, fid, out)
    return fid


def move_to(s: State, fid: str, sq: Square, facing: int, out: list[str], how: str) -> None:
    """Put a BUG on the free square ``sq`` (a card's move, not its own: no AP), facing ``facing``."""
    here = s.where(fid)
    s.move_figure(fid, square=sq, facing=facing)
    out.append(f"{fid} {how} from {name(here) if here else '?'} to {name(sq)}.")
    _landed(s, fid, out)


def evolve(s: State, fid: str, kind: str, out: list[str]) -> str:
    """The BUG becomes a ``kind`` (Evolution, Bicevolution): see the module's readings. Returns its new id."""
    c = _c(s)
    old, f = c.bugs[fid], s.figures[fid]
    co = coop_data()
    lost = co.sheet(old.kind).lives - old.lives
    nid = c.next_id(kind, set(s.figures) - {fid})
    del s.figures[fid]
    del c.bugs[fid]
    s.figures[nid] = replace(f, id=nid)
    c.bugs[nid] = replace(old, kind=kind, lives=max(1, co.sheet(kind).lives - lost), stack=1)
    c.aps = {(nid if k == fid else k): v for k, v in c.aps.items()}
    c.queue = tuple(nid if x == fid else x for x in c.queue)
    if c.acting == fid:
        c.acting = nid
    out.append(f"{fid} turns into a {kind}: {nid}.")
    return nid


def _away(s: State, fid: str) -> int:
    return far(spot(s, fid), [x for _, x in busters_up(s)])


def flee(s: State, fid: str, out: list[str]) -> None:
    """A Thief Buggie's 4 AP of movement at once, away from the BUGBUSTERs (see the module's readings)."""
    left, turned = FLEE, False
    while left > 0 and fid in s.figures and s.figures[fid].square is not None:
        base, best = _away(s, fid), None
        actions = bug_moves.bug_actions(s, fid, left)
        for word in actions:
            if word == "flip" or word.split()[0] in ("stack", "unstack"):
                continue
            trial = s.clone()
            bug_moves.apply_bug_action(trial, fid, word, [])
            if fid not in trial.figures or trial.figures[fid].square is None:
                continue  # it would die on the way (acid): no escape that way
            d = _away(trial, fid)
            if d > base and (best is None or d > best[0]):
                best = (d, word)
        if best is None and not turned and "flip" in actions:
            word, turned = "flip", True
        elif best is None:
            return
        else:
            word = best[1]
        left -= bug_moves.cost(s, fid, word)
        bug_moves.apply_bug_action(s, fid, word, out)
