"""Retro instructions (rules/retro/instructions.py) on hand-made boards. Every test quotes the line of
shared/rulebooks/retro-bots.txt it checks. Squares are board notation (board_helpers.py draws the
board: column D is floor from D1 to D10, the north door is C1, pits E2, F6, F7)."""

import pytest
from board_helpers import blank, put, put_outside, sq, where

from rules.retro.geometry import nearest_door
from rules.retro.instructions import INSTRUCTIONS, hack_targets, run_instruction, shove_options


def run(state, bot_id, instr, credit=0, **kw):
    out: list[str] = []
    run_instruction(state, bot_id, instr, out, credit, **kw)
    return out


def damage_lines(out):
    return [line for line in out if "damage" in line]


def one_per_square(state):
    squares = [b.square for b in state.bots.values() if b.outside is None]
    assert len(squares) == len(set(squares)), "two figures share a square"


def test_instruction_list():
    """The counters: rotate, move 1/2, move 3, back up 2, U-turn, shove, tractor/forcer, program."""
    assert INSTRUCTIONS == ("L", "R", "F1", "F2", "F3", "B2", "U", "SHOVE", "TRACTOR", "FORCER", "PROGRAM")
    with pytest.raises(ValueError):
        run(blank(), "R0", "F4")


# --- rotations and moves ----------------------------------------------------------------------------

@pytest.mark.parametrize(("instr", "facing"), [("L", "W"), ("R", "E"), ("U", "S")])
def test_rotations(instr, facing):
    """'Rotate in place 90 degrees to the Right or Left.' 'Rotate in place 180 degrees.'"""
    s = blank()
    put(s, "R0", "treadbot", "D5", "N")
    out = run(s, "R0", instr)
    assert s.bots["R0"].facing == facing and where(s, "R0") == sq("D5")
    assert out == [f"Retro 1 (Treadbot) turns {dict(L='left', R='right', U='around')[instr]} (N → {facing})."]


@pytest.mark.parametrize(("instr", "end"), [("F1", "D7"), ("F2", "D6"), ("F3", "D5")])
def test_forward_moves(instr, end):
    """'Move forward 1 or 2 squares. You must move that far.' 'Move forward 3 squares.'"""
    s = blank()
    put(s, "R0", "treadbot", "D8", "N")
    out = run(s, "R0", instr)
    assert where(s, "R0") == sq(end) and s.bots["R0"].facing == "N"
    assert out[0] == f"Retro 1 (Treadbot) moves {instr[1]} (D8 → {end})."


def test_move_pushes_one_square_per_step():
    """'PUSHING- during normal movement, all Retros (except nanobots) that move INTO a square occupied by
    another Bot will PUSH that Bot back one square, if there is room.'"""
    s = blank()
    put(s, "R0", "treadbot", "D8", "N")
    put(s, "servobot1", "servobot", "D7", "E")
    out = run(s, "R0", "F2")
    assert where(s, "R0") == sq("D6") and where(s, "servobot1") == sq("D5")
    assert not s.bots["servobot1"].stunned and s.bots["servobot1"].facing == "E"
    assert "Retro 1 (Treadbot) pushes Servobot 1." in out


def test_wall_blocks_without_damage():
    """'Note the walls are around the outside': a move into the wall goes nowhere and hurts nobody."""
    s = blank()
    put(s, "R0", "treadbot", "D1", "N")
    out = run(s, "R0", "F2")
    assert where(s, "R0") == sq("D1") and not s.bots["R0"].stunned and not damage_lines(out)


def test_grinding_each_step_does_one_damage():
    """'GRINDING: If there is no room to push a Bot (because there is a wall or another Bot in the way),
    each "move" will not change the position of the Bots, but the Bot being pushed will take 1 damage.'
    Each of Move 2's two steps grinds: the Armor Plating takes the first, the second stuns."""
    s = blank()
    put(s, "R0", "treadbot", "D2", "N")
    put(s, "R1", "shotbot", "D1", "E")
    s.upgrades = ((), ("armor",))
    out = run(s, "R0", "F2")
    assert where(s, "R0") == sq("D2") and where(s, "R1") == sq("D1")
    assert s.armor_used[1] and s.bots["R1"].stunned and len(damage_lines(out)) == 1
    assert sum("grinds against" in line for line in out) == 2


