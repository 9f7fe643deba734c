"""A human BUGMISTRESS's BUGs acting (rb 947-955, the issue: "BUGs act one at a time with their sheet's
actions: advance 1 (1 AP), flip (1), jump (2), attack (1); ladders and gateways as BUGBUSTERs; no moonwalk.
An attack ends the BUG's actions, but one lost to a dodge does not. She chooses pass or push between her
BUGs"): the words one BUG may play now with the AP it has, and applying one. mistress.py keeps whose turn
it is and the AP; the movements are bug_moves.py's, the attacks bug_attacks.py's, her own figure's
mistress_figure.py's. Quotes: shared/rulebooks/powerup.txt ("rb N").

Words after ``bug <figure>``: bug_moves' (``move``, ``flip``, ``jump``, ``jump up``, ``climb up``, ``gate H2``,
``fly up``, ``stack BG2``, ``unstack``...), bug_attacks' (``hit RAY``, ``hit RAY <``, ``shoot VIP1``), and:

- ``move pass`` (rb 687, rb 737: entering an ally's square, "pass" puts the mover on the square beyond):
  a BUG stepping into another BUG's square on its row may pass it, to the free square beyond, instead of
  pushing it (``move``, rb 1407); 1 AP.
- ``move 2`` under Charge (rb 1299: "Move your BUGS twice as many squares"): two advances for 1 AP, when
  the second square is open once it has made the first.
- Her figure (Kill the BUGMISTRESS): mistress_figure's movements and ``tiles 04 12`` (up to 3 tiles at
  level 2), and her attacks.
- BURPs attack and never walk (the house reading of docs/games/powerup-arcade.md: spawn points stay).
- A Thief Buggie's flight (mistress_cards): movements only, no stack or attack.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from rules.powerup import bug_attacks, bug_moves, bug_paths, mistress_figure, physics
from rules.powerup.board import Square, board, name
from rules.powerup.state import State, coop_of

MISTRESS = mistress_figure.MISTRESS
ATTACKS = ("hit", "shoot")


_c = coop_of  # this module reads the co-op state through it


def _pass_square(s: State, fid: str) -> Square | None:
    """The square beyond the BUG ahead on its row, when this BUG may pass it (rb 737)."""
    f = s.figures[fid]
    if f.square is None or _c(s).bugs[fid].dizzy:
        return None
    for word, _, to, _d in bug_paths.geometry(s.layout, physics.flies(s, fid))[(f.square, f.facing)]:
        if word != "move":
            continue
        other = physics.figure_at(s, to)
        beyond = (to[0] + f.facing, to[1])
        b = board(s.layout)
        if (other is not None and s.figures[other].kind == "bug" and to not in s.covers and b.inside(beyond)
                and b.step_open(to, beyond) and physics.free(s, beyond)):
            return beyond
    return None


def _charges(s: State, fid: str) -> bool:
    """Under Charge: after an advance it could advance again (on a copy)."""
    t = s.clone()
    bug_moves.apply_bug_action(t, fid, "move", [])
    return fid in t.figures and t.figures[fid].square is not None and "move" in bug_moves.bug_actions(t, fid, 1)


def tiles(s: State) -> list[str]:
    """``tiles 04 12``: every set of 1 to 3 tiles she may flip now (mistress_figure.flip_allowed's rules:
    each tile's other face puts no block under a figure or token; she does not end in acid). Worked out
    tile by tile: only the tiles of her own column change where she lands."""
    b = board(s.layout)
    things = frozenset(mistress_figure._things(s))
    alone = _alone(s.layout, things)
    here = s.where(MISTRESS)
    assert here is not None
    column = {s.layout[row][b.tile_of(here)[0]] for row in range(len(s.layout))}
    landing: dict[tuple[int, ...], bool] = {}
    out = []
    for k in range(1, mistress_figure.MAX_TILES + 1):
        for pick in combinations(alone, k):
            mine = tuple(f for f in pick if f in column)
            if mine not in landing:
                other = board(mistress_figure._flipped(s.layout, mine)) if mine else b
                landing[mine] = not other.acid(mistress_figure._landing(s, here, None, other))
            if landing[mine]:
                out.append("tiles " + " ".join(f"{f:02d}" for f in pick))
    return out


@lru_cache(maxsize=8)
def _alone(layout: tuple[tuple[int, ...], ...], things: frozenset) -> tuple[int, ...]:
    """The faces whose tile may be flipped on its own: no block of its other face under a thing."""
    b = board(layout)
    out = []
    for face in sorted({f for row in layout for f in row}):
        other = board(mistress_figure._flipped(layout, (face,)))
        if not any(other.blocked(sq) for sq in b.squares() if b.face_at(sq) == face and sq in things):
            out.append(face)
    return tuple(out)


def words(s: State, fid: str, ap: int, moves_only: bool = False) -> list[str]:
    """What the BUG (or her figure) may do now with ``ap`` AP."""
    if ap < 1 or s.figures.get(fid) is None or s.figures[fid].square is None:
        return []
    attacks = [] if moves_only else bug_attacks.attack_words(s, fid)
    if fid == MISTRESS:
        flips = tiles(s) if not mistress_figure._may_flip(s) else []
        return [*attacks, *mistress_figure.moves(s, ap), *flips]
    if _c(s).bugs[fid].kind == "BURP":
        return [] if moves_only else attacks
    moves = bug_moves.bug_actions(s, fid, ap)
    if moves_only:
        moves = [w for w in moves if w.split()[0] not in ("stack", "unstack")]
    out = [*attacks, *moves]
    if _pass_square(s, fid) is not None:
        out.append("move pass")
    if _c(s).charge and "move" in moves and _charges(s, fid):
        out.append("move 2")
    return out


def cost(fid: str, word: list[str]) -> int:
    if word[0] in ATTACKS:
        return 1
    if fid == MISTRESS:
        return mistress_figure.cost(" ".join(word))
    return bug_moves.COSTS[word[0]]  # "move 2" and "move pass" are advances: 1 AP


def act(s: State, fid: str, word: list[str], out: list[str]) -> None:
    """Apply a listed movement (the caller takes the AP; her figure's act takes its own, from
    ``Coop.bug_ap``). An attack is declared for the windows (its landing is mistress.attack_over's)."""
    c = _c(s)
    if word[0] in ATTACKS:
        c.attacked = True
        bug_attacks.declare(s, fid, word, out)
        s.window_due = True
        return
    if fid == MISTRESS:
        mistress_figure.act(s, word, out)
        return
    if word == ["move", "pass"]:
        beyond = _pass_square(s, fid)
        assert beyond is not None
        physics.shift(s, fid, beyond, out)
        out.append(f"{fid} passes the BUG ahead, to {name(beyond)}.")
        bug_moves._land(s, fid, out)
        return
    if word == ["move", "2"]:
        bug_moves.apply_bug_action(s, fid, "move", out)
        if fid in s.figures and "move" in bug_moves.bug_actions(s, fid, 1):
            out.append(f"{fid} charges on.")
            bug_moves.apply_bug_action(s, fid, "move", out)
        return
    bug_moves.apply_bug_action(s, fid, " ".join(word), out)
