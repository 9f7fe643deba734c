"""POWERUP's data file, checked at load (rules/powerup/data.py, data_checks.py).

"rb N" is a line of shared/rulebooks/powerup.txt; "4.N" a section of shared/reference/game-data.md.
"""

from __future__ import annotations

import copy

import pytest

from rules.powerup import data_checks as ck
from rules.powerup.data import DataError, check_effects, dice_counts, game_data, parse, raw_data

RAW = raw_data()


def _fails(change, message):
    raw = copy.deepcopy(RAW)
    change(raw)
    with pytest.raises(DataError, match=message) as err:
        parse(raw)
    assert str(err.value).startswith("powerup.json: ")  # the file is named


def _equip(raw, card_id):
    return next(c for c in raw["equipment"] if c["id"] == card_id)


def _pow(raw, name):
    return next(c for c in raw["pow_cards"] if c["name"] == name)


def _face(raw, n):
    return next(f for f in raw["tile_faces"] if f["face"] == n)


def _board(raw, seats):
    return next(b for b in raw["deathmatch_boards"] if b["seats"] == seats)


def test_the_counts_the_rulebook_prints():
    """rb 9-185, the components: 12 map tiles (24 faces), 31 POW! cards, 38 equipment cards, 8 BUGBUSTERs,
    15 POWERUP tokens, 15 drums, 3 covers, 2 robots, 6 INITIATIVE cards, 16 secret tokens; 4.9: 29 names,
    Medikit and Ammo Found twice; 4.6: 11 melee, 13 ranged, 6 variable, 8 armor."""
    d = game_data()
    assert len(d.tile_faces) == 24 and len(d.pow_deck()) == 31 and len(d.pow_cards) == 29
    assert len(d.equipment) == 38 and len(d.bugbusters) == 8 and len(d.secret_tokens) == 16
    assert (d.caps.powerups, d.caps.drums, d.caps.covers, d.caps.robots) == (15, 15, 3, 2)
    assert d.initiative_cards == (1, 2, 3, 4, 5, 6)
    assert [n for n, _ in d.pow_deck()].count("Medikit") == 2 and [n for n, _ in d.pow_deck()].count("Ammo Found") == 2
    assert sorted(c.kind for c in d.equipment).count("V") == 6
    assert [s.id for s in d.bugbusters] == ["RAY", "TOR", "ANA", "PNK", "MAI", "MAC", "PAM", "LPZ"]


def test_the_dice():
    """rb 428-442: white less powerful but more stable, yellow more powerful but riskier; a skull is a
    hit; POW! 3 hits and a POW! card; a BUG face a blunder. 4.3's layout."""
    d = game_data()
    hits = {c: [d.faces[s].hits for s in getattr(d.dice, c)] for c in ("white", "yellow")}
    assert sum(hits["white"]) / 6 < sum(hits["yellow"]) / 6
    assert "bug" not in d.dice.white and "bug" in d.dice.yellow and "pow" in d.dice.yellow
    assert d.faces["pow"].hits == 3 and d.faces["pow"].pow_card and d.faces["bug"].blunder
    assert dice_counts("1W2Y") == (1, 2) and dice_counts("3Y") == (0, 3) and dice_counts("0") == (0, 0)


@pytest.mark.parametrize(("hits", "lives"), [(0, 0), (1, 1), (2, 1), (3, 2), (5, 2), (6, 3), (8, 3), (9, 4), (14, 4)])
def test_the_damage_card(hits, lives):
    """rb 845: "With 1 hit, the target loses 1 life point. With 3 hits, the target will lose 2 life points.
    With 6 hits the target loses 3. The maximum number of life points that a target can lose are 4, with
    9 hits or more." The issue's worked example: 0,1,2,3,5,6,8,9,14 hits."""
    assert game_data().lives_lost(hits) == lives


def test_the_worked_examples_fit_the_damage_card():
    """rb 801-803: RAY's 3 hits on a BURP with 2 armor leave 1 -> 1 life; rb 817: TOR's 5 against the
    BURP's 2 is 3, minus 2 armor = 1 -> 1 life."""
    d = game_data()
    assert d.lives_lost(3 - 2) == 1 and d.lives_lost((5 - 2) - 2) == 1


