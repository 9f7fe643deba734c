"""Combat between BUGBUSTERs and BUGs in co-op (coop_combat.py, bug_attacks.py, and part 1's attacks and
reaction windows dispatching on ``Attack.bug``): BUGs, her figure and portal pieces as targets, armor,
immunities, BACKEYE, a BUG's dice (a stack's added), BUG attacks on BUGBUSTERs and NPCs, and the
reactions to them while no BUGBUSTER is active (the BUG turn). Each test cites the passage it checks
(shared/rulebooks/powerup.txt, "rb N")."""

from __future__ import annotations

from dataclasses import replace

from rules.powerup import attacks, bug_attacks, combat, reactions
from rules.powerup import coop_life as cl
from rules.powerup.coop_data import coop_data
from rules.powerup.coop_setup import new_coop_state
from rules.powerup.state import State

W, Y = "W", "Y"
SKULL, SKULL2, BLANK, POW = "skull", "skull2", "blank", "pow"


def game(mission: str = "vips", **where: tuple[tuple[int, int], int]) -> State:
    """RAY (seat 0) and TOR (seat 1) on the bottom row (one floor), no BUGBUSTER active: the BUG turn
    (``s.order`` empty), as the co-op flow leaves it. No POWERUPs: a step onto one would ask a question."""
    s = new_coop_state(1, ("RAY", "TOR"), mission)
    s.order, s.turn, s.ap, s.powerups = (), 0, 4, {}
    for fid, (sq, facing) in {"RAY": ((2, 0), 1), "TOR": ((0, 0), 1), **where}.items():
        s.move_figure(fid, square=sq, facing=facing)
    assert s.active is None
    return s


def strike(s: State, seat: int, words: str) -> list[str]:
    out: list[str] = []
    attacks.declare(s, seat, words.split(), out)
    attacks.at_once(s, out)
    return out


def bug_attack(s: State, fid: str, words: str) -> list[str]:
    out: list[str] = []
    assert words in bug_attacks.attack_words(s, fid), bug_attacks.attack_words(s, fid)
    bug_attacks.declare(s, fid, words.split(), out)
    attacks.at_once(s, out)
    return out


def test_co_op_targets_are_bugs_her_figure_and_portal_pieces_never_npcs_or_partners():
    """All BUGBUSTERs are one team (the issue); rb 791 (sight and range) as in part 1. RAY's blaster sees
    TOR, VIP1 and a BUGGIE on three of its rays: only the BUGGIE is offered."""
    s = game(RAY=((2, 0), 1), TOR=((3, 0), 1))
    s.move_figure("VIP1", square=(2, 1))  # straight above RAY
    cl.add_bug(s, "BUGGIE", (3, 1), -1)  # diagonally ahead
    assert sorted(t.id for t in combat.ranged_targets(s, 0)) == ["BG1"]
    assert sorted(t.id for t in combat.melee_targets(s, 0)) == ["BG1"]


def test_ray_shoots_a_buggie_dead_its_coins_stay_and_he_scores_100(fixed_dice):
    """rb 795 (hits less armor on the DAMAGE card), rb 847: "it leaves behind as many reward coins as its
    card indicates"; rb 1009: the killer scores "the BUG's SPAWN cost x 100"."""
    s = game()
    bg = cl.add_bug(s, "BUGGIE", (5, 0), -1)
    fixed_dice(((W, SKULL), (W, BLANK), (W, BLANK)))
    strike(s, 0, f"shoot {bg}")
    assert bg not in s.figures and bg not in s.coop.bugs
    assert s.coins[(5, 0)] == coop_data().sheet("BUGGIE").reward == 1 and s.coop.points == (100, 0)


def test_a_bugdozer_is_pushed_not_hurt_by_a_shot(fixed_dice):
    """rb 1035-1037: "immune to ranged weapons. They are not damaged by the hits but can be pushed back"."""
    s = game()
    bdz = cl.add_bug(s, "BUGDOZER", (5, 0), -1)
    fixed_dice(((W, SKULL2), (W, SKULL2), (W, SKULL)))  # 5 hits, armor 2: 2 lives otherwise
    strike(s, 0, f"shoot {bdz}")
    assert s.coop.bugs[bdz].lives == 2 and s.figures[bdz].square == (10, 0)


def test_a_blob_is_not_hurt_by_a_piercing_weapon_but_by_an_untyped_one(fixed_dice):
    """rb 1023-1025: "immune to attacks with piercing weapons ... can be pushed back". RAY's blaster is
    piercing; TOR's squad pistol has no damage type."""
    s = game(TOR=((1, 0), 1))
    blb = cl.add_bug(s, "BLOB", (5, 0), -1)
    fixed_dice(((W, SKULL2), (W, SKULL), (W, BLANK)))  # 3 hits, armor 1: 1 life otherwise
    strike(s, 0, f"shoot {blb}")
    assert s.coop.bugs[blb].lives == 3 and s.figures[blb].square == (8, 0)
    s.move_figure("RAY", square=(0, 1))  # out of TOR's line
    s.move_figure(blb, square=(3, 0))
    fixed_dice(((W, SKULL2), (W, SKULL)))
    strike(s, 1, f"shoot {blb}")
    assert s.coop.bugs[blb].lives == 2


