"""Helpers for driving the session service directly in tests."""

from __future__ import annotations

from pathlib import Path

from toy_engine import ENGINE as TOY

from bot.service import Invocation, Output, SessionService, Store, TargetKind

USERS = {"alice": 101, "bob": 202, "carol": 303, "dave": 404, "erin": 505}
CHANNEL = "chan-1"


def inv(user: str, command: str, channel: str = CHANNEL, manage: bool = False, **options: object) -> Invocation:
    return Invocation(USERS[user], user, channel, command, {k: str(v) for k, v in options.items()},
                      can_manage_channel=manage)


def click(user: str, action: str, session, token: str | None = None, channel: str = CHANNEL,
          request_id: str | None = None) -> Invocation:
    """A click on a component made for ``session``'s game, for decision ``token`` (default: the
    clicker's current decision)."""
    if token is None:
        seat = session.seat_of(USERS[user])
        decision = session.engine.pending(session.state).get(seat) if seat is not None else None
        token = f"{seat}.{decision.key}" if decision is not None else "-"
    options = {"action": action, "for_game": str(session.record.id), "token": token}
    return Invocation(USERS[user], user, channel, "play", options, request_id=request_id)


async def make_service(path: str | Path = ":memory:", seed: int = 1, engines: dict | None = None) -> SessionService:
    service = SessionService(Store(path), engines=engines or {"toy": TOY}, render=False, seed=seed)
    await service.start()
    return service


async def seated_game(service: SessionService, channel: str = CHANNEL, options: str = "", **settings: str) -> None:
    """alice (red) and bob (blue) at a started two-seat toy game in ``channel``."""
    options = " ".join(part for part in ("players=2", options) if part)
    await service.handle(inv("alice", "game new", channel, game="toy", options=options, **settings))
    await service.handle(inv("alice", "game join", channel, seat="red"))
    await service.handle(inv("bob", "game join", channel, seat="blue"))
    outs = await service.handle(inv("alice", "game start", channel))
    assert outs[0].target.kind is TargetKind.CHANNEL, outs


def only_error(outputs: list[Output], user: str) -> str:
    """The single one-line ephemeral error a refusal must be."""
    assert len(outputs) == 1, outputs
    out = outputs[0]
    assert out.target.kind is TargetKind.EPHEMERAL and out.target.user_id == USERS[user]
    assert "\n" not in out.text and out.text
    assert out.image is None and not out.buttons and out.select is None
    return out.text


async def snapshot_of(service: SessionService, channel: str = CHANNEL) -> tuple:
    """Everything a refusal must leave unchanged: state dump, version, the stored log and snapshot."""
    session = service.session(channel)
    assert session is not None
    record = await service.store.game(session.record.id)
    actions = await service.store.actions(session.record.id)
    state = session.engine.dump(session.state) if session.state is not None else None
    return state, session.version, record.version, record.snapshot, record.status, actions, dict(record.seats)
