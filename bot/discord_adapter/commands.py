"""The slash commands: ``/game ...``, ``/play``, ``/rules`` and ``/gm settings``, all in one tree.

Each command only gathers its options and hands them to ``GameMasterBot.run_invocation``;
every answer comes from the session service. Option names match the local table's.
"""

from __future__ import annotations

from dataclasses import replace
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
        thread="Open the game in a thread of its own (default: the server's /gm settings)",
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
        thread: bool | None = None,
    ) -> None:
        await _run(interaction, "game new", game=game, options=options, pace=pace, clock=clock, timeout=timeout,
                   bots=bots, remind=remind, reminders=reminders, thread=thread)

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

    @game.command(name="log", description="The moves of this game so far, in pages, only for you")
    @app_commands.describe(count="Entries per page (default 10)", page="Which page (1, the default, is the newest)")
    async def game_log(
        interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] | None = None,
        page: app_commands.Range[int, 1, 100000] | None = None,
    ) -> None:
        await _run(interaction, "game log", count=count, page=page)

    @game.command(name="list", description="The games of this server: where, who plays, whose move it is")
    async def game_list(interaction: discord.Interaction) -> None:
        await _run(interaction, "game list")

    @game.command(name="replay", description="An animated replay of this channel's game (or its last one)")
    async def game_replay(interaction: discord.Interaction) -> None:
        await _run(interaction, "game replay")

    @game.command(name="reveal", description="Once a game is over: every seat's final hidden screen, only for you")
    async def game_reveal(interaction: discord.Interaction) -> None:
        await _run(interaction, "game reveal")

    @game.command(name="stats", description="Wins, losses and games in this server, per game")
    @app_commands.describe(user="Whose record (default: yours)")
    async def game_stats(interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await _run(interaction, "game stats", user=user)

    @game.command(name="leaderboard", description="This server's players of one game, most wins first")
    @app_commands.describe(game="Which game (default: the one in this channel)")
    @app_commands.autocomplete(game=_completer("rules", "game"))
    async def game_leaderboard(interaction: discord.Interaction, game: str | None = None) -> None:
        await _run(interaction, "game leaderboard", game=game)

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

    @game.command(name="follow", description="Copy a game's board posts and results to this channel (Manage Channels)")
    @app_commands.describe(game="The game: its #channel or its id")
    @app_commands.autocomplete(game=_completer("game follow", "game"))
    async def game_follow(interaction: discord.Interaction, game: str) -> None:
        await _run(interaction, "game follow", game=game)

    @game.command(name="unfollow", description="Stop copying a game's posts to this channel (Manage Channels)")
    @app_commands.describe(game="Which game (default: every game this channel follows)")
    @app_commands.autocomplete(game=_completer("game unfollow", "game"))
    async def game_unfollow(interaction: discord.Interaction, game: str | None = None) -> None:
        await _run(interaction, "game unfollow", game=game)

    gm = app_commands.Group(
        name="gm",
        description="Game Master's settings for this server",
        guild_only=True,
        allowed_contexts=app_commands.AppCommandContext(guild=True),
        default_permissions=discord.Permissions(manage_guild=True),
    )

    @gm.command(name="settings", description="Show this server's game settings, or change them (Manage Server)")
    @app_commands.describe(
        pace="Default pace of new games: live or async",
        clock='Default clock, like "15m+1m" or "3d+1d", or "off"',
        timeout="Default when a player's time runs out: skip, bot or vote",
        remind='Default wait before a reminder, like "2m" or "24h", or "off"',
        reminders="Default most reminders per move",
        feed="A channel that follows every new game here (its board posts and results)",
        thread="Open every new game in a thread of its own",
        games='Which games may be opened here: "all" or names, like "kaploom"',
        dms="Send players their screens and reminders by direct message (off: My screen and /game hand only)",
        reset="Put one setting (or all) back to its default",
    )
    @app_commands.choices(
        pace=[app_commands.Choice(name=p, value=p) for p in ("live", "async")],
        timeout=[app_commands.Choice(name=t, value=t) for t in ("skip", "bot", "vote")],
        reset=[app_commands.Choice(name=n, value=n) for n in ("pace", "clock", "timeout", "remind", "reminders",
                                                                "feed", "thread", "games", "dms", "all")],
    )
    @app_commands.autocomplete(games=_completer("gm settings", "games"))
    async def gm_settings(
        interaction: discord.Interaction,
        pace: str | None = None,
        clock: str | None = None,
        timeout: str | None = None,
        remind: str | None = None,
        reminders: app_commands.Range[int, 0, 20] | None = None,
        feed: app_commands.AppCommandChannel | None = None,
        thread: bool | None = None,
        games: str | None = None,
        dms: bool | None = None,
        reset: str | None = None,
    ) -> None:
        if feed is not None and feed.type not in (discord.ChannelType.text, discord.ChannelType.news):
            await interaction.response.send_message(
                f"{feed.mention} cannot be a feed: pick a text channel. Nothing was changed.", ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none())
            return
        options = {"pace": pace, "clock": clock, "timeout": timeout, "remind": remind, "reminders": reminders,
                   "feed": str(feed.id) if feed is not None else None, "thread": thread, "games": games, "dms": dms,
                   "reset": reset}
        invocation = invocation_from(interaction, "gm settings", options)
        # /gm settings asks for Manage Server: the service reads it where /game asks for Manage Channels.
        invocation = replace(invocation, can_manage_channel=interaction.permissions.manage_guild)
        await _bot(interaction).run_invocation(interaction, invocation)

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

    return [game, play, rules, gm]
