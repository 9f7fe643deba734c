"""Setup and state against the rulebook's setup steps (shared/rulebooks/jupiter-rescue.txt, lines 28-40,
line numbers below). Each test quotes the passage it checks."""

import json
from collections import Counter

import pytest

from rules.core.errors import BadOptions
from rules.core.rng import Rng
from rules.jupiter.colony import INTERIOR, TilePick, colony_from_placement
from rules.jupiter.data import COMPONENTS, SETBACKS, SIDES, START_COLONISTS, game_data
from rules.jupiter.options import JupiterOptions, parse_options
from rules.jupiter.setup import new_game
from rules.jupiter.state import COLONIST, dump_state, load_state

SEEDS = range(40)
FOUR = ("robot 1", "robot 2", "robot 3", "robot 4")


def game(seed: int, **options):
    solo = options.get("solo", False)
    return new_game(seed, JupiterOptions(**options), ("robot 1",) if solo else FOUR)


def test_same_seed_same_state_and_different_seeds_differ():
    # Every random draw comes from the seeded generator (rules/core/rng.py).
    assert dump_state(game(7)) == dump_state(game(7))
    dumps = {json.dumps(dump_state(game(seed)), sort_keys=True) for seed in SEEDS}
    assert len(dumps) == len(SEEDS)


@pytest.mark.parametrize("seed", SEEDS)
def test_nineteen_distinct_tiles_placed_one_unused(seed):
    # 32: "Place 19 of the 20 Colony Module tiles in a spiral order from the center";
    # 33: "Put the last remaining Colony Module tile back in the box."
    s = game(seed)
    placed = [t.tile for t in s.tiles]
    assert len(placed) == 19 and len(set(placed)) == 19
    assert s.unused_tile not in placed
    assert set(placed) | {s.unused_tile} == {t.id for t in game_data().tiles}
    assert [t.label for t in s.tiles] == list("ABCDEFGHJKLMNPQRSTU")
    assert s.destroyed == ()


@pytest.mark.parametrize("seed", SEEDS)
def test_colonists_on_every_interior_space_and_nowhere_else(seed):
    # 34: "Place a Colonist figure on every available space on the interior seven tiles. The green Power
    # Plants ... and the Command Dishes ... are not spaces"; 310: the tracker starts "between 42 and 49".
    s = game(seed)
    colony = s.colony()
    interior = {sp for t in colony.tiles if t.hex in INTERIOR for sp in t.space_ids()}
    assert set(s.figures) == interior
    assert all(fig == COLONIST for fig in s.figures.values())
    assert len(s.figures) == s.start_colonists == colony.starting_colonists()
    assert START_COLONISTS[0] <= s.start_colonists <= START_COLONISTS[1]
    assert (s.saved, s.lost) == (0, 0)
    # 22-24: 50 Colonists (one spare marks the tracker, line 310), 60 Creeps, 10 Super Creeps.
    assert s.colonist_supply + s.start_colonists + 1 == COMPONENTS["colonists"]
    assert (s.creep_supply, s.super_creep_supply) == (COMPONENTS["creeps"], COMPONENTS["super_creeps"])


@pytest.mark.parametrize("seed", SEEDS)
def test_hands_of_two_without_setbacks_and_all_36_cards_accounted_for(seed):
    # 35: "deal 2 cards to each player ... If any of these are "Setback" cards, put them aside and draw
    # replacement card(s), then shuffle the Setback cards back into the Rescue deck."
    s = game(seed)
    assert all(len(h) == 2 for h in s.hands)
    assert not any(card in SETBACKS for h in s.hands for card in h)
    everything = Counter(s.deck) + Counter(c for h in s.hands for c in h)
    assert everything == Counter({c.name: c.copies for c in game_data().rescue_deck})
    assert sum(everything.values()) == COMPONENTS["rescue_cards"] == 36
    assert s.discard == ()


