"""What both Retro Bots vs Rogues images share: seat labels and names, tags, the title bar, and how an
instruction's notation is read (its code, its class: the stripes of its counter)."""

from __future__ import annotations

from render.core import Names, Pen, display_name, end_tag, fit_text, font, wrap_text
from render.retro.style import GOLD, PANEL, PHASE_TITLE, SUBPANEL, TAG_GRAY, TEXT, WARN, readable_on
from rules.retro.data import game_data
from rules.retro.views import PublicView

MARGIN = 12

ROGUE_NAME = {"servobot": "Servobot", "hazbot": "Hazbot", "lasbot": "Lasbot", "grillbot": "Grillbot",
              "visebot": "Visebot", "progbot": "Progbot", "bossbot": "Bossbot", "minionbot": "Minionbot"}
ROGUE_LETTER = {"servobot": "S", "hazbot": "H", "lasbot": "L", "grillbot": "G", "visebot": "V", "progbot": "P",
                "bossbot": "B", "minionbot": "M"}


def plural(kind: str) -> str:
    return ROGUE_NAME.get(kind, kind.capitalize()) + "s"


def seat_label(view: PublicView, seat: int) -> str:
    """"Retro 2" (seat 1), from the seat's own label when the view has it."""
    for s in view.seats:
        if s.seat == seat and s.label:
            return s.label[:1].upper() + s.label[1:]
    return f"Retro {seat + 1}"


def who(view: PublicView, seat: int, names: Names) -> str:
    """"Retro 2 · alice", or "Retro 2" without a name."""
    name = display_name(names, seat)
    return f"{seat_label(view, seat)} · {name}" if name else seat_label(view, seat)


def door_of(view: PublicView, seat: int) -> str:
    """The name of the door the seat's Retro waits outside of ("" when it is on the board)."""
    for bot in view.bots:
        if bot.seat == seat and bot.outside is not None and 0 <= bot.outside < len(view.doors):
            return view.doors[bot.outside].name
    return ""


def enter_warning(view: PublicView, seat: int) -> str:
    door = door_of(view, seat)
    where = f"outside the {door} door" if door else "outside its door"
    return f"Your Retro waits {where}: your first instruction must move it in through the door."


def instruction_code(notation: str) -> str:
    """The instruction a notation starts with: "SHOVE left" -> "SHOVE", "f2" -> "F2"."""
    head = notation.strip().split(" ")[0] if notation.strip() else ""
    return "".join(ch for ch in head.upper() if ch.isalnum())


def instruction_class(notation: str) -> str:
    """basic | loader | shooter | hacker (the counter's stripes); basic for anything unknown."""
    ins = game_data().instructions.get(instruction_code(notation))
    return ins.class_ if ins else "basic"


def instruction_name(notation: str) -> str:
    ins = game_data().instructions.get(instruction_code(notation))
    return ins.name if ins else notation


def tag(pen: Pen, right: int, y: int, text: str, colour, size: int = 18, height: int = 30) -> int:
    """A coloured tag ending at ``right``; returns its width."""
    return end_tag(pen, right, y, text, colour, readable_on(colour), size, height, 20, 8)


def title_bar(pen: Pen, view: PublicView, width: int, badge: tuple[str, tuple] | None = None,
              big: int = 34) -> int:
    """RETRO BOTS vs ROGUES and the round on one line, the phase in words on the next, then what the
    game waits for."""
    height = round(big * 2.6)
    pen.rect((0, 0, width, height), fill=PANEL)
    pen.text((MARGIN, round(big * 0.8)), "RETRO BOTS vs ROGUES", font(big, True), GOLD)
    right = width - MARGIN
    tags = []
    if badge is not None:
        tags.append(badge)
    if view.round:
        tags.append((f"ROUND {view.round}", TAG_GRAY))
    small = max(14, round(big * 0.5))
    for text, colour in tags:
        right -= tag(pen, right, round(big * 0.8) - 15, text, colour, size=small) + 8
    phase = PHASE_TITLE.get(view.phase, view.phase)
    if view.round:
        phase = f"Round {view.round} · {phase}"
    fnt = font(round(big * 0.7), True)
    pen.text((MARGIN, round(big * 1.95)), fit_text(phase, fnt, width - 2 * MARGIN), fnt, TEXT)
    y = height
    if view.waiting:
        wait_font = font(22, True)
        lines = wrap_text(view.waiting, wait_font, width - 2 * MARGIN, max_lines=2)
        pen.rect((0, y, width, y + 12 + 28 * len(lines)), fill=SUBPANEL)
        for k, line in enumerate(lines):
            pen.text((MARGIN, y + 20 + 28 * k), line, wait_font, WARN)
        y += 12 + 28 * len(lines)
    return y
