"""What a KAPLOOM! player plans from behind the screen: every action of their boards with its
requirement and the dice on it, and the attack and defense totals the dice as placed would give.

Rulebook (shared/rulebooks/kaploom.txt) lines the totals follow:
  233  (BASE + KICKER(S)) x MULTIPLIER
  237  "IF THERE IS NO BASE ATTACK ACTIVATED, THEN THE ATTACK DOES NOT OCCUR ... IF MORE THAN ONE BASE
       ATTACK IS INADVERTENTLY ACTIVATED, THE HIGHER NUMBER IS USED."
  241  "ATTACK KICKERS ARE ADDED TO THE BASE ATTACK AND MAY STACK ... PRIOR TO THE ATTACK MULTIPLIER."
  245  "ONE AND ONLY ONE ATTACK MULTIPLIER ... IF MORE THAN ONE ... THE HIGHER NUMBER IS USED."
  277-285  the same for defense.
  201  "IN ORDER TO INVOKE AN ACTION, ALL OF THE DICE REQUIREMENTS OF THAT ACTION MUST BE ASSIGNED."
  470  the 2 vs 2 pointer chooses "SECRETLY"; 476-478 allies place on "THEIR BOARDS, OR THE DUO BOARD".
"""

from __future__ import annotations

import random

import engine_games
import pytest

from render import core as render_core
from render import describe_private, render_private, render_public
from rules.kaploom import ENGINE
from rules.kaploom.common import a_face, dice_go
from rules.kaploom.data import FACE_CODES, game_data


def new(variant: str = "standard", seed: int = 1, **options: str):
    return ENGINE.new_game(seed, ENGINE.parse_options({"variant": variant, **options}))


def with_dice(state, seat: int, dice: tuple, faces: list[str]):
    """A copy of ``state`` where ``seat`` holds ``dice`` (colours, or tuples of face codes) showing
    ``faces`` (long names), as a later round might find them."""
    s = state.clone()
    p = s.players[seat]
    p.dice = tuple(dice)
    for die, face in zip(p.dice, faces, strict=True):
        shown = die if isinstance(die, tuple) else game_data().trait_faces[die]
        assert FACE_CODES[face] in shown, f"{die} cannot show {face}"
    p.roll = tuple(FACE_CODES[f] for f in faces)
    return s


def with_roll(state, seat: int, faces: list[str]):
    return with_dice(state, seat, state.players[seat].dice, faces)


def play(state, seat: int, *lines: str):
    for line in lines:
        state, _ = ENGINE.apply(state, seat, ENGINE.parse(state, seat, line))
    return state


def everyone_ready(state, faceless: tuple[int, ...] = ()):
    """Everyone `ready`: the reveal. Phase 3 turns with nothing to do pass by themselves, which could
    carry the game on into the next round's screens; a stored face (to attach in Phase 3) keeps each
    player's turn open, so the revealed board can be read."""
    state = state.clone()
    for p in state.players:
        if p.seat not in faceless and not p.stored:
            p.stored = ("W",)
    for seat in range(len(state.players)):
        if seat in ENGINE.to_act(state) and ENGINE.public_view(state).phase == "roll":
            state = play(state, seat, "ready")
    assert ENGINE.public_view(state).phase in ("reveal", "power_up")
    return state


def action(view, aid: str):
    return next(a for a in view.actions if a.action == aid)


def drawn_texts(monkeypatch, draw, *args) -> list[tuple[str, int]]:
    """Every text the image draws (dry runs included), with its font size. The caches are emptied
    first, so that cached tiles (the action cards) are drawn, not pasted."""
    render_core.clear_caches()
    seen: list[tuple[str, int]] = []
    original = render_core.Pen.text

    def record(self, xy, text, fnt, fill, anchor="lm"):
        seen.append((text, fnt.size))
        return original(self, xy, text, fnt, fill, anchor)

    monkeypatch.setattr(render_core.Pen, "text", record)
    draw(*args)
    return seen


# ---------------------------------------------------------------- the boards, placed or not