def test_setbacks_drawn_in_the_deal_go_back_into_the_deck():
    # 35: the Setbacks "put aside" are shuffled back, so every Setback copy is in the deck after the deal.
    setback_copies = sum(c.copies for c in game_data().rescue_deck if c.name in SETBACKS)
    for seed in SEEDS:
        s = new_game(seed, JupiterOptions(), tuple(f"robot {n}" for n in range(1, 8)))
        assert sum(card in SETBACKS for card in s.deck) == setback_copies


@pytest.mark.parametrize("seed", SEEDS)
def test_robots_in_the_pod_which_is_not_docked_and_choices_wait(seed):
    # 38: "Place all Robot figures on the Evacuation Pod tile." 37, 39, 40: the core ability, who goes
    # first and where to dock are the players' decisions, so setup leaves them open.
    s = game(seed)
    assert s.pod_robots == (0, 1, 2, 3)
    assert all(s.robot_space(seat) is None for seat in range(4))
    assert (s.pod_dock, s.pod_launched, s.pod_colonists) == (None, False, 0)
    assert s.phase == "choose_core" and s.current is None
    assert s.cores == ((), (), (), ())
    assert s.colony().docks()  # 40: "Any exposed edge of the colony is a valid docking location."


@pytest.mark.parametrize("seed", SEEDS)
def test_colony_is_connected(seed):
    # colony.py's design intent: the setup deals again until the colony is one island.
    assert game(seed).colony().is_connected()


def test_a_disconnected_first_deal_is_dealt_again():
    # Seed 33's first deal (the same draws as deal_colony's first pass) cuts a tile off; setup deals again.
    rng = Rng(33)
    ids = [t.id for t in game_data().tiles]
    rng.shuffle(ids)
    first = [TilePick(i, rng.choice(SIDES), rng.below(6)) for i in ids[:19]]
    assert not colony_from_placement(first).is_connected()
    s = game(33)
    assert s.colony().is_connected() and [t.pick() for t in s.tiles] != first


def test_sides_follow_the_colony_option():
    # 32: "For an easier game, look for the side with the Difficulty Indicator (Diagram D) and place this
    # side face down."; 322 (Labyrinthian Colony): "turn every Module tile ... to the side with the
    # Difficulty Indicator". Standard: the shuffled stack's sides, so both appear.
    assert all(t.side == "easy" for seed in SEEDS for t in game(seed, colony="easier").tiles)
    assert all(t.side == "hard" for seed in SEEDS for t in game(seed, colony="labyrinthian").tiles)
    sides = Counter(t.side for seed in SEEDS for t in game(seed).tiles)
    assert sides["easy"] > 0 and sides["hard"] > 0


def test_solo_gives_one_seat_with_both_cards_as_cores():
    # 346: "play with just one robot and player pawn, keeping both initial Rescue cards as core abilities."
    s = new_game(3, JupiterOptions(solo=True))
    assert s.seats == ("robot 1",) and s.pod_robots == (0,)
    assert len(s.cores) == 1 and len(s.cores[0]) == 2 and s.hands == ((),)
    assert s.phase == "dock" and s.current == 0
    with pytest.raises(BadOptions):
        new_game(3, JupiterOptions(solo=True), FOUR)
    with pytest.raises(BadOptions):
        new_game(3, JupiterOptions(), ("robot 1",))


@pytest.mark.parametrize("seed", range(10))
def test_dump_load_round_trip(seed):
    s = game(seed)
    raw = dump_state(s)
    again = json.loads(json.dumps(raw))
    assert again == raw
    loaded = load_state(again)
    assert loaded == s
    assert dump_state(loaded) == raw


def test_clone_is_independent():
    s = game(1)
    c = s.clone()
    c.figures["A0"] = "creep"
    c.lost = 1
    assert s.figures["A0"] == COLONIST and s.lost == 0 and c != s


def test_parse_options():
    assert parse_options({}) == JupiterOptions()
    assert parse_options({"colony": "Easier", "solo": "yes"}) == JupiterOptions(colony="easier", solo=True)
    for raw in ({"colony": "hard"}, {"solo": "maybe"}, {"players": "3"}):
        with pytest.raises(BadOptions):
            parse_options(raw)
