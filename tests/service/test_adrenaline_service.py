"""Adrenaline on the service, on a virtual clock (nothing sleeps): a Tagback Grenade window waits for
the victim, its `reaction_wait` deadline plays the default ("none") whatever the clock settings, and
a restart during the window keeps it, the deadline and the victim's hand secret; respawns likewise."""

from __future__ import annotations

from platform_kit import channel_posts, ginv, virtual_service, wait

from bot.service.clock import VirtualClock
from rules.adrenaline import ENGINE as E
from rules.adrenaline.ai import ActivePolicy
from rules.core.rng import Rng
from tests.rules.adrenaline.helpers import play, spawned

USERS = ("alice", "bob", "carol")
SEED = 11
OPTIONS = {"skulls": "5", "pace": "live"}


def _log_until(phase: str, limit: int = 3000, when=lambda s: True) -> list[tuple[int, str]]:
    """A log of legal actions from the game the service will start (same seed, options, seats) that
    ends where ``phase`` opens (and ``when`` holds); random choices, tried with a few generators."""
    options = E.parse_options(OPTIONS)
    for chooser in range(5, 40):
        s = E.new_game(SEED, options, E.seat_plan(options).labels[:3])
        rng, policy, log = Rng(chooser), ActivePolicy(), []
        for _ in range(limit):
            if E.outcome(s) is not None:
                break
            seat = E.to_act(s)[0]
            action = policy.choose(None, None, E.legal_actions(s, seat), rng)
            log.append((seat, E.format(action)))
            s, _ = E.apply(s, seat, action)
            if s.phase == phase and when(s):
                return log
    raise AssertionError(f"no {phase} found")


async def _game_at(service, phase: str, when=lambda s: True):
    await service.handle(ginv("alice", "game new", game="adrenaline", options=f"seed={SEED} skulls=5", clock="off",
                              remind="off"))
    for user in USERS:
        await service.handle(ginv(user, "game join"))
    await service.handle(ginv("alice", "game start"))
    session = service.session("chan-1")
    for seat, notation in _log_until(phase, when=when):
        outs = await service.handle(ginv(USERS[seat], "play", action=notation))
        assert outs[0].text.startswith("Done"), (notation, outs[0].text)
    assert session.state.phase == phase
    return session


async def test_an_unanswered_tagback_window_closes_at_its_deadline_and_survives_a_restart(tmp_path):
    path = tmp_path / "g.db"
    service, clock, outbox = await virtual_service(path, engines={"adrenaline": E})
    session = await _game_at(service, "tagback")
    victims = session.state.reacting
    shooter = session.state.turn
    assert victims and all(session.pending()[v].time_limit == 60 for v in victims)
    hands = [session.state.players[v].powerups for v in victims]
    posts = channel_posts(outbox.take())
    assert not any("tagback_grenade:" in o.text or "Tagback Grenade (" in o.text for o in posts)
    await wait(service, seconds=30)
    deadline = session.record.clock["seats"][str(victims[0])]["rule_at"]
    await service.close()  # a restart in the middle of the window

    again, _, _ = await virtual_service(path, engines={"adrenaline": E}, clock=VirtualClock(clock.now()))
    session = again.session("chan-1")
    assert session.state.phase == "tagback" and session.state.reacting == victims
    assert session.record.clock["seats"][str(victims[0])]["rule_at"] == deadline
    assert [session.state.players[v].powerups for v in victims] == hands
    await wait(service=again, seconds=29)
    assert session.state.phase == "tagback"
    await wait(service=again, seconds=1)  # a minute after the shot, the default: no grenade
    assert session.state.phase != "tagback"
    assert [session.state.players[v].powerups for v in victims] == hands
    assert session.state.turn == shooter or session.state.phase != "turn"
    await again.close()


async def test_respawn_choices_wait_their_deadline_then_discard_the_card_just_drawn(tmp_path):
    service, _, _ = await virtual_service(tmp_path / "r.db", engines={"adrenaline": E})
    session = await _game_at(service, "respawn", when=lambda s: any(
        len(set(s.players[k].powerups)) >= 2 for k in s.respawning))
    killed = session.state.respawning
    hands = {s: session.state.players[s].powerups for s in killed}
    assert any(len(set(h)) >= 2 for h in hands.values())  # a choice that matters
    assert all(session.pending()[s].time_limit == 60 for s in killed)
    await wait(service, seconds=60)
    state = session.state
    assert state.phase != "respawn"
    spawns = {"R": "a2", "B": "c1", "Y": "d3"}
    for s in killed:
        drawn = hands[s][-1]
        assert sorted(state.players[s].powerups) == sorted(hands[s][:-1])  # the card just drawn went
        assert state.players[s].square == spawns[drawn[-1]] or state.players[s].killed  # and placed them
    await service.close()


async def _timed_game(service, timeout: str):
    await service.handle(ginv("alice", "game new", game="adrenaline", options=f"seed={SEED} skulls=5", clock="1m",
                              remind="off", timeout=timeout))
    for user in USERS:
        await service.handle(ginv(user, "game join"))
    await service.handle(ginv("alice", "game start"))
    return service.session("chan-1")


