"""Walks and squares are remembered by a state's value (``State.signature``, ``rules.adrenaline.memo``):
these tests make sure a remembered answer is never given for a state that differs in anything the
choices depend on, and that a state changed in place (as these tests' helpers do) gets a fresh one."""

from dataclasses import fields, replace

import pytest

from rules.adrenaline import ENGINE as E
from rules.adrenaline.acts import grabbable_squares, shot_squares
from rules.adrenaline.state import Shot, State
from rules.adrenaline.walk import peek, walk
from tests.rules.adrenaline.helpers import spawned

# fields a look at the tree never reads: the draft is the path itself, the log lines are the image's,
# a walk that does not perform draws nothing from the generator
NOT_READ = {"draft", "last", "summary", "rng"}


def _changed(state: State, name: str) -> State:
    s = state.clone()
    value = getattr(s, name)
    if name == "players":
        s.set_player(1, square="b2")
    elif name == "options":
        s.options = {**value, "extra": 1}
    elif name == "shot":
        s.shot = Shot(0, "lock_rifle")
    elif name == "slots":
        colour = next(iter(value))
        s.slots[colour] = [None, *value[colour][1:]]
    elif name in ("tiles", "respawn_choice", "tagback_answer"):
        s_value = dict(value)
        s_value["zz"] = None
        setattr(s, name, s_value)
    elif isinstance(value, bool):
        setattr(s, name, not value)
    elif isinstance(value, int) and not isinstance(value, bool):
        setattr(s, name, value + 1)
    elif isinstance(value, str):
        setattr(s, name, value + "x")
    elif isinstance(value, (list, tuple)):
        setattr(s, name, type(value)([*value, value[0] if value else 0]))
    elif value is None:
        setattr(s, name, 1)
    else:
        raise AssertionError(f"no change written for {name}")
    return s


@pytest.mark.parametrize("name", [f.name for f in fields(State) if f.name not in NOT_READ])
def test_every_field_but_the_draft_and_log_is_in_the_signature(name):
    state = spawned(n=3)
    assert _changed(state, name).signature() != state.signature(), name


def test_the_draft_and_log_are_not_in_it():
    state = spawned(n=3)
    s = state.clone()
    s.draft, s.last, s.summary = ("run",), ("a line",), "over"
    assert s.signature() == state.signature()


def test_a_state_changed_in_place_gets_a_fresh_walk():
    state = spawned(n=3)
    before = peek(state, 0, ("run",))
    assert before == walk(state.clone(), 0, ("run",))
    state.set_player(0, square="c2")  # changed in place, as a test does
    after = peek(state, 0, ("run",))
    assert after == walk(state.clone(), 0, ("run",))
    assert after != before


def test_squares_follow_a_change_in_place():
    state = spawned(n=3)
    grab_before = grabbable_squares(state, 0, 1)
    shot_before = shot_squares(state, 0)
    taken = next(iter(grab_before))
    state.tiles[taken] = None
    assert taken not in grabbable_squares(state, 0, 1)
    assert shot_before == ()  # no weapon yet
    state.set_player(0, weapons=(("lock_rifle", True),))
    state.set_player(1, square=state.players[0].square)  # a target on the shooter's own square
    assert shot_squares(state, 0) == (state.players[0].square,)


def test_a_remembered_player_hash_is_not_state():
    """Player's remembered hash is not part of equality, of the saved game, nor carried by replace."""
    state = spawned(n=3)
    p = state.players[0]
    hash(p)
    q = replace(p, square="b2")
    assert hash(q) != hash(p) and replace(q, square=p.square) == p
    from rules.adrenaline.store import dump_state, load_state

    assert "_hash" not in dump_state(state)["players"][0]
    assert load_state(dump_state(state)) == state


def test_legal_actions_are_the_same_with_and_without_the_memory():
    """A whole game's legal actions equal those of fresh walks (the memory changes nothing)."""
    from rules.adrenaline import acts
    from rules.adrenaline import walk as walk_module
    from rules.core import Rng

    state, rng = E.new_game(3, E.parse_options({})), Rng(7)
    for _ in range(300):
        if E.outcome(state) is not None:
            break
        seat = rng.choice(E.to_act(state))
        remembered = E.legal_actions(state, seat)
        walk_module._WALKED.clear()
        acts._SQUARES.clear()
        assert E.legal_actions(state, seat) == remembered
        state, _ = E.apply(state, seat, rng.choice(remembered))
