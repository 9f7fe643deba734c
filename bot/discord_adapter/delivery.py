"""Delivering the service's outputs: channel posts, ephemeral replies and DMs.

For a command or a click, the interaction has already been deferred ephemerally, so:
- CHANNEL outputs go out as ordinary bot messages (``channel.send``). Board posts never depend
  on the 15-minute interaction token and are never edited later.
- EPHEMERAL outputs are followups on the deferred reply, visible to the invoker only.
- DM outputs go to the user's DM channel. When Discord refuses (50007: DMs closed, or any other
  HTTP error) the channel gets the output's ``dm_fallback`` with a mention, and nothing else.
What the service says on its own (``DiscordOutbox``) has no interaction: channel posts and DMs go
out the same way, and a private answer goes by DM.

Threads. A game may live in a thread (``DiscordOutbox.open_thread`` creates it when the service
asks, with the longest auto-archive Discord accepts). A thread archives itself after that long
without messages, which a game played by post easily reaches: before posting in a thread known
to be archived, and when Discord answers that it is (50083), the thread is unarchived and the post
sent again.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.discord_adapter.components import view_for
from bot.discord_adapter.text import split_message
from bot.service.messages import Output, Target, TargetKind

log = logging.getLogger(__name__)

CANNOT_DM = 50007
THREAD_ARCHIVED = 50083  # "Thread is archived"
INVALID_FORM = 50035
NOT_A_THREAD_PARENT = 50024  # "Cannot execute action on this channel type"
THREAD_ARCHIVE_MINUTES = (10080, 4320, 1440, 60)  # the longest first: 7 days, 3 days, 1 day, 1 hour
PUBLIC_THREAD = 11
DEFAULT_DM_FALLBACK = "I can't send you direct messages. Use /game hand to see your private view."
CANNOT_POST = "I can't post in this channel (missing permission), so the public part of that reply was lost."
POST_FAILED = "Part of the reply could not be posted in the channel; /game board posts the board again."


def allowed_mentions(output: Output) -> discord.AllowedMentions:
    """Only the users the service means to notify may be pinged: a display name written as
    ``<@id>`` or ``@everyone`` stays text that pings nobody."""
    if not output.mentions:
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=uid) for uid in output.mentions])


@dataclass
class DeliveryReport:
    ephemeral_sent: int = 0
    dm_failed_users: set[int] = field(default_factory=set)
    post_failed: bool = False


class Delivery:
    """Delivers one batch of outputs: those answering an interaction, or (``interaction`` None)
    those the service sends on its own — a timer, an AI seat, a reminder. Without an interaction
    nobody can be answered ephemerally, so a private output goes by DM."""

    def __init__(self, client: discord.Client, interaction: discord.Interaction | None) -> None:
        self.client = client
        self.interaction = interaction
        self.report = DeliveryReport()
        self.game_channel_id = str(interaction.channel_id) if interaction is not None else ""

    async def deliver(self, outputs: list[Output]) -> DeliveryReport:
        # DM fallbacks belong in the game's channel. That is where the interaction came from,
        # except for a click on a button in a DM: then the batch's channel posts name it.
        for output in outputs:
            if output.target.kind is TargetKind.CHANNEL and output.target.channel_id is not None:
                self.game_channel_id = output.target.channel_id
                break
        for output in outputs:
            kind = output.target.kind
            if kind is TargetKind.CHANNEL:
                await self._to_channel(output)
            elif kind is TargetKind.EPHEMERAL:
                if self.interaction is not None and output.target.user_id in (None, self.interaction.user.id):
                    await self._ephemeral(output.text, output)
                elif output.target.user_id is not None:
                    # Only the invoker can see an ephemeral reply; anyone else is reached by DM.
                    await self._to_dm(output, output.target.user_id)
            elif kind is TargetKind.DM:
                user_id = output.target.user_id or (self.interaction.user.id if self.interaction else None)
                if user_id is not None:
                    await self._to_dm(output, user_id)
        return self.report

    async def _to_channel(self, output: Output) -> None:
        channel_id = output.target.channel_id or self.game_channel_id
        if not channel_id:
            return
        channel: discord.abc.Messageable | None = None
        if self.interaction is not None and channel_id == str(self.interaction.channel_id):
            channel = self.interaction.channel  # type: ignore[assignment]
        if channel is None:  # another channel (a click in a DM posts to the game's channel)
            channel = self.client.get_partial_messageable(int(channel_id))
        try:
            await self._in_open_channel(channel, int(channel_id), output)
        except discord.HTTPException as error:
            # The service has already acted: say what was lost and carry on with the rest.
            log.warning("posting in channel %s failed (%s %s)", channel_id, error.status, error.code)
            if not self.report.post_failed and self.interaction is not None:
                self.report.post_failed = True
                await self._ephemeral(CANNOT_POST if isinstance(error, discord.Forbidden) else POST_FAILED)

    async def _to_dm(self, output: Output, user_id: int) -> None:
        if user_id in self.report.dm_failed_users:
            return  # already told once in this batch; never post the fallback twice
        try:
            dm = await self.client.create_dm(discord.Object(id=user_id))
            await self._send(dm, output)
        except discord.HTTPException as error:
            if error.code == CANNOT_DM:
                log.info("DMs closed for user %s; posting the fallback", user_id)
            else:
                log.warning("DM to user %s failed (%s %s)", user_id, error.status, error.code)
            self.report.dm_failed_users.add(user_id)
            if not (output.target.channel_id or self.game_channel_id):
                return
            self.game_channel_id = self.game_channel_id or output.target.channel_id or ""
            fallback = output.dm_fallback or DEFAULT_DM_FALLBACK
            await self._to_channel(
                Output(target=Target.channel(self.game_channel_id), text=f"<@{user_id}> {fallback}",
                       mentions=(user_id,))
            )

    async def _in_open_channel(self, channel: Any, channel_id: int, output: Output) -> None:
        """Post in a channel, unarchiving it first when it is a game's archived thread."""
        cached = self.client.get_channel(channel_id)
        if isinstance(cached, discord.Thread) and cached.archived:
            await unarchive(self.client, channel_id)
        try:
            await self._send(channel, output)
        except discord.HTTPException as error:
            if error.code != THREAD_ARCHIVED or not await unarchive(self.client, channel_id):
                raise
            await self._send(channel, output)

    async def _send(self, destination: Any, output: Output) -> None:
        living = getattr(self.client, "living", None)
        if output.slot is not None and living is not None:
            await living.send(destination, output, send_chunks)
        else:
            await send_chunks(destination, output)

    async def _ephemeral(self, text: str, output: Output | None = None) -> None:
        if self.interaction is None:
            return
        chunks = split_message(text) or [""]
        last = len(chunks) - 1
        for index, chunk in enumerate(chunks):
            extras = _attachments(output) if output is not None and index == last else {}
            if not chunk and not extras:
                continue
            await self.interaction.followup.send(
                content=chunk or None,
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
                **extras,
            )
            self.report.ephemeral_sent += 1


