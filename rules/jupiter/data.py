"""Jupiter Rescue's house data (Colony Module tiles, Rescue deck, figure supplies), loaded from
data/jupiter.json and checked.

The rulebook text (shared/rulebooks/jupiter-rescue.txt) lost its images, so the tiles' bridges and the
deck's counts are our design (docs/games/jupiter-rescue.md, after game-data.md §2). Loading refuses any
data the rulebook's numbers contradict; each check quotes the line it enforces.

Positions on a tile: 0 is the hub, the numbered space; 1-6 are the ring domes clockwise from the top
right (1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW), ring dome n sitting just inside the tile edge that faces
direction n. The same numbers name the tile's edges, so the edge facing direction n holds dome n.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

Side = Literal["easy", "hard"]  # "hard" is the side printed with the Difficulty Indicator (line 32)
SIDES: tuple[Side, ...] = ("easy", "hard")
Facility = Literal["power_plant", "command_dish"]
HUB = 0
RING = (1, 2, 3, 4, 5, 6)

# The rulebook's numbers (line numbers of shared/rulebooks/jupiter-rescue.txt).
TILES = 20  # 15: "20 double-sided Colony Module tiles"
TILES_IN_PLAY = 19  # 32: "Place 19 of the 20 Colony Module tiles in a spiral order from the center"
INTERIOR_TILES = 7  # 34: "every available space on the interior seven tiles"
START_COLONISTS = (42, 49)  # 310: "(between 42 and 49, depending on which tiles and sides are used)"
FULL_TILE_SPACES = START_COLONISTS[1] // INTERIOR_TILES  # 49 on seven tiles: 7 spaces on a full tile
FACILITY_TILE_SPACES = FULL_TILE_SPACES - 1  # 306: "Modules 3 and 4 have one less space"
COLONISTS_TO_SAVE = 28  # 44: "Rescue 28 Colonists from the colony"
MODULES = (1, 2, 3, 4, 5)  # 108: "If the result is 1-5, add a Creep figure to each ... tile of that number"
FACILITY_OF_MODULE: dict[int, Facility] = {3: "power_plant", 4: "command_dish"}  # 34 and 308
MAX_COMMAND_DISHES = 4  # 290: "Whether there are Super Creeps on 4 Command Dishes or only 1"
CARDS_DEALT = 2  # 35: "deal 2 cards to each player"
COMPONENTS = {  # lines 15-25, the component list
    "colony_tiles": 20, "evacuation_pod_tiles": 1, "reference_cards": 4, "robots": 7,
    "core_ability_markers": 7, "rescue_cards": 36, "colonists": 50, "creeps": 60, "super_creeps": 10,
    "dice": 1,
}
# Lines 144-194 and 274-280: the sixteen Rescue cards and the three Setbacks, by name.
ABILITIES = (
    "Boost", "Bullhorn", "Data Core", "Follower", "Grenadier", "Heat Seeker", "Juggernaut",
    "Module Control", "Override", "Phase Shift", "Pilot", "Rocket Boots", "Sniper", "Suppressant", "Swap",
    "Teleport",
)
SETBACKS = ("Surge", "Power Grab", "Signal to Noise")


class DataError(ValueError):
    pass


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def rim_pairs(spaces: frozenset[int]) -> frozenset[tuple[int, int]]:
    """Every pair of spaces that sit side by side on a tile: hub-ring and ring neighbours.

    A bridge may only join such a pair (a tile's domes are laid out as a hub and a ring), so a chain of
    bridges keeps a compass direction, which straight-line moves (Rocket Boots) will need."""
    pairs = {(HUB, p) for p in RING} | {(p, p % 6 + 1) for p in RING}
    return frozenset(_pair(a, b) for a, b in pairs if a in spaces and b in spaces)


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _connected(nodes: frozenset, pairs: frozenset[tuple]) -> bool:
    if not nodes:
        return True
    links: dict = {n: set() for n in nodes}
    for a, b in pairs:
        links[a].add(b)
        links[b].add(a)
    seen, todo = set(), [next(iter(nodes))]
    while todo:
        n = todo.pop()
        if n not in seen:
            seen.add(n)
            todo.extend(links[n] - seen)
    return seen == set(nodes)


class SidePattern(_Frozen):
    """One printed side of a tile: its spaces, bridges, edge spaces and the facility's position."""

    spaces: tuple[int, ...]
    numbered: int  # 66: "The numbered spaces on each Colony Module tile are also valid movement spaces"
    bridges: tuple[tuple[int, int], ...]
    edges: tuple[int | None, ...]  # index n-1: the space on the edge facing direction n, None if none
    facility_at: int | None = None  # the ring position a Power Plant or Command Dish takes

    @model_validator(mode="after")
    def _check(self) -> SidePattern:
        spaces = frozenset(self.spaces)
        if len(spaces) != len(self.spaces) or not spaces <= {HUB, *RING}:
            raise ValueError(f"spaces must be distinct positions 0-6, not {list(self.spaces)}")
        if self.numbered not in spaces:
            raise ValueError(f"the numbered space {self.numbered} is not a space")  # line 66
        if self.facility_at is not None and (self.facility_at not in RING or self.facility_at in spaces):
            # 34: "The green Power Plants ... and the Command Dishes ... are not spaces"
            raise ValueError(f"the facility at {self.facility_at} must be a ring position that is not a space")
        if self.facility_at is None and spaces != {HUB, *RING}:
            raise ValueError("a side without a Power Plant or Command Dish has all seven positions as spaces")
        bridges = [_pair(a, b) for a, b in self.bridges]
        if len(set(bridges)) != len(bridges):
            raise ValueError("a bridge is listed twice")
        for a, b in bridges:
            if a not in spaces or b not in spaces:
                raise ValueError(f"bridge {a}-{b} joins a position that is not a space")
        if stray := set(bridges) - rim_pairs(spaces):
            raise ValueError(f"bridges {sorted(stray)} join domes that are not side by side")
        if not _connected(spaces, frozenset(bridges)):
            # Design: each printed side can be crossed (game-data.md §2.4, "every pattern keeps the tile
            # internally connected"); the colony's connectivity rests on it (colony.py).
            raise ValueError("the spaces are not all joined by bridges")
        if len(self.edges) != 6:
            raise ValueError("edges lists the space on each of the six tile edges")
        for n, space in zip(RING, self.edges, strict=True):
            # 114 and Diagram E: the edge space is the ring dome just inside that edge, when it is a space.
            expected = n if n in spaces else None
            if space != expected:
                raise ValueError(f"edge {n} must hold {expected} (the dome just inside it, if a space), not {space}")
        return self

    @property
    def space_set(self) -> frozenset[int]:
        return frozenset(self.spaces)

    @property
    def bridge_set(self) -> frozenset[tuple[int, int]]:
        return frozenset(_pair(a, b) for a, b in self.bridges)


class TileDef(_Frozen):
    id: str
    module: int
    facility: Facility | None = None
    easy: str  # pattern of the plain side
    hard: str  # pattern of the side with the Difficulty Indicator

    def pattern(self, side: Side) -> str:
        return self.easy if side == "easy" else self.hard


class CardDef(_Frozen):
    name: str
    type: Literal["move", "command", "attack", "misc", "setback"]
    standard: Literal["single_action", "full_turn", "event"] | None = None
    core: Literal["every_action", "once_per_turn"] | None = None
    copies: int = Field(ge=1)

    @model_validator(mode="after")
    def _check(self) -> CardDef:
        is_setback = self.type == "setback"
        if is_setback != (self.standard is None) or is_setback != (self.core is None):
            raise ValueError(f"{self.name}: an ability has a standard and a core scope, a Setback neither")
        return self


class Components(_Frozen):
    colony_tiles: int
    evacuation_pod_tiles: int
    reference_cards: int
    robots: int
    core_ability_markers: int
    rescue_cards: int
    colonists: int
    creeps: int
    super_creeps: int
    dice: int


class JupiterData(_Frozen):
    comment: str = Field("", alias="_comment")
    components: Components
    patterns: dict[str, SidePattern]
    tiles: tuple[TileDef, ...]
    rescue_deck: tuple[CardDef, ...]
    combos: tuple[tuple[str, str], ...]

    @model_validator(mode="after")
    def _check(self) -> JupiterData:
        _check_components(self)
        _check_tiles(self)
        _check_colonists(self)
        _check_deck(self)
        return self

    def tile(self, tile_id: str) -> TileDef:
        for t in self.tiles:
            if t.id == tile_id:
                return t
        raise KeyError(tile_id)

    def side(self, tile_id: str, side: Side) -> SidePattern:
        return self.patterns[self.tile(tile_id).pattern(side)]

    def card(self, name: str) -> CardDef:
        return next(c for c in self.rescue_deck if c.name == name)

    def deck_size(self) -> int:
        return sum(c.copies for c in self.rescue_deck)


def _check_components(data: JupiterData) -> None:
    got = data.components.model_dump()
    if wrong := {k: v for k, v in got.items() if COMPONENTS[k] != v}:
        raise ValueError(f"components {wrong} differ from the rulebook's component list (lines 15-25): {COMPONENTS}")


def _check_tiles(data: JupiterData) -> None:
    if len(data.tiles) != TILES:  # 15: "20 double-sided Colony Module tiles"
        raise ValueError(f"{len(data.tiles)} tiles; the rulebook has {TILES} (line 15)")
    if len({t.id for t in data.tiles}) != len(data.tiles):
        raise ValueError("tile ids must be distinct")
    for t in data.tiles:
        if t.module not in MODULES:  # 108: the die's 1-5 name module numbers
            raise ValueError(f"tile {t.id}: module {t.module} is not 1-5 (line 108)")
        if t.facility != FACILITY_OF_MODULE.get(t.module):
            # 34: "Power Plants on Module 3 and the Command Dishes on Module 4"
            want = FACILITY_OF_MODULE.get(t.module)
            raise ValueError(f"tile {t.id}: Module {t.module} carries {want}, not {t.facility} (line 34)")
        for side in SIDES:
            name = t.pattern(side)
            if name not in data.patterns:
                raise ValueError(f"tile {t.id}: unknown pattern {name!r}")
            pattern = data.patterns[name]
            # A side without a facility has all 7 positions as spaces and one with a facility 6
            # (SidePattern), so the count also puts the facilities exactly on Modules 3 and 4.
            want = FACILITY_TILE_SPACES if t.facility else FULL_TILE_SPACES
            if len(pattern.spaces) != want:
                # 306: "Modules 3 and 4 have one less space"; 310: at most 49 on the seven interior tiles
                raise ValueError(
                    f"tile {t.id} (Module {t.module}) {side} side has {len(pattern.spaces)} spaces, not {want}"
                    f" (line 306: Modules 3 and 4 have one less space; line 310: 42 to 49 on seven tiles)"
                )
        easy, hard = data.side(t.id, "easy"), data.side(t.id, "hard")
        # The review JR-REV (game-data.md §2.1): "On one side, bridges connect all adjacent spaces. On the
        # more difficult side, not all of these spaces are connected."
        if easy.bridge_set != rim_pairs(easy.space_set):
            missing = sorted(rim_pairs(easy.space_set) - easy.bridge_set)
            raise ValueError(f"tile {t.id}: the easy side must bridge every pair of neighbouring spaces, not {missing}")
        if hard.bridge_set >= rim_pairs(hard.space_set):
            raise ValueError(f"tile {t.id}: the Difficulty Indicator side must miss at least one bridge (line 32)")
    dishes = sum(t.facility == "command_dish" for t in data.tiles)
    if dishes != MAX_COMMAND_DISHES:  # 290: "Whether there are Super Creeps on 4 Command Dishes or only 1"
        raise ValueError(f"{dishes} Command Dishes; line 290 speaks of up to {MAX_COMMAND_DISHES} in play")
    modules = Counter(t.module for t in data.tiles)
    if any(modules[m] != TILES // len(MODULES) for m in MODULES):
        # INFERRED (game-data.md §2.2): 20 tiles numbered 1-5, four of each.
        raise ValueError(f"modules {dict(modules)}: four tiles of each number 1-5")
    for m in FACILITY_OF_MODULE:
        if modules[m] < 2:
            # 308: losing needs "all Module 3 tiles OR all Module 4 tiles" destroyed, so every deal of 19 of
            # the 20 tiles must still hold one of each.
            raise ValueError(f"Module {m}: 19 of the 20 tiles must always include one (line 308)")
    facilities = sum(t.facility is not None for t in data.tiles)
    if facilities > data.components.super_creeps:
        # 24 and 276-280: one Super Creep per unguarded Power Plant or Command Dish; 10 figures must do.
        raise ValueError(f"{facilities} facilities but {data.components.super_creeps} Super Creeps (lines 24, 276-280)")


def interior_colonist_range(data: JupiterData) -> tuple[int, int]:
    """The fewest and most Colonists the interior seven tiles can hold, over every choice of tiles
    and sides (each tile contributes its own smallest or largest side)."""
    counts = [sorted(len(data.side(t.id, s).spaces) for s in SIDES) for t in data.tiles]
    lows = sorted(c[0] for c in counts)
    highs = sorted((c[-1] for c in counts), reverse=True)
    return sum(lows[:INTERIOR_TILES]), sum(highs[:INTERIOR_TILES])


def _check_colonists(data: JupiterData) -> None:
    low, high = interior_colonist_range(data)
    if (low, high) != START_COLONISTS:
        # 310: "place a spare Colonist figure on the number of Colonists your colony starts with (between
        # 42 and 49, depending on which tiles and sides are used)"
        raise ValueError(f"the interior seven tiles hold {low} to {high} Colonists; line 310 says 42 to 49")
    if low < COLONISTS_TO_SAVE:  # 44: "Rescue 28 Colonists"; every start must leave the goal reachable
        raise ValueError(f"a colony of {low} Colonists cannot give up {COLONISTS_TO_SAVE} (line 44)")
    if data.components.colonists < high + 1:
        # 22 and 310: the 50 figures cover the largest start (49) plus the spare marking the Loss Tracker.
        raise ValueError(f"{data.components.colonists} Colonist figures cannot fill {high} spaces and the tracker")


def _check_deck(data: JupiterData) -> None:
    names = [c.name for c in data.rescue_deck]
    if len(set(names)) != len(names):
        raise ValueError("a card is listed twice")
    abilities = [c.name for c in data.rescue_deck if c.type != "setback"]
    setbacks = [c.name for c in data.rescue_deck if c.type == "setback"]
    if sorted(abilities) != sorted(ABILITIES) or sorted(setbacks) != sorted(SETBACKS):
        # 144-194: the card list; 270-280: "Setback Cards"
        raise ValueError(f"the deck must hold the rulebook's 16 Rescue cards {ABILITIES} and 3 Setbacks {SETBACKS}")
    if data.deck_size() != data.components.rescue_cards:  # 20: "36 Rescue cards"
        raise ValueError(f"the Rescue deck has {data.deck_size()} cards; line 20 says {COMPONENTS['rescue_cards']}")
    dealt = data.components.robots * CARDS_DEALT
    if sum(c.copies for c in data.rescue_deck if c.type != "setback") < dealt:
        # 35: "deal 2 cards to each player ... If any of these are 'Setback' cards, ... draw replacement",
        # and up to 7 players (18: "7 Robot figures") must all get abilities.
        raise ValueError(f"fewer than {dealt} ability cards for the deal (lines 18 and 35)")
    for a, b in data.combos:
        for name in (a, b):
            if name not in abilities:
                raise ValueError(f"combo {a} + {b}: {name} is not a Rescue card")
        if a == b and data.card(a).copies < 2:
            # 244-268: a combo of a card with itself (Boost + Boost ...) needs two copies in the deck.
            raise ValueError(f"combo {a} + {a} needs at least 2 copies of {a}")
    if len({frozenset(c) for c in data.combos}) != len(data.combos):
        raise ValueError("a combo is listed twice")


def parse_data(raw: dict[str, Any]) -> JupiterData:
    """Validate raw data; DataError says every problem with where it is, in the rulebook's terms."""
    try:
        return JupiterData.model_validate(raw)
    except ValidationError as e:
        problems = []
        for err in e.errors():
            where = ".".join(str(p) for p in err["loc"])
            message = err["msg"].removeprefix("Value error, ")
            problems.append(f"{where}: {message}" if where else message)
        raise DataError("jupiter.json refused: " + "; ".join(problems)) from None


@cache
def game_data() -> JupiterData:
    text = resources.files("rules.jupiter").joinpath("data/jupiter.json").read_text(encoding="utf-8")
    return parse_data(json.loads(text))
