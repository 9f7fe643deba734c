"""The heuristic AI seat's search: every candidate action (shots through the weapon tree with caps,
runs, grabs, reloads), each simulated and valued (``_Planner``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.adrenaline import weapons as _weapons
from rules.adrenaline.acts import (
    grabbable_squares,
    perform_grab,
    reload_weapon,
    reloadable,
    shot_squares,
    spawn_colour_of,
    usable_weapons,
)
from rules.adrenaline.ai_value import (
    BUDGET,
    LOOKAHEAD_CAP,
    LOOKAHEAD_WEAPON_CAP,
    PATH_CAP,
    WEAPON_CAP,
    WEIGHTS,
    Weights,
    _utility,
)
from rules.adrenaline.damage import KILLSHOT, MAX_MARKS, SLOTS, geo
from rules.adrenaline.data import game_data
from rules.adrenaline.payments import format_payment, payable, ways
from rules.adrenaline.state import CUBE_INDEX, Player, State
from rules.adrenaline.tree import grab_moves, run_moves, shoot_moves
from rules.adrenaline.walk import root
from rules.adrenaline.weapons.base import Ctx


def _complete_shots(walker: Any, cap: int) -> list[Any]:
    """Complete shot nodes of one weapon tree, depth first (the cheapest finish first), ``cap`` at most."""
    out: list[Any] = []
    if walker.root.pos[walker.seat] is None or not walker.completable(walker.root):
        return out

    def visit(node: Any) -> None:
        if node.done:
            out.append(node)
            return
        for _, child in walker.children(node):
            if len(out) >= cap:
                return
            if walker.completable(child):
                visit(child)

    visit(walker.root)
    return out


class _Tally(Ctx):
    """A shot's effects replayed without a state: damage, marks and moves are only listed."""

    __slots__ = ()

    def damage(self, seat: int, n: int) -> None:
        self.events.append(("damage", seat, n))

    def mark(self, seat: int, n: int) -> None:
        self.events.append(("mark", seat, n))

    def move(self, seat: int, square: str) -> None:
        if self.pos[seat] != square:
            self.pos[seat] = square
            self.events.append(("move", seat, square))


def _events(walker: Any, node: Any) -> list[tuple]:
    """The damage, marks and moves a complete shot makes, in order (``Walker.perform`` without a state)."""
    events: list[tuple] = []
    c = _Tally(walker, list(walker.root.pos), (), events, frozenset(e for e, _ in node.history))
    for i, (eid, params) in enumerate(node.history):
        c.history = node.history[:i]
        walker.impl[eid].apply(c, params)
    return events


def _with(p: Player, **changes: Any) -> Player:
    """``dataclasses.replace`` for a Player, without its cost (the search makes many)."""
    return Player(changes.get("figure", p.figure), changes.get("square", p.square), changes.get("damage", p.damage),
                  changes.get("marks", p.marks), p.skulls, p.frenzy, changes.get("cubes", p.cubes),
                  changes.get("weapons", p.weapons), changes.get("powerups", p.powerups), p.points,
                  changes.get("killed", p.killed))


class _Lite:
    """What ``_utility`` reads of a state: enough to value a simulated shot without copying a State."""

    __slots__ = ("players", "track", "frenzy", "skulls", "options", "map_id")

    def __init__(self, state: Any, players: list[Player]) -> None:
        self.players, self.track, self.frenzy = players, state.track, state.frenzy
        self.skulls, self.options, self.map_id = state.skulls, state.options, state.map_id


def _after_shot(before: State, me: int, wid: str, events: list[tuple], payment: tuple[str, ...]) -> _Lite:
    """The players after a shot (rules.adrenaline.damage's rules: damage, then the shooter's earlier
    marks the first time a target is damaged; 12 tokens at most; the shot's marks land at its end,
    3 at most per shooter), the shooter's weapon unloaded and payment spent."""
    players = list(before.players)
    converted: set[int] = set()
    new_marks: dict[int, int] = {}
    for kind, seat, value in events:
        if seat == me and kind != "move":
            continue
        p = players[seat]
        if kind == "damage":
            tokens = (me,) * value
            marks = p.marks
            if seat not in converted:
                converted.add(seat)
                if marks[me]:
                    tokens += (me,) * marks[me]
                    marks = marks[:me] + (0,) + marks[me + 1:]
            track = (p.damage + tokens)[:SLOTS]
            players[seat] = _with(p, damage=track, marks=marks, killed=len(track) >= KILLSHOT)
        elif kind == "mark":
            new_marks[seat] = new_marks.get(seat, 0) + value
        else:
            players[seat] = _with(p, square=value)
    for seat, n in new_marks.items():
        p = players[seat]
        players[seat] = _with(p, marks=p.marks[:me] + (min(MAX_MARKS, p.marks[me] + n),) + p.marks[me + 1:])
    p = players[me]
    cubes = list(p.cubes)
    cards = list(p.powerups)
    for item in payment:
        if ":" in item:
            cards.remove(item)
        else:
            cubes[CUBE_INDEX[item]] -= 1
    held = list(p.weapons)
    held[held.index((wid, True))] = (wid, False)
    players[me] = _with(p, cubes=tuple(cubes), powerups=tuple(cards), weapons=tuple(held))
    return _Lite(before, players)


