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
- a player's choices carry the key of the seat's current decision (``rules.core.Decision.key``):
  they stay good while that decision lasts, whatever the other players do meanwhile, and a click
  on one plays its action if it is still legal; once a new decision begins (the next round, the
  next turn) the old menu is out of date. The key is made of public facts (round, phase, turn);
  the version, which counts hidden moves too, is never shown: it would tell everyone how many
  moves a player made behind their screen.
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
    """A few choices become buttons; more become a select of the first 25 (engines list the most
    useful first); every choice, however many, stays open through /play and its autocomplete.
    ``token`` is the key of the decision they answer."""
    usable = [n for n in notations if len(n) <= 80]
    if not usable:
        return (), None
    if len(usable) <= MAX_BUTTONS:
        return tuple(Button(n, n, game_id, token, style="success") for n in usable), None
    return (), Select("Choose an action…", tuple(usable[:MAX_SELECT]), game_id, token)


def describe_components(buttons: Sequence[Button], select: Select | None) -> list[str]:
    """The short lines the local table prints for components."""
    lines = []
    if buttons:
        lines.append("buttons: " + " | ".join(b.label for b in buttons))
    if select is not None:
        lines.append(f"select ({len(select.actions)}): " + " | ".join(select.actions))
    return lines
