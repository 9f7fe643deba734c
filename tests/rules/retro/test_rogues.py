"""The Rogues' turns, their order and the Surplus Calamity (rules/retro/rogues.py) on hand-made boards.
Every test quotes the line of shared/rulebooks/retro-bots.txt it checks. Squares are board notation
(board_helpers.py draws the board: pits E2, B4, F6/G6/F7/G7, D11; doors C1 north, L3 east, J12 south,
A10 west; row 4 is floor from C4 to L4)."""

import pytest
from board_helpers import blank, put, put_outside, sq, where

from rules.retro.rogues import (
    available,
    force_forward,
    move_all,
    move_rogue,
    rogue_order,
    surge_order,
    surplus,
    surplus_kind,
)


def move(state, rogue_id):
    out: list[str] = []
    move_rogue(state, rogue_id, out)
    return out


def facing(state, bot_id):
    return state.bots[bot_id].facing


def stunned(state, bot_id):
    return state.bots[bot_id].stunned


def damage_lines(out):
    return [line for line in out if "damage" in line]


# --- moving and turning ---------------------------------------------------------------------------

def test_servobot_moves_five():
    """SERVOBOT | 6 | 5 | Right | "They're just fast is all." A Rogue "moves forward"."""
    s = blank()
    put(s, "servobot1", "servobot", "C4", "E")
    out = move(s, "servobot1")
    assert where(s, "servobot1") == sq("H4") and facing(s, "servobot1") == "E"
    assert out == ["Servobot 1: C4 → D4 → E4 → F4 → G4 → H4."]


def test_minionbot_moves_three_no_special():
    """MINIONBOT | 1 | 3 | Left: three squares, no special action."""
    s = blank()
    put(s, "minionbot", "minionbot", "C4", "E")
    put(s, "R0", "treadbot", "G4", "W")
    out = move(s, "minionbot")
    assert where(s, "minionbot") == sq("F4")
    assert not stunned(s, "R0") and not damage_lines(out)


def test_right_turner_turns_right_at_the_wall():
    """"ALL Rogues will turn when their move would take them into a wall ... The direction the Rogue
    turns depends on the type" (SERVOBOT: Right); the turn costs no step."""
    s = blank()
    put(s, "servobot1", "servobot", "J4", "E")
    move(s, "servobot1")
    assert where(s, "servobot1") == sq("L7") and facing(s, "servobot1") == "S"


def test_left_turner_turns_left_at_the_wall():
    """MINIONBOT | 1 | 3 | Left: at the wall it turns Left and goes on."""
    s = blank()
    put(s, "minionbot", "minionbot", "J4", "E")
    move(s, "minionbot")
    assert where(s, "minionbot") == sq("L3") and facing(s, "minionbot") == "N"


def test_a_door_is_a_wall_even_for_the_minionbot():
    """"ALL Rogues will turn when their move would take them into a wall, door, ...": on its own move
    the Minionbot does not walk out of the east door (L3); only being driven out rescues it."""
    s = blank()
    put(s, "minionbot", "minionbot", "K3", "E")
    move(s, "minionbot")
    assert where(s, "minionbot") == sq("L1") and not s.rescued


def test_turns_for_a_pit():
    """"... turn when their move would take them into a ... pit": no Rogue walks into a pit."""
    s = blank()
    put(s, "servobot1", "servobot", "C2", "E")
    move(s, "servobot1")
    assert where(s, "servobot1") == sq("D6") and facing(s, "servobot1") == "S"
    assert not s.lost_rogues


@pytest.mark.parametrize(("kind", "bot_id"), [("treadbot", "R0"), ("crate", "crate1")])
def test_turns_for_a_bot_or_a_crate(kind, bot_id):
    """"... turn when their move would take them into a wall, door, crate, pit, or other Bot": it
    neither pushes nor damages what blocks it."""
    s = blank()
    put(s, "servobot1", "servobot", "C4", "E")
    put(s, bot_id, kind, "E4", None if kind == "crate" else "N")
    out = move(s, "servobot1")
    assert where(s, "servobot1") == sq("D8") and where(s, bot_id) == sq("E4")
    assert not damage_lines(out) and bot_id in s.bots and not s.owed


