"""The session service driven directly: lobby, refusals that change nothing, versions, concurrency,
where private facts go, persistence of every accepted action."""

from __future__ import annotations

import asyncio
import re

import pytest
from service_kit import CHANNEL, USERS, click, inv, make_service, only_error, seated_game, snapshot_of
from toy_engine import ENGINE as TOY

from bot.service import SessionService, TargetKind
from bot.service.clicks import OUT_OF_DATE
from bot.service.components import CHOICES, HAND, JOIN, START


@pytest.fixture
async def service():
    svc = await make_service()
    yield svc
    await svc.close()


def _hand(service: SessionService, seat: int) -> tuple[int, ...]:
    return service.session(CHANNEL).state.hands[seat]


async def test_lobby_flow(service):
    outs = await service.handle(inv("alice", "game new", game="toy", options="target=2 players=2"))
    assert outs[0].target.kind is TargetKind.CHANNEL
    assert "Seats: red, blue (2 play)" in outs[0].text and [b.action for b in outs[0].buttons] == [JOIN]
    only_error(await service.handle(inv("alice", "game start")), "alice")  # not full
    outs = await service.handle(inv("bob", "game join", seat="blue"))
    assert "bob joins as blue (1/2)" in outs[0].text
    outs = await service.handle(inv("alice", "game join"))
    assert "The table is full" in outs[0].text and [b.action for b in outs[0].buttons] == [START]
    status = await service.handle(inv("carol", "game status"))
    assert status[0].target.kind is TargetKind.EPHEMERAL and "In the lobby" in status[0].text
    # carol is neither creator nor seated
    assert "creator or a seated player" in only_error(await service.handle(inv("carol", "game start")), "carol")
    outs = await service.handle(inv("bob", "game start"))  # any seated player may start a full table
    kinds = [o.target.kind for o in outs]
    assert kinds == [TargetKind.CHANNEL, TargetKind.DM, TargetKind.DM]
    assert {o.target.user_id for o in outs[1:]} == {USERS["alice"], USERS["bob"]}
    assert all(o.target.channel_id == CHANNEL and o.dm_fallback for o in outs[1:])
    assert "Waiting for alice (red) and bob (blue)" in outs[0].text
    assert [b.action for b in outs[0].buttons] == [HAND, CHOICES]
    record = await service.store.game(service.session(CHANNEL).record.id)
    assert record.status == "running" and record.seed is not None and record.snapshot is not None


async def test_lobby_refusals_change_nothing(service):
    assert "Unknown game 'chess'" in only_error(await service.handle(inv("alice", "game new", game="chess")), "alice")
    assert "no game in this channel" in only_error(await service.handle(inv("bob", "game join")), "bob")
    only_error(await service.handle(inv("alice", "game new", game="toy", options="target=77")), "alice")
    only_error(await service.handle(inv("alice", "game new", game="toy", options="colour=red")), "alice")
    only_error(await service.handle(inv("alice", "game new", game="toy", options="target")), "alice")
    assert service.session(CHANNEL) is None
    await service.handle(inv("alice", "game new", game="toy", options="players=2"))
    await service.handle(inv("alice", "game join", seat="2"))
    before = await snapshot_of(service)
    cases = [
        (inv("bob", "game new", game="toy"), "bob", "already in its lobby"),
        (inv("bob", "game join", seat="blue"), "bob", "taken by alice"),
        (inv("bob", "game join", seat="purple"), "bob", "No seat 'purple'"),
        (inv("alice", "game join", seat="blue"), "alice", "taken by alice"),
        (inv("carol", "game leave"), "carol", "not seated"),
        (inv("bob", "game board"), "bob", "has not started"),
        (inv("bob", "play", action="pick 100"), "bob", "has not started"),
        (inv("bob", "game frobnicate"), "bob", "Unknown command"),
    ]
    for invocation, user, expected in cases:
        assert expected in only_error(await service.handle(invocation), user)
        assert await snapshot_of(service) == before
    await service.handle(inv("bob", "game join"))
    assert "The table is full" in only_error(await service.handle(inv("carol", "game join")), "carol")
    outs = await service.handle(inv("alice", "game leave"))
    assert "alice leaves the blue seat" in outs[0].text
    outs = await service.handle(inv("carol", "game join"))
    assert "carol joins as blue" in outs[0].text


