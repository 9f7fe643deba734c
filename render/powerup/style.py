"""POWERUP colours and words: a dark page (Discord is mostly dark), a side-view board of dark air with
steel platforms, brick blocks, wooden ladders, cyan escalators, purple gateways, green acid and silver
spikes; the two teams red and blue (their base tiles tinted), POWERUPs a cyan box (bright ON, grey
OFF), coins gold, secrets a violet card. Every colour drawn is listed in ``BASE`` (tests check it).

Co-op (ARCADE) adds its own colours in ``COOP_BASE`` and paints on its own palette (``palette_for``), so a
DEATHMATCH image's bytes do not depend on them: the BUGBUSTERs are one near-white crew (no teams), each
BUG type has its colour (``BUG_COLOUR``), a VIP is peach, a portal piece lavender, the BUGMISTRESS black
and gold; a primary target is marked red, a dizzy BUG's badge pale cyan."""

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


# Co-op (ARCADE): no teams, BUGs, VIPs, portal pieces, the BUGMISTRESS.
# Co-op pictures lie on a shade of their own: render/bands.py keys a band by its width, background and
# strokes (not its palette), so a co-op band must never share a key with a DEATHMATCH one (nor another
# game's: adrenaline and retro draw on BACKGROUND too, jupiter on (16, 18, 26)).
COOP_BACKGROUND: RGB = (16, 18, 25)
HERO: RGB = (226, 238, 252)  # a BUGBUSTER in co-op (its "team" is BUSTERS)
BUG_COLOUR: dict[str, RGB] = {
    "BUGGIE": (96, 200, 72), "BATBUG": (140, 100, 236), "BIGBUG": (150, 140, 48), "BICEFALUS": (236, 96, 176),
    "BRASAS": (246, 116, 32), "BLOB": (64, 184, 232), "BUGDOZER": (232, 196, 40), "BURP": (150, 72, 50),
    "BOSS": (206, 32, 52),
}
VIP: RGB = (255, 198, 152)  # an NPC to protect
PIECE: RGB = (192, 156, 255)  # a portal piece
PIECE_CORE: RGB = (96, 60, 170)
MISTRESS: RGB = (34, 22, 44)
MISTRESS_EYE: RGB = (255, 70, 200)
DIZZY: RGB = (160, 232, 255)  # a dizzy BUG's "zz" badge
TARGET: RGB = (255, 64, 64)  # a primary target's corner marks
BUGS_WIN: RGB = (170, 34, 44)
# the GLITCH (a mint hull with a magenta glitch-shadow) and the void off the board it flies in (rb 679)
GLITCH: RGB = (86, 232, 196)
GLITCH_ALT: RGB = (255, 64, 196)
VOID: RGB = (6, 7, 13)
VOID_CODE: RGB = (52, 66, 110)


def team_colour(team: str) -> RGB:
    return TEAM.get(team) or (HERO if team == "BUSTERS" else MUTED)


def team_ink(team: str) -> RGB:
    return TEAM_INK.get(team) or (TEXT if team == "BUSTERS" else MUTED)


def bug_colour(kind: str) -> RGB:
    return BUG_COLOUR.get(kind, MUTED)


def bug_shade(kind: str) -> RGB:
    """A BUG's head and legs: its colour darkened."""
    return blend(bug_colour(kind), FIGURE_EDGE, 0.42)


def glitch_shade() -> RGB:
    """The GLITCH's underside and canopy frame: its hull darkened."""
    return blend(GLITCH, FIGURE_EDGE, 0.5)


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


COOP_BASE: tuple[RGB, ...] = tuple(dict.fromkeys((
    COOP_BACKGROUND, *BASE, HERO, dimmed(HERO), *BUG_COLOUR.values(), *(bug_shade(k) for k in (*BUG_COLOUR, "")), VIP, PIECE, PIECE_CORE,
    MISTRESS, MISTRESS_EYE, DIZZY, TARGET, BUGS_WIN, GLITCH, GLITCH_ALT, glitch_shade(), VOID, VOID_CODE,
)))


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """Every colour the POWERUP DEATHMATCH images paint, and the blends their anti-aliased edges make."""
    return build_palette(BASE)


@lru_cache(maxsize=1)
def coop_palette() -> Image.Image:
    """The co-op images' palette: DEATHMATCH's colours and the BUGs'."""
    return build_palette(COOP_BASE)


def palette_for(coop: bool) -> Image.Image:
    return coop_palette() if coop else palette()


def background_for(coop: bool) -> RGB:
    return COOP_BACKGROUND if coop else BACKGROUND