def test_round_one_lists_every_action_with_its_requirement():
    """Round 1 opens with no die placed: the screen still lists every action of the three boards, each
    with its requirement as slots (one per die it takes, line 201) and nothing on it."""
    state = new()
    view = ENGINE.private_view(state, 0)
    data = game_data()
    board_ids = [a.id for b in ("attack", "defense", "power_up") for a in data.boards[b]]
    assert [a.action for a in view.actions] == board_ids
    pow_ = action(view, "pow")
    assert (pow_.requirement, pow_.size, pow_.value, pow_.total) == ("MIGHT + ENERGY", 2, 3, "attack")
    assert [s.need for s in pow_.slots] == ["might", "energy"]
    assert all(s.die is None for s in pow_.slots) and not pow_.met and not pow_.dice
    one_two = action(view, "one_two")  # a matched pair: two halves that must show matching faces
    assert [(s.need, s.pair) for s in one_two.slots] == [("any", 1), ("any", 1)]
    double = action(view, "double_trouble")
    assert [(s.need, s.pair) for s in double.slots] == [
        ("non_blank_action", 1), ("non_blank_action", 1), ("might", 0), ("energy", 0)]
    assert all(len(a.slots) == a.size == data.actions[a.action].size for a in view.actions)
    assert view.attack.value == 0 and view.defense.value == 0 and view.attack.parts == ()


def test_the_screen_image_and_text_list_an_action_with_no_die(monkeypatch):
    """The image draws every action's name whole (no ellipsis) with its requirement's slots, and the DM
    text lists it with its worth and requirement, although no die is on it."""
    state = new()
    view = ENGINE.private_view(state, 0)
    texts = [t for t, _ in drawn_texts(monkeypatch, render_private, "kaploom", view)]
    for a in view.actions:
        assert a.name in texts, a.name
    assert "M" in texts and "E" in texts  # POW's empty slots carry their face letters
    lines = describe_private("kaploom", view)
    assert any("POW 3 (M E)" in line for line in lines)
    assert any("DOUBLE TROUBLE ×2 (nb=nb M E)" in line for line in lines)
    assert any("TIME JUMP (any; immediate)" in line for line in lines)


def test_advanced_boards_add_the_super_board_and_lock_ins_with_their_dice():
    state = new("advanced")  # villain VICTOR KANE, hero TOUGH NUT
    villain = ENGINE.private_view(state, 0)
    supers = [a for a in villain.actions if a.board == "super"]
    assert [a.name for a in supers] == ["PUNISH", "HOSTILE TAKEOVER", "OVERTIME", "WORLD DOMINATION"]
    lock = action(villain, "world_domination")
    assert lock.role == "lock_in" and lock.requirement == "MIGHT + MIGHT + ENERGY + ENERGY + X-FACTOR + X-FACTOR"
    assert [s.need for s in lock.slots] == ["might", "might", "energy", "energy", "x_factor", "x_factor"]
    hero = ENGINE.private_view(state, 1)
    assert [a.total for a in hero.actions if a.action == "welded_plates"] == ["defense"]


def test_placed_dice_sit_in_their_slots_and_met_follows_the_rules():
    """A die sits in the most particular slot it fits; an action is met when every slot is filled."""
    s = with_roll(new(), 0, ["blank", "might", "energy", "agility", "wild"])
    s = play(s, 0, "assign 5 block")  # BLOCK = ANY DIE + TOUGHNESS: the wild stands for TOUGHNESS
    block = action(ENGINE.private_view(s, 0), "block")
    assert [(sl.need, sl.die, sl.face) for sl in block.slots] == [("any", None, None), ("toughness", 5, "wild")]
    assert not block.met and block.dice == (5,)
    s = play(s, 0, "assign 1 block")
    block = action(ENGINE.private_view(s, 0), "block")
    assert [(sl.need, sl.die) for sl in block.slots] == [("any", 1), ("toughness", 5)]
    assert block.met and block.counted


# ---------------------------------------------------------------- the totals


