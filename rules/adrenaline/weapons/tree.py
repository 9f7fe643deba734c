"""The shot tree: the framework every weapon module plugs its effects into.

A shot is a path of fine tokens, one per menu level. At an *effect level* the shooter names the
next effect (or ``done``); then one token per parameter of that effect. Each effect implementation
(``base.ShotEffect``) says which parameter comes next and what the effect does. Levels are computed
in the state the earlier choices leave: the tree tracks where every figure stands (damage never
changes who may be targeted, so positions and the shot's history are all a level needs).

Order rules are generic: the first effect is the basic effect, an alternate mode, or an optional
effect marked ``before`` (it may precede the basic effect); after an alternate mode nothing follows;
after the basic effect, each unused optional effect (``requires`` met; ``right_after_basic`` ones
only directly after it); every effect at most once. ``done`` is allowed once the basic effect or an
alternate mode is used.

``Walker`` answers for one (state, seat, weapon): raw legality of the next token (``step``, which
raises ``Illegal`` naming the rule), and whether a node leads to a complete shot (``completable``, a
depth-first search with early exit, memoised on the nodes, which a walker keeps).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations

from rules.adrenaline import payments
from rules.adrenaline.data import COLOUR_NAMES, game_data
from rules.adrenaline.geometry import geometry
from rules.adrenaline.state import State
from rules.adrenaline.weapons.base import DONE, IMPLEMENTATIONS, Ctx, Illegal, Param, ShotEffect, clip


class Node:
    """A point in the tree: the path so far, where the figures stand, the effects done (``history``),
    the effect whose parameters are being chosen (``pending``), the cost so far. ``finish``: the basic
    effect or an alternate mode is done; ``kids``: the children stepped to so far (token -> node);
    ``ok``: whether a complete shot follows (None: not known yet)."""

    __slots__ = ("path", "pos", "history", "pending", "cost", "done", "lvl", "used", "finish", "kids", "ok")

    def __init__(self, path: tuple[str, ...], pos: tuple, history: tuple, used: tuple[str, ...],
                 finish: bool, pending: tuple | None, cost: tuple[str, ...], done: bool = False,
                 lvl: Param | None = None) -> None:
        self.path, self.pos, self.history, self.used, self.finish = path, pos, history, used, finish
        self.pending, self.cost, self.done, self.lvl = pending, cost, done, lvl
        self.kids: dict[str, Node] = {}
        self.ok: bool | None = True if done or (finish and pending is None) else None


@cache
def effect_label(weapon_id: str, effect_id: str) -> tuple[str, str]:
    if effect_id == DONE:
        return "Done — fire", "Perform the shot as declared"
    e = game_data().weapon(weapon_id).effect(effect_id)
    cost = ", ".join(f"1 {COLOUR_NAMES[c]}" for c in e.cost)
    head = e.name[0].upper() + e.name[1:]
    return clip(head + (f" (pay {cost})" if cost else ""), 80), clip(e.text, 100)


def short(name: str) -> str:
    """An effect's heading without "with"/"in": "with high voltage" -> "high voltage"."""
    for lead in ("with ", "in "):
        if name.startswith(lead):
            return name[len(lead):]
    return name


class Info:
    """What the order rules need to know about one weapon, worked out once."""

    def __init__(self, weapon_id: str) -> None:
        self.weapon = game_data().weapon(weapon_id)
        self.impl = IMPLEMENTATIONS[weapon_id]
        effects = self.weapon.effects
        self.order = tuple(e.id for e in effects)
        self.kinds = {e.id: e.kind for e in effects}
        self.costs = {e.id: e.cost for e in effects}
        self.requires = {e.id: e.requires for e in effects if e.requires}
        self.before = frozenset(e for e in self.order if self.impl[e].before)
        self.right_after = frozenset(e for e in self.order if self.impl[e].right_after_basic)
        self.readies = frozenset(e for e in self.order if type(self.impl[e]).ready is not ShotEffect.ready)


_INFO: dict[str, Info] = {}


@cache
def _seating(seats: tuple[str, ...]) -> tuple[dict[str, int], tuple[str, ...]]:
    """Figure id -> seat, and the figures' names in seat order."""
    names = {f.id: f.name for f in game_data().figures}
    return {fid: i for i, fid in enumerate(seats)}, tuple(names[f] for f in seats)