def test_the_deathmatch_store_and_turn_card():
    """rb 624-633: the four options (a POW! card, an equipment card equipped at once, 3 ammo, 1 life), and
    "The Deathmatch turn counter has a cycle where POWERUPs turn back on"; rb 1373: "A cycle of 8 turns
    is a round"."""
    d = game_data()
    assert [(o.id, o.amount) for o in d.deathmatch_store] == [("pow_card", 1), ("equipment", 1), ("ammo", 3), ("life", 1)]
    assert d.turn_card.sequences_per_round == 8
    assert "relight" in d.turn_card.marks_of(4) and "relight" in d.turn_card.marks_of(16)
    assert "relight" not in d.turn_card.marks_of(9)


def test_the_errata():
    """rb 1251-1253: RedBug "adds 4 reaction points. You can have more ammunition than the maximum" -> it
    gives 4 RP above the maximum; rb 1247-1249: Player Pause's sentence stops at "until the start of the
    next" -> its user's next turn (4.9)."""
    d = game_data()
    red, pause = d.pow("RedBug"), d.pow("Player Pause")
    assert red.amounts == {"rp": 4} and "reaction" in red.erratum
    assert pause.duration == "until_your_next_turn" and pause.erratum
    _fails(lambda r: _pow(r, "RedBug").update(amounts={"ammo": 4}), "RedBug: gives 4 RP")
    _fails(lambda r: _pow(r, "Player Pause").update(duration="this_turn"), "Player Pause: lasts until")


def test_the_sheets_and_their_epic_side():
    """rb 404-410: melee and ranged dice, RP, ammo, basic weapons, armor; EPIC: only the EPIC weapon,
    bonus RP and ammo. rb 791: a ranged attack needs a range, so every sheet has a distance weapon; sheet
    weapons are not cards (4.4)."""
    d = game_data()
    for s in d.bugbusters:
        assert any(w.slot == "distance" for w in s.normal.weapons)
        assert all(w.cost is None and w.destroyed_when == "never" for w in (*s.normal.weapons, s.epic.weapon))
    assert d.sheet("MAC").normal.weapons[1].ammo_per_shot == 1  # a launcher, not a grenade
    assert d.card("E25").ammo_per_shot == 0 and d.card("E14").destroyed_when == "out_of_ammo"  # rb 823, 837


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r["equipment"].pop(), "equipment: 38 cards, not 37"),
    (lambda r: r["pow_cards"][1]["letters"].pop(), "pow_cards: 31 cards, not 30"),
    (lambda r: r["pow_cards"].pop(), "pow_cards: 29 names, not 28"),
    (lambda r: r["secret_tokens"].pop(), "secret_tokens: 16 tokens, not 15"),
    (lambda r: r["bugbusters"].pop(), "bugbusters: the 8 sheets"),
    (lambda r: r["tile_faces"].pop(), "tile_faces: faces 1-24 once each"),
    (lambda r: r["initiative_cards"].pop(), "initiative_cards: the 6 cards"),
    (lambda r: r["caps"].update(drums=14), "caps drums: 15, not 14"),
    (lambda r: r["deathmatch_store"].pop(), "deathmatch_store: the four printed options"),
    (lambda r: r["damage"][1].update(min_hits=4), "damage: 1/3/6/9 hits"),
    (lambda r: r["deathmatch_boards"].pop(), "deathmatch_boards: one board each for 2, 4 and 6 seats"),
])
def test_a_wrong_count_fails(change, message):
    """rb 9-185's counts, rb 845's DAMAGE card and rb 624-631's store, named by entry."""
    _fails(change, message)


