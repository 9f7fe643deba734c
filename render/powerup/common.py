"""What both POWERUP images share: the page's measures, who a seat is (its BUGBUSTER and person),
tags, the title bar (the game, the score, the sequence and round, whose turn with its AP, what the
game waits for, the setup step) and, once over, the winner's banner."""

from __future__ import annotations

from render.core import Names, Pen, display_name, end_tag, fit_text, font, wrap_text
from render.powerup.style import (
    GOLD,
    PANEL,
    PHASE_TITLE,
    SUBPANEL,
    TAG_GRAY,
    TEXT,
    WARN,
    readable_on,
    team_colour,
)
from rules.powerup.views import BusterView, PublicView

MARGIN = 12
WIDTH = 800
INNER = WIDTH - 2 * MARGIN


def buster(view: PublicView, seat: int) -> BusterView | None:
    return next((b for b in view.busters if b.seat == seat), None)


def seat_label(view: PublicView, seat: int) -> str:
    b = buster(view, seat)
    return b.label if b else f"Seat {seat + 1}"


def who(view: PublicView, seat: int, names: Names) -> str:
    """"RED-RAY · alice", or "RED-RAY" without a name."""
    name = display_name(names, seat)
    return f"{seat_label(view, seat)} · {name}" if name else seat_label(view, seat)


def tag(pen: Pen, right: float, y: float, text: str, colour, size: int = 16, height: int = 28) -> int:
    """A coloured tag ending at ``right``; returns its width."""
    return end_tag(pen, right, y, text, colour, readable_on(colour), size, height, 18, 7)


def subtitle_of(title: str) -> str:
    """The view's title beside the game's name: "POWERUP · DEATHMATCH" -> "DEATHMATCH"."""
    if title.upper().startswith("POWERUP"):
        title = title[len("POWERUP"):].lstrip(" ·-–:")
    return title


def turn_line(view: PublicView, names: Names) -> str:
    """The phase, the sequence and round, whose turn with its AP."""
    if view.phase == "over":
        return "Game over" + (f" after {view.sequence} sequences" if view.sequence else "")
    if view.phase != "play":
        return PHASE_TITLE.get(view.phase, view.phase)
    text = f"Sequence {view.sequence} · round {view.round}"
    if view.active >= 0:
        text += f" · {who(view, view.active, names)} plays, {view.ap} AP left"
    return text


def title_bar(pen: Pen, view: PublicView, names: Names, badge: tuple[str, tuple] | None = None) -> int:
    """POWERUP, the game's title and the score; the turn line; what setup places and whom the game
    waits for. Returns the y below."""
    height = 92
    pen.rect((0, 0, WIDTH, height), fill=PANEL)
    used = pen.text((MARGIN, 28), "POWERUP", font(34, True), GOLD)
    right = WIDTH - MARGIN
    red, blu = view.score
    right -= tag(pen, right, 12, f"BLU {blu}", team_colour("BLU"), size=20, height=34) + 6
    right -= tag(pen, right, 12, f"RED {red}", team_colour("RED"), size=20, height=34) + 12
    if badge is not None:
        right -= tag(pen, right, 15, *badge, size=15, height=28) + 8
    title = font(20, True)
    room = right - (MARGIN + used + 14)
    subtitle = subtitle_of(view.title)
    if subtitle and room > 40:
        pen.text((MARGIN + used + 14, 30), fit_text(subtitle, title, room), title, TEXT)
    fnt = font(22, True)
    pen.text((MARGIN, 70), fit_text(turn_line(view, names), fnt, INNER), fnt, TEXT)
    y = height
    lines: list[tuple[str, tuple]] = []
    small = font(20, True)
    if view.placing and view.phase != "over":
        lines += [(line, GOLD) for line in wrap_text(view.placing, small, INNER, max_lines=2)]
    if view.waiting and view.phase != "over":
        lines += [(line, WARN) for line in wrap_text(view.waiting, small, INNER, max_lines=2)]
    if lines:
        band = 14 + 28 * len(lines)
        pen.rect((0, y, WIDTH, y + band), fill=SUBPANEL)
        for k, (text, colour) in enumerate(lines):
            pen.text((MARGIN, y + 21 + 28 * k), text, small, colour)
        y += band
    return y


def banner(pen: Pen, view: PublicView, y: int) -> int:
    """Once over: the winning team, big, in its colour, with the score."""
    if view.phase != "over" and not view.winner:
        return y
    colour = team_colour(view.winner) if view.winner else TAG_GRAY
    height = 70
    pen.rect((0, y, WIDTH, y + height), fill=colour)
    ink = readable_on(colour)
    title = f"TEAM {view.winner} WINS!" if view.winner else "GAME OVER"
    pen.text((MARGIN, y + height / 2), title, font(36, True), ink)
    red, blu = view.score
    pen.text((WIDTH - MARGIN, y + height / 2), f"RED {red} – {blu} BLU", font(26, True), ink, "rm")
    return y + height

