"""Combat, damage, falls and initiative: the rulebook's worked examples exactly (rb = line of
shared/rulebooks/powerup.txt)."""

from __future__ import annotations

import pytest

from rules.powerup import attacks, combat, dice, flow, life, physics
from rules.powerup.cards import epic_sets, go_epic
from tests.rules.powerup.conftest import play_state

SKULL, SKULL2, BLANK, POW, BUG = "skull", "skull2", "blank", "pow", "bug"


@pytest.mark.parametrize(("hits", "lives"), [(0, 0), (1, 1), (2, 1), (3, 2), (5, 2), (6, 3), (8, 3), (9, 4), (14, 4)])
def test_the_damage_card(hits, lives):
    """rb 845: "With 1 hit, the target loses 1 life point. With 3 hits ... 2. With 6 hits ... 3. The maximum
    ... are 4, with 9 hits or more"."""
    assert dice.lives_lost(hits) == lives


def test_a_blunder_removes_the_weakest_scoring_die():
    """rb 442: "you have to discount a die from the roll. The discarded die should have at least 1 hit"."""
    roll = (("Y", BUG), ("W", BLANK), ("W", SKULL), ("Y", SKULL2))
    assert dice.kept(roll) == (("W", BLANK), ("Y", SKULL2))
    assert dice.hits(roll) == 2
    assert dice.hits((("Y", BUG), ("W", BLANK))) == 0  # nothing with a hit to remove


def _attack(s, verb, t, out):
    """Seat 0's attack declared, rolled and landed with no reaction between (attacks.py)."""
    attacks.declare(s, 0, [verb, t.word], out)
    attacks.at_once(s, out)


def test_rays_shot(fixed_dice):
    """rb 795-801, RAY's worked example: 3 hits on a target of armor 2 and 3 lives: 1 hit through, 1 life
    lost on the DAMAGE card, and the target pushed 3 squares, "the number of hits we have achieved before
    subtracting the armor". (The BURP is part 2's; TOR has the same armor 2 and 3 lives.)"""
    s = play_state(where={"RAY": ((2, 0), 1), "TOR": ((4, 0), -1)})
    assert life.armor(s.busters[1]) == 2
    fake = fixed_dice((("W", SKULL), ("W", SKULL), ("W", SKULL)))
    [t] = [t for t in combat.ranged_targets(s, 0) if t.id == "TOR"]
    assert t.between == 1  # rb 791: the squares between, against the Blaster's range 4
    out: list[str] = []
    _attack(s, "shoot", t, out)
    assert fake.pools == ["3W"]  # RAY's 2W + the Blaster's 1W
    assert s.busters[1].lives == 2
    assert s.figures["TOR"].square == (7, 0)  # pushed 3 squares away from RAY
    assert s.busters[0].ammo == 3  # rb 791: "Ranged attack uses 1 action and 1 ammo point"


def test_tors_melee(fixed_dice):
    """rb 813-817, TOR's worked example: TOR rolls 5 hits, the defender 2; the defender loses by 3, armor 2
    lets 1 through: 1 life, pushed 3 squares (the difference)."""
    s = play_state(labels=("RED-TOR", "BLU-ANA"), where={"TOR": ((3, 0), 1), "ANA": ((4, 0), -1)})
    assert life.armor(s.busters[1]) == 2
    fixed_dice((("W", SKULL), ("Y", SKULL2), ("Y", SKULL2), ("Y", BLANK)),  # TOR: 1W2Y + the axe's 1Y
               (("W", SKULL), ("W", SKULL), ("Y", BLANK), ("W", BLANK)))  # ANA: 2W1Y + Knuckles' 1W
    [t] = combat.melee_targets(s, 0)
    _attack(s, "hit", t, [])
    assert s.busters[1].lives == 2
    assert s.figures["ANA"].square == (7, 0)


def test_melee_tie_does_nothing_and_the_attacker_can_lose(fixed_dice):
    """The issue's readings: a tie does nothing; the loser, attacker included, takes the difference."""
    s = play_state(labels=("RED-TOR", "BLU-ANA"), where={"TOR": ((3, 0), 1), "ANA": ((4, 0), -1)})
    fixed_dice((("W", SKULL),) * 2 + (("Y", BLANK),) * 2, (("W", SKULL),) * 2 + (("Y", BLANK), ("W", BLANK)))
    [t] = combat.melee_targets(s, 0)
    _attack(s, "hit", t, [])
    assert (s.busters[0].lives, s.busters[1].lives) == (3, 3)
    assert s.figures["ANA"].square == (4, 0) and s.figures["TOR"].square == (3, 0)
    fixed_dice((("W", BLANK),) + (("Y", BLANK),) * 3, (("W", SKULL2),) * 2 + (("Y", SKULL2), ("W", SKULL)))
    _attack(s, "hit", t, [])
    assert s.busters[0].lives == 1  # lost by 7, armor 2: 5 through, 2 of its 3 lives
    # pushed 7 away from ANA, chaining into its robot on C1 until the wall stops the line; then TOR touches
    # its fallen robot, which goes home (rb 1900)
    assert (s.figures["TOR"].square, s.figures["ROBOT-RED"].square) == ((1, 0), (2, 0))


