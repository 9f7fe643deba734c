"""Undo (Board Game Arena's policy: your own last step, while nobody else has acted since, never
across a random draw or a reveal; the log records the undo and replay agrees) and the upgrade of a
database written by release 0.1.0 with a game in progress, which then plays to its end."""

from __future__ import annotations

import shutil
from pathlib import Path

from platform_kit import ginv, pick, toy_game, virtual_service
from service_kit import only_error

from bot.service import Invocation, SessionService, Store, TargetKind
from bot.service.replay import UNDO
from bot.service.store import migration_files
from rules.kaploom import ENGINE as KAPLOOM

RELEASE_DB = Path(__file__).parents[1] / "data" / "release-0.1.0.db"


async def test_undo_takes_back_my_own_hidden_step_and_replay_agrees():
    service, _, _ = await virtual_service()
    await toy_game(service, users=("alice", "bob", "carol"), clock="off", remind="off")
    session = service.session("chan-1")
    first = session.state.hands[0][0]
    await pick(service, "alice", 0)
    outs = await service.handle(ginv("alice", "game undo"))
    assert outs[0].text == "Taken back." and outs[0].target.kind is TargetKind.EPHEMERAL
    # the channel saw "red picked a card", so it is told the pick was taken back (not which card)
    (post,) = [o for o in outs if o.target.kind is TargetKind.CHANNEL]
    assert "alice (red) took back a step." in post.text and str(first) not in post.text
    assert session.state.picks[0] is None
    # her decision is open again under the same key: she was told of it once, and is not told again
    assert not [o for o in outs if o.target.kind is TargetKind.DM and "**Your move**" in o.text]
    actions = await service.store.actions(session.game_id)
    assert [(a.notation, a.undoes) for a in actions] == [(f"pick {first}", None), (UNDO, 1)]
    assert await service.verify_snapshot("chan-1")
    # a second undo has nothing left to take back
    assert "Nothing has been played" in only_error(await service.handle(ginv("alice", "game undo")), "alice")
    await pick(service, "alice", 0)  # and she picks again
    assert session.state.picks[0] is not None
    await service.close()


async def test_undo_is_refused_after_another_player_acted():
    service, _, _ = await virtual_service()
    await toy_game(service, users=("alice", "bob", "carol"), clock="off", remind="off")
    await pick(service, "alice", 0)
    await pick(service, "bob", 1)
    before = service.session("chan-1").version
    text = only_error(await service.handle(ginv("alice", "game undo")), "alice")
    assert "someone else has acted since" in text
    assert service.session("chan-1").version == before
    await service.close()


async def test_undo_is_refused_after_a_reveal_or_a_roll():
    service, _, _ = await virtual_service()
    await toy_game(service, clock="off", remind="off")
    await pick(service, "alice", 0)
    await pick(service, "bob", 1)  # the last pick reveals every card
    text = only_error(await service.handle(ginv("bob", "game undo")), "bob")
    assert "cannot be taken back" in text and "revealed" in text
    # a gamble is settled by the house's roll: the last step is the house's, not the gambler's
    session = service.session("chan-1")
    while session is not None and session.running and session.state.phase != "gamble":
        for seat, user in enumerate(("alice", "bob")):
            if session.state.phase == "pick" and session.state.picks[seat] is None:
                await pick(service, user, seat)
        session = service.session("chan-1")
    if session is not None and session.running:
        leader = ("alice", "bob")[session.state.leader]
        await service.handle(ginv(leader, "play", action="gamble"))
        text = only_error(await service.handle(ginv(leader, "game undo")), leader)
        assert "someone else has acted since" in text  # the house rolled after the gamble
    await service.close()


async def test_kaploom_placements_undo_but_not_the_reveal():
    service, _, _ = await virtual_service(engines={"kaploom": KAPLOOM})
    await service.handle(ginv("alice", "game new", game="kaploom", options="seed=11", clock="off", remind="off"))
    await service.handle(ginv("alice", "game join", seat="villain"))
    await service.handle(ginv("bob", "game join", seat="hero"))
    await service.handle(ginv("bob", "game start"))
    await service.handle(ginv("alice", "play", action="assign 1 wham"))
    assert (await service.handle(ginv("alice", "game undo")))[0].text == "Taken back."
    session = service.session("chan-1")
    assert session.state.players[0].assign == {}
    await service.handle(ginv("alice", "play", action="ready"))
    await service.handle(ginv("bob", "play", action="ready"))  # the reveal
    assert "cannot be taken back" in only_error(await service.handle(ginv("bob", "game undo")), "bob")
    assert await service.verify_snapshot("chan-1")
    await service.close()


async def test_a_release_0_1_0_database_is_upgraded_and_its_game_finished(tmp_path):
    """The file release 0.1.0 wrote is upgraded in place. Its running KAPLOOM! game was saved under
    rules version 1 (KAPLOOM!'s rules changed since: issue 8's corrections), so it is refused alone
    with one line; its lobby holds no state of the rules, opens under the current ones, and that
    game is played to its end."""
    path = tmp_path / "old.db"
    shutil.copy(RELEASE_DB, path)
    service = SessionService(Store(path), engines={"kaploom": KAPLOOM}, render=False, seed=3)
    await service.start(run_timers=False)
    try:
        assert [v for v, _ in await service.store.schema_versions()] == [v for v, _ in migration_files()]
        old = service.core.sessions.in_channel("table")
        assert old is not None and old.broken and "version 1 of the KAPLOOM! rules" in old.broken
        assert old.record.version == 23 and (await service.store.game(old.game_id)).version == 23  # kept
        refused = await service.handle(Invocation(1, "someone", "table", "game status", {}))
        assert len(refused) == 1 and "version 1 of the KAPLOOM! rules" in refused[0].text
        lobby = service.session("lobby2")
        assert lobby is not None and lobby.state is None and lobby.seats[1].name == "dave"
        assert (await service.store.game(lobby.game_id)).rules_version == KAPLOOM.rules_version
        players = {holder.user_id: holder.name for holder in lobby.seats.values()}
        first = next(iter(players))
        if len(players) < 2:
            await service.handle(Invocation(999, "erin", "lobby2", "game join", {}))
            players[999] = "erin"
        outs = await service.handle(Invocation(first, players[first], "lobby2", "game start", {}))
        assert "begins" in outs[0].text, outs[0].text
        session = service.session("lobby2")
        assert session.settings.clock is None  # a lobby of the first release gets no clock sprung on it
        moves = 0
        while (session := service.session("lobby2")) is not None:
            seat = KAPLOOM.to_act(session.state)[0]
            legal = [KAPLOOM.format(a) for a in KAPLOOM.legal_actions(session.state, seat)]
            assigns = [n for n in legal if n.startswith("assign")]
            holder = session.seats[seat]
            outs = await service.handle(Invocation(holder.user_id, holder.name, "lobby2", "play",
                                                   {"action": assigns[0] if assigns else legal[0]}))
            assert outs[0].text.startswith("Done"), outs[0].text
            moves += 1
            assert moves < 3000
        record = await service.store.game(lobby.game_id)
        assert record.status == "over" and record.outcome is not None
    finally:
        await service.close()
