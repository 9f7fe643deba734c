"""Public facts about where a Jupiter Rescue turn stands, for the views: what the game waits for, the
cards in effect, the Creeps about to be placed. Read by views.py; reads only the rules modules."""

from __future__ import annotations

from rules.jupiter.colony import Colony
from rules.jupiter.full_turn import FULL_TURN, in_effect
from rules.jupiter.state import State


def waiting(state: State) -> str:
    if state.phase == "over":
        return ""  # the board's banner tells how it ended (PublicView.summary)
    if state.choosing:
        return ", ".join(f"Robot {x + 1}" for x in state.choosing) + ": choose a new core ability (`core <card>`)"
    if state.phase == "choose_core":
        left = [f"Robot {x + 1}" for x in range(len(state.seats)) if not state.cores[x]]
        return f"{', '.join(left)}: choose your core ability (`core <card>`)"
    if state.phase == "first_player":
        return "Anyone: decide who goes first (`first <robot>`)"
    if state.phase == "dock":
        return "Anyone: choose where the pod docks (`dock <edge>`, a lit edge dome)"
    who = f"Robot {state.current + 1}" if state.current is not None else "?"
    return {
        "actions": f"{who}: {state.actions_left} action{'s' if state.actions_left != 1 else ''} left, then `end`",
        "roll": f"{who}: the die shows {state.die}; `place`, Phase Shift, Suppressant, or `end` to let the Creeps come",
        "setback": f"{who}: {state.setback}! Suppressant or `place`, or `end` to let it strike",
        "discard": f"{who}: discard down to the hand limit (`discard <cards>`)",
    }.get(state.phase, "")


def in_effect_cards(state: State) -> tuple[str, ...]:
    seat = state.current
    if seat is None or state.phase == "over":
        return ()
    return tuple(c for c in FULL_TURN if in_effect(state, seat, c)) + (("Override",) if state.override is not None else ())


def placing(state: State, colony: Colony) -> tuple[tuple[str, tuple[str, ...], str], ...]:
    from rules.jupiter.flow import placements  # flow reads cards and turn, which read this module's peers

    return placements(state, colony)
