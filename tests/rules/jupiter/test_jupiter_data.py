"""Jupiter Rescue's house data against the rulebook (shared/rulebooks/jupiter-rescue.txt, line numbers).

Each test quotes the passage it checks; the tiles' bridges and the deck counts are our design
(docs/games/jupiter-rescue.md), so the tests pin the numbers the design must satisfy."""

import json
from itertools import combinations

import pytest
from jupiter_helpers import raw_data

from rules.jupiter.data import (
    ABILITIES,
    SETBACKS,
    SIDES,
    DataError,
    game_data,
    interior_colonist_range,
    parse_data,
    rim_pairs,
)

# Lines 144-194: each card's "Type | Standard Scope | Core Scope", as printed.
RULEBOOK_CARDS = {
    "Boost": ("misc", "single_action", "once_per_turn"),
    "Bullhorn": ("command", "full_turn", "every_action"),
    "Data Core": ("misc", "event", "once_per_turn"),
    "Follower": ("command", "full_turn", "every_action"),
    "Grenadier": ("attack", "full_turn", "every_action"),
    "Heat Seeker": ("attack", "single_action", "once_per_turn"),
    "Juggernaut": ("move", "full_turn", "every_action"),
    "Module Control": ("misc", "event", "once_per_turn"),
    "Override": ("command", "full_turn", "every_action"),
    "Phase Shift": ("misc", "event", "once_per_turn"),
    "Pilot": ("misc", "event", "once_per_turn"),
    "Rocket Boots": ("move", "full_turn", "every_action"),
    "Sniper": ("attack", "single_action", "every_action"),
    "Suppressant": ("misc", "event", "once_per_turn"),
    "Swap": ("move", "full_turn", "every_action"),
    "Teleport": ("move", "single_action", "once_per_turn"),
}
# Lines 246-268: "here's a list of all the possible options".
RULEBOOK_COMBOS = {
    frozenset(pair) for pair in (
        ("Boost",), ("Bullhorn", "Follower"), ("Grenadier", "Heat Seeker"), ("Grenadier", "Juggernaut"),
        ("Grenadier", "Sniper"), ("Heat Seeker",), ("Juggernaut", "Teleport"), ("Juggernaut", "Rocket Boots"),
        ("Pilot",), ("Rocket Boots", "Swap"), ("Swap", "Teleport"), ("Teleport",),
    )
}


def test_the_data_loads_once_and_validates():
    data = game_data()
    assert game_data() is data  # functools.cache: read once
    assert len(data.tiles) == 20  # line 15: "20 double-sided Colony Module tiles"


def test_components_are_the_rulebook_list():
    """Lines 15-25: 20 tiles, 1 pod, 4 reference cards, 7 robots, 7 markers, 36 Rescue cards,
    "50 Colonist figures", "60 Creep figures", "10 Super Creep figures", 1 die."""
    c = game_data().components
    assert (c.colony_tiles, c.evacuation_pod_tiles, c.reference_cards, c.robots, c.core_ability_markers) == (20, 1, 4, 7, 7)
    assert (c.rescue_cards, c.colonists, c.creeps, c.super_creeps, c.dice) == (36, 50, 60, 10, 1)


def test_modules_3_and_4_have_one_space_less_on_both_sides():
    """Line 306: "Modules 3 and 4 have one less space"; line 34: the Power Plants and Command Dishes
    "are not spaces". Designed: 7 spaces on Modules 1, 2, 5 and 6 on Modules 3, 4, whatever the side."""
    data = game_data()
    for t in data.tiles:
        for side in SIDES:
            pattern = data.side(t.id, side)
            assert len(pattern.spaces) == (6 if t.module in (3, 4) else 7), (t.id, side)
            assert (pattern.facility_at is not None) == (t.module in (3, 4))
            if pattern.facility_at is not None:
                assert pattern.facility_at not in pattern.spaces
                assert pattern.edges[pattern.facility_at - 1] is None  # no dome on the facility's edge


