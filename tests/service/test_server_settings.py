"""Server settings (/gm settings), games in their own threads, and feeds (/game follow): in the
service, so the local table and Discord both have them. Every bad input is one private line and
changes nothing; a feed never carries a private fact, a button or a ping."""

from __future__ import annotations

import io
import random
import re

import pytest
from platform_kit import GUILD, Kept, channel_posts, ginv, person, toy_game, virtual_service, wait
from service_kit import USERS, only_error
from toy_engine import ENGINE as TOY

from bot.service import Output, SessionService, Store, TargetKind
from bot.service.clock import VirtualClock
from bot.service.feeds import DMS_OFF_NOTE, NOTIFY_DMS_OFF
from bot.service.server import ServerSettings
from bot.table import run_table
from rules.core.rng import Rng
from rules.kaploom import ENGINE as KAPLOOM

NAMES = {uid: name for name, uid in USERS.items()}
DIE_LINE = re.compile(r"^#\d+ [a-z ]+: [A-Z-]+ — ", re.M)


def ephemeral_text(outputs: list[Output], user: str) -> str:
    texts = [o.text for o in outputs if o.target.kind is TargetKind.EPHEMERAL and o.target.user_id == USERS[user]]
    assert texts, outputs
    return "\n".join(texts)


def in_channel(outputs: list[Output], channel: str) -> list[Output]:
    return [o for o in outputs if o.target.kind is TargetKind.CHANNEL and o.target.channel_id == channel]


async def play_out(service: SessionService, channel: str, outbox: Kept | None = None, limit: int = 400,
                   rng: random.Random | None = None) -> list[Output]:
    """Play the game in ``channel`` to its end: its people type what the game's AI would play (a
    random legal move with ``rng``)."""
    outputs: list[Output] = []
    for number in range(limit):
        session = service.session(channel)
        if session is None or not session.running:
            break
        pending = {s: d for s, d in session.pending().items() if s in session.people()}
        if not pending:
            break
        seat = sorted(pending)[0]
        engine = session.engine
        legal = list(engine.legal_actions(session.state, seat))
        if rng is not None:
            action = rng.choice(legal)
        else:
            action = engine.policy().choose(engine.private_view(session.state, seat), pending[seat], legal, Rng(number))
        user = NAMES[session.seats[seat].user_id]
        outputs += await service.handle(ginv(user, "play", channel, action=engine.format(action)))
        if outbox is not None:
            outputs += outbox.take()
    return outputs


# -- /gm settings -----------------------------------------------------------------------------------


async def test_settings_are_shown_to_anyone_and_changed_only_with_manage_server():
    service, _, _ = await virtual_service()
    try:
        shown = ephemeral_text(await service.handle(ginv("alice", "gm settings")), "alice")
        assert "pace: live (default)" in shown and "dms: on" in shown and "New games here: live play" in shown
        refused = only_error(await service.handle(ginv("alice", "gm settings", pace="async")), "alice")
        assert "Manage Server" in refused
        assert service.server.of(GUILD) == ServerSettings() and await service.store.server_settings() == {}

        saved = ephemeral_text(await service.handle(ginv(
            "alice", "gm settings", manage=True, pace="async", clock="2d+12h", timeout="vote", remind="12h",
            reminders="1", feed="#feed", thread="yes", games="toy", dms="off")), "alice")
        assert saved.startswith("Saved.") and "clock: 2d+12h" in saved and "feed: #feed" in saved
        expected = ServerSettings(pace="async", clock="2d+12h", timeout="vote", remind="12h", reminders=1, feed="feed",
                                  thread=True, games=("toy",), dms=False)
        assert service.server.of(GUILD) == expected
        assert (await service.store.server_settings())[GUILD] == expected.model_dump(mode="json")
        assert service.server.of("another server") == ServerSettings()  # per server

        again = ephemeral_text(await service.handle(ginv("alice", "gm settings", manage=True, pace="async")), "alice")
        assert again.startswith("Nothing changed.")
        reset = await service.handle(ginv("alice", "gm settings", manage=True, reset="clock"))
        assert "clock: by pace (default)" in ephemeral_text(reset, "alice")
        await service.handle(ginv("alice", "gm settings", manage=True, reset="all"))
        assert service.server.of(GUILD) == ServerSettings()
    finally:
        await service.close()


