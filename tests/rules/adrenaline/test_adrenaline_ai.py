"""The ADRENALINE heuristic AI seat (rules/adrenaline/ai.py ``HeuristicPolicy``): it plays legal
moves to the end of a game in every mix of seats, is pure (a fresh policy and another generator choose
alike), cannot tell apart states that differ only in what its view hides, rebuilds a state whose
choices are the view's, shoots the kill, reloads, grabs a weapon, and beats two random seats."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.adrenaline import ENGINE as E
from rules.adrenaline.ai import ActivePolicy, HeuristicPolicy, state_from_view
from rules.adrenaline.flow import TURN_CAP
from rules.adrenaline.walk import root
from rules.core.rng import Rng

STEP_CAP = 6000


def new(seed: int, seats: int, **options: str):
    opts = E.parse_options(options)
    return E.new_game(seed, opts, E.seat_plan(opts).labels[:seats])


def play(state, policies, seed: int, check=None):
    """Play to the end, the lowest pending seat first; ``check`` sees every decision."""
    rngs = [Rng(seed * 31 + k) for k in range(len(policies))]
    for _ in range(STEP_CAP):
        if E.outcome(state) is not None:
            break
        pending = E.pending(state)
        seat = min(pending)
        legal = E.legal_actions(state, seat)
        view = E.private_view(state, seat)
        action = policies[seat].choose(view, pending[seat], legal, rngs[seat])
        assert action in legal, (seat, str(action), [str(a) for a in legal])
        if check is not None:
            check(state, seat, view, pending[seat], legal, action)
        state, _ = E.apply(state, seat, action)
    return state


def seats_of(mix: str):
    return [HeuristicPolicy() if c == "h" else ActivePolicy() for c in mix]


# -- self-play --------------------------------------------------------------------------------------

@pytest.mark.parametrize("mix", ["hhh", "hrh", "hrhrh"])
def test_selfplay_games_end_with_legal_choices(mix):
    policies = seats_of(mix)
    rebuilt = []

    def check(state, seat, view, decision, legal, action):
        if mix[seat] == "h" and not view.draft and state.phase == "turn" and state.players[seat].spawned:
            # the state rebuilt from the view offers the view's own choices at the top of the turn
            rebuilt.append(tuple(root(state_from_view(view), seat).tokens()) == tuple(view.choices))
        if len(rebuilt) % 16 == 0:
            assert E.check_invariants(state) == []

    state = play(new(11, len(mix), skulls="5"), policies, 11, check)
    outcome = E.outcome(state)
    assert outcome is not None and state.turns < TURN_CAP, "the game ends"
    assert sorted(outcome.ranks)[0] == 1
    assert rebuilt and all(rebuilt)
    assert all(p.troubles == 0 for p in policies if isinstance(p, HeuristicPolicy)), "no fallback was needed"


# -- purity and hidden information ------------------------------------------------------------------

def _twin(state, seat: int, other: int):
    """The state with ``other``'s hidden cards changed: other powerups (as many) and other loaded
    weapons (as many, swapped with the weapon deck)."""
    twin = state.clone()
    p = twin.players[other]
    cards = ("newton:R", "teleporter:Y", "targeting_scope:B", "tagback_grenade:R")
    powerups = tuple(c for c in cards if c not in p.powerups)[:len(p.powerups)]
    held, deck = [], list(twin.weapon_deck)
    for w, ok in p.weapons:
        if ok and deck:
            held.append((deck.pop(0), True))
            deck.append(w)
        else:
            held.append((w, ok))
    twin.weapon_deck = deck
    twin.players[other] = replace(p, powerups=powerups, weapons=tuple(held))
    return twin


def test_pure_and_blind_to_what_it_cannot_see():
    policies = seats_of("hrr")
    seen = {"pure": 0, "twins": 0, "changed": 0}

    def check(state, seat, view, decision, legal, action):
        if seat != 0 or (state.turns + len(view.draft)) % 3:
            return
        other = Rng(5).choice([1, 2])
        assert HeuristicPolicy().choose(view, decision, legal, Rng(99)) == action, "a fresh policy chooses alike"
        seen["pure"] += 1
        twin = _twin(state, seat, other)
        if twin.players[other] != state.players[other]:
            seen["changed"] += 1
        twin_view = E.private_view(twin, seat)
        assert twin_view == view, "the hidden cards do not show"
        assert E.legal_actions(twin, seat) == legal
        assert HeuristicPolicy().choose(twin_view, E.pending(twin)[seat], legal, Rng(7)) == action
        seen["twins"] += 1

    play(new(23, 3, skulls="5", map="small"), policies, 23, check)
    assert seen["pure"] >= 20 and seen["twins"] >= 20 and seen["changed"] >= 5, seen


# -- a hand-made board ------------------------------------------------------------------------------

def board(squares, **changes):
    """A 3-seat game on the small map, seat 0 to act with 2 actions; ``squares``: each seat's square.
    No cards in hand, nothing on the board unless set."""
    state = new(3, 3, map="small")
    for seat, square in enumerate(squares):
        state.players[seat] = replace(state.players[seat], square=square, powerups=())
    state.turn = state.first = 0
    state.actions_left = 2
    state.powerup_deck = list(state.powerup_deck)
    for name, value in changes.items():
        setattr(state, name, value)
    return state


def set_player(state, seat, **changes):
    state.players[seat] = replace(state.players[seat], **changes)


def hero_turn(state, policy=None):
    """Seat 0 plays its turn (others answer reactions with their defaults); the state after it and
    seat 0's first word."""
    policy = policy or HeuristicPolicy()
    first = None
    for _ in range(200):
        pending = E.pending(state)
        if state.turn != 0 or not pending:
            break
        seat = min(pending)
        if seat == 0:
            action = policy.choose(E.private_view(state, 0), pending[0], E.legal_actions(state, 0), Rng(1))
            first = first or str(action)
        else:
            action = pending[seat].default
        state, _ = E.apply(state, seat, action)
    assert state.turn != 0, "the turn ends"
    return state, first


