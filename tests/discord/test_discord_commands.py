"""Slash commands through real discord.py objects: an interaction in, HTTP requests out."""

from __future__ import annotations

import logging

from discord_fakes import (
    APP_ID,
    CHANNEL_ID,
    EPHEMERAL,
    GUILD_ID,
    MANAGE_CHANNELS,
    SEND_MESSAGES,
    THREAD_ID,
    dispatch,
)
from scripted_service import PNG, SECRET

import bot.discord_adapter.client as adapter_client
from bot.discord_adapter.client import SOMETHING_WENT_WRONG
from bot.discord_adapter.components import ActionButton, ActionSelect, UnknownComponent
from bot.service.messages import Output, Target

DEFERRED_CHANNEL_MESSAGE = 5
AUTOCOMPLETE_RESULT = 8


async def test_login_runs_setup_hook_registers_components_and_does_not_sync(bot, fake, service):
    assert service.started
    items = set(bot._connection._view_store._dynamic_items.values())
    assert items == {ActionButton, ActionSelect, UnknownComponent}
    # exactly one of them answers any gm: id (discord.py runs every item that matches)
    for custom_id in ("gm:b:12:r3.roll:assign 1 grow", "gm:b:12:-:!hand", "gm:s:12:r3.roll", "gm:act:3:ready",
                      "gm:sel:3", "gm:b:1234567890123456789012:-:x", "gm:s:1:r1.roll:extra", "gm:"):
        matching = [item for pattern, item in bot._connection._view_store._dynamic_items.items()
                    if pattern.fullmatch(custom_id)]
        assert len(matching) == 1, (custom_id, matching)
    assert not fake.of("PUT", f"/applications/{APP_ID}/")  # no sync on an ordinary boot
    await bot.close()
    assert service.closed


async def test_dev_guild_gets_every_command_at_start_up(start_bot, fake, service):
    await start_bot(service, dev_guild_id=GUILD_ID)
    (sync,) = fake.of("PUT", f"/applications/{APP_ID}/")
    assert sync.path == f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands"
    commands = {c["name"]: c for c in sync.json}
    assert set(commands) == {"game", "play", "rules", "gm"}
    subcommands = {o["name"] for o in commands["game"]["options"]}
    assert subcommands == {"new", "join", "leave", "start", "status", "board", "hand", "log", "abort", "help",
                           "mine", "notify", "undo", "replace", "kick", "resume-seat", "follow", "unfollow",
                           "list", "replay", "reveal", "stats", "leaderboard"}
    assert commands["game"]["contexts"] == [0]  # guild only
    action, seat = commands["play"]["options"]
    assert action["autocomplete"] is True and action["required"] is False
    assert seat["name"] == "seat" and seat["required"] is False


async def test_a_refused_sync_is_logged_and_the_bot_still_starts(start_bot, fake, service, caplog):
    fake.refuse_command_sync = True
    with caplog.at_level(logging.ERROR):
        bot = await start_bot(service, dev_guild_id=GUILD_ID)

    assert service.started and not bot.is_closed()
    assert "command sync failed (403 50001)" in caplog.text


async def test_sync_flag_publishes_global_commands(start_bot, fake, service):
    await start_bot(service, sync=True)
    (sync,) = fake.of("PUT", f"/applications/{APP_ID}/")
    assert sync.path == f"/applications/{APP_ID}/commands"


async def test_game_new_defers_ephemerally_then_posts_the_board_in_the_channel(bot, fake, service):
    await dispatch(bot, fake.slash("game new", {"game": "kaploom", "options": "advanced"}))

    (invocation,) = service.invocations
    assert invocation.command == "game new"
    assert invocation.options == {"game": "kaploom", "options": "advanced"}
    assert invocation.channel_id == str(CHANNEL_ID)
    assert (invocation.user_id, invocation.user_name) == (101, "Alice")

    first = fake.requests[2]  # after the two login requests, the acknowledgement comes first
    assert first.path.endswith("/callback")
    assert first.json == {"type": DEFERRED_CHANNEL_MESSAGE, "data": {"flags": EPHEMERAL}}

    (post,) = fake.channel_messages()
    assert post.content == "Alice opened a game of kaploom."
    assert post.files == [("board.png", PNG)]
    assert post.json["attachments"][0]["filename"] == "board.png"
    assert post.custom_ids == ["gm:b:7:s3:ready", "gm:b:7:s3:reroll", "gm:s:7:s3"]
    # Nothing private was said, so the "thinking" placeholder is removed.
    assert len(fake.deleted_originals()) == 1
    assert not fake.followups()


