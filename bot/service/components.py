"""Buttons and select menus, designed so that no private fact can reach the channel.

The channel never lists anybody's choices: which actions are legal may depend on what a player
holds behind their screen. A channel board only carries service buttons that answer the clicker
privately ("My screen", "My choices"). The choices themselves go where only their owner sees them:
the player's DM and ephemeral replies.

Service buttons travel like any other click, as ``/play action:<value> version:<n>``; their values
start with "!", which no engine notation does, and the service handles them itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.messages import Button, Select

HAND = "!hand"  # show my private view, ephemerally
CHOICES = "!choices"  # list my legal actions, ephemerally
JOIN = "!join"  # take the first free seat of the lobby
START = "!start"  # start the game

SERVICE_ACTIONS = (HAND, CHOICES, JOIN, START)

MAX_BUTTONS = 5  # one action row; more choices than this go into a select menu
MAX_SELECT = 25  # Discord's limit of options in one select menu
MAX_VALUE = 100  # Discord's limit for a select value; a button's custom_id must also fit in 100


def board_buttons(version: int) -> tuple[Button, ...]:
    return (
        Button("My screen", HAND, version, style="primary"),
        Button("My choices", CHOICES, version),
    )


def lobby_buttons(version: int, full: bool) -> tuple[Button, ...]:
    if full:
        return (Button("Start", START, version, style="success"),)
    return (Button("Join", JOIN, version, style="success"),)


def choice_components(notations: Sequence[str], version: int) -> tuple[tuple[Button, ...], Select | None]:
    """A few choices become buttons; more become a select of the first 25 (engines list the most
    useful first); every choice, however many, stays open through /play and its autocomplete."""
    usable = [n for n in notations if len(n) <= 80]
    if not usable:
        return (), None
    if len(usable) <= MAX_BUTTONS:
        return tuple(Button(n, n, version, style="success") for n in usable), None
    return (), Select("Choose an action…", tuple(usable[:MAX_SELECT]), version)


def describe_components(buttons: Sequence[Button], select: Select | None) -> list[str]:
    """The short lines the local table prints for components."""
    lines = []
    if buttons:
        lines.append("buttons: " + " | ".join(b.label for b in buttons))
    if select is not None:
        lines.append(f"select ({len(select.actions)}): " + " | ".join(select.actions))
    return lines
