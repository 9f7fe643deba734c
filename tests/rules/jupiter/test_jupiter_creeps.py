"""Conversion, Invasion and self-destruct (rules/jupiter/creeps.py) on hand-made states. Line numbers are
shared/rulebooks/jupiter-rescue.txt's.

The fixture is game-data.md §2.7's stand-in for the lost invasion example (lines 118-124): ten tiles,
easy sides, rotation 0, so every ring dome is bridged to its hub and Module 3/4 tiles have their
facility at dome 1.

    A (0,0)  Module 2, interior: a Creep on its hub A0          ("Tile 2")
    B (1,0)  Module 5, interior: no Creep                       ("Tile 5")
    C (2,-1) Module 1, edge domes C1 C2 C6 open, a Creep on C0  ("Tile 1")
    D (2,0)  Module 3: Creeps on every space but the edge dome D3,
             a Super Creep on its Power Plant D1                 ("Tile 3")
    E (1,1)  Module 4: Colonists on its edge domes E2 E3 E4 and on E6,
             a Creep on E5, only E0 open                         ("Tile 4")
    F, J (Module 1), G, K (Module 3), H (Module 4): a Robot on the hub, a Colonist on every other space.
"""

from dataclasses import replace

import pytest

from rules.jupiter.colony import Colony
from rules.jupiter.creeps import (
    NO_PLACE,
    OPEN_EDGE,
    OPEN_SPACE,
    REPLACE_COLONIST,
    convert,
    invade,
    placement_options,
    self_destruct,
)
from rules.jupiter.data import COMPONENTS
from rules.jupiter.setup import new_game
from rules.jupiter.state import COLONIST, CREEP, SUPER_CREEP, State, TileRecord, dump_state, robot

SEATS = tuple(f"robot {n}" for n in range(1, 6))
LAYOUT = (  # label, tile id, hex
    ("A", "T05", (0, 0)), ("B", "T17", (1, 0)), ("C", "T01", (2, -1)), ("D", "T09", (2, 0)),
    ("E", "T13", (1, 1)), ("F", "T02", (1, -1)), ("G", "T10", (0, 1)), ("H", "T14", (-1, 1)),
    ("J", "T03", (-1, 0)), ("K", "T11", (0, -1)),
)
GUARDED = ("F", "G", "H", "J", "K")  # a Robot and Colonists on every space


def make(figures: dict[str, str], **changes) -> State:
    """A state on the ten-tile colony with exactly ``figures``, supplies and tracker kept consistent."""
    base = new_game(1, None, SEATS)
    tiles = tuple(TileRecord(label, tile, "easy", 0, at) for label, tile, at in LAYOUT)
    colonists = sum(f == COLONIST for f in figures.values())
    fields = {
        "tiles": tiles, "unused_tile": "T20", "destroyed": (), "figures": dict(figures), "pod_robots": (),
        "phase": "actions", "current": 0, "start_colonists": colonists, "saved": 0, "lost": 0,
        "colonist_supply": COMPONENTS["colonists"] - colonists - 1,
        "creep_supply": COMPONENTS["creeps"] - sum(f == CREEP for f in figures.values()),
        "super_creep_supply": COMPONENTS["super_creeps"] - sum(f == SUPER_CREEP for f in figures.values()),
    }
    return replace(base, **{**fields, **changes})


def example_figures() -> dict[str, str]:
    colony = make({}).colony()
    figs = {"A0": CREEP, "C0": CREEP, "D1": SUPER_CREEP, "E5": CREEP}
    figs |= {s: CREEP for s in ("D0", "D2", "D4", "D5", "D6")}
    figs |= {s: COLONIST for s in ("E2", "E3", "E4", "E6")}
    for seat, label in enumerate(GUARDED):
        for space in colony.by_label[label].space_ids():
            figs[space] = robot(seat) if space.endswith("0") else COLONIST
    return figs


def example() -> State:
    return make(example_figures())


def counts(s: State) -> dict[str, int]:
    out = {COLONIST: 0, CREEP: 0, SUPER_CREEP: 0}
    for f in s.figures.values():
        if f in out:
            out[f] += 1
    return out


