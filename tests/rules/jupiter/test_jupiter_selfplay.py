"""Self-play of Jupiter Rescue with random legal choices, for every option set: the platform's checks
(bot/selfplay.py: invariants, notation and snapshot round trips, the hidden-information twin check of
texts, views and board images) after every step, and complete games for every number of robots with
the figures conserved against the components (50 Colonists, 60 Creeps, 10 Super Creeps)."""

import io

import pytest

from bot.selfplay import run
from rules.core.rng import Rng
from rules.jupiter import ENGINE as E
from rules.jupiter.setup import SEAT_LABELS

OPTION_SETS = [
    {},
    {"solo": "yes"},
    {"colony": "easier"},
    {"colony": "labyrinthian"},
    {"vulnerability": "yes"},
    {"fast_creeps": "yes"},
    {"ultimate": "yes"},
    {"polite": "yes"},
    {"vulnerability": "yes", "fast_creeps": "yes", "polite": "yes"},
]


@pytest.mark.parametrize("raw", OPTION_SETS, ids=lambda raw: ",".join(f"{k}={v}" for k, v in raw.items()) or "default")
def test_selfplay_every_option_set(raw):
    out = io.StringIO()
    assert run(E, raw, games=3, seed=17, out=out, max_steps=3000, image_every=6) == 0, out.getvalue()


@pytest.mark.parametrize("robots", [3, 5, 7])
def test_complete_games_for_every_table_size(robots):
    for seed in range(2):
        s = E.new_game(seed, E.parse_options({}), SEAT_LABELS[:robots])
        rng = Rng(100 + seed)
        for _ in range(5000):
            if E.outcome(s) is not None:
                break
            seat = rng.choice(sorted(E.pending(s)))
            s, _ = E.apply(s, seat, rng.choice(E.legal_actions(s, seat)))
            assert E.check_invariants(s) == []
        assert E.outcome(s) is not None, "the game ends"