BAD_SETTINGS = [
    ({"pace": "slow"}, "pace is live or async"),
    ({"clock": "5x"}, "is not a duration"),
    ({"clock": "1s"}, "bank is from 10s"),
    ({"timeout": "never"}, "timeout is skip, bot or vote"),
    ({"remind": "5s"}, "at least 10s"),
    ({"remind": "soon"}, "is not a duration"),
    ({"reminders": "99"}, "0 to 20"),
    ({"games": "kaploom chess"}, "Unknown game"),
    ({"thread": "maybe"}, "thread is true or false"),
    ({"dms": "sometimes"}, "dms is true or false"),
    ({"reset": "colour"}, "reset takes a setting name"),
    ({"colour": "red"}, "Unknown setting 'colour'"),
    ({"feed": "two words"}, "is not a channel"),
]


@pytest.mark.parametrize(("options", "says"), BAD_SETTINGS, ids=[next(iter(o)) + ":" + next(iter(o.values()))
                                                                 for o, _ in BAD_SETTINGS])
async def test_a_bad_setting_is_one_private_line_and_changes_nothing(tmp_path, options, says):
    service, _, _ = await virtual_service(tmp_path / "g.db")
    try:
        await service.handle(ginv("alice", "gm settings", manage=True, pace="async", timeout="vote"))
        before_memory, before_stored = service.server.of(GUILD), await service.store.server_settings()
        text = only_error(await service.handle(ginv("alice", "gm settings", manage=True, **options)), "alice")
        assert says in text, text
        assert service.server.of(GUILD) == before_memory
        assert await service.store.server_settings() == before_stored
    finally:
        await service.close()


async def test_game_new_takes_the_server_defaults_unless_told_otherwise(tmp_path):
    path = tmp_path / "g.db"
    service, _, _ = await virtual_service(path)
    try:
        await service.handle(ginv("alice", "gm settings", manage=True, pace="async", timeout="vote", remind="12h",
                                  reminders="1"))
    finally:
        await service.close()
    service, _, _ = await virtual_service(path)  # stored: a restart keeps them
    try:
        await service.handle(ginv("alice", "game new", "c1", game="toy"))
        settings = service.session("c1").settings
        assert (settings.pace, settings.clock.text(), settings.timeout, settings.remind, settings.reminders) == (
            "async", "3d+1d", "vote", 12 * 3600, 1)
        await service.handle(ginv("alice", "game new", "c2", game="toy", clock="1d", timeout="skip"))
        settings = service.session("c2").settings
        assert (settings.pace, settings.clock.text(), settings.timeout, settings.remind) == ("async", "1d", "skip",
                                                                                              12 * 3600)
        # Another pace than the server's: its clock and reminder (chosen for async) do not carry over.
        await service.handle(ginv("alice", "game new", "c3", game="toy", pace="live"))
        settings = service.session("c3").settings
        assert (settings.pace, settings.clock.text(), settings.remind, settings.timeout) == ("live", "15m+1m", 120,
                                                                                              "vote")
        await service.handle(ginv("alice", "game new", "c4", guild="elsewhere", game="toy"))
        assert service.session("c4").settings.pace == "live"  # another server: the built-in defaults
    finally:
        await service.close()


async def test_only_the_enabled_games_can_be_opened():
    service, _, _ = await virtual_service(engines={"toy": TOY, "kaploom": KAPLOOM})
    try:
        await service.handle(ginv("alice", "gm settings", manage=True, games="kaploom"))
        text = only_error(await service.handle(ginv("alice", "game new", game="toy")), "alice")
        assert "High Card is not enabled on this server" in text and "KAPLOOM!" in text
        assert service.session("chan-1") is None
        outs = await service.handle(ginv("alice", "game new", game="kaploom"))
        assert channel_posts(outs) and service.session("chan-1").engine is KAPLOOM
    finally:
        await service.close()


