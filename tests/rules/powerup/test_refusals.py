"""Refusals (rules/powerup/refusals.py): an action not in the legal list is refused with one short line naming
the rule that stops it, and nothing changes (the issue: "Bad input: one short private line naming the rule
("jump costs 2 AP, 1 left", "target 5 away, range 4"), nothing changed"). Each test names the line of
shared/rulebooks/powerup.txt ("rb N") whose rule the refusal names."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.core.rng import Rng
from rules.powerup.board import board, name, parse_square
from rules.powerup.deathmatch import designed_place, place_squares
from rules.powerup.engine import PowerupEngine
from rules.powerup.refusals import KNOWN, refusal
from rules.powerup.state import State
from tests.rules.powerup.conftest import play_state

E = PowerupEngine()
FOUR = ("RED-RAY", "RED-ANA", "BLU-TOR", "BLU-MAC")


def sq(text: str) -> tuple[int, int]:
    square = parse_square(text)
    assert square is not None
    return square


def at(labels=("RED-RAY", "BLU-TOR"), **where: tuple[str, int]) -> State:
    """A game in play, seat 0 (RAY) to act with 4 AP; ``where``: figure -> (square, facing)."""
    return play_state(labels=labels, where={f: (sq(q), facing) for f, (q, facing) in where.items()})


def refused(s: State, action: str, seat: int = 0) -> str:
    """The engine refuses ``action`` with one short line and leaves the state as it was."""
    before = s.clone()
    assert action not in E.legal_actions(s, seat)
    with pytest.raises(IllegalAction) as err:
        E.apply(s, seat, action)
    assert s == before
    line = str(err.value)
    assert "\n" not in line and len(line) <= 120, line
    return line


# --- AP -------------------------------------------------------------------------------------------------
def test_a_move_with_no_ap_left():
    """rb 462: "Move 1 square 1AP"."""
    s = at(RAY=("D1", 1), TOR=("I1", -1))
    s.ap = 0
    line = refused(s, "move")
    assert "move costs 1 AP" in line and "0 left" in line


def test_a_jump_with_one_ap_left():
    """rb 464, rb 488: a jump "costs 2 action points"."""
    s = at(RAY=("D1", 1), TOR=("I1", -1))
    s.ap = 1
    assert "move" in E.legal_actions(s, 0)
    line = refused(s, "jump")
    assert "2 AP" in line and "1 left" in line


# --- moving ----------------------------------------------------------------------------------------------
def test_nothing_to_climb_and_an_enemy_in_the_way():
    """rb 717: a ladder is climbed up or down; rb 703: "If you are not an ally of the character occupying the
    square, you can only get through by pushing the character in combat"."""
    s = at(RAY=("D1", 1), TOR=("E1", -1))
    assert "nothing to climb" in refused(s, "climb up")
    line = refused(s, "jump")
    assert "enemy stands on E1" in line and "cannot enter" in line


def test_gateway_to_a_square_off_the_board():
    """rb 711: "you can go through it into any other unlocked gateway"; the board is A1-I6 at 2 seats."""
    s = at(RAY=("B1", 1), TOR=("I1", -1))
    assert "no square Z9 on this board (A1-I6)" in refused(s, "gate Z9")
    assert "no gateway at D1" in refused(s, "gate D1")


# --- shooting --------------------------------------------------------------------------------------------
def test_out_of_range():
    """rb 791: "the number of squares between you is equal or less to the "Range" of your equipped weapon"
    (RAY's Blaster: range 4; B3 to H3 has 5 squares between)."""
    s = at(RAY=("B3", 1), TOR=("H3", -1))
    line = refused(s, "shoot TOR")
    assert "5 away" in line and "range 4" in line


def test_out_of_sight():
    """rb 691, rb 699: the line of shot is "straight ahead and at a 45 degree angle" (and up and down),
    "provided there are no obstacles" — a figure in the way stops it too."""
    s = at(RAY=("A1", 1), TOR=("D3", -1))
    assert "TOR is not in sight" in refused(s, "shoot TOR")
    s = at(RAY=("A1", 1), TOR=("E1", -1))
    assert "ROBOT-RED on C1 is in the way" in refused(s, "shoot TOR")
    s = at(RAY=("F3", 1), TOR=("B3", 1))
    assert "behind you" in refused(s, "shoot TOR")