def assert_supplies(s: State) -> None:
    """Every figure is on the board, aboard, saved, marking the tracker or in the supply (lines 22-24)."""
    c = counts(s)
    assert c[COLONIST] + s.pod_colonists + s.saved + 1 + s.colonist_supply == COMPONENTS["colonists"]
    assert c[CREEP] + s.creep_supply == COMPONENTS["creeps"]
    assert c[SUPER_CREEP] + s.super_creep_supply == COMPONENTS["super_creeps"]
    assert s.start_colonists - s.lost == c[COLONIST] + s.pod_colonists + s.saved


def on_tile(s: State, label: str) -> list[str]:
    return [s.figures.get(sp, "") for sp in s.colony().by_label[label].space_ids()]


def changed(before: State, after: State) -> dict[str, tuple[str | None, str | None]]:
    keys = set(before.figures) | set(after.figures)
    return {k: (before.figures.get(k), after.figures.get(k)) for k in sorted(keys) if before.figures.get(k) != after.figures.get(k)}


def test_fixture_geometry():
    c: Colony = example().colony()
    assert not c.is_edge_tile("A") and not c.is_edge_tile("B")  # the two interior tiles
    assert [label for label, _, _ in LAYOUT if c.is_edge_tile(label)] == ["C", "D", "E", *GUARDED]
    assert c.edge_spaces("C") == ("C1", "C2", "C6")
    assert set(c.edge_spaces("D")) == {"D2", "D3"}  # D1 is the Power Plant (line 34: not a space)
    assert set(c.edge_spaces("E")) == {"E2", "E3", "E4"}
    assert "A1" in c.neighbours("A0")
    assert_supplies(example())


# --- the rulebook's invasion example, lines 118-124 -------------------------------------------------


def test_example_roll_1_one_creep_on_an_edge_spot_of_tile_1():
    s0 = example()
    s, events = invade(s0, 1)
    # 120: "Choose ONE of the spots on the edge of Tile 1 and add a Creep." Default: the first, C1.
    # F and J (Module 1 too, full, guarded): a Colonist is replaced, on the edge first (line 114).
    assert changed(s0, s) == {"C1": (None, CREEP), "F1": (COLONIST, CREEP), "J4": (COLONIST, CREEP)}
    assert s.lost == 2 and s.die == 1 and s.destroyed == ()
    assert events == [
        "Invasion: the die shows 1.",
        "A Creep invades C1 (open edge space of tile C).",
        "A Creep replaces the Colonist on F1 (tile F has no open space).",
        "A Creep replaces the Colonist on J4 (tile J has no open space).",
    ]
    assert_supplies(s)
    # The roller may pick another edge spot (the engine's ``place`` decision).
    s, _ = invade(s0, 1, choices={"C": "C6"})
    assert s.figures["C6"] == CREEP and "C1" not in s.figures
    with pytest.raises(ValueError):
        invade(s0, 1, choices={"C": "C3"})  # C3 is not an edge space (and C has open edge spaces)


@pytest.mark.parametrize("roll", [2, 5])
def test_example_rolls_2_and_5_interior_tiles_get_nothing(roll):
    # 121: "2, 5 Tiles are not on the colony's edge, so they do not get a new Creep."
    s0 = example()
    s, events = invade(s0, roll)
    assert s.figures == s0.figures and s.die == roll and s.lost == 0
    assert any("nothing invades" in e for e in events)


def test_example_roll_3_tile_3_fills_and_is_destroyed():
    # 122: "Tile fills and is destroyed. Remove it from the board."
    s0 = example()
    s, events = invade(s0, 3)
    assert s.destroyed == ("D",)
    assert not any(k.startswith("D") for k in s.figures)
    assert s.super_creep_supply == COMPONENTS["super_creeps"]  # 295: its Super Creep is lifted
    # G and K are Module 3 edge tiles too, but guarded (126): a Colonist replaced, no destruction.
    assert {k: v for k, v in changed(s0, s).items() if not k.startswith("D")} == {
        "G3": (COLONIST, CREEP), "K5": (COLONIST, CREEP)}
    assert s.lost == 2 and "G" in s.colony().by_label and "K" in s.colony().by_label
    assert events[-2:] == [
        "Tile D (Module 3) is full of Creeps and self-destructs.",
        "The Super Creep on D1 is lifted with its tile (line 295).",
    ]
    assert_supplies(s)


