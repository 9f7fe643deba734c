"""POWERUP's dice (rb 428-442) and the DAMAGE card (rb 845).

A roll is a tuple of ``(colour, face)``: colour ``W`` (white) or ``Y`` (yellow), faces as in the data
(``blank``, ``skull``, ``skull2``, ``pow``, ``bug``). Randomness comes from the state's ``Rng`` only.
"""

from __future__ import annotations

from rules.core.rng import Rng
from rules.powerup.data import dice_counts, game_data

Roll = tuple[tuple[str, str], ...]


def add(*dice: str) -> str:
    """``add("1W1Y", "1W", "0")`` -> ``"2W1Y"``: dice pools added up."""
    w = sum(dice_counts(d)[0] for d in dice)
    y = sum(dice_counts(d)[1] for d in dice)
    return pool(w, y)


def pool(white: int, yellow: int) -> str:
    if not white and not yellow:
        return "0"
    return (f"{white}W" if white else "") + (f"{yellow}Y" if yellow else "")


def roll(rng: Rng, dice: str) -> Roll:
    data = game_data().dice
    white, yellow = dice_counts(dice)
    out = [("W", rng.choice(data.white)) for _ in range(white)]
    out += [("Y", rng.choice(data.yellow)) for _ in range(yellow)]
    return tuple(out)


def face_hits(face: str) -> int:
    return game_data().faces[face].hits


def kept(dice: Roll) -> Roll:
    """The dice that count: each BUG face removes another die, the one with the fewest hits among those
    with at least one (rb 442: "you have to discount a die from the roll. The discarded die should have
    at least 1 hit"). A blunder with no hit left to remove removes nothing more."""
    left = [d for d in dice if d[1] != "bug"]
    for _ in range(sum(1 for d in dice if d[1] == "bug")):
        scoring = [d for d in left if face_hits(d[1]) >= 1]
        if not scoring:
            break
        left.remove(min(scoring, key=lambda d: face_hits(d[1])))
    return tuple(left)


def hits(dice: Roll) -> int:
    return sum(face_hits(face) for _, face in kept(dice))


def blunders(dice: Roll) -> int:
    return sum(1 for _, face in dice if face == "bug")


def pow_faces(dice: Roll) -> int:
    """POW! faces rolled (rb 438: "3 hits and a draw from the POW! pile"): the issue's reading, any
    BUGBUSTER roll draws one card per POW! face, kept or not."""
    return sum(1 for _, face in dice if face == "pow")


def lives_lost(hits_through: int) -> int:
    """The DAMAGE card (rb 845)."""
    return game_data().lives_lost(hits_through)


def hits_to_take(lives: int) -> int:
    """The fewest hits past armor that take ``lives`` lives (more than 4 cannot be taken at once)."""
    for step in game_data().damage:
        if step.lives >= lives:
            return step.min_hits
    return 10**6


def describe(dice: Roll) -> str:
    names = {"blank": "-", "skull": "x", "skull2": "xx", "pow": "POW!", "bug": "BUG"}
    return " ".join(f"{c}:{names.get(f, f)}" for c, f in dice)
