"""Seats over a long game: leave, replace, kick by vote, AI seats from the start (bots:N) and after
a leave, one person holding several seats, /game mine, and a saved game of another rules version
refused alone while the others go on."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

from platform_kit import channel_posts, ginv, person, pick, toy_game, virtual_service
from service_kit import USERS, only_error

from bot.service import TargetKind
from bot.service.clock import VirtualClock
from bot.service.replay import replay
from rules.kaploom import ENGINE as KAPLOOM


async def test_leaving_a_running_game_hands_the_seat_to_an_ai_which_plays_on():
    service, _, _ = await virtual_service()
    await toy_game(service, clock="off", remind="off")
    outs = await service.handle(ginv("bob", "game leave"))
    assert "bob left the game: the AI plays blue from now on." in outs[0].text
    session = service.session("chan-1")
    assert session.seats[1].kind == "bot" and session.state.picks[1] is not None  # the AI picked at once
    while (session := service.session("chan-1")) is not None:
        seat = session.engine.to_act(session.state)[0]
        assert seat == 0, "only alice is ever waited for"
        action = session.engine.format(session.engine.legal_actions(session.state, 0)[0])
        await service.handle(ginv("alice", "play", action=action))
    game_id = service.core.sessions.in_channel("chan-1").game_id
    rows = service.store.db  # the results keep who played: a person and an AI seat
    async with rows.execute("SELECT seat, kind FROM results WHERE game_id = ? ORDER BY seat", (game_id,)) as cur:
        assert [tuple(r) for r in await cur.fetchall()] == [(0, "person"), (1, "bot")]
    await service.close()


async def test_the_last_person_leaving_ends_the_game():
    service, _, _ = await virtual_service()
    await service.handle(ginv("alice", "game new", game="toy", bots="1", clock="off"))
    await service.handle(ginv("alice", "game join"))
    await service.handle(ginv("alice", "game start"))
    outs = await service.handle(ginv("alice", "game leave"))
    assert "nobody is left to play" in outs[0].text
    assert service.session("chan-1") is None
    board = await service.handle(ginv("carol", "game board"))  # a finished game stays readable
    assert board[0].target.kind is TargetKind.CHANNEL and "final board" in board[0].text
    await service.close()


async def test_replace_gives_the_seats_to_someone_else_who_sees_their_screen_at_once():
    service, _, _ = await virtual_service()
    await toy_game(service, clock="off", remind="off")
    refused = only_error(await service.handle(ginv("bob", "game replace", old=person("bob"), new=person("carol"))), "bob")
    assert "Only the creator (alice)" in refused
    assert "dave holds no seat" in only_error(
        await service.handle(ginv("alice", "game replace", old=person("dave"), new=person("carol"))), "alice")
    assert "Name the old player" in only_error(await service.handle(ginv("alice", "game replace", old="bob")), "alice")
    outs = await service.handle(ginv("alice", "game replace", old=person("bob"), new=person("carol")))
    assert outs[0].text == "alice handed blue from bob to carol."
    screen = [o for o in outs if o.target.kind is TargetKind.DM]
    assert [o.target.user_id for o in screen] == [USERS["carol"]] and "You now play blue in place of bob." in screen[0].text
    await pick(service, "carol", 1)
    assert "not seated" in only_error(await service.handle(ginv("bob", "play", action="stand")), "bob")
    await service.close()


async def test_kick_is_a_majority_vote_of_the_other_players():
    service, _, outbox = await virtual_service()
    await toy_game(service, users=("alice", "bob", "carol", "dave"), clock="off", remind="off")
    assert "Only the players" in only_error(
        await service.handle(ginv("erin", "game kick", player=person("bob"))), "erin")
    outs = await service.handle(ginv("alice", "game kick", player=person("bob")))
    vote = next(o for o in outs if o.buttons)
    assert set(vote.mentions) == {USERS["alice"], USERS["carol"], USERS["dave"]} and "asks to kick bob" in vote.text
    assert outs[-1].text == "Your vote: Kick (1 of the 2 needed)."  # the caller's own vote counts
    yes = next(b for b in vote.buttons if b.label == "Kick")
    click = {"action": yes.action, "for_game": str(yes.game_id), "token": yes.token}
    assert "Only the other players" in only_error(await service.handle(ginv("bob", "play", **click)), "bob")
    outs = await service.handle(ginv("carol", "play", **click))
    assert any("The table voted bob out: the AI plays blue from now on." in o.text for o in outs)
    assert service.session("chan-1").seats[1].kind == "bot"
    await service.close()


async def test_a_kaploom_game_with_an_ai_seat_is_played_to_the_end():
    service, _, _ = await virtual_service(engines={"kaploom": KAPLOOM})
    await service.handle(ginv("alice", "game new", game="kaploom", bots="1", clock="off", remind="off"))
    opened = service.session("chan-1")
    assert opened.seats[1].kind == "bot"
    await service.handle(ginv("alice", "game join"))
    outs = await service.handle(ginv("alice", "game start"))
    assert "alice (villain) vs AI (hero)" in outs[0].text
    moves = 0
    while (session := service.session("chan-1")) is not None:
        legal = [KAPLOOM.format(a) for a in KAPLOOM.legal_actions(session.state, 0)]
        assert legal, "the game waits only for alice"
        assigns = [n for n in legal if n.startswith("assign")]
        outs = await service.handle(ginv("alice", "play", action=assigns[0] if assigns else legal[0]))
        assert outs[0].text.startswith("Done"), outs[0].text
        moves += 1
        assert moves < 2000
    record = await service.store.game(opened.game_id)
    actions = await service.store.actions(opened.game_id)
    assert record.status == "over" and record.outcome["summary"]
    assert {"person", "bot"} <= {a.actor for a in actions}
    # the AI's moves are logged like any other: seed + log replay the final snapshot exactly
    replayed = replay(KAPLOOM, record.seed, KAPLOOM.parse_options({}), [(a.seat, a.notation) for a in actions])
    assert KAPLOOM.dump(replayed) == record.snapshot
    await service.close()


async def test_one_person_may_hold_several_seats_where_the_game_allows():
    service, _, _ = await virtual_service()
    await service.handle(ginv("alice", "game new", game="toy", options="players=3", clock="off", remind="off"))
    await service.handle(ginv("alice", "game join", seat="red"))
    outs = await service.handle(ginv("alice", "game join", seat="blue"))
    assert "alice joins as blue (2/3). Open seats: green. Enough to play: /game start." in outs[0].text
    outs = await service.handle(ginv("alice", "game start"))
    assert "alice (red) vs alice (blue)" in outs[0].text
    session = service.session("chan-1")
    hands = session.state.hands
    # with two seats waiting, the named seat plays; without a name, the first that waits
    assert await service.autocomplete("chan-1", USERS["alice"], "play", "seat", "") == [
        ("red — your move", "red"), ("blue — your move", "blue")]
    await service.handle(ginv("alice", "play", action=f"pick {hands[1][0]}", seat="blue"))
    assert session.state.picks == (None, hands[1][0])
    assert await service.autocomplete("chan-1", USERS["alice"], "play", "seat", "") == [
        ("red — your move", "red"), ("blue", "blue")]
    # /play's autocomplete offers what /play without a seat would play: red's cards now, not blue's
    assert await service.autocomplete("chan-1", USERS["alice"], "play", "action", "") == [
        (f"pick {c}", f"pick {c}") for c in sorted(hands[0], reverse=True)]
    assert "do not hold a seat called 'green'" in only_error(
        await service.handle(ginv("alice", "play", action="stand", seat="green")), "alice")
    outs = await service.handle(ginv("alice", "play", action=f"pick {hands[0][0]}"))
    assert outs[0].text.startswith("Done") and session.state.revealed is not None
    await service.close()


async def test_kaploom_keeps_one_person_per_seat():
    service, _, _ = await virtual_service(engines={"kaploom": KAPLOOM})
    await service.handle(ginv("alice", "game new", game="kaploom"))
    await service.handle(ginv("alice", "game join"))
    assert "already sit" in only_error(await service.handle(ginv("alice", "game join", seat="hero")), "alice")
    await service.close()


async def test_mine_lists_the_games_waiting_on_me_first_oldest_wait_first():
    service, clock, _ = await virtual_service()
    await toy_game(service, channel="early", clock="off", remind="off")
    clock.advance(timedelta(hours=1))
    await toy_game(service, channel="quiet", clock="off", remind="off")
    await pick(service, "alice", 0, channel="quiet")  # alice has picked there: waiting on bob
    clock.advance(timedelta(hours=1))
    await toy_game(service, channel="late", clock="off", remind="off")
    await toy_game(service, channel="elsewhere", users=("carol", "alice"), clock="off", remind="off")
    other = ginv("alice", "game new", "far", guild="g2", game="toy")
    await service.handle(other)
    clock.advance(timedelta(minutes=30))
    text = (await service.handle(ginv("alice", "game mine")))[0].text
    lines = text.splitlines()
    assert lines[0] == "Your games here (4; 3 waiting on you):"
    assert [line.split(":")[0] for line in lines[1:]] == ["#early", "#late", "#elsewhere", "#quiet"]
    assert "waiting 2h30m" in lines[1] and "Round 1 · picking cards — **your move** (red)" in lines[1]
    assert "waiting for bob (blue)" in lines[4]
    assert "#far" not in text  # another server's game
    await service.close()


async def test_a_game_saved_under_other_rules_is_refused_alone(tmp_path):
    path = tmp_path / "g.db"
    service, clock, _ = await virtual_service(path)
    await toy_game(service, channel="old", clock="off", remind="off")
    await toy_game(service, channel="fine", clock="off", remind="off")
    game_id = service.session("old").game_id
    await service.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET rules_version = 99 WHERE id = ?", (game_id,))
    service, _, outbox = await virtual_service(path, clock=VirtualClock(clock.now()))
    (notice,) = [o for o in outbox.take() if o.target.channel_id == "old"]
    assert notice.target.kind is TargetKind.CHANNEL and "version 99" in notice.text and "/game abort" in notice.text
    assert "version 99" in only_error(await service.handle(ginv("alice", "play", "old", action="stand")), "alice")
    await pick(service, "alice", 0, channel="fine")
    outs = await service.handle(ginv("alice", "game abort", "old"))
    assert "aborted" in channel_posts(outs)[0].text
    await service.close()


async def test_bad_seat_requests_are_one_line():
    service, _, _ = await virtual_service()
    await service.handle(ginv("alice", "game new", game="toy", options="players=2"))
    assert "No seat 'purple'" in only_error(await service.handle(ginv("bob", "game join", seat="purple")), "bob")
    assert "not seated" in only_error(await service.handle(ginv("carol", "game leave")), "carol")
    assert "has not started" in only_error(await service.handle(ginv("alice", "game undo")), "alice")
    assert "not started" in only_error(await service.handle(ginv("alice", "game kick", player=person("bob"))), "alice")
    await service.close()


async def test_a_cooperative_game_begins_together_and_group_choices_wait_for_the_people():
    """Jupiter Rescue: the seats play together (no "vs"); who goes first and where the pod docks are
    the group's (DecisionKind.GROUP): an AI seat leaves them to the person at the table, who may
    answer for everyone, and the answer is announced."""
    from rules.jupiter import ENGINE as JUPITER

    service, _, _ = await virtual_service(engines={JUPITER.name: JUPITER})
    await service.handle(ginv("alice", "game new", game=JUPITER.name, bots="1", clock="off", remind="off"))
    await service.handle(ginv("alice", "game join"))
    outs = await service.handle(ginv("alice", "game start"))
    assert " vs " not in outs[0].text and "together" in outs[0].text, outs[0].text
    session = service.session("chan-1")
    # The AI took the last seat (robot 7), alice the first: interchangeable robots are numbered
    # afresh, so the channel, the board and the notation all speak of robots 1 and 2.
    assert session.labels == ("robot 1", "robot 2") and "AI (robot 2)" in outs[0].text, outs[0].text
    human = next(seat for seat, holder in session.record.seats.items() if holder.kind != "bot")
    core = JUPITER.legal_actions(session.state, human)[0]
    await service.handle(ginv("alice", "play", action=JUPITER.format(core)))
    # The AI chose its core at once (its own decision), but not who goes first: that waits for alice.
    assert session.state.phase == "first_player" and set(JUPITER.pending(session.state)) == {0, 1}
    outs = await service.handle(ginv("alice", "play", action="first 2"))
    assert outs[0].text.startswith("Done"), outs[0].text
    assert session.state.current == 1 and session.state.phase == "dock"
    edge = JUPITER.format(JUPITER.legal_actions(session.state, human)[-1])
    outs = await service.handle(ginv("alice", "play", action=edge))
    assert session.state.pod_dock is not None
    # The announcement is in the channel's story of the game (the living board keeps its newest lines,
    # and the AI seat has played its whole turn since).
    log = await service.handle(ginv("bob", "game log"))
    assert "Robot 1 decides for the group where the pod docks" in " ".join(o.text for o in log)
    await service.close()
