"""What goes into the session service and what comes out of it, with no transport in sight.

A transport (the discord.py adapter or the local table) turns what a user did into an
``Invocation``, awaits ``SessionService.handle(...)``, and delivers each ``Output`` where its
``Target`` says. Nothing here knows about discord.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any


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
    """A select menu of up to 25 actions; choosing one is ``/play action:<value>``.

    ``labels`` and ``descriptions`` (optional, one per action) are what each option shows; an
    option without a label shows its action. A multi-select (``maximum`` > 1): the player picks
    ``minimum``..``maximum`` options, which are parts of one action rather than actions; the action
    is the values chosen joined by ``,`` in the options' order (``join``)."""

    placeholder: str
    actions: tuple[str, ...]
    game_id: int
    token: str
    labels: tuple[str, ...] = ()
    descriptions: tuple[str, ...] = ()
    minimum: int = 1
    maximum: int = 1

    def join(self, values: Sequence[str]) -> str:
        """The action several chosen values make: in the options' order, joined by ","."""
        chosen = set(values)
        return ",".join(a for a in self.actions if a in chosen)

    def options(self) -> list[tuple[str, str, str]]:
        """(value, label, description) of each option."""
        return [(action, (self.labels[i] if i < len(self.labels) else "") or action,
                 self.descriptions[i] if i < len(self.descriptions) else "")
                for i, action in enumerate(self.actions)]


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
    # The next level of a menu, answering a click on the level before (a private output): it takes
    # the place of the clicked message's buttons and select where the transport can edit that
    # message (Discord: the component's own message, in a DM or an ephemeral reply), else it is
    # sent as a private reply. ``text`` says where in the menu the player is.
    replace_menu: bool = False
    # With ``replace_menu``: the output takes the place of the clicked message's text as well as
    # of its components (a page of /game log answering Older / Newer: the page before it goes).
    # False (a menu level): only the components are replaced, and the message's text and image
    # (a DM screen) stay. Without ``replace_menu`` it means nothing.
    replace_text: bool = False
    # A living message: outputs with the same ``slot`` ("board:<game>", "panel:<game>:<seat>",
    # "lobby:<game>") are one message edited in place. ``fresh`` asks for a new message (a new
    # chapter of the story, a new decision that needs its player); otherwise the transport edits
    # the slot's latest message when it has one younger than an hour, and posts anew if not.
    # When a fresh message replaces one, the old one becomes ``closes`` (None: it stays as it is).
    slot: str | None = None
    fresh: bool = True
    closes: str | None = None
    # The image is the same as the one the slot's message already carries: an edit may keep it.
    image_unchanged: bool = False
    # Not drawn yet: the service draws it (off the event loop) only if the output is sent.
    drawing: Drawing | None = None
    # A board's story lines (what happened), apart from its status lines: bursts merge stories.
    story: tuple[str, ...] = ()


@dataclass(frozen=True)
class Drawing:
    """An image still to draw: ``render.<function>(game, view, names)``."""

    function: str
    game: str
    view: Any
    names: tuple[tuple[int, str], ...]
    key: str  # the view's fingerprint (bot.service.derived.view_key): equal keys draw equal bytes
    affinity: str = ""  # images with the same affinity (a game's) are drawn by the same worker if it can
    text: str | None = None  # the view's JSON when already made (the worker rebuilds the view from it)
