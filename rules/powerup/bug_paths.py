"""The AI's way for a BUG to a goal (rb 1399: "we move the BUGS", rb 1413-1417: toward a BUGBUSTER it sees
or the PRIMARY TARGET): a cheapest path, in AP then in actions, over (square, facing) states with the
BUG's own actions (bug_moves.py), searched once per call on a snapshot of the board.

The model, a little simpler than the rules (each step the AI takes is checked for real, and the first one
is chosen among the BUG's legal actions, so a path's simplifications only ever cost a detour):

- ``move`` (1 AP), ``flip`` (1 AP), ``jump up`` (2 AP), ``climb up``/``climb down`` (1 AP), gateways
  (1 AP) and, for a FLYING BUG, ``fly up``/``fly down`` (1 AP). A ``jump`` ahead lands where a ``move``
  does for twice the AP: the search never needs it.
- A square held by another BUG is open (it would be pushed away, rb 1407) at no extra cost; one held by
  an NPC is open in Save the VIPs (entering kills it, rb 1774); any other figure's square (a BUGBUSTER, the
  BUGMISTRESS, a portal piece) and a cover are closed. A goal is a square to stand on: a goal held by a
  closed figure is out of reach.
- A walking BUG falls after each step to the first support below (a fixed one, a cover or a figure as it
  stands now), lands in acid never (it would die there: that way is closed) and rides automatic stairs up
  when the square above is open (rb 719). A FLYING BUG stays where it goes (rb 987).
"""

from __future__ import annotations

import heapq
from functools import lru_cache

from rules.powerup import physics
from rules.powerup.board import Layout, Square, board, name
from rules.powerup.state import State

Spot = tuple[Square, int]  # a BUG's square and facing
Step = tuple[str, int, Square, int]  # a word, its AP, the square it enters, the facing after


@lru_cache(maxsize=32)
def geometry(layout: Layout, flying: bool) -> dict[Spot, tuple[Step, ...]]:
    """The steps the board itself allows a BUG from each open square and facing, worked out once per
    layout (bug_moves lists its actions from here too; figures and gateways are looked at as the game
    goes): ahead (rb 953), 45 degrees up and ahead (rb 753), a ladder up or down, or up through a thin
    platform (rb 717, as reach.py), straight up or down for a flyer where nothing solid is between (rb 699,
    rb 987), and the flip. Going on comes first, turning round last: on a tie the search goes on."""
    b = board(layout)
    out: dict[Spot, tuple[Step, ...]] = {}
    for sq in b.squares():
        if b.blocked(sq):
            continue
        x, y = sq
        up, down = (x, y + 1), (x, y - 1)
        for d in (1, -1):
            ahead, diag = (x + d, y), (x + d, y + 1)
            steps: list[Step] = []
            if b.step_open(sq, ahead):
                steps.append(("move", 1, ahead, d))
            if b.step_open(sq, diag):
                steps.append(("jump up", 2, diag, d))
            if b.inside(up) and b.open(up) and (b.ladder(sq) or b.floor[up] == "="):
                steps.append(("climb up", 1, up, d))
            if b.ladder(down):
                steps.append(("climb down", 1, down, d))
            if flying and b.vertical_open(sq):
                steps.append(("fly up", 1, up, d))
            if flying and b.inside(down) and b.vertical_open(down):
                steps.append(("fly down", 1, down, d))
            steps.append(("flip", 1, sq, -d))
            out[(sq, d)] = tuple(steps)
    return out


def first_step(s: State, fid: str, goals: set[Square], legal: list[str]) -> str | None:
    """The first word, among ``legal``, of a cheapest path to any of ``goals`` (None: no way, or there)."""
    me = s.figures[fid]
    if not goals or not legal or me.square is None or me.square in goals:
        return None
    assert s.coop is not None
    b = board(s.layout)
    flying = physics.flies(s, fid)
    table = geometry(s.layout, flying)
    closed = set(s.covers)  # squares it may not enter; ``under``: what stands on a square (to land on)
    for f in s.figures.values():
        if f.square is not None and f.id != fid and f.kind != "bug" and not (
                f.kind == "npc" and s.coop.mission == "vips"):
            closed.add(f.square)
    under = closed | {f.square for f in s.figures.values() if f.square is not None and f.id != fid}
    gates = [g for g in b.gateways() if g != s.gate_off and g not in s.shut and g not in under]
    landing: dict[Square, Square | None] = {}

    def land(sq: Square) -> Square | None:
        """Where a walking BUG entering ``sq`` comes to stand (None: in acid)."""
        if flying:
            return sq
        if sq in landing:
            return landing[sq]
        at = sq
        while at[1] > 0 and not b.supported(at) and (at[0], at[1] - 1) not in under:
            at = (at[0], at[1] - 1)
        end: Square | None = at
        if b.acid(at):
            end = None
        elif b.stairs(at) and b.vertical_open(at) and (at[0], at[1] + 1) not in under:
            end = (at[0], at[1] + 1)
        landing[sq] = end
        return end

    def steps(spot: Spot) -> list[tuple[str, int, Square | None, int]]:
        out = [(w, ap, land(to), d) for w, ap, to, d in table[spot] if to not in closed]
        sq = spot[0]
        if gates and b.gateway(sq) and sq not in s.shut:
            out += [(f"gate {name(g)}", 1, land(g), spot[1]) for g in gates if g != sq]
        return out

    best: dict[Spot, tuple[int, int]] = {}
    heap: list[tuple[int, int, int, Spot, str]] = []
    for word, ap, to, d in steps((me.square, me.facing)):  # the first step: one it may take now
        if word in legal and to is not None and (ap, 1) < best.get((to, d), (1 << 30, 0)):
            best[(to, d)] = (ap, 1)
            heap.append((ap, 1, len(heap), (to, d), word))
    heapq.heapify(heap)
    n = len(heap)
    while heap:
        ap, acts, _, spot, first = heapq.heappop(heap)
        if best[spot] != (ap, acts):
            continue  # a cheaper way here was found after this one was queued
        if spot[0] in goals:
            return first
        for _word, more, to, d in steps(spot):
            if to is None:
                continue
            cost = (ap + more, acts + 1)
            if cost < best.get((to, d), (1 << 30, 0)):
                best[(to, d)] = cost
                heapq.heappush(heap, (cost[0], cost[1], n, (to, d), first))
                n += 1
    return None
