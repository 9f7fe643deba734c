"""The KAPLOOM! private screen in words, from real engine states: what a player reads in their DM."""

from __future__ import annotations

import random
import re

import engine_games

from render import describe_private
from render.kaploom import text as text_module
from render.kaploom.style import FACE_NAME
from rules.kaploom import ENGINE

DIE_LINE = re.compile(r"^#(\d+) ([a-z ]+): ([A-Z-]+) — (.+)$")


def describe(state, seat: int, names=None) -> list[str]:
    lines = describe_private("kaploom", ENGINE.private_view(state, seat), names)
    assert lines is not None
    return lines


def play(state, seat: int, notation: str):
    state, _ = ENGINE.apply(state, seat, ENGINE.parse(state, seat, notation))
    return state


def test_a_game_without_a_describer_gets_none():
    view = ENGINE.private_view(engine_games.new_game("standard", 1), 0)
    assert describe_private("chess", view) is None


def test_standard_phase_one_reads_like_a_screen():
    state = engine_games.new_game("standard", 7)
    view = ENGINE.private_view(state, 0)
    lines = describe(state, 0)
    assert lines[0] == "**Round 1** · Phase 1 · Roll & assign behind screens"
    assert lines[1] == "Health: you 30/30 · Hero 30/30"
    dice = {m.group(1): m.groups()[1:] for m in map(DIE_LINE.match, lines) if m}
    me = view.public.players[0]
    assert dice == {
        str(d.id): (d.colour if d.kind == "trait" else "action die", FACE_NAME[view.roll[d.id]], "free")
        for d in me.dice
    }
    assert "No dice on your actions yet." in lines
    assert "**If revealed now:** attack 0 (no base attack yet) · defense 0 (no base defense yet)" in lines
    todo = lines.index("**To do:** " + view.pending[0])
    # After what is asked, every open action to plan from (all of them: no die is placed yet).
    assert lines[todo + 1].startswith("**Open actions** (")
    catalogue = "\n".join(lines[todo + 2 :])
    assert all(a.name in catalogue for a in view.actions)
    text = "\n".join(lines)
    for raw in ("legal count", "ally duo", "target:", "locked:", "unassigned:", ": —", "pointer"):
        assert raw not in text.lower(), raw

    # Place one die: its line says where it sits, the action is listed with its state and what it
    # still needs, and it leaves the open actions.
    assign = next(a for a in map(ENGINE.format, ENGINE.legal_actions(state, 0)) if a.startswith("assign"))
    _, die, action = assign.split()
    state = play(state, 0, assign)
    view = ENGINE.private_view(state, 0)
    lines = describe(state, 0)
    [placed] = view.assignments
    sits = next(m.group(4) for m in map(DIE_LINE.match, lines) if m and m.group(1) == die)
    assert sits.startswith(f"on {placed.name}")
    entry = next(line for line in lines if line.startswith(f"• {placed.name} ("))
    assert f": #{die} — " in entry  # its face is on the roll's line
    [shown] = [a for a in view.actions if a.action == action]
    assert entry.endswith("met ✓" if shown.met else "needs " + text_module._still_needed(shown))
    todo = next(i for i, line in enumerate(lines) if line.startswith("**To do:**"))
    items = [item for line in lines[todo + 2 :] for item in line.split(": ", 1)[1].split(" · ")]
    assert len(items) == len(view.actions) - 1
    assert not any(item.startswith(placed.name + " ") for item in items)


def test_names_are_shown_next_to_the_others_roles():
    state = engine_games.new_game("standard", 7)
    assert describe(state, 1, {0: "alice", 1: "bob"})[1] == "Health: you 30/30 · Villain (alice) 30/30"


def test_ready_player_is_told_so_and_not_asked_again():
    state = play(engine_games.new_game("standard", 7), 0, "ready")
    lines = describe(state, 0)
    assert lines[-1] == "Your screen is ready."
    assert not any(line.startswith("**To do:**") for line in lines)


