"""Rules of KAPLOOM! checked on hand-built positions; each test quotes the passage it checks."""

import json

import pytest
from kaploom_helpers import new, play, with_roll

from rules.core.errors import BadOptions, GameIsOver, IllegalAction, MalformedAction, NotYourTurn
from rules.kaploom import ENGINE
from rules.kaploom.data import DataError, parse_data

V, H = 0, 1
HERO_DICE = "blue yellow purple green action"  # die numbers 1..5
VILLAIN_DICE = "blue red yellow green action"


def test_setup():
    """SETUP: "30 HEALTH POINTS FOR EACH PLAYER", "THE VILLAIN WILL BE FIRST PLAYER", starting dice as listed."""
    s = new()
    assert ENGINE.seat_plan(ENGINE.parse_options({})).labels == ("villain", "hero")
    assert [p.health for p in s.players] == [30, 30] and s.first == V
    assert s.players[V].dice[:4] == ("blue", "red", "yellow", "green")
    assert s.players[H].dice[:4] == ("blue", "yellow", "purple", "green")
    assert s.players[H].dice[4] == ("W", "B", "B", "B", "B", "B")
    # the pool holds what is left: 20 - 8 trait dice, 8 - 2 action dice, 56 - 2 faces
    assert sum(s.pool_trait) == 12 and s.pool_action == 6 and sum(s.pool_faces) == 54
    assert ENGINE.to_act(s) == (0, 1)


def test_assignments_need_fitting_dice():
    """"ALL OF THE DICE REQUIREMENTS OF THAT ACTION MUST BE ASSIGNED": a die that cannot fit is refused."""
    s = with_roll(new(), V, ["blank", "might", "energy", "agility", "blank"])
    with pytest.raises(IllegalAction):
        play(s, V, "assign 3 jab")
    with pytest.raises(IllegalAction):
        play(s, V, "assign 9 jab")
    assert "assign 2 jab" in [ENGINE.format(a) for a in ENGINE.legal_actions(s, V)]


def test_immediate_dice_lock():
    """"ONCE PLACED AND THE IMMEDIATE ACTION IS EXECUTED, THE ACTIVATING DICE CAN NOT BE MOVED.\""""
    s = with_roll(new(), V, ["blank", "might", "energy", "agility", "blank"])
    s, _ = play(s, V, "assign 5 time_jump")
    with pytest.raises(IllegalAction):
        play(s, V, "unassign 5")  # still waiting for the re-roll choice
    s, _ = play(s, V, "skip")
    with pytest.raises(IllegalAction):
        play(s, V, "unassign 5")
    assert "unassign 5" not in [ENGINE.format(a) for a in ENGINE.legal_actions(s, V)]


def _fight(villain_roll, villain_lines, hero_roll, hero_lines, state=None):
    s = state or new()
    s = with_roll(with_roll(s, V, villain_roll), H, hero_roll)
    s, _ = play(s, V, *villain_lines, "ready")
    s, _ = play(s, H, *hero_lines, "ready")
    return s


def test_attack_formula_and_no_base_no_attack():
    """"(BASE + KICKER(S)) x MULTIPLIER"; "IF THERE IS NO BASE ATTACK ACTIVATED, THEN THE ATTACK DOES NOT OCCUR
    REGARDLESS OF ACTIVATED KICKERS"."""
    s = _fight(["blank", "might", "energy", "agility", "blank"], ["assign 2 pow", "assign 3 rush"],
               ["x_factor", "energy", "wild", "agility", "blank"], ["assign 2 rush"])
    # villain: POW needs might+energy; only might placed -> no base; hero: RUSH kicker without base
    assert [p.health for p in s.players] == [30, 30]
    s = _fight(["blank", "might", "energy", "agility", "blank"], ["assign 2 jab", "assign 3 rush"],
               ["x_factor", "energy", "wild", "agility", "blank"], [])
    assert s.players[H].health == 28  # JAB 1 + RUSH 1


def test_only_the_higher_base_counts():
    """"IF MORE THAN ONE BASE ATTACK IS INADVERTENTLY ACTIVATED, THE HIGHER NUMBER IS USED.\""""
    s2 = _fight(["x_factor", "might", "energy", "agility", "wild"],
                ["assign 2 pow", "assign 3 pow", "assign 5 jab"],
                ["x_factor", "energy", "wild", "agility", "blank"], [])
    assert s2.players[H].health == 27  # POW 3, JAB 1 ignored


