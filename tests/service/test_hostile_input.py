"""Hostile input over /play, the /game options and names: unicode digits, surrogates, control
characters, 100 KB strings and mention syntax. Each gets one short private line and changes
nothing; names are cleaned and capped where they enter; nothing pings anybody.

Also here: delivery is idempotent (the same request id applies once, across a restart), public
counters count public steps only, a spectator cannot flood the channel with boards, and the
database library never writes query values to the host's log."""

from __future__ import annotations

import io
import logging
import time
from datetime import timedelta

from service_kit import USERS, inv, make_service, only_error, snapshot_of

from bot.service import Invocation, SessionService, Store, TargetKind
from bot.service.clock import VirtualClock
from bot.service.hygiene import NAME_LIMIT
from bot.table import run_table
from rules.kaploom import ENGINE as KAPLOOM

KAPLOOM_ENGINES = {"kaploom": KAPLOOM}
HUGE = "x" * 100_000


async def _kaploom(path=":memory:", clock=None, channel="chan-1", render=False) -> SessionService:
    service = SessionService(Store(path), engines=KAPLOOM_ENGINES, render=render, seed=3, clock=clock)
    await service.start()
    for user, command, options in [("alice", "game new", {"game": "kaploom", "options": "seed=11"}),
                                   ("alice", "game join", {"seat": "villain"}),
                                   ("bob", "game join", {"seat": "hero"}), ("bob", "game start", {})]:
        await service.handle(inv(user, command, channel, **options))
    return service


def _short_line(outputs, user: str) -> str:
    text = only_error(outputs, user)
    assert len(text) <= 300, len(text)
    return text


async def test_unicode_digits_are_refused_in_one_line():
    service = await _kaploom()
    before = await snapshot_of(service)
    cases = [
        inv("carol", "game join", seat="²"),
        inv("alice", "play", action="assign ² grow"),
        inv("alice", "play", action="assign ١ grow"),  # an Arabic-Indic one
        inv("alice", "game log", count="²"),
        inv("carol", "game new", "elsewhere", game="kaploom", options="seed=²"),
        inv("carol", "game new", "elsewhere", game="kaploom", options="seed=١٢"),
    ]
    for invocation in cases:
        _short_line(await service.handle(invocation), invocation.user_name)
        assert await snapshot_of(service) == before
    assert service.session("elsewhere") is None
    await service.close()


async def test_huge_and_untypable_values_in_every_option_are_refused_briefly():
    service = await _kaploom()
    before = await snapshot_of(service)
    for command, option in [("play", "action"), ("game join", "seat"), ("game log", "count"),
                            ("rules", "topic"), ("rules", "game"), ("game new", "game"), ("game new", "options"),
                            ("play", "for_game"), ("play", "token")]:
        for value in (HUGE, "a" * 6_000, "ready\x07", "re\u202eady", "\ud800", "\x00"):
            text = _short_line(await service.handle(inv("alice", command, **{option: value})), "alice")
            assert value not in text
            assert await snapshot_of(service) == before
    await service.close()


async def test_near_limit_input_is_answered_with_a_short_quote():
    service = await _kaploom()
    before = await snapshot_of(service)
    text = _short_line(await service.handle(inv("alice", "play", action="assign 1 " + "z" * 180)), "alice")
    assert "z" * 30 not in text
    text = _short_line(await service.handle(inv("alice", "play", action="frobnicate" * 19)), "alice")
    assert "frobnicate" * 4 not in text
    assert await snapshot_of(service) == before
    await service.close()


async def test_names_are_cleaned_capped_and_never_ping():
    service = await make_service()
    odd = {
        "alice": "\ud800Al\x00ice\u202e" + "\u0301" * 50,  # a surrogate, a NUL, a bidi override, Zalgo
        "bob": "<@123456789012345678> @everyone " + "B" * 8_000,
    }
    outs = await service.handle(Invocation(USERS["alice"], odd["alice"], "chan-1", "game new", {"game": "toy"}))
    outs += await service.handle(Invocation(USERS["alice"], odd["alice"], "chan-1", "game join", {}))
    outs += await service.handle(Invocation(USERS["bob"], odd["bob"], "chan-1", "game join", {}))
    outs += await service.handle(Invocation(USERS["bob"], odd["bob"], "chan-1", "game start", {}))
    seats = service.session("chan-1").record.seats
    names = [holder.name for holder in seats.values()]
    assert all(len(name) <= NAME_LIMIT for name in names), names
    # NFC makes "e" + acute one letter; at most two more marks stay on it
    assert names[0] == "Alic\u00e9\u0301\u0301" and names[1] == "<@123456789012345678> @everyone…"
    for out in outs:
        assert out.mentions == ()  # nothing the service sends is allowed to ping
        assert "\ud800" not in out.text and "\x00" not in out.text and "\u202e" not in out.text
    await service.close()


