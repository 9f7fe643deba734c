"""One short private line naming the rule an illegal action breaks (the issue: "Bad input: one short private
line naming the rule ("jump costs 2 AP, 1 left", "target 5 away, range 4"), nothing changed").

``engine.apply`` calls ``refusal`` for a seat asked to act, with an action not in its legal list. A function
per verb, found in a table per phase, makes the listing's own tests (turn.legal, attacks, reach, effects,
deathmatch, asks) in the listing's order and returns the first that fails; none failing, the line names a
few legal actions. Pure: it reads the state and changes nothing. It never names hidden things (views.py):
what lies under a secret token, another team's hands, the decks' order — only the seat's own hand and
tokens, its team's, and what the board shows. Quotes: shared/rulebooks/powerup.txt ("rb N").
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.errors import quoted
from rules.powerup import combat
from rules.powerup.refuse_answers import ANSWER_VERBS, _answer, _special
from rules.powerup.refuse_attacks import _card, _hit, _lob, _shoot
from rules.powerup.refuse_coop import COOP
from rules.powerup.refuse_moves import (
    _climb,
    _epic,
    _equip,
    _gate,
    _give,
    _jump,
    _midjump,
    _pick,
    _rest,
    _step,
    _throw,
)
from rules.powerup.refuse_setup import _hide, _place, _start
from rules.powerup.refuse_words import Reason, _ap, _fallback, _fit, _forms, _some
from rules.powerup.state import State


def refusal(s: State, seat: int, action: str, legal: Sequence[str]) -> str:
    if s.coop is not None and s.coop.human and seat == len(s.seats):  # a human BUGMISTRESS's seat
        from rules.powerup.refuse_mistress import refusal as hers

        return hers(s, action, legal)
    words = action.split()
    if not words:
        return _fit(f"type an action; you can: {_some(legal)}")
    verb, args = words[0].lower(), words[1:]
    if verb.startswith("react"):  # a reaction not listed (reactions.options): what is open, by name
        return _fit(f"that reaction is not open to you now (options: {_some(legal, 40)})")
    if verb not in KNOWN:
        return _fit(f"unknown action '{quoted(verb, 16)}': try {_forms(legal)}")
    phase = _phase(s)
    if s.coop is not None and s.coop.stage == "professions" and verb != "profession":
        return _fit("first the squadron's professions, one seat at a time: profession <name> <a|b> (rb 1162)")
    if phase == "ask":
        why = _answer(s, seat, verb, args, legal)
    elif verb in TABLES.get(phase, {}):
        why = TABLES[phase][verb](s, seat, args)
    else:
        why = _not_now(s, seat, phase, verb, args, legal)
    return _fit(why or _fallback(verb, legal))


def _phase(s: State) -> str:
    """place, hide, play, or within play: ask (a question waits, asks.py) or window (a reaction window,
    reactions.py)."""
    if s.phase == "play" and s.asks:
        return "ask"
    return "window" if s.phase == "play" and s.window else s.phase


# --- the tables -----------------------------------------------------------------------------------------
def _not_now(s: State, seat: int, phase: str, verb: str, args: list[str], legal: Sequence[str]) -> str:
    """A verb of another phase."""
    if phase == "place":
        return f"setup first: {s.placing} places {'a POWERUP' if s.place_kind == 'powerup' else 'a drum'}"
    if phase == "hide":
        return "behind your screen first: hide <token> <square>, start <square> or done"
    if phase == "window":  # rb 923: "ONE REACTION FOR EACH ACTION THAT THE ACTIVE PLAYER TAKES"
        react = " ".join(["react", verb, *args])
        if react in legal:
            return f"out of your turn it is a reaction: {react}"
        return _special(s, seat, verb, args) or f"a reaction window is open: {_some(legal)}"
    return "no question waits for an answer now" if verb in ANSWER_VERBS else "the setup is over"


def _mode(s: State, seat: int, args: list[str]) -> str | None:
    """When the seat is asked to react (reactions.py): relevant, all or none; a free change."""
    if len(args) == 1 and args[0] in ("relevant", "all", "none"):
        return f"you are asked to react by '{args[0]}' already"
    return "mode relevant, all or none (when you are asked to react)"


def _open(s: State, seat: int, args: list[str]) -> str | None:
    return None  # always open: only its form can be wrong


PLAY: dict[str, Reason] = {
    "move": lambda s, seat, args: _step(s, seat, "move", 1, "ahead"),
    "back": lambda s, seat, args: _step(s, seat, "back", -1, "behind you"),
    "climb": _climb, "jump": _jump, "gate": _gate, "rest": _rest, "midjump": _midjump,
    "flip": lambda s, seat, args: _ap(s, "flip", 1),  # rb 463
    "land": lambda s, seat, args: None if s.air else "you are not in the air",
    "pick": _pick, "throw": _throw, "give": _give, "equip": _equip, "epic": _epic, "card": _card,
    "shoot": _shoot, "hit": _hit, "lob": _lob, "end": _open, "mode": _mode,
    "allies": lambda s, seat, args: "allies ask (you have no standing answer to drop)",
    **COOP,
}
AIRBORNE = {"shoot", "hit", "lob", "midjump", "land", "end"}  # turn.legal in the air: nothing else
RIDING = {"leave", "fly", "glitch", "give", "cash", "rest", "equip", "epic", "card", "mode", "allies", "end",
          "board"}  # aboard a GLITCH (glitch.rider_legal): nothing else


def _grounded(verb: str, reason: Reason) -> Reason:
    """In the air (rb 753: "if you have an enemy within your reach, you may attack once ... and then complete
    the jump"; rb 911 the Mid-Jump) nothing else is done until it lands."""
    def check(s: State, seat: int, args: list[str]) -> str | None:
        if s.air and verb not in AIRBORNE:
            return "you are in the air: attack, mid-jump or land first"
        if verb not in RIDING and seat < len(s.busters) and combat.aboard(s, s.busters[seat].sheet):
            return "you are aboard the GLITCH: leave it first (1 AP)"  # it has no square of its own (glitch.py)
        return reason(s, seat, args)

    return check


TABLES: dict[str, dict[str, Reason]] = {
    "play": {verb: _grounded(verb, reason) for verb, reason in PLAY.items()},
    "place": {"place": _place},
    "hide": {"hide": _hide, "start": _start, "done": _open},
    "window": {"pass": _open, "mode": _mode},
}
KNOWN = {verb for table in TABLES.values() for verb in table} | ANSWER_VERBS
