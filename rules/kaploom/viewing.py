"""Projections of the state into the view models: public (channel) and private (one screen)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from rules.kaploom import scoring
from rules.kaploom.data import COLOURS, FACE_NAMES, SUPPLY_FACES, game_data
from rules.kaploom.state import Player, State
from rules.kaploom.views import (
    AssignmentView,
    DieView,
    PlayerView,
    PoolView,
    PrivateView,
    PublicView,
    RevealView,
)

if TYPE_CHECKING:
    from rules.kaploom.engine import KaploomEngine

_PHASE = {"roll": "roll", "reveal": "reveal", "power_up": "power_up", "over": "over"}


@cache  # DieView is frozen and a die is a hashable colour or tuple of faces: share one view per die
def _die(i: int, die) -> DieView:
    if isinstance(die, tuple):
        return DieView(id=i + 1, kind="action", colour="gray", faces=tuple(FACE_NAMES[f] for f in die))
    return DieView(id=i + 1, kind="trait", colour=die, faces=tuple(FACE_NAMES[f] for f in game_data().trait_faces[die]))


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
            dice=tuple(i + 1 for i in ids), active=active,
            value=a.value if a.role in ("base", "kicker", "multiplier") else None,
            faces=tuple(FACE_NAMES[p.roll[i]] for i in ids) if p.roll else (),
        ))
    return tuple(out)


def _multiplier_ignored(s: State, p: Player) -> bool:
    """Does the player this attack goes at ignore its multiplier (TIMEOUT!'s SLOW MOTION)?"""
    target = s.players[1 - p.seat] if s.variant != "2v2" else (
        s.players[p.target] if p.target is not None else None)
    return target is not None and bool(scoring.has_phase2(target, "ignore_multiplier"))


def _revealed(engine: KaploomEngine, s: State, p: Player) -> RevealView | None:
    if s.phase == "roll" or not p.roll:
        return None
    return RevealView(
        roll={i + 1: FACE_NAMES[f] for i, f in enumerate(p.roll)},
        assignments=_assignments(engine, s, p),
        attack=scoring.total(s, p, "attack", _multiplier_ignored(s, p)),
        defense=scoring.total(s, p, "defense"),
        target=p.target if s.variant == "2v2" else None,
    )


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
    )
