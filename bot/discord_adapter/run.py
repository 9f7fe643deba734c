"""Starting the bot: ``run_bot(settings)`` blocks until the bot is stopped (Ctrl+C)."""

from __future__ import annotations

import logging

import aiohttp
import discord

from bot.discord_adapter.client import GameMasterBot
from bot.discord_adapter.service_api import SessionServiceAPI
from bot.settings import MISSING_TOKEN_HELP, Settings

log = logging.getLogger(__name__)

BAD_TOKEN_HELP = (
    "Discord rejected the bot token in DISCORD_TOKEN. Reset it on the Bot page of your "
    "application at https://discord.com/developers/applications and update your .env."
)


class MissingTokenError(RuntimeError):
    """No DISCORD_TOKEN: the message says how to get one and where the local table is."""


def build_bot(service: SessionServiceAPI, settings: Settings, *, sync: bool | None = None) -> GameMasterBot:
    """A client around ``service``. ``sync`` (default: ``settings.sync_commands``) publishes the
    global commands at start-up; ``settings.dev_guild_id`` always gets them instantly."""
    return GameMasterBot(
        service,
        dev_guild_id=settings.dev_guild_id,
        sync_global=settings.sync_commands if sync is None else sync,
    )


def create_service(settings: Settings) -> SessionServiceAPI:
    from bot.service import SessionService

    return SessionService.from_settings(settings)


def check_database(settings: Settings) -> None:
    """Open (and migrate) the database before connecting to Discord, so a bad path or file is
    reported at once, in one line, and not after a login."""
    import asyncio

    from bot.service.store import Store

    async def probe() -> None:
        store = Store(settings.database_path)
        await store.open()
        await store.close()

    asyncio.run(probe())


def gateway_failure(error: BaseException) -> str | None:
    """One line for a host whose bot could not reach or stay on Discord's gateway, or None."""
    if isinstance(error, discord.LoginFailure):
        return BAD_TOKEN_HELP
    if isinstance(error, discord.PrivilegedIntentsRequired):  # not expected: the bot asks for none
        return "Discord refused the gateway intents the bot asked for."
    if isinstance(error, discord.ConnectionClosed):
        if error.code == 4004:
            return ("Discord closed the connection because the token was refused (close code 4004). "
                    "Reset it on the Bot page at https://discord.com/developers/applications and update DISCORD_TOKEN.")
        reason = f": {error.reason}" if getattr(error, "reason", None) else ""
        return f"Discord closed the gateway connection (close code {error.code}{reason}); start the bot again."
    if isinstance(error, discord.GatewayNotFound):
        return "Discord's gateway could not be found; Discord may be down. Try again in a few minutes."
    if isinstance(error, aiohttp.ClientError | OSError | TimeoutError):
        return (f"Could not reach Discord ({type(error).__name__}: {' '.join(str(error).split())[:160]}). "
                "Check this machine's network connection, then start the bot again.")
    return None


def run_bot(settings: Settings, *, sync: bool | None = None) -> None:
    """Run the Discord bot until it is stopped. Blocking.

    Raises ``MissingTokenError`` without a token, and ``SystemExit`` with a one-line message (a
    non-zero exit) when the database cannot be used, Discord cannot be reached or rejects the
    token. The token itself is never logged or printed.
    """
    from bot.service.store import StorageError

    if settings.discord_token is None:
        raise MissingTokenError(MISSING_TOKEN_HELP)
    try:
        check_database(settings)
    except StorageError as err:
        raise SystemExit(str(err)) from None
    bot = build_bot(create_service(settings), settings, sync=sync)
    logging_options: dict[str, object] = {"log_level": settings.log_level_number, "root_logger": True}
    if logging.getLogger().handlers:
        # The caller (e.g. `gamemaster run`) configured logging already; a second handler from
        # discord.py would print every line twice.
        logging_options = {"log_handler": None}
    try:
        bot.run(settings.discord_token.get_secret_value(), **logging_options)  # type: ignore[arg-type]
    except StorageError as err:
        raise SystemExit(str(err)) from None
    except (discord.DiscordException, aiohttp.ClientError, OSError, TimeoutError) as err:
        line = gateway_failure(err)
        if line is None:
            raise
        raise SystemExit(line) from None