def test_no_ammo():
    """rb 791: "Ranged attack uses 1 action and 1 ammo point"."""
    s = at(RAY=("B3", 1), TOR=("E3", -1))
    assert "shoot TOR" in E.legal_actions(s, 0)
    s.set_buster(0, ammo=0)
    assert "no ammo: the shot needs 1" in refused(s, "shoot TOR")


def test_a_team_mate_is_no_target():
    """rb 1862: "two teams will play against each other" — an attack is made on the other team."""
    s = at(FOUR, RAY=("B3", 1), ANA=("D3", -1), TOR=("I1", -1), MAC=("H6", -1))
    assert "ANA is on your team" in refused(s, "shoot ANA")
    assert "ANA is on your team" in refused(s, "shoot RED-ANA")


def test_protected_and_paused():
    """rb 1920: "Until the player takes the first normal action the BUGBUSTER is protected: it cannot attack
    or be attacked"; rb 1249: Player Pause, "cannot attack or be attacked by others"."""
    s = at(RAY=("B3", 1), TOR=("E3", -1))
    s.set_buster(1, protected=True)
    assert "protected until its first action after respawning" in refused(s, "shoot TOR")
    s.set_buster(1, protected=False)
    s.set_buster(0, effects=(("pause", 1, "next"),))
    assert "you are paused (Player Pause): no attacks" in refused(s, "shoot TOR")


def test_unknown_figure():
    """rb 791: an attack names its target: a figure on the board."""
    s = at(RAY=("B3", 1), TOR=("E3", -1))
    assert "no figure called XYZ" in refused(s, "shoot XYZ")


# --- melee -----------------------------------------------------------------------------------------------
def test_melee_target_not_next_to_you():
    """rb 809: "If you are next to your target and no obstacle prevents it, you can engage it in melee"."""
    s = at(RAY=("D1", 1), TOR=("F1", -1))
    line = refused(s, "hit TOR")
    assert "TOR is not next to you" in line and "melee:" in line


# --- verbs, cards, the own state -------------------------------------------------------------------------
def test_unknown_verb():
    """rb 460: "In each turn, a player has 4 action points (AP) to spend. The available actions ..." — a
    word that is none of them gets the actions open now."""
    s = at(RAY=("D1", 1), TOR=("I1", -1))
    line = refused(s, "dance")  # not "fly": the GLITCH's pilot flies it (co-op, glitch.py)
    assert line.startswith("unknown action 'dance': try ") and "move" in line and "flip" in line
    assert refused(s, "").startswith("type an action; you can: move")


def test_a_card_not_held():
    """rb 524: POW! cards "that you can save for later": only the cards in your hand are played."""
    s = at(RAY=("D1", 1), TOR=("I1", -1))
    assert "you hold no card Fury:E" in refused(s, "card Fury:E")


def test_medikit_at_three_lives():
    """rb 1237: "The BUGBUSTER gains 1 life point. You cannot win more than 3 life points.\""""
    s = at(RAY=("D1", 1), TOR=("I1", -1))
    s.pow_deck = tuple(c for c in s.pow_deck if c != "Medikit|I")
    s.set_buster(0, hand=("Medikit|I",))
    assert "Medikit: you already have 3 lives" in refused(s, "card Medikit:I")
    s.set_buster(0, rp=0, lives=2)
    assert "Medikit costs 1 RP, 0 left" in refused(s, "card Medikit:I")


def test_rest_at_the_maximum():
    """rb 502: "You can't have more reaction points than those noted on your card" (RAY: 3)."""
    s = at(RAY=("D1", 1), TOR=("I1", -1))
    assert "RP already at the maximum (3)" in refused(s, "rest")


