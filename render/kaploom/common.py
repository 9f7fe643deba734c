"""Blocks both KAPLOOM! images use: the title bar, an assignment row, a row of rolled dice.

Both images are 800 px wide and drawn for Discord's inline preview, about 400 px wide: no text is
smaller than 14 px (7 px in the preview; only tags and the legend are that small), body text is
18-22 px, and the face letters on rolled dice and slots are 16 px and more.
"""

from __future__ import annotations

from render.core import Pen, fit_font, fit_text, font, text_width
from render.kaploom.pieces import rolled_die, tag
from render.kaploom.style import (
    BOARD_COLOUR,
    BOARD_ORDER,
    BOARD_TITLE,
    DANGER,
    DIM,
    GOLD,
    MUTED,
    OK,
    PANEL,
    PHASE_SHORT,
    TAG_GRAY,
    TEXT,
    VARIANT_TITLE,
    WARN,
)
from rules.kaploom.views import AssignmentView, DieView, PlayerView, PublicView, TotalView

WIDTH = 800
MARGIN = 12


def label(player: PlayerView) -> str:
    return player.label.upper()


def role_and_name(
    pen: Pen,
    x: float,
    y: float,
    role: str,
    name: str | None,
    role_font,
    name_font,
    role_colour: tuple[int, int, int],
    name_colour: tuple[int, int, int],
    room: float,
) -> int:
    """The role ("VILLAIN") and, when there is room, " · alice" after it, both cut to fit ``room``;
    returns the width used. The role keeps priority: a long name is what gets the ellipsis."""
    used = pen.text((x, y), fit_text(role, role_font, int(room)), role_font, role_colour)
    if name:
        space = room - used
        separator = " · "
        if space > text_width(separator + "…", name_font) + 20:
            text = fit_text(separator + name, name_font, int(space))
            used += pen.text((x + used, y + 1), text, name_font, name_colour)
    return used


def labels(view: PublicView, seats: tuple[int, ...]) -> str:
    by_seat = {p.seat: p for p in view.players}
    return ", ".join(label(by_seat[s]) for s in seats if s in by_seat)


def title_bar(
    pen: Pen,
    view: PublicView,
    y: int,
    subtitle: str | None = None,
    badge: tuple[str, tuple[int, int, int]] | None = None,
) -> int:
    """KAPLOOM! / round / variant on one line; the phase and who is awaited on the next (a line of
    their own when both do not fit)."""
    x = MARGIN
    right = WIDTH - MARGIN
    phase = PHASE_SHORT.get(view.phase, view.phase)
    phase_font = font(22, True)
    waiting = _waiting_text(view)
    wait_font = font(20, True)
    phase_width = text_width(phase, phase_font)
    two_lines = waiting is not None and phase_width + 24 + text_width(waiting[0], wait_font) > right - x
    height = 96 + (30 if two_lines else 0)
    pen.rect((0, y, WIDTH, y + height), fill=PANEL)
    x += pen.text((x, y + 26), "KAPLOOM!", font(34, True), GOLD)
    x += 16
    x += pen.text((x, y + 28), f"ROUND {view.round}", font(26, True), TEXT)
    right -= tag(pen, right, y + 12, VARIANT_TITLE.get(view.variant, view.variant.upper()), TAG_GRAY,
                 size=18, height=30, right=True)
    if badge is not None:
        right -= 8
        right -= tag(pen, right, y + 12, badge[0], badge[1], size=18, height=30, right=True)
    if subtitle:
        x += 14
        room = right - x - 12
        if room > 60:
            sub_font = fit_font(subtitle, 20, True, room, min_size=16)
            pen.text((x, y + 29), fit_text(subtitle, sub_font, room), sub_font, MUTED)
    line_y = y + 72
    pen.text((MARGIN, line_y), phase, phase_font, TEXT)
    if waiting is not None:
        text, colour = waiting
        if two_lines:
            line_y += 30
            pen.text((MARGIN, line_y), fit_text(text, wait_font, WIDTH - 2 * MARGIN), wait_font, colour)
        else:
            pen.text((WIDTH - MARGIN, line_y), text, wait_font, colour, "rm")
    return y + height


def _waiting_text(view: PublicView) -> tuple[str, tuple[int, int, int]] | None:
    if view.phase == "over":
        return None
    if view.phase == "roll":
        waiting = [p for p in view.players if p.seat in view.to_act and not p.ready]
        if not waiting:
            return ("All screens ready: revealing", OK)
        return ("Behind screens: " + ", ".join(label(p) for p in waiting), WARN)
    if view.to_act:
        return ("To act: " + labels(view, view.to_act), WARN)
    return None


ROLE_SHORT = {
    "base": "base",
    "kicker": "kicker",
    "multiplier": "multiplier",
    "immediate": "immediate",
    "power_up": "power up",
    "phase3_trigger": "phase 3",
    "phase2": "phase 2",
    "lock_in": "lock-in",
    "hand_off": "hand off",
}


