"""A BUG's movement in co-op (bug_moves.py, bug_squares.py, bug_paths.py and physics for BUGs), on the Save
the VIPs board (squares by name: column letter, row from the bottom) unless a test says otherwise.
Rulebook: shared/rulebooks/powerup.txt ("rb N")."""

from __future__ import annotations

import json
from dataclasses import replace

from rules.powerup import bug_moves as bm
from rules.powerup import coop_life, physics
from rules.powerup.board import name, parse_square
from rules.powerup.coop_data import coop_data
from rules.powerup.coop_setup import new_coop_state
from rules.powerup.state import dump_state, load_state


def game(mission: str = "vips"):
    return new_coop_state(1, ("RAY", "TOR"), mission)  # RAY on A4, TOR on B4, VIP3 on B7 (vips)


def put(s, kind: str, where: str, facing: int = 1, **bug) -> str:
    fid = coop_life.add_bug(s, kind, parse_square(where), facing)
    if bug:
        s.coop.bugs[fid] = replace(s.coop.bugs[fid], **bug)
    return fid


def at(s, fid: str) -> str:
    return name(s.figures[fid].square)


def act(s, fid: str, word: str) -> list[str]:
    assert word in bm.bug_actions(s, fid, 9), (word, bm.bug_actions(s, fid, 9))
    out: list[str] = []
    bm.apply_bug_action(s, fid, word, out)
    return out


# --- the actions ------------------------------------------------------------------------------------------
def test_an_advance_costs_1_ap_and_goes_one_square_ahead():
    """rb 953: "Advance 1 square 1 AP"."""
    s = game()
    bg = put(s, "BUGGIE", "F4")
    assert bm.cost(s, bg, "move") == 1
    act(s, bg, "move")
    assert at(s, bg) == "G4" and s.figures[bg].facing == 1


def test_a_bug_never_moves_backwards():
    """rb 951-955: the BUG's table has no backward move (the moonwalk, rb 733, is a BUGBUSTER's): E4 behind
    it is free, yet no action but a flip leads there."""
    s = game()
    bg = put(s, "BUGGIE", "F4")
    words = bm.bug_actions(s, bg, 9)
    assert "back" not in words and "flip" in words
    for word in words:
        if word != "flip":
            t = s.clone()
            bm.apply_bug_action(t, bg, word, [])
            assert at(t, bg) != "E4", word


def test_a_flip_costs_1_ap_and_turns_the_bug_in_place():
    """rb 954: "Flip BUG (change facing) 1 AP"."""
    s = game()
    bg = put(s, "BUGGIE", "F4")
    assert bm.cost(s, bg, "flip") == 1
    act(s, bg, "flip")
    assert at(s, bg) == "F4" and s.figures[bg].facing == -1


def test_jumps_cost_2_ap_ahead_or_45_degrees_up():
    """rb 955: "Jump 2 AP"; as a BUGBUSTER's jump, straight or diagonal (45 degrees) ahead (rb 753)."""
    s = game()
    bg = put(s, "BUGGIE", "J7")
    assert bm.cost(s, bg, "jump") == bm.cost(s, bg, "jump up") == 2
    assert "jump up" not in bm.bug_actions(s, bg, 1)  # 1 AP is not enough
    act(s, bg, "jump up")
    assert at(s, bg) == "K8"  # onto the platform up and ahead
    t = game()
    bg = put(t, "BUGGIE", "F4")
    act(t, bg, "jump")
    assert at(t, bg) == "G4"


def test_ladders_are_climbed_up_and_down_for_1_ap():
    """rb 717: "You may climb the ladder up or down using 1AP"."""
    s = game()
    bg = put(s, "BUGGIE", "D4")
    assert bm.cost(s, bg, "climb up") == bm.cost(s, bg, "climb") == 1
    act(s, bg, "climb up")
    assert at(s, bg) == "D5"
    act(s, bg, "climb down")
    assert at(s, bg) == "D4"
    assert not {"climb up", "climb down"} & set(bm.bug_actions(s, put(s, "BUGGIE", "G4"), 9))  # no ladder there


