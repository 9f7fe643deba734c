"""Projections of the state into the view models: public (channel) and private (one screen).

A player's screen lists every action of their boards with its requirement, the dice on it and
whether it is met, and the attack and defense totals the dice as placed would give. All of it is
asked of the rules themselves: requirements of ``requirements`` (the slot search the engine places
dice with) and ``engine.requirements_met``, totals of ``scoring.total`` on the player as the reveal
would leave them, what a kicker adds of ``scoring.total`` with and without it. Nothing in a private
view depends on another player's hidden facts but the ally's dice on the shared duo board (lines
476-478: "PLACES THEM ON THEIR BOARDS, OR THE DUO BOARD", which both allies see); the ally's pointer
("SECRETLY CHOOSE", line 470) stays out: TEAM UP is shown with and without it. Totals follow lines
233-245 and 273-285: (BASE + KICKER(S)) x MULTIPLIER, the higher base and the higher multiplier.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from rules.kaploom import scoring
from rules.kaploom.common import _ally, _defs, _sig, multiplier_ignored, payable_faces
from rules.kaploom.data import COLOURS, FACE_NAMES, SUPPLY_FACES, ActionDef, game_data
from rules.kaploom.requirements import seating, unfold
from rules.kaploom.state import Player, State
from rules.kaploom.views import (
    ActionView,
    AssignmentView,
    DieView,
    LastRevealView,
    PlayerView,
    PoolView,
    PrivateView,
    PublicView,
    RevealView,
    SlotView,
    TotalPart,
    TotalView,
)

if TYPE_CHECKING:
    from rules.kaploom.engine import KaploomEngine

_PHASE = {"roll": "roll", "reveal": "reveal", "power_up": "power_up", "over": "over"}


@cache  # DieView is frozen and a die is a hashable colour or tuple of faces: share one view per die
def _die(i: int, die) -> DieView:
    if isinstance(die, tuple):
        return DieView(id=i + 1, kind="action", colour="gray", faces=tuple(FACE_NAMES[f] for f in die))
    return DieView(id=i + 1, kind="trait", colour=die, faces=tuple(FACE_NAMES[f] for f in game_data().trait_faces[die]))


FIGHT_ROLES = ("base", "kicker", "multiplier")


def _agreeing(s: State, p: Player) -> State:
    """A copy of the state in which the ally points where ``p`` points: what TEAM UP ("both allies
    pointing at the same opponent") gives when the pointers agree. The result does not depend on where
    the ally really points, so nothing of the ally's secret pointer reaches the view."""
    ally = _ally(s, p)
    if ally is None or ally.target == p.target:
        return s
    copy = s.clone()
    copy.players[ally.seat].target = p.target
    return copy


@cache
def _probe_base(which: str) -> ActionDef:
    """The lowest base of a total: the base kicker and lock-in worths are measured on."""
    return min((a for a in game_data().actions.values() if a.role == "base" and a.adds_to == which),
               key=lambda a: (a.value, a.id))


def _added(s: State, p: Player, base: ActionDef, with_active: tuple[str, ...] = (),
           locked_in: tuple[str, ...] = ()) -> int:
    """What ``with_active`` (kickers) or ``locked_in`` add to ``base`` before any multiplier, asked of
    ``scoring.total``: the total with them less the total of the base alone."""
    probe = p.clone()
    probe.active, probe.locked_in = (base.id,), ()
    alone = scoring.total(s, probe, base.adds_to)
    probe.active, probe.locked_in = (base.id, *with_active), locked_in
    return scoring.total(s, probe, base.adds_to) - alone


def _worth(s: State, p: Player, a: ActionDef) -> int | None:
    """What an action is worth in a total: a base's or a multiplier's value; what a kicker adds
    (PUNISH grows with the dice its owner holds; TEAM UP as when the pointers agree)."""
    if a.role not in FIGHT_ROLES:
        return None
    if a.role != "kicker":
        return a.value
    return _added(_agreeing(s, p) if a.same_target else s, p, _probe_base(a.adds_to), (a.id,))


def _assignments(engine: KaploomEngine, s: State, p: Player, only_duo: bool = False) -> tuple[AssignmentView, ...]:
    actions = game_data().actions
    out = []
    for aid, ids in p.assign.items():
        a = actions[aid]
        if only_duo and a.board != "duo":
            continue
        # Behind the screen in Phase 1, "active" means every dice requirement is met so far.
        active = engine.requirements_met(s, p, aid) if s.phase == "roll" else aid in p.active
        out.append(AssignmentView(
            action=aid, name=a.name, board=a.board, role=a.role, requirement=a.requirement_text,
            dice=tuple(i + 1 for i in ids), active=active, value=_worth(s, p, a),
            faces=tuple(FACE_NAMES[p.roll[i]] for i in ids) if p.roll else (),
        ))
    return tuple(out)


# ---------------------------------------------------------------- a player's whole boards

_NEED = {"M": "might", "E": "energy", "T": "toughness", "A": "agility", "X": "x_factor",
         "ANY": "any", "ACT": "action", "NBA": "non_blank_action"}
# Dice are shown in the most particular slot they fit: a face first, ANY DIE last.
_SPECIFIC = {"ANY": 3, "ACT": 2, "NBA": 1}


def _fill(a: ActionDef, sigs: list[str]) -> list[int] | None:
    """Which slot of ``a``'s requirement each die sits in, by the rules' own search
    (``requirements.seating``), trying the most particular slots first."""
    slots = unfold(a.req)
    order = sorted(range(len(slots)), key=lambda k: (_SPECIFIC.get(slots[k][0], 0), k))
    return seating(slots, tuple(sigs), order)


def _slots(s: State, p: Player, a: ActionDef) -> tuple[SlotView, ...]:
    """The requirement's slots in its own order, each with the die that sits there (the ally's duo
    dice too, marked as theirs)."""
    placed = [(p, i) for i in p.assign.get(a.id, ())]
    ally = _ally(s, p)
    if a.board == "duo" and ally is not None:
        placed += [(ally, i) for i in ally.assign.get(a.id, ())]
    placed = [(q, i) for q, i in placed if q.roll]
    seats = _fill(a, [_sig(q, i) for q, i in placed]) if placed else None
    out = []
    for k, (kind, pair) in enumerate(_pairs(a)):
        die = face = None
        ally_die = False
        if seats is not None and seats[k] != -1:
            q, i = placed[seats[k]]
            die, face, ally_die = i + 1, FACE_NAMES[q.roll[i]], q is not p
        out.append(SlotView(need=_NEED[kind], pair=pair, die=die, face=face, ally=ally_die))
    if seats is None and placed:  # cannot happen with dice the engine placed; never hide a die
        out = [SlotView(need=_NEED[kind], die=i + 1, face=FACE_NAMES[q.roll[i]], ally=q is not p)
               for (kind, _), (q, i) in zip(unfold(a.req), placed, strict=False)]
    return tuple(out)


def _as_revealed(engine: KaploomEngine, s: State, p: Player) -> tuple[Player, dict[str, list[str]]]:
    """The player as the reveal would leave them if every screen came down now: active, every action
    whose requirements the dice on it meet (``engine.requirements_met``; the duo board with both
    allies' dice), lock-ins met locked in. A face cost counts as paid while the player has a face
    to pay it with; the notes (per total) say what the reveal may still change."""
    data = game_data()
    active = [aid for aid in p.assign if engine.requirements_met(s, p, aid)]
    ally = _ally(s, p)
    if ally is not None:
        active += [aid for aid in ally.assign
                   if aid not in active and data.actions[aid].board == "duo" and engine.requirements_met(s, p, aid)]
    notes: dict[str, list[str]] = {"attack": [], "defense": []}
    faces = len(payable_faces(p))  # the engine's own rule of what can pay
    for aid in list(active):
        a = data.actions[aid]
        if a.cost and a.role in FIGHT_ROLES:
            if faces >= a.cost:
                faces -= a.cost
                notes[a.adds_to].append(f"{a.name} costs {_faces(a.cost)} at the reveal: pay it or lose its "
                                        f"{_worth(s, p, a):+d}")
            else:
                active.remove(aid)
                notes[a.adds_to].append(f"{a.name} will not activate: no face left to pay its cost")
    q = p.clone()
    q.active = tuple(active)
    q.locked_in = (*p.locked_in, *(aid for aid in active if data.actions[aid].role == "lock_in"
                                   and aid not in p.locked_in))
    return q, notes


def _faces(n: int) -> str:
    return "1 face" if n == 1 else f"{n} faces"


def _slow_motion_note(s: State, p: Player) -> str | None:
    """TIMEOUT!'s SLOW MOTION makes the attack at her ignore its multiplier; whether she activated it
    is behind her screen until the reveal, her super board is not."""
    data = game_data()
    foes = [s.players[p.target]] if s.variant == "2v2" and p.target is not None else (
        [q for q in s.players if q.team != p.team] if s.variant != "2v2" else [])
    for q in foes:
        if q.super_id and any(a.role == "phase2" and dict(a.phase2).get("ignore_multiplier")
                              for a in data.supers[q.super_id].actions):
            return f"{q.label.capitalize()}'s SLOW MOTION, if they activate it, cancels your multiplier"
    return None


def _total(s: State, q: Player, which: str, ignore_multiplier: bool, notes: list[str]) -> TotalView:
    """``scoring.total`` of the player as given, with the parts it counts: the higher base, every
    kicker and locked-in bonus, the higher multiplier (lines 233-245 and 273-285)."""
    data = game_data()
    value = scoring.total(s, q, which, ignore_multiplier)
    defs = [data.actions[aid] for aid in q.active if data.actions[aid].adds_to == which]
    bases = [a for a in defs if a.role == "base"]
    if not bases:
        return TotalView(value=value, base=0, added=0, multiplier=1, parts=(), notes=tuple(notes))
    base = max(bases, key=lambda a: a.value)
    parts = [TotalPart(name=base.name, kind="base", value=base.value)]
    for a in defs:
        if a.role == "kicker" and (worth := _added(s, q, base, (a.id,))):
            parts.append(TotalPart(name=a.name, kind="kicker", value=worth))
    for lock in q.locked_in:
        if worth := _added(s, q, base, (), (lock,)):
            parts.append(TotalPart(name=data.actions[lock].name, kind="lock_in", value=worth))
    multipliers = [a for a in defs if a.role == "multiplier"]
    multiplier = 1
    if multipliers and not ignore_multiplier:
        top = max(multipliers, key=lambda a: a.value)
        multiplier = top.value
        parts.append(TotalPart(name=top.name, kind="multiplier", value=top.value))
    added = sum(part.value for part in parts if part.kind in ("kicker", "lock_in"))
    return TotalView(value=value, base=base.value, added=added, multiplier=multiplier, parts=tuple(parts),
                     notes=tuple(notes))


def _totals(engine: KaploomEngine, s: State, p: Player) -> tuple[TotalView, TotalView]:
    """Phase 1: what the dice as placed would give at the reveal. After it: the revealed totals."""
    actions = game_data().actions
    if s.phase != "roll":
        ignore = multiplier_ignored(s, p)
        cancelled = ignore and any(actions[a].role == "multiplier" and actions[a].adds_to == "attack" for a in p.active)
        notes = ["SLOW MOTION: your multiplier does not count"] if cancelled else []
        return _total(s, p, "attack", ignore, notes), _total(s, p, "defense", False, [])
    q, notes = _as_revealed(engine, s, p)
    team_up = [aid for aid in q.active if actions[aid].same_target]
    if team_up:
        # The ally's pointer is theirs to keep: the total without TEAM UP, and with it.
        sure = q.clone()
        sure.active = tuple(aid for aid in q.active if aid not in team_up)
        attack = _total(s, sure, "attack", False, notes["attack"])
        agreeing = scoring.total(_agreeing(s, q), q, "attack")
        if agreeing != attack.value:
            names = ", ".join(actions[aid].name for aid in team_up)
            attack = attack.model_copy(update=dict(
                if_ally_agrees=agreeing,
                notes=(*attack.notes, f"{names}: attack {agreeing} if your ally points at the same opponent"),
            ))
    else:
        attack = _total(s, q, "attack", False, notes["attack"])
    if not attack.base:  # no attack to pay for or to cancel
        attack = attack.model_copy(update=dict(notes=()))
    slow = _slow_motion_note(s, p)
    if slow and attack.multiplier > 1:
        attack = attack.model_copy(update=dict(notes=(*attack.notes, slow)))
    defense = _total(s, q, "defense", False, notes["defense"])
    if not defense.base:
        defense = defense.model_copy(update=dict(notes=()))
    return attack, defense


def _note(s: State, p: Player, a: ActionDef) -> str:
    if a.same_target:
        ally = _ally(s, p)
        return ("adds nothing: your ally is knocked out" if ally is not None and ally.ko
                else "counts only if your ally points at the same opponent")
    if a.cost:
        return f"costs {_faces(a.cost)} at the reveal"
    if a.role == "lock_in" and a.id in p.locked_in:
        return "already locked in"
    return ""


@cache
def _empty_action(aid: str, value: int | None, locked_in: bool, note: str) -> ActionView:
    """An action with no die on it: the same view from one screen to the next (most of a board is),
    so it is built once."""
    a = game_data().actions[aid]
    slots = tuple(SlotView(need=_NEED[kind], pair=pair) for kind, pair in _pairs(a))
    return ActionView(
        action=a.id, name=a.name, board=a.board, role=a.role, requirement=a.requirement_text, size=a.size,
        slots=slots, dice=(), met=False, active=False, value=value,
        total=a.adds_to if a.role in FIGHT_ROLES else None, counted=False, cost=a.cost, locked_in=locked_in,
        note=note,
    )


def _pairs(a: ActionDef) -> list[tuple[str, int]]:
    """The requirement's slots with matched pairs numbered 1, 2, ... (0: a single slot)."""
    numbers: dict[int, int] = {}
    return [(kind, numbers.setdefault(group, len(numbers) + 1) if group != -1 else 0) for kind, group in unfold(a.req)]


def _action_views(engine: KaploomEngine, s: State, p: Player, attack: TotalView, defense: TotalView,
                  ) -> tuple[ActionView, ...]:
    counted = {part.name for total in (attack, defense) for part in total.parts if part.kind != "lock_in"}
    if attack.if_ally_agrees is not None:
        counted |= {a.name for a in game_data().duo if a.same_target}
    ally = _ally(s, p)
    out = []
    for a in _defs(s, p):
        on_it = p.assign.get(a.id, ())
        if not on_it and (a.board != "duo" or ally is None or not ally.assign.get(a.id)):
            out.append(_empty_action(a.id, _worth(s, p, a), a.id in p.locked_in, _note(s, p, a)))
            continue
        slots = _slots(s, p, a)
        filled = any(slot.die is not None for slot in slots)
        met = filled and bool(p.roll) and engine.requirements_met(s, p, a.id)
        active = met if s.phase == "roll" else a.id in p.active
        out.append(ActionView(
            action=a.id, name=a.name, board=a.board, role=a.role, requirement=a.requirement_text, size=a.size,
            slots=slots, dice=tuple(i + 1 for i in on_it), met=met, active=active, value=_worth(s, p, a),
            total=a.adds_to if a.role in FIGHT_ROLES else None,
            counted=a.role in FIGHT_ROLES and a.name in counted and (met or active), cost=a.cost,
            locked_in=a.id in p.locked_in, note=_note(s, p, a),
        ))
    return tuple(out)


def _revealed(engine: KaploomEngine, s: State, p: Player) -> RevealView | None:
    if s.phase == "roll" or not p.roll:
        return None
    return RevealView(
        roll={i + 1: FACE_NAMES[f] for i, f in enumerate(p.roll)},
        assignments=_assignments(engine, s, p),
        attack=scoring.total(s, p, "attack", multiplier_ignored(s, p)),
        defense=scoring.total(s, p, "defense"),
        target=p.target if s.variant == "2v2" else None,
    )


def _last_reveal(s: State, p: Player) -> LastRevealView | None:
    """The last reveal fought out (``State.last_reveal``), public since it was made."""
    if not s.last_reveal:
        return None
    attack, defense, active, target, lost = s.last_reveal[p.seat]
    actions = game_data().actions
    return LastRevealView(round=s.last_reveal_round, attack=attack, defense=defense,
                          activated=tuple(actions[aid].name for aid in active), target=target, lost=lost)


def public_view(engine: KaploomEngine, s: State) -> PublicView:
    data = game_data()
    players = tuple(
        PlayerView(
            seat=p.seat, label=p.label, team=p.team,
            super_board=data.supers[p.super_id].name if p.super_id else None,
            health=p.health, max_health=p.max_health, knocked_out=p.ko,
            dice=tuple(_die(i, d) for i, d in enumerate(p.dice)),
            stored_faces=tuple(FACE_NAMES[f] for f in p.stored),
            locked_in=tuple(data.actions[a].name for a in p.locked_in),
            ready=p.ready, announced=p.announced, revealed=_revealed(engine, s, p),
            last_reveal=_last_reveal(s, p),
        )
        for p in s.players
    )
    return PublicView(
        variant=s.variant, round=s.round, phase=_PHASE[s.phase], first_player=s.first, turn_order=s.order,
        to_act=engine.to_act(s), players=players,
        pool=PoolView(
            trait_dice=dict(zip(COLOURS, s.pool_trait, strict=True)), action_dice=s.pool_action,
            faces={FACE_NAMES[c]: n for c, n in zip(SUPPLY_FACES, s.pool_faces, strict=True)},
        ),
        last_events=s.events, winners=s.winners, summary=s.summary or None,
    )


def _pending(engine: KaploomEngine, s: State, p: Player) -> tuple[str, ...]:
    if p.seat not in engine.to_act(s):
        return ()
    actions = game_data().actions
    if s.phase == "roll":
        if p.pending_reroll:
            return (f"choose a die to re-roll ({p.announced[-1]}): `reroll <die>`, or `skip`",)
        return ("place your dice (`assign <die> <action>`), then `ready`",)
    if s.phase == "reveal":
        return (f"pay a face for {actions[p.unpaid[0]].name} (`pay <face>` / `pay <die> <face>`) or `forfeit`",)
    out = ["power up (`use ...`, `attach`, `detach`), then `done`"]
    out += [f"{actions[aid].name}: you lose {n} health this phase; `take {aid}` to take it now" for aid, n in p.pending_loss]
    return tuple(out)


def private_view(engine: KaploomEngine, s: State, seat: int) -> PrivateView:
    p = s.players[seat]
    placed = {i for ids in p.assign.values() for i in ids}
    ally_duo: tuple[AssignmentView, ...] = ()
    if s.variant == "2v2":
        ally_duo = _assignments(engine, s, s.players[seat ^ 1], only_duo=True)
    attack, defense = _totals(engine, s, p)
    return PrivateView(
        seat=seat, public=public_view(engine, s),
        roll={i + 1: FACE_NAMES[f] for i, f in enumerate(p.roll)},
        assignments=_assignments(engine, s, p),
        unassigned=tuple(i + 1 for i in range(len(p.dice)) if i not in placed),
        locked=tuple(i + 1 for i in p.locked),
        target=p.target if s.variant == "2v2" else None,
        pending=_pending(engine, s, p),
        legal_count=len(engine.legal_actions(s, seat)),
        ally_duo=ally_duo,
        actions=_action_views(engine, s, p, attack, defense),
        attack=attack,
        defense=defense,
    )
