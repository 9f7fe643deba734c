"""Resuming saved games at start-up, each on its own: check, repair or refuse, never stop.

For every running game the check compares the version with the log rows (a committed action is
one log row, and the version counts them) and loads the snapshot. What a crash or an older
release can leave behind is repaired from the game's own seed and log when that replays cleanly;
otherwise that one game is refused with a line its channel reads on every command, while every
other game goes on. A game that fails on every move is never left behind.
"""

from __future__ import annotations

import logging

from bot.service import clocks
from bot.service.core import Core
from bot.service.records import GameRecord, LogHealth
from bot.service.replay import effective, replay
from bot.service.session import Session
from bot.service.settings import GameSettings

log = logging.getLogger(__name__)

ABORT_HINT = "/game abort ends it, and /game new opens another."


async def resume_all(core: Core) -> list[Session]:
    """Every open game back in memory; returns those refused, whose channels are to be told."""
    core.notify_modes.update(await core.store.notify_modes())
    health = await core.store.log_health()
    refused = []
    for record in await core.store.open_games():
        session = await resume(core, record, health.get(record.id))
        if session.record.status == "over":
            continue  # its repaired log ends the game: nothing is left to play in that channel
        core.sessions.add(session)
        if session.broken is not None:
            refused.append(session)
            log.error("game %s in channel %s refused at start-up: %s", record.id, record.channel_id, session.broken)
    log.info("session service started with %d open games", len(core.sessions))
    return refused


async def load_finished(core: Core, channel_id: str) -> Session | None:
    """The channel's last game, when it has ended: it stays readable until a new game opens."""
    record = await core.store.last_game(channel_id)
    if record is None or record.status not in ("over", "aborted") or record.snapshot is None:
        return None
    session = await resume(core, record, None)
    if session.broken is not None:
        return None
    try:
        session.state = session.engine.load(record.snapshot)
    except Exception:
        return None
    core.sessions.add(session)
    return session


async def resume(core: Core, record: GameRecord, health: LogHealth | None) -> Session:
    engine = core.engines.get(record.game)
    if engine is None:
        return _broken(core, record, f"This channel's saved game is of '{record.game}', which this bot does not "
                                     f"have. {ABORT_HINT}")
    try:
        options = engine.parse_options({k: v for k, v in record.options.items() if k != "seed"})
        plan = engine.seat_plan(options)
        # A game saved before settings existed was opened without a clock or reminders.
        settings = GameSettings(**record.settings) if record.settings else GameSettings(clock=None, remind=None)
    except Exception as err:
        return _broken(core, record, f"This channel's saved game of {engine.title} has options this version "
                                     f"cannot read ({type(err).__name__}). {ABORT_HINT}")
    if record.rules_version != engine.rules_version and record.status == "lobby":
        # A lobby holds seats and options, no state of the rules: it simply opens under these rules.
        await core.store.set_rules_version(record.id, engine.rules_version)
        record.rules_version = engine.rules_version
    if record.rules_version != engine.rules_version:
        return _broken(core, record, f"This channel's game was saved under version {record.rules_version} of the "
                                     f"{engine.title} rules, and this bot plays version {engine.rules_version}: it "
                                     f"cannot go on with it. {ABORT_HINT}")
    session = Session(record, engine, options, record.labels or plan.labels, plan=plan, settings=settings)
    if record.status != "running":
        return session  # a lobby; or a finished game, whose caller loads its last state
    if health is not None and not health.consistent:
        return await _repair(core, session, health)
    try:
        assert record.snapshot is not None
        session.state = engine.load(record.snapshot)
    except Exception as err:
        log.warning("game %s: snapshot does not load (%s: %s); rebuilding it from the log",
                    record.id, type(err).__name__, err)
        return await _repair(core, session, health)
    await _settle_clock(core, session)
    return session


async def _settle_clock(core: Core, session: Session) -> None:
    """Games saved before clocks existed get one (and their current decisions begin now)."""
    labels = session.engine.seat_labels(session.state)
    session.labels = labels  # the seats that play (a lobby showed every seat of the plan)
    if session.record.status != "running" or session.record.clock.get("seats"):
        return
    clock, _ = clocks.advance(clocks.initial(len(labels), session.settings), session.settings, session.pending(),
                              session.ai_seats(), core.clock.now())
    # Their players were told of these decisions by the release that saved them.
    clock = clocks.notified(clock, {seat: d.key for seat, d in session.pending().items() if seat >= 0})
    await core.store.set_clock(session.game_id, clock)
    session.record.clock = clock


async def _repair(core: Core, session: Session, health: LogHealth | None) -> Session:
    """Rebuild the state from seed + log and store it as the game's snapshot and version."""
    record, engine = session.record, session.engine
    actions = await core.store.actions(record.id)
    contiguous = [a.seq for a in actions] == list(range(1, len(actions) + 1))
    what = (f"version {health.version} but {health.rows} log rows" if health is not None
            else "a snapshot that does not load")
    if record.seed is None or not contiguous or (health is not None and health.rows < health.version):
        # Moves the version counts are missing from the log: replaying would silently undo them.
        session.broken = (f"This game's saved history is damaged ({what}), so it cannot go on safely. "
                          f"{ABORT_HINT}")
        return session
    try:
        state = replay(engine, record.seed, session.options, effective([(a.seat, a.notation, a.undoes) for a in actions]),
                   record.labels)
    except Exception as err:
        session.broken = (f"This game's saved history does not replay ({what}; {type(err).__name__}), so it "
                          f"cannot go on. {ABORT_HINT}")
        return session
    step = max((a.step for a in actions if a.step is not None), default=0)
    status = "over" if engine.outcome(state) is not None else "running"
    await core.store.repair(record.id, len(actions), step, engine.dump(state), status, core.now())
    record.version, record.step, record.snapshot, record.status = len(actions), step, engine.dump(state), status
    session.state = state
    await _settle_clock(core, session)
    log.warning("game %s in channel %s repaired at start-up (%s): rebuilt from its seed and %d logged actions",
                record.id, record.channel_id, what, len(actions))
    return session


def _broken(core: Core, record: GameRecord, why: str) -> Session:
    from rules.core.engine import Engine

    class _Unknown:  # stands in for the missing engine so status and abort can still name the game
        name = record.game
        title = record.game

    engine: Engine = _Unknown()  # type: ignore[assignment]
    return Session(record, core.engines.get(record.game) or engine, None, (), broken=why)
