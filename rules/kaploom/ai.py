"""KAPLOOM! heuristic AI seat ("heuristic"): it sees its own private view and the legal actions only.

Phase 1: plan the best actions to complete with the dice showing, re-roll what the plan leaves over
(TIME JUMP, PAUSE), point at the weakest opponent (2 vs 2), place the plan die by die, `ready`.
Phase 2: pay a face for OVERCHARGE when the attack gets through. Phase 3: use the power-ups that help
(a gained face goes straight onto an empty slot), attach stored faces, `done` (knocked out: keep the
duo-board dice, `done`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from rules.core.engine import Decision
from rules.core.rng import Rng
from rules.kaploom.actions import Action, split_use
from rules.kaploom.data import COLOURS, FACE_CODES, ActionDef, game_data
from rules.kaploom.requirements import faces_match, fits_slot, meets, unfold
from rules.kaploom.views import PlayerView, PrivateView

READY, SKIP, DONE, FORFEIT = Action("ready"), Action("skip"), Action("done"), Action("forfeit")
FIGHT = ("base", "kicker", "multiplier")
NO_FIGHT = (0, 0, 1)  # (base, kickers, multiplier) of a total; no base means no total
WORTH = {"B": 0.1, "T": 1.0, "A": 1.0, "X": 1.1, "M": 1.3, "E": 1.3, "W": 2.5}  # spend cheap dice first
SIG_WORTH = {kind + f: w + (0.3 if kind == "a" else 0.0) for kind in "at" for f, w in WORTH.items()}
ROLE_ORDER = {"base": 0, "multiplier": 1, "kicker": 2}  # bases first: a kicker needs one to count
WANT = {"W": 1.5, "M": 1.0, "E": 1.0, "X": 0.8, "T": 0.6, "A": 0.6}  # how much a player wants a face
PRIMARY = {"red": "M", "yellow": "E", "blue": "X", "purple": "T", "green": "A"}
LOCK_WORTH = {"attack_kicker": 6.0, "base_defense_bonus": 3.0, "free_reroll": 3.0, "desperation_per": 4.0}
PLAN_BUDGET = 3000  # search states per plan; past it the search takes what fits (many dice, late game)


class Context(NamedTuple):
    """What a plan is worth depends on: constant through Phase 1, so plans are cached on it."""

    round: int
    health: int
    max_health: int
    target_health: int  # of the opponent my attack goes at
    threat: float  # a guess at the attack coming my way
    dice: int
    locked_in: frozenset[str]
    bonus: tuple[int, int]  # what locked-in abilities add to my attack and defense when they have a base
    ally_down: bool


def _me(view: PrivateView) -> PlayerView:
    return view.public.players[view.seat]


def _foes(view: PrivateView) -> list[PlayerView]:
    return [p for p in view.public.players if p.team != _me(view).team]


def _target(view: PrivateView) -> PlayerView | None:
    """Whom my attack hits: the other player; in 2 vs 2 where I pointed, or else the weakest opponent."""
    mine, alive = _me(view).revealed, [p for p in _foes(view) if not p.knocked_out]
    if view.public.variant != "2v2":
        return _foes(view)[0]
    if mine and mine.target is not None:
        return view.public.players[mine.target]
    return min(alive, key=lambda p: (p.health, p.seat), default=None)


def _context(view: PrivateView) -> Context:
    me, target = _me(view), _target(view)
    alive = [p for p in _foes(view) if not p.knocked_out]
    locks = [a for a in game_data().actions.values() if a.name in me.locked_in]
    lock = Counter(dict(a.lock for a in locks))
    desperation = (me.max_health - me.health) // lock["desperation_per"] if lock["desperation_per"] else 0
    return Context(
        round=view.public.round, health=me.health, max_health=me.max_health,
        target_health=target.health if target else 0,
        threat=sum(len(p.dice) + 1 for p in alive) * (1.0 if len(alive) < 2 else 0.6), dice=len(me.dice),
        locked_in=frozenset(a.id for a in locks),
        bonus=(lock["attack_kicker"] + desperation, lock["base_defense_bonus"]),
        ally_down=any(p.knocked_out for p in view.public.players if p.team == me.team and p.seat != me.seat),
    )


def _sig(view: PrivateView, die: int) -> str:
    """The engine's die signature: "a"/"t" (action or trait die) + the face code it shows."""
    return ("a" if _me(view).dice[die - 1].kind == "action" else "t") + FACE_CODES[view.roll[die]]


