"""What both ADRENALINE images share: who a seat is (figure and person), the small pieces drawn
everywhere (tags, ammo cubes, figure chips, skulls, powerup cards) and the title bar with whose turn
it is, what the game waits for and, once over, the result."""

from __future__ import annotations

from render.adrenaline.style import (
    AMMO_EDGE,
    BACKGROUND,
    DARK_TEXT,
    FIGURE_EDGE,
    GOLD,
    KILLED,
    OK,
    PANEL,
    PHASE_TITLE,
    SKULL,
    SUBPANEL,
    TAG_GRAY,
    TEXT,
    TILE,
    WARN,
    ammo_colour,
    figure_colour,
    greyed,
    readable_on,
)
from render.core import Names, Pen, display_name, end_tag, fit_text, font, wrap_text
from rules.adrenaline.views import PlayerView, PublicView

MARGIN = 12
WIDTH = 800
INNER = WIDTH - 2 * MARGIN


def player(view: PublicView, seat: int) -> PlayerView | None:
    return next((p for p in view.players if p.seat == seat), None)


def figure_name(view: PublicView, seat: int) -> str:
    p = player(view, seat)
    return p.name if p else f"Seat {seat + 1}"


def seat_colour(view: PublicView, seat: int):
    """The figure colour of ``seat``: its damage and mark tokens."""
    p = player(view, seat)
    return figure_colour(p.colour) if p else TAG_GRAY


def who(view: PublicView, seat: int, names: Names) -> str:
    """"Banshee (alice)", or "Banshee" without a name."""
    name = display_name(names, seat)
    return f"{figure_name(view, seat)} ({name})" if name else figure_name(view, seat)


def short(name: str) -> str:
    """The letters on a figure's chip: "B" for Banshee, ":D" for :D-struct-0R."""
    return name[:1].upper() if name[:1].isalpha() else name[:2]


def tag(pen: Pen, right: float, y: float, text: str, colour, size: int = 16, height: int = 28) -> int:
    """A coloured tag ending at ``right``; returns its width."""
    return end_tag(pen, right, y, text, colour, readable_on(colour), size, height, 18, 7)


def cube(pen: Pen, x: float, y: float, letter: str, size: int = 18) -> None:
    """One ammo cube: a square in its colour, dark-edged (the letter inside for the colour-blind when
    big enough)."""
    colour = ammo_colour(letter)
    pen.rect((x, y, x + size - 1, y + size - 1), fill=colour, outline=AMMO_EDGE, width=2, radius=3)
    if size >= 18:
        pen.text((x + size / 2, y + size / 2), letter, font(size - 5, True), readable_on(colour), "mm")


def cubes(pen: Pen, x: float, y: float, letters, size: int = 18, gap: int = 3) -> float:
    """Cubes in a row from ``x``; returns the x after them."""
    for letter in letters:
        cube(pen, x, y, letter, size)
        x += size + gap
    return x


def top_cube(pen: Pen, x: float, y: float, letter: str, size: int = 18) -> float:
    """A weapon's top cube, drawn apart: the cube ringed in white on a dark plate. Returns the x after."""
    pen.rect((x, y - 3, x + size + 5, y + size + 2), fill=BACKGROUND, outline=TILE, width=2, radius=5)
    cube(pen, x + 3, y, letter, size)
    return x + size + 6


def cost(pen: Pen, x: float, y: float, pickup, top: str | None, size: int = 18) -> float:
    """A weapon's cost: what picking it up costs, then its top cube apart. Returns the x after."""
    if pickup:
        x = cubes(pen, x, y, pickup, size) + 4
    else:
        x += pen.text((x, y + size / 2), "free", font(15, True), OK) + 8
    if top:
        x = top_cube(pen, x, y, top, size)
    return x


def chip(pen: Pen, cx: float, cy: float, r: float, colour_name: str, name: str, killed: bool = False,
         ring=None) -> None:
    """A figure: a disc in its colour, its letter inside; a killed one greyed and crossed out."""
    colour = figure_colour(colour_name)
    fill = greyed(colour) if killed else colour
    if ring is not None:
        pen.circle((cx, cy), r + 5, fill=ring)
    pen.circle((cx, cy), r, fill=fill, outline=FIGURE_EDGE, width=2)
    letters = short(name)
    size = round(r * (1.15 if len(letters) == 1 else 0.95))
    pen.text((cx, cy + 1), letters, font(size, True), readable_on(fill), "mm")
    if killed:
        d = r * 0.78
        for a, b in (((cx - d, cy - d), (cx + d, cy + d)), ((cx - d, cy + d), (cx + d, cy - d))):
            pen.line([a, b], TEXT, width=max(3, round(r / 3)) + 3)
        for a, b in (((cx - d, cy - d), (cx + d, cy + d)), ((cx - d, cy + d), (cx + d, cy - d))):
            pen.line([a, b], KILLED, width=max(3, round(r / 3)))


