"""An ARCADE mission set up (coop_setup.py; rb 1752-1852 and the issue's "Seats and setup"): for every
mission and number of BUGBUSTERs, everything stands where the mission puts it, on its own square and on
something; the counts are the rulebook's; the decks are whole; the same seed sets up the same game."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from rules.core.errors import BadOptions
from rules.powerup import physics
from rules.powerup.board import board
from rules.powerup.coop_data import coop_data
from rules.powerup.coop_setup import new_coop_state
from rules.powerup.state import dump_state, load_state

SHEETS = ("RAY", "TOR", "ANA", "PNK")
CASES = [(m.id, n) for m in coop_data().missions for n in range(m.min_busters, 5)]


@pytest.mark.parametrize(("mission", "n"), CASES)
def test_a_mission_is_set_up_as_printed(mission, n):
    m = coop_data().mission(mission)
    s = new_coop_state(3, SHEETS[:n], mission)
    squares = Counter(f.square for f in s.figures.values())
    assert all(k == 1 for k in squares.values())  # one figure a square
    assert all(physics.supported(s, f.square) for f in s.figures.values())  # nothing floats
    b = board(s.layout)
    tx, ty = m.start_tile  # (tile column from the left, tile row from the bottom)
    for x in s.busters:  # each BUGBUSTER on the start tile, on a square that keeps it safe and still
        sq = s.figures[x.sheet].square
        assert (sq[0] // 3, sq[1] // 3) == (tx, ty), (x.sheet, sq)
        assert not b.acid(sq) and not b.spikes(sq) and not b.stairs(sq)
    kinds = Counter(f.kind for f in s.figures.values())
    # rb 1766: "as many BURPs as BUGBUSTER players"; against the BUGMISTRESS one fewer (rb 1836)
    assert kinds["bug"] == n + m.burp_offset and set(s.coop.bugs) == {f"BRP{k + 1}" for k in range(kinds["bug"])}
    assert kinds["npc"] == len(m.vips) and kinds["piece"] == len(m.portal)
    assert kinds["mistress"] == (1 if m.bugmistress else 0) and s.coop.level == (1 if m.bugmistress else 0)
    assert all(b.coins == m.coins and b.lives == 3 for b in s.busters)  # rb 1770, 1792, 1814, 1840
    assert len(s.powerups) == 12 and all(s.powerups.values())  # one per tile, ON
    assert len(s.coop.market) == 4 and len(s.coop.market) + len(s.equip_deck) == 38
    assert len(s.pow_deck) == 31 and len(s.coop.bug_deck) == 29
    assert s.coop.active == ("BUGGIE", "BATBUG")  # rb 945


def test_the_same_seed_sets_up_the_same_game_and_it_survives_json():
    a = new_coop_state(5, ("RAY", "TOR"), "portal")
    assert a == new_coop_state(5, ("RAY", "TOR"), "portal")
    assert a != new_coop_state(6, ("RAY", "TOR"), "portal")  # the decks are shuffled by the seed
    assert load_state(json.loads(json.dumps(dump_state(a)))) == a


def test_too_few_bugbusters_for_a_mission_are_refused():
    """rb 1780: Dimensional Portal needs at least 2 BUGBUSTERs (the issue: BUGBUSTERs count, not people)."""
    with pytest.raises(BadOptions, match="2 to 4"):
        new_coop_state(1, ("RAY",), "portal")
    with pytest.raises(BadOptions):
        new_coop_state(1, ("RAY", "RAY"), "vips")
