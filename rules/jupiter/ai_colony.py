"""The Jupiter Rescue AI seat's constants and weights, the colony's geometry from the public tiles
(``Board``), and the terms of its evaluation that need no search state (a Colonist's steps to the pod,
Creep risk per tile, critical tiles, where the pod should dock)."""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from rules.jupiter.actions import POD
from rules.jupiter.colony import TilePick, build_colony, place_tile
from rules.jupiter.data import game_data

if TYPE_CHECKING:
    from rules.jupiter.ai_view import Ctx

COL, CRP = "c", "x"  # figure codes in the search; robots keep their "R<seat>"
FAR = 14  # distance given to a Colonist with no way to the pod
POD_SIZE = 7  # line 70
ACTIONS = 5

# Evaluation weights.
W_STEP = 1.0  # each step a Colonist still has to go
W_ABOARD = 3.0  # a Colonist aboard the pod, beyond reaching it
W_SAVED = 3.5  # a Colonist carried away
W_CONVERT = 22.0  # a Colonist next to a Creep at the end of the turn
W_CASCADE = 3.0  # ... and each Colonist next to that one (the Creep it becomes)
W_RISK = 0.0  # per Colonist the next invasion may have to put a Creep next to, times its chance
W_RISK_DEFENDER = 30.0  # the same for the robot whose job is defence
DEFENDERS_FROM = 3  # seats from which one robot defends
RISK_ANSWERED = 0.2  # ... when the next player's robot can shoot it before it converts anyone
REACH = 3  # moves the next player may spend to get a shot
W_ROBOT = 0.7  # each step the robot stands from where it is wanted next turn
W_BLOCK = 3.0  # the robot standing on the Colonists' road to the pod
W_IN_POD = 5.0  # the robot aboard the docked pod commands the dock tile only
W_ENTRY = 0.0  # the robot on a space next to the dock dome
W_CROWD = 2.0  # per other robot on the tile the robot ends on (they command the same Colonists)
W_DOCK_BLOCK = 10.0  # the robot standing on the dock dome: nobody boards
W_FRONT = 1.0  # each step nearer than FRONT steps counts once more (the next load first)
FRONT = 6
W_CRITICAL = 3.0  # the safest tile of Module 3 (or 4) nearly full of Creeps, per square of missing room
CRIT_SLACK = 7  # room (spaces without a Creep) below which a critical tile is in danger
W_WORTH = 0.8  # how much a tile's Colonists and Creeps in reach make it worth standing on

# How much a card is worth keeping (discards, and what playing one from the hand costs).
CARD_WORTH = {
    "Boost": 3.0, "Bullhorn": 3.0, "Data Core": 0.5, "Follower": 3.0, "Grenadier": 2.0, "Heat Seeker": 3.5,
    "Juggernaut": 1.5, "Module Control": 0.3, "Override": 0.5, "Phase Shift": 2.0, "Pilot": 3.0,
    "Rocket Boots": 1.0, "Sniper": 2.5, "Suppressant": 3.0, "Swap": 1.0, "Teleport": 3.5,
}

# How much a card is worth as a core ability (line 37).
CORE_WORTH = {
    "Bullhorn": 10, "Follower": 9, "Boost": 8, "Sniper": 7, "Grenadier": 6, "Suppressant": 6, "Pilot": 5,
    "Teleport": 5, "Heat Seeker": 5, "Phase Shift": 4, "Juggernaut": 4, "Swap": 3, "Rocket Boots": 3,
    "Data Core": 1, "Module Control": 1, "Override": 2,
}
FULL_TURN = ("Bullhorn", "Follower", "Grenadier", "Juggernaut", "Rocket Boots", "Swap")
BEAM = 6


class Board:
    """The space graph of the tiles in play (the engine's Colony, rebuilt from the public view)."""

    def __init__(self, key: tuple) -> None:
        data = game_data()
        placed = [place_tile(data, TilePick(tile, side, rot), label, hexa) for label, tile, side, rot, hexa in key]
        colony = build_colony(placed)
        self.adj: dict[str, tuple[str, ...]] = {s: tuple(sorted(n)) for s, n in colony.adjacency.items()}
        self.tiles: dict[str, tuple[str, ...]] = {t.label: t.space_ids() for t in colony.tiles}
        self.module = {t.label: t.module for t in colony.tiles}
        self.near: dict[str, frozenset[str]] = {
            t.label: frozenset({t.label, *colony.adjacent_tiles(t.label)}) for t in colony.tiles
        }
        self.edge = {t.label: tuple(sorted(colony.edge_spaces(t.label))) for t in colony.tiles}
        self.edge_tiles = frozenset(label for label in self.tiles if colony.is_edge_tile(label))
        self.edge_spaces = frozenset(s for spaces in self.edge.values() for s in spaces)
        self.docks = tuple(d.space for d in colony.docks())
        self.facility = {t.label: (t.facility, f"{t.label}{t.facility_at}") for t in colony.tiles if t.facility}


@lru_cache(maxsize=256)
def _board(key: tuple) -> Board:
    return Board(key)


def _bfs(adj: dict[str, tuple[str, ...]], sources: dict[str, int], ok) -> dict[str, int]:
    """Distances from ``sources`` (space -> start distance) over the spaces ``ok`` lets through."""
    dist = dict(sources)
    frontier = sorted(sources, key=sources.get)
    while frontier:
        nxt = []
        for s in frontier:
            d = dist[s] + 1
            for n in adj[s]:
                if n not in dist and ok(n):
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return dist


def _step_value(d: int) -> float:
    """What a Colonist ``d`` steps from the pod costs: the steps near the pod count most (the next load)."""
    near = min(d, FRONT)
    mid = min(max(d - FRONT, 0), 4)
    far = max(d - FRONT - 4, 0)
    return (W_STEP + W_FRONT) * near + W_STEP * mid + 0.4 * W_STEP * far


