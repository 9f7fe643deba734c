"""The questions play waits on (``State.asks``), what each may be answered, its default, and the answer
applied: facing after a fall or a gateway (rb 783), the side a trap pushes to (rb 727), the DEATHMATCH
store (rb 624), a draw with a full hand (rb 536), a grenade's impact square (rb 823), an ally's pass or
push (rb 737), a Mid-Jump out of turn while falling (rb 911). Quotes: shared/rulebooks/powerup.txt ("rb N")."""

from __future__ import annotations

from typing import Any

from rules.powerup import (
    attacks,
    cards,
    coop_continue,
    coop_store,
    deathmatch,
    moves,
    physics,
    pow_self,
    ranged,
    reach,
)
from rules.powerup.board import name
from rules.powerup.cards import card_token
from rules.powerup.state import State, set_allies

Ask = tuple[int, str, Any]


def options(s: State, ask: Ask) -> list[str]:
    seat, kind, data = ask
    b = s.busters[seat]
    if kind == "face":
        facing = s.figures[b.sheet].facing
        return [f"face {reach.FACING[facing]}", f"face {reach.FACING[-facing]}"]
    if kind == "shove":
        return [f"shove {w}" for w in physics.shove_options(s, data)]
    if kind == "store":
        first = deathmatch.store_default(s, seat)
        rest = [o for o in deathmatch.store_options(s, seat) if o != first]
        return [f"store {o}" for o in [first, *rest]]
    if kind == "full":
        return ["decline", *dict.fromkeys(f"discard {card_token(c)}" for c in b.hand)]
    if kind == "lob":
        return [f"impact {name(sq)}" for sq in ranged.impact_squares(s, seat, data)]
    if kind == "pass":  # each answer, or the same from now on (a standing answer, the issue)
        mover, dx = data.split(":")
        answers = reach.pass_or_push(s, mover, b.sheet, int(dx))
        return [*answers, *(f"{a} always" for a in answers)]
    if kind == "assemble":
        return pow_self.assemble_options(s, seat)
    if kind == "midair":
        return physics.midair_options(s, data)
    if kind == "shop":
        return coop_store.shop_options(s, seat, data)
    if kind == "relight":
        return coop_store.relight_options(s, data)
    if kind == "appear":
        return coop_continue.appear_options(s)
    return []


def prompt(s: State, ask: Ask) -> str:
    seat, kind, data = ask
    if kind in ("shop", "relight"):
        return coop_store.prompt(kind, data)
    if kind == "appear":
        return "CONTINUE: pick the ON POWERUP you appear on"
    return {
        "face": "after the fall or gateway: which way do you face?",
        "shove": "hurt: which side are you pushed to?",
        "store": f"POWERUP at {data}: a POW! card, equipment, 3 ammo or 1 life?",
        "full": "4 POW! cards in hand: discard one to draw, or decline",
        "lob": f"reach {data}: choose the impact square",
        "pass": f"{str(data).split(':')[0]} moves into your square: let it pass, or be pushed?",
        "assemble": "Assemble: hand your team's POW! cards to teammates, then done",
        "midair": f"{data} is falling: Mid-Jump a square sideways (1 RP) first, or fall",
    }.get(kind, kind)


def tidy(s: State) -> None:
    """Drop questions that no longer have an answer (the figure died, nothing to choose)."""
    s.asks = tuple(a for a in s.asks if options(s, a))


def answer(s: State, ask: Ask, act: str, out: list[str]) -> None:
    """Answer ``ask``, the first question (``s.asks[0]``)."""
    seat, kind, data = ask
    s.asks = s.asks[1:]
    b = s.busters[seat]
    words = act.split()
    if kind == "face":
        facing = 1 if words[1] == ">" else -1
        if facing != s.figures[b.sheet].facing:
            s.move_figure(b.sheet, facing=facing)
            out.append(f"{b.sheet} faces {words[1]}.")
    elif kind == "shove":
        physics.shove(s, data, words[1], out)
    elif kind == "store":
        deathmatch.use_store(s, seat, words[1], out)
    elif kind == "full":
        if words[0] == "discard":
            token = words[1]
            card = next(c for c in b.hand if card_token(c) == token)
            hand = list(b.hand)
            hand.remove(card)
            s.set_buster(seat, hand=tuple(hand))
            s.pow_discard = (*s.pow_discard, card)
            out.append(f"{b.sheet} discards {cards.card_name(card)} to draw.")
            if cards.draw_pow(s, seat, out, asked=False) and data == "fresh":  # Double Team's wait a turn
                s.fresh = (*s.fresh, s.busters[seat].hand[-1])
        else:
            out.append(f"{b.sheet} declines the POW! card (hand full).")
    elif kind == "lob":
        attacks.declare_lob(s, seat, words[1], out)
    elif kind == "pass":
        if words[-1] == "always":
            set_allies(s, seat, words[0])
            out.append(f"{b.sheet} will always answer '{words[0]}' when an ally enters its square.")
        moves.resolve_pass(s, seat, data, words[0], out)
    elif kind == "assemble":
        pow_self.assemble_answer(s, ask, act, out)
    elif kind == "midair":
        physics.midair(s, data, act, out)
    elif kind == "shop":
        coop_store.shop(s, seat, data, act, out)
    elif kind == "relight":
        coop_store.relight(s, seat, act, out)
    elif kind == "appear":
        coop_continue.appear(s, seat, act, out)
