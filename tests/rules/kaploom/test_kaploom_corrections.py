"""Issue 8: the 2 vs 2 duo board and knocked-out players, fewer clicks, several dice in one step.

Each test quotes the rulebook passage (shared/rulebooks/kaploom.txt, line numbers) it checks, or
the reading chosen for it in docs/games/kaploom.md ("Readings chosen for ambiguous rules").
"""

import pytest
from kaploom_helpers import new, play, with_roll

from rules.core.errors import IllegalAction, MalformedAction
from rules.kaploom import ENGINE, Action

V, H = 0, 1
V1, V2, H1, H2 = 0, 1, 2, 3  # 2 vs 2 seats


def _legal(s, seat):
    return [ENGINE.format(a) for a in ENGINE.legal_actions(s, seat)]


def _everyone_ready(s, seats=(0, 1, 2, 3)):
    for seat in seats:
        if seat in ENGINE.to_act(s):
            s, _ = play(s, seat, "ready")
    return s


# ---------------------------------------------------------------- 1a: duo dice go to either ally


def test_duo_dice_may_go_to_either_ally_in_every_round():
    """Lines 502-506: "THE POWER UP PHASE OCCURS PER NORMAL WITH ONE EXCEPTION. EACH DICE USED ON THE DUO
    BOARD MAY GO TO EITHER ALLY. IN THIS WAY, YOU MAY MOVE AND/OR SWAP DICE BETWEEN ALLIES." — every round,
    one `give <die>` per die, decided by the die's owner in their own turn."""
    s = new("2v2")
    for rnd in (1, 2):
        for seat in range(4):
            s = with_roll(s, seat, ["blank"] * len(s.players[seat].dice))
        s, _ = play(s, V1, "assign 1 hand_off", "ready")
        if rnd == 2:
            s, _ = play(s, V2, "assign 2 cover")  # villain 2's die on the duo board too, theirs to give
        s = _everyone_ready(s)
        assert s.phase == "power_up"
        # villain 2's die on HAND OFF (round 2) is theirs to give, not villain 1's
        assert "give 1" in _legal(s, V1) and not any(n.startswith("give 2") for n in _legal(s, V1))
        before = (len(s.players[V1].dice), len(s.players[V2].dice))
        while s.round == rnd:
            seat = ENGINE.to_act(s)[0]
            s, _ = play(s, seat, "give 1" if seat == V1 else "done")
        assert (len(s.players[V1].dice), len(s.players[V2].dice)) == (before[0] - 1, before[1] + 1)
        assert ENGINE.check_invariants(s) == []


def test_a_player_knocked_out_this_round_hands_all_duo_dice_to_the_survivor_unasked():
    """Lines 510-514: "WHEN A PLAYER IS KNOCKED OUT, THEY RETAIN ALL OF THEIR DICE, EXCEPT FOR ANY THAT ARE
    ON THE DUO BOARD. THOSE GO TO THE SURVIVING ALLY DURING POWER UP.\""""
    s = new("2v2")
    s.players[H1].health = 1
    for v in (V1, V2):
        s = with_roll(s, v, ["blank", "might", "energy", "agility", "blank"])
    s = with_roll(s, H1, ["blank"] * 5)
    s = with_roll(s, H2, ["blank"] * 5)
    s, _ = play(s, V1, "assign 2 jab", "ready")
    s, _ = play(s, H1, "assign 1 hand_off", "assign 5 cover", "ready")
    s = _everyone_ready(s)
    # hero 1 fell in Phase 2: they are never asked in Phase 3, and both duo dice went to hero 2
    assert s.players[H1].ko and s.round == 2
    assert s.players[H1].dice == ("yellow", "purple", "green")
    assert s.players[H2].dice[-2:] == ("blue", ("W", "B", "B", "B", "B", "B"))
    assert ENGINE.check_invariants(s) == []


def test_a_player_knocked_out_earlier_is_asked_only_where_their_duo_dice_go():
    """Line 503 ("EACH DICE USED ON THE DUO BOARD MAY GO TO EITHER ALLY") in a later round, for a knocked-out
    player, who "MAY ONLY PLACE DICE ON THE DUO BOARD" (line 517): their Phase 3 turn offers `give` and
    `done`, nothing else."""
    s = new("2v2")
    s.players[H1].ko, s.players[H1].health = True, 0
    for seat in (V1, V2, H2):
        s = with_roll(s, seat, ["blank"] * 5)
    s = with_roll(s, H1, ["blank", "blank", "blank", "agility", "blank"])
    s, _ = play(s, H1, "assign 1 hand_off", "ready")
    s = _everyone_ready(s)
    assert ENGINE.to_act(s) == (H1,)
    assert _legal(s, H1) == ["give 1", "done"]
    for text in ("detach 5 wild", "use share_the_load might", "attach wild 5"):
        with pytest.raises(IllegalAction):
            play(s, H1, text)
    kept, _ = play(s, H1, "done")
    assert kept.round == 2 and len(kept.players[H1].dice) == 5
    given, _ = play(s, H1, "give 1")  # nothing left to decide: the turn passes by itself
    assert given.round == 2 and len(given.players[H1].dice) == 4 and given.players[H2].dice[-1] == "blue"


