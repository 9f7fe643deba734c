"""POWERUP colours and words: a dark page (Discord is mostly dark), a side-view board of dark air with
steel platforms, brick blocks, wooden ladders, cyan escalators, purple gateways, green acid and silver
spikes; the two teams red and blue (their base tiles tinted), POWERUPs a cyan box (bright ON, grey
OFF), coins gold, secrets a violet card. Every colour drawn is listed in ``BASE`` (tests check it)."""

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
SLOT: RGB = (54, 59, 75)  # an empty life pip, an empty card place
HALO: RGB = (255, 236, 140)  # a protected (respawned) BUGBUSTER's ring

# The teams.
TEAM: dict[str, RGB] = {"RED": (228, 56, 56), "BLU": (46, 118, 248)}
TEAM_EDGE: RGB = (250, 250, 252)
TEAM_INK: dict[str, RGB] = {"RED": (255, 150, 150), "BLU": (140, 186, 255)}  # team names as text

# The board.
FRAME: RGB = (10, 11, 15)  # around the squares
AIR: RGB = (42, 48, 64)
AIR_ALT: RGB = (36, 41, 55)  # every other tile, faintly
BASE_TINT: dict[str, RGB] = {"RED": (74, 40, 50), "BLU": (34, 50, 90)}
GRID: RGB = (56, 63, 82)  # between squares of a tile
TILE_EDGE: RGB = (150, 158, 182)  # between tiles
LABEL: RGB = (170, 176, 196)  # column letters, row numbers
NAME: RGB = (122, 130, 152)  # a square's own name in its corner
PLATFORM: RGB = (196, 202, 218)  # a solid platform's top
PLATFORM_DARK: RGB = (104, 112, 134)  # its underside
THIN: RGB = (130, 214, 236)  # a thin platform (dashed: sight passes)
BRICK: RGB = (128, 88, 66)
MORTAR: RGB = (78, 52, 38)
LADDER: RGB = (222, 166, 84)
STAIRS: RGB = (70, 196, 214)
STAIRS_DARK: RGB = (30, 110, 124)
GATE: RGB = (184, 104, 255)
GATE_CORE: RGB = (74, 34, 120)
SHUT: RGB = (150, 152, 164)  # a door shut by a card: bars
ACID: RGB = (104, 224, 64)
ACID_DARK: RGB = (44, 132, 40)
ACID_LIGHT: RGB = (196, 252, 150)
SPIKE: RGB = (214, 218, 228)
SPIKE_BASE: RGB = (150, 36, 36)
FIRE: RGB = (255, 110, 20)
FIRE_CORE: RGB = (255, 220, 70)
COVER: RGB = (170, 146, 100)
COVER_EDGE: RGB = (86, 68, 40)
POWER_ON: RGB = (70, 230, 255)
POWER_OFF: RGB = (70, 76, 92)
BOLT_OFF: RGB = (130, 136, 152)
COIN: RGB = (246, 188, 40)
COIN_EDGE: RGB = (124, 80, 10)
SECRET: RGB = (92, 62, 150)
SECRET_EDGE: RGB = (212, 190, 255)
DRUM: RGB = (216, 84, 36)
DRUM_HOOP: RGB = (70, 34, 20)
VISOR: RGB = (232, 240, 250)  # a robot's eyes
FIGURE_EDGE: RGB = (12, 12, 16)
ACTIVE: RGB = GOLD  # the square of the BUGBUSTER whose turn it is
ME: RGB = (255, 120, 20)  # a private screen's own figure, its start square

# Dice.
DIE: dict[str, RGB] = {"W": (240, 240, 244), "Y": (255, 206, 40)}
SKULL_INK: RGB = (24, 24, 30)
POW: RGB = (226, 40, 40)
BUG: RGB = (40, 150, 60)

# POW! letters (a card's big letter).
LETTER: dict[str, RGB] = {"E": (240, 84, 84), "P": (70, 150, 255), "I": (90, 210, 120), "C": (255, 190, 40),
                          "*": (200, 120, 255)}

PHASE_TITLE: dict[str, str] = {
    "place": "Setup · placing POWERUPs and drums",
    "hide": "Setup · hiding tokens behind screens",
    "play": "Play",
    "over": "Game over",
}


def team_colour(team: str) -> RGB:
    return TEAM.get(team, MUTED)


def team_ink(team: str) -> RGB:
    return TEAM_INK.get(team, MUTED)


def dimmed(colour: RGB) -> RGB:
    """A seat that has played this sequence, a fallen robot: its colour washed towards the air."""
    return blend(colour, (96, 100, 112), 0.55)


def readable_on(colour: RGB) -> RGB:
    """Dark text on light fills, white text on dark ones."""
    return ink_on(colour, DARK_TEXT, TEXT)


BASE: tuple[RGB, ...] = tuple(dict.fromkeys((
    BACKGROUND, PANEL, PANEL_EDGE, SUBPANEL, TEXT, MUTED, DIM, DARK_TEXT, GOLD, OK, WARN, DANGER, TAG_GRAY, SLOT,
    HALO, *TEAM.values(), *(dimmed(c) for c in TEAM.values()), TEAM_EDGE, *TEAM_INK.values(), FRAME, AIR, AIR_ALT,
    *BASE_TINT.values(), GRID, TILE_EDGE, LABEL, NAME, PLATFORM, PLATFORM_DARK, THIN, BRICK, MORTAR, LADDER,
    STAIRS, STAIRS_DARK, GATE, GATE_CORE, SHUT, ACID, ACID_DARK, ACID_LIGHT, SPIKE, SPIKE_BASE, FIRE, FIRE_CORE,
    COVER, COVER_EDGE, POWER_ON, POWER_OFF, BOLT_OFF, COIN, COIN_EDGE, SECRET, SECRET_EDGE, DRUM, DRUM_HOOP, VISOR,
    FIGURE_EDGE, ME, *DIE.values(), SKULL_INK, POW, BUG, *LETTER.values(),
)))


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """Every colour the POWERUP images paint, and the blends their anti-aliased edges make."""
    return build_palette(BASE)
