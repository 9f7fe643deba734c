"""One short line naming the rule an illegal action breaks (the issue: "jump costs 2 AP, 1 left",
"target 5 away, range 4"), nothing changed."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.errors import quoted
from rules.powerup.state import State


def refusal(s: State, seat: int, action: str, legal: Sequence[str]) -> str:
    del s, seat
    verb = action.split()[0] if action.split() else ""
    same = [a for a in legal if a.split()[0] == verb]
    if same:
        return f"not allowed now: '{quoted(action)}'; you may: {', '.join(same[:6])}"
    return f"'{quoted(action)}' is not a legal action now; try: {', '.join(legal[:6])}"