def test_a_brasas_is_not_hurt_by_fire(fixed_dice):
    """rb 1029-1031: "immune to fire weapons. They are not damaged by the hits but can be pushed back";
    RAY's Flamethrower (E16) is a fire weapon."""
    s = game()
    s.equip_deck = tuple(c for c in s.equip_deck if c != "E16")
    s.set_buster(0, owned=("E16",), equipped=("E16", *s.busters[0].equipped[1:]))
    bra = cl.add_bug(s, "BRASAS", (4, 0), -1)
    fixed_dice(((W, SKULL2), (W, SKULL2), (Y, SKULL2)))  # 6 hits, armor 1: 2 lives (all) otherwise
    strike(s, 0, f"shoot {bra}")
    assert s.coop.bugs[bra].lives == 2 and s.figures[bra].square == (10, 0)


def test_from_behind_a_bicefalus_still_defends_a_bigbug_does_not(fixed_dice):
    """rb 821: "If you attack a character or BUG from the opposite side it is facing, they cannot roll
    dice in their defense"; rb 995 (BACKEYE): "There's no way sneak up on it"."""
    s = game(RAY=((4, 0), -1))
    bic = cl.add_bug(s, "BICEFALUS", (3, 0), -1)  # facing away from RAY
    fake = fixed_dice(((W, BLANK), (Y, BLANK)), ((Y, SKULL), (Y, BLANK)))
    out = strike(s, 0, f"hit {bic}")
    assert fake.pools == ["1W1Y", "2Y"] and "from behind" in " ".join(out)
    s.move_figure("RAY", square=(4, 0), facing=-1)
    cl.die(s, bic, [])
    big = cl.add_bug(s, "BIGBUG", (3, 0), -1)
    fake = fixed_dice(((W, BLANK), (Y, BLANK)))
    strike(s, 0, f"hit {big}")
    assert fake.pools == ["1W1Y"]


def test_a_bug_winning_a_melee_hurts_the_bugbuster_and_its_pow_face_draws_nothing(fixed_dice):
    """rb 811: "Subtract the losers armor points from the number of hits they have lost by"; rb 813: the
    loser is pushed by the difference. The issue: a BUG's POW! face is only hits (3). RAY (armor 1) loses
    by 4: 3 through, 2 lives (rb 845), pushed 4."""
    s = game(RAY=((6, 0), 1))
    big = cl.add_bug(s, "BIGBUG", (7, 0), -1)
    fixed_dice(((W, BLANK), (Y, BLANK)), ((W, SKULL), (Y, POW)))
    strike(s, 0, f"hit {big}")
    assert s.busters[0].lives == 1 and s.figures["RAY"].square == (2, 0)
    assert s.busters[0].hand == () and s.busters[1].hand == ()


def test_a_bug_attacking_wins_its_melee_and_hurts_the_bugbuster(fixed_dice):
    """rb 811-813 with the BUG attacking: both roll (RAY facing it); RAY loses by 3, armor 1: 2 through,
    1 life (rb 845), pushed 3 away from the BUG."""
    s = game(RAY=((5, 0), 1))
    big = cl.add_bug(s, "BIGBUG", (6, 0), -1)
    fake = fixed_dice(((W, SKULL2), (Y, SKULL)), ((W, BLANK), (Y, BLANK)))
    bug_attack(s, big, "hit RAY")
    assert fake.pools == ["1W1Y", "1W1Y"]  # the BIGBUG's claws, RAY's melee dice
    assert s.busters[0].lives == 2 and s.figures["RAY"].square == (2, 0)


def test_a_bugbuster_attacked_from_behind_rolls_no_defence(fixed_dice):
    """rb 821: "If you attack a character or BUG from the opposite side it is facing, they cannot roll
    dice in their defense" — a BUGBUSTER has no BACKEYE."""
    s = game(RAY=((5, 0), -1))
    big = cl.add_bug(s, "BIGBUG", (6, 0), -1)
    fake = fixed_dice(((W, BLANK), (Y, BLANK)))
    out = bug_attack(s, big, "hit RAY")
    assert fake.pools == ["1W1Y"] and "from behind" in " ".join(out)


def test_ray_steps_back_from_a_bigbug_for_one_rp_and_its_attack_is_lost(fixed_dice):
    """rb 899-901: "RAY spends 1 RP to be able to take a step back, dodging the attack. The enemy's attack
    is performed and therefore lost" — 1 RP: a BUG sheet's weapon has no speed to pay (rb 925)."""
    s = game(RAY=((2, 0), 1))
    big = cl.add_bug(s, "BIGBUG", (3, 0), -1)
    out: list[str] = []
    bug_attacks.declare(s, big, ["hit", "RAY"], out)
    reactions.open_window(s, "act")
    assert s.window == (0,)  # RAY, under the attack; TOR has no part in it
    assert "BIG1 hits you" in reactions.prompt(s, 0) and "react back" in reactions.options(s, 0)
    assert "react assist" not in reactions.options(s, 1)
    rp = s.busters[0].rp
    reactions.answer(s, 0, "react back", out)
    assert s.busters[0].rp == rp - 1 and s.figures["RAY"].square == (1, 0)
    assert s.active is None and s.reacting == -1  # the borrowed turn is given back
    fixed_dice()  # nothing may be rolled
    assert reactions.advance(s, out) is False
    assert "BIG1's attack is lost" in " ".join(out) and s.coop.dodged
    assert s.busters[0].lives == 3 and s.attack is None


