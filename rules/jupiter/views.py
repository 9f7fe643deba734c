"""What Jupiter Rescue shows to the channel (PublicView) and to one player alone (PrivateView).

These models are the only way facts leave the engine: the renderer and every message are built from
them (rules/core/engine.py). Line numbers are those of shared/rulebooks/jupiter-rescue.txt.

Hidden information, and the reading taken:

- Each player's hand of Rescue cards is theirs to see: the public view gives only its size. Line 35
  says the dealt cards "can be shown to other players", so a player may show their hand by talking
  in the channel; the platform itself never does it for them.
- The order of the Rescue deck is never public (line 140: the discards are shuffled into a new deck);
  its size is, so players can see how soon the deck runs out.
- The discard pile is public, in the order discarded. Reading: the rulebook never says discards are
  face down, and every card gets there in the open: a Setback "is applied and it is discarded"
  (line 132), an ability is discarded "after using it" (line 140) where all can see its effect, and
  discards down to the hand limit (line 134) happen at the end of the turn in front of the table.
  A discard pile of a co-operative board game is an open pile that anyone may look through.
- Everything on the colony is public: tiles, sides, facilities, figures, destroyed tiles (line 126),
  the pod, the Colonist Loss Tracker (lines 306-312), the supplies, each player's core ability (kept
  face up for the whole game, line 140), whose turn it is, the actions left and the die.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.jupiter.colony import Colony, place_tile, space_id
from rules.jupiter.data import game_data
from rules.jupiter.options import RULE_NAMES
from rules.jupiter.state import State

Phase = Literal["choose_core", "first_player", "dock", "actions", "roll", "setback", "discard", "over"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class SpaceView(_Frozen):
    space: str  # "C3": tile C, board position 3 (colony.py notation)
    figure: str | None  # "colonist", "creep", "R0" (seat 0's robot), ...; None when empty (line 68)


class TileView(_Frozen):
    """One of the 19 tiles laid at setup (lines 31-33), in spiral order; destroyed ones stay listed."""

    label: str  # A-U in spiral order, no I or O (colony.py)
    tile: str  # tile id in the data, "T01"-"T20"
    module: int  # 1-5, the number rolled for invasions (line 108)
    side: Literal["easy", "hard"]  # "hard": the Difficulty Indicator is up (line 32)
    rotation: int  # sixths of a turn clockwise
    hex: tuple[int, int]  # axial (q, r), centre (0, 0)
    destroyed: bool  # removed from play (line 126); a destroyed tile has no spaces left
    facility: Literal["power_plant", "command_dish"] | None  # on Modules 3 and 4 (lines 34, 308)
    facility_at: str | None  # where it stands, named like a space though it is not one (line 34)
    super_creep: bool  # a Super Creep on the facility (lines 276, 288)
    spaces: tuple[SpaceView, ...]  # every space of the tile with its figure, by position
    bridges: tuple[tuple[str, str], ...]  # spaces joined on this tile (cross-tile links: colony.py)


class PodView(_Frozen):
    """The Evacuation Pod (lines 30, 38, 40, 70)."""

    dock: str | None  # the edge space it is docked at (line 40); None when away or not yet docked
    launched: bool  # away after a launch
    colonists: int  # Colonists aboard, 0-7 (line 70)
    robots: tuple[int, ...]  # seats whose robots are aboard (line 38: all of them at setup)


class TrackerView(_Frozen):
    """The Colonist Loss Tracker (lines 306-312) and the goal (line 44)."""

    start: int  # Colonists the colony started with, 42-49 (line 310)
    to_save: int  # 44: "Rescue 28 Colonists"
    saved: int
    still_needed: int  # Colonists still to save to reach 28
    lost: int  # Colonists lost to the Creeps so far (the spare figure moved down the track)
    can_still_lose: int  # more losses before saving 28 is impossible (line 306: "Mission Failure")
    remaining: int  # start - saved - lost: on the colony or in the pod


class SuppliesView(_Frozen):
    """Figures left in the box (lines 22-24)."""

    colonists: int
    creeps: int
    super_creeps: int


class SeatView(_Frozen):
    seat: int
    label: str  # "robot 1", ...; seat n moves robot n
    core: tuple[str, ...]  # core ability card(s), face up all game (lines 37, 140; solo: two, line 346)
    hand_size: int  # the hand itself is private
    robot_space: str | None  # where the robot stands; None when aboard the pod (or out of the game)
    out: bool = False  # Robot Vulnerability: out of the game until the pod redocks (line 328)


class PlacementView(_Frozen):
    """A Creep still to be placed on a tile this step (line 114): where it may go, and the pick."""

    tile: str
    spaces: tuple[str, ...]  # the candidates, the default first
    chosen: str  # the space it will go to unless the roller picks another


class PublicView(_Frozen):
    game: Literal["jupiter"] = "jupiter"
    colony_option: Literal["standard", "easier", "labyrinthian"]
    solo: bool
    tiles: tuple[TileView, ...]
    destroyed: tuple[str, ...]  # labels, in the order destroyed (line 126)
    pod: PodView
    tracker: TrackerView
    supplies: SuppliesView
    deck_size: int  # cards left in the Rescue deck; its order is hidden
    discard: tuple[str, ...]  # the discard pile, oldest first (public: see the module docstring)
    seats: tuple[SeatView, ...]
    current: int | None  # whose turn; None until the group decides (line 39)
    actions_left: int
    die: int | None  # the last roll (line 108); None before the first
    phase: Phase
    links: tuple[tuple[str, str], ...] = ()  # bridges between tiles (colony.py), each pair once, sorted
    docks: tuple[str, ...] = ()  # where the pod may dock now: edge spaces like "L2" (line 40)
    events: tuple[str, ...] = ()  # the latest public events, oldest first
    waiting: str = ""  # what the game waits for now, and from whom
    rules: tuple[str, ...] = ()  # alternate rules in play, by name (line 316)
    in_effect: tuple[str, ...] = ()  # cards in effect for the current player this turn (lines 228, 234)
    override: int | None = None  # the seat whose robot the current player's cards act through (170)
    suppressed: str | None = None  # the tile a Suppressant protects this turn (188)
    setback: str | None = None  # a Setback drawn, its effect about to happen (132)
    placing: tuple[PlacementView, ...] = ()  # Creeps about to be placed (114)
    hand_limit: int = 4  # 134, less one per Power Plant held by a Super Creep (288)
    actions_per_turn: int = 5  # 50; 4 while a Command Dish is held (290)
    result: Literal["win", "loss"] | None = None  # once the game is over
    summary: str = ""  # how it ended


class PrivateView(_Frozen):
    """One player's view: everything public plus their own hand."""

    seat: int
    public: PublicView
    hand: tuple[str, ...]  # Rescue cards in hand, core ability not counted (line 134)


