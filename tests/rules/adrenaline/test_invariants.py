"""rules.adrenaline.invariants.check: a whole, valid state passes; each invariant broken on purpose is
reported. Docstrings quote the seed (shared/rulebooks/adrenaline-weapons.txt) or the reference
(shared/reference/adrenaline.md section 7) for the rule behind each invariant."""

from __future__ import annotations

import pytest

from rules.adrenaline import scoring
from rules.adrenaline.data import game_data
from rules.adrenaline.invariants import check
from rules.adrenaline.state import Player, State
from rules.core.rng import Rng

FIGURES = ("banshee", "dozer", "sprog", "violetta", "dstruct")


def whole(n: int = 3, skulls: int = 8) -> State:
    """Every card in its deck, nobody spawned yet: a state where everything holds."""
    data = game_data()
    return State(map_id="small", seats=FIGURES[:n], options={"skulls": skulls}, rng=Rng(1),
                 players=[Player(f, marks=(0,) * n) for f in FIGURES[:n]], first=0, turn=0, skulls=skulls,
                 weapon_deck=[w.id for w in data.weapons], powerup_deck=list(data.powerup_cards()),
                 ammo_deck=list(range(len(data.tiles()))))


def dealt() -> State:
    """A game under way: slots and tiles dealt, hands held, a board damaged and marked."""
    s = whole(3)
    s.slots = {c: [s.weapon_deck.pop(0) for _ in range(3)] for c in "RBY"}
    s.tiles = {sq: s.ammo_deck.pop(0) for sq in ("b1", "b2", "c2")}
    s.tiles["c3"] = None
    s.ammo_discard.append(s.ammo_deck.pop(0))
    w = s.weapon_deck.pop(0)
    card = s.powerup_deck.pop(0)
    s.powerup_discard.append(s.powerup_deck.pop(0))
    s.set_player(0, square="a2", weapons=((w, True),), powerups=(card,), cubes=(3, 0, 2))
    s.set_player(1, square="b1", damage=(0, 2, 0), marks=(2, 0, 3))
    s.set_player(2, square="c1")
    return s


def only(state: State, words: str) -> None:
    problems = check(state)
    assert len(problems) == 1 and words in problems[0], problems


def test_whole_states_pass():
    """Reference section 2/7: 21 weapons, 24 powerups, 36 ammo tiles, 8 skulls, 1 cube of each colour."""
    assert check(whole(3)) == []
    assert check(whole(5, skulls=5)) == []
    assert check(dealt()) == []


def test_scoring_keeps_every_invariant():
    """Seed: "3. Score each board that received a killshot" (c. the track, d. the revenge mark, e. the
    skull) then "FINAL FRENZY" and "FINAL SCORING": the invariants hold after each."""
    s = dealt()
    s.set_player(0, damage=(1,) * 12, killed=True)
    s.kills.append(0)
    s.phase = "respawn"
    s.respawning = (0,)
    scoring.score_kills(s)
    assert check(s) == []
    s.skulls, s.players[2] = 0, Player("sprog", square="c1", marks=(0, 0, 0), skulls=7)
    s.track += [(1, 1)] * 7
    scoring.begin_frenzy(s, 0)
    assert check(s) == []
    scoring.final_scoring(s)
    assert check(s) == []


@pytest.mark.parametrize("cubes", [(4, 1, 1), (1, -1, 1)])
def test_cubes_0_to_3(cubes):
    """Reference: "max_cubes_per_color": 3 (board + supply = 3 of each colour)."""
    s = dealt()
    s.set_player(2, cubes=cubes)
    only(s, "cubes")


def test_at_most_12_damage():
    """Reference: "damage_slots": 12; "Damage beyond 12 is discarded"."""
    s = dealt()
    s.set_player(2, damage=(0,) * 13)
    only(s, "13 damage tokens")


def test_no_self_damage():
    """Seed: "You can never be damaged by your own weapon." """
    s = dealt()
    s.set_player(2, damage=(0, 2))
    only(s, "damaged itself")


def test_damage_from_a_seat_at_the_table():
    """Seed: "Points are distributed to every player who dealt damage": tokens are the players'."""
    s = dealt()
    s.set_player(2, damage=(0, 3))
    only(s, "not at the table")


def test_at_most_3_marks_per_attacker():
    """Reference: "max_marks_per_attacker": 3; extra marks are lost."""
    s = dealt()
    s.set_player(2, marks=(4, 0, 0))
    only(s, "marks")


def test_no_self_mark():
    """Seed: "You can never be damaged by your own weapon" (nor marked: marks become damage)."""
    s = dealt()
    s.set_player(2, marks=(0, 0, 1))
    only(s, "marked itself")


def test_one_mark_count_per_seat():
    """Reference: marks are counted per attacker on a board (one count per seat)."""
    s = dealt()
    s.set_player(2, marks=(0, 0))
    only(s, "mark counts")


