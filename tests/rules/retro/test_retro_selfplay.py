"""Self-play of Retro Bots vs Rogues with random legal programs and choices, for every option set:
the platform's checks after every step (bot/selfplay.py: invariants, notation and snapshot round trips,
the hidden-information twin check of texts, views and board images), and complete games for every
number of players with the issue's invariants (rules/retro/invariants.py): no two Bots on a square,
every Bot on the board or waiting outside a door, Rogue counts conserved, the game ends."""

import io

import pytest

from bot.selfplay import run
from rules.core.engine import SYSTEM
from rules.core.rng import Rng
from rules.retro import ENGINE as E

IMAGES = 8  # every 8th twin comparison also compares the board images' bytes

OPTION_SETS = [
    {},
    {"bossbot": "yes", "minionbot": "yes"},
    {"crates": "yes"},
    {"timer": "off", "pause": "0"},
    {"bossbot": "yes", "minionbot": "yes", "crates": "yes", "timer": "90"},
]


@pytest.mark.parametrize("raw", OPTION_SETS, ids=lambda raw: ",".join(f"{k}={v}" for k, v in raw.items()) or "default")
def test_selfplay_every_option_set(raw):
    out = io.StringIO()
    assert run(E, raw, games=3, seed=23, out=out, max_steps=8000, image_every=IMAGES) == 0, out.getvalue()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_complete_games_for_every_table_size(players):
    raw = {"bossbot": "yes", "minionbot": "yes", "crates": "yes"}
    options = E.parse_options(raw)
    for seed in range(3):
        s = E.new_game(seed, options, E.seat_plan(options).labels[:players])
        rng = Rng(500 + seed)
        for _ in range(8000):
            if E.outcome(s) is not None:
                break
            seat = rng.choice(sorted(E.pending(s)))
            action = E.pending(s)[seat].default if seat == SYSTEM else rng.choice(E.legal_actions(s, seat))
            s, _ = E.apply(s, seat, action)
            assert E.check_invariants(s) == []
        assert E.outcome(s) is not None, "the game ends"
