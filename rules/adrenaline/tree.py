"""The tree of a seat's legal choices, one level at a time (the issue's "Discord and the local table").

A complete action is a path of tokens from a root word: ``run c3``; ``grab c1 weapon:railgun
drop:zx2 pay:Y,B``; ``shoot move:b1 plasma_gun phase_glide b2 basic dozer charged_shot done
pay:newton:B`` (a shot's own tokens are the weapon package's, one per level; its one-line form
groups them, ``phase_glide:b2``, see ``lines``); ``reload zx2 pay:Y,R``; ``newton:B dozer c2``;
``teleporter:R c3``; ``spawn:newton:B``; ``end``; ``pass``; ``answer never``; in a reaction
window ``scope:B dozer pay:R``, ``tagback:Y``; in a respawn ``respawn:teleporter:R``.

``node(state, seat, path)`` is the level after ``path``: its options (each leads to at least one
complete action: the engine lists one level, never every complete shot), or None when ``path`` is
complete. A token that is not an option raises ``Illegal`` with one short sentence naming the rule.
Each level is worked out from the state the earlier choices leave (``Walk.state``, a clone: the
move before a shot, the reloads of a frenzy shot).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.adrenaline.damage import geo
from rules.adrenaline.data import COLOUR_NAMES, ROOMS, game_data
from rules.adrenaline.payments import ANY, format_payment, parse_payment, ways
from rules.adrenaline.state import State
from rules.core.errors import IllegalAction

POWERUP_NAMES = {"targeting_scope": "Targeting Scope", "newton": "Newton", "tagback_grenade": "Tagback Grenade",
                 "teleporter": "Teleporter"}
ANSWERS = ("ask", "never", "always")


class Illegal(IllegalAction):
    pass


@dataclass(frozen=True)
class Option:
    token: str
    label: str
    description: str = ""


@dataclass(frozen=True)
class Node:
    kind: str  # action | square | weapon | drop | pay | player | players | effect | room | direction | answer
    prompt: str
    options: tuple[Option, ...]
    minimum: int = 1
    maximum: int = 1
    singles: tuple[Option, ...] = ()  # a "players" level choosing several: the single figures (a multi-select)

    def tokens(self) -> tuple[str, ...]:
        return tuple(o.token for o in self.options)


# -- allowances -------------------------------------------------------------------------------------

def frenzy_actions(state: State, seat: int) -> int:
    from rules.adrenaline.scoring import frenzy_actions as count

    return count(state, seat)


def run_moves(state: State, seat: int) -> int:
    return 4 if state.frenzy else 3  # frenzy: "Move up to 4 squares" (only the two-action players)


def grab_moves(state: State, seat: int) -> int:
    if state.frenzy:
        return 2 if frenzy_actions(state, seat) == 2 else 3
    return 2 if len(state.players[seat].damage) >= 3 else 1  # adrenaline: "up to 2 moves if you have at least 3 damage"


def shoot_moves(state: State, seat: int) -> int | None:
    """How far a seat may move before it shoots (None: it may not shoot this action)."""
    if state.frenzy:
        return 1 if frenzy_actions(state, seat) == 2 else 2
    return 1 if len(state.players[seat].damage) >= 6 else 0  # "If you have at least 6 damage, you may make 1 move first"


# -- labels -----------------------------------------------------------------------------------------

def card_name(card: str) -> str:
    kind, colour = card.split(":")
    return f"{POWERUP_NAMES[kind]} ({COLOUR_NAMES[colour]})"


def cost_text(cost: tuple[str, ...] | list[str]) -> str:
    return "free" if not cost else " ".join(c if c != ANY else "any" for c in cost)


def pay_label(payment: tuple[str, ...]) -> str:
    parts = [COLOUR_NAMES[x] + " cube" if ":" not in x else card_name(x) for x in payment]
    return ", ".join(parts) if parts else "nothing"


def square_options(state: State, notes: Iterable[tuple[str, str]]) -> tuple[Option, ...]:
    """A level of squares: each with its room, who stands there and a note (who stands where is
    worked out once for the level)."""
    room_of = geo(state).room_of
    who: dict[str, list[str]] = {}
    for seat, p in enumerate(state.players):
        if p.square is not None:
            who.setdefault(p.square, []).append(state.name(seat))
    out = []
    for square, note in notes:
        names = who.get(square)
        text = f"{ROOMS[room_of[square]]} room" + (f" · {', '.join(names)}" if names else "") + (f" · {note}" if note else "")
        out.append(Option(square, square, text))
    return tuple(out)


def pay_node(state: State, seat: int, cost: tuple[str, ...], what: str, exclude: tuple[str, ...] = ()) -> Node | None:
    """The payment level when there is more than one way to pay; None when there is one (or none)."""
    options = ways(state.players[seat], cost, exclude)
    if len(options) <= 1:
        return None
    return Node("pay", f"Pay {cost_text(cost)} for {what}",
                tuple(Option(format_payment(w), "Pay with " + pay_label(w), what) for w in options))


def take_payment(state: State, seat: int, cost: tuple[str, ...], token: str | None, what: str,
                 exclude: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The payment a ``pay:`` token names (or the only way when there is one)."""
    options = ways(state.players[seat], cost, exclude)
    if not options:
        raise Illegal(f"You cannot pay {cost_text(cost)} for {what}.")
    if token is None:
        if len(options) > 1:
            raise Illegal(f"Say how you pay for {what}: " + ", ".join(format_payment(w) for w in options))
        return options[0]
    wanted = parse_payment(token)
    for w in options:
        if wanted is not None and sorted(w) == sorted(wanted):
            return w
    raise Illegal(f"{token} does not pay {cost_text(cost)} for {what}.")


def multi_tokens(node: Node) -> tuple[str, ...]:
    """A multi-select level offered as single menu options: every allowed combination, joined by ","."""
    from itertools import combinations

    singles = node.tokens()
    out = []
    for k in range(node.minimum, node.maximum + 1):
        out += [",".join(c) for c in combinations(singles, k)]
    return tuple(out)


def weapon_name(weapon_id: str) -> str:
    return game_data().weapon(weapon_id).name

