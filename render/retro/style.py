"""Retro Bots vs Rogues colours and words: a dark factory floor (Discord is mostly dark), steel walls,
black pits, wooden crates, four bright Retro colours (discs) and eight Rogue colours (rounded squares)
chosen apart from them. A stunned figure is drawn in its colour greyed. Every colour drawn is listed
in ``BASE`` (tests check it)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render.core import RGB, blend, build_palette, ink_on

BACKGROUND: RGB = (16, 18, 24)
PANEL: RGB = (36, 40, 52)
PANEL_EDGE: RGB = (62, 68, 88)
SUBPANEL: RGB = (27, 30, 40)
TEXT: RGB = (242, 243, 247)
MUTED: RGB = (176, 181, 197)
DIM: RGB = (108, 113, 130)
DARK_TEXT: RGB = (18, 18, 24)
GOLD: RGB = (255, 199, 38)
SILVER: RGB = (200, 210, 226)
OK: RGB = (86, 208, 124)
WARN: RGB = (255, 160, 40)
DANGER: RGB = (239, 68, 68)
STUN: RGB = (140, 170, 255)  # the "zz" of a stunned figure
TAG_GRAY: RGB = (78, 84, 104)
HALO: RGB = (255, 236, 140)  # the Retro whose program runs (and your own, on your screen)

# The board.
FLOOR: RGB = (52, 57, 70)
FLOOR_ALT: RGB = (47, 52, 64)  # every other tile of the spiral, faintly
GRID: RGB = (38, 42, 53)
SEAM: RGB = (24, 27, 35)  # where the four tiles meet
RING: RGB = (22, 25, 33)  # outside the walls, where Retros wait at the doors
WALL: RGB = (150, 160, 184)
DOOR: RGB = (96, 200, 220)  # the door posts
LABEL: RGB = (150, 156, 176)  # the column letters and row numbers
PIT: RGB = (4, 4, 8)
PIT_MID: RGB = (20, 18, 22)
PIT_RIM: RGB = (120, 84, 44)
PATCH: RGB = (98, 82, 62)  # a pit a crate fell into: floor again
CRATE: RGB = (186, 132, 66)
CRATE_EDGE: RGB = (92, 56, 22)
ARROW_EDGE: RGB = (10, 10, 14)

# Retro n (seat n-1): discs.
RETRO: tuple[RGB, ...] = (
    (232, 52, 52),  # 1 red
    (44, 112, 255),  # 2 blue
    (255, 216, 0),  # 3 yellow
    (40, 196, 88),  # 4 green
)
RETRO_EDGE: RGB = (250, 250, 252)

# Rogues by type: rounded squares, apart from the Retros' red, blue, yellow and green.
ROGUE: dict[str, RGB] = {
    "servobot": (0, 200, 220),  # cyan
    "hazbot": (190, 226, 40),  # lime
    "lasbot": (255, 96, 196),  # pink
    "grillbot": (255, 136, 20),  # orange
    "visebot": (150, 110, 240),  # violet
    "progbot": (214, 178, 128),  # tan
    "bossbot": (156, 26, 44),  # crimson, ringed gold
    "minionbot": (120, 226, 200),  # mint, ringed silver
}
ROGUE_EDGE: RGB = (14, 14, 20)
GREY: RGB = (120, 122, 128)  # what a stunned figure's colour is greyed towards

# Instruction classes (the counters' stripes): black/yellow loaders, red/white shooters, blue hackers.
CLASS_FILL: dict[str, RGB] = {"basic": (226, 228, 236), "loader": (255, 214, 40), "shooter": (240, 70, 70),
                              "hacker": (70, 140, 255)}
CLASS_STRIPE: dict[str, RGB] = {"basic": (150, 154, 170), "loader": (20, 20, 24), "shooter": (250, 250, 252),
                                "hacker": (190, 220, 255)}

PHASE_TITLE: dict[str, str] = {
    "choose_type": "Setup · choose your Retros",
    "program": "Programming",
    "clock": "Programs in · checking the clock",
    "run": "Running",
    "surrender": "End of round · surrender an Upgrade?",
    "over": "Game over",
}


def greyed(colour: RGB) -> RGB:
    """A stunned figure's colour: most of the way to grey, a hint of its own left."""
    return blend(colour, GREY, 0.7)


def retro_colour(seat: int) -> RGB:
    return RETRO[seat % len(RETRO)]


def rogue_colour(kind: str) -> RGB:
    return ROGUE.get(kind, MUTED)


def readable_on(colour: RGB) -> RGB:
    """Dark text on light fills, white text on dark ones."""
    return ink_on(colour, DARK_TEXT, TEXT)


_FIGURES = (*RETRO, *ROGUE.values(), CRATE)

BASE: tuple[RGB, ...] = tuple(dict.fromkeys((
    BACKGROUND, PANEL, PANEL_EDGE, SUBPANEL, TEXT, MUTED, DIM, DARK_TEXT, GOLD, SILVER, OK, WARN, DANGER, STUN,
    TAG_GRAY, HALO, FLOOR, FLOOR_ALT, GRID, SEAM, RING, WALL, DOOR, LABEL, PIT, PIT_MID, PIT_RIM, PATCH, CRATE,
    CRATE_EDGE, ARROW_EDGE, *RETRO, RETRO_EDGE, *ROGUE.values(), ROGUE_EDGE, GREY,
    *(greyed(c) for c in _FIGURES), greyed(RETRO_EDGE), greyed(GOLD), greyed(SILVER), *CLASS_FILL.values(), *CLASS_STRIPE.values(),
)))


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """Every colour the Retro Bots vs Rogues images paint, and the blends their anti-aliased text makes."""
    return build_palette(BASE)
