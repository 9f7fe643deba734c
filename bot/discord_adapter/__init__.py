"""The thin discord.py transport for the session service.

Entry points: ``run_bot(settings)`` (blocking; what ``gamemaster run`` calls) and
``build_bot(service, settings)`` (a configured client, for tests and embedding).
"""

from bot.discord_adapter.client import GameMasterBot
from bot.discord_adapter.run import MissingTokenError, build_bot, run_bot

__all__ = ["GameMasterBot", "MissingTokenError", "build_bot", "run_bot"]
