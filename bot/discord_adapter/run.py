"""Starting the bot: ``run_bot(settings)`` blocks until the bot is stopped (Ctrl+C)."""

from __future__ import annotations

import logging

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


def run_bot(settings: Settings, *, sync: bool | None = None) -> None:
    """Run the Discord bot until it is stopped. Blocking.

    Raises ``MissingTokenError`` without a token, and ``SystemExit`` with a one-line message
    when Discord rejects the token. The token itself is never logged or printed.
    """
    if settings.discord_token is None:
        raise MissingTokenError(MISSING_TOKEN_HELP)
    bot = build_bot(create_service(settings), settings, sync=sync)
    logging_options: dict[str, object] = {"log_level": settings.log_level_number, "root_logger": True}
    if logging.getLogger().handlers:
        # The caller (e.g. `gamemaster run`) configured logging already; a second handler from
        # discord.py would print every line twice.
        logging_options = {"log_handler": None}
    try:
        bot.run(settings.discord_token.get_secret_value(), **logging_options)  # type: ignore[arg-type]
    except discord.LoginFailure:
        raise SystemExit(BAD_TOKEN_HELP) from None
    except discord.PrivilegedIntentsRequired:  # not expected: the bot asks for none
        raise SystemExit("Discord refused the gateway intents the bot asked for.") from None
