"""Damage, marks and kills (the issue's "Damage, marks, death"; the seed's summary, steps 3 and the
powerup texts).

- Damage tokens fill a 12-slot track in order: the 11th is the killshot, the 12th overkill, more is
  lost (converted marks included).
- Marks convert when their owner next damages that board: the shot's damage to a target goes on
  first, then the shooter's earlier marks there; the shot's new marks wait until the shot is over
  (``finish_shot``), so they never convert during it; a marks-only hit converts nothing. At most 3
  marks from one player on a board, extras lost; marks survive death.
- "You can never be damaged by your own weapon": a seat never damages or marks itself.
- A killed figure stays on its square until it respawns; the rest of the shot that killed it may
  still hit it (overkill); after that it cannot be targeted (``targetable``).
"""

from __future__ import annotations

from rules.adrenaline.data import game_data
from rules.adrenaline.geometry import Geometry, geometry
from rules.adrenaline.state import Shot, State

SLOTS = 12
KILLSHOT = 11
MAX_MARKS = 3


def geo(state: State) -> Geometry:
    return geometry(state.map_id)


def start_shot(state: State, shooter: int, weapon: str) -> Shot:
    """Open a shot: those already killed, and those not on the board, cannot be touched by it."""
    untouchable = frozenset(i for i, p in enumerate(state.players) if p.killed or not p.spawned)
    state.shot = Shot(shooter, weapon, untouchable=untouchable)
    return state.shot


def targetable(state: State, seat: int) -> bool:
    """May the open shot (or a Newton) pick ``seat``? Not the shooter, not the killed (except those
    this very shot killed), not a figure off the board."""
    shot = state.shot
    p = state.players[seat]
    if not p.spawned:
        return False
    if shot is None:
        return not p.killed
    return seat != shot.shooter and seat not in shot.untouchable


def damage(state: State, target: int, amount: int) -> None:
    """The open shot deals ``amount`` damage to ``target``: tokens, then (the first time this shot
    damages it) the shooter's earlier marks there; kills are noted in killshot order."""
    shot = state.shot
    assert shot is not None and amount > 0
    shooter = shot.shooter
    if target == shooter:
        return
    p = state.players[target]
    tokens = [shooter] * amount
    marks = list(p.marks)
    if target not in shot.converted:
        shot.converted.add(target)
        tokens += [shooter] * marks[shooter]
        marks[shooter] = 0
    was_killed = p.killed
    track = (p.damage + tuple(tokens))[:SLOTS]
    killed = len(track) >= KILLSHOT
    state.set_player(target, damage=track, marks=tuple(marks), killed=killed)
    if target not in shot.damaged:
        shot.damaged.append(target)
    if p.square is not None and state.players[shooter].square is not None and geo(state).sees(
            p.square, state.players[shooter].square):
        shot.seen_by.add(target)  # the Tagback Grenade: "damage from a player you can see"
    if killed and not was_killed:
        state.kills.append(target)


def mark(state: State, target: int, amount: int) -> None:
    """The open shot gives ``amount`` marks to ``target``; they land when the shot is over."""
    shot = state.shot
    assert shot is not None and amount > 0
    if target != shot.shooter:
        shot.new_marks[target] = shot.new_marks.get(target, 0) + amount


def give_marks(state: State, giver: int, target: int, amount: int) -> None:
    """Marks placed now (a shot's when it is over, a Tagback Grenade, an overkill's revenge mark):
    at most 3 from one player on a board, extras lost."""
    if giver == target:
        return
    p = state.players[target]
    marks = list(p.marks)
    marks[giver] = min(MAX_MARKS, marks[giver] + amount)
    state.set_player(target, marks=tuple(marks))


def finish_shot(state: State) -> None:
    """The shot is over (its Targeting Scopes included): its marks land."""
    shot = state.shot
    assert shot is not None
    for target, n in shot.new_marks.items():
        give_marks(state, shot.shooter, target, n)
    shot.new_marks = {}


def move(state: State, seat: int, square: str) -> None:
    state.set_player(seat, square=square)


def names(state: State, seats: list[int] | tuple[int, ...]) -> str:
    return ", ".join(state.name(s) for s in seats)


def data():
    return game_data()