def test_no_chain_pushes():
    """'If there is no room to push a Bot (because there is a wall or another Bot in the way) ... the Bot
    being pushed will take 1 damage.' A pushes B toward C: nobody moves, only B is hurt."""
    s = blank()
    put(s, "R0", "treadbot", "D8", "N")
    put(s, "servobot1", "servobot", "D7", "N")
    put(s, "visebot1", "visebot", "D6", "N")
    run(s, "R0", "F1")
    assert [where(s, b) for b in ("R0", "servobot1", "visebot1")] == [sq("D8"), sq("D7"), sq("D6")]
    assert s.bots["servobot1"].stunned and not s.bots["visebot1"].stunned


def test_back_up_pushes_behind_and_keeps_facing():
    """'Back up 2 squares.' with 'You may Push as part of a move.'"""
    s = blank()
    put(s, "R0", "treadbot", "D5", "N")
    put(s, "servobot1", "servobot", "D6", "W")
    out = run(s, "R0", "B2")
    assert where(s, "R0") == sq("D7") and where(s, "servobot1") == sq("D8")
    assert s.bots["R0"].facing == "N" and out[0] == "Retro 1 (Treadbot) backs up 2 (D5 → D7)."


@pytest.mark.parametrize(("instr", "turbo", "end"), [("F2", True, "D5"), ("F2", False, "D6"), ("F1", True, "D7")])
def test_turbo_makes_move_2_move_3(instr, turbo, end):
    """House Upgrade Turbo: 'The first Move 2 of each program moves 3 squares.'"""
    s = blank()
    put(s, "R0", "treadbot", "D8", "N")
    run(s, "R0", instr, turbo=turbo)
    assert where(s, "R0") == sq(end)


# --- pits ---------------------------------------------------------------------------------------------

def test_pushing_a_rogue_into_a_pit_keeps_it():
    """'If a Retro pushes, shoves, or pulls a Rogue into a pit, the Rogue is removed and kept by that
    player.'"""
    s = blank()
    put(s, "R1", "shotbot", "E4", "N")
    put(s, "servobot1", "servobot", "E3", "N")
    run(s, "R1", "F1", credit=1)
    assert "servobot1" not in s.bots and s.kept == ((), ("servobot",)) and where(s, "R1") == sq("E3")


def test_retro_driving_into_a_pit_is_lost_and_the_move_stops():
    """'If a Retro ever drives or is pushed into a pit, they must be removed, and a CALAMITY must be
    immediately drawn! Discard any upgrade cards ... choose a different type of Retro ... start them just
    outside the Exit point nearest the pit they fell into.' Move 3's last step does not bring it back in."""
    s = blank()
    put(s, "R0", "treadbot", "E4", "N")
    s.upgrades = (("turbo",), ())
    out = run(s, "R0", "F3")
    door = nearest_door(sq("E2"))
    assert s.bots["R0"].outside == door and where(s, "R0") is None
    assert s.upgrades[0] == ()
    assert [o[0] for o in s.owed] == ["calamity", "retype"] and s.owed[1] == ("retype", 0, "treadbot")
    assert out[0] == "Retro 1 (Treadbot) moves 3 (E4 → E2)." and not any("enters" in line for line in out)


def test_crate_pushed_into_a_pit_fills_it():
    """'Any time a Crate is pushed into a PIT, draw a CALAMITY card. The crate stays in the pit, filling
    it like a normal square, and can't be pushed or damaged anymore.'"""
    s = blank()
    put(s, "R0", "treadbot", "E4", "N")
    put(s, "crate1", "crate", "E3", None)
    run(s, "R0", "F1")
    assert "crate1" not in s.bots and sq("E2") in s.filled and [o[0] for o in s.owed] == ["calamity"]
    run(s, "R0", "F1")  # the filled pit is floor now
    assert where(s, "R0") == sq("E2") and s.bots["R0"].outside is None