def _tile_view(state: State, index: int) -> TileView:
    record = state.tiles[index]
    placed = place_tile(game_data(), record.pick(), record.label, record.hex)
    destroyed = record.label in state.destroyed
    facility_at = None if placed.facility_at is None else space_id(record.label, placed.facility_at)
    spaces = () if destroyed else tuple(
        SpaceView(space=s, figure=state.figures.get(s)) for s in placed.space_ids()
    )
    bridges = () if destroyed else tuple(
        (space_id(record.label, a), space_id(record.label, b)) for a, b in sorted(placed.bridges)
    )
    return TileView(
        label=record.label, tile=record.tile, module=placed.module, side=placed.side,
        rotation=record.rotation, hex=record.hex, destroyed=destroyed,
        facility=placed.facility,  # type: ignore[arg-type]
        facility_at=facility_at,
        super_creep=facility_at is not None and not destroyed and state.figures.get(facility_at) is not None,
        spaces=spaces, bridges=bridges,
    )


def _tracker(state: State) -> TrackerView:
    goal = state.goal()
    # 306: the game is lost when "it becomes impossible to save 28": losses beyond start - 28.
    return TrackerView(
        start=state.start_colonists, to_save=goal, saved=state.saved,
        still_needed=max(0, goal - state.saved), lost=state.lost,
        can_still_lose=max(0, state.start_colonists - goal - state.lost),
        remaining=state.start_colonists - state.saved - state.lost,
    )


def public_view(state: State) -> PublicView:
    """What the channel and spectators may see: no hand, no deck order."""
    from rules.jupiter import status  # status reads the rules modules, which do not read views
    from rules.jupiter.draw import hand_limit
    from rules.jupiter.turn import actions_per_turn

    colony = state.colony()
    return PublicView(
        colony_option=state.colony_option,  # type: ignore[arg-type]
        solo=state.solo,
        tiles=tuple(_tile_view(state, i) for i in range(len(state.tiles))),
        destroyed=state.destroyed,
        pod=PodView(
            dock=state.pod_dock, launched=state.pod_launched,
            colonists=state.pod_colonists, robots=state.pod_robots,
        ),
        tracker=_tracker(state),
        supplies=SuppliesView(
            colonists=state.colonist_supply, creeps=state.creep_supply, super_creeps=state.super_creep_supply,
        ),
        deck_size=len(state.deck),
        discard=state.discard,
        seats=tuple(
            SeatView(
                seat=seat, label=label, core=state.cores[seat], hand_size=len(state.hands[seat]),
                robot_space=state.robot_space(seat), out=seat in state.out,
            )
            for seat, label in enumerate(state.seats)
        ),
        current=state.current,
        actions_left=state.actions_left,
        die=state.die,
        phase=state.phase,  # type: ignore[arg-type]
        links=_links(colony),
        docks=tuple(d.space for d in colony.docks()) if state.phase == "dock" or state.pod_dock is None else (),
        events=state.events,
        waiting=status.waiting(state),
        rules=tuple(RULE_NAMES[r] for r in state.rules),
        in_effect=status.in_effect_cards(state),
        override=state.override,
        suppressed=state.suppressed,
        setback=state.setback,
        placing=tuple(PlacementView(tile=t, spaces=sp, chosen=c) for t, sp, c in status.placing(state, colony)),
        hand_limit=hand_limit(state, colony),
        actions_per_turn=actions_per_turn(state, colony),
        result=state.result,  # type: ignore[arg-type]
        summary=state.summary,
    )


def _links(colony: Colony) -> tuple[tuple[str, str], ...]:
    """Bridges between two tiles (colony.py's cross-tile rule), each pair once, sorted."""
    return tuple(sorted({
        (a, b) for a, near in colony.adjacency.items() for b in near if a < b and a[0] != b[0]
    }))


def private_view(state: State, seat: int) -> PrivateView:
    """One seat's view: the public view and that seat's hand."""
    if not 0 <= seat < len(state.seats):
        raise ValueError(f"no seat {seat}")
    return PrivateView(seat=seat, public=public_view(state), hand=state.hands[seat])

