"""The key under the public board: every mark a square can show, drawn small as on the board."""

from __future__ import annotations

from collections.abc import Callable

from render.core import LegendItem, PanelColours, Pen, legend_rows
from render.powerup import terrain
from render.powerup.pieces import buster, coins, drum, powerup, robot, secret
from render.powerup.style import AIR, MUTED, PANEL_EDGE, SUBPANEL, TEXT

HALF = 17


def _square(draw: Callable[[Pen, terrain.Box], None]) -> Callable[[Pen, tuple[int, int]], None]:
    def on_air(pen: Pen, c: tuple[int, int]) -> None:
        box = (c[0] - HALF, c[1] - HALF, c[0] + HALF, c[1] + HALF)
        pen.rect((box[0], box[1], box[2] - 1, box[3] - 1), fill=AIR)
        draw(pen, box)
    return on_air


def _both(first, second) -> Callable[[Pen, terrain.Box], None]:
    def draw(pen: Pen, box: terrain.Box) -> None:
        first(pen, box)
        second(pen, box)
    return draw


def _on_off(pen: Pen, c: tuple[int, int]) -> None:
    powerup(pen, (c[0] - 12, c[1]), 18, True)
    powerup(pen, (c[0] + 13, c[1]), 18, False)


def _robots(pen: Pen, c: tuple[int, int]) -> None:
    robot(pen, (c[0] - 18, c[1] + 3), 44, "RED", "home")
    robot(pen, (c[0] + 20, c[1] - 1), 44, "BLU", "fallen")


ITEMS: tuple[LegendItem, ...] = (
    ("solid platform", _square(terrain.solid), HALF),
    ("thin platform", _square(terrain.thin), HALF),
    ("ladder", _square(terrain.ladder), HALF),
    ("auto stairs", _square(terrain.stairs), HALF),
    ("gateway", _square(terrain.gateway), HALF),
    ("gateway OFF", _square(_both(terrain.gateway, terrain.gate_off)), HALF),
    ("door shut", _square(_both(terrain.gateway, terrain.shut_door)), HALF),
    ("acid", _square(terrain.acid), HALF),
    ("spikes", _square(terrain.spikes), HALF),
    ("block", _square(terrain.block), HALF),
    ("fire", _square(terrain.fire), HALF),
    ("cover", _square(terrain.cover), HALF),
    ("POWERUP on/off", _on_off, 26),
    ("secret", lambda pen, c: secret(pen, c, 26), 11),
    ("coins", lambda pen, c: coins(pen, c, 24, 3), 12),
    ("robot home/fallen", _robots, 40),
    ("drum", lambda pen, c: drum(pen, c, 40, "D1"), 10),
    ("facing >, 2 lives, protected", lambda pen, c: buster(pen, (c[0] - 3, c[1]), 50, "RED", "RAY", ">", 2, True),
     28),
    ("in the air", lambda pen, c: buster(pen, (c[0], c[1] - 7), 50, "RED", "RAY", ">", 2, in_air=True), 24),
)


def key(pen: Pen, x: int, y: int, width: int) -> int:
    """The marks of the board in rows across ``width``; returns the y below."""
    return legend_rows(pen, ITEMS, x, y, width, PanelColours(SUBPANEL, PANEL_EDGE, TEXT, MUTED))
