"""rules.adrenaline.scoring on hand-built states.

Each test quotes the seed's RULES SUMMARY lines it checks (shared/rulebooks/adrenaline-weapons.txt);
numbers are the reference's (shared/reference/adrenaline.md section 7). Seats: 0 Banshee, 1 Dozer,
2 Sprog, 3 Violetta, 4 :D-struct-0R.
"""

from __future__ import annotations

import pytest

from rules.adrenaline import scoring
from rules.adrenaline.state import Player, State
from rules.core.rng import Rng

FIGURES = ("banshee", "dozer", "sprog", "violetta", "dstruct")


def make(n: int = 3, skulls: int = 8, first: int = 0, **options) -> State:
    return State(map_id="small", seats=FIGURES[:n], options={"skulls": skulls, **options}, rng=Rng(1),
                 players=[Player(f, square="a2", marks=(0,) * n) for f in FIGURES[:n]], first=first, turn=0,
                 skulls=skulls)


def kill(state: State, victim: int, damage: tuple[int, ...]) -> None:
    """Put a killed board in the turn's kills (the 11th token is the killshot)."""
    assert len(damage) >= 11
    state.set_player(victim, damage=damage, killed=True)
    state.kills.append(victim)


def pts(state: State) -> list[dict[str, int]]:
    return [scoring.itemised(state, s) for s in range(state.count)]


def boards(state: State) -> list[int]:
    return [scoring.itemised(state, s)["boards"] for s in range(state.count)]


def test_first_blood_and_plain_kill():
    """Seed: "3. Score each board that received a killshot. a. First blood: 1 point for the player with
    the first damage." "III. Points are initially 8, 6, 4, 2." "c. Move the killshot token to the
    killshot track." "e. Take the skull from the killshot track and cover the killed board's highest
    remaining point value." "f. Killed player respawns" (later, by the flow)."""
    s = make(3)
    s.set_player(0, marks=(0, 2, 1), weapons=(("thor", False),), powerups=("newton:R",), cubes=(2, 0, 3))
    kill(s, 0, (1, 1) + (2,) * 9)
    lines = scoring.score_kills(s)
    assert pts(s)[2] == {"boards": 8, "first_blood": 0, "double_kill": 0, "track": 0}
    assert pts(s)[1] == {"boards": 6, "first_blood": 1, "double_kill": 0, "track": 0}
    assert s.track == [(2, 1)]
    assert s.skulls == 7 and s.players[0].skulls == 1
    v = s.players[0]
    assert v.damage == () and v.killed  # the flow respawns it
    assert (v.marks, v.weapons, v.powerups, v.cubes) == ((0, 2, 1), (("thor", False),), ("newton:R",), (2, 0, 3))
    assert s.kills == []
    assert pts(s)[0] == dict.fromkeys(scoring.CATEGORIES, 0)
    assert any("Sprog 8" in line and "Dozer 6 (+1 first blood)" in line for line in lines)


def test_ranking_tie_goes_to_the_earlier_token():
    """Seed: "I. The players who dealt the most get the most points. Second most gets second most,
    etc. II. Break ties in favor of the player whose damage came earlier." Violetta (seat 3) and Sprog
    (seat 2) tie on 3 tokens each; Violetta's came first, so the higher seat ranks above the lower."""
    s = make(4)
    kill(s, 0, (3, 2, 2, 3, 3, 2, 1, 1, 1, 1, 1))
    scoring.score_kills(s)
    assert boards(s) == [0, 8, 4, 6]
    assert [p["first_blood"] for p in pts(s)] == [0, 0, 0, 1]


def test_tie_broken_by_first_token_not_by_last_or_count_order():
    """Seed: "II. Break ties in favor of the player whose damage came earlier": Dozer's first token is
    earlier though Sprog dealt the first run of several tokens after it."""
    s = make(3)
    kill(s, 0, (1, 2, 2, 2, 2, 2, 1, 1, 1, 1, 2))
    scoring.score_kills(s)
    # Dozer 5 tokens, Sprog 6: Sprog ranks first by count; first blood to Dozer.
    assert boards(s) == [0, 6, 8]
    s = make(3)
    kill(s, 0, (1, 2, 2, 2, 2, 2, 1, 1, 1, 1, 2, 1))  # 6 each: Dozer's first token came first
    scoring.score_kills(s)
    assert boards(s) == [0, 8, 6]