def test_crate_damaged_is_opened():
    """'Any time a crate is damaged, remove it from play and draw a CALAMITY card.' 'If a Crate is damaged
    when adjacent to a RETRO, that retro may immediately take an UPGRADE card!' Move 2's second step then
    finds the square free."""
    s = blank()
    put(s, "R0", "treadbot", "D2", "N")
    put(s, "R1", "shotbot", "E1", "S")
    put(s, "crate1", "crate", "D1", None)
    run(s, "R0", "F2")
    assert "crate1" not in s.bots and where(s, "R0") == sq("D1")
    assert s.owed[0] == ("calamity", "a crate was damaged")
    assert sorted(o[:2] for o in s.owed[1:]) == [("upgrade", 0), ("upgrade", 1)]


def test_bossbot_is_immune_to_damage():
    """'Bossbots are also immune to damage- they cannot be stunned!'"""
    s = blank()
    put(s, "R0", "treadbot", "D2", "N")
    put(s, "bossbot", "bossbot", "D1", "E")
    out = run(s, "R0", "F1")
    assert not s.bots["bossbot"].stunned and where(s, "bossbot") == sq("D1")
    assert "the Bossbot shrugs off the damage (immune)." in out


# --- nanobots -----------------------------------------------------------------------------------------

def test_nanobot_passes_between_legs_without_pushing():
    """'They may move right through another Bot (between his legs)' and 'cannot push or grind other Bots'."""
    s = blank(types=("nanobot", "shotbot"))
    put(s, "R0", "nanobot", "D8", "N")
    put(s, "servobot1", "servobot", "D7", "N")
    run(s, "R0", "F2")
    assert where(s, "R0") == sq("D6") and where(s, "servobot1") == sq("D7")
    assert not s.bots["servobot1"].stunned


@pytest.mark.parametrize(("blockers", "end"), [(("D6",), "D7"), (("D7", "D6"), "D8"), (("D7",), "D8")])
def test_nanobot_never_ends_on_a_bot(blockers, end):
    """'... but cannot end a move in the same square as another Bot.' It ends on the last free square it
    passed, and grinds nobody."""
    s = blank(types=("nanobot", "shotbot"))
    put(s, "R0", "nanobot", "D8", "N")
    for i, square in enumerate(blockers):
        put(s, f"servobot{i + 1}", "servobot", square, "N")
    run(s, "R0", "F2" if blockers != ("D7",) else "F1")
    assert where(s, "R0") == sq(end)
    assert [where(s, f"servobot{i + 1}") for i in range(len(blockers))] == [sq(b) for b in blockers]
    assert not any(s.bots[f"servobot{i + 1}"].stunned for i in range(len(blockers)))
    one_per_square(s)


def test_nanobot_hacked_by_another_retro_still_does_not_push():
    """'Nanobots are very small, so they cannot push or grind other Bots' whoever programs them."""
    s = blank(types=("shotbot", "nanobot"))
    put(s, "R1", "nanobot", "D8", "N")
    put(s, "servobot1", "servobot", "D7", "N")
    put(s, "servobot2", "servobot", "D6", "N")
    run(s, "R1", "F3", credit=0)
    assert where(s, "R1") == sq("D5") and where(s, "servobot1") == sq("D7") and where(s, "servobot2") == sq("D6")


def test_nanobot_falls_into_a_pit_it_passes():
    """Passing 'between his legs' does not carry it over a pit: 'If a Retro ever drives ... into a pit,
    they must be removed'."""
    s = blank(types=("nanobot", "shotbot"))
    put(s, "R0", "nanobot", "F9", "N")
    put(s, "servobot1", "servobot", "F8", "N")
    run(s, "R0", "F3")
    assert s.bots["R0"].outside is not None and s.owed[0][0] == "calamity"


def test_crate_stops_a_nanobot():
    """Reading: a crate has no legs to pass between ('between his legs'), and a Nanobot cannot push it."""
    s = blank(types=("nanobot", "shotbot"))
    put(s, "R0", "nanobot", "D8", "N")
    put(s, "crate1", "crate", "D7", None)
    run(s, "R0", "F2")
    assert where(s, "R0") == sq("D8") and where(s, "crate1") == sq("D7") and s.owed == ()


