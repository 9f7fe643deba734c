"""Self-play of DEATHMATCH with random legal actions (the issue's "random legal policy"): the platform's
checks after every step (bot/selfplay.py: invariants, notation and snapshot round trips, the hidden-
information twin check of texts, views and board images), and complete games at 2, 4 and 6 seats with
the issue's invariants (rules/powerup/invariants.py): caps; one figure per square but cargo; every
figure supported, carried or in its own jump; lives, RP and ammo within limits; 31 POW! and 38
equipment cards conserved; someone to act. Random play rarely captures twice, so these games are
capped by the ``rounds`` option (reported in the outcome: a draw or the team ahead)."""

import io

import pytest

from bot.selfplay import run
from rules.core.rng import Rng
from rules.powerup import ENGINE as E

IMAGES = 16  # every 16th twin comparison also compares the board images' bytes


def test_selfplay_with_the_platform_checks():
    out = io.StringIO()
    assert run(E, {"rounds": "2"}, games=2, seed=5, out=out, max_steps=6000, image_every=IMAGES) == 0, out.getvalue()


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_complete_games_at_every_table_size(seats):
    options = E.parse_options({"rounds": "3"})
    labels = {2: ("RED-RAY", "BLU-TOR"), 4: ("RED-ANA", "RED-MAC", "BLU-PNK", "BLU-PAM"),
              6: ("RED-RAY", "RED-MAI", "RED-LPZ", "BLU-TOR", "BLU-ANA", "BLU-MAC")}[seats]
    for seed in range(2):
        s = E.new_game(seed, options, labels)
        rng = Rng(900 + seed)
        for _ in range(20000):
            if E.outcome(s) is not None:
                break
            seat = rng.choice(sorted(E.pending(s)))
            s, _ = E.apply(s, seat, rng.choice(E.legal_actions(s, seat)))
            assert E.check_invariants(s) == []
        assert E.outcome(s) is not None, "the game ends"
