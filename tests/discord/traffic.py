"""Whole KAPLOOM! games played by two people through real discord.py objects on the fake Discord,
counting what each round costs in new channel messages, edits and new DMs.

Both players choose with the game's heuristic policy (from their own private view) and act with
/play, as a person typing would; the counts are of what the bot sends. Shared by the traffic test
and ``bench/discord_traffic.py``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from discord_fakes import CHANNEL_ID, FakeDiscord, dispatch

from bot.service import SessionService, Store
from rules.core.rng import Rng

PLAYERS = {101: "alice", 102: "bob"}


@dataclass
class Traffic:
    rounds: int = 0
    channel_posts: Counter = field(default_factory=Counter)  # round -> new channel messages
    channel_edits: Counter = field(default_factory=Counter)
    dm_posts: Counter = field(default_factory=Counter)  # (round, user) -> new DMs
    dm_edits: Counter = field(default_factory=Counter)
    # (round, user) with a decision beyond a standard round's two (placing dice, powering up): a
    # face cost to pay at the reveal is one more decision, so one more panel that pings them
    extra_decisions: set = field(default_factory=set)
    commands: int = 0
    images_drawn: int = 0


async def play_game(fake: FakeDiscord, monkeypatch, database, seed: int, options: str = "", render: bool = True,
                    max_commands: int = 2000) -> Traffic:
    service = SessionService(Store(database), seed=seed, render=render)
    bot = await fake.start(service, monkeypatch, database)
    traffic = Traffic()
    try:
        new = {"game": "kaploom", "clock": "off", "remind": "off"} | ({"options": options} if options else {})
        await dispatch(bot, fake.slash("game new", new, user_id=101, name="alice"))
        for uid, name in PLAYERS.items():
            await dispatch(bot, fake.slash("game join", user_id=uid, name=name))
        lobby = len(fake.requests)  # the lobby's posts are not a round's
        await dispatch(bot, fake.slash("game start", user_id=101, name="alice"))
        rng = Rng(seed)
        seen = len(fake.requests)
        _count(fake, fake.requests[lobby:seen], traffic, 1)
        while (session := service.session(str(CHANNEL_ID))) is not None and session.running:
            if traffic.commands >= max_commands:
                raise AssertionError("the game did not end")
            engine, state = session.engine, session.state
            seat = next(s for s in engine.pending(state) if s >= 0)
            decision = engine.pending(state)[seat]
            legal = engine.legal_actions(state, seat)
            action = engine.policy().choose(engine.private_view(state, seat), decision, legal, rng)
            uid = session.seats[seat].user_id
            round_before = state.round
            await dispatch(bot, fake.slash("play", {"action": engine.format(action)}, user_id=uid, name=PLAYERS[uid]))
            traffic.commands += 1
            # What a command sends belongs to the round it leads to: the last "done" of a round
            # posts the next round's board and screens.
            after = service.session(str(CHANNEL_ID))
            round_after = after.state.round if after is not None and after.state is not None else round_before
            _count(fake, fake.requests[seen:], traffic, round_after)
            seen = len(fake.requests)
        traffic.rounds = round_after
        traffic.images_drawn = service.core.presenter.drawn
    finally:
        await bot.close()
    return traffic


def _count(fake: FakeDiscord, requests, traffic: Traffic, round_: int) -> None:
    dm_owner = {cid: uid for uid in PLAYERS if (cid := fake.dm_channel_of(uid)) is not None}
    for request in requests:
        if request.layer != "bot" or not request.path.startswith("/channels/"):
            continue
        channel = int(request.path.split("/")[2])
        is_post = request.method == "POST" and request.path.endswith("/messages")
        is_edit = request.method == "PATCH" and "/messages/" in request.path
        if channel == CHANNEL_ID:
            traffic.channel_posts[round_] += is_post
            traffic.channel_edits[round_] += is_edit
        elif channel in dm_owner:
            traffic.dm_posts[(round_, dm_owner[channel])] += is_post
            if is_post and "pay the face cost" in (request.content or ""):
                traffic.extra_decisions.add((round_, dm_owner[channel]))
            traffic.dm_edits[(round_, dm_owner[channel])] += is_edit
