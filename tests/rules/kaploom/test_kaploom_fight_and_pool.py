"""Rules that worked without a test: multipliers, defense without a base, two base defenses, Phase 3
triggers and their knock-outs, 2 vs 2 order by health, the starting pool, gains from an empty pool,
lock-ins in later rounds and a forced forfeit. Each test quotes its passage of the rulebook
(shared/rulebooks/kaploom.txt, line numbers)."""

from kaploom_helpers import new, play, with_roll

from rules.kaploom import ENGINE
from rules.kaploom.data import COLOURS, SUPPLY_FACES

V, H = 0, 1
WILD_DIE = ("W", "B", "B", "B", "B", "B")


def with_dice(state, seat, dice):
    """A copy where ``seat`` owns ``dice`` instead of its own: the old dice go back to the pool and the
    new ones come out of it, so every component is still counted once."""
    s = state.clone()
    p = s.players[seat]
    trait, faces = list(s.pool_trait), list(s.pool_faces)
    for sign, group in ((1, p.dice), (-1, dice)):
        for die in group:
            if isinstance(die, tuple):
                s.pool_action += sign
                for code in die:
                    if code != "B":
                        faces[SUPPLY_FACES.index(code)] += sign
            else:
                trait[COLOURS.index(die)] += sign
    s.pool_trait, s.pool_faces = tuple(trait), tuple(faces)
    p.dice = tuple(dice)
    p.roll = ("B",) * len(dice)
    assert ENGINE.check_invariants(s) == []
    return s


def assigns(action, *dice):
    return [f"assign {d} {action}" for d in dice]


def fight(s, villain_roll, villain_lines, hero_roll, hero_lines):
    s = with_roll(with_roll(s, V, villain_roll), H, hero_roll)
    s, _ = play(s, V, *villain_lines, "ready")
    s, events = play(s, H, *hero_lines, "ready")
    return s, [e.text for e in events]


# ---------------------------------------------------------------- multipliers


ELEVEN = ("blue", "blue", "red", "red", "red", "red", "yellow", "yellow", "yellow", WILD_DIE, WILD_DIE)
ELEVEN_ROLL = ["x_factor", "x_factor", "might", "might", "might", "might", "energy", "energy", "energy",
               "wild", "wild"]


def test_only_one_attack_multiplier_counts_the_higher():
    """Line 245: "ONE AND ONLY ONE ATTACK MULTIPLIER CAN BE ACTIVATED PER ROUND. IF MORE THAN ONE ATTACK
    MULTIPLIER IS INADVERTENTLY ACTIVATED, THE HIGHER NUMBER IS USED." JAB 1 with DOUBLE TROUBLE (x2)
    and MEGA (x3): 3, not 6."""
    s = with_dice(new(), V, ELEVEN)
    mega = assigns("mega", 1, 2, 3, 4, 7, 8)
    double = assigns("double_trouble", 5, 9, 10, 11)
    both, events = fight(s, ELEVEN_ROLL, [*mega, *double, "assign 6 jab"], ["blank"] * 5, [])
    assert "Reveal! Villain: MEGA, DOUBLE TROUBLE, JAB; Hero: nothing." in events
    assert "Villain attacks Hero: attack 3 against defense 0; Hero loses 3 (health 27)." in events
    only_double, _ = fight(s, ELEVEN_ROLL, [*double, "assign 6 jab"], ["blank"] * 5, [])
    assert only_double.players[H].health == 28  # (1) x 2


TWELVE = ("purple", "purple", "purple", "purple", "green", "green", "green", "blue", "blue", "blue", "yellow",
          WILD_DIE)
TWELVE_ROLL = ["toughness"] * 4 + ["agility"] * 3 + ["x_factor"] * 3 + ["energy", "wild"]
# Villain: WHAM (2 might + energy + any) 6, RUSH (energy) +1, ONE-TWO (two blanks) +2 = attack 9.
NINE = ("red", "red", "yellow", "yellow", "blue", "green", WILD_DIE)
NINE_ROLL = ["might", "might", "energy", "energy", "x_factor", "blank", "blank"]
NINE_LINES = [*assigns("wham", 1, 2, 3, 5), "assign 4 rush", *assigns("one_two", 6, 7)]


def test_only_one_defense_multiplier_counts_the_higher():
    """Line 285: "ONE AND ONLY ONE DEFENSE MULTIPLIER CAN BE ACTIVATED PER ROUND. IF MORE THAN ONE DEFENSE
    MULTIPLIER IS INADVERTENTLY ACTIVATED, THE HIGHER NUMBER IS USED." BLOCK 2 with DEFLECT (x2) and
    INVULNERABLE (x3): defense 6, not 12, against an attack of 9."""
    s = with_dice(with_dice(new(), V, NINE), H, TWELVE)
    invulnerable = assigns("invulnerable", 1, 2, 5, 6, 8, 9)
    deflect = assigns("deflect", 3, 7, 10, 12)
    block = assigns("block", 11, 4)
    s, events = fight(s, NINE_ROLL, NINE_LINES, TWELVE_ROLL, [*invulnerable, *deflect, *block])
    assert "Villain attacks Hero: attack 9 against defense 6; Hero loses 3 (health 27)." in events
    assert s.players[H].health == 27


