"""What the Jupiter Rescue AI seat sees (``Ctx``): its private view worked out once per decision."""

from __future__ import annotations

from typing import Any

from rules.jupiter.actions import (
    POD,
)
from rules.jupiter.ai_colony import (
    ACTIONS,
    COL,
    CRP,
    DEFENDERS_FROM,
    FAR,
    REACH,
    RISK_ANSWERED,
    SLACK_COST,
    W_ABOARD,
    W_FRONT,
    W_RISK,
    W_RISK_DEFENDER,
    W_ROBOT,
    W_STEP,
    W_WORTH,
    _bfs,
    _board,
    _critical,
    _pod_cost,
    _slack,
    _step_value,
    best_dock,
    endgame_dock,
)


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
