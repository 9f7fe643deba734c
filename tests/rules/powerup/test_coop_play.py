"""Save the VIPs against the AI BUGMISTRESS, played to its end by random BUGBUSTERs (the issue's self-play):
part 1's invariants and the co-op ones (coop_invariants.py) after every step, the AI's SYSTEM steps
taken as the platform takes them (its decision's default, the only legal action)."""

import pytest

from rules.core.engine import SYSTEM
from rules.core.rng import Rng
from rules.powerup import ENGINE as E
from rules.powerup.options import PowerupOptions

ARCADE = PowerupOptions(mode="arcade", mission="vips")


def play(seed: int, labels: tuple[str, ...], cap: int = 6000):
    s = E.new_game(seed, ARCADE, labels)
    rng = Rng(700 + seed)
    steps = 0
    for steps in range(cap):
        if E.outcome(s) is not None:
            break
        pending = E.pending(s)
        assert pending, "someone to act"
        seat = SYSTEM if SYSTEM in pending else rng.choice(sorted(pending))
        legal = E.legal_actions(s, seat)
        assert pending[seat].default in legal, (pending[seat].default, legal[:5])
        action = pending[seat].default if seat == SYSTEM else rng.choice(legal)
        s, _ = E.apply(s, seat, action)
        problems = E.check_invariants(s)
        assert problems == [], (steps, action, problems)
    return s, steps


@pytest.mark.parametrize("labels", [("RAY",), ("RAY", "TOR"), ("ANA", "MAC", "PNK", "PAM")])
def test_save_the_vips_plays_to_a_win_or_a_loss(labels):
    for seed in range(2):
        s, steps = play(seed, labels)
        out = E.outcome(s)
        assert out is not None, f"over within the cap ({steps} steps, sequence {s.sequence})"
        assert s.coop.result in ("won", "lost")
        assert s.sequence <= 8