def test_a_batbugs_spit_is_dodged_by_a_roll(fixed_dice):
    """rb 895: "For each use of an RP, roll a yellow die. Then subtract the hits from the ranged attackers
    roll"; no speed to pay first (rb 925, a BUG's weapon)."""
    s = game(RAY=((2, 0), 1))
    bb = cl.add_bug(s, "BATBUG", (5, 0), -1)
    out: list[str] = []
    bug_attacks.declare(s, bb, ["shoot", "RAY"], out)
    reactions.open_window(s, "act")
    assert [o for o in reactions.options(s, 0) if o.startswith("react roll")] == [
        "react roll 1", "react roll 2", "react roll 3"]
    fake = fixed_dice(((Y, SKULL),), ((W, SKULL),))
    reactions.answer(s, 0, "react roll 1", out)
    reactions.advance(s, out)
    assert fake.pools == ["1Y", "1W"] and "cancels 1 hit" in " ".join(out)
    assert s.busters[0].rp == 2 and s.busters[0].lives == 3 and s.figures["RAY"].square == (2, 0)


def test_a_bug_shooting_a_vip_kills_it_from_afar(fixed_dice):
    """rb 1774: "If a BUG reaches its square it attacks from a distance, the NPC dies automatically" (no
    dice rolled)."""
    s = game()
    s.move_figure("VIP1", square=(8, 0))
    bb = cl.add_bug(s, "BATBUG", (5, 0), 1)
    fixed_dice()
    bug_attack(s, bb, "shoot VIP1")
    assert "VIP1" not in s.figures and "VIP1" not in s.coop.npcs and s.coop.lost_npcs == ("VIP1",)


def test_a_buggie_stack_of_three_rolls_three_dice(fixed_dice):
    """rb 991 (TEAM 4): "When they attack or defend they add-up all their dice"."""
    s = game(RAY=((2, 0), 1))
    bg = cl.add_bug(s, "BUGGIE", (3, 0), -1)
    s.coop.bugs[bg] = replace(s.coop.bugs[bg], stack=3)
    fake = fixed_dice(((W, BLANK),) * 3, ((W, BLANK), (Y, BLANK)))
    bug_attack(s, bg, "hit RAY")
    assert fake.pools[0] == "3W"


def test_a_fallen_bugbuster_is_no_bugs_target():
    """rb 849: "It's left laying in the square where it was defeated. The character can do nothing"."""
    s = game(RAY=((2, 0), 1))
    big = cl.add_bug(s, "BIGBUG", (3, 0), -1)
    assert bug_attacks.attack_words(s, big) == ["hit RAY"]
    s.set_buster(0, lives=0)
    s.coop.fallen = (0,)
    assert bug_attacks.attack_words(s, big) == []


def test_a_portal_piece_is_hurt_never_pushed(fixed_dice):
    """The data's portal piece (``moves: false``): armor 1, 2 lives; rb 795's hits, no push."""
    s = game("portal", RAY=((2, 0), 1), TOR=((0, 0), 1))
    s.move_figure("PORTAL1", square=(5, 0))
    fixed_dice(((W, SKULL2), (W, SKULL), (W, BLANK)))  # 3 hits, armor 1: 1 life
    strike(s, 0, "shoot PORTAL1")
    assert s.coop.pieces["PORTAL1"] == 1 and s.figures["PORTAL1"].square == (5, 0)


def test_the_bugmistress_is_immune_from_behind_and_rises_at_level_2(fixed_dice):
    """rb 1850: "immune to attacks from the back"; rb 1844: "When she dies in level 1, she immediately
    moves to level 2" — with her level 2 lives, scoring the killer her SPAWN cost x 100 (rb 1009)."""
    s = game("bugmistress", RAY=((9, 4), -1), TOR=((0, 0), 1))  # she faces left: RAY is at her back
    assert s.coop.level == 1 and s.coop.mistress_lives == 5
    fixed_dice(((W, SKULL2), (W, SKULL2), (W, SKULL2)))
    strike(s, 0, "shoot BUGMISTRESS")
    assert s.coop.mistress_lives == 5 and s.figures["BUGMISTRESS"].square == (6, 4)
    s.move_figure("RAY", square=(4, 4), facing=1)
    s.coop.mistress_lives = 1
    fixed_dice(((W, SKULL2), (W, SKULL), (W, BLANK)))  # 3 hits, armor 2: 1 life
    strike(s, 0, "shoot BUGMISTRESS")
    assert s.coop.level == 2 and s.coop.mistress_lives == coop_data().level(2).lives
    assert s.figures["BUGMISTRESS"].square == (6, 4) and s.coop.points[0] == 1000