def test_up_to_three_turns_then_the_full_move():
    """"continuing their move in a new direction": wall (W), wall (N), a Bot (E), then free (S) after
    three turns, with all five steps still to go."""
    s = blank()
    put(s, "servobot1", "servobot", "A1", "W")
    put(s, "R0", "treadbot", "B1", "N")
    move(s, "servobot1")
    assert where(s, "servobot1") == sq("A6") and facing(s, "servobot1") == "S"


def test_boxed_in_after_three_turns_it_stops():
    """Reading of "continuing their move in a new direction" (game-data 3.7): up to 3 turns; blocked
    all four ways it stops where it is, facing where its third turn left it."""
    s = blank()
    put(s, "servobot1", "servobot", "A1", "W")
    put(s, "R0", "treadbot", "B1", "N")
    put(s, "R1", "shotbot", "A2", "N")
    out = move(s, "servobot1")
    assert where(s, "servobot1") == sq("A1") and facing(s, "servobot1") == "S"
    assert out == ["Servobot 1: A1 (turns right) (turns right) (turns right) (boxed in: stops)."]


def test_stunned_rogue_only_stands_up():
    """"All it can do on its next turn is stand back up, facing the original direction it faced
    before being stunned." (A stunned Hazbot neither moves nor zaps.)"""
    s = blank()
    put(s, "hazbot1", "hazbot", "C4", "E", stunned=True)
    put(s, "R0", "treadbot", "D4", "N")
    out = move(s, "hazbot1")
    assert where(s, "hazbot1") == sq("C4") and facing(s, "hazbot1") == "E" and not stunned(s, "hazbot1")
    assert not stunned(s, "R0") and out == ["Hazbot 1 stands back up."]


# --- specials -------------------------------------------------------------------------------------

def test_hazbot_damages_the_bot_in_front_after_each_step():
    """HAZBOT: "Any time it moves into a square with a Bot in front of it, that Bot takes 1 damage."
    The Retro is in front after its second step (not at the end); a Bot beside the path is spared."""
    s = blank()
    put(s, "hazbot1", "hazbot", "C4", "E")
    put(s, "R0", "treadbot", "F4", "N")
    put(s, "R1", "shotbot", "D3", "N")
    out = move(s, "hazbot1")
    assert stunned(s, "R0") and not stunned(s, "R1")
    assert where(s, "hazbot1") == sq("E5") and facing(s, "hazbot1") == "S"
    assert len(damage_lines(out)) == 1


def test_lasbot_hits_only_the_first_bot_ahead():
    """LASBOT: "At the end of its move, it fires a LASER straight ahead, doing 1 damage to the first
    Bot it hits." It ends on D4 facing S (it turned at the pit E2)."""
    s = blank()
    put(s, "lasbot1", "lasbot", "C2", "E")
    put(s, "R0", "treadbot", "D7", "N")
    put(s, "R1", "shotbot", "D9", "N")
    out = move(s, "lasbot1")
    assert where(s, "lasbot1") == sq("D4") and facing(s, "lasbot1") == "S"
    assert stunned(s, "R0") and not stunned(s, "R1") and len(damage_lines(out)) == 1


def test_laser_crosses_pits_and_fires_only_at_the_end():
    """"At the end of its move ... straight ahead": over the pit D11 to D12; the Retro on D6 it passes
    beside is not hit during the move."""
    s = blank()
    put(s, "lasbot1", "lasbot", "C2", "E")
    put(s, "R0", "treadbot", "D12", "N")
    put(s, "R1", "shotbot", "E3", "N")
    move(s, "lasbot1")
    assert stunned(s, "R0") and not stunned(s, "R1")


def test_laser_misses_a_retro_waiting_outside():
    """"the exit points are where your Retros will enter the board": a Retro outside the north door
    is off the board, out of the laser's reach."""
    s = blank()
    put(s, "lasbot1", "lasbot", "C4", "N")
    put_outside(s, "R0", "treadbot", 0)
    out = move(s, "lasbot1")
    assert where(s, "lasbot1") == sq("C1") and not stunned(s, "R0")
    assert out[-1] == "Lasbot 1 fires its laser: it hits nothing."


