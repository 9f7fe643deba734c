"""POWERUP's co-op data (part 2): the store card and CONTINUE track, the 9 BUG sheets and the
BUGMISTRESS's two levels, the 29 BUG cards, the co-op Buggie Trap, NPCs, the 6 professions and the
engineer's turret, the GLITCH, the portal pieces, the component caps and the four ARCADE missions,
loaded from data/coop.json and checked (coop_checks.py holds the checks).

As in part 1 (data.py), the rulebook (shared/rulebooks/powerup.txt, "rb N" = line N) lost its images,
so most numbers are house data from shared/reference/game-data.md section 4, tuned where
docs/games/powerup-coop-data.md says. What the rulebook prints is checked at load. A failed load raises
DataError naming the file and the entry.

Models are lenient where a check can say better what is wrong (a card without its AI use is refused by
``coop_problems`` naming the card, not by pydantic naming an index).
"""

from __future__ import annotations

from functools import cache

from pydantic import Field

from rules.powerup import coop_checks as checks
from rules.powerup.data import DICE, Frozen, GameData, Item, game_data, read_json, validated

FILE = "coop.json"


class BugSheet(Frozen):
    """A BUG sheet (rb 981-1037). ``melee`` and ``ranged`` are the BUG's attacks as sheet weapons
    (data.Item, kinds M and R): their dice are the whole roll, not a bonus."""
    id: str
    name: str
    actions: int  # AP each BUG turn (rb 949)
    armor: int
    lives: int
    melee: Item
    ranged: Item | None = None
    spawn_cost: int  # paid with BUG cards' SPAWN values; points = spawn_cost x 100 (rb 1009)
    activation: int  # paid once per type, turns the sheet face up (rb 945); 0 = active from the start
    reward: int  # coins left on the square (rb 847)
    rp: int = 0  # reaction points for BLINK (rb 1079)
    abilities: tuple[str, ...] = ()
    immune: tuple[str, ...] = ()  # damage types, or "ranged" (rb 1023-1037)

    @property
    def points(self) -> int:
        return self.spawn_cost * 100


class MistressLevel(Frozen):
    level: int
    actions: int
    moves: bool  # level 1 "cannot move" (rb 1844)
    armor: int
    lives: int
    melee: Item
    ranged: Item | None = None
    spawn_cost: int  # for the score only: she is never spawned
    reward: int
    abilities: tuple[str, ...] = ()


class Copy(Frozen):
    """One copy of a BUG card: its SPAWN value and auto-spawn indicator (top to bottom, rb 1379)."""
    spawn: int
    indicator: tuple[str, ...]

    @property
    def bottom(self) -> str:
        """Special Spawn (AI) releases only the bottom creature (rb 1479)."""
        return self.indicator[-1]


class Use(Frozen):
    """A way to use a card: ``text`` quoted from the rulebook at line ``rb``, or the project's own words
    (then ``rb`` is None); ``ruling`` is our reading, or why the text is ours."""
    text: str = ""
    rb: int | None = None
    ruling: str = ""


class BugCard(Frozen):
    name: str
    type: str  # special, trick or event (rb 969-979)
    copies: tuple[Copy, ...]
    player: Use | None = None  # the effect for a human BUGMISTRESS
    ai: Use | None = None  # its use by the AI (rb 1419-1479)


class Store(Frozen):
    market: int  # face-up equipment cards (rb 221, rb 616)
    prices: dict[str, int]  # coins: ammo (a point), life (a point), reset_market, switch_on (rb 616)
    sell_divisor: int  # "half its value, rounded down" (rb 620)
    life_max: int  # a life bought never takes a BUGBUSTER above 3 (rb 225, rb 1237)


class BuggieTrap(Frozen):
    """The co-op secret: ``count`` dizzy ``bug``s, stacked, next to the finder, facing it."""
    bug: str
    count: int
    stacked: bool
    dizzy: bool


class Npc(Frozen):
    lives: int  # rb 1120
    moves: int


class Side(Frozen):
    name: str
    effect: str  # the engine's word for it (coop_checks.PROFESSION_EFFECTS)
    amounts: dict[str, int] = {}
    text: str


class Profession(Frozen):
    id: str
    name: str
    a: Side
    b: Side