def test_totals_take_the_higher_base_and_the_higher_multiplier():
    """Lines 237 and 245: JAB (1) and POW (3) both met, the higher base counts; DOUBLE TROUBLE (×2)
    and MEGA (×3) both met, the higher multiplier counts; RUSH adds before it (line 241)."""
    action_die = ("W", "M", "E", "X", "T", "A")
    dice = ("red", "red", "yellow", "red", "yellow", "blue", "blue", "red", "red", "yellow", "yellow",
            action_die, action_die, "yellow")
    faces = ["might", "might", "energy", "might", "energy", "x_factor", "x_factor", "might", "might", "energy",
             "energy", "agility", "agility", "energy"]
    s = with_dice(new(), 0, dice, faces)
    s = play(s, 0, "assign 1 jab", "assign 2 pow", "assign 3 pow", "assign 12 double_trouble",
             "assign 13 double_trouble", "assign 4 double_trouble", "assign 5 double_trouble",
             "assign 6 mega", "assign 7 mega", "assign 8 mega", "assign 9 mega", "assign 10 mega",
             "assign 11 mega", "assign 14 rush")
    view = ENGINE.private_view(s, 0)
    attack = view.attack
    assert (attack.base, attack.added, attack.multiplier, attack.value) == (3, 1, 3, 12)
    assert [(p.name, p.kind, p.value) for p in attack.parts] == [
        ("POW", "base", 3), ("RUSH", "kicker", 1), ("MEGA", "multiplier", 3)]
    counted = {a.action: a.counted for a in view.actions if a.met}
    assert counted == {"jab": False, "pow": True, "double_trouble": False, "mega": True, "rush": True}
    lines = describe_private("kaploom", view)
    assert "**If revealed now:** attack 12 = (POW 3 + RUSH 1) × MEGA 3 · defense 0 (no base defense yet)" in lines
    revealed = ENGINE.public_view(everyone_ready(s)).players[0].revealed
    assert revealed.attack == 12


def test_no_base_means_no_total_whatever_the_kickers():
    """Line 237: kickers and multipliers without a base give no attack."""
    s = with_roll(new(), 0, ["x_factor", "might", "energy", "agility", "wild"])
    s = play(s, 0, "assign 3 rush")
    view = ENGINE.private_view(s, 0)
    assert action(view, "rush").met and not action(view, "rush").counted
    assert view.attack.value == 0 and view.attack.base == 0
    assert ENGINE.public_view(everyone_ready(s)).players[0].revealed.attack == 0


def test_punish_and_kickers_show_their_real_value():
    """PUNISH (VICTOR KANE) adds 1 per 3 dice its owner holds: the screen shows what it adds, on the
    board and in the total, and after the reveal the channel's board says the same."""
    s = new("advanced")
    kane = s.players[0]
    assert kane.super_id == "victor_kane"
    assert action(ENGINE.private_view(s, 0), "punish").value == len(kane.dice) // 3 == 1
    dice = (*kane.dice, "blue", "red", "yellow", "green")  # nine dice
    s = with_dice(s, 0, dice, ["might", "might", "energy", "x_factor", "wild", "x_factor", "might", "energy",
                               "agility"])
    s = play(s, 0, "assign 1 pow", "assign 3 pow", "assign 2 punish", "assign 4 punish")
    view = ENGINE.private_view(s, 0)
    assert action(view, "punish").value == 3
    assert [(p.name, p.value) for p in view.attack.parts] == [("POW", 3), ("PUNISH", 3)]
    assert view.attack.value == 6
    after = ENGINE.public_view(everyone_ready(s)).players[0].revealed
    assert after.attack == 6
    assert [a.value for a in after.assignments if a.action == "punish"] == [3]


def test_a_locked_in_bonus_counts_and_is_named():
    """WORLD DOMINATION locked in adds +2 to every attack with a base (a kicker, line 241)."""
    s = new("advanced")
    s.players[0].locked_in = ("world_domination",)
    s = with_roll(s, 0, ["might", "might", "energy", "x_factor", "wild"])
    s = play(s, 0, "assign 1 pow", "assign 3 pow")
    view = ENGINE.private_view(s, 0)
    assert [(p.name, p.kind, p.value) for p in view.attack.parts] == [
        ("POW", "base", 3), ("WORLD DOMINATION", "lock_in", 2)]
    assert view.attack.value == 5
    assert action(view, "world_domination").locked_in
    assert ENGINE.public_view(everyone_ready(s)).players[0].revealed.attack == 5


