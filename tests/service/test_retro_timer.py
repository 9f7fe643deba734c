"""Retro Bots' programming timer on the service, on a virtual clock (nothing sleeps): "Start a 1
minute timer ... If the timer runs out, you may not add or change your program. If all players
finish programming before the timer runs out ... you may add the time left over to the next round's
programming step!" — and the run that follows, one paused step at a time; a restart during
programming keeps the programs secret and the deadline."""

from __future__ import annotations

from datetime import timedelta

from platform_kit import channel_posts, ginv, virtual_service, wait

from bot.service.clock import VirtualClock
from rules.retro import ENGINE as RETRO

SECRET = ("F2", "SHOVE", "B2")  # instruction words that must not reach the channel early


async def retro_game(service, options="timer=60 pause=1.5", users=("alice", "bob"), channel="chan-1"):
    await service.handle(ginv(users[0], "game new", channel, game="retro-bots", options=options, clock="off",
                              remind="off"))
    for user in users:
        await service.handle(ginv(user, "game join", channel))
    await service.handle(ginv(users[0], "game start", channel))
    for user in users:
        outs = await service.handle(ginv(user, "play", channel, action="type treadbot"))
        assert outs[0].text.startswith("Done"), outs[0].text
    return service.session(channel)


async def act(service, user: str, action: str):
    outs = await service.handle(ginv(user, "play", action=action))
    assert outs[0].text.startswith("Done"), outs[0].text
    return outs


async def test_time_left_when_all_lock_early_carries_over_to_the_next_round():
    service, _, _ = await virtual_service(engines={"retro-bots": RETRO})
    session = await retro_game(service)
    assert session.state.phase == "program" and session.state.round == 1
    assert session.pending()[0].time_limit == 60
    await wait(service, seconds=10)
    await act(service, "alice", "program F2 R")
    await act(service, "alice", "lock")
    await wait(service, seconds=10)
    await act(service, "bob", "lock")
    # 40 seconds were left on the timer: the service measured them into the log, the rules kept them
    assert session.state.phase in ("run", "end", "program") and session.state.bank == 40
    log = await service.core.store.actions(session.game_id)
    assert [a.notation for a in log if a.notation.startswith("clock")] == ["clock 40"]
    # the run waits for its pauses, then plays through them
    version = session.version
    await wait(service, seconds=1)
    assert session.version == version  # nothing before the pause is up
    await wait(service, seconds=0.6)
    assert session.version == version + 1  # one step
    await wait(service, minutes=10)  # the rest of the run catches up
    state = session.state
    assert state.round == 2 or state.phase == "over" or RETRO.pending(state).keys() - {-1}
    if state.round == 2 and state.phase == "program":
        assert session.pending()[0].time_limit == 100  # the minute plus the 40 s carried over
    await service.close()


async def test_when_the_timer_runs_out_programs_lock_as_they_are():
    service, _, outbox = await virtual_service(engines={"retro-bots": RETRO})
    session = await retro_game(service, options="timer=30 pause=0")
    await act(service, "alice", "add F1")
    await wait(service, seconds=29)
    assert session.state.phase == "program"
    await wait(service, seconds=1)
    pushed = channel_posts(outbox.take())
    assert any("Time is up for" in o.text for o in pushed)
    assert session.state.round == 2 or session.state.phase != "program"
    assert session.state.bank == 0  # nothing carried over
    await service.close()


async def test_a_restart_during_programming_keeps_programs_secret_and_the_deadline(tmp_path):
    path = tmp_path / "g.db"
    service, clock, outbox = await virtual_service(path, engines={"retro-bots": RETRO})
    session = await retro_game(service)
    outs = await act(service, "alice", "program F2 SHOVE B2")
    posts = channel_posts(outs) + channel_posts(outbox.take())
    assert not any(word in o.text for o in posts for word in SECRET)  # the channel learns nothing
    await wait(service, seconds=20)
    deadline = session.record.clock["seats"]["0"]["rule_at"]
    await service.close()
    again, _, outbox = await virtual_service(path, engines={"retro-bots": RETRO}, clock=VirtualClock(clock.now()))
    session = again.session("chan-1")
    assert session.state.programs[0] == ("F2", "SHOVE", "B2") and session.record.clock["seats"]["0"]["rule_at"] == deadline
    view = RETRO.public_view(session.state).model_dump_json()
    assert "SHOVE" not in view and "B2" not in view
    await wait(service=again, seconds=39)
    assert session.state.phase == "program"
    await wait(service=again, seconds=1)  # the minute is up, 40 s after the restart as before it
    assert session.state.phase != "program" or session.state.round == 2
    await again.close()


async def test_the_countdown_is_shown_on_the_board_and_the_panel():
    """"a countdown that players can see": the board and each programmer's panel say when time runs out."""
    service, _, _ = await virtual_service(engines={"retro-bots": RETRO})
    await retro_game(service)
    await wait(service, seconds=15)
    outs = await service.handle(ginv("alice", "play", action="add F1"))
    panel = [o for o in outs if o.slot and o.slot.startswith("panel:")]
    assert panel and "⏱ Time runs out in 45s." in panel[0].text
    board = (await service.handle(ginv("carol", "game board")))[0].text
    assert "⏱ Time runs out in 45s." in board
    await service.close()


async def test_on_discord_the_countdown_is_a_live_timestamp():
    """Discord draws ``<t:…:R>`` as "in 45 seconds" and keeps it ticking in every client."""
    service, clock, _ = await virtual_service(engines={"retro-bots": RETRO})
    await retro_game(service, channel="123456789")
    board = (await service.handle(ginv("carol", "game board", "123456789")))[0].text
    deadline = int((clock.now() + timedelta(seconds=60)).timestamp())
    assert f"⏱ Time runs out <t:{deadline}:R>." in board
    await service.close()
