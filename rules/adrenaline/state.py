"""The whole state of an ADRENALINE game as plain dataclasses (cheap to copy).

Immutable by convention: the engine clones a state (``State.clone``) and changes the clone; a
``Player`` is frozen and replaced whole. Quotes are from shared/rulebooks/adrenaline-weapons.txt.

- Seats are numbered 0.. in seat order; ``seats[i]`` is the figure id that seat plays.
- ``Player.damage``: the seats whose tokens fill the 12 slots, in the order they landed;
  ``marks[a]``: marks seat ``a`` has on this board (0-3). ``skulls``: killshots scored on the board
  ("cover the killed board's highest remaining point value"); ``frenzy``: the board is flipped.
- Cubes are ``(R, B, Y)`` counts, 0-3 each. Weapons: ``(id, loaded)`` in the order taken. Powerups:
  ``"type:colour"`` cards in hand (two copies of a card are alike).
- Decks (``*_deck``): index 0 is the top. Ammo tiles are indexes into ``game_data().tiles()``.
- ``tiles``: the ammo tile on each non-spawn square (None: taken this turn, refilled at its end);
  ``slots``: the three weapon slots of each spawnpoint colour (None: empty).
- ``track``: the killshot track's tokens in the order they came, ``(seat, 1 or 2)`` (2 for overkill);
  ``skulls``: the skulls still on it.
- ``shot``: the shot whose consequences are still open (new marks wait for the Targeting Scope window;
  who may throw a Tagback Grenade), see ``Shot``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from rules.core.rng import Rng

Cubes = tuple[int, int, int]  # R, B, Y
CUBE_INDEX = {"R": 0, "B": 1, "Y": 2}


@dataclass(frozen=True, slots=True)
class Player:
    figure: str
    square: str | None = None  # None until the first spawn
    damage: tuple[int, ...] = ()
    marks: tuple[int, ...] = ()  # per attacking seat
    skulls: int = 0
    frenzy: bool = False
    cubes: Cubes = (1, 1, 1)  # "puts 1 cube of each colour in the ammo box of their board"
    weapons: tuple[tuple[str, bool], ...] = ()
    powerups: tuple[str, ...] = ()
    points: tuple[tuple[str, int], ...] = ()  # itemised: ("boards", 8), ("first_blood", 1), ...
    killed: bool = False  # killed this turn; stays on its square until it respawns
    # the hash, worked out once: states are remembered by value (``State.signature``), and a board of
    # five players is hashed at every look at the tree (not part of equality, never stored)
    _hash: int | None = field(default=None, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash((self.figure, self.square, self.damage, self.marks, self.skulls, self.frenzy, self.cubes,
                      self.weapons, self.powerups, self.points, self.killed))
            object.__setattr__(self, "_hash", h)
        return h

    @property
    def spawned(self) -> bool:
        return self.square is not None

    @property
    def score(self) -> int:
        return sum(p for _, p in self.points)

    def cube(self, colour: str) -> int:
        return self.cubes[CUBE_INDEX[colour]]

    def loaded(self) -> tuple[str, ...]:
        return tuple(w for w, ok in self.weapons if ok)

    def unloaded(self) -> tuple[str, ...]:
        return tuple(w for w, ok in self.weapons if not ok)


@dataclass(slots=True)
class Shot:
    """The shot being resolved and what it still owes once it is performed.

    ``shooter``, ``weapon``; ``damaged``: targets that took damage from it, in the order they first
    did (the Targeting Scope may add to these); ``converted``: targets whose marks from the shooter
    have turned into damage during this shot; ``new_marks``: target -> marks this shot gives, placed
    when the shot is over ("the shot's new marks never convert during that shot"); ``seen_by``:
    targets that could see the shooter when damage landed on them (Tagback Grenade); ``untouchable``:
    seats that were killed before the shot began or are not on the board.
    """

    shooter: int
    weapon: str
    damaged: list[int] = field(default_factory=list)
    converted: set[int] = field(default_factory=set)
    new_marks: dict[int, int] = field(default_factory=dict)
    seen_by: set[int] = field(default_factory=set)
    untouchable: frozenset[int] = frozenset()

    def clone(self) -> Shot:
        return Shot(self.shooter, self.weapon, list(self.damaged), set(self.converted), dict(self.new_marks),
                    set(self.seen_by), self.untouchable)


# turn: the active seat's turn (spawn, actions, powerups, reload, end). respawn: the killed choose
# at once. scope: the shooter may play Targeting Scopes. tagback: victims may throw Tagback
# Grenades. over: the end.
PHASES = ("turn", "scope", "tagback", "respawn", "over")


@dataclass(slots=True)
class State:
    map_id: str
    seats: tuple[str, ...]  # figure ids, seat order
    options: dict[str, Any]
    rng: Rng
    players: list[Player]
    first: int  # the first player ("marked all game")
    turn: int  # whose turn
    turns: int = 0  # turns begun so far (a cap catches a game that would not end)
    actions_left: int = 2
    ending: bool = False  # the end of the turn has begun (reloads made): no more actions or Newtons
    phase: str = "turn"
    weapon_deck: list[str] = field(default_factory=list)
    powerup_deck: list[str] = field(default_factory=list)
    powerup_discard: list[str] = field(default_factory=list)
    ammo_deck: list[int] = field(default_factory=list)
    ammo_discard: list[int] = field(default_factory=list)
    tiles: dict[str, int | None] = field(default_factory=dict)
    slots: dict[str, list[str | None]] = field(default_factory=dict)
    track: list[tuple[int, int]] = field(default_factory=list)
    skulls: int = 8
    frenzy: bool = False  # final frenzy has begun
    frenzy_left: tuple[int, ...] = ()  # seats still to take their last turn, in order
    frenzy_from: int | None = None  # the seat whose turn triggered it
    kills: list[int] = field(default_factory=list)  # boards killed this turn, in killshot order
    draft: tuple[str, ...] = ()  # the active seat's unconfirmed choices (private)
    shot: Shot | None = None
    reacting: tuple[int, ...] = ()  # seats asked in the open reaction window
    respawning: tuple[int, ...] = ()  # seats choosing their respawn
    respawn_choice: dict[int, str] = field(default_factory=dict)  # seat -> card discarded (hidden till all chose)
    tagback_answer: dict[int, str] = field(default_factory=dict)  # seat -> ask | never | always
    done: bool = False
    summary: str = ""
    last: tuple[str, ...] = ()  # the last public lines (the board image's log)

    def signature(self) -> tuple:
        """Everything a look at the tree of choices reads, as one hashable value: the state but its
        draft, its log lines and its generator (a walk that does not perform draws nothing). Two
        states with equal signatures offer the same choices (``walk.peek`` remembers walks by it). The
        squares of ``tiles`` and the colours of ``slots`` are the map's: their values suffice."""
        shot = self.shot
        return (self.map_id, self.seats, tuple(self.options.items()), tuple(self.players), self.first, self.turn,
                self.turns, self.actions_left, self.ending, self.phase, tuple(self.weapon_deck),
                tuple(self.powerup_deck), tuple(self.powerup_discard), tuple(self.ammo_deck), tuple(self.ammo_discard),
                tuple(self.tiles.values()), tuple(map(tuple, self.slots.values())), tuple(self.track),
                self.skulls, self.frenzy, self.frenzy_left, self.frenzy_from, tuple(self.kills),
                None if shot is None else (shot.shooter, shot.weapon, tuple(shot.damaged), frozenset(shot.converted),
                                           tuple(shot.new_marks.items()), frozenset(shot.seen_by), shot.untouchable),
                self.reacting, self.respawning, tuple(self.respawn_choice.items()),
                tuple(self.tagback_answer.items()), self.done)

    def clone(self) -> State:
        c = object.__new__(State)
        for name in _PLAIN:
            object.__setattr__(c, name, getattr(self, name))
        for name in _LISTS:
            object.__setattr__(c, name, list(getattr(self, name)))
        for name in _DICTS:
            object.__setattr__(c, name, dict(getattr(self, name)))
        c.slots = {k: list(v) for k, v in self.slots.items()}
        c.options = self.options  # never changed after setup
        c.rng = self.rng.copy()
        c.shot = self.shot.clone() if self.shot is not None else None
        return c

    # -- players -----------------------------------------------------------------------------------

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def set_player(self, seat: int, **changes: Any) -> Player:
        p = replace(self.players[seat], **changes)
        self.players[seat] = p
        return p

    def on(self, square: str) -> tuple[int, ...]:
        """Seats whose figures stand on ``square`` (the killed included: they stay until they respawn)."""
        return tuple(i for i, p in enumerate(self.players) if p.square == square)

    def name(self, seat: int) -> str:
        return _figure_names()[self.seats[seat]]

    @property
    def count(self) -> int:
        return len(self.players)


_LISTS = ("players", "weapon_deck", "powerup_deck", "powerup_discard", "ammo_deck", "ammo_discard", "track", "kills")
_DICTS = ("tiles", "respawn_choice", "tagback_answer")
_SPECIAL = ("slots", "options", "rng", "shot")
# Everything else is immutable (numbers, strings, tuples) and shared by a copy.
_PLAIN = tuple(f.name for f in fields(State) if f.name not in _LISTS + _DICTS + _SPECIAL)


def _figure_names() -> dict[str, str]:
    global _NAMES
    if _NAMES is None:
        from rules.adrenaline.data import game_data

        _NAMES = {f.id: f.name for f in game_data().figures}
    return _NAMES


_NAMES: dict[str, str] | None = None
