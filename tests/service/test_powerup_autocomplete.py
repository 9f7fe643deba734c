"""/play's autocomplete for POWERUP, through the service's own path (``SessionService.autocomplete``):
at most 25 suggestions, every one a legal action of the seat /play would act for, narrowed by what is
typed (those starting with it first) — in setup (placing POWERUPs, hiding tokens behind the screens)
and in a turn (``sh`` offers the shots, ``jump`` the three jumps, in the air what is left to do there).

POWERUP's ``complete`` (rules/powerup/menus.py) keeps every fitting action while 25 fit; past that it
groups them by their next word (``hide trap … (12 choices)``), so no verb or token hides behind the cut."""

from __future__ import annotations

from platform_kit import ginv, virtual_service
from service_kit import USERS

from rules.powerup import ENGINE as POWERUP
from tests.rules.powerup.conftest import play_state

USERS_OF = {"RED-RAY": "alice", "RED-TOR": "alice", "BLU-ANA": "bob", "BLU-PNK": "carol", "BLU-TOR": "bob"}


async def game(*labels: str):
    """A started POWERUP game in chan-1 (alice created it), the seats taken as USERS_OF says."""
    service, _, _ = await virtual_service(engines={"powerup": POWERUP})
    await service.handle(ginv("alice", "game new", game="powerup", clock="off", remind="off"))
    for label in labels:
        outs = await service.handle(ginv(USERS_OF[label], "game join", seat=label))
        assert outs[0].text.startswith(f"{USERS_OF[label]} joins as {label}"), outs[0].text
    outs = await service.handle(ginv("alice", "game start"))
    assert "POWERUP begins" in outs[0].text, outs[0].text
    session = service.session("chan-1")
    assert session.labels == labels
    return service, session


async def suggested(service, user: str, typed: str) -> list[str]:
    """The values /play's autocomplete offers ``user`` for ``typed``; each label is its value, or names a
    group of actions it starts (``hide trap … (12 choices)``)."""
    pairs = await service.autocomplete("chan-1", USERS[user], "play", "action", typed)
    assert len(pairs) <= 25
    assert all(label == value or label.startswith(f"{value} … (") for label, value in pairs)
    return [value for _, value in pairs]


def legal(session, seat: int) -> list[str]:
    return POWERUP.legal_actions(session.state, seat)


async def play(service, session, user: str, action: str) -> None:
    outs = await service.handle(ginv(user, "play", action=action))
    assert outs[0].text.startswith("Done"), outs[0].text


async def through_setup(service, session) -> None:
    """Every placement and every screen as the game designs them (the decisions' defaults), played with
    /play."""
    users = {seat: USERS_OF[label] for seat, label in enumerate(session.labels)}
    while session.state.phase in ("place", "hide"):
        seat, decision = next(iter(POWERUP.pending(session.state).items()))
        await play(service, session, users[seat], decision.default)
        session = service.session("chan-1")


async def test_placing_a_powerup_suggests_legal_squares_narrowed_by_what_is_typed():
    service, session = await game("RED-RAY", "BLU-TOR")
    assert session.state.phase == "place" and 0 in POWERUP.pending(session.state)
    squares = legal(session, 0)
    assert len(squares) > 25  # more than Discord shows: typing narrows them
    offered = await suggested(service, "alice", "")
    assert len(offered) == 25 and set(offered) <= set(squares)
    assert await suggested(service, "alice", "pl") == offered
    column_b = [a for a in squares if a.startswith("place B")]
    assert await suggested(service, "alice", "place B") == column_b and column_b
    assert await suggested(service, "alice", "PLACE b") == column_b  # case does not matter
    assert await suggested(service, "alice", "jump") == []
    assert await suggested(service, "bob", "") == []  # RED places: BLU is not asked
    assert await suggested(service, "erin", "") == []  # not seated
    await service.close()


async def test_behind_the_screens_start_squares_tokens_and_done_are_offered():
    service, session = await game("RED-RAY", "BLU-TOR")
    while session.state.phase == "place":
        seat, decision = next(iter(POWERUP.pending(session.state).items()))
        await play(service, session, USERS_OF[session.labels[seat]], decision.default)
        session = service.session("chan-1")
    assert session.state.phase == "hide"
    mine = legal(session, 0)
    starts = [a for a in mine if a.startswith("start ")]
    assert await suggested(service, "alice", "st") == starts and starts
    assert (await suggested(service, "alice", ""))[:1 + len(starts)] == ["done", *starts]
    assert (await suggested(service, "alice", "d"))[0] == "done"
    for token in dict.fromkeys(a.split()[1] for a in mine if a.startswith("hide ")):
        squares = [a for a in mine if a.startswith(f"hide {token} ")]
        assert len(squares) <= 25
        assert await suggested(service, "alice", f"hide {token}") == squares
    # bob hides at the same time (a simultaneous decision): his own tokens and squares
    bobs = legal(session, 1)
    assert all(any(a == v or a.startswith(v + " ") for a in bobs) for v in await suggested(service, "bob", ""))
    await service.close()


