"""ADRENALINE colours and words: a dark page (Discord is mostly dark) with the arena in pale room tints
so figures and cubes read on it, walls near black, the three ammo colours strong, and the five figure
colours (blue Banshee, grey Dozer, green Sprog, purple Violetta, yellow :D-struct-0R), which are also
the damage-token colours. Every colour drawn is listed in ``BASE`` (tests check it)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render.core import RGB, blend, build_palette, ink_on

BACKGROUND: RGB = (16, 18, 24)
PANEL: RGB = (36, 40, 52)
PANEL_EDGE: RGB = (66, 72, 92)
SUBPANEL: RGB = (27, 30, 40)
TEXT: RGB = (242, 243, 247)
MUTED: RGB = (176, 181, 197)
DIM: RGB = (112, 117, 134)
DARK_TEXT: RGB = (18, 18, 24)
GOLD: RGB = (255, 199, 38)
OK: RGB = (86, 208, 124)
WARN: RGB = (255, 160, 40)
DANGER: RGB = (239, 68, 68)
TAG_GRAY: RGB = (78, 84, 104)
SLOT: RGB = (54, 59, 75)  # an empty damage slot, an empty cube place
SKULL: RGB = (236, 232, 220)

# The arena.
TABLE: RGB = (44, 48, 60)  # under the map, where there is no square
WALL: RGB = (14, 14, 18)
DOOR: RGB = (140, 96, 52)  # the door posts
LABEL: RGB = (70, 72, 84)  # a square's name on its tint
ROOM: dict[str, RGB] = {
    "R": (246, 196, 192),
    "B": (192, 212, 248),
    "Y": (246, 234, 170),
    "W": (232, 232, 236),
    "G": (196, 236, 196),
    "P": (222, 200, 244),
}
UNSEEN: RGB = (96, 100, 112)  # a private image's squares its seat does not see: tints blended towards it
UNSEEN_AMOUNT = 0.62
SEEN_EDGE: RGB = (255, 120, 20)  # the private image's own figure ring
TILE: RGB = (250, 250, 252)  # an ammo tile's plate
TILE_EDGE: RGB = (60, 62, 72)

# Ammo cubes (and powerup card colours, spawnpoint colours).
AMMO: dict[str, RGB] = {"R": (222, 40, 40), "B": (34, 96, 228), "Y": (250, 204, 20)}
AMMO_EDGE: RGB = (20, 20, 26)

# Figures (the damage and mark tokens of their seat).
FIGURE: dict[str, RGB] = {
    "blue": (36, 120, 255),
    "grey": (150, 154, 164),
    "green": (36, 178, 74),
    "purple": (160, 84, 226),
    "yellow": (255, 214, 0),
}
FIGURE_EDGE: RGB = (12, 12, 16)
KILLED: RGB = (200, 24, 24)  # the cross on a killed figure

ROOM_NAMES = {"R": "red", "B": "blue", "Y": "yellow", "W": "white", "G": "green", "P": "purple"}
AMMO_NAMES = {"R": "red", "B": "blue", "Y": "yellow"}
PHASE_TITLE: dict[str, str] = {
    "turn": "Turn",
    "scope": "Targeting Scope?",
    "tagback": "Tagback Grenade?",
    "respawn": "Respawn",
    "over": "Game over",
}


def figure_colour(name: str) -> RGB:
    return FIGURE.get(name, MUTED)


def ammo_colour(letter: str) -> RGB:
    return AMMO.get(letter, MUTED)


def room_colour(letter: str, seen: bool = True) -> RGB:
    tint = ROOM.get(letter, TABLE)
    return tint if seen else blend(tint, UNSEEN, UNSEEN_AMOUNT)


def greyed(colour: RGB) -> RGB:
    """A killed figure's colour: washed out towards grey."""
    return blend(colour, (110, 110, 116), 0.6)


def readable_on(colour: RGB) -> RGB:
    """Dark text on light fills, white text on dark ones."""
    return ink_on(colour, DARK_TEXT, TEXT)


BASE: tuple[RGB, ...] = tuple(dict.fromkeys((
    BACKGROUND, PANEL, PANEL_EDGE, SUBPANEL, TEXT, MUTED, DIM, DARK_TEXT, GOLD, OK, WARN, DANGER, TAG_GRAY, SLOT,
    SKULL, TABLE, WALL, DOOR, LABEL, *ROOM.values(), *(room_colour(k, False) for k in ROOM), UNSEEN, SEEN_EDGE,
    TILE, TILE_EDGE, *AMMO.values(), AMMO_EDGE, *FIGURE.values(), *(greyed(c) for c in FIGURE.values()),
    FIGURE_EDGE, KILLED,
)))


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """Every colour the ADRENALINE images paint, and the blends their anti-aliased edges make."""
    return build_palette(BASE)