def info(weapon_id: str) -> Info:
    found = _INFO.get(weapon_id)
    if found is None:
        found = _INFO[weapon_id] = Info(weapon_id)
    return found


class Walker:
    """The shot tree of one weapon in one state for one shooter."""

    def __init__(self, state: State, seat: int, weapon_id: str) -> None:
        self.state, self.seat = state, seat
        self.info = info(weapon_id)
        self.weapon, self.impl, self.kinds = self.info.weapon, self.info.impl, self.info.kinds
        self.geo = geometry(state.map_id)
        players = state.players
        # damage.start_shot's rule: the shooter, the killed and those off the board are untouchable
        self.eligible = tuple(i for i, p in enumerate(players) if i != seat and p.spawned and not p.killed)
        self.ids = state.seats
        self.seat_of, self.names = _seating(state.seats)
        self.player = players[seat]
        self.paid: dict[tuple[str, ...], bool] = {}
        self.root = Node((), tuple(p.square for p in players), (), (), False, None, ())

    # -- effect levels -----------------------------------------------------------------------------

    def _order_ok(self, used: tuple[str, ...], eid: str) -> bool:
        info = self.info
        kind = info.kinds.get(eid)
        if kind is None or eid in used:
            return False
        if not used:
            return kind != "optional" or eid in info.before
        if kind == "alternate" or info.kinds[used[0]] == "alternate":  # an alternate mode is always first
            return False
        if kind == "basic":
            return True
        if "basic" not in used:
            return eid in info.before
        if eid in info.right_after and used[-1] != "basic":
            return False
        req = info.requires.get(eid)
        return not req or req in used

    def _payable(self, cost: tuple[str, ...]) -> bool:
        if not cost:
            return True
        r, b, y = self.player.cubes
        if cost.count("R") <= r and cost.count("B") <= b and cost.count("Y") <= y:
            return True
        key = tuple(sorted(cost))
        ok = self.paid.get(key)
        if ok is None:
            ok = self.paid[key] = payments.payable(self.player, cost)
        return ok

    def _effect_allowed(self, node: Node, eid: str) -> bool:
        return (self._order_ok(node.used, eid) and self._payable(node.cost + self.info.costs[eid])
                and (eid not in self.info.readies
                     or self.impl[eid].ready(Ctx(self, list(node.pos), node.history))))

    def level(self, node: Node) -> Param:
        if node.lvl is None:
            tokens = [e for e in self.info.order if self._effect_allowed(node, e)]
            if node.finish:
                tokens.append(DONE)
            weapon = self.weapon
            prompt = f"{weapon.name} › " + ("choose how to fire" if not node.used else "another effect, or done")
            node.lvl = Param("effect", prompt, tuple(tokens), "", lambda t: effect_label(weapon.id, t))
        return node.lvl

    def why_effect(self, node: Node, eid: str) -> str:
        w = self.weapon
        if eid == DONE:
            return f"{w.name} must use its basic effect or an alternate mode"
        if eid not in self.kinds:
            return f"{w.name} has no effect called {eid}"
        e = w.effect(eid)
        name = f"{w.name}'s {short(e.name)}"
        used = node.used
        if eid in used:
            return f"{name} is used only once per shot"
        if any(self.kinds[x] == "alternate" for x in used) or (used and e.kind == "alternate"):
            return f"{w.name} fires its basic mode or one alternate mode, never both"
        if not self._order_ok(used, eid):
            if e.requires and "basic" in used and e.requires not in used:
                return f"{name} needs {short(w.effect(e.requires).name)} first"
            if self.impl[eid].right_after_basic and "basic" in used:
                return f"{name} happens during the basic effect: name it right after it"
            return f"{name} comes after the basic effect"
        if not self._payable(node.cost + e.cost):
            return f"you cannot pay for {name}"
        return self.impl[eid].needs or f"{name} has no legal use now"

    # -- stepping ----------------------------------------------------------------------------------

    def normalise(self, lvl: Param, token: str) -> str:
        """Check a multi-select token and write it in seat order."""
        parts = [t.strip() for t in token.split(",") if t.strip()]
        if len(set(parts)) != len(parts):
            raise Illegal(f"{lvl.rule} (each figure once)")
        if not all(t in lvl.tokens for t in parts):
            raise Illegal(lvl.rule)
        if not lvl.minimum <= len(parts) <= lvl.maximum:
            raise Illegal(lvl.rule)
        combo = tuple(sorted(self.seat_of[t] for t in parts))
        if lvl.check is not None:
            msg = lvl.check(combo)
            if msg:
                raise Illegal(msg)
        return ",".join(self.ids[s] for s in combo)

    def step(self, node: Node, token: str, trusted: bool = False) -> Node:
        """The child after ``token`` (checked, unless ``trusted``: a token the tree itself generated)."""
        child = node.kids.get(token)
        if child is not None:
            return child
        if node.done:
            raise Illegal(f"the {self.weapon.name} shot is already complete")
        lvl = self.level(node) if node.pending is None else node.lvl
        path = node.path + (token,)
        if lvl.kind == "effect":
            if token not in lvl.tokens:
                raise Illegal(self.why_effect(node, token))
            if token == DONE:
                child = Node(path, node.pos, node.history, node.used, True, None, node.cost, True)
            else:
                cost = node.cost + self.info.costs[token]
                child = self._advance(node, path, (token, ()), cost)
        else:
            if lvl.kind == "players" and not trusted:
                raw, token = token, self.normalise(lvl, token)
                if token != raw:
                    return self.step(node, token)
                path = node.path + (token,)
            elif not trusted and token not in lvl.tokens:
                raise Illegal(lvl.rule)
            eid, params = node.pending
            child = self._advance(node, path, (eid, params + (token,)), node.cost)
        node.kids[token] = child
        return child

    def _advance(self, node: Node, path: tuple, pending: tuple, cost: tuple) -> Node:
        eid, params = pending
        eff = self.impl[eid]
        c = Ctx(self, list(node.pos), node.history)
        nxt = eff.param(c, params)
        if nxt is not None:
            return Node(path, node.pos, node.history, node.used, node.finish, pending, cost, False, nxt)
        eff.apply(c, params)
        return Node(path, tuple(c.pos), node.history + ((eid, params),), node.used + (eid,),
                    node.finish or self.info.kinds[eid] != "optional", None, cost)

    def walk(self, path: Sequence[str]) -> Node:
        node = self.root
        if self.root.pos[self.seat] is None:
            raise Illegal(f"{self.names[self.seat]} is not on the board")
        for token in path:
            node = self.step(node, token)
        return node

    # -- search ------------------------------------------------------------------------------------

    def children(self, node: Node) -> Iterator[tuple[str, Node]]:
        lvl = self.level(node) if node.pending is None else node.lvl
        if lvl.kind == "players":
            for token in self.combos(lvl):
                yield token, self.step(node, token, True)
            return
        tokens = lvl.tokens
        if lvl.kind == "effect" and DONE in tokens:  # the cheapest way to finish first
            tokens = (DONE,) + tuple(t for t in tokens if t != DONE)
        for token in tokens:
            yield token, self.step(node, token, True)

    def combos(self, lvl: Param) -> Iterator[str]:
        seats = [self.seat_of[t] for t in lvl.tokens]
        for k in range(lvl.minimum, min(lvl.maximum, len(seats)) + 1):
            for combo in combinations(seats, k):
                if lvl.check is None or lvl.check(combo) is None:
                    yield ",".join(self.ids[s] for s in combo)

    def completable(self, node: Node) -> bool:
        ok = node.ok
        if ok is None:
            ok = node.ok = any(self.completable(child) for _, child in self.children(node))
        return ok

    def offered(self, node: Node) -> tuple[Param, tuple[str, ...]]:
        """The level at ``node`` and the tokens on it that lead to a complete shot."""
        lvl = self.level(node) if node.pending is None else node.lvl
        if lvl.kind != "players":
            return lvl, tuple(t for t in lvl.tokens if self.completable(self.step(node, t, True)))
        wanted, covered = set(lvl.tokens), set()
        for token in self.combos(lvl):
            members = set(token.split(","))
            if members <= covered:
                continue
            if self.completable(self.step(node, token, True)):
                covered |= members
                if covered == wanted:
                    break
        return lvl, tuple(t for t in lvl.tokens if t in covered)

    # -- performing --------------------------------------------------------------------------------

    def perform(self, node: Node) -> list[tuple]:
        """Replay a complete node's effects on the real state; the events, in order."""
        events: list[tuple] = []
        declared = frozenset(e for e, _ in node.history)
        c = Ctx(self, list(self.root.pos), (), events, declared)
        for i, (eid, params) in enumerate(node.history):
            c.history = node.history[:i]
            self.impl[eid].apply(c, params)
        return events