# -- a server without DMs ---------------------------------------------------------------------------


async def test_without_dms_nothing_goes_by_dm_and_players_are_told_in_the_channel():
    service, _, outbox = await virtual_service()
    try:
        await service.handle(ginv("alice", "gm settings", manage=True, dms="false"))
        await service.handle(ginv("alice", "game new", game="toy", options="players=2", remind="1m"))
        await service.handle(ginv("alice", "game join"))
        await service.handle(ginv("bob", "game join"))
        start = await service.handle(ginv("alice", "game start"))
        assert not [o for o in start if o.target.kind is TargetKind.DM]
        # Their move is told by a mention instead (whatever their notify mode says).
        [board] = channel_posts(start)
        assert set(board.mentions) == {USERS["alice"], USERS["bob"]}
        hand = await service.handle(ginv("alice", "game hand"))
        assert hand[0].target.kind is TargetKind.EPHEMERAL and "your screen as red" in hand[0].text
        notify = await service.handle(ginv("bob", "game notify", mode="dm"))
        assert NOTIFY_DMS_OFF in ephemeral_text(notify, "bob")
        # A reminder is a mention in the channel too.
        await wait(service, minutes=2)
        pushed = outbox.take()
        assert pushed and not [o for o in pushed if o.target.kind is TargetKind.DM]
        assert any(o.target.kind is TargetKind.CHANNEL and o.mentions for o in pushed)
        # A screen that would go by DM (a new player's, after /game replace) becomes a note in the channel.
        replaced = await service.handle(ginv("alice", "game replace", manage=True, old=person("bob"),
                                             new=person("carol")))
        assert not [o for o in replaced if o.target.kind is TargetKind.DM]
        [note] = [o for o in channel_posts(replaced) if DMS_OFF_NOTE in o.text]
        assert note.mentions == (USERS["carol"],) and "@carol" in note.text
        # The same server with DMs back on: screens go by DM again.
        await service.handle(ginv("alice", "gm settings", manage=True, dms="true"))
        await service.handle(ginv("dave", "game new", "chan-2", game="toy", options="players=2"))
        await service.handle(ginv("dave", "game join", "chan-2"))
        await service.handle(ginv("erin", "game join", "chan-2"))
        start = await service.handle(ginv("dave", "game start", "chan-2"))
        assert {o.target.user_id for o in start if o.target.kind is TargetKind.DM} == {USERS["dave"], USERS["erin"]}
    finally:
        await service.close()


# -- threads ----------------------------------------------------------------------------------------


async def test_thread_true_opens_the_game_in_a_thread_of_its_own(tmp_path):
    path = tmp_path / "g.db"
    service, _, _ = await virtual_service(path)
    try:
        outs = await service.handle(ginv("alice", "game new", game="toy", thread="true"))
        lobby, parent = channel_posts(outs)
        assert lobby.target.channel_id == "chan-1-thread-1" and lobby.text.startswith("@alice opened a table")
        assert lobby.mentions == (USERS["alice"],) and lobby.buttons
        assert parent.target.channel_id == "chan-1" and "#chan-1-thread-1" in parent.text and not parent.buttons
        assert service.session("chan-1") is None and service.session("chan-1-thread-1").record.guild_id == GUILD
        # The parent stays free: another thread, and a game of its own.
        await service.handle(ginv("bob", "game new", game="toy", thread="true"))
        assert service.session("chan-1-thread-2") is not None
        await service.handle(ginv("bob", "game new", game="toy"))
        assert service.session("chan-1") is not None
        # Asked inside a thread, the game goes in that thread, which holds one game at a time.
        text = only_error(await service.handle(ginv("carol", "game new", "chan-1-thread-1", game="toy",
                                                    thread="true")), "carol")
        assert "already in its lobby here" in text
        # A bad thread value, or a bad option, opens no thread (nothing is numbered away).
        assert "thread is true or false" in only_error(
            await service.handle(ginv("carol", "game new", "chan-9", game="toy", thread="perhaps")), "carol")
        assert "target" in only_error(
            await service.handle(ginv("carol", "game new", "chan-9", game="toy", thread="true",
                                      options="target=99")), "carol")
        # The server's default: every new game in a thread, unless told thread:false.
        await service.handle(ginv("alice", "gm settings", manage=True, thread="true"))
        outs = await service.handle(ginv("carol", "game new", "chan-9", game="toy"))
        assert channel_posts(outs)[0].target.channel_id == "chan-9-thread-1"
        outs = await service.handle(ginv("carol", "game new", "chan-8", game="toy", thread="false"))
        assert [o.target.channel_id for o in channel_posts(outs)] == ["chan-8"]
        # Threads whose games have gone are not opened again: their numbers stay taken.
        await service.handle(ginv("alice", "game abort", "chan-1-thread-1"))
        await service.handle(ginv("bob", "game abort", "chan-1-thread-2"))
    finally:
        await service.close()
    service, _, _ = await virtual_service(path)
    try:  # after a restart the numbering goes on
        outs = await service.handle(ginv("dave", "game new", game="toy"))
        assert channel_posts(outs)[0].target.channel_id == "chan-1-thread-3"
        # a game in a thread plays like any other
        await service.handle(ginv("dave", "game join", "chan-1-thread-3"))
        await service.handle(ginv("erin", "game join", "chan-1-thread-3"))
        assert channel_posts(await service.handle(ginv("dave", "game start", "chan-1-thread-3")))
    finally:
        await service.close()