def test_defense_kickers_or_multiplier_without_a_base_stop_nothing():
    """Line 277: "IF THERE IS NO BASE DEFENSE ACTIVATED, THEN THE FULL ATTACK VALUE IS SUBTRACTED FROM THE
    DEFENDER'S LIFE TOTAL REGARDLESS OF ACTIVATED KICKERS AND MULTIPLIERS." POW 3 lands in full."""
    villain = (["blank", "might", "energy", "agility", "blank"], ["assign 2 pow", "assign 3 pow"])
    hero_roll = ["x_factor", "energy", "toughness", "agility", "wild"]
    kickers, events = fight(new(), *villain, hero_roll, ["assign 4 duck", "assign 3 grit"])
    assert "Reveal! Villain: POW; Hero: DUCK, GRIT." in events
    assert "Villain attacks Hero: attack 3 against defense 0; Hero loses 3 (health 27)." in events
    multiplier, events = fight(new(), *villain, hero_roll, assigns("deflect", 3, 4, 1, 5))
    assert "Reveal! Villain: POW; Hero: DEFLECT." in events
    assert multiplier.players[H].health == 27


def test_two_base_defenses_only_the_higher_counts():
    """Line 277: "IF MORE THAN ONE BASE DEFENSE IS INADVERTENTLY ACTIVATED, THE HIGHER NUMBER IS USED."
    BLOCK (2) and FLIP (3) against POW 3 + ONE-TWO 2: defense 3, the hero loses 2."""
    s, events = fight(new(), ["blank", "might", "energy", "agility", "blank"],
                      ["assign 2 pow", "assign 3 pow", "assign 1 one_two", "assign 5 one_two"],
                      ["x_factor", "energy", "toughness", "agility", "wild"],
                      ["assign 1 block", "assign 3 block", "assign 4 flip", "assign 5 flip"])
    assert "Villain attacks Hero: attack 5 against defense 3; Hero loses 2 (health 28)." in events


# ---------------------------------------------------------------- Phase 3 triggers


def _triggers_round(villain_health, villain_roll, villain_lines):
    """The hero holds SUCKER PUNCH (agility, green die 4) and FACE OFF (might, yellow die 2)."""
    s = new()
    s.players[V].health = villain_health
    s, _ = fight(s, villain_roll, villain_lines, ["blank", "might", "blank", "agility", "blank"],
                 ["assign 4 sucker_punch", "assign 2 face_off"])
    assert s.phase == "power_up" and ENGINE.to_act(s) == (V,)
    return s


POWER_ON = (["x_factor", "might", "energy", "agility", "blank"], ["assign 1 power_on", "assign 4 power_on"])


def test_sucker_punch_and_face_off_fire_when_the_opponent_gains():
    """Line 319: "FACE OFF AND SUCKER PUNCH ARE EXAMPLES OF ACTIONS THAT DEAL HEALTH LOSS DURING PHASE 3";
    line 392: "THE HERO CALLS OUT A SUCKER PUNCH FOR GAINING DICE". POWER ON gains a die and a face:
    both fire (2 + 2)."""
    s = _triggers_round(30, *POWER_ON)
    s, events = play(s, V, "use power_on might")
    assert s.players[V].pending_loss == (("sucker_punch", 2), ("face_off", 2))
    assert any("SUCKER PUNCH!" in e.text for e in events) and any("FACE OFF!" in e.text for e in events)
    s, _ = play(s, V, "done")  # not taken: they land at the end of the phase
    assert s.round == 2 and s.players[V].health == 26


def test_triggers_do_not_fire_without_a_gain():
    """SUCKER PUNCH fires "FOR GAINING DICE" (line 392), FACE OFF for gaining faces: RECOVER gains health only."""
    s = _triggers_round(10, ["blank", "might", "energy", "toughness", "blank"], ["assign 4 recover", "assign 1 recover"])
    s, _ = play(s, V, "use recover")
    assert s.round == 2 and s.players[V].health == 12


def test_a_phase_3_loss_taken_knocks_out_at_once():
    """Line 303: "ONCE A PLAYER'S LIFE TOTAL IS ZERO OR LESS, THE GAME ENDS IMMEDIATELY"; line 319: "THE
    PLAYER TAKING THE HEALTH LOSS MAY CHOOSE WHEN, DURING THE PHASE, THE HEALTH IS LOST"."""
    s = _triggers_round(2, *POWER_ON)
    s, events = play(s, V, "use power_on might", "take face_off")
    assert s.phase == "over" and s.winners == (H,) and s.players[V].health == 0
    assert ENGINE.to_act(s) == ()