def _threatened(figs: dict, adj: dict, s: str) -> bool:
    return any(figs.get(n) == CRP for n in adj[s])


SLACK_COST = (1.0, 0.5, 0.2, 0.05, 0.0)  # by how many more Creeps a tile takes before one must touch a Colonist


def _slack(ctx: Ctx, figs: dict, label: str) -> int:
    """How many Creeps tile ``label`` can still take (line 114, the roller choosing) before one must go
    next to a Colonist or in a Colonist's place (0-4)."""
    b = ctx.board
    key = (label, tuple(figs.get(s) == COL if s in ctx.rim[label] else s in figs for s in ctx.watch[label]))
    cached = ctx.slack_cache.get(key)
    if cached is not None:
        return cached
    adj = b.adj
    taken: set[str] = set()
    count = 0
    while count < len(SLACK_COST) - 1:
        opts = [s for s in b.edge[label] if s not in figs and s not in taken]
        if not opts:
            opts = [s for s in b.tiles[label] if s not in figs and s not in taken]
        safe = [o for o in opts if not any(figs.get(n) == COL for n in adj[o])]
        if not safe:
            break
        taken.add(safe[0])
        count += 1
    ctx.slack_cache[key] = count
    return count


def _tile_risk(ctx: Ctx, figs: dict, label: str) -> float:
    """The least harm (in Colonists touched) an invading Creep can do on this tile (line 114)."""
    b, adj = ctx.board, ctx.board.adj
    opts = [s for s in b.edge[label] if s not in figs]
    if not opts:
        opts = [s for s in b.tiles[label] if s not in figs]
    best = 99.0
    if opts:
        for o in opts:
            n = 0
            for m in adj[o]:
                if figs.get(m) == COL:
                    n += 1
            if n < best:
                best = n
                if n == 0:
                    return 0.0
        return best
    for o in b.tiles[label]:
        if figs.get(o) == COL:
            n = 1.5
            for m in adj[o]:
                if figs.get(m) == COL:
                    n += 1
            best = min(best, n)
    return 0.0 if best == 99.0 else best


def _critical(ctx: Ctx, figs: dict, me: str | None) -> float:
    """308: the game is lost when every Module 3 or every Module 4 tile is destroyed. A tile fills with
    Creeps unless a robot stands on it (126); the penalty grows as the safest tile of each fills."""
    out = 0.0
    for labels in ctx.critical:
        best = 0
        for label in labels:
            if ctx.guards and (label in ctx.guarded or (me and me != POD and me[0] == label)):
                best = 99
                break
            spaces = ctx.board.tiles[label]
            creeps = sum(1 for s in spaces if figs.get(s) == CRP)
            if not creeps and label not in ctx.board.edge_tiles:
                best = 99  # no Creep comes to an inner tile without Creeps (108, 110)
                break
            slack = len(spaces) - creeps
            if slack > best:
                best = slack
        if best < CRIT_SLACK:
            out += W_CRITICAL * (CRIT_SLACK - best) ** 2
    return out


def _pod_cost(ctx: Ctx, figs: dict, me: str, target: str | None = None) -> float:
    """Actions the robot needs to board the pod (or reach the dock dome while it is away): a Creep in
    the way is shot then passed (2), a Colonist or robot stepped round (2, 3)."""
    target = target or ctx.target
    if not target:
        return FAR

    adj = ctx.board.adj
    best = {me: 0}
    todo = [(0, me)]
    while todo:
        d, s = heapq.heappop(todo)
        if s == target:
            return d + 1
        if d > best.get(s, 99):
            continue
        for n in adj[s]:
            f = figs.get(n)
            step = 1 if f is None else 2 if f in (CRP, COL) else 3
            if d + step < best.get(n, 99):
                best[n] = d + step
                heapq.heappush(todo, (d + step, n))
    return 3 * FAR


def best_dock(ctx: Ctx, docks: Sequence[str]) -> tuple[float, str | None]:
    """The dock (line 40) whose nearest Colonists are many and close, with few Creeps around it."""
    b, figs = ctx.board, ctx.figs
    best: tuple[float, str | None] = (-1e18, None)
    for d in docks:
        if figs.get(d) == CRP or d not in b.adj:
            continue
        dist = _bfs(b.adj, {d: 1}, lambda s: figs.get(s) != CRP)
        ds = sorted(dist[s] for s, f in figs.items() if f == COL and s in dist)
        score = -sum(ds[:7]) - 0.5 * sum(ds[7:14]) - 12.0 * max(0, 7 - len(ds[:7]))
        label = d[0]
        creeps_here = sum(1 for s in b.tiles[label] if figs.get(s) == CRP)
        score -= 3.0 * creeps_here
        score -= 2.0 * sum(1 for s, k in dist.items() if k <= 3 and figs.get(s) == CRP)
        near_creeps = sum(1 for n in b.adj[d] for m in (n, *b.adj[n]) if figs.get(m) == CRP)
        score -= 1.5 * near_creeps
        if creeps_here >= len(b.tiles[label]) - 2:
            score -= 15.0
        if (score, d) > (best[0], best[1] or ""):
            best = (score, d)
    return best


def endgame_dock(ctx: Ctx, docks: Sequence[str]) -> str | None:
    """Enough are saved: the dock the robots still on the colony reach soonest (None otherwise)."""
    if not ctx.endgame or not docks:
        return None
    robots = [w for k in range(ctx.n_seats) if (w := ctx._robot(k)) not in (None, POD)]
    if not robots:
        return None
    return min(docks, key=lambda d: (sum(_pod_cost(ctx, ctx.figs, w, d) for w in robots), d))
