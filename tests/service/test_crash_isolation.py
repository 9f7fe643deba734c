"""Many games in one database, played at the same time: nothing one game does reaches another's log.

What is proven, per game, for games played concurrently in different channels:
- every acknowledged action ("Done: ...") is in its own game's log exactly once, under its
  request id, and no request id is logged twice;
- the version counts the log rows, the log is seq 1..n, and the snapshot equals a replay of the
  seed and the log;
- no game is refused at start-up, and every running game still takes a legal move.

How:
- in-process, eight channels play at once through ``SessionService.handle`` (``asyncio.gather``),
  with commands that fail on purpose in between: illegal actions, clicks on an earlier decision's
  menu or on a finished game's, requests delivered twice (one after the other and at the same
  moment), and moves whose
  snapshot cannot be written, so their store transaction fails after the log row was inserted
  (the in-process stand-in for a write cut short). A store that let games share a transaction
  would roll another game's half-written move back with it, or commit one game's half-written move;
- out of process, ``crash_harness.py`` plays six channels at once (the toy game, then KAPLOOM!)
  and is SIGKILLed at random moments, over and over on the same file; after every kill a fresh
  service audits the database
  before the harness resumes it. Nothing acknowledged may be lost, and no game may need the
  start-up repair (each action is one transaction, so a kill leaves all of it or none of it).
"""

from __future__ import annotations

import asyncio
import contextvars
import random
from dataclasses import dataclass, field

import pytest
from crash_harness import (
    Ack,
    Audit,
    KillRound,
    check_acks,
    check_moves,
    check_replays,
    kill_loop,
    logged_requests,
    next_move,
    user_of,
)
from toy_engine import ToyEngine

from bot.service import Invocation, SessionService, Store
from bot.service.clicks import OUT_OF_DATE
from bot.service.driver import GAME_GONE
from bot.service.presentation import decision_token

CHANNELS = 8
COMMANDS_PER_CHANNEL = 120

# -- (a) in-process: concurrent channels, commands failing on purpose ---------------------------

_UNWRITABLE = contextvars.ContextVar("unwritable", default=False)


class _FaultyToy(ToyEngine):
    """The toy game, except that while ``_UNWRITABLE`` is set (in one channel's task only) its
    snapshot cannot be serialised: the store's transaction fails between the action's log row and
    the version update, and must take back that row and nothing else."""

    def dump(self, state):
        data = super().dump(state)
        if _UNWRITABLE.get():
            data["unwritable"] = object()
        return data


@dataclass
class _Ledger:
    """What the players were told, to compare with the database afterwards."""

    accepted: list[Ack] = field(default_factory=list)
    refused: dict[str, str] = field(default_factory=dict)  # request id -> why it must not be logged
    repeated: int = 0  # deliveries answered "Already done"
    faults: int = 0
    ended: dict[str, list[int]] = field(default_factory=dict)  # channel -> its finished games
    # (game, seat) -> the (token, move) of its past moves: clicks on menus of earlier decisions
    old_keys: dict[tuple[int, int], set[tuple[str, str]]] = field(default_factory=dict)


def _play(channel: str, seat: int, action: str, request_id: str, **click: str) -> Invocation:
    uid, name = user_of(int(channel[1:]), seat)
    return Invocation(uid, name, channel, "play", {"action": action, **click}, request_id=request_id)


def _policy_move(service: SessionService, channel: str) -> tuple[int, str]:
    move = next_move(service, channel)
    assert move is not None, f"{channel}: a running game in which nobody can act"
    return move


async def _running_game(service: SessionService, channel: str, ledger: _Ledger) -> None:
    session = service.session(channel)
    if session is not None and session.state is not None:
        return
    index = int(channel[1:])
    creator, name = user_of(index, 0)
    await service.handle(Invocation(creator, name, channel, "game new",
                                    {"game": "toy", "options": "players=3" if index % 2 else ""}))
    session = service.session(channel)
    assert session is not None
    for seat in session.free_seats():
        uid, seat_name = user_of(index, seat)
        await service.handle(Invocation(uid, seat_name, channel, "game join", {"seat": str(seat + 1)}))
    await service.handle(Invocation(creator, name, channel, "game start"))
    assert session.state is not None


