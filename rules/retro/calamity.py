"""The Calamity deck (house cards, data.py): "Whenever any of the following events occur, you must
immediately draw a calamity card and follow the instructions on the card": the end of each round, a
Retro disabled, a crate damaged or pushed into a pit.

"If a CATASTROPHE card is drawn, place it face up on the table. If there are ever three CATASTROPHE
cards on the table, the Retros lose to the Rogues- game over! For any other card, follow the
instructions on the card and discard the card when finished." When the deck runs out the discards
are shuffled into a new deck (reading; the face-up Catastrophes stay on the table).
"""

from __future__ import annotations

from dataclasses import replace

from rules.core.rng import Rng
from rules.retro import rogues
from rules.retro.data import CATASTROPHES_TO_LOSE, game_data
from rules.retro.geometry import behind
from rules.retro.physics import damage
from rules.retro.state import State


def draw(state: State, reason: str, out: list[str]) -> None:
    data = game_data()
    if not state.deck:
        rng = Rng(state=state.rng)
        cards = list(state.discard)
        rng.shuffle(cards)
        state.deck, state.discard, state.rng = tuple(cards), (), tuple(rng.state())
        out.append("The Calamity deck is shuffled anew from its discards.")
        if not state.deck:
            return
    card_id, state.deck = state.deck[0], state.deck[1:]
    card = data.calamity(card_id)
    state.last_drawn = card_id
    out.append(f"Calamity ({reason}): {card.name} — {data.calamity_text[card.kind]}")
    if card.kind == "catastrophe":
        state.catastrophes = (*state.catastrophes, card_id)
        if len(state.catastrophes) >= CATASTROPHES_TO_LOSE:
            state.result, state.phase = "loss", "over"
            state.queue, state.cursor, state.owed = (), None, ()
            state.summary = f"Three Catastrophes are face up: the Rogues win (round {state.round})."
            out.append(state.summary)
        return
    _EFFECTS[card.kind](state, card.door, out)
    state.discard = (*state.discard, card_id)


def _surplus(state: State, door: int | None, out: list[str]) -> None:
    assert door is not None
    rogues.surplus(state, door, out)


def _power_surge(state: State, _: int | None, out: list[str]) -> None:
    rogues.move_all(state, out)


def _short_circuit(state: State, _: int | None, out: list[str]) -> None:
    """Every Retro orthogonally next to a Rogue takes 1 damage."""
    near = []
    for bot in sorted(state.bots.values(), key=lambda b: b.id):
        if bot.is_retro and bot.outside is None:
            x, y = bot.square
            if any((o := state.at(sq)) is not None and o.is_rogue for sq in ((x + 1, y), (x - 1, y), (x, y + 1),
                                                                              (x, y - 1))):
                near.append(bot.id)
    for bot_id in near:
        damage(state, bot_id, out)
    if not near:
        out.append("No Retro stands next to a Rogue.")


def _reboot(state: State, _: int | None, out: list[str]) -> None:
    """Every stunned Rogue stands up now, facing as before ("stand back up, facing the original
    direction it faced before being stunned")."""
    up = [bot for bot in state.bots.values() if bot.is_rogue and bot.stunned]
    for bot in up:
        state.bots[bot.id] = replace(bot, stunned=False)
    out.append(f"{len(up)} stunned Rogue{'s stand' if len(up) != 1 else ' stands'} up." if up else
               "No Rogue was stunned.")


def _reverse(state: State, _: int | None, out: list[str]) -> None:
    """Every Rogue turns 180 degrees (on the board; stunned ones too, they stand up facing so)."""
    for bot in list(state.bots.values()):
        if bot.is_rogue and bot.facing is not None:
            state.bots[bot.id] = replace(bot, facing=behind(bot.facing))


def _rush(state: State, _: int | None, out: list[str]) -> None:
    state.rush = True


def _jam(state: State, _: int | None, out: list[str]) -> None:
    state.jammed_until = state.round + 1


def _salvage(state: State, _: int | None, out: list[str]) -> None:
    state.owed = (*state.owed, ("upgrade", state.pry_bar, "Salvage"))


def _quiet(state: State, _: int | None, out: list[str]) -> None:
    return None


_EFFECTS = {
    "surplus": _surplus, "power_surge": _power_surge, "short_circuit": _short_circuit, "reboot": _reboot,
    "reverse_polarity": _reverse, "rush_job": _rush, "jammed_doors": _jam, "salvage": _salvage, "all_quiet": _quiet,
}
