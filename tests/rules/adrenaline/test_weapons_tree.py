"""The shot tree as a whole: the API, the implementations check, random walks, the line notation, the
general principles of the seed (shared/rulebooks/adrenaline-weapons.txt) and speed."""

import random
import time
from dataclasses import replace

import pytest
from helpers import board
from weapon_tools import fire, hurt, offered, random_board, random_path, refused, rich

from rules.adrenaline import damage
from rules.adrenaline import weapons as W
from rules.adrenaline.data import DataError, game_data
from rules.adrenaline.weapons.base import IMPLEMENTATIONS
from rules.adrenaline.weapons.tree import Walker

WEAPONS = tuple(w.id for w in game_data().weapons)
KINDS = {"effect", "player", "players", "square", "room", "direction"}


def test_every_effect_is_implemented():
    """The 21 weapons' effects in the data and the implementations are the same set."""
    W.check_implementations()
    assert W.effect_ids() == {(w.id, e.id) for w in game_data().weapons for e in w.effects}
    assert len(W.effect_ids()) == 45  # 21 basic effects or modes, 13 optional effects, 11 alternate modes


def test_check_implementations_names_a_missing_or_extra_effect(monkeypatch):
    monkeypatch.delitem(IMPLEMENTATIONS["whisper"], "basic")
    with pytest.raises(DataError, match=r"not implemented: whisper\.basic"):
        W.check_implementations()
    monkeypatch.setitem(IMPLEMENTATIONS["whisper"], "silencer", IMPLEMENTATIONS["heatseeker"]["basic"])
    with pytest.raises(DataError, match=r"not in the data: whisper\.silencer"):
        W.check_implementations()


def test_random_walks_complete_and_round_trip():
    """Every level a random walk meets has choices; each one leads on; the shot performs; its line pieces
    give the path back; nobody damages or marks themselves ("You can never be damaged by your own
    weapon"); labels fit a menu."""
    rng = random.Random(7)
    shots = 0
    for _ in range(150):
        state = random_board(rng)
        seat = rng.randrange(state.count)
        for weapon in WEAPONS:
            if not W.usable(state, seat, weapon):
                continue
            path = random_path(state, seat, weapon, rng)
            shots += 1
            for i in range(len(path)):  # every choice offered on the way leads to a complete shot
                lvl = W.next_level(state, seat, weapon, path[:i])
                assert lvl.kind in KINDS and lvl.choices and 1 <= lvl.minimum <= lvl.maximum
                for choice in lvl.choices:
                    assert len(choice.label) <= 80 and len(choice.description) <= 100
                    assert choice.token != state.seats[seat]
                    if rng.random() < 0.3:
                        W.next_level(state, seat, weapon, path[:i] + (choice.token,))
            assert W.next_level(state, seat, weapon, path) is None and path[-1] == W.DONE
            assert W.from_line(state, seat, weapon, W.to_line(weapon, path)) == path
            after = state.clone()
            lines = W.perform(after, seat, weapon, path)
            assert len(lines) == 1 and lines[0].startswith(f"{state.name(seat)} fires ")
            assert after.players[seat].damage == state.players[seat].damage
            assert seat not in after.shot.new_marks
            assert after.shot.damaged or after.shot.new_marks  # a shot damages or marks someone
    assert shots > 1200


def _exists(w: Walker, node) -> bool:
    """Brute force: does any complete shot follow (raw steps, no early-exit memo)?"""
    if node.done:
        return True
    lvl = w.level(node) if node.pending is None else node.lvl
    tokens = list(w.combos(lvl)) if lvl.kind == "players" else lvl.tokens
    return any(_exists(w, w.step(node, t)) for t in tokens)