async def test_the_local_table_opens_threads_and_feeds(tmp_path):
    script = [
        "boss: /gm settings feed:spectators",
        'alice: /game new game:toy options:"players=2 target=1" thread:true',
        "alice@table-thread-1: /game join",
        "bob@table-thread-1: /game join",
        "alice@table-thread-1: /game start",
        "carol@spectators: /game status",
    ]
    out = io.StringIO()
    status = await run_table(script, out, images=tmp_path, seed=1, managers=["boss"], engines={"toy": TOY},
                             render=False, clock="virtual")
    text = out.getvalue()
    assert status == 0, text
    assert "[#table] alice opened a table of High Card (players=2 target=1) in #table-thread-1: join it there." in text
    assert "[#table-thread-1] bob joins as blue (2/2)." in text
    assert "[#spectators] New table: High Card in #table-thread-1, opened by alice." in text
    assert "[#spectators] High Card in #table-thread-1:\n[#spectators] High Card begins" in text
    assert "[ephemeral:carol] There is no game in this channel" in text  # a feed is not a game's channel
    assert not re.search(r"^\[#spectators\] .*(buttons|select)", text, re.M)


# -- feeds ------------------------------------------------------------------------------------------


async def test_follow_copies_board_posts_and_results_and_unfollow_stops_it(tmp_path):
    path = tmp_path / "g.db"
    service, _, outbox = await virtual_service(path)
    try:
        await toy_game(service, options="target=1")
        # Refusals: one private line each, nothing followed.
        assert "Manage Channels" in only_error(await service.handle(ginv("carol", "game follow", "feed",
                                                                          game="chan-1")), "carol")
        for ref, says in (("", "Name the game"), ("nowhere", "No open game 'nowhere'"), ("chan-1", "own channel")):
            where = "chan-1" if says == "own channel" else "feed"
            text = only_error(await service.handle(ginv("carol", "game follow", where, manage=True, game=ref)),
                              "carol")
            assert says in text, text
        other = await service.handle(ginv("dave", "game new", "far", guild="g2", game="toy"))
        assert channel_posts(other)
        text = only_error(await service.handle(ginv("carol", "game follow", "feed", manage=True, game="far")), "carol")
        assert "No open game" in text  # another server's game is not there to follow
        assert service.server.followers == {}

        game_id = service.session("chan-1").game_id
        follow = await service.handle(ginv("carol", "game follow", "feed", manage=True, game=str(game_id)))
        assert "now follows High Card in #chan-1" in ephemeral_text(follow, "carol")
        assert [o.target.channel_id for o in channel_posts(follow)] == ["feed", "chan-1", "feed"]
        assert not any(o.buttons or o.select for o in channel_posts(follow))
        assert "already follows" in only_error(
            await service.handle(ginv("carol", "game follow", "feed", manage=True, game="#chan-1")), "carol")
        await service.handle(ginv("carol", "game follow", "feed-2", manage=True, game="chan-1"))

        session = service.session("chan-1")
        seat = session.seats_of(USERS["alice"])[0]
        card = session.state.hands[seat][0]
        outs = await service.handle(ginv("alice", "play", action=f"pick {card}"))
        boards = [o for o in channel_posts(outs) if o.target.channel_id == "chan-1"]
        copies = in_channel(outs, "feed")
        assert len(boards) == len(copies) == len(in_channel(outs, "feed-2")) >= 1
        for board, copy in zip(boards, copies, strict=True):
            assert copy.text == f"High Card in #chan-1:\n{board.text}"
            assert not copy.buttons and copy.select is None and copy.mentions == () and copy.dm_fallback is None
            assert copy.slot != board.slot
        # /game board posted again by a player is not copied; DMs and private replies never are.
        assert not in_channel(await service.handle(ginv("bob", "game board")), "feed")
        unfollow = await service.handle(ginv("carol", "game unfollow", "feed-2", manage=True))
        assert "no longer follows High Card in #chan-1" in ephemeral_text(unfollow, "carol")
        assert "follows no game" in only_error(
            await service.handle(ginv("carol", "game unfollow", "feed-2", manage=True)), "carol")
    finally:
        await service.close()

    service, _, outbox = await virtual_service(path)  # follows are stored: a restart keeps them
    try:
        assert service.server.followers == {1: ["feed"]}
        outs = await play_out(service, "chan-1", outbox)
        assert service.sessions.in_channel("chan-1").over
        feed = in_channel(outs, "feed")
        assert feed and not in_channel(outs, "feed-2")
        assert "final result" in feed[-1].text or "Game over" in "\n".join(o.text for o in feed)
        assert not any(o.buttons or o.select or o.mentions for o in feed)
        assert service.server.followers == {}  # its result went out: nothing more to follow
        assert "follows no game" in only_error(
            await service.handle(ginv("carol", "game unfollow", "feed", manage=True)), "carol")
    finally:
        await service.close()


