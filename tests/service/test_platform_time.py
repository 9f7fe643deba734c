"""The service speaks first: notices once per decision, reminders, clocks and every time-out policy,
and deadlines that survive a restart — on a virtual clock, so nothing here sleeps."""

from __future__ import annotations

from datetime import timedelta

from platform_kit import (
    channel_posts,
    dms_to,
    ginv,
    pick,
    toy_game,
    virtual_service,
    wait,
)
from service_kit import USERS, only_error
from toy_engine import ENGINE as TOY

from bot.service import TargetKind
from bot.service.clock import VirtualClock
from bot.service.driver import AUTOMATIC_BURST
from rules.kaploom import ENGINE as KAPLOOM


async def test_each_player_is_told_once_per_decision():
    service, _, outbox = await virtual_service()
    await service.handle(ginv("alice", "game new", game="toy", options="players=2"))
    await service.handle(ginv("alice", "game join"))
    await service.handle(ginv("bob", "game join"))
    start = await service.handle(ginv("alice", "game start"))
    for user in ("alice", "bob"):
        (screen,) = dms_to(start, user)
        assert screen.text.splitlines()[1].startswith("**Your move** — pick a card")
    # alice picks: bob's decision goes on (the same key): nobody is told again
    outs = await pick(service, "alice", 0)
    assert not dms_to(outs, "bob") and not any(o.mentions for o in outs)
    # bob picks: the reveal; only the leader gets a new decision, and is told once
    outs = await pick(service, "bob", 1)
    leader = service.session("chan-1").state.leader
    if leader is not None:
        told = [o for o in dms_to(outs, ("alice", "bob")[leader]) if "**Your move**" in o.text]
        assert len(told) == 1 and "stand or gamble" in told[0].text
        assert not [o for o in dms_to(outs, ("alice", "bob")[1 - leader]) if "**Your move**" in o.text]
    assert outbox.take() == []  # nothing was pushed: everything answered a command
    await service.close()


async def test_mention_mode_pings_in_the_channel_and_sends_no_dm():
    service, _, _ = await virtual_service()
    outs = await service.handle(ginv("bob", "game notify", mode="mention"))
    assert "mention" in outs[0].text and outs[0].target.kind is TargetKind.EPHEMERAL
    assert "off" in only_error(await service.handle(ginv("bob", "game notify", mode="loud")), "bob")
    await service.handle(ginv("alice", "game new", game="toy", options="players=2"))
    await service.handle(ginv("alice", "game join"))
    await service.handle(ginv("bob", "game join"))
    start = await service.handle(ginv("alice", "game start"))
    assert not dms_to(start, "bob") and dms_to(start, "alice")
    (board,) = channel_posts(start)
    assert board.mentions == (USERS["bob"],) and "@bob: your move" in board.text
    # the setting is per server: in another server bob still gets DMs
    assert (await service.handle(ginv("bob", "game notify", guild="g2")))[0].text.startswith(
        "You are told of your moves by: dm")
    await service.close()


async def test_reminders_come_after_the_idle_time_at_most_n_times_and_reset_per_decision():
    service, _, outbox = await virtual_service()
    await toy_game(service, remind="2m", reminders="2", clock="off")
    assert await wait(service, seconds=119) == 0 and outbox.take() == []
    assert await wait(service, seconds=1) == 2  # one reminder for each player still to pick
    reminders = outbox.take()
    assert sorted(o.target.user_id for o in reminders) == sorted(USERS[u] for u in ("alice", "bob"))
    assert all(o.target.kind is TargetKind.DM and "has waited 2m for your move" in o.text for o in reminders)
    await pick(service, "alice", 0)
    assert await wait(service, minutes=2) == 1  # bob's second and last reminder
    assert [o.target.user_id for o in outbox.take()] == [USERS["bob"]]
    assert await wait(service, hours=5) == 0  # no third
    await pick(service, "bob", 1)  # a new decision (the gamble, or the next round): counting starts anew
    assert await wait(service, minutes=2) >= 1
    await service.close()


async def test_time_out_skip_plays_the_default_and_says_so():
    service, _, outbox = await virtual_service()
    await toy_game(service, clock="1m+10s", remind="off")
    hand = service.session("chan-1").state.hands[0]
    await pick(service, "bob", 1)
    assert await wait(service, seconds=60) == 1
    outs = outbox.take()
    (post,) = [o for o in channel_posts(outs) if "ran out of time" in o.text]
    assert "alice (red) ran out of time: their move is skipped." in post.text
    state = service.session("chan-1").state
    assert state.revealed is not None and min(hand) in state.revealed  # the default: the lowest card
    actions = await service.store.actions(service.session("chan-1").game_id)
    assert [(a.actor, a.notation) for a in actions[:2]] == [("person", actions[0].notation), ("timer", f"pick {min(hand)}")]
    assert await service.verify_snapshot("chan-1")
    await service.close()


