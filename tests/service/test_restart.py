"""Kill the service mid-game, restart it on the same database, finish: the same game as without
the interruption (same final snapshot, same action log), and every snapshot equals its replay."""

from __future__ import annotations

import pytest
from toy_engine import ENGINE as TOY

from bot.service import Invocation, SessionService, Store

PLAYERS = ("alice", "bob", "carol", "dave")


def _engines() -> list:
    engines = [pytest.param(TOY, "", id="toy")]
    try:
        from rules.kaploom import ENGINE as KAPLOOM
    except ImportError:
        return engines
    # Random-ish KAPLOOM! games last hundreds of rounds, so that case compares after 400 actions.
    return engines + [pytest.param(KAPLOOM, "", id="kaploom")]


def _inv(user: str, command: str, **options: str) -> Invocation:
    return Invocation(PLAYERS.index(user) + 1, user, "chan", command, options)


async def _open(path, engine) -> SessionService:
    service = SessionService(Store(path), engines={engine.name: engine}, render=False, seed=2024)
    await service.start()
    return service


async def _begin(service, engine, options) -> None:
    await service.handle(_inv("alice", "game new", game=engine.name, options=options))
    seats = len(service.session("chan").labels)
    for user in PLAYERS[:seats]:
        await service.handle(_inv(user, "game join"))
    await service.handle(_inv("alice", "game start"))


async def _steps(service, engine, count: int) -> int:
    """Up to ``count`` actions by a fixed policy: a version- and seat-dependent pick among the legal
    actions, never undoing one (a random walk through assign/unassign may never end), and the last
    one listed (the engines list "ready"/"done" last) every fifth step."""
    done = 0
    while done < count and (session := service.session("chan")) is not None:
        seat = engine.to_act(session.state)[0]
        legal = [n for n in map(engine.format, engine.legal_actions(session.state, seat))
                 if not n.startswith("unassign")]
        notation = legal[-1] if session.version % 5 == 4 else legal[(session.version * 7 + seat) % len(legal)]
        outs = await service.handle(_inv(PLAYERS[seat], "play", action=notation))
        assert outs[0].text == f"Done: {notation}", outs[0].text
        done += 1
    return done


async def _final(service, game_id):
    record = await service.store.game(game_id)
    actions = await service.store.actions(game_id)
    return record.status, record.snapshot, [(a.seq, a.seat, a.notation, a.public_text) for a in actions]


@pytest.mark.parametrize(("engine", "options"), _engines())
async def test_restart_mid_game_equals_uninterrupted(tmp_path, engine, options):
    cap = 3000 if engine is TOY else 400
    steady = await _open(tmp_path / "steady.db", engine)
    await _begin(steady, engine, options)
    game_id = steady.session("chan").record.id
    total = await _steps(steady, engine, cap)
    if engine is TOY:
        assert steady.session("chan") is None, "the policy should finish a game"
    expected = await _final(steady, game_id)
    await steady.close()

    first = await _open(tmp_path / "crash.db", engine)
    await _begin(first, engine, options)
    await _steps(first, engine, total // 2)
    assert await first.verify_snapshot("chan")
    # "kill": the first service is dropped without close(); its commits are all that survive.
    second = await _open(tmp_path / "crash.db", engine)
    resumed = second.session("chan")
    assert resumed is not None and resumed.version == total // 2
    assert await second.verify_snapshot("chan")
    assert engine.dump(resumed.state) == engine.dump(first.session("chan").state)
    await _steps(second, engine, total - total // 2)
    assert await _final(second, game_id) == expected
    assert expected[0] == ("over" if engine is TOY else expected[0]) and len(expected[2]) == total
    await second.close()
    await first.close()