async def test_a_long_name_draws_a_board_quickly():
    service = await _kaploom(render=True)
    long_name = "W" * 8_000
    for user, command in [("carol", "game new"), ("carol", "game join"), ("dave", "game join")]:
        options = {"game": "kaploom"} if command == "game new" else {}
        await service.handle(Invocation(USERS[user], long_name, "other", command, options))
    started = time.perf_counter()
    outs = await service.handle(Invocation(USERS["dave"], long_name, "other", "game start", {}))
    assert time.perf_counter() - started < 5  # an 8,000-character name took 165 s per board
    assert outs[0].image is not None and outs[0].text.count("W" * NAME_LIMIT) == 0
    await service.close()


async def test_a_table_script_with_bad_bytes_and_surrogates_plays_on(tmp_path):
    out = io.StringIO()
    lines = ["al\ufffdice: /game new game:kaploom", "\ud800bob: /game join", "alice: /game status"]
    assert await run_table(lines, out, images=tmp_path, seed=1, render=False) == 0
    text = out.getvalue()
    assert "opened a table of KAPLOOM!" in text and "\ud800" not in text


async def test_the_same_request_applies_once_even_after_a_restart(tmp_path):
    path = tmp_path / "g.db"
    service = await _kaploom(path)
    first = Invocation(USERS["alice"], "alice", "chan-1", "play", {"action": "assign 1 wham"}, request_id="i-1")
    session = service.session("chan-1")
    legal = [KAPLOOM.format(a) for a in KAPLOOM.legal_actions(session.state, 0)]
    action = next(n for n in legal if n.startswith("assign"))
    first = Invocation(USERS["alice"], "alice", "chan-1", "play", {"action": action}, request_id="i-1")
    assert (await service.handle(first))[0].text == f"Done: {action}"
    again = await service.handle(first)
    assert len(again) == 1 and again[0].text == f"Already done: {action}"
    assert again[0].target.kind is TargetKind.EPHEMERAL
    assert service.session("chan-1").version == 1
    await service.close()
    resumed = SessionService(Store(path), engines=KAPLOOM_ENGINES, render=False, seed=3)
    await resumed.start()
    assert (await resumed.handle(first))[0].text == f"Already done: {action}"
    assert resumed.session("chan-1").version == 1
    await resumed.close()


async def test_the_table_request_id_applies_a_line_once(tmp_path):
    script = ['alice: /game new game:kaploom options:"seed=11"', "alice: /game join seat:villain",
              "bob: /game join seat:hero", "bob: /game start",
              'alice: /play action:"assign 1 wham" request:r1',
              'alice: /play action:"assign 1 wham" request:r1',  # resent after a lost reply
              'alice: /play action:"unassign 1" request:r2']
    out = io.StringIO()
    await run_table(script, out, images=tmp_path, seed=1, render=False, engines=KAPLOOM_ENGINES)
    replies = [line for line in out.getvalue().splitlines() if line.startswith("[ephemeral:alice]")]
    assert replies == ["[ephemeral:alice] Done: assign 1 wham", "[ephemeral:alice] Already done: assign 1 wham",
                       "[ephemeral:alice] Done: unassign 1"]


def _quiet_placement(state) -> str:
    """A placement that announces nothing (an IMMEDIATE action completed would be public)."""
    for action in KAPLOOM.legal_actions(state, 0):
        notation = KAPLOOM.format(action)
        if notation.startswith("assign"):
            after, events = KAPLOOM.apply(state, 0, action)
            if not any(e.text for e in events) and KAPLOOM.public_view(after) == KAPLOOM.public_view(state):
                return notation
    raise AssertionError("no quiet placement in this opening")