def test_example_roll_4_no_open_edge_so_any_open_space():
    # 123: "No open space at the edge of Tile 4. Add a Creep on any open space."
    s0 = example()
    assert placement_options(s0, "E") == (OPEN_SPACE, ("E0",))
    s, _ = invade(s0, 4)
    # H, Module 4, full and guarded: a Colonist replaced, not destroyed.
    assert changed(s0, s) == {"E0": (None, CREEP), "H3": (COLONIST, CREEP)}
    assert s.lost == 1 and s.destroyed == ()
    assert_supplies(s)


def test_example_roll_6_every_tile_with_a_creep():
    # 124: "Add a Creep to Tiles 1, 3, and 4 as described above. Also add a Creep to Tile 2 next to the
    # one that's already there!" B (no Creep) and the guarded tiles (Colonists only) get nothing.
    s0 = example()
    s, _ = invade(s0, 6)
    diff = changed(s0, s)
    assert diff["A1"] == (None, CREEP) and "A1" in s.colony().neighbours("A0")
    assert diff["C1"] == (None, CREEP)
    assert diff["E0"] == (None, CREEP)
    assert s.destroyed == ("D",)  # D3 filled it
    assert {k for k in diff if not k.startswith("D")} == {"A1", "C1", "E0"}
    assert s.lost == 0
    assert_supplies(s)


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_input_state_is_unchanged(roll):
    s0 = example()
    before = dump_state(s0)
    for call in (lambda s: invade(s, roll), convert):
        after, _ = call(s0)
        assert dump_state(s0) == before and after is not s0 and after.figures is not s0.figures
    assert changed(s0, convert(s0)[0]) == {k: (COLONIST, CREEP) for k in ("E4", "E6", "G2")}  # next to E5
    s1 = make({**example_figures(), "D3": CREEP})
    before = dump_state(s1)
    after, _ = self_destruct(s1)
    assert dump_state(s1) == before and after.destroyed == ("D",)


def test_bad_roll():
    with pytest.raises(ValueError):
        invade(example(), 7)
    with pytest.raises(ValueError):
        invade(example(), 2, choices={"A": "A1"})  # A gets no Creep on a 2


# --- Super Creeps on a 6 and Suppressant --------------------------------------------------------------


def test_super_creeps_never_spawn_on_a_6():
    # 293: "Super Creeps never spawn extra Creeps when a 6 is rolled."
    s0 = make({"D1": SUPER_CREEP, "B0": COLONIST})
    s, events = invade(s0, 6)
    assert s.figures == s0.figures and any("No tile holds a Creep" in e for e in events)


def test_suppressant_protects_one_tile():
    # 188: "prevent Creeps from invading tiles or converting Colonists on any one tile of your choice".
    s0 = example()
    s, _ = invade(s0, 6, suppressed="D")
    assert "D" not in s.destroyed and "D3" not in s.figures and s.figures["C1"] == CREEP
    s0 = make({"A0": CREEP, "A1": COLONIST, "C0": CREEP, "C1": COLONIST})
    s, _ = convert(s0, suppressed="A")
    assert s.figures["A1"] == COLONIST and s.figures["C1"] == CREEP and s.lost == 1


# --- placement preference, line 114 -------------------------------------------------------------------


