"""KAPLOOM! colours and names: the components' colours on a dark table (Discord is mostly dark)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render.core import RGB, blend, build_palette, ink_on

BACKGROUND: RGB = (22, 24, 31)
PANEL: RGB = (37, 40, 52)
PANEL_EDGE: RGB = (62, 66, 82)
SUBPANEL: RGB = (29, 31, 41)
TEXT: RGB = (242, 243, 247)
MUTED: RGB = (172, 177, 193)
DIM: RGB = (112, 116, 132)
GOLD: RGB = (255, 199, 38)
OK: RGB = (86, 208, 124)
WARN: RGB = (255, 168, 46)
DANGER: RGB = (239, 68, 68)
DARK_TEXT: RGB = (20, 20, 26)
TAG_GRAY: RGB = (78, 84, 104)
TOKEN_EDGE: RGB = (160, 118, 0)

TEAM_ACCENT: dict[int, RGB] = {0: (170, 44, 82), 1: (40, 104, 206)}  # villains crimson, heroes blue

# The rulebook's face colours: wild white, might red, energy yellow, toughness purple,
# agility green, x-factor blue. Trait dice share them (a die's primary face is its colour).
FACE_COLOUR: dict[str, RGB] = {
    "wild": (248, 248, 250),
    "might": (226, 52, 52),
    "energy": (250, 204, 21),
    "toughness": (147, 82, 214),
    "agility": (34, 172, 84),
    "x_factor": (37, 122, 235),
    "blank": (58, 61, 74),
}
FACE_LETTER: dict[str, str] = {
    "wild": "W",
    "might": "M",
    "energy": "E",
    "toughness": "T",
    "agility": "A",
    "x_factor": "X",
    "blank": "",
}
FACE_NAME: dict[str, str] = {
    "wild": "WILD",
    "might": "MIGHT",
    "energy": "ENERGY",
    "toughness": "TOUGHNESS",
    "agility": "AGILITY",
    "x_factor": "X-FACTOR",
    "blank": "BLANK",
}
FACE_ORDER = ("wild", "might", "energy", "toughness", "agility", "x_factor")

DIE_COLOUR: dict[str, RGB] = {
    "red": FACE_COLOUR["might"],
    "yellow": FACE_COLOUR["energy"],
    "purple": FACE_COLOUR["toughness"],
    "green": FACE_COLOUR["agility"],
    "blue": FACE_COLOUR["x_factor"],
    "gray": (128, 132, 146),
}
TRAIT_ORDER = ("red", "yellow", "blue", "purple", "green")

BOARD_TITLE: dict[str, str] = {
    "attack": "ATTACK",
    "defense": "DEFENSE",
    "power_up": "POWER UP",
    "super": "SUPER",
    "duo": "DUO",
}
BOARD_ORDER = ("attack", "defense", "power_up", "super", "duo")
BOARD_COLOUR: dict[str, RGB] = {
    "attack": FACE_COLOUR["might"],
    "defense": FACE_COLOUR["toughness"],
    "power_up": FACE_COLOUR["agility"],
    "super": (255, 199, 38),
    "duo": FACE_COLOUR["x_factor"],
}

PHASE_TITLE: dict[str, str] = {
    "roll": "Phase 1 · Roll & assign behind screens",
    "reveal": "Phase 2 · Reveal, attack & defend",
    "power_up": "Phase 3 · Power up",
    "over": "Game over",
}
# The images' phase line: short enough for an 800 px title bar beside who is awaited.
PHASE_SHORT: dict[str, str] = {
    "roll": "Phase 1 · Roll & assign",
    "reveal": "Phase 2 · Reveal & fight",
    "power_up": "Phase 3 · Power up",
    "over": "Game over",
}
VARIANT_TITLE: dict[str, str] = {"standard": "STANDARD", "advanced": "ADVANCED", "2v2": "2 VS 2"}


def readable_on(colour: RGB) -> RGB:
    """Dark text on light fills (wild, energy), white text elsewhere."""
    return ink_on(colour, DARK_TEXT, TEXT, 150)


def health_colour(health: int, max_health: int) -> RGB:
    fraction = health / max_health if max_health else 0
    if fraction > 0.5:
        return OK
    if fraction > 0.25:
        return WARN
    return DANGER


def edge(colour: RGB) -> RGB:
    """The light rim of a die or tile."""
    return blend(colour, TEXT, 0.5)


def dark_edge(colour: RGB) -> RGB:
    """The dark rim of a face."""
    return blend(colour, DARK_TEXT, 0.5)


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """Every colour the KAPLOOM! images paint, and the tints derived from them."""
    neutrals = (BACKGROUND, PANEL, PANEL_EDGE, SUBPANEL, TEXT, MUTED, DIM, DARK_TEXT, TAG_GRAY, TOKEN_EDGE)
    hues = (
        *FACE_COLOUR.values(),
        *DIE_COLOUR.values(),
        *TEAM_ACCENT.values(),
        *BOARD_COLOUR.values(),
        GOLD,
        OK,
        WARN,
        DANGER,
    )
    tints = [
        tint
        for hue in dict.fromkeys(hues)
        for tint in (
            hue,
            edge(hue),
            dark_edge(hue),
            blend(hue, SUBPANEL, 0.35),
            blend(hue, SUBPANEL, 0.85),
            blend(hue, TEXT, 0.75),
        )
    ]
    return build_palette((*neutrals, *tints))
