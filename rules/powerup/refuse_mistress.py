"""Refusals of a human BUGMISTRESS's actions (refusals.py sends her seat here): one short line naming the rule
(rb 933-1003, the issue's "A human BUGMISTRESS"). Pure. Her hand is hers: a line may name her own cards;
it names nothing else hidden. Quotes: shared/rulebooks/powerup.txt ("rb N")."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.errors import quoted
from rules.powerup import ai_mistress, mistress, mistress_bugs, mistress_cards
from rules.powerup import mistress_pay as pay
from rules.powerup.coop_data import coop_data
from rules.powerup.refuse_words import _fit, _some
from rules.powerup.state import State

TYPES = {sh.id for sh in coop_data().bug_sheets}


def refusal(s: State, action: str, legal: Sequence[str]) -> str:
    words = action.split()
    verb, args = (words[0].lower(), words[1:]) if words else ("", [])
    c = s.coop
    assert c is not None
    if s.window:
        return _fit(f"a reaction window is open: pass, a Trick (card <token> ...) or mode; you can: {_some(legal)}")
    why = None
    if c.burst:
        why = f"{c.burst[0]} acts at once first: bug {c.burst[0]} <action>, or done"
    elif c.placing:
        why = f"put the Special Spawn's {c.placing} first: put <square> < or >"
    elif verb in REASONS:
        why = REASONS[verb](s, args)
    return _fit(why or f"not now; you can: {_some(legal)}")


def _main_only(s: State, what: str) -> str | None:
    c = s.coop
    assert c is not None
    if c.stage != "bug":
        return f"{what} only in your BUG turn"
    return None if c.step == "main" else f"{what} comes before your BUGs act (rb 949: spawned BUGs cannot move)"


def _payment(s: State, word: str, cost: int, spare: tuple[str, ...] = ()) -> str:
    if not word.lower().startswith("pay:"):
        return f"pay with cards: pay:<card>,<card> (SPAWN values reaching {cost})"
    missing = [t for t in word[4:].split(",") if pay.card_of(s, t) is None]
    if missing:
        return f"you hold no {quoted(missing[0], 24)}: your cards are {_some(pay.token(x) for x in s.coop.bug_hand)}"
    total = sum(pay.value(pay.card_of(s, t)) for t in word[4:].split(","))  # type: ignore[arg-type]
    if total < cost:
        return f"those cards' SPAWN values make {total}: it costs {cost} (rb 945)"
    return f"no change: pay only the cards needed to reach {cost} (the issue)"


def _activate(s: State, args: list[str]) -> str | None:
    if why := _main_only(s, "activating"):
        return why
    kind = args[0].upper() if args else ""
    if kind not in TYPES:
        return f"activate <BUG type> pay:<cards>; types: {_some(pay.inactive(s))}"
    if kind in s.coop.active:  # type: ignore[union-attr]
        return f"the {kind} sheet is face up already (rb 945)"
    if kind in pay.NEVER:
        return "the BOSS is STORY's: ARCADE never activates it"
    return _payment(s, args[1] if len(args) > 1 else "", coop_data().sheet(kind).activation)


def _spawn(s: State, args: list[str]) -> str | None:
    c = s.coop
    assert c is not None
    if why := _main_only(s, "spawning"):
        return why
    if not c.spawns:
        return "no spawning this turn: only on the turn card's spawn marks (sequences 1, 3, 5, 7), no Disruptor"
    if len(args) < 4:
        return "spawn <BUG type> <spawn point> front|above pay:<cards>"
    kind, point, side = args[0].upper(), args[1].upper(), args[2].lower()
    if kind not in c.active:
        return f"the {quoted(kind, 12)} sheet is not face up: activate it first (rb 945)"
    if not pay.room_for(s, kind):
        return f"no {kind} may come out: its cap, or the BURP limit (rb 962)"
    if point not in pay.points(s):
        return f"{quoted(point, 12)} is no spawn point now: {_some(pay.points(s))} (a BURP just spawned is dizzy)"
    if pay.side_square(s, point, side) is None:
        return f"no room {side} of {point}: in front or above, free (rb 999)"
    return _payment(s, args[3], coop_data().sheet(kind).spawn_cost)


def _card(s: State, args: list[str]) -> str | None:
    c = s.coop
    assert c is not None
    card = pay.card_of(s, pay.alias(s, args[0])) if args else None
    if card is None:
        return f"card <token> ...; you hold {_some(pay.token(x) for x in c.bug_hand)}"
    kind = mistress_cards.kind(card)
    if kind in ("special", "event") and (why := _main_only(s, f"a {kind}")):
        return why if c.stage == "bug" else f"{kind}s only in your BUG turn (rb 971)"
    if kind == "event" and c.event:
        return f"one Event at a time: {c.event} is in force until your next turn (rb 979)"
    forms = [a.split(" ", 2)[2] for a in mistress_cards.plays(s, (kind,)) if a.split()[1] == pay.token(card)
             and len(a.split()) > 2]
    name = ai_mistress.card_name(card)
    return f"{name} can't be played on that now: {_some(forms)}" if forms else f"{name} has nothing to act on now"


def _bug(s: State, args: list[str]) -> str | None:
    c = s.coop
    assert c is not None
    if c.stage == "bug" and c.step == "main":
        return "your BUGs act after spawning: bugs first"
    fid = args[0].upper() if args else ""
    if fid not in c.bugs and fid != mistress.MISTRESS:
        return f"no BUG {quoted(fid, 10)} of yours on the board"
    if fid in c.bugs and c.bugs[fid].dizzy:
        return f"{fid} was spawned this turn: dizzy, it takes no actions (rb 960)"
    if mistress.ap_of(s, fid) < 1:
        return f"{fid} has no actions left: one at a time, and an attack ends them (rb 949)"
    listed = mistress_bugs.words(s, fid, mistress.ap_of(s, fid))
    return f"{fid} can't do that now; it can: {_some(listed)}"


REASONS = {"activate": _activate, "spawn": _spawn, "card": _card, "bug": _bug}