def test_placement_preference_order():
    # "If there is an open space on a tile edge ..., the Creep must be placed there. Otherwise, place the
    # Creep in any open space of your choice. If there are no open spaces but there are Colonists on a
    # tile, replace a Colonist with a Creep."
    c_spaces = make({}).colony().by_label["C"].space_ids()
    s = make({"C1": COLONIST})
    assert placement_options(s, "C") == (OPEN_EDGE, ("C2", "C6"))
    s = make({"C1": COLONIST, "C2": CREEP, "C6": robot(0)})
    assert placement_options(s, "C") == (OPEN_SPACE, ("C0", "C3", "C4", "C5"))
    full = {sp: COLONIST for sp in c_spaces}
    s = make({**full, "C1": robot(0)})
    # Every Colonist may be replaced; the edge ones (C2, C6) are the default's first picks.
    assert placement_options(s, "C") == (REPLACE_COLONIST, ("C2", "C6", "C0", "C3", "C4", "C5"))
    s2, _ = invade(s, 1)
    assert s2.figures["C2"] == CREEP and on_tile(s2, "C").count(CREEP) == 1
    # Only Robots and Creeps: the Creep is not placed, and the tile does not explode (game-data §2.8).
    s = make({**{sp: CREEP for sp in c_spaces}, "C0": robot(0)})
    assert placement_options(s, "C") == (NO_PLACE, ())
    s2, events = invade(s, 1)
    assert on_tile(s2, "C") == on_tile(s, "C") and s2.destroyed == ()
    assert any("Tile C has no open space and no Colonist" in e for e in events)


def test_a_new_creep_does_not_convert_until_the_next_conversion():
    # 114: "If you place a Creep adjacent to another Colonist, it does not convert until the Conversion
    # step on the next player's turn." Fast Creeps (334) is the engine calling convert right after.
    s0 = make({"C0": COLONIST})
    s, _ = invade(s0, 1)  # F and J, Module 1 edge tiles too, get theirs on their first open edge dome
    assert s.figures == {"C0": COLONIST, "C1": CREEP, "F1": CREEP, "J4": CREEP}
    s, _ = convert(s)
    assert s.figures["C0"] == CREEP and s.lost == 1


# --- Conversion, lines 100-104 ------------------------------------------------------------------------


def test_conversion_next_to_a_creep_one_step_only():
    # 102: "if any Creep is adjacent to a Colonist, that Colonist is converted into a Creep."
    # C1-C2 and C2-C3 are rims; C3 is not adjacent to C1, so it waits for the next Conversion.
    s0 = make({"C1": CREEP, "C2": COLONIST, "C3": COLONIST, "B0": COLONIST})
    s, events = convert(s0)
    assert s.figures == {"C1": CREEP, "C2": CREEP, "C3": COLONIST, "B0": COLONIST}
    assert s.lost == 1 and events == ["The Colonist on C2 is converted into a Creep."]
    assert_supplies(s)


def test_conversion_across_tiles_and_not_by_super_creeps():
    # Adjacency is the bridge graph (64), also across tile edges; Super Creeps are adjacent to nothing (294).
    s0 = make({"D1": SUPER_CREEP, "D0": COLONIST, "D2": COLONIST, "B2": CREEP, "D5": COLONIST})
    colony = s0.colony()
    assert "D5" in colony.neighbours("B2")
    s, _ = convert(s0)
    assert s.figures["D5"] == CREEP and s.figures["D0"] == COLONIST and s.figures["D2"] == COLONIST


def test_pod_passengers_are_immune():
    # 104: "Colonists on the Evacuation Pod are immune to Conversion."
    figs = {"C1": CREEP, "C2": COLONIST}
    s0 = make(figs, pod_dock="C1", pod_colonists=3, start_colonists=4, colonist_supply=50 - 4 - 1)
    s, _ = convert(s0)
    assert s.pod_colonists == 3 and s.figures["C2"] == CREEP and s.lost == 1
    assert_supplies(s)
    # Without passengers: the same Conversion, nothing else changes.
    s0 = make(figs, pod_dock="C1")
    s, _ = convert(s0)
    assert s.pod_colonists == 0 and s.figures["C2"] == CREEP and s.lost == 1


def test_conversion_can_fill_a_tile_which_then_self_destructs():
    # 126: a tile that "completely fills with Creeps ... immediately self destructs".
    figs = {sp: CREEP for sp in ("D0", "D2", "D3", "D4", "D5")} | {"D6": COLONIST}
    s, events = convert(make(figs))
    assert s.destroyed == ("D",) and s.lost == 1 and s.figures == {}
    assert_supplies(s)