@pytest.mark.parametrize("letter", ["E", "P", "I", "C", "*"])
def test_a_missing_letter_or_joker_fails(letter):
    """rb 861: "If you pick up POW! cards that form the word EPIC"; rb 568: the joker "USE IT LIKE ANY EPIC
    LETTER". A deck without one of them cannot make anyone EPIC."""
    def change(raw):
        for c in raw["pow_cards"]:
            c["letters"] = ["E" if x == letter and letter != "E" else "P" if x == letter else x for x in c["letters"]]
    _fails(change, "no card with the letter " + ("joker" if letter == "*" else letter))


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: _equip(r, "E03").setdefault("keywords", []).append("TELEPORT"), "equipment E03 Stun Prod: unknown keyword 'TELEPORT'"),
    (lambda r: _equip(r, "E31").setdefault("keywords", []).append("PUSH2"), "equipment E31 Kevlar Vest: keyword PUSH2 does not fit"),
    (lambda r: r["bugbusters"][0]["normal"]["weapons"][0].setdefault("keywords", []).append("X"),
     "bugbuster RAY RAY.blaster Blaster: unknown keyword 'X'"),
    (lambda r: _equip(r, "E12").update(damage="sonic"), "equipment E12 Service Pistol: unknown damage type 'sonic'"),
    (lambda r: _equip(r, "E02").update(destroyed_when="rain"),
     "equipment E02 Baseball Bat: unknown destruction condition 'rain'"),
    (lambda r: _equip(r, "E36").update(kind="J"), "equipment E36 Jetpack: kind 'J' is outside the three slots"),
    (lambda r: _equip(r, "E12").pop("range"), "equipment E12 Service Pistol: a fixed range"),
    (lambda r: r["bugbusters"][1]["normal"]["weapons"][0].update(destroyed_when="blunder"),
     "bugbuster TOR TOR.mama .*: sheet weapons are never destroyed"),
    (lambda r: r["bugbusters"][6]["normal"]["weapons"][0].update(name="Hummingbird"),
     "bugbuster PAM PAM.pocket_pistol: named like an equipment card"),
    (lambda r: r["bugbusters"][7]["normal"].update(weapons=[]), "bugbuster LPZ: one to two basic weapons"),
])
def test_an_unknown_word_or_a_card_outside_the_slots_fails(change, message):
    """rb 612: "one for distance, one for melee combat and one for armor"; rb 647-669: the icon list (4.6's
    keywords); rb 835: "Conditions under which equipment can be destroyed"."""
    _fails(change, message)


def test_no_electric_weapon_fails():
    """rb 1609: "there are electric damage weapons in the POWERUP" (against the BLOB)."""
    def change(raw):
        for c in raw["equipment"]:
            if c.get("damage") == "electric":
                c["damage"] = "blunt"
    _fails(change, "no electric weapon")


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: _face(r, 8).update(rows=["#. .. ..", "## =. ##", "## _. ##"]), "faces 08 Pillars: a block is written ##"),
    (lambda r: _face(r, 1).update(rows=[".. .. ..", ".. .. ..", "_. _. _X"]), "faces 01 Hall: cell '_X'"),
    (lambda r: _face(r, 1).update(rows=[".. .. ..", ".. .. .."]), "faces 01 Hall: 3 rows of 3 cells"),
    (lambda r: _face(r, 4).update(rows=[".. ## ##", "_. _S ..", "_S _. _."]),
     "faces 04 Stairwell: B2: the square above the stairs is not free"),
    (lambda r: _face(r, 4).update(rows=[".. .. _.", "_. _S ..", "_S _. _."]),
     "faces 04 Stairwell: B2: the square above the stairs is not free and supported"),
    (lambda r: _face(r, 3).update(rows=["_. ## _.", ".. .L ..", "_. _L _."]),
     "faces 03 Ladder: B2: the square above the ladder"),
    (lambda r: _face(r, 21).update(rows=["_. _. ..", ".L .. ..", "_L _. _."]), "faces 21 RED Base: a base face has a gateway"),
])
def test_a_face_failing_the_tile_checks_fails(change, message):
    """4.11's checks: 3x3 cells; a block is ##; the square above stairs is free and supported (rb 719: "it
    automatically moves up"); a ladder leads somewhere (rb 717); the bases 21 and 22 have a gateway."""
    _fails(change, message)


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: _board(r, 2).update(faces=[[15, 14, 23], [21, 3, 22]]), "2 seats: tile 3 twice"),
    (lambda r: _board(r, 2).update(faces=[[17, 14, 23], [22, 3, 21]]), "2 seats: face 21 .RED. at the bottom left"),
    (lambda r: _board(r, 4).update(faces=[[17, 14, 23], [21, 3, 22]]), "4 seats: 3 x 3 tiles"),
    (lambda r: _board(r, 2).update(faces=[[1, 2, 3], [21, 5, 22]]), "2 seats: from the RED base, unreachable squares"),
    (lambda r: _board(r, 2).update(faces=[[17, 14, 23], [21, 3, 40]]), "unknown faces"),
])
def test_a_bad_deathmatch_board_fails(change, message):
    """rb 1870: tiles 21 and 22 are the bases; rb 9 and 4.2: tile n is faces n and n + 12, so a board
    cannot show both; 4.11: every square reachable from the start (here, from both bases)."""
    _fails(change, message)


