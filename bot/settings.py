"""Settings for ``gamemaster run``, read from the environment and from ``.env``.

The Discord token is a ``SecretStr``: its repr and str are masked, so printing or logging the
settings never shows it. Only ``discord_adapter.run_bot`` unwraps it, to hand it to discord.py.
"""

from __future__ import annotations

import logging
from pathlib import Path

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

_LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")

MISSING_TOKEN_HELP = (
    "No Discord bot token is set, so the bot cannot connect. To create one: open "
    "https://discord.com/developers/applications, choose New Application, open the Bot page, "
    "press Reset Token and copy the token; then put DISCORD_TOKEN=<your token> in a .env file "
    "next to where you run gamemaster (see .env.example) or in the environment. Invite the bot "
    "with the OAuth2 URL Generator (scopes: bot and applications.commands; permissions: Send "
    "Messages, Send Messages in Threads, Attach Files). To try the games without Discord, use the local "
    "table: gamemaster table."
)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        case_sensitive=False,
    )

    discord_token: SecretStr | None = Field(default=None, description="Bot token (DISCORD_TOKEN).")
    database_path: Path = Field(default=Path("gamemaster.db"), description="SQLite file (DATABASE_PATH).")
    dev_guild_id: int | None = Field(
        default=None, description="Guild that gets every command instantly at start-up (DEV_GUILD_ID)."
    )
    log_level: str = Field(default="INFO", description="Python logging level (LOG_LEVEL).")
    sync_commands: bool = Field(
        default=False,
        description="Publish the global slash commands to Discord at this start-up (SYNC_COMMANDS).",
    )
    draw_processes: int | None = Field(
        default=None, ge=0, le=64,
        description="Worker processes that draw the images (DRAW_PROCESSES; empty: one per core; 0: a thread).",
    )

    @field_validator("discord_token", "dev_guild_id", "draw_processes", mode="before")
    @classmethod
    def _blank_means_unset(cls, value: object) -> object:
        # `.env.example` ships `DISCORD_TOKEN=` and `DEV_GUILD_ID=` empty: that means "not set".
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("database_path", mode="before")
    @classmethod
    def _blank_path_is_the_default(cls, value: object) -> object:
        # `DATABASE_PATH=` empty would otherwise be "." (a folder): it means "the default".
        if isinstance(value, str) and not value.strip():
            return Path("gamemaster.db")
        return value

    @field_validator("dev_guild_id")
    @classmethod
    def _snowflake(cls, value: int | None) -> int | None:
        if value is not None and not 0 < value < 2**64:
            raise ValueError("not a server id")
        return value

    @field_validator("discord_token")
    @classmethod
    def _strip_token(cls, value: SecretStr | None) -> SecretStr | None:
        if value is None:
            return None
        stripped = value.get_secret_value().strip()
        return SecretStr(stripped) if stripped else None

    @field_validator("log_level", mode="before")
    @classmethod
    def _known_level(cls, value: object) -> str:
        level = str(value).strip().upper()
        if level not in _LOG_LEVELS:
            raise ValueError(f"LOG_LEVEL must be one of {', '.join(_LOG_LEVELS)}")
        return level

    @property
    def log_level_number(self) -> int:
        return logging.getLevelName(self.log_level)


# What each setting must look like, said to a host whose value was refused.
_EXPECTED = {
    "log_level": f"one of {', '.join(_LOG_LEVELS)}",
    "dev_guild_id": "a server id: the number Discord copies with Copy Server ID (Developer Mode on), or empty",
    "sync_commands": "true or false",
    "database_path": "a file path, like gamemaster.db",
}


def settings_problem(error: ValidationError) -> str:
    """One line naming every refused setting, what it was and what it must be. The token's value
    is never repeated (it is a secret, and any string is a valid token anyway)."""
    parts = []
    for item in error.errors():
        field = str(item["loc"][0]) if item.get("loc") else "?"
        name = field.upper()
        shown = "" if field == "discord_token" else f" (it is {_short(item.get('input'))})"
        parts.append(f"{name} must be {_EXPECTED.get(field, 'valid: ' + item.get('msg', ''))}{shown}")
    return "Bad setting in the environment or .env: " + "; ".join(parts) + "."


def _short(value: object) -> str:
    text = " ".join(str(value).split())
    return repr(text if len(text) <= 40 else text[:39] + "…")
