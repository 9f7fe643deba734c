"""The KAPLOOM! heuristic AI seat: always legal, deterministic, blind to the state, and strong."""

import inspect

import pytest
from kaploom_helpers import with_roll

import rules.kaploom.ai as ai_module
from rules.core.ai import RandomPolicy
from rules.core.rng import Rng
from rules.kaploom import ENGINE, Action
from rules.kaploom.ai import HeuristicPolicy
from rules.kaploom.data import FACE_NAMES, game_data
from rules.kaploom.views import PrivateView

HEURISTIC, RANDOM = HeuristicPolicy(), RandomPolicy()
VARIANTS = [
    {"variant": "standard"},
    {"variant": "advanced"},
    {"variant": "advanced", "villain_super": "spoiler_alert", "hero_super": "timeout"},
    {"variant": "2v2"},
    {"variant": "2v2", "villain_super": "victor_kane", "villain2_super": "spoiler_alert",
     "hero_super": "tough_nut", "hero2_super": "timeout"},
]
MAX_STEPS = 50_000  # a heuristic game is a few hundred steps; this only catches a loop


def _new_game(engine, seed, options):
    plan = getattr(engine, "seat_plan", None)
    return engine.new_game(seed, options, plan(options).labels) if plan else engine.new_game(seed, options)


def _heuristic_move(state, seat, rng=None):
    legal = list(ENGINE.legal_actions(state, seat))
    return HEURISTIC.choose(ENGINE.private_view(state, seat), ENGINE.pending(state)[seat], legal, rng or Rng(0))


def _teams(state):
    return [p.team for p in ENGINE.public_view(state).players]


def _play(seed, raw_options, heuristic_team, visit=None):
    """One game: the heuristic plays ``heuristic_team`` (None: every seat), RandomPolicy the rest.
    ``visit(state, seat, decision, legal)`` sees every decision before it is made."""
    state = _new_game(ENGINE, seed, ENGINE.parse_options(raw_options))
    teams = _teams(state)
    rngs = [Rng(seed * 7 + seat) for seat in range(len(teams))]
    table = Rng(seed)
    for _ in range(MAX_STEPS):
        if ENGINE.outcome(state) is not None:
            return state
        pending = ENGINE.pending(state)
        seat = table.choice(sorted(pending))
        legal = list(ENGINE.legal_actions(state, seat))
        if visit is not None:
            visit(state, seat, pending[seat], legal)
        policy = HEURISTIC if heuristic_team in (None, teams[seat]) else RANDOM
        action = policy.choose(ENGINE.private_view(state, seat), pending[seat], legal, rngs[seat])
        assert action in legal
        state, _ = ENGINE.apply(state, seat, action)
    raise AssertionError(f"game {seed} {raw_options} did not end in {MAX_STEPS} steps")


def _situation(state, seat, legal):
    p = ENGINE.public_view(state).players[seat]
    phase = ENGINE.public_view(state).phase
    if phase == "roll":
        return "knocked-out roll" if p.knocked_out else "re-roll owed" if Action("skip") in legal else "roll"
    return phase


@pytest.mark.parametrize("raw_options", VARIANTS, ids=lambda o: "-".join(o.values()))
def test_the_heuristic_only_ever_returns_a_legal_action(raw_options):
    seen = set()

    def check(state, seat, decision, legal):
        # Every decision of every seat, the random ones' too: the heuristic must answer each legally.
        view = ENGINE.private_view(state, seat)
        assert HEURISTIC.choose(view, decision, legal, Rng(seat)) in legal
        seen.add(_situation(state, seat, legal))

    for seed in range(1, 5):
        _play(seed, raw_options, heuristic_team=seed % 2, visit=check)
    _play(99, raw_options, heuristic_team=None, visit=check)  # heuristic against heuristic
    assert {"roll", "re-roll owed", "reveal", "power_up"} <= seen
    if raw_options["variant"] == "2v2":
        assert "knocked-out roll" in seen