def test_two_vs_two_shows_the_pointer_and_how_to_move_it():
    state = engine_games.new_game("2v2", 3)
    view = ENGINE.private_view(state, 0)
    names = {0: "alice", 1: "bob", 2: "carol", 3: "dave"}
    lines = describe(state, 0, names)
    target = next(p for p in view.public.players if p.seat == view.target)
    [pointer] = [line for line in lines if line.startswith("Your pointer:")]
    assert pointer.startswith(f"Your pointer: → {target.label.title()} ({names[target.seat]})")
    # Every `target k` the line offers is a legal move, and points where the line says.
    legal = set(map(ENGINE.format, ENGINE.legal_actions(state, 0)))
    offers = re.findall(r"`(target \d+)` points at ([A-Za-z]+ \d)", pointer)
    assert offers
    for notation, label in offers:
        assert notation in legal
        moved = ENGINE.private_view(play(state, 0, notation), 0)
        assert next(p for p in moved.public.players if p.seat == moved.target).label.title() == label
    assert "Villain 2 (bob, ally) 30/30" in lines[1]
    # Outside 2 vs 2 there is no pointer at all.
    assert not any("pointer" in line.lower() for line in describe(engine_games.new_game("standard", 3), 0))


def _power_up_with_a_pending_loss():
    """A real standard game played until someone in Phase 3 owes a SUCKER PUNCH / FACE OFF loss:
    the chooser favours those triggers in Phase 1 and using power-ups in Phase 3."""
    triggers = ("sucker_punch", "face_off")
    growth = ("grow", "power_on", "face_lift", "wild_thing", "evolve", "recover", "reforge")
    for seed in range(1, 40):
        state = engine_games.new_game("standard", seed)
        rng = random.Random(seed)
        for _ in range(300):
            if ENGINE.outcome(state) is not None:
                break
            seat = rng.choice(ENGINE.to_act(state))
            texts = [ENGINE.format(a) for a in ENGINE.legal_actions(state, seat)]
            phase = ENGINE.public_view(state).phase
            picks = []
            if phase == "roll":
                picks = [t for t in texts if t.startswith("assign") and t.split()[-1] in triggers + growth]
                if not picks or rng.random() >= 0.9:
                    picks = ["ready"] if "ready" in texts else []
            elif phase == "power_up":
                picks = [t for t in texts if t.startswith("use")]
            state = play(state, seat, rng.choice(picks or texts))
            for who in ENGINE.to_act(state):
                if any("`take " in item for item in ENGINE.private_view(state, who).pending):
                    return state, who
    raise AssertionError("no game reached a pending loss")


def test_power_up_lists_pending_losses_to_take():
    state, seat = _power_up_with_a_pending_loss()
    view = ENGINE.private_view(state, seat)
    lines = describe(state, seat)
    assert lines[0].endswith("Phase 3 · Power up")
    start = lines.index("**To do:**")
    assert lines[start + 1 :] == [f"• {item}" for item in view.pending]
    assert any("you lose" in line and "`take " in line for line in lines[start + 1 :])
    # After the reveal the roll is not repeated die by die; the actions carry their dice and state.
    assert not any(DIE_LINE.match(line) for line in lines)
    me = next(p for p in view.public.players if p.seat == seat)
    [totals] = [line for line in lines if line.startswith("**Your totals:**")]
    assert totals.startswith(f"**Your totals:** attack {me.revealed.attack}")
    assert f" · defense {me.revealed.defense}" in totals
    assert not any(line.startswith("**Open actions**") for line in lines)
    for assignment in view.assignments:
        entry = next(line for line in lines if line.startswith(f"• {assignment.name} ("))
        assert entry.endswith("active ✓" if assignment.active else "not active ✗")
    for die in me.dice:
        if die.kind == "action":
            assert any(line.startswith(f"Action die #{die.id}: ") for line in lines)


def test_every_phase_of_real_games_is_described():
    """Whole games in each variant: every seat's description is non-empty, never shows raw field
    names, and mentions the other players' health."""
    for variant, seed in (("standard", 3), ("advanced", 2), ("2v2", 2)):
        for state in engine_games.first_of_each_phase(variant, seed).values():
            for seat in range(len(ENGINE.public_view(state).players)):
                lines = describe(state, seat)
                assert lines[1].startswith("Health: you ")
                text = "\n".join(lines)
                assert "legal count" not in text and "ally duo" not in text and "None" not in text


def test_game_over_says_who_won_and_nothing_stale():
    over = engine_games.first_of_each_phase("2v2", 2)["over"]
    winners = ENGINE.public_view(over).winners
    for seat in range(4):
        lines = describe(over, seat)
        assert lines[0].endswith("· Game over")
        assert lines[2:] == (["**You win!**"] if seat in winners else ["You lose this one."])