async def test_private_answer_is_an_ephemeral_followup_and_never_a_channel_post(bot, fake, service):
    await dispatch(bot, fake.slash("game hand"))

    (reply,) = fake.followups()
    assert reply.content == SECRET
    assert reply.flags & EPHEMERAL
    assert reply.files == [("screen.png", PNG)]
    assert not fake.channel_messages()
    assert not fake.deleted_originals()


async def test_private_views_go_by_dm(bot, fake, service):
    await dispatch(bot, fake.slash("game start"))

    opened = [int(r.json["recipient_id"]) for r in fake.of("POST", "/users/@me/channels")]
    assert opened == [101, 102]  # one DM channel per user, reused for the second note
    alice_dm = fake.channel_messages(fake.dm_channel_of(101))
    assert [m.content for m in alice_dm] == [SECRET, "second private note"]
    assert alice_dm[0].files == [("screen.png", PNG)]
    assert [m.content for m in fake.channel_messages(fake.dm_channel_of(102))] == [SECRET]
    (board,) = fake.channel_messages()
    assert SECRET not in board.content


async def test_closed_dms_get_a_mention_in_the_channel_and_nothing_private(bot, fake, service):
    fake.closed_dms.add(101)
    await dispatch(bot, fake.slash("game start"))

    channel = fake.channel_messages()
    assert [m.content for m in channel] == [
        "The game begins.",
        "<@101> I can't DM you: use /game hand to see your dice.",
    ]  # once, although two DMs to 101 were due
    fallback = channel[1]
    assert not fallback.files and not fallback.custom_ids
    # the mention pings that user and nobody else; @everyone, roles and other users never
    assert fallback.json["allowed_mentions"] == {"parse": [], "users": [101]}
    assert all(
        SECRET not in (r.content or "") for r in fake.requests if r.path.endswith(f"/{CHANNEL_ID}/messages")
    )
    # The other player's DM still went out.
    assert [m.content for m in fake.channel_messages(fake.dm_channel_of(102))] == [SECRET]


async def test_service_failure_is_one_ephemeral_line_and_logged(bot, fake, service, caplog):
    def explode(inv):
        raise RuntimeError("database is on fire")

    service.responders["game status"] = explode
    with caplog.at_level(logging.ERROR):
        await dispatch(bot, fake.slash("game status"))

    (reply,) = fake.followups()
    assert reply.content == SOMETHING_WENT_WRONG
    assert reply.flags & EPHEMERAL
    assert not fake.channel_messages()
    assert "database is on fire" in caplog.text
    assert "test-token" not in caplog.text


async def test_long_text_is_split_and_the_image_rides_on_the_last_message(bot, fake, service):
    lines = [f"line {n:04d} " + "x" * 40 for n in range(100)]  # about 5,000 characters
    service.responders["game log"] = lambda inv: [
        Output(Target.channel(inv.channel_id), "\n".join(lines), image=PNG)
    ]
    await dispatch(bot, fake.slash("game log", {"count": 100}))

    assert service.invocations[0].options == {"count": "100"}
    posts = fake.channel_messages()
    assert len(posts) == 3
    assert all(len(p.content) <= 2000 for p in posts)
    assert "\n".join(p.content for p in posts).split("\n") == lines
    assert [bool(p.files) for p in posts] == [False, False, True]


async def test_thread_is_its_own_channel(bot, fake, service):
    await dispatch(bot, fake.slash("game new", {"game": "kaploom"}, channel_id=THREAD_ID, thread=True))

    assert service.invocations[0].channel_id == str(THREAD_ID)
    assert len(fake.channel_messages(THREAD_ID)) == 1
    assert not fake.channel_messages(CHANNEL_ID)


async def test_manage_channels_permission_reaches_the_service(bot, fake, service):
    await dispatch(bot, fake.slash("game abort", permissions=SEND_MESSAGES))
    await dispatch(
        bot, fake.slash("game abort", user_id=103, name="mod", permissions=SEND_MESSAGES | MANAGE_CHANNELS)
    )

    assert [inv.can_manage_channel for inv in service.invocations] == [False, True]