def test_a_gateway_leads_to_any_other_open_one_for_1_ap_and_takes_the_off_marker():
    """rb 711: "By spending an action, you can go through it into any other unlocked gateway . Then
    immediately put a closing marker (OFF) on that gate"."""
    s = game()
    bg = put(s, "BUGGIE", "C4", facing=-1)
    assert {"gate D6", "gate K8"} <= set(bm.bug_actions(s, bg, 1)) and bm.cost(s, bg, "gate K8") == 1
    t = s.clone()
    t.gate_off, t.shut = parse_square("D6"), (parse_square("K8"),)
    assert not [w for w in bm.bug_actions(t, bg, 9) if w.startswith("gate")]
    act(s, bg, "gate K8")
    assert at(s, bg) == "K8" and s.gate_off == parse_square("K8") and s.figures[bg].facing == -1


def test_a_dizzy_bug_takes_no_actions():
    """rb 960: "BUGs are dizzy from the trip and take no actions during the turn they were spawned in"."""
    s = game()
    bg = put(s, "BUGGIE", "F4", dizzy=True)
    assert bm.bug_actions(s, bg, 9) == [] and bm.straight_on(s, bg) is None


# --- gravity and flight -------------------------------------------------------------------------------------
def test_a_batbug_floats_over_a_gap_and_flies_up_and_down():
    """rb 987: FLYING "does not need an obstacle underneath it to stay in a square": F5 has no floor."""
    s = game()
    bb = put(s, "BATBUG", "F5")
    physics.settle(s, [])
    assert at(s, bb) == "F5" and physics.supported(s, parse_square("F5"))
    assert {"fly up", "fly down"} <= set(bm.bug_actions(s, bb, 1)) and bm.cost(s, bb, "fly up") == 1
    act(s, bb, "fly up")
    assert at(s, bb) == "F6"
    act(s, bb, "move")
    assert at(s, bb) == "G6"  # onto a floor: standing there
    act(s, bb, "flip")
    act(s, bb, "move")
    act(s, bb, "fly down")
    assert at(s, bb) == "F5"
    assert not [w for w in bm.bug_actions(s, put(s, "BUGGIE", "E4"), 9) if w.startswith("fly")]


def test_a_walking_bug_falls_and_lands_losing_no_lives():
    """rb 761: it falls "to the next square below with an obstacle"; a BUG loses no lives for a long fall
    (rb 767 counts "your player"'s lives: bug_moves.py's reading)."""
    s = game()
    big = put(s, "BIGBUG", "F6")
    out: list[str] = []
    physics.settle(s, out)
    assert at(s, big) == "F4" and coop_life.bug(s, big).lives == 2 and "BIG1 falls to F4." in out


# --- pushing ------------------------------------------------------------------------------------------------
def test_a_bug_pushes_a_line_of_bugs_ahead_of_it():
    """rb 1407: "BUGS push other BUGs, which in turn push other BUGs"."""
    s = game()
    a, b, c = put(s, "BUGGIE", "E4"), put(s, "BUGGIE", "F4", facing=-1), put(s, "BIGBUG", "G4")
    act(s, a, "move")
    assert (at(s, a), at(s, b), at(s, c)) == ("F4", "G4", "H4")
    assert s.figures[b].facing == -1  # pushed, not turned


def test_a_line_a_wall_stops_cannot_be_entered():
    """rb 1407 pushes move the BUGs on; at the board's edge there is an obstacle (rb 685): BRP1 stands on L4."""
    s = game()
    bg = put(s, "BUGGIE", "K4")
    assert "move" not in bm.bug_actions(s, bg, 9) and bm.straight_on(s, bg) == "flip"


def test_a_bug_entering_from_above_pushes_the_occupant_forward_in_its_facing():
    """rb 1407: "They can also push each from the top or from below. In that case, the BUG that was pushed
    would move forward in the direction it is facing." The BATBUG hovers on the BUGGIE's head."""
    s = game()
    bg = put(s, "BUGGIE", "F4", facing=-1)
    bb = put(s, "BATBUG", "F5", facing=1)
    act(s, bb, "fly down")
    assert at(s, bb) == "F4" and at(s, bg) == "E4"


def test_a_bug_climbing_from_below_pushes_the_occupant_forward_in_its_facing():
    """rb 1407, from below: the BATBUG on D5 faces right, so it goes to E5, where it floats (rb 987)."""
    s = game()
    bg = put(s, "BUGGIE", "D4")
    bb = put(s, "BATBUG", "D5", facing=1)
    act(s, bg, "climb up")
    assert at(s, bg) == "D5" and at(s, bb) == "E5"


