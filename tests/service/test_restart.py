"""Kill the service mid-game, restart it on the same database, finish: the same game as without
the interruption (same final snapshot, same action log), and every snapshot equals its replay."""

from __future__ import annotations

import pytest
from toy_engine import ENGINE as TOY

from bot.service import Invocation, SessionService, Store

PLAYERS = ("alice", "bob", "carol", "dave", "erin", "frank")
# Games whose seats are taken by name (a seat plan of more labels than a table has): the labels taken,
# in the plan's order, so that the started game's seat i is PLAYERS[i]. The others: up to four people
# take the first free seats.
CHOSEN = {"powerup": ("RED-RAY", "RED-MAI", "RED-LPZ", "BLU-TOR", "BLU-ANA", "BLU-MAC"),
          "powerup mission=vips pause=0": ("RAY", "TOR", "ANA")}


def _engines() -> list:
    engines = [pytest.param(TOY, "", id="toy")]
    try:
        from rules.kaploom import ENGINE as KAPLOOM
    except ImportError:
        return engines
    from rules.adrenaline import ENGINE as ADRENALINE
    from rules.jupiter import ENGINE as JUPITER
    from rules.powerup import ENGINE as POWERUP
    from rules.retro import ENGINE as RETRO

    return engines + [pytest.param(KAPLOOM, "", id="kaploom"),
                      pytest.param(KAPLOOM, "variant=2v2", id="kaploom-2v2"),
                      pytest.param(JUPITER, "", id="jupiter-rescue"),
                      pytest.param(JUPITER, "vulnerability=yes fast_creeps=yes", id="jupiter-rescue-rules"),
                      # the run's steps at once (no pause) and no timer: this test has no virtual clock
                      pytest.param(RETRO, "pause=0 timer=off bossbot=yes minionbot=yes crates=yes", id="retro-bots"),
                      pytest.param(ADRENALINE, "skulls=5", id="adrenaline"),
                      # 6 seats (CHOSEN), one round of 8 sequences so the fixed policy ends the game
                      pytest.param(POWERUP, "rounds=1", id="powerup"),
                      # ARCADE against the AI BUGMISTRESS: her steps at once, 3 BUGBUSTERs
                      pytest.param(POWERUP, "mission=vips pause=0", id="powerup-arcade")]


def _inv(user: str, command: str, **options: str) -> Invocation:
    return Invocation(PLAYERS.index(user) + 1, user, "chan", command, options)


async def _open(path, engine) -> SessionService:
    service = SessionService(Store(path), engines={engine.name: engine}, render=False, seed=2024)
    await service.start()
    return service


async def _begin(service, engine, options) -> None:
    await service.handle(_inv("alice", "game new", game=engine.name, options=options))
    chosen = CHOSEN.get(f"{engine.name} {options}", CHOSEN.get(engine.name) if not options.startswith("mission") else None)
    if chosen:
        for user, label in zip(PLAYERS, chosen, strict=False):
            await service.handle(_inv(user, "game join", seat=label))
    else:
        seats = len(service.session("chan").labels)
        for user in PLAYERS[:min(seats, 4)]:
            await service.handle(_inv(user, "game join"))
    await service.handle(_inv("alice", "game start"))


def _pick(engine, legal: list[str], version: int, seat: int) -> str:
    """A fixed policy that finishes games. KAPLOOM! lists its most useful moves first, so a greedy
    player places dice while it can (completing actions first), then takes the first move listed
    (ready, use, take, done): games end in about 20 rounds. The toy game: a version- and
    seat-dependent pick, never an undo."""
    if engine.name == "kaploom":
        assigns = [n for n in legal if n.startswith("assign")]
        return assigns[0] if assigns else legal[0]
    legal = [n for n in legal if not n.startswith("unassign")]
    return legal[-1] if version % 5 == 4 else legal[(version * 7 + seat) % len(legal)]


async def _steps(service, engine, count: int) -> int:
    """Up to ``count`` actions by the fixed policy; fewer when the game ends first."""
    done = 0
    while (session := service.session("chan")) is not None and (
            done < count or engine.to_act(session.state)[:1] == (-1,)):
        seat = engine.to_act(session.state)[0]
        if seat < 0:  # the scripted side owes more steps than one settle plays: the timekeeper's turn
            await service.timekeeper.run_due(service.core.clock.now())
            continue
        legal = [engine.format(a) for a in engine.legal_actions(session.state, seat)]
        notation = _pick(engine, legal, session.version, seat)
        outs = await service.handle(_inv(PLAYERS[seat], "play", action=notation))
        assert outs[0].text == f"Done: {notation}", outs[0].text
        done += 1
    return done


async def _final(service, game_id):
    record = await service.store.game(game_id)
    actions = await service.store.actions(game_id)
    return record.status, record.snapshot, [(a.seq, a.seat, a.notation, a.public_text) for a in actions]


@pytest.mark.parametrize(("engine", "options"), _engines())
async def test_restart_mid_game_equals_uninterrupted(tmp_path, engine, options):
    cap = 3000
    steady = await _open(tmp_path / "steady.db", engine)
    await _begin(steady, engine, options)
    game_id = steady.session("chan").record.id
    total = await _steps(steady, engine, cap)
    assert steady.session("chan") is None, "the policy should finish the game"
    expected = await _final(steady, game_id)
    await steady.close()

    first = await _open(tmp_path / "crash.db", engine)
    await _begin(first, engine, options)
    await _steps(first, engine, total // 2)
    assert await first.verify_snapshot("chan")
    if engine.name == "powerup":  # killed in play, the setup (placements, screens) behind it
        assert first.session("chan").state.phase == "play", engine.progress(first.session("chan").state)
    version = first.session("chan").version  # the people's steps, and the house's rolls among them
    # "kill": the first service is dropped without close(); its commits are all that survive.
    second = await _open(tmp_path / "crash.db", engine)
    resumed = second.session("chan")
    assert resumed is not None and resumed.version == version
    assert await second.verify_snapshot("chan")
    assert engine.dump(resumed.state) == engine.dump(first.session("chan").state)
    await _steps(second, engine, total - total // 2)
    assert await _final(second, game_id) == expected
    assert expected[0] == "over" and len([a for a in expected[2] if a[1] >= 0]) == total
    await second.close()
    await first.close()
