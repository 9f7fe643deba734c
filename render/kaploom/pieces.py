"""KAPLOOM! components drawn at a given size: faces, dice, the health track, tokens and tags."""

from __future__ import annotations

from render.core import Pen, font, text_width
from render.kaploom.style import (
    DARK_TEXT,
    DIE_COLOUR,
    DIM,
    FACE_COLOUR,
    FACE_LETTER,
    GOLD,
    MUTED,
    SUBPANEL,
    TEXT,
    TOKEN_EDGE,
    blend,
    dark_edge,
    edge,
    health_colour,
    readable_on,
)
from rules.kaploom.views import DieView


def face_chip(pen: Pen, x: float, y: float, size: int, face: str) -> int:
    """A face as a coloured disc with its letter (blank: an empty ring); (x, y) is the top left."""
    radius = size / 2
    centre = (x + radius, y + radius)
    if face == "blank":
        pen.circle(centre, radius - 1, fill=SUBPANEL, outline=DIM, width=2)
    else:
        colour = FACE_COLOUR.get(face, DIM)
        pen.circle(centre, radius, fill=colour, outline=dark_edge(colour), width=2)
        pen.text(centre, FACE_LETTER.get(face, "?"), font(int(size * 0.56), True), readable_on(colour), "mm")
    return size


def die_width(die: DieView, size: int) -> int:
    """Action dice are drawn wider, to show their six faces as a 3 × 2 grid."""
    return size if die.kind == "trait" else round(size * 1.6)


