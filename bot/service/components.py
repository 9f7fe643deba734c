"""Buttons and select menus, designed so that no private fact can reach the channel.

The channel never lists anybody's choices: which actions are legal may depend on what a player
holds behind their screen. A channel board only carries service buttons that answer the clicker
privately ("My screen", "My choices"). The choices themselves go where only their owner sees them:
the player's DM and ephemeral replies.

Every component names its game (``game_id``) and a ``token``; a click comes back as
``/play action:<value> for_game:<id> token:<token>``:
- a click whose game is over, aborted or not the one in its channel is refused and changes nothing
  (an old DM select used to play ``ready`` in the clicker's next game);
- service buttons (values starting with "!", which no engine notation does) carry the token
  ``ANY``: "My screen" is never out of date while its game lives;
- a player's choices carry ``<seat>.<key of the seat's decision>`` (``rules.core.Decision.key``):
  the seat says which of the clicker's seats acts; a click plays its action when that action is
  legal for that seat *now*, whatever happened since the menu was made (other players' moves, a
  new turn); a click whose action is no longer legal is "out of date" and changes nothing. The key
  is made of public facts (round, phase, turn); the version, which counts hidden moves too, is
  never shown: it would tell everyone how many moves a player made behind their screen;
- the choices are a short path of menus over the seat's legal actions (``bot.service.menus``):
  an option either plays an action (its value is the notation) or opens the next level (its value
  is ``>page path``, a *step*: ``>0 assign 3`` opens the actions that start "assign 3"). A step is
  answered privately with the next level (``Output.replace_menu``) and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.messages import Button, Select

HAND = "!hand"  # show my private view, ephemerally
CHOICES = "!choices"  # list my legal actions, ephemerally
JOIN = "!join"  # take the first free seat of the lobby
START = "!start"  # start the game

SERVICE_ACTIONS = (HAND, CHOICES, JOIN, START)
FOR_GAME = "for_game"  # the option of a click that names its game
TOKEN = "token"  # the option of a click that says what it was current at
ANY = "-"  # the token of a component that stays good as long as its game lives

MAX_BUTTONS = 5  # one action row; more choices than this go into a select menu
MAX_SELECT = 25  # Discord's limit of options in one select menu
MAX_VALUE = 100  # Discord's limit for a select value; a button's custom_id must also fit in 100
MENU = ">"  # a value that opens a level of the menus: ">page path"


def menu_value(path: str, page: int = 0) -> str:
    """The value of a step to the level of the actions starting with ``path`` (words), page ``page``."""
    return f"{MENU}{page} {path}" if path else f"{MENU}{page}"


def parse_menu_value(value: str) -> tuple[str, int] | None:
    """``">1 assign 3"`` -> ("assign 3", 1); None for a value that is not a step."""
    if not value.startswith(MENU):
        return None
    head, _, path = value[len(MENU):].partition(" ")
    if not (head.isascii() and head.isdigit()) or len(head) > 3:
        return None
    return path, int(head)


def is_menu(value: str) -> bool:
    return value.startswith(MENU)


def button_room(game_id: int, token: str) -> int:
    """How long a button's action may be: its custom_id ``gm:b:<game>:<token>:<action>`` (see
    ``bot.discord_adapter.components``) must fit Discord's 100 characters."""
    return MAX_VALUE - len(f"gm:b:{game_id}:{token}:")


def board_buttons(game_id: int) -> tuple[Button, ...]:
    return (
        Button("My screen", HAND, game_id, ANY, style="primary"),
        Button("My choices", CHOICES, game_id, ANY),
    )


def lobby_buttons(game_id: int, can_join: bool, can_start: bool) -> tuple[Button, ...]:
    buttons = []
    if can_join:
        buttons.append(Button("Join", JOIN, game_id, ANY, style="success"))
    if can_start:
        buttons.append(Button("Start", START, game_id, ANY, style="primary" if can_join else "success"))
    return tuple(buttons)


def choice_components(
    notations: Sequence[str], game_id: int, token: str
) -> tuple[tuple[Button, ...], Select | None]:
    """The first level of the menus over these choices (``bot.service.menus``), labelled with the
    notations themselves: a few choices become buttons, more a select whose options reach every
    choice, level by level. ``token`` is ``<seat>.<decision key>``."""
    from bot.service.menus import Tree

    level = Tree(notations).level()
    if level is None:
        return (), None
    return level.components(game_id, token)


def describe_components(buttons: Sequence[Button], select: Select | None) -> list[str]:
    """The short lines the local table prints for components."""
    lines = []
    if buttons:
        lines.append("buttons: " + " | ".join(b.label for b in buttons))
    if select is not None:
        several = f", choose {select.minimum}-{select.maximum}" if select.maximum > 1 else ""
        lines.append(f"select ({len(select.actions)}{several}): " + " | ".join(label for _, label, _ in select.options()))
    return lines