def test_a_lock_in_met_this_round_counts_in_this_rounds_attack():
    """The reveal locks WORLD DOMINATION in before the attacks, so the Phase 1 total of the round that
    completes it already has its +2, as the reveal's."""
    s = new("advanced")
    dice = ("red", "red", "yellow", "blue", "red", "yellow", "yellow", "blue")
    s = with_dice(s, 0, dice, ["might", "might", "energy", "x_factor", "might", "energy", "energy", "x_factor"])
    s = play(s, 0, "assign 5 pow", "assign 6 pow", *(f"assign {d} world_domination" for d in (1, 2, 3, 7, 4, 8)))
    view = ENGINE.private_view(s, 0)
    assert action(view, "world_domination").met and not action(view, "world_domination").locked_in
    assert [(p.name, p.value) for p in view.attack.parts] == [("POW", 3), ("WORLD DOMINATION", 2)]
    assert view.attack.value == 5
    assert ENGINE.public_view(everyone_ready(s)).players[0].revealed.attack == 5


def test_a_face_cost_is_noted_and_counted_only_when_it_can_be_paid():
    s = with_roll(new(), 0, ["x_factor", "might", "energy", "agility", "wild"])
    s = play(s, 0, "assign 2 jab", "assign 3 overcharge", "assign 1 overcharge")
    view = ENGINE.private_view(s, 0)
    assert view.attack.value == 4 and action(view, "overcharge").cost == 1
    assert view.attack.notes == ("OVERCHARGE costs 1 face at the reveal: pay it or lose its +3",)
    # With no face at all (the action die bare, nothing stored) it cannot be paid: it does not count,
    # and the reveal agrees.
    bare = s.clone()
    bare.players[0].dice = (*bare.players[0].dice[:4], ("B",) * 6)
    bare.players[0].roll = (*bare.players[0].roll[:4], "B")
    view = ENGINE.private_view(bare, 0)
    assert view.attack.value == 1
    assert view.attack.notes == ("OVERCHARGE will not activate: no face left to pay its cost",)
    assert ENGINE.public_view(everyone_ready(bare, faceless=(0,))).players[0].revealed.attack == 1


def test_slow_motion_is_a_warning_not_a_guess():
    """TIMEOUT!'s SLOW MOTION (hero) is behind her screen until the reveal: the villain's screen warns
    that it would cancel the multiplier; after the reveal the total counts without it."""
    s = new("advanced", hero_super="timeout")
    action_die = ("W", "M", "E", "X", "T", "A")
    s = with_dice(s, 0, ("red", "yellow", "red", "yellow", action_die, action_die),
                  ["might", "energy", "might", "energy", "agility", "agility"])
    s = play(s, 0, "assign 1 pow", "assign 2 pow", "assign 5 double_trouble", "assign 6 double_trouble",
             "assign 3 double_trouble", "assign 4 double_trouble")
    view = ENGINE.private_view(s, 0)
    assert view.attack.value == 6 and view.attack.multiplier == 2
    assert any("SLOW MOTION" in note for note in view.attack.notes)
    hero = s.players[1]
    assert hero.dice[:4] == ("blue", "blue", "yellow", "green")
    s = with_roll(s, 1, ["x_factor", "x_factor", "energy", "agility", "wild", "x_factor"])
    s = play(s, 1, "assign 4 slow_motion", "assign 1 slow_motion")
    revealed = ENGINE.public_view(everyone_ready(s)).players[0].revealed
    assert revealed.attack == view.attack.base + view.attack.added == 3
    after = ENGINE.private_view(everyone_ready(s), 0)
    assert after.attack.value == 3 and after.attack.multiplier == 1


# ---------------------------------------------------------------- 2 vs 2: the ally


