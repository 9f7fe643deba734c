"""The whole state of a KAPLOOM! game as plain slotted dataclasses of tuples (cheap to copy).

A die is a colour string (trait die) or a tuple of six face codes (action die; "B" is an empty
slot). Dice are numbered per owner from 1 in the notation and from 0 inside the engine. Faces use
one-letter codes (see ``data.FACE_NAMES``). The generator's four words live in ``rng`` so that a
seed plus the action log replays a game bit for bit.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from rules.core.snapshot import jsonable, tupled

Die = str | tuple[str, ...]


@dataclass(slots=True)
class Player:
    seat: int
    team: int  # 0 villains, 1 heroes
    label: str
    super_id: str | None
    health: int
    max_health: int
    ko: bool = False
    dice: tuple[Die, ...] = ()
    stored: tuple[str, ...] = ()  # unattached faces behind the screen, sorted codes
    # --- this round ---
    roll: tuple[str, ...] = ()  # face code showing on each die
    assign: dict[str, tuple[int, ...]] | None = None  # action id -> die indices placed on it
    locked: tuple[int, ...] = ()  # dice locked by an IMMEDIATE action
    ready: bool = False
    pending_reroll: int = 0  # re-rolls owed by a resolved IMMEDIATE action
    free_reroll_used: bool = False  # a locked-in free re-roll spent this round
    announced: tuple[str, ...] = ()  # printed names of IMMEDIATE actions announced this round
    target: int | None = None  # 2 vs 2 pointer (a seat)
    active: tuple[str, ...] = ()  # action ids activated at the reveal
    unpaid: tuple[str, ...] = ()  # active actions whose face cost is still owed
    used: tuple[str, ...] = ()  # power-up actions used this round
    pending_loss: tuple[tuple[str, int], ...] = ()  # (action id, amount) the player may take when they like
    immune: bool = False  # FAST FORWARD: opponents' Phase 3 triggers do not touch them
    lost_phase2: int = 0
    defense_left: int = 0  # 2 vs 2: defense carries over between attacks
    gives: tuple[int, ...] = ()  # duo-board dice handed to the ally at the end of Phase 3
    knocked_out_now: bool = False  # knocked out this round: their duo-board dice go to the ally
    # --- whole game ---
    locked_in: tuple[str, ...] = ()  # lock-in action ids
    revive_pending: int = 0
    revived: bool = False

    def clone(self) -> Player:  # replaced below by a generated straight-line copy (the hot path)
        raise NotImplementedError


@dataclass(slots=True)
class State:
    variant: str  # standard | advanced | 2v2
    supers: tuple[str | None, ...]  # super board per seat
    rng: tuple[int, ...]
    round: int
    phase: str  # roll | reveal | power_up | over
    first: int
    order: tuple[int, ...]  # turn order for Phases 2 and 3
    turn: int  # index into order (Phase 3)
    players: tuple[Player, ...]
    pool_trait: tuple[int, ...]  # per data.COLOURS
    pool_action: int
    pool_faces: tuple[int, ...]  # per data.SUPPLY_FACES
    triggers: tuple[tuple[int, int, str, str, int], ...] = ()  # (owner, victim, action id, when, loss)
    events: tuple[str, ...] = ()  # recent public event texts
    winners: tuple[int, ...] = ()
    summary: str = ""
    # The last reveal fought out in Phase 2, kept (it is public) after its round has moved on, so the
    # board still shows it when the round ends in the same step (nobody has anything to power up):
    # the round it belongs to (0: none yet) and per seat (attack, defense, activated action ids,
    # 2 vs 2 pointer's seat or None, health lost to attacks in that Phase 2). Saves made before it
    # existed load with the defaults.
    last_reveal_round: int = 0
    last_reveal: tuple[tuple[int, int, tuple[str, ...], int | None, int], ...] = ()

    def clone(self) -> State:
        new = object.__new__(State)
        for name in _STATE_FIELDS:
            object.__setattr__(new, name, getattr(self, name))
        new.players = tuple(p.clone() for p in self.players)
        return new


_PLAYER_FIELDS = tuple(f.name for f in fields(Player))
_STATE_FIELDS = tuple(f.name for f in fields(State))


def _make_player_clone():
    # A straight-line field copy is several times faster than a loop over getattr/setattr.
    lines = ["def clone(self):", "    new = _new(Player)"]
    lines += [f"    new.{name} = self.{name}" for name in _PLAYER_FIELDS if name != "assign"]
    lines += ["    new.assign = None if self.assign is None else dict(self.assign)", "    return new"]
    namespace = {"_new": object.__new__, "Player": Player}
    exec("\n".join(lines), namespace)
    return namespace["clone"]


Player.clone = _make_player_clone()


def _dump_player(p: Player) -> dict[str, Any]:
    out = {name: jsonable(getattr(p, name)) for name in _PLAYER_FIELDS}
    # The order of placements is part of the game (it orders the reveal and the legal moves), and a
    # JSON object's key order does not survive every store: keep them as a list of pairs.
    out["assign"] = None if p.assign is None else [[aid, list(ids)] for aid, ids in p.assign.items()]
    return out


def _load_player(raw: dict[str, Any]) -> Player:
    fields_ = {name: tupled(raw[name]) for name in _PLAYER_FIELDS if name != "assign"}
    assign = raw["assign"]
    return Player(**fields_, assign=None if assign is None else {aid: tuple(ids) for aid, ids in assign})


def dump_state(state: State) -> dict[str, Any]:
    out = {name: jsonable(getattr(state, name)) for name in _STATE_FIELDS if name != "players"}
    out["players"] = [_dump_player(p) for p in state.players]
    return out


def load_state(data: dict[str, Any]) -> State:
    players = tuple(_load_player(raw) for raw in data["players"])
    # A field missing from an older save takes its default (every field added later has one).
    kwargs = {name: tupled(data[name]) for name in _STATE_FIELDS if name != "players" and name in data}
    return State(players=players, **kwargs)
