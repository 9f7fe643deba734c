"""Retro Bots vs Rogues' house data (the Deadly Spiral board, counters, Rogue types, Calamity and
Upgrade cards), loaded from data/retro.json and checked.

The rulebook (shared/rulebooks/retro-bots.txt) lost its images, so the board, the counters and the
cards are our design (docs/games/retro-bots.md, after game-data.md section 3). Loading refuses data
the rulebook's numbers contradict; each check quotes the line it enforces.

Coordinates: ``(x, y)``, x 0-11 left to right, y 0-11 top to bottom; facings N E S W.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

Facing = Literal["N", "E", "S", "W"]
Square = tuple[int, int]
ROGUE_TYPES = ("servobot", "hazbot", "lasbot", "grillbot", "visebot", "progbot")  # the Rogue cards
SPECIAL_ROGUES = ("bossbot", "minionbot")
RETRO_TYPES = ("treadbot", "shotbot", "nanobot")  # "either a Treadbot, a Shotbot, or a Nanobot"
# The table of Rogues: "SERVOBOT | 6 | 5 | Right", "HAZBOT | 4 | 3 | Right", ...
ROGUE_TABLE = {
    "servobot": (6, 5, "right"), "hazbot": (4, 3, "right"), "lasbot": (4, 3, "right"),
    "grillbot": (4, 3, "left"), "visebot": (8, 3, "left"), "progbot": (4, 3, "left"),
    "bossbot": (1, 5, "right"), "minionbot": (1, 3, "left"),
}
PROGRAM_MAX = 6  # "All Retros may take up 6 instructions"
RETRO_LIMITS = {  # TREADBOT "up to THREE LOADER"; SHOTBOT "ONE LOADER and ONE SHOOTER"; NANOBOT "any number of HACKER"
    "treadbot": {"loader": 3, "shooter": 0}, "shotbot": {"loader": 1, "shooter": 1}, "nanobot": {"loader": 0, "shooter": 0},
}
MAX_ROGUES = 8 + 6 + 4 + 4 + 2  # four players draw the four largest types, plus the Boss and the Minion
CATASTROPHES_TO_LOSE = 3  # "If there are ever three CATASTROPHE cards on the table, the Retros lose"
TIMER = 60  # "Start a 1 minute timer"
STUNNED_RUNS = 3  # "run ONLY the first 3 instructions it has programmed"
UPGRADE_LIMIT = 2  # "You may have up to two upgrades in play"
CLASSES = ("basic", "loader", "shooter", "hacker")
CALAMITY_KINDS = ("catastrophe", "surplus", "power_surge", "short_circuit", "reboot", "reverse_polarity",
                  "rush_job", "jammed_doors", "salvage", "all_quiet")
FACINGS: tuple[Facing, ...] = ("N", "E", "S", "W")


class DataError(ValueError):
    pass


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Door(_Frozen):
    name: str
    square: Square  # the floor square just inside the door
    side: Facing  # the wall the door is in: a Bot leaves the board stepping this way from ``square``


class TileDef(_Frozen):
    comment: str = Field("", alias="_comment")
    door: Door
    pits: tuple[Square, ...]
    crates: tuple[Square, ...]


class Board(_Frozen):
    width: int
    height: int
    tile_size: int
    tile: TileDef
    doors: tuple[Door, ...]
    pits: tuple[Square, ...]
    crates: tuple[Square, ...]
    rogue_starts: tuple[tuple[Square, Facing], ...]
    doors_for_players: dict[str, tuple[int, ...]]

    def on_board(self, square: Square) -> bool:
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height


class RogueDef(_Frozen):
    count: int = Field(ge=1)
    move: int = Field(ge=1)
    turn: Literal["left", "right"]
    special: Literal["none", "hazard", "laser", "flames", "grind", "force"]


class InstructionDef(_Frozen):
    name: str
    class_: Literal["basic", "loader", "shooter", "hacker"] = Field(alias="class")
    counter: str


class CalamityDef(_Frozen):
    id: str
    name: str
    kind: Literal["catastrophe", "surplus", "power_surge", "short_circuit", "reboot", "reverse_polarity",
                  "rush_job", "jammed_doors", "salvage", "all_quiet"]
    door: int | None = None


class UpgradeDef(_Frozen):
    id: str
    name: str
    text: str


class RetroData(_Frozen):
    comment: str = Field("", alias="_comment")
    board: Board
    rogues: dict[str, RogueDef]
    instructions: dict[str, InstructionDef]
    counters: dict[str, int]
    program_max: int
    retros: dict[str, dict[str, int]]
    calamities: tuple[CalamityDef, ...]
    calamity_text: dict[str, str]
    upgrades: tuple[UpgradeDef, ...]
    upgrade_limit: int
    timer_seconds: int
    rush_seconds: int
    stunned_runs: int

    @model_validator(mode="after")
    def _check(self) -> RetroData:
        _check_rules_numbers(self)
        _check_board(self)
        _check_cards(self)
        return self

    def rogue(self, kind: str) -> RogueDef:
        return self.rogues[kind]

    def calamity(self, card_id: str) -> CalamityDef:
        for card in self.calamities:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def upgrade(self, upgrade_id: str) -> UpgradeDef:
        for card in self.upgrades:
            if card.id == upgrade_id:
                return card
        raise KeyError(upgrade_id)


def rotate_square(square: Square, quarter_turns: int, size: int = 12) -> Square:
    """A square turned clockwise about the board centre: R90(x, y) = (11 - y, x)."""
    x, y = square
    for _ in range(quarter_turns % 4):
        x, y = size - 1 - y, x
    return (x, y)


def rotate_facing(facing: Facing, quarter_turns: int) -> Facing:
    return FACINGS[(FACINGS.index(facing) + quarter_turns) % 4]


def _check_rules_numbers(data: RetroData) -> None:
    for kind, (count, move, turn) in ROGUE_TABLE.items():
        got = data.rogues.get(kind)
        if got is None or (got.count, got.move, got.turn) != (count, move, turn):
            raise ValueError(f"{kind} must be count {count}, move {move}, turn {turn} (the Rogue table)")
    if set(data.rogues) != set(ROGUE_TABLE):
        raise ValueError("the Rogues are the six of the table plus Bossbot and Minionbot")
    if data.rogues["bossbot"].special != data.rogues["progbot"].special:
        raise ValueError("BOSSBOT 'Functions just like a PROGBOT'")
    if data.program_max != PROGRAM_MAX:
        raise ValueError("'All Retros may take up 6 instructions'")
    if set(data.retros) != set(RETRO_TYPES):
        raise ValueError("the Retros are Treadbot, Shotbot and Nanobot")
    for kind, limits in RETRO_LIMITS.items():
        for cls, n in limits.items():
            if data.retros[kind].get(cls) != n:
                raise ValueError(f"{kind} may take {n} {cls} instructions (the Retros section)")
    if data.retros["nanobot"].get("hacker", 0) < PROGRAM_MAX:
        raise ValueError("NANOBOT 'May take any number of HACKER instructions'")
    per_class = Counter()
    for ins in data.instructions.values():
        if ins.counter not in data.counters:
            raise ValueError(f"{ins.name}: no counter {ins.counter}")
    for counter, n in data.counters.items():
        classes = {i.class_ for i in data.instructions.values() if i.counter == counter}
        if len(classes) != 1:
            raise ValueError(f"counter {counter} is one class of instruction (the stripes)")
        per_class[classes.pop()] += n
    # A Treadbot's three LOADERs, a Shotbot's SHOOTER, a Nanobot's "any number" of HACKERs need counters.
    if sum(data.counters.values()) < PROGRAM_MAX or per_class["loader"] < 3 or per_class["shooter"] < 1 \
            or per_class["hacker"] < 2:
        raise ValueError("each player's counters must allow every Retro type's fullest program")
    if data.timer_seconds != TIMER or data.stunned_runs != STUNNED_RUNS or data.upgrade_limit != UPGRADE_LIMIT:
        raise ValueError("the timer is 1 minute, a stunned Retro runs 3 instructions, 2 upgrades at most")


def _check_board(data: RetroData) -> None:
    b = data.board
    if (b.width, b.height, b.tile_size) != (12, 12, 6):
        raise ValueError("the Deadly Spiral is four 6x6 tiles ('four of the standard boards')")
    tile_door = b.tile.door
    # "Arrange them in a spiral": every list is the north-west tile turned about the centre.
    for turns in range(4):
        door = b.doors[turns]
        if (door.square, door.side) != (rotate_square(tile_door.square, turns), rotate_facing(tile_door.side, turns)):
            raise ValueError(f"door {door.name} is not the tile's door turned {turns * 90} degrees")
    for name, tile_list, board_list in (("pits", b.tile.pits, b.pits), ("crates", b.tile.crates, b.crates)):
        expected = {rotate_square(s, t) for s in tile_list for t in range(4)}
        if set(board_list) != expected or len(board_list) != len(expected):
            raise ValueError(f"the board's {name} are the tile's {name} on all four tiles")
    if len(b.doors) != 4:
        raise ValueError("one door per tile: four, one for each of up to four players")
    if len(b.rogue_starts) < MAX_ROGUES:
        raise ValueError(f"at least {MAX_ROGUES} Rogue starts (four players' Rogues, Boss and Minion)")
    starts = [s for s, _ in b.rogue_starts]
    specials = {"pits": set(b.pits), "crates": set(b.crates), "starts": set(starts),
                "doors": {d.square for d in b.doors}}
    if len(set(starts)) != len(starts) or len(set(b.crates)) != len(b.crates) or len(set(b.pits)) != len(b.pits):
        raise ValueError("a square is listed twice")
    names = list(specials)
    for i, a in enumerate(names):
        for other in names[i + 1:]:
            if specials[a] & specials[other]:
                raise ValueError(f"{a} and {other} share squares {sorted(specials[a] & specials[other])}")
    for square in (*b.pits, *b.crates, *starts):
        if not b.on_board(square):
            raise ValueError(f"{square} is off the board")
    for door in b.doors:
        x, y = door.square
        edge = {"N": y == 0, "S": y == b.height - 1, "W": x == 0, "E": x == b.width - 1}[door.side]
        if not edge:
            raise ValueError(f"door {door.name} is not in the outer wall ('the walls are around the outside')")
    # "Start in the center and work your way out": the starts are listed nearest the centre first.
    distances = [abs(x - 5.5) + abs(y - 5.5) for x, y in starts]
    if distances != sorted(distances):
        raise ValueError("the Rogue starts must be listed from the centre outward")
    _check_reachable(b)
    for n, doors in b.doors_for_players.items():
        if len(doors) != int(n) or len(set(doors)) != len(doors) or not set(doors) <= set(range(len(b.doors))):
            raise ValueError(f"{n} players need {n} different doors")


def _check_reachable(b: Board) -> None:
    """Every floor square can be reached from every door without crossing a pit."""
    pits = set(b.pits)
    floor = {(x, y) for x in range(b.width) for y in range(b.height)} - pits
    for door in b.doors:
        seen, todo = set(), [door.square]
        while todo:
            sq = todo.pop()
            if sq in seen or sq not in floor:
                continue
            seen.add(sq)
            x, y = sq
            todo += [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
        if seen != floor:
            raise ValueError(f"some floor squares cannot be reached from door {door.name}")


def _check_cards(data: RetroData) -> None:
    ids = [c.id for c in data.calamities]
    if len(set(ids)) != len(ids):
        raise ValueError("calamity ids are unique")
    kinds = Counter(c.kind for c in data.calamities)
    if kinds["catastrophe"] < CATASTROPHES_TO_LOSE:
        raise ValueError("three Catastrophes face up lose the game: the deck needs at least three")
    if kinds["surplus"] < 1:
        raise ValueError("'If a SURPLUS card is drawn': the deck holds Surplus cards")
    for card in data.calamities:
        if (card.kind == "surplus") != (card.door is not None) or (card.door is not None and not
                                                                  0 <= card.door < len(data.board.doors)):
            raise ValueError(f"{card.id}: a Surplus names its door, no other card does")
    if set(data.calamity_text) != set(kinds):
        raise ValueError("every kind of Calamity has its text")
    ups = [u.id for u in data.upgrades]
    if len(set(ups)) != len(ups) or set(ups) != set(UPGRADE_EFFECTS):
        raise ValueError(f"the upgrades are exactly those the engine knows: {sorted(UPGRADE_EFFECTS)}")


# Each Upgrade's id and where its effect is applied (one hook each).
UPGRADE_EFFECTS = {
    "armor": "physics.damage", "memory": "programs.limits", "gyro": "programs.limits",
    "loader_arm": "programs.limits", "beam_mount": "programs.limits", "hack_chip": "programs.limits",
    "mag_clamp": "physics.push", "overclock": "execution.runs", "turbo": "instructions.move",
    "spares": "programs.limits",
}


def parse_data(raw: dict) -> RetroData:
    try:
        return RetroData.model_validate(raw)
    except ValidationError as exc:
        raise DataError(str(exc)) from exc


@cache
def game_data() -> RetroData:
    text = resources.files("rules.retro").joinpath("data/retro.json").read_text(encoding="utf-8")
    return parse_data(json.loads(text))