@pytest.mark.parametrize("skulls", range(9))
def test_skulls_lower_the_values_and_every_damager_gets_at_least_1(skulls):
    """Seed: "IV. For each previous killshot, the point values decrease, as shown by skulls on the
    board." "b. Points are distributed to every player who dealt damage" (the reading: past the last
    value, or once 6+ skulls cover them all, each damager gets 1) and "a. First blood: 1 point" on top.
    Damagers: Dozer 5 tokens, Sprog 3, Violetta 2, :D-struct-0R 1 (the first, so first blood)."""
    s = make(5, skulls=8)
    s.set_player(0, skulls=skulls)
    s.skulls = max(0, 8 - skulls)
    kill(s, 0, (4,) + (1,) * 5 + (2,) * 3 + (3,) * 2)
    scoring.score_kills(s)
    values = (8, 6, 4, 2, 1, 1)[skulls:] + (1,) * 4
    assert boards(s) == [0, values[0], values[1], values[2], values[3]]
    assert [p["first_blood"] for p in pts(s)] == [0, 0, 0, 0, 1]
    assert s.players[4].score == values[3] + 1
    if skulls >= 6:
        assert s.players[4].score == 2 and boards(s)[1:] == [1, 1, 1, 1]
    assert s.players[0].skulls == skulls + (1 if skulls < 8 else 0)


def test_the_skull_covers_the_highest_remaining_value():
    """Seed: "e. Take the skull from the killshot track and cover the killed board's highest remaining
    point value": a board killed twice pays 6-4-2 the second time."""
    s = make(3)
    kill(s, 0, (1,) * 11)
    scoring.score_kills(s)
    kill(s, 0, (2,) * 6 + (1,) * 5)
    lines = scoring.score_kills(s)
    assert s.players[0].skulls == 2 and s.skulls == 6
    assert boards(s) == [0, 8 + 4, 6]
    assert any("covers its 6" in line for line in lines)


def test_overkill_two_track_tokens_and_a_revenge_mark():
    """Seed: "d. If there is overkill, move the overkill token to the killshot track. The overkilled
    player gives the overkiller a mark." (12 tokens; the mark is Banshee's, on Dozer's board)."""
    s = make(3)
    kill(s, 0, (2,) * 3 + (1,) * 9)
    lines = scoring.score_kills(s)
    assert s.track == [(1, 2)]
    assert s.players[1].marks == (1, 0, 0)
    assert s.players[0].marks == (0, 0, 0)
    assert boards(s) == [0, 8, 6]
    assert any("mark" in line for line in lines)


def test_overkill_revenge_mark_is_capped_at_3():
    """Seed: "The overkilled player gives the overkiller a mark"; reference: at most 3 marks per
    attacker on a board, extras lost."""
    s = make(3)
    s.set_player(1, marks=(3, 0, 0))
    kill(s, 0, (1,) * 12)
    scoring.score_kills(s)
    assert s.players[1].marks == (3, 0, 0)
    assert s.track == [(1, 2)]


def test_kill_after_the_last_skull_keeps_values_and_still_fills_the_track():
    """Seed: "c. Move the killshot token to the killshot track" (no condition) and "e. Take the skull
    from the killshot track" (none left: the board keeps its values). Two kills in the turn that
    takes the last skull: the first takes it, the second finds none."""
    s = make(3, skulls=8)
    s.skulls = 1
    s.set_player(2, skulls=7)
    kill(s, 0, (1,) * 11)
    kill(s, 2, (1,) * 11)
    scoring.score_kills(s)
    assert s.skulls == 0
    assert s.players[0].skulls == 1 and s.players[2].skulls == 7
    assert s.track == [(1, 1), (1, 1)]
    # Sprog's board: 7 skulls cover every value: 1 point, +1 first blood; Banshee's: 8 + 1.
    assert pts(s)[1] == {"boards": 8 + 1, "first_blood": 2, "double_kill": 1, "track": 0}
    s2 = make(3, skulls=8)
    s2.skulls = 0
    s2.set_player(2, skulls=1)
    kill(s2, 2, (1,) * 11)
    scoring.score_kills(s2)
    assert s2.skulls == 0 and s2.players[2].skulls == 1 and s2.track == [(1, 1)]
    assert boards(s2) == [0, 6, 0]


