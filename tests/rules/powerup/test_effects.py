"""The POW! cards' effects in DEATHMATCH (rules/powerup/effects.py): one test per card at least, each citing
the card's line of shared/rulebooks/powerup.txt ("rb N"), with its cost paid, the card discarded and the
effect's exact amounts (from the data), and what may not be played."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.powerup import asks, attacks, combat, effects, flow, life, pow_self, reach, turn
from rules.powerup.board import parse_square
from rules.powerup.data import check_effects, game_data
from rules.powerup.deathmatch import new_state
from rules.powerup.effects import EFFECTS, card_actions, play_card, trick_actions
from rules.powerup.invariants import check_invariants
from rules.powerup.state import State

DATA = game_data()


def sq(text: str) -> tuple[int, int]:
    square = parse_square(text)
    assert square is not None
    return square


def game(hand: tuple[str, ...] = (), ray: str = "D1", tor: str = "H3", labels=("RED-RAY", "BLU-TOR"),
         at: dict[str, str] | None = None, **buster) -> State:
    """A DEATHMATCH game in play, RAY (seat 0, facing >) to act with 4 AP, TOR (seat 1) facing <; ``hand``
    is RAY's, its cards taken from the deck (31 cards kept)."""
    s = new_state(7, labels, DATA.board(len(labels)).faces)
    places = {"RAY": ray, "TOR": tor, **(at or {})}
    for fid, where in places.items():
        s.move_figure(fid, square=sq(where), facing=1 if s.team_of(fid) == "RED" else -1)
    s.phase, s.order, s.turn, s.ap, s.sequence = "play", tuple(range(len(labels))), 0, 4, 1
    s.played = tuple(False for _ in labels)
    s.pow_deck = tuple(c for c in s.pow_deck if c not in hand)
    s.set_buster(0, hand=hand, **buster)
    return s


def play(s: State, action: str, seat: int = 0) -> tuple[State, list[str]]:
    """Play a listed card on a clone; the game's invariants hold after it."""
    listed = card_actions(s, seat) if s.active == seat else trick_actions(s, seat)
    assert action in listed, listed
    s2 = s.clone()
    out: list[str] = []
    play_card(s2, seat, action, out)
    assert check_invariants(s2) == []
    return s2, out


def discarded(before: State, after: State, card: str, seat: int = 0) -> bool:
    return card not in after.busters[seat].hand and after.pow_discard == (*before.pow_discard, card)


# --- the registry ---------------------------------------------------------------------------------------
def test_every_card_has_an_effect_and_the_engine_loads():
    """rb 1170-1277: the 29 POW! names; the issue: loading fails on "a card with no registered effect"."""
    from rules.powerup.engine import PowerupEngine

    assert set(EFFECTS) == {c.name for c in DATA.pow_cards} and len(EFFECTS) == 29
    assert check_effects(DATA, set(EFFECTS)) == []
    assert check_effects(DATA, set(EFFECTS) - {"Fury"}) == ["Fury"]
    PowerupEngine()
    for name, e in EFFECTS.items():
        assert e.card.name == name
        assert "rb " in (e.apply.__doc__ or "") or name in ("BrainWash", "Disruptor", "Epic joker", "Copycat",
                                                             "Take a Mulligan")


def test_tokens_are_the_notation_of_asks():
    """One token per copy (Medikit I and C are two cards), as asks.card_token writes them."""
    deck = [f"{n}|{letter}" for n, letter in DATA.pow_deck()]
    assert [effects.card_token(c) for c in deck] == [asks.card_token(c) for c in deck]
    assert len({effects.card_token(c) for c in deck}) == 31
    s = game(("Medikit|I", "Medikit|C"), lives=2)
    assert card_actions(s, 0) == ["card Medikit:I", "card Medikit:C"]


# --- RP, ammo, lives ------------------------------------------------------------------------------------
def test_adrenalyn_gives_2_rp_above_the_maximum():
    """rb 1172: "Adrenalyn Special - Free The BUGBUSTER gets 2 extra reaction points."."""
    s = game(("Adrenalyn|E",))
    assert s.busters[0].rp == 3 == life.rp_max(s.busters[0])
    s2, out = play(s, "card Adrenalyn:E")
    b = s2.busters[0]
    assert (b.rp, b.over_rp, life.rp_max(b)) == (3 + DATA.pow("Adrenalyn").amounts["rp"], 2, 5)
    assert discarded(s, s2, "Adrenalyn|E") and "RAY plays Adrenalyn (free)." in out
    low, _ = play(game(("Adrenalyn|E",), rp=1), "card Adrenalyn:E")
    assert (low.busters[0].rp, low.busters[0].over_rp) == (3, 0)  # nothing above the maximum to record


