"""Setting up a game of Jupiter Rescue: the rulebook's eleven setup steps (lines 30-40), in order.

Every random draw comes from the seeded ``Rng`` (rules/core/rng.py), whose words end up in the state,
so ``new_game(seed, options, seats)`` always gives the same state. The order of the draws is part of
the saved-game format:

1. shuffle the 20 tile ids; 2. for each of the 19 spiral positions, the side (standard colony only)
then the rotation; if the colony is not connected, go back to 1 with the generator as it stands;
3. shuffle the Rescue deck; 4. after the deal, reshuffle the deck if Setbacks were set aside.

The players' own choices (the core ability, line 37; who goes first, line 39; where the pod docks,
line 40) are not made here: the state waits for them in its ``phase`` (state.PHASES), and the engine
(later) takes them as actions.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.errors import BadOptions
from rules.core.rng import Rng
from rules.jupiter.colony import LABELS, SPIRAL, TilePick, colony_from_placement
from rules.jupiter.data import CARDS_DEALT, SIDES, TILES_IN_PLAY, JupiterData, Side, game_data
from rules.jupiter.options import JupiterOptions
from rules.jupiter.state import COLONIST, State, TileRecord

SEAT_LABELS = tuple(f"robot {n}" for n in range(1, 8))  # 18: "7 Robot figures"
MIN_PLAYERS = 2  # one player plays solo (line 346)
MAX_PLAYERS = len(SEAT_LABELS)
MAX_DEALS = 1000  # about 1 deal in 200 is not connected (colony.py); 1000 in a row never happens


def _side(rng: Rng, option: str) -> Side:
    if option == "easier":  # 32: "place this side [the Difficulty Indicator] face down"
        return "easy"
    if option == "labyrinthian":  # 322: "turn every Module tile ... to the side with the Difficulty Indicator"
        return "hard"
    return rng.choice(SIDES)  # standard: the side the shuffled stack shows


def deal_colony(rng: Rng, option: str, data: JupiterData) -> tuple[list[TilePick], str]:
    """Steps 2-4 (lines 31-33): shuffle the tiles, lay 19 in the spiral, one back in the box. Deals
    again until the colony is one island (design intent, colony.py)."""
    for _ in range(MAX_DEALS):
        ids = [t.id for t in data.tiles]
        rng.shuffle(ids)  # 31: "Shuffle the rest of the tile stack"
        picks = []
        for tile_id in ids[:TILES_IN_PLAY]:
            side = _side(rng, option)
            # 32: "The rotation of the tile is not important"; 76: it "should not be adjusted".
            picks.append(TilePick(tile_id, side, rng.below(6)))
        if colony_from_placement(picks, data).is_connected():
            return picks, ids[TILES_IN_PLAY]  # 33: the last tile goes back in the box
    raise RuntimeError("no connected colony dealt")  # pragma: no cover


def _draw(deck: list[str], setbacks: set[str], aside: list[str]) -> str:
    """Step 6's draw: Setbacks are put aside and replaced (line 35)."""
    while True:
        card = deck.pop(0)
        if card not in setbacks:
            return card
        aside.append(card)


def new_game(seed: int, options: JupiterOptions | None = None, seats: Sequence[str] | None = None) -> State:
    options = options or JupiterOptions()
    data = game_data()
    if seats is None:
        seats = SEAT_LABELS[: 1 if options.solo else MIN_PLAYERS]
    # The robots are interchangeable: the seats taken are numbered afresh in order, so that robot n is
    # seat n - 1 in every text, notation and picture (robots 1 and 7 taken play as robots 1 and 2).
    seats = SEAT_LABELS[: len(tuple(seats))]
    if options.solo and len(seats) != 1:
        raise BadOptions("solo play has exactly one robot (line 346)")
    if not options.solo and not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise BadOptions(f"Jupiter Rescue takes {MIN_PLAYERS}-{MAX_PLAYERS} players, or one with solo:yes")
    rng = Rng(seed)

    # Step 1 (line 30): the Evacuation Pod tile is set aside; it is the pod, below.
    # Steps 2-4 (lines 31-33).
    picks, unused = deal_colony(rng, options.colony, data)
    tiles = tuple(
        TileRecord(LABELS[i], p.tile, p.side, p.rotation, SPIRAL[i]) for i, p in enumerate(picks)
    )
    colony = colony_from_placement(picks, data)

    # Step 5 (line 34): a Colonist on every space of the interior seven tiles (facilities are not spaces).
    figures = {space: COLONIST for label in colony.interior() for space in colony.by_label[label].space_ids()}
    start = len(figures)  # 310: the Loss Tracker starts at this number (42-49)

    # Step 6 (line 35): shuffle the Rescue deck, deal 2 to each player (one at a time around the table),
    # Setbacks put aside and replaced, then shuffled back into the deck.
    deck = [c.name for c in data.rescue_deck for _ in range(c.copies)]
    rng.shuffle(deck)
    setbacks = {c.name for c in data.rescue_deck if c.type == "setback"}
    aside: list[str] = []
    hands: list[list[str]] = [[] for _ in seats]
    for _ in range(CARDS_DEALT):
        for hand in hands:
            hand.append(_draw(deck, setbacks, aside))
    if aside:
        deck.extend(aside)
        rng.shuffle(deck)

    # Step 7 (line 36): each player's colour is their seat; robot n is seat n's (state.robot).
    # Step 8 (line 37): each player chooses a core ability later (phase "choose_core"). Solo (line 346):
    # "keeping both initial Rescue cards as core abilities", so nothing is left to choose.
    if options.solo:
        cores, hand_cards = tuple(tuple(h) for h in hands), tuple(() for _ in hands)
    else:
        cores, hand_cards = tuple(() for _ in hands), tuple(tuple(h) for h in hands)

    # Step 9 (line 38): every robot on the Evacuation Pod tile.
    # Step 10 (line 39): the group decides who goes first (phase "first_player"; solo: the one player).
    # Step 11 (line 40): the group decides where the pod docks (phase "dock"); it is not docked yet.
    components = data.components
    return State(
        colony_option=options.colony, solo=options.solo, seats=seats, tiles=tiles, unused_tile=unused,
        destroyed=(), figures=figures,
        pod_dock=None, pod_launched=False, pod_colonists=0, pod_robots=tuple(range(len(seats))),
        start_colonists=start, saved=0, lost=0,
        # 310: one spare Colonist marks the Loss Tracker; the rest of the 50 not on the board are left.
        colonist_supply=components.colonists - start - 1,
        creep_supply=components.creeps, super_creep_supply=components.super_creeps,
        deck=tuple(deck), discard=(), hands=hand_cards, cores=cores,
        current=0 if options.solo else None, actions_left=0, die=None,
        phase="dock" if options.solo else "choose_core",
        rng=tuple(rng.state()), rules=options.rules(),
    )
