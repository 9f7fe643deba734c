"""What both Jupiter Rescue images share: names made drawable, seat labels, the title bar, tags, and
the derived facts a player plans with (hand limit and actions a turn under Super Creeps)."""

from __future__ import annotations

from render.core import Names, Pen, display_name, end_tag, fit_text, font, text_width
from render.jupiter.pieces import robot_chip
from render.jupiter.style import GOLD, MUTED, PANEL, PHASE_TITLE, TAG_GRAY, TEXT, readable_on
from rules.jupiter.views import PublicView

MARGIN = 12


def seat_label(view: PublicView, seat: int) -> str:
    """"ROBOT 2" (seat 1), from the seat's own label when the view has it."""
    for s in view.seats:
        if s.seat == seat:
            return s.label.upper()
    return f"ROBOT {seat + 1}"


def who(view: PublicView, seat: int, names: Names) -> str:
    """"ROBOT 2 · alice", or "ROBOT 2" without a name."""
    name = display_name(names, seat)
    return f"{seat_label(view, seat)} · {name}" if name else seat_label(view, seat)


def jammed(view: PublicView) -> tuple[int, int]:
    """(Power Plants, Command Dishes) with a Super Creep on a tile still in play (lines 276-290)."""
    plants = sum(t.super_creep and not t.destroyed and t.facility == "power_plant" for t in view.tiles)
    dishes = sum(t.super_creep and not t.destroyed and t.facility == "command_dish" for t in view.tiles)
    return plants, dishes


def hand_limit(view: PublicView) -> int:
    """Line 134: 4 besides the core, less 1 for each Power Plant with a Super Creep (the engine's)."""
    return view.hand_limit


def actions_per_turn(view: PublicView) -> int:
    """Line 290: 4 instead of 5 while any Command Dish holds a Super Creep (the engine's)."""
    return view.actions_per_turn


def tag(pen: Pen, right: int, y: int, text: str, colour, size: int = 18, height: int = 30) -> int:
    """A coloured tag ending at ``right``; returns its width."""
    return end_tag(pen, right, y, text, colour, readable_on(colour), size, height, 20, 8)


def title_bar(pen: Pen, view: PublicView, width: int, names: Names, badge: tuple[str, tuple] | None = None,
              big: int = 36) -> int:
    """JUPITER RESCUE and the tags on one line; the phase and whose turn it is on the next."""
    height = round(big * 2.6)
    pen.rect((0, 0, width, height), fill=PANEL)
    pen.text((MARGIN, round(big * 0.8)), "JUPITER RESCUE", font(big, True), GOLD)
    right = width - MARGIN
    tags = []
    if badge is not None:
        tags.append(badge)
    if view.solo:
        tags.append(("SOLO", TAG_GRAY))
    if view.colony_option != "standard":
        tags.append((view.colony_option.upper(), TAG_GRAY))
    small = max(14, round(big * 0.5))
    for text, colour in tags:
        right -= tag(pen, right, round(big * 0.8) - 15, text, colour, size=small) + 8
    line = round(big * 1.95)
    phase_font = font(round(big * 0.7), True)
    used = pen.text((MARGIN, line), PHASE_TITLE.get(view.phase, view.phase), phase_font, TEXT)
    if view.current is not None and view.phase != "over":
        chip = round(big * 0.8)
        turn_font = font(round(big * 0.62), True)
        label_w = text_width("TURN", turn_font) + 10
        room = width - 2 * MARGIN - used - 30 - label_w - chip - 8
        text = fit_text(who(view, view.current, names), turn_font, max(40, room))
        x = width - MARGIN - text_width(text, turn_font)
        pen.text((x, line), text, turn_font, TEXT)
        robot_chip(pen, x - chip - 8, line - chip // 2, chip, view.current)
        pen.text((x - chip - 8 - label_w, line), "TURN", turn_font, MUTED)
    return height