def test_grillbot_flames_front_and_both_front_diagonals():
    """GRILLBOT: "it shoots FLAMES into the 3 squares in front, front left, and front right of it,
    doing 1 hit to any Bots there." It ends on F4 facing E: G4, G3, G5 burn; F3, F5, H4 do not."""
    s = blank()
    put(s, "grillbot1", "grillbot", "C4", "E")
    for n, name in enumerate(("G4", "G3", "G5", "F3", "F5", "H4"), start=1):
        put(s, f"servobot{n}", "servobot", name, "N")
    move(s, "grillbot1")
    assert where(s, "grillbot1") == sq("F4")
    assert [stunned(s, f"servobot{n}") for n in range(1, 7)] == [True, True, True, False, False, False]


def test_grillbot_opens_a_crate():
    """"Crates can be Pushed and Damaged just like Bots." "Any time a crate is damaged, remove it from
    play and draw a CALAMITY card.\""""
    s = blank()
    put(s, "grillbot1", "grillbot", "C4", "E")
    put(s, "crate1", "crate", "G3", None)
    move(s, "grillbot1")
    assert "crate1" not in s.bots and ("calamity", "a crate was damaged") in s.owed


def test_visebot_pushes_instead_of_turning():
    """VISEBOT: "Does not turn to avoid Bots." PUSHING "will PUSH that Bot back one square, if there
    is room" (no damage)."""
    s = blank()
    put(s, "visebot1", "visebot", "C4", "E")
    put(s, "R0", "treadbot", "E4", "N")
    out = move(s, "visebot1")
    assert where(s, "visebot1") == sq("F4") and where(s, "R0") == sq("G4")
    assert not stunned(s, "R0") and not damage_lines(out)


def test_visebot_grinds_once_then_turns_left():
    """VISEBOT: "If it pushes a Bot into a wall or another Bot, continued movement into that Bot will
    GRIND, doing 1 damage to them. It will turn after grinding once." Push to L4, grind, turn Left,
    then its last step north."""
    s = blank()
    put(s, "visebot1", "visebot", "J4", "E")
    put(s, "R0", "treadbot", "K4", "N")
    out = move(s, "visebot1")
    assert where(s, "R0") == sq("L4") and stunned(s, "R0")
    assert where(s, "visebot1") == sq("K3") and facing(s, "visebot1") == "N"
    assert len(damage_lines(out)) == 1 and "Visebot 1 grinds Retro 1 (Treadbot)." in out


def test_visebot_pushes_a_rogue_into_a_pit_kept_by_nobody():
    """"If a Rogue is ever pushed into a pit by accident (another Rogue pushes them in for example),
    no player keeps it." The Visebot itself turns for the pit (Left, twice)."""
    s = blank()
    put(s, "visebot1", "visebot", "C2", "E")
    put(s, "servobot1", "servobot", "D2", "N")
    move(s, "visebot1")
    assert "servobot1" not in s.bots and s.lost_rogues == ("servobot",) and s.kept == ((), ())
    assert where(s, "visebot1") == sq("C1") and facing(s, "visebot1") == "W"


def test_visebot_pushes_a_retro_into_a_pit():
    """"If a Retro ever drives or is pushed into a pit, they must be removed, and a CALAMITY must be
    immediately drawn!\""""
    s = blank()
    put(s, "visebot1", "visebot", "C2", "E")
    put(s, "R0", "treadbot", "D2", "N")
    move(s, "visebot1")
    assert where(s, "R0") is None and s.bots["R0"].outside is not None
    assert any(o[0] == "calamity" for o in s.owed)


