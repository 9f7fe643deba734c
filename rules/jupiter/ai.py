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

Pure: the result depends on the view, the decision and the legal actions only (the caches keep the
colony's geometry, which depends on the tiles alone). Split by job: ``ai_colony`` (weights, geometry,
the evaluation terms that need no search state), ``ai_view`` (what the seat sees), ``ai_value`` (the
evaluation), ``ai_search`` (the beam search over a turn); here, each phase's decision and the policy.
"""

from __future__ import annotations

from collections.abc import Sequence
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
from rules.jupiter.ai_colony import (
    CARD_WORTH,
    COL,
    CORE_WORTH,
    CRP,
    FULL_TURN,
    _threatened,
    best_dock,
    endgame_dock,
)
from rules.jupiter.ai_search import _apply, _macros, _search, _touches_colonist
from rules.jupiter.ai_value import Sim, _start, evaluate
from rules.jupiter.ai_view import Ctx


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