# ---------------------------------------------------------------- 1b: BACK IN ACTION and line 317


def _back_in_action_round(s):
    """Hero 1 and hero 2 each put blue (X-FACTOR), purple (TOUGHNESS) and green (AGILITY) on BACK IN
    ACTION (2 toughness + 2 agility + 2 x-factor); everyone else does nothing."""
    for seat in (H1, H2):
        s = with_roll(s, seat, ["x_factor", "blank", "toughness", "agility", "blank"])
        s, _ = play(s, seat, "assign 1 back_in_action", "assign 3 back_in_action", "assign 4 back_in_action")
    return s


def test_back_in_action_does_not_revive_an_ally_knocked_out_in_the_previous_phase():
    """Line 317: "SOME HEALTH ACTIONS OCCUR DURING THE POWER UP PHASE, BUT THEY DO NOT REVIVE A PLAYER WHO HAS
    BEEN KO'D IN THE PREVIOUS PHASE." Hero 1 fills BACK IN ACTION with hero 2, then falls in Phase 2."""
    s = new("2v2")
    s.players[H1].health = 1
    s = with_roll(s, V1, ["blank", "might", "energy", "agility", "blank"])
    s = with_roll(s, V2, ["blank"] * 5)
    s, _ = play(s, V1, "assign 2 jab")
    s = _back_in_action_round(s)
    s = _everyone_ready(s)
    assert s.players[H1].ko and s.phase == "power_up" and ENGINE.to_act(s) == (H2,)
    assert "back_in_action" in s.players[H2].active
    assert not any(n.startswith("use back_in_action") for n in _legal(s, H2))
    with pytest.raises(IllegalAction):
        play(s, H2, "use back_in_action")
    s, _ = play(s, H2, "done")
    assert s.round == 2 and s.players[H1].ko and s.players[H1].health <= 0


def test_back_in_action_revives_an_ally_knocked_out_in_an_earlier_round():
    """Line 519: "IF THE ALLY IS ABLE TO BE RESURRECTED, THEY MAY REJOIN THE GAME" — BACK IN ACTION (house
    data) brings back an ally who fell in an earlier round, with 6 health at the end of Phase 3."""
    s = new("2v2")
    s.players[H1].ko, s.players[H1].health = True, 0  # fell in an earlier round
    s = with_roll(s, V1, ["blank"] * 5)
    s = with_roll(s, V2, ["blank"] * 5)
    s = _back_in_action_round(s)
    s = _everyone_ready(s)
    assert ENGINE.to_act(s) == (H1,)  # knocked out: asked only about their three duo dice
    s, _ = play(s, H1, "done")
    assert "use back_in_action" in _legal(s, H2)
    s, _ = play(s, H2, "use back_in_action", "done")
    assert s.round == 2 and not s.players[H1].ko and s.players[H1].health == 6 and s.players[H1].revived
    assert s.players[H1].target == V1  # back in the fight: a pointer again
    assert any(a.verb == "assign" and a.args[-1] == "jab" for a in ENGINE.legal_actions(with_roll(
        s, H1, ["blank", "might", "blank", "blank", "blank"]), H1))


# ---------------------------------------------------------------- 1c and 2: pointers


def test_a_knocked_out_player_is_offered_no_pointer():
    """Line 517: a KO'd ally "MAY ONLY PLACE DICE ON THE DUO BOARD" — they attack nobody, so no pointer."""
    s = new("2v2")
    s.players[H2].ko, s.players[H2].health = True, 0
    assert not any(a.verb == "target" for a in ENGINE.legal_actions(s, H2))
    with pytest.raises(IllegalAction):
        play(s, H2, "target 2")
    s = _everyone_ready(s)
    assert s.round == 2 and s.players[H2].target is None
    assert ENGINE.private_view(s, H2).target is None