def test_a_cost_spends_the_surplus_first():
    """rb 410: "any remaining surplus of reaction or ammo points is also removed" -- a surplus can be
    spent: after Adrenalyn (5/5, 2 over), a 1 RP Medikit leaves 4 RP, 1 of them over."""
    s, _ = play(game(("Adrenalyn|E", "Medikit|I"), lives=2), "card Adrenalyn:E")
    s, _ = play(s, "card Medikit:I")
    assert (s.busters[0].rp, s.busters[0].over_rp, life.rp_max(s.busters[0])) == (4, 1, 4)


def test_ammo_found_and_armory_give_ammo_above_the_maximum():
    """rb 1176: "The BUGBUSTER wins 1 extra ammo point. This may exceed the maximum"; rb 1180: Armory,
    "1 reaction point", "3 extra ammo points"."""
    s, _ = play(game(("Ammo Found|P",)), "card Ammo-Found:P")
    assert (s.busters[0].ammo, s.busters[0].over_ammo, s.busters[0].rp) == (5, 1, 3)
    s, out = play(game(("Armory|C",)), "card Armory:C")
    assert (s.busters[0].ammo, s.busters[0].over_ammo, s.busters[0].rp) == (4 + 3, 3, 2)
    assert "RAY plays Armory (1 RP)." in out
    assert card_actions(game(("Armory|C",), rp=0), 0) == []  # the cost cannot be paid


def test_redbug_gives_4_rp():
    """rb 1253: "The BUGBUSTER adds 4 reaction points" (erratum: RP, not ammunition), 1 RP to play."""
    s = game(("RedBug|C",))
    s2, _ = play(s, "card RedBug:C")
    b = s2.busters[0]
    assert DATA.pow("RedBug").amounts == {"rp": 4}
    assert (b.rp, b.ammo, b.over_rp, life.rp_max(b)) == (3 - 1 + 4, 4, 3, 6)
    assert discarded(s, s2, "RedBug|C")


def test_medikit_gives_a_life_never_above_3():
    """rb 1237: "The BUGBUSTER gains 1 life point. You cannot win more than 3 life points." (1 RP)."""
    s = game(("Medikit|C",), lives=1)
    s2, _ = play(s, "card Medikit:C")
    assert (s2.busters[0].lives, s2.busters[0].rp) == (2, 2) and discarded(s, s2, "Medikit|C")
    assert card_actions(game(("Medikit|C",)), 0) == []  # 3 lives: nothing to win
    assert card_actions(game(("Medikit|C",), lives=2, rp=0), 0) == []  # the RP cannot be paid


# --- timed effects ----------------------------------------------------------------------------------------
def test_energy_shield_adds_2_armor_until_the_next_turn():
    """rb 1212: "The BUGBUSTER adds 2 armor points until the start of their next turn." (1 RP, a trick:
    rb 534 "Trick cards can be used at any time")."""
    s = game(("Energy Shield|E",))
    armor = life.armor(s.busters[0])
    s, _ = play(s, "card Energy-Shield:E")
    assert s.busters[0].effects == (("armor", 2, "next"),) and life.armor(s.busters[0]) == armor + 2
    assert s.busters[0].rp == 2
    out: list[str] = []
    flow.end_turn(s, out)  # TOR's turn: still shielded
    assert s.active == 1 and life.armor(s.busters[0]) == armor + 2
    flow.end_turn(s, out)  # a new sequence: RAY's next turn starts
    assert s.active == 0 and s.busters[0].effects == () and life.armor(s.busters[0]) == armor