async def _legal_move(service: SessionService, channel: str, request_id: str, ledger: _Ledger) -> None:
    """One legal move by the fixed policy: accepted."""
    session = service.session(channel)
    assert session is not None
    seat, notation = _policy_move(service, channel)
    ledger.old_keys.setdefault((session.game_id, seat), set()).add((decision_token(session, seat), notation))
    game_id = session.game_id
    outs = await service.handle(_play(channel, seat, notation, request_id))
    assert outs[0].text == f"Done: {notation}", outs[0].text
    ledger.accepted.append(Ack(channel, game_id, request_id, notation))
    if service.session(channel) is not session:
        ledger.ended.setdefault(channel, []).append(game_id)


async def _unwritable_move(service: SessionService, channel: str, request_id: str, ledger: _Ledger) -> None:
    session = service.session(channel)
    assert session is not None
    seat, notation = _policy_move(service, channel)
    before = session.version
    token = _UNWRITABLE.set(True)
    try:
        with pytest.raises(TypeError, match="not JSON serializable"):
            await service.handle(_play(channel, seat, notation, request_id))
    finally:
        _UNWRITABLE.reset(token)
    assert session.version == before, "memory moved on for a move that was not committed"
    ledger.refused[request_id] = "its store transaction failed"
    ledger.faults += 1


async def _illegal(service: SessionService, channel: str, request_id: str, ledger: _Ledger) -> None:
    session = service.session(channel)
    assert session is not None
    seat = session.engine.to_act(session.state)[0]
    action = "gamble" if session.state.phase == "pick" else "pick 1"
    outs = await service.handle(_play(channel, seat, action, request_id))
    assert len(outs) == 1 and not outs[0].text.startswith("Done"), outs
    ledger.refused[request_id] = f"illegal {action!r}"


async def _stale_click(service: SessionService, channel: str, request_id: str, ledger: _Ledger) -> bool:
    """A click on a menu of an earlier decision of this game, for a move no longer legal (a click
    counts while its move is legal); False when there is none yet."""
    session = service.session(channel)
    assert session is not None
    seat, _ = _policy_move(service, channel)
    legal = {session.engine.format(a) for a in session.engine.legal_actions(session.state, seat)}
    old = sorted((token, move) for token, move in ledger.old_keys.get((session.game_id, seat), set())
                 if token != decision_token(session, seat) and move not in legal)
    if not old:
        return False
    token, notation = old[0]
    outs = await service.handle(_play(channel, seat, notation, request_id, for_game=str(session.game_id),
                                      token=token))
    assert outs[0].text.startswith(OUT_OF_DATE), outs[0].text
    ledger.refused[request_id] = "a stale click"
    return True


async def _gone_click(service: SessionService, channel: str, request_id: str, ledger: _Ledger) -> bool:
    """A click on a menu of this channel's finished game; False when none has finished yet."""
    if not ledger.ended.get(channel):
        return False
    seat, notation = _policy_move(service, channel)
    outs = await service.handle(_play(channel, seat, notation, request_id, for_game=str(ledger.ended[channel][0]),
                                      token="-"))
    assert outs[0].text == GAME_GONE, outs[0].text
    ledger.refused[request_id] = "a click for a finished game"
    return True


async def _delivered_twice(service: SessionService, channel: str, request_id: str, ledger: _Ledger,
                           at_once: bool) -> None:
    """One move whose request arrives twice: one after the other, or both at the same moment."""
    session = service.session(channel)
    assert session is not None
    seat, notation = _policy_move(service, channel)
    game_id, inv = session.game_id, _play(channel, seat, notation, request_id)
    if at_once:
        answers = [outs[0].text for outs in await asyncio.gather(service.handle(inv), service.handle(inv))]
    else:
        answers = [(await service.handle(inv))[0].text, (await service.handle(inv))[0].text]
    ended = service.session(channel) is not session
    done, again = sorted(answers, key=lambda text: not text.startswith("Done:"))
    assert done == f"Done: {notation}", answers
    # Once the game is over, the repeat finds no game to apply it to: refused, not applied again.
    assert (not again.startswith("Done")) if ended else again == f"Already done: {notation}", answers
    ledger.accepted.append(Ack(channel, game_id, request_id, notation))
    ledger.repeated += 1
    if ended:
        ledger.ended.setdefault(channel, []).append(game_id)


async def _play_channel(service: SessionService, channel: str, seed: int, ledger: _Ledger) -> None:
    rng = random.Random(f"{seed}:{channel}")
    for n in range(COMMANDS_PER_CHANNEL):
        await _running_game(service, channel, ledger)
        request_id = f"{channel}:{n}"
        roll = rng.random()
        if roll < 0.12:
            await _unwritable_move(service, channel, request_id, ledger)
        elif roll < 0.20:
            await _illegal(service, channel, request_id, ledger)
        elif roll < 0.34:
            click = _stale_click if roll < 0.28 else _gone_click
            if not await click(service, channel, request_id, ledger):  # no old menu yet: a move instead
                await _legal_move(service, channel, request_id, ledger)
        elif roll < 0.44:
            await _delivered_twice(service, channel, request_id, ledger, at_once=roll < 0.39)
        else:
            await _legal_move(service, channel, request_id, ledger)


