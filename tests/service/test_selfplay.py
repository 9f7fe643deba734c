"""Self-play: it passes on honest engines and fails, with a reproducible log, on broken ones.

The leak check applies each action's twin (another legal action of the seat with the same public
form) and compares what the channel would receive: the post's text, the public view's JSON and the
board image. It passes on the toy engine and on real KAPLOOM! games, and each kind of leak put in on
purpose below (an event text, a view field, an image-only difference, a seat acting alone) fails it.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from pydantic import Field
from toy_engine import ToyEngine, ToyPublicView

from bot.cli import build_parser
from bot.selfplay import SelfPlayFailure, play_game, run
from bot.service.replay import replay
from bot.twincheck import TwinCheck
from rules.core.engine import Event
from rules.core.rng import Rng
from rules.kaploom import ENGINE as KAPLOOM
from rules.kaploom.data import game_data
from rules.kaploom.engine import KaploomEngine
from rules.kaploom.views import PrivateView, PublicView


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
    assert "leak: seat" in text and "(public form 'pick')" in text and "view differs at last_events" in text
    assert "reproduce: gamemaster selfplay toy --seed 4 --games 1" in text
    assert run(LeakyPicks(), {}, games=5, seed=4, out=io.StringIO(), leak_check=False) == 0


def test_selfplay_catches_broken_invariants_and_endless_games():
    text = _failure(ScoreOverflow())
    assert "broken invariant: a test invariant breaks" in text
    log = re.findall(r"^  (-?\d+): (.+)$", text, re.M)
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


# ---------------------------------------------------------------- the leak check on honest engines


def test_the_toy_engine_passes_with_images_and_more_seats():
    """Its last pick reveals itself (public form = notation): the check must not call that a leak."""
    for players in ("2", "3", "4"):
        out = io.StringIO()
        assert run(ToyEngine(), {"players": players}, games=10, seed=2, out=out, image_every=1) == 0, out.getvalue()
        assert re.search(r"; [1-9]\d* twin comparisons, [1-9]\d* with images", out.getvalue())


def test_the_game_played_does_not_depend_on_the_checks():
    """Twins are drawn from a generator of their own: the leak check and images change no decision."""
    options = ToyEngine().parse_options({"players": "3"})
    games = [play_game(ToyEngine(), options, 5, 6, 1000, leak, images) for leak, images in
             ((False, 0), (True, 0), (True, 1))]
    assert games[0] == games[1] == games[2]


def _keen(rng: random.Random, legal, state, seat):
    # Mostly placements that finish an action, power-ups and payments, so that a random KAPLOOM! game
    # ends in a few hundred steps (uniform choices take ~15,000); now and then anything legal.
    if rng.random() < 0.15:
        return rng.choice(legal)
    started = state.players[seat].assign or {}
    keen = [a for a in legal if a.verb == "assign" and a.args[1] in started]
    keen = keen or [a for a in legal if a.verb in ("assign", "use", "pay", "reroll", "take")]
    if keen:
        return rng.choice(keen)
    closing = [a for a in legal if a.verb in ("ready", "done", "skip", "forfeit")]
    return closing[0] if closing else rng.choice(legal)


def _checked_playout(engine, raw, seed, image_every=0):
    """A whole game by keen random players, the twin check after every step, as self-play does it.
    Returns the check and the (phase, seats asked) of every comparison made."""
    options = engine.parse_options(raw)
    state, log, compared = engine.new_game(seed, options), [], []
    check = TwinCheck(engine, state, Rng(seed), image_every)
    rng = random.Random(seed)
    while engine.outcome(state) is None:
        seats = engine.to_act(state)
        seat = rng.choice(seats)
        legal = list(engine.legal_actions(state, seat))
        action = _keen(rng, legal, state, seat)
        after, events = engine.apply(state, seat, action)
        log.append((seat, engine.format(action)))
        done = check.comparisons
        check.check(state, seat, legal, action, after, events, lambda reason: SelfPlayFailure(reason, log))
        if check.comparisons > done:
            compared.append((state.phase, len(seats)))
        state = after
    return check, compared


@pytest.mark.parametrize(("raw", "seed"), [
    ({}, 2),
    ({"variant": "advanced", "villain_super": "spoiler_alert", "hero_super": "timeout"}, 3),
    ({"variant": "2v2"}, 1),
])
def test_real_kaploom_games_pass_with_images(raw, seed):
    check, compared = _checked_playout(KAPLOOM, raw, seed, image_every=250)  # ~750-2,000 comparisons (shorter games since empty Phase 3 turns pass)
    assert check.images >= 3  # board images compared too (each pair takes ~0.1 s to draw)
    assert ("roll", 1) in compared  # a seat placing alone, the other(s) ready
    assert any(seats > 1 for _, seats in compared)
    # Phases 2 and 3 are open: every action there is its own public form, so it has no twin.
    assert {phase for phase, _ in compared} == {"roll"}


def test_the_free_re_roll_of_time_loop_passes():
    """TIME LOOP's free re-roll is told (with its source) but not which die: every re-roll is a twin of
    every other, and the check finds them alike (random games rarely lock TIME LOOP in)."""
    options = KAPLOOM.parse_options({"variant": "advanced", "hero_super": "timeout"})
    state = KAPLOOM.new_game(5, options).clone()
    state.players[1].locked_in = ("time_loop",)
    legal = list(KAPLOOM.legal_actions(state, 1))
    rerolls = [a for a in legal if a.verb == "reroll"]
    assert len(rerolls) == 6
    for seed, action in enumerate(rerolls):
        check = TwinCheck(KAPLOOM, state, Rng(seed), image_every=1 if seed == 0 else 0)
        after, events = KAPLOOM.apply(state, 1, action)
        check.check(state, 1, legal, action, after, events, lambda reason: SelfPlayFailure(reason, []))
        assert check.comparisons == 1


def test_kaploom_selfplay_runs_the_check_at_every_step():
    """`run` itself on KAPLOOM! (uniform choices: a game is long, so capped): no leak in 400 steps."""
    out = io.StringIO()
    assert run(KAPLOOM, {"variant": "2v2"}, games=1, seed=1, out=out, max_steps=400, image_every=200) == 1
    assert "did not end within 400 steps" in out.getvalue()


def test_cli_takes_image_every():
    args = build_parser().parse_args(["selfplay", "kaploom", "--image-every", "50"])
    assert args.image_every == 50
    assert build_parser().parse_args(["selfplay", "kaploom"]).image_every == 0


# ---------------------------------------------------------------- leaks put in on purpose


class PlacementsInTheText(KaploomEngine):
    """(a) An event names the hidden placement: "Villain placed a die on GROW."."""

    def apply(self, state, seat, action):
        after, events = super().apply(state, seat, action)
        if action.verb == "assign":
            name = game_data().actions[action.args[1]].name
            events = [*events, Event(f"{after.players[seat].label.capitalize()} placed a die on {name}.")]
        return after, events


class CountingView(PublicView):
    placed: tuple[int, ...] = ()


class CountingScreen(PrivateView):
    public: CountingView


class PlacedDiceInTheView(KaploomEngine):
    """(b) The public view counts each player's placed dice (the text says nothing of it)."""

    def public_view(self, state):
        placed = tuple(sum(len(ids) for ids in (p.assign or {}).values()) for p in state.players)
        return CountingView(**dict(super().public_view(state)), placed=placed)

    def private_view(self, state, seat):  # embeds the same public view, as a screen must
        return CountingScreen(**{**dict(super().private_view(state, seat)), "public": self.public_view(state)})