@pytest.mark.parametrize("option, bonus", [(None, 1), (True, 1), (False, 0)])
def test_double_kill(option, bonus):
    """Reference section 7: "Double kill (not in the manual's summary): +1 point for 2 or more
    killshots in one turn"; seed: "3. Score each board that received a killshot" at the end of the turn.
    Option ``double_kill`` (default on)."""
    s = make(4) if option is None else make(4, double_kill=option)
    kill(s, 1, (0,) * 11)
    kill(s, 2, (0,) * 12)
    kill(s, 3, (0,) * 11)  # a triple kill is still 1 point
    lines = scoring.score_kills(s)
    assert pts(s)[0]["double_kill"] == bonus
    assert s.track == [(0, 1), (0, 2), (0, 1)]
    assert any("Double kill" in line for line in lines) == bool(bonus)


def test_one_kill_is_no_double_kill_and_killshot_order_sets_the_track():
    """Seed: "c. Move the killshot token to the killshot track" for each board in turn (killshot
    order); a single kill earns no double kill (reference: "2 or more killshots in one turn")."""
    s = make(3)
    kill(s, 2, (0,) * 12)
    kill(s, 1, (0,) * 11)
    scoring.score_kills(s)
    assert s.track == [(0, 2), (0, 1)]
    s1 = make(3)
    kill(s1, 1, (0,) * 11)
    scoring.score_kills(s1)
    assert pts(s1)[0]["double_kill"] == 0


def test_double_kill_goes_to_the_killshot_token_seat():
    """Reference: "+1 point for 2 or more killshots in one turn": counted from the 11th tokens (the
    killshot tokens), not from who else damaged the boards."""
    s = make(4)
    kill(s, 1, (3,) * 10 + (0,))
    kill(s, 2, (3,) * 10 + (0,))
    scoring.score_kills(s)
    assert pts(s)[0]["double_kill"] == 1 and pts(s)[3]["double_kill"] == 0


@pytest.mark.parametrize("board_skulls", [0, 3, 6])
def test_frenzy_side_2_1_1_1_no_first_blood_never_shrinks(board_skulls):
    """Seed: "2. All players with no damage flip over their boards. They will be worth only a minimal
    amount." "4. Boards that receive killshots in final frenzy are flipped to the 2-1-1-1 side after
    they are scored." Reference: frenzy side 2,1,1,1, no first blood; values never shrink (no skull is
    left on the track)."""
    s = make(5, skulls=8)
    s.skulls = 0
    s.frenzy = True
    s.set_player(0, frenzy=True, skulls=board_skulls)
    s.set_player(1, skulls=8 - board_skulls)
    kill(s, 0, (4,) + (1,) * 5 + (2,) * 3 + (3,) * 2)
    scoring.score_kills(s)
    assert boards(s) == [0, 2, 1, 1, 1]
    assert all(p["first_blood"] == 0 for p in pts(s))
    assert s.players[0].skulls == board_skulls and s.skulls == 0
    assert s.track == [(3, 1)]
    kill(s, 0, (1,) * 11)
    scoring.score_kills(s)
    assert boards(s) == [0, 4, 1, 1, 1]


def test_a_board_killed_in_frenzy_is_scored_then_flipped():
    """Seed: "4. Boards that receive killshots in final frenzy are flipped to the 2-1-1-1 side after
    they are scored": a damaged board kept its normal side at frenzy's start, pays 8-6 and first
    blood, then flips."""
    s = make(3, skulls=8)
    s.skulls = 0
    s.frenzy = True
    s.set_player(1, skulls=8)
    kill(s, 0, (2,) + (1,) * 10)
    lines = scoring.score_kills(s)
    assert pts(s)[1]["boards"] == 8 and pts(s)[2]["boards"] == 6 and pts(s)[2]["first_blood"] == 1
    assert s.players[0].frenzy
    assert any("frenzy side" in line for line in lines)