def test_progbot_forces_clockwise_from_the_front_without_chains():
    """PROGBOT: "any Bot it moves NEXT to will be forced to move 1 square forward (if multiple Bots
    will be moved, start with the space in front and work around clockwise)." On F4 (facing E) the
    Retro in front (G4, facing S) takes G5 first, so the Servobot on its right (F5, facing E) is
    blocked (no push, no damage); the Retro on its left (F3, facing N) goes to F2."""
    s = blank()
    put(s, "progbot1", "progbot", "C4", "E")
    put(s, "R0", "treadbot", "G4", "S")
    put(s, "servobot1", "servobot", "F5", "E")
    put(s, "R1", "shotbot", "F3", "N")
    out = move(s, "progbot1")
    assert where(s, "progbot1") == sq("F4")
    assert (where(s, "R0"), where(s, "servobot1"), where(s, "R1")) == (sq("G5"), sq("F5"), sq("F2"))
    assert not damage_lines(out) and not any(stunned(s, b) for b in ("R0", "servobot1", "R1"))


def test_progbot_forces_a_rogue_into_a_pit_but_not_a_crate():
    """"forced to move 1 square forward": the Servobot on F5 facing S falls into F6 ("pushed into a
    pit by accident ... no player keeps it"); a crate has no forward and stays."""
    s = blank()
    put(s, "progbot1", "progbot", "C4", "E")
    put(s, "servobot1", "servobot", "F5", "S")
    put(s, "crate1", "crate", "G4", None)
    move(s, "progbot1")
    assert "servobot1" not in s.bots and s.lost_rogues == ("servobot",)
    assert where(s, "crate1") == sq("G4")


def test_forced_retro_into_a_pit_is_lost():
    """"If a Retro ever drives or is pushed into a pit, they must be removed, and a CALAMITY must be
    immediately drawn!" (forced forward from E3 into E2)."""
    s = blank()
    put(s, "R0", "treadbot", "E3", "N")
    out: list[str] = []
    force_forward(s, "R0", out)
    assert where(s, "R0") is None and s.bots["R0"].outside == 0
    assert ("calamity", "Retro 1 was disabled") in s.owed


def test_forced_out_of_doors_and_into_walls():
    """A Retro forced at its door goes out ("start them just outside the Exit point"); the Minionbot
    forced out is rescued ("driving it off the board, out one of the EXIT points") with no Upgrade,
    no Retro did it; to another Rogue a door is wall."""
    s = blank()
    put(s, "R0", "treadbot", "C1", "N")
    put(s, "minionbot", "minionbot", "L3", "E")
    put(s, "servobot1", "servobot", "J12", "S")
    out: list[str] = []
    for bot_id in ("R0", "minionbot", "servobot1"):
        force_forward(s, bot_id, out)
    assert s.bots["R0"].outside == 0 and s.rescued and "minionbot" not in s.bots
    assert where(s, "servobot1") == sq("J12") and not stunned(s, "servobot1") and not s.owed


def test_mag_clamp_is_not_forced():
    """House Upgrade MAG CLAMP: "cannot be pushed, shoved, pulled or forced to move by Rogues (Progbot
    ...)"."""
    s = blank()
    put(s, "R0", "treadbot", "D5", "N")
    s.upgrades = (("mag_clamp",), ())
    out: list[str] = []
    force_forward(s, "R0", out)
    assert where(s, "R0") == sq("D5")


def test_bossbot_moves_five_forces_and_turns_right():
    """BOSSBOT | 1 | 5 | Right | "Functions just like a PROGBOT." Five squares to H4, then the Retro on
    H3 (facing N) next to it is forced to H2."""
    s = blank()
    put(s, "bossbot", "bossbot", "C4", "E")
    put(s, "R0", "treadbot", "H3", "N")
    move(s, "bossbot")
    assert where(s, "bossbot") == sq("H4") and where(s, "R0") == sq("H2")
    t = blank()
    put(t, "bossbot", "bossbot", "J4", "E")
    move(t, "bossbot")
    assert where(t, "bossbot") == sq("L7") and facing(t, "bossbot") == "S"


