"""What goes into the session service and what comes out of it, with no transport in sight.

A transport (the discord.py adapter or the local table) turns what a user did into an
``Invocation``, awaits ``SessionService.handle(...)``, and delivers each ``Output`` where its
``Target`` says. Nothing here knows about discord.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


@dataclass(frozen=True)
class Invocation:
    """One slash command or component click.

    ``command`` is the command path as typed: "game new", "game join", "play", "rules", ...
    ``options`` are the option values as strings, by the same names Discord uses. A click on a
    component also carries ``for_game`` (the game id it was made for) and ``token`` (what it was
    current at) among its options.
    ``request_id`` identifies the delivery (Discord's interaction id, or the table's request id):
    an action carried by a request id that was already applied is not applied again.
    """

    user_id: int
    user_name: str
    channel_id: str
    command: str
    options: dict[str, str] = field(default_factory=dict)
    can_manage_channel: bool = False  # the Discord "Manage Channels" permission, for /game abort
    request_id: str | None = None
    guild_id: str = ""  # the server (Discord guild id; the local table's is "table")


class TargetKind(str, Enum):  # noqa: UP042 - str() must stay as it is for the adapter
    CHANNEL = "channel"  # everyone in the channel sees it
    DM = "dm"  # only user_id, by direct message
    EPHEMERAL = "ephemeral"  # only the user who invoked, as a reply nobody else sees


@dataclass(frozen=True)
class Target:
    kind: TargetKind
    channel_id: str | None = None
    user_id: int | None = None

    @staticmethod
    def channel(channel_id: str) -> Target:
        return Target(TargetKind.CHANNEL, channel_id=channel_id)

    @staticmethod
    def dm(user_id: int) -> Target:
        return Target(TargetKind.DM, user_id=user_id)

    @staticmethod
    def ephemeral(user_id: int) -> Target:
        return Target(TargetKind.EPHEMERAL, user_id=user_id)


@dataclass(frozen=True)
class Button:
    """A button whose click comes back as ``/play action:<action>`` for game ``game_id``.

    ``token`` is what the click must still match to count (see ``bot.service.components``); the
    adapter builds the custom_id from ``game_id``, ``token`` and ``action``, which must stay under
    Discord's 100 characters, so actions longer than that get no button.
    """

    label: str
    action: str
    game_id: int
    token: str
    style: str = "secondary"  # primary | secondary | success | danger


@dataclass(frozen=True)
class Select:
    """A select menu of up to 25 actions; choosing one is ``/play action:<value>``."""

    placeholder: str
    actions: tuple[str, ...]
    game_id: int
    token: str


@dataclass(frozen=True)
class Output:
    target: Target
    text: str
    image: bytes | None = None
    image_name: str = "board.png"
    buttons: tuple[Button, ...] = ()
    select: Select | None = None
    # For a DM: what to show in the channel instead if the user's DMs are closed. It must reveal
    # nothing private: it only tells the user to use /game hand.
    dm_fallback: str | None = None
    # The users this output means to notify. Nothing else in its text may ping anybody: a
    # display name written like a mention stays plain text.
    mentions: tuple[int, ...] = ()
