"""Living messages on Discord: each slot (a game's board, a player's panel) is one message that is
edited in place while it may be, and posted anew when the service asks for a fresh one.

The service says which output belongs to which slot and whether it wants a new message
(``Output.slot``, ``Output.fresh``); this remembers where each slot's message is. A message older
than an hour is never edited (Discord's clients show old edits poorly, and a player scrolling
back should find the story where it happened): the next output posts anew. After a restart the
map is empty, so the first output of each slot is a new message.
"""

from __future__ import annotations

import contextlib
import io
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord_adapter.components import view_for
from bot.discord_adapter.text import split_message
from bot.service.messages import Output

log = logging.getLogger(__name__)

MAX_AGE = 3600.0  # seconds: never edit a message older than this
MAX_SLOTS = 50_000  # remembered slots; the oldest are forgotten (they post anew)


@dataclass(frozen=True)
class Posted:
    message_id: int
    at: float


class LivingMessages:
    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.slots: OrderedDict[str, Posted] = OrderedDict()
        self.edits = 0
        self.posts = 0

    async def send(self, destination: Any, output: Output, post: Callable[[Any, Output], Any]) -> None:
        """Deliver ``output`` (which has a slot) to ``destination``: an edit of the slot's message
        when that is allowed, else a new message via ``post`` (the old one then says ``closes``)."""
        slot = output.slot
        assert slot is not None
        now = self.clock()
        known = self.slots.get(slot)
        young = known is not None and now - known.at < MAX_AGE
        if known is not None and young and not output.fresh:
            try:
                await _edit(destination.get_partial_message(known.message_id), output)
                self.edits += 1
                return
            except discord.NotFound:
                pass  # deleted meanwhile: post anew
            except discord.HTTPException as error:
                log.warning("editing message %s failed (%s %s); posting anew", known.message_id, error.status,
                            error.code)
        message = await post(destination, output)
        self.posts += 1
        if known is not None and young and output.closes is not None:
            with contextlib.suppress(discord.HTTPException):  # else the old panel stays as it was
                await destination.get_partial_message(known.message_id).edit(
                    content=output.closes, view=None, attachments=[])
        if message is not None:
            self.slots[slot] = Posted(message.id, now)
            self.slots.move_to_end(slot)
            while len(self.slots) > MAX_SLOTS:
                self.slots.popitem(last=False)


async def _edit(message: discord.PartialMessage, output: Output) -> None:
    text = (split_message(output.text) or [""])[0]
    kwargs: dict[str, Any] = {"content": text or None, "view": view_for(output)}
    if output.image is not None and not output.image_unchanged:
        kwargs["attachments"] = [discord.File(io.BytesIO(output.image), filename=output.image_name)]
    await message.edit(**kwargs, allowed_mentions=discord.AllowedMentions.none())