@dataclass
class _Shot:
    prefix: tuple[str, ...]  # shoot [move:sq] [load:w [pay]] weapon
    shot: tuple[str, ...]  # the weapon tree's tokens, "done" included
    weapon: str
    before: State  # the state the shot is declared in (after the move and any reload)
    after: _Lite

    def path(self, me: int) -> tuple[str, ...]:
        paid = _pay(self.before, me, _weapons.shot_cost(self.weapon, self.shot))
        return (*self.prefix, *self.shot, *(paid[1] if paid else ()))


def _pay(state: State, seat: int, cost: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(the payment, the path tokens naming it): cubes before powerups (None: it cannot be paid)."""
    options = ways(state.players[seat], cost)
    if not options:
        return None
    token = (format_payment(options[0]),) if len(options) > 1 else ()
    return options[0], token


def _shots(state: State, me: int, cap: int, weapon_cap: int) -> list[_Shot]:
    """The shots the seat may fire now (``cap`` at most; ``weapon_cap`` per weapon and square)."""
    out: list[_Shot] = []
    moves = shoot_moves(state, me)
    if moves is None:
        return out
    for square in shot_squares(state, me):
        here = state
        if square != state.players[me].square:
            here = state.clone()
            here.set_player(me, square=square)
        prefix = ("shoot",) + ((f"move:{square}",) if moves else ())
        options: list[tuple[str, tuple[str, ...], State]] = [(w, (), here) for w in usable_weapons(here, me)]
        if state.frenzy:
            for wid in reloadable(here, me):
                paid = _pay(here, me, game_data().weapon(wid).reload_cost)
                if paid is None:
                    continue
                loaded = here.clone()
                reload_weapon(loaded, me, wid, paid[0])
                if _weapons.usable(loaded, me, wid):
                    options.append((wid, (f"load:{wid}", *paid[1]), loaded))
        for wid, pre, before in options:
            walker = _weapons._walker(before, me, wid)
            payments: dict[tuple[str, ...], tuple[str, ...] | None] = {}
            done: set[tuple] = set()
            for node in _complete_shots(walker, weapon_cap):
                cost = _weapons.shot_cost(wid, node.path)
                if cost not in payments:
                    found = ways(before.players[me], cost)
                    payments[cost] = found[0] if found else None
                payment = payments[cost]
                if payment is None:
                    continue
                events = _events(walker, node)
                if (cost, *events) in done:  # the same outcome as a shot already valued
                    continue
                done.add((cost, *events))
                after = _after_shot(before, me, wid, events, payment)
                out.append(_Shot((*prefix, *pre, wid), node.path, wid, before, after))
                if len(out) >= cap:
                    return out
    return out


def _grabs(state: State, me: int, w: Weights, full: bool = True) -> list[tuple[tuple[str, ...], Any, float]]:
    """(path, the state after, extra value) of every grab: an ammo tile (its powerup drawn is valued,
    not drawn), or each payable weapon with each drop. ``full``: the state after is a State (another
    action may be searched from it), else only what ``_utility`` reads."""
    out: list[tuple[tuple[str, ...], Any, float]] = []
    data = game_data()
    p = state.players[me]
    for square in grabbable_squares(state, me, grab_moves(state, me)):
        colour = spawn_colour_of(state, square)
        if colour is None:
            tile = data.tiles()[state.tiles[square]]
            cubes = list(p.cubes)
            for c in tile.cubes:
                cubes[CUBE_INDEX[c]] = min(3, cubes[CUBE_INDEX[c]] + 1)
            extra = w.drawn if tile.powerup and len(p.powerups) < 3 else 0.0
            if full:
                after = state.clone()
                after.set_player(me, square=square, cubes=tuple(cubes))
                after.tiles[square] = None
                after.actions_left -= 1
            else:
                players = list(state.players)
                players[me] = _with(p, square=square, cubes=tuple(cubes))
                after = _Lite(state, players)
            out.append((("grab", square), after, extra))
            continue
        for wid in state.slots[colour]:
            if wid is None or not payable(p, data.weapon(wid).pickup_cost):
                continue
            paid = _pay(state, me, data.weapon(wid).pickup_cost)
            if paid is None:
                continue
            for drop in ([None] if len(p.weapons) < 3 else [x for x, _ in p.weapons]):
                path = ("grab", square, f"weapon:{wid}", *((f"drop:{drop}",) if drop else ()), *paid[1])
                if full:
                    after = state.clone()
                    perform_grab(after, me, square, wid, drop, paid[0], True)
                else:
                    cubes = list(p.cubes)
                    cards = list(p.powerups)
                    for item in paid[0]:
                        if ":" in item:
                            cards.remove(item)
                        else:
                            cubes[CUBE_INDEX[item]] -= 1
                    held = tuple(x for x in p.weapons if x[0] != drop) + ((wid, True),)
                    players = list(state.players)
                    players[me] = _with(p, square=square, cubes=tuple(cubes), powerups=tuple(cards), weapons=held)
                    after = _Lite(state, players)
                out.append((path, after, 0.0))
    return out


def _runs(state: State, me: int) -> list[tuple[tuple[str, ...], State]]:
    out = []
    here = state.players[me].square
    for square in geo(state).reachable(here, run_moves(state, me)):
        after = state.clone()
        after.set_player(me, square=square)
        after.actions_left -= 1
        out.append((("run", square), after))
    return out


def _reloads(state: State, me: int) -> list[tuple[tuple[str, ...], State]]:
    out = []
    for wid in reloadable(state, me):
        paid = _pay(state, me, game_data().weapon(wid).reload_cost)
        if paid is None:
            continue
        after = state.clone()
        reload_weapon(after, me, wid, paid[0])
        after.ending = True
        after.actions_left = 0
        out.append((("reload", wid, *paid[1]), after))
    return out


class _Planner:
    """One decision's search: the rebuilt state, who is armed, the weights."""

    def __init__(self, state: State, me: int, armed: tuple[int, ...], w: Weights = WEIGHTS) -> None:
        self.state, self.me, self.armed, self.w = state, me, armed, w
        self.budget = BUDGET

    def shots(self, state: State, cap: int, weapon_cap: int) -> list[_Shot]:
        found = _shots(state, self.me, min(cap, self.budget), weapon_cap) if self.budget > 0 else []
        self.budget -= len(found)
        return found

    def value(self, state: Any) -> float:
        return _utility(state, self.me, self.armed, self.w)

    def next_gain(self, state: State) -> float:
        """The best gain of one more action from ``state`` (a shot or a grab), 0 if none gains."""
        if state.actions_left <= 0 or state.ending:
            return 0.0
        base = self.value(state)
        best = 0.0
        for shot in self.shots(state, LOOKAHEAD_CAP, LOOKAHEAD_WEAPON_CAP):
            best = max(best, self.value(shot.after) - base)
        for _, after, extra in _grabs(state, self.me, self.w, full=False):
            best = max(best, self.value(after) + extra - base)
        return best

    def plan(self) -> tuple[str, ...]:
        state, me, w = self.state, self.me, self.w
        words = set(root(state, me).tokens())
        base = self.value(state)
        best: tuple[float, Any] = (base, ("end",))
        scored: list[tuple[float, Any]] = []
        grabs = _grabs(state, me, w) if "grab" in words else []
        if "shoot" in words:
            shots = self.shots(state, PATH_CAP, WEAPON_CAP)
            values = [(self.value(shot.after), shot) for shot in shots]
            by_weapon: dict[str, float] = {}
            for v, shot in values:
                by_weapon[shot.weapon] = max(by_weapon.get(shot.weapon, v), v)
            grab_gain = max([0.0] + [self.value(a) + x - base for _, a, x in grabs])
            for v, shot in values:
                more = 0.0
                if state.actions_left > 1:  # another action after this shot: another weapon, or a grab
                    other = max([x for k, x in by_weapon.items() if k != shot.weapon], default=base)
                    more = w.next_action * max(0.0, other - base, grab_gain)
                scored.append((v + more, shot))
        kept: dict[tuple[str, ...], tuple[float, tuple[str, ...], State]] = {}
        for path, after, extra in grabs:  # with 4 weapons: only the best drop is searched further
            v = self.value(after) + extra
            if path[:3] not in kept or v > kept[path[:3]][0] + 1e-9:
                kept[path[:3]] = (v, path, after)
        for v, path, after in kept.values():
            scored.append((v + w.next_action * self.next_gain(after), path))
        if "run" in words:
            for path, after in _runs(state, me):
                scored.append((self.value(after) + w.next_action * self.next_gain(after), path))
        if "reload" in words:
            for path, after in _reloads(state, me):
                scored.append((self.value(after), path))
        for v, choice in scored:  # the first best in a fixed order: no randomness
            if v > best[0] + 1e-9:
                best = (v, choice)
        choice = best[1]
        return choice.path(me) if isinstance(choice, _Shot) else choice


# -- the policy -------------------------------------------------------------------------------------