def test_from_behind_the_defender_rolls_nothing(fixed_dice):
    """rb 821: "If you attack a character or BUG from the opposite side it is facing, they cannot roll
    dice in their defense. You do have to subtract their armor from your hits.\""""
    s = play_state(labels=("RED-TOR", "BLU-ANA"), where={"TOR": ((3, 0), 1), "ANA": ((4, 0), 1)})
    fake = fixed_dice((("W", SKULL), ("Y", SKULL2), ("Y", BLANK), ("Y", BLANK)))
    [t] = combat.melee_targets(s, 0)
    _attack(s, "hit", t, [])
    assert len(fake.pools) == 1  # ANA rolled nothing
    assert s.busters[1].lives == 2  # 3 hits - armor 2 = 1: 1 life


def test_a_three_square_fall_costs_two_lives():
    """rb 769: "Falling 3 squares = losing 2 life points... ouch!\""""
    s = play_state(labels=("RED-RAY", "RED-ANA", "BLU-TOR", "BLU-MAC"))
    # a square of this board with exactly 3 empty squares under it and a plain floor at the bottom
    b = physics.board(s.layout)
    drop = next(sq for sq in b.squares() if b.open(sq) and not b.supported(sq)
                and _fall_length(s, sq) == 3 and not b.acid(_land(s, sq)) and not b.spikes(_land(s, sq)))
    s.move_figure("RAY", square=drop)
    physics.fall(s, "RAY", [])
    assert s.busters[0].lives == 1
    assert s.figures["RAY"].square == (drop[0], drop[1] - 3)


def _land(s, sq):
    while not physics.supported(s, sq):
        sq = (sq[0], sq[1] - 1)
    return sq


def _fall_length(s, sq):
    return sq[1] - _land(s, sq)[1]


def test_initiative_for_rp_3_1_3_from_4_2_3():
    """rb 919 (DEATHMATCH): the initiative is the RP left; a tie goes to the most RP on the sheet; still a
    tie, INITIATIVE cards. RP left 3, 1, 3 on sheets of 4, 2, 3: the 4-sheet, the 3-sheet, then the 1."""
    s = play_state(labels=("RED-PNK", "BLU-TOR", "RED-PAM", "BLU-MAC"))
    assert [life.rp_max(b) for b in s.busters[:3]] == [4, 2, 3]
    for seat, rp in ((0, 3), (1, 1), (2, 3), (3, 0)):
        s.set_buster(seat, rp=rp)
    order, cards = flow.order_seats(s)
    assert order == (0, 2, 1, 3)
    assert cards == (0, 0, 0, 0)


def test_initiative_cards_break_a_full_tie():
    s = play_state(labels=("RED-RAY", "BLU-PAM"))  # both sheets have 3 RP
    order, cards = flow.order_seats(s)
    assert sorted(order) == [0, 1] and all(cards) and cards[0] < cards[1]


def test_epic_with_the_joker():
    """rb 861-865 and rb 568: E, P, joker, C spell EPIC; the sheet flips, RP and ammo bonuses go above the
    maxima; at the start of its next turn it flips back and the surplus goes."""
    s = play_state()
    s.set_buster(0, hand=("Adrenalyn|E", "Fury|P", "Epic joker|*", "Armory|C"))
    [cards] = epic_sets(s.busters[0].hand)
    go_epic(s, 0, cards, [])
    b = s.busters[0]
    assert b.epic and b.hand == () and (b.rp, b.ammo) == (3 + 1, 4 + 2)
    assert life.weapon(b, "distance").name == "Commander Cannon"
    assert len(s.pow_discard) == 4
    s.turn = 0
    flow.start_turn(s, [])
    b = s.busters[0]
    assert not b.epic and (b.rp, b.ammo) == (3, 4)