async def test_play_without_action_sends_no_action_option(bot, fake, service):
    await dispatch(bot, fake.slash("play"))

    assert service.invocations[0].options == {}
    (reply,) = fake.followups()
    assert reply.flags & EPHEMERAL and "assign 1 pow" in reply.content


async def test_too_late_acknowledgement_changes_nothing(bot, fake, service):
    payload = fake.slash("play", {"action": "assign 1 pow"})
    fake.expired_interactions.add(int(payload["id"]))
    await dispatch(bot, payload)

    assert not service.invocations
    assert not fake.channel_messages()


async def test_channel_without_send_permission_is_reported_privately_once(bot, fake, service):
    fake.forbidden_channels.add(CHANNEL_ID)
    fake.closed_dms.add(102)  # its fallback would go to the channel too
    await dispatch(bot, fake.slash("game start"))

    (reply,) = fake.followups()
    assert reply.flags & EPHEMERAL and "can't post in this channel" in reply.content
    # The private views still went out.
    assert [m.content for m in fake.channel_messages(fake.dm_channel_of(101))] == [
        SECRET,
        "second private note",
    ]


async def test_an_unknown_command_gets_one_ephemeral_line(bot, fake, service, caplog):
    # E.g. a command renamed since the last sync, still shown by Discord.
    with caplog.at_level(logging.ERROR):
        await dispatch(bot, fake.slash("roll", {"dice": "2d6"}))

    (answer,) = fake.callbacks()
    assert answer.json["type"] == 4  # an immediate message: nothing was deferred yet
    assert answer.json["data"]["content"] == SOMETHING_WENT_WRONG
    assert answer.json["data"]["flags"] == EPHEMERAL
    assert not service.invocations
    assert "command /roll failed" in caplog.text


async def test_autocomplete_answers_at_most_25_choices_for_what_was_typed(bot, fake, service):
    service.extra_choices = [("much too long", "y" * 101)]
    await dispatch(bot, fake.slash("play", {"action": "gr"}, focused="action"))

    assert service.autocomplete_calls == [(str(CHANNEL_ID), 101, "play", "action", "gr")]
    (answer,) = fake.callbacks()
    assert answer.json["type"] == AUTOCOMPLETE_RESULT
    choices = answer.json["data"]["choices"]
    assert len(choices) == 8  # the 8 "grow" assignments; the oversized value was dropped
    assert all("gr" in c["value"] for c in choices)

    await dispatch(bot, fake.slash("play", {"action": ""}, focused="action"))
    assert len(fake.callbacks()[-1].json["data"]["choices"]) == 25
    assert not service.invocations  # autocomplete never runs a command


async def test_autocomplete_for_game_and_rules_options(bot, fake, service):
    await dispatch(bot, fake.slash("game new", {"game": "ka"}, focused="game"))
    await dispatch(bot, fake.slash("rules", {"game": "kaploom", "topic": "rev"}, focused="topic"))

    assert [call[2:] for call in service.autocomplete_calls] == [
        ("game new", "game", "ka"),
        ("rules", "topic", "rev"),
    ]


async def test_slow_autocomplete_answers_empty_in_time(bot, fake, service, monkeypatch):
    monkeypatch.setattr(adapter_client, "AUTOCOMPLETE_BUDGET_SECONDS", 0.05)
    service.autocomplete_delay = 1.0
    await dispatch(bot, fake.slash("play", {"action": "a"}, focused="action"))

    (answer,) = fake.callbacks()
    assert answer.json == {"type": AUTOCOMPLETE_RESULT, "data": {"choices": []}}


async def test_commands_in_one_channel_are_handled_one_at_a_time(bot, fake, service):
    import asyncio

    service.handle_delay = 0.02
    await asyncio.gather(
        dispatch(bot, fake.slash("play", {"action": "assign 1 pow"})),
        dispatch(bot, fake.slash("play", {"action": "assign 2 pow"}, user_id=102, name="bob")),
    )
    assert service.most_busy == 1
    assert [p.content for p in fake.channel_messages()] == [
        "Alice played assign 1 pow.",
        "Bob played assign 2 pow.",
    ]