def test_the_deathmatch_boards_shapes_and_bases():
    """rb 1868-1878: "The tile size of the board depends on the number of players" (2/4/6 players: 2x3,
    3x3, 3x4 tiles, as rows x columns), "Place tiles 21 and 22 at positions for RED TEAM and BLU TEAM":
    the bottom-left and bottom-right corners; one face per tile; one POWERUP per tile fits the 15."""
    d = game_data()
    for seats, (rows, cols) in {2: (2, 3), 4: (3, 3), 6: (3, 4)}.items():
        faces = d.board(seats).faces
        assert len(faces) == rows and all(len(r) == cols for r in faces)
        assert faces[-1][0] == 21 and faces[-1][-1] == 22
        tiles = [ck.tile_of(f) for r in faces for f in r]
        assert len(set(tiles)) == len(tiles) <= d.caps.powerups
        assert any(f > 12 and f not in (21, 22) for r in faces for f in r)  # rb 1868: traps are fun


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_every_square_of_each_deathmatch_board_is_reachable(seats):
    """4.11: "every supported square reachable ... by walking, jumping (1 square straight or 45° up) and
    ladders", from each base (rb 1888: "Each player places his or her character at any point on their
    base"); acid is never crossed (rb 725), spikes hurt (rb 727) so no route crosses them."""
    d = game_data()
    grid = ck.assemble(d.board(seats).faces, d.face_rows())
    h, w = len(grid), len(grid[0])
    need = {(r, c) for r in range(h) for c in range(w)
            if ck.standable(grid, r, c) and grid[r][c][0] != "A"
            and not (grid[r][c][1] == "S" and ck.standable(grid, r - 1, c))}
    assert len(need) > 3 * h  # a real board, not a corner case
    for col0 in (0, w - 3):
        base = [(r, c) for r in range(h - 3, h) for c in range(col0, col0 + 3)]
        assert need <= ck.reachable(grid, base)
    assert d.board_problems(d.board(seats).faces, seats) == []


def test_gravity_ladders_and_acid_in_the_reachability_model():
    """rb 761: an unsupported figure falls to the next support; rb 717: ladders climbed 1 square; rb 725:
    acid kills, so a route never ends there; rb 685: the board's edge supports the bottom row."""
    grid = ck.face_grid([".. .. ..", ".L .. ..", "_L A. .."])
    assert ck.standable(grid, 2, 2)  # the bottom edge holds it
    assert not ck.standable(grid, 0, 1)
    assert set(ck.moves(grid, 2, 0)) == {(1, 0)}  # right is acid; up the ladder
    assert set(ck.moves(grid, 1, 0)) == {(1, 0), (2, 0)}  # climbing into the air above falls back
    assert ck.reachable(grid, [(2, 0)]) == {(2, 0), (1, 0)}


def test_check_effects_names_the_cards_without_an_effect():
    """The issue: loading fails on "a card with no registered effect"; the engine passes its registry."""
    d = game_data()
    names = {c.name for c in d.pow_cards}
    assert len(names) == 29 and check_effects(d, names) == []
    assert check_effects(d, names - {"Copycat"}) == ["Copycat"]