def test_a_phase_3_loss_left_untaken_knocks_out_at_the_end_of_the_phase():
    """Line 303 with line 319: what the victim did not take lands during the phase, at its end at the
    latest, and a knock-out ends the game there."""
    s = _triggers_round(2, *POWER_ON)
    s, _ = play(s, V, "use power_on might attach 6")
    assert s.phase == "power_up" and ENGINE.to_act(s) == (V,)  # a loss to take keeps the turn open
    s, _ = play(s, V, "done")
    assert s.phase == "over" and s.winners == (H,) and s.players[V].health == 0
    assert s.players[V].pending_loss == (("face_off", 2),)  # the game ended at the first knock-out


def test_a_2v2_knock_out_in_power_up_hands_the_duo_dice_over():
    """Lines 510-514 for a knock-out in Phase 3 (SUCKER PUNCH): "THOSE GO TO THE SURVIVING ALLY DURING POWER
    UP"; the team plays on (line 522: "THE FIRST TEAM TO KO BOTH OF THEIR OPPONENTS WINS")."""
    s = new("2v2")
    s.players[0].health = 2  # villain 1 grows and takes hero 1's SUCKER PUNCH
    s = with_roll(s, 0, ["x_factor", "blank", "energy", "blank", "blank"])
    s = with_roll(s, 1, ["blank"] * 5)
    s = with_roll(s, 2, ["blank", "blank", "blank", "agility", "blank"])
    s = with_roll(s, 3, ["blank"] * 5)
    s, _ = play(s, 0, "assign 1 grow", "assign 3 grow", "assign 5 hand_off", "ready")
    s, _ = play(s, 2, "assign 4 sucker_punch", "ready")  # hero 1 points at villain 1 (the default)
    s, _ = play(s, 1, "ready")
    s, _ = play(s, 3, "ready")
    assert ENGINE.to_act(s) == (0,)
    s, _ = play(s, 0, "use grow red", "take sucker_punch")
    assert s.players[0].ko and s.phase == "roll" and s.round == 2  # the round went on and ended
    assert len(s.players[0].dice) == 5 and s.players[1].dice[-1] == WILD_DIE  # the duo die went over


# ---------------------------------------------------------------- 2 vs 2 order, pool, lock-ins, forfeit


def test_2v2_turn_order_follows_health_lowest_first():
    """Lines 482-486: "TURN ORDER DURING THIS PHASE IS DETERMINED BY HEALTH. THE PLAYER WITH THE LOWEST
    HEALTH GOES FIRST. THE PLAYER WITH THE HIGHEST HEALTH GOES LAST."; lines 496-500: Power Up "USING THE
    SAME TURN ORDER AS PHASE 2". Ties keep the previous order."""
    s = new("2v2")
    assert s.order == (0, 1, 2, 3)
    for seat, health in enumerate((30, 25, 28, 27)):
        s.players[seat].health = health
    for seat in range(4):
        s, _ = play(s, seat, "ready")
    assert s.round == 2 and s.order == (1, 3, 2, 0) and s.first == 1
    for p in s.players:
        p.health = 20
    # Round 2: villain 1 and hero 1 both JAB; hero 1 (earlier in the order) attacks first.
    s = with_roll(s, 0, ["blank", "might", "blank", "blank", "blank"])
    s = with_roll(s, 2, ["blank", "might", "blank", "blank", "blank"])
    s = with_roll(s, 1, ["blank"] * 5)
    s = with_roll(s, 3, ["blank"] * 5)
    s, _ = play(s, 0, "assign 2 jab", "ready")
    s, _ = play(s, 2, "assign 2 jab", "ready")
    s, _ = play(s, 1, "ready")
    s, events = play(s, 3, "ready")
    attacks = [e.text.split(" attacks")[0] for e in events if " attacks " in e.text]
    assert attacks == ["Hero 1", "Villain 1"]
    # 19 for hero 1 and villain 1, 20 for the others: lowest first, ties in the previous order
    assert s.round == 3 and s.order == (2, 0, 1, 3)


