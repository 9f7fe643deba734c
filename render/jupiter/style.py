"""Jupiter Rescue colours and names: a dark sky (Discord is mostly dark), tiles tinted by module,
bright pieces: cream Colonists, green Creeps, purple Super Creeps and seven robot colours that are
neither green, purple nor cream. Every colour drawn is listed in ``BASE`` (tests check it)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render.core import RGB, build_palette, ink_on

BACKGROUND: RGB = (16, 18, 26)
PANEL: RGB = (36, 40, 53)
PANEL_EDGE: RGB = (62, 68, 88)
SUBPANEL: RGB = (27, 30, 41)
TEXT: RGB = (242, 243, 247)
MUTED: RGB = (176, 181, 197)
DIM: RGB = (108, 113, 130)
DARK_TEXT: RGB = (18, 18, 24)
GOLD: RGB = (255, 199, 38)
OK: RGB = (86, 208, 124)
WARN: RGB = (255, 160, 40)
DANGER: RGB = (239, 68, 68)
SHIELD: RGB = (120, 200, 255)  # a Suppressant's protected tile
TAG_GRAY: RGB = (78, 84, 104)

# The colony.
BRIDGE: RGB = (146, 158, 186)
DOME: RGB = (22, 25, 35)
DOME_DIGIT: RGB = (214, 219, 232)
SEAM: RGB = (10, 11, 16)  # the dark gap between tiles
RUIN: RGB = (70, 74, 90)  # a destroyed tile's outline
# Tile fills by module (1-5: the die roll that invades them) and their badges.
MODULE_FILL: dict[int, RGB] = {
    1: (40, 58, 92),
    2: (34, 70, 72),
    3: (78, 66, 38),
    4: (62, 48, 88),
    5: (80, 44, 56),
}
MODULE_BADGE: dict[int, RGB] = {
    1: (120, 160, 235),
    2: (100, 205, 200),
    3: (235, 190, 90),
    4: (185, 150, 240),
    5: (240, 130, 150),
}

# Pieces.
COLONIST: RGB = (244, 236, 216)
COLONIST_EDGE: RGB = (150, 138, 110)
CREEP: RGB = (132, 220, 60)
CREEP_EDGE: RGB = (30, 70, 16)
SUPER_CREEP: RGB = (178, 64, 214)
SUPER_EDGE: RGB = (250, 200, 255)
POWER: RGB = (250, 214, 60)  # the Power Plant's bolt
DISH: RGB = (210, 226, 245)  # the Command Dish
FACILITY: RGB = (46, 50, 62)
POD: RGB = (58, 72, 96)
POD_EDGE: RGB = (200, 222, 255)

# Robot n+1 (seat n): seven colours apart from each other and from the Creeps (green), the Super
# Creeps (purple) and the Colonists (cream).
ROBOT: tuple[RGB, ...] = (
    (232, 52, 52),  # 1 red
    (44, 112, 255),  # 2 blue
    (255, 216, 0),  # 3 yellow
    (255, 128, 0),  # 4 orange
    (0, 206, 224),  # 5 cyan
    (255, 96, 196),  # 6 pink
    (150, 96, 60),  # 7 brown
)
ROBOT_EDGE: RGB = (250, 250, 252)

# Card types (the private screen).
CARD_TYPE: dict[str, RGB] = {
    "move": (86, 150, 255),
    "command": GOLD,
    "attack": DANGER,
    "misc": (170, 130, 240),
    "setback": CREEP,
}

PHASE_TITLE: dict[str, str] = {
    "choose_core": "Setup · choose core abilities",
    "first_player": "Setup · who goes first",
    "dock": "Dock the pod",
    "actions": "Player actions",
    "roll": "Invasion",
    "setback": "Setback",
    "discard": "Discard to the hand limit",
    "over": "Game over",
}


def robot_colour(seat: int) -> RGB:
    return ROBOT[seat % len(ROBOT)]


def readable_on(colour: RGB) -> RGB:
    """Dark text on light fills, white text on dark ones."""
    return ink_on(colour, DARK_TEXT, TEXT)


BASE: tuple[RGB, ...] = tuple(dict.fromkeys((
    BACKGROUND, PANEL, PANEL_EDGE, SUBPANEL, TEXT, MUTED, DIM, DARK_TEXT, GOLD, OK, WARN, DANGER, SHIELD, TAG_GRAY,
    BRIDGE, DOME, DOME_DIGIT, SEAM, RUIN, *MODULE_FILL.values(), *MODULE_BADGE.values(),
    COLONIST, COLONIST_EDGE, CREEP, CREEP_EDGE, SUPER_CREEP, SUPER_EDGE, POWER, DISH, FACILITY, POD, POD_EDGE,
    *ROBOT, ROBOT_EDGE, *CARD_TYPE.values(),
)))


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """Every colour the Jupiter Rescue images paint, and the blends their anti-aliased text makes."""
    return build_palette(BASE)