def test_power_plants_on_module_3_command_dishes_on_module_4():
    """Line 34: "The green Power Plants on Module 3 and the Command Dishes on Module 4"; line 290:
    "Super Creeps on 4 Command Dishes or only 1"; four tiles of each number (game-data.md §2.2)."""
    data = game_data()
    by_module = {m: [t for t in data.tiles if t.module == m] for m in range(1, 6)}
    assert all(len(tiles) == 4 for tiles in by_module.values())
    assert {t.facility for t in by_module[3]} == {"power_plant"}
    assert {t.facility for t in by_module[4]} == {"command_dish"}
    assert all(t.facility is None for m in (1, 2, 5) for t in by_module[m])
    # 10 Super Creep figures (line 24) cover one per facility (8).
    assert sum(t.facility is not None for t in data.tiles) <= data.components.super_creeps


def test_each_side_is_a_connected_bridge_graph_with_its_numbered_hub():
    """Line 64: moving needs "a visible bridge"; line 66: "The numbered spaces ... are also valid
    movement spaces". Every side is crossable; the easy side bridges all neighbouring domes, the
    Difficulty Indicator side (line 32) misses some."""
    data = game_data()
    for t in data.tiles:
        easy, hard = data.side(t.id, "easy"), data.side(t.id, "hard")
        assert easy.bridge_set == rim_pairs(easy.space_set)
        assert hard.bridge_set < rim_pairs(hard.space_set)
        for pattern in (easy, hard):
            assert pattern.numbered == 0 and 0 in pattern.spaces
            assert all(a in pattern.spaces and b in pattern.spaces for a, b in pattern.bridges)
            # every space except a facility's edge has a dome on its edge toward a neighbour
            assert [e for e in pattern.edges if e is not None] == [p for p in range(1, 7) if p in pattern.spaces]


def test_interior_seven_hold_42_to_49_colonists_for_every_choice_of_tiles_and_sides():
    """Line 310: "the number of Colonists your colony starts with (between 42 and 49, depending on which
    tiles and sides are used)". Every 7 of the 20 tiles, each on either side (2^7 side choices)."""
    data = game_data()
    spaces = {t.id: [len(data.side(t.id, s).spaces) for s in SIDES] for t in data.tiles}
    seen = set()
    for seven in combinations(spaces, 7):  # 77,520 choices of the interior tiles
        totals = {0}
        for t in seven:  # folding side by side gives the totals of all 2^7 side choices
            totals = {total + count for total in totals for count in spaces[t]}
        assert all(42 <= total <= 49 for total in totals), seven
        seen |= totals
    assert seen == set(range(42, 50))
    assert interior_colonist_range(data) == (42, 49)
    assert min(seen) >= 28  # line 44: "Rescue 28 Colonists"; every start can still be won
    assert data.components.colonists >= max(seen) + 1  # line 310: plus "a spare Colonist figure"


def test_the_rescue_deck_is_36_cards_of_the_sixteen_abilities_and_three_setbacks():
    """Line 20: "36 Rescue cards"; lines 144-194 the sixteen cards with type and scopes; lines 270-280
    the Setbacks Surge, Power Grab, Signal to Noise. Designed counts: 2 of every ability (32),
    Surge 2, Power Grab 1, Signal to Noise 1."""
    data = game_data()
    assert data.deck_size() == 36
    abilities = {c.name: c for c in data.rescue_deck if c.type != "setback"}
    assert {name: (c.type, c.standard, c.core) for name, c in abilities.items()} == RULEBOOK_CARDS
    assert set(abilities) == set(ABILITIES)
    assert {c.name: c.copies for c in data.rescue_deck if c.type == "setback"} == {
        "Surge": 2, "Power Grab": 1, "Signal to Noise": 1,
    }
    assert set(SETBACKS) == {"Surge", "Power Grab", "Signal to Noise"}
    assert all(c.copies == 2 for c in abilities.values())
    # line 35: 2 cards to each of up to 7 players (line 18: 7 Robots), Setbacks replaced: 14 abilities at least
    assert sum(c.copies for c in abilities.values()) >= 14


def test_the_twelve_combos_and_self_combos_have_two_copies():
    """Lines 244-268: the twelve combos; Boost + Boost, Heat Seeker + Heat Seeker, Pilot + Pilot and
    Teleport + Teleport need two copies of the card."""
    data = game_data()
    assert {frozenset(c) for c in data.combos} == RULEBOOK_COMBOS and len(data.combos) == 12
    for a, b in data.combos:
        if a == b:
            assert data.card(a).copies >= 2