# --- self-destruct, lines 126-128 and 295 --------------------------------------------------------------


def test_full_tile_without_robot_self_destructs_with_robot_not():
    d_spaces = ("D0", "D2", "D3", "D4", "D5", "D6")
    guarded = make({**{sp: CREEP for sp in d_spaces}, "D0": robot(0), "D1": SUPER_CREEP})
    s, events = self_destruct(guarded)
    assert s.destroyed == () and events == []  # 126: "A Robot on a tile prevents it from self-destructing."
    unguarded = make({sp: CREEP for sp in d_spaces} | {"D1": SUPER_CREEP, "A0": CREEP}, pod_dock="D3")
    s, events = self_destruct(unguarded)
    assert s.destroyed == ("D",) and s.figures == {"A0": CREEP}
    assert s.pod_dock is None  # docked at D3: cut loose
    assert s.creep_supply == COMPONENTS["creeps"] - 1  # the six Creeps are back
    assert s.super_creep_supply == COMPONENTS["super_creeps"]  # 295: the effect is lifted
    assert "D" not in s.colony().by_label
    assert_supplies(s)


def test_islands_stay_in_play():
    # 128: "all 'sections' or 'islands' of tiles remain in play". With B and G gone, E touches only D;
    # when D goes, E is cut off, keeps its figures and is still invaded as an edge tile.
    figs = {sp: CREEP for sp in ("D0", "D2", "D3", "D4", "D5", "D6")} | {"E2": COLONIST, "A0": COLONIST}
    s0 = make(figs, destroyed=("B", "G"))
    s, events = self_destruct(s0)
    assert s.destroyed == ("B", "G", "D")
    colony = s.colony()
    assert "E" in colony.by_label and s.figures == {"E2": COLONIST, "A0": COLONIST}
    assert not colony.adjacent_tiles("E")  # an island of one tile
    assert any("split" in e for e in events)
    s, _ = invade(s, 4)
    assert s.figures["E3"] == CREEP  # the first open edge dome of the island tile


def test_last_critical_module_lost_is_announced():
    # 308: "If all Module 3 tiles OR all Module 4 tiles are destroyed, the players lose the game."
    figs = {sp: CREEP for sp in ("D0", "D2", "D3", "D4", "D5", "D6")}
    s, events = self_destruct(make(figs, destroyed=("G", "K")))
    assert any("Every Module 3 tile is destroyed" in e for e in events)


# --- finite supplies, lines 22-24 -------------------------------------------------------------------------


def test_creep_supply_runs_out_during_invasion():
    # Reading: the 60 Creep figures (23) are a hard limit; tiles are served in spiral order.
    s0 = make({"A0": CREEP, "C0": CREEP}, creep_supply=1)
    s, events = invade(s0, 6)
    assert s.figures["A1"] == CREEP and s.creep_supply == 0
    assert set(s.figures) == {"A0", "A1", "C0"}
    assert any("No Creep figures are left" in e and "tile C" in e for e in events)
    s2, _ = invade(s, 6)
    assert s2.figures == s.figures


def test_creep_supply_runs_out_during_conversion():
    # A Colonist is only converted while a Creep figure is left; the rest stay (and are not lost).
    s0 = make({"A0": CREEP, "A1": COLONIST, "A2": COLONIST, "A3": COLONIST}, creep_supply=2)
    s, events = convert(s0)
    assert [s.figures[sp] for sp in ("A1", "A2", "A3")] == [CREEP, CREEP, COLONIST]
    assert s.lost == 2 and s.creep_supply == 0
    assert any("A3 is not converted" in e for e in events)
    assert s.start_colonists - s.lost == counts(s)[COLONIST]


def test_destroyed_tile_returns_figures_to_the_supply():
    figs = {sp: CREEP for sp in ("D0", "D2", "D4", "D5", "D6")} | {"A0": CREEP}
    s0 = make(figs, creep_supply=1)
    s, _ = invade(s0, 3)  # the last Creep fills D3, D explodes, six Creeps come back
    assert s.destroyed == ("D",) and s.creep_supply == 6
