"""Buttons and select menus: persistent across restarts, within Discord's limits."""

from __future__ import annotations

from discord_fakes import CHANNEL_ID, EPHEMERAL, FakeDiscord, dispatch
from scripted_service import ScriptedService

from bot.discord_adapter.components import CUSTOM_ID_LIMIT, view_for
from bot.service.messages import Button, Output, Select, Target

DEFERRED_CHANNEL_MESSAGE = 5


async def _post_board(bot, fake: FakeDiscord):
    await dispatch(bot, fake.slash("game new", {"game": "kaploom"}))
    (post,) = fake.channel_messages()
    return post


async def test_a_click_after_a_restart_plays_the_action(start_bot, fake):
    first_run = ScriptedService(version=3)
    old_bot = await start_bot(first_run)
    board = await _post_board(old_bot, fake)
    await old_bot.close()

    # A new process: new client, new service on the same (here: pretend) database.
    second_run = ScriptedService(version=3)
    new_bot = await start_bot(second_run)
    await dispatch(new_bot, fake.click(board, "gm:b:7:s3:ready", user_id=102, name="bob"))

    (click,) = second_run.invocations
    assert click.command == "play"
    assert click.options == {"action": "ready", "for_game": "7", "token": "s3"}
    assert (click.user_id, click.channel_id) == (102, str(CHANNEL_ID))
    assert not new_bot._connection._view_store._views  # nothing held in memory: the custom_id is all
    ack = fake.callbacks()[-1]
    assert ack.json == {"type": DEFERRED_CHANNEL_MESSAGE, "data": {"flags": EPHEMERAL}}
    assert fake.channel_messages()[-1].content == "Bob played ready."


async def test_a_click_on_an_old_board_says_so_and_changes_nothing(bot, fake, service):
    board = await _post_board(bot, fake)
    service.version = 4  # someone moved since this board was posted

    await dispatch(bot, fake.click(board, "gm:b:7:s3:reroll"))

    (reply,) = fake.followups()
    assert reply.flags & EPHEMERAL and "out of date" in reply.content
    assert len(fake.channel_messages()) == 1  # only the original board
    assert service.version == 4


async def test_choosing_from_the_select_plays_the_chosen_value(bot, fake, service):
    board = await _post_board(bot, fake)

    await dispatch(bot, fake.click(board, "gm:s:7:s3", values=["assign 1 grow"]))

    assert service.invocations[-1].options == {"action": "assign 1 grow", "for_game": "7", "token": "s3"}
    assert fake.channel_messages()[-1].content == "Alice played assign 1 grow."


async def test_an_action_with_spaces_and_colons_survives_the_custom_id(bot, fake, service):
    service.responders["game board"] = lambda inv: [
        Output(Target.channel(inv.channel_id), "board", buttons=(Button("Odd", "swap 2:wild x", 7, "s3"),))
    ]
    await dispatch(bot, fake.slash("game board"))
    (board,) = fake.channel_messages()
    assert board.custom_ids == ["gm:b:7:s3:swap 2:wild x"]

    await dispatch(bot, fake.click(board, "gm:b:7:s3:swap 2:wild x"))
    assert service.invocations[-1].options == {"action": "swap 2:wild x", "for_game": "7", "token": "s3"}


def test_view_respects_discord_limits():
    long_action = "a" * 92  # with "gm:b:7:s3:" that is over 100 characters
    buttons = tuple(Button(f"B{n}", f"act {n}", 7, "s3") for n in range(30))
    buttons += (Button("dup", "act 0", 7, "s3"), Button("long", long_action, 7, "s3"))
    select = Select("pick", tuple(f"opt {n}" for n in range(30)) + ("b" * 101,), 7, "s3")

    view = view_for(Output(Target.channel("1"), "x", buttons=buttons, select=select))
    payload = view.to_components()

    assert len(payload) == 5  # rows
    custom_ids = [c["custom_id"] for row in payload for c in row["components"]]
    assert len(custom_ids) == len(set(custom_ids)) == 21  # 20 buttons + the select
    assert all(len(cid) <= CUSTOM_ID_LIMIT for cid in custom_ids)
    select_row = payload[-1]["components"]
    assert select_row[0]["type"] == 3 and len(select_row[0]["options"]) == 25
    assert all(len(o["value"]) <= 100 for o in select_row[0]["options"])


def test_no_components_means_no_view():
    assert view_for(Output(Target.channel("1"), "just text")) is None
    assert view_for(Output(Target.channel("1"), "x", buttons=(Button("long", "z" * 200, 1, "s0"),))) is None


async def test_a_multi_select_plays_the_chosen_values_joined_in_the_options_order(bot, fake, service):
    """Several targets of one effect are one multi-select (rules.core.engine.MultiChoice): Discord sends
    the values picked, in the order picked; the action joins them in the options' order."""
    service.responders["game board"] = lambda inv: [Output(Target.channel(inv.channel_id), "board", select=Select(
        "Machine Gun › 1 or 2 targets", ("dozer", "sprog", "banshee"), 7, "s3",
        labels=("Dozer", "Sprog", "Banshee"), minimum=1, maximum=2))]
    await dispatch(bot, fake.slash("game board"))
    (board,) = fake.channel_messages()
    (select,) = [c for row in board.json["components"] for c in row["components"] if c["type"] == 3]
    assert (select["min_values"], select["max_values"]) == (1, 2)

    await dispatch(bot, fake.click(board, "gm:s:7:s3", values=["banshee", "dozer"]))
    assert service.invocations[-1].options == {"action": "dozer,banshee", "for_game": "7", "token": "s3"}
