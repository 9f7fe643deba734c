"""Self-play: it passes on honest engines and fails, with a reproducible log, on broken ones."""

from __future__ import annotations

import io
import re

from toy_engine import ToyEngine, ToyPublicView

from bot.selfplay import play_game, run
from bot.service.replay import replay


def test_selfplay_passes_and_reports_speed():
    out = io.StringIO()
    assert run(ToyEngine(), {"players": "3"}, games=30, seed=4, out=out) == 0
    assert re.match(r"selfplay toy \(players=3\): 30 games, \d+ decisions in [\d.]+ s: [\d.]+ games/s, \d+ decisions/s",
                    out.getvalue())


class LeakyPicks(ToyEngine):
    """Shows how many points each picked card is worth: a hidden choice leaking into the view."""

    def public_view(self, state):
        view = super().public_view(state)
        hint = tuple(p % 7 if p is not None else -1 for p in state.picks)
        return ToyPublicView(**{**view.model_dump(), "last_events": view.last_events + (str(hint),)})


class Endless(ToyEngine):
    def _finish(self, state, events):
        return self._deal(state, events)[0]  # never ends

    def check_invariants(self, state):
        return []


class ScoreOverflow(ToyEngine):
    def check_invariants(self, state):
        return ["a test invariant breaks"] if state.round >= 2 else []


def _failure(engine, **kwargs) -> str:
    out = io.StringIO()
    assert run(engine, {}, games=20, seed=4, out=out, **kwargs) == 1
    return out.getvalue()


def test_selfplay_catches_a_leaked_hidden_choice():
    text = _failure(LeakyPicks())
    assert "reveals a hidden choice" in text and "reproduce: gamemaster selfplay toy --seed 4 --games 1" in text
    assert run(LeakyPicks(), {}, games=5, seed=4, out=io.StringIO(), leak_check=False) == 0


def test_selfplay_catches_broken_invariants_and_endless_games():
    text = _failure(ScoreOverflow())
    assert "broken invariant: a test invariant breaks" in text
    log = re.findall(r"^  (\d+): (.+)$", text, re.M)
    assert log, text
    engine_seed = int(re.search(r"engine seed (\d+)", text).group(1))
    engine = ScoreOverflow()
    state = replay(engine, engine_seed, engine.parse_options({}), [(int(s), n) for s, n in log])
    assert engine.check_invariants(state)  # the printed seed and log reproduce the failure
    assert "did not end within 200 steps" in _failure(Endless(), max_steps=200)


def test_one_game_is_reproducible():
    assert play_game(ToyEngine(), ToyEngine().parse_options({}), 9, 10, 1000, True) == play_game(
        ToyEngine(), ToyEngine().parse_options({}), 9, 10, 1000, True)


def test_parallel_processes_give_the_same_result_as_one():
    """`--jobs` only spreads games over processes: the first failing game and its log are the same."""
    import io

    from bot.selfplay import run
    from rules.kaploom import ENGINE as KAPLOOM

    serial, parallel = io.StringIO(), io.StringIO()
    assert run(KAPLOOM, {}, 3, 4, serial, max_steps=60, jobs=1) == 1
    assert run(KAPLOOM, {}, 3, 4, parallel, max_steps=60, jobs=2) == 1
    assert "did not end within 60 steps" in serial.getvalue()
    assert serial.getvalue() == parallel.getvalue()