def test_a_bug_never_enters_a_bugbusters_square_nor_pushes_one():
    """rb 703: "one BUGBUSTER, one BUG or Non-Player-Character in each square"; a rival goes "through by
    pushing the character in combat" only (rb 703, rb 741). TOR stands on B4."""
    s = game()
    bg = put(s, "BUGGIE", "C4", facing=-1)
    assert "move" not in bm.bug_actions(s, bg, 9) and bm.straight_on(s, bg) is None
    s = game()
    put(s, "BUGGIE", "C4", facing=-1)
    pusher = put(s, "BUGGIE", "D4", facing=-1)
    assert "move" not in bm.bug_actions(s, pusher, 9)  # its push would shove TOR


def test_a_bug_reaching_a_vips_square_kills_it():
    """rb 1774 (Save the VIPs): "If a BUG reaches its square ... the NPC dies automatically". VIP3 is on B7."""
    s = game()
    bg = put(s, "BUGGIE", "C7", facing=-1)
    out = act(s, bg, "move")
    assert at(s, bg) == "B7" and "VIP3" not in s.figures and "VIP3" not in s.coop.npcs
    assert s.coop.lost_npcs == ("VIP3",) and "VIP3 dies." in out
    t = game()
    t.coop.mission = "keys"  # an NPC of another mission is not a target to walk into
    assert "move" not in bm.bug_actions(t, put(t, "BUGGIE", "C7", facing=-1), 9)


def test_a_lost_npc_survives_a_dump_and_load():
    """rb 1774: the dead VIP is remembered (Coop.lost_npcs) through a save."""
    s = game()
    bm.npc_dies(s, "VIP1", [])
    again = load_state(json.loads(json.dumps(dump_state(s))))
    assert again == s and again.coop.lost_npcs == ("VIP1",) and "VIP1" not in again.coop.npcs


# --- squares ------------------------------------------------------------------------------------------------
def test_acid_kills_a_bug_and_its_record_goes_with_its_figure():
    """rb 725: "Everything that falls into it dies and disintegrates" (Dimensional Portal board: H7 and I7
    are acid). No reward coins; pushed in by a BUGBUSTER, that seat scores (the issue)."""
    s = game("portal")
    bg = put(s, "BUGGIE", "J7", facing=-1)
    act(s, bg, "move")
    assert bg not in s.figures and bg not in s.coop.bugs and parse_square("I7") not in s.coins
    s = game("portal")
    stack = put(s, "BUGGIE", "J7", stack=3)
    physics.push(s, stack, -1, 1, [], by=1)
    assert stack not in s.coop.bugs and s.coop.points == (0, 3 * coop_data().sheet("BUGGIE").points)
    bb = put(s, "BATBUG", "J7", facing=-1)  # flying over the acid (rb 987): untouched
    act(s, bb, "move")
    assert at(s, bb) == "I7"


def test_spikes_hurt_a_bug_and_push_it_on_fire_spares_brasas():
    """rb 727: a spike trap gives "1 damage point and is pushed to the side of their choice"; rb 1106: fire,
    "Anyone entering this square"; rb 1067: BRASAS "are immune to fire damage". E7 has spikes."""
    s = game()
    big = put(s, "BIGBUG", "D7")
    act(s, big, "move")
    assert coop_life.bug(s, big).lives == 1 and at(s, big) == "F7"  # pushed on, the way it faces
    bb = put(s, "BATBUG", "D7")
    act(s, bb, "move")
    assert coop_life.bug(s, bb).lives == 1 and at(s, bb) == "E7"  # floating over the spikes
    s = game()
    s.fire = (parse_square("G4"),)
    bra = put(s, "BRASAS", "F4")
    act(s, bra, "move")
    assert coop_life.bug(s, bra).lives == 2 and at(s, bra) == "G4"
    bg = put(s, "BUGGIE", "E4", stack=2)
    s.fire = (parse_square("F4"),)
    act(s, bg, "move")
    assert coop_life.bug(s, bg).stack == 1 and at(s, bg) == "E4"  # burnt, and BRASAS ahead: pushed back