def test_the_pointer_keeps_its_target_between_rounds():
    """Line 469: "EACH PLAYER HAS ONE POINTER": it stays where it was put until changed (or its opponent
    is knocked out)."""
    s = new("2v2")
    s, _ = play(s, V1, "target 2")
    s = _everyone_ready(s)
    assert s.round == 2 and s.players[V1].target == H2 and s.players[V2].target == H1
    assert "target 1" in _legal(s, V1) and "target 2" not in _legal(s, V1)
    s.players[H2].ko, s.players[H2].health = True, 0  # hero 2 goes down: the pointer moves on
    s = _everyone_ready(s)
    assert s.round == 3 and s.players[V1].target == H1


# ---------------------------------------------------------------- 2: fewer clicks


def test_power_up_turns_with_nothing_to_do_pass_without_done():
    """Reading "Phase 3 turns": a player with nothing left to do is passed by the engine, inside the
    `apply` that leaves them so (deterministic, replayed the same)."""
    s = new()
    s = with_roll(with_roll(s, V, ["blank"] * 5), H, ["blank"] * 5)
    s, _ = play(s, V, "ready")
    s, events = play(s, H, "ready")
    texts = [e.text for e in events]
    assert "Villain has nothing to power up." in texts and "Hero has nothing to power up." in texts
    assert s.round == 2 and s.phase == "roll"
    # the same game replays to the same state from its log
    again = with_roll(with_roll(new(), V, ["blank"] * 5), H, ["blank"] * 5)
    again, _ = play(again, V, "ready")
    again, _ = play(again, H, "ready")
    assert ENGINE.dump(again) == ENGINE.dump(s)


def _power_up_with(stored=(), extra_die=None):
    s = new()
    p = s.players[V]
    faces = list(s.pool_faces)
    for code in stored:
        faces["WMETAX".index(code)] -= 1
    if extra_die is not None:
        p.dice = (*p.dice, extra_die)
        s.pool_action -= 1
        for code in extra_die:
            if code != "B":
                faces["WMETAX".index(code)] -= 1
        p.roll = (*p.roll, "B")
    s.pool_faces = tuple(faces)
    p.stored = tuple(stored)
    assert ENGINE.check_invariants(s) == []
    s = with_roll(with_roll(s, V, ["blank"] * len(p.dice)), H, ["blank"] * 5)
    s, _ = play(s, V, "ready")
    s, _ = play(s, H, "ready")
    return s


def test_a_face_move_the_rulebook_allows_keeps_the_turn_open():
    """Line 343: "THE EXTRA FACES CAN BE FREELY SWAPPED WITH FACES ALREADY ON ACTION DICE OR ADDED TO NEWLY
    GAINED ACTION DICE. IN ADDITION, FACES MAY BE SWAPPED BETWEEN ACTION DICE." A stored face, or a second
    action die, is something to do; a lone face on one's only action die is not (taking it off would
    only store it: none of the moves the rulebook lists)."""
    assert _power_up_with().round == 2  # `detach 5 wild` was open, yet the villain was passed
    s = _power_up_with(stored=("M",))
    assert s.round == 1 and ENGINE.to_act(s) == (V,) and "attach might 5" in _legal(s, V)
    s, _ = play(s, V, "attach might 5")
    assert s.round == 2  # the stored face is on: nothing left
    s = _power_up_with(extra_die=("B",) * 6)
    assert s.round == 1 and ENGINE.to_act(s) == (V,)
    s, _ = play(s, V, "detach 5 wild", "attach wild 6", "done")
    assert s.round == 2 and s.players[V].dice[5][0] == "W"


def test_use_attach_puts_the_gained_face_on_a_die_in_the_same_step():
    """Line 343: faces may be "ADDED TO NEWLY GAINED ACTION DICE"; `use power_on might attach 6` gains the
    action die and the face and attaches it in one step (the new die is numbered last)."""
    s = new()
    s = with_roll(s, V, ["x_factor", "might", "energy", "agility", "blank"])
    s = with_roll(s, H, ["blank"] * 5)
    s, _ = play(s, V, "assign 1 power_on", "assign 4 power_on", "ready")
    s, _ = play(s, H, "ready")
    legal = _legal(s, V)
    assert "use power_on might attach 6" in legal and "use power_on might attach 5" in legal
    assert "use power_on might attach 2" not in legal  # a trait die takes no faces
    for text in ("use power_on might attach 2", "use power_on might attach 7"):
        with pytest.raises(IllegalAction):
            play(s, V, text)
    action = ENGINE.parse(s, V, "USE power-on M attach 6")
    assert action == Action("use", ("power_on", "might", "attach", 6))
    assert ENGINE.format(action) == "use power_on might attach 6"
    assert ENGINE.parse(s, V, ENGINE.format(action)) == action
    assert ENGINE.undoable(s, V, action)  # two action dice now: the turn goes on
    t, events = ENGINE.apply(s, V, action)
    assert t.players[V].dice[5] == ("M", "B", "B", "B", "B", "B") and t.players[V].stored == ()
    assert "a might face (attached to die 6)" in events[0].text
    assert ENGINE.check_invariants(t) == []
    with pytest.raises(MalformedAction):
        ENGINE.parse(s, V, "use power_on attach 6 might")


