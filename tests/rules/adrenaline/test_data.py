"""ADRENALINE's data file and arena geometry, checked at load (rules/adrenaline/data.py, geometry.py)."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from rules.adrenaline.data import DataError, game_data, parse
from rules.adrenaline.geometry import _build, geometry

RAW = json.loads(resources.files("rules.adrenaline").joinpath("data/adrenaline.json").read_text(encoding="utf-8"))


def test_the_data_loads_with_every_count_the_texts_give():
    d = game_data()
    assert len(d.weapons) == 21 and len(d.tiles()) == 36 and len(d.powerup_cards()) == 24
    assert sorted(w.id for w in d.weapons if not w.pickup_cost) == sorted(
        ["electroscythe", "tractor_beam", "flamethrower", "grenade_launcher", "shockwave", "sledgehammer"])
    # the seed's text for an effect is kept with it
    assert d.weapon("whisper").effects[0].text.startswith("Deal 3 damage and 1 mark")


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r["weapons"].pop(), "21 weapons"),
    (lambda r: r["weapons"][0].update(pickup_cost=["R"]), "reload cost without its top cube"),
    (lambda r: r["weapons"][4].update(reload_cost=["R", "B", "Y"], pickup_cost=["B", "Y"]), "per top-cube colour"),
    (lambda r: r["ammo_tiles"][0].update(count=4), "36 ammo tiles"),
    (lambda r: r["powerups"][0]["count_by_colour"].update(R=3), "24 powerups"),
    (lambda r: r["maps"][0]["doors"].append(["a1", "b1"]), "joins squares of one room"),
    (lambda r: r["maps"][0]["doors"].append(["a1", "c3"]), "does not join two adjacent squares"),
    (lambda r: r["constants"].update(board_values_frenzy=[2, 2, 1, 1]), "frenzy side"),
])
def test_loading_refuses_data_that_breaks_a_number(change, message):
    raw = copy.deepcopy(RAW)
    change(raw)
    with pytest.raises(DataError, match=message):
        parse(raw)


def test_the_visibility_table_is_checked_against_the_geometry():
    raw = copy.deepcopy(RAW)
    raw["maps"][0]["sight"]["b1"] = "BR"  # b1 of the small map has no door
    arena = parse(raw).arena("small")
    with pytest.raises(DataError, match="b1 sees rooms B"):
        _build(arena)
    for m in game_data().maps:
        geometry(m.id)  # every real map agrees with the reference's table


def test_a_map_that_is_not_connected_is_refused():
    raw = copy.deepcopy(RAW)
    raw["maps"][0]["doors"] = [d for d in raw["maps"][0]["doors"] if d != ["a1", "a2"] and d != ["c1", "c2"]]
    raw["maps"][0]["sight"].update({"a1": "B", "c1": "B", "a2": "R", "c2": "RY"})
    with pytest.raises(DataError, match="not connected"):
        _build(parse(raw).arena("small"))


def test_the_seeds_visibility_example_on_the_big_map():
    """"Dozer can see these 3 rooms simultaneously. Sprog can see :D-struct-0R and Dozer. :D-struct-0R
    can see Dozer and Sprog. Banshee can see no one, even though Dozer sees her." With Dozer on b2
    (purple, doors to blue and white), Banshee on c1 (blue), Sprog and :D-struct-0R on b3 (white)."""
    g = geometry("big")
    where = {"dozer": "b2", "banshee": "c1", "sprog": "b3", "dstruct": "b3"}

    def sees(a):
        return {b for b in where if b != a and g.sees(where[a], where[b])}

    assert len(g.seen_rooms["b2"]) == 3
    assert sees("sprog") == {"dstruct", "dozer"}
    assert sees("dstruct") == {"dozer", "sprog"}
    assert sees("banshee") == set() and "banshee" in sees("dozer")


def test_lines_stop_at_walls_and_the_railgun_ignores_them():
    """"One move away ... works through doors but not through walls"; the Railgun: "shooting in a straight
    line and ignoring walls ... Anyone on a square in that direction (including yours)"."""
    g = geometry("small")
    assert g.line("a2", "e") == ("b2", "c2", "d2")
    assert g.line("b1", "s") == ()  # the wall between b1 and b2
    assert g.beam("b1", "s") == ("b1", "b2", "b3")
    assert g.distance["b1"]["b2"] == 3  # round through the door a1-a2
