"""Threads, feeds and server settings through real discord.py objects and the real service: /game
new thread:true opens a public thread (the longest auto-archive the server takes) and the game lives
there; an archived game thread is unarchived before the bot posts in it, for a command and for what
the service says on its own; /gm settings needs Manage Server; a followed game's boards reach the
feed channel with nothing to click and nobody pinged; a server without DMs gets none."""

from __future__ import annotations

from datetime import timedelta

from discord_fakes import (
    APP_ID,
    CHANNEL_ID,
    EPHEMERAL,
    GUILD_ID,
    MANAGE_CHANNELS,
    SEND_MESSAGES,
    THREAD_ID,
    FakeDiscord,
    dispatch,
)

from bot.discord_adapter.delivery import POST_FAILED
from bot.service import SessionService, Store
from bot.service.clock import VirtualClock
from tests.service.toy_engine import ENGINE as TOY

ALICE, BOB, CAROL = 101, 102, 103
NAMES = {ALICE: "alice", BOB: "bob", CAROL: "carol"}
MANAGE_GUILD = 1 << 5
FEED_ID = 700000000000000555


async def _boot(fake: FakeDiscord, monkeypatch, tmp_path, clock: VirtualClock | None = None, **settings):
    service = SessionService(Store(tmp_path / "games.db"), engines={"toy": TOY}, render=False, seed=2,
                             clock=clock or VirtualClock())
    bot = await fake.start(service, monkeypatch, tmp_path / "games.db", **settings)
    return bot, service


def _slash(fake, path, user, options=None, **kw):
    return fake.slash(path, options or {}, user_id=user, name=NAMES[user], **kw)


def _last_ephemeral(fake: FakeDiscord) -> str:
    reply = fake.followups()[-1]
    assert reply.flags & EPHEMERAL
    return reply.content


def _index(fake: FakeDiscord, request) -> int:
    return next(i for i, r in enumerate(fake.requests) if r is request)


async def _game_in_a_thread(bot, fake) -> int:
    await dispatch(bot, _slash(fake, "game new", ALICE, {"game": "toy", "options": "players=2", "thread": True}))
    (thread_id,) = fake.threads
    return thread_id


async def test_thread_true_opens_a_public_thread_and_the_game_lives_there(fake, monkeypatch, tmp_path):
    bot, service = await _boot(fake, monkeypatch, tmp_path)
    try:
        thread_id = await _game_in_a_thread(bot, fake)
        (creation,) = fake.thread_creations()
        assert creation.json["type"] == 11 and creation.json["auto_archive_duration"] == 10080  # 7 days
        assert creation.json["name"] == "High Card — Alice"
        (lobby,) = fake.channel_messages(thread_id)
        assert lobby.content.startswith(f"<@{ALICE}> opened a table of High Card")
        assert lobby.json["allowed_mentions"]["users"] == [ALICE]  # named, so she is in the thread
        assert lobby.custom_ids == ["gm:b:1:-:!join"]
        (parent,) = fake.channel_messages(CHANNEL_ID)
        assert parent.content == f"Alice opened a table of High Card (players=2) in <#{thread_id}>: join it there."
        assert service.session(str(thread_id)) is not None and service.session(str(CHANNEL_ID)) is None

        # The table plays in the thread like anywhere else.
        await dispatch(bot, _slash(fake, "game join", ALICE, channel_id=thread_id, thread=True))
        await dispatch(bot, _slash(fake, "game join", BOB, channel_id=thread_id, thread=True))
        await dispatch(bot, _slash(fake, "game start", ALICE, channel_id=thread_id, thread=True))
        assert "High Card begins" in fake.channel_messages(thread_id)[-1].content
        # /game new from inside a thread: no thread in a thread, the game goes in that one.
        await dispatch(bot, _slash(fake, "game new", BOB, {"game": "toy", "thread": True}, channel_id=THREAD_ID,
                                   thread=True))
        assert len(fake.thread_creations()) == 1 and service.session(str(THREAD_ID)) is not None
    finally:
        await bot.close()


async def test_the_longest_auto_archive_the_server_accepts(fake, monkeypatch, tmp_path):
    fake.refused_archive_minutes = {10080, 4320}
    bot, service = await _boot(fake, monkeypatch, tmp_path)
    try:
        thread_id = await _game_in_a_thread(bot, fake)
        assert [r.json["auto_archive_duration"] for r in fake.thread_creations()] == [10080, 4320, 1440]
        assert service.session(str(thread_id)) is not None
    finally:
        await bot.close()