def test_nanobot_pushed_and_damaged():
    """'they CAN be pushed or grinded by other Bots!' 'If a Nanobot takes any damage, it is disabled and
    must be removed (as falling into a pit, see below).'"""
    s = blank(types=("treadbot", "nanobot"))
    put(s, "R0", "treadbot", "D8", "N")
    put(s, "R1", "nanobot", "D7", "N")
    run(s, "R0", "F1")
    assert where(s, "R1") == sq("D6")
    put(s, "R0", "treadbot", "D2", "N")
    put(s, "R1", "nanobot", "D1", "N")
    run(s, "R0", "F1")
    assert s.bots["R1"].outside == nearest_door(sq("D1")) and where(s, "R0") == sq("D2")
    assert [o[0] for o in s.owed] == ["calamity", "retype"]


# --- doors --------------------------------------------------------------------------------------------

def test_entering_through_a_door():
    """'They will enter the board on their first move (you must move forward through the door with your
    first program instruction!).'"""
    s = blank()
    put_outside(s, "R0", "treadbot", 0)
    run(s, "R0", "F2")
    assert where(s, "R0") == sq("C2") and s.bots["R0"].facing == "S"


def test_entering_pushes_whoever_stands_inside():
    """'PUSHING- ... that move INTO a square occupied by another Bot will PUSH that Bot back one square.'"""
    s = blank()
    put_outside(s, "R0", "treadbot", 0)
    put(s, "servobot1", "servobot", "C1", "N")
    run(s, "R0", "F1")
    assert where(s, "R0") == sq("C1") and where(s, "servobot1") == sq("C2")
    put_outside(s, "R1", "shotbot", 0)  # Retro 1 on C1 has Servobot 1 behind: the step grinds it
    run(s, "R1", "F1", credit=1)
    assert s.bots["R1"].outside == 0 and where(s, "R0") == sq("C1") and s.bots["R0"].stunned


@pytest.mark.parametrize("instr", ["L", "R", "U", "B2", "SHOVE", "TRACTOR", "FORCER", "PROGRAM"])
def test_outside_only_a_forward_move_comes_in(instr):
    """'you must move forward through the door': anything else leaves it waiting outside."""
    s = blank()
    waiting = put_outside(s, "R0", "treadbot", 0)
    put(s, "servobot1", "servobot", "C1", "N")
    assert run(s, "R0", instr, shove="forward") == [] and s.bots["R0"] == waiting


def test_nanobot_entering_passes_a_bot_in_the_doorway():
    """'cannot end a move in the same square as another Bot': Move 1 leaves it outside, Move 2 passes."""
    s = blank(types=("nanobot", "shotbot"))
    put_outside(s, "R0", "nanobot", 0)
    put(s, "servobot1", "servobot", "C1", "N")
    run(s, "R0", "F1")
    assert s.bots["R0"].outside == 0
    run(s, "R0", "F2")
    assert where(s, "R0") == sq("C2") and where(s, "servobot1") == sq("C1")


def test_driving_out_of_a_door_ends_the_move():
    """'the exit points are where your Retros will enter the board': a Retro that drives out waits
    outside and 'may move onto the board as part of their next move'."""
    s = blank()
    put(s, "R0", "treadbot", "C2", "N")
    run(s, "R0", "F3")
    assert s.bots["R0"].outside == 0


def test_gone_bot_does_nothing():
    """A Bot that fell into a pit is 'removed': its instructions do nothing."""
    s = blank()
    assert run(s, "servobot9", "F2") == []


# --- SHOVE --------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("direction", "end"), [("left", "E4"), ("right", "E6"), ("forward", "F5")])
def test_shove_directions(direction, end):
    """'SHOVE. May move a Bot that is directly in front of you 1 square to the LEFT, RIGHT, or FORWARD.'"""
    s = blank()
    put(s, "R0", "treadbot", "D5", "E")
    put(s, "servobot1", "servobot", "E5", "N")
    assert shove_options(s, "R0") == ("left", "right", "forward")
    run(s, "R0", "SHOVE", shove=direction)
    assert where(s, "servobot1") == sq(end) and where(s, "R0") == sq("D5") and not s.bots["servobot1"].stunned


