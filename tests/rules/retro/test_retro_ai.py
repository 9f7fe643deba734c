"""The Retro Bots vs Rogues heuristic AI seat (rules/retro/ai.py): it answers every decision legally,
is pure, is blind to what its seat may not see, takes the Rogue a hand-made board offers, and disables
far more Rogues than chance."""

from __future__ import annotations

import statistics
from dataclasses import replace

import pytest
from board_helpers import blank, put

from rules.core.ai import RandomPolicy
from rules.core.engine import SYSTEM
from rules.core.rng import Rng
from rules.retro import ENGINE as E
from rules.retro.actions import INSTRUCTIONS, Add, ChooseType, Lock, Shove, Target
from rules.retro.ai import RetroPolicy, _Limits, state_from_view
from rules.retro.data import RETRO_TYPES, game_data
from rules.retro.programs import problem

MAX_STEPS = 40_000  # a game is a few thousand decisions; this only catches a loop


def _play(seed, raw, seats, policies, visit=None):
    """One game, ``policies[seat]`` playing each seat (SYSTEM plays its default); a pending seat is
    picked at random, so simultaneous programming interleaves. ``visit(state, seat, decision, legal)``
    sees every player's decision before it is made."""
    options = E.parse_options(raw)
    state = E.new_game(seed, options, E.seat_plan(options).labels[:seats])
    table, rngs = Rng(seed), [Rng(seed * 7 + k) for k in range(seats)]
    for _ in range(MAX_STEPS):
        if E.outcome(state) is not None:
            return state
        pending = E.pending(state)
        seat = table.choice(sorted(pending))
        if seat == SYSTEM:
            action = pending[SYSTEM].default
        else:
            legal = E.legal_actions(state, seat)
            if visit is not None:
                visit(state, seat, pending[seat], legal)
            action = policies[seat].choose(E.private_view(state, seat), pending[seat], legal, rngs[seat])
            assert action in legal, (action, legal)
        state, _ = E.apply(state, seat, action)
    raise AssertionError(f"game {seed} {raw} did not end in {MAX_STEPS} steps")


def _ask(state, seat, decision, legal, policy=None, rng=None):
    return (policy or RetroPolicy()).choose(E.private_view(state, seat), decision, legal, rng or Rng(0))


EVERY_KIND = {"ChooseType", "Add", "Lock", "Shove", "TakeUpgrade", "Keep", "Surrender"}


@pytest.mark.parametrize(("raw", "seats", "heuristic_seats", "kinds"), [
    ({}, 2, 2, EVERY_KIND),
    ({"bossbot": "yes", "minionbot": "yes", "crates": "yes"}, 3, 3, EVERY_KIND),
    # random seats bring Nanobots and PROGRAM (the heuristic answers their Target questions), odd programs
    ({"bossbot": "yes", "crates": "yes"}, 4, 1, EVERY_KIND | {"Target"}),
], ids=["default-2", "everything-3", "mixed-4"])
def test_every_decision_is_answered_legally_and_purely(raw, seats, heuristic_seats, kinds):
    heuristic = RetroPolicy()
    policies = [heuristic if k < heuristic_seats else RandomPolicy() for k in range(seats)]
    answered: set[str] = set()
    count = 0

    def check(state, seat, decision, legal):
        nonlocal count
        count += 1
        action = _ask(state, seat, decision, legal, heuristic, Rng(seat))
        assert action in legal, (action, legal)
        answered.add(type(action).__name__)
        if count % 5 == 0:  # pure: a fresh policy (no memo) and another generator choose the same
            assert _ask(state, seat, decision, legal, RetroPolicy(), Rng(99)) == action

    state = _play(11, raw, seats, policies, check)
    assert E.outcome(state) is not None
    assert kinds <= answered, answered


def _other_program(state, seat):
    """A legal program for ``seat`` that differs from the one it has."""
    for program in ((), ("F1",), ("F2", "R"), ("L", "F1", "F1")):
        if program != state.programs[seat] and problem(state, seat, program) is None:
            return program
    raise AssertionError("no other program")


def test_it_never_reads_another_seats_hidden_program():
    """Twin states that differ only in another seat's hidden program get the same answer."""
    compared = set()

    def check(state, seat, decision, legal):
        if state.phase not in ("program", "run"):
            return
        running = state.cursor.seat if state.cursor is not None else None
        twin = state.clone()
        programs = list(twin.programs)
        for other in range(len(programs)):
            if other != seat and other != running:
                programs[other] = _other_program(state, other)
        twin.programs = tuple(programs)
        if twin.programs != state.programs:
            assert _ask(twin, seat, decision, legal) == _ask(state, seat, decision, legal)
            compared.add(state.phase)

    _play(5, {}, 2, [RetroPolicy(), RandomPolicy()], check)
    assert compared == {"program", "run"}


# -- hand-made boards --------------------------------------------------------------------------------

def _programming(*figures, rogue_card="hazbot"):
    """Round 1's programming on an empty Deadly Spiral holding ``figures`` (id, kind, square, facing),
    one seat; its Rogue card names a type not on the board, so no Rogue moves before its program."""
    s = blank(1, ("treadbot",))
    for figure in figures:
        put(s, *figure)
    s.phase, s.programs, s.locked, s.dealt = "program", ((),), (False,), (rogue_card,)
    return s


def _play_round(state):
    """The heuristic programs seat 0 and makes its choices until its program has run; returns the state
    and the actions it chose."""
    heuristic, chosen = RetroPolicy(), []
    for _ in range(200):
        pending = E.pending(state)
        if E.outcome(state) is not None or state.phase == "end" or (state.round > 1):
            break
        if SYSTEM in pending:
            state, _ = E.apply(state, SYSTEM, pending[SYSTEM].default)
            continue
        action = _ask(state, 0, pending[0], E.legal_actions(state, 0), heuristic)
        chosen.append(action)
        state, _ = E.apply(state, 0, action)
    return state, chosen


