"""Retro Bots vs Rogues heuristic AI seat ("heuristic"): it sees its own private view and the legal
actions only, and is pure (the same inputs give the same choice; it needs no ``rng``).

It rebuilds a State from the view (``state_from_view``: the board, the cards on the table, its own
program; nothing hidden) and simulates on clones with the engine's own code (run_instruction,
move_rogue). A Calamity a simulated step would draw is scored as a cost, not drawn (``owed`` cleared).

- Programming. The board is first moved on to when its program will run: the Bossbot, the Minionbot
  and the Rogues of each seat from the Pry Bar up to its own move (the other Retros' programs are
  hidden: left out). Without this it won 3 bench games in 80 instead of 60. On that board a beam
  search over instruction sequences (legal as programs.problem says) also branches on SHOVE's
  direction and on the Bot a hacked instruction drives. A sequence scores what it did: a Rogue kept
  +100 (the Bossbot +300), the Minionbot rescued +80 (in a pit +50), a Calamity caused -40, an
  Upgrade earned +25, stunned -60, the Retro lost -400; plus where it ends, for the next round: each
  (square, facing) from which one instruction pushes, beams or drives a Rogue into a pit is a goal,
  and a Dijkstra over (square, facing) with the Retro's own moves (once per plan) counts the
  instructions from there to the nearest goal; minus the distance to the nearest Rogue and facing an
  open pit. (Goals where the Rogues will be after their next move did worse in the bench.) Every
  prefix is a candidate. The best is added one ``add`` per call, then locked: each call finds the
  same plan again (memoised).
- Running. SHOVE's direction, the Bot a PROGRAM drives: the rest of its own program is simulated for
  each choice (and the later ones) on the board as it is; the best end decides.
- A Treadbot (else a Shotbot); Upgrades in a fixed order; the least useful Upgrade is surrendered
  while two Catastrophes are face up.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules.core.engine import Decision
from rules.core.rng import Rng
from rules.retro.actions import Add, ChooseType, Keep, Lock, Shove, Surrender, TakeUpgrade, Target
from rules.retro.data import FACINGS, game_data
from rules.retro.geometry import STEP
from rules.retro.instructions import hack_targets, run_instruction, shove_options
from rules.retro.programs import FORWARD, ROTATES, class_limits, counters, must_enter, problem, program_max
from rules.retro.rogues import move_rogue, rogue_order
from rules.retro.state import Bot, State, retro_id
from rules.retro.views import PrivateView

KILL, BOSS, RESCUE, MINION_LOST = 100.0, 300.0, 80.0, 50.0
LOST, STUN, CALAMITY, UPGRADE = 400.0, 60.0, 40.0, 25.0
OUTSIDE, FACING_PIT = -60.0, 25.0  # positional: waiting outside a door; an open pit just ahead
SETUP_W, HORIZON, NEAR_W = 6.0, 10.0, 1.0  # per instruction saved towards a kill; how far it looks
PREFERENCE = ("memory", "armor", "loader_arm", "hack_chip", "turbo", "overclock", "mag_clamp", "gyro", "spares",
              "beam_mount")
SURRENDER_AT = 2  # face-up Catastrophes at which an Upgrade is given up to bury one
INF = float("inf")
_SLOTS = State.__slots__
Key = tuple[int, int, str]  # (x, y, facing)


def _clone(s: State) -> State:
    """State.clone without dataclasses.replace (a plan clones thousands of times)."""
    c = object.__new__(State)
    for name in _SLOTS:
        setattr(c, name, getattr(s, name))
    c.bots = dict(s.bots)
    return c


def state_from_view(view: PrivateView) -> State:
    """A State of what the seat may see: the board, the cards on the table and its own program (the
    others' programs empty, no Calamity deck, a fixed generator)."""
    pub = view.public
    names = {u.name: u.id for u in game_data().upgrades}
    n = len(pub.seats)
    kept = tuple(s.kept for s in pub.seats)
    return State(
        seats=tuple(s.label for s in pub.seats), crates_option=False, boss_option=False, minion_option=False,
        timer=pub.timer, retro_types=tuple(s.retro for s in pub.seats),
        bots={b.id: Bot(b.id, b.kind, b.x, b.y, b.facing, b.stunned, b.outside) for b in pub.bots},
        filled=tuple(pub.filled), in_play=pub.in_play, dealt=tuple(s.rogue_card for s in pub.seats), kept=kept,
        lost_rogues=(), rescued=False, deck=(), discard=(), catastrophes=(),
        upgrades=tuple(tuple(names[u] for u in s.upgrades) for s in pub.seats), pry_bar=pub.pry_bar,
        round=pub.round, phase=pub.phase, rng=(1, 2, 3, 4),
        programs=tuple(view.program if s == view.seat else () for s in range(n)),
        locked=tuple(s.locked for s in pub.seats), jammed_until=pub.round if pub.jammed else 0,
        all_types_earned=tuple(bool(pub.in_play) and set(pub.in_play) <= set(k) for k in kept),
        armor_used=(False,) * n,
    )


def before_turn(state: State, seat: int) -> tuple[State, bool]:
    """The board when ``seat``'s program starts (the Bossbot, the Minionbot and the Rogues of the seats
    from the Pry Bar up to ``seat`` have moved), and whether its Retro was stunned then (it stands up
    and runs only its first instructions)."""
    s = _clone(state)
    for rogue in ("bossbot", "minionbot"):
        move_rogue(s, rogue, [])
    for k in range(len(s.seats)):
        who = (s.pry_bar + k) % len(s.seats)
        for rogue in rogue_order(s, who) if s.dealt[who] else ():
            move_rogue(s, rogue, [])
        if who == seat:
            break
    s.owed = ()
    me = s.retro(seat)
    if me is not None and me.stunned:
        s.bots[me.id] = replace(me, stunned=False)
    return s, bool(me and me.stunned)


def _turns(a: str | None, b: str) -> int:
    return (0, 1, 2, 1)[(FACINGS.index(b) - FACINGS.index(a or "N")) % 4]


def _on(square: tuple[int, int]) -> bool:
    return 0 <= square[0] < 12 and 0 <= square[1] < 12


def _pit_run(square: tuple[int, int], f: str, occ: set, pits: frozenset, reach: int) -> bool:
    """A Bot on ``square`` moved up to ``reach`` squares towards ``f`` falls into an open pit."""
    dx, dy = STEP[f]
    for j in range(1, reach + 1):
        sq = (square[0] + j * dx, square[1] + j * dy)
        if sq in pits:
            return True
        if not _on(sq) or sq in occ:
            return False
    return False


class _Limits:
    """programs.problem's limits, checked one added instruction at a time (asked thousands of times a
    plan; the chosen plan is checked by programs.problem itself)."""

    def __init__(self, state: State, seat: int) -> None:
        data = game_data()
        self.cls = {i: d.class_ for i, d in data.instructions.items()}
        self.counter = {i: d.counter for i, d in data.instructions.items()}
        self.limits, self.have = class_limits(state, seat), counters(state, seat)
        self.max, self.gyro, self.enter = program_max(state, seat), "gyro" in state.upgrades[seat], must_enter(state, seat)

    def next(self, program: tuple[str, ...]) -> list[str]:
        used: dict[str, int] = {}
        for i in program:
            for key in (self.cls[i], self.counter[i]):
                used[key] = used.get(key, 0) + 1
        out = []
        for i, cls in self.cls.items():
            free = self.gyro and any(x in ROTATES for x in (*program, i))
            if len(program) + 1 - free > self.max or (self.enter and not program and i not in FORWARD):
                continue
            if (cls == "basic" or used.get(cls, 0) < self.limits.get(cls, 0)) and \
                    used.get(self.counter[i], 0) < self.have[self.counter[i]]:
                out.append(i)
        return out


@dataclass(slots=True)
class _Node:
    state: State
    program: tuple[str, ...]
    gain: float
    score: float
    hacking: bool
    turbo_used: bool
    ended: bool
    first: tuple[str, str | None] | None  # the first choice made: (the Bot driven, SHOVE's direction)


class _Sim:
    """One seat's simulations on one board: instruction outcomes, the positional score, the beam."""

    def __init__(self, state: State, seat: int, width: int) -> None:
        self.seat, self.me, self.width = seat, retro_id(seat), width
        self.turbo = "turbo" in state.upgrades[seat]
        self.pits = frozenset(p for p in game_data().board.pits if p not in state.filled)
        limits = class_limits(state, seat)
        self.nano = state.retro_types[seat] == "nanobot"
        self.loader, self.beams = limits.get("loader", 0) > 0, limits.get("shooter", 0) > 0
        self.hacks = limits.get("hacker", 0) > 0
        others = [b for b in state.bots.values() if b.id != self.me and b.outside is None]
        occ = {b.square for b in others}
        rogues = [b for b in others if b.is_rogue]
        self.field = self._dijkstra(self._goals(rogues, occ), occ)
        self.near = {(x, y): min((abs(x - r.x) + abs(y - r.y) for r in rogues), default=12)
                     for x in range(12) for y in range(12)}

    # -- the positional field ------------------------------------------------------------------

    def _goals(self, rogues: list[Bot], occ: set) -> dict[Key, float]:
        """(square, facing) -> instructions that take a Rogue off from there (1: a push, SHOVE or beam;
        PROGRAM, the turns and a move for a hacked Rogue), the Bossbot counted 2 cheaper."""
        pits, goal = self.pits, {}
        for r in rogues:
            cost = -1.0 if r.kind == "bossbot" else 1.0
            for f in FACINGS:
                dx, dy = STEP[f]
                for k in range(1, 6 if self.beams else 2):  # standing k squares behind it, facing it
                    q = (r.x - k * dx, r.y - k * dy)
                    if not _on(q) or q in occ:
                        break
                    kill = k == 1 and not self.nano and _pit_run(r.square, f, occ, pits, 3 if self.loader else 2)
                    if self.beams and not kill:  # FORCER pushes 6 - k squares, TRACTOR pulls up to k - 1
                        kill = _pit_run(r.square, f, occ, pits, 6 - k) or any(
                            (r.x - j * dx, r.y - j * dy) in pits for j in range(1, min(6 - k, k - 1) + 1))
                    if kill and q not in pits:
                        goal[(*q, f)] = min(goal.get((*q, f), INF), cost)
            drive = min((_turns(r.facing, d) for d in FACINGS if _pit_run(r.square, d, occ, pits, 2)), default=None)
            if self.hacks and r.kind != "bossbot" and drive is not None:
                for dx, dy in STEP.values():
                    a = (r.x + dx, r.y + dy)
                    if _on(a) and a not in pits and a not in occ:
                        for f in FACINGS:
                            goal[(*a, f)] = min(goal.get((*a, f), INF), 2.0 + drive)
        return goal

    def _slide(self, x: int, y: int, heading: str, n: int, occ: set) -> tuple[int, int] | None:
        """Where a move of ``n`` ends on the static board (None: into a pit); a Bot in the way stops
        it (a Nanobot passes it and ends on the last free square)."""
        dx, dy = STEP[heading]
        pos = last = (x, y)
        for _ in range(n):
            pos = (pos[0] + dx, pos[1] + dy)
            if not _on(pos) or (pos in occ and not self.nano):
                break
            if pos in self.pits:
                return None
            if pos not in occ:
                last = pos
        return last

    def _dijkstra(self, goal: dict[Key, float], occ: set) -> dict[Key, float]:
        """Instructions from each (square, facing) to a kill: a goal's own cost plus one per instruction."""
        back: dict[Key, list[Key]] = {}
        turns = (1, 3, 2) if self.loader else (1, 3)
        moves = ((1, 0), (2, 0), (3, 0), (2, 2)) if self.loader else ((1, 0), (2, 0))  # (squares, quarter turns)
        for x in range(12):
            for y in range(12):
                if (x, y) in self.pits:
                    continue
                for i, f in enumerate(FACINGS):
                    nexts = [(x, y, FACINGS[(i + t) % 4]) for t in turns]
                    for n, t in moves:
                        end = self._slide(x, y, FACINGS[(i + t) % 4], n, occ)
                        if end is not None:
                            nexts.append((*end, f))
                    for key in nexts:
                        back.setdefault(key, []).append((x, y, f))
        dist = dict(goal)
        heap = [(d, key) for key, d in goal.items()]
        heapq.heapify(heap)
        while heap:
            d, key = heapq.heappop(heap)
            if d <= dist.get(key, INF):
                for prev in back.get(key, ()):
                    if d + 1 < dist.get(prev, INF):
                        dist[prev] = d + 1
                        heapq.heappush(heap, (d + 1, prev))
        return dist

    def potential(self, s: State) -> float:
        me = s.bots.get(self.me)
        if me is None or me.outside is not None or me.facing is None:
            return OUTSIDE
        d = self.field.get((me.x, me.y, me.facing), INF)
        value = SETUP_W * max(0.0, HORIZON - d) - NEAR_W * self.near[(me.x, me.y)]
        dx, dy = STEP[me.facing]
        return value - (FACING_PIT if (me.x + dx, me.y + dy) in self.pits else 0.0)

    # -- simulating instructions -------------------------------------------------------------------

    def step(self, s: State, target: str, instr: str, shove: str | None, turbo: bool) -> tuple[float, bool]:
        """Run one instruction on ``s``: what it gained, and whether the program ends there."""
        seat, me = self.seat, self.me
        before = s.bots.get(me)
        was_out = before is None or before.outside is not None
        kept, lost, rescued = len(s.kept[seat]), len(s.lost_rogues), s.rescued
        run_instruction(s, target, instr, [], seat, shove=shove, turbo=turbo)
        gain = sum(BOSS if k == "bossbot" else KILL for k in s.kept[seat][kept:])
        gain += MINION_LOST * sum(k == "minionbot" for k in s.lost_rogues[lost:])
        gain += RESCUE if s.rescued and not rescued else 0.0
        for item in s.owed:
            if item[0] == "calamity":
                gain -= CALAMITY
            elif item[0] == "upgrade" and item[1] == seat and len(s.upgrades[seat]) < 2:
                gain += UPGRADE
            elif item[0] == "retype" and item[1] == seat:
                gain -= LOST
        s.owed = ()
        after = s.bots.get(me)
        if after is None or (after.outside is not None and not was_out):  # lost, or out through a door
            return gain, True
        return (gain - STUN, True) if after.stunned else (gain, False)

    def children(self, node: _Node, instrs: Sequence[str], only_shovers: bool = False) -> list[_Node]:
        s, me, out = node.state, self.me, []
        targets = hack_targets(s, me) if node.hacking else [me]
        for instr in instrs:
            for t in targets:
                dirs = shove_options(s, t) if instr == "SHOVE" else ()
                if only_shovers and not dirs:
                    continue
                for d in dirs or (None,):
                    c = _clone(s)
                    turbo = instr == "F2" and t == me and self.turbo and not node.turbo_used
                    gain, ended = self.step(c, t, instr, d, turbo)
                    g = node.gain + gain
                    out.append(_Node(c, (*node.program, instr), g, g + self.potential(c),
                                     node.hacking or instr == "PROGRAM", node.turbo_used or turbo, ended,
                                     node.first or (t, d)))
        return out

    def beam(self, root: _Node, depth: int, next_instrs, first_shove: bool = False) -> list[_Node]:
        """Every node kept, level by level; ``next_instrs(program)``: the instructions to try next."""
        kept, frontier = [root], [root]
        for level in range(depth):
            children: list[_Node] = []
            for node in frontier:
                if not node.ended:
                    children += self.children(node, next_instrs(node.program), first_shove and level == 0)
            children.sort(key=lambda n: -n.score)  # stable: ties keep the order they were made in
            seen, frontier = set(), []
            for c in children:
                sig = (frozenset(c.state.bots.values()), tuple(sorted(c.program)), c.hacking, c.turbo_used, c.ended)
                if sig not in seen:
                    seen.add(sig)
                    frontier.append(c)
                    if len(frontier) == self.width:
                        break
            kept += frontier
        return kept


class RetroPolicy:
    """The heuristic seat; ``width``: the beam's."""

    name = "heuristic"

    def __init__(self, width: int = 48) -> None:
        self.width = width
        self._memo: dict[Any, tuple[str, ...]] = {}

    def choose(self, view: PrivateView, decision: Decision, legal: Sequence[Any], rng: Rng) -> Any:
        legal = list(legal)
        if Lock() in legal:
            return self._program(view, legal)
        kinds = [a.kind for a in legal if isinstance(a, ChooseType)]
        if kinds:
            return ChooseType(next((k for k in ("treadbot", "shotbot") if k in kinds), kinds[0]))
        offered = [a.upgrade for a in legal if isinstance(a, TakeUpgrade)]
        if offered:
            return TakeUpgrade(min(offered, key=lambda u: self._rank(view, u)))
        mine = [a.upgrade for a in legal if isinstance(a, Surrender)]
        if mine and Keep() in legal:
            if len(view.public.catastrophes) >= SURRENDER_AT:
                return Surrender(max(mine, key=lambda u: self._rank(view, u)))
            return Keep()
        if any(isinstance(a, (Target, Shove)) for a in legal):
            choice = self._run_choice(view)
            if choice in legal:
                return choice
        return decision.default if decision.default in legal else legal[0]

    @staticmethod
    def _rank(view: PrivateView, upgrade: str) -> int:
        useless = "loader_arm" if view.public.seats[view.seat].retro == "nanobot" else "hack_chip"
        return PREFERENCE.index(upgrade) + (len(PREFERENCE) if upgrade == useless else 0)

    # -- programming -------------------------------------------------------------------------------

    def _program(self, view: PrivateView, legal: list[Any]) -> Any:
        have = view.program
        plan = self._plan(view, ())
        if plan[:len(have)] != have:  # someone else added to it: plan the rest after what is there
            plan = self._plan(view, have)
        if len(plan) > len(have) and Add(plan[len(have)]) in legal:
            return Add(plan[len(have)])
        return Lock()

    def _plan(self, view: PrivateView, prefix: tuple[str, ...]) -> tuple[str, ...]:
        pub = view.public
        key = (view.seat, prefix, pub.round, pub.phase, pub.bots, pub.filled, pub.pry_bar, pub.in_play, pub.jammed,
               tuple((s.retro, s.rogue_card, s.upgrades, s.kept) for s in pub.seats))
        if key not in self._memo:
            if len(self._memo) > 256:
                self._memo.clear()
            self._memo[key] = self._search(view, prefix)
        return self._memo[key]

    def _search(self, view: PrivateView, prefix: tuple[str, ...]) -> tuple[str, ...]:
        seat, base = view.seat, state_from_view(view)
        start, stunned = before_turn(base, seat)
        sim, fits, allowed = _Sim(start, seat, self.width), _Limits(base, seat), {}

        def next_instrs(program: tuple[str, ...]) -> list[str]:
            if len(program) < len(prefix):
                return [prefix[len(program)]]
            key = (tuple(sorted(program)), program[:1])
            if key not in allowed:
                allowed[key] = fits.next(program)
            return allowed[key]

        depth = view.program_max + (1 if "gyro" in base.upgrades[seat] else 0)
        if stunned:
            depth = min(depth, view.runs_if_stunned)
        root = _Node(start, (), 0.0, sim.potential(start), False, False, False, None)
        nodes = [n for n in sim.beam(root, max(depth, len(prefix)), next_instrs) if len(n.program) >= len(prefix)]
        plan = max(nodes, key=lambda n: n.score).program if nodes else prefix
        while plan[len(prefix):] and problem(base, seat, plan) is not None:  # the rules' own check has the last word
            plan = plan[:-1]
        return plan

    # -- choices while the program runs ------------------------------------------------------------

    def _run_choice(self, view: PrivateView) -> Any:
        run = view.public.run
        if run is None or run.seat != view.seat or len(view.program) <= len(run.shown):
            return None
        program = view.program[len(run.shown):run.runs]
        state = state_from_view(view)
        before_hack = run.shown[:run.shown.index("PROGRAM")] if "PROGRAM" in run.shown else run.shown
        root = _Node(state, (), 0.0, 0.0, run.hacking, "F2" in before_hack, False, None)
        nodes = _Sim(state, view.seat, self.width).beam(root, len(program), lambda p: [program[len(p)]],
                                                         first_shove=run.asking == "shove")
        ends = [n for n in nodes if n.program and (n.ended or len(n.program) == len(program))]
        if not ends:
            return None
        target, direction = max(ends, key=lambda n: n.score).first or (retro_id(view.seat), None)
        if run.asking == "shove":
            return Shove(direction) if direction else None
        return Target(next((b.label for b in view.public.bots if b.id == target), ""))