async def test_running_game_refusals_change_nothing(service):
    await seated_game(service)
    before = await snapshot_of(service)
    red_card = _hand(service, 0)[0]
    blue_card = _hand(service, 1)[0]
    cases = [
        (inv("bob", "game new", game="toy"), "bob", "already running"),
        (inv("carol", "game join"), "carol", "already running"),
        (inv("alice", "game start"), "alice", "already running"),
        (inv("carol", "play", action=f"pick {red_card}"), "carol", "not seated"),
        (inv("alice", "play", action=f"pick {blue_card}"), "alice", f"no card {blue_card}"),
        (inv("alice", "play", action="gamble"), "alice", "Pick a card first"),
        (inv("alice", "play", action="pick"), "alice", "not a High Card action"),
        (inv("alice", "play", action="ééé pick 1 2 3"), "alice", "not a High Card action"),
        (inv("alice", "play", action="ééé \x00 pick 1 2 3"), "alice", "cannot be typed (U+0000)"),
        (inv("carol", "game hand"), "carol", "not seated"),
        (inv("alice", "game log", count="0"), "alice", "count"),
    ]
    for invocation, user, expected in cases:
        assert expected in only_error(await service.handle(invocation), user), invocation
        assert await snapshot_of(service) == before


async def test_not_your_turn(service):
    await seated_game(service)
    session = service.session(CHANNEL)
    # Play rounds until one is won, so exactly one seat (the leader) may gamble.
    while session.state.phase != "gamble":
        for user, seat in (("alice", 0), ("bob", 1)):
            await service.handle(inv(user, "play", action=f"pick {_hand(service, seat)[0]}"))
        session = service.session(CHANNEL)
        assert session is not None
    leader = session.state.leader
    other = ("alice", "bob")[1 - leader]
    before = await snapshot_of(service)
    text = only_error(await service.handle(inv(other, "play", action="stand")), other)
    assert text.startswith("It is not your turn") and "Waiting for" in text
    assert await snapshot_of(service) == before


async def test_accepted_action_is_committed_with_its_outputs(service):
    await seated_game(service)
    card = _hand(service, 0)[1]
    outs = await service.handle(inv("alice", "play", action=f"  PICK   {card} "))
    assert outs[0].target.kind is TargetKind.EPHEMERAL and outs[0].text == f"Done: pick {card}"
    channel = [o for o in outs if o.target.kind is TargetKind.CHANNEL]
    assert len(channel) == 1 and "red picked a card." in channel[0].text and str(card) not in channel[0].text
    dms = [o for o in outs if o.target.kind is TargetKind.DM]
    assert [o.target.user_id for o in dms] == [USERS["alice"]]  # bob's screen did not change
    assert f"You picked {card}." in dms[0].text
    session = service.session(CHANNEL)
    record = await service.store.game(session.record.id)
    actions = await service.store.actions(session.record.id)
    assert record.version == session.version == 1
    assert [(a.seq, a.seat, a.user_id, a.notation, a.public_text) for a in actions] == [
        (1, 0, USERS["alice"], f"pick {card}", "red picked a card.")
    ]
    assert record.snapshot == TOY.dump(session.state)
    assert await service.verify_snapshot(CHANNEL)


async def test_out_of_date_click_changes_nothing(service):
    """A click counts while its move is legal for its seat, whatever decision its menu was made for."""
    await seated_game(service)
    card = _hand(service, 0)[0]
    gone = next(n for n in range(100, 1000) if n not in _hand(service, 0))
    before = await snapshot_of(service)
    session = service.session(CHANNEL)
    outs = await service.handle(click("alice", f"pick {gone}", session, token="0.r1.pick"))
    assert len(outs) == 1 and outs[0].text.startswith(OUT_OF_DATE) and "\n" not in outs[0].text
    assert outs[0].target.kind is TargetKind.EPHEMERAL
    assert {b.token for b in outs[0].buttons} == {"0.r1.pick"}  # fresh choices for the current decision
    assert await snapshot_of(service) == before
    outs = await service.handle(click("alice", f"pick {card}", session, token="0.r5.pick"))
    assert outs[0].text == f"Done: pick {card}"


async def test_double_click_applies_once(service):
    await seated_game(service)
    card = _hand(service, 0)[0]
    pick = click("alice", f"pick {card}", service.session(CHANNEL))
    first, second = await asyncio.gather(service.handle(pick), service.handle(pick))
    texts = sorted([first[0].text, second[0].text])
    assert texts[0] == f"Done: pick {card}" and texts[1].startswith(OUT_OF_DATE)
    session = service.session(CHANNEL)
    assert session.version == 1 and len(await service.store.actions(session.record.id)) == 1