def test_energy_shield_and_the_monkey_out_of_turn():
    """rb 534: tricks any time -- listed for the reaction windows while another seat acts; specials not
    (rb 530: "Special cards can only be used during your turn")."""
    s = game(("Energy Shield|E", "There's a monkey!|C", "Medikit|I", "Fury|E"), lives=2, tor="E1")
    s.turn = 1  # TOR's turn; Fury helps only RAY's own attack, though TOR is next to it
    assert card_actions(s, 0) == []
    assert trick_actions(s, 0) == ["card Energy-Shield:E", "card There's-a-monkey!:C TOR"]
    s2, _ = play(s, "card Energy-Shield:E")
    assert life.armor(s2.busters[0]) == life.armor(s.busters[0]) + 2
    assert trick_actions(game(("Energy Shield|E",)), 0) == []  # in its own turn: card_actions


def test_shield_adds_1_armor_for_1_ammo():
    """rb 1261: "Shield Special - 1 ammo point. The BUGBUSTER adds 1 point to your armor until the start
    of its next turn."."""
    s = game(("Shield|P",))
    s2, out = play(s, "card Shield:P")
    assert s2.busters[0].effects == (("armor", 1, "next"),) and s2.busters[0].ammo == 3
    assert life.armor(s2.busters[0]) == life.armor(s.busters[0]) + 1 and "RAY plays Shield (1 ammo)." in out
    assert card_actions(game(("Shield|P",), ammo=0), 0) == []


def test_player_pause_neither_attacks_nor_is_attacked():
    """rb 1249: "The BUGBUSTER cannot attack or be attacked by others until the start of the next" (its
    user's next turn, the erratum)."""
    s = game(("Player Pause|I", "Fury|E"), tor="E1")
    assert [t.id for t in combat.melee_targets(s, 1)] == ["RAY"]
    assert "card Fury:E" in card_actions(s, 0)
    s2, _ = play(s, "card Player-Pause:I")
    assert s2.busters[0].effects == (("pause", 1, "next"),) and s2.busters[0].rp == 2
    assert combat.melee_targets(s2, 1) == [] and combat.ranged_targets(s2, 1) == []
    assert pow_self.attack_kinds(s2, 0) == set() and card_actions(s2, 0) == []  # no attack, no Fury
    s2.set_buster(0, hand=("Player Pause|I",))
    assert card_actions(s2, 0) == []  # already paused


def test_fast_pass_gives_3_free_movement_actions():
    """rb 1225: "Fast Pass Trick - 1 reaction point. You have 3 extra movement actions." (this turn)."""
    s, _ = play(game(("Fast Pass|C",)), "card Fast-Pass:C")
    assert s.busters[0].effects == (("moves", 3, "turn"),) and s.busters[0].rp == 2
    assert [pow_self.spend_free_move(s, 0) for _ in range(4)] == [True, True, True, False]
    assert s.busters[0].effects == ()
    s, _ = play(game(("Fast Pass|C",)), "card Fast-Pass:C")
    flow.end_turn(s, [])
    assert s.busters[0].effects == ()  # unused, they end with the turn


# --- cards ------------------------------------------------------------------------------------------------
def test_double_team_draws_2_that_wait_for_the_next_turn():
    """rb 1208: "The BUGBUSTER draws two POW! cards. ... may not use the cards in this turn." (1 RP)."""
    s = game(("Double Team|C",))
    s.pow_deck = ("Adrenalyn|E", "Medikit|I", *(c for c in s.pow_deck if c not in ("Adrenalyn|E", "Medikit|I")))
    s.set_buster(0, lives=2)
    s2, _ = play(s, "card Double-Team:C")
    assert s2.busters[0].hand == ("Adrenalyn|E", "Medikit|I") and s2.fresh == ("Adrenalyn|E", "Medikit|I")
    assert s2.busters[0].rp == 2 and discarded(s, s2, "Double Team|C")
    assert card_actions(s2, 0) == []
    flow.end_turn(s2, [])
    assert s2.fresh == ()
    s2.turn, s2.order = 0, (0, 1)
    assert card_actions(s2, 0) == ["card Adrenalyn:E", "card Medikit:I"]


def test_double_team_with_a_full_hand_asks_to_discard():
    """rb 1208: "You can not have more than 4 cards in your hand. You can discard after drawing"; rb 536:
    "IF A PLAYER HAS 4 CARDS AND WANTS TO DRAW A NEW ONE, HE OR SHE MUST DISCARD ONE FIRST"."""
    s = game(("Double Team|C", "Fury|E", "Shield|P", "Epic joker|*"))
    top = s.pow_deck[0]
    s2, _ = play(s, "card Double-Team:C")
    assert s2.busters[0].hand == ("Fury|E", "Shield|P", "Epic joker|*", top) and s2.fresh == (top,)
    assert s2.asks == ((0, "full", "fresh"),)