def test_it_plans_the_move_2_that_pushes_a_rogue_into_a_pit():
    """E2 is a pit; F2 from E5 pushes the Servobot on E4 two squares, into it."""
    s = _programming(("R0", "treadbot", "E5", "N"), ("servobot1", "servobot", "E4", "E"),
                     ("servobot2", "servobot", "K12", "W"))
    after, chosen = _play_round(s)
    assert chosen[0] == Add("F2")
    assert after.kept[0] == ("servobot",) and "servobot1" not in after.bots
    assert after.bots["R0"].outside is None  # and the Retro does not follow it in


def test_it_takes_the_rogue_without_falling_in_after_it():
    """F1 from E4 would push the Servobot on E3 into the pit E2; F2 would drive the Retro in after it."""
    s = _programming(("R0", "treadbot", "E4", "N"), ("servobot1", "servobot", "E3", "E"),
                     ("servobot2", "servobot", "K12", "W"))
    after, chosen = _play_round(s)
    assert after.kept[0] == ("servobot",)
    assert after.bots["R0"].outside is None and after.retro_types[0] == "treadbot"


def test_it_shoves_towards_the_pit():
    """Facing east at the Servobot on E3, whose left (north) is the pit E2."""
    s = _programming(("R0", "treadbot", "D3", "E"), ("servobot1", "servobot", "E3", "E"),
                     ("servobot2", "servobot", "K12", "W"))
    after, chosen = _play_round(s)
    assert Shove("left") in chosen
    assert after.kept[0] == ("servobot",)


def test_a_nanobot_hacks_the_rogue_into_the_pit():
    """PROGRAM, then F1 on the Servobot on E3 facing the pit E2."""
    s = _programming(("R0", "nanobot", "D3", "E"), ("servobot1", "servobot", "E3", "N"),
                     ("servobot2", "servobot", "K12", "W"))
    after, chosen = _play_round(s)
    assert chosen[:2] == [Add("PROGRAM"), Add("F1")] and Target("S1") in chosen
    assert after.kept[0] == ("servobot",)


def test_it_plans_for_where_the_rogues_will_be_when_its_program_runs():
    """Its own Servobot moves first this round (E8 north five squares, to E3, next to the pit E2):
    the program starts with a SHOVE at a square that is empty while it programs."""
    s = _programming(("R0", "treadbot", "D3", "E"), ("servobot1", "servobot", "E8", "N"),
                     ("servobot2", "servobot", "K12", "W"), rogue_card="servobot")
    assert state_from_view(E.private_view(s, 0)).bots["servobot1"] == s.bots["servobot1"]
    after, chosen = _play_round(s)
    assert chosen[0] == Add("SHOVE") and Shove("left") in chosen
    assert after.kept[0] == ("servobot",)


def test_it_chooses_a_treadbot_and_no_lost_type():
    legal = [ChooseType(k) for k in RETRO_TYPES]
    s = E.new_game(1, E.parse_options({}), ["Retro 1"])
    decision = E.pending(s)[0]
    assert _ask(s, 0, decision, legal) == ChooseType("treadbot")
    assert _ask(s, 0, decision, [ChooseType("shotbot"), ChooseType("nanobot")]) == ChooseType("shotbot")


def test_fast_limits_agree_with_the_rules():
    """The search's own limit check (ai._Limits) allows exactly what programs.problem allows."""
    s = _programming(("R0", "treadbot", "E5", "N"))
    ids = [u.id for u in game_data().upgrades]
    rng = Rng(3)
    for kind in RETRO_TYPES:
        for outside in (False, True):
            for ups in [(), *((u,) for u in ids), ("gyro", "memory"), ("spares", "loader_arm")]:
                t = s.clone()
                t.retro_types, t.upgrades = (kind,), (ups,)
                if outside:
                    t.bots["R0"] = replace(t.bots["R0"], outside=0)
                limits = _Limits(t, 0)
                for _ in range(60):
                    program = tuple(rng.choice(list(INSTRUCTIONS)) for _ in range(rng.below(7)))
                    if problem(t, 0, program) is None:
                        assert limits.next(program) == [i for i in INSTRUCTIONS if problem(t, 0, (*program, i)) is None]


def test_it_locks_what_it_planned():
    s = _programming(("R0", "treadbot", "E5", "N"), ("servobot1", "servobot", "E4", "E"))
    heuristic = RetroPolicy()
    plan = heuristic._plan(E.private_view(s, 0), ())
    for _ in range(len(plan) + 1):
        action = _ask(s, 0, E.pending(s)[0], E.legal_actions(s, 0), heuristic)
        if action == Lock():
            break
        s, _ = E.apply(s, 0, action)
    assert action == Lock() and s.programs[0] == plan


# -- strength ----------------------------------------------------------------------------------------

def test_it_disables_far_more_rogues_than_chance():
    """Ten two-seat games each: in our runs the heuristic kept 8 to 17 Rogues a game (12.5 on average),
    chance 0.1."""
    kept = {}
    for name, policy in (("heuristic", RetroPolicy()), ("random", RandomPolicy())):
        games = [_play(2000 + g, {}, 2, [policy, policy]) for g in range(10)]
        kept[name] = statistics.fmean(sum(len(k) for k in s.kept) for s in games)
    assert kept["random"] <= 1.5, kept
    assert kept["heuristic"] >= 8 and kept["heuristic"] >= kept["random"] + 6, kept