def test_the_last_shot_of_a_shotgun_breaks_it_unfired(fixed_dice):
    """rb 835-837: "if at any time the player equipped with it runs out of ammunition, the equipment card
    is destroyed" — "If the condition happens while performing an attack, it is not carried out"."""
    s = play_state(where={"RAY": ((2, 0), 1), "TOR": ((4, 0), -1)})
    s.equip_deck = tuple(c for c in s.equip_deck if c != "E14")
    s.set_buster(0, owned=("E14",), equipped=("E14", None, None), ammo=1)
    fake = fixed_dice()
    [t] = combat.ranged_targets(s, 0)
    _attack(s, "shoot", t, [])
    assert fake.pools == []  # nothing rolled
    assert s.busters[1].lives == 3
    assert s.busters[0].equipped[0] == "RAY.blaster" and "E14" in s.equip_discard


def test_ranged_needs_the_target_in_range():
    """rb 791: squares between <= range. The Blaster's range is 4."""
    s = play_state(where={"RAY": ((0, 0), 1), "TOR": ((6, 0), -1)})
    s.move_figure("ROBOT-RED", square=(0, 2))  # out of the line of sight (figures block it)
    s.move_figure("ROBOT-BLU", square=(8, 2))
    assert combat.ranged_targets(s, 0) == []  # 5 squares between
    s.move_figure("TOR", square=(5, 0))
    assert [t.between for t in combat.ranged_targets(s, 0)] == [4]


def test_melee_weapons_buy_extra_dice_too(fixed_dice):
    """rb 649-651: "By spending an ammo point [a reaction point], you gain a yellow die for the attack roll.
    No limit." — printed on melee cards too (Electro Baton RP_Y, Power Fist AMMO_Y, game-data.md 4.6), bought
    when the blow is declared; Power Fist spending the last ammo breaks unstruck (rb 835-837)."""
    s = play_state(labels=("RED-TOR", "BLU-ANA"), where={"TOR": ((3, 0), 1), "ANA": ((4, 0), -1)})
    s.equip_deck = tuple(c for c in s.equip_deck if c not in ("E05", "E09"))
    s.set_buster(0, owned=("E05", "E09"), equipped=(s.busters[0].equipped[0], "E05", None))
    assert "hit ANA rp:2" in attacks.attack_actions(s, 0)
    fake = fixed_dice((("W", BLANK),) * 5, (("W", BLANK),) * 4)
    attacks.declare(s, 0, ["hit", "ANA", "rp:2"], [])
    attacks.at_once(s, [])
    assert s.busters[0].rp == 0 and fake.pools[0] == dice.add(life.melee_dice(s.busters[0]), "2Y")
    s.set_buster(0, equipped=(s.busters[0].equipped[0], "E09", None), ammo=1)
    assert "hit ANA ammo:1" in attacks.attack_actions(s, 0)
    out: list[str] = []
    attacks.declare(s, 0, ["hit", "ANA", "ammo:1"], out)
    assert s.attack is None and "E09" in s.equip_discard and "not struck" in " ".join(out)


def test_a_grenade_is_not_offered_facing_a_wall():
    """rb 823: the throw starts "from the square next to where you threw"; facing the board's edge there is
    none, so `lob` is not listed (it took the AP and ammo and threw nowhere) nor helped by Elite Fire."""
    s = play_state(labels=("RED-MAC", "BLU-TOR"), where={"MAC": ((0, 0), -1), "TOR": ((5, 0), -1)})
    assert "lob" not in attacks.attack_actions(s, 0)
    s.move_figure("MAC", facing=1)
    assert "lob" in attacks.attack_actions(s, 0)


def test_a_shotgun_breaks_when_its_holder_runs_out_of_ammo_any_way():
    """rb 835-837: "if at any time the player equipped with it runs out of ammunition, the equipment card is
    destroyed" — giving the last ammo away too, not only shooting it."""
    from rules.powerup import ENGINE

    s = play_state(labels=("RED-RAY", "RED-ANA", "BLU-TOR", "BLU-MAC"),
                   where={"RAY": ((3, 0), 1), "ANA": ((4, 0), -1), "TOR": ((7, 3), -1), "MAC": ((8, 3), -1)})
    s.equip_deck = tuple(c for c in s.equip_deck if c != "E14")
    s.set_buster(0, owned=("E14",), equipped=("E14", None, None), ammo=1)
    s.set_buster(1, ammo=0)
    s, _ = ENGINE.apply(s, 0, "give ANA ammo 1")
    assert s.busters[0].ammo == 0 and "E14" in s.equip_discard and s.busters[0].equipped[0] == "RAY.blaster"
