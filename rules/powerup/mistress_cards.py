"""The BUG cards played for their effect by a human BUGMISTRESS (rb 965-979, the player texts rb 1279-1363,
coop.json ``bug_cards[].player``; the issue's "Cards as printed, plus"): for each card what it may act on
now (its arguments in notation) and its effect. mistress.py says when a card may be played (Specials and
Events in her turn before her BUGs act, Tricks at any time: her turn and the reaction windows); the AI's
uses are bug_cards.py's, whose pieces these share (bug_aims, bug_cards_ai, bug_cards_board).

Notation: ``card <token> <arguments>``, the token as mistress_pay.token (``card Evolution:1 BG2``).

- **Acid Corruption** ``D4`` (rb 1283): a square with coins lying in the open.
- **Acid Vomit** ``RAY E12`` (rb 1287): a standing BUGBUSTER on one of the 8 squares around a BURP; one of
  its equipped equipment cards, never a basic weapon, is destroyed.
- **Ambush** ``RAY`` (rb 1291): a BUGGIE on each free side of that BUGBUSTER on its row (one side free:
  one), facing it, dizzy as spawned BUGs (rb 960), caps permitting.
- **Charge** (rb 1299): this turn her BUGs' advances may go 2 squares for 1 AP (``bug BG3 move 2``).
- **Deplete 3 POWERUPs** ``B1 E1 H1`` (rb 1307): 3 ON POWERUPs turn OFF (fewer ON: all of them).
- **Evolution** ``BG2``, **Bicevolution** ``BIG1`` (rb 1311, rb 1295): a BUGGIE (not a stack) into a
  BIGBUG, a BIGBUG into a BICEFALUS, while a token is free; it keeps square, facing, lost lives, its AP.
- **Inmolation** ``BRA1`` (rb 1319): the BRASAS explodes: no coins, no score (the issue); 1 life off each
  character around it, armor aside; fire on its square.
- **Knock Knock** ``BG3 H2`` (the AI's rb 1425; the issue: "moves one of her BUGs in front of a gateway"):
  a BUG that walks (not a BURP: spawn points stay) goes onto a free gateway square, keeping its facing.
- **Metal Corrosion**, **Mortal Gas**, **Psychic Attack** ``all`` or ``RAY`` (rb 1323, 1327, 1339): 1 ammo,
  RP, POW! card off every BUGBUSTER, or 3 ammo, 2 RP, 2 POW! cards off one; POW! cards at random.
- **Open/Close Door** ``H2`` (rb 1335): a gateway opens if shut, else shuts.
- **Reinforcement** (rb 1347): she draws 2 BUG cards.
- **Special Spawn** ``BIGBUG pay:Charge:2`` (rb 1351: "spawn a BUG on any square ... paid with other
  cards"; the issue: active types only): paid (mistress_pay, the card itself does not pay), then she
  puts it down (``put D4 <``): any free square a figure can stand on, either facing, dizzy, caps and the
  BURP limit holding.
- **Surprise!** ``BG3`` (rb 1355: "Activate any BUG from the board and give it 4 actions to use
  instantly"; the issue: "may wake any BUG"): any BUG, dizzy or done; it acts at once with 4 AP (moves and
  an attack, which ends them as any BUG's, rb 949), then ``done``.
- **Teleport** ``BG3 B1`` or ``RAY B1`` (rb 1359): a BUG that walks or a standing BUGBUSTER onto a free ON
  POWERUP, which turns OFF; nothing else of the POWERUP happens (a BUGBUSTER chooses its facing, rb 783).
- **Thief Buggie** ``BG2 RAY E12`` (rb 1363; the issue: "instead of an attack: an adjacent BUGGIE takes an
  equipment card (never a basic weapon), moves 4 at once"): a BUGGIE not dizzy, not a thief already,
  that could attack that BUGBUSTER now (in her turn: one whose actions are not over; its theft is its
  attack, rb 949); any equipment card the BUGBUSTER owns. It then makes up to 4 AP of movements at once
  (no attack), then ``done``; the card returns to its owner when it dies.
- **Events** (rb 977-979): Creeper, Explosive Gas, Mortal Skin, Rage, one at a time, in force until her next
  turn (bug_events.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from rules.powerup import ai_mistress, bug_aims, bug_cards_ai, bug_cards_board, physics
from rules.powerup import mistress_pay as pay
from rules.powerup.board import board, name
from rules.powerup.coop_data import coop_data
from rules.powerup.mistress_cards_bugs import (
    _c,
    _charge,
    _charge_args,
    _evolve,
    _evolve_args,
    _inmolation,
    _inmolation_args,
    _knock,
    _knock_args,
    _rows,
    _seat,
    _special_spawn,
    _special_spawn_args,
    _sq,
    _surprise,
    _surprise_args,
    _teleport,
    _teleport_args,
    _thief,
    _thief_args,
)
from rules.powerup.state import State

Args = Callable[[State, str], list[str]]
Apply = Callable[[State, str, list[str], list[str]], None]


@dataclass(frozen=True)
class Play:
    """A card's player use: ``args(s, card)`` its arguments now ("" for none; empty: it cannot be played),
    ``apply(s, card, words, out)`` its effect (``words``: the arguments; the card is out of her hand)."""

    args: Args
    apply: Apply


# --- on the board ----------------------------------------------------------------------------------------
def _corrosion_args(s: State, card: str) -> list[str]:
    return [name(q) for q in _rows(q for q, n in s.coins.items() if n > 0)]


def _corrosion(s: State, card: str, words: list[str], out: list[str]) -> None:
    sq = _sq(words[0])
    n = s.coins.pop(sq)
    out.append(f"Acid Corruption: the {n} coin{'s' if n != 1 else ''} at {name(sq)} melt away.")


def _deplete_args(s: State, card: str) -> list[str]:
    on = [name(q) for q in _rows(q for q, v in s.powerups.items() if v)]
    return [" ".join(x) for x in combinations(on, min(3, len(on)))] if on else []


def _deplete(s: State, card: str, words: list[str], out: list[str]) -> None:
    for w in words:
        s.powerups[_sq(w)] = False
    out.append(f"POWERUP{'s' if len(words) != 1 else ''} {', '.join(words)} turn OFF.")


def _door_args(s: State, card: str) -> list[str]:
    return [name(q) for q in _rows(board(s.layout).gateways())]


def _door(s: State, card: str, words: list[str], out: list[str]) -> None:
    from rules.powerup.pow_board import toggle_door

    toggle_door(s, _sq(words[0]), "", out)


def _reinforce_args(s: State, card: str) -> list[str]:
    return [""] if bug_cards_ai.can_draw(s) else []


def _reinforce(s: State, card: str, words: list[str], out: list[str]) -> None:
    c = _c(s)
    drawn = [ai_mistress.draw_card(s) for _ in range(bug_cards_board.REINFORCEMENT) if bug_cards_ai.can_draw(s)]
    c.bug_hand = (*c.bug_hand, *drawn)
    out.append(f"Reinforcement: the BUGMISTRESS draws {len(drawn)} BUG card{'s' if len(drawn) != 1 else ''}.")


# --- on the BUGBUSTERs -----------------------------------------------------------------------------------
def _vomit_args(s: State, card: str) -> list[str]:
    burps = {s.where(f) for f in bug_aims.bugs_of(s, "BURP")}
    out = []
    for seat, sq in bug_aims.busters_up(s):
        if burps & set(bug_aims.around(s, sq)):
            b = s.busters[seat]
            out += [f"{b.sheet} {x}" for x in b.equipped if x is not None and "." not in x]
    return out


def _vomit(s: State, card: str, words: list[str], out: list[str]) -> None:
    from rules.powerup import life

    life.destroy(s, _seat(s, words[0]), words[1], out, "Acid Vomit")


def _ambush_args(s: State, card: str) -> list[str]:
    if not pay.room_for(s, "BUGGIE"):
        return []
    return [s.busters[seat].sheet for seat, sq in bug_aims.busters_up(s) if bug_aims.sides(s, sq)]


def _ambush(s: State, card: str, words: list[str], out: list[str]) -> None:
    who = s.where(words[0])
    assert who is not None
    for sq in bug_aims.sides(s, who):
        if physics.free(s, sq):
            bug_aims.place(s, "BUGGIE", sq, 1 if who[0] > sq[0] else -1, out)


def _drain_args(s: State, card: str) -> list[str]:
    what = bug_cards_board.DRAIN[ai_mistress.card_name(card)][0]
    having = [b.sheet for i, b in enumerate(s.busters) if bug_cards_board._has(s, i, what)]
    return (["all"] if having else []) + having


def _drain(s: State, card: str, words: list[str], out: list[str]) -> None:
    what, each, one = bug_cards_board.DRAIN[ai_mistress.card_name(card)]
    seats = range(len(s.seats)) if words[0] == "all" else [_seat(s, words[0])]
    for seat in seats:
        bug_cards_board.take(s, seat, what, each if words[0] == "all" else one, out)


# --- Events ----------------------------------------------------------------------------------------------
def _event_args(s: State, card: str) -> list[str]:
    return [] if _c(s).event else [""]  # rb 979: "only be one event in use during each turn sequence"


def _event(s: State, card: str, words: list[str], out: list[str]) -> None:
    c = _c(s)
    c.event, c.event_card = ai_mistress.card_name(card), card
    out.append(f"Event: {c.event}, until her next turn (rb 979).")


PLAYS: dict[str, Play] = {
    "Acid Corruption": Play(_corrosion_args, _corrosion), "Acid Vomit": Play(_vomit_args, _vomit),
    "Ambush": Play(_ambush_args, _ambush), "Bicevolution": Play(_evolve_args, _evolve),
    "Charge": Play(_charge_args, _charge), "Deplete 3 POWERUPs": Play(_deplete_args, _deplete),
    "Evolution": Play(_evolve_args, _evolve), "Inmolation": Play(_inmolation_args, _inmolation),
    "Knock Knock": Play(_knock_args, _knock), "Metal Corrosion": Play(_drain_args, _drain),
    "Mortal Gas": Play(_drain_args, _drain), "Open/Close Door": Play(_door_args, _door),
    "Psychic Attack": Play(_drain_args, _drain), "Reinforcement": Play(_reinforce_args, _reinforce),
    "Special Spawn": Play(_special_spawn_args, _special_spawn), "Surprise!": Play(_surprise_args, _surprise),
    "Teleport": Play(_teleport_args, _teleport), "Thief Buggie": Play(_thief_args, _thief),
    **{e: Play(_event_args, _event) for e in ("Creeper", "Explosive Gas", "Mortal Skin", "Rage")},
}


def kind(card: str) -> str:
    """special, trick or event (rb 969-979)."""
    return coop_data().card(ai_mistress.card_name(card)).type


def plays(s: State, kinds: tuple[str, ...]) -> list[str]:
    """``card <token> <args>`` for each card of these kinds in her hand, each way to play it now."""
    out = []
    for card in _c(s).bug_hand:
        if kind(card) in kinds:
            tok = pay.token(card)
            out += [f"card {tok} {a}".rstrip() for a in PLAYS[ai_mistress.card_name(card)].args(s, card)]
    return out


def play(s: State, words: list[str], out: list[str]) -> None:
    """``card <token> <args>`` (the caller checked it is one of ``plays``): out of her hand, its effect, then
    to the discard (an Event stays in force with its card, rb 979)."""
    c = _c(s)
    card = pay.card_of(s, words[1])
    assert card is not None
    c.bug_hand = tuple(x for x in c.bug_hand if x != card)
    cname = ai_mistress.card_name(card)
    out.append(f"The BUGMISTRESS plays {cname} ({kind(card)}).")
    PLAYS[cname].apply(s, card, words[2:], out)
    if kind(card) != "event":
        c.bug_discard = (*c.bug_discard, card)