def test_bossbot_is_immune_to_a_laser():
    """"Bossbots are also immune to damage- they cannot be stunned!\""""
    s = blank()
    put(s, "lasbot1", "lasbot", "A1", "S")
    put(s, "bossbot", "bossbot", "A9", "N")
    out = move(s, "lasbot1")
    assert where(s, "lasbot1") == sq("A4") and not stunned(s, "bossbot")
    assert "Lasbot 1 fires its laser at the Bossbot." in out


# --- order ----------------------------------------------------------------------------------------

def test_rogue_order_nearest_first_then_clockwise():
    """"When moving Rogues, start with the one closest to you and work your way around the board
    clockwise until all have moved." Seat 0 sits at the north door (C1): C3 is nearest; C4, A2, D3 and
    F1 are all 3 away and go clockwise from north around the centre; I9 is farthest. Other types and
    Rogues are not this seat's to move."""
    s = blank()
    s.in_play = s.dealt = ("servobot", "hazbot")
    for n, name in enumerate(("F1", "D3", "A2", "C4", "I9", "C3"), start=1):
        put(s, f"servobot{n}", "servobot", name, "N")
    put(s, "hazbot1", "hazbot", "C2", "N")
    put(s, "bossbot", "bossbot", "D2", "N")
    assert rogue_order(s, 0) == ["servobot6", "servobot4", "servobot3", "servobot2", "servobot1", "servobot5"]


def test_rogue_order_clockwise_starts_from_the_seats_door():
    """"start with the one closest to you and work your way around the board clockwise": seat 1 sits at
    the south door (J12); F11 and J7 are both 5 away, and clockwise from south F11 comes first."""
    s = blank()
    s.in_play = s.dealt = ("servobot", "hazbot")
    put(s, "hazbot1", "hazbot", "J7", "N")
    put(s, "hazbot2", "hazbot", "F11", "N")
    put(s, "hazbot3", "hazbot", "J10", "N")
    assert rogue_order(s, 1) == ["hazbot3", "hazbot2", "hazbot1"]


def test_power_surge_moves_boss_minion_then_each_seat_from_the_pry_bar():
    """TURN ORDER: "move the BOSSBOT if there is one, then the MINIONBOT, then their Rogues"; "The next
    player (to the left of the first player) moves their Rogues"; Power Surge (house card): every Rogue
    on the board moves again."""
    s = blank()
    s.in_play = s.dealt = ("hazbot", "servobot")
    s.pry_bar = 1
    put(s, "hazbot1", "hazbot", "A1", "S")
    put(s, "servobot1", "servobot", "C4", "E")
    put(s, "minionbot", "minionbot", "K12", "N", stunned=True)
    put(s, "bossbot", "bossbot", "H9", "W")
    assert surge_order(s) == ["bossbot", "minionbot", "servobot1", "hazbot1"]
    out: list[str] = []
    move_all(s, out)
    assert [line.split(":")[0].split(" stands")[0] for line in out] == \
        ["the Bossbot", "the Minionbot", "Servobot 1", "Hazbot 1"]
    assert where(s, "servobot1") == sq("H4") and where(s, "hazbot1") == sq("A4")
    assert not stunned(s, "minionbot") and where(s, "minionbot") == sq("K12")


# --- Surplus --------------------------------------------------------------------------------------

def test_surplus_picks_the_type_with_most_figures_available():
    """"If a SURPLUS card is drawn, choose whatever Rogue type already in play that has the most
    available figures": 8 Visebots beat 6 Servobots; with 7 Visebots on the board, Servobots win."""
    s = blank()
    s.in_play = ("servobot", "visebot")
    assert surplus_kind(s) == "visebot"
    for n in range(7):
        put(s, f"visebot{n + 1}", "visebot", (n, 11), "N")
    assert available(s, "visebot") == 1 and surplus_kind(s) == "servobot"


def test_surplus_tie_goes_to_the_first_type_of_the_table():
    """"the most available figures" ties (4 Hazbots, 4 Visebots left): reading, the type listed first
    in the Rogue table (Hazbot before Visebot), whatever the order the types came into play."""
    s = blank()
    s.in_play = ("visebot", "hazbot")
    for n in range(4):
        put(s, f"visebot{n + 1}", "visebot", (n, 11), "N")
    assert surplus_kind(s) == "hazbot"