def test_assemble_lets_the_team_trade_cards():
    """rb 1184: "Assemble Special - 1 reaction point. The entire team may exchange their POW! cards as they
    wish." (hand limit 4, rb 536)."""
    labels = ("RED-RAY", "RED-ANA", "BLU-TOR", "BLU-PAM")
    s = game(("Assemble|E", "Fury|E"), labels=labels, at={"ANA": "A1", "PAM": "I1"})
    s.set_buster(1, hand=("Shield|P",))
    s.pow_deck = tuple(c for c in s.pow_deck if c != "Shield|P")
    s2, _ = play(s, "card Assemble:E")
    assert s2.busters[0].rp == 2 and s2.asks == ((0, "assemble", 0), (1, "assemble", 0))
    options = pow_self.assemble_options(s2, 0)
    assert options == ["done", "hand Fury:E ANA", "hand Shield:P RAY"]
    from rules.powerup import ENGINE  # the channel's log says who got a card, not which (a team's affair)
    assert ENGINE.public_action(s2, 0, "hand Shield:P RAY") == "hand a card to RAY"
    ask, s2.asks = s2.asks[0], s2.asks[1:]
    pow_self.assemble_answer(s2, ask, "hand Shield:P RAY", [])
    assert s2.busters[0].hand == ("Fury|E", "Shield|P") and s2.busters[1].hand == ()
    assert s2.asks[0] == (0, "assemble", 0)  # asked again until done
    s2.set_buster(1, hand=("Medikit|I", "Medikit|C", "Armory|C", "RedBug|C"))
    assert pow_self.assemble_options(s2, 1) == ["done", "hand Medikit:I RAY", "hand Medikit:C RAY",
                                               "hand Armory:C RAY", "hand RedBug:C RAY"]  # ANA holds 4
    assert card_actions(game(("Assemble|E",)), 0) == []  # 1 against 1: no team to trade with


# --- the board --------------------------------------------------------------------------------------------
def test_teleport_to_a_free_on_powerup_without_the_store():
    """rb 1265: "The BUGBUSTER teleports to any POWERUP that is on, turning it off. The POWERUP cannot be
    used for anything else when this is done." (1 RP)."""
    s = game(("Teleport|I",))
    s.powerups.update({sq("F3"): True, sq("B3"): False, sq("H3"): True})  # H3: TOR stands there
    assert card_actions(s, 0) == ["card Teleport:I F3"]
    s.move_figure("ROBOT-BLU", square=None, carried_by="RAY")
    s.move_figure("RAY", cargo="ROBOT-BLU")
    s2, out = play(s, "card Teleport:I F3")
    assert s2.figures["RAY"].square == sq("F3") and s2.powerups[sq("F3")] is False
    assert s2.where("ROBOT-BLU") == sq("F3")  # its cargo comes along (rb 510)
    assert s2.asks == ((0, "face", "RAY"),) and s2.busters[0].rp == 2  # no store
    assert "RAY teleports from D1 to the POWERUP at F3 (now OFF)." in out
    s.powerups[sq("F3")] = False
    assert card_actions(s, 0) == []


def test_turn_on_powerups_for_ammo_nearest_first():
    """rb 1277: "Turn on POWERUPs Special - Free. For each ammo point used, you turn 1 deactivated POWERUP
    back on."."""
    s = game(("Turn on POWERUPs|P",))
    s.powerups.update({sq("B3"): False, sq("H3"): False, sq("D3"): False, sq("F3"): True})
    assert card_actions(s, 0) == [f"card Turn-on-POWERUPs:P {n}" for n in (1, 2, 3)]
    s2, _ = play(s, "card Turn-on-POWERUPs:P 2")
    assert s2.busters[0].ammo == 4 - 2 and s2.busters[0].rp == 3
    assert s2.powerups == {sq("B3"): True, sq("H3"): False, sq("D3"): True, sq("F3"): True}
    s.set_buster(0, ammo=1)
    assert card_actions(s, 0) == ["card Turn-on-POWERUPs:P 1"]
    s.powerups.update({k: True for k in s.powerups})
    assert card_actions(s, 0) == []


