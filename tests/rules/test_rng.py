"""The seeded generator is part of the saved-game format: pin its outputs."""

import pytest

from rules.core import Rng


def test_same_seed_same_sequence():
    a, b = Rng(42), Rng(42)
    assert [a.next_u32() for _ in range(50)] == [b.next_u32() for _ in range(50)]


def test_different_seeds_differ():
    assert [Rng(1).next_u32() for _ in range(5)] != [Rng(2).next_u32() for _ in range(5)]


def test_pinned_first_outputs():
    # Changing these numbers breaks every stored game: bump the rules version instead.
    rng = Rng(2026)
    assert [rng.below(6) for _ in range(12)] == PINNED_D6


def test_state_round_trip_continues_identically():
    rng = Rng(7)
    for _ in range(10):
        rng.next_u32()
    clone = Rng(state=rng.state())
    assert [rng.below(100) for _ in range(20)] == [clone.below(100) for _ in range(20)]


def test_below_is_uniform_enough():
    rng = Rng(3)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.below(6)] += 1
    assert all(9_000 < c < 11_000 for c in counts), counts


def test_shuffle_is_a_permutation_and_seeded():
    a, b = list(range(20)), list(range(20))
    Rng(5).shuffle(a)
    Rng(5).shuffle(b)
    assert a == b and sorted(a) == list(range(20)) and a != list(range(20))


@pytest.mark.parametrize("bad", [0, -1, 2**32])
def test_below_rejects_bad_bounds(bad):
    with pytest.raises(ValueError):
        Rng(1).below(bad)


def test_zero_state_rejected():
    with pytest.raises(ValueError):
        Rng(state=[0, 0, 0, 0])
PINNED_D6 = [2, 5, 2, 5, 0, 0, 0, 1, 2, 4, 4, 2]