async def test_typing_hide_shows_every_token_left_to_hide():
    service, session = await game("RED-RAY", "BLU-TOR")
    try:
        while session.state.phase == "place":
            seat, decision = next(iter(POWERUP.pending(session.state).items()))
            await play(service, session, USERS_OF[session.labels[seat]], decision.default)
            session = service.session("chan-1")
        tokens = {a.split()[1] for a in legal(session, 0) if a.startswith("hide ")}
        assert len(tokens) > 2
        assert {a.split()[1] for a in await suggested(service, "alice", "hide")} == tokens
    finally:
        await service.close()


async def test_a_turn_after_a_real_setup_offers_its_legal_actions():
    service, session = await game("RED-RAY", "BLU-TOR")
    await through_setup(service, session)
    session = service.session("chan-1")
    assert session.state.phase == "play"
    seat = next(iter(POWERUP.pending(session.state)))
    user = USERS_OF[session.labels[seat]]
    actions = legal(session, seat)
    assert len(actions) <= 25
    assert await suggested(service, user, "") == actions  # all of them, in the engine's order
    jumps = [a for a in actions if a.startswith("jump")]
    assert (await suggested(service, user, "jump"))[:len(jumps)] == jumps
    assert await suggested(service, user, "e") == [a for a in actions if a.startswith("e")] + [
        a for a in actions if "e" in a and not a.startswith("e")]
    other = USERS_OF[session.labels[1 - seat]]
    assert await suggested(service, other, "") == []  # not its turn
    await service.close()


async def positioned(service, session, **where) -> None:
    """The session's game with the BUGBUSTERs set where a test needs them (as the rules tests set
    them: tests/rules/powerup/conftest.py); nothing else of the service is touched."""
    session.state = play_state(labels=session.labels, where=where)
    assert POWERUP.check_invariants(session.state) == []


async def test_in_a_turn_sh_offers_the_shots_and_jump_the_three_jumps():
    """RAY on C2 facing right: ANA on E2 and PNK on D1 in its sight; alice holds RED-RAY and RED-TOR."""
    service, session = await game("RED-RAY", "RED-TOR", "BLU-ANA", "BLU-PNK")
    await positioned(service, session, RAY=((2, 1), 1), ANA=((4, 1), -1), PNK=((3, 0), -1))
    actions = legal(session, 0)
    shots = [a for a in actions if a.startswith("shoot ")]
    assert shots == ["shoot ANA", "shoot PNK"]
    assert await suggested(service, "alice", "sh") == shots
    assert await suggested(service, "alice", "shoot p") == ["shoot PNK"]
    assert await suggested(service, "alice", "jump") == ["jump", "jump up", "jump high"]
    assert await suggested(service, "alice", "jump h") == ["jump high"]
    assert await suggested(service, "alice", "hit") == ["hit PNK"]
    everything = await suggested(service, "alice", "")
    assert everything == actions and "end" in everything
    # in the air after `jump high`: what it may do on the way, then land or end
    session.state, _ = POWERUP.apply(session.state, 0, "jump high")
    assert session.state.air == "RAY"
    up_there = legal(session, 0)
    assert await suggested(service, "alice", "") == up_there
    assert {"land", "end"} <= set(up_there)
    midjumps = [a for a in up_there if a.startswith("midjump ")]
    assert midjumps and await suggested(service, "alice", "jump") == midjumps  # no jump from the air, a shift
    assert await suggested(service, "alice", "mid") == midjumps
    assert await suggested(service, "alice", "la") == ["land"]
    assert await suggested(service, "bob", "") == []
    await service.close()


async def test_an_empty_action_still_offers_every_verb_when_more_than_25_are_legal():
    service, session = await game("RED-RAY", "RED-TOR", "BLU-ANA", "BLU-PNK")
    try:
        await positioned(service, session, RAY=((3, 0), 1), TOR=((4, 0), -1), ANA=((7, 0), -1), PNK=((8, 0), -1))
        state = session.state.clone()
        state.set_buster(0, coins=20)
        session.state = state
        actions = legal(session, 0)
        assert len(actions) > 25 and "end" in actions
        assert await suggested(service, "alice", "en") == ["end"]  # typed, it is there
        offered = await suggested(service, "alice", "")
        assert {a.split()[0] for a in offered} == {a.split()[0] for a in actions}
    finally:
        await service.close()