def test_offered_choices_are_exactly_those_that_complete():
    """The early-exit search offers a choice iff an exhaustive search finds a complete shot after it (for
    a multi-select: a figure iff some legal group containing it completes)."""
    rng = random.Random(11)
    for _ in range(60):
        state = random_board(rng)
        seat = rng.randrange(state.count)
        for weapon in WEAPONS:
            brute = Walker(state, seat, weapon)
            if brute.root.pos[seat] is None:
                continue
            assert W.usable(state, seat, weapon) == _exists(brute, brute.root)
            if not W.usable(state, seat, weapon):
                continue
            path = random_path(state, seat, weapon, rng)
            for i in range(len(path)):
                node = brute.walk(path[:i])
                lvl = brute.level(node) if node.pending is None else node.lvl
                if lvl.kind == "players":
                    good = {x for t in brute.combos(lvl) if _exists(brute, brute.step(node, t)) for x in t.split(",")}
                    want = [t for t in lvl.tokens if t in good]
                else:
                    want = [t for t in lvl.tokens if _exists(brute, brute.step(node, t))]
                assert offered(state, weapon, path[:i], seat) == want, (weapon, path[:i])


def test_targetable_is_damage_rule():
    """The tree's targets are damage.targetable's once the shot is open (killed and unspawned excluded)."""
    rng = random.Random(3)
    for _ in range(40):
        state = random_board(rng)
        seat = rng.randrange(state.count)
        opened = state.clone()
        damage.start_shot(opened, seat, "zx2")
        want = tuple(i for i in range(state.count) if damage.targetable(opened, i))
        assert Walker(state, seat, "zx2").eligible == want


def test_killed_before_the_shot_and_unspawned_are_not_targets():
    s = board("big", banshee="a1", dozer="b1", sprog="b1", violetta=None)
    s.players[2] = replace(s.players[2], killed=True, damage=(0,) * 11)
    assert offered(s, "lock_rifle", ("basic",)) == ["dozer"]
    assert not W.usable(board("big", banshee="a1", dozer=None), 0, "lock_rifle")
    assert not W.usable(board("big", banshee=None, dozer="a1"), 0, "lock_rifle")


def test_a_figure_this_shot_kills_may_still_be_hit():
    """The issue: "a figure this shot killed may still be hit by the rest of the shot" (overkill)."""
    s = rich(board("big", banshee="b1", dozer="a1"))
    s.players[1] = replace(s.players[1], damage=(0,) * 10)
    after, _ = fire(s, "machine_gun", "basic:dozer", "focus_shot:dozer")
    assert hurt(after, "dozer") == 12 and after.players[1].killed and after.kills == [1]


def test_perform_opens_the_shot_and_does_not_pay_or_finish():
    s = board("big", banshee="b1", dozer="a1")
    s.players[0] = replace(s.players[0], weapons=(("lock_rifle", True),))
    path = W.from_line(s, 0, "lock_rifle", ["basic:dozer"])
    after = s.clone()
    W.perform(after, 0, "lock_rifle", path)
    assert after.shot.shooter == 0 and after.shot.weapon == "lock_rifle" and after.shot.new_marks == {1: 1}
    assert after.players[1].marks == (0, 0)  # marks land at finish_shot, the caller's
    assert after.players[0].cubes == (1, 1, 1) and after.players[0].weapons == (("lock_rifle", True),)
    with pytest.raises(ValueError, match="not complete"):
        W.perform(s.clone(), 0, "lock_rifle", ("basic", "dozer"))


def test_next_level_ends_and_refuses():
    s = board("big", banshee="b1", dozer="a1")
    assert W.next_level(s, 0, "lock_rifle", ("basic", "dozer", "done")) is None
    with pytest.raises(ValueError, match="already complete"):
        W.next_level(s, 0, "lock_rifle", ("basic", "dozer", "done", "basic"))
    with pytest.raises(ValueError, match="Lock Rifle needs a target you can see"):
        W.next_level(s, 0, "lock_rifle", ("basic", "banshee"))
    with pytest.raises(ValueError, match="no legal shot now"):
        W.next_level(board("big", banshee="a1", dozer="d3"), 0, "lock_rifle", ())
    with pytest.raises(ValueError, match="no weapon called"):
        W.next_level(s, 0, "bfg", ())