class Turret(Frozen):
    build_ap: int
    dice: str = Field(pattern=DICE)  # the turret's whole roll
    range: int  # rb 1168
    max: int  # "only one machine-gun at a time" (rb 1168)


class Glitch(Frozen):
    armor: int  # rb 873
    lives: int
    range: int  # rb 869
    dice: str = Field(pattern=DICE)  # added to the gunner's ranged dice (rb 871); no ammo spent
    squares_per_ap: int  # rb 871
    seats: int  # a pilot and a gunner (rb 869); NPCs ride free (rb 875)


class PortalPiece(Frozen):
    armor: int
    lives: int
    dice: str = Field(pattern=DICE)  # "0": it never rolls, not even in defence
    moves: bool  # never pushed, never falls


class Burp(Frozen):
    square: str  # "K1": column letter, row from the bottom
    facing: str  # left or right: the way its BUGs come out (rb 960)

    @property
    def dx(self) -> int:
        return 1 if self.facing == "right" else -1


class Mission(Frozen):
    id: str
    name: str
    rb: int  # the mission's heading
    min_busters: int
    coins: int  # per BUGBUSTER
    win_after: int | None = None  # sequences survived to win
    spawn_after: int | None = None  # the portal's pieces spawn after this sequence
    lose_after: int | None = None
    burp_offset: int = 0  # BURPs = BUGBUSTERs + offset
    primary_target: str
    carrier_target: str | None = None  # where a BUG holding a key heads
    layout: tuple[tuple[int, ...], ...]  # tile rows of faces, top row first
    start_tile: tuple[int, int]  # (tile column from the left, tile row from the bottom), from 0
    burps: tuple[Burp, ...]  # for 4 BUGBUSTERs, in order: n BUGBUSTERs place the first n + offset
    vips: tuple[str, ...] = ()
    portal: tuple[str, ...] = ()
    glitches: tuple[str, ...] = ()
    bugmistress: str | None = None
    secret_keys: tuple[str, ...] = ()
    secret_coins: int = 0  # coin secret tokens, placed with the keys
    powerups: tuple[str, ...] = ()  # one per tile, ON (rb 243): the AI's squares, a human's default

    def burps_for(self, busters: int) -> tuple[Burp, ...]:
        return self.burps[:max(0, busters + self.burp_offset)]


class CoopData(Frozen):
    source: str = Field(alias="_source")
    caps: dict[str, int]
    store: Store
    continue_track: tuple[int, ...]
    bug_sheets: tuple[BugSheet, ...]
    bugmistress: tuple[MistressLevel, ...]
    bug_cards: tuple[BugCard, ...]
    buggie_trap: BuggieTrap
    npc: Npc
    professions: tuple[Profession, ...]
    turret: Turret
    glitch: Glitch
    portal_piece: PortalPiece
    missions: tuple[Mission, ...]

    def sheet(self, bug: str) -> BugSheet:
        return next(s for s in self.bug_sheets if s.id == bug)

    def card(self, name: str) -> BugCard:
        return next(c for c in self.bug_cards if c.name == name)

    def deck(self) -> tuple[tuple[str, Copy], ...]:
        """The 29 BUG cards as (name, copy), copies one by one."""
        return tuple((c.name, k) for c in self.bug_cards for k in c.copies)

    def mission(self, mission_id: str) -> Mission:
        return next(m for m in self.missions if m.id == mission_id)

    def continue_cost(self, level: int) -> int:
        """The CONTINUE cost at a level counted from 1; the last level repeats (rb 853)."""
        return self.continue_track[min(level, len(self.continue_track)) - 1]

    def level(self, n: int) -> MistressLevel:
        return next(lv for lv in self.bugmistress if lv.level == n)


def coop_problems(data: CoopData, game: GameData) -> list[str]:
    """Everything wrong with the co-op data, each problem naming its entry (empty if sound)."""
    return checks.coop_problems(data, game)


def parse(raw: dict, game: GameData | None = None) -> CoopData:
    """Validate raw data (a dict shaped like coop.json) against part 1's data; DataError names the file
    and the entry."""
    return validated(CoopData, raw, FILE, lambda data: coop_problems(data, game or game_data()))


def raw_coop() -> dict:
    return read_json(FILE)


@cache
def coop_data() -> CoopData:
    return parse(raw_coop())