def test_defense_reduces_loss_never_below_zero():
    """"TOTAL HEALTH LOSS = TOTAL ATTACK VALUE - TOTAL DEFENSE VALUE"; a defense above the attack heals nothing."""
    s = _fight(["blank", "might", "energy", "agility", "blank"], ["assign 2 jab"],
               ["x_factor", "energy", "wild", "agility", "blank"], ["assign 3 flip", "assign 4 flip"])
    assert [p.health for p in s.players] == [30, 30]


def test_ko_mid_round_ends_the_game_at_once():
    """"ONCE A PLAYER'S LIFE TOTAL IS ZERO OR LESS, THE GAME ENDS IMMEDIATELY ... EVEN IF HEALTH WOULD BE GAINED
    DURING THE POWER UP PHASE.\""""
    s = new()
    s.players[H].health = 3
    s = _fight(["blank", "might", "energy", "agility", "blank"], ["assign 2 pow", "assign 3 pow"],
               ["x_factor", "energy", "wild", "agility", "blank"], ["assign 3 recover", "assign 5 recover"], state=s)
    assert s.phase == "over" and ENGINE.outcome(s).winners == (V,)
    assert ENGINE.to_act(s) == ()
    with pytest.raises(GameIsOver):
        ENGINE.apply(s, H, ENGINE.parse(s, H, "done"))


def test_health_gain_is_capped_at_the_starting_maximum():
    """"THE MAXIMUM HEALTH SET AT THE BEGINNING OF THE GAME MAY NOT BE EXCEEDED.\""""
    s = new()
    s.players[H].health = 29
    s = _fight(["blank", "blank", "blank", "agility", "blank"], [],
               ["x_factor", "energy", "wild", "agility", "blank"], ["assign 3 recover", "assign 5 recover"], state=s)
    assert ENGINE.to_act(s) == (H,)  # the villain had nothing to power up: passed
    s, _ = play(s, H, "use recover")
    assert s.players[H].health == 30


def test_lowest_health_becomes_first_player_and_a_tie_keeps_it():
    """PHASE 4: "THE PLAYER WITH THE LOWEST AMOUNT OF LIFE ... BECOMES THE FIRST PLAYER ... IF BOTH PLAYERS HAVE
    THE SAME AMOUNT OF LIFE, THE PREVIOUS FIRST PLAYER RETAINS THE FIRST PLAYER TOKEN.\""""
    # Nobody has anything to power up: Phase 3 passes both players and Phase 4 follows at once.
    s = _fight(["blank", "blank", "blank", "agility", "blank"], [], ["blank", "energy", "wild", "agility", "blank"], [])
    assert s.round == 2 and s.first == V  # tie at 30
    s.players[V].health = 29
    s = _fight(["blank", "blank", "blank", "agility", "blank"], [],
               ["x_factor", "energy", "wild", "agility", "blank"], [], state=s)
    assert s.round == 3 and s.first == V
    s = _fight(["blank", "might", "energy", "agility", "blank"], ["assign 2 pow", "assign 3 pow"],
               ["x_factor", "energy", "wild", "agility", "blank"], [], state=s)
    assert s.round == 4 and s.players[H].health == 27 and s.first == H and s.order == (H, V)


def test_face_cost_is_paid_or_the_action_does_not_activate():
    """ADDITIONAL NOTES: unattached faces "MAY BE USED TO PAY FOR THOSE ACTIONS REQUIRING THE LOSS OF A FACE(S)"."""
    s = new()
    s.players[V].stored = ("T",)
    s.pool_faces = (10, 10, 10, 7, 8, 8)
    s = _fight(["blank", "might", "energy", "agility", "blank"],
               ["assign 2 jab", "assign 3 overcharge", "assign 1 overcharge"],
               ["x_factor", "energy", "wild", "agility", "blank"], [], state=s)
    assert s.phase == "reveal" and ENGINE.to_act(s) == (V,)
    legal = [ENGINE.format(a) for a in ENGINE.legal_actions(s, V)]
    assert legal == ["pay toughness", "pay 5 wild", "forfeit"]
    paid, _ = play(s, V, "pay toughness")
    assert paid.players[H].health == 26 and paid.players[V].stored == () and paid.pool_faces[3] == 8
    skipped, _ = play(s, V, "forfeit")
    assert skipped.players[H].health == 29