def test_the_starting_pool_is_everything_not_dealt():
    """Line 106: "PLACE THE UNUSED TRAIT DICE, ACTION DICE AND UNATTACHED DICE FACES IN A POOL"; components
    (lines 27-42: 4 dice of each of 5 colours, 8 action dice, 12 wild, 10 might, 10 energy, 8 toughness,
    8 agility, 8 x-factor faces) less the starting dice (lines 110-128). 2 vs 2: two copies (line 446)."""
    s = new()
    assert dict(zip(COLOURS, s.pool_trait, strict=True)) == {"red": 3, "yellow": 2, "blue": 2, "purple": 3, "green": 2}
    assert s.pool_action == 6
    assert dict(zip(SUPPLY_FACES, s.pool_faces, strict=True)) == {"W": 10, "M": 10, "E": 10, "T": 8, "A": 8, "X": 8}
    s = new("2v2")
    assert dict(zip(COLOURS, s.pool_trait, strict=True)) == {"red": 6, "yellow": 4, "blue": 4, "purple": 6, "green": 4}
    assert s.pool_action == 12
    assert dict(zip(SUPPLY_FACES, s.pool_faces, strict=True)) == {"W": 20, "M": 20, "E": 20, "T": 16, "A": 16, "X": 16}
    # advanced: VICTOR KANE (red red yellow blue + wild die) against TOUGH NUT (purple purple red green + wild die)
    s = new("advanced")
    assert dict(zip(COLOURS, s.pool_trait, strict=True)) == {"red": 1, "yellow": 3, "blue": 3, "purple": 2, "green": 3}
    assert s.pool_action == 6 and s.pool_faces[0] == 10


def test_gains_from_an_empty_pool_give_nothing_and_trigger_nothing():
    """Line 313: "GAINING DICE ALLOWS THE PLAYER TO SELECT DICE FROM THE GENERAL POOL": from an empty pool
    there is nothing to select, so nothing is gained, and SUCKER PUNCH / FACE OFF have nothing to punish."""
    s = new()
    s.pool_trait, s.pool_action, s.pool_faces = (0,) * 5, 0, (10, 0, 0, 0, 0, 0)
    s, _ = fight(s, ["blank", "might", "energy", "agility", "blank"], ["assign 4 sucker_punch", "assign 2 face_off"],
                 ["x_factor", "energy", "toughness", "agility", "wild"],
                 ["assign 1 grow", "assign 2 grow", "assign 5 power_on", "assign 4 power_on"])
    assert ENGINE.to_act(s) == (H,)
    legal = [ENGINE.format(a) for a in ENGINE.legal_actions(s, H)]
    assert "use grow" in legal and "use power_on" in legal and not any(n.startswith("use grow ") for n in legal)
    s, events = play(s, H, "use grow", "use power_on")
    texts = [e.text for e in events]
    assert "Hero uses GROW: gains no trait die (the pool is empty)." in texts
    assert any("no action die (the pool is empty)" in t and "no face" in t for t in texts)
    assert s.round == 2 and len(s.players[H].dice) == 5 and s.players[H].stored == ()
    assert s.players[H].health == 30  # no SUCKER PUNCH, no FACE OFF


def test_a_lock_in_works_in_later_rounds_without_dice():
    """Line 341: "SPECIAL SUPER ACTIONS MAY ALLOW LOCKING IN (PERMANENTLY GAINING) AN ABILITY": WORLD
    DOMINATION (+2 attack with a base) locked in round 1 adds to a JAB in round 2 and 3; with no base there
    is still no attack (line 237, "REGARDLESS OF ACTIVATED KICKERS")."""
    s = new("advanced")  # VICTOR KANE 26 against TOUGH NUT 34
    s = with_dice(s, V, ("red", "red", "yellow", "yellow", "blue", "blue", WILD_DIE))
    s, _ = fight(s, ["might", "might", "energy", "energy", "x_factor", "x_factor", "wild"],
                 assigns("world_domination", 1, 2, 3, 4, 5, 6), ["blank"] * 5, [])
    assert s.round == 2 and s.players[V].locked_in == ("world_domination",) and s.players[H].health == 34
    s, _ = fight(s, ["might"] + ["blank"] * 6, ["assign 1 jab"], ["blank"] * 5, [])
    assert s.round == 3 and s.players[H].health == 31  # JAB 1 + 2
    s, events = fight(s, ["blank"] * 7, [], ["blank"] * 5, [])
    assert s.players[H].health == 31 and "Villain has no base attack: no attack." in events


def test_a_face_cost_nobody_can_pay_is_forfeited():
    """Line 343: stored faces "MAY BE USED TO PAY FOR THOSE ACTIONS REQUIRING THE LOSS OF A FACE(S)"; with
    no face at all (none stored, none on an action die) OVERCHARGE cannot be paid and does not activate."""
    s = with_dice(new(), V, ("blue", "red", "yellow", "green", ("B",) * 6))
    s, events = fight(s, ["blank", "might", "energy", "agility", "blank"],
                      ["assign 2 jab", "assign 3 overcharge", "assign 1 overcharge"], ["blank"] * 5, [])
    assert "Villain has no face to pay for OVERCHARGE: it does not activate." in events
    assert s.players[H].health == 29  # JAB 1, no +3
