"""Issue 8 through real discord.py objects and the real service: the log pages with Older / Newer
buttons answered privately, /game replay posts a GIF attachment, the result and summary reach the
channel and each player's DM with a working "Reveal hidden info" button, and /game stats,
/game leaderboard and /game list answer privately."""

from __future__ import annotations

import io

from discord_fakes import APP_ID, CHANNEL_ID, EPHEMERAL, FakeDiscord, Request, dispatch
from PIL import Image

from bot.service import SessionService, Store
from bot.service.clock import VirtualClock
from tests.service.toy_engine import ENGINE as TOY

ALICE, BOB, CAROL = 101, 102, 103
NAMES = {ALICE: "alice", BOB: "bob", CAROL: "carol"}


async def _boot(fake: FakeDiscord, monkeypatch, database):
    service = SessionService(Store(database), engines={"toy": TOY}, render=True, seed=2, clock=VirtualClock())
    bot = await fake.start(service, monkeypatch, database)
    return bot, service


def _slash(fake, path, user, options=None, **kw):
    return fake.slash(path, options or {}, user_id=user, name=NAMES[user], **kw)


def _latest_private(fake: FakeDiscord) -> Request:
    """The newest private answer: a followup, or an edit of the clicked message (where the adapter
    edits a menu in place)."""
    answers = [r for r in fake.requests if r.layer == "interaction" and r.method in ("POST", "PATCH")
               and r.path.startswith(f"/webhooks/{APP_ID}/") and (r.json or {}).get("content")]
    reply = answers[-1]
    assert reply.method == "PATCH" or reply.flags & EPHEMERAL
    return reply


async def _start_toy(bot, fake, service, options: str, *, bots: int | None = None, players=(ALICE, BOB)):
    new = {"game": "toy", "options": options}
    if bots:
        new["bots"] = bots
    await dispatch(bot, _slash(fake, "game new", players[0], new))
    for user in players:
        await dispatch(bot, _slash(fake, "game join", user))
    await dispatch(bot, _slash(fake, "game start", players[0]))
    return service.session(str(CHANNEL_ID))


async def _move(bot, fake, session) -> None:
    """The first person the game waits for plays their first card (or stands)."""
    pending = session.pending()
    seat = next(s for s in sorted(pending) if s >= 0 and session.seats[s].is_person)
    action = f"pick {session.state.hands[seat][0]}" if session.state.phase == "pick" else "stand"
    await dispatch(bot, _slash(fake, "play", session.seats[seat].user_id, {"action": action}))