def test_giving_more_ammo_than_the_ally_can_carry():
    """rb 506: "By placing your character in an adjacent square ... You can also pass over coins and
    ammunition" — never above the ally's maximum (ANA's sheet: 2 ammo)."""
    s = at(FOUR, RAY=("D1", 1), ANA=("E1", -1), TOR=("I1", -1), MAC=("H6", -1))
    s.set_buster(1, ammo=1)
    assert "give ANA ammo 1" in E.legal_actions(s, 0)
    assert "ANA can carry 1 more ammo at most" in refused(s, "give ANA ammo 2")
    assert "TOR is not on your team" in refused(s, "give TOR ammo 1")


def test_epic_and_swaps():
    """rb 861: POW! cards "that form the word EPIC"; rb 865: "You can only use the weapons that come with your
    EPIC character" (no swapping while EPIC)."""
    s = at(RAY=("D1", 1), TOR=("I1", -1))
    s.set_buster(0, hand=("Fury|E", "Medikit|I"))
    line = refused(s, "epic")
    assert "EPIC needs E, P, I, C" in line and "P, C missing" in line
    assert "you do not own E12" in refused(s, "equip E12")
    s.set_buster(0, epic=True)
    assert "no swapping while EPIC" in refused(s, "equip E12")


def test_in_the_air_only_an_attack_a_mid_jump_or_landing():
    """rb 753: "During the jump, if you have an enemy within your reach, you may attack once ... You can only
    attack once per jump"; rb 911: the Mid-Jump, "once per jump or fall"."""
    s = at(RAY=("D3", 1), TOR=("I1", -1))
    s.air = "RAY"
    assert "you are in the air" in refused(s, "move")
    s.air_shifted = True
    assert "one mid-jump per jump or fall" in refused(s, "midjump <")


# --- questions, reactions, setup -------------------------------------------------------------------------
def test_a_question_waits_first():
    """rb 783: "After falling from a height or going through a door, you can choose the direction your
    character will face" — asked before play goes on."""
    s = at(RAY=("D1", 1), TOR=("I1", -1))
    s.asks = ((0, "face", "RAY"),)
    line = refused(s, "move")
    assert line.startswith("answer the question first: after the fall or gateway")
    assert "face >" in line and "face <" in line


def test_a_special_out_of_turn():
    """rb 530: "Special cards can only be used during your turn" — ANA, asked to let RAY pass, may not play
    one."""
    s = at(FOUR, RAY=("D1", 1), ANA=("E1", -1), TOR=("I1", -1), MAC=("H6", -1))
    s.asks = ((1, "pass", "RAY:1"),)
    s.set_buster(1, hand=("Adrenalyn|E",))
    assert refused(s, "card Adrenalyn:E", seat=1) == "a Special is played in your own turn"


def test_store_life_at_three_lives():
    """rb 631: the DEATHMATCH store's "Recover 1 life point" — none to recover at 3 lives (rb 225)."""
    s = at(RAY=("D1", 1), TOR=("I1", -1))
    s.asks = ((0, "store", "D1"),)
    assert "you already have 3 lives" in refused(s, "store life")


def test_a_reaction_word_gets_the_generic_line():
    """rb 923: one reaction for each action of the active player — reactions have their own module; a
    ``react`` word that is not open gets the options."""
    s = at(RAY=("D1", 1), TOR=("I1", -1))
    line = refused(s, "react dodge")
    assert line.startswith("that reaction is not open to you now (options: ") and "move" in line


def test_a_second_powerup_on_a_tile():
    """rb 1880: "Each team will place the POWERUP counters one by one wherever they want. Do not place more
    than 1 POWERUP on each tile.\""""
    s = E.new_game(3, E.parse_options({}), ("RED-RAY", "BLU-TOR"))
    first = designed_place(s)
    s, _ = E.apply(s, 0 if s.placing == "RED" else 1, f"place {name(first)}")
    seat = 0 if s.placing == "RED" else 1
    b = board(s.layout)
    same_tile = [q for q in b.squares() if b.tile_of(q) == b.tile_of(first) and q != first and q in b.standing
                 and not b.acid(q) and not b.spikes(q) and not b.stairs(q) and s.at(q) is None]
    assert same_tile and not set(same_tile) & set(place_squares(s))
    line = refused(s, f"place {name(same_tile[0])}", seat)
    assert "one POWERUP per tile" in line and f"has one on {name(first)}" in line


