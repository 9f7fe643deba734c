"""Self-play of ADRENALINE with random legal choices (one tree level at a time): the platform's checks
after every step (bot/selfplay.py: invariants, notation and snapshot round trips, and the
hidden-information twin check — actions the channel cannot tell apart leave the same texts, public
view and, every 8th time, board image), and complete games at every table size with the issue's
invariants (rules/adrenaline/invariants.py), played by the random AI seat (rules/adrenaline/ai.py), which
must finish a game well inside the turn cap."""

import io

import pytest

from bot.selfplay import run
from rules.adrenaline import ENGINE as E
from rules.adrenaline.ai import ActivePolicy
from rules.adrenaline.flow import TURN_CAP
from rules.core.rng import Rng

IMAGES = 8

OPTION_SETS = [
    {"skulls": "5"},
    {"skulls": "5", "ending": "sudden_death", "map": "big"},
    {"skulls": "6", "open_weapons": "yes", "double_kill": "no", "map": "medium_purple"},
]


@pytest.mark.parametrize("raw", OPTION_SETS, ids=lambda raw: ",".join(f"{k}={v}" for k, v in raw.items()))
def test_selfplay_five_players(raw):
    out = io.StringIO()
    assert run(E, raw, games=1, seed=31, out=out, max_steps=8000, image_every=IMAGES) == 0, out.getvalue()


@pytest.mark.parametrize("players", [3, 4])
def test_complete_games_for_three_and_four_players(players):
    options = E.parse_options({"skulls": "5"})
    labels = E.seat_plan(options).labels[:players]
    policy = ActivePolicy()
    for seed in range(2):
        s = E.new_game(seed, options, labels)
        rng = Rng(700 + seed)
        for _ in range(8000):
            if E.outcome(s) is not None:
                break
            seat = rng.choice(sorted(E.pending(s)))
            action = policy.choose(E.private_view(s, seat), E.pending(s)[seat], E.legal_actions(s, seat), rng)
            s, _ = E.apply(s, seat, action)
            assert E.check_invariants(s) == []
        outcome = E.outcome(s)
        assert outcome is not None and s.turns < TURN_CAP, "the game ends"
        assert len(outcome.ranks) == players and min(outcome.ranks) == 1