def test_money_bot_collects_a_square_of_coins():
    """rb 1241: "Collect all the coins in a square that is anywhere on the board." (1 RP)."""
    s = game(("Money Bot|E",))
    assert card_actions(s, 0) == []
    s.coins[sq("F3")] = 3
    s2, _ = play(s, "card Money-Bot:E F3")
    assert (s2.busters[0].coins, s2.coins, s2.busters[0].rp) == (3, {}, 2)


def test_open_close_door():
    """rb 1245: "You may open or close one of the doors that is on the board." (1 RP)."""
    s = game(("Open/Close Door|P",), ray="B1")
    assert card_actions(s, 0) == ["card Open/Close-Door:P B1", "card Open/Close-Door:P H1"]
    assert reach.gate_targets(s, 0) == [sq("H1")]
    s2, out = play(s, "card Open/Close-Door:P H1")
    assert s2.shut == (sq("H1"),) and reach.gate_targets(s2, 0) == [] and s2.busters[0].rp == 2
    assert "RAY shuts the door at H1." in out
    s2.set_buster(0, hand=("Open/Close Door|P",))
    s2.pow_discard = ()
    s3, out = play(s2, "card Open/Close-Door:P H1")
    assert s3.shut == () and "RAY opens the door at H1." in out


def test_barrier_granade_makes_a_cover_next_to_its_user():
    """rb 1190: "Barrier Granade Special - 1 ammo point. Generates a barrier of 2 armor points in an
    adjacent square."; rb 1126: "a cover of 2 armor points when our character is shot at ... This square
    is blocked"."""
    s = game(("Barrier Granade|I",), tor="F1")
    assert DATA.pow("Barrier Granade").amounts["armor"] == DATA.hazards["cover"].armor
    assert card_actions(s, 0) == ["card Barrier-Granade:I E1", "card Barrier-Granade:I E2"]  # C1: the robot
    s2, _ = play(s, "card Barrier-Granade:I E1")
    assert s2.covers == (sq("E1"),) and s2.busters[0].ammo == 3
    assert [(t.id, t.cover) for t in combat.ranged_targets(s2, 0)] == [("TOR", 2)]
    s.powerups[sq("E2")], s.secrets[sq("E1")] = True, "BLU:trap"
    assert card_actions(s, 0) == []  # a cover never hides a token
    s.move_figure("ROBOT-RED", square=sq("A1"))
    assert card_actions(s, 0) == []  # nor the robot's home, C1, where the robot goes back
    s.move_figure("ROBOT-RED", square=sq("C1"))
    del s.powerups[sq("E2")], s.secrets[sq("E1")]
    s.covers = (sq("A6"), sq("B6"), sq("C6"))
    assert card_actions(s, 0) == []  # the 3 covers are out (rb 93)
    assert card_actions(game(("Barrier Granade|I",), ammo=0), 0) == []


def test_theres_a_monkey_flips_an_enemy():
    """rb 1269: "There's a monkey! Trick - 1 reaction point. Flip an enemy to face the opposite
    direction."."""
    s = game(("There's a monkey!|C",))
    assert card_actions(s, 0) == ["card There's-a-monkey!:C TOR"]
    s2, out = play(s, "card There's-a-monkey!:C TOR")
    assert (s.figures["TOR"].facing, s2.figures["TOR"].facing, s2.busters[0].rp) == (-1, 1, 2)
    assert "There's a monkey! TOR turns to face >." in out


