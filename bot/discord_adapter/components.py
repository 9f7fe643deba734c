"""Buttons and select menus that survive restarts.

Every component is a ``discord.ui.DynamicItem``: its whole meaning is in its custom_id, so no
view has to be kept in memory and a click on a board posted before a restart still arrives.

custom_id scheme (at most 100 characters, Discord's limit):
  ``gm:b:<game>:<token>:<action>``  a button that plays ``/play action:<action>``
  ``gm:s:<game>:<token>``           a select menu whose chosen value is the action
``game`` is the id of the game the component was made for, so a click from a DM, or on an old
message, reaches that game and no other: a click for a game that has ended is refused. ``token``
names the seat the click acts for (``bot.service.components``). An action (or a select value)
starting with ">" is a step through the menus (``>0 assign 3``): it is acknowledged as an update of
the clicked message and answered by replacing that message's components with the next level
(``Output.replace_menu``), in a DM as in an ephemeral reply; nothing new appears in the chat.
Older / Newer under a page of ``/game log`` (``!log <page> <count>``) are acknowledged the same
way, and the page clicked to takes the place of the page clicked on, text and buttons
(``Output.replace_text``).
Ids of the first release
(``gm:act:…``, ``gm:sel:…``) named no game; a click on one, or on any other ``gm:`` id, is
answered in one private line and changes nothing.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_adapter.invocations import invocation_from
from bot.discord_adapter.text import clip, split_message
from bot.service.components import FOR_GAME, TOKEN, is_menu
from bot.service.history import LOG
from bot.service.messages import Button, Invocation, Output, Select, TargetKind

if TYPE_CHECKING:
    from bot.discord_adapter.client import GameMasterBot

log = logging.getLogger(__name__)

CUSTOM_ID_LIMIT = 100
BUTTON_LABEL_LIMIT = 80
OPTION_LIMIT = 100
SELECT_OPTIONS_LIMIT = 25
BUTTONS_PER_ROW = 5
ROWS = 5
LEGACY = "This menu is not one the bot can use (it may be from an older version); /game hand shows your choices."

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def button_custom_id(game_id: int, token: str, action: str) -> str:
    return f"gm:b:{game_id}:{token}:{action}"


def select_custom_id(game_id: int, token: str) -> str:
    return f"gm:s:{game_id}:{token}"


def click_invocation(interaction: discord.Interaction, action: str, game_id: int, token: str) -> Invocation:
    return invocation_from(interaction, "play", {"action": action, FOR_GAME: str(game_id), TOKEN: token})


# A token is "-" or "<seat>.<decision key>" (a key is at most 24 characters).
_BUTTON = r"gm:b:(?P<game>[0-9]{1,19}):(?P<token>[^:]{1,32}):(?P<action>.+)"
_SELECT = r"gm:s:(?P<game>[0-9]{1,19}):(?P<token>[^:]{1,32})"
# discord.py runs every dynamic item whose template matches, so the catch-all leaves out the two above.
_OTHER = r"gm:(?!b:[0-9]{1,19}:[^:]{1,32}:.+\Z|s:[0-9]{1,19}:[^:]{1,32}\Z).*"


class ActionButton(discord.ui.DynamicItem[discord.ui.Button], template=_BUTTON):
    def __init__(
        self, game_id: int, token: str, action: str, label: str | None = None, style: str = "secondary"
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label or action, BUTTON_LABEL_LIMIT),
                style=_STYLES.get(style, discord.ButtonStyle.secondary),
                custom_id=button_custom_id(game_id, token, action),
            )
        )
        self.game_id = game_id
        self.token = token
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        label = getattr(item, "label", None)
        return cls(int(match["game"]), match["token"], match["action"], label=label)

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_click(interaction, self.action, self.game_id, self.token)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select], template=_SELECT):
    def __init__(
        self, game_id: int, token: str, options: list[discord.SelectOption], placeholder: str | None = None,
        minimum: int = 1, maximum: int = 1,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=select_custom_id(game_id, token),
                placeholder=clip(placeholder, 150) if placeholder else None,
                options=options,
                min_values=max(1, min(minimum, len(options))),
                max_values=max(1, min(maximum, len(options))),
            )
        )
        self.game_id = game_id
        self.token = token

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionSelect:
        options = list(getattr(item, "options", []))
        return cls(int(match["game"]), match["token"], options, placeholder=getattr(item, "placeholder", None),
                   minimum=getattr(item, "min_values", 1) or 1, maximum=getattr(item, "max_values", 1) or 1)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if not values:
            return
        if self.item.max_values > 1:  # a multi-select: the parts of one action, in the options' order
            chosen = set(values)
            action = ",".join(o.value for o in self.item.options if o.value in chosen)
        else:
            action = values[0]
        await run_click(interaction, action, self.game_id, self.token)


class UnknownComponent(discord.ui.DynamicItem[discord.ui.Button], template=_OTHER):
    """Any other ``gm:`` id: one of the first release (``gm:act:…``, ``gm:sel:…``, which named no
    game) or a forged one. It is answered in one private line and changes nothing."""

    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="old", custom_id="gm:unknown"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> UnknownComponent:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord_adapter.client import tell_privately

        await tell_privately(interaction, LEGACY)


DYNAMIC_ITEMS = (ActionButton, ActionSelect, UnknownComponent)


def edits_its_message(action: str) -> bool:
    """Is a click on this action answered by editing the clicked message: a step through a menu,
    or Older / Newer under a page of the log? Every other click is a command of its own."""
    return is_menu(action) or action.split()[:1] == [LOG]


async def run_click(interaction: discord.Interaction, action: str, game_id: int, token: str) -> None:
    bot: GameMasterBot = interaction.client  # type: ignore[assignment]
    invocation = click_invocation(interaction, action, game_id, token)
    if edits_its_message(action):
        await navigate(bot, interaction, invocation)
    else:
        await bot.run_invocation(interaction, invocation)


async def navigate(bot: GameMasterBot, interaction: discord.Interaction, invocation: Invocation) -> None:
    """A step through the menus, or to another page of the log. It is acknowledged as an update
    of the clicked message (a DM screen, an ephemeral "My choices" reply, an ephemeral log page),
    and the service's answer takes that message's place: a menu level replaces only its
    components (its text and image stay), a log page its text and buttons. Whatever else the
    service says (the menu is out of date, a refusal) is an ephemeral followup. Nothing is posted
    anywhere else."""
    from bot.discord_adapter.client import SOMETHING_WENT_WRONG, tell_privately
    from bot.discord_adapter.delivery import Delivery

    try:
        await interaction.response.defer()  # for a component: "deferred update", no new message
    except discord.HTTPException as error:
        log.warning("could not acknowledge a menu step (%s %s)", error.status, error.code)
        return
    try:
        async with bot._lock_for(invocation.channel_id):
            outputs = await bot.service.handle(invocation)
            rest = []
            for output in outputs:
                if not (output.replace_menu and output.target.kind is TargetKind.EPHEMERAL
                        and await _replace_menu(interaction, output)):
                    rest.append(output)
            await Delivery(bot, interaction).deliver(rest)
    except Exception:
        log.exception("a menu step failed in channel %s", invocation.channel_id)
        await tell_privately(interaction, SOMETHING_WENT_WRONG)


async def _replace_menu(interaction: discord.Interaction, output: Output) -> bool:
    """Put the output's components in place of the clicked message's, and its text too when it
    says so (``Output.replace_text``: a log page). False if Discord refused, or if the text needs
    more than one message: the output then goes as an ephemeral followup."""
    changes: dict[str, Any] = {"view": view_for(output)}
    if output.replace_text:
        chunks = split_message(output.text)
        if len(chunks) != 1:
            return False
        changes.update(content=chunks[0], allowed_mentions=discord.AllowedMentions.none())
    try:
        await interaction.edit_original_response(**changes)
    except discord.HTTPException as error:
        log.warning("could not replace a clicked message (%s %s)", error.status, error.code)
        return False
    return True


def _select_item(select: Select) -> ActionSelect | None:
    seen: set[str] = set()
    options: list[discord.SelectOption] = []
    for action, label, description in select.options():
        if len(action) > OPTION_LIMIT or action in seen:
            continue  # too long for an option value: still playable with /play
        seen.add(action)
        options.append(discord.SelectOption(label=clip(label, OPTION_LIMIT), value=action,
                                            description=clip(description, OPTION_LIMIT) if description else None))
        if len(options) == SELECT_OPTIONS_LIMIT:
            break
    if not options:
        return None
    return ActionSelect(select.game_id, select.token, options, placeholder=select.placeholder,
                        minimum=select.minimum, maximum=select.maximum)


def view_for(output: Output) -> discord.ui.View | None:
    """A view holding the output's buttons and select menu, within Discord's limits.

    A select takes a whole row, so it leaves four rows (20 buttons) for the buttons. Whatever
    does not fit (too many, or an action too long for a custom_id) is left off: every action is
    still reachable through ``/play``.
    """
    select_item = _select_item(output.select) if output.select is not None else None
    button_rows = ROWS - (1 if select_item is not None else 0)
    buttons = _button_items(output.buttons, button_rows * BUTTONS_PER_ROW)
    if not buttons and select_item is None:
        return None
    view = discord.ui.View(timeout=None)
    for index, button in enumerate(buttons):
        button.row = index // BUTTONS_PER_ROW
        view.add_item(button)
    if select_item is not None:
        select_item.row = -(-len(buttons) // BUTTONS_PER_ROW)  # the first row after the buttons
        view.add_item(select_item)
    return view


def _button_items(buttons: tuple[Button, ...], room: int) -> list[ActionButton]:
    items: list[ActionButton] = []
    seen: set[str] = set()
    for button in buttons:
        custom_id = button_custom_id(button.game_id, button.token, button.action)
        if len(custom_id) > CUSTOM_ID_LIMIT or custom_id in seen or "\n" in button.action:
            continue
        if len(items) == room:
            log.debug("dropping buttons beyond Discord's %d", room)
            break
        seen.add(custom_id)
        items.append(ActionButton(button.game_id, button.token, button.action, label=button.label,
                                  style=button.style))
    return items