def test_face_swaps_in_power_up():
    """"DURING THE POWER UP PHASE, THE EXTRA FACES CAN BE FREELY SWAPPED WITH FACES ALREADY ON ACTION DICE".\""""
    s = new()
    s.players[V].stored = ("T",)  # a stored face to swap in keeps the villain's Power Up turn open
    s.pool_faces = (10, 10, 10, 7, 8, 8)
    s = _fight(["blank", "blank", "blank", "agility", "blank"], [], ["blank", "energy", "wild", "agility", "blank"], [],
               state=s)
    assert ENGINE.to_act(s) == (V,)
    s, _ = play(s, V, "detach 5 wild")
    assert s.players[V].dice[4] == ("B",) * 6 and s.players[V].stored == ("T", "W")
    s, _ = play(s, V, "attach toughness 5")
    assert s.players[V].dice[4][0] == "T" and ENGINE.check_invariants(s) == []
    with pytest.raises(IllegalAction):
        play(s, V, "attach might 5")


def test_errors_and_turns():
    s = new()
    with pytest.raises(MalformedAction):
        ENGINE.parse(s, V, "fly away")
    with pytest.raises(MalformedAction):
        ENGINE.parse(s, V, "assign x grow")
    s, _ = play(s, V, "ready")
    with pytest.raises(NotYourTurn):
        play(s, V, "ready")
    with pytest.raises(BadOptions):
        ENGINE.parse_options({"variant": "3v3"})
    with pytest.raises(BadOptions):
        ENGINE.parse_options({"hero_super": "tough_nut"})
    with pytest.raises(BadOptions):
        ENGINE.parse_options({"variant": "advanced", "hero_super": "victor_kane"})
    assert set(ENGINE.option_help()) == {"variant", "villain_super", "hero_super", "villain2_super", "hero2_super"}


def test_apply_never_mutates_its_input():
    s = with_roll(new(), V, ["blank", "might", "energy", "agility", "blank"])
    before = ENGINE.dump(s)
    play(s, V, "assign 2 pow", "assign 5 time_jump", "reroll 1", "ready")
    assert ENGINE.dump(s) == before


def test_data_validation_refuses_bad_boards():
    from importlib import resources

    raw = json.loads(resources.files("rules.kaploom").joinpath("data/kaploom.json").read_text())
    raw["boards"]["attack"][0]["req"] = ["might", "might", "might"]
    with pytest.raises(DataError, match="1, 2, 4 or 6"):
        parse_data(raw)
    raw = json.loads(resources.files("rules.kaploom").joinpath("data/kaploom.json").read_text())
    raw["boards"]["attack"][0]["req"] = ["STRENGTH"]
    with pytest.raises(DataError, match="unknown requirement"):
        parse_data(raw)


def test_private_screen_marks_an_action_whose_requirements_are_all_met():
    """"IN ORDER TO INVOKE AN ACTION, ALL OF THE DICE REQUIREMENTS OF THAT ACTION MUST BE ASSIGNED":
    behind the screen, POW shows as met once MIGHT and ENERGY are both on it, not before."""
    s = with_roll(new(), V, ["blank", "might", "energy", "agility", "blank"])
    s, _ = play(s, V, "assign 2 pow")
    [pow_half] = ENGINE.private_view(s, V).assignments
    assert pow_half.action == "pow" and not pow_half.active
    s, _ = play(s, V, "assign 3 pow")
    [pow_full] = ENGINE.private_view(s, V).assignments
    assert pow_full.dice == (2, 3) and pow_full.active
    assert ENGINE.public_view(s).players[V].revealed is None  # still behind the screen


def test_the_revealed_attack_stays_on_the_board_after_a_ko():
    """"ONCE A PLAYER'S LIFE TOTAL IS ZERO OR LESS, THE GAME ENDS IMMEDIATELY": the final board still
    shows the attack that was revealed (and made) by the player who was then knocked out."""
    s = new()
    s.players[V].health = 1
    s = with_roll(s, V, ["blank", "might", "energy", "agility", "blank"])
    s = with_roll(s, H, ["blank", "might", "blank", "agility", "blank"])
    s.first, s.order = H, (H, V)  # the hero strikes first and knocks the villain out
    s, _ = play(s, V, "assign 2 pow", "assign 3 pow", "ready")
    s, _ = play(s, H, "assign 2 jab", "ready")
    assert s.phase == "over" and s.players[V].ko
    revealed = ENGINE.public_view(s).players[V].revealed
    assert revealed is not None and revealed.attack == 3


def test_a_snapshot_keeps_the_order_of_placements_through_any_json_store():
    """Placements are revealed in the order they were made; a store that sorts JSON keys (ours does)
    must not reorder them, or a resumed game would tell its reveal differently."""
    s = with_roll(new(), V, ["blank", "might", "energy", "agility", "blank"])
    s, _ = play(s, V, "assign 4 duck", "assign 2 jab")
    stored = json.loads(json.dumps(ENGINE.dump(s), sort_keys=True))
    assert list(ENGINE.load(stored).players[V].assign) == ["duck", "jab"]
