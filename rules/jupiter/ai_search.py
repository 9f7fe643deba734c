"""The Jupiter Rescue AI seat's search over the rest of a turn: the moves (and macro moves) it tries,
applied to a ``Sim``, and a small beam search."""

from __future__ import annotations

from typing import Any

from rules.jupiter.actions import (
    POD,
    Attack,
    Command,
    Move,
)
from rules.jupiter.ai_colony import BEAM, COL, CRP, FAR, POD_SIZE, _threatened
from rules.jupiter.ai_value import Sim, evaluate
from rules.jupiter.ai_view import Ctx


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
