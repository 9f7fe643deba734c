from __future__ import annotations

import pytest
from discord_fakes import FakeDiscord
from scripted_service import ScriptedService

from bot.discord_adapter import GameMasterBot, build_bot
from bot.settings import Settings


@pytest.fixture
def fake() -> FakeDiscord:
    return FakeDiscord()


@pytest.fixture
def service() -> ScriptedService:
    return ScriptedService()


@pytest.fixture
async def start_bot(fake, monkeypatch):
    """Log a real client in against the fake Discord (this runs its setup_hook)."""
    started: list[GameMasterBot] = []

    async def start(service, *, sync: bool | None = None, **settings: object) -> GameMasterBot:
        bot = build_bot(service, Settings(_env_file=None, **settings), sync=sync)
        fake.install(bot, monkeypatch)
        await bot.login("test-token")
        started.append(bot)
        return bot

    yield start
    for client in started:
        await client.close()


@pytest.fixture
async def bot(start_bot, service) -> GameMasterBot:
    return await start_bot(service)