def skull(pen: Pen, cx: float, cy: float, size: float, colour=SKULL) -> None:
    """A skull: a round head, a jaw, two dark eyes."""
    r = size * 0.42
    pen.circle((cx, cy - size * 0.08), r, fill=colour)
    pen.rect((round(cx - r * 0.62), round(cy + r * 0.3), round(cx + r * 0.62), round(cy + r * 1.05)), fill=colour)
    eye = max(1.5, r * 0.3)
    pen.circle((cx - r * 0.42, cy - size * 0.06), eye, fill=DARK_TEXT)
    pen.circle((cx + r * 0.42, cy - size * 0.06), eye, fill=DARK_TEXT)


def powerup_mark(pen: Pen, x: float, y: float, h: int, fill=TILE) -> int:
    """The sign of a powerup (an ammo tile's, a hand's count): a small upright card with a star."""
    w = round(h * 0.72)
    pen.rect((x, y, x + w - 1, y + h - 1), fill=fill, outline=FIGURE_EDGE, width=2, radius=3)
    pen.text((x + w / 2, y + h / 2 + 1), "★", font(max(9, round(h * 0.55)), True), GOLD, "mm")
    return w


def turn_line(view: PublicView, names: Names) -> str:
    """Whose turn and what it has left: "Banshee (alice) · 2 actions left"."""
    if view.over:
        return f"The game is over after {view.turns} turns"
    text = f"{who(view, view.turn, names)}'s turn"
    if view.frenzy and view.frenzy_actions:
        plural = "s" if view.frenzy_actions != 1 else ""
        text += f" · final frenzy turn ({view.frenzy_actions} action{plural}), {view.actions_left} left"
    else:
        text += f" · {view.actions_left} action{'s' if view.actions_left != 1 else ''} left"
    return text


def title_bar(pen: Pen, view: PublicView, names: Names, badge: tuple[str, tuple] | None = None) -> int:
    """ADRENALINE, the arena and the turn number; whose turn with its actions; the phase and step;
    whom the game waits for."""
    height = 92
    pen.rect((0, 0, WIDTH, height), fill=PANEL)
    pen.text((MARGIN, 28), "ADRENALINE", font(34, True), GOLD)
    right = WIDTH - MARGIN
    tags = [badge] if badge else []
    tags += [(view.map_name, TAG_GRAY), (f"TURN {view.turns}", TAG_GRAY)] if not badge else []
    for text, colour in tags:
        right -= tag(pen, right, 14, text, colour, size=17, height=30) + 8
    line = turn_line(view, names)
    fnt = font(22, True)
    pen.text((MARGIN, 70), fit_text(line, fnt, INNER), fnt, TEXT)
    y = height
    if view.over:
        return y
    step = PHASE_TITLE.get(view.phase, view.phase)
    if view.step:
        step += f" · {view.step}"
    wait = ""
    if view.waiting:
        wait = "waiting for " + ", ".join(who(view, s, names) for s in view.waiting)
    small = font(20, True)
    lines = wrap_text(f"{step}  —  {wait}" if wait else step, small, INNER, max_lines=2)
    band = 14 + 28 * len(lines)
    pen.rect((0, y, WIDTH, y + band), fill=SUBPANEL)
    for k, text in enumerate(lines):
        pen.text((MARGIN, y + 21 + 28 * k), text, small, WARN if wait else TEXT)
    return y + band


def banner(pen: Pen, view: PublicView, y: int) -> int:
    """Once over: GAME OVER and the summary, big."""
    if not view.over:
        return y
    lines = wrap_text(view.summary, font(24, True), INNER, max_lines=4) if view.summary else []
    height = 66 + 32 * len(lines)
    pen.rect((0, y, WIDTH, y + height), fill=GOLD)
    pen.text((MARGIN, y + 34), "GAME OVER", font(36, True), BACKGROUND)
    for k, line in enumerate(lines):
        pen.text((MARGIN, y + 80 + 32 * k), line, font(24, True), BACKGROUND)
    return y + height