class DrawnOnlyView(PublicView):
    placements: str = Field(default="", exclude=True)  # left out of the JSON, but the drawing reads it


class PlacementsInTheImage(KaploomEngine):
    """(c) The view carries the placements in a field its JSON leaves out; the board drawing (patched
    below) prints it. Text and view JSON are the same for twins: only the image can tell."""

    def public_view(self, state):
        placements = repr([sorted((p.assign or {}).items()) for p in state.players])
        return DrawnOnlyView(**dict(super().public_view(state)), placements=placements)


def _draws_the_placements(monkeypatch):
    from PIL import Image, ImageDraw

    import render.kaploom

    real = render.kaploom.render_public

    def drawing(view, names=None):
        image = Image.open(io.BytesIO(real(view, names)))
        ImageDraw.Draw(image).text((8, 8), getattr(view, "placements", ""), fill="red")
        out = io.BytesIO()
        image.save(out, format="PNG")
        return out.getvalue()

    monkeypatch.setattr(render.kaploom, "render_public", drawing)


def _leak(engine, raw=None, **kwargs) -> str:
    out = io.StringIO()
    assert run(engine, raw or {}, games=1, seed=4, out=out, max_steps=2000, **kwargs) == 1
    text = out.getvalue()
    assert "leak: seat" in text, text
    return text


def test_a_hidden_choice_named_in_an_event_text_fails():
    text = _leak(PlacementsInTheText())
    assert "(public form '')" in text and "text differs" in text and "placed a die on" in text
    assert "view differs" not in text


def test_a_view_field_counting_placed_dice_fails():
    text = _leak(PlacedDiceInTheView())
    assert "view differs at placed[" in text and "text differs" not in text


def test_a_leak_only_the_image_shows_fails(monkeypatch):
    _draws_the_placements(monkeypatch)
    text = _leak(PlacementsInTheImage(), image_every=1)
    assert "image differs: PNG" in text and "text differs" not in text and "view differs" not in text
    assert "reproduce: gamemaster selfplay kaploom --seed 4 --games 1 --image-every 1\n" in text
    # Without images the same game shows nothing wrong: the image comparison is what caught it.
    out = io.StringIO()
    assert run(PlacementsInTheImage(), {}, games=1, seed=4, out=out, max_steps=100) == 1
    assert "did not end within 100 steps" in out.getvalue()


class LeaksWhenAlone(KaploomEngine):
    """Names the placement only when the seat is the last one still placing (the others are ready):
    the case the old check skipped."""

    def apply(self, state, seat, action):
        after, events = super().apply(state, seat, action)
        if action.verb == "assign" and self.to_act(state) == (seat,):
            events = [*events, Event(f"die {action.args[0]} on {action.args[1]}")]
        return after, events


def test_a_seat_acting_alone_in_the_simultaneous_phase_is_checked():
    text = _leak(LeaksWhenAlone())
    log = [(int(seat), notation) for seat, notation in re.findall(r"^  (-?\d+): (.+)$", text, re.M)]
    engine = LeaksWhenAlone()
    seed = int(re.search(r"engine seed (\d+)", text).group(1))
    before = replay(engine, seed, engine.parse_options({}), log[:-1])
    seat = log[-1][0]
    assert before.phase == "roll" and engine.to_act(before) == (seat,)
    assert before.players[1 - seat].ready
