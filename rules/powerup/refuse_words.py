"""Shared by the refusal modules (refusals.py): the line's shape, squares and figures by name, AP, what blocks
a step. Quotes: shared/rulebooks/powerup.txt ("rb N")."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from rules.core.errors import quoted
from rules.powerup import physics
from rules.powerup.board import Square, board, name, parse_square
from rules.powerup.state import State

LIMIT = 120  # one line for an ephemeral reply (most stay under 90; RulesError cuts at 300 anyway)
SIGHT = "sight: ahead, the diagonals ahead, up and down; figures and blocks stop it"  # rb 691, rb 699
Reason = Callable[[State, int, list[str]], "str | None"]


# --- lines and words ------------------------------------------------------------------------------------
def _fit(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= LIMIT else flat[:LIMIT - 1] + "…"


def _some(items: Iterable[str], room: int = 48) -> str:
    """As many of the items as fit in ``room`` characters."""
    out: list[str] = []
    for item in dict.fromkeys(items):
        if out and len(", ".join([*out, item])) > room:
            return ", ".join(out) + ", …"
        out.append(item)
    return ", ".join(out) or "nothing"


FORMS = {"shoot": "shoot <target>", "hit": "hit <target>", "gate": "gate <square>", "give": "give <ally> …",
         "pick": "pick <figure>", "equip": "equip <item>", "card": "card <card>", "place": "place <square>",
         "start": "start <square>", "hide": "hide <token> <square>", "impact": "impact <square>",
         "discard": "discard <card>", "hand": "hand <card> <ally>", "store": "store <choice>",
         "mode": "mode <when to react>", "react": "react <action>"}


def _forms(legal: Sequence[str]) -> str:
    return _some(FORMS.get(a.split()[0], a) for a in legal)


def _fallback(verb: str, legal: Sequence[str]) -> str:
    same = [a for a in legal if a.split()[0] == verb]
    return f"not as written; try: {_some(same)}" if same else f"not possible now; you can: {_some(legal)}"


def _ap(s: State, what: str, cost: int) -> str | None:
    """rb 460: "In each turn, a player has 4 action points (AP) to spend"; rb 462-470 the costs."""
    return None if s.ap >= cost else f"{what} costs {cost} AP, {s.ap} left"


def _square(s: State, word: str) -> tuple[Square | None, str | None]:
    b = board(s.layout)
    sq = parse_square(word)
    if sq is None or not b.inside(sq):
        return None, f"no square {quoted(word, 8)} on this board (A1-{name((b.width - 1, b.height - 1))})"
    return sq, None


def _named(s: State, word: str) -> tuple[str | None, str | None]:
    """The figure a word names (its id in any case, its seat's label ``BLU-TOR`` as engine.parse reads it,
    or a square it stands on), or why none."""
    w = word.upper()
    w = w.split("-", 1)[1] if w in s.seats else w
    if w in s.figures:
        return w, None
    if len(word) > 3 or parse_square(word) is None:
        return None, f"no figure called {quoted(word, 16)}"
    sq, why = _square(s, word)
    if sq is None:
        return None, why
    fid = physics.figure_at(s, sq)
    return (fid, None) if fid else (None, f"nobody stands on {name(sq)}")


def _blocked(s: State, seat: int, sq: Square, where: str, ally_may_pass: bool = False) -> str | None:
    """Why a figure cannot enter ``sq``: the edge (rb 685), a block, a cover (rb 1126: "This square is
    blocked"), a figure (rb 703: one per square; an enemy is only got through "by pushing the character in
    combat"; rb 737: an ally lets you pass or is pushed, when there is room)."""
    b = board(s.layout)
    if not b.inside(sq):
        return f"the board's edge is {where}"
    if b.blocked(sq) or sq in s.covers:
        return f"the square {where} is blocked ({name(sq)}{', a cover' if sq in s.covers else ''})"
    fid = physics.figure_at(s, sq)
    if fid is None:
        return None
    other = s.seat_of(fid)
    if other is not None and s.busters[other].team != s.busters[seat].team:
        return f"an enemy stands on {name(sq)}: you cannot enter its square"
    if other is not None and ally_may_pass:
        return f"{fid} on {name(sq)} can neither let you pass nor be pushed"
    return f"{fid} stands on {name(sq)}: the square is taken"
