"""The colony's geometry against the rulebook (shared/rulebooks/jupiter-rescue.txt, line numbers):
the spiral of 19 tiles, tile adjacency, the space graph with its cross-tile links, the interior seven,
the exposed edge and the docking places. Each test quotes the passage it checks."""

from collections import Counter
from dataclasses import replace

import pytest
from jupiter_helpers import deal

from rules.jupiter.colony import (
    CENTRE,
    INTERIOR,
    LABELS,
    SPIRAL,
    PlacementError,
    TilePick,
    build_colony,
    colony_from_placement,
    hex_distance,
    opposite,
    parse_space,
    place,
    rotate,
    space_id,
    step,
)
from rules.jupiter.data import game_data

FACILITY_TILES = [f"T{n:02d}" for n in range(9, 17)]  # Modules 3 and 4
PLAIN_TILES = [f"T{n:02d}" for n in (*range(1, 9), *range(17, 21))]  # Modules 1, 2 and 5


def fixed_deal(interior: list[str], side: str = "easy") -> list[TilePick]:
    """``interior`` on the seven centre hexes, then the other tiles in id order, at rotation 0."""
    rest = [t.id for t in game_data().tiles if t.id not in interior]
    return [TilePick(t, side) for t in (interior + rest)[:19]]


def test_the_spiral_is_nineteen_hexes_from_the_centre():
    """Line 32: "Place 19 of the 20 Colony Module tiles in a spiral order from the center"; the colony
    is "one giant hexagon" (game-data.md §2.2): 1 + 6 + 12 hexes."""
    assert len(SPIRAL) == len(set(SPIRAL)) == 19
    assert SPIRAL[0] == CENTRE
    assert [hex_distance(CENTRE, h) for h in SPIRAL] == [0] + [1] * 6 + [2] * 12
    radius_two = {(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2}
    assert set(SPIRAL) == radius_two
    # a spiral: each tile is laid against the one before it
    assert all(hex_distance(a, b) == 1 for a, b in zip(SPIRAL, SPIRAL[1:], strict=False))
    # ring 1 goes clockwise from the top right: tile B is the centre's neighbour in direction 1 (NE) ...
    assert SPIRAL[1:7] == tuple(step(CENTRE, n) for n in range(1, 7))
    assert SPIRAL[7] == (1, -2)  # ... and ring 2 starts at the top


def test_tile_neighbour_counts():
    """Line 54: Command reaches "an adjacent tile"; line 108: invasion hits tiles "on the edge of the
    colony". In the full colony: centre 6 neighbours, ring 1 six each, ring 2 corners 3, sides 4."""
    colony = colony_from_placement(deal(1))
    counts = {t.label: len(colony.adjacent_tiles(t.label)) for t in colony.tiles}
    assert counts["A"] == 6
    assert all(counts[label] == 6 for label in "BCDEFG")
    corners = {LABELS[SPIRAL.index(step(step(CENTRE, n), n))] for n in range(1, 7)}
    assert corners == set("JLNQSU")
    assert all(counts[label] == 3 for label in corners)
    assert all(counts[label] == 4 for label in set(LABELS[7:]) - corners)
    assert sum(counts.values()) == 2 * 42  # 42 shared edges
    assert sum(len(colony.exposed_edges(t.label)) for t in colony.tiles) == 30
    for t in colony.tiles:  # adjacency is mutual
        assert all(t.label in colony.adjacent_tiles(o) for o in colony.adjacent_tiles(t.label))


def test_interior_seven_and_edge_tiles():
    """Line 34: "the interior seven tiles"; line 108: "each Colony Module tile of that number that is on
    the edge of the colony". At setup the seven are exactly the tiles with no exposed edge."""
    colony = colony_from_placement(deal(2))
    assert colony.interior() == tuple("ABCDEFG")
    assert frozenset(SPIRAL[:7]) == INTERIOR
    for t in colony.tiles:
        assert colony.is_edge_tile(t.label) == (t.label not in "ABCDEFG")
        if t.label in "ABCDEFG":
            assert colony.edge_spaces(t.label) == ()


def test_space_notation_reads_back():
    """A space is written tile letter + position ("C3": tile C, dome 3, the bottom right; "C0" the hub,
    the numbered space of line 66). Letters skip I and O."""
    assert LABELS == "ABCDEFGHJKLMNPQRSTU" and not set("IO") & set(LABELS)
    assert parse_space("c3") == ("C", 3) and space_id("C", 3) == "C3"
    for bad in ("C7", "I1", "O0", "C", "C33", "33", "Z1"):
        with pytest.raises(ValueError):
            parse_space(bad)
    colony = colony_from_placement(deal(3))
    for s in colony.spaces():
        assert space_id(*parse_space(s)) == s
        assert colony.tile_of(s).label == s[0]
    assert len(colony.spaces()) == len(set(colony.spaces())) == sum(len(t.spaces) for t in colony.tiles)


def test_rotation_turns_positions_clockwise_and_keeps_the_hub():
    """Line 32: "The rotation of the tile is not important": a rotation only renames ring positions."""
    assert [rotate(p, 1) for p in range(7)] == [0, 2, 3, 4, 5, 6, 1]
    assert [rotate(p, 5) for p in range(7)] == [0, 6, 1, 2, 3, 4, 5]
    assert [opposite(n) for n in range(1, 7)] == [4, 5, 6, 1, 2, 3]
    data = game_data()
    for rotation in range(6):
        picks = fixed_deal(["T09"])
        tile = place([replace(picks[0], rotation=rotation), *picks[1:]], data)[0]  # T09 at the centre
        assert tile.facility == "power_plant" and tile.facility_at == rotate(1, rotation)
        assert tile.facility_at not in tile.spaces and tile.edges[tile.facility_at - 1] is None
        assert len(tile.bridges) == len(data.side("T09", "easy").bridges)


def test_starting_colonists_for_every_side_combination_of_the_interior():
    """Line 310: "between 42 and 49, depending on which tiles and sides are used"; line 306: "Modules 3
    and 4 have one less space". For the two extremes (seven Module 3/4 tiles: 42; none: 49) and ten
    seeded deals, all 2^7 side choices of the interior seven: 49 minus the interior Modules 3 and 4."""
    deals = [fixed_deal(FACILITY_TILES[:7]), fixed_deal(PLAIN_TILES[:7])] + [deal(seed) for seed in range(10)]
    data = game_data()
    seen = set()
    for picks in deals:
        facilities = sum(data.tile(p.tile).facility is not None for p in picks[:7])
        for mask in range(2**7):
            sides = [replace(p, side="hard" if (mask >> i) & 1 else "easy") for i, p in enumerate(picks[:7])]
            colony = colony_from_placement(sides + picks[7:], data)
            colonists = colony.starting_colonists()
            assert colonists == 49 - facilities
            assert 42 <= colonists <= 49
            seen.add(colonists)
    assert {42, 49} <= seen


def test_space_graph_bridges_and_cross_tile_links():
    """Line 64: "To move from one space to another, there must be a visible bridge between them". On a
    tile the bridges are the printed ones; across a shared edge the domes facing each other are
    linked (house rule), unless a Power Plant or Command Dish sits on that edge."""
    data = game_data()
    colony = colony_from_placement(fixed_deal(["T01", "T09"]), data)  # A plain, B = T09 (facility NE)
    for s, others in colony.adjacency.items():
        assert s not in others
        assert all(s in colony.neighbours(o) for o in others)  # bridges go both ways
    a, b, c = colony.by_label["A"], colony.by_label["B"], colony.by_label["C"]
    assert (b.hex, c.hex) == (step(a.hex, 1), step(a.hex, 2))
    assert "C5" in colony.neighbours("A2")  # A's E dome meets C's W dome
    assert "B4" in colony.neighbours("A1")  # A's NE dome meets B's SW dome
    assert b.facility_at == 1 and "B1" not in colony.adjacency  # the Power Plant is not a space (line 34)
    j = colony.by_hex[step(b.hex, 1)]  # B's NE neighbour faces the Power Plant: no link there
    assert not any(o.startswith("B") for o in colony.neighbours(f"{j.label}4"))
    assert set(colony.neighbours("A0")) == {f"A{p}" for p in range(1, 7)}  # easy side: every spoke
    # inside each tile, exactly the printed bridges (hard sides included)
    rotated = colony_from_placement(deal(7), data)
    for t in rotated.tiles:
        inside = {
            tuple(sorted((int(s[1]), int(o[1]))))
            for s in t.space_ids() for o in rotated.neighbours(s) if o[0] == t.label
        }
        assert inside == t.bridges
    # every link between tiles joins edge domes of adjacent tiles facing each other
    for s, others in colony.adjacency.items():
        for o in others:
            if o[0] != s[0]:
                ts, to = colony.tile_of(s), colony.tile_of(o)
                n = next(d for d in range(1, 7) if step(ts.hex, d) == to.hex)
                assert (ts.edges[n - 1], to.edges[opposite(n) - 1]) == (int(s[1]), int(o[1]))


def test_a_facility_blocks_the_link_across_its_edge():
    """Line 294: "Super Creeps on a Power Plant or Command Dish are never considered adjacent to any
    other space": its edge carries no link, so a tile ringed by facilities is cut off."""
    # J (outer corner) touches only B (its SW), H (its W) and K (its SE); point a facility at each link:
    # H faces E, J faces SW, K faces NW.
    turned = [TilePick("T10", "easy", 1), TilePick("T09", "easy", 3), TilePick("T11", "easy", 5)]
    rest = [TilePick(t, "easy") for t in PLAIN_TILES[7:] + FACILITY_TILES[3:]][:9]
    picks = [TilePick(t, "easy") for t in PLAIN_TILES[:7]] + turned + rest
    colony = colony_from_placement(picks)
    assert colony.by_label["J"].facility_at == 4 and colony.by_label["H"].facility_at == 2
    assert colony.by_label["K"].facility_at == 6
    assert not colony.is_connected()
    island = min(colony.components(), key=len)
    assert island == frozenset(colony.by_label["J"].space_ids())
    # the cut-off tile still offers the pod a dock on its exposed edges (line 128: islands are bridged
    # by the Evacuation Pod)
    assert {d.label for d in colony.docks()} >= {"J"}


def test_seeded_colonies_are_connected_at_rotation_0_and_every_island_has_a_dock():
    """Line 128: "Separated areas can be bridged by the Evacuation Pod". Unrotated deals are always one
    island (colony.py explains why); rotated ones are nearly always, and any island keeps a dock."""
    for seed in range(300):
        assert colony_from_placement(deal(seed, rotate=False)).is_connected(), seed
    islands = Counter()
    for seed in range(300):
        colony = colony_from_placement(deal(seed))
        docks = {d.space for d in colony.docks()}
        islands[len(colony.components())] += 1
        assert all(part & docks for part in colony.components()), seed
    assert islands[1] >= 290


def test_docks_are_the_edge_domes_of_the_exposed_edge():
    """Line 40: "Any exposed edge of the colony is a valid docking location" (Diagram C); line 114: an
    invading Creep goes to "an open space on a tile edge" (Diagram E). Every outer tile offers at least
    one edge space; a dock needs a dome, so an exposed Power Plant or Command Dish edge is no dock."""
    for seed in range(50):
        colony = colony_from_placement(deal(seed))
        docks = colony.docks()
        assert all(colony.is_edge_tile(d.label) for d in docks)
        for t in colony.tiles:
            exposed = colony.exposed_edges(t.label)
            spaces = colony.edge_spaces(t.label)
            assert set(spaces) == {d.space for d in docks if d.label == t.label}
            blocked = t.facility_at in exposed
            assert len(spaces) == len(exposed) - blocked
            if t.label not in "ABCDEFG":
                assert spaces  # corners have 3 exposed edges, sides 2: at most one is a facility
        blocked_edges = sum(t.facility_at in colony.exposed_edges(t.label) for t in colony.tiles)
        assert len(docks) == 30 - blocked_edges


def test_the_twentieth_tile_stays_in_the_box():
    """Line 33: "Put the last remaining Colony Module tile back in the box"."""
    picks = deal(5)
    colony = colony_from_placement(picks)
    used = {t.tile for t in colony.tiles}
    assert len(used) == 19
    assert len({t.id for t in game_data().tiles} - used) == 1


@pytest.mark.parametrize(
    ("picks", "message"),
    [
        (fixed_deal([])[:18], "18 tiles"),
        (fixed_deal([])[:18] + [TilePick("T01", "easy")], "placed twice"),
        (fixed_deal([])[:18] + [TilePick("T99", "easy")], "unknown tile"),
        (fixed_deal([])[:18] + [TilePick("T20", "easy", 6)], "rotation 0-5"),
        (fixed_deal([])[:18] + [TilePick("T20", "upside")], "side easy/hard"),
    ],
)
def test_bad_placements_are_refused(picks, message):
    with pytest.raises(PlacementError, match=message):
        colony_from_placement(picks)


def test_two_tiles_on_one_hex_are_refused():
    tiles = place(deal(4))
    with pytest.raises(PlacementError, match="one hex"):
        build_colony((*tiles, replace(tiles[-1], label="Z")))