def test_use_attach_needs_a_gained_face():
    """GROW gains a trait die, no face: nothing to attach."""
    s = new()
    s = with_roll(s, H, ["x_factor", "energy", "blank", "blank", "blank"])
    s = with_roll(s, V, ["blank"] * 5)
    s, _ = play(s, H, "assign 1 grow", "assign 2 grow", "ready")
    s, _ = play(s, V, "ready")
    assert not any("attach" in n for n in _legal(s, H))
    with pytest.raises(IllegalAction):
        play(s, H, "use grow red attach 5")
    assert not ENGINE.is_legal(s, H, ENGINE.parse(s, H, "use grow red attach 5"))


def test_the_move_that_leaves_nothing_to_do_ends_the_turn_and_cannot_be_undone():
    """A `use` after which the player has nothing left passes the turn inside the same step, so it ends
    the turn like `done` (not undoable)."""
    s = new()
    s = with_roll(s, H, ["x_factor", "energy", "blank", "blank", "blank"])
    s = with_roll(s, V, ["blank"] * 5)
    s, _ = play(s, H, "assign 1 grow", "assign 2 grow", "ready")
    s, _ = play(s, V, "ready")
    action = ENGINE.parse(s, H, "use grow red")
    assert not ENGINE.undoable(s, H, action)
    t, _ = ENGINE.apply(s, H, action)
    assert t.round == 2


# ---------------------------------------------------------------- 3: several dice in one step


def test_assign_several_dice_in_one_step():
    """`assign 2,3 pow` places MIGHT and ENERGY on POW at once ("ASSIGN DICE ON THE POWER BOARDS AS
    DESIRED", line 166); it is not listed (the menus keep one die per move) but `is_legal` accepts it."""
    s = with_roll(new(), V, ["blank", "might", "energy", "agility", "blank"])
    action = ENGINE.parse(s, V, "assign 3, 2 POW")
    assert action == Action("assign", (2, 3, "pow"))
    assert ENGINE.format(action) == "assign 2,3 pow" and ENGINE.parse(s, V, "assign 2,3 pow") == action
    assert action not in ENGINE.legal_actions(s, V) and ENGINE.is_legal(s, V, action)
    assert ENGINE.public_action(s, V, action) == ""  # behind the screen, like one die
    assert ENGINE.undoable(s, V, action)
    t, events = ENGINE.apply(s, V, action)
    assert events == [] and t.players[V].assign == {"pow": (1, 2)}
    assert ENGINE.requirements_met(t, t.players[V], "pow")
    one_by_one, _ = play(s, V, "assign 2 pow", "assign 3 pow")
    assert ENGINE.dump(one_by_one) == ENGINE.dump(t)
    back = ENGINE.parse(t, V, "unassign 2,3")
    assert ENGINE.format(back) == "unassign 2,3" and ENGINE.is_legal(t, V, back)
    u, _ = ENGINE.apply(t, V, back)
    assert u.players[V].assign == {}


def test_assign_several_dice_is_all_or_nothing():
    """Agility does not fit POW (MIGHT + ENERGY): `assign 2,4 pow` is refused whole, nothing placed."""
    s = with_roll(new(), V, ["blank", "might", "energy", "agility", "blank"])
    before = ENGINE.dump(s)
    for text in ("assign 2,4 pow", "assign 2,3,5 pow", "assign 2,9 pow", "assign 1,5 time_jump"):
        action = ENGINE.parse(s, V, text)
        assert not ENGINE.is_legal(s, V, action)
        with pytest.raises(IllegalAction):
            ENGINE.apply(s, V, action)
        assert ENGINE.dump(s) == before
    for text in ("assign 2,2 pow", "assign 2, pow", "assign ,2 pow", "unassign 1,1"):
        with pytest.raises(MalformedAction):
            ENGINE.parse(s, V, text)
    s2, _ = play(s, V, "ready")
    assert not ENGINE.is_legal(s2, V, ENGINE.parse(s2, V, "assign 2,3 pow"))  # ready: not their move
