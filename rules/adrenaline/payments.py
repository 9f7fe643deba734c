"""Paying a cost with cubes and powerups.

The seed: "You can discard it instead of paying the depicted ammo cube when you need to pay an ammo
cost ... You cannot just toss away the powerup card to gain the cube." So a cost is a list of cubes
(``R``/``B``/``Y``, or ``*`` for the Targeting Scope's "1 ammo cube of any color"), and each item is
paid either with a cube of that colour or with a powerup card of that colour (any cube or any
powerup for ``*``). Two payments are different ways only if they discard different powerups: the
cubes follow. A payment is written as its items in cost order: ``("Y", "newton:B")``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import product

from rules.adrenaline.state import CUBE_INDEX, Player, State

ANY = "*"


def _options(item: str, cubes: Counter, cards: Sequence[str]) -> list[str]:
    colours = ("R", "B", "Y") if item == ANY else (item,)
    out = [c for c in colours if cubes[c] > 0]
    out += sorted({card for card in cards if item == ANY or card.endswith(":" + item)})
    return out


def ways(player: Player, cost: Sequence[str], exclude: Sequence[str] = ()) -> list[tuple[str, ...]]:
    """Every distinct way to pay ``cost`` (items in cost order), cubes first; [] if it cannot be paid.
    ``exclude``: cards that may not pay (the Scope being played, a card already spent elsewhere in the
    same action). A cost of nothing has one way: ``()``."""
    if not cost:
        return [()]
    cards = list(player.powerups)
    for card in exclude:
        if card in cards:
            cards.remove(card)
    have = Counter({c: player.cube(c) for c in ("R", "B", "Y")})
    seen: dict[tuple[str, ...], tuple[str, ...]] = {}
    for combo in product(*(_options(item, have, cards) for item in cost)):
        used = Counter(combo)
        if any(used[c] > have[c] for c in ("R", "B", "Y")):
            continue
        if any(used[card] > cards.count(card) for card in used if ":" in card):
            continue
        # the powerups spent decide the way (and, for "any colour", which cube)
        key = tuple(sorted(combo)) if ANY in cost else tuple(sorted(x for x in combo if ":" in x))
        # among payments spending the same powerups keep the one using cubes by colour order (stable)
        seen.setdefault(key, combo)
    return sorted(seen.values(), key=lambda w: (sum(":" in x for x in w), w))


def payable(player: Player, cost: Sequence[str], exclude: Sequence[str] = ()) -> bool:
    """Can ``cost`` be paid? Counted, not enumerated: each coloured item takes a cube or a card of its
    colour, and whatever is left over pays the "any colour" items (the same answer as ``ways``)."""
    if not cost:
        return True
    cards = list(player.powerups)
    for card in exclude:
        if card in cards:
            cards.remove(card)
    left = 0
    for colour in ("R", "B", "Y"):
        have = player.cube(colour) + sum(card.endswith(":" + colour) for card in cards)
        need = sum(item == colour for item in cost)
        if need > have:
            return False
        left += have - need
    return sum(item == ANY for item in cost) <= left


def pay(state: State, seat: int, payment: Sequence[str]) -> None:
    """Spend a payment: cubes back to the supply, powerups to the discard pile."""
    p = state.players[seat]
    cubes = list(p.cubes)
    cards = list(p.powerups)
    for item in payment:
        if ":" in item:
            cards.remove(item)
            state.powerup_discard.append(item)
        else:
            cubes[CUBE_INDEX[item]] -= 1
            assert cubes[CUBE_INDEX[item]] >= 0
    state.set_player(seat, cubes=tuple(cubes), powerups=tuple(cards))


def format_payment(payment: Sequence[str]) -> str:
    return "pay:" + ",".join(payment)


def parse_payment(token: str) -> tuple[str, ...] | None:
    if not token.startswith("pay:") or len(token) == 4:
        return None
    return tuple(token[4:].split(","))