async def test_a_turn_that_times_out_under_skip_spawns_keeping_the_first_card_and_ends():
    """The turn's default: cancel the draft, forfeit the rest, reload nothing, end the turn; a pending
    spawn keeps the first card drawn."""
    service, _, _ = await virtual_service(engines={"adrenaline": E})
    session = await _timed_game(service, "skip")
    seat = session.state.turn
    first_card = session.state.players[seat].powerups[0]
    await service.handle(ginv(USERS[seat], "play", action=f"spawn:{session.state.players[seat].powerups[1]}"))
    await service.handle(ginv(USERS[seat], "play", action="run"))  # a draft, then nothing more
    assert session.state.draft == ("run",)
    await wait(service, minutes=1)
    state = session.state
    assert state.turn != seat and state.draft == () and state.players[seat].powerups == (first_card,)
    nxt = state.turn
    kept = state.players[nxt].powerups[0]
    await wait(service, minutes=1)  # the next one does nothing at all: spawned with the first card drawn
    assert session.state.players[nxt].powerups == (kept,) and session.state.players[nxt].square is not None
    await service.close()


async def test_under_timeout_bot_the_ai_plays_the_seat_until_it_is_taken_back():
    service, _, _ = await virtual_service(engines={"adrenaline": E})
    session = await _timed_game(service, "bot")
    seat = session.state.turn
    await wait(service, minutes=1)
    assert session.seats[seat].autopilot
    turns = session.state.turns
    await wait(service, minutes=1)
    assert session.state.turns > turns or session.state.turn != seat
    assert session.state.tagback_answer.get(seat, "ask") == "ask"  # the AI leaves the person's setting
    await service.close()


def test_several_targets_are_one_multi_select_beside_back_and_cancel():
    """The issue: "several targets are one multi-select with the effect's minimum and maximum"."""
    from bot.service.menus import multi_level
    from rules.adrenaline.engine import Line

    s = spawned(map="small")
    s.set_player(1, square="b2")
    s.set_player(2, square="c2")
    s.set_player(0, weapons=(("machine_gun", True),))
    draft = play(play(play(s, 0, "shoot"), 0, "machine_gun"), 0, "basic")
    buttons, select = multi_level(E, draft, 0, 7, "0.t1")
    assert select.actions == ("dozer", "sprog") and (select.minimum, select.maximum) == (1, 2)
    assert [b.action for b in buttons] == ["back", "cancel", "end"]
    assert Line((select.join(["sprog", "dozer"]),)) in E.legal_actions(draft, 0)
    after = play(draft, 0, select.join(["sprog", "dozer"]))
    assert after.draft[-1] == "dozer,sprog"
    assert multi_level(E, s, 0, 7, "0.t1") is None  # the first level is a plain menu


async def test_a_multi_select_combination_the_rules_refuse_gets_the_rules_sentence():
    """Shockwave: "Choose up to 3 targets on different squares" — two picked on one square are refused
    with the rule, not as an out-of-date click."""
    from bot.service.presentation import decision_token

    service, _, _ = await virtual_service(engines={"adrenaline": E})
    await service.handle(ginv("alice", "game new", game="adrenaline", options=f"seed={SEED} skulls=5 map=small",
                              clock="off", remind="off"))
    for user in USERS:
        await service.handle(ginv(user, "game join"))
    await service.handle(ginv("alice", "game start"))
    session = service.session("chan-1")
    s = session.state
    seat = s.turn
    others = [k for k in range(3) if k != seat]
    s.set_player(seat, square="b2", powerups=(), weapons=(("shockwave", True),))
    for k in others:
        s.set_player(k, square="c2")
    for notation in ("shoot", "shockwave", "basic"):
        outs = await service.handle(ginv(USERS[seat], "play", action=notation))
        assert outs[0].text.startswith("Done"), outs[0].text
    both = ",".join(session.state.seats[k] for k in others)
    outs = await service.handle(ginv(USERS[seat], "play", action=both, for_game=str(session.game_id),
                                     token=decision_token(session, seat)))
    assert "out of date" not in outs[0].text.lower() and "different squares" in outs[0].text.lower(), outs[0].text
    await service.close()


async def test_under_timeout_vote_the_others_skip_the_turn_and_its_default_is_played():
    """The turn's default under a vote to skip: the draft is dropped and the turn ends (a pending spawn
    keeps the first card drawn)."""
    service, _, outbox = await virtual_service(engines={"adrenaline": E})
    session = await _timed_game(service, "vote")
    seat = session.state.turn
    first_card = session.state.players[seat].powerups[0]
    await service.handle(ginv(USERS[seat], "play", action="spawn"))  # a partial line: nothing done
    await wait(service, seconds=60)
    (vote,) = [o for o in outbox.take() if "ran out of time. What now?" in o.text]
    skip = next(b for b in vote.buttons if b.label == "Skip their move")
    voters = [u for k, u in enumerate(USERS) if k != seat]
    for user in voters:
        await service.handle(ginv(user, "play", action=skip.action, for_game=str(skip.game_id), token=skip.token))
    state = session.state
    assert state.turn != seat and state.players[seat].powerups == (first_card,)
    assert state.players[seat].square is not None and state.draft == ()
    await service.close()