def test_shove_with_nothing_in_front():
    """'May move a Bot that is directly in front of you': no Bot, nothing moves."""
    s = blank()
    put(s, "R0", "treadbot", "D5", "E")
    put(s, "servobot1", "servobot", "D4", "N")
    assert shove_options(s, "R0") == ()
    run(s, "R0", "SHOVE")
    assert where(s, "servobot1") == sq("D4") and where(s, "R0") == sq("D5")


def test_shove_into_a_wall_or_a_bot_damages():
    """'Shoving a Bot into a wall or another Bot will do 1 damage.'"""
    s = blank()
    put(s, "R0", "treadbot", "D2", "N")
    put(s, "servobot1", "servobot", "D1", "N")
    put(s, "visebot1", "visebot", "C1", "N")
    run(s, "R0", "SHOVE", shove="forward")
    assert where(s, "servobot1") == sq("D1") and s.bots["servobot1"].stunned
    put(s, "servobot1", "servobot", "D1", "N")
    run(s, "R0", "SHOVE", shove="left")
    assert s.bots["servobot1"].stunned and not s.bots["visebot1"].stunned and where(s, "visebot1") == sq("C1")


def test_shove_into_a_pit():
    """'If a Retro pushes, shoves, or pulls a Rogue into a pit, the Rogue is removed and kept by that
    player.'"""
    s = blank()
    put(s, "R1", "shotbot", "F3", "N")
    put(s, "hazbot1", "hazbot", "F2", "N")
    run(s, "R1", "SHOVE", credit=1, shove="left")
    assert "hazbot1" not in s.bots and s.kept[1] == ("hazbot",)


def test_shove_a_crate():
    """'Crates can be Pushed and Damaged just like Bots.'"""
    s = blank()
    put(s, "R0", "treadbot", "D3", "N")
    put(s, "crate1", "crate", "D2", None)
    run(s, "R0", "SHOVE", shove="forward")
    assert where(s, "crate1") == sq("D1") and s.owed == ()


# --- TRACTOR / FORCER -----------------------------------------------------------------------------

@pytest.mark.parametrize(("distance", "final"), [(1, 1), (2, 1), (3, 1), (4, 2), (5, 4), (6, 6), (7, 7)])
def test_tractor_distances(distance, final):
    """'6 minus the distance = the number of squares you must PULL ... You cannot pull a Bot any closer
    than the square in front of you.'"""
    s = blank()
    put(s, "R1", "shotbot", "D10", "N")
    put(s, "servobot1", "servobot", (3, 9 - distance), "S")
    run(s, "R1", "TRACTOR", credit=1)
    assert where(s, "servobot1") == (3, 9 - final) and s.bots["servobot1"].facing == "S"
    assert not s.bots["servobot1"].stunned and not s.bots["R1"].stunned


@pytest.mark.parametrize(("distance", "final"), [(1, 6), (3, 6), (5, 6), (6, 6), (7, 7)])
def test_forcer_distances(distance, final):
    """'6 minus the distance = the number of squares you must PULL (or PUSH) the target.'"""
    s = blank()
    put(s, "R1", "shotbot", "D10", "N")
    put(s, "servobot1", "servobot", (3, 9 - distance), "S")
    run(s, "R1", "FORCER", credit=1)
    assert where(s, "servobot1") == (3, 9 - final) and not s.bots["servobot1"].stunned


def test_beam_targets_only_the_first_bot():
    """'You may only target the first Bot in front of you.'"""
    s = blank()
    put(s, "R1", "shotbot", "D10", "N")
    put(s, "servobot1", "servobot", "D8", "N")
    put(s, "visebot1", "visebot", "D6", "N")
    run(s, "R1", "TRACTOR", credit=1)
    assert where(s, "servobot1") == sq("D9") and where(s, "visebot1") == sq("D6")


def test_tractor_over_a_pit():
    """'If the target passes over a pit, they fall in.' The open pits between do not stop the beam."""
    s = blank()
    put(s, "R1", "shotbot", "F10", "N")
    put(s, "lasbot1", "lasbot", "F5", "S")
    run(s, "R1", "TRACTOR", credit=1)
    assert "lasbot1" not in s.bots and s.kept[1] == ("lasbot",)


