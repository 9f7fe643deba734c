"""At start-up each saved game is checked on its own: what a crash (or the first release's shared
transaction) can leave is repaired from the game's seed and log; a game whose history is lost is
refused with one clear line in its channel, while every other game goes on. Never a game that
fails on every move (seen: N+1 log rows but version N, then `UNIQUE constraint failed` forever)."""

from __future__ import annotations

import sqlite3

from service_kit import USERS, inv, make_service, only_error, seated_game
from toy_engine import ENGINE as TOY

from bot.service import TargetKind


async def _played(path, channels: tuple[str, ...], moves: int) -> dict[str, int]:
    """Games in ``channels`` with ``moves`` actions each; returns channel -> game id."""
    service = await make_service(path)
    ids = {}
    for channel in channels:
        await seated_game(service, channel=channel)
        for _ in range(moves):
            await _move(service, channel)
        ids[channel] = service.session(channel).record.id
    await service.close()
    return ids


async def _move(service, channel: str) -> list:
    session = service.session(channel)
    seat = TOY.to_act(session.state)[0]
    notation = TOY.format(TOY.legal_actions(session.state, seat)[0])
    outs = await service.handle(inv(("alice", "bob")[seat], "play", channel, action=notation))
    assert outs[0].text.startswith("Done:"), outs[0].text
    return outs


def _sql(path, *statements: tuple[str, tuple]) -> None:
    with sqlite3.connect(path) as db:
        for sql, params in statements:
            db.execute(sql, params)


async def test_a_log_row_without_its_version_is_repaired_from_the_log(tmp_path):
    path = tmp_path / "g.db"
    ids = await _played(path, ("hurt", "fine"), moves=3)
    # What the shared transaction left: the next action's log row committed, its version update lost.
    service = await make_service(path)
    session = service.session("hurt")
    seat = TOY.to_act(session.state)[0]
    notation = TOY.format(TOY.legal_actions(session.state, seat)[0])
    await service.close()
    _sql(path, ("INSERT INTO actions (game_id, seq, seat, user_id, notation, public_text, at)"
                " VALUES (?, 4, ?, ?, ?, '', 't')", (ids["hurt"], seat, USERS[("alice", "bob")[seat]], notation)))

    service = await make_service(path)
    hurt = service.session("hurt")
    assert hurt.broken is None and hurt.version == 4
    assert (await service.store.game(ids["hurt"])).version == 4
    assert await service.verify_snapshot("hurt")
    await _move(service, "hurt")  # the next move is seq 5: no UNIQUE failure, ever
    await _move(service, "fine")
    assert service.session("fine").version == 4 and await service.verify_snapshot("fine")
    await service.close()


async def test_lost_history_refuses_that_game_alone_with_one_line(tmp_path):
    path = tmp_path / "g.db"
    ids = await _played(path, ("lost", "fine"), moves=2)
    # "version 20 but 0 log rows": the version counts moves the log does not hold.
    _sql(path, ("UPDATE games SET version = 20 WHERE id = ?", (ids["lost"],)))

    service = await make_service(path)
    lost = service.session("lost")
    assert lost.broken is not None and "version 20 but 2 log rows" in lost.broken
    for user, command, options in [("alice", "play", {"action": "stand"}), ("bob", "game board", {}),
                                   ("bob", "game hand", {}), ("carol", "game join", {}),
                                   ("alice", "game log", {})]:
        text = only_error(await service.handle(inv(user, command, "lost", **options)), user)
        assert "saved history is damaged" in text and "/game abort" in text
    status = await service.handle(inv("carol", "game status", "lost"))
    assert "saved history is damaged" in status[0].text
    # the other game goes on
    await _move(service, "fine")
    # the creator ends the damaged one; a new game can open there
    outs = await service.handle(inv("alice", "game abort", "lost"))
    assert outs[0].target.kind is TargetKind.CHANNEL and "aborted" in outs[0].text
    await seated_game(service, channel="lost")
    await _move(service, "lost")
    await service.close()


async def test_a_snapshot_that_does_not_load_is_rebuilt_from_the_log(tmp_path):
    path = tmp_path / "g.db"
    ids = await _played(path, ("odd",), moves=3)
    _sql(path, ("UPDATE games SET snapshot_json = '{\"not\": \"a toy state\"}' WHERE id = ?", (ids["odd"],)))
    service = await make_service(path)
    odd = service.session("odd")
    assert odd.broken is None and odd.version == 3
    assert await service.verify_snapshot("odd")
    await _move(service, "odd")
    await service.close()


async def test_a_game_this_bot_does_not_have_is_refused_alone(tmp_path):
    path = tmp_path / "g.db"
    ids = await _played(path, ("gone", "fine"), moves=1)
    _sql(path, ("UPDATE games SET game = 'chess' WHERE id = ?", (ids["gone"],)))
    service = await make_service(path)
    assert "'chess', which this bot does not have" in service.session("gone").broken
    text = only_error(await service.handle(inv("alice", "play", "gone", action="stand")), "alice")
    assert "chess" in text
    await _move(service, "fine")
    outs = await service.handle(inv("carol", "game abort", "gone", manage=True))
    assert "aborted" in outs[0].text
    await service.close()


async def test_a_gap_in_the_log_is_refused_not_replayed(tmp_path):
    path = tmp_path / "g.db"
    ids = await _played(path, ("gap",), moves=2)
    # rows 1, 2 and a stray 4: four would be needed for version 3, and one is missing
    _sql(path, ("INSERT INTO actions (game_id, seq, seat, user_id, notation, public_text, at)"
                " VALUES (?, 4, 0, 101, 'stand', '', 't')", (ids["gap"],)),
         ("UPDATE games SET version = 3 WHERE id = ?", (ids["gap"],)))
    service = await make_service(path)
    assert "damaged" in service.session("gap").broken
    await service.close()


async def test_a_repaired_log_that_ends_the_game_closes_it(tmp_path):
    """The lost update may be the game's last move: the repair finds the game over and frees the
    channel (it used to stay 'running' with nobody to act, refusing /game new for good)."""
    path = tmp_path / "g.db"
    service = await make_service(path)
    await seated_game(service, channel="end", options="target=1")
    while True:
        session = service.session("end")
        seat = TOY.to_act(session.state)[0]
        action = TOY.legal_actions(session.state, seat)[0]
        after, _ = TOY.apply(session.state, seat, action)
        if TOY.outcome(after) is not None:
            break
        await service.handle(inv(("alice", "bob")[seat], "play", "end", action=TOY.format(action)))
    game_id, version = session.record.id, session.version
    await service.close()
    _sql(path, ("INSERT INTO actions (game_id, seq, seat, user_id, notation, public_text, at)"
                " VALUES (?, ?, ?, ?, ?, '', 't')",
                (game_id, version + 1, seat, USERS[("alice", "bob")[seat]], TOY.format(action))))
    service = await make_service(path)
    assert service.session("end") is None
    record = await service.store.game(game_id)
    assert (record.status, record.version) == ("over", version + 1)
    outs = await service.handle(inv("alice", "game new", "end", game="toy"))
    assert outs[0].target.kind is TargetKind.CHANNEL
    await service.close()
