"""The Retro Bots vs Rogues engine on the platform's contract (rules/retro/engine.py, flow.py,
programs.py, calamity.py): setup, programming limits, the run's order and steps, stun, the choices a
player makes while a program runs, Calamities, Upgrades, surrender, winning and losing. Quotes are from
shared/rulebooks/retro-bots.txt."""

from __future__ import annotations

from dataclasses import replace

import pytest
from board_helpers import blank, put, sq, where

from rules.core.engine import SYSTEM
from rules.core.errors import IllegalAction
from rules.retro import ENGINE as E
from rules.retro import calamity, flow
from rules.retro.actions import (
    Add,
    ChooseType,
    Decline,
    Keep,
    Lock,
    SetProgram,
    Shove,
    Step,
    Surrender,
    TakeUpgrade,
    Target,
    format_action,
    parse_action,
)
from rules.retro.data import game_data
from rules.retro.state import Cursor


def started(n=2, types=("treadbot", "shotbot", "nanobot", "treadbot"), **raw):
    s = E.new_game(3, E.parse_options(raw), E.seat_plan(E.parse_options(raw)).labels[:n])
    for seat in range(n):
        s, _ = E.apply(s, seat, ChooseType(types[seat]))
    return s


def running(state, seat, program):
    """``state`` with ``seat``'s program running from its first instruction."""
    s = state.clone()
    programs = list(s.programs) if s.programs else [()] * len(s.seats)
    programs[seat] = tuple(program)
    s.programs, s.phase, s.queue = tuple(programs), "run", ()
    s.cursor, s.ran = Cursor(seat, 0, len(program)), ()
    flow.prepare(s)
    return s


def steps(s, n=50):
    for _ in range(n):
        pending = E.pending(s)
        if SYSTEM not in pending:
            break
        s, _ = E.apply(s, SYSTEM, Step())
    return s


def test_setup_places_only_the_drawn_types_and_retros_outside_the_doors():
    """"shuffle and draw a Rogue Card for each player ... go around the table placing one rogue each
    until all are placed"; "Each player should place their Retro outside one of the doors\""""
    s = started(3, bossbot="yes", minionbot="yes")
    counts = {k: sum(b.kind == k for b in s.bots.values()) for k in s.in_play}
    assert len(s.in_play) == 3 and all(counts[k] == game_data().rogue(k).count for k in s.in_play)
    assert "bossbot" in s.bots and "minionbot" in s.bots
    assert all(s.retro(seat).outside is not None for seat in range(3))
    assert s.phase == "program" and s.round == 1


def test_program_limits_per_retro_type():
    """"TREADBOT- May take up to THREE LOADER"; "SHOTBOT- May take ONE LOADER and ONE SHOOTER";
    "NANOBOT- May take any number of HACKER"; "All Retros may take up 6 instructions\""""
    s = started(3)
    ok = {0: "F1 F3 B2 U", 1: "F1 SHOVE TRACTOR", 2: "F1 PROGRAM PROGRAM PROGRAM"}
    bad = {0: "F1 F3 B2 U SHOVE", 1: "F1 SHOVE U", 2: "F1 SHOVE"}
    for seat in range(3):
        t, _ = E.apply(s, seat, parse_action(f"program {ok[seat]}"))
        assert t.programs[seat] == tuple(ok[seat].split())
        with pytest.raises(IllegalAction):
            E.apply(s, seat, parse_action(f"program {bad[seat]}"))
    with pytest.raises(IllegalAction, match="at most 6"):
        E.apply(s, 0, parse_action("program F1 L R F1 F2 L R"))
    with pytest.raises(IllegalAction, match="TRACTOR|SHOOTER"):
        E.apply(s, 0, parse_action("program F1 TRACTOR"))


def test_a_retro_outside_must_move_through_the_door_first():
    """"you must move forward through the door with your first program instruction!\""""
    s = started(2)
    with pytest.raises(IllegalAction, match="first instruction must move it forward"):
        E.apply(s, 0, Add("L"))
    assert Add("L") not in E.legal_actions(s, 0) and Add("F1") in E.legal_actions(s, 0)


def test_upgrades_change_the_limits():
    """House Upgrades: Extra Memory (7 instructions), Loader Arm (+1 LOADER)."""
    s = started(2)
    s.upgrades = (("memory", "loader_arm"), ())
    t, _ = E.apply(s, 0, parse_action("program F1 F3 B2 U SHOVE L R"))
    assert len(t.programs[0]) == 7


def test_programs_are_hidden_until_they_run():
    """Programs are secret (house rule): building one says nothing in public; the public view is the same."""
    s = started(2)
    a, events_a = E.apply(s, 0, parse_action("program F2 L"))
    b, events_b = E.apply(s, 0, parse_action("program F1 R"))
    assert E.public_view(a) == E.public_view(b) and events_a == events_b == []
    assert E.public_action(s, 0, parse_action("program F2 L")) == ""


