"""What the heuristic AI seat (rules/adrenaline/ai.py) values: projected points, kills, marks, weapons,
cubes, powerups and where it stands (``_utility``), with its knobs in ``Weights``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rules.adrenaline.damage import KILLSHOT, SLOTS, geo
from rules.adrenaline.data import game_data
from rules.adrenaline.scoring import _rank
from rules.adrenaline.state import Player, State

PATH_CAP = 300  # complete shots examined for one decision
WEAPON_CAP = 120  # complete shots of one weapon from one square
LOOKAHEAD_CAP = 16  # complete shots examined when valuing a next action ...
LOOKAHEAD_WEAPON_CAP = 5  # ... of one weapon from one square
BUDGET = 900  # complete shots valued in all for one decision (a count, never a clock: the search stays pure)
PLAN_MEMO = 64

# How good a weapon is to hold, roughly the damage a typical shot of it deals (points-ish).
STRENGTH = {
    "lock_rifle": 2.6, "machine_gun": 2.6, "thor": 2.8, "plasma_gun": 3.0, "whisper": 2.6, "electroscythe": 1.5,
    "tractor_beam": 2.4, "vortex_cannon": 2.4, "furnace": 2.0, "heatseeker": 2.2, "hellion": 2.2,
    "flamethrower": 1.7, "grenade_launcher": 2.0, "rocket_launcher": 2.8, "railgun": 2.6, "cyberblade": 2.0,
    "zx2": 2.0, "shotgun": 2.2, "power_glove": 1.9, "shockwave": 1.7, "sledgehammer": 1.8,
}
CARD = {"teleporter": 0.7, "newton": 0.5, "targeting_scope": 0.7, "tagback_grenade": 0.5}


@dataclass(frozen=True)
class Weights:
    """The knobs of ``_utility`` (one place, so a test can break one on purpose)."""

    kill: float = 4.0  # per board this seat has killed (on top of the points that kill scores)
    rivals_max: float = 0.5  # the best rival's projected points count against this seat ...
    rivals_mean: float = 0.5  # ... and so does the rivals' mean
    mark: float = 0.35  # a mark waiting on a board (its owner's)
    loaded: float = 0.6  # x strength: a loaded weapon
    unloaded: float = 0.15  # x strength: an unloaded one
    reloadable: float = 0.3  # x strength: an unloaded one the seat's cubes can reload
    cube: float = 0.15
    drawn: float = 0.5  # the powerup an ammo tile draws
    sees: float = 0.25  # a target in sight (at most 2), holding a loaded weapon
    seen: float = 0.2  # an armed enemy that sees this seat's square
    next_action: float = 0.9  # the best gain of the next action this turn


WEIGHTS = Weights()


# -- valuing a state --------------------------------------------------------------------------------

@lru_cache(maxsize=4096)
def _board_points(damage: tuple[int, ...], skulls: int, frenzy: bool) -> tuple[tuple[int, int], ...]:
    """What each damager would score from a board if it were scored now: (seat, points)."""
    if not damage:
        return ()
    c = game_data().constants
    values = c.board_values_frenzy if frenzy else c.board_values_normal[skulls:]
    out = {s: (values[i] if i < len(values) else 1) for i, s in enumerate(_rank(damage))}
    if not frenzy:
        out[damage[0]] += 1
    return tuple(out.items())


def _equity(state: State, w: Weights) -> list[float]:
    """Each seat's points if the game were scored now, a live board's counting less the further it
    is from death; waiting marks count a little for their owner."""
    players = state.players
    eq = [float(sum(x for _, x in p.points)) for p in players]
    tokens = list(state.track)
    for p in players:
        if any(p.marks):
            for s, m in enumerate(p.marks):
                if m:
                    eq[s] += w.mark * m
        if not p.damage:
            continue
        dead = p.killed and len(p.damage) >= KILLSHOT
        conf = 1.0 if dead or state.frenzy else 0.45 + 0.55 * len(p.damage) / KILLSHOT
        for s, v in _board_points(p.damage, p.skulls, p.frenzy):
            eq[s] += conf * v
        if dead:
            killer = p.damage[KILLSHOT - 1]
            tokens.append((killer, 2 if len(p.damage) >= SLOTS and p.damage[SLOTS - 1] == killer else 1))
    if tokens:
        start = max(1, int(state.options.get("skulls", 8)))
        conf = 1.0 if state.frenzy else 0.5 + 0.5 * (1 - state.skulls / start)
        for s, v in _track_points(tuple(tokens)):
            eq[s] += conf * v
    return eq


@lru_cache(maxsize=1024)
def _track_points(tokens: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """What the killshot track would pay each seat if it were scored now: (seat, points)."""
    values = game_data().constants.board_values_normal
    ranked = _rank([s for s, _ in tokens], [k for _, k in tokens])
    return tuple((s, values[i] if i < len(values) else 1) for i, s in enumerate(ranked))


def _resources(p: Player, w: Weights) -> float:
    return _holding(p.weapons, p.cubes, p.powerups, w)


@lru_cache(maxsize=4096)
def _holding(weapons: tuple[tuple[str, bool], ...], cubes: tuple[int, int, int], powerups: tuple[str, ...],
             w: Weights) -> float:
    """What a hand is worth: weapons (loaded ones more; unloaded ones the cubes can reload, best first,
    a little more), cubes, powerups."""
    r = 0.0
    left = list(cubes)
    for wid, ok in weapons:
        r += STRENGTH.get(wid, 2.0) * (w.loaded if ok else w.unloaded)
    for wid in sorted((x for x, ok in weapons if not ok), key=lambda x: -STRENGTH.get(x, 2.0)):
        cost = game_data().weapon(wid).reload_cost
        need = [cost.count(c) for c in "RBY"]
        if all(n <= have for n, have in zip(need, left, strict=True)):
            left = [have - n for n, have in zip(need, left, strict=True)]
            r += w.reloadable * STRENGTH.get(wid, 2.0)
    r += w.cube * sum(cubes)
    r += sum(CARD.get(c.split(":")[0], 0.5) for c in powerups)
    return r


def _position(state: State, me: int, armed: tuple[int, ...], w: Weights) -> float:
    p = state.players[me]
    if p.square is None:
        return 0.0
    g = geo(state)
    seen = g.seen[p.square]
    out = 0.0
    if p.loaded():
        targets = sum(1 for s, q in enumerate(state.players)
                      if s != me and q.square is not None and not q.killed and q.square in seen)
        out += w.sees * min(2, targets)
    threats = sum(1 for s in armed if s != me and state.players[s].square is not None
                  and not state.players[s].killed and p.square in g.seen[state.players[s].square])
    return out - w.seen * threats


def _utility(state: State, me: int, armed: tuple[int, ...], w: Weights = WEIGHTS) -> float:
    eq = _equity(state, w)
    rivals = [e for s, e in enumerate(eq) if s != me]
    u = eq[me] - w.rivals_max * max(rivals) - w.rivals_mean * sum(rivals) / len(rivals)
    u += w.kill * sum(1 for q in state.players if q.killed and len(q.damage) >= KILLSHOT
                      and q.damage[KILLSHOT - 1] == me)
    return u + _resources(state.players[me], w) + _position(state, me, armed, w)


# -- the candidate actions --------------------------------------------------------------------------
