"""The legend under the board: each kind of piece and mark drawn small, with its name."""

from __future__ import annotations

from collections.abc import Callable

from render.core import PanelColours, Pen, font, legend_rows
from render.jupiter.pieces import colonist, creep, empty_dome, facility, robot, super_creep
from render.jupiter.style import (
    BRIDGE,
    GOLD,
    MODULE_BADGE,
    MUTED,
    PANEL_EDGE,
    SUBPANEL,
    TEXT,
    WARN,
    readable_on,
)

R = 13  # the pieces' radius in the legend


def _module(pen: Pen, c: tuple[int, int]) -> None:
    x, y = c
    pen.rect((x - 11, y - 11, x + 11, y + 11), fill=MODULE_BADGE[3], radius=3)
    pen.text(c, "3", font(18, True), readable_on(MODULE_BADGE[3]), "mm")


def _arrow(pen: Pen, c: tuple[int, int]) -> None:
    x, y = c
    pen.polygon([(x + 12, y), (x - 8, y - 11), (x - 8, y + 11)], GOLD)


def _bridge(pen: Pen, c: tuple[int, int]) -> None:
    x, y = c
    pen.line([(x - 16, y), (x + 16, y)], BRIDGE, width=7)
    empty_dome(pen, (x - 16, y), 9, "")
    empty_dome(pen, (x + 16, y), 9, "")


def _placing(pen: Pen, c: tuple[int, int]) -> None:
    pen.circle(c, R + 4, fill=None, outline=WARN, width=3)
    empty_dome(pen, c, R, "5")


ITEMS: tuple[tuple[str, Callable[[Pen, tuple[int, int]], None], int], ...] = (
    ("open dome 4", lambda pen, c: empty_dome(pen, c, R, "4"), 16),
    ("Colonist", lambda pen, c: colonist(pen, c, R, "2"), 16),
    ("Creep", lambda pen, c: creep(pen, c, R, "6"), 18),
    ("Super Creep", lambda pen, c: super_creep(pen, c, R), 20),
    ("robot 2", lambda pen, c: robot(pen, c, R, 1), 16),
    ("Power Plant", lambda pen, c: facility(pen, c, R, "power_plant"), 16),
    ("Command Dish", lambda pen, c: facility(pen, c, R, "command_dish"), 16),
    ("bridge", _bridge, 26),
    ("module: hit on a 3", _module, 14),
    ("pod may dock", _arrow, 14),
    ("Creep may go", _placing, 18),
)


def legend(pen: Pen, x: int, y: int, width: int) -> int:
    """The legend in rows across ``width``; returns the y below it."""
    return legend_rows(pen, ITEMS, x, y, width, PanelColours(SUBPANEL, PANEL_EDGE, TEXT, MUTED))
