"""A human BUGMISTRESS's own screen panels (her DM): her BUG cards (token, type, SPAWN value, indicator, the
player text), what activating and spawning cost, her spawn points, each BUG's actions now, her reaction
mode and the Event in force; and the same in words for the text beside the image. Reads her
``PrivateView.mistress`` only (views.MistressView)."""

from __future__ import annotations

from render.core import Pen, font, wrap_text
from render.powerup.common import INNER, MARGIN
from render.powerup.style import GOLD, LETTER, MUTED, PANEL, PANEL_EDGE, TEXT
from rules.powerup.views import BugCardView, MistressView, PrivateView

LINE_H = 20


def _card_line(c: BugCardView) -> str:
    return f"{c.token} · {c.type} · SPAWN {c.spawn} · {'/'.join(c.indicator)} — {c.text}"


def lines(m: MistressView) -> list[tuple[str, str]]:
    """(heading, text) rows of her panel, in the order drawn."""
    rows = [("CARDS", _card_line(c)) for c in m.hand] or [("CARDS", "no BUG cards in hand")]
    if m.activation:
        rows.append(("ACTIVATE", ", ".join(f"{k} {n}" for k, n in m.activation)))
    rows.append(("SPAWN", ", ".join(f"{k} {n}" for k, n in m.spawn_costs)
                 + (f" · from {'; '.join(m.points)}" if m.spawns and m.points else " · not this turn")))
    rows += [("BUG", b) for b in m.bugs]
    rows.append(("MODE", f"asked in windows: {m.mode}" + (f" · Event: {m.event}" if m.event else "")))
    return rows


def panel(pen: Pen, view: PrivateView, y: int) -> int:
    m = view.mistress
    if m is None:
        return y
    body, head = font(15), font(15, True)
    left = MARGIN + 110
    wrapped = [(h, wrap_text(t, body, INNER - 124, max_lines=3)) for h, t in lines(m)]
    height = 40 + sum(LINE_H * len(w) + 4 for _, w in wrapped)
    pen.rect((MARGIN, y, MARGIN + INNER, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=10)
    pen.text((MARGIN + 14, y + 19), f"YOUR BUG CARDS ({len(m.hand)}) · {m.step or 'waiting'}", font(18, True),
             GOLD)
    top = y + 38
    for h, w in wrapped:
        colour = LETTER["P"] if h == "CARDS" else MUTED
        pen.text((MARGIN + 14, top + LINE_H // 2), h, head, colour)
        for k, line in enumerate(w):
            pen.text((left, top + LINE_H // 2 + LINE_H * k), line, body, TEXT if h != "MODE" else MUTED)
        top += LINE_H * len(w) + 4
    return y + height + 10


def describe(m: MistressView) -> list[str]:
    out = [f"Your BUG cards ({len(m.hand)}):"] + [f"- **{c.token}** {c.type}, SPAWN {c.spawn} "
                                                    f"({'/'.join(c.indicator)}): {c.text}" for c in m.hand]
    out += [f"{h.title()}: {t}." for h, t in lines(m) if h != "CARDS"]
    return out