def pool_die(pen: Pen, x: float, y: float, size: int, die: DieView) -> int:
    """A die as it sits in front of its owner: trait dice by colour with their number, action dice
    as a gray die showing all six attached faces. Returns the width used."""
    width = die_width(die, size)
    if die.kind == "trait":
        colour = DIE_COLOUR.get(die.colour, DIM)
        pen.rect((x, y, x + size, y + size), fill=colour, outline=edge(colour), width=2, radius=8)
        pen.text(
            (x + size / 2, y + size / 2), str(die.id), font(int(size * 0.5), True), readable_on(colour), "mm"
        )
        return width
    body = DIE_COLOUR["gray"]
    pen.rect((x, y, x + width, y + size), fill=body, outline=edge(body), width=2, radius=8)
    pad = 2
    cell_w = (width - 2 * pad) / 3
    cell_h = (size - 2 * pad) / 2
    cell = min(cell_w, cell_h) - 1
    letter_font = font(max(12, int(cell * 0.8)), True)
    for index, face in enumerate(die.faces[:6]):
        cx = x + pad + cell_w * (index % 3) + cell_w / 2
        cy = y + pad + cell_h * (index // 3) + cell_h / 2
        box = (cx - cell / 2, cy - cell / 2, cx + cell / 2, cy + cell / 2)
        if face == "blank":
            pen.rect(box, fill=dark_edge(body), radius=3)
        else:
            colour = FACE_COLOUR.get(face, DIM)
            pen.rect(box, fill=colour, radius=3)
            pen.text((cx, cy + 1), FACE_LETTER.get(face, "?"), letter_font, readable_on(colour), "mm")
    return width


def die_label(pen: Pen, x: float, y: float, width: int, text: str, size: int = 17) -> None:
    """The die's number under a die that does not carry it on its body."""
    pen.text((x + width / 2, y), text, font(size, True), MUTED, "mt")


def rolled_die(pen: Pen, x: float, y: float, size: int, die: DieView | None, face: str) -> int:
    """A die showing its rolled face: the die body in its colour (gray for action dice) with the face on
    it, so both what rolled and which die it was stay visible."""
    colour = DIE_COLOUR.get(die.colour, DIM) if die is not None else DIM
    pen.rect(
        (x, y, x + size, y + size),
        fill=colour,
        outline=edge(colour),
        width=2,
        radius=max(4, size // 6),
    )
    # The face sits in a white ring so that it stands out even on a die of its own colour.
    radius = size * 0.4
    centre = (x + size / 2, y + size / 2)
    ring = max(2, size // 16)
    if face == "blank":
        pen.circle(centre, radius, fill=SUBPANEL, outline=TEXT, width=ring)
    else:
        face_colour = FACE_COLOUR.get(face, DIM)
        pen.circle(centre, radius, fill=face_colour, outline=TEXT, width=ring)
        pen.text(
            (centre[0], centre[1] + 1),
            FACE_LETTER.get(face, "?"),
            font(int(size * 0.5), True),
            readable_on(face_colour),
            "mm",
        )
    return size


SLOT_FACE = {"might", "energy", "toughness", "agility", "x_factor"}


def slot_chip(
    pen: Pen, x: float, y: float, size: int, need: str, die: DieView | None, face: str | None,
    ally: tuple[int, int, int] | None = None,
) -> int:
    """One die's place in an action's requirement. Filled: the die with its rolled face (an ally's
    die ringed in ``ally``, their team's colour). Empty: what it takes, as the rulebook draws it: a
    face ring with its letter (a wild fits too), "?" on a round slot for ANY DIE, "?" on a square
    for ANY ACTION DIE, "+" on a square for a NON-BLANK ACTION DIE."""
    if face is not None:
        if ally is not None:
            pen.rect((x - 3, y - 3, x + size + 3, y + size + 3), fill=None, outline=ally, width=3,
                     radius=max(4, size // 6) + 3)
        return rolled_die(pen, x, y, size, die, face)
    centre = (x + size / 2, y + size / 2)
    letter = font(int(size * 0.56), True)
    if need in SLOT_FACE:
        colour = FACE_COLOUR[need]
        pen.circle(centre, size / 2 - 1, fill=blend(colour, SUBPANEL, 0.8), outline=colour, width=3)
        pen.text((centre[0], centre[1] + 1), FACE_LETTER[need], letter, blend(colour, TEXT, 0.25), "mm")
    elif need == "any":
        pen.circle(centre, size / 2 - 1, fill=SUBPANEL, outline=MUTED, width=2)
        pen.text((centre[0], centre[1] + 1), "?", letter, MUTED, "mm")
    else:
        body = DIE_COLOUR["gray"]
        pen.rect((x + 1, y + 1, x + size - 1, y + size - 1), fill=blend(body, SUBPANEL, 0.6), outline=body,
                 width=2, radius=max(4, size // 6))
        pen.text((centre[0], centre[1] + 1), "+" if need == "non_blank_action" else "?", letter, TEXT, "mm")
    return size


def health_bar(
    pen: Pen, x: float, y: float, width: int, height: int, health: int, max_health: int, knocked_out: bool
) -> None:
    pen.rect((x, y, x + width, y + height), fill=SUBPANEL, outline=DIM, width=1, radius=height // 2)
    shown = max(0, min(health, max_health))
    if shown and not knocked_out:
        fill_width = max(height, round(width * shown / max_health))
        pen.rect(
            (x, y, x + fill_width, y + height), fill=health_colour(health, max_health), radius=height // 2
        )


def first_player_token(pen: Pen, x: float, y: float, size: int) -> int:
    """The gold first-player token with "1st" on it."""
    pen.circle((x + size / 2, y + size / 2), size / 2, fill=GOLD, outline=TOKEN_EDGE, width=3)
    pen.text((x + size / 2, y + size / 2 + 1), "1st", font(max(14, int(size * 0.42)), True), DARK_TEXT, "mm")
    return size


def tag(
    pen: Pen,
    x: float,
    y: float,
    text: str,
    fill: tuple[int, int, int],
    size: int = 20,
    height: int = 34,
    right: bool = False,
) -> int:
    """A rounded label; with ``right`` the tag ends at x. Returns its width."""
    fnt = font(size, True)
    width = text_width(text, fnt) + 22
    left = x - width if right else x
    pen.rect((left, y, left + width, y + height), fill=fill, radius=height // 2)
    pen.text((left + width / 2, y + height / 2 + 1), text, fnt, readable_on(fill), "mm")
    return width