def test_shoots_the_kill_rather_than_running():
    # Banshee on b2 (red room) sees Dozer on c2 (red room), who has 10 damage from Sprog (d3).
    state = board(["b2", "c2", "d3"])
    set_player(state, 0, weapons=(("lock_rifle", True),))
    set_player(state, 1, damage=(2,) * 10)
    state.slots = {c: [None, None, None] for c in "RBY"}
    after, first = hero_turn(state)
    assert first == "shoot"
    scored = dict(after.players[0].points)
    assert after.track[-1][0] == 0 and scored.get("boards"), "Banshee made the killshot and scored the board"
    assert after.players[1].skulls == 1


def test_reloads_at_the_end_of_its_turn():
    state = board(["a1", "c3", "d3"])
    set_player(state, 0, weapons=(("lock_rifle", False),), cubes=(0, 2, 0))
    state.slots = {c: [None, None, None] for c in "RBY"}
    state.tiles = {square: None for square in state.tiles}
    after, _ = hero_turn(state)
    assert after.players[0].weapons == (("lock_rifle", True),)


def test_grabs_a_payable_weapon_when_it_has_none():
    state = board(["a2", "c3", "d3"])
    set_player(state, 0, weapons=(), cubes=(1, 1, 0))
    state.slots["R"] = ["lock_rifle", "heatseeker", "railgun"]  # only the Lock Rifle is payable (B)
    state.tiles = {square: None for square in state.tiles}
    after, first = hero_turn(state)
    assert first == "grab"
    assert [w for w, _ in after.players[0].weapons] == ["lock_rifle"]


def test_answers_reactions():
    # Tagback always when offered; never a standing answer.
    state = board(["b2", "c2", "d3"])
    set_player(state, 1, powerups=("tagback_grenade:R",))
    set_player(state, 0, weapons=(("lock_rifle", True),))
    state.slots = {c: [None, None, None] for c in "RBY"}
    policy = HeuristicPolicy()
    for _ in range(40):
        pending = E.pending(state)
        if state.phase == "tagback":
            legal = E.legal_actions(state, 1)
            assert any(str(a).startswith("answer:") for a in legal)
            action = policy.choose(E.private_view(state, 1), pending[1], legal, Rng(2))
            assert str(action) == "tagback:R"
            return
        seat = min(pending)
        action = HeuristicPolicy().choose(E.private_view(state, seat), pending[seat], E.legal_actions(state, seat),
                                          Rng(1))
        assert not str(action).startswith("answer:")
        state, _ = E.apply(state, seat, action)
    raise AssertionError("no Tagback window opened")


# -- strength ---------------------------------------------------------------------------------------

def test_beats_two_random_seats():
    games, alone = 6, 0
    for game in range(games):
        hero = game % 3
        policies = [HeuristicPolicy() if k == hero else ActivePolicy() for k in range(3)]
        state = play(new(500 + game, 3, skulls="5", ending="sudden_death"), policies, 500 + game)
        ranks = E.outcome(state).ranks
        alone += ranks[hero] == 1 and list(ranks).count(1) == 1
    assert alone >= 4, f"first alone in {alone} of {games} games"