def test_the_heuristic_is_deterministic():
    samples = []

    def keep(state, seat, decision, legal):
        if len(samples) < 400:
            samples.append((ENGINE.private_view(state, seat), decision, legal))

    _play(5, {"variant": "advanced"}, heuristic_team=None, visit=keep)
    _play(6, {"variant": "2v2"}, heuristic_team=None, visit=keep)
    first = [HeuristicPolicy().choose(v, d, legal, Rng(1)) for v, d, legal in samples]
    ai_module._plan_sigs.cache_clear()
    ai_module._cheapest.cache_clear()
    again = [HeuristicPolicy().choose(v, d, legal, Rng(2)) for v, d, legal in samples]
    assert first == again


def test_the_heuristic_sees_only_the_view():
    source = inspect.getsource(ai_module)
    assert "kaploom.state" not in source and "kaploom.engine" not in source
    twins = 0

    def compare(state, seat, decision, legal):
        nonlocal twins
        view = ENGINE.private_view(state, seat)
        # The view alone, rebuilt from plain data, gives the same choice.
        choice = HEURISTIC.choose(view, decision, legal, Rng(0))
        assert HEURISTIC.choose(PrivateView.model_validate(view.model_dump()), decision, legal, Rng(0)) == choice
        if ENGINE.public_view(state).phase != "roll":
            return
        # A state that differs only behind the opponents' screens (their roll, the generator) shows
        # this seat the same view, so the heuristic must choose the same.
        twin = state
        for p in state.players:
            if p.team != state.players[seat].team:
                twin = with_roll(twin, p.seat, [_other_face(d, code) for d, code in zip(p.dice, p.roll, strict=True)])
        twin.rng = (7, 7, 7, 7)
        assert twin.players != state.players and ENGINE.private_view(twin, seat) == view
        assert ENGINE.legal_actions(twin, seat) == legal
        assert HEURISTIC.choose(ENGINE.private_view(twin, seat), decision, legal, Rng(0)) == choice
        twins += 1

    _play(11, {"variant": "standard"}, heuristic_team=0, visit=compare)
    _play(12, {"variant": "2v2"}, heuristic_team=1, visit=compare)
    assert twins > 50


def _other_face(die, code):
    """A face this die can show other than ``code`` (long name), or ``code`` for a one-face die."""
    faces = die if isinstance(die, tuple) else game_data().trait_faces[die]
    return FACE_NAMES[next((f for f in faces if f != code), code)]


def test_the_heuristic_tidies_a_messy_screen_and_gets_ready():
    # Random placements first, then the heuristic takes over: it reaches `ready` without looping.
    for seed in range(1, 6):
        state = _new_game(ENGINE, seed, ENGINE.parse_options({"variant": "standard"}))
        rng = Rng(seed)
        for _ in range(4):
            legal = ENGINE.legal_actions(state, 0)
            if assigns := [a for a in legal if a.verb == "assign" and a.args[1] != "time_jump"]:
                state, _ = ENGINE.apply(state, 0, rng.choice(assigns))
        for _step in range(60):
            action = _heuristic_move(state, 0, rng)
            state, _ = ENGINE.apply(state, 0, action)
            if action.verb == "ready":
                break
        else:
            raise AssertionError("the heuristic never got ready")


def test_the_heuristic_completes_an_attack_and_grows():
    state = _new_game(ENGINE, 3, ENGINE.parse_options({"variant": "standard"}))
    # Villain: blue, red, yellow, green trait dice and an action die with one wild face.
    state = with_roll(state, 0, ["x_factor", "might", "energy", "agility", "wild"])
    while 0 in ENGINE.pending(state) and ENGINE.public_view(state).phase == "roll":
        state, _ = ENGINE.apply(state, 0, _heuristic_move(state, 0))
    placed = {a.action for a in ENGINE.private_view(state, 0).assignments if a.active}
    assert placed & {"pow", "wham"}, placed  # a real attack, not a lone JAB
    assert placed & {"grow", "power_on"}, placed  # and more dice for later


def test_the_heuristic_beats_random_most_of_the_time():
    wins = 0
    for seed in range(1, 21):
        team = seed % 2
        state = _play(seed, {"variant": "standard"}, heuristic_team=team)
        teams = _teams(state)
        wins += all(teams[w] == team for w in ENGINE.outcome(state).winners)
    assert wins >= 16, f"the heuristic won only {wins} of 20 games against random play"