async def test_log_pages_with_buttons_answered_privately(fake, monkeypatch, tmp_path):
    bot, service = await _boot(fake, monkeypatch, tmp_path / "games.db")
    try:
        session = await _start_toy(bot, fake, service, "target=9 players=2")
        for _ in range(7):
            await _move(bot, fake, session)
        entries = (await service.store.public_log_count(session.game_id))
        pages = -(-entries // 2)
        assert pages >= 3
        posted = len(fake.channel_messages())

        await dispatch(bot, _slash(fake, "game log", CAROL, {"count": 2}))  # a spectator
        first = _latest_private(fake)
        assert first.content.endswith(f"— page 1 of {pages} (page 1 is the newest) —")
        assert first.custom_ids == ["gm:b:1:-:!log 2 2"]

        await dispatch(bot, fake.click(first, "gm:b:1:-:!log 2 2", user_id=CAROL, name="carol"))
        second = _latest_private(fake)
        assert f"page 2 of {pages}" in second.content
        assert second.custom_ids == ["gm:b:1:-:!log 3 2", "gm:b:1:-:!log 1 2"]
        older_lines = second.content.split("\n")[:-1]
        newer_lines = first.content.split("\n")[:-1]
        steps = [int(line.split(":")[0][1:]) for line in older_lines + newer_lines]
        assert steps == sorted(steps)  # page 2 is older than page 1

        await dispatch(bot, fake.click(second, "gm:b:1:-:!log 1 2", user_id=CAROL, name="carol"))
        assert _latest_private(fake).content == first.content
        assert len(fake.channel_messages()) == posted  # paging never posts in the channel
    finally:
        await bot.close()


async def test_replay_posts_a_gif_attachment(fake, monkeypatch, tmp_path):
    bot, service = await _boot(fake, monkeypatch, tmp_path / "games.db")
    try:
        await dispatch(bot, _slash(fake, "game replay", CAROL))
        assert _latest_private(fake).content.startswith("There is no game to replay here")
        session = await _start_toy(bot, fake, service, "target=9 players=2")
        for _ in range(3):
            await _move(bot, fake, session)
        await dispatch(bot, _slash(fake, "game replay", CAROL))
        post = fake.channel_messages()[-1]
        assert post.content.startswith(f"High Card replay, so far: {session.step} public steps")
        ((name, data),) = post.files
        assert name == "replay.gif" and data.startswith(b"GIF8")
        assert Image.open(io.BytesIO(data)).n_frames == session.step + 1
    finally:
        await bot.close()


async def test_result_summary_reveal_stats_leaderboard_and_list(fake, monkeypatch, tmp_path):
    bot, service = await _boot(fake, monkeypatch, tmp_path / "games.db")
    try:
        session = await _start_toy(bot, fake, service, "target=2 players=2", bots=1, players=(ALICE,))
        await dispatch(bot, _slash(fake, "game list", CAROL))
        listing = _latest_private(fake).content
        assert listing.startswith("Games in this server: 1 running, 0 open tables.")
        assert f"<#{CHANNEL_ID}>: High Card, Round 1" in listing

        while session.running:
            await _move(bot, fake, session)
        summary = next(m for m in fake.channel_messages() if "final result" in (m.content or ""))
        assert summary.content.startswith("**High Card — final result**\n1. ")
        assert summary.custom_ids == ["gm:b:1:-:!reveal"]
        assert summary.json["allowed_mentions"]["parse"] == []  # pings nobody
        dm = [m.content for m in fake.channel_messages(fake.dm_channel_of(ALICE))]
        assert any(text.startswith(f"Your game of High Card in <#{CHANNEL_ID}> has ended: you ") for text in dm)

        # carol was not playing: the reveal is hers alone, every seat's final hand
        followups = len(fake.followups())
        await dispatch(bot, fake.click(summary, "gm:b:1:-:!reveal", user_id=CAROL, name="carol"))
        shown = fake.followups()[followups:]
        assert len(shown) == 2 and all(r.flags & EPHEMERAL for r in shown)
        for seat, reply in enumerate(shown):
            assert "hand: " + ", ".join(map(str, session.state.hands[seat])) in reply.content

        won = 0 in session.record.outcome["winners"]
        await dispatch(bot, _slash(fake, "game stats", ALICE))
        stats = _latest_private(fake).content
        assert stats.split("\n")[1].startswith(f"High Card: 1 game, {int(won)} win")
        await dispatch(bot, _slash(fake, "game stats", CAROL, users={"user": (ALICE, "alice")}))
        assert _latest_private(fake).content == stats  # alice's record, asked by carol
        await dispatch(bot, _slash(fake, "game stats", CAROL))
        assert _latest_private(fake).content == "You have no finished games in this server yet."

        await dispatch(bot, _slash(fake, "game leaderboard", CAROL, {"game": "toy"}))
        board = _latest_private(fake).content.split("\n")
        assert board[0] == "**High Card leaderboard** — 1 finished game in this server:"
        assert board[1].startswith("1. Alice — 1 game, ")
        assert board[2] == f"AI players: {1 - int(won)} win{'' if not won else 's'} in 1 game."
        await dispatch(bot, _slash(fake, "game leaderboard", CAROL, {"game": "chess"}))
        assert _latest_private(fake).content == "Unknown game 'chess'. Games: toy."
    finally:
        await bot.close()
