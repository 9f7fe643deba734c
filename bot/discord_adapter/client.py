"""The discord.py client: one command tree, persistent components, and the path every
interaction takes to the session service and back."""

from __future__ import annotations

import asyncio
import logging
import weakref

import discord
from discord import app_commands

from bot.discord_adapter.commands import build_commands
from bot.discord_adapter.components import DYNAMIC_ITEMS
from bot.discord_adapter.delivery import Delivery, DiscordOutbox
from bot.discord_adapter.living import LivingMessages
from bot.discord_adapter.service_api import SessionServiceAPI
from bot.discord_adapter.text import clip
from bot.service.messages import Invocation

log = logging.getLogger(__name__)

SOMETHING_WENT_WRONG = "Something went wrong. /game status shows where the game stands."
SERVER_ONLY = "This command only works in a server channel or thread."
AUTOCOMPLETE_BUDGET_SECONDS = 2.0  # Discord drops autocomplete answers after 3 s
CHOICES_LIMIT = 25
CHOICE_TEXT_LIMIT = 100
_NO_MENTIONS = discord.AllowedMentions.none()

# The bot never joins voice: discord.py's warnings that voice libraries are missing are noise in
# every host's log.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False


class GameMasterTree(app_commands.CommandTree):
    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError, /
    ) -> None:
        if interaction.command is not None:
            command = interaction.command.qualified_name
        else:  # not (or no longer) one of ours, e.g. renamed since the last sync
            command = str((interaction.data or {}).get("name", "?"))
        if isinstance(error, app_commands.NoPrivateMessage):
            await tell_privately(interaction, SERVER_ONLY)
            return
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        log.error("command /%s failed in channel %s", command, interaction.channel_id, exc_info=cause)
        await tell_privately(interaction, SOMETHING_WENT_WRONG)


class GameMasterBot(discord.Client):
    """A client whose slash commands and components all end in ``service.handle``."""

    def __init__(
        self,
        service: SessionServiceAPI,
        *,
        dev_guild_id: int | None = None,
        sync_global: bool = False,
        **options: object,
    ) -> None:
        super().__init__(
            intents=discord.Intents.default(),  # slash commands need no privileged intent
            allowed_mentions=discord.AllowedMentions.none(),  # each message names whom it may ping
            **options,  # type: ignore[arg-type]
        )
        self.service = service
        self.dev_guild_id = dev_guild_id
        self.sync_global = sync_global
        self.tree = GameMasterTree(self)
        for command in build_commands():
            self.tree.add_command(command)
        self._channel_locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._service_started = False
        # Threads that commands came from: /game new there opens the game in that thread.
        self.thread_ids: set[int] = set()
        self.living = LivingMessages()  # where each board and panel message is, to edit it
        self._service_closed = False

    async def setup_hook(self) -> None:
        # setup_hook runs once per login, before the gateway connects; on_ready may fire again on
        # every reconnect, so registration belongs here.
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        attach = getattr(self.service, "attach", None)
        if attach is not None:  # what the service says on its own (timers, AI seats) goes out here
            attach(DiscordOutbox(self, self._lock_for))
        await self.service.start()
        self._service_started = True
        await self.sync_commands()

    async def sync_commands(self) -> None:
        try:
            if self.dev_guild_id is not None:
                guild = discord.Object(id=self.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
                log.info("synced %d commands to dev guild %s", len(synced), self.dev_guild_id)
            if self.sync_global:
                synced = await self.tree.sync()
                log.info("synced %d global commands (may take up to an hour to show everywhere)", len(synced))
        except discord.HTTPException as error:
            # Usually the bot was invited without the applications.commands scope.
            log.error("command sync failed (%s %s): %s", error.status, error.code, error.text)

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            if self._service_started and not self._service_closed:
                self._service_closed = True
                await self.service.close()

    def _lock_for(self, channel_id: str) -> asyncio.Lock:
        lock = self._channel_locks.get(channel_id)
        if lock is None:
            lock = asyncio.Lock()
            self._channel_locks[channel_id] = lock
        return lock

    async def run_invocation(self, interaction: discord.Interaction, invocation: Invocation) -> None:
        """Acknowledge, ask the service, deliver its outputs.

        The acknowledgement is an ephemeral "thinking" reply, sent before anything else so the
        3-second deadline always holds. Because it is ephemeral, errors and private answers reach
        only the invoker even for public commands; public outputs are posted with channel.send.
        When nothing private was said, the thinking reply is deleted.
        """
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
        except discord.HTTPException as error:
            # Too late (10062) or already answered: Discord told the user it failed, so do not
            # apply a command they will probably retry.
            log.warning("could not acknowledge /%s (%s %s)", invocation.command, error.status, error.code)
            return
        if isinstance(interaction.channel, discord.Thread) and interaction.channel_id is not None:
            if len(self.thread_ids) > 100_000:
                self.thread_ids.clear()
            self.thread_ids.add(interaction.channel_id)
        try:
            # Outputs of one channel go out in the order the service applied the commands.
            async with self._lock_for(invocation.channel_id):
                outputs = await self.service.handle(invocation)
                report = await Delivery(self, interaction).deliver(outputs)
        except Exception:
            log.exception("/%s failed in channel %s", invocation.command, invocation.channel_id)
            await tell_privately(interaction, SOMETHING_WENT_WRONG)
            return
        if report.ephemeral_sent == 0:
            try:
                await interaction.delete_original_response()
            except discord.HTTPException:
                log.debug("could not delete the thinking reply for /%s", invocation.command)

    async def choices(
        self, interaction: discord.Interaction, command: str, option: str, typed: str | None
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete suggestions from the service, within Discord's limits and deadline."""
        note_guild = getattr(self.service, "note_guild", None)
        if note_guild is not None and interaction.guild_id is not None:
            note_guild(str(interaction.channel_id), str(interaction.guild_id))  # which server's games to offer
        try:
            pairs = await asyncio.wait_for(
                self.service.autocomplete(
                    str(interaction.channel_id), interaction.user.id, command, option, typed or ""
                ),
                timeout=AUTOCOMPLETE_BUDGET_SECONDS,
            )
        except TimeoutError:
            log.warning("autocomplete for /%s %s took too long", command, option)
            return []
        except Exception:
            log.exception("autocomplete for /%s %s failed", command, option)
            return []
        choices: list[app_commands.Choice[str]] = []
        for label, value in pairs:
            if not value or len(value) > CHOICE_TEXT_LIMIT:
                continue  # Discord rejects the whole answer for one oversized value
            choices.append(app_commands.Choice(name=clip(label or value, CHOICE_TEXT_LIMIT), value=value))
            if len(choices) == CHOICES_LIMIT:
                break
        return choices


async def tell_privately(interaction: discord.Interaction, text: str) -> None:
    """One ephemeral line to the invoker, whether or not the interaction was acknowledged yet."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=_NO_MENTIONS)
        else:
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=_NO_MENTIONS)
    except discord.HTTPException as error:
        log.warning("could not send an ephemeral note (%s %s)", error.status, error.code)
