"""Reactions (rb 881-929; reactions.py): windows after the active seat's actions, RP as out-of-turn AP at the
usual costs, the weapon's speed paid first, Roll, Assist, Mid-Jump out of turn, one reaction per seat per
action, the roll window's tricks, Copycat, and the seats' modes. Each test cites the passage it checks."""

from __future__ import annotations

from rules.core.engine import DecisionKind
from rules.powerup import ENGINE as E
from rules.powerup import dice, life, physics
from rules.powerup.board import board
from rules.powerup.cards import card_token
from rules.powerup.state import State, set_mode
from tests.rules.powerup.conftest import play_state

SKULL, SKULL2, BLANK = "skull", "skull2", "blank"


def give(s: State, seat: int, *names: str) -> tuple[str, ...]:
    """Cards by name from the POW! deck into ``seat``'s hand (31 cards kept); their tokens."""
    got = []
    for n in names:
        card = next(c for c in s.pow_deck if c.split("|")[0] == n)
        s.pow_deck = tuple(c for c in s.pow_deck if c != card)
        got.append(card)
    s.set_buster(seat, hand=(*s.busters[seat].hand, *got))
    return tuple(card_token(c) for c in got)


def act(s: State, seat: int, action: str) -> tuple[State, list[str]]:
    assert action in E.legal_actions(s, seat), (action, E.legal_actions(s, seat))
    s, events = E.apply(s, seat, action)
    assert E.check_invariants(s) == []
    return s, [e.text for e in events]


def duel(**where) -> State:
    """TOR (seat 0, RED) to act, facing RAY (seat 1, BLU) on the bottom row A1-I1; the robots out of the
    way in the corners."""
    s = play_state(labels=("RED-TOR", "BLU-RAY"), where=where or {"TOR": ((2, 0), 1), "RAY": ((3, 0), -1)})
    s.move_figure("ROBOT-RED", square=(0, 0))
    s.move_figure("ROBOT-BLU", square=(8, 0))
    return s


def test_ray_steps_back_from_a_melee_attack_and_the_attacker_keeps_its_actions():
    """rb 899-901: RAY "spends 1 RP to be able to take a step back, dodging the attack. The enemy's attack
    is performed and therefore lost. If the BUG still has actions, it can continue using them. It may even
    choose to attack again." rb 925: under attack, the weapon's speed first (TOR's Mama: speed 1): 2 RP."""
    s = play_state(labels=("RED-TOR", "BLU-RAY"), where={"TOR": ((3, 0), 1), "RAY": ((4, 0), -1)})
    s, _ = act(s, 0, "hit RAY")
    pending = E.pending(s)
    assert list(pending) == [1] and pending[1].kind == DecisionKind.REACTION
    assert "speed 1" in pending[1].prompt
    s, _ = act(s, 1, "react back")  # RAY faces <: back is a step to the right, away from TOR
    assert s.figures["RAY"].square == (5, 0)
    assert s.busters[1].rp == 3 - 2
    events = " ".join(s.events)
    assert "attack is lost" in events
    assert s.busters[1].lives == 3 and s.ap == 3  # the AP stays spent; TOR keeps the other 3
    assert E.pending(s)[0].kind == DecisionKind.TURN
    s, _ = act(s, 0, "move")
    assert "hit RAY" in E.legal_actions(s, 0)  # "It may even choose to attack again"


def test_a_speed_one_shotgun_costs_one_rp_to_dodge_and_one_to_move():
    """rb 927: "to dodge an attack from a speed 1 shotgun, you would have to spend 1 reaction point to dodge
    and 1 to move away"."""
    s = duel(TOR=((2, 0), 1), RAY=((5, 0), -1))
    s.equip_deck = tuple(c for c in s.equip_deck if c != "E14")
    s.set_buster(0, owned=("E14",), equipped=("E14", *s.busters[0].equipped[1:]))
    s, _ = act(s, 0, "shoot RAY")
    assert "speed 1" in E.pending(s)[1].prompt
    rp = s.busters[1].rp
    s, _ = act(s, 1, "react back")
    assert s.busters[1].rp == rp - 2


