"""The private screen's own panels: what the seat is asked now; its POW! cards (the letter big in its
colour, the name, special or trick, the cost, the card's text); its teammates' hands; during setup
the tokens it still has to hide and its start square; and its legal actions (the first ``SHOWN``,
then how many more)."""

from __future__ import annotations

from render.core import Pen, fit_font, fit_text, font, text_width, wrap_text
from render.powerup.common import INNER, MARGIN
from render.powerup.grid import secret_text
from render.powerup.pieces import secret
from render.powerup.style import (
    DARK_TEXT,
    DIM,
    FIGURE_EDGE,
    GOLD,
    LETTER,
    ME,
    MUTED,
    PANEL,
    PANEL_EDGE,
    SUBPANEL,
    TEXT,
    WARN,
    readable_on,
)
from rules.powerup.data import HAND
from rules.powerup.views import CardView, PrivateView

TEXT_LINES = 11  # a card's text wraps to at most this many lines
LINE_H = 17
GAP = 10
SHOWN = 20  # legal actions drawn; the rest counted


def token_name(token: str) -> str:
    """A secret token in words: "coins3" -> "3 coins", "trap" -> "Buggie Trap"."""
    if token.startswith("coins") and token[5:].isdigit():
        return f"{token[5:]} coin" + ("" if token[5:] == "1" else "s")
    if token.startswith("key") and len(token) == 4:  # Hidden Keys: "keyA" -> "key A"
        return f"key {token[3]}"
    return {"trap": "Buggie Trap", "powerup": "POWERUP"}.get(token, token)


def asked(pen: Pen, view: PrivateView, y: int) -> int:
    if not view.asked:
        return y
    fnt = font(21, True)
    lines = wrap_text(view.asked, fnt, INNER - 120, max_lines=3)
    height = 16 + 28 * len(lines)
    pen.rect((MARGIN, y, MARGIN + INNER, y + height), fill=WARN, radius=10)
    ink = readable_on(WARN)
    pen.text((MARGIN + 14, y + 22), "ASKED", font(18, True), ink)
    for k, line in enumerate(lines):
        pen.text((MARGIN + 100, y + 22 + 28 * k), line, fnt, ink)
    return y + height + 10


def letter_disc(pen: Pen, cx: float, cy: float, r: float, letter: str) -> None:
    colour = LETTER.get(letter, LETTER["*"])
    pen.circle((round(cx), round(cy)), r, fill=colour, outline=FIGURE_EDGE, width=2)
    pen.text((round(cx), round(cy)), letter, font(round(r * 1.25), True), readable_on(colour), "mm")


def _text_lines(c: CardView, w: int) -> list[str]:
    return wrap_text(c.text, font(14), w - 20, max_lines=TEXT_LINES)


def card_height(cards, w: int) -> int:
    """Cards in a row are as tall as the longest text needs."""
    return 96 + LINE_H * max((len(_text_lines(c, w)) for c in cards), default=1)


def card(pen: Pen, x: int, y: int, w: int, h: int, c: CardView) -> None:
    """A POW! card: the letter big in its colour, the name, special or trick with its cost, the text."""
    pen.rect((x, y, x + w, y + h), fill=SUBPANEL, outline=LETTER.get(c.letter, LETTER["*"]), width=2, radius=8)
    letter_disc(pen, x + 28, y + 28, 20, c.letter)
    name = fit_font(c.name, 19, True, w - 62, min_size=13)
    lines = wrap_text(c.name, name, w - 62, max_lines=2)
    for k, line in enumerate(lines):
        pen.text((x + 54, y + 28 + 20 * (k - (len(lines) - 1) / 2)), line, name, TEXT)
    small = font(14, True)
    used = pen.text((x + 10, y + 64), c.type.upper(), small, GOLD if c.type == "trick" else LETTER["P"])
    pen.text((x + 16 + used, y + 64), fit_text("· " + c.cost, small, w - 26 - used), small, MUTED)
    body = font(14)
    for k, line in enumerate(_text_lines(c, w)):
        pen.text((x + 10, y + 88 + LINE_H * k), line, body, TEXT)


