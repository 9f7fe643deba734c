"""What every path of the tree of choices (``walk``) shares: reading the next token, checking it
against its level, the payment level, why a root word is closed."""

from __future__ import annotations

from rules.adrenaline.state import State
from rules.adrenaline.tree import (
    Illegal,
    Node,
    pay_node,
    take_payment,
)

Result = Node | list[str]

def why_not(state: State, seat: int, head: str) -> str:
    kind = head.split(":")[0]
    if state.phase == "turn" and seat == state.turn:
        p = state.players[seat]
        if not p.spawned and not kind.startswith("spawn"):
            return "Spawn first: discard one of the two powerups you drew (spawn:<card>)."
        if kind in ("run", "grab", "shoot"):
            if state.ending:
                return "The end of your turn has begun (you reloaded): no more actions."
            if state.actions_left == 0:
                return "You have no actions left this turn."
            if kind == "run" and state.frenzy:
                return "In final frenzy you may move up to 4 only as the first of two actions."
            if kind == "grab":
                return "There is nothing within reach you can grab (or pay for)."
            return "No loaded weapon of yours has a target from where you can stand."
        if kind in ("newton", "teleporter"):
            if state.ending:
                return "Powerups are played before or between the actions, not once the end of turn has begun."
            return f"You hold no {kind} card like that" + (" (and Newton needs another figure on the board)."
                                                            if kind == "newton" else ".")
        if kind == "reload":
            return "You have no unloaded weapon you can pay to reload."
    if kind in ("scope", "tagback", "respawn"):
        return f"There is no {kind} choice for you now."
    return f"'{head[:24]}' is not a choice here."


def pay_at(state: State, seat: int, cost: tuple[str, ...], what: str, rest: tuple[str, ...], i: int,
             exclude: tuple[str, ...] = ()) -> Node | tuple[tuple[str, ...], int]:
    """The payment level at ``rest[i]`` (only when there is more than one way to pay): the level itself
    when the path stops there, else (the payment, the index after it)."""
    token = None
    if pay_node(state, seat, cost, what, exclude) is not None:
        token = token_at(rest, i)
        if token is None:
            return pay_node(state, seat, cost, what, exclude)
        i += 1
    return take_payment(state, seat, cost, token, what, exclude), i


def token_at(rest: tuple[str, ...], i: int) -> str | None:
    return rest[i] if i < len(rest) else None


def check_token(node: Node, token: str, why: str) -> None:
    if token not in node.tokens():
        raise Illegal(why)


def finished(rest: tuple[str, ...], i: int, lines: list[str]) -> list[str]:
    if i < len(rest):
        raise Illegal(f"'{rest[i][:24]}' comes after a complete action.")
    return lines


def game_data_pickup(weapon: str) -> tuple[str, ...]:
    from rules.adrenaline.data import game_data

    return game_data().weapon(weapon).pickup_cost


def game_data_reload(weapon: str) -> tuple[str, ...]:
    from rules.adrenaline.data import game_data

    return game_data().weapon(weapon).reload_cost


def take_ok(state: State, seat: int, cost: tuple[str, ...], exclude: tuple[str, ...] = ()) -> bool:
    from rules.adrenaline.payments import payable

    return payable(state.players[seat], cost, exclude)