def _my_actions(view: PrivateView) -> list[ActionDef]:
    """My boards and super unless knocked out; 2 vs 2, the duo board less what my ally started alone."""
    data, me = game_data(), _me(view)
    out: list[ActionDef] = []
    if not me.knocked_out:
        out += [*data.boards["attack"], *data.boards["defense"], *data.boards["power_up"]]
        out += next((s.actions for s in data.supers.values() if s.name == me.super_board), ())
    if view.public.variant == "2v2":
        mine, ally = {a.action for a in view.assignments}, {a.action for a in view.ally_duo if a.dice}
        out += [a for a in data.duo if a.id in mine or a.id not in ally]
    return out


def _needs(view: PrivateView) -> dict[str, float]:
    """How much I want one more of each face: what I want, less what my dice already show."""
    me = _me(view)
    count = Counter(FACE_CODES[f] for f in [*(f for d in me.dice for f in d.faces), *me.stored_faces])
    sides = 6 * max(1, len(me.dice))
    return {f: w * sides / (sides + 4 * count[f]) for f, w in WANT.items()}


def _growth(ctx: Context) -> float:
    """Worth of one more die: high early, low late or when the fight is nearly over."""
    return max(0.4, 2.5 - 0.15 * (ctx.round - 1)) * min(1.0, ctx.target_health / 12, ctx.health / 10)


def _extra_worth(a: ActionDef, ctx: Context) -> float:
    """Worth of an action that is not part of the attack or defense totals."""
    g = _growth(ctx)
    if a.role == "lock_in":
        return 0.0 if a.id in ctx.locked_in else LOCK_WORTH[a.lock[0]] * min(1.0, g)
    if a.role == "phase3_trigger":
        return 1.5 if a.trigger[0] == "owner_lost_nothing" else 0.6
    if a.role == "phase2":
        return 0.5 + 0.3 * max(0.0, ctx.threat - dict(a.phase2).get("cap_loss", ctx.threat))
    if a.role != "power_up":
        return 0.0  # IMMEDIATE actions are planned apart; HAND OFF does nothing for us
    face = {None: 0.0, "non_wild": 0.4}.get(a.eff("gain_face"), 0.6) + 0.1 * bool(a.eff("exchange_face"))
    worth = g * (a.eff("gain_trait_die", 0) + 0.8 * a.eff("gain_action_die", 0) + face)
    worth += 0.8 * min(a.eff("gain_health", 0), ctx.max_health - ctx.health) + 0.3 * a.eff("immune_to_triggers", 0)
    worth += 12.0 if a.eff("revive_ally") and ctx.ally_down else 0.0
    loss = a.eff("self_loss", 0)
    return (worth - loss if ctx.health > loss + 6 else -1.0) if loss else worth