async def test_what_the_service_pushes_is_copied_to_feeds_too():
    service, _, outbox = await virtual_service()
    try:
        await toy_game(service, clock="1m", timeout="skip", remind="off")
        await service.handle(ginv("carol", "game follow", "feed", manage=True, game="chan-1"))
        outbox.take()
        await wait(service, minutes=2)  # both time out: their moves are skipped, with no command
        pushed = outbox.take()
        copies = in_channel(pushed, "feed")
        assert copies and all(o.text.startswith("High Card in #chan-1:\n") for o in copies)
        assert any("ran out of time" in o.text for o in copies)
    finally:
        await service.close()


async def test_the_server_feed_follows_every_new_game():
    service, _, outbox = await virtual_service()
    try:
        await service.handle(ginv("alice", "gm settings", manage=True, feed="<#555>"))
        outs = await service.handle(ginv("alice", "game new", game="toy", options="players=2"))
        [note] = in_channel(outs, "555")
        assert note.text.startswith("New table: High Card in #chan-1, opened by alice")
        await service.handle(ginv("alice", "game join"))
        await service.handle(ginv("bob", "game join"))
        outs = await service.handle(ginv("alice", "game start"))
        assert in_channel(outs, "555")
        # A game opened in the feed channel itself is not copied to itself.
        await service.handle(ginv("alice", "game new", "555", game="toy"))
        assert service.server.followers.get(service.session("555").game_id) is None
        # An aborted lobby that a feed follows: the feed hears of it.
        await service.handle(ginv("bob", "game new", "chan-2", game="toy"))
        outs = await service.handle(ginv("bob", "game abort", "chan-2"))
        assert [o.text for o in in_channel(outs, "555")] == ["High Card in #chan-2:\nbob aborted the game of High Card."]
    finally:
        await service.close()


