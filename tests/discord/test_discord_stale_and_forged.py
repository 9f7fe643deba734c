"""Stale and forged component ids, names that look like mentions, and gateway failures, through
real discord.py objects and the real session service.

A component names its game: a menu kept from a game that was aborted never acts in the clicker's
next game, in this channel or another; a forged id (a game that does not exist, a game the clicker
does not sit in, a 100 KB select value, an id of the first release) gets one private line and
changes nothing. Nothing the bot posts pings anybody it does not mean to notify."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import aiohttp
import discord
import pytest
from discord_fakes import CHANNEL_ID, EPHEMERAL, FakeDiscord, Request, dispatch

from bot.discord_adapter.components import LEGACY
from bot.discord_adapter.run import run_bot
from bot.service import SessionService, Store
from bot.service.driver import GAME_GONE
from bot.settings import Settings

ALICE, BOB, CAROL = 101, 102, 103
OTHER_CHANNEL = CHANNEL_ID + 5
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def live(fake, monkeypatch, tmp_path):
    service = SessionService(Store(tmp_path / "g.db"), seed=5, render=False)
    bot = await fake.start(service, monkeypatch, tmp_path / "g.db")
    yield bot, service
    await bot.close()


async def _game(bot, fake: FakeDiscord, channel: int, players: tuple[tuple[int, str], ...]) -> None:
    creator = players[0]
    await dispatch(bot, fake.slash("game new", {"game": "kaploom", "options": "seed=7"}, user_id=creator[0],
                                   name=creator[1], channel_id=channel))
    for user_id, name in players:
        await dispatch(bot, fake.slash("game join", user_id=user_id, name=name, channel_id=channel))
    await dispatch(bot, fake.slash("game start", user_id=creator[0], name=creator[1], channel_id=channel))


def _forged(custom_id: str, *, select_value: str | None = None, channel: int = CHANNEL_ID) -> Request:
    """A message carrying a component with this id, as a tampering client could present it."""
    if select_value is None:
        component = {"type": 2, "style": 1, "label": "x", "custom_id": custom_id}
    else:
        component = {"type": 3, "custom_id": custom_id, "options": [{"label": "x", "value": select_value}]}
    return Request("bot", "POST", f"/channels/{channel}/messages",
                   json={"content": "x", "components": [{"type": 1, "components": [component]}]})


def _last_private(fake: FakeDiscord) -> str:
    """The newest private answer: a followup after the deferral, or an immediate ephemeral reply."""
    replies = [r for r in fake.requests if r.layer == "interaction" and r.method == "POST"
               and (r in fake.followups() or (r.json or {}).get("type") == 4)]
    reply = replies[-1]
    body = reply.json if reply in fake.followups() else reply.json["data"]
    assert int(body.get("flags") or 0) & EPHEMERAL
    content = body["content"]
    assert "\n" not in content and len(content) <= 300
    return content


async def _unchanged(service, fake: FakeDiscord, channel: int, click) -> str:
    session = service.session(str(channel))
    version, posts = session.version, len(fake.channel_messages(channel))
    await click()
    assert service.session(str(channel)).version == version
    assert len(fake.channel_messages(channel)) == posts
    return _last_private(fake)


async def test_an_old_dm_menu_never_plays_in_the_next_game_elsewhere(live, fake):
    bot, service = live
    await _game(bot, fake, CHANNEL_ID, ((ALICE, "alice"), (BOB, "bob")))
    old_menu = fake.channel_messages(fake.dm_channel_of(ALICE))[0]
    (old_id,) = old_menu.custom_ids
    await dispatch(bot, fake.slash("game abort", user_id=ALICE, name="alice"))
    await _game(bot, fake, OTHER_CHANNEL, ((ALICE, "alice"), (CAROL, "carol")))

    text = await _unchanged(service, fake, OTHER_CHANNEL,
                            lambda: dispatch(bot, fake.click(old_menu, old_id, values=["ready"])))
    assert text == GAME_GONE
    assert "ready" not in " ".join(m.content or "" for m in fake.channel_messages(OTHER_CHANNEL))


async def test_an_old_ephemeral_menu_never_plays_in_the_next_game_here(live, fake):
    bot, service = live
    await _game(bot, fake, CHANNEL_ID, ((ALICE, "alice"), (BOB, "bob")))
    await dispatch(bot, fake.slash("play", user_id=ALICE, name="alice"))  # my choices, privately
    menu = fake.followups()[-1]
    (menu_id,) = menu.custom_ids
    await dispatch(bot, fake.slash("game abort", user_id=ALICE, name="alice"))
    await _game(bot, fake, CHANNEL_ID, ((ALICE, "alice"), (BOB, "bob")))

    text = await _unchanged(service, fake, CHANNEL_ID,
                            lambda: dispatch(bot, fake.click(menu, menu_id, values=["ready"])))
    assert text == GAME_GONE


async def test_forged_ids_get_one_private_line_and_change_nothing(live, fake):
    bot, service = live
    await _game(bot, fake, CHANNEL_ID, ((ALICE, "alice"), (BOB, "bob")))
    game_id = service.session(str(CHANNEL_ID)).game_id

    async def click(custom_id: str, user_id: int = ALICE, value: str | None = None) -> str:
        message = _forged(custom_id, select_value=value)
        return await _unchanged(service, fake, CHANNEL_ID, lambda: dispatch(
            bot, fake.click(message, custom_id, values=[value] if value else None, user_id=user_id, name="x")))

    assert await click("gm:b:99999:-:ready") == GAME_GONE  # a game that does not exist
    assert "not seated" in await click(f"gm:b:{game_id}:r1.roll:ready", user_id=CAROL)
    assert "out of date" in await click(f"gm:b:{game_id}:r9.roll:ready")  # a decision that is not current
    assert "too long" in await click(f"gm:s:{game_id}:r1.roll", value="a" * 100_000)
    assert await click("gm:act:3:ready") == LEGACY  # the first release's ids named no game
    assert await click("gm:sel:3", value="ready") == LEGACY
    assert await click("gm:b:123456789012345678901234:-:ready") == LEGACY  # no such id shape


async def test_a_name_written_as_a_mention_pings_nobody(live, fake):
    bot, _ = live
    await _game(bot, fake, CHANNEL_ID, ((ALICE, "<@102> @everyone"), (BOB, "@here")))
    posts = fake.channel_messages()
    assert any("<@102> @" in (m.content or "") for m in posts)  # the name is shown as written
    for message in posts:
        assert message.json["allowed_mentions"] == {"parse": []}, message.content


# -- gateway failures: one line and a non-zero exit, never a traceback ----------------------------------


@pytest.mark.parametrize("error, expected", [
    (discord.ConnectionClosed(SimpleNamespace(close_code=4004), shard_id=None, code=4004), "close code 4004"),
    (discord.ConnectionClosed(SimpleNamespace(close_code=4013), shard_id=None, code=4013), "close code 4013"),
    (aiohttp.ClientConnectionError("Cannot connect to host discord.com:443"), "Could not reach Discord"),
    (OSError(101, "Network is unreachable"), "Could not reach Discord"),
    (discord.GatewayNotFound(), "gateway could not be found"),
    (discord.LoginFailure("Improper token has been passed."), "rejected the bot token"),
])
def test_gateway_failures_end_with_one_line(monkeypatch, tmp_path, error, expected):
    async def fail(self, *args, **kwargs):
        raise error

    monkeypatch.setattr(discord.Client, "start", fail)
    settings = Settings(_env_file=None, discord_token="x" * 60, database_path=tmp_path / "g.db")
    with pytest.raises(SystemExit) as stopped:
        run_bot(settings)
    message = str(stopped.value.code)
    assert expected in message and "\n" not in message


def test_no_network_is_one_line_and_a_non_zero_exit(tmp_path):
    """This machine reaches no Discord (CI neither): the real client, the real failure."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="MTAx.Gabcde." + "x" * 38, LOG_LEVEL="WARNING",
               https_proxy="http://127.0.0.1:9", HTTPS_PROXY="http://127.0.0.1:9")
    result = subprocess.run([sys.executable, "-m", "bot.cli", "run"], cwd=tmp_path, env=env, input="",
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and ("Could not reach Discord" in lines[0] or "token" in lines[0]), result.stderr
