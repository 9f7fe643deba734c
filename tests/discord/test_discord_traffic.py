"""Issue 8: a quiet channel. Whole KAPLOOM! games through real discord.py objects: each round
costs at most 3 new channel messages and 2 new DMs per player; everything else edits the living
board and panels (a new post at a new phase, a new panel for a new decision)."""

from __future__ import annotations

import pytest
from traffic import PLAYERS, play_game


@pytest.mark.parametrize("seed", [3, 5])
async def test_a_standard_round_posts_little_and_edits_the_rest(fake, monkeypatch, tmp_path, seed):
    traffic = await play_game(fake, monkeypatch, tmp_path / "games.db", seed=seed, render=False)
    assert traffic.rounds >= 4
    last = traffic.rounds
    for round_ in range(1, last + 1):
        # the last round also carries the final result message
        assert traffic.channel_posts[round_] <= (3 if round_ < last else 4), (round_, traffic.channel_posts)
        for user in PLAYERS:
            # two decisions a standard round (place, power up); a face cost to pay is a third
            allowed = 2 + ((round_, user) in traffic.extra_decisions)
            assert traffic.dm_posts[(round_, user)] <= allowed, (round_, user, traffic.dm_posts)
    assert sum(traffic.channel_edits.values()) >= traffic.rounds  # the small changes were edits
    assert sum(traffic.dm_edits.values()) >= 2 * traffic.rounds