def value_text(role: str, value: int | None) -> str:
    """What an action is worth: "3" for a base, "+2" for a kicker, "×2" for a multiplier."""
    if value is None:
        return ""
    if role == "multiplier":
        return f"×{value}"
    if role == "kicker":
        return f"+{value}"
    return str(value)


def formula(total: TotalView) -> str:
    """(BASE + KICKER(S)) × MULTIPLIER in words: "(POW 3 + RUSH 1) × DOUBLE TROUBLE 2"."""
    added = [f"{p.name} {p.value}" for p in total.parts if p.kind in ("base", "kicker", "lock_in")]
    text = " + ".join(added)
    multiplier = next((p for p in total.parts if p.kind == "multiplier"), None)
    if multiplier is not None:
        text = f"({text}) × {multiplier.name} {multiplier.value}" if len(added) > 1 else (
            f"{text} × {multiplier.name} {multiplier.value}")
    return text


def board_heading(pen: Pen, x: int, y: int, board: str, size: int = 20, right_text: str = "",
                  width: int = 0) -> int:
    colour = BOARD_COLOUR.get(board, MUTED)
    pen.rect((x, y + 4, x + 6, y + 26), fill=colour, radius=2)
    pen.text((x + 14, y + 15), BOARD_TITLE.get(board, board.upper()), font(size, True), colour)
    if right_text and width:
        pen.text((x + width, y + 15), right_text, font(18, True), MUTED, "rm")
    return 30


def assignment_row(
    pen: Pen,
    x: int,
    y: int,
    width: int,
    assignment: AssignmentView,
    dice: dict[int, DieView],
    roll: dict[int, str],
    chip: int = 32,
) -> int:
    """✓/✗, the action's name and worth, then the dice placed on it (the public board's reveal)."""
    height = chip + 8
    middle = y + height / 2
    mark, mark_colour = ("✓", OK) if assignment.active else ("✗", DANGER)
    pen.text((x + 1, middle), mark, font(22, True), mark_colour)
    count = len(assignment.dice)
    chip = min(chip, max(24, (width - 150) // max(1, count) - 4)) if count else chip
    dice_width = _dice_strip_width(assignment.dice, chip)
    name_x = x + 26
    name_space = width - 26 - dice_width - 8
    value = value_text(assignment.role, assignment.value)
    role = ROLE_SHORT.get(assignment.role, assignment.role.replace("_", " "))
    detail = f"{role} {value}".strip() if assignment.active else "inactive"
    name_font = fit_font(assignment.name, 20, True, name_space, min_size=16)
    used = pen.text(
        (name_x, middle), fit_text(assignment.name, name_font, name_space), name_font,
        TEXT if assignment.active else MUTED,
    )
    room = name_space - used - 8
    small = font(18)
    if room > text_width(value or "…", small):
        colour = MUTED if assignment.active else DIM
        pen.text((name_x + used + 8, middle + 1), fit_text(detail, small, room), small, colour)
    dice_strip(pen, x + width - dice_width, y + 4 + (32 - chip) / 2, assignment.dice, dice,
               _faces_on(assignment, roll), chip)
    return height


def _faces_on(assignment: AssignmentView, roll: dict[int, str]) -> dict[int, str]:
    """The faces showing on an assignment's dice: its own list when the view carries one (an ally's
    duo dice are not in this player's roll), else looked up in the roll."""
    if len(assignment.faces) == len(assignment.dice):
        return dict(zip(assignment.dice, assignment.faces, strict=True))
    return roll


def _dice_strip_width(ids: tuple[int, ...], chip: int) -> int:
    if not ids:
        return 0
    return (chip + 4) * len(ids) - 4


def dice_strip(
    pen: Pen,
    x: float,
    y: float,
    ids: tuple[int, ...],
    dice: dict[int, DieView],
    roll: dict[int, str],
    chip: int,
) -> int:
    """Dice showing their rolled faces, left to right."""
    for die_id in ids:
        rolled_die(pen, x, y, chip, dice.get(die_id), roll.get(die_id, "blank"))
        x += chip + 4
    return _dice_strip_width(ids, chip)


def boards_block(
    pen: Pen,
    x: int,
    y: int,
    width: int,
    assignments: tuple[AssignmentView, ...],
    dice: dict[int, DieView],
    roll: dict[int, str],
    chip: int = 32,
) -> int:
    """Assignments grouped by board (attack, defense, power up, super, duo); returns the height used."""
    start = y
    for board in BOARD_ORDER:
        rows = [a for a in assignments if a.board == board]
        if not rows:
            continue
        y += board_heading(pen, x, y, board, size=18)
        for assignment in rows:
            y += assignment_row(pen, x, y, width, assignment, dice, roll, chip)
        y += 4
    return y - start
