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
W_EXPOSED = 1.2  # a Colonist next to an open edge space (an invading Creep may come there)
W_ROBOT = 0.7  # each step the robot stands from where it is wanted next turn
W_BLOCK = 1.6  # the robot standing on the Colonists' road to the pod

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
        self.target = self.dock or best_dock(self, b.docks)[1]  # where the Colonists should go
        self.n_seats = len(pub.seats)
        # Distances to the pod: the dock dome is 1 step from it; Creeps are walls.
        self.dist = _bfs(b.adj, {self.target: 1} if self.target and figs.get(self.target) != CRP else {},
                         lambda s: figs.get(s) != CRP)
        self.colony_tiles = {s[0] for s, f in figs.items() if f == COL}
        self.endgame = self.saved >= self.goal
        self._road()
        self._creep_map()
        self._robot_map()

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
        worth: dict[str, float] = {}
        for label in b.tiles:
            w = 0.0
            for t in b.near[label]:
                for s in b.tiles[t]:
                    f = figs.get(s)
                    if f == COL:
                        d = self.dist.get(s, FAR)
                        w += (1.0 if d <= 6 else 0.4) * (0.5 if t in covered else 1.0)
            for s in b.tiles[label]:
                if figs.get(s) == CRP:
                    w += 1.5 if s[0] in self.colony_tiles else 0.3
            if self.target and self.target[0] in b.near[label]:
                w += 2.0
            worth[label] = w
        best = sorted(worth, key=lambda t: (-worth[t], t))[:6]
        value: dict[str, float] = {}
        for label in best:
            d = _bfs(b.adj, {s: 0 for s in b.tiles[label] if s not in figs or s == self.me},
                     lambda s: s not in figs or figs[s] == COL or s == self.me)
            top = worth[label]
            for s, k in d.items():
                v = top - W_ROBOT * 3 * k if k > 0 else top
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


def _threatened(figs: dict, adj: dict, s: str) -> bool:
    return any(figs.get(n) == CRP for n in adj[s])


def evaluate(ctx: Ctx, sim: Sim) -> float:
    adj, figs, dist = ctx.board.adj, sim.figs, ctx.dist
    edge = ctx.board.edge_spaces
    total = 0.0
    expose = W_EXPOSED * (2.0 if ctx.fast else 1.0)
    for s, f in figs.items():
        if f == COL:
            d = dist.get(s, FAR)
            total -= W_STEP * (d if d < FAR else FAR)
            threat = False
            for n in adj[s]:
                g = figs.get(n)
                if g == CRP:
                    threat = True
                elif g is None and n in edge:
                    total -= expose
            if threat:
                total -= W_CONVERT + W_CASCADE * sum(1 for n in adj[s] if figs.get(n) == COL)
        elif f == CRP:
            total -= ctx.creep_cost.get(s, 0.5)
    for s in ctx.supers:
        if s in figs:
            total -= ctx.creep_cost[s]
    total += (W_STEP + W_ABOARD) * sim.aboard + (W_STEP + W_SAVED) * (sim.saved - ctx.saved)
    total -= sim.spent
    total += _robot_term(ctx, sim)
    return total


def _robot_term(ctx: Ctx, sim: Sim) -> float:
    me = sim.me
    done = sim.saved >= ctx.goal
    if done:
        if me == POD or me is None:
            return 200.0
        return -8.0 * ctx.pod_dist.get(me, FAR)
    if me is None:
        return 0.0
    if me == POD:
        v = ctx.robot_value.get(ctx.target, ctx.robot_floor) - 2.0 if ctx.target else ctx.robot_floor
    else:
        v = ctx.robot_value.get(me, ctx.robot_floor)
        if me in ctx.road:
            v -= W_BLOCK
    if ctx.saved + 7 >= ctx.goal and ctx.target:
        # The load that finishes the game: the robot closes in on the pod.
        v -= 0.8 * (0 if me == POD else ctx.pod_dist.get(me, FAR))
    return v


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
            if f is None:
                out.append(Move(n))
            elif f == CRP and "Juggernaut" in sim.effects:
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


def _touches_colonist(figs: dict, adj: dict, s: str) -> bool:
    return any(figs.get(n) == COL for n in adj.get(s, ()))


def _apply(ctx: Ctx, sim: Sim, action: Any) -> Sim | None:
    """The action on a copy of ``sim``; None when the search cannot follow it."""
    s = sim.copy()
    figs, adj = s.figs, ctx.board.adj
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
            for a in _children(ctx, sim):
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
        # Launch now: only to finish the game (everyone aboard, enough saved with those aboard).
        everyone = all(ctx._robot(k) in (POD, None) for k in range(ctx.n_seats) if k != ctx.seat)
        if s.me == POD and everyone and s.saved + s.aboard >= ctx.goal:
            s.saved += s.aboard
            s.aboard = 0
            s.dock = None
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


def _dock(ctx: Ctx, legal: Sequence[Any]) -> Any:
    docks = [a.space for a in legal if isinstance(a, Dock)]
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