async def test_time_out_bot_hands_the_seat_to_the_ai_until_resume_seat():
    service, _, outbox = await virtual_service()
    await toy_game(service, clock="1m", timeout="bot", remind="off")
    await pick(service, "bob", 1)
    await wait(service, seconds=60)
    outs = outbox.take()
    assert any("alice (red) ran out of time: the AI plays red until they /game resume-seat" in o.text for o in outs)
    session = service.session("chan-1")
    assert session.seats[0].autopilot and not session.seats[1].autopilot
    assert session.state.revealed is not None  # the AI picked for alice at once
    status = (await service.handle(ginv("carol", "game status")))[0].text
    assert "alice (red), played by the AI for now" in status
    actions = await service.store.actions(session.game_id)
    assert "bot" in {a.actor for a in actions}
    refused = only_error(await service.handle(ginv("alice", "play", action="stand")), "alice")
    assert "resume-seat" in refused
    outs = await service.handle(ginv("alice", "game resume-seat"))
    assert "alice takes red back from the AI" in outs[0].text
    assert any(o.target.kind is TargetKind.DM and o.target.user_id == USERS["alice"] for o in outs)
    assert not service.session("chan-1").seats[0].autopilot
    assert "already in charge" in only_error(await service.handle(ginv("alice", "game resume-seat")), "alice")
    await service.close()


async def test_time_out_vote_lets_the_others_decide():
    service, _, outbox = await virtual_service()
    await toy_game(service, users=("alice", "bob", "carol"), clock="1m", timeout="vote", remind="off")
    await pick(service, "bob", 1)
    await pick(service, "carol", 2)
    await wait(service, seconds=60)
    (vote,) = [o for o in outbox.take() if "ran out of time. What now?" in o.text]
    assert set(vote.mentions) == {USERS["bob"], USERS["carol"]}
    assert [b.label for b in vote.buttons] == ["Skip their move", "Let the AI play them", "End the game"]
    skip = next(b for b in vote.buttons if b.label == "Skip their move")
    click = ginv("bob", "play", action=skip.action, for_game=str(skip.game_id), token=skip.token)
    # a vote by someone else, and one by the player it is about, are refused
    for user in ("dave", "alice"):
        other = ginv(user, "play", action=skip.action, for_game=str(skip.game_id), token=skip.token)
        assert "Only the other players" in only_error(await service.handle(other), user)
    outs = await service.handle(click)
    assert outs[0].text == "Your vote: Skip their move (1 of the 2 needed)." and service.session("chan-1").state.revealed is None  # 1 of 2
    carol = ginv("carol", "play", action=skip.action, for_game=str(skip.game_id), token=skip.token)
    outs = await service.handle(carol)
    assert any("The table skips alice (red)'s move." in o.text for o in outs)
    assert service.session("chan-1").state.revealed is not None
    assert "vote is over" in only_error(await service.handle(click), "bob")
    await service.close()


async def test_a_rule_timer_plays_the_default_whatever_the_clock(monkeypatch):
    """A decision with a rule's own time limit (Retro Bots' minute) ends when it runs out, even in a
    game without a clock."""
    from toy_engine import ToyEngine

    from rules.core.engine import Decision

    class Timed(ToyEngine):
        def pending(self, state):
            return {seat: Decision(d.kind, d.key, d.default, d.prompt, time_limit=30)
                    for seat, d in super().pending(state).items()}

    service, _, outbox = await virtual_service(engines={"toy": Timed()})
    await toy_game(service, clock="off", remind="off")
    assert await wait(service, seconds=30) == 2
    assert sum("Time is up for" in o.text for o in channel_posts(outbox.take())) >= 1
    assert service.session("chan-1").state.round >= 1 and service.session("chan-1").version >= 2
    await service.close()


async def test_deadlines_that_passed_while_down_fire_once_each_in_order(tmp_path):
    path = tmp_path / "g.db"
    service, clock, _ = await virtual_service(path)
    await toy_game(service, channel="a", clock="10m", remind="3m", reminders="3")
    clock.advance(timedelta(minutes=1))
    await toy_game(service, channel="b", clock="10m", remind="3m", reminders="3")
    await service.close()  # the bot goes down for an hour
    later = VirtualClock(clock.now() + timedelta(hours=1))
    service, _, outbox = await virtual_service(path, clock=later)
    pushed = outbox.take()
    # every deadline of both games, once: a reminder each (not three), then the time-outs, game a first
    reminders = [o for o in pushed if o.target.kind is TargetKind.DM and "has waited" in o.text]
    timeouts = [o for o in pushed if "ran out of time" in o.text]
    assert len(reminders) == 4 and len(timeouts) >= 2
    order = [o.target.channel_id for o in pushed if o.target.channel_id in ("a", "b")]
    assert order.index("a") < order.index("b")
    assert [o.target.channel_id for o in timeouts][:1] == ["a"]
    # and nothing fires twice: no deadline is left that passed
    assert await service.advance(timedelta(0)) == 0
    await service.close()
    again, _, outbox = await virtual_service(path, clock=VirtualClock(later.now()))
    assert not [o for o in outbox.take() if "has waited" in o.text or "ran out of time" in o.text]
    await again.close()


