"""The key under the public board: every mark a square can show, drawn small as on the board. In co-op
the robots, drums and team tokens give way to each BUG type (with its id's prefix), the VIP, the portal
piece, the BUGMISTRESS, a BUGBUSTER up and down, the BUGs' badges, the gold frame of whoever acts and
the primary targets' red marks."""

from __future__ import annotations

from collections.abc import Callable

from render.core import LegendItem, PanelColours, Pen, legend_rows
from render.powerup import terrain
from render.powerup.bugs import KINDS, PREFIX, bug, fallen, glitch, mistress, piece, vip, void_cell
from render.powerup.pieces import buster, coins, drum, powerup, robot, secret
from render.powerup.style import ACTIVE, AIR, MUTED, PANEL_EDGE, SUBPANEL, TARGET, TEXT

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


TERRAIN: tuple[LegendItem, ...] = (
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
)
ITEMS: tuple[LegendItem, ...] = (
    *TERRAIN,
    ("robot home/fallen", _robots, 40),
    ("drum", lambda pen, c: drum(pen, c, 40, "D1"), 10),
    ("facing >, 2 lives, protected", lambda pen, c: buster(pen, (c[0] - 3, c[1]), 50, "RED", "RAY", ">", 2, True),
     28),
    ("in the air", lambda pen, c: buster(pen, (c[0], c[1] - 7), 50, "RED", "RAY", ">", 2, in_air=True), 24),
)


LEG = 46  # a co-op token's square in the key


def _bug(kind: str) -> Callable[[Pen, tuple[int, int]], None]:
    return lambda pen, c: bug(pen, (c[0], c[1] + 2), LEG, kind, f"{PREFIX[kind]}1", ">", 1, 1)


def _badges(pen: Pen, c: tuple[int, int]) -> None:
    bug(pen, (c[0], c[1] + 5), LEG, "BUGGIE", "BG2", ">", 1, 1, stack=3, dizzy=True)


def _loot(pen: Pen, c: tuple[int, int]) -> None:
    bug(pen, (c[0], c[1] + 2), LEG, "BUGGIE", "BG3", "<", 1, 1, thief=True, holds_secret=True)


def _holder(pen: Pen, c: tuple[int, int]) -> None:
    buster(pen, (c[0] - 3, c[1]), 50, "BUSTERS", "RAY", ">", 3)
    secret(pen, (c[0] + 15, c[1] + 14), 12)


def _frame(colour, targets: bool) -> Callable[[Pen, tuple[int, int]], None]:
    def draw(pen: Pen, c: tuple[int, int]) -> None:
        x0, y0, x1, y1 = c[0] - HALF, c[1] - HALF, c[0] + HALF - 1, c[1] + HALF - 1
        pen.rect((x0, y0, x1, y1), fill=AIR)
        if targets:
            for (cx, cy), (dx, dy) in (((x0 + 2, y0 + 2), (1, 1)), ((x1 - 2, y0 + 2), (-1, 1)),
                                       ((x0 + 2, y1 - 2), (1, -1)), ((x1 - 2, y1 - 2), (-1, -1))):
                pen.line([(cx + dx * 9, cy), (cx, cy), (cx, cy + dy * 9)], colour, width=3)
        else:
            pen.rect((x0, y0, x1, y1), fill=None, outline=colour, width=3)
    return draw


COOP_ITEMS: tuple[LegendItem, ...] = (
    *TERRAIN,
    *((kind + (" (spawns BUGs)" if kind == "BURP" else ""), _bug(kind), 24) for kind in KINDS),
    ("VIP (protect)", lambda pen, c: vip(pen, (c[0], c[1] + 4), LEG, "VIP1", ">", 1, 1), 18),
    ("portal piece", lambda pen, c: piece(pen, c, 42, "PORTAL1", 2, 2), 16),
    ("BUGMISTRESS", lambda pen, c: mistress(pen, (c[0], c[1] + 3), LEG, 1, "<", 5, 5), 20),
    ("BUGBUSTER, 2 lives", lambda pen, c: buster(pen, (c[0] - 3, c[1]), 50, "BUSTERS", "RAY", ">", 2), 22),
    ("BUGBUSTER down", lambda pen, c: fallen(pen, (c[0], c[1] - 6), 50, "TOR"), 20),
    ("x3 stacked · zz dizzy", _badges, 26),
    ("thief · holds a secret", _loot, 24),
    ("acts now", _frame(ACTIVE, False), HALF),
    ("primary target", _frame(TARGET, True), HALF),
)


def _void(pen: Pen, c: tuple[int, int]) -> None:
    void_cell(pen, (c[0] - HALF, c[1] - HALF, c[0] + HALF, c[1] + HALF), 0, 0)


VOID_ITEMS: tuple[LegendItem, ...] = (  # Hidden Keys: the GLITCH and the void it flies in (rb 679, rb 867-875)
    ("GLITCH: riders, 2 lives", lambda pen, c: glitch(pen, (c[0], c[1] + 6), LEG, "GLITCH1", ">", 2, 2, ("RAY",)),
     24),
    ("the void (GLITCH only)", _void, HALF),
    ("BUGBUSTER holds a secret", _holder, 24),
)


def key(pen: Pen, x: int, y: int, width: int, coop: bool = False, void: bool = False) -> int:
    """The marks of the board in rows across ``width``; returns the y below. ``void``: a GLITCH in play."""
    items = (*COOP_ITEMS, *(VOID_ITEMS if void else ())) if coop else ITEMS
    return legend_rows(pen, items, x, y, width, PanelColours(SUBPANEL, PANEL_EDGE, TEXT, MUTED))