def _team_up(ally_target: int):
    s = new("2v2")
    s = with_roll(s, 0, ["x_factor", "might", "energy", "agility", "wild"])
    s = with_roll(s, 1, ["x_factor", "might", "energy", "agility", "blank"])
    s = play(s, 0, "assign 2 jab", "assign 3 team_up", "assign 5 cover")
    s = play(s, 1, "assign 2 team_up", "assign 5 cover")
    if ally_target == 3:
        s = play(s, 1, "target 2")
    return s


def test_the_ally_dice_are_labelled_and_their_pointer_stays_secret(monkeypatch):
    """The ally's dice on the duo board show in the duo actions as theirs; TEAM UP needs both pointers
    on one opponent, and the ally's pointer is secret: the screen is the same wherever it points and
    shows the total with and without TEAM UP. The reveal then gives the one that happened."""
    agree, differ = _team_up(2), _team_up(3)
    view = ENGINE.private_view(agree, 0)
    assert view == ENGINE.private_view(differ, 0)
    team_up = action(view, "team_up")
    assert [(s.need, s.die, s.ally) for s in team_up.slots] == [("might", 2, True), ("energy", 3, False)]
    assert team_up.met and team_up.dice == (3,)
    assert (view.attack.value, view.attack.if_ally_agrees) == (1, 3)
    assert view.defense.value == 0  # COVER is a kicker: no base defense, no defense
    lines = describe_private("kaploom", view)
    assert "• TEAM UP (duo, attack kicker +2): Villain 2's #2 MIGHT, #3 — met ✓" in lines
    assert "• TEAM UP: attack 3 if your ally points at the same opponent" in lines
    texts = [t for t, _ in drawn_texts(monkeypatch, render_private, "kaploom", view)]
    assert texts.count("ALLY") == 2  # under the ally's dice on TEAM UP and COVER
    assert ENGINE.public_view(everyone_ready(agree)).players[0].revealed.attack == 3
    assert ENGINE.public_view(everyone_ready(differ)).players[0].revealed.attack == 1


def test_a_screen_does_not_depend_on_the_opponents_hidden_dice():
    """Twins that differ behind the opponents' screens (their roll and where they placed) give this
    player the same private view: totals, actions, everything."""
    base = with_roll(new(), 0, ["x_factor", "might", "energy", "agility", "wild"])
    base = play(base, 0, "assign 2 pow", "assign 3 pow")
    one = play(with_roll(base, 1, ["x_factor", "energy", "wild", "agility", "blank"]), 1, "assign 4 flip")
    two = play(with_roll(base, 1, ["blank", "energy", "toughness", "toughness", "wild"]), 1, "assign 3 block",
               "assign 1 block", "assign 2 rush")
    assert ENGINE.private_view(one, 0) == ENGINE.private_view(two, 0)
    assert ENGINE.public_view(one) == ENGINE.public_view(two)
    assert render_public("kaploom", ENGINE.public_view(one)) == render_public("kaploom", ENGINE.public_view(two))


# ---------------------------------------------------------------- Phase 1 agrees with the reveal


@pytest.mark.parametrize("variant", ["standard", "advanced", "2v2"])
def test_phase_one_totals_are_what_the_reveal_computes(variant):
    """Seeded games played to every reveal: each seat's Phase 1 totals, just before the last `ready`,
    are the totals the reveal then computes (TEAM UP as the pointers turn out, SLOW MOTION aside)."""
    compared = 0
    for seed in (1, 2, 3):
        state = engine_games.new_game(variant, seed)
        rng = random.Random(seed)
        for _ in range(1500):
            if ENGINE.outcome(state) is not None:
                break
            seat = rng.choice(ENGINE.to_act(state))
            before = state
            state, _ = ENGINE.apply(state, seat, ENGINE.parse(state, seat,
                                                              engine_games.choose(rng, state, seat, growth=True)))
            if before.phase != "roll" or state.phase == "roll":
                continue
            revealed = ENGINE.public_view(state).players
            for p in before.players:
                planned = ENGINE.private_view(before, p.seat)
                expected = planned.attack.value
                if planned.attack.if_ally_agrees is not None and state.players[p.seat ^ 1].target == p.target:
                    expected = planned.attack.if_ally_agrees
                got = revealed[p.seat].revealed
                if any("SLOW MOTION" in n for n in planned.attack.notes) and got.attack != expected:
                    expected = planned.attack.base + planned.attack.added
                assert (got.attack, got.defense) == (expected, planned.defense.value), (variant, seed, p.label)
                total = planned.attack
                assert total.value == ((total.base + total.added) * total.multiplier if total.base else 0)
                compared += 1
    assert compared > 30


