"""ADRENALINE's data (figures, 21 weapons, 4 arenas, 36 ammo tiles, 24 powerups, board constants),
loaded from data/adrenaline.json and checked.

The weapons manual (shared/rulebooks/adrenaline-weapons.txt, "the seed") has the rules but no
numbers; the numbers are shared/reference/adrenaline.md's ("the reference"), transcribed as they are
there. Each weapon effect carries the seed's own sentence (``text``), so a menu or the DM image can
quote it. Loading refuses data that breaks a number either text gives; each check names its source.

Squares are named a1-d3: the column's letter (a left .. d right), then the row (1 top .. 3 bottom);
the red spawnpoint is a2 on every map (the reference's ``[1, 0]``).
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

Colour = Literal["R", "B", "Y"]
COLOURS: tuple[Colour, ...] = ("R", "B", "Y")
COLOUR_NAMES = {"R": "red", "B": "blue", "Y": "yellow"}
ROOMS = {"R": "red", "B": "blue", "Y": "yellow", "W": "white", "G": "green", "P": "purple"}
COLUMNS, ROWS = "abcd", "123"
POWERUP_TYPES = ("targeting_scope", "newton", "tagback_grenade", "teleporter")
EFFECT_KINDS = ("basic", "optional", "alternate")


class DataError(ValueError):
    pass


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def square_name(row: int, col: int) -> str:
    return f"{COLUMNS[col]}{ROWS[row]}"


class Figure(_Frozen):
    id: str
    name: str
    colour: str


class Effect(_Frozen):
    id: str  # "basic" for the basic effect or mode; else from the seed's heading ("with black hole" -> black_hole)
    name: str  # the seed's heading
    kind: Literal["basic", "optional", "alternate"]
    cost: tuple[Colour, ...]
    text: str  # the seed's sentence
    timing: str = ""
    requires: str = ""  # another effect that must be used first (T.H.O.R.'s high voltage)


class Weapon(_Frozen):
    id: str
    name: str
    reload_cost: tuple[Colour, ...]  # the first cube is the "top" one, loaded when the card is dealt
    pickup_cost: tuple[Colour, ...]
    effects: tuple[Effect, ...]
    notes: str = ""

    @property
    def top(self) -> Colour:
        return self.reload_cost[0]

    def effect(self, effect_id: str) -> Effect:
        for e in self.effects:
            if e.id == effect_id:
                return e
        raise KeyError(f"{self.id} has no effect {effect_id!r}")

    @model_validator(mode="after")
    def _check(self) -> Weapon:
        # "Pay the reload cost, except the top cube is free."
        if list(self.pickup_cost) != list(self.reload_cost[1:]):
            raise ValueError(f"{self.id}: the pickup cost must be the reload cost without its top cube")
        kinds = [e.kind for e in self.effects]
        if kinds.count("basic") != 1 or self.effects[0].kind != "basic":
            raise ValueError(f"{self.id}: exactly one basic effect or mode, listed first")
        if "alternate" in kinds and "optional" in kinds:
            raise ValueError(f"{self.id}: a weapon has optional effects or an alternate mode, not both")
        ids = [e.id for e in self.effects]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.id}: effect ids repeat")
        for e in self.effects:
            if e.requires and e.requires not in ids:
                raise ValueError(f"{self.id}.{e.id} requires an effect it does not have")
        return self


class ArenaMap(_Frozen):
    id: str
    label: str
    grid: tuple[str, str, str]  # room letters, "." for no square; row 1 first
    spawnpoints: dict[Colour, str]
    doors: tuple[tuple[str, str], ...]
    players: tuple[int, ...]  # the table sizes the map is labelled for ("auto" picks among these)
    sight: dict[str, str]  # the reference's visibility table: square -> rooms seen

    def room(self, square: str) -> str:
        col, row = COLUMNS.index(square[0]), ROWS.index(square[1])
        return self.grid[row][col]

    @property
    def squares(self) -> tuple[str, ...]:
        """Every square, row by row (a1 b1 c1 d1 a2 ...)."""
        return tuple(square_name(r, c) for r in range(3) for c in range(4) if self.grid[r][c] != ".")


class AmmoTile(_Frozen):
    cubes: tuple[Colour, ...]
    powerup: bool
    count: int


class PowerupType(_Frozen):
    id: str
    name: str
    count_by_colour: dict[Colour, int]
    text: str


class Constants(_Frozen):
    damage_slots: int
    max_marks_per_attacker: int
    max_cubes_per_color: int
    max_weapons_in_hand: int
    max_powerups_in_hand: int
    weapons_per_spawnpoint: int
    board_values_normal: tuple[int, ...]
    board_values_frenzy: tuple[int, ...]


class GameData(_Frozen):
    source: str = Field(alias="_source")
    figures: tuple[Figure, ...]
    weapons: tuple[Weapon, ...]
    maps: tuple[ArenaMap, ...]
    ammo_tiles: tuple[AmmoTile, ...]
    powerups: tuple[PowerupType, ...]
    constants: Constants

    def weapon(self, weapon_id: str) -> Weapon:
        return self._weapons()[weapon_id]

    def arena(self, map_id: str) -> ArenaMap:
        return next(m for m in self.maps if m.id == map_id)

    def _weapons(self) -> dict[str, Weapon]:
        cached = self.__dict__.get("_by_id")
        if cached is None:
            cached = {w.id: w for w in self.weapons}
            object.__setattr__(self, "_by_id", cached)  # frozen model: a cache, not state
        return cached

    def tiles(self) -> tuple[AmmoTile, ...]:
        """The 36 ammo tiles one by one (a tile's index is its identity in the game)."""
        cached = self.__dict__.get("_tiles")
        if cached is None:
            cached = tuple(t for t in self.ammo_tiles for _ in range(t.count))
            object.__setattr__(self, "_tiles", cached)  # frozen model: a cache, not state
        return cached

    def powerup_cards(self) -> tuple[str, ...]:
        """The 24 powerup cards as ``type:colour`` (two copies of each)."""
        return tuple(f"{p.id}:{c}" for p in self.powerups for c in COLOURS for _ in range(p.count_by_colour[c]))


def _check(data: GameData) -> None:
    problems: list[str] = []
    # Reference §2: the five figures; four are named in the seed's visibility example.
    if [f.name for f in data.figures] != ["Banshee", "Dozer", "Sprog", "Violetta", ":D-struct-0R"]:
        problems.append("the figures are Banshee, Dozer, Sprog, Violetta and :D-struct-0R")
    # Reference §3: "21 cards, one copy each"; "7 blue, 7 red and 7 yellow" by top cube.
    if len(data.weapons) != 21:
        problems.append(f"21 weapons, not {len(data.weapons)}")
    tops = Counter(w.top for w in data.weapons)
    if tops != Counter({"R": 7, "B": 7, "Y": 7}):
        problems.append(f"7 weapons per top-cube colour, not {dict(tops)}")
    # Reference §5: 36 ammo tiles; 18 of 3 cubes, 18 of 2 cubes and a powerup.
    tiles = data.tiles()
    if len(tiles) != 36:
        problems.append(f"36 ammo tiles, not {len(tiles)}")
    if sum(len(t.cubes) == 3 and not t.powerup for t in tiles) != 18 or sum(
            len(t.cubes) == 2 and t.powerup for t in tiles) != 18:
        problems.append("18 tiles of 3 cubes and 18 of 2 cubes with a powerup")
    # Reference §6: 24 powerups, 4 types x 3 colours x 2.
    cards = data.powerup_cards()
    if len(cards) != 24 or set(Counter(cards).values()) != {2} or tuple(p.id for p in data.powerups) != POWERUP_TYPES:
        problems.append("24 powerups: 4 types x 3 colours x 2")
    # Reference §7: 12 damage slots, 3 marks per attacker, 8-6-4-2-1-1 and 2-1-1-1.
    c = data.constants
    if (c.damage_slots, c.max_marks_per_attacker, c.max_cubes_per_color, c.max_weapons_in_hand,
            c.max_powerups_in_hand, c.weapons_per_spawnpoint) != (12, 3, 3, 3, 3, 3):
        problems.append("12 damage slots, 3 marks per attacker, 3 cubes per colour, 3 weapons, 3 powerups, "
                        "3 weapons per spawnpoint")
    if c.board_values_normal != (8, 6, 4, 2, 1, 1) or c.board_values_frenzy != (2, 1, 1, 1):
        problems.append("board values 8-6-4-2-1-1, frenzy side 2-1-1-1")
    if [m.id for m in data.maps] != ["small", "medium_green", "big", "medium_purple"]:
        problems.append("the four arenas small, medium_green, big, medium_purple")
    for m in data.maps:
        problems += [f"{m.id}: {p}" for p in _map_problems(m)]
    if problems:
        raise DataError("adrenaline.json: " + "; ".join(problems))


def _map_problems(m: ArenaMap) -> list[str]:
    out = []
    squares = set(m.squares)
    if m.spawnpoints != {"R": "a2", "B": "c1", "Y": "d3"}:
        out.append("the spawnpoints are red a2, blue c1, yellow d3 on every map")
    for a, b in m.doors:
        (ca, ra), (cb, rb) = (COLUMNS.index(a[0]), ROWS.index(a[1])), (COLUMNS.index(b[0]), ROWS.index(b[1]))
        if a not in squares or b not in squares or abs(ca - cb) + abs(ra - rb) != 1:
            out.append(f"door {a}-{b} does not join two adjacent squares")
        elif m.room(a) == m.room(b):
            out.append(f"door {a}-{b} joins squares of one room")
    if set(m.sight) != squares:
        out.append("the visibility table names every square once")
    if not all(set(m.spawnpoints.values()) <= squares for _ in [0]):
        out.append("a spawnpoint is off the map")
    return out


@cache
def game_data() -> GameData:
    text = resources.files("rules.adrenaline").joinpath("data/adrenaline.json").read_text(encoding="utf-8")
    return parse(json.loads(text))


def parse(raw: dict) -> GameData:
    """Validate raw data (a dict shaped like adrenaline.json); DataError says what is wrong."""
    try:
        data = GameData.model_validate(raw)
    except ValidationError as exc:
        raise DataError(f"adrenaline.json: {exc}") from exc
    _check(data)
    return data