# begin_frenzy: the frenzy order and the actions by hand, first player = seat 0 unless said.
FRENZY_TABLES = {
    # (players, first, trigger): (order of the last turns, actions in that order)
    (3, 0, 0): ((1, 2, 0), (2, 2, 1)),
    (3, 0, 1): ((2, 0, 1), (2, 1, 1)),
    (3, 0, 2): ((0, 1, 2), (1, 1, 1)),
    (3, 1, 0): ((1, 2, 0), (1, 1, 1)),
    (3, 2, 0): ((1, 2, 0), (2, 1, 1)),
    (5, 0, 0): ((1, 2, 3, 4, 0), (2, 2, 2, 2, 1)),
    (5, 0, 1): ((2, 3, 4, 0, 1), (2, 2, 2, 1, 1)),
    (5, 0, 2): ((3, 4, 0, 1, 2), (2, 2, 1, 1, 1)),
    (5, 0, 3): ((4, 0, 1, 2, 3), (2, 1, 1, 1, 1)),
    (5, 0, 4): ((0, 1, 2, 3, 4), (1, 1, 1, 1, 1)),
    (5, 2, 0): ((1, 2, 3, 4, 0), (2, 1, 1, 1, 1)),
    (5, 2, 4): ((0, 1, 2, 3, 4), (2, 2, 1, 1, 1)),
    (5, 3, 3): ((4, 0, 1, 2, 3), (2, 2, 2, 2, 1)),
}


@pytest.mark.parametrize("key", sorted(FRENZY_TABLES))
def test_begin_frenzy_order_and_actions(key):
    """Seed: "3. Each player, including the one who triggered final frenzy, gets one more turn."
    "a. Those who play before the starting player choose twice from this set of actions" "b. The
    starting player and all those who play after choose 1 of these actions". "2. All players with no
    damage flip over their boards." The seat after the trigger is damaged: it keeps its side."""
    n, first, trigger = key
    order, actions = FRENZY_TABLES[key]
    s = make(n, first=first)
    damaged = (trigger + 1) % n
    s.set_player(damaged, damage=(trigger,))
    lines = scoring.begin_frenzy(s, trigger)
    assert s.frenzy and s.frenzy_from == trigger
    assert s.frenzy_left == order
    assert tuple(scoring.frenzy_actions(s, seat) for seat in order) == actions
    assert [p.frenzy for p in s.players] == [i != damaged for i in range(n)]
    assert lines and "FINAL FRENZY" in lines[0]


def test_begin_frenzy_flips_the_boards_scored_that_turn():
    """Seed: "1. Final frenzy is triggered when the last skull is taken from the killshot track."
    "2. All players with no damage flip over their boards": a board scored in the trigger turn has
    no damage left, so it flips too."""
    s = make(3, skulls=8)
    s.skulls = 1
    s.set_player(2, skulls=7)
    s.set_player(1, damage=(0, 0))
    kill(s, 2, (0,) * 11)
    scoring.score_kills(s)
    assert s.skulls == 0
    scoring.begin_frenzy(s, 0)
    assert [p.frenzy for p in s.players] == [True, False, True]


def test_final_scoring_boards_with_damage():
    """Seed FINAL SCORING: "1. Score each player board that still has damage." As a killed board,
    first blood included on the normal side, but no killshot was dealt: no track token, no skull, no
    revenge mark. Frenzy side 2-1-1-1 without first blood; a board without damage pays nothing."""
    s = make(4, skulls=8)
    s.skulls = 6
    s.set_player(0, skulls=2, damage=(1, 2, 2))  # values 4, 2
    s.set_player(3, frenzy=True, damage=(2, 1, 1, 0))
    s.frenzy = True
    lines = scoring.final_scoring(s)
    assert pts(s)[1] == {"boards": 2 + 2, "first_blood": 1, "double_kill": 0, "track": 0}
    assert pts(s)[2] == {"boards": 4 + 1, "first_blood": 0, "double_kill": 0, "track": 0}
    assert pts(s)[0] == {"boards": 1, "first_blood": 0, "double_kill": 0, "track": 0}
    assert s.track == [] and s.skulls == 6 and s.players[0].skulls == 2
    assert all(p.marks == (0, 0, 0, 0) for p in s.players)
    assert s.players[0].damage == () and s.players[3].damage == ()
    assert lines


@pytest.mark.parametrize("track, expected", [
    # a tie on tokens goes to the earliest token on the track (the higher seat here)
    ([(2, 1), (1, 1)], [0, 6, 8]),
    # an overkill entry counts 2: Dozer (2, first) ties Banshee (2) and wins it
    ([(1, 2), (0, 1), (0, 1), (2, 1)], [6, 8, 4]),
    # an overkill entry counts 2: Dozer 3 beats Banshee 2 though Banshee came first
    ([(0, 1), (0, 1), (1, 2), (1, 1)], [6, 8, 0]),
    # three ties of 1: by order on the track
    ([(2, 1), (0, 1), (1, 1)], [6, 4, 8]),
])
def test_final_scoring_the_track(track, expected):
    """Seed FINAL SCORING: "2. Score most damage on the killshot track as you score a player board."
    Reference: 1 token per killshot, 2 per overkill, "earliest token on the track wins"; no first
    blood on the track."""
    s = make(3)
    s.track = list(track)
    lines = scoring.final_scoring(s)
    assert [p["track"] for p in pts(s)] == expected
    assert all(p["first_blood"] == 0 and p["boards"] == 0 for p in pts(s))
    assert lines


