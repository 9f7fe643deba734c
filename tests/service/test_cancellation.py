"""A command cancelled half-way (a shutdown, a caller's timeout) leaves its game and every other
game able to move: a cancelled BEGIN or write is rolled back before the next transaction starts,
and a commit that went through is followed by memory (or the next move would collide with it)."""

from __future__ import annotations

import asyncio

from service_kit import inv, make_service, seated_game

from bot.service import SessionService


def _pick(service: SessionService, channel: str, user: str, seat: int):
    return inv(user, "play", channel, action=f"pick {service.session(channel).state.hands[seat][0]}")


async def _cancel_during(service: SessionService, statement: str, channel: str) -> None:
    """Play alice's pick in ``channel`` and cancel it while ``statement`` is on its way."""
    reached = asyncio.Event()
    db = service.store.db
    real = db.execute

    def spy(sql, *args, **kwargs):
        if sql == statement:
            reached.set()
        return real(sql, *args, **kwargs)

    db.execute = spy
    try:
        task = asyncio.create_task(service.handle(_pick(service, channel, "alice", 0)))
        await reached.wait()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    finally:
        db.execute = real


async def test_a_write_cancelled_during_begin_is_rolled_back_and_nothing_is_stuck():
    service = await make_service()
    await seated_game(service, channel="b")
    game = await service.store.create_game("a", "toy", {}, 1, "alice", "t")
    reached = asyncio.Event()
    db = service.store.db
    real = db.execute

    def spy(sql, *args, **kwargs):
        if sql == "BEGIN IMMEDIATE":
            reached.set()
        return real(sql, *args, **kwargs)

    db.execute = spy
    task = asyncio.create_task(service.store.take_seat(game, 0, 1, "alice"))
    await reached.wait()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    db.execute = real
    assert (await service.store.game(game)).seats == {}  # the cancelled write left nothing
    await service.store.take_seat(game, 0, 1, "alice")  # and the connection is not left in a transaction
    assert (await service.handle(_pick(service, "b", "alice", 0)))[0].text.startswith("Done")
    await service.close()


async def test_a_move_cancelled_during_begin_is_whole_or_absent():
    service = await make_service()
    for channel in ("a", "b"):
        await seated_game(service, channel=channel)
    await _cancel_during(service, "BEGIN IMMEDIATE", "a")
    session = service.session("a")
    assert session.version == (await service.store.game(session.record.id)).version
    for channel in ("b", "a"):
        seat = 1 if service.session(channel).state.picks[0] is not None else 0
        user = ("alice", "bob")[seat]
        assert (await service.handle(_pick(service, channel, user, seat)))[0].text.startswith("Done")
    assert await service.verify_snapshot("a") and await service.verify_snapshot("b")
    await service.close()


async def test_cancelled_during_commit_keeps_memory_with_the_database():
    service = await make_service()
    for channel in ("a", "b"):
        await seated_game(service, channel=channel)
    await _cancel_during(service, "COMMIT", "a")
    session = service.session("a")
    record = await service.store.game(session.record.id)
    assert session.version == record.version == 1  # the commit went through, and memory followed
    assert (await service.handle(_pick(service, "a", "bob", 1)))[0].text.startswith("Done")
    assert (await service.handle(_pick(service, "b", "alice", 0)))[0].text.startswith("Done")
    assert await service.verify_snapshot("a") and await service.verify_snapshot("b")
    await service.close()
