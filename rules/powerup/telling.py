"""What the game tells people in a few words: who it waits for, why a seat cannot act now, and the one-line
progress of a game."""

from __future__ import annotations

from rules.core.engine import SYSTEM, Decision
from rules.powerup import coop_engine, flow
from rules.powerup.data import game_data
from rules.powerup.state import State


def waiting(state: State, pending: dict[int, Decision], labels: tuple[str, ...]) -> str:
    """Who the game waits for, in a few words (the views' ``waiting`` line)."""
    if not pending:
        return ""
    seat = next(iter(pending))
    if state.phase == "place":
        return pending[seat].prompt  # "RED places a POWERUP"
    if state.phase == "hide":
        return "behind screens: " + ", ".join(state.seats[i] for i in pending)
    if state.window and not state.asks:  # who may still react (their prompts are private)
        a = state.attack
        who = (a.bug or state.busters[a.seat].sheet) if a is not None else ""
        what = f"{who} {a.verb}s {a.word}: " if a is not None and not a.rolled else ""
        kind = "roll tricks" if state.window_kind == "roll" else "reactions"
        return f"{what}{kind} from " + ", ".join(labels[i] for i in pending)
    if seat == SYSTEM:
        return "the BUGs' turn"
    if len(pending) > 1:  # a group's choice, or payers asked at once
        return f"{', '.join(labels[i] for i in pending)}: {pending[seat].prompt}"
    return f"{labels[seat]}: {pending[seat].prompt}"


def not_yours(state: State, pending: dict[int, Decision], labels: tuple[str, ...]) -> str:
    """Why a seat that is not asked cannot act now."""
    if state.phase == "place":
        return f"{state.placing} is placing; wait for your team's turn"
    if state.phase == "hide":
        return "you are done behind your screen; wait for the others"
    if pending:
        who = next(iter(pending))
        return "wait: it is the BUGs' turn" if who == SYSTEM else (
            f"wait: it is {labels[who]}'s move")
    return "the game is over"


def progress(state: State) -> str:
    """The game's one-line state for lists and feeds."""
    s = state
    if s.phase == "place":
        return f"Setup · {s.placing} places {'POWERUPs' if s.place_kind == 'powerup' else 'a drum'}"
    if s.phase == "hide":
        return "Setup · behind screens: secrets and start squares"
    if s.coop is not None:
        return coop_engine.progress(s)
    if s.phase == "over":
        return f"Over · {s.summary}"
    seq = (s.sequence - 1) % game_data().turn_card.sequences_per_round + 1
    who = s.seats[s.active] if s.active is not None else ""
    return f"Round {flow.round_of(s.sequence)} · sequence {seq} · {who} · RED {s.score[0]}-{s.score[1]} BLU"