async def test_a_thread_discord_refuses_is_one_private_line_and_opens_no_game(fake, monkeypatch, tmp_path):
    fake.refuse_threads = 50013
    bot, service = await _boot(fake, monkeypatch, tmp_path)
    try:
        await dispatch(bot, _slash(fake, "game new", ALICE, {"game": "toy", "thread": True}))
        text = _last_ephemeral(fake)
        assert text.startswith("I may not open threads here") and "thread:false" in text and "\n" not in text
        assert not fake.channel_messages(CHANNEL_ID) and len(service.sessions) == 0
        fake.refuse_threads = 50024
        await dispatch(bot, _slash(fake, "game new", ALICE, {"game": "toy", "thread": True}))
        assert _last_ephemeral(fake).startswith("Threads cannot be opened in this channel")
        assert len(service.sessions) == 0
        # A bad option is refused before any thread is asked for.
        fake.refuse_threads = None
        creations = len(fake.thread_creations())
        await dispatch(bot, _slash(fake, "game new", ALICE, {"game": "toy", "thread": True, "options": "target=99"}))
        assert "target" in _last_ephemeral(fake) and len(fake.thread_creations()) == creations
        assert len(service.sessions) == 0
    finally:
        await bot.close()


async def test_an_archived_game_thread_is_unarchived_before_posting(fake, monkeypatch, tmp_path):
    clock = VirtualClock()
    bot, service = await _boot(fake, monkeypatch, tmp_path, clock)
    try:
        await dispatch(bot, _slash(fake, "game new", ALICE, {"game": "toy", "options": "players=2", "thread": True,
                                                             "pace": "async", "remind": "1h"}))
        (thread_id,) = fake.threads
        fake.archived_threads.add(thread_id)  # a week without messages
        await dispatch(bot, _slash(fake, "game join", ALICE, channel_id=thread_id, thread=True))
        refused, posted = fake.channel_messages(thread_id)[-2:]
        (unarchive,) = fake.channel_patches(thread_id)
        assert unarchive.json == {"archived": False}
        assert _index(fake, refused) < _index(fake, unarchive) < _index(fake, posted)
        assert "Alice joins" in posted.content and thread_id not in fake.archived_threads

        await dispatch(bot, _slash(fake, "game join", BOB, channel_id=thread_id, thread=True))
        await dispatch(bot, _slash(fake, "game start", ALICE, channel_id=thread_id, thread=True))
        # What the service says on its own (a reminder, with no command) unarchives it too.
        fake.archived_threads.add(thread_id)
        await dispatch(bot, _slash(fake, "game notify", BOB, {"mode": "mention"}, channel_id=thread_id, thread=True))
        fake.archived_threads.add(thread_id)
        before = len(fake.channel_patches(thread_id))
        await service.advance(timedelta(hours=2))
        assert len(fake.channel_patches(thread_id)) == before + 1
        reminder = fake.channel_messages(thread_id)[-1]
        assert f"<@{BOB}>" in reminder.content and "waited" in reminder.content
        assert _index(fake, fake.channel_patches(thread_id)[-1]) < _index(fake, reminder)

        # A locked thread cannot be unarchived: the poster is told what was lost, privately.
        fake.archived_threads.add(thread_id)
        fake.locked_threads.add(thread_id)
        await dispatch(bot, _slash(fake, "game board", ALICE, channel_id=thread_id, thread=True))
        assert _last_ephemeral(fake) == POST_FAILED
    finally:
        await bot.close()


async def test_gm_settings_needs_manage_server_and_sets_the_defaults(fake, monkeypatch, tmp_path):
    bot, service = await _boot(fake, monkeypatch, tmp_path, dev_guild_id=GUILD_ID)
    try:
        sync = fake.of("PUT", f"/applications/{APP_ID}/")[-1]
        gm = next(c for c in sync.json if c["name"] == "gm")
        assert str(gm["default_member_permissions"]) == str(MANAGE_GUILD) and gm["contexts"] == [0]
        (settings,) = gm["options"]
        options = {o["name"]: o for o in settings["options"]}
        assert set(options) == {"pace", "clock", "timeout", "remind", "reminders", "feed", "thread", "games", "dms",
                                "reset"}
        assert options["feed"]["type"] == 7 and options["games"]["autocomplete"] is True
        game_new = next(o for o in next(c for c in sync.json if c["name"] == "game")["options"] if o["name"] == "new")
        assert "thread" in {o["name"] for o in game_new["options"]}

        # Manage Channels is not Manage Server.
        await dispatch(bot, _slash(fake, "gm settings", BOB, {"pace": "async"}, permissions=MANAGE_CHANNELS))
        assert _last_ephemeral(fake).startswith("Only a member with Manage Server")
        await dispatch(bot, _slash(fake, "gm settings", BOB, {"clock": "ever"}, permissions=MANAGE_GUILD))
        assert "is not a duration" in _last_ephemeral(fake) and service.server.of(str(GUILD_ID)).pace is None
        await dispatch(bot, _slash(fake, "gm settings", BOB, {"pace": "async", "thread": False},
                                   permissions=MANAGE_GUILD, channels={"feed": FEED_ID}))
        assert _last_ephemeral(fake).startswith("Saved.")
        saved = service.server.of(str(GUILD_ID))
        assert (saved.pace, saved.feed) == ("async", str(FEED_ID))
        await dispatch(bot, _slash(fake, "gm settings", CAROL))  # shown to anyone who may run it
        assert f"feed: <#{FEED_ID}>" in _last_ephemeral(fake)

        await dispatch(bot, _slash(fake, "game new", ALICE, {"game": "toy", "options": "players=2"}))
        assert service.session(str(CHANNEL_ID)).settings.pace == "async"
        (note,) = fake.channel_messages(FEED_ID)
        assert note.content.startswith(f"New table: High Card in <#{CHANNEL_ID}>")
    finally:
        await bot.close()


