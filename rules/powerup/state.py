"""The whole state of a POWERUP DEATHMATCH game as plain dataclasses (cheap to copy).

Immutable by convention: the engine clones a state (``State.clone``) and changes the clone; a
``Figure`` or ``Buster`` is frozen and replaced whole. Quotes: shared/rulebooks/powerup.txt ("rb N").

- Seats are numbered 0.. in seat order; ``seats[i]`` is the label (``RED-RAY``), ``busters[i]`` the
  BUGBUSTER that seat plays (its sheet id is also its figure's id, ``RAY``).
- ``figures``: everything that stands on a square and can be moved: BUGBUSTERs, the two robots
  (``ROBOT-RED``), drums (``DRUM1``). A carried figure has no square of its own (``carried_by``); it
  shares its carrier's (rb 510: "The carrier and cargo occupy the same square").
- Board things by square: ``powerups`` (ON True / OFF False), ``secrets`` (face-down tokens, hidden:
  ``RED:coins3``, ``BLU:trap``: the team that placed each, then the token; two joined by ``+``), ``fire``, ``covers``,
  ``coins`` (found and dropped coins), ``gate_off`` (the gateway under the OFF marker), ``shut`` (doors a
  card closed).
- Decks: index 0 is the top. POW! cards are ``"Name|L"`` (the name and its letter).
- The turn: ``sequence`` (1.. over the game; 8 a round), ``order`` (seats in this sequence's order),
  ``turn`` (index into it), ``ap`` (the active seat's AP left), ``played`` (seats done this sequence).
- ``asks``: questions the game waits on before play goes on, first first: ``(seat, kind, data)``;
  ``kind`` is ``face`` (after a fall or a gateway), ``shove`` (spikes/fire push direction), ``store``
  (a DEATHMATCH POWERUP's choice), ``full`` (a draw with 4 in hand), ``lob`` (a grenade's impact
  square), ``pass`` (an ally being entered: pass or be pushed), ``hide`` (setup behind screens).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, NamedTuple

from rules.core.rng import Rng
from rules.core.snapshot import jsonable, tupled
from rules.powerup.coop_state import Coop, dump_coop, load_coop

Square = tuple[int, int]
TEAMS = ("RED", "BLU")
SLOTS = ("distance", "melee", "armor")


@dataclass(frozen=True, slots=True)
class Figure:
    id: str  # "RAY", "ROBOT-RED", "DRUM1"
    kind: str  # buster | robot | drum
    square: Square | None  # None while carried
    facing: int = 1  # +1 right (">"), -1 left ("<")
    carried_by: str | None = None
    cargo: str | None = None


@dataclass(frozen=True, slots=True)
class Buster:
    """One seat's BUGBUSTER. ``equipped``: the item id in each slot (distance, melee, armor), sheet
    weapons by their sheet id (``RAY.blaster``), cards by theirs (``E12``). ``owned``: equipment cards
    held (sheet weapons are never owned, lost or sold). ``over_rp``/``over_ammo``: how much of ``rp``/
    ``ammo`` a card or EPIC put above the sheet's maximum (rb 410, rb 1176). ``effects``: timed effects
    ``(name, amount, ends)`` with ``ends`` "turn" (this turn) or "next" (until its next turn starts)."""

    sheet: str
    team: str
    lives: int
    rp: int
    ammo: int
    equipped: tuple[str | None, str | None, str | None]
    owned: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    epic: bool = False
    over_rp: int = 0
    over_ammo: int = 0
    effects: tuple[tuple[str, int, str], ...] = ()
    coins: int = 0
    start: Square | None = None
    protected: bool = False  # respawned, untouchable until its first normal action (rb 1920)
    captures: int = 0
    kills: int = 0
    deaths: int = 0

    def effect(self, name: str) -> int:
        return sum(a for n, a, _ in self.effects if n == name)


class Attack(NamedTuple):
    """An attack declared and paid for, waiting on its reaction windows (reactions.py): ``verb`` shoot, hit
    or lob; ``word`` its target as typed (a figure id, a cover's square, a grenade's impact square);
    ``push`` the side chosen when straight above or below; ``extra`` yellow dice bought or earned (AMMO_Y,
    RP_Y, DOUBLE); ``speed`` the RP a seat under it pays before reacting (rb 925); ``deaths`` the
    attacker's deaths when declared (one that died since has lost it). Reactions add ``assists`` (seats
    adding their dice, rb 907) and ``dodge`` (figure id, hits its Roll cancels, rb 895); once rolled,
    ``mine`` and ``theirs`` (the melee defender's) are kept for the roll window (Take a Mulligan)."""

    seat: int
    verb: str
    word: str
    push: int = 0
    extra: int = 0
    speed: int = 1
    deaths: int = 0
    assists: tuple[int, ...] = ()
    dodge: tuple[tuple[str, int], ...] = ()
    rolled: bool = False
    mine: tuple[tuple[str, str], ...] = ()
    theirs: tuple[tuple[str, str], ...] = ()
    plus: int = 0  # hits a trick added after the roll (Concentration in the roll window)
    bug: str = ""  # co-op: the BUG figure attacking (then ``seat`` is -1: no seat attacks)


@dataclass(slots=True)
class State:
    seats: tuple[str, ...]
    busters: tuple[Buster, ...]
    layout: tuple[tuple[int, ...], ...]
    figures: dict[str, Figure]
    rng: tuple[int, ...]
    phase: str  # place (POWERUPs, drums), hide (behind screens), play, over
    pow_deck: tuple[str, ...]
    equip_deck: tuple[str, ...]
    pow_discard: tuple[str, ...] = ()
    equip_discard: tuple[str, ...] = ()
    powerups: dict[Square, bool] | None = None
    secrets: dict[Square, str] | None = None
    set_aside: str = ""  # the 13th DEATHMATCH token, unseen (rb 1882 gives half to each team)
    to_hide: tuple[tuple[str, ...], ...] = ()  # per seat: the tokens it still has to place
    hidden_done: tuple[bool, ...] = ()
    fire: tuple[Square, ...] = ()
    covers: tuple[Square, ...] = ()
    coins: dict[Square, int] | None = None
    gate_off: Square | None = None
    shut: tuple[Square, ...] = ()
    placing: str = ""  # the team placing now (setup): RED or BLU
    place_kind: str = ""  # what it places: powerup or drum
    placed: int = 0  # setup placements so far
    sequence: int = 0
    order: tuple[int, ...] = ()
    initiative: tuple[int, ...] = ()  # the INITIATIVE card dealt to each seat of ``order`` (0: none)
    turn: int = 0
    ap: int = 0
    played: tuple[bool, ...] = ()
    short: tuple[int, ...] = ()  # seats that respawned before playing this sequence: 2 AP (rb 1918)
    air: str = ""  # the active figure in the air after its own jump or step into a gap (rb 753, rb 761)
    air_acted: bool = False  # it has used its one action on the way (rb 763: "only once per fall")
    air_shifted: bool = False  # it has made its Mid-Jump move (rb 911: "once per jump or fall")
    streak: int = 0  # the active seat's attacks in a row this turn (DOUBLE: the second gets a yellow die)
    bonus_dice: str = ""  # dice tricks add to the attack being made ("1Y")
    bonus_hits: int = 0  # hits tricks add to it
    bonus_for: str = ""  # the attack the bonus waits for: melee, ranged or any ("" none)
    fresh: tuple[str, ...] = ()  # POW! cards drawn by Double Team: not playable this turn (rb 1208)
    asks: tuple[tuple[int, str, Any], ...] = ()
    # reactions (reactions.py, rb 881-929): each seat's mode (relevant, all, none); the seats a window still
    # waits on, what it follows (act: an action; roll: an attack's roll), windows opened so far (their keys),
    # a window owed once questions are answered, the attack waiting on them, the cards just played (Copycat)
    modes: tuple[str, ...] = ()
    window: tuple[int, ...] = ()
    window_kind: str = ""
    windows: int = 0
    window_due: bool = False
    attack: Attack | None = None
    copyable: tuple[str, ...] = ()
    react_wait: int = 60
    reacting: int = -1  # the seat playing a reaction on a borrowed turn (reactions._borrow): the active one
    coop: Coop | None = None  # what a co-op game adds (coop_state.py); None in DEATHMATCH
    allies: tuple[str, ...] = ()  # per seat, a standing answer when an ally enters its square: "", pass, pushed
    beats: int = 0  # attacks landed, deaths, POWERUPs used, scores: each starts a new channel post (chapter)  # seconds a reaction window waits (options: reaction_wait, from the table's pace)
    score: tuple[int, int] = (0, 0)
    last_roll: tuple[tuple[str, str], ...] = ()  # (colour W/Y, face) of the last roll shown
    events: tuple[str, ...] = ()
    steps: int = 0  # actions applied (numbers decision keys)
    rounds: int = 0  # the game's round limit (option; 0: none)
    winner: str = ""  # the winning team once over
    summary: str = ""

    def __post_init__(self) -> None:
        for name in ("powerups", "secrets", "coins"):
            if getattr(self, name) is None:
                setattr(self, name, {})

    def clone(self) -> State:
        return replace(self, figures=dict(self.figures), powerups=dict(self.powerups),
                       secrets=dict(self.secrets), coins=dict(self.coins),
                       coop=self.coop.clone() if self.coop is not None else None)

    # --- who is where -----------------------------------------------------------------------------
    @property
    def active(self) -> int | None:
        if self.reacting >= 0:
            return self.reacting
        if self.phase != "play" or self.turn >= len(self.order):
            return None
        return self.order[self.turn]

    def seat_of(self, figure_id: str) -> int | None:
        for i, b in enumerate(self.busters):
            if b.sheet == figure_id:
                return i
        return None

    def where(self, figure_id: str) -> Square | None:
        """A figure's square, a carried one's being its carrier's."""
        f = self.figures[figure_id]
        if f.carried_by is not None:
            return self.where(f.carried_by)
        return f.square

    def at(self, sq: Square) -> Figure | None:
        """The figure standing on a square (a carrier, not its cargo)."""
        for f in self.figures.values():
            if f.square == sq:
                return f
        return None

    def occupied(self) -> dict[Square, str]:
        return {f.square: f.id for f in self.figures.values() if f.square is not None}

    def team_of(self, figure_id: str) -> str | None:
        if figure_id.startswith("ROBOT-"):
            return figure_id[6:]
        seat = self.seat_of(figure_id)
        return None if seat is None else self.busters[seat].team

    def set_buster(self, seat: int, **changes: Any) -> Buster:
        b = replace(self.busters[seat], **changes)
        self.busters = (*self.busters[:seat], b, *self.busters[seat + 1:])
        return b

    def move_figure(self, figure_id: str, **changes: Any) -> Figure:
        f = replace(self.figures[figure_id], **changes)
        self.figures[figure_id] = f
        return f


MODES = ("relevant", "all", "none")  # when a seat is asked to react (reactions.py)


def coop_of(s: State) -> Coop:
    """A co-op game's ``Coop`` (the co-op modules' one way in; DEATHMATCH never calls them)."""
    assert s.coop is not None
    return s.coop


def mode_of(s: State, seat: int) -> str:
    return s.modes[seat] if s.modes else "relevant"


def set_mode(s: State, seat: int, mode: str) -> None:
    modes = list(s.modes or ("relevant",) * len(s.seats))
    modes[seat] = mode
    s.modes = tuple(modes)


def set_allies(s: State, seat: int, answer: str) -> None:
    """The seat's standing answer when an ally enters its square ("" asks each time)."""
    allies = list(s.allies or ("",) * len(s.seats))
    allies[seat] = answer
    s.allies = tuple(allies)


def rng_of(s: State) -> Rng:
    """The state's generator (every random draw comes from it, so seed + log replays a game)."""
    return Rng(state=s.rng)


def keep_rng(s: State, r: Rng) -> None:
    s.rng = tuple(r.state())


def shuffled(s: State, items: tuple[str, ...]) -> tuple[str, ...]:
    """A discard pile shuffled into a fresh deck with the state's generator (nobody sees the order)."""
    r = rng_of(s)
    pile = list(items)
    r.shuffle(pile)
    keep_rng(s, r)
    return tuple(pile)


_FIELDS = tuple(f.name for f in fields(State))
_DEFAULTS = {f.name: f.default for f in fields(State)}  # a state saved before a field existed loads
_SQUARE_DICTS = ("powerups", "secrets", "coins")


def _key(sq: Square) -> str:
    return f"{sq[0]},{sq[1]}"


def _unkey(text: str) -> Square:
    x, y = text.split(",")
    return (int(x), int(y))


def dump_state(state: State) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in _FIELDS:
        value = getattr(state, name)
        if name in _SQUARE_DICTS:
            out[name] = {_key(sq): v for sq, v in sorted(value.items())}
        elif name == "figures":
            out[name] = [[f.id, f.kind, f.square, f.facing, f.carried_by, f.cargo] for _, f in sorted(value.items())]
        elif name == "busters":
            out[name] = [jsonable([getattr(b, x.name) for x in fields(Buster)]) for b in value]
        elif name == "coop":
            out[name] = dump_coop(value)
        else:
            out[name] = jsonable(value)
    return out


def load_state(data: dict[str, Any]) -> State:
    kwargs: dict[str, Any] = {}
    for name in _FIELDS:
        value = data.get(name, _DEFAULTS.get(name))
        if name in _SQUARE_DICTS:
            kwargs[name] = {_unkey(k): v for k, v in value.items()}
        elif name == "figures":
            kwargs[name] = {f[0]: Figure(f[0], f[1], tupled(f[2]), f[3], f[4], f[5]) for f in value}
        elif name == "busters":
            kwargs[name] = tuple(Buster(*tupled(b)) for b in value)
        elif name == "attack":
            kwargs[name] = Attack(*tupled(value)) if value else None
        elif name == "coop":
            kwargs[name] = load_coop(value)
        else:
            kwargs[name] = tupled(value)
    return State(**kwargs)