# ---------------------------------------------------------------- readability, wording, speed


def test_images_do_not_depend_on_what_the_caches_hold():
    """Glyphs and action cards are cached across images: screens drawn one after another, caches
    warm, are byte for byte the screens drawn alone with the caches emptied."""
    views = []
    for variant in ("standard", "2v2"):
        for index, state in enumerate(engine_games.play(variant, 4, max_steps=400, growth=True)):
            if index % 9 == 0:
                views += [ENGINE.private_view(state, s) for s in range(len(state.players))]
    warm = [render_private("kaploom", v) for v in views]
    for view, image in zip(views, warm, strict=True):
        render_core.clear_caches()
        assert render_private("kaploom", view) == image


def test_texts_are_readable_at_the_preview_width(monkeypatch):
    """Both images are 800 px wide for Discord's ~400 px preview: no text under 14 px (7 px there),
    and only the legend and small print under 16 px."""
    views = []
    for variant, seed in (("standard", 3), ("advanced", 2), ("2v2", 2)):
        for state in engine_games.first_of_each_phase(variant, seed).values():
            views.append((render_public, ENGINE.public_view(state)))
            views += [(render_private, ENGINE.private_view(state, s)) for s in range(len(state.players))]
    for draw, view in views:
        sizes = [size for _, size in drawn_texts(monkeypatch, draw, "kaploom", view)]
        monkeypatch.undo()
        assert min(sizes) >= 14


def test_event_lines_are_printed_in_good_english():
    """The engine writes its event lines in good English (the board prints them as they are)."""
    assert f"Hero uses FACE LIFT: gains {a_face('E')}." == "Hero uses FACE LIFT: gains an energy face."
    assert f"Hero uses RE-FORGE: gains {a_face('X')} for {a_face('A')}." == (
        "Hero uses RE-FORGE: gains an x-factor face for an agility face.")
    assert f"{dice_go(1)} from Villain 1 to Villain 2." == "1 duo-board die goes from Villain 1 to Villain 2."
    assert f"{dice_go(2)} from Hero 1 to Hero 2." == "2 duo-board dice go from Hero 1 to Hero 2."
    assert f"Villain pays {a_face('M')} for OVERCHARGE." == "Villain pays a might face for OVERCHARGE."


def test_the_glyph_cache_draws_exactly_what_pillow_draws():
    from PIL import Image, ImageDraw

    fnt = render_core.font(20, True)
    for anchor in ("lm", "mm", "rm", "mt"):
        direct = Image.new("RGB", (300, 60), (20, 20, 20))
        ImageDraw.Draw(direct).text((150, 30), "KAPLOOM! ×2 → Zoë", font=fnt, fill=(250, 200, 30), anchor=anchor)
        for _ in range(2):  # the first draw fills the cache, the second uses it
            cached = Image.new("RGB", (300, 60), (20, 20, 20))
            render_core.Pen(cached).text((150, 30), "KAPLOOM! ×2 → Zoë", fnt, (250, 200, 30), anchor)
            assert direct.tobytes() == cached.tobytes(), anchor


def test_the_dm_text_fits_one_discord_message_in_real_games():
    """The DM panel is edited in place, and an edit carries one message (2000 characters): the
    description leaves room for the service's two lines around it, even late in long 2 vs 2 games."""
    longest = 0
    for variant in ("standard", "advanced", "2v2"):
        for state in engine_games.play(variant, 1, max_steps=1500, growth=True):
            for seat in range(len(state.players)):
                view = ENGINE.private_view(state, seat)
                names = {s: f"player{s}" for s in range(len(state.players))}
                longest = max(longest, len("\n".join(describe_private("kaploom", view, names))))
    assert longest <= 1850
