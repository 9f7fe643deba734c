"""DEATHMATCH's score (rb 1886-1902, shared/rulebooks/powerup.txt)."""

from __future__ import annotations

from rules.powerup import ENGINE as E
from rules.powerup import deathmatch, life, physics
from rules.powerup.state import State
from tests.rules.powerup.conftest import play_state


def _carrying_blu_robot_home(s: State) -> None:
    """RAY (RED) stands on its own base at B1 holding BLU's robot; RED's robot is home (C1)."""
    s.move_figure("ROBOT-BLU", square=None, carried_by="RAY")
    s.move_figure("RAY", square=(1, 0), cargo="ROBOT-BLU")


def test_a_score_resets_the_board():
    """rb 1896: "To be able to score you have to get to your own base with the robot. Your team's robot must
    also be in your own base"; rb 1902: "When you score, the robots return to their base. Each player is
    teleported to their base and all POWERUPs are turned on again"."""
    s = play_state(labels=("RED-RAY", "RED-ANA", "BLU-TOR", "BLU-MAC"),
                   where={"RAY": ((0, 0), 1), "ANA": ((4, 0), 1), "TOR": ((5, 0), -1), "MAC": ((6, 3), -1)})
    _carrying_blu_robot_home(s)
    s.powerups = {(4, 3): False, (1, 2): True}
    assert deathmatch.check_score(s, 0, [])
    assert s.score == (1, 0) and s.busters[0].captures == 1
    assert s.figures["ROBOT-BLU"].square == life.robot_home(s, "BLU") and s.figures["RAY"].cargo is None
    assert [s.figures[b.sheet].square for b in s.busters] == [b.start for b in s.busters]
    assert all(s.powerups.values()) and s.ap == 0  # the turn ends


def test_no_score_while_the_own_robot_is_away():
    s = play_state(where={"RAY": ((0, 0), 1), "TOR": ((6, 0), -1)})
    _carrying_blu_robot_home(s)
    s.move_figure("ROBOT-RED", square=(4, 2))
    assert not deathmatch.check_score(s, 0, [])


def test_a_drum_carried_at_a_score_lands_where_its_carrier_stood():
    """rb 510: "the cargo falls to the square where the character was" — the score moves its carrier home,
    the drum stays on the board (15 drums in the box, none lost)."""
    s = play_state(labels=("RED-RAY", "RED-ANA", "BLU-TOR", "BLU-MAC"),
                   where={"RAY": ((0, 0), 1), "ANA": ((4, 0), 1), "TOR": ((5, 0), -1), "MAC": ((6, 3), -1)})
    s.figures["DRUM1"] = s.figures["ROBOT-RED"].__class__("DRUM1", "drum", None, 1, carried_by="ANA")
    s.move_figure("ANA", cargo="DRUM1")
    s.set_buster(1, start=(0, 2))  # ANA goes home to A3, away from where it carried the drum
    _carrying_blu_robot_home(s)
    assert deathmatch.check_score(s, 0, [])
    assert s.figures["DRUM1"].square == (4, 0) and s.figures["DRUM1"].carried_by is None


def test_two_tokens_on_one_square_show_as_two_face_down_tokens():
    """rb 1882: each team hides its secret tokens "wherever they want" — so both may choose one square; the
    table sees two tokens there (their number is public), and each team knows only its own."""
    s = play_state()
    sq = (4, 0)
    s.secrets[sq] = "RED:trap+BLU:coins3"
    view = E.public_view(s)
    assert view.secrets.count("E1") == 2
    mine = E.private_view(s, 0)
    assert [t for t in mine.team_secrets if t[0] == "E1"] == [("E1", "trap")]


def test_a_respawned_bugbuster_cannot_attack_until_its_first_normal_action():
    """rb 1920: "Until the player takes the first normal action the BUGBUSTER is protected: it cannot attack
    or be attacked." """
    s = play_state(labels=("RED-TOR", "BLU-ANA"), where={"TOR": ((3, 0), 1), "ANA": ((4, 0), -1)})
    s.set_buster(0, protected=True)
    assert not [a for a in E.legal_actions(s, 0) if a.startswith(("hit", "shoot"))]
    s, _ = E.apply(s, 0, "flip")
    s, _ = E.apply(s, 0, "flip")
    assert not s.busters[0].protected and "hit ANA" in E.legal_actions(s, 0)


def test_the_active_bugbuster_that_dies_ends_its_turn_even_with_free_cards():
    """rb 1918: "If they have already taken actions during this turn, the player will have to wait for the
    next turn" — a BUGBUSTER dying in its own turn (into acid at B4) plays nothing more, free cards
    included."""
    s = play_state(where={"RAY": ((0, 3), 1), "TOR": ((8, 0), -1)})
    card = next(c for c in s.pow_deck if c.startswith("Adrenalyn"))
    s.pow_deck = tuple(c for c in s.pow_deck if c != card)
    s.set_buster(0, hand=(card,))
    s, _ = E.apply(s, 0, "move")
    assert s.busters[0].deaths == 1 and s.active == 1


def _killed_at(s, seat, sq):
    s.move_figure(s.busters[seat].sheet, square=sq)
    life.die(s, seat, [], None, "test")


def test_a_respawn_moves_its_powerup_without_losing_one_or_dropping_it_in_acid():
    """rb 1908-1916 (the issue: the ON POWERUP nearest the base "moves, still ON, to the death square"):
    dying on a used (OFF) POWERUP or in acid, the moved token goes to the nearest square that can hold it;
    the number of POWERUPs stays."""
    s = play_state(labels=("RED-RAY", "RED-ANA", "BLU-TOR", "BLU-MAC"))
    s.powerups = {(4, 0): False, (0, 2): True, (7, 2): True}
    _killed_at(s, 2, (4, 0))  # TOR dies on the OFF POWERUP at E1
    assert len(s.powerups) == 3 and s.powerups[(4, 0)] is False and sum(s.powerups.values()) == 2
    acid = (7, 3)  # H4 is acid on this board
    assert physics.board(s.layout).acid(acid)
    _killed_at(s, 3, acid)
    assert acid not in s.powerups and len(s.powerups) == 3


def test_with_no_powerup_on_a_bugbuster_respawns_on_its_own_start_square():
    """The issue: "none ON: its base" — on its own start square, not a teammate's."""
    s = play_state(labels=("RED-RAY", "RED-ANA", "BLU-TOR", "BLU-MAC"))
    s.powerups = {sq: False for sq in s.powerups}
    s.set_buster(1, start=(1, 1))
    _killed_at(s, 1, (4, 5))
    assert s.figures["ANA"].square == (1, 1)


def test_a_trap_that_kills_its_finder_leaves_the_other_token_face_down():
    """rb 1136-1154: a token is found by the figure that enters; one killed by the first token (a Buggie
    Trap) finds no more, and the other team's token on that square stays for the next."""
    s = play_state(where={"RAY": ((3, 0), 1), "TOR": ((8, 0), -1)})
    s.set_buster(0, lives=1)
    s.secrets[(4, 0)] = "BLU:trap+BLU:coins3"
    s, _ = E.apply(s, 0, "move")
    assert s.busters[0].deaths == 1 and s.secrets[(4, 0)] == "BLU:coins3"
