"""Hand-made Retro Bots vs Rogues states for the rules tests: the Deadly Spiral with only the figures a
test puts on it (imported as ``from board_helpers import blank, put, sq``).

The board (x A-L left to right, y 1-12 top to bottom; P pit, c crate spot, N/E/S/W a door in that wall):

       A B C D E F G H I J K L
     1 . . N . . . . . . . . .
     2 . . . . P . . . P . . .
     3 . . c . . . . . . c . E
     4 . P . . . . . . . . . .
     5 . . . . c . . c . . P .
     6 . . . . . P P . . . . .
     7 . . . . . P P . . . . .
     8 . P . . c . . c . . . .
     9 . . . . . . . . . . P .
    10 W . c . . . . . . c . .
    11 . . . P . . . P . . . .
    12 . . . . . . . . . S . .
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.retro.geometry import inward, outside_of
from rules.retro.setup import new_state
from rules.retro.state import Bot, Square, State

DEFAULT_TYPES = ("treadbot", "shotbot", "nanobot", "treadbot")


def sq(name: str) -> Square:
    """A square from its board notation: "C4" is (2, 3)."""
    return ("ABCDEFGHIJKL".index(name[0].upper()), int(name[1:]) - 1)


def blank(seats: int = 2, types: Sequence[str] = DEFAULT_TYPES, *, seed: int = 0, crates: bool = False,
          bossbot: bool = False, minionbot: bool = False) -> State:
    """A game in its first round's run phase whose board holds nothing: no Rogue, no crate, no Retro.
    Seats are named "Retro 1", "Retro 2", ...; ``types`` gives each seat's Retro type."""
    if len(types) < seats:
        raise ValueError(f"{seats} seats need {seats} Retro types")
    state = new_state(seed, [f"Retro {i + 1}" for i in range(seats)], crates=crates, bossbot=bossbot,
                      minionbot=minionbot)
    state.bots.clear()
    state.retro_types = tuple(types[:seats])
    state.round = 1
    state.phase = "run"
    return state


def put(state: State, bot_id: str, kind: str, square: Square | str, facing: str | None,
        stunned: bool = False) -> Bot:
    """Put a figure on the board (replacing any figure with that id). Retros are "R0".., crates
    "crate<n>" with facing None; a Retro's type is also recorded as its seat's type."""
    if isinstance(square, str):
        square = sq(square)
    bot = Bot(bot_id, kind, square[0], square[1], facing, stunned)
    state.bots[bot_id] = bot
    if bot.is_retro:
        types = list(state.retro_types)
        types[bot.seat or 0] = kind
        state.retro_types = tuple(types)
    return bot


def put_outside(state: State, bot_id: str, kind: str, door: int) -> Bot:
    """A Retro waiting just outside door ``door`` (0 north, 1 east, 2 south, 3 west), facing in."""
    x, y = outside_of(door)
    put(state, bot_id, kind, (x, y), inward(door))
    bot = Bot(bot_id, kind, x, y, inward(door), False, door)
    state.bots[bot_id] = bot
    return bot


def where(state: State, bot_id: str) -> Square | None:
    """The square a figure stands on, or None when it is off the board (gone, or waiting outside)."""
    bot = state.bots.get(bot_id)
    return None if bot is None or bot.outside is not None else bot.square
