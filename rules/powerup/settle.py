"""What follows every applied action (engine.apply): the window owed after an action of the active seat, then
settling — questions with no answer left dropped, windows opened and attacks rolled and landed in their turn
(reactions.advance), co-op's own steps (coop_engine), and a turn with no AP left ended by itself unless its
seat still has something free to do. Quotes: shared/rulebooks/powerup.txt ("rb N")."""

from __future__ import annotations

from rules.powerup import asks, coop_engine, flow, life, physics, reactions, turn
from rules.powerup.state import State


def turn_action(s: State, seat: int, action: str, out: list[str]) -> None:
    """An action of the active seat; then a reaction window is owed (reactions.py), and the cards it
    played may be copied (rb 1200)."""
    verb = action.split()[0]
    discard = len(s.pow_discard)
    turn.apply(s, seat, action, out)
    if s.phase != "play" or verb in reactions.NO_WINDOW:
        return
    s.window_due = True
    if verb in ("card", "epic") and len(s.pow_discard) > discard:
        s.copyable = s.pow_discard[discard:]


def settle(s: State, out: list[str]) -> None:
    """After an action: questions with no answer left are dropped; windows open and attacks roll and
    land in their turn (reactions.advance); a turn with no AP left ends by itself unless its seat still
    has something free to do (swap, EPIC, a free card) — then it presses ``end``."""
    if s.phase == "play":
        physics.settle(s, out, keep=s.air)
    while s.phase == "play":
        life.clamp(s)
        asks.tidy(s)
        if reactions.advance(s, out) or s.air:
            return
        if s.coop is not None and coop_engine.hold(s, out):  # her BUG acting at once, out of her turn
            return
        if s.coop is not None and s.coop.stage != "turn":
            coop_engine.settle(s, out)
            if s.phase != "play" or s.coop.stage != "turn" or s.window or s.asks:
                return
            continue
        if s.coop is not None and coop_engine.mission_over(s, out):  # won or lost in a BUGBUSTER's turn
            return
        if s.coop is not None and coop_engine.tricks(s, out):  # her face-up Tricks, "at any time" (rb 975)
            continue
        if s.ap > 0:
            return
        seat = s.active
        assert seat is not None
        if _free_left(s, seat):
            return
        flow.end_turn(s, out)


def _free_left(s: State, seat: int) -> bool:
    if s.coop is not None and seat in s.coop.fallen:
        return False  # down in its own turn: the turn is over (it can do nothing, rb 849)
    if s.busters[seat].protected:
        # at 0 AP still protected, it died this turn (any AP spent is a normal action, which ends the
        # protection): its turn is over (rb 1918), cards and EPIC wait for the next
        return False
    # at 0 AP: equip, EPIC, cards, free moves (a mode change is no reason to wait)
    return any(a != "end" and not a.startswith(("mode ", "allies ")) for a in turn.legal(s, seat))
