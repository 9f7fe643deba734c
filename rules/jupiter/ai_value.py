"""How the Jupiter Rescue AI seat values a colony in its search (``evaluate``) and the search state
``Sim``."""

from __future__ import annotations

from rules.jupiter.actions import (
    POD,
)
from rules.jupiter.ai_colony import (
    COL,
    CRP,
    FAR,
    FULL_TURN,
    SLACK_COST,
    W_ABOARD,
    W_BLOCK,
    W_CASCADE,
    W_CONVERT,
    W_CROWD,
    W_DOCK_BLOCK,
    W_ENTRY,
    W_FRONT,
    W_IN_POD,
    W_SAVED,
    W_STEP,
    _critical,
    _pod_cost,
    _slack,
)
from rules.jupiter.ai_view import Ctx


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
