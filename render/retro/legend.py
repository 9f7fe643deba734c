"""The legends under the board: the Rogue types on the board (their letter and colour, how far they
move, which way they turn, their special in a few words, how many are on the board and in the
supply), from the house data (rules/retro/data.py); and a key to the board's marks."""

from __future__ import annotations

from collections.abc import Callable

from render.core import PanelColours, Pen, fit_text, font, legend_rows
from render.retro.common import ROGUE_LETTER, ROGUE_NAME
from render.retro.pieces import crate, patched, pit, retro, rogue, zz
from render.retro.style import DOOR, FLOOR, GOLD, MUTED, PANEL_EDGE, SUBPANEL, TEXT, WALL
from rules.retro.data import game_data
from rules.retro.views import PublicView

# The specials of the Rogue table (rulebook "Rogues"), in a few words.
SPECIAL: dict[str, str] = {
    "servobot": "just fast",
    "hazbot": "1 damage to a Bot it moves into",
    "lasbot": "then a laser ahead: 1 damage to the first Bot",
    "grillbot": "then flames front, front-left, front-right: 1 damage",
    "visebot": "does not turn for Bots: pushes, grinds 1 damage",
    "progbot": "a Bot it moves next to steps 1 forward",
    "bossbot": "moves first; like a Progbot; cannot be hacked or stunned",
    "minionbot": "moves second; drive it out a door to rescue it",
}


def rogue_kinds(view: PublicView) -> list[str]:
    """The Boss and Minion while on the board, then the Rogue types in play."""
    on_board = {b.kind for b in view.bots}
    specials = [k for k in ("bossbot", "minionbot") if k in on_board]
    return specials + [k for k in view.in_play if k not in specials]


def rogue_legend(pen: Pen, view: PublicView, x: int, y: int, width: int) -> int:
    """One row a Rogue type; returns the y below the panel."""
    kinds = rogue_kinds(view)
    if not kinds:
        return y
    row = 52
    height = 40 + row * len(kinds)
    pen.rect((x, y, x + width, y + height), fill=SUBPANEL, outline=PANEL_EDGE, width=2, radius=10)
    head = font(18, True)
    pen.text((x + 14, y + 22), "ROGUES · move, turning when blocked, then their special", head, MUTED)
    data = game_data()
    supply = dict(view.rogue_supply)
    name_font, body, small = font(20, True), font(19, True), font(18, True)
    for k, kind in enumerate(kinds):
        top = y + 40 + row * k
        rogue(pen, (x + 30, top + 24), 16, kind, ROGUE_LETTER.get(kind, "?"), "E", False)
        used = pen.text((x + 62, top + 12), ROGUE_NAME.get(kind, kind), name_font, TEXT)
        rule = data.rogues.get(kind)
        if rule is not None:
            pen.text((x + 72 + used, top + 12), f"moves {rule.move}, turns {rule.turn}", body, GOLD)
        right = x + width - 14
        on_board = sum(b.kind == kind and b.outside is None for b in view.bots)
        count = f"{on_board} on board" + (f" · {supply[kind]} in supply" if kind in supply else "")
        pen.text((right, top + 12), count, small, MUTED, "rm")
        pen.text((x + 62, top + 36), fit_text(SPECIAL.get(kind, ""), small, right - x - 62), small, MUTED)
    return y + height + 10


def _retro(pen: Pen, c: tuple[int, int]) -> None:
    retro(pen, c, 13, 1, "E", False)


def _stunned(pen: Pen, c: tuple[int, int]) -> None:
    rogue(pen, c, 13, "servobot", "S2", "E", True)
    zz(pen, c[0] + 14, c[1] - 12, 12)


def _box(c: tuple[int, int], half: int = 15) -> tuple[int, int, int, int]:
    return c[0] - half, c[1] - half, c[0] + half, c[1] + half


def _floor(draw: Callable[[Pen, tuple[int, int, int, int]], None]) -> Callable[[Pen, tuple[int, int]], None]:
    def on_floor(pen: Pen, c: tuple[int, int]) -> None:
        pen.rect(_box(c), fill=FLOOR)
        draw(pen, _box(c))
    return on_floor


def _door(pen: Pen, c: tuple[int, int]) -> None:
    x, y = c
    pen.rect((x - 22, y - 3, x - 10, y + 3), fill=WALL)
    pen.rect((x + 10, y - 3, x + 22, y + 3), fill=WALL)
    pen.rect((x - 12, y - 5, x - 8, y + 5), fill=DOOR)
    pen.rect((x + 8, y - 5, x + 12, y + 5), fill=DOOR)


ITEMS: tuple[tuple[str, Callable[[Pen, tuple[int, int]], None], int], ...] = (
    ("Retro 2 facing east", _retro, 18),
    ("stunned (lies down)", _stunned, 20),
    ("open pit", _floor(pit), 16),
    ("pit filled by a crate", _floor(patched), 16),
    ("crate", lambda pen, c: crate(pen, c, 16), 16),
    ("door", _door, 22),
)


def key(pen: Pen, x: int, y: int, width: int) -> int:
    """The marks of the board in rows across ``width``; returns the y below."""
    return legend_rows(pen, ITEMS, x, y, width, PanelColours(SUBPANEL, PANEL_EDGE, TEXT, MUTED))
