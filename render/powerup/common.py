"""What both POWERUP images share: the page's measures, who a seat is (its BUGBUSTER and person),
tags, the title bar (the game, the score, the sequence and round, whose turn with its AP, what the
game waits for, the setup step) and, once over, the winner's banner.

In co-op (``view.coop``) there are no teams: the title bar shows the stage (BUG turn, who goes next, a
BUGBUSTER's turn, CONTINUE) where DEATHMATCH shows the score, and the mission's goal with its progress
under the turn line; the banner says whether the BUGBUSTERs or the BUGs won."""

from __future__ import annotations

from render.core import Names, Pen, display_name, end_tag, fit_font, fit_text, font, wrap_text
from render.powerup.style import (
    BUGS_WIN,
    DANGER,
    GOLD,
    OK,
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


# co-op stages: the title bar's tag and its colour
STAGE: dict[str, tuple[str, tuple]] = {
    "bug": ("BUG TURN", DANGER), "next": ("WHO GOES NEXT?", WARN), "turn": ("BUGBUSTER'S TURN", OK),
    "continue": ("CONTINUE?", GOLD), "over": ("GAME OVER", TAG_GRAY),
    "professions": ("PICK PROFESSIONS", WARN),  # professions:on, before the first BUG turn
}


def acting(view: PublicView) -> str:
    """"BDZ1 (BUGDOZER)": the BUG acting in the BUG turn ("" none)."""
    if view.coop is None or view.coop.stage != "bug":
        return ""
    b = next((b for b in view.coop.bugs if b.acting), None)
    return f"{b.id} ({b.kind})" if b is not None else ""


def acting_id(view: PublicView) -> str:
    return acting(view).split(" ")[0]


def turn_line(view: PublicView, names: Names) -> str:
    """The phase, the sequence and round, whose turn with its AP (co-op: the BUGs' turn and the BUG
    acting, or the choice of who goes next, or a CONTINUE)."""
    if view.phase == "over":
        return "Game over" + (f" after {view.sequence} sequences" if view.sequence else "")
    if view.phase != "play":
        return PHASE_TITLE.get(view.phase, view.phase)
    text = f"Sequence {view.sequence} · round {view.round}"
    if view.active >= 0:
        text += f" · {who(view, view.active, names)} plays, {view.ap} AP left"
    elif view.coop is not None:
        stage = view.coop.stage
        if stage == "bug":
            text += " · BUG turn" + (f": {acting_id(view)} acts" if acting(view) else "")
        elif stage == "next":
            text += " · choose who goes next"
        elif stage == "continue":
            text += f" · CONTINUE for ${view.coop.continue_cost}?"
    return text


def score_tags(view: PublicView) -> list[tuple[str, tuple]]:
    """The title bar's tags on the right, right to left: the team score (DEATHMATCH) or the stage
    (co-op: no teams)."""
    if view.coop is not None:
        text, colour = STAGE.get(view.coop.stage, (view.coop.stage.upper(), TAG_GRAY))
        return [(text, colour)]
    red, blu = view.score
    return [(f"BLU {blu}", team_colour("BLU")), (f"RED {red}", team_colour("RED"))]


def title_bar(pen: Pen, view: PublicView, names: Names, badge: tuple[str, tuple] | None = None) -> int:
    """POWERUP, the game's title and the score; the turn line; what setup places and whom the game
    waits for. Returns the y below."""
    height = 92
    pen.rect((0, 0, WIDTH, height), fill=PANEL)
    used = pen.text((MARGIN, 28), "POWERUP", font(34, True), GOLD)
    right = WIDTH - MARGIN
    tags = score_tags(view)
    for k, (text, colour) in enumerate(tags):
        right -= tag(pen, right, 12, text, colour, size=20, height=34) + (12 if k == len(tags) - 1 else 6)
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
    lines: list[tuple[str, tuple, object]] = []
    small = font(20, True)
    if view.placing and view.phase != "over":
        lines += [(line, GOLD, small) for line in wrap_text(view.placing, small, INNER, max_lines=2)]
    if view.coop is not None and view.coop.goal:  # a smaller face before the goal takes two lines
        goal = f"GOAL · {view.coop.goal}"
        face = fit_font(goal, 20, True, INNER, 17)
        lines += [(line, GOLD, face) for line in wrap_text(goal, face, INNER, max_lines=2)]
    if view.waiting and view.phase != "over":
        lines += [(line, WARN, small) for line in wrap_text(view.waiting, small, INNER, max_lines=2)]
    if lines:
        band = 14 + 28 * len(lines)
        pen.rect((0, y, WIDTH, y + band), fill=SUBPANEL)
        for k, (text, colour, face) in enumerate(lines):
            pen.text((MARGIN, y + 21 + 28 * k), text, face, colour)
        y += band
    return y


def banner(pen: Pen, view: PublicView, y: int) -> int:
    """Once over: the winning team, big, in its colour, with the score (co-op: the BUGBUSTERs or the
    BUGs, with the mission)."""
    if view.phase != "over" and not view.winner:
        return y
    if view.coop is not None:
        won = view.winner == "BUSTERS" or (not view.winner and view.coop.result == "won")
        lost = view.winner == "BUGS" or (not view.winner and view.coop.result == "lost")
        colour = OK if won else BUGS_WIN if lost else TAG_GRAY
        title = "BUGBUSTERS WIN!" if won else "THE BUGS WIN!" if lost else "GAME OVER"
        right = f"{view.coop.mission}: {'done' if won else 'failed' if lost else 'over'}"
    else:
        colour = team_colour(view.winner) if view.winner else TAG_GRAY
        title = f"TEAM {view.winner} WINS!" if view.winner else "GAME OVER"
        red, blu = view.score
        right = f"RED {red} – {blu} BLU"
    height = 70
    pen.rect((0, y, WIDTH, y + height), fill=colour)
    ink = readable_on(colour)
    used = pen.text((MARGIN, y + height / 2), title, font(36, True), ink)
    fnt = font(26, True)
    pen.text((WIDTH - MARGIN, y + height / 2), fit_text(right, fnt, INNER - used - 20), fnt, ink, "rm")
    return y + height