async def test_autocomplete_offers_the_games_of_this_server_to_follow():
    service, _, _ = await virtual_service()
    try:
        await toy_game(service)
        await service.handle(ginv("dave", "game new", "far", guild="g2", game="toy"))
        assert await service.autocomplete("feed", USERS["carol"], "game follow", "game", "") == []  # server unknown
        service.note_guild("feed", GUILD)
        offered = await service.autocomplete("feed", USERS["carol"], "game follow", "game", "")
        game_id = service.session("chan-1").game_id
        assert [value for _, value in offered] == [str(game_id)]
        assert offered[0][0].startswith(f"High Card, game {game_id}, by alice")
        await service.handle(ginv("carol", "game follow", "feed", manage=True, game=str(game_id)))
        assert await service.autocomplete("feed", USERS["carol"], "game follow", "game", "") == []
        assert [v for _, v in await service.autocomplete("feed", 1, "game unfollow", "game", "")] == [str(game_id)]
        assert await service.autocomplete("feed", 1, "gm settings", "games", "to") == [("toy", "toy")]
    finally:
        await service.close()


async def test_a_kaploom_feed_never_carries_a_private_fact():
    """Follow a KAPLOOM! game and play it to its end: every feed message is a copy of a public post,
    with no button, menu or ping, and none of its lines is a line only a player's screen showed."""
    clock = VirtualClock()
    outbox = Kept()
    service = SessionService(Store(":memory:"), engines={"kaploom": KAPLOOM}, render=True, seed=4, clock=clock,
                             outbox=outbox)
    await service.start()
    try:
        await service.handle(ginv("alice", "game new", game="kaploom", options="seed=21"))
        await service.handle(ginv("alice", "game join", seat="villain"))
        await service.handle(ginv("bob", "game join", seat="hero"))
        await service.handle(ginv("carol", "game follow", "feed", manage=True, game="chan-1"))
        outs = await service.handle(ginv("alice", "game start"))
        outs += await play_out(service, "chan-1", outbox)
        if not service.sessions.in_channel("chan-1").over:  # the AI found no end in time: stop it by hand
            outs += await service.handle(ginv("alice", "game abort"))
        outs += outbox.take()
        assert service.sessions.in_channel("chan-1").over
        private = [o for o in outs if o.target.kind is not TargetKind.CHANNEL]
        public = in_channel(outs, "chan-1")
        feed = in_channel(outs, "feed")
        assert private and public and len(feed) >= 10
        public_lines = {line for o in public for line in o.text.splitlines()}
        private_lines = {line for o in private for line in o.text.splitlines()} - public_lines
        assert any(DIE_LINE.match(line) for line in private_lines)  # the check has something to find
        public_images = {o.image for o in public if o.image is not None}
        for copy in feed:
            assert not copy.buttons and copy.select is None and copy.mentions == ()
            head, _, body = copy.text.partition("\n")
            if head == "KAPLOOM! in #chan-1:":
                assert body in {o.text for o in public}, body
            assert not DIE_LINE.search(copy.text) and "Your roll" not in copy.text
            assert not (set(copy.text.splitlines()) & private_lines), copy.text
            assert copy.image is None or copy.image in public_images
        assert any(copy.image is not None for copy in feed)
        # A spectator learns nothing from the feed channel's commands, nor from the game's own.
        for command in ("game log", "game hand", "game status"):
            assert "no game in this channel" in only_error(await service.handle(ginv("carol", command, "feed")),
                                                           "carol")
        assert await service.autocomplete("feed", USERS["carol"], "play", "action", "") == []
        assert await service.autocomplete("chan-1", USERS["carol"], "play", "action", "") == []
        log = await service.handle(ginv("carol", "game log", count="50"))
        assert not DIE_LINE.search(log[0].text) and not (set(log[0].text.splitlines()) & private_lines)
        labels = {b.label for o in public for b in o.buttons}
        assert labels <= {"My screen", "My choices", "Join", "Start", "Reveal hidden info", "Older", "Newer"}, labels
    finally:
        await service.close()
