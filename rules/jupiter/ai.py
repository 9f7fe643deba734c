"""Jupiter Rescue heuristic AI seat ("heuristic"): it sees its own private view and the legal actions only.

Every robot plays the same way, so the seats co-operate without talking:

- Actions: a small beam search over the rest of the turn (move, attack, command, and the cards it
  knows), scored by one evaluation of the colony as the turn would leave it: a Colonist next to a Creep
  (converted at the end of the turn, lines 100-104) costs a lot, each step a Colonist still has to go
  to the pod costs a little, a Colonist aboard or saved is worth more, Creeps cost by how much they
  threaten, and the robot is worth where it stands for its next turn (near Colonists to command and
  Creeps to shoot, off the Colonists' road to the pod; aboard the pod once enough are saved).
- The pod docks where the nearest Colonists are many and close and the Creeps few (lines 40, 92).
- Creeps are placed where they touch the fewest Colonists (line 114); Suppressant and Phase Shift
  answer a roll that would hurt; the discards keep the most useful cards.

Pure: the result depends on the view, the decision and the legal actions only (the caches below keep
the colony's geometry, which depends on the tiles alone).
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from rules.core.engine import Decision
from rules.core.rng import Rng
from rules.jupiter.actions import (
    POD,
    Attack,
    ChooseCore,
    Command,
    Discard,
    Dock,
    EndTurn,
    FirstPlayer,
    Move,
    Place,
    Play,
)
from rules.jupiter.colony import TilePick, build_colony, place_tile, step
from rules.jupiter.data import game_data

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


# --- the colony's geometry, from the public tiles -------------------------------------------------


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


# --- what the seat sees -----------------------------------------------------------------------------


class Ctx:
    """The view read once per decision, with the maps the evaluation looks up."""

    def __init__(self, view: Any) -> None:
        pub = view.public
        self.view = view
        self.pub = pub
        self.seat = view.seat
        key = tuple((t.label, t.tile, t.side, t.rotation, tuple(t.hex)) for t in pub.tiles if not t.destroyed)
        self.board = b = _board(key)
        figs: dict[str, str] = {}
        for t in pub.tiles:
            if t.destroyed:
                continue
            for sv in t.spaces:
                if sv.figure == "colonist":
                    figs[sv.space] = COL
                elif sv.figure == "creep":
                    figs[sv.space] = CRP
                elif sv.figure:
                    figs[sv.space] = sv.figure
        self.figs = figs
        self.supers = {t.facility_at: t.facility for t in pub.tiles if not t.destroyed and t.super_creep}
        self.rules = set(pub.rules)
        self.fast = "Fast Creeps" in self.rules
        self.goal = pub.tracker.to_save
        self.saved = pub.tracker.saved
        self.me = self._robot(self.seat)
        self.cores = pub.seats[self.seat].core
        self.hand = view.hand
        self.dock = pub.pod.dock if not pub.pod.launched else None
        self.n_seats = len(pub.seats)
        self.endgame = self.saved >= self.goal
        self.target = self.dock or endgame_dock(self, b.docks) or best_dock(self, b.docks)[1]
        # Distances to the pod: the dock dome is 1 step from it; Creeps are walls.
        mine = f"R{self.seat}"
        self.dist = _bfs(b.adj, {self.target: 1} if self.target else {},
                         lambda s: s not in figs or figs[s] == COL or figs[s] == mine)
        self.colony_tiles = {s[0] for s, f in figs.items() if f == COL}
        self.stranded = False
        if self.endgame and self.dock:
            for k in range(len(pub.seats)):
                where = self._robot(k)
                if where not in (None, POD) and _pod_cost(self, figs, where, self.dock) >= 3 * FAR:
                    self.stranded = True
        self.guards = "Robot Vulnerability" not in self.rules  # 126 vs 328
        self.guarded = {s[0] for s, f in figs.items() if f.startswith("R") and f != f"R{self.seat}"}
        mods: dict[int, list[str]] = {}
        for label, mod in b.module.items():
            mods.setdefault(mod, []).append(label)
        self.critical = tuple(tuple(mods[m]) for m in (3, 4) if m in mods)
        self.step_value = [_step_value(d) for d in range(FAR + 1)]
        # With three robots or more the last one keeps the Creeps off the Colonists; the others rescue.
        self.defender = self.n_seats >= DEFENDERS_FROM and self.seat == self.n_seats - 1
        self.w_risk = W_RISK_DEFENDER if self.defender else W_RISK
        self.slack_cache: dict = {}
        # The spaces whose figures decide a tile's slack: its own, and the Colonists' spaces next to them.
        self.rim = {label: frozenset(n for s in sp for n in b.adj[s]) - set(sp) for label, sp in b.tiles.items()}
        self.watch = {label: tuple(sp) + tuple(sorted(self.rim[label])) for label, sp in b.tiles.items()}
        answered = self._answered()
        risky = []
        for label in b.tiles:
            p = (1 / 6 if label in b.edge_tiles else 0.0)
            if any(figs.get(s) == CRP for s in b.tiles[label]):
                p += 1 / 6
            if p and label != pub.suppressed and any(t in self.colony_tiles for t in b.near[label]):
                # A Creep the next player can shoot before the Conversion costs them actions; one they
                # cannot reach converts a Colonist and spreads (Fast Creeps: nobody can answer, 334).
                risky.append((label, p * (RISK_ANSWERED if label in answered else 1.0)))
        self.risky = tuple(risky)
        self.robots_on: dict[str, int] = {}
        for k in range(self.n_seats):
            where = self._robot(k)
            if k != self.seat and where not in (None, POD):
                self.robots_on[where[0]] = self.robots_on.get(where[0], 0) + 1
        self.dock_entries = frozenset(b.adj[self.target]) if self.target else frozenset()
        self._road()
        self._creep_map()
        self._robot_map()

    def _answered(self) -> frozenset[str]:
        """Tiles where the next player can shoot a Creep before the next Conversion."""
        if self.fast:
            return frozenset()
        n = self.n_seats
        nxt = next(((self.seat + k) % n for k in range(1, n + 1) if not self.pub.seats[(self.seat + k) % n].out),
                   self.seat)
        if nxt == self.seat:
            return frozenset()  # solo: my next turn comes after the Conversion anyway
        where = self._robot(nxt)
        core = self.pub.seats[nxt].core
        if "Heat Seeker" in core:
            return frozenset(self.board.tiles)
        figs, adj = self.figs, self.board.adj
        if where == POD:
            if not self.dock or self.dock in figs:
                return frozenset()
            start = {self.dock: 1}
        elif where is None:
            return frozenset()
        else:
            start = {where: 0}
        reach = _bfs(adj, start, lambda s: s not in figs)
        tiles = {s[0] for s, d in reach.items() if d <= REACH}
        if where not in (None, POD):
            tiles.add(where[0])
        if "Sniper" in core:
            tiles = {t for x in tiles for t in self.board.near[x]}
        return frozenset(tiles)

    def _robot(self, seat: int) -> str | None:
        sv = self.pub.seats[seat]
        if sv.robot_space is not None:
            return sv.robot_space
        return POD if seat in self.pub.pod.robots and not sv.out else None

    def _road(self) -> None:
        """The spaces on the way to the pod of the Colonists nearest to it: a robot there is in the way."""
        dist, adj, road = self.dist, self.board.adj, set()
        cols = sorted((self.dist.get(s, FAR + 1), s) for s, f in self.figs.items() if f == COL)
        for d, s in cols[:10]:
            if d > FAR:
                break
            cur = s
            while dist.get(cur, 99) > 1:
                cur = min((n for n in adj[cur] if n in dist), key=lambda n: (dist[n], n))
                road.add(cur)
        if self.target:
            road.add(self.target)
        self.road = road

    def _creep_map(self) -> None:
        """What each Creep costs where it stands (its threat to adjacent Colonists is counted apart)."""
        figs, adj, b = self.figs, self.board.adj, self.board
        near_col: set[str] = set()
        for s, f in figs.items():
            if f == COL:
                for n in adj[s]:
                    near_col.add(n)
                    near_col.update(adj[n])
        crowded = {}
        for label, spaces in b.tiles.items():
            crowded[label] = sum(1 for s in spaces if figs.get(s) == CRP)
        cost = {}
        for s, f in figs.items():
            if f != CRP:
                continue
            c = 0.5
            if s[0] in self.colony_tiles:
                c += 2.5  # a 6 puts another Creep on this tile, maybe in a Colonist's place (110, 114)
            if s in near_col:
                c += 1.0
            if s in self.road or (self.target and s[0] == self.target[0]):
                c += 1.0
            if s == self.target:
                c += 8.0  # nobody boards past it
            if b.module[s[0]] in (3, 4) and crowded[s[0]] >= len(b.tiles[s[0]]) - 2:
                c += 2.0  # a critical tile close to self-destructing (126, 308)
            cost[s] = c
        for s, kind in self.supers.items():
            cost[s] = 6.0 if kind == "command_dish" else 2.5  # 290: the fifth action; 288: the hand limit
        self.creep_cost = cost

    def _robot_map(self) -> None:
        """How good each space is for this robot to end its turn on (for its next turn)."""
        b, figs = self.board, self.figs
        others = [self._robot(k) for k in range(self.n_seats) if k != self.seat]
        covered = set()
        for o in others:
            if o and o != POD:
                covered |= b.near[o[0]]
        # What each Colonist could gain from a command next turn: a step nearer the pod (or aboard).
        gain: dict[str, float] = {}
        sv = self.step_value
        for s, f in figs.items():
            if f != COL:
                continue
            d = self.dist.get(s, FAR)
            if s == self.target:
                gain[s] = W_STEP + W_FRONT + W_ABOARD + sv[1]
                continue
            if d >= FAR:
                continue
            if any(n not in figs and self.dist.get(n, FAR) < d for n in b.adj[s]):
                gain[s] = sv[d] - sv[d - 1]
        by_tile: dict[str, list[tuple[float, str]]] = {}
        for s, g in gain.items():
            by_tile.setdefault(s[0], []).append((g, s))
        worth: dict[str, float] = {}
        for label in b.tiles:
            cands = []
            for t in b.near[label]:
                half = t in covered
                cands += [g * (0.5 if half else 1.0) for g, _ in by_tile.get(t, ())]
            cands.sort(reverse=True)
            w = W_WORTH * sum(cands[:ACTIONS])
            w += self.w_risk * 0.5 * sum(p * SLACK_COST[_slack(self, figs, t)] for t, p in self.risky if t == label)
            for s in b.tiles[label]:
                if figs.get(s) == CRP and s[0] in self.colony_tiles:
                    w += 1.0
            worth[label] = w
        if self.critical:
            base = _critical(self, figs, None)
            if base > 0:
                for labels in self.critical:
                    for label in labels:
                        worth[label] = worth.get(label, 0.0) + base - _critical(self, figs, f"{label}0")
        best = sorted(worth, key=lambda t: (-worth[t], t))[:6]
        value: dict[str, float] = {}
        for label in best:
            d = _bfs(b.adj, {s: 0 for s in b.tiles[label] if s not in figs or s == self.me},
                     lambda s: s not in figs or figs[s] == COL or s == self.me)
            top = worth[label]
            for s, k in d.items():
                v = top - (W_ROBOT + 0.05 * top) * k
                if v > value.get(s, -1e9):
                    value[s] = v
        self.robot_value = value
        self.robot_floor = min(value.values(), default=0.0) - 5.0
        if self.target:
            self.pod_dist = _bfs(b.adj, {self.target: 1}, lambda s: s not in figs or s == self.me or figs[s] != CRP)
        else:
            self.pod_dist = {}


# --- the search state -------------------------------------------------------------------------------


class Sim:
    __slots__ = ("figs", "me", "aboard", "saved", "dock", "acts", "effects", "spent", "pod_robots")

    def __init__(self, figs, me, aboard, saved, dock, acts, effects, spent, pod_robots):
        self.figs = figs
        self.me = me
        self.aboard = aboard
        self.saved = saved
        self.dock = dock
        self.acts = acts
        self.effects = effects
        self.spent = spent  # what the cards played cost (their worth kept)
        self.pod_robots = pod_robots

    def copy(self) -> Sim:
        return Sim(dict(self.figs), self.me, self.aboard, self.saved, self.dock, self.acts, self.effects,
                   self.spent, self.pod_robots)


def _start(ctx: Ctx) -> Sim:
    pub = ctx.pub
    effects = frozenset(c for c in pub.in_effect if c in FULL_TURN)
    if "Sniper" in ctx.cores:
        effects |= {"Sniper"}
    return Sim(dict(ctx.figs), ctx.me, pub.pod.colonists, ctx.saved, ctx.dock, pub.actions_left, effects, 0.0,
               frozenset(pub.pod.robots))


def _step_value(d: int) -> float:
    """What a Colonist ``d`` steps from the pod costs: the steps near the pod count most (the next load)."""
    near = min(d, FRONT)
    mid = min(max(d - FRONT, 0), 4)
    far = max(d - FRONT - 4, 0)
    return (W_STEP + W_FRONT) * near + W_STEP * mid + 0.4 * W_STEP * far


def _threatened(figs: dict, adj: dict, s: str) -> bool:
    return any(figs.get(n) == CRP for n in adj[s])


def evaluate(ctx: Ctx, sim: Sim) -> float:
    adj, figs, dist = ctx.board.adj, sim.figs, ctx.dist
    total = 0.0
    for s, f in figs.items():
        if f == COL:
            d = dist.get(s, FAR)
            total -= ctx.step_value[d] if d < FAR else ctx.step_value[FAR]
            threat = False
            for n in adj[s]:
                if figs.get(n) == CRP:
                    threat = True
                    break
            if threat:
                total -= W_CONVERT + W_CASCADE * sum(1 for n in adj[s] if figs.get(n) == COL)
        elif f == CRP:
            total -= ctx.creep_cost.get(s, 0.5)
    for s in ctx.supers:
        if s in figs:
            total -= ctx.creep_cost[s]
    total += (W_STEP + W_FRONT + W_ABOARD) * sim.aboard + (W_STEP + W_FRONT + W_SAVED) * (sim.saved - ctx.saved)
    total -= sim.spent
    total += _robot_term(ctx, sim)
    if ctx.critical:
        total -= _critical(ctx, figs, sim.me)
    w = ctx.w_risk
    if w:
        for label, p in ctx.risky:
            total -= w * p * SLACK_COST[_slack(ctx, figs, label)]
    return total


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


def _robot_term(ctx: Ctx, sim: Sim) -> float:
    me = sim.me
    done = sim.saved >= ctx.goal
    if done:
        # Enough saved: the robots only have to get off the colony (302); that is worth more than
        # anything left to do, and each action it takes a little less.
        if me == POD or me is None:
            return 200.0
        return max(20.0, 120.0 - 8.0 * _pod_cost(ctx, sim.figs, me))
    if me is None:
        return 0.0
    if me == POD:
        v = ctx.robot_value.get(ctx.target, ctx.robot_floor) - W_IN_POD if ctx.target else ctx.robot_floor
    else:
        v = ctx.robot_value.get(me, ctx.robot_floor)
        if me == ctx.target:
            v -= W_DOCK_BLOCK
        elif me in ctx.road:
            v -= W_BLOCK
        if me in ctx.dock_entries:
            v -= W_ENTRY
        v -= W_CROWD * ctx.robots_on.get(me[0], 0)
    if ctx.saved + 7 >= ctx.goal and ctx.target:
        # The load that finishes the game: the robot closes in on the pod.
        v -= 0.8 * (0 if me == POD else ctx.pod_dist.get(me, FAR))
    return v


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


# --- moves in the search ----------------------------------------------------------------------------


def _range_tiles(ctx: Ctx, sim: Sim) -> frozenset[str] | None:
    """The Command Range (lines 54, 90); None means the whole colony (Bullhorn, 146)."""
    if "Bullhorn" in sim.effects:
        return None
    me = sim.me
    if me is None:
        return frozenset()
    if me == POD:
        return frozenset({sim.dock[0]}) if sim.dock else frozenset()
    return ctx.board.near[me[0]]


def _shot(ctx: Ctx, sim: Sim) -> list[str]:
    me = sim.me
    if me is None:
        return []
    if me == POD:
        if "Sniper" not in sim.effects or not sim.dock:
            return []
        tiles = {sim.dock[0]}
    else:
        tiles = ctx.board.near[me[0]] if "Sniper" in sim.effects else {me[0]}
    return [s for s, f in sim.figs.items() if f == CRP and s[0] in tiles]


def _children(ctx: Ctx, sim: Sim) -> list[Any]:
    """The basic actions worth trying next (the search's own generator, after the first action)."""
    out: list[Any] = []
    adj, figs = ctx.board.adj, sim.figs
    me = sim.me
    if sim.acts <= 0:
        return out
    if me == POD:
        if sim.dock and sim.dock not in figs:
            out.append(Move(sim.dock))
    elif me is not None:
        for n in adj[me]:
            f = figs.get(n)
            if f is None or (f == CRP and "Juggernaut" in sim.effects):
                out.append(Move(n))
        if me == sim.dock:
            out.append(Move(POD))
    for x in _shot(ctx, sim):
        also = None
        if "Grenadier" in sim.effects:
            nb = [n for n in adj[x] if figs.get(n) == CRP]
            if nb:
                also = max(nb, key=lambda n: (ctx.creep_cost.get(n, 0) + 10 * _touches_colonist(figs, adj, n), n))
        out.append(Attack(x, also))
    tiles = _range_tiles(ctx, sim)
    dist = ctx.dist
    follower = "Follower" in sim.effects
    for s, f in figs.items():
        if f != COL or (tiles is not None and s[0] not in tiles):
            continue
        ds = dist.get(s, FAR)
        threat = _threatened(figs, adj, s)
        for t in adj[s]:
            if t in figs:
                continue
            dt = dist.get(t, FAR)
            if dt < ds or (threat and not _threatened(figs, adj, t)):
                out.append(Command(s, t))
                if follower:
                    for fl in adj[s]:
                        if fl != t and figs.get(fl) == COL and dist.get(fl, FAR) >= ds:
                            out.append(Command(s, t, fl))
        if s == sim.dock and sim.aboard < POD_SIZE:
            out.append(Command(s, POD))
            if follower:
                for fl in adj[s]:
                    if figs.get(fl) == COL:
                        out.append(Command(s, POD, fl))
    return out


class Macro:
    """Walk to a Creep's tile and shoot it: several actions the search takes as one step."""

    __slots__ = ("steps", "attack")

    def __init__(self, steps: tuple[Move, ...], attack: Attack) -> None:
        self.steps = steps
        self.attack = attack

    def first(self) -> Any:
        return self.steps[0] if self.steps else self.attack


def _macros(ctx: Ctx, sim: Sim) -> list[Macro]:
    """For each Creep about to convert a Colonist (or jamming a Command Dish) out of the robot's shot:
    the shortest walk to a space from which it is shot, then the shot, if the actions left allow."""
    me = sim.me
    if me is None or sim.acts < 2:
        return []
    figs, adj = sim.figs, ctx.board.adj
    wanted = {}
    for s, f in figs.items():
        if f == CRP and any(figs.get(n) == COL for n in adj[s]):
            wanted[s] = s[0]
    for s, kind in ctx.supers.items():
        if kind == "command_dish" and s in figs:
            wanted[s] = s[0]
    if not wanted:
        return []
    shot = set(_shot(ctx, sim))
    sniper = "Sniper" in sim.effects
    goals: dict[str, list[str]] = {}
    for s, label in wanted.items():
        if s in shot:
            continue
        for t in (ctx.board.near[label] if sniper else (label,)):
            goals.setdefault(t, []).append(s)
    if not goals:
        return []
    # Breadth-first over open spaces from the robot (from the pod: through the dock dome).
    start = me
    prev: dict[str, str | None] = {}
    frontier: list[str] = []
    if me == POD:
        if not sim.dock or sim.dock in figs:
            return []
        prev[sim.dock] = None
        frontier = [sim.dock]
    else:
        prev[start] = None
        frontier = [start]
    out: list[Macro] = []
    done: set[str] = set()
    depth = 0 if me != POD else 1
    while frontier and depth <= sim.acts - 1:
        nxt = []
        for sp in frontier:
            for target in goals.get(sp[0], ()):
                if target in done:
                    continue
                done.add(target)
                path = []
                cur: str | None = sp
                while cur is not None and cur != start:
                    path.append(Move(cur))
                    cur = prev[cur]
                out.append(Macro(tuple(reversed(path)), Attack(target)))
            if depth == sim.acts - 1:
                continue
            for n in adj[sp]:
                if n not in prev and n not in figs:
                    prev[n] = sp
                    nxt.append(n)
        frontier = nxt
        depth += 1
    return out


def _touches_colonist(figs: dict, adj: dict, s: str) -> bool:
    return any(figs.get(n) == COL for n in adj.get(s, ()))


def _apply(ctx: Ctx, sim: Sim, action: Any) -> Sim | None:
    """The action on a copy of ``sim``; None when the search cannot follow it."""
    if isinstance(action, Macro):
        cur: Sim | None = sim
        for a in (*action.steps, action.attack):
            cur = _apply(ctx, cur, a) if cur is not None else None
        return cur
    s = sim.copy()
    figs = s.figs
    if isinstance(action, Move):
        to, me = action.to, s.me
        if me is None:
            return None
        mark = f"R{ctx.seat}"
        if to == POD:
            if me != POD:
                figs.pop(me, None)
            s.me = POD
        else:
            fig = figs.get(to)
            if me != POD:
                figs.pop(me, None)
            if fig == CRP:
                figs.pop(to)
                if action.also:
                    figs.pop(action.also, None)
            elif fig is not None and me != POD:
                figs[me] = fig  # Swap
            figs[to] = mark
            s.me = to
        s.acts -= 1
    elif isinstance(action, Attack):
        figs.pop(action.at, None)
        if action.also:
            figs.pop(action.also, None)
        s.acts -= 1
    elif isinstance(action, Command):
        src, to = action.source, action.to
        if src == POD:
            return None
        if figs.get(src) != COL:
            return None
        del figs[src]
        if action.follow:
            figs.pop(action.follow, None)
            figs[src] = COL
        if to == POD:
            s.aboard += 1
            if s.aboard >= POD_SIZE:
                s.saved += s.aboard
                s.aboard = 0
                s.dock = None
        else:
            figs[to] = COL
        s.acts -= 1
    else:
        return None
    return s


def _signature(sim: Sim) -> tuple:
    return (frozenset(sim.figs.items()), sim.me, sim.aboard, sim.saved, sim.acts)


def _search(ctx: Ctx, firsts: list[tuple[Any, Sim]], depth: int) -> tuple[float, Any]:
    """Beam search: the best score reachable and the first action leading to it."""
    beam = []
    seen = set()
    best = (-1e18, None)
    for action, sim in firsts:
        sig = _signature(sim)
        if sig in seen:
            continue
        seen.add(sig)
        v = evaluate(ctx, sim)
        beam.append((v, action, sim))
        if v > best[0]:
            best = (v, action)
    beam.sort(key=lambda x: -x[0])
    beam = beam[:BEAM]
    for _ in range(depth - 1):
        nxt = []
        for _, first, sim in beam:
            for a in (*_children(ctx, sim), *_macros(ctx, sim)):
                child = _apply(ctx, sim, a)
                if child is None:
                    continue
                sig = _signature(child)
                if sig in seen:
                    continue
                seen.add(sig)
                v = evaluate(ctx, child)
                nxt.append((v, first, child))
                if v > best[0]:
                    best = (v, first)
        if not nxt:
            break
        nxt.sort(key=lambda x: -x[0])
        beam = nxt[:BEAM]
    return best


# --- the phases ----------------------------------------------------------------------------------


def _card_cost(ctx: Ctx, cards: tuple[str, ...]) -> float:
    """What playing these cards gives up: nothing for a Once Per Turn core (it comes back), else its worth."""
    cost = 0.0
    for c in cards:
        if c in ctx.cores:
            cost += 0.3
        else:
            cost += CARD_WORTH.get(c, 1.0)
    return cost


def _play_first(ctx: Ctx, sim: Sim, play: Play) -> Sim | None:
    """A card played as the first action of the plan, when the search knows what it does."""
    cards = tuple("Boost" if (c == "Override" and ctx.pub.solo) else c for c in play.cards)
    s = sim.copy()
    s.spent += _card_cost(ctx, play.cards)
    if all(c == "Boost" for c in cards):
        s.acts += len(cards)
        s.spent -= 2.5 * len(cards)  # an extra action is always worth playing
        return s
    if all(c in FULL_TURN for c in cards):
        s.effects = s.effects | set(cards)
        if ("Juggernaut" in cards or "Swap" in cards or "Rocket Boots" in cards) and len(cards) == 1:
            return None  # the search does not follow these from the hand
        return s
    if cards in (("Heat Seeker",), ("Heat Seeker", "Heat Seeker"), ("Grenadier", "Heat Seeker"),
                 ("Sniper",), ("Grenadier", "Sniper")):
        s.acts -= 3 if cards == ("Heat Seeker",) or cards == ("Grenadier", "Heat Seeker") else 1
        if s.acts < 0:
            return None
        for t in play.targets:
            s.figs.pop(t, None)
        if "Grenadier" in cards:
            s.effects = s.effects | {"Grenadier"}
        return s
    if cards in (("Teleport",), ("Teleport", "Teleport")) and play.targets:
        s.acts -= 3 if len(cards) == 1 else 1
        to = play.targets[0]
        if s.acts < 0 or s.me is None:
            return None
        if s.me != POD:
            s.figs.pop(s.me, None)
        if to == POD:
            s.me = POD
        else:
            s.figs[to] = f"R{ctx.seat}"
            s.me = to
        return s
    if cards == ("Pilot",) and s.dock is None and play.targets:
        s.dock = play.targets[0]
        # The Colonists' distances are to the pod where it will dock (ctx.target): worth it when it docks there.
        s.spent -= 6.0 if play.targets[0] == ctx.target else 0.0
        return s
    if cards == ("Pilot",) and s.dock is not None and not play.targets:
        # Launch now: to finish the game (everyone aboard, enough saved with those aboard), or, once
        # enough are saved, to bring the pod round to a robot with no way to where it is docked.
        everyone = all(ctx._robot(k) in (POD, None) for k in range(ctx.n_seats) if k != ctx.seat)
        if s.me == POD and everyone and s.saved + s.aboard >= ctx.goal:
            s.saved += s.aboard
            s.aboard = 0
            s.dock = None
            return s
        if s.me == POD and ctx.endgame and ctx.stranded:
            s.spent -= 50.0
            return s
        return None
    if cards == ("Pilot", "Pilot") and play.targets and s.aboard >= 4:
        s.saved += s.aboard
        s.aboard = 0
        s.dock = play.targets[0]
        return s
    return None


def _interesting_play(ctx: Ctx, play: Play) -> bool:
    """Prune the plays whose targets are many (Teleport, Heat Seeker) to the few that may matter."""
    cards = play.cards
    if "Teleport" in cards and play.targets:
        to = play.targets[0]
        if to == POD:
            return ctx.endgame
        v = ctx.robot_value.get(to)
        return v is not None and v >= ctx.robot_top - 1.0
    if ("Heat Seeker" in cards or "Sniper" in cards) and play.targets:
        t = play.targets[0]
        return _touches_colonist(ctx.figs, ctx.board.adj, t) or ctx.creep_cost.get(t, 0) >= 3.0
    if cards == ("Pilot",) and play.targets:
        return play.targets[0] == ctx.target
    if cards == ("Pilot", "Pilot"):
        return bool(play.targets) and play.targets[0] == ctx.target
    return True


def _actions(ctx: Ctx, legal: Sequence[Any]) -> Any:
    sim = _start(ctx)
    ctx.robot_top = max(ctx.robot_value.values(), default=0.0)
    end = next((a for a in legal if isinstance(a, EndTurn)), None)
    firsts: list[tuple[Any, Sim]] = []
    for a in legal:
        if isinstance(a, (Move, Attack, Command)):
            if isinstance(a, Command) and a.source == POD:
                continue
            if isinstance(a, Move) and a.to != POD and a.to not in ctx.board.adj.get(sim.me or "", ()) \
                    and sim.me != POD:
                child = _rocket(ctx, sim, a)
            else:
                child = _apply(ctx, sim, a)
        elif isinstance(a, Play):
            if a.cards == ("Data Core",) or "Data Core" in a.cards:
                continue
            child = _play_first(ctx, sim, a) if _interesting_play(ctx, a) else None
        else:
            continue
        if child is not None:
            firsts.append((a, child))
    for m in _macros(ctx, sim):
        if m.first() in legal:
            child = _apply(ctx, sim, m)
            if child is not None:
                firsts.append((m.first(), child))
    boost = [a for a, _ in firsts if isinstance(a, Play) and all(c in ("Boost", "Override") for c in a.cards)
             and (ctx.pub.solo or "Override" not in a.cards)]
    if boost and sim.acts >= 0:
        return boost[0]
    data_core = _data_core(ctx, legal)
    if data_core is not None:
        return data_core
    depth = min(max(sim.acts, 1), 6)
    score, first = _search(ctx, firsts, depth)
    if first is None or score <= evaluate(ctx, sim) + 1e-9:
        return end if end is not None else legal[-1]
    return first


def _rocket(ctx: Ctx, sim: Sim, move: Move) -> Sim | None:
    """A Rocket Boots move far along a line: the robot lands there (Creeps crushed on the way ignored)."""
    if move.to in sim.figs:
        return None
    s = sim.copy()
    if s.me and s.me != POD:
        s.figs.pop(s.me, None)
    s.figs[move.to] = f"R{ctx.seat}"
    s.me = move.to
    s.acts -= 1
    return s


def _data_core(ctx: Ctx, legal: Sequence[Any]) -> Any:
    """Data Core (152): make a much better hand card the core."""
    best = None
    for a in legal:
        if isinstance(a, Play) and a.cards == ("Data Core",) and a.targets:
            new = a.targets[0]
            old = a.targets[1] if len(a.targets) == 2 else ctx.cores[0]
            gain = CORE_WORTH.get(new, 0) - CORE_WORTH.get(old, 0)
            if gain >= 3 and (best is None or gain > best[0]):
                best = (gain, a)
    return best[1] if best else None


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


def _placement_harm(ctx: Ctx, space: str, figs: dict | None = None) -> float:
    """How much a Creep placed on ``space`` hurts (line 114: the roller picks among the options)."""
    figs = ctx.figs if figs is None else figs
    adj = ctx.board.adj
    per = 20.0 if ctx.fast else 12.0
    harm = 1.0
    if figs.get(space) == COL:
        harm += 25.0 + per * sum(1 for n in adj[space] if figs.get(n) == COL)
    else:
        harm += per * sum(1 for n in adj[space] if figs.get(n) == COL)
    if space == ctx.target:
        harm += 6.0
    elif space in ctx.road:
        harm += 2.5
    label = space[0]
    if label in ctx.colony_tiles:
        harm += 2.0
    spaces = ctx.board.tiles[label]
    free = sum(1 for s in spaces if s not in figs) - (0 if space in figs else 1)
    if free <= 0 and not any(figs.get(s, "").startswith("R") for s in spaces):
        # The tile fills and self-destructs (126): a critical one is the game (308).
        mod = ctx.board.module[label]
        if mod in (3, 4) and sum(1 for m in ctx.board.module.values() if m == mod) <= 1:
            harm += 500.0
        elif mod in (3, 4):
            harm += 4.0
        if ctx.target and ctx.target[0] == label:
            harm += 6.0
    return harm


def _options(ctx: Ctx, label: str) -> tuple[str, ...]:
    """Line 114's candidates for a Creep invading ``label`` (as the engine's placement_options)."""
    figs, b = ctx.figs, ctx.board
    if label not in b.tiles:
        return ()
    if edge := tuple(s for s in b.edge[label] if s not in figs):
        return edge
    if free := tuple(s for s in b.tiles[label] if s not in figs):
        return free
    ordered = b.edge[label] + tuple(s for s in b.tiles[label] if s not in b.edge[label])
    return tuple(s for s in ordered if figs.get(s) == COL)


def _roll_harm(ctx: Ctx, roll: int, skip: str | None) -> dict[str, float]:
    """Tile -> the least harm the Creep a roll sends there can do."""
    b, figs = ctx.board, ctx.figs
    if roll == 6:
        tiles = [t for t in b.tiles if any(figs.get(s) == CRP for s in b.tiles[t])]
    else:
        tiles = [t for t in b.tiles if b.module[t] == roll and t in b.edge_tiles]
    out = {}
    for t in tiles:
        if t == skip:
            continue
        opts = _options(ctx, t)
        if opts:
            out[t] = min(_placement_harm(ctx, s) for s in opts)
    return out


def _window(ctx: Ctx, legal: Sequence[Any]) -> Any:
    pub = ctx.pub
    end = next((a for a in legal if isinstance(a, EndTurn)), legal[-1])
    for p in pub.placing:
        best = min(p.spaces, key=lambda s: (_placement_harm(ctx, s), p.spaces.index(s)))
        if best != p.chosen and Place(best) in legal:
            return Place(best)
    harm = {p.tile: _placement_harm(ctx, p.chosen) for p in pub.placing}
    if pub.phase == "setback" and pub.setback in ("Power Grab", "Signal to Noise"):
        kind = "power_plant" if pub.setback == "Power Grab" else "command_dish"
        guarded = {f[0] for f in ctx.figs.values() if False}
        robots = {s[0] for s, f in ctx.figs.items() if f.startswith("R")}
        open_ = [label for label, (k, at) in ctx.board.facility.items()
                 if k == kind and label not in robots and at not in ctx.supers]
        del guarded
        jammed = any(k == "command_dish" for k in ctx.supers.values())
        if kind == "command_dish" and len(open_) == 1 and not jammed:
            harm[open_[0]] = harm.get(open_[0], 0) + 10.0
        elif kind == "power_plant":
            for label in open_:
                harm[label] = harm.get(label, 0) + 2.5
    if ctx.fast and pub.phase == "roll":
        for s, f in ctx.figs.items():
            if f == COL and _threatened(ctx.figs, ctx.board.adj, s):
                harm[s[0]] = harm.get(s[0], 0) + 20.0
    supp = [a for a in legal if isinstance(a, Play) and a.cards == ("Suppressant",)]
    if supp and harm:
        tile, worst = max(harm.items(), key=lambda kv: (kv[1], kv[0]))
        core = "Suppressant" in ctx.cores
        if worst >= (3.0 if core else 10.0):
            pick = next((a for a in supp if a.targets == (tile,)), None)
            if pick is not None:
                return pick
    shift = Play(("Phase Shift",))
    if pub.phase == "roll" and shift in legal and pub.die is not None:
        now = sum(_roll_harm(ctx, pub.die, pub.suppressed).values())
        mean = sum(sum(_roll_harm(ctx, r, pub.suppressed).values()) for r in range(1, 7)) / 6
        core = "Phase Shift" in ctx.cores
        if now > mean + (1.0 if core else 8.0):
            return shift
    return end


def _discard(ctx: Ctx, legal: Sequence[Any]) -> Any:
    options = [a for a in legal if isinstance(a, Discard)]
    if not options:
        return legal[-1]
    return min(options, key=lambda a: (sum(CARD_WORTH.get(c, 1.0) for c in a.cards), a.cards))


def endgame_dock(ctx: Ctx, docks: Sequence[str]) -> str | None:
    """Enough are saved: the dock the robots still on the colony reach soonest (None otherwise)."""
    if not ctx.endgame or not docks:
        return None
    robots = [w for k in range(ctx.n_seats) if (w := ctx._robot(k)) not in (None, POD)]
    if not robots:
        return None
    return min(docks, key=lambda d: (sum(_pod_cost(ctx, ctx.figs, w, d) for w in robots), d))


def _dock(ctx: Ctx, legal: Sequence[Any]) -> Any:
    docks = [a.space for a in legal if isinstance(a, Dock)]
    end = endgame_dock(ctx, docks)
    if end is not None:
        return Dock(end)
    _, best = best_dock(ctx, docks)
    return Dock(best) if best is not None and Dock(best) in legal else legal[0]


class HeuristicPolicy:
    """Keeps Creeps off the Colonists, walks the Colonists to the pod, boards when enough are saved."""

    name = "heuristic"

    def choose(self, view: Any, decision: Decision, legal: Sequence[Any], rng: Rng) -> Any:
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        phase = view.public.phase
        if any(isinstance(a, ChooseCore) for a in legal):
            cores = [a for a in legal if isinstance(a, ChooseCore)]
            return max(cores, key=lambda a: (CORE_WORTH.get(a.card, 0), a.card))
        if phase == "first_player":
            return FirstPlayer(0) if FirstPlayer(0) in legal else legal[0]
        ctx = Ctx(view)
        if phase == "dock":
            action = _dock(ctx, legal)
        elif phase == "actions":
            action = _actions(ctx, legal)
        elif phase in ("roll", "setback"):
            action = _window(ctx, legal)
        elif phase == "discard":
            action = _discard(ctx, legal)
        else:
            action = decision.default
        if action in legal:
            return action
        return decision.default if decision.default in legal else legal[0]


__all__ = ("HeuristicPolicy",)
_ = step  # geometry helpers stay importable from here for tests
