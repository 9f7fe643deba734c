"""Does a set of rolled dice meet (or still fit) an action's dice requirement?

A die is seen as a signature: "a" or "t" (action or trait die) followed by the face code it shows
(W M E T A X, B for blank). A requirement is unfolded into single slots; the two halves of a matched
pair share a group and must show matching faces (equal, or either one wild; a wild matches a blank).
Whether dice fit is a real search over slot assignments (backtracking), not a greedy guess, and its
answers are cached per (action, dice) because the same small question comes up again and again.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.kaploom.data import ActionDef

_PAIR_HALVES = {
    "PAIR_ANY": ("ANY", "ANY"),
    "PAIR_ACT_ANY": ("ACT", "ANY"),
    "PAIR_ACT_ACT": ("ACT", "ACT"),
    "PAIR_ACT_NB_ANY": ("NBA", "ANY"),
    "PAIR_ACT_ACT_NB": ("NBA", "NBA"),
}

Slot = tuple[str, int]  # (kind, pair group or -1)


def unfold(req: tuple[str, ...]) -> tuple[Slot, ...]:
    slots: list[Slot] = []
    for group, token in enumerate(req):
        if token in _PAIR_HALVES:
            a, b = _PAIR_HALVES[token]
            slots += [(a, group), (b, group)]
        else:
            slots.append((token, -1))
    return tuple(slots)


def fits_slot(kind: str, sig: str) -> bool:
    if kind == "ANY":
        return True
    if kind == "ACT":
        return sig[0] == "a"
    if kind == "NBA":
        return sig[0] == "a" and sig[1] != "B"
    face = sig[1]
    return face == kind or face == "W"


def faces_match(f1: str, f2: str) -> bool:
    return f1 == f2 or f1 == "W" or f2 == "W"


def can_place(slots: tuple[Slot, ...], sigs: tuple[str, ...]) -> bool:
    """True when every die in ``sigs`` can sit in its own slot with all filled pairs matching."""
    return seating(slots, sigs) is not None


def seating(slots: tuple[Slot, ...], sigs: tuple[str, ...], order: Sequence[int] | None = None) -> list[int] | None:
    """A way for every die in ``sigs`` to sit in its own slot, filled pairs matching: the die index
    in each slot (-1: empty), trying slots in ``order`` (default: their own); None if there is none.
    (The screens show dice in their slots with the same search the rules place them with.)"""
    n = len(sigs)
    if n > len(slots):
        return None
    order = range(len(slots)) if order is None else order
    taken: list[int] = [-1] * len(slots)  # slot -> die index

    def place(i: int) -> bool:
        if i == n:
            return True
        sig = sigs[i]
        tried: set[Slot] = set()
        for s in order:
            kind, group = slots[s]
            if taken[s] != -1 or not fits_slot(kind, sig):
                continue
            if group == -1 and (kind, group) in tried:
                continue  # identical free single slots: trying one is enough
            tried.add((kind, group))
            if group != -1:  # the halves of a pair are unfolded next to each other
                partner = s + 1 if s + 1 < len(slots) and slots[s + 1][1] == group else s - 1
                other = taken[partner]
                if other != -1 and not faces_match(sig[1], sigs[other][1]):
                    continue
            taken[s] = i
            if place(i + 1):
                return True
            taken[s] = -1
        return False

    return taken if place(0) else None


_SLOTS: dict[str, tuple[Slot, ...]] = {}
_CACHE: dict[tuple[str, tuple[str, ...]], bool] = {}


def fits(action: ActionDef, sigs: tuple[str, ...]) -> bool:
    """Can these dice (sorted signatures) all be placed on ``action``? Cached."""
    key = (action.id, sigs)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    slots = _SLOTS.get(action.id)
    if slots is None:
        slots = _SLOTS[action.id] = unfold(action.req)
    if len(_CACHE) > 200_000:
        _CACHE.clear()
    result = _CACHE[key] = can_place(slots, sigs)
    return result


def meets(action: ActionDef, sigs: tuple[str, ...]) -> bool:
    """Every requirement met: exactly as many dice as it takes, all placed."""
    return len(sigs) == action.size and fits(action, sigs)