def hand(pen: Pen, view: PrivateView, y: int) -> int:
    """The seat's POW! cards, up to four across."""
    head = f"YOUR POW! CARDS ({len(view.hand)} of {HAND})"
    if not view.hand:
        height = 46
        pen.rect((MARGIN, y, MARGIN + INNER, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=10)
        used = pen.text((MARGIN + 14, y + 23), head, font(18, True), GOLD)
        pen.text((MARGIN + 30 + used, y + 23), "no POW! cards in hand", font(17, True), DIM)
        return y + height + 10
    count = max(HAND, len(view.hand))
    w = (INNER - 20 - GAP * (count - 1)) // count
    rows = [view.hand[k:k + count] for k in range(0, len(view.hand), count)]
    heights = [card_height(row, w) for row in rows]
    height = 36 + sum(heights) + GAP * len(rows)
    pen.rect((MARGIN, y, MARGIN + INNER, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=10)
    pen.text((MARGIN + 14, y + 19), head, font(18, True), GOLD)
    top = y + 34
    for row, h in zip(rows, heights, strict=True):
        for k, c in enumerate(row):
            card(pen, MARGIN + 10 + k * (w + GAP), top, w, h, c)
        top += h + GAP
    return y + height + 10


def _item_width(item: tuple, body) -> int:
    kind = item[0]
    if kind == "card":
        return 26 + text_width(item[1].name, body) + 14
    if kind == "secret":
        return text_width(item[1], body) + 6 + 28 + text_width(token_name(item[2]), body) + 18
    if kind == "hide":
        return 28 + text_width(token_name(item[1]), body) + 18
    return text_width(item[1], body) + 14


def _item(pen: Pen, x: int, mid: int, item: tuple, body, colour) -> None:
    kind = item[0]
    if kind == "card":
        letter_disc(pen, x + 11, mid, 11, item[1].letter)
        pen.text((x + 26, mid), item[1].name, body, TEXT)
    elif kind == "secret":
        x += pen.text((x, mid), item[1], body, TEXT) + 6
        secret(pen, (x + 11, mid), 26, secret_text(item[2]))
        pen.text((x + 28, mid), token_name(item[2]), body, MUTED)
    elif kind == "hide":
        secret(pen, (x + 11, mid), 26, secret_text(item[1]))
        pen.text((x + 28, mid), token_name(item[1]), body, TEXT)
    else:
        pen.text((x, mid), item[1], body, colour)


def team(pen: Pen, view: PrivateView, y: int) -> int:
    """Teammates' hands (letter discs and names), the team's hidden tokens, the tokens still to hide
    and the start square; a row's items wrap onto more lines."""
    rows: list[tuple[str, list]] = []
    for label, cards in view.team_hands:
        rows.append((f"{label} HOLDS", [("card", c) for c in cards] or [("text", "no cards")]))
    if view.team_secrets:
        rows.append(("TEAM SECRETS", [("secret", sq, token) for sq, token in view.team_secrets]))
    if view.held:  # co-op: what the BUGBUSTERs found and keep hidden (rb 1818), who holds each
        rows.append(("HIDDEN FINDS", [("secret", who, token) for who, token in view.held]))
    if view.to_hide:
        rows.append(("TO HIDE", [("hide", token) for token in view.to_hide]))
    if view.start:
        rows.append(("START", [("text", view.start)]))
    if not rows:
        return y
    head, body = font(16, True), font(17, True)
    label_w = max(text_width(label, head) for label, _ in rows) + 18
    left, right = MARGIN + 14 + label_w, MARGIN + INNER - 14
    placed: list[tuple[str, list[list[tuple[tuple, int]]]]] = []  # label, its lines of (item, x)
    for label, items in rows:
        lines: list[list[tuple[tuple, int]]] = [[]]
        x = left
        for item in items:
            w = min(_item_width(item, body), right - left)
            if x + w > right and lines[-1]:
                lines.append([])
                x = left
            lines[-1].append((item, x))
            x += w
        placed.append((label, lines))
    line = 34
    height = 14 + line * sum(len(lines) for _, lines in placed)
    pen.rect((MARGIN, y, MARGIN + INNER, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=10)
    k = 0
    for label, lines in placed:
        colour = ME if label == "START" else MUTED
        pen.text((MARGIN + 14, y + 7 + line * k + line // 2), label, head, colour)
        for items in lines:
            mid = y + 7 + line * k + line // 2
            for item, x in items:
                _item(pen, x, mid, item, body, TEXT if label == "START" else DIM)
            k += 1
    return y + height + 10


def actions(pen: Pen, view: PrivateView, y: int) -> int:
    """The legal actions as chips, the first ``SHOWN``, then "+N more"."""
    if not view.legal:
        return y
    fnt = font(16, True)
    shown = list(view.legal[:SHOWN])
    more = len(view.legal) - len(shown)
    chips = [(fit_text(a, fnt, INNER - 60), False) for a in shown] + ([(f"+{more} more", True)] if more else [])
    rows: list[list[tuple[str, bool, int]]] = [[]]
    used = 0
    room = INNER - 28
    for text, extra in chips:
        w = text_width(text, fnt) + 18
        if used + w > room and rows[-1]:
            rows.append([])
            used = 0
        rows[-1].append((text, extra, w))
        used += w + 6
    height = 38 + 32 * len(rows) + 4
    pen.rect((MARGIN, y, MARGIN + INNER, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=10)
    pen.text((MARGIN + 14, y + 19), f"YOU MAY ({len(view.legal)})", font(18, True), GOLD)
    for r, row in enumerate(rows):
        x = MARGIN + 14
        top = y + 36 + 32 * r
        for text, extra, w in row:
            fill = SUBPANEL if extra else TEXT
            pen.rect((x, top, x + w, top + 26), fill=fill, outline=PANEL_EDGE, width=1, radius=6)
            pen.text((x + w / 2, top + 13), text, fnt, MUTED if extra else DARK_TEXT, "mm")
            x += w + 6
    return y + height + 10