async def test_a_notice_is_never_sent_twice_across_a_restart(tmp_path):
    path = tmp_path / "g.db"
    service, clock, _ = await virtual_service(path)
    await toy_game(service, clock="off", remind="off")
    await pick(service, "alice", 0)
    await service.close()
    service, _, outbox = await virtual_service(path, clock=VirtualClock(clock.now()))
    assert outbox.take() == []
    outs = await pick(service, "bob", 1)
    told = [o for o in outs if "**Your move**" in o.text]
    assert len(told) <= 1  # only the leader's new decision, if there is one
    await service.close()


async def test_clocks_are_shown_and_banks_run_only_while_deciding():
    service, _, _ = await virtual_service()
    await toy_game(service, clock="10m+30s", remind="off")
    await wait(service, minutes=2)
    await pick(service, "alice", 0)
    status = (await service.handle(ginv("carol", "game status")))[0].text
    # alice: 10m - 2m + 30s; bob still deciding: 10m - 2m
    assert "Clocks: alice (red) 8m30s, ▸bob (blue) 8m" in status
    board = (await service.handle(ginv("carol", "game board")))[0].text
    assert "Clocks: alice (red) 8m30s, ▸bob (blue) 8m" in board
    await service.close()


async def test_bad_clock_and_settings_values_are_one_line_and_open_nothing():
    service, _, _ = await virtual_service()
    for options in ({"clock": "3x"}, {"clock": "5s"}, {"clock": "40d"}, {"remind": "-5"}, {"pace": "fast"},
                    {"timeout": "nap"}, {"bots": "99"}, {"reminders": "²"}, {"clock": "1h+8d"}):
        text = only_error(await service.handle(ginv("alice", "game new", game="toy", **options)), "alice")
        assert len(text) < 200, text
        assert service.session("chan-1") is None
    await service.close()


async def test_a_time_out_plays_defaults_until_the_decision_ends():
    """KAPLOOM!'s default for a player who owes a TIME JUMP re-roll is `skip`, which leaves the
    Phase 1 decision open (`ready` is still to say): the time-out plays the next default too, so
    the game goes on instead of waiting for good (the scale bench found such a game)."""
    from rules.kaploom import ENGINE as KAPLOOM

    service, _, outbox = await virtual_service(engines={"kaploom": KAPLOOM})
    await service.handle(ginv("alice", "game new", game="kaploom", options="seed=5", clock="1m", remind="off"))
    await service.handle(ginv("alice", "game join", seat="villain"))
    await service.handle(ginv("bob", "game join", seat="hero"))
    await service.handle(ginv("alice", "game start"))
    session = service.session("chan-1")
    jump = next(n for n in (KAPLOOM.format(a) for a in KAPLOOM.legal_actions(session.state, 0))
                if n.endswith(" time_jump"))
    await service.handle(ginv("alice", "play", action=jump))
    assert session.state.players[0].pending_reroll  # alice owes a re-roll now
    await service.handle(ginv("bob", "play", action="ready"))
    assert await wait(service, seconds=60) >= 1
    actions = await service.store.actions(session.game_id)
    timed = [(a.seat, a.notation) for a in actions if a.actor == "timer"]
    assert timed[:2] == [(0, "skip"), (0, "ready")], timed
    assert session.state.phase != "roll" or session.state.round > 1  # the round went on
    outbox.take()
    await service.close()


async def test_an_ai_only_game_plays_in_bounded_runs_while_other_games_deadlines_fire():
    """Both KAPLOOM! players run out of time under timeout:bot: the AI plays the game out, but a few
    moves at a time (driver.AUTOMATIC_BURST), so a reminder of another game that fell due meanwhile
    is sent before that game is over, not after hundreds of AI moves."""
    service, _, outbox = await virtual_service(engines={"toy": TOY, "kaploom": KAPLOOM})
    await service.handle(ginv("alice", "game new", game="kaploom", clock="1m", timeout="bot", remind="off"))
    for user in ("alice", "bob"):
        await service.handle(ginv(user, "game join"))
    await service.handle(ginv("alice", "game start"))
    await toy_game(service, channel="chan-2", users=("carol", "dave"), remind="90s", reminders="1", clock="off")
    outbox.take()
    runs = []
    settle = service.driver.settle

    async def counted(session, limit=AUTOMATIC_BURST):
        before = session.version
        outs = await settle(session, limit)
        runs.append(session.version - before)
        return outs

    service.driver.settle = counted
    await wait(service, seconds=120)
    pushed = outbox.take()
    assert service.session("chan-1") is None  # the AIs played it to the end
    assert max(runs) <= AUTOMATIC_BURST and sum(runs) > 3 * AUTOMATIC_BURST
    reminder = next(i for i, o in enumerate(pushed) if "has waited" in o.text)
    last_of_kaploom = max(i for i, o in enumerate(pushed) if o.target.channel_id == "chan-1")
    assert reminder < last_of_kaploom
    await service.close()
