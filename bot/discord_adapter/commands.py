"""The slash commands: ``/game ...``, ``/play`` and ``/rules``, all in one tree.

Each command only gathers its options and hands them to ``GameMasterBot.run_invocation``;
every answer comes from the session service. Option names match the local table's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord_adapter.invocations import invocation_from

if TYPE_CHECKING:
    from bot.discord_adapter.client import GameMasterBot

Command = app_commands.Command | app_commands.Group


def _bot(interaction: discord.Interaction) -> GameMasterBot:
    return interaction.client  # type: ignore[return-value]


async def _run(interaction: discord.Interaction, command: str, **options: object) -> None:
    await _bot(interaction).run_invocation(interaction, invocation_from(interaction, command, options))


def _completer(command: str, option: str):
    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await _bot(interaction).choices(interaction, command, option, current)

    return complete


def build_commands() -> list[Command]:
    """Fresh command objects for one tree (a tree owns its commands, so each client builds its own)."""
    game = app_commands.Group(
        name="game",
        description="Open, join and run a board game in this channel",
        guild_only=True,
        allowed_contexts=app_commands.AppCommandContext(guild=True),
    )

    @game.command(name="new", description="Open a new game in this channel")
    @app_commands.describe(
        game="Which game to play",
        options="Variant and options (see /rules)",
        pace="live (minutes) or async (play by post over days); sets the clock and reminder defaults",
        clock='Each player\'s time: bank+increment like "10m+30s" or "3d+12h", or "off"',
        timeout="When a player's time runs out: skip their move, let an AI play them, or the others vote",
        bots="How many seats AI players take",
        remind='How long a move may wait before a reminder, like "2m" or "24h", or "off"',
        reminders="At most how many reminders per move",
    )
    @app_commands.choices(
        pace=[app_commands.Choice(name=p, value=p) for p in ("live", "async")],
        timeout=[app_commands.Choice(name=t, value=t) for t in ("skip", "bot", "vote")],
    )
    @app_commands.autocomplete(game=_completer("game new", "game"), options=_completer("game new", "options"))
    async def game_new(
        interaction: discord.Interaction,
        game: str,
        options: str | None = None,
        pace: str | None = None,
        clock: str | None = None,
        timeout: str | None = None,
        bots: app_commands.Range[int, 0, 9] | None = None,
        remind: str | None = None,
        reminders: app_commands.Range[int, 0, 20] | None = None,
    ) -> None:
        await _run(interaction, "game new", game=game, options=options, pace=pace, clock=clock, timeout=timeout,
                   bots=bots, remind=remind, reminders=reminders)

    @game.command(name="join", description="Take a seat at this channel's game")
    @app_commands.describe(seat="The seat you want (default: the first free one)")
    @app_commands.autocomplete(seat=_completer("game join", "seat"))
    async def game_join(interaction: discord.Interaction, seat: str | None = None) -> None:
        await _run(interaction, "game join", seat=seat)

    @game.command(name="leave", description="Leave this channel's game (an AI takes your seat where the game allows)")
    async def game_leave(interaction: discord.Interaction) -> None:
        await _run(interaction, "game leave")

    @game.command(name="start", description="Start the game once the seats are filled")
    async def game_start(interaction: discord.Interaction) -> None:
        await _run(interaction, "game start")

    @game.command(name="status", description="Who plays, whose move it is")
    async def game_status(interaction: discord.Interaction) -> None:
        await _run(interaction, "game status")

    @game.command(name="board", description="Post the board image again")
    async def game_board(interaction: discord.Interaction) -> None:
        await _run(interaction, "game board")

    @game.command(name="hand", description="Your private view, only for you")
    async def game_hand(interaction: discord.Interaction) -> None:
        await _run(interaction, "game hand")

    @game.command(name="log", description="The last moves of this game")
    @app_commands.describe(count="How many entries (default: the service's choice)")
    async def game_log(
        interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] | None = None
    ) -> None:
        await _run(interaction, "game log", count=count)

    @game.command(name="abort", description="End this channel's game (creator or Manage Channels)")
    async def game_abort(interaction: discord.Interaction) -> None:
        await _run(interaction, "game abort")

    @game.command(name="help", description="How to play with Game Master")
    async def game_help(interaction: discord.Interaction) -> None:
        await _run(interaction, "game help")

    @game.command(name="mine", description="Your games in this server, those waiting on you first")
    async def game_mine(interaction: discord.Interaction) -> None:
        await _run(interaction, "game mine")

    @game.command(name="notify", description="How you are told that a game waits for your move")
    @app_commands.describe(mode="dm, a mention in the channel, both, or off (empty: show your setting)")
    @app_commands.choices(mode=[app_commands.Choice(name=m, value=m) for m in ("dm", "mention", "both", "off")])
    async def game_notify(interaction: discord.Interaction, mode: str | None = None) -> None:
        await _run(interaction, "game notify", mode=mode)

    @game.command(name="undo", description="Take back your last step, while nobody else has acted since")
    async def game_undo(interaction: discord.Interaction) -> None:
        await _run(interaction, "game undo")

    @game.command(name="replace", description="Give a player's seats to someone else (creator or Manage Channels)")
    @app_commands.describe(old="The player who leaves their seats", new="The player who takes them")
    async def game_replace(interaction: discord.Interaction, old: discord.User, new: discord.User) -> None:
        await _run(interaction, "game replace", old=old, new=new)

    @game.command(name="kick", description="Ask the other players to vote a player out")
    @app_commands.describe(player="The player to vote on")
    async def game_kick(interaction: discord.Interaction, player: discord.User) -> None:
        await _run(interaction, "game kick", player=player)

    @game.command(name="resume-seat", description="Take your seat back from the AI after a time-out")
    async def game_resume_seat(interaction: discord.Interaction) -> None:
        await _run(interaction, "game resume-seat")

    @app_commands.command(name="play", description="Make your move; leave action empty to list your choices")
    @app_commands.guild_only()
    @app_commands.describe(action="Your move in the game's notation",
                           seat="Which of your seats moves, when you hold several")
    @app_commands.autocomplete(action=_completer("play", "action"), seat=_completer("play", "seat"))
    async def play(interaction: discord.Interaction, action: str | None = None, seat: str | None = None) -> None:
        await _run(interaction, "play", action=action, seat=seat)

    @app_commands.command(name="rules", description="A quick reference of a game's rules")
    @app_commands.describe(game="Which game (default: the one in this channel)", topic="Which part")
    @app_commands.autocomplete(game=_completer("rules", "game"), topic=_completer("rules", "topic"))
    async def rules(
        interaction: discord.Interaction, game: str | None = None, topic: str | None = None
    ) -> None:
        await _run(interaction, "rules", game=game, topic=topic)

    return [game, play, rules]