def _add(a: ActionDef, fight: tuple[int, int, int], ctx: Context) -> tuple[int, int, int] | None:
    """The total with ``a`` added, or None if it adds nothing (a second base or multiplier; no base)."""
    base, kick, mult = fight
    if a.role == "base":
        return None if base else (a.value, kick, mult)
    if not base or (a.role == "multiplier" and mult > 1):
        return None
    if a.role == "multiplier":
        return base, kick, a.value
    return base, kick + a.value + (ctx.dice // a.value_per_dice if a.value_per_dice else 0), mult


def _total(fight: tuple[int, int, int], which: str, ctx: Context) -> int:
    base, kick, mult = fight
    return (base + kick + ctx.bonus[which == "defense"]) * mult if base else 0


def _fight_worth(att: tuple[int, int, int], dfn: tuple[int, int, int], ctx: Context) -> float:
    """Damage dealt (a knock-out is worth more), and damage blocked up to the threat as my health drops."""
    attack, defense = _total(att, "attack", ctx), _total(dfn, "defense", ctx)
    hit = min(attack, ctx.target_health + 3) + (3.0 if attack >= ctx.target_health else 0.0)
    care = 0.5 + 0.7 * (1 - ctx.health / ctx.max_health) + (0.5 if ctx.health <= ctx.threat else 0.0)
    return hit + care * min(defense, ctx.threat) + 0.1 * max(0.0, defense - ctx.threat)


@lru_cache(maxsize=65536)
def _cheapest(aid: str, free: tuple[str, ...]) -> tuple[str, ...] | None:
    """The cheapest dice among ``free`` meeting the action (face slots filled first, ANY last), or None."""
    a = game_data().actions[aid]
    slots = sorted(unfold(a.req), key=lambda s: (s[0] not in WORTH, s[1] < 0, s[0] == "ANY"))
    kinds, counts, chosen = sorted(set(free), key=SIG_WORTH.get), Counter(free), []

    def fill(k: int) -> bool:
        if k == len(slots):
            return True
        kind, group = slots[k]
        partner = next((sig for (_, g), sig in chosen if group >= 0 and g == group), None)
        for sig in kinds:
            if counts[sig] and fits_slot(kind, sig) and (partner is None or faces_match(sig[1], partner[1])):
                counts[sig] -= 1
                chosen.append((slots[k], sig))
                if fill(k + 1):
                    return True
                counts[sig] += 1
                chosen.pop()
        return False

    used = tuple(sorted(sig for _, sig in chosen)) if fill(0) else None
    return used if used and meets(a, used) else None


@lru_cache(maxsize=4096)
def _plan_sigs(aids: tuple[str, ...], sigs: tuple[str, ...], ctx: Context) -> tuple[tuple[str, tuple], ...]:
    """The best actions to complete with these dice, each with its cheapest dice (a memoised search)."""
    actions = game_data().actions
    defs = sorted((actions[a] for a in aids), key=lambda a: (ROLE_ORDER.get(a.role, 3), -a.value))
    defs = [a for a in defs if _cheapest(a.id, sigs) and (a.role in FIGHT or _extra_worth(a, ctx) > 0)]
    memo: dict[Any, tuple[float, tuple]] = {}

    def best(i: int, free: tuple[str, ...], att: tuple, dfn: tuple) -> tuple[float, tuple]:
        if i == len(defs):
            return _fight_worth(att, dfn, ctx), ()
        key = (i, free, att, dfn)
        if key not in memo:
            a, options = defs[i], []
            used = _cheapest(a.id, free)
            if a.role in FIGHT:
                fight = _add(a, att if a.adds_to == "attack" else dfn, ctx)
                gain = None if fight is None else -float(a.cost)
                att2, dfn2 = (fight, dfn) if a.adds_to == "attack" else (att, fight)
            else:
                gain, att2, dfn2 = _extra_worth(a, ctx), att, dfn
            if used and gain is not None:
                rest = tuple(sorted((Counter(free) - Counter(used)).elements()))
                worth, picks = best(i + 1, rest, att2, dfn2)
                options.append((worth + gain, ((a.id, used), *picks)))
            if not options or len(memo) < PLAN_BUDGET:
                options.append(best(i + 1, free, att, dfn))
            memo[key] = max(options, key=lambda o: o[0])
        return memo[key]

    return best(0, sigs, NO_FIGHT, NO_FIGHT)[1]


def _plan(view: PrivateView, ctx: Context) -> list[tuple[str, list[int]]]:
    """The plan as (action, die ids): dice already on a planned action stay, then free dice go."""
    ids = [i for i in sorted(view.roll) if i not in view.locked]
    sig = {i: _sig(view, i) for i in ids}
    on = {i: a.action for a in view.assignments for i in a.dice}
    aids = tuple(a.id for a in _my_actions(view) if a.role != "immediate")
    plan: list[tuple[str, list[int]]] = []
    for aid, sigs in _plan_sigs(aids, tuple(sorted(sig.values())), ctx):
        plan.append((aid, dice := []))
        for s in sigs:
            taken = {i for _, ds in plan for i in ds}
            free = [i for i in ids if i not in taken and sig[i] == s]
            dice.append(min(free, key=lambda i: (on.get(i) != aid, i in on, i)))
    return plan


def _roll_phase(view: PrivateView, legal: Sequence[Action], ctx: Context) -> Action:
    plan = _plan(view, ctx)
    planned = {i: aid for aid, ids in plan for i in ids}
    spare = sorted((i for i in view.unassigned if i not in planned), key=lambda i: (SIG_WORTH[_sig(view, i)], i))
    rerolls = [Action("reroll", (i,)) for i in spare]  # owed by an IMMEDIATE action, or a free one
    if SKIP in legal:
        return next((r for r in rerolls if r in legal), SKIP)
    foe = _target(view)  # 2 vs 2: point at the weakest opponent first
    moves = [Action("target", (_foes(view).index(foe) + 1,))] if foe and view.target != foe.seat else []
    started = {a.action for a in view.assignments}
    for a in _my_actions(view):
        fit = [i for i in spare if a.role == "immediate" and a.id not in started and meets(a, (_sig(view, i),))]
        if fit and len(spare) > 1:  # lock the die least worth re-rolling, re-roll another
            die = min(fit, key=lambda i: (sum(WORTH[FACE_CODES[f]] for f in _me(view).dice[i - 1].faces), i))
            moves.append(Action("assign", (die, a.id)))
    wrong = [Action("unassign", (i,)) for a in view.assignments for i in a.dice if planned.get(i) != a.action]
    moves += rerolls + wrong + [Action("assign", (i, aid)) for aid, ids in plan for i in ids]
    return next((m for m in moves if m in legal), READY)


def _pay_or_forfeit(view: PrivateView, legal: Sequence[Action]) -> Action:
    """Pay the least wanted face (never a wild) when my attack gets through the defense."""
    mine, foe, needs = _me(view).revealed, _target(view), _needs(view)
    pays = [a for a in legal if a.verb == "pay" and a.args[-1] != "wild"]
    through = mine and foe and foe.revealed and not foe.knocked_out and mine.attack > foe.revealed.defense + 1
    return min(pays, key=lambda a: (needs[FACE_CODES[a.args[-1]]], len(a.args))) if pays and through else FORFEIT


def _use_worth(view: PrivateView, action: Action, ctx: Context) -> float:
    """What a power-up brings with these choices: the dice and faces I lack most, health, an ally."""
    aid, args, _attach = split_use(action)
    a = game_data().actions[aid]
    needs, g = _needs(view), _growth(ctx)
    colours = [x for x in args if x in COLOURS]
    faces = [FACE_CODES[x] for x in args if x not in COLOURS]
    gains_die = bool(colours) or bool(a.eff("gain_action_die") and view.public.pool.action_dice)
    worth = g * (0.5 + needs[PRIMARY[colours[0]]]) if colours else 0.0
    worth += 0.8 * g if a.eff("gain_action_die") and view.public.pool.action_dice else 0.0
    if faces:  # a face gained, less the face given in an exchange
        worth += 0.5 * g * (needs[faces[-1]] - (needs[faces[0]] if len(faces) == 2 else 0.0))
    worth += 0.8 * min(a.eff("gain_health", 0), ctx.max_health - ctx.health)
    worth += (1.0 if a.eff("immune_to_triggers") else 0.0) + (12.0 if a.eff("revive_ally") else 0.0)
    risk = a.eff("self_loss", 0) + (2 if gains_die or faces else 0)  # a SUCKER PUNCH or FACE OFF may wait
    return worth - a.eff("self_loss", 0) if ctx.health > risk else -1.0


def _power_up(view: PrivateView, legal: Sequence[Action], ctx: Context) -> Action:
    """The most helpful power-up (its gained face attached at once, `use ... attach <die>`, when a slot
    is free), then the most wanted stored face onto an empty slot, then `done`."""
    uses = [(w, -k, a) for k, a in enumerate(legal)
            if a.verb == "use" and split_use(a)[2] is None and (w := _use_worth(view, a, ctx)) > 0]
    if uses:
        best = max(uses)[2]
        attached = [a for a in legal if a.verb == "use" and split_use(a)[2] is not None
                    and Action("use", (split_use(a)[0], *split_use(a)[1])) == best]
        return attached[0] if attached else best
    needs = _needs(view)
    attaches = [(needs[FACE_CODES[a.args[0]]], -k, a) for k, a in enumerate(legal) if a.verb == "attach"]
    return max(attaches, default=(0, 0, DONE))[2]


class HeuristicPolicy:
    """Completes the best attack and defense it can, grows its dice, and never looks behind screens."""

    name = "heuristic"

    def choose(self, view: PrivateView, decision: Decision, legal: Sequence[Any], rng: Rng) -> Any:
        ctx = _context(view)
        if view.public.phase == "roll":
            action = _roll_phase(view, legal, ctx)
        elif view.public.phase == "reveal":
            action = _pay_or_forfeit(view, legal)
        else:
            action = _power_up(view, legal, ctx)
        return action if action in legal else decision.default if decision.default in legal else legal[0]