def test_when_all_lock_the_service_measures_the_time_left_then_the_run_goes_in_order():
    """"The player with the Pry Bar goes FIRST. That player must move the BOSSBOT if there is one, then the
    MINIONBOT, then their Rogues, and finally their Retro must run its program.\""""
    s = started(2, bossbot="yes", minionbot="yes")
    for seat in (0, 1):
        s, _ = E.apply(s, seat, parse_action("program F1"))
        s, _ = E.apply(s, seat, Lock())
    decision = E.pending(s)[SYSTEM]
    assert decision.measure == "clock {seconds}"
    s, _ = E.apply(s, SYSTEM, parse_action("clock 25"))
    assert s.bank == 25 and s.queue[:4] == ("rogue:bossbot", "rogue:minionbot", "rogues:0", "retro:0")
    assert s.queue[4:] == ("rogues:1", "retro:1")
    s = steps(s, 200)
    assert s.round == 2 and s.pry_bar == 1 and E.pending(s)[0].time_limit == 60 + 25


def test_a_stunned_retro_stands_up_and_runs_only_three_instructions():
    """"On its next turn it will stand back up ... and run ONLY the first 3 instructions it has programmed.\""""
    s = blank(1, ("treadbot",))
    put(s, "R0", "treadbot", "B6", "E", stunned=True)
    put(s, "servobot1", "servobot", "L12", "N")
    s.programs = (("R", "R", "R", "R", "L"),)
    s.queue = ("retro:0",)
    s = steps(s, 3)
    assert s.bots["R0"].facing == "N" and not s.bots["R0"].stunned  # three right turns (E→S→W→N), not five
    assert "Retro 1 stands back up and runs only its first 3 instructions." in s.events
    assert sum("turns right" in e for e in s.events) == 3 and s.round == 2


def test_a_retro_stunned_while_running_loses_the_rest():
    """"If it is stunned while executing instructions, any remaining instructions are discarded.\""""
    s = blank(1, ("treadbot",))
    put(s, "R0", "treadbot", "H8", "E")
    put(s, "servobot1", "servobot", "L12", "N")
    s = running(s, 0, ("F1", "L", "L"))
    s = steps(s, 1)  # F1 runs; then something stuns it (a Short Circuit drawn, say)
    s.bots["R0"] = replace(s.bots["R0"], stunned=True)
    out: list[str] = []
    flow.settle(s, out)
    assert s.cursor is None and "remaining instructions are discarded" in " ".join(out)
    assert s.bots["R0"].facing == "E" and s.round == 2  # the two left turns never ran; the round ended


def test_shove_asks_for_a_direction_as_it_runs():
    """"Some instructions, like SHOVE, give you a choice of direction at the time they are run.\""""
    s = blank(1, ("treadbot",))
    put(s, "R0", "treadbot", "D4", "E")
    put(s, "servobot1", "servobot", "E4", "N")
    s = running(s, 0, ("SHOVE",))
    assert set(E.pending(s)) == {0}
    assert E.legal_actions(s, 0) == [Shove("left"), Shove("right"), Shove("forward")]
    t, _ = E.apply(s, 0, Shove("right"))
    assert where(t, "servobot1") == sq("E5")


def test_program_lets_the_player_drive_an_adjacent_bot():
    """"Any instructions AFTER a program instruction may be applied to any Bot adjacent to you ... so
    you can drive them into pits" (the Rogue falls: kept by the hacker)."""
    s = blank(1, ("nanobot",))
    put(s, "R0", "nanobot", "F3", "S")
    put(s, "visebot1", "visebot", "F2", "W")  # next to the Nanobot; in front of it, E2 is a pit
    put(s, "servobot1", "servobot", "L12", "N")
    s = running(s, 0, ("PROGRAM", "F1"))
    s = steps(s, 1)  # PROGRAM runs
    assert set(E.pending(s)) == {0} and Target("V1") in E.legal_actions(s, 0)
    t, _ = E.apply(s, 0, Target("V1"))
    assert "visebot1" not in t.bots and t.kept[0] == ("visebot",)


@pytest.mark.parametrize("kind", ["catastrophe", "surplus", "power_surge", "short_circuit", "reboot",
                                  "reverse_polarity", "rush_job", "jammed_doors", "salvage", "all_quiet"])
