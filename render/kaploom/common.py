"""Blocks both KAPLOOM! images use: the title bar, an assignment row, a row of rolled dice."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from render.core import Pen, fit_text, font, text_width
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
    PHASE_TITLE,
    TAG_GRAY,
    TEXT,
    VARIANT_TITLE,
    WARN,
)
from rules.kaploom.views import AssignmentView, DieView, PlayerView, PublicView

WIDTH = 1200
MARGIN = 16

Names = Mapping[int, str] | None  # seat -> display name of who sits there


def label(player: PlayerView) -> str:
    return player.label.upper()


def display_name(names: Names, seat: int) -> str | None:
    """The seat's display name made drawable: one line, no control characters, and nothing beyond
    the Basic Multilingual Plane (emoji), which the bundled font has no glyphs for."""
    if not names or seat not in names:
        return None
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in names[seat]
        if ch.isspace() or (ord(ch) <= 0xFFFF and unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"))
    )
    return " ".join(kept.split()) or None


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
    """KAPLOOM! / round / variant on one line, the phase and who is awaited on the next."""
    x = MARGIN
    pen.rect((0, 0, WIDTH, y + 104), fill=PANEL)
    x += pen.text((x, y + 28), "KAPLOOM!", font(44, True), GOLD)
    x += 24
    round_text = f"ROUND {view.round}"
    x += pen.text((x, y + 30), round_text, font(32, True), TEXT)
    right = WIDTH - MARGIN
    right -= tag(
        pen,
        right,
        y + 11,
        VARIANT_TITLE.get(view.variant, view.variant.upper()),
        TAG_GRAY,
        size=22,
        height=38,
        right=True,
    )
    if badge is not None:
        right -= 10
        right -= tag(pen, right, y + 11, badge[0], badge[1], size=22, height=38, right=True)
    if subtitle:
        x += 20
        pen.text((x, y + 30), fit_text(subtitle, font(26, True), right - x - 16), font(26, True), MUTED)
    line_y = y + 78
    phase = PHASE_TITLE.get(view.phase, view.phase)
    width = pen.text((MARGIN, line_y), phase, font(26, True), TEXT)
    waiting = _waiting_text(view)
    if waiting:
        text, colour = waiting
        space = WIDTH - 2 * MARGIN - width - 30
        pen.text(
            (WIDTH - MARGIN, line_y), fit_text(text, font(24, True), space), font(24, True), colour, "rm"
        )
    return y + 104


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
    "lock_in": "lock in",
    "ally_defense_kicker": "ally def",
    "ally_attack_kicker": "ally atk",
}


def value_text(assignment: AssignmentView) -> str:
    """What the action is worth: "3" for a base, "+2" for a kicker, "×2" for a multiplier."""
    if assignment.value is None:
        return ""
    if assignment.role == "multiplier":
        return f"×{assignment.value}"
    if "kicker" in assignment.role:
        return f"+{assignment.value}"
    return str(assignment.value)


def board_heading(pen: Pen, x: int, y: int, board: str, size: int = 19) -> int:
    colour = BOARD_COLOUR.get(board, MUTED)
    pen.rect((x, y + 4, x + 6, y + 26), fill=colour, radius=2)
    pen.text((x + 14, y + 15), BOARD_TITLE.get(board, board.upper()), font(size, True), colour)
    return 30


def assignment_row(
    pen: Pen,
    x: int,
    y: int,
    width: int,
    assignment: AssignmentView,
    dice: dict[int, DieView],
    roll: dict[int, str],
    chip: int = 36,
    requirement: bool = False,
    show_ids: bool = False,
) -> int:
    """✓/✗, the action's name and worth (and its requirement), then the dice placed on it."""
    height = max(chip + 8, 60) if requirement else chip + 8
    middle = y + height / 2
    mark, mark_colour = ("✓", OK) if assignment.active else ("✗", DANGER)
    pen.text((x + 2, middle), mark, font(26, True), mark_colour)
    dice_width = _dice_strip_width(assignment.dice, chip, show_ids)
    name_x = x + 34
    name_space = width - 34 - dice_width - 12
    value = value_text(assignment)
    role = ROLE_SHORT.get(assignment.role, assignment.role.replace("_", " "))
    detail = f"{role} {value}".strip() if assignment.active else f"{role} · not met"
    name_font = font(23, True)
    name = fit_text(assignment.name, name_font, max(40, name_space - 60))
    used = pen.text(
        (name_x, middle - (12 if requirement else 0)), name, name_font, TEXT if assignment.active else DIM
    )
    small = font(19)
    if requirement:
        detail = f"{assignment.requirement} · {detail}"
        pen.text((name_x, middle + 16), fit_text(detail, small, name_space), small, MUTED)
    else:
        room = name_space - used - 12
        if room > 30:
            colour = MUTED if assignment.active else DIM
            pen.text((name_x + used + 12, middle + 1), fit_text(detail, small, room), small, colour)
    dice_strip(
        pen, x + width - dice_width, y + 4, assignment.dice, dice, _faces_on(assignment, roll), chip, show_ids
    )
    return height


def _faces_on(assignment: AssignmentView, roll: dict[int, str]) -> dict[int, str]:
    """The faces showing on an assignment's dice: its own list when the view carries one (an ally's
    duo dice are not in this player's roll), else looked up in the roll."""
    if len(assignment.faces) == len(assignment.dice):
        return dict(zip(assignment.dice, assignment.faces, strict=True))
    return roll


def _dice_strip_width(ids: tuple[int, ...], chip: int, show_ids: bool) -> int:
    if not ids:
        return 0
    step = chip + (34 if show_ids else 0) + 5
    return step * len(ids) - 5


def dice_strip(
    pen: Pen,
    x: float,
    y: float,
    ids: tuple[int, ...],
    dice: dict[int, DieView],
    roll: dict[int, str],
    chip: int,
    show_ids: bool = False,
) -> int:
    """Dice showing their rolled faces, left to right; with ``show_ids`` each is followed by "#n"."""
    for die_id in ids:
        rolled_die(pen, x, y, chip, dice.get(die_id), roll.get(die_id, "blank"))
        x += chip
        if show_ids:
            pen.text((x + 3, y + chip / 2), f"#{die_id}", font(19, True), MUTED)
            x += 34
        x += 5
    return _dice_strip_width(ids, chip, show_ids)


def boards_block(
    pen: Pen,
    x: int,
    y: int,
    width: int,
    assignments: tuple[AssignmentView, ...],
    dice: dict[int, DieView],
    roll: dict[int, str],
    chip: int = 38,
    requirement: bool = False,
    show_ids: bool = False,
) -> int:
    """Assignments grouped by board (attack, defense, power up, super, duo); returns the height used."""
    start = y
    for board in BOARD_ORDER:
        rows = [a for a in assignments if a.board == board]
        if not rows:
            continue
        y += board_heading(pen, x, y, board)
        for assignment in rows:
            y += assignment_row(pen, x, y, width, assignment, dice, roll, chip, requirement, show_ids)
        y += 4
    return y - start
