"""What a human BUGMISTRESS reads in her menus (menus.py sends her seat here): her verbs, her cards by name
with their SPAWN values, BUG types with their costs, her BUGs with their AP left. Her labels go to her
alone (MenuLabels), so they may name her cards."""

from __future__ import annotations

from collections.abc import Sequence

from rules.powerup import ai_mistress, mistress
from rules.powerup import mistress_pay as pay
from rules.powerup.coop_data import coop_data
from rules.powerup.state import State

VERBS = {
    "bugs": ("Your BUGs act", "activating and spawning are over for this turn"),
    "end": ("End your turn", "BUGs that have not acted stay idle"),
    "activate": ("Activate a BUG type", "its sheet face up: pay its cost with cards' SPAWN values"),
    "spawn": ("Spawn a BUG", "out of a spawn point: pay its SPAWN cost; dizzy this turn"),
    "card": ("Play a BUG card", "Specials and one Event before your BUGs act; Tricks any time"),
    "bug": ("A BUG acts", "one at a time: acting with another ends the one before"),
    "mode": ("Ask me to react", "relevant: near your BUGs; all: always; none: never"),
    "pass": ("Pass", "no Trick this time"),
    "done": ("Done", "its actions at once are over"),
    "put": ("Put it on", "the Special Spawn's BUG: a square, facing < or >"),
}


def _card_label(s: State, tok: str) -> tuple[str, str] | None:
    card = pay.card_of(s, tok)
    if card is None:
        return None
    c = coop_data().card(ai_mistress.card_name(card))
    text = c.player.text if c.player is not None else ""
    return f"{c.name} ({c.type}, SPAWN {pay.value(card)})"[:80], text[:100]


def menu_labels(s: State, prefix: tuple[str, ...], options: Sequence[str]) -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    co = coop_data()
    for opt in options:
        first = opt.split()[0] if opt else ""
        if not prefix and first in VERBS:
            label, desc = VERBS[first]
            rest = opt.split(" ", 1)[1] if " " in opt else ""
            out[opt] = ((label + (f": {rest}" if rest else ""))[:80], desc)
        elif prefix and prefix[0] == "card" and len(prefix) == 1:
            got = _card_label(s, first)
            if got is not None:
                out[opt] = got
        elif prefix and prefix[0] in ("activate", "spawn") and len(prefix) == 1 and first in co.caps:
            sheet = co.sheet(first)
            cost = sheet.activation if prefix[0] == "activate" else sheet.spawn_cost
            out[opt] = (f"{opt} — costs {cost}"[:80], f"{sheet.actions} AP, armor {sheet.armor}, {sheet.lives} lives")
        elif prefix and prefix[0] == "bug" and len(prefix) == 1:
            ap = mistress.ap_of(s, first) if s.coop is not None and not s.coop.burst else (
                s.coop.burst[1] if s.coop is not None and s.coop.burst else 0)
            out[opt] = (f"{opt} — {ap} AP"[:80], "")
        elif opt.startswith("pay:"):
            cards = [pay.card_of(s, t) for t in opt[4:].split(",")]
            names = ", ".join(ai_mistress.card_name(x) for x in cards if x)
            out[opt] = (f"Pay {names}"[:80], f"SPAWN {sum(pay.value(x) for x in cards if x)}")
    return out
