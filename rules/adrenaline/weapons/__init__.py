"""ADRENALINE's 21 weapons as a lazily enumerated shot tree (pure: no I/O).

A shot is a path of fine tokens, one per menu level: at an "effect" level the shooter picks the next
effect id (or ``done`` once the basic effect or an alternate mode is used), then one token per
parameter of that effect (a figure id, a square a1-d3, a room name, a direction n/e/s/w, "-" for an
explicitly unused optional part, or several figure ids joined by "," for a multi-select). Each level
is computed in the state the earlier choices leave, and every choice offered leads to at least one
complete, legal, payable shot. The parameters of each effect are documented in the weapon modules:
``sight`` (Lock Rifle, Machine Gun, T.H.O.R., Whisper, ZX-2, Heatseeker, Hellion), ``area``
(Electroscythe, Furnace, Shockwave, Flamethrower, Railgun), ``close`` (Cyberblade, Sledgehammer,
Shotgun, Power Glove) and ``movers`` (Plasma Gun, Tractor Beam, Vortex Cannon, Grenade Launcher,
Rocket Launcher); the framework is ``tree``.

Line notation (``to_line``/``from_line``): each effect used, in performed order, as ``effect`` when it
has no parameters, else ``effect:`` + its parameters joined by "/"; ``done`` does not appear.
Example: ``("phase_glide:b2", "basic:dozer", "charged_shot")``.

Readings that hold for every weapon (each weapon module lists its own):
- Every shot starts with an effect level, even when it has one choice, and ends with ``done``.
- Who may be targeted is fixed when the shot opens (damage.targetable): never the shooter, nor a
  figure killed before the shot or not on the board; "everyone" effects skip them too; a figure the
  shot itself kills may still be hit by the rest of it.
- A multi-select level offers the single figures that belong to at least one legal group; a group
  breaking the effect's own rule (different squares, one per square) is refused afterwards with a
  ValueError naming the rule (next_level and from_line alike).
- Optional effects that refer to the basic effect's targets or squares come after it; those the seed
  lets precede it (phase glide, rocket jump, shadowstep, extra grenade) may come first; each effect
  is used at most once.
- "-" (nobody) appears only in the Machine Gun's turret tripod, whose two parts are independent.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from rules.adrenaline import damage as dmg
from rules.adrenaline.data import DataError, game_data
from rules.adrenaline.state import State
from rules.adrenaline.weapons import area, close, movers, sight  # noqa: F401  (they register the effects)
from rules.adrenaline.weapons.base import DONE, IMPLEMENTATIONS, NONE, Illegal, clip
from rules.adrenaline.weapons.tree import Walker, short

__all__ = ("DONE", "NONE", "Choice", "Level", "check_implementations", "effect_ids", "from_line", "next_level",
           "perform", "shot_cost", "to_line", "usable")


@dataclass(frozen=True)
class Choice:
    token: str
    label: str  # <= 80 characters
    description: str = ""  # <= 100 characters


@dataclass(frozen=True)
class Level:
    kind: str  # effect | player | players | square | room | direction
    prompt: str
    choices: tuple[Choice, ...]
    minimum: int = 1  # "players": how many may be chosen, at least / at most
    maximum: int = 1


_CACHE: OrderedDict[tuple, Walker] = OrderedDict()
_CACHE_SIZE = 256
_LOCK = threading.Lock()


def _walker(state: State, seat: int, weapon_id: str, fresh: bool = False) -> Walker:
    """The tree for (state, seat, weapon). Trees are kept (a small LRU) by everything legality depends
    on: the map, who stands where and may be targeted, the shooter's cubes and powerups. So the menu
    of each level of one shot reuses the search the earlier levels made."""
    if weapon_id not in IMPLEMENTATIONS:
        raise ValueError(f"there is no weapon called {weapon_id}")
    if fresh:
        return Walker(state, seat, weapon_id)
    p = state.players[seat]
    key = (weapon_id, state.map_id, seat, state.seats, p.cubes, p.powerups,
           tuple((q.square, q.killed) for q in state.players))
    with _LOCK:  # AI seats think in threads (bot.service.driver): the LRU's steps must not interleave
        w = _CACHE.get(key)
        if w is not None:
            _CACHE.move_to_end(key)
            return w
    w = Walker(state, seat, weapon_id)
    w.state = None  # only a performing walker touches a state
    with _LOCK:
        w = _CACHE.setdefault(key, w)
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return w


def usable(state: State, seat: int, weapon_id: str) -> bool:
    """At least one complete, legal, payable shot exists (whether the weapon is loaded is not asked)."""
    w = _walker(state, seat, weapon_id)
    return w.root.pos[seat] is not None and w.completable(w.root)


def next_level(state: State, seat: int, weapon_id: str, path: Sequence[str]) -> Level | None:
    """The menu after ``path`` (None when the path is a complete shot). ValueError if ``path`` breaks a
    rule or leads nowhere."""
    w = _walker(state, seat, weapon_id)
    node = w.walk(path)
    if node.done:
        return None
    lvl, tokens = w.offered(node)
    if not tokens:
        raise Illegal(f"no legal {w.weapon.name} shot follows from here" if path
                      else f"{w.weapon.name} has no legal shot now")
    prompt = lvl.prompt
    if lvl.kind != "effect":
        eid = node.pending[0]
        prompt = f"{w.weapon.name} › {w.weapon.effect(eid).name}: {lvl.prompt}"
    choices = tuple(Choice(t, *lvl.label(t)) for t in tokens)
    if lvl.kind == "players":
        return Level("players", clip(prompt, 150), choices, lvl.minimum, min(lvl.maximum, len(choices)))
    return Level(lvl.kind, clip(prompt, 150), choices)


def _effects(weapon_id: str) -> set[str]:
    return {e.id for e in game_data().weapon(weapon_id).effects}


def shot_cost(weapon_id: str, path: Sequence[str]) -> tuple[str, ...]:
    """The cubes the effects named in ``path`` cost (alternate mode, optional effects), in path order."""
    weapon = game_data().weapon(weapon_id)
    ids = _effects(weapon_id)
    return tuple(c for t in path if t in ids for c in weapon.effect(t).cost)


def perform(state: State, seat: int, weapon_id: str, path: Sequence[str]) -> list[str]:
    """Fire a complete shot on ``state`` (the caller's clone): opens the shot (damage.start_shot), then
    performs its effects in order. Does not pay, unload, or finish the shot. Returns the public line."""
    w = _walker(state, seat, weapon_id, fresh=True)
    node = w.walk(path)
    if not node.done:
        raise Illegal(f"the {w.weapon.name} shot is not complete")
    dmg.start_shot(state, seat, weapon_id)
    events = w.perform(node)
    return [_line(w, node, events)]


def _line(w: Walker, node, events: list[tuple]) -> str:
    head = f"{w.names[w.seat]} fires {w.weapon.name}"
    alternate = [w.weapon.effect(e).name for e, _ in node.history if w.kinds[e] == "alternate"]
    extras = [short(w.weapon.effect(e).name) for e, _ in node.history if w.kinds[e] == "optional"]
    if alternate:
        head += " " + alternate[0]
    elif extras:
        head += " with " + " and ".join(extras)
    parts: list[str] = []
    last = None  # (seat, damage, marks) of the fragment being written
    for kind, seat, value in events:
        if kind == "move":
            last = None
            who = w.names[seat]
            parts.append(f"{who} moves to {value}" if seat == w.seat else f"moves {who} to {value}")
            continue
        if last is None or last[0] != seat:
            last = [seat, 0, 0]
            parts.append(last)
        last[1 if kind == "damage" else 2] += value
    text = []
    for part in parts:
        if isinstance(part, str):
            text.append(part)
            continue
        seat, d, m = part
        bits = ([f"{d} damage"] if d else []) + ([f"{m} mark{'s' if m > 1 else ''}"] if m else [])
        text.append(f"{w.names[seat]} " + ", ".join(bits))
    return f"{head}: " + ", ".join(text)


def to_line(weapon_id: str, path: Sequence[str]) -> tuple[str, ...]:
    """The one-line notation pieces of a path: ``effect`` or ``effect:p1/p2``, "done" left out."""
    ids = _effects(weapon_id)
    pieces: list[list[str]] = []
    for token in path:
        if token == DONE:
            continue
        if token in ids:
            pieces.append([token])
        elif pieces:
            pieces[-1].append(token)
        else:
            raise ValueError(f"a {weapon_id} path starts with an effect, not {token!r}")
    return tuple(p[0] + (":" + "/".join(p[1:]) if len(p) > 1 else "") for p in pieces)


def from_line(state: State, seat: int, weapon_id: str, pieces: Sequence[str]) -> tuple[str, ...]:
    """The complete path (ending with "done") that line pieces describe, checked on the same tree.
    ValueError naming the rule when the line is not a legal shot."""
    w = _walker(state, seat, weapon_id)
    node = w.walk(())
    for piece in pieces:
        head, _, rest = piece.strip().lower().partition(":")
        if head == DONE:
            raise Illegal("'done' is not written in a line")
        node = w.step(node, head)
        params = [x.strip() for x in rest.split("/")] if rest else []
        name = f"{w.weapon.name}'s {short(w.weapon.effect(head).name)}"
        for param in params:
            if node.pending is None or node.pending[0] != head:
                raise Illegal(f"{name} takes {len(node.history[-1][1])} parameter(s), not {len(params)}")
            node = w.step(node, param)
        if node.pending is not None:
            raise Illegal(f"{name} needs {node.lvl.prompt}")
    return w.step(node, DONE).path


def effect_ids() -> set[tuple[str, str]]:
    """(weapon id, effect id) of every implementation."""
    return {(wid, eid) for wid, effects in IMPLEMENTATIONS.items() for eid in effects}


def check_implementations() -> None:
    """Every effect in the data has exactly one implementation, and nothing else has (DataError)."""
    data = {(w.id, e.id) for w in game_data().weapons for e in w.effects}
    have = effect_ids()
    problems = []
    if data - have:
        problems.append("not implemented: " + ", ".join(f"{w}.{e}" for w, e in sorted(data - have)))
    if have - data:
        problems.append("not in the data: " + ", ".join(f"{w}.{e}" for w, e in sorted(have - data)))
    if problems:
        raise DataError("weapons: " + "; ".join(problems))