def test_hidden_information_stays_hidden():
    """rb 1132: secret tokens "have different results behind them"; views.py: what lies under them, the other
    team's hands and the decks' order are seen by nobody else. A refusal is the same whatever they are."""
    s = at(RAY=("D1", 1), TOR=("I1", -1))
    s.secrets = {sq("F1"): "BLU:trap", sq("E3"): "BLU:coins5"}
    twin = s.clone()
    twin.secrets = {sq("F1"): "BLU:coins1", sq("E3"): "BLU:powerup"}
    twin.pow_deck = tuple(reversed(s.pow_deck))
    twin.set_buster(1, hand=s.pow_deck[:3])
    for action in ("hit F1", "shoot E3", "gate F1", "card Fury:E", "move 2", "pick TOR", "give TOR ammo 1"):
        line = refused(s, action)
        assert line == refused(twin, action)
        assert not any(w in line.lower() for w in ("secret", "trap", "coins", "token"))


# --- any illegal string -----------------------------------------------------------------------------------
WORDS = sorted(KNOWN) + ["fly", "TOR", "RAY", "ANA", "XYZ", "ROBOT-BLU", "DRUM1", "A1", "C4", "Z9", "0", "2", "99",
                         "<", ">", "up", "high", "ammo", "coins", "E12", "Fury:E", "ammo:1", "rp:2", "life", "trap",
                         "BLU-TOR"]


def _mutated(rng: Rng, action: str) -> str:
    """A legal action with one word changed, added or dropped."""
    words = action.split()
    r = rng.below(3)
    if r == 0:
        words[rng.below(len(words))] = rng.choice(WORDS)
    elif r == 1:
        words.insert(rng.below(len(words) + 1), rng.choice(WORDS))
    elif len(words) > 1:
        del words[rng.below(len(words))]
    else:
        words = [rng.choice(WORDS)]
    return " ".join(words)


def _twin(s: State, seat: int) -> State:
    """The same game but for what ``seat`` cannot see: the decks' order, the other team's hands, what lies
    under the other team's secret tokens and the token set aside."""
    twin, team = s.clone(), s.busters[seat].team
    twin.pow_deck, twin.equip_deck = tuple(reversed(s.pow_deck)), tuple(reversed(s.equip_deck))
    for i, b in enumerate(s.busters):
        if b.team != team:
            twin.set_buster(i, hand=tuple(reversed(b.hand)) if len(b.hand) > 1 else s.pow_deck[:len(b.hand)])
    twin.secrets = {q: "+".join(x if x.startswith(team + ":") else x.split(":")[0] + ":trap" for x in v.split("+"))
                    for q, v in s.secrets.items()}
    twin.set_aside = "coins1" if s.set_aside == "trap" else "trap"
    return twin


def test_any_refusal_is_one_short_line_and_changes_nothing():
    """The issue: "one short private line ..., nothing changed" — over random states of 2- and 4-seat
    games (setup, questions, turns, reaction windows) and a few hundred illegal strings; and the same line
    whatever the seat cannot see (views.py)."""
    tried = 0
    for seed, labels in ((11, ("RED-RAY", "BLU-TOR")), (12, ("RED-ANA", "RED-MAC", "BLU-PNK", "BLU-PAM"))):
        s = E.new_game(seed, E.parse_options({"rounds": "1"}), labels)
        rng = Rng(seed)
        for _ in range(400):
            if E.outcome(s) is not None:
                break
            seat = rng.choice(sorted(E.pending(s)))
            legal = E.legal_actions(s, seat)
            action = _mutated(rng, rng.choice(legal))
            if action not in legal:
                assert refused(s, action, seat) == refused(_twin(s, seat), action, seat)
                tried += 1
            s, _ = E.apply(s, seat, rng.choice(legal))
    assert tried >= 300


def test_the_fallback_names_legal_actions():
    """No reason found: a few of the actions open now (the same verb's first)."""
    s = at(RAY=("D1", 1), TOR=("I1", -1))
    legal = E.legal_actions(s, 0)
    assert refusal(s, 0, "end now", legal) == "not as written; try: end"