def test_roll_cancels_ranged_hits(fixed_dice):
    """rb 895-897: "For each use of an RP, roll a yellow die. Then subtract the hits from the ranged
    attackers roll"; rb 925: the speed (1) first. 3 hits - 2 cancelled = 1 against armor: no life lost,
    pushed by the 1 hit left."""
    s = duel(TOR=((2, 0), 1), RAY=((5, 0), -1))
    s, _ = act(s, 0, "shoot RAY")
    assert "react roll 2" in E.legal_actions(s, 1) and "react roll 3" not in E.legal_actions(s, 1)
    fake = fixed_dice((("Y", SKULL), ("Y", SKULL)), (("W", SKULL), ("W", SKULL), ("W", SKULL)))
    s, _ = act(s, 1, "react roll 2")
    assert fake.pools[0] == "2Y"
    assert s.busters[1].rp == 0 and s.busters[1].lives == 3
    assert s.figures["RAY"].square == (6, 0)
    assert "cancels 2 hits" in " ".join(s.events)


def test_assist_adds_the_allys_dice_and_costs_one_rp(fixed_dice):
    """rb 907-909: "add your dice to your ally's attack roll and spend 1 RP ... as long as your character is
    in a position to help": ANA, next to TOR too, adds her melee dice to RAY's blow."""
    s = play_state(labels=("RED-RAY", "RED-ANA", "BLU-TOR", "BLU-MAC"),
                   where={"RAY": ((3, 0), 1), "TOR": ((4, 0), -1), "ANA": ((5, 0), -1), "MAC": ((8, 0), -1)})
    s, _ = act(s, 0, "hit TOR")
    assert set(E.pending(s)) == {1, 2}  # ANA can assist, TOR is attacked; MAC has no part in it
    assert "react assist" in E.legal_actions(s, 1)
    s, _ = act(s, 1, "react assist")
    assert s.busters[1].rp == 2 and 1 not in E.pending(s)  # one reaction per seat per action (rb 923)
    fake = fixed_dice(((("W", BLANK),) * 5), ((("W", BLANK),) * 3))
    s, _ = act(s, 2, "pass")
    assert fake.pools[0] == dice.add(life.melee_dice(s.busters[0]), life.melee_dice(s.busters[1]))
    assert "Assisted by ANA" in " ".join(s.events)


def test_windows_ask_only_seats_that_can_react_and_by_their_mode():
    """The issue: a window asks each seat "that can legally react"; ``relevant`` (the default) when attacked,
    able to assist or holding a fitting trick, ``all`` whenever it could, ``none`` never."""
    s = duel(TOR=((2, 0), 1), RAY=((5, 0), -1))
    after, _ = act(s, 0, "flip")
    assert list(E.pending(after)) == [0]  # a flip in relevant mode: nobody is asked
    set_mode(s, 1, "all")
    after, _ = act(s, 0, "flip")
    assert list(E.pending(after)) == [1] and "react move" in E.legal_actions(after, 1)
    s.set_buster(1, rp=0)
    after, _ = act(s, 0, "flip")
    assert list(E.pending(after)) == [0]  # nothing to react with: not asked, even in mode all
    s.set_buster(1, rp=3)
    set_mode(s, 1, "none")
    after, _ = act(s, 0, "shoot RAY")
    assert list(E.pending(after)) == [0]  # attacked, but mode none: the shot is rolled at once


def test_a_mode_is_set_in_a_window_or_in_the_own_turn():
    s = duel(TOR=((2, 0), 1), RAY=((5, 0), -1))
    assert "mode none" in E.legal_actions(s, 0)
    s2, _ = act(s, 0, "mode all")
    assert s2.modes[0] == "all" and s2.ap == s.ap  # free
    s3, _ = act(s, 0, "shoot RAY")
    s3, _ = act(s3, 1, "mode none")  # passes, and is not asked again
    assert s3.modes[1] == "none"