def test_weapon_lost_or_duplicated():
    """Reference section 3: "21 cards, one copy each"."""
    s = dealt()
    s.weapon_deck.pop()
    only(s, "weapons are not")
    s = dealt()
    s.set_player(2, weapons=((s.slots["R"][0], False),))
    only(s, "weapons are not")


def test_powerup_lost_or_duplicated():
    """Reference section 6: 24 powerups, two copies of each type and colour."""
    s = dealt()
    s.powerup_discard.append(s.powerup_discard[0])
    only(s, "powerup cards are not")
    s = dealt()
    s.powerup_deck.pop()
    only(s, "powerup cards are not")


def test_respawn_choice_card_may_have_left_the_hand():
    """Seed: "f. Killed player respawns: I. Draw a powerup card. II. Discard one of your powerup cards."
    The chosen card, hidden until all chose, counts where it is."""
    s = dealt()
    card = s.players[0].powerups[0]
    s.set_player(0, powerups=())
    s.respawn_choice = {0: card}
    assert check(s) == []
    s.respawn_choice = {0: "newton:R" if card != "newton:R" else "newton:B"}
    assert any("powerup cards" in p for p in check(s))


def test_ammo_tile_lost_or_duplicated():
    """Reference section 5: 36 ammo tiles; seed: "pick up the ammo tile ... Discard the tile"."""
    s = dealt()
    s.ammo_discard.append(s.tiles["b1"])
    only(s, "ammo tiles are not")
    s = dealt()
    s.tiles["b1"] = None
    only(s, "ammo tiles are not")


def test_at_most_3_weapons():
    """Seed: "If you now have 4 weapons, you must discard 1 to the space your new weapon came from." """
    s = dealt()
    s.set_player(2, weapons=tuple((s.weapon_deck.pop(), True) for _ in range(4)))
    only(s, "4 weapons")


def test_at_most_3_powerups_except_respawn_and_first_spawn():
    """Seed: "You may have at most 3 powerups in your hand at one time." "f. Killed player respawns:
    I. Draw a powerup card. II. Discard one" (4 for a moment). "SPAWNING ON YOUR FIRST TURN 1. Draw 2
    powerup cards." (the turn player before its first spawn)."""
    s = dealt()
    s.set_player(2, powerups=tuple(s.powerup_deck.pop() for _ in range(4)))
    only(s, "4 powerups")
    s.respawning = (2,)
    s.phase = "respawn"
    assert check(s) == []
    s.set_player(2, powerups=s.players[2].powerups + (s.powerup_deck.pop(),))
    only(s, "5 powerups")
    s = whole(3)
    s.set_player(0, powerups=tuple(s.powerup_deck.pop() for _ in range(4)))
    assert check(s) == []  # seat 0's turn, not spawned yet
    s.turn = 1
    only(s, "4 powerups")


def test_a_killed_figure_takes_no_turn():
    """Seed: "f. Killed player respawns" at the end of the turn: no killed figure plays a turn, unless
    it is the one spawning."""
    s = dealt()
    s.set_player(0, killed=True)
    only(s, "while killed")
    s.respawning = (0,)
    assert check(s) == []
    s.respawning = ()
    s.phase = "respawn"
    assert check(s) == []


@pytest.mark.parametrize("track_skulls, board_skulls", [(7, 0), (8, 1), (-1, 9)])
def test_skulls_add_up(track_skulls, board_skulls):
    """Seed: "e. Take the skull from the killshot track and cover the killed board's highest remaining
    point value": skulls move from the track to boards, 8 in all (option ``skulls``)."""
    s = dealt()
    s.skulls = track_skulls
    s.set_player(1, skulls=board_skulls)
    s.track = [(0, 1)] * max(0, 8 - track_skulls)
    only(s, "skulls on the track")


def test_track_entries_are_1_or_2_tokens():
    """Seed: "c. Move the killshot token to the killshot track. d. If there is overkill, move the
    overkill token": 1 token, or 2 with overkill."""
    s = dealt()
    s.skulls = 7
    s.set_player(1, skulls=1)
    s.track = [(0, 3)]
    only(s, "not (seat, 1 or 2)")
    s.track = [(5, 1)]
    only(s, "not (seat, 1 or 2)")


def test_track_has_a_token_per_skull_taken():
    """Seed: "c. Move the killshot token to the killshot track" ... "e. Take the skull from the
    killshot track": every skull taken came with a killshot token."""
    s = dealt()
    s.skulls = 6
    s.set_player(1, skulls=2)
    s.track = [(0, 2)]
    only(s, "2 skulls taken")


def test_frenzy_side_only_in_frenzy():
    """Seed: "FINAL FRENZY ... 2. All players with no damage flip over their boards" (only then)."""
    s = dealt()
    s.set_player(2, frenzy=True)
    only(s, "frenzy side")
    s.frenzy = True
    assert check(s) == []