def test_surplus_with_no_figure_left_does_nothing():
    """"choose whatever Rogue type already in play that has the most available figures": none left."""
    s = blank(seats=1)
    s.in_play = ("hazbot",)
    for n in range(4):
        put(s, f"hazbot{n + 1}", "hazbot", (n, 11), "N")
    before = dict(s.bots)
    assert surplus(s, 0, []) is None and s.bots == before


def test_surplus_enters_through_the_door_and_moves_at_once():
    """Surplus (game-data 3.5): "Place it outside that door, facing inward, and at once move it per its
    card through the door": a Servobot enters C1 and goes on south to C5; ids stay unique."""
    s = blank(seats=1)
    s.in_play = ("servobot",)
    out: list[str] = []
    new = surplus(s, 0, out)
    assert new == "servobot7" and where(s, new) == sq("C5") and s.bots[new].facing == "S"
    assert "Servobot 7 enters through the north door." in out
    second = surplus(s, 0, out)
    assert second == "servobot8" and where(s, second) == sq("C3")  # C5 taken, B4 a pit: it turns back north


def test_surplus_entry_is_a_step_with_its_special():
    """HAZBOT: "Any time it moves into a square with a Bot in front of it, that Bot takes 1 damage."
    Entering C1 with a Retro on C2 zaps it; then it turns Right (west) for the Retro."""
    s = blank(seats=1)
    s.in_play = ("hazbot",)
    put(s, "R0", "treadbot", "C2", "E")
    new = surplus(s, 0, [])
    assert stunned(s, "R0") and where(s, new) == sq("A1") and s.bots[new].facing == "W"


@pytest.mark.parametrize("jammed", [False, True])
def test_surplus_that_cannot_get_on_is_removed(jammed):
    """"If a surplus Rogue is UNABLE to get onto the board after moving (too much stuff in the way),
    they are removed from play." A Retro in the doorway (or jammed doors) keeps it out; it is not a
    disabled Rogue, and the Retro is untouched."""
    s = blank(seats=1)
    s.in_play = ("servobot",)
    if jammed:
        s.jammed_until = s.round
    else:
        put(s, "R0", "treadbot", "C1", "E")
    before = dict(s.bots)
    out: list[str] = []
    assert surplus(s, 0, out) is None
    assert s.bots == before and s.lost_rogues == () and available(s, "servobot") == 6
    assert out[-1] == "Servobot 7 cannot get onto the board and is removed from play."


def test_surplus_visebot_pushes_its_way_in_or_grinds_and_is_removed():
    """VISEBOT: "Does not turn to avoid Bots." It pushes a Retro out of the doorway; if the Retro has no
    room it is ground (1 damage) and the Visebot, "UNABLE to get onto the board", is removed."""
    s = blank(seats=1)
    s.in_play = ("visebot",)
    put(s, "R0", "treadbot", "C1", "E")
    new = surplus(s, 0, [])
    assert where(s, new) == sq("C3") and where(s, "R0") == sq("C4") and not stunned(s, "R0")
    t = blank(seats=1)
    t.in_play = ("visebot",)
    put(t, "R0", "treadbot", "C1", "E")
    put(t, "crate1", "crate", "C2", None)
    assert surplus(t, 0, []) is None and stunned(t, "R0") and available(t, "visebot") == 8


def test_surplus_conserves_the_figures():
    """Rogue table, AMOUNT: SERVOBOT 6. However many Surplus cards come, figures on the board plus
    figures available stay 6, and once all 6 are out nothing more comes."""
    s = blank(seats=1)
    s.in_play = ("servobot",)
    results = []
    for k in range(10):
        results.append(surplus(s, k % 4, []))
        on_board = sum(1 for b in s.bots.values() if b.kind == "servobot")
        assert on_board + available(s, "servobot") == 6 and on_board <= 6
    assert len([r for r in results if r]) == 6 and results[6:] == [None] * 4
    assert len(set(filter(None, results))) == 6