def test_forcer_over_a_pit():
    """'If the target passes over a pit, they fall in.'"""
    s = blank()
    put(s, "R1", "shotbot", "F10", "N")
    put(s, "lasbot1", "lasbot", "F9", "S")
    run(s, "R1", "FORCER", credit=1)
    assert "lasbot1" not in s.bots and s.kept[1] == ("lasbot",)


def test_forcer_into_a_wall_does_one_damage():
    """'Pushing a Bot into another Bot or a wall will do 1 damage to the target': once, not per square
    left (the Armor Plating takes it, so a second damage would stun)."""
    s = blank()
    put(s, "R1", "shotbot", "D4", "N")
    put(s, "R0", "treadbot", "D2", "E")
    s.upgrades = (("armor",), ())
    run(s, "R1", "FORCER", credit=1)
    assert where(s, "R0") == sq("D1") and s.armor_used[0] and not s.bots["R0"].stunned


def test_forcer_does_not_push_other_bots():
    """'Pushing a Bot into another Bot or a wall will do 1 damage to the target (they do not push other
    Bots).'"""
    s = blank()
    put(s, "R1", "shotbot", "D10", "N")
    put(s, "servobot1", "servobot", "D8", "N")
    put(s, "visebot1", "visebot", "D6", "N")
    put(s, "crate1", "crate", "D5", None)
    run(s, "R1", "TRACTOR", credit=1)  # pulls Servobot 1 out of the way to D9
    run(s, "R1", "FORCER", credit=1)
    assert where(s, "servobot1") == sq("D7") and s.bots["servobot1"].stunned
    assert where(s, "visebot1") == sq("D6") and not s.bots["visebot1"].stunned and "crate1" in s.bots


def test_forcer_rescues_the_minionbot_through_a_door():
    """'Players should try to rescue the minionbot by driving it off the board, out one of the EXIT
    points.' 'Retro rescues a Minionbot' earns an Upgrade."""
    s = blank()
    put(s, "R1", "shotbot", "C6", "N")
    put(s, "minionbot", "minionbot", "C4", "S")
    run(s, "R1", "FORCER", credit=1)
    assert "minionbot" not in s.bots and s.rescued and s.owed == (("upgrade", 1, "rescued the Minionbot"),)


def test_forcer_other_rogues_meet_a_door_as_wall():
    """'ALL Rogues will turn when their move would take them into a wall, door, ...': a door is wall."""
    s = blank()
    put(s, "R1", "shotbot", "C6", "N")
    put(s, "servobot1", "servobot", "C4", "S")
    run(s, "R1", "FORCER", credit=1)
    assert where(s, "servobot1") == sq("C1") and s.bots["servobot1"].stunned


# --- PROGRAM ------------------------------------------------------------------------------------------

def test_hack_targets():
    """'Any instructions AFTER a program instruction may be applied to any Bot adjacent to you.'
    'Bossbots are immune to hacking- they cannot be programmed.' Crates are not Bots to program."""
    s = blank(types=("nanobot", "shotbot"))
    put(s, "R0", "nanobot", "D5", "N")
    put(s, "R1", "shotbot", "C5", "N")
    put(s, "servobot1", "servobot", "D4", "N")
    put(s, "crate1", "crate", "E5", None)
    put(s, "bossbot", "bossbot", "D6", "N")
    put(s, "hazbot1", "hazbot", "E4", "N")  # diagonal: not adjacent
    before = dict(s.bots)
    run(s, "R0", "PROGRAM")
    assert s.bots == before
    assert hack_targets(s, "R0") == ["R0", "servobot1", "R1"]


def test_hacked_rogue_driven_into_a_pit_is_kept_by_the_hacker():
    """'This overrides a Rogue's auto-turning system, so you can drive them into pits or other Bots!'"""
    s = blank(types=("nanobot", "shotbot"))
    put(s, "servobot1", "servobot", "E4", "N")
    put(s, "visebot1", "visebot", "E3", "N")
    run(s, "servobot1", "F1", credit=0)
    assert "visebot1" not in s.bots and s.kept[0] == ("visebot",)
    run(s, "servobot1", "F1", credit=0)
    assert "servobot1" not in s.bots and s.kept[0] == ("visebot", "servobot")
