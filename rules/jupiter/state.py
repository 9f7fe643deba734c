"""The whole state of a Jupiter Rescue game as a plain dataclass of tuples (cheap to copy).

Immutable by convention: the engine (later) clones a state and changes the clone. Line numbers are
those of shared/rulebooks/jupiter-rescue.txt.

- ``tiles``: one ``TileRecord`` per spiral position, in spiral order (label A-U, tile id, side up,
  rotation, hex). The hex is kept so a tile moved by Module Control (line 166) can be recorded.
  ``destroyed``: labels of tiles removed from play (line 126); ``unused_tile``: the 20th tile (line 33).
- ``figures``: space -> figure, one figure per space (line 68). Figures are ``COLONIST``, ``CREEP``,
  ``SUPER_CREEP`` or ``robot(seat)`` ("R0", "R1", ...). A Super Creep stands on a Power Plant or Command
  Dish, named like a space (tile letter + position) though it is not one (docs, "Readings").
- The Evacuation Pod: ``pod_dock`` (the edge space it is docked at, None when not docked),
  ``pod_launched`` (away after a launch), ``pod_colonists`` (0-7, line 70) and ``pod_robots`` (seats).
- The Colonist Loss Tracker (lines 306-312): ``start_colonists``, ``saved``, ``lost``.
- Supplies left (lines 22-24): ``colonist_supply``, ``creep_supply``, ``super_creep_supply``.
- The Rescue deck: ``deck`` (``deck[0]`` is the top card), ``discard`` (oldest first), each seat's
  ``hands`` and ``cores`` (the core ability cards, line 37; empty until chosen).
- Turn: ``current`` (seat, None until the group decides, line 39), ``actions_left``, ``die`` (the last
  roll), ``phase`` (see ``PHASES``), ``rng`` (the seeded generator's four words, rules/core/rng.py).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from rules.core.snapshot import tupled
from rules.jupiter.colony import Colony, Hex, TilePick, build_colony, place_tile
from rules.jupiter.data import COLONISTS_TO_SAVE, JupiterData, game_data

COLONIST = "colonist"
CREEP = "creep"
SUPER_CREEP = "super_creep"

# Setup decisions left to the players (lines 37, 39, 40), then play and the end.
# "roll": the die is rolled and the Invasion waits for the roller's choices (Phase Shift, Suppressant,
# where a Creep goes); "setback": a drawn Setback waits the same way; "discard": down to the hand limit.
PHASES = ("choose_core", "first_player", "dock", "actions", "roll", "setback", "discard", "over")


def robot(seat: int) -> str:
    return f"R{seat}"


def robot_seat(figure: str) -> int | None:
    return int(figure[1:]) if figure.startswith("R") and figure[1:].isdigit() else None


@dataclass(frozen=True, slots=True)
class TileRecord:
    label: str
    tile: str
    side: str  # "easy" | "hard"
    rotation: int
    hex: Hex

    def pick(self) -> TilePick:
        return TilePick(self.tile, self.side, self.rotation)  # type: ignore[arg-type]


@dataclass(slots=True)
class State:
    colony_option: str  # standard | easier | labyrinthian
    solo: bool
    seats: tuple[str, ...]  # seat labels, seat n is robot n
    tiles: tuple[TileRecord, ...]
    unused_tile: str
    destroyed: tuple[str, ...]
    figures: dict[str, str]
    pod_dock: str | None
    pod_launched: bool
    pod_colonists: int
    pod_robots: tuple[int, ...]
    start_colonists: int
    saved: int
    lost: int
    colonist_supply: int
    creep_supply: int
    super_creep_supply: int
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    cores: tuple[tuple[str, ...], ...]
    current: int | None
    actions_left: int
    die: int | None
    phase: str
    rng: tuple[int, ...]
    invaded: tuple[str, ...] = ()  # tiles the turn's Invasion put a Creep on, in order (Surge, line 274)
    core_used: tuple[str, ...] = ()  # Once Per Turn core abilities used this turn (line 236)
    turn_cards: tuple[str, ...] = ()  # Full Turn cards played this turn, in effect until it passes (228)
    turn: int = 0  # turns begun, for decision keys (public)
    choices: tuple[tuple[str, str], ...] = ()  # tile -> the space picked for its Creep still to come (114)
    suppressed: str | None = None  # the tile a Suppressant protects for the rest of the turn (188)
    setback: str | None = None  # a Setback drawn, its effect waiting on a Suppressant (188)
    redock: int | None = None  # the seat at the start of whose next turn the pod docks again (92)
    out: tuple[int, ...] = ()  # Robot Vulnerability: seats whose robots are out of the game (328)
    choosing: tuple[int, ...] = ()  # seats back in the game choosing their new core ability (330)
    override: int | None = None  # Override: the robot the current player's cards act through (170)
    rules: tuple[str, ...] = ()  # alternate rules in play (options.RULES), sorted
    events: tuple[str, ...] = ()  # the latest public events, oldest first
    result: str | None = None  # "win" or "loss" once the game is over
    summary: str = ""  # how it ended

    def clone(self) -> State:
        return replace(self, figures=dict(self.figures))

    def colony(self, data: JupiterData | None = None) -> Colony:
        """The space graph of the tiles still in play (destroyed tiles left out)."""
        data = data or game_data()
        gone = set(self.destroyed)
        return build_colony(
            place_tile(data, t.pick(), t.label, t.hex) for t in self.tiles if t.label not in gone
        )

    def goal(self) -> int:
        """Colonists to save: 28 (line 44), or every one under Ultimate Heroes (line 338)."""
        return self.start_colonists if "ultimate" in self.rules else COLONISTS_TO_SAVE

    def robot_space(self, seat: int) -> str | None:
        """Where a seat's robot stands, or None when it is aboard the pod."""
        mark = robot(seat)
        return next((space for space, fig in self.figures.items() if fig == mark), None)


_FIELDS = tuple(f.name for f in fields(State))


def _jsonable(value: Any) -> Any:
    if isinstance(value, TileRecord):
        return [value.label, value.tile, value.side, value.rotation, list(value.hex)]
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def dump_state(state: State) -> dict[str, Any]:
    """Plain JSON-able data: lists, strings, numbers, booleans and None."""
    out = {name: _jsonable(getattr(state, name)) for name in _FIELDS if name != "figures"}
    # A list of pairs in a fixed order, so equal states dump to equal (and equally ordered) JSON.
    out["figures"] = [[space, fig] for space, fig in sorted(state.figures.items())]
    return out


def load_state(data: dict[str, Any]) -> State:
    kwargs = {name: tupled(data[name]) for name in _FIELDS if name not in ("figures", "tiles")}
    tiles = tuple(
        TileRecord(label, tile, side, int(rotation), (int(h[0]), int(h[1])))
        for label, tile, side, rotation, h in data["tiles"]
    )
    figures = {str(space): str(fig) for space, fig in data["figures"]}
    return State(tiles=tiles, figures=figures, **kwargs)
