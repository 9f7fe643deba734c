"""KAPLOOM!'s house data (boards, supers, duo board, dice) loaded from data/kaploom.json and checked.

The rulebook names the boards but does not print them, so the data is our design. Loading it fails
loudly on anything the rules could not play: an unknown requirement token, a requirement of a size
the rulebook does not allow (1, 2, 4 or 6 dice), starting dice beyond the components, and so on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

# Internal one-letter face codes; the notation and the views use the long names.
FACE_NAMES = {"W": "wild", "M": "might", "E": "energy", "T": "toughness", "A": "agility", "X": "x_factor", "B": "blank"}
FACE_CODES = {name: code for code, name in FACE_NAMES.items()}
SUPPLY_FACES = ("W", "M", "E", "T", "A", "X")  # order of the face pool counters
COLOURS = ("red", "yellow", "blue", "purple", "green")  # order of the trait-die pool counters
FACE_TOKENS = {"might": "M", "energy": "E", "toughness": "T", "agility": "A", "x_factor": "X"}
SINGLE_TOKENS = ("ANY", "ACT", "NBA")
PAIR_TOKENS = ("PAIR_ANY", "PAIR_ACT_ANY", "PAIR_ACT_ACT", "PAIR_ACT_NB_ANY", "PAIR_ACT_ACT_NB")
ALLOWED_SIZES = (1, 2, 4, 6)
BOARDS = ("attack", "defense", "power_up", "super", "duo")
ROLES = ("base", "kicker", "multiplier", "immediate", "power_up", "phase3_trigger", "phase2", "lock_in", "hand_off")
EFFECT_KEYS = {
    "reroll", "gain_trait_die", "gain_action_die", "gain_face", "gain_health", "exchange_face",
    "self_loss", "immune_to_triggers", "revive_ally",
}
TRIGGERS = ("target_gains_dice", "target_gains_faces", "owner_lost_nothing")
PHASE2_KEYS = ("cap_loss", "ignore_multiplier")
LOCK_KEYS = ("base_defense_bonus", "attack_kicker", "free_reroll", "desperation_per")

TOKEN_TEXT = {
    "M": "MIGHT", "E": "ENERGY", "T": "TOUGHNESS", "A": "AGILITY", "X": "X-FACTOR",
    "ANY": "ANY DIE", "ACT": "ANY ACTION DIE", "NBA": "NON-BLANK ACTION DIE",
    "PAIR_ANY": "PAIR (any two dice)", "PAIR_ACT_ANY": "PAIR (action die + any die)",
    "PAIR_ACT_ACT": "PAIR (two action dice)", "PAIR_ACT_NB_ANY": "PAIR (non-blank action die + any die)",
    "PAIR_ACT_ACT_NB": "PAIR (two non-blank action dice)",
}


class DataError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class ActionDef:
    id: str
    name: str
    board: str
    role: str
    req: tuple[str, ...]  # tokens: face codes M/E/T/A/X, ANY, ACT, NBA or a PAIR_* kind
    size: int  # dice it takes
    value: int = 0
    value_per_dice: int = 0  # PUNISH: +1 per this many dice owned
    total: str = ""  # kickers off the attack/defense boards: which total they add to
    cost: int = 0  # faces lost when it activates
    effect: tuple[tuple[str, Any], ...] = ()
    trigger: tuple[str, int] | None = None  # (when, loss)
    phase2: tuple[tuple[str, Any], ...] = ()
    lock: tuple[str, int] | None = None
    team: bool = False  # duo kickers that help both allies
    same_target: bool = False  # TEAM UP: only when both pointers agree

    @property
    def adds_to(self) -> str:
        return self.total or self.board

    def eff(self, key: str, default: Any = None) -> Any:
        for k, v in self.effect:
            if k == key:
                return v
        return default

    @property
    def requirement_text(self) -> str:
        return " + ".join(TOKEN_TEXT[t] for t in self.req)


@dataclass(frozen=True, slots=True)
class SuperDef:
    id: str
    name: str
    side: str
    health: int
    trait: tuple[str, ...]
    action: tuple[tuple[str, ...], ...]  # faces attached to each starting action die (6 codes each)
    actions: tuple[ActionDef, ...]


@dataclass(frozen=True, slots=True)
class GameData:
    trait_faces: dict[str, tuple[str, ...]]  # colour -> six face codes
    trait_per_colour: int
    action_dice: int
    slots: int
    faces: tuple[int, ...]  # supply per SUPPLY_FACES
    start_health: int
    health_track_max: int
    start: dict[str, tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]]  # side -> (trait, action dice)
    boards: dict[str, tuple[ActionDef, ...]]
    supers: dict[str, SuperDef]
    duo: tuple[ActionDef, ...]
    actions: dict[str, ActionDef]  # every action by id


def _req_size(req: tuple[str, ...]) -> int:
    return sum(2 if t in PAIR_TOKENS else 1 for t in req)


def _action(raw: dict[str, Any], board: str) -> ActionDef:
    where = f"action {raw.get('id', '?')!r}"
    known = {"id", "name", "role", "req", "value", "value_per_dice", "total", "cost", "effect", "trigger",
             "phase2", "lock", "team", "same_target"}
    if unknown := set(raw) - known:
        raise DataError(f"{where}: unknown keys {sorted(unknown)}")
    role = raw["role"]
    if role not in ROLES:
        raise DataError(f"{where}: unknown role {role!r}")
    req = []
    for token in raw["req"]:
        if token in FACE_TOKENS:
            req.append(FACE_TOKENS[token])
        elif token in SINGLE_TOKENS or token in PAIR_TOKENS:
            req.append(token)
        else:
            raise DataError(f"{where}: unknown requirement token {token!r}")
    size = _req_size(tuple(req))
    if size not in ALLOWED_SIZES:
        raise DataError(f"{where}: needs {size} dice; the rulebook allows 1, 2, 4 or 6")
    effect = raw.get("effect", {})
    if unknown := set(effect) - EFFECT_KEYS:
        raise DataError(f"{where}: unknown effects {sorted(unknown)}")
    if effect.get("gain_face", "non_wild") not in ("non_wild", "any", "wild"):
        raise DataError(f"{where}: gain_face must be non_wild, any or wild")
    if (role in ("power_up", "immediate")) != bool(effect):
        raise DataError(f"{where}: power_up and immediate actions (and only they) have an effect")
    if role == "immediate" and set(effect) != {"reroll"}:
        raise DataError(f"{where}: an immediate action re-rolls")
    trigger = raw.get("trigger")
    if (role == "phase3_trigger") != (trigger is not None):
        raise DataError(f"{where}: phase3_trigger actions (and only they) have a trigger")
    if trigger is not None and trigger["when"] not in TRIGGERS:
        raise DataError(f"{where}: unknown trigger {trigger['when']!r}")
    phase2 = raw.get("phase2", {})
    if (role == "phase2") != bool(phase2) or set(phase2) - set(PHASE2_KEYS):
        raise DataError(f"{where}: a phase2 action needs one of {PHASE2_KEYS}")
    lock = raw.get("lock")
    if (role == "lock_in") != (lock is not None) or (lock and (len(lock) != 1 or set(lock) - set(LOCK_KEYS))):
        raise DataError(f"{where}: a lock_in action needs exactly one of {LOCK_KEYS}")
    total = raw.get("total", "")
    if role in ("base", "kicker", "multiplier"):
        if board in ("super", "duo") and total not in ("attack", "defense"):
            raise DataError(f"{where}: a {board} board {role} says which total it adds to")
        if board == "power_up":
            raise DataError(f"{where}: the power up board has no attack or defense values")
        if "value" not in raw:
            raise DataError(f"{where}: a {role} needs a value")
    return ActionDef(
        id=raw["id"], name=raw["name"], board=board, role=role, req=tuple(req), size=size,
        value=int(raw.get("value", 0)), value_per_dice=int(raw.get("value_per_dice", 0)), total=total,
        cost=int(raw.get("cost", 0)), effect=tuple(sorted(effect.items())),
        trigger=(trigger["when"], int(trigger["loss"])) if trigger else None,
        phase2=tuple(sorted(phase2.items())), lock=next(iter(lock.items())) if lock else None,
        team=bool(raw.get("team", False)), same_target=bool(raw.get("same_target", False)),
    )


def _action_die(faces: list[str], slots: int, where: str) -> tuple[str, ...]:
    if len(faces) > slots:
        raise DataError(f"{where}: an action die has {slots} face slots")
    codes = []
    for face in faces:
        if face not in FACE_CODES or face == "blank":
            raise DataError(f"{where}: unknown face {face!r}")
        codes.append(FACE_CODES[face])
    return tuple(sorted(codes)) + ("B",) * (slots - len(codes))


def parse_data(raw: dict[str, Any]) -> GameData:
    comps = raw["components"]
    slots = int(comps["action_die_slots"])
    trait_faces: dict[str, tuple[str, ...]] = {}
    if set(raw["trait_dice"]) != set(COLOURS):
        raise DataError(f"trait dice colours must be {COLOURS}")
    primary = {"red": "M", "yellow": "E", "blue": "X", "purple": "T", "green": "A"}
    for colour, faces in raw["trait_dice"].items():
        if len(faces) != 6 or any(f not in FACE_CODES for f in faces):
            raise DataError(f"trait die {colour}: six known faces")
        codes = tuple(FACE_CODES[f] for f in faces)
        if codes.count(primary[colour]) < 3:
            raise DataError(f"trait die {colour}: its colour's face must be its main face")
        trait_faces[colour] = codes
    # The play example needs: blue can show blank and x_factor; purple can show wild.
    if not {"B", "X"} <= set(trait_faces["blue"]) or "W" not in trait_faces["purple"]:
        raise DataError("the rulebook's play example needs blue blank/x_factor and purple wild faces")
    faces = tuple(int(comps["faces"][FACE_NAMES[c]]) for c in SUPPLY_FACES)
    start = {}
    for side in ("villain", "hero"):
        s = raw["starting"][side]
        start[side] = (tuple(s["trait"]), tuple(_action_die(d, slots, f"{side} start") for d in s["action"]))
    boards = {name: tuple(_action(a, name) for a in raw["boards"][name]) for name in ("attack", "defense", "power_up")}
    supers = {}
    for s in raw["supers"]:
        if s["side"] not in ("hero", "villain"):
            raise DataError(f"super {s['id']}: side is hero or villain")
        supers[s["id"]] = SuperDef(
            id=s["id"], name=s["name"], side=s["side"], health=int(s["health"]),
            trait=tuple(s["start"]["trait"]),
            action=tuple(_action_die(d, slots, f"super {s['id']}") for d in s["start"]["action"]),
            actions=tuple(_action(a, "super") for a in s["actions"]),
        )
    duo = tuple(_action(a, "duo") for a in raw["duo_board"])
    every: dict[str, ActionDef] = {}
    for group in (*boards.values(), *(s.actions for s in supers.values()), duo):
        for a in group:
            if a.id in every:
                raise DataError(f"action id {a.id!r} is used twice")
            every[a.id] = a
    data = GameData(
        trait_faces=trait_faces, trait_per_colour=int(comps["trait_dice_per_colour"]),
        action_dice=int(comps["action_dice"]), slots=slots, faces=faces,
        start_health=int(raw["starting"]["health"]), health_track_max=int(raw["health_track_max"]),
        start=start, boards=boards, supers=supers, duo=duo, actions=every,
    )
    _check_starting_dice(data)
    return data


def _check_starting_dice(data: GameData) -> None:
    """Every allowed pairing of starting dice must fit one copy of the components."""
    villains = [data.start["villain"]] + [(s.trait, s.action) for s in data.supers.values() if s.side == "villain"]
    heroes = [data.start["hero"]] + [(s.trait, s.action) for s in data.supers.values() if s.side == "hero"]
    for v in villains:
        for h in heroes:
            for colour in COLOURS:
                if v[0].count(colour) + h[0].count(colour) > data.trait_per_colour:
                    raise DataError(f"starting dice use more than {data.trait_per_colour} {colour} dice")
            if len(v[1]) + len(h[1]) > data.action_dice:
                raise DataError("starting dice use more action dice than exist")
            for i, code in enumerate(SUPPLY_FACES):
                used = sum(d.count(code) for d in v[1] + h[1])
                if used > data.faces[i]:
                    raise DataError(f"starting dice use more {FACE_NAMES[code]} faces than exist")
    for s in data.supers.values():
        if not 1 <= s.health <= data.health_track_max:
            raise DataError(f"super {s.id}: health off the track")


@cache
def game_data() -> GameData:
    text = resources.files("rules.kaploom").joinpath("data/kaploom.json").read_text(encoding="utf-8")
    return parse_data(json.loads(text))