async def send_chunks(destination: discord.abc.Messageable, output: Output) -> discord.Message | None:
    """Send ``output`` as one or more messages; the image and components ride on the last one,
    which is returned."""
    chunks = split_message(output.text) or [""]
    last = len(chunks) - 1
    sent = None
    for index, chunk in enumerate(chunks):
        extras = _attachments(output) if index == last else {}
        if not chunk and not extras:
            continue
        sent = await destination.send(
            content=chunk or None,
            allowed_mentions=allowed_mentions(output),
            **extras,
        )
    return sent


def _attachments(output: Output) -> dict[str, object]:
    extras: dict[str, object] = {}
    if output.image is not None:
        extras["file"] = discord.File(io.BytesIO(output.image), filename=output.image_name)
    view = view_for(output)
    if view is not None:
        extras["view"] = view
    return extras


async def unarchive(client: discord.Client, channel_id: int) -> bool:
    """Unarchive a thread (PATCH archived=false); False when Discord refuses (a locked thread)."""
    try:
        await client.http.edit_channel(channel_id, archived=False, reason="Game Master: the game in this thread goes on")
    except discord.HTTPException as error:
        log.warning("could not unarchive thread %s (%s %s)", channel_id, error.status, error.code)
        return False
    log.info("unarchived thread %s to post in it", channel_id)
    return True


def thread_refusal(error: discord.HTTPException) -> str:
    """One line for the user whose /game new could not open its thread."""
    if isinstance(error, discord.Forbidden):
        return ("I may not open threads here (I need Create Public Threads and Send Messages in Threads). "
                "Use thread:false, or ask a moderator. Nothing was changed.")
    if error.code == NOT_A_THREAD_PARENT:
        return "Threads cannot be opened in this channel; use thread:false. Nothing was changed."
    return (f"Discord did not open a thread ({error.status} {error.code}); try again, or use thread:false. "
            "Nothing was changed.")


class DiscordOutbox:
    """The service's outbox on Discord: pushed outputs are delivered like an interaction's, in the
    order the service produced them for each game channel. It also opens games' threads."""

    def __init__(self, client: discord.Client, lock_for: Any) -> None:
        self.client = client
        self.lock_for = lock_for

    async def push(self, outputs: list[Output]) -> None:
        channel = next((o.target.channel_id for o in outputs if o.target.channel_id), "")
        async with self.lock_for(channel):
            await Delivery(self.client, None).deliver(outputs)

    async def open_thread(self, parent: str, name: str) -> str:
        """A public thread under channel ``parent`` for a new game; its id. Asked inside a thread,
        that thread (a thread holds no threads). Raises ``ThreadRefused`` with one line."""
        from bot.service.server import ThreadRefused

        parent_id = int(parent)
        if parent_id in getattr(self.client, "thread_ids", ()) or isinstance(
                self.client.get_channel(parent_id), discord.Thread):
            return parent
        for minutes in THREAD_ARCHIVE_MINUTES:
            try:
                thread = await self.client.http.start_thread_without_message(
                    parent_id, name=name[:100] or "game", auto_archive_duration=minutes,  # type: ignore[arg-type]
                    type=PUBLIC_THREAD, reason="Game Master: a game in its own thread")
            except discord.HTTPException as error:
                if error.status == 400 and error.code == INVALID_FORM:
                    continue  # a duration this server does not allow: the next longest
                log.warning("opening a thread in %s failed (%s %s)", parent, error.status, error.code)
                raise ThreadRefused(thread_refusal(error)) from None
            return str(thread["id"])
        raise ThreadRefused("Discord accepted no auto-archive duration for a thread here; use thread:false. "
                            "Nothing was changed.")
