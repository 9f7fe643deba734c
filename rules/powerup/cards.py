"""POW! cards in hand (rb 526-536), drawing and the hand limit, and EPIC (rb 859-865).

Cards are ``"Name|L"``: the name and the letter printed on that copy (``*`` the Epic joker). Quotes:
shared/rulebooks/powerup.txt ("rb N").
"""

from __future__ import annotations

from rules.powerup.data import HAND, game_data
from rules.powerup.state import State, shuffled


def card_name(card: str) -> str:
    return card.split("|")[0]


def card_letter(card: str) -> str:
    return card.split("|")[1]


def card_token(card: str) -> str:
    """A POW! card in notation: its name with dashes for spaces, then its letter (``"Fury|E"`` -> ``Fury:E``)."""
    return f"{card_name(card).replace(' ', '-')}:{card_letter(card)}"


def amount(name: str, key: str) -> int:
    """A card's amount from the data (``PowCard.amounts``): the engine never hard-codes one."""
    return game_data().pow(name).amounts[key]


def ends(name: str) -> str:
    """The data's duration as an effect's end: "until your next turn" -> "next", else this turn."""
    return "next" if game_data().pow(name).duration == "until_your_next_turn" else "turn"


def _reshuffle(s: State) -> None:
    """rb 237-239 (setup text): "If you run out of POW! cards, shuffle the discard pile and set it as a fresh
    pile"; nobody sees the order."""
    s.pow_deck, s.pow_discard = shuffled(s, s.pow_discard), ()


def draw_pow(s: State, seat: int, out: list[str], asked: bool = True) -> bool:
    """Draw the top POW! card. With 4 in hand the seat is asked to discard one first or decline
    (rb 536: "IF A PLAYER HAS 4 CARDS AND WANTS TO DRAW A NEW ONE, HE OR SHE MUST DISCARD ONE FIRST")."""
    b = s.busters[seat]
    if len(b.hand) >= HAND:
        if asked:
            s.asks = (*s.asks, (seat, "full", 1))
        return False
    if not s.pow_deck:
        _reshuffle(s)
    if not s.pow_deck:
        out.append("The POW! deck is empty.")
        return False
    card, s.pow_deck = s.pow_deck[0], s.pow_deck[1:]
    s.set_buster(seat, hand=(*b.hand, card))
    out.append(f"{b.sheet} draws a POW! card.")
    return True


def epic_sets(hand: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The ways to spell E, P, I, C from a hand (the joker for any letter, rb 568), each the cards used in
    E, P, I, C order; one per distinct set of cards."""
    out: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()

    def pick(i: int, used: tuple[int, ...]) -> None:
        if i == 4:
            key = tuple(sorted(hand[j] for j in used))
            if key not in seen:
                seen.add(key)
                out.append(tuple(hand[j] for j in used))
            return
        for j, card in enumerate(hand):
            if j not in used and card_letter(card) in ("EPIC"[i], "*"):
                pick(i + 1, (*used, j))

    pick(0, ())
    return out


def go_epic(s: State, seat: int, cards: tuple[str, ...], out: list[str]) -> None:
    """rb 865: discard the four cards, flip the sheet, add its RP and ammo bonus (above the maxima,
    rb 410); it stays EPIC until the start of its next turn."""
    b = s.busters[seat]
    hand = list(b.hand)
    for c in cards:
        hand.remove(c)
    epic = game_data().sheet(b.sheet).epic
    s.pow_discard = (*s.pow_discard, *cards)
    s.set_buster(seat, hand=tuple(hand), epic=True, rp=b.rp + epic.rp_bonus, ammo=b.ammo + epic.ammo_bonus,
                 over_rp=b.over_rp + epic.rp_bonus, over_ammo=b.over_ammo + epic.ammo_bonus)
    out.append(f"{b.sheet} goes EPIC with {', '.join(card_name(c) for c in cards)}: {epic.weapon.name}, "
               f"+{epic.rp_bonus} RP, +{epic.ammo_bonus} ammo.")


def end_epic(s: State, seat: int, out: list[str]) -> None:
    """rb 410: "When the EPIC effect is gone, any remaining surplus of reaction or ammo points is also
    removed" (the issue: "all RP and ammo above the maxima go")."""
    from rules.powerup.life import ammo_max, rp_max

    b = s.busters[seat]
    if not b.epic:
        return
    b = s.set_buster(seat, epic=False, over_rp=0, over_ammo=0)
    s.set_buster(seat, rp=min(b.rp, rp_max(b)), ammo=min(b.ammo, ammo_max(b)))
    out.append(f"{b.sheet} is no longer EPIC.")
