"""POWERUP's data (dice, DAMAGE, the 8 BUGBUSTER sheets, 38 equipment cards, 31 POW! cards, 24 tile
faces, tokens, small cards, DEATHMATCH boards), loaded from data/powerup.json and checked.

The rulebook (shared/rulebooks/powerup.txt, the authority) lost its images, so most numbers are house
data: shared/reference/game-data.md section 4's design, tuned where docs/games/powerup.md says. What
the rulebook does print (the DAMAGE card, the DEATHMATCH store, the counts of components) is checked
at load, and so is everything the engine relies on; data_checks.py holds the checks. A failed load
raises DataError naming the file and the entry.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules.powerup import data_checks as checks

FILE = "powerup.json"
LIVES = 3  # rb 225: "Each player takes 3 life counter tokens"
AP = 4  # rb 294: "Each BUGBUSTER use 4 actions"
HAND = 4  # rb 536: "THE MAXIMUM NUMBER OF POW! CARDS IN ONE HAND IS 4"
DICE = r"^(0|[1-9]\d*W([1-9]\d*Y)?|[1-9]\d*Y)$"  # "1W2Y": one white and two yellow dice; "0" none


class DataError(ValueError):
    pass


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def dice_counts(dice: str) -> tuple[int, int]:
    """``"1W2Y"`` -> (1, 2): white and yellow dice."""
    w = re.search(r"(\d+)W", dice)
    y = re.search(r"(\d+)Y", dice)
    return (int(w.group(1)) if w else 0, int(y.group(1)) if y else 0)


class Face(Frozen):
    hits: int = Field(ge=0)
    pow_card: bool = False  # rb 438: "give you 3 hits and a draw from the POW! pile"
    blunder: bool = False  # rb 442


class Dice(Frozen):
    white: tuple[str, ...]
    yellow: tuple[str, ...]


class DamageStep(Frozen):
    min_hits: int
    lives: int


class Item(Frozen):
    """An equipment card, a basic weapon or an EPIC weapon. Vocabulary fields are plain strings so that
    data_checks can name the entry that uses an unknown word."""
    id: str
    name: str
    kind: str  # M melee, R fixed range, V variable range (a yellow die), A armor
    cost: int | None = None  # coins; sheet weapons have none and are never sold
    dice: str = Field("0", pattern=DICE)
    range: int | None = None
    speed: int | None = None  # RP an opponent pays before reacting (rb 925-929); armor has none
    damage: str | None = None  # None: an untyped sheet weapon, stopped by no damage immunity
    keywords: tuple[str, ...] = ()
    destroyed_when: str = "never"
    armor: int = Field(0, ge=0)

    @property
    def slot(self) -> str:
        return checks.KINDS[self.kind]

    @property
    def ammo_per_shot(self) -> int:
        """rb 791: a ranged attack uses 1 ammo; a grenade (single use) none, a launcher 1."""
        if self.kind == "R" or self.kind == "V" and self.destroyed_when != "single_use":
            return 1
        return 0


class NormalSide(Frozen):
    melee: str = Field(pattern=DICE)
    ranged: str = Field(pattern=DICE)
    rp: int
    ammo: int
    armor: int
    weapons: tuple[Item, ...]


class EpicSide(Frozen):
    melee: str = Field(pattern=DICE)
    ranged: str = Field(pattern=DICE)
    rp_bonus: int
    ammo_bonus: int
    weapon: Item


class Bugbuster(Frozen):
    id: str
    name: str
    normal: NormalSide
    epic: EpicSide


class StoreOption(Frozen):
    id: str
    amount: int = 1


class TurnCard(Frozen):
    sequences_per_round: int
    marks: dict[str, tuple[str, ...]]

    def marks_of(self, sequence: int) -> tuple[str, ...]:
        """Marks of a sequence counted from 1 over the whole game (the 9th is the next round's 1st)."""
        return self.marks[str((sequence - 1) % self.sequences_per_round + 1)]


class PowCard(Frozen):
    name: str
    type: str  # special (own turn) or trick (any time), rb 530-534
    letters: tuple[str, ...]  # one per copy; "*" is the Epic joker
    cost: dict[str, int] = {}
    only: str | None = None  # "melee" or "ranged": the trick needs that kind of attack
    amounts: dict[str, int] = {}
    duration: str = "instant"
    text: str  # as printed
    erratum: str = ""  # our reading where the print is wrong or cut


class TileFace(Frozen):
    face: int
    name: str
    rows: tuple[str, ...]  # top to bottom, 3 cells of 2 characters (data_checks)


class SecretToken(Frozen):
    kind: str
    label: str | None = None
    value: int | None = None


class Caps(Frozen):
    powerups: int
    drums: int
    covers: int
    robots: int


class Drum(Frozen):
    dice: str = Field(pattern=DICE)
    leaves_fire: bool


class Hazard(Frozen):
    lives: int = 0
    push: int = 0
    armor: int = 0
    melee_hits_to_destroy: int = 0


class DeathmatchBoard(Frozen):
    seats: int
    faces: tuple[tuple[int, ...], ...]  # tile rows, top to bottom


class GameData(Frozen):
    source: str = Field(alias="_source")
    dice: Dice
    faces: dict[str, Face]
    damage: tuple[DamageStep, ...]
    bugbusters: tuple[Bugbuster, ...]
    equipment: tuple[Item, ...]
    deathmatch_store: tuple[StoreOption, ...]
    turn_card: TurnCard
    pow_cards: tuple[PowCard, ...]
    tile_faces: tuple[TileFace, ...]
    secret_tokens: tuple[SecretToken, ...]
    initiative_cards: tuple[int, ...]
    caps: Caps
    drum: Drum
    hazards: dict[str, Hazard]
    deathmatch_boards: tuple[DeathmatchBoard, ...]

    def lives_lost(self, hits: int) -> int:
        """The DAMAGE card (rb 845): hits left after armor -> lives lost, at most 4."""
        return max((s.lives for s in self.damage if hits >= s.min_hits), default=0)

    def sheet(self, sheet_id: str) -> Bugbuster:
        return _index(self)[0][sheet_id]

    def card(self, card_id: str) -> Item:
        return _index(self)[1][card_id]

    def pow(self, name: str) -> PowCard:
        return next(c for c in self.pow_cards if c.name == name)

    def pow_deck(self) -> tuple[tuple[str, str], ...]:
        """The 31 POW! cards as (name, letter), copies one by one."""
        return tuple((c.name, letter) for c in self.pow_cards for letter in c.letters)

    def face_rows(self) -> dict[int, tuple[str, ...]]:
        return {f.face: f.rows for f in self.tile_faces}

    def board(self, seats: int) -> DeathmatchBoard:
        return next(b for b in self.deathmatch_boards if b.seats == seats)

    def board_problems(self, layout: tuple[tuple[int, ...], ...] | list[list[int]], seats: int) -> list[str]:
        """For ``tiles:<faces>`` and random boards: what is wrong with a layout (empty if playable)."""
        return checks.board_problems(layout, self.face_rows(), seats)


_INDEXES: dict[int, tuple[GameData, dict[str, Bugbuster], dict[str, Item]]] = {}


def _index(data: GameData) -> tuple[dict[str, Bugbuster], dict[str, Item]]:
    """Sheets and cards by id, made once per loaded data (looked up at every step of play); kept with the
    data itself so a recycled id never finds another's."""
    entry = _INDEXES.get(id(data))
    if entry is None or entry[0] is not data:
        entry = (data, {s.id: s for s in data.bugbusters}, {c.id: c for c in data.equipment})
        _INDEXES[id(data)] = entry
    return entry[1], entry[2]


def _problems(data: GameData) -> list[str]:
    out = checks.dice_problems(data) + checks.equipment_problems(data) + checks.sheet_problems(data)
    out += checks.pow_problems(data) + checks.token_problems(data)
    numbers = sorted(f.face for f in data.tile_faces)
    if numbers != list(range(1, 25)):  # 12 double-sided tiles (rb 9; game-data.md 4.2)
        out.append(f"tile_faces: faces 1-24 once each, not {numbers}")
    for f in data.tile_faces:
        out += checks.face_problems(f.face, f.name, f.rows)
    for key in ("spikes", "fire", "buggie_trap", "cover"):
        if key not in data.hazards:
            out.append(f"hazards: no {key}")
    h = data.hazards
    if "spikes" in h and (h["spikes"].lives, h["spikes"].push) != (1, 1):  # rb 727
        out.append("hazards spikes: 1 damage and a 1-square push (rb 727)")
    if "fire" in h and (h["fire"].lives, h["fire"].push) != (1, 1):  # rb 1106
        out.append("hazards fire: 1 damage and a 1-square push (rb 1106)")
    if "cover" in h and (h["cover"].armor, h["cover"].melee_hits_to_destroy) != (2, 3):  # rb 1126
        out.append("hazards cover: 2 armor, 3 melee hits destroy it (rb 1126)")
    seats = sorted(b.seats for b in data.deathmatch_boards)
    if seats != sorted(checks.BOARD_SHAPES):  # rb 275: DEATHMATCH for 2 to 6 players, in two teams
        out.append(f"deathmatch_boards: one board each for 2, 4 and 6 seats, not {seats}")
    faces = data.face_rows()
    if not out:  # the geometry needs sound faces
        for b in data.deathmatch_boards:
            out += checks.board_problems(b.faces, faces, b.seats)
    return out


def check_effects(data: GameData, registered: set[str]) -> list[str]:
    """POW! card names without a registered effect, for the engine to call with its registry when it
    loads (the issue: loading fails on "a card with no registered effect"). A card that is only a letter
    in some mode (BrainWash, Disruptor in DEATHMATCH) is still registered, as doing nothing there."""
    return sorted({c.name for c in data.pow_cards} - registered)


M = TypeVar("M", bound=BaseModel)


def validated(model: type[M], raw: dict, file: str, problems: Callable[[M], list[str]]) -> M:
    """Raw data validated by ``model`` and checked by ``problems``; DataError names the file and the entry
    (powerup.json here, coop.json in coop_data.py)."""
    try:
        data = model.model_validate(raw)
    except ValidationError as exc:
        raise DataError(f"{file}: {exc}") from exc
    found = problems(data)
    if found:
        raise DataError(f"{file}: " + "; ".join(found))
    return data


def read_json(file: str) -> dict:
    """A data file of the package (rules/powerup/data/)."""
    return json.loads(resources.files("rules.powerup").joinpath(f"data/{file}").read_text(encoding="utf-8"))


def parse(raw: dict) -> GameData:
    """Validate raw data (a dict shaped like powerup.json); DataError names the file and the entry."""
    return validated(GameData, raw, FILE, _problems)


def raw_data() -> dict:
    return read_json(FILE)


@cache
def game_data() -> GameData:
    return parse(raw_data())
