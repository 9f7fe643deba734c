"""Refusals of the professions' verbs (refuse_coop.py merges them into the co-op table): the pick at setup
(rb 1162), the Machine-Gun Turret (rb 1168), the engineer's doors, the medic's First Aid and the scout's
peek. One short line naming the rule; pure; names nothing hidden (a peek's refusal never says what lies
there). Quotes: shared/rulebooks/powerup.txt ("rb N"); the sides: coop.json."""

from __future__ import annotations

from rules.core.errors import quoted
from rules.powerup import bug_events, professions, turret
from rules.powerup.board import name, parse_square
from rules.powerup.coop_data import coop_data
from rules.powerup.refuse_words import SIGHT, Reason, _ap
from rules.powerup.state import State

OFF = "professions are off at this table (option professions:on)"


def _off(s: State) -> bool:
    return s.coop is None or not s.coop.professions


def _side(s: State, seat: int, word: str, what: str) -> str | None:
    if _off(s):
        return OFF
    shown = professions.label(s, seat) or "none yet"
    return None if professions.effect(s, seat) == word else f"{what} (your profession: {shown})"


def _profession(s: State, seat: int, args: list[str]) -> str | None:
    """rb 1162 and professions.py: in sheet order, each a profession no partner has, and a side."""
    if _off(s):
        return OFF
    c = s.coop
    assert c is not None
    if c.stage != professions.STAGE:
        return "professions are picked before the first BUG turn; flip yours at a POWERUP (rb 1162)"
    picker = professions.picker(s)
    if picker != seat and picker is not None:
        return f"{s.busters[picker].sheet} picks now (in sheet order)"
    ids = [p.id for p in coop_data().professions]
    if len(args) != 2 or args[0].lower() not in ids or args[1].lower() not in professions.SIDES:
        return f"profession <{'|'.join(ids)}> a|b"
    holder = next((s.busters[i].sheet for i, p in enumerate(c.professions) if p.startswith(f"{args[0].lower()}:")),
                  "")
    return f"{holder} is the {args[0].lower()} already: no two alike in the squadron (rb 1162)" if holder else None


def _turret(s: State, seat: int, args: list[str]) -> str | None:
    """rb 1168: the engineer builds it, one at a time; its creator fires it, range 6."""
    if _off(s):
        return OFF
    if args and args[0] == "build":
        why = _side(s, seat, "turret", "the engineer's Turret Builder side builds it (rb 1168)")
        if why:
            return why
        if turret.square(s) is not None:
            return f"there may only be one machine-gun at a time (rb 1168): it stands at {name(turret.square(s))}"
        why = _ap(s, "building the turret", coop_data().turret.build_ap)
        if why:
            return why
        ammo = s.busters[seat].ammo
        if len(args) != 3 or parse_square(args[1]) is None or not args[2].startswith("ammo:"):
            return "turret build <square next to you> ammo:<n>"
        if not args[2][5:].isdigit() or not 1 <= int(args[2][5:]) <= ammo:
            return f"load it with 1 to {ammo} of your ammo (rb 1168)" if ammo else "you have no ammo to load it with"
        return f"build it on a free square next to you, on the floor, with no token there (not {quoted(args[1], 8)})"
    if args and args[0] == "shoot":
        if turret.square(s) is None:
            return "there is no turret on the board"
        if turret.builder(s) != seat:
            return "only its creator fires the turret (rb 1168)"
        if not bug_events.ranged_allowed(s):
            return "Explosive Gas: no one can use distance attacks (rb 1315)"
        if not turret.can_fire(s, seat):
            return "you cannot fire it now"
        return f"the turret does not see {quoted(args[1] if len(args) > 1 else '', 12)} within 6 squares (rb 1168; " \
               f"{SIGHT})"
    return "turret build <square> ammo:<n>, or turret shoot <target>"


def _door(s: State, seat: int, args: list[str]) -> str | None:
    why = _side(s, seat, "door", "doors are the engineer's Door Mechanic side")
    return why or _ap(s, "a door", professions.amount(s, seat, "door", "ap")) or "no gateway there next to you"


def _heal(s: State, seat: int, args: list[str]) -> str | None:
    why = _side(s, seat, "heal", "healing is the medic's First Aid side")
    if why:
        return why
    if professions.used(s, "heal", seat):
        return "First Aid is once a turn"
    return (_ap(s, "First Aid", professions.amount(s, seat, "heal", "ap"))
            or "a standing partner next to you with fewer than 3 lives (rb 225)")


def _peek(s: State, seat: int, args: list[str]) -> str | None:
    why = _side(s, seat, "peek", "peeking is the scout's Keen Eye side")
    if why:
        return why
    if professions.used(s, "peek", seat):
        return "Keen Eye is once a turn"
    return "a face-down secret within 3 squares of you that your team has not seen yet"


PROFESSIONS: dict[str, Reason] = {"profession": _profession, "turret": _turret, "door": _door, "heal": _heal,
                                  "peek": _peek}
