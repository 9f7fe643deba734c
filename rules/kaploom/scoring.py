"""Phase 2 arithmetic: (base + kickers) x multiplier for attack and for defense."""

from __future__ import annotations

from rules.kaploom.data import ActionDef, game_data
from rules.kaploom.state import Player, State


def _defs(p: Player) -> list[ActionDef]:
    actions = game_data().actions
    return [actions[a] for a in p.active]


def ally_of(state: State, p: Player) -> Player | None:
    for q in state.players:
        if q.team == p.team and q.seat != p.seat:
            return q
    return None


def total(state: State, p: Player, which: str, ignore_multiplier: bool = False) -> int:
    """``which`` is "attack" or "defense". No base means no total (0). A knocked-out player's total
    is still what they revealed; Phase 2 itself skips attacks by and at knocked-out players."""
    bases, kickers, multipliers = [], 0, [1]
    for a in _defs(p):
        if a.adds_to != which:
            continue
        if a.role == "base":
            bases.append(a.value)
        elif a.role == "kicker":
            if a.same_target:
                ally = ally_of(state, p)
                if ally is None or ally.ko or ally.target != p.target:
                    continue
            kickers += a.value + (len(p.dice) // a.value_per_dice if a.value_per_dice else 0)
        elif a.role == "multiplier":
            multipliers.append(a.value)
    if not bases:
        return 0
    base = max(bases)
    for lock in p.locked_in:
        kind, amount = game_data().actions[lock].lock
        if kind == "base_defense_bonus" and which == "defense":
            base += amount
        elif kind == "attack_kicker" and which == "attack":
            kickers += amount
        elif kind == "desperation_per" and which == "attack":
            base += max(0, p.max_health - p.health) // amount
    return (base + kickers) * (1 if ignore_multiplier else max(multipliers))


def has_phase2(p: Player, key: str) -> object:
    actions = game_data().actions
    for aid in p.active:
        a = actions[aid]
        if a.role == "phase2":
            for k, v in a.phase2:
                if k == key:
                    return v
    return None
