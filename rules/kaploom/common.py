"""Small shared pieces of the KAPLOOM! engine: the plain actions, board and player lookups, faces."""

from __future__ import annotations

from functools import cache

from rules.kaploom import scoring
from rules.kaploom.actions import Action
from rules.kaploom.data import FACE_NAMES, SUPPLY_FACES, ActionDef, game_data
from rules.kaploom.requirements import fits
from rules.kaploom.state import Player, State

READY, SKIP, DONE, FORFEIT = Action("ready"), Action("skip"), Action("done"), Action("forfeit")
MAX_EVENTS = 12
_FACE_INDEX = {code: i for i, code in enumerate(SUPPLY_FACES)}
_NON_WILD = ("M", "E", "T", "A", "X")


# ---------------------------------------------------------------- small helpers


def _sig(p: Player, i: int) -> str:
    return ("a" if isinstance(p.dice[i], tuple) else "t") + p.roll[i]


def _label(s: State, seat: int) -> str:
    return s.players[seat].label.capitalize()


def _placed(p: Player) -> set[int]:
    out: set[int] = set()
    for ids in p.assign.values():
        out.update(ids)
    return out


def _ally(s: State, p: Player) -> Player | None:
    if s.variant != "2v2":
        return None
    return s.players[p.seat ^ 1]


def _opponents(s: State, p: Player) -> list[Player]:
    return [q for q in s.players if q.team != p.team]


def _victim(s: State, p: Player) -> Player | None:
    """Whom this player's attack and Phase 3 tricks hit: the other player, or the pointer's target."""
    if s.variant != "2v2":
        return s.players[1 - p.seat]
    return s.players[p.target] if p.target is not None else None


def multiplier_ignored(s: State, p: Player) -> bool:
    """Does the player this one's attack goes at make it ignore its multiplier (TIMEOUT!'s SLOW
    MOTION, activated)? The fight and the views both ask this."""
    target = _victim(s, p)
    return target is not None and bool(scoring.has_phase2(target, "ignore_multiplier"))


@cache
def _defs_for(super_id: str | None, duo: bool, ko: bool) -> tuple[ActionDef, ...]:
    data = game_data()
    out: list[ActionDef] = []
    if not ko:
        out += data.boards["attack"] + data.boards["defense"] + data.boards["power_up"]
        if super_id:
            out += data.supers[super_id].actions
    if duo:
        out += data.duo
    return tuple(out)


@cache
def _def_ids(super_id: str | None, duo: bool, ko: bool) -> frozenset[str]:
    return frozenset(a.id for a in _defs_for(super_id, duo, ko))


@cache
def _single_fits(super_id: str | None, duo: bool, ko: bool, sig: str) -> tuple[str, ...]:
    return tuple(a.id for a in _defs_for(super_id, duo, ko) if fits(a, (sig,)))


@cache
def _duo_ids() -> frozenset[str]:
    return frozenset(a.id for a in game_data().duo)


@cache
def _assign_action(die: int, aid: str) -> Action:
    return Action("assign", (die, aid))


def _defs(s: State, p: Player) -> tuple[ActionDef, ...]:
    return _defs_for(p.super_id, s.variant == "2v2", p.ko)


def _board_sigs(s: State, p: Player, aid: str) -> tuple[str, ...]:
    """Signatures of every die on an action (both allies' dice for the shared duo board)."""
    sigs = [_sig(p, i) for i in p.assign.get(aid, ())]
    if game_data().actions[aid].board == "duo" and (ally := _ally(s, p)) is not None:
        sigs += [_sig(ally, i) for i in ally.assign.get(aid, ())]
    return tuple(sorted(sigs))


def payable_faces(p: Player) -> tuple[tuple[int | None, str], ...]:
    """The one rule of which faces can pay a face cost at the reveal (OVERCHARGE, §1.5 of the
    design notes: "return 1 attached or stored face to the pool; no face to pay means no
    activation"), one entry per face: ``(None, code)`` for a face stored behind the screen, then
    ``(die index, code)`` for each face attached to an action die (never an empty slot). The reveal's
    automatic forfeit, the `pay` moves and the screen's totals all ask this."""
    out: list[tuple[int | None, str]] = [(None, code) for code in p.stored]
    for i, die in enumerate(p.dice):
        if isinstance(die, tuple):
            out += [(i, code) for code in die if code != "B"]
    return tuple(out)


def _add_face(pool: tuple[int, ...], code: str, n: int) -> tuple[int, ...]:
    i = _FACE_INDEX[code]
    return pool[:i] + (pool[i] + n,) + pool[i + 1 :]


def _without_face(die: tuple[str, ...], code: str) -> tuple[str, ...]:
    faces = [f for f in die if f != "B"]
    faces.remove(code)
    return tuple(faces) + ("B",) * (len(die) - len(faces))


def _face_name(code: str) -> str:
    return FACE_NAMES[code]


_FACE_WORDS = {"x_factor": "x-factor"}  # a face as a sentence says it (X-FACTOR's "x-factor")


def a_face(code: str) -> str:
    """"a might face", "an energy face", "an x-factor face": a face in an event line."""
    word = _FACE_WORDS.get(FACE_NAMES[code], FACE_NAMES[code])
    return f"{'an' if word[0] in 'aeiox' else 'a'} {word} face"  # "x" is said "ex"


def dice_go(count: int) -> str:
    """"1 duo-board die goes", "2 duo-board dice go"."""
    return f"{count} duo-board {'die goes' if count == 1 else 'dice go'}"
