"""What a player reads in the menus: each level of the tree is one menu (``tree.Node``); its options
carry their own labels. Back, Cancel and Confirm close every level below the first."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.adrenaline.lines import draft_text
from rules.adrenaline.state import State


def menu_labels(engine: Any, state: State, seat: int, prefix: tuple[str, ...],
                options: Sequence[str]) -> Mapping[str, tuple[str, str]]:
    if prefix:
        return {}
    node = engine.node(state, seat)
    labels = {o.token: (o.label, o.description) for o in node.options} if node is not None else {}
    summary = draft_text(state, seat, state.draft) if state.draft else ""
    labels["confirm"] = ("✔ Confirm", summary[:100] or "do it")
    labels["back"] = ("◀ Back", "undo the last choice of this action")
    labels["cancel"] = ("✖ Cancel", "drop this action; nothing was spent")
    labels.setdefault("end", ("End the turn", "drop this action and end your turn"))
    labels.setdefault("pass", ("Pass", "drop this and let the game go on"))
    return {o: labels[o] for o in options if o in labels}
