"""POWERUP's notation as typed (the engine's ``parse``) and as the channel reads it (``public_action``)."""

from __future__ import annotations

from rules.core.errors import MalformedAction
from rules.powerup.board import parse_square
from rules.powerup.data_checks import SHEETS
from rules.powerup.state import State


def parse(state: State, seat: int, text: str, legal: list[str]) -> str:
    """Typed text to an action: a seat label names its BUGBUSTER, squares and figure ids in capitals, words in
    lower case; then whatever matches a legal action regardless of case is that action."""
    words = text.strip().split()
    if not words:
        raise MalformedAction("type an action, e.g. `move`, `jump up`, `shoot BLU-TOR`, `end`")
    words[0] = words[0].lower()
    out = []
    for w in words:
        label = w.upper()
        if label in state.seats:  # a seat label names its BUGBUSTER: BLU-TOR -> TOR
            out.append(label.split("-")[-1])
        elif label in SHEETS or label.startswith(
                ("ROBOT-", "DRUM")) or parse_square(w) is not None and len(w) <= 3:
            out.append(label)
        elif w.lower() in ("up", "down", "left", "right", "high", "pass", "pushed", "decline", "done",
                            "pow", "equipment", "ammo", "life", "coins", "trap", "powerup", "react", "roll",
                            "assist", "mode", "relevant", "all", "none", "fall", "misses", "always", "allies",
                            "ask") or w[:5].lower() in (
                "coins", "ammo:") or w[:3].lower() == "rp:":
            out.append(w.lower())
        else:
            out.append(w)
    text = " ".join(out)
    if state.coop is not None and state.coop.human and seat == len(state.seats):
        from rules.powerup.mistress import parse as her_parse

        text = her_parse(state, text)  # her aliases: attack, bare card names, BURP1
    # a card's token or any word typed in another case: match the seat's legal actions regardless of case
    by_case = {a.lower(): a for a in legal}
    return by_case.get(text.lower(), text)


def public_action(state: State, seat: int, action: str) -> str:
    """Behind the screens, hiding a token and picking a start square tell the channel nothing; an
    Assemble trade tells who handed a card to whom, not which (rb 1184: the team's own affair)."""
    if state.phase == "hide" and action != "done":
        return ""
    words = action.split()
    if state.asks and state.asks[0][1] == "assemble" and words[0] == "hand":
        return f"hand a card to {words[-1]}"
    return action
