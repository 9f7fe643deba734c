"""/game help names every command there is — each slash command of the Discord tree and each
command the service handles — with who may use it where that matters, and every message it sends
fits Discord's 2,000 characters, however long the games' option help is."""

from __future__ import annotations

import re

from discord import app_commands
from discord_fakes import EPHEMERAL, dispatch

from bot.discord_adapter import build_bot
from bot.discord_adapter.commands import build_commands
from bot.discord_adapter.text import MESSAGE_LIMIT
from bot.service import SessionService, Store
from bot.service.info import HELP
from bot.service.texts import MAX_MESSAGE
from bot.settings import Settings
from tests.service.toy_engine import ENGINE as TOY
from tests.service.toy_engine import ToyEngine


class WordyEngine(ToyEngine):
    """The toy game with a long option help, as a real game's may be."""

    name = "wordy"
    title = "Wordy Card"

    def option_help(self):
        return {f"option{i}": "a long description of what this option does, " * 3 for i in range(8)}


def _slash_commands() -> dict[str, app_commands.Command]:
    """Every slash command of the tree by its full name ("game new", "gm settings", "play")."""
    found = {}
    for command in build_commands():
        if isinstance(command, app_commands.Group):
            for sub in command.commands:
                found[f"{command.name} {sub.name}"] = sub
        else:
            found[command.name] = command
    return found


def _line_of(command: str) -> str:
    (line,) = [line for line in HELP.split("\n") if line.startswith(f"/{command} ") or line == f"/{command}"]
    return line


def test_help_names_every_slash_command_and_every_service_command():
    service = SessionService(Store(":memory:"), engines={"toy": TOY}, render=False, seed=1)
    commands = set(_slash_commands()) | set(service._handlers)
    assert commands >= {"game follow", "game unfollow", "gm settings", "game list", "game replay", "game reveal",
                        "game stats", "game leaderboard", "game mine", "game notify", "game undo", "game replace",
                        "game kick", "game resume-seat", "rules", "play"}
    for command in sorted(commands - {"game help"}):
        assert _line_of(command), command  # one line of its own, starting with the command
    named = set(re.findall(r"^/((?:game|gm) [a-z-]+|play|rules)\b", HELP, re.M))
    assert named == commands - {"game help"}  # and nothing that does not exist


def test_help_shows_each_option_of_game_new_and_the_arguments_of_the_others():
    new = _line_of("game new")
    for option in _slash_commands()["game new"].parameters:
        assert f"{option.name}:" in new, option.name
    for name, command in _slash_commands().items():
        if name in ("game new", "game help"):
            continue
        line = _line_of(name)
        for option in command.parameters:  # [optional] or plain, in the order Discord shows them
            if name == "gm settings":
                continue  # its settings are named in words; /gm settings alone lists them all
            written = option.name if option.required else f"[{option.name}]"
            assert f" {written}" in line.split(" — ")[0], (name, option.name)


def test_help_says_who_may_use_the_guarded_commands():
    assert "Manage Channels" in _line_of("game follow") and "Manage Channels" in _line_of("game unfollow")
    assert "Manage Server" in _line_of("gm settings")
    for command in ("game abort", "game replace"):
        assert "creator or Manage Channels" in _line_of(command)
    assert "creator or a seated player" in _line_of("game start")
    assert "players only" in _line_of("game kick")
    assert "over" in _line_of("game reveal")


async def test_game_help_on_discord_fits_each_message(fake, monkeypatch, tmp_path):
    for engines, messages in (({"toy": TOY}, 1), ({"toy": TOY, "wordy": WordyEngine()}, 2)):
        service = SessionService(Store(tmp_path / f"{len(engines)}.db"), engines=engines, render=False, seed=1)
        bot = build_bot(service, Settings(_env_file=None, database_path=tmp_path / f"{len(engines)}.db"))
        fake.install(bot, monkeypatch)
        await bot.login("test-token")
        try:
            before = len(fake.followups())
            await dispatch(bot, fake.slash("game help"))
            sent = fake.followups()[before:]
            assert len(sent) == messages
            assert all(r.flags & EPHEMERAL and len(r.content) <= MAX_MESSAGE < MESSAGE_LIMIT for r in sent)
            assert sent[0].content.startswith(HELP)  # every command in the first message
            assert "High Card options: target" in "\n".join(r.content for r in sent)
        finally:
            await bot.close()