def test_a_broken_copy_on_disk_is_refused(tmp_path):
    """The validator bites: a temporary copy of jupiter.json with one Module 3 tile given a seventh
    space (line 306: "Modules 3 and 4 have one less space") is refused, naming the tile and the line."""
    raw = raw_data()
    raw["patterns"]["F1X"] = dict(raw["patterns"]["FULL7"], bridges=[[0, 1], [0, 2], [0, 4], [0, 6], [2, 3], [4, 5]])
    raw["tiles"][8]["hard"] = "F1X"  # T09, Module 3
    path = tmp_path / "jupiter.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(DataError, match=r"tile T09 \(Module 3\) hard side has 7 spaces, not 6 .*line 306"):
        parse_data(json.loads(path.read_text(encoding="utf-8")))


def _edit(change):
    raw = raw_data()
    change(raw)
    return raw


BROKEN = [
    # line 20: "36 Rescue cards"
    (lambda r: r["rescue_deck"][16].update(copies=1), "35 cards; line 20 says 36"),
    # line 15: 20 tiles
    (lambda r: r["tiles"].pop(), "19 tiles; the rulebook has 20"),
    # lines 22-24: the figures
    (lambda r: r["components"].update(colonists=49), "component list"),
    # line 306 on an easy side too: a full pattern on a Module 4 tile
    (lambda r: r["tiles"][12].update(easy="FULL7"), "tile T13 (Module 4) easy side has 7 spaces, not 6"),
    # ... and a Module 1 tile with a facility side has one space too few
    (lambda r: r["tiles"][0].update(hard="F1"), "tile T01 (Module 1) hard side has 6 spaces, not 7"),
    # line 64: a bridge must join two spaces
    (lambda r: r["patterns"]["F1"]["bridges"].append([0, 1]), "joins a position that is not a space"),
    # a bridge may not leap across a tile
    (lambda r: r["patterns"]["H3"]["bridges"].append([1, 4]), "not side by side"),
    # a side whose domes cannot all be reached
    (lambda r: r["patterns"]["H3"].update(bridges=[[0, 1], [0, 3], [1, 2], [3, 4], [5, 6]]), "not all joined"),
    # Diagram E: the edge space is the dome inside that edge
    (lambda r: r["patterns"]["H2"].update(edges=[1, 2, 3, 4, 5, None]), "patterns.H2: edge 6 must hold 6"),
    # JR-REV: the easy side bridges every neighbouring pair
    (lambda r: r["patterns"]["FULL7"]["bridges"].pop(), "easy side must bridge every pair of neighbouring spaces, not [(1, 6)]"),
    # line 32: the Difficulty Indicator side is harder
    (lambda r: r["tiles"][0].update(hard="FULL7"), "Difficulty Indicator side must miss"),
    # line 34: Module 3 carries Power Plants
    (lambda r: r["tiles"][8].update(facility="command_dish"), "tile T09: Module 3 carries power_plant, not command_dish (line 34)"),
    # line 290: at most 4 Command Dishes
    (lambda r: r["tiles"][16].update(module=4, facility="command_dish", easy="FULLF", hard="F1"), "Command Dishes"),
    # lines 144-194: the card list
    (lambda r: r["rescue_deck"][0].update(name="Booster"), "16 Rescue cards"),
    # line 35: abilities need both scopes
    (lambda r: r["rescue_deck"][0].pop("core"), "standard and a core scope"),
    # lines 246-268: Boost + Boost needs two Boosts
    (lambda r: (r["rescue_deck"][0].update(copies=1), r["rescue_deck"][1].update(copies=3)), "at least 2 copies of Boost"),
    # a key the loader does not know is a typo, not silently ignored data
    (lambda r: r.update(unknown=1), "unknown: Extra inputs"),
]


@pytest.mark.parametrize(("change", "message"), BROKEN)
def test_broken_data_is_refused_with_a_clear_error(change, message):
    with pytest.raises(DataError, match="jupiter.json refused") as caught:
        parse_data(_edit(change))
    assert message in str(caught.value)