def test_bugs_keep_secrets_only_in_hidden_keys():
    """rb 1818 (Hidden Keys): "When a BUG or a BUGBUSTER finds one of the keys or coins, they can keep it";
    other tokens stay face down. In other missions a BUG walks over them."""
    s = game("keys")
    bg = put(s, "BUGGIE", "E4")
    s.secrets[parse_square("F4")] = "key:A+trap"
    act(s, bg, "move")
    assert coop_life.bug(s, bg).secret == "key:A" and s.secrets[parse_square("F4")] == "trap"
    s = game()
    bg = put(s, "BUGGIE", "E4")
    s.secrets[parse_square("F4")] = "key:A"
    act(s, bg, "move")
    assert coop_life.bug(s, bg).secret == "" and s.secrets[parse_square("F4")] == "key:A"


# --- TEAM 4 -------------------------------------------------------------------------------------------------
def test_buggies_stack_up_to_4_and_unstack_ahead():
    """rb 991: "You can stack up to 4 of these BUGs in the same square ... You can stack them and unstack
    them anytime you want"."""
    s = game()
    a, b = put(s, "BUGGIE", "E4"), put(s, "BUGGIE", "F4", facing=-1, stack=2)
    assert f"stack {b}" in bm.bug_actions(s, a, 1) and bm.cost(s, a, f"stack {b}") == 1
    act(s, a, f"stack {b}")
    assert a not in s.figures and a not in s.coop.bugs and coop_life.bug(s, b).stack == 3
    act(s, b, "unstack")
    new = next(f for f in s.coop.bugs if f not in (b, "BRP1", "BRP2"))
    assert coop_life.bug(s, b).stack == 2 and at(s, new) == "E4" and s.figures[new].facing == -1
    full = put(s, "BUGGIE", "H4", stack=4)
    assert not [w for w in bm.bug_actions(s, put(s, "BUGGIE", "G4"), 9) if w.startswith("stack")]
    assert coop_life.bug(s, full).stack == 4
    assert not [w for w in bm.bug_actions(s, put(s, "BATBUG", "J4"), 9) if w.startswith("stack")]


# --- the AI's way -------------------------------------------------------------------------------------------
def walk(s, fid: str, goals: set, limit: int = 15) -> list[str]:
    """Follow first_step_toward to a goal, each step a legal one."""
    words = []
    while s.figures[fid].square not in goals and len(words) < limit:
        word = bm.first_step_toward(s, fid, goals, 3)
        assert word is not None and word in bm.bug_actions(s, fid, 3)
        words.append(word)
        bm.apply_bug_action(s, fid, word, [])
    return words


def test_the_way_goes_up_the_ladder_and_turns_round_at_the_top():
    """rb 1413-1417: the BUG heads for its target; the way from F4 to G7 is up H4-H6's ladder (rb 717),
    then back along row 7."""
    s = game()
    bg = put(s, "BUGGIE", "F4")
    goal = {parse_square("G7")}
    words = walk(s, bg, goal)
    assert at(s, bg) == "G7" and "climb up" in words and words[-2:] == ["flip", "move"]


def test_a_goal_behind_starts_with_a_flip_and_an_unreachable_one_gives_none():
    """rb 951-955: no backward move, so a goal behind needs a flip first. A BUGBUSTER's square is no square
    to stand on (rb 703)."""
    s = game()
    bg = put(s, "BUGGIE", "F4")
    assert bm.first_step_toward(s, bg, {parse_square("E4")}, 2) == "flip"
    assert bm.first_step_toward(s, bg, {parse_square("B4")}, 2) is None  # TOR's square
    assert bm.first_step_toward(s, bg, {parse_square("F4")}, 2) is None  # there already


def test_the_way_pushes_through_other_bugs():
    """rb 1407: a BUG in the way is pushed on, so the way runs through it."""
    s = game()
    bg = put(s, "BUGGIE", "E4")
    put(s, "BUGGIE", "F4", facing=-1)
    assert bm.first_step_toward(s, bg, {parse_square("G4")}, 1) == "move"


def test_straight_on_moves_ahead_or_flips_at_a_wall():
    """rb 1414: "the BUG goes on in the direction it is facing"."""
    s = game()
    assert bm.straight_on(s, put(s, "BUGGIE", "F4")) == "move"
    assert bm.straight_on(s, put(s, "BUGGIE", "A7", facing=-1)) == "flip"  # the board's edge