# --- attack tricks ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "token", "tor", "dice_", "hits", "kind", "rp"), [
    ("Attack Advantage|P", "Attack-Advantage:P", "E1", "1W", 0, "melee", 0),  # rb 1186
    ("Fury|E", "Fury:E", "E1", "1Y", 0, "melee", 0),  # rb 1229
    ("Karate Attack!|P", "Karate-Attack!:P", "E1", "", 1, "melee", 0),  # rb 1233
    ("Elite Fire|P", "Elite-Fire:P", "F1", "1Y", 0, "ranged", 0),  # rb 1216
    ("Explosive Ammo|I", "Explosive-Ammo:I", "F1", "2W", 0, "ranged", 0),  # rb 1222
    ("Concentration|E", "Concentration:E", "F1", "", 1, "ranged", 0),  # rb 1196
    ("This is my primo|E", "This-is-my-primo:E", "F1", "3Y", 0, "any", 2),  # rb 1273
])
def test_attack_tricks_add_to_the_next_attack(card, token, tor, dice_, hits, kind, rp):
    """rb 1186-1273: the attack tricks add dice or hits to an attack of their kind (free; primo 2 RP)."""
    s = game((card,), tor=tor)
    s2, _ = play(s, f"card {token}")
    assert (s2.bonus_dice, s2.bonus_hits, s2.bonus_for) == (dice_, hits, kind)
    assert s2.busters[0].rp == 3 - rp and discarded(s, s2, card)


def test_melee_tricks_need_a_melee_attack_and_ranged_ones_a_shot():
    """rb 1229: "Only for melee attack"; rb 1216: "Only for ranged attack"; an attack needs 1 AP (rb 465)
    and a ranged one 1 ammo (rb 791)."""
    hand = ("Fury|E", "Elite Fire|P", "This is my primo|E")
    assert card_actions(game(hand, tor="F1"), 0) == ["card Elite-Fire:P", "card This-is-my-primo:E"]
    assert card_actions(game(hand, tor="E1"), 0) == ["card Fury:E", "card Elite-Fire:P", "card This-is-my-primo:E"]
    assert card_actions(game(hand, tor="F1", ammo=0), 0) == []  # no shot, no melee target
    assert card_actions(game(hand, tor="H3"), 0) == []  # nobody in reach
    s = game(hand, tor="E1")
    s.ap = 0
    assert card_actions(s, 0) == []


def test_bonuses_of_one_kind_add_up_and_another_kind_waits():
    """Fury then Attack Advantage: 1 white and 1 yellow for the melee attack; a ranged trick does not join
    a melee bonus; primo ("whatever the type", rb 1273) joins it."""
    s = game(("Fury|E", "Attack Advantage|P", "Elite Fire|P", "This is my primo|E"), tor="E1")
    s, _ = play(s, "card Fury:E")
    assert "card Elite-Fire:P" not in card_actions(s, 0)
    s, _ = play(s, "card Attack-Advantage:P")
    s, _ = play(s, "card This-is-my-primo:E")
    assert (s.bonus_dice, s.bonus_hits, s.bonus_for) == ("1W4Y", 0, "melee")


def test_fury_reaches_the_melee_roll():
    """rb 1229: "Add 1 yellow die to your attack roll": RAY's melee 1W1Y and Fury's 1Y against TOR's
    1W2Y and Mama's 1Y (rb 811: both roll)."""
    s = game(("Fury|E",), tor="E1")
    plain = s.clone()
    turn.apply(plain, 0, "hit TOR", [])
    attacks.at_once(plain, [])  # declared, then rolled and landed (no window between here)
    s, _ = play(s, "card Fury:E")
    turn.apply(s, 0, "hit TOR", [])
    attacks.at_once(s, [])
    assert len(plain.last_roll) == 2 + 4 and len(s.last_roll) == 3 + 4
    assert (s.bonus_dice, s.bonus_hits) == ("", 0)


# --- never played here ------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", ["BrainWash|C", "Disruptor|I", "Epic joker|*"])
def test_cards_not_played_in_deathmatch(card):
    """rb 1194, rb 1204: BrainWash and Disruptor act on the BUGMISTRESS (none in DEATHMATCH: only letters);
    rb 1218: the Epic joker is only an EPIC letter. (Take a Mulligan and Copycat: test_reactions.py.)"""
    s = game((card,), rp=5, ammo=5)
    assert card_actions(s, 0) == []
    s.turn = 1
    assert trick_actions(s, 0) == []
    with pytest.raises(IllegalAction):
        EFFECTS[card.split("|")[0]].apply(s, 0, "", [])


def test_cards_only_in_the_own_turn_on_the_ground():
    """rb 530: specials "only ... during your turn"; this listing is the own turn's, not in the air, and
    not in setup."""
    s = game(("Adrenalyn|E",))
    assert card_actions(s, 1) == []
    s.air = "RAY"
    assert card_actions(s, 0) == []
    s.air, s.phase = "", "place"
    assert card_actions(s, 0) == []