async def test_simultaneous_actions_from_two_players(service):
    await seated_game(service)
    a, b = _hand(service, 0)[0], _hand(service, 1)[0]
    results = await asyncio.gather(
        service.handle(inv("alice", "play", action=f"pick {a}")),
        service.handle(inv("bob", "play", action=f"pick {b}")),
        service.handle(inv("alice", "play", action=f"pick {a}")),  # a repeat: refused, not re-applied
    )
    dones = [r[0].text for r in results if r[0].text.startswith("Done")]
    assert sorted(dones) == sorted([f"Done: pick {a}", f"Done: pick {b}"])
    session = service.session(CHANNEL)
    actions = await service.store.actions(session.record.id)
    assert [a.seq for a in actions] == [1, 2]
    assert await service.verify_snapshot(CHANNEL)


async def test_abort_permissions(service):
    await seated_game(service)
    before = await snapshot_of(service)
    text = only_error(await service.handle(inv("bob", "game abort")), "bob")
    assert "Only the creator (alice)" in text
    assert await snapshot_of(service) == before
    game_id = service.session(CHANNEL).record.id
    outs = await service.handle(inv("carol", "game abort", manage=True))
    assert outs[0].target.kind is TargetKind.CHANNEL and "carol aborted" in outs[0].text
    assert service.session(CHANNEL) is None
    assert (await service.store.game(game_id)).status == "aborted"
    # the creator may abort a lobby too, and a new game can follow
    await service.handle(inv("bob", "game new", game="toy"))
    outs = await service.handle(inv("bob", "game abort"))
    assert "bob aborted" in outs[0].text
    outs = await service.handle(inv("alice", "game new", game="toy"))
    assert outs[0].target.kind is TargetKind.CHANNEL


async def test_play_without_action_lists_choices_or_whose_move(service):
    await seated_game(service)
    outs = await service.handle(inv("alice", "play"))
    hand = sorted(_hand(service, 0), reverse=True)
    assert outs[0].text.split("\n") == ["Your choices (3):", *(f"pick {c}" for c in hand)]
    outs = await service.handle(inv("carol", "play"))
    assert outs[0].text == "Waiting for alice (red) and bob (blue)."
    await service.handle(inv("alice", "play", action=f"pick {hand[0]}"))
    outs = await service.handle(click("alice", CHOICES, service.session(CHANNEL), token="-"))
    assert outs[0].text == "Waiting for bob (blue)."


async def test_hand_board_log_and_help(service):
    await seated_game(service)
    hand = await service.handle(inv("bob", "game hand"))
    assert hand[0].target.kind is TargetKind.EPHEMERAL and hand[0].dm_fallback is None
    assert "hand: " + ", ".join(map(str, _hand(service, 1))) in hand[0].text
    assert len(hand[0].buttons) == 3
    same = await service.handle(click("bob", HAND, service.session(CHANNEL), token="-"))  # never stale
    assert same[0].text == hand[0].text
    board = await service.handle(inv("carol", "game board"))
    assert board[0].target.kind is TargetKind.CHANNEL and "Round 1 · picking cards" in board[0].text
    await service.handle(inv("alice", "play", action=f"pick {_hand(service, 0)[0]}"))
    log = await service.handle(inv("carol", "game log", count="5"))
    assert log[0].text == "#1: red picked a card."
    help_text = (await service.handle(inv("carol", "game help")))[0].text
    assert "/game new" in help_text and "High Card options: target" in help_text


async def test_private_facts_never_reach_the_channel(service):
    """A whole game through the service: the channel only ever shows cards already revealed."""
    await seated_game(service, options="target=3")
    revealed: set[str] = set()
    dealt: set[str] = set()
    steps = 0
    while service.session(CHANNEL) is not None:
        session = service.session(CHANNEL)
        state = session.state
        dealt |= {str(c) for hand in state.hands for c in hand}
        seat = TOY.to_act(state)[0]
        user = ("alice", "bob")[seat]
        notation = TOY.format(TOY.legal_actions(state, seat)[steps % 2])
        outs = await service.handle(inv(user, "play", action=notation))
        # the held session has moved on to the new state, even after the game ended
        revealed |= {str(c) for c in session.state.revealed or ()}
        for out in outs:
            if out.target.kind is TargetKind.CHANNEL:
                shown = set(re.findall(r"\b\d{3}\b", out.text))
                assert not (shown & dealt) - revealed, out.text
                assert all(not b.action.startswith("pick") for b in out.buttons)
                assert out.select is None
            elif out.target.kind is TargetKind.DM:
                assert out.target.user_id in (USERS["alice"], USERS["bob"])
        steps += 1
        assert steps < 500
    assert steps > 2