async def test_public_counters_never_count_hidden_moves():
    """assign vs assign + unassign + assign: everything public reads the same."""
    seen = []
    for moves in (["assign"], ["assign", "unassign", "assign"]):
        service = await _kaploom()
        placement = _quiet_placement(service.session("chan-1").state)
        die = placement.split()[1]
        for move in moves:
            action = placement if move == "assign" else f"unassign {die}"
            outs = await service.handle(inv("alice", "play", action=action))
            assert outs[0].text.startswith("Done"), outs[0].text
            assert all(o.target.kind is not TargetKind.CHANNEL for o in outs)  # hidden: no post
        status = (await service.handle(inv("carol", "game status")))[0].text
        log = (await service.handle(inv("carol", "game log")))[0].text
        board = (await service.handle(inv("carol", "game board")))[0]
        hero_screen = (await service.handle(inv("bob", "game hand")))[0]
        tokens = sorted({b.token for b in board.buttons} | {b.token for b in hero_screen.buttons}
                        | ({hero_screen.select.token} if hero_screen.select else set()))
        seen.append((status, log, board.text, [b.action for b in board.buttons], tokens))
        assert service.session("chan-1").version == len(moves)
        await service.close()
    assert seen[0] == seen[1]


async def test_a_spectator_cannot_flood_the_channel_with_boards():
    clock = VirtualClock()
    service = await _kaploom(clock=clock)
    posted = private = 0
    for _ in range(50):
        (out,) = await service.handle(inv("carol", "game board"))
        if out.target.kind is TargetKind.CHANNEL:
            posted += 1
        else:
            assert out.target.kind is TargetKind.EPHEMERAL and out.target.user_id == USERS["carol"]
            assert "just for you" in out.text
            private += 1
    assert (posted, private) == (1, 49)
    # somebody else, at once: the channel had a board moments ago
    (out,) = await service.handle(inv("dave", "game board"))
    assert out.target.kind is TargetKind.EPHEMERAL
    clock.advance(timedelta(seconds=61))
    (out,) = await service.handle(inv("carol", "game board"))
    assert out.target.kind is TargetKind.CHANNEL
    await service.close()


async def test_the_database_library_logs_no_query_values(tmp_path, caplog):
    root = logging.getLogger()
    old = root.level
    root.setLevel(logging.DEBUG)
    try:
        with caplog.at_level(logging.DEBUG):
            logging.getLogger("aiosqlite").setLevel(logging.DEBUG)  # even when a host asks for it
            service = await _kaploom(tmp_path / "g.db")
            session = service.session("chan-1")
            legal = [KAPLOOM.format(a) for a in KAPLOOM.legal_actions(session.state, 0)]
            secret = next(n for n in legal if n.startswith("assign"))
            await service.handle(inv("alice", "play", action=secret))
            await service.close()
    finally:
        root.setLevel(old)
    logged = caplog.text
    assert secret not in logged
    assert '"roll"' not in logged and "snapshot" not in logged.lower()
    assert not [r for r in caplog.records if r.name.startswith("aiosqlite") and r.levelno <= logging.DEBUG]


async def test_a_request_resent_after_its_game_ended_never_plays_in_the_next_game():
    from toy_engine import ENGINE as TOY

    service = SessionService(Store(":memory:"), engines={"toy": TOY}, render=False, seed=5)
    await service.start()

    async def new_game() -> None:
        for user, command, options in [("alice", "game new", {"game": "toy", "options": "seed=42 target=1"}),
                                       ("alice", "game join", {}), ("bob", "game join", {}), ("alice", "game start", {})]:
            await service.handle(inv(user, command, **options))

    async def play_to_the_end(prefix: str) -> Invocation:
        n = 0
        while (session := service.session("chan-1")) is not None:
            seat = TOY.to_act(session.state)[0]
            notation = TOY.format(TOY.legal_actions(session.state, seat)[0])
            last = Invocation(USERS[("alice", "bob")[seat]], ("alice", "bob")[seat], "chan-1", "play",
                              {"action": notation}, request_id=f"{prefix}{n}")
            assert (await service.handle(last))[0].text.startswith("Done")
            n += 1
        return last

    await new_game()
    final = await play_to_the_end("a")
    assert (await service.handle(final))[0].text == f"Already done: {final.options['action']}"  # no game open
    await new_game()  # the same seed: the same move would be legal again
    await play_to_the_end("b")
    await new_game()
    version = service.session("chan-1").version
    again = await service.handle(final)
    assert again[0].text.startswith("Already done") and service.session("chan-1").version == version
    await service.close()