def test_each_calamity(kind):
    """CALAMITY CARDS: "draw a calamity card and follow the instructions on the card" (house cards)."""
    s = blank(2, ("treadbot", "shotbot"))
    s.in_play = ("servobot", "hazbot")
    put(s, "R0", "treadbot", "C3", "E")
    put(s, "servobot1", "servobot", "D3", "S", stunned=True)
    put(s, "hazbot1", "hazbot", "K11", "N")
    card = next(c for c in game_data().calamities if c.kind == kind)
    s.deck = (card.id, *(c for c in s.deck if c != card.id))
    out: list[str] = []
    calamity.draw(s, "test", out)
    if kind == "catastrophe":
        assert s.catastrophes == (card.id,)
    else:
        assert s.discard[-1] == card.id
    if kind == "surplus":
        assert sum(b.kind == "servobot" for b in s.bots.values()) == 2  # most figures left: Servobots (6)
    if kind == "short_circuit":
        assert s.bots["R0"].stunned
    if kind == "reboot":
        assert not s.bots["servobot1"].stunned
    if kind == "reverse_polarity":
        assert s.bots["hazbot1"].facing == "S"
    if kind == "rush_job":
        s.round, s.timer = 1, 60
        from rules.retro.present import timer_now

        assert timer_now(s) == 30
    if kind == "jammed_doors":
        assert s.jammed_until == s.round + 1
    if kind == "salvage":
        assert s.owed == (("upgrade", s.pry_bar, "Salvage"),)
    if kind == "power_surge":
        assert where(s, "hazbot1") != sq("K11")


def test_three_catastrophes_lose_and_all_rogues_disabled_win():
    """"If three CATASTROPHE cards are ever face up on the table, the players have lost." "If ALL the
    Rogues are disabled, the players have won!\""""
    s = blank(1, ("treadbot",))
    put(s, "servobot1", "servobot", "L12", "N")
    cats = [c.id for c in game_data().calamities if c.kind == "catastrophe"]
    s.deck, s.catastrophes = tuple(cats[2:]), tuple(cats[:2])
    calamity.draw(s, "test", [])
    assert s.result == "loss" and E.outcome(s).result == "loss"
    w = blank(1, ("treadbot",))
    put(w, "R0", "treadbot", "C2", "E")
    put(w, "servobot1", "servobot", "D2", "N")  # the last Rogue; E2 behind it is a pit
    w = running(w, 0, ("F1",))
    w = steps(w, 1)
    assert w.result == "win" and E.outcome(w).winners == (0,)


def test_an_earned_upgrade_is_chosen_face_up_and_limited_to_two():
    """"the player may immediately choose an upgrade card"; "You may have up to two upgrades in play.\""""
    s = blank(1, ("treadbot",))
    put(s, "R0", "treadbot", "C3", "E")
    put(s, "servobot1", "servobot", "L12", "N")
    s.owed, s.queue = (("upgrade", 0, "Salvage"),), ("rogues:0",)
    assert set(E.pending(s)) == {0} and TakeUpgrade("armor") in E.legal_actions(s, 0)
    t, _ = E.apply(s, 0, TakeUpgrade("turbo"))
    assert t.upgrades[0] == ("turbo",)
    full = s.clone()
    full.upgrades = (("armor", "memory"),)
    out: list[str] = []
    flow.settle(full, out)
    assert "no room" in " ".join(out) and not full.owed
    d, _ = E.apply(s, 0, Decline())
    assert d.upgrades[0] == ()


def test_a_lost_retro_chooses_a_different_type_and_waits_outside_the_nearest_exit():
    """"choose a different type of Retro to replace the lost one, and start them just outside the Exit
    point nearest the pit they fell into.\""""
    s = blank(1, ("treadbot",))
    put(s, "R0", "treadbot", "B3", "S")  # (1,2); the pit (1,3) is in front
    put(s, "servobot1", "servobot", "L12", "N")
    s = running(s, 0, ("F1",))
    s = steps(s, 1)
    assert s.bots["R0"].outside == 0 and s.discard  # a Calamity was drawn
    assert set(E.pending(s)) == {0} and ChooseType("treadbot") not in E.legal_actions(s, 0)
    t, _ = E.apply(s, 0, ChooseType("nanobot"))
    assert t.retro_types[0] == "nanobot" and t.bots["R0"].kind == "nanobot"


def test_surrendering_an_upgrade_buries_a_catastrophe():
    """"Any player that wishes to may surrender an UPGRADE card to place a CATASTROPHE card on the bottom
    of the unplayed CALAMITY deck.\""""
    s = blank(2, ("treadbot", "shotbot"))
    put(s, "servobot1", "servobot", "L12", "N")
    cat = next(c.id for c in game_data().calamities if c.kind == "catastrophe")
    s.catastrophes, s.deck = (cat,), tuple(c for c in s.deck if c != cat and game_data().calamity(c).kind == "all_quiet")
    s.upgrades, s.phase, s.queue = (("armor",), ()), "end", ()
    assert set(E.pending(s)) == {0}
    t, _ = E.apply(s, 0, Surrender("armor"))
    assert t.catastrophes == () and t.deck[-1] == cat and t.upgrades[0] == ()
    k, _ = E.apply(s, 0, Keep())
    assert k.catastrophes == (cat,) and k.round == 2


def test_notation_round_trips():
    for text in ("type nanobot", "add F2", "back", "clear", "program F2 R F1 SHOVE", "lock", "target S3",
                 "target 2", "shove left", "upgrade armor", "decline", "surrender turbo", "keep", "step", "clock 12"):
        assert format_action(parse_action(text)) == text
    assert format_action(SetProgram(("F2",))) == "program F2"
