"""What a person's ``/play`` or click is answered with before it becomes a step (``driver``): which of
their seats acts, whether a clicked menu is still open, a step through the menus, their choices, and
"out of date" for a click whose action has gone."""

from __future__ import annotations

from bot.service import components, menus
from bot.service.core import Refusal, ephemeral_target
from bot.service.messages import Invocation, Output
from bot.service.presentation import (
    Seating,
    decision_token,
    menu_components,
    notations,
    split_token,
    waiting_line,
)
from bot.service.session import Session
from rules.core.errors import RulesError

OUT_OF_DATE = "This menu is out of date: that move is no longer open to you. Nothing was changed."


def seat_for(session: Session, mine: list[int], token: str | None, named: str | None) -> int | None:
    """Which of the person's seats acts: the one a menu was made for, the one named, else the
    first of theirs the game waits for."""
    if token and token != components.ANY:
        seat, _ = split_token(token)
        return seat if seat in mine else None
    if named:
        wanted = named.strip().lower()
        chosen = [s for s in mine if session.labels[s].lower() == wanted]
        if not chosen:
            raise Refusal(f"You do not hold a seat called '{wanted[:24]}'.")
        return chosen[0]
    pending = session.pending()
    waiting = [s for s in mine if s in pending]
    return waiting[0] if waiting else (mine[0] if mine else None)


def still_open(session: Session, seat: int | None, action: str) -> bool:
    """Is the clicked action legal for ``seat`` now (compared in its canonical spelling)?"""
    if seat is None or seat not in session.pending():
        return False
    engine = session.engine
    legal = notations(engine, session.state, seat)
    try:
        return engine.format(engine.parse(session.state, seat, action)) in legal
    except RulesError:
        return action in legal


def multi_open(session: Session, seat: int | None, action: str) -> bool:
    """A multi-select's choice whose options are all in the seat's current multi-select
    (``rules.core.engine.MultiChoice``) but whose combination the rules refuse: the engine says
    why (a rule's sentence) rather than "out of date"."""
    method = getattr(session.engine, "menu_multi", None)
    if method is None or seat is None or "," not in action or seat not in session.pending():
        return False
    multi = method(session.state, seat)
    offered = {value for value, _, _ in multi.options} if multi is not None else set()
    return bool(offered) and all(part in offered for part in action.split(","))


def choices(inv: Invocation, session: Session, seat: int | None) -> Output:
    found = notations(session.engine, session.state, seat) if seat is not None else []
    target = ephemeral_target(inv)
    if not found or seat is None:
        return Output(target, waiting_line(session.engine, session.state, Seating.of(session)))
    buttons, select = menu_components(session, seat)
    text = f"Your choices ({len(found)}):\n" + "\n".join(found)
    return Output(target, text, buttons=buttons, select=select)


def menu_step(inv: Invocation, session: Session, seat: int | None, value: str) -> Output:
    """A step through the menus: the level it opens, from the seat's legal actions now, in
    place of the menu clicked; "out of date" when none of them lies below it any more."""
    level = menus.step(session.engine, session.state, seat, value) if seat is not None else None
    if level is None or seat is None:
        return out_of_date(inv, session, seat)
    buttons, select = level.components(session.game_id, decision_token(session, seat))
    return Output(ephemeral_target(inv), level.heading, buttons=buttons, select=select, replace_menu=True)


def out_of_date(inv: Invocation, session: Session, seat: int | None) -> Output:
    found = notations(session.engine, session.state, seat) if seat is not None else []
    buttons, select = menu_components(session, seat) if found and seat is not None else ((), None)
    waiting = waiting_line(session.engine, session.state, Seating.of(session))
    text = OUT_OF_DATE + (" Your current choices are below." if found else f" {waiting}")
    return Output(ephemeral_target(inv), text, buttons=buttons, select=select)