def _assert_clean(audit: Audit, what: str) -> None:
    assert audit.problems() == [], f"{what}:\n" + "\n".join(audit.problems()[:20])


async def _assert_refused_not_logged(service: SessionService, ledger: _Ledger) -> None:
    logged = await logged_requests(service.store)
    wrongly = {rid: why for rid, why in ledger.refused.items() if rid in logged}
    assert not wrongly, f"refused commands found in the log: {wrongly}"


async def _assert_memory_is_the_database(service: SessionService) -> None:
    """What each running session holds in memory is exactly what was committed."""
    for session in service.sessions.values():
        record = await service.store.game(session.game_id)
        assert (session.version, session.engine.dump(session.state)) == (record.version, record.snapshot), (
            f"game {session.game_id}: memory at version {session.version}, database at {record.version}")


async def test_concurrent_channels_with_failing_commands_keep_every_log_to_its_own_game(tmp_path):
    service = SessionService(Store(tmp_path / "games.db"), engines={"toy": _FaultyToy()}, render=False, seed=11)
    await service.start()
    ledger = _Ledger()
    try:
        await asyncio.gather(*(_play_channel(service, f"c{i}", 11, ledger) for i in range(CHANNELS)))
        for i in range(CHANNELS):  # a channel whose last command ended its game opens the next one
            await _running_game(service, f"c{i}", ledger)
        audit = Audit()
        check_acks(ledger.accepted, await logged_requests(service.store), audit)
        audit.needs_repair += [f"game {h.game_id}: version {h.version}, {h.rows} rows"
                               for h in (await service.store.log_health()).values() if not h.consistent]
        await check_replays(service, audit)
        await _assert_refused_not_logged(service, ledger)
        await _assert_memory_is_the_database(service)
        await check_moves(service, "after", audit)
        _assert_clean(audit, "after concurrent play")
        # The run did what it claims: every channel played, failed, finished games.
        assert audit.found == len(ledger.accepted) > CHANNELS * COMMANDS_PER_CHANNEL // 2
        assert ledger.faults > CHANNELS and ledger.repeated > CHANNELS and len(ledger.refused) > 3 * CHANNELS
        assert all(ledger.ended.get(f"c{i}") for i in range(CHANNELS))
        assert audit.moved == audit.running == CHANNELS
    finally:
        await service.close()


# -- (b) out of process: the harness SIGKILLed at random moments --------------------------------


def _engine_runs() -> list:
    runs = [pytest.param("toy", 16, 6, id="toy-16-kills")]
    try:
        import rules.kaploom  # noqa: F401
    except ImportError:
        return runs
    return runs + [pytest.param("kaploom", 6, 6, id="kaploom-6-kills")]


def _assert_kill_round_clean(kill: KillRound) -> None:
    where = f"kill {kill.number} ({'start-up' if kill.during_startup else 'play'}, {kill.delay * 1000:.0f} ms)"
    assert kill.still_running, f"{where}: the harness ended before the kill:\n{kill.stderr[-3000:]}"
    assert not kill.output.failures, f"{where}: the harness was refused:\n" + "\n".join(kill.output.failures)
    _assert_clean(kill.audit, where)
    assert kill.audit.moved == kill.audit.running


@pytest.mark.parametrize(("engine", "kills", "channels"), _engine_runs())
async def test_sigkill_at_random_moments_loses_no_acknowledged_action_and_breaks_no_game(
    tmp_path, engine, kills, channels
):
    rounds = [kill async for kill in kill_loop(tmp_path, engine, kills, channels, seed=20240)]
    for kill in rounds:
        _assert_kill_round_clean(kill)
    # The kills landed while games were being played (most runs acknowledged actions before their
    # kill), and the harness resumed games across kills (a game acknowledged in more than one run).
    last = rounds[-1].audit
    assert last.found == last.acked > kills
    assert sum(1 for kill in rounds if kill.output.acks) >= kills // 2
    runs_per_game: dict[int, set[int]] = {}
    for kill in rounds:
        for ack in kill.output.acks:
            runs_per_game.setdefault(ack.game_id, set()).add(kill.number)
    assert any(len(runs) > 1 for runs in runs_per_game.values())
