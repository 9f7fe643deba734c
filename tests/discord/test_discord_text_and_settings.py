"""Message splitting, settings and the entry point's refusal without a token."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from types import SimpleNamespace

import discord
import discord.http
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.discord_adapter import MissingTokenError, run_bot
from bot.discord_adapter.text import split_message
from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def test_short_text_is_one_message():
    assert split_message("hello") == ["hello"]
    assert split_message("") == []


def test_cuts_fall_on_line_breaks():
    text = "\n".join(f"{n:03d} " + "y" * 30 for n in range(200))
    chunks = split_message(text)
    assert all(len(c) <= 2000 for c in chunks)
    assert "\n".join(chunks) == text


def test_a_cut_code_block_is_closed_and_reopened():
    text = "Board:\n```text\n" + "\n".join(f"row {n} " + "#" * 40 for n in range(90)) + "\n```\nDone."
    chunks = split_message(text)
    assert len(chunks) >= 2
    for chunk in chunks:
        assert len(chunk) <= 2000
        assert chunk.count("```") % 2 == 0, chunk[:60]
    assert chunks[1].startswith("```text\n")


@given(st.text(alphabet=st.sampled_from("ab \n`x"), max_size=7000), st.integers(min_value=40, max_value=2000))
def test_every_chunk_fits(text, limit):
    chunks = split_message(text, limit)
    assert all(0 < len(c) <= limit for c in chunks)
    # Nothing but whitespace and fences is lost or invented.
    strip = lambda s: re.sub(r"[\s`]", "", s)  # noqa: E731
    assert strip("".join(chunks)) == strip(text)


def test_settings_read_the_environment(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "  abc.def.ghi  ")
    monkeypatch.setenv("DATABASE_PATH", "/tmp/games.db")
    monkeypatch.setenv("DEV_GUILD_ID", "1234")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    monkeypatch.setenv("SYNC_COMMANDS", "true")
    settings = Settings(_env_file=None)
    assert settings.discord_token.get_secret_value() == "abc.def.ghi"
    assert settings.database_path == Path("/tmp/games.db")
    assert settings.dev_guild_id == 1234
    assert settings.log_level == "DEBUG" and settings.log_level_number == logging.DEBUG
    assert settings.sync_commands is True


def test_settings_read_a_dotenv_file(tmp_path, monkeypatch):
    for name in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL", "SYNC_COMMANDS"):
        monkeypatch.delenv(name, raising=False)
    env = tmp_path / ".env"
    env.write_text((ROOT / ".env.example").read_text())
    settings = Settings(_env_file=env)
    # The example's blanks mean "not set".
    assert settings.discord_token is None and settings.dev_guild_id is None
    assert settings.database_path == Path("gamemaster.db")
    assert settings.log_level == "INFO" and settings.sync_commands is False


def test_env_example_documents_every_setting():
    text = (ROOT / ".env.example").read_text()
    for field in Settings.model_fields:
        name = field.upper()
        assert re.search(rf"^{name}=", text, re.M), name
        # The line above each setting is a comment explaining it.
        before = text.split(f"\n{name}=")[0].rstrip().splitlines()[-1]
        assert before.startswith("#"), name


def test_the_token_never_shows(caplog):
    settings = Settings(_env_file=None, discord_token="very-secret-token")
    logging.getLogger("test").warning("settings: %s %r", settings, settings)
    shown = f"{settings} {settings!r} {settings.model_dump()} {settings.model_dump_json()} {caplog.text}"
    assert "very-secret-token" not in shown


def test_bad_log_level_is_refused():
    with pytest.raises(ValueError):
        Settings(_env_file=None, log_level="LOUD")


def test_run_bot_without_a_token_explains_how_to_get_one():
    with pytest.raises(MissingTokenError) as refused:
        run_bot(Settings(_env_file=None, discord_token=""))
    message = str(refused.value)
    assert "discord.com/developers/applications" in message
    assert "gamemaster table" in message


def test_a_long_fence_tag_does_not_stall_the_split():
    text = "```" + "t" * 60 + "\n" + "z " * 400 + "\n```"
    chunks = split_message(text, 40)
    assert all(len(c) <= 40 for c in chunks)


def test_run_bot_with_a_rejected_token_exits_with_a_message_and_never_shows_the_token(
    tmp_path, monkeypatch, caplog
):
    token = "MTIz.rejected.token-value"
    asked: list[str] = []

    async def discord_says_401(self, route, **kwargs):
        asked.append(route.path)
        raise discord.HTTPException(
            SimpleNamespace(status=401, reason="Unauthorized"), {"code": 0, "message": "401"}
        )

    monkeypatch.setattr(discord.http.HTTPClient, "request", discord_says_401)
    settings = Settings(_env_file=None, discord_token=token, database_path=tmp_path / "g.db")
    with caplog.at_level(logging.DEBUG), pytest.raises(SystemExit) as stopped:
        run_bot(settings)

    assert asked == ["/users/@me"]  # the real login path ran, and stopped at Discord's refusal
    assert "rejected the bot token" in str(stopped.value)
    assert token not in str(stopped.value) and token not in caplog.text
