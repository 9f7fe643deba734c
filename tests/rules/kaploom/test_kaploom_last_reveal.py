"""The last reveal is kept in the state and the public view after its round moves on.

Phase 2 reveals the screens (lines 227-231 of shared/rulebooks/kaploom.txt: "ALL PLAYERS REVEAL
THEIR SCREENS"); when nobody then has anything to power up, the engine goes ready -> reveal ->
fight -> next round in one step, and the board posted after that step is already the new round's.
``State.last_reveal`` keeps what was revealed (public once made) so the board can still show it.
Also: the faces that can pay a face cost are asked of one rule (``common.payable_faces``).
"""

from kaploom_helpers import new, play, with_roll

from rules.kaploom import ENGINE
from rules.kaploom.common import payable_faces
from rules.kaploom.state import dump_state, load_state

V, H = 0, 1
V1, V2, H1, H2 = 0, 1, 2, 3


def _nobody_powers_up():
    """Seed 1: the villain rolls x-factor, blank, might, blank, wild; the hero x-factor, wild,
    agility, agility, blank. POW against FLIP and JAB: nobody has anything to power up."""
    s = new()
    s, _ = play(s, V, "assign 3,5 pow", "ready")
    return play(s, H, "assign 3,4 flip", "assign 2 jab", "ready")


def test_a_round_that_ends_in_the_reveal_step_keeps_the_reveal_in_the_public_view():
    s, events = _nobody_powers_up()
    texts = [e.text for e in events]
    assert "Reveal! Villain: POW; Hero: FLIP, JAB." in texts
    assert "Villain has nothing to power up." in texts and "Hero has nothing to power up." in texts
    assert s.round == 2 and s.phase == "roll"
    view = ENGINE.public_view(s)
    villain, hero = view.players
    assert villain.revealed is None and hero.revealed is None  # no live reveal: the screens are up
    assert villain.last_reveal.model_dump() == dict(round=1, attack=3, defense=0, activated=("POW",), target=None,
                                                    lost=1)
    assert hero.last_reveal.model_dump() == dict(round=1, attack=1, defense=3, activated=("FLIP", "JAB"),
                                                 target=None, lost=0)
    # Round 2's rolls are behind the screens: two different hidden rolls give the same public view.
    other = with_roll(with_roll(s, V, ["wild", "might", "energy", "agility", "wild"]), H, ["blank"] * 5)
    assert ENGINE.public_view(other) == view


def test_a_game_without_a_reveal_yet_has_none_to_show():
    view = ENGINE.public_view(new())
    assert all(p.last_reveal is None for p in view.players)


def test_the_last_reveal_is_what_the_live_reveal_showed_and_outlives_the_round():
    s = new()
    s, _ = play(s, V, "assign 1,5 grow", "ready")
    s, _ = play(s, H, "assign 3,4 flip", "assign 2 jab", "ready")
    assert s.phase == "power_up" and ENGINE.to_act(s) == (V,)  # the villain has GROW to use
    live = ENGINE.public_view(s)
    for p in live.players:
        assert p.last_reveal.round == 1
        assert (p.last_reveal.attack, p.last_reveal.defense) == (p.revealed.attack, p.revealed.defense)
        assert p.last_reveal.activated == tuple(a.name for a in p.revealed.assignments if a.active)
    assert [p.last_reveal.lost for p in live.players] == [1, 0]
    # Gaining a die in Phase 3 changes nothing of what was revealed and fought.
    s, _ = play(s, V, "use grow red")
    assert s.round == 2 and s.phase == "roll"
    assert [p.last_reveal for p in ENGINE.public_view(s).players] == [p.last_reveal for p in live.players]


def test_2v2_the_last_reveal_says_who_pointed_at_whom_and_who_lost_what():
    s = new("2v2", seed=3)
    s, _ = play(s, V1, "assign 4 grit", "ready")
    s, _ = play(s, V2, "assign 3 jab", "target 2", "ready")
    s, _ = play(s, H1, "assign 3 jab", "ready")
    s, _ = play(s, H2, "assign 2 jab", "target 2", "ready")
    assert s.round == 2 and s.phase == "roll"
    last = {p.seat: p.last_reveal for p in ENGINE.public_view(s).players}
    assert {seat: (r.round, r.attack, r.target, r.lost, r.activated) for seat, r in last.items()} == {
        V1: (1, 0, H1, 1, ("GRIT",)),
        V2: (1, 1, H2, 1, ("JAB",)),
        H1: (1, 1, V1, 0, ("JAB",)),
        H2: (1, 1, V2, 1, ("JAB",)),
    }


def test_the_last_reveal_survives_dump_and_load_and_older_saves_still_load():
    s, _ = _nobody_powers_up()
    data = ENGINE.dump(s)
    assert data["last_reveal_round"] == 1 and len(data["last_reveal"]) == 2
    assert ENGINE.dump(ENGINE.load(data)) == data
    assert ENGINE.public_view(ENGINE.load(data)) == ENGINE.public_view(s)
    # A save written before the field existed loads with the defaults and plays on unchanged.
    old = {k: v for k, v in data.items() if k not in ("last_reveal", "last_reveal_round")}
    loaded = ENGINE.load(old)
    assert loaded.last_reveal == () and loaded.last_reveal_round == 0
    assert all(p.last_reveal is None for p in ENGINE.public_view(loaded).players)
    assert not ENGINE.check_invariants(loaded) and not ENGINE.check_invariants(s)
    assert ENGINE.legal_actions(loaded, V) == ENGINE.legal_actions(s, V)
    assert dump_state(load_state(old)) == {**data, "last_reveal": [], "last_reveal_round": 0}
    assert ENGINE.rules_version == 2  # an added field with a default: the saves of version 2 still load


def test_engine_and_screen_ask_one_rule_of_which_faces_can_pay_a_face_cost():
    """OVERCHARGE costs a face at the reveal ("return 1 attached or stored face to the pool; no face
    to pay means no activation"): the `pay` moves, the reveal's automatic forfeit and the screen's
    count all come from ``payable_faces``."""
    s = new()
    p = s.players[V]
    p.stored = ("E", "M", "M")
    p.dice = (*p.dice[:4], ("A", "W", "B", "B", "B", "B"), ("B",) * 6)
    assert payable_faces(p) == ((None, "E"), (None, "M"), (None, "M"), (4, "A"), (4, "W"))
    assert [ENGINE.format(a) for a in ENGINE._pay_legal(p)] == [
        "pay energy", "pay might", "pay 5 agility", "pay 5 wild", "forfeit"]
    p.stored, p.dice = (), (*p.dice[:4], ("B",) * 6)
    assert payable_faces(p) == () and [ENGINE.format(a) for a in ENGINE._pay_legal(p)] == ["forfeit"]
