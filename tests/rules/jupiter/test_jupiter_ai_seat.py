"""The Jupiter Rescue AI seat (rules/jupiter/ai.py) plays whole games the service's way: from its own
private view and the legal actions only, always legal, the same choice for the same inputs, and far
better than chance (random play saves almost nobody)."""

from rules.core.ai import RandomPolicy
from rules.core.rng import Rng
from rules.jupiter import ENGINE as E
from rules.jupiter.ai import HeuristicPolicy


def _play(policy, seed, raw, robots):
    s = E.new_game(seed, E.parse_options(raw), E.seat_plan(E.parse_options(raw)).labels[:robots])
    for step in range(3000):
        if E.outcome(s) is not None:
            return s
        pending = E.pending(s)
        seat = sorted(pending)[0]
        legal = E.legal_actions(s, seat)
        rng = Rng(seed * 7919 + step)
        action = policy.choose(E.private_view(s, seat), pending[seat], legal, rng)
        assert action in legal, E.format(action)
        if step % 25 == 0:  # pure: the same inputs give the same choice
            again = policy.choose(E.private_view(s, seat), pending[seat], legal, Rng(seed * 7919 + step))
            assert again == action
        s, _ = E.apply(s, seat, action)
        assert E.check_invariants(s) == []
    raise AssertionError("the game did not end")


def test_the_heuristic_plays_legal_games_to_the_end_and_saves_far_more_than_chance():
    ai, chance = HeuristicPolicy(), RandomPolicy()
    assert E.policy().name == "heuristic"
    saved_ai = sum(_play(ai, seed, {"solo": "yes"}, 1).saved for seed in (1, 2))
    saved_chance = sum(_play(chance, seed, {"solo": "yes"}, 1).saved for seed in (1, 2))
    assert saved_ai >= saved_chance + 7, (saved_ai, saved_chance)
    assert _play(ai, 3, {"fast_creeps": "yes"}, 3).phase == "over"