def test_from_line_refuses_with_the_rule():
    s = rich(board("big", banshee="a1", dozer="b1", sprog="c2"))
    assert refused(s, "lock_rifle") == "Lock Rifle must use its basic effect or an alternate mode"
    assert refused(s, "lock_rifle", "laser:dozer") == "Lock Rifle has no effect called laser"
    assert refused(s, "lock_rifle", "basic") == "Lock Rifle's basic effect needs a target you can see"
    assert "takes 1 parameter" in refused(s, "lock_rifle", "basic:dozer/sprog")
    assert refused(s, "lock_rifle", "basic:sprog") == "Lock Rifle needs a target you can see"
    assert refused(s, "lock_rifle", "second_lock:dozer") == "Lock Rifle's second lock comes after the basic effect"
    assert "only once" in refused(s, "lock_rifle", "basic:dozer", "basic:dozer")
    assert "not written" in refused(s, "lock_rifle", "basic:dozer", "done")
    assert "each figure once" in refused(s, "machine_gun", "basic:dozer,dozer")
    assert W.from_line(s, 0, "lock_rifle", [" BASIC:Dozer "]) == ("basic", "dozer", "done")


def test_to_line_pieces():
    assert W.to_line("plasma_gun", ("phase_glide", "b2", "basic", "dozer", "charged_shot", "done")) == (
        "phase_glide:b2", "basic:dozer", "charged_shot")
    assert W.to_line("tractor_beam", ("basic", "dozer", "b2", "done")) == ("basic:dozer/b2",)
    assert W.to_line("machine_gun", ("basic", "dozer,sprog", "focus_shot", "dozer", "turret_tripod", "sprog",
                                     "banshee", "done")) == ("basic:dozer,sprog", "focus_shot:dozer",
                                                             "turret_tripod:sprog/banshee")
    assert W.to_line("lock_rifle", ("basic",)) == ("basic",)  # an unfinished path shows as it is
    with pytest.raises(ValueError):
        W.to_line("lock_rifle", ("dozer",))


def test_shot_cost_adds_the_effects_used():
    assert W.shot_cost("machine_gun", ("basic", "dozer", "focus_shot", "dozer", "turret_tripod", "-", "sprog",
                                       "done")) == ("Y", "B")
    assert W.shot_cost("tractor_beam", ("punisher", "dozer", "done")) == ("R", "Y")
    assert W.shot_cost("whisper", ("basic", "dozer", "done")) == ()


def test_alternate_mode_offered_only_when_payable():
    """"alternate fire mode: ... Sometimes you must pay ammo to use this mode." Powerups pay too."""
    s = board("big", banshee="b1", dozer="b1")
    assert offered(s, "electroscythe") == ["basic", "reaper"]  # B and R in hand
    s.players[0] = replace(s.players[0], cubes=(0, 1, 0))
    assert offered(s, "electroscythe") == ["basic"]
    s.players[0] = replace(s.players[0], powerups=("teleporter:R",))
    assert offered(s, "electroscythe") == ["basic", "reaper"]


def test_the_cache_follows_the_state():
    """Trees are reused between calls; a change of positions, cubes or kills gives a new one."""
    s = board("big", banshee="a1", dozer="b1", sprog="c1")
    assert offered(s, "lock_rifle", ("basic",)) == ["dozer", "sprog"]
    moved = s.clone()
    moved.players[2] = replace(moved.players[2], square="d3")
    assert offered(moved, "lock_rifle", ("basic",)) == ["dozer"]
    moved.players[1] = replace(moved.players[1], killed=True)
    assert not W.usable(moved, 0, "lock_rifle")
    assert offered(s, "lock_rifle", ("basic",)) == ["dozer", "sprog"]


def _walks(states, weapons, rng, fresh: bool) -> list[float]:
    times = []
    for state in states:
        for weapon in weapons:
            seat = 0
            if not W.usable(state, seat, weapon):
                continue
            path: tuple[str, ...] = ()
            while True:
                if fresh:
                    W._CACHE.clear()
                t = time.perf_counter()
                lvl = W.next_level(state, seat, weapon, path)
                times.append(time.perf_counter() - t)
                if lvl is None:
                    break
                path += (rng.choice(lvl.choices).token,)
    return times


def test_speed_of_a_level():
    """A level takes well under a millisecond even with nothing cached (the report has the figures)."""
    rng = random.Random(5)
    states = [random_board(rng, 5) for _ in range(15)]
    cold = _walks(states, WEAPONS, rng, fresh=True)
    warm = _walks(states, WEAPONS, rng, fresh=False)
    assert sum(cold) / len(cold) < 1e-3 and sum(warm) / len(warm) < 1e-3
