"""The whole state of a Retro Bots vs Rogues game as a plain dataclass (cheap to copy).

Immutable by convention: the engine clones a state and changes the clone. Quotes are from
shared/rulebooks/retro-bots.txt.

- ``bots``: every figure on the board, and every Retro waiting outside a door, by id: Retros are
  ``"R0"``.. (by seat), Rogues ``"<type><n>"`` (``servobot3``), ``"bossbot"``, ``"minionbot"``, crates
  ``"crate<n>"``. A Rogue that is disabled or rescued leaves ``bots``; who kept it is in ``kept``.
- ``filled``: pits a crate fell into ("The crate stays in the pit, filling it like a normal square").
- The Rogue cards: ``in_play`` (the types drawn at setup, one per player), ``dealt`` (this round's card
  of each seat). The Calamity deck: ``deck`` (``deck[0]`` is the top), ``discard``, ``catastrophes``
  (face up, in the order drawn). ``upgrades``: each seat's Upgrade cards.
- Programming: ``programs`` (hidden until they run), ``locked``; ``bank`` (seconds carried over from
  rounds whose programs were all locked early), ``rush`` (a Rush Job's short timer next round).
- Running: ``queue`` (what still runs this round, in order: ``"rogue:<id>"`` and ``"retro:<seat>"``),
  ``cursor`` (the program running now, see ``Cursor``), ``owed`` (consequences that wait their turn:
  Calamities to draw, Upgrades to choose, Retro types to choose).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from rules.core.snapshot import jsonable, tupled

Square = tuple[int, int]

# choose_type: each player picks a Retro (setup). program: programming behind screens. clock: the
# service reports the time left (carry-over). run: Rogues and programs run; a choice may be owed.
# surrender: Upgrades may bury a Catastrophe. over: the end.
PHASES = ("choose_type", "program", "clock", "run", "surrender", "over")


@dataclass(frozen=True, slots=True)
class Bot:
    id: str
    kind: str  # treadbot | shotbot | nanobot | servobot ... | bossbot | minionbot | crate
    x: int
    y: int
    facing: str | None  # N E S W; None for a crate
    stunned: bool = False  # "Lie the Bot on its back"
    outside: int | None = None  # the door a Retro (or an entering Surplus Rogue) waits outside of

    @property
    def square(self) -> Square:
        return (self.x, self.y)

    @property
    def is_retro(self) -> bool:
        return self.id.startswith("R") and self.id[1:].isdigit()

    @property
    def is_crate(self) -> bool:
        return self.kind == "crate"

    @property
    def is_rogue(self) -> bool:
        return not self.is_retro and not self.is_crate

    @property
    def seat(self) -> int | None:
        return int(self.id[1:]) if self.is_retro else None


def retro_id(seat: int) -> str:
    return f"R{seat}"


@dataclass(frozen=True, slots=True)
class Cursor:
    """The Retro program running now. ``seat``: whose; ``index``: the next instruction; ``stop``: how
    many instructions run in all (3 after a stun, fewer if the program is shorter); ``hacking``: a
    PROGRAM instruction has run, so each later one may be applied to an adjacent Bot; ``choice``:
    what the running player must choose before the instruction at ``index`` runs ("target" for
    PROGRAM's Bot, "shove" for SHOVE's direction), or "" when none is needed; ``target``: the Bot the
    instruction at ``index`` applies to, once chosen (the Retro itself unless hacked)."""

    seat: int
    index: int
    stop: int
    hacking: bool = False
    choice: str = ""
    target: str = ""
    turbo_used: bool = False


@dataclass(slots=True)
class State:
    seats: tuple[str, ...]
    crates_option: bool
    boss_option: bool
    minion_option: bool
    timer: int  # programming seconds per round; 0: no timer (play by post)
    retro_types: tuple[str, ...]  # "" until chosen
    bots: dict[str, Bot]
    filled: tuple[Square, ...]
    in_play: tuple[str, ...]
    dealt: tuple[str, ...]
    kept: tuple[tuple[str, ...], ...]  # per seat: the kinds of Rogue it disabled
    lost_rogues: tuple[str, ...]  # Rogues disabled by nobody ("no player keeps it") or removed
    rescued: bool  # the Minionbot went out through an exit
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    catastrophes: tuple[str, ...]
    upgrades: tuple[tuple[str, ...], ...]
    pry_bar: int
    round: int
    phase: str
    rng: tuple[int, ...]
    programs: tuple[tuple[str, ...], ...] = ()
    locked: tuple[bool, ...] = ()
    bank: float = 0.0
    rush: bool = False
    jammed_until: int = 0  # doors pass no Bot through this round (Jammed Doors), 0: none
    queue: tuple[str, ...] = ()
    cursor: Cursor | None = None
    owed: tuple[tuple[Any, ...], ...] = ()
    all_types_earned: tuple[bool, ...] = ()  # the "one of each type" Upgrade, once per seat
    armor_used: tuple[bool, ...] = ()  # Armor Plating spent this round, per seat
    serial: int = 0  # numbers for Surplus Rogues' ids
    ran: tuple[str, ...] = ()  # the instructions of the program running now, revealed as they run
    asked: tuple[int, ...] = ()  # seats asked this round whether to surrender an Upgrade
    decisions: int = 0  # choices asked so far while running (numbers decision keys)
    pause: float = 0.0  # seconds between two steps of a run (option)
    last_drawn: str = ""  # the Calamity drawn last
    events: tuple[str, ...] = ()
    result: str | None = None
    summary: str = ""

    def clone(self) -> State:
        return replace(self, bots=dict(self.bots))

    def retro(self, seat: int) -> Bot | None:
        return self.bots.get(retro_id(seat))

    def at(self, square: Square) -> Bot | None:
        """The Bot or crate standing on a board square (figures waiting outside are not on it)."""
        for bot in self.bots.values():
            if bot.outside is None and bot.square == square:
                return bot
        return None

    def rogues(self) -> list[Bot]:
        return [b for b in self.bots.values() if b.is_rogue and b.outside is None]


_FIELDS = tuple(f.name for f in fields(State))


def dump_state(state: State) -> dict[str, Any]:
    out = {name: jsonable(getattr(state, name)) for name in _FIELDS if name not in ("bots", "cursor")}
    out["bots"] = [[b.id, b.kind, b.x, b.y, b.facing, b.stunned, b.outside] for _, b in sorted(state.bots.items())]
    c = state.cursor
    out["cursor"] = None if c is None else [c.seat, c.index, c.stop, c.hacking, c.choice, c.target, c.turbo_used]
    return out


def load_state(data: dict[str, Any]) -> State:
    kwargs = {name: tupled(data[name]) for name in _FIELDS if name not in ("bots", "cursor")}
    bots = {str(b[0]): Bot(str(b[0]), str(b[1]), int(b[2]), int(b[3]), b[4], bool(b[5]), b[6]) for b in data["bots"]}
    c = data["cursor"]
    cursor = None if c is None else Cursor(int(c[0]), int(c[1]), int(c[2]), bool(c[3]), str(c[4]), str(c[5]), bool(c[6]))
    return State(bots=bots, cursor=cursor, **kwargs)
