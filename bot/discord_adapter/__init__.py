"""The thin discord.py transport for the session service.

Entry points
  ``run_bot(settings, *, sync=None)`` blocks until the bot stops; ``gamemaster run`` calls it.
  ``build_bot(service, settings, *, sync=None)`` returns the configured client (tests use it).

Slash commands (one tree, ``commands``): ``/game new|join|leave|start|status|board|hand|log|mine|
notify|undo|replace|kick|resume-seat|abort|list|replay|reveal|stats|leaderboard|follow|unfollow|help``,
``/gm settings``, ``/play [action] [seat]`` and ``/rules [game] [topic]``; ``game``, ``options``,
``seat``, ``action``, ``topic`` and ``games`` autocomplete from ``service.autocomplete``.
``/game``, ``/gm`` and ``/play`` are server-only; ``/gm`` is for Manage Server by default.

Publishing the commands to Discord (never done on an ordinary start):
  - ``DEV_GUILD_ID=<server id>``: every start copies the commands to that server, instantly.
  - ``SYNC_COMMANDS=true`` for one start (or ``run_bot(settings, sync=True)``): publishes the
    global commands; Discord may take up to an hour to show them everywhere.

Every interaction is acknowledged first with an ephemeral "thinking" reply, within Discord's 3 s;
public outputs are then posted with ``channel.send``, private ones as ephemeral followups or DMs,
and the thinking reply is deleted when nothing private was said. A click that edits its own
message (a step through a menu, Older / Newer under a log page) is acknowledged as an update
instead, and its answer edits the clicked message. Buttons and selects are ``DynamicItem``s
(``gm:b:<game>:<token>:<action>``, ``gm:s:<game>:<token>``), registered in setup_hook, so they
keep working after a restart. Board and panel messages are edited in place while younger than an
hour (``living``). See ``components``, ``delivery`` and ``living``.
"""

from bot.discord_adapter.client import GameMasterBot
from bot.discord_adapter.run import MissingTokenError, build_bot, run_bot

__all__ = ["GameMasterBot", "MissingTokenError", "build_bot", "run_bot"]
