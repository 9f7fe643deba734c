"""POWERUP's co-op data (part 2), checked at load (rules/powerup/coop_data.py, coop_checks.py).

"rb N" is line N of shared/rulebooks/powerup.txt; "4.N" a section of shared/reference/game-data.md.
Each check is shown failing the load on a broken copy of the data, naming the file and the entry.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from rules.powerup import coop_checks as ck
from rules.powerup.coop_data import coop_data, coop_problems, parse, raw_coop
from rules.powerup.data import DataError, GameData, game_data, raw_data

RAW = raw_coop()
RULEBOOK = Path(__file__).resolve().parents[4] / "shared" / "rulebooks" / "powerup.txt"


def _fails(change, message):
    raw = copy.deepcopy(RAW)
    change(raw)
    with pytest.raises(DataError, match=message) as err:
        parse(raw)
    assert str(err.value).startswith("coop.json: ")  # the file is named


def _card(raw, name):
    return next(c for c in raw["bug_cards"] if c["name"] == name)


def _sheet(raw, bug):
    return next(s for s in raw["bug_sheets"] if s["id"] == bug)


def _mission(raw, mission_id):
    return next(m for m in raw["missions"] if m["id"] == mission_id)


def _level(raw, n):
    return next(lv for lv in raw["bugmistress"] if lv["level"] == n)


# --- the data loads, and what the rulebook prints ------------------------------------------------------

def test_the_data_loads():
    """The designed data passes every check: 29 cards under 22 names, 9 sheets, 6 professions, 4 missions."""
    d = coop_data()
    assert coop_problems(d, game_data()) == []
    assert len(d.deck()) == 29 and len(d.bug_cards) == 22
    assert [s.id for s in d.bug_sheets] == list(ck.BUGS)
    assert len(d.professions) == 6 and [m.id for m in d.missions] == ["vips", "portal", "keys", "bugmistress"]
    assert d.card("Special Spawn").copies[0].bottom == "BIGBUG"  # rb 1479: the bottom creature


def test_the_burp_has_armor_2_and_3_lives():
    """rb 801: "The BUG has 2 points of armor ... Since it has three lives" (RAY's shot at the BURP)."""
    burp = coop_data().sheet("BURP")
    assert (burp.armor, burp.lives) == (2, 3)
    assert {"SPAWN", "REGENERATE_1"} <= set(burp.abilities)  # rb 999, the REGENERATE 1


def test_the_glitch():
    """rb 873: "It has 2 armor points and 2 life points"; rb 869: "weapons with a ranged attack of 6" with
    a second BUGBUSTER aboard; rb 871: "the GLITCH moves 2 squares" per AP, no ammunition spent."""
    g = coop_data().glitch
    assert (g.armor, g.lives, g.range, g.squares_per_ap, g.seats) == (2, 2, 6, 2, 2)
    assert g.dice != "0"  # DESIGN dice, added to the gunner's ranged roll (rb 871)


@pytest.mark.parametrize(("mission", "coins", "least"), [
    ("vips", 4, 1),  # rb 1770 "4 coins for each player", rb 1758 "Minimum players: 1"
    ("portal", 6, 2),  # rb 1792, rb 1780
    ("keys", 6, 2),  # rb 1814, rb 1802
    ("bugmistress", 16, 2),  # rb 1840, rb 1828
])
def test_the_coins_and_minimums_of_each_mission(mission, coins, least):
    m = coop_data().mission(mission)
    assert (m.coins, m.min_busters) == (coins, least)


def test_the_component_caps():
    """rb 127 "14 BUGGIE Tokens 4 BATBUG Tokens 12 BIGBUG Tokens 2 BICEFALUS Tokens", rb 141 "4 BRASAS",
    rb 145 "3 BLOB", rb 149 "1 BUGDOZER", rb 153 "4 BURP", rb 157 "2 BOSS", rb 105 "10 Non-Player
    Character Tokens", rb 73 "2 GLITCH Tokens", rb 69 "BUGMISTRESS Token", rb 101 "Machine-Gun Turret Token"."""
    assert coop_data().caps == {"BUGGIE": 14, "BATBUG": 4, "BIGBUG": 12, "BICEFALUS": 2, "BRASAS": 4, "BLOB": 3,
                                "BUGDOZER": 1, "BURP": 4, "BOSS": 2, "npcs": 10, "glitches": 2, "bugmistress": 1,
                                "turrets": 1}


def test_the_mission_limits():
    """rb 1762: the VIPs "alive for a ROUND (8 turn sequences)"; rb 1796: the portal activates after 8
    sequences and wins "in 4 turns of the second round"; rb 1836: "There is no time limit", "one less BURP"."""
    d = coop_data()
    assert d.mission("vips").win_after == 8
    assert (d.mission("portal").spawn_after, d.mission("portal").lose_after) == (8, 12)
    her = d.mission("bugmistress")
    assert (her.win_after, her.lose_after, her.burp_offset) == (None, None, -1)
    assert len(her.burps_for(4)) == 3 and len(d.mission("vips").burps_for(1)) == 1


def test_the_small_pieces():
    """rb 1120: NPCs have "1 life point" and "2 movement actions"; rb 1168: one machine-gun at a time,
    range 6; rb 945: BUGGIEs and BATBUGs active from the start; rb 616/620: 4 cards, sold at half."""
    d = coop_data()
    assert (d.npc.lives, d.npc.moves) == (1, 2)
    assert (d.turret.range, d.turret.max) == (6, 1)
    assert [s.id for s in d.bug_sheets if s.activation == 0] == ["BUGGIE", "BATBUG"]
    assert (d.store.market, d.store.sell_divisor, d.store.life_max) == (4, 2, 3)
    assert d.continue_cost(1) == d.continue_track[0] and d.continue_cost(99) == d.continue_track[-1]  # rb 853


def test_the_events():
    """The issue's 6 Events: Creeper, Explosive Gas, Mortal Skin x2, Rage x2 (rb 1301-1343 print the type)."""
    events = [n for n, _ in coop_data().deck() if coop_data().card(n).type == "event"]
    assert sorted(events) == ["Creeper", "Explosive Gas", "Mortal Skin", "Mortal Skin", "Rage", "Rage"]


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is outside the repository")
def test_every_quoted_text_is_on_its_rulebook_line():
    """A card's quoted player effect or AI use is on the line it cites (OCR markup aside)."""
    lines = RULEBOOK.read_text(encoding="utf-8").splitlines()

    def words(text):
        return re.findall(r"[a-z0-9]+", text.lower())

    for card in coop_data().bug_cards:
        for use in (card.player, card.ai):
            if use.rb is None:
                continue
            line = set(words(lines[use.rb - 1]))
            quoted = words(use.text)
            found = sum(w in line for w in quoted)
            assert found >= 0.9 * len(quoted), (card.name, use.rb)


# --- every check fails the load on a broken copy ---------------------------------------------------------

def _set(path, value):
    """A change: follow ``path`` (keys, indexes, or (list key, id field, id) selectors) and set the value."""
    def change(raw):
        node = raw
        for step in path[:-1]:
            node = next(x for x in node if x.get(step[1]) == step[2]) if isinstance(step, tuple) else node[step]
        node[path[-1]] = value
    return change


CARDS, SHEETS, MISSIONS = "bug_cards", "bug_sheets", "missions"


def _m(mission_id, key, value):
    return _set([MISSIONS, ("", "id", mission_id), key], value)


BROKEN = {
    # the component list
    "a cap not the rulebook's": (_set(["caps", "BUGGIE"], 15), r"caps BUGGIE: 14 \(rb 127\), not 15"),
    "an indicator above a cap": (
        lambda raw: _card(raw, "Ambush")["copies"][1].update(spawn=15, indicator=["BUGGIE"] * 15),
        r"bug_cards Ambush copy 2: 15 BUGGIE above the 14 of the component list"),
    "BURPs above the cap": (lambda raw: _mission(raw, "vips")["burps"].append({"square": "J4", "facing": "left"}),
                            r"missions vips: 5 BURP above the 4 of the component list"),
    "NPCs above the cap": (_m("vips", "vips", [f"{c}4" for c in "DEFGHIJK"] + ["D1", "E1", "F7"]),
                           r"missions vips: 11 npcs above the 10 of the component list"),
    "GLITCHes above the cap": (_m("keys", "glitches", ["C2", "D2", "D3"]),
                               r"missions keys: 3 glitches above the 2 of the component list"),
    "a Buggie Trap above the cap": (_set(["buggie_trap", "count"], 15),
                                    r"buggie_trap: 15 BUGGIE above the 14 of the component list"),
    "a Buggie Trap above a stack": (_set(["buggie_trap", "count"], 5),
                                    r"buggie_trap: a stack holds 4 at most"),
    "a Buggie Trap of a non-TEAM BUG": (_set(["buggie_trap", "bug"], "BIGBUG"), r"buggie_trap: 2 BIGBUG"),
    # BUG cards
    "an indicator not costing its SPAWN value": (
        lambda raw: _card(raw, "Charge")["copies"][0].update(spawn=3),
        r"bug_cards Charge copy 1: indicator \['BUGGIE', 'BATBUG'\] costs 2, not its SPAWN value 3"),
    "an unknown BUG in an indicator": (lambda raw: _card(raw, "Evolution")["copies"][0].update(indicator=["BUGGY"]),
                                       r"bug_cards Evolution copy 1: .*unknown ones \['BUGGY'\]"),
    "a BURP in an indicator": (lambda raw: _card(raw, "Rage")["copies"][1].update(spawn=5, indicator=["BURP"]),
                               r"bug_cards Rage copy 2: an indicator never releases \['BURP'\]"),
    "no player effect": (lambda raw: _card(raw, "Ambush").pop("player"),
                         r"bug_cards Ambush: no player effect"),
    "no AI use": (lambda raw: _card(raw, "Teleport")["ai"].update(text=" "),
                  r"bug_cards Teleport: no AI use"),
    "our words without a ruling": (lambda raw: _card(raw, "Knock Knock")["player"].pop("ruling"),
                                   r"bug_cards Knock Knock: the player effect is our own words without a ruling"),
    "30 cards": (lambda raw: _card(raw, "Charge")["copies"].append({"spawn": 1, "indicator": ["BUGGIE"]}),
                 r"bug_cards: 29 cards \(rb 25\), not 30"),
    "a name not printed": (lambda raw: _card(raw, "Teleport").update(name="Teleportation"),
                           r"missing \['Teleport'\], unknown \['Teleportation'\]"),
    "a name twice": (lambda raw: _card(raw, "Teleport").update(name="Charge"), r"bug_cards 'Charge' repeats"),
    "one Rage": (lambda raw: _card(raw, "Rage")["copies"].pop(), r"bug_cards: 6 Events"),
    "an Event as a Special": (lambda raw: _card(raw, "Creeper").update(type="special"),
                              r"bug_cards Creeper: printed as event, not 'special'"),
    # sheets and the BUGMISTRESS
    "a BURP of armor 1": (lambda raw: _sheet(raw, "BURP").update(armor=1),
                          r"bug_sheets BURP: armor 2 and 3 lives \(rb 801\)"),
    "a BUGGIE without TEAM 4": (lambda raw: _sheet(raw, "BUGGIE").update(abilities=[]),
                                r"bug_sheets BUGGIE: TEAM_4 \(rb 991\)"),
    "a free BIGBUG": (lambda raw: _sheet(raw, "BIGBUG").update(activation=0),
                      r"bug_sheets BIGBUG: only BUGGIEs and BATBUGs"),
    "an unknown ability": (lambda raw: _sheet(raw, "BLOB").update(abilities=["SLIME"]),
                           r"bug_sheets BLOB: unknown ability 'SLIME'"),
    "a BLOB immune to fire": (lambda raw: _sheet(raw, "BLOB").update(immune=["fire"]),
                              r"bug_sheets BLOB: immune to piercing \(rb 1607\) and nothing else"),
    "a BRASAS that cannot shoot": (lambda raw: _sheet(raw, "BRASAS").pop("ranged"),
                                   r"bug_sheets BRASAS: a ranged attack \(rb 1067\)"),
    "a BOSS without RP": (lambda raw: _sheet(raw, "BOSS").pop("rp"),
                          r"bug_sheets BOSS: reaction points with BLINK"),
    "a melee attack of kind R": (lambda raw: _sheet(raw, "BIGBUG")["melee"].update(kind="R"),
                                 r"bug_sheets BIGBUG.claws Retractable Claws: a fixed range .*; "
                                 r"bug_sheets BIGBUG: a melee attack \(kind M\)"),
    "six sheets": (lambda raw: raw[SHEETS].pop(), r"bug_sheets: the 9 sheets"),
    "a moving level 1": (lambda raw: _level(raw, 1).update(moves=True),
                         r"bugmistress level 1: cannot move \(rb 1844\)"),
    "a level 2 no fiercer": (lambda raw: _level(raw, 2)["melee"].update(dice="2Y"),
                             r"bugmistress level 2: defends herself"),
    "a level 2 that spawns": (lambda raw: _level(raw, 2)["abilities"].append("SPAWN_ANY_SIDE"),
                              r"bugmistress level 2: moves, shoots, neither spawns"),
    "one level": (lambda raw: raw["bugmistress"].pop(), r"bugmistress: levels 1 and 2"),
    # store, CONTINUE, pieces
    "5 market cards": (_set(["store", "market"], 5), r"store: 4 face-up equipment cards \(rb 221, rb 616\)"),
    "no life price": (lambda raw: raw["store"]["prices"].pop("life"), r"store prices: ammo, life"),
    "a CONTINUE cheaper than the lives": (_set(["store", "prices", "life"], 3),
                                          r"continue_track: the first CONTINUE \(6\) never costs less"),
    "a falling CONTINUE": (_set(["continue_track"], [6, 5]), r"continue_track: rising costs"),
    "an NPC with 2 lives": (_set(["npc", "lives"], 2), r"npc: 1 life and 2 movement actions \(rb 1120\)"),
    "a GLITCH of armor 3": (_set(["glitch", "armor"], 3), r"glitch: armor 2, 2 lives \(rb 873\)"),
    "a turret of range 5": (_set(["turret", "range"], 5), r"turret: range 6, one at a time \(rb 1168\)"),
    "five professions": (lambda raw: raw["professions"].pop(), r"professions: 6 sheets \(rb 57\), not 5"),
    "two turrets": (lambda raw: raw["professions"][1]["a"].update(effect="turret"),
                    r"professions: one engineer side builds the turret"),
    "an unknown profession effect": (lambda raw: raw["professions"][2]["b"].update(effect="fly"),
                                     r"professions scout side b: a known effect \(not 'fly'\)"),
    "a portal piece without lives": (_set(["portal_piece", "lives"], 0), r"portal_piece: a life at least"),
    # missions
    "three missions": (lambda raw: raw[MISSIONS].pop(), r"missions: the four ARCADE missions"),
    "wrong coins": (_m("portal", "coins", 5),
                    r"missions portal: rb 1776, at least 2 BUGBUSTERs \(rb 1780\), 6 coins"),
    "a VIP off the board": (lambda raw: _mission(raw, "vips")["vips"].__setitem__(0, "M1"),
                            r"missions vips: VIP at M1 is off the board"),
    "a VIP on spikes": (lambda raw: _mission(raw, "vips")["vips"].__setitem__(0, "E7"),
                        r"missions vips: VIP at E7 is on a blocked or unsafe square"),
    "a VIP in the air": (lambda raw: _mission(raw, "vips")["vips"].__setitem__(0, "C8"),
                         r"missions vips: VIP at C8 is on a blocked or unsafe square"),
    "two pieces on a square": (lambda raw: _mission(raw, "vips")["vips"].__setitem__(0, "C9"),
                               r"missions vips: two pieces on C9"),
    "a BURP with no room to spawn": (lambda raw: _mission(raw, "vips")["burps"].__setitem__(
        0, {"square": "L3", "facing": "right"}), r"missions vips: BURP at L3 has no free square"),
    "a BURP on the start tile": (lambda raw: _mission(raw, "vips")["burps"].__setitem__(
        0, {"square": "A4", "facing": "right"}), r"missions vips: BURP at A4 is on the BUGBUSTERs' start tile"),
    "a crowded start tile": (_m("vips", "vips", ["A4", "C4", "A6", "C6"]),
                             r"missions vips: the start tile has room for 3 BUGBUSTERs, not 4"),
    "VIPs and BURPs at one end": (lambda raw: _mission(raw, "vips")["burps"].__setitem__(
        0, {"square": "D4", "facing": "right"}), r"missions vips: the VIPs at one end of the board, the BURPs"),
    "a VIP target missing": (_m("vips", "primary_target", "none"), r"missions vips: 3 VIPs kept alive"),
    "an unknown target": (_m("vips", "primary_target", "loot"),
                          r"missions vips: unknown primary target 'loot'"),
    "a scattered portal": (lambda raw: _mission(raw, "portal")["portal"].__setitem__(0, "J4"),
                           r"missions portal: 3 portal pieces in adjacent cells \(rb 1788\)"),
    "a portal at the start's end": (_m("portal", "portal", ["A3", "B3", "A2"]),
                                    r"missions portal: the BUGBUSTERs start on the tile at the other end"),
    "a portal limit": (_m("portal", "lose_after", 16),
                       r"missions portal: the portal spawns after sequence 8"),
    "a GLITCH far from the start": (_m("keys", "glitches", ["I5"]),
                                    r"missions keys: the GLITCH by the BUGBUSTERs' start"),
    "no key C": (_m("keys", "secret_keys", ["A", "B"]), r"missions keys: keys A, B and C \(rb 1806\)"),
    "too many coin secrets": (_m("keys", "secret_coins", 9),
                              r"missions keys: 9 coin secrets, of the 8 coin tokens"),
    "a BUGMISTRESS off centre": (_m("bugmistress", "bugmistress", "B7"),
                                 r"missions bugmistress: the BUGMISTRESS in the centre of the board \(rb 1832\)"),
    "BURPs away from her": (lambda raw: _mission(raw, "bugmistress")["burps"].__setitem__(
        0, {"square": "K7", "facing": "left"}), r"missions bugmistress: the BURPs around the BUGMISTRESS"),
    "a time limit on her": (_m("bugmistress", "lose_after", 20), r"missions bugmistress: no time limit"),
    "the BUGMISTRESS elsewhere": (_m("portal", "bugmistress", "G5"),
                                  r"missions portal: only Kill the BUGMISTRESS places her"),
    "a POWERUP missing": (lambda raw: _mission(raw, "portal")["powerups"].pop(),
                          r"missions portal: one POWERUP on each of the 12 tiles \(rb 243\)"),
    "a POWERUP on a piece": (lambda raw: _mission(raw, "portal")["powerups"].__setitem__(0, "J1"),
                             r"missions portal: POWERUP at J1 is off the board"),
    "a tile twice": (_m("keys", "layout", [[5, 18, 7, 23], [16, 3, 1, 2], [21, 22, 20, 5]]),
                     r"missions keys board: tiles \[5\] twice"),
    "a board of 3 x 3": (_m("keys", "layout", [[5, 18, 7], [16, 3, 1], [21, 22, 20]]),
                         r"missions keys board: 3 x 4 tiles"),
    "a cap that is no component": (_set(["caps", "gremlins"], 3), r"caps gremlins: not a component"),
    "a spit of kind M": (lambda raw: _sheet(raw, "BATBUG")["ranged"].update(kind="M"),
                         r"bug_sheets BATBUG: a ranged attack is kind R"),
    "a BUGGIE worth no coins": (lambda raw: _sheet(raw, "BUGGIE").update(reward=0),
                                r"bug_sheets BUGGIE: 1 action, 1 life, a SPAWN cost and reward coins"),
    "an unknown immunity": (lambda raw: _sheet(raw, "BLOB").update(immune=["slime"]),
                            r"bug_sheets BLOB: unknown immunity 'slime'"),
    "a spawning BIGBUG": (lambda raw: _sheet(raw, "BIGBUG").update(abilities=["SPAWN"]),
                          r"bug_sheets BIGBUG: BURPs are the BUGs' spawn points"),
    "a cold BRASAS": (lambda raw: _sheet(raw, "BRASAS")["melee"].pop("damage"),
                      r"bug_sheets BRASAS: fire claws and fireballs \(rb 1630\)"),
    "her blast of kind M": (lambda raw: _level(raw, 2)["ranged"].update(kind="M", range=None),
                            r"bugmistress level 2: a ranged attack is kind R"),
    "her unknown ability": (lambda raw: _level(raw, 1)["abilities"].append("TELEPATHY"),
                            r"bugmistress level 1: unknown ability 'TELEPATHY'"),
    "her without lives": (lambda raw: _level(raw, 1).update(lives=0),
                          r"bugmistress level 1: an action, a life"),
    "her back open": (lambda raw: _level(raw, 2)["abilities"].remove("BACK_IMMUNE"),
                      r"bugmistress level 2: immune to attacks from the back \(rb 1850\)"),
    "her tiles unflipped": (lambda raw: _level(raw, 2)["abilities"].remove("FLIP_TILES_3"),
                            r"bugmistress level 2: flips up to 3 tiles \(rb 1844\)"),
    "a card without copies": (lambda raw: _card(raw, "Teleport").update(copies=[]),
                              r"bug_cards Teleport: no copies"),
    "a SPAWN value of 0": (lambda raw: _card(raw, "Thief Buggie")["copies"][0].update(spawn=0),
                           r"bug_cards Thief Buggie copy 1: a SPAWN value of 1 or more"),
    "selling at a third": (_set(["store", "sell_divisor"], 3),
                           r"store: sells at half the cost, rounded down \(rb 620\)"),
    "a profession twice": (lambda raw: raw["professions"][1].update(id="engineer"),
                           r"professions 'engineer' repeats"),
    "one ability on both sides": (lambda raw: raw["professions"][1]["b"].update(effect="revive"),
                                  r"professions medic: two different abilities \(rb 1162\)"),
    "an unknown face": (_m("keys", "layout", [[5, 18, 7, 23], [16, 3, 1, 2], [21, 22, 20, 25]]),
                        r"missions keys board: unknown faces \[25\]"),
    "a start tile off the board": (_m("keys", "start_tile", [4, 0]),
                                   r"missions keys board: start tile \(4, 0\) is off the board"),
    "a mission not in ARCADE": (_m("keys", "id", "story1"), r"missions story1: not an ARCADE mission"),
    "three BURPs for four": (lambda raw: _mission(raw, "vips")["burps"].pop(),
                             r"missions vips: 4 BURP squares, one per BUGBUSTER up to 4, not 3"),
    "a limit of 0": (_m("vips", "win_after", 0), r"missions vips: sequence limits are 1 or more"),
    "a BURP facing up": (lambda raw: _mission(raw, "vips")["burps"][0].update(facing="up"),
                         r"missions vips: BURP at L4 faces left or right, not 'up'"),
    "16 POWERUPs": (lambda raw: _mission(raw, "vips")["powerups"].extend(["D4", "F4", "I4", "J4"]),
                    r"missions vips: 16 POWERUPs above the 15 of the component list"),
    "a key carrier with no target": (_m("keys", "carrier_target", None),
                                     r"missions keys: BUGs head for the nearest secret, a key carrier"),
    "a key carrier elsewhere": (_m("vips", "carrier_target", "nearest_gateway"),
                                r"missions vips: only Hidden Keys has key carriers"),
    "an unreachable square": (_m("portal", "layout", [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]),
                              r"missions portal board: from the start tile, unreachable squares D6, E6, L6, K7, L7"),
    "a ladder into a floor": (_m("portal", "layout", [[13, 14, 15, 16], [17, 18, 19, 20], [21, 22, 23, 24]]),
                              r"missions portal board: G3: the square above the ladder is not free and supported"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_copy_fails_the_load_naming_the_entry(name):
    change, message = BROKEN[name]
    _fails(change, message)


def test_a_blocked_square_fails():
    """A piece on a block (face 8's pillars): this board passes the board checks from the bottom-left tile."""
    def change(raw):
        portal = _mission(raw, "portal")
        portal["layout"] = [[1, 12, 9, 6], [3, 5, 10, 23], [8, 4, 2, 7]]
        portal["portal"] = ["A1", "A2", "B1"]
    _fails(change, r"missions portal: portal piece at A1 is on a blocked or unsafe square")


def test_a_hidden_keys_board_under_3_gateways_fails():
    """rb 1810: "There must be at least 3 portals in sight". Every legal ARCADE board has at least 3 with
    the designed faces (tiles 10 and 12 carry gateways on both faces, and a 3 x 4 board uses all 12
    tiles), so the check is shown on faces whose gateways are taken away."""
    raw = raw_data()
    for face in raw["tile_faces"]:
        face["rows"] = [row.replace("G", ".") for row in face["rows"]]
    bare = GameData.model_validate(raw)  # the faces alone: part 1's checks would refuse bases without gates
    with pytest.raises(DataError, match=r"coop.json: .*missions keys: 0 gateways; Hidden Keys needs at least 3"):
        parse(copy.deepcopy(RAW), bare)
    assert not [p for p in coop_problems(coop_data(), game_data()) if "gateways" in p]


def test_the_checks_report_every_problem_at_once():
    """One load reports all of its problems, each naming its entry."""
    raw = copy.deepcopy(RAW)
    _sheet(raw, "BURP")["armor"] = 1
    _card(raw, "Ambush").pop("ai")
    with pytest.raises(DataError) as err:
        parse(raw)
    assert "bug_sheets BURP:" in str(err.value) and "bug_cards Ambush: no AI use" in str(err.value)


def test_a_malformed_file_names_the_file():
    raw = copy.deepcopy(RAW)
    raw["glitch"]["dice"] = "2Z"
    with pytest.raises(DataError, match=r"^coop.json: "):
        parse(raw)