def test_final_scoring_track_five_seats():
    """Seed: "2. Score most damage on the killshot track as you score a player board": 8-6-4-2-1-1 in
    order of tokens (overkill entries counting 2)."""
    s = make(5)
    s.track = [(0, 2), (0, 1), (1, 2), (2, 1), (3, 1), (4, 1)]
    scoring.final_scoring(s)
    assert [scoring.itemised(s, i)["track"] for i in range(5)] == [8, 6, 4, 2, 1]


def _points(state: State, seat: int, boards_: int, track: int) -> None:
    state.set_player(seat, points=(("boards", boards_), ("track", track)))


def test_standings_the_track_breaks_a_tie():
    """Seed FINAL SCORING: "3. Whoever has the most points wins. 4. Break ties in favor of the player
    with the most points from the killshot track." """
    s = make(3)
    _points(s, 0, 20, 6)
    _points(s, 1, 18, 8)
    _points(s, 2, 10, 0)
    scores, ranks, winners, summary = scoring.standings(s)
    assert scores == (26, 26, 10)
    assert ranks == (2, 1, 3)
    assert winners == (1,)
    assert summary.startswith("Dozer wins with 26 points")


def test_standings_full_tie_shares_the_place_and_skips_the_next():
    """Seed FINAL SCORING: "4. Break ties in favor of the player with the most points from the
    killshot track"; still tied, the reading shares the place (reference edge case 3), next rank skipped."""
    s = make(4)
    _points(s, 0, 18, 8)
    _points(s, 1, 18, 8)
    _points(s, 2, 24, 2)
    _points(s, 3, 7, 0)
    scores, ranks, winners, summary = scoring.standings(s)
    assert scores == (26, 26, 26, 7)
    assert ranks == (1, 1, 3, 4)
    assert winners == (0, 1)
    assert summary == "Banshee and Dozer share the win with 26 points"
    s2 = make(4)
    for i in range(4):
        _points(s2, i, 10, 0)
    _points(s2, 0, 30, 0)
    assert scoring.standings(s2)[1] == (1, 2, 2, 2)
    assert scoring.standings(s2)[3] == "Banshee wins with 30 points"


def test_itemised_has_every_category():
    """Seed: "a. First blood", "b. Points are distributed", FINAL SCORING "2. ... the killshot track";
    reference: "Double kill". Every category is listed, zeros included."""
    s = make(3)
    s.set_player(0, points=(("boards", 8), ("first_blood", 1), ("boards", 2)))
    assert scoring.itemised(s, 0) == {"boards": 10, "first_blood": 1, "double_kill": 0, "track": 0}
    assert scoring.itemised(s, 1) == {"boards": 0, "first_blood": 0, "double_kill": 0, "track": 0}


def test_a_whole_ending():
    """Seed: "1. Final frenzy is triggered when the last skull is taken from the killshot track." then
    FINAL SCORING "1."-"4.": kills, frenzy, final boards and the track add up."""
    s = make(3, skulls=5)
    s.skulls = 1
    s.set_player(1, skulls=4)
    s.track = [(0, 1), (2, 1), (0, 1), (2, 1)]
    kill(s, 1, (2,) * 11)
    scoring.score_kills(s)
    scoring.begin_frenzy(s, 2)
    assert s.frenzy_left == (0, 1, 2)
    s.set_player(0, damage=(1, 2, 2))
    scoring.final_scoring(s)
    # Dozer's board (4 skulls): Sprog 1 + first blood 1. Banshee's board flipped at frenzy's start
    # (no damage then): Sprog 2, Dozer 1, no first blood. Track: Sprog 3 tokens 8, Banshee 2 tokens 6.
    assert s.players[0].frenzy and s.players[1].frenzy
    assert [p.score for p in s.players] == [6, 1, 1 + 1 + 2 + 8]
    assert scoring.standings(s)[2] == (2,)
