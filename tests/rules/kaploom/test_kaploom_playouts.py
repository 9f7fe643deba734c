"""Random legal playouts (standard, advanced, 2 vs 2) with invariants, replay, notation and views."""

import json
import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from kaploom_helpers import new, play, with_roll

from rules.kaploom import ENGINE

VARIANTS = [
    {"variant": "standard"},
    {"variant": "advanced"},
    {"variant": "advanced", "villain_super": "spoiler_alert", "hero_super": "timeout"},
    {"variant": "2v2"},
    {"variant": "2v2", "villain_super": "victor_kane", "villain2_super": "spoiler_alert",
     "hero_super": "tough_nut", "hero2_super": "timeout"},
]


def _choose(rng, legal, state=None, seat=0):
    # Random legal choices, leaning towards placing dice and using power-ups so that attacks happen and
    # games stay short; now and then any legal action (unassign, swaps, `ready` early, ...).
    if rng.random() < 0.1:
        return rng.choice(legal)
    if state is not None:
        started = state.players[seat].assign or {}
        finishing = [a for a in legal if a.verb == "assign" and a.args[1] in started]
        if finishing:
            return rng.choice(finishing)
    keen = [a for a in legal if a.verb in ("assign", "use", "pay", "reroll", "take")]
    if keen:
        return rng.choice(keen)
    closing = [a for a in legal if a.verb in ("ready", "done", "skip", "forfeit")]
    return closing[0] if closing else rng.choice(legal)


def playout(seed, options, check=True):
    rng = random.Random(seed)
    s = ENGINE.new_game(seed, ENGINE.parse_options(options))
    log = []
    steps = 0
    while ENGINE.outcome(s) is None:
        seat = rng.choice(ENGINE.to_act(s))
        legal = ENGINE.legal_actions(s, seat)
        texts = [ENGINE.format(a) for a in legal]
        assert len(set(texts)) == len(texts), "notation is unique per seat"
        action = _choose(rng, legal, s, seat)
        assert ENGINE.parse(s, seat, ENGINE.format(action)) == action
        s, _ = ENGINE.apply(s, seat, action)
        log.append((seat, ENGINE.format(action)))
        steps += 1
        if check:
            assert ENGINE.check_invariants(s) == [], (seed, options, log[-5:])
        assert steps < 200_000, "a random game must end"
    return s, log


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])  # a whole game shrinks too slowly to be useful
@given(seed=st.integers(0, 2**32 - 1), options=st.sampled_from(VARIANTS))
def test_random_games_end_with_invariants_holding(seed, options):
    s, _ = playout(seed, options)
    out = ENGINE.outcome(s)
    assert out is not None and out.winners
    winning_team = {s.players[w].team for w in out.winners}
    assert len(winning_team) == 1 and all(p.ko for p in s.players if p.team not in winning_team)


def test_replay_is_bit_for_bit_and_dump_load_round_trips():
    """Seed + log replays exactly; every snapshot survives JSON."""
    for options in VARIANTS:
        final, log = playout(7, options, check=False)
        s = ENGINE.new_game(7, ENGINE.parse_options(options))
        for k, (seat, text) in enumerate(log):
            s, _ = ENGINE.apply(s, seat, ENGINE.parse(s, seat, text))
            if k % 97 == 0:
                assert ENGINE.load(json.loads(json.dumps(ENGINE.dump(s)))) == s
        assert s == final and ENGINE.dump(s) == ENGINE.dump(final)


def test_legal_actions_all_apply_and_refusals_leave_state():
    """Every listed action applies; a near-legal one that is not listed is refused."""
    rng = random.Random(3)
    for options in VARIANTS[:4]:
        s = ENGINE.new_game(5, ENGINE.parse_options(options))
        for _ in range(400):
            if ENGINE.outcome(s):
                break
            seat = rng.choice(ENGINE.to_act(s))
            legal = ENGINE.legal_actions(s, seat)
            for a in rng.sample(legal, min(5, len(legal))):
                ENGINE.apply(s, seat, a)
            listed = {ENGINE.format(a) for a in legal}
            for text in ("assign 1 kaploom", "unassign 2", "use grow red", "take face_off", "attach wild 5",
                         "pay might", "give 1", "target 2", "reroll 1"):
                if text not in listed:
                    before = ENGINE.dump(s)
                    try:
                        ENGINE.apply(s, seat, ENGINE.parse(s, seat, text))
                    except Exception as err:  # noqa: BLE001 - must be a RulesError
                        assert type(err).__name__ in ("IllegalAction", "NotYourTurn"), (text, err)
                    else:
                        raise AssertionError(f"{text!r} was not listed but applied")
                    assert ENGINE.dump(s) == before
            s, _ = ENGINE.apply(s, seat, _choose(rng, legal, s, seat))


def test_public_view_holds_no_private_fact():
    """Rolls and assignments stay behind the screen: two states differing only there look the same."""
    a = with_roll(new(), 1, ["x_factor", "energy", "wild", "agility", "blank"])
    b = with_roll(new(), 1, ["blank", "energy", "toughness", "toughness", "blank"])
    a, ev_a = play(a, 1, "assign 1 grow", "assign 2 grow", "assign 4 sucker_punch")
    b, ev_b = play(b, 1, "assign 2 rush")
    assert ENGINE.public_view(a) == ENGINE.public_view(b)
    assert [e.text for e in ev_a + ev_b] == []
    assert ENGINE.private_view(a, 1) != ENGINE.private_view(b, 1)
    assert ENGINE.private_view(a, 0) .public == ENGINE.private_view(b, 0).public
    assert ENGINE.private_view(a, 0).roll == ENGINE.private_view(b, 0).roll
    # 2 vs 2: the pointer is secret
    s = new("2v2")
    t, _ = play(s, 0, "target 2")
    assert ENGINE.public_view(t) == ENGINE.public_view(s)
    assert ENGINE.private_view(t, 0).target == 3


def test_views_serialise_at_every_step():
    s, log = playout(11, {"variant": "2v2"}, check=False)
    s = ENGINE.new_game(11, ENGINE.parse_options({"variant": "2v2"}))
    for seat, text in log[:300]:
        s, _ = ENGINE.apply(s, seat, ENGINE.parse(s, seat, text))
        ENGINE.public_view(s).model_dump_json()
        for k in range(4):
            ENGINE.private_view(s, k).model_dump_json()