async def test_game_over_posts_summary_and_closes(service):
    await seated_game(service, options="target=1")
    game_id = service.session(CHANNEL).record.id
    outs = []
    while service.session(CHANNEL) is not None:
        state = service.session(CHANNEL).state
        seat = TOY.to_act(state)[0]
        outs = await service.handle(inv(("alice", "bob")[seat], "play",
                                        action=TOY.format(TOY.legal_actions(state, seat)[0])))
    # the last board (the result and summary with its Reveal button follow it: tests/service/test_history.py)
    final = [o for o in outs if o.target.kind is TargetKind.CHANNEL and "final result" not in o.text][-1]
    assert "**Game over.** Winner:" in final.text and "Final scores" in final.text and not final.buttons
    record = await service.store.game(game_id)
    assert record.status == "over"
    only_error(await service.handle(inv("alice", "play", action="stand")), "alice")


async def test_click_from_a_dm_reaches_the_players_game(service):
    await seated_game(service)
    card = _hand(service, 1)[0]
    outs = await service.handle(click("bob", f"pick {card}", service.session(CHANNEL), channel="dm-bob"))
    assert outs[0].text == f"Done: pick {card}"
    assert any(o.target.kind is TargetKind.CHANNEL and o.target.channel_id == CHANNEL for o in outs)
    # typed /play elsewhere is not rerouted
    only_error(await service.handle(inv("alice", "play", channel="elsewhere", action="stand")), "alice")


async def test_games_in_several_channels_are_independent(service):
    await seated_game(service, channel="one")
    await seated_game(service, channel="two")
    s1, s2 = service.session("one"), service.session("two")
    assert s1.record.seed != s2.record.seed
    await service.handle(inv("alice", "play", channel="one", action=f"pick {s1.state.hands[0][0]}"))
    assert service.session("one").version == 1 and service.session("two").version == 0


async def test_explicit_seed_and_derived_seeds_reproduce(tmp_path):
    seeds = []
    for _ in range(2):
        svc = await make_service(seed=42)
        await seated_game(svc)
        await seated_game(svc, channel="other", options="seed=7")
        seeds.append((svc.session(CHANNEL).record.seed, svc.session("other").record.seed))
        await svc.close()
    assert seeds[0] == seeds[1] and seeds[0][1] == 7


async def test_autocomplete(service):
    assert await service.autocomplete(CHANNEL, USERS["alice"], "game new", "game", "hi") == [("High Card (toy)", "toy")]
    assert await service.autocomplete(CHANNEL, USERS["alice"], "game new", "game", "chess") == []
    opts = await service.autocomplete(CHANNEL, USERS["alice"], "game new", "options", "target=2 pl")
    assert [v for _, v in opts] == ["target=2 players="]
    opts = await service.autocomplete(CHANNEL, USERS["alice"], "game new", "options", "players=")
    assert [v for _, v in opts] == ["players=2", "players=3", "players=4"]
    await service.handle(inv("alice", "game new", game="toy", options="players=2"))
    await service.handle(inv("alice", "game join"))
    assert await service.autocomplete(CHANNEL, USERS["bob"], "game join", "seat", "") == [("blue", "blue")]
    await service.handle(inv("bob", "game join"))
    await service.handle(inv("bob", "game start"))
    hand = sorted(_hand(service, 0), reverse=True)
    got = await service.autocomplete(CHANNEL, USERS["alice"], "play", "action", "")
    assert got == [(f"pick {c}", f"pick {c}") for c in hand]
    typed = str(hand[1])
    got = await service.autocomplete(CHANNEL, USERS["alice"], "play", "action", typed)
    assert (f"pick {hand[1]}", f"pick {hand[1]}") in got and len(got) == 1
    assert await service.autocomplete(CHANNEL, USERS["carol"], "play", "action", "") == []
    assert await service.autocomplete("nowhere", USERS["alice"], "play", "action", "") == []


async def test_rules_without_a_quickref_is_a_clear_error(service):
    text = only_error(await service.handle(inv("alice", "rules", game="toy")), "alice")
    assert "no quick reference for High Card" in text
    only_error(await service.handle(inv("alice", "rules", game="chess")), "alice")


async def test_long_texts_are_split_for_discord(service):
    from bot.service.texts import split_text

    text = "\n".join(f"line {i} " + "x" * 50 for i in range(100))
    pieces = split_text(text)
    assert len(pieces) > 1 and all(len(p) <= 1900 for p in pieces) and "\n".join(pieces) == text


async def test_dm_names_a_discord_channel_as_a_link(service):
    """A DM says which game it is about: `<#id>` is a clickable channel on Discord."""
    await seated_game(service, channel="123456789")
    outs = await service.handle(inv("alice", "game hand", channel="123456789"))
    assert " in <#123456789> — your screen as " in outs[0].text
