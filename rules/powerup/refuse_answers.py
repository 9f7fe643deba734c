"""Why an answer to a question is refused (refusals.py, asks.py): the store, a full hand, a grenade's impact,
pass or push, Assemble. Quotes: shared/rulebooks/powerup.txt ("rb N")."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.errors import quoted
from rules.powerup import asks
from rules.powerup.cards import card_name, card_token
from rules.powerup.data import HAND, LIVES, game_data
from rules.powerup.refuse_words import Reason, _named, _some
from rules.powerup.state import State


# --- questions (asks.py) --------------------------------------------------------------------------------
def _answer(s: State, seat: int, verb: str, args: list[str], legal: Sequence[str]) -> str | None:
    """A question waits (``s.asks``): its seat answers it first; an answer of its kind that does not fit
    gets the reason."""
    ask = s.asks[0]
    verbs, reason = ASKS.get(ask[1], (set(), None))
    if verb in verbs:
        return reason(s, seat, [verb, *args]) if reason else None
    return _special(s, seat, verb, args) or f"answer the question first: {asks.prompt(s, ask)} ({_some(legal, 30)})"


def _special(s: State, seat: int, verb: str, args: list[str]) -> str | None:
    """rb 530: "Special cards can only be used during your turn"."""
    card = next((c for c in s.busters[seat].hand if args and card_token(c).lower() == args[0].lower()), None)
    if verb == "card" and seat != s.active and card and game_data().pow(card_name(card)).type == "special":
        return "a Special is played in your own turn"
    return None


def _store(s: State, seat: int, words: list[str]) -> str | None:
    """rb 624-631: a POW! card, equipment, 3 ammo or 1 life (never above 3 lives, rb 225)."""
    choice = words[1] if len(words) > 1 else ""
    if choice == "life" and s.busters[seat].lives >= LIVES:
        return f"store: you already have {LIVES} lives"
    return "store: no equipment card is left" if choice == "equipment" and not (s.equip_deck or s.equip_discard) else None


def _full(s: State, seat: int, words: list[str]) -> str | None:
    """rb 536: "IF A PLAYER HAS 4 CARDS AND WANTS TO DRAW A NEW ONE, HE OR SHE MUST DISCARD ONE FIRST"."""
    token = words[1].lower() if words[0] == "discard" and len(words) == 2 else ""
    held = any(card_token(c).lower() == token for c in s.busters[seat].hand)
    return f"you hold no card {quoted(words[1], 24)}" if token and not held else None


def _impact(s: State, seat: int, words: list[str]) -> str | None:
    """rb 823: "go through as many squares as the range index indicates" (ranged.impact_squares)."""
    squares = [a.split()[1] for a in asks.options(s, s.asks[0])]
    return f"the grenade (reach {s.asks[0][2]}) can land on {_some(squares, 50)}"


def _pass(s: State, seat: int, words: list[str]) -> str | None:
    """rb 687: the ally entered "shall choose": let pass (room beyond) or be pushed (the line can move)."""
    if words[0] in asks.options(s, s.asks[0]):
        return None
    return "the square beyond you is not free: be pushed" if words[0] == "pass" else "you cannot be pushed: let it pass"


def _assemble(s: State, seat: int, words: list[str]) -> str | None:
    """rb 1184: "The entire team may exchange their POW! cards as they wish", to a teammate holding fewer
    than 4 (rb 536)."""
    if words[0] != "hand" or len(words) != 3:
        return "hand <card> <ally>, or done"
    team = [i for i, x in enumerate(s.busters) if x.team == s.busters[seat].team]
    holder = next((i for i in team for c in s.busters[i].hand if card_token(c).lower() == words[1].lower()), None)
    to, _ = _named(s, words[2])
    other = s.seat_of(to) if to else None
    if holder is None:
        return f"no card {quoted(words[1], 24)} in your team's hands"
    if other is None or other not in team:
        return f"{quoted(words[2], 16)} is not on your team"
    if other == holder:
        return f"{to} holds that card already"
    return f"{to} holds {HAND} cards already" if len(s.busters[other].hand) >= HAND else None


ASKS: dict[str, tuple[set[str], Reason | None]] = {  # a question's kind: its answers' verbs, why one fails
    "face": ({"face"}, None), "shove": ({"shove"}, None), "store": ({"store"}, _store),
    "full": ({"discard", "decline"}, _full), "lob": ({"impact"}, _impact), "pass": ({"pass", "pushed"}, _pass),
    "assemble": ({"hand", "done"}, _assemble), "midair": ({"midjump", "fall"}, None),
    "shop": ({"buy", "sell", "done", "flip", "keep"}, None), "relight": ({"on"}, None),  # flip, keep: professions
    "appear": ({"appear"}, None)}
ANSWER_VERBS = {verb for verbs, _ in ASKS.values() for verb in verbs}