def test_copycat_keeps_the_card_just_played():
    """rb 1200: "Use it when someone uses a POW! card. You get to keep their card". 2 RP."""
    s = duel(TOR=((2, 0), 1), RAY=((5, 0), -1))
    (adrenalyn,) = give(s, 0, "Adrenalyn")
    (copycat,) = give(s, 1, "Copycat")
    s, _ = act(s, 0, f"card {adrenalyn}")
    assert list(E.pending(s)) == [1]
    s, _ = act(s, 1, f"react card {copycat} {adrenalyn}")
    assert [card_token(c) for c in s.busters[1].hand] == [adrenalyn]
    assert s.busters[1].rp == 1 and E.check_invariants(s) == []


def test_take_a_mulligan_rerolls_the_misses_in_the_roll_window(fixed_dice):
    """rb 1257: "The BUGBUSTER can change part of, or the entire roll, by rolling again": TOR's shot rolled
    a miss; in the roll window TOR rolls the miss again (free)."""
    s = duel(TOR=((2, 0), 1), RAY=((5, 0), -1))
    (mulligan,) = give(s, 0, "Take a Mulligan")
    set_mode(s, 1, "none")
    fixed_dice((("W", BLANK), ("W", SKULL2)), (("W", SKULL2),))
    s, _ = act(s, 0, "shoot RAY")
    assert list(E.pending(s)) == [0] and E.pending(s)[0].kind == DecisionKind.REACTION
    assert f"react card {mulligan} misses" in E.legal_actions(s, 0)
    s, _ = act(s, 0, f"react card {mulligan} misses")
    through = 4 - life.armor(s.busters[1])  # the miss rolled again: skull2 + skull2
    assert s.busters[1].lives == 3 - dice.lives_lost(through)
    assert "rolls 1 die again" in " ".join(s.events)


def test_concentration_adds_a_hit_after_the_roll(fixed_dice):
    """rb 1196: Concentration "Must be a ranged attack. Add 1 hit ... Can be used at any time": after the
    roll, 2 hits against armor 2 become 3."""
    s = duel(TOR=((2, 0), 1), RAY=((5, 0), -1))
    (conc,) = give(s, 0, "Concentration")
    set_mode(s, 1, "none")
    fixed_dice((("W", SKULL), ("W", SKULL)))
    s, _ = act(s, 0, "shoot RAY")
    s, _ = act(s, 0, f"react card {conc}")
    assert s.busters[1].lives == 2


def test_energy_shield_under_attack_pays_the_speed_too(fixed_dice):
    """rb 1212 and rb 925: Energy Shield (1 RP) played under a speed-1 attack costs 2 RP; +2 armor turns 3
    hits into none through."""
    s = duel(TOR=((2, 0), 1), RAY=((5, 0), -1))
    (shield,) = give(s, 1, "Energy Shield")
    s, _ = act(s, 0, "shoot RAY")
    fixed_dice((("W", SKULL), ("W", SKULL), ("W", SKULL)))
    s, _ = act(s, 1, f"react card {shield}")
    assert s.busters[1].rp == 1 and s.busters[1].lives == 3


def test_a_reaction_shot_is_made_at_once(fixed_dice):
    """rb 885-891: RP "are Action Points that the player can use at any time ... the costs of the actions are
    the same" (1 RP for a shot, and its ammo; no speed: RAY is not under attack); reactions open no window,
    and TOR's turn goes on with its AP."""
    s = duel(TOR=((2, 0), 1), RAY=((5, 0), -1))
    set_mode(s, 1, "all")
    s, _ = act(s, 0, "flip")
    fixed_dice((("W", BLANK), ("W", BLANK), ("W", BLANK)))
    s, _ = act(s, 1, "react shoot TOR")
    assert s.busters[1].rp == 2 and s.busters[1].ammo == 3
    assert list(E.pending(s)) == [0] and s.ap == 3