async def test_follow_copies_boards_to_the_feed_with_nothing_to_click(fake, monkeypatch, tmp_path):
    bot, service = await _boot(fake, monkeypatch, tmp_path)
    try:
        await dispatch(bot, _slash(fake, "game new", ALICE, {"game": "toy", "options": "players=2"}))
        await dispatch(bot, _slash(fake, "game join", ALICE))
        await dispatch(bot, _slash(fake, "game join", BOB))
        # Autocomplete in the feed channel offers the game of this server.
        await dispatch(bot, _slash(fake, "game follow", CAROL, {"game": ""}, channel_id=FEED_ID, focused="game"))
        choices = fake.callbacks()[-1].json["data"]["choices"]
        assert [c["value"] for c in choices] == ["1"] and choices[0]["name"].startswith("High Card, game 1")
        await dispatch(bot, _slash(fake, "game follow", CAROL, {"game": f"<#{CHANNEL_ID}>"}, channel_id=FEED_ID))
        assert _last_ephemeral(fake).startswith("Only a member with Manage Channels")
        await dispatch(bot, _slash(fake, "game follow", CAROL, {"game": f"<#{CHANNEL_ID}>"}, channel_id=FEED_ID,
                                   permissions=MANAGE_CHANNELS | SEND_MESSAGES))
        assert "now follows High Card" in _last_ephemeral(fake)
        posted_in_feed = len(fake.channel_messages(FEED_ID))

        await dispatch(bot, _slash(fake, "game start", ALICE))
        board = fake.channel_messages(CHANNEL_ID)[-1]
        assert "High Card begins" in board.content and board.custom_ids  # the players' board has its buttons
        copy = fake.channel_messages(FEED_ID)[-1]
        assert len(fake.channel_messages(FEED_ID)) == posted_in_feed + 1
        assert copy.content == f"High Card in <#{CHANNEL_ID}>:\n{board.content}"
        assert copy.custom_ids == [] and not copy.json.get("components")
        assert copy.json["allowed_mentions"] == {"parse": []}  # nobody pinged from a feed

        await dispatch(bot, _slash(fake, "game unfollow", CAROL, channel_id=FEED_ID,
                                   permissions=MANAGE_CHANNELS | SEND_MESSAGES))
        assert "no longer follows" in _last_ephemeral(fake)
        count = len(fake.channel_messages(FEED_ID))
        card = service.session(str(CHANNEL_ID)).state.hands[0][0]
        await dispatch(bot, _slash(fake, "play", ALICE, {"action": f"pick {card}"}))
        assert len(fake.channel_messages(FEED_ID)) == count
    finally:
        await bot.close()


async def test_a_server_without_dms_gets_none(fake, monkeypatch, tmp_path):
    bot, service = await _boot(fake, monkeypatch, tmp_path)
    try:
        await dispatch(bot, _slash(fake, "gm settings", BOB, {"dms": False}, permissions=MANAGE_GUILD))
        await dispatch(bot, _slash(fake, "game new", ALICE, {"game": "toy", "options": "players=2"}))
        await dispatch(bot, _slash(fake, "game join", ALICE))
        await dispatch(bot, _slash(fake, "game join", BOB))
        await dispatch(bot, _slash(fake, "game start", ALICE))
        assert not fake.of("POST", "/users/@me/channels")  # no DM channel was even opened
        board = fake.channel_messages(CHANNEL_ID)[-1]
        assert f"<@{ALICE}>" in board.content and f"<@{BOB}>" in board.content  # told by a mention instead
        await dispatch(bot, _slash(fake, "game hand", ALICE))
        assert "your screen as red" in _last_ephemeral(fake)
    finally:
        await bot.close()