def test_midjump_out_of_turn_while_falling():
    """rb 911: "You can use RPs to move 1 square, left or right, while in mid-air ... The cost is 1 RP and
    you can only do it once per jump or fall": RAY (not active) starts to fall and is asked first."""
    s = duel(TOR=((2, 0), 1), RAY=((5, 0), -1))
    b = board(s.layout)
    spot = next(sq for sq in b.squares() if b.open(sq) and not physics.supported(s, sq) and physics.free(s, sq)
                and len(physics.midair_options(_at(s, "RAY", sq), "RAY")) == 3)
    s = _at(s, "RAY", spot)
    physics.settle(s, [])
    assert s.asks == ((1, "midair", "RAY"),)
    assert E.pending(s)[1].kind == DecisionKind.REACTION
    s, _ = act(s, 1, "midjump >")
    assert s.busters[1].rp == 2 and s.figures["RAY"].square[0] == spot[0] + 1
    assert physics.supported(s, s.figures["RAY"].square)


def _at(s: State, fid: str, sq) -> State:
    c = s.clone()
    c.move_figure(fid, square=sq)
    return c


def test_who_is_asked_never_tells_which_cards_a_seat_holds():
    """The issue: "no private fact public". A window waiting on a seat is public (the channel names it), so
    the seats asked follow RP, positions and hand sizes only: with a Copycat or with a Medikit in hand, RAY
    is asked alike after TOR's card, and the public view is the same."""
    views = []
    for card in ("Copycat", "Medikit"):
        s = duel(TOR=((2, 0), 1), RAY=((5, 0), -1))
        (adrenalyn,) = give(s, 0, "Adrenalyn")
        give(s, 1, card)
        s, _ = act(s, 0, f"card {adrenalyn}")
        assert list(E.pending(s)) == [1]
        views.append(E.public_view(s).model_dump())
    assert views[0] == views[1]


def test_an_allys_pass_or_push_may_be_a_standing_answer():
    """rb 687/737: the ally entered "shall choose" to let pass or be pushed; the issue: "default pass, or a
    standing answer". ANA answers `pass always`: the next time RAY walks into her, she is not asked."""
    s = play_state(labels=("RED-RAY", "RED-ANA", "BLU-TOR", "BLU-MAC"),
                   where={"RAY": ((3, 0), 1), "ANA": ((4, 0), 1), "TOR": ((7, 0), -1), "MAC": ((8, 0), -1)})
    s, _ = act(s, 0, "move")
    assert s.asks[0][:2] == (1, "pass") and "pass always" in E.legal_actions(s, 1)
    s, _ = act(s, 1, "pass always")
    assert s.figures["RAY"].square == (5, 0)
    s, _ = act(s, 0, "flip")
    s, _ = act(s, 0, "move")
    assert not s.asks and s.figures["RAY"].square == (3, 0)
    assert "always answers 'pass'" in " ".join(s.events)


def test_concentration_after_the_roll_joins_that_shot_whatever_bonus_waits(fixed_dice):
    """rb 1196 ("Can be used at any time") with rb 1229 (Fury waits for a melee attack): a Fury played first
    does not keep Concentration's hit from the shot just rolled, and the Fury still waits."""
    s = duel(TOR=((3, 0), 1), RAY=((4, 0), -1))  # next to each other: a Fury has a melee attack to wait for
    fury, conc = give(s, 0, "Fury", "Concentration")
    set_mode(s, 1, "none")
    s, _ = act(s, 0, f"card {fury}")
    fixed_dice((("W", SKULL), ("W", SKULL)))
    s, _ = act(s, 0, "shoot RAY")
    s, _ = act(s, 0, f"react card {conc}")
    assert s.busters[1].lives == 3 - dice.lives_lost(3 - life.armor(s.busters[1]))
    assert s.bonus_for == "melee"
