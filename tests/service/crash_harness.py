"""Many games at once in one process that is killed at random moments, and the audit after each kill.

Run as a script, this is the process that gets killed:

    python tests/service/crash_harness.py --db PATH --channels N --seed S [--engine toy|kaploom] [--run R]

It opens a ``SessionService`` on the database, resumes what is there, and plays every channel
``c0..cN-1`` at the same time (one coroutine per channel, ``asyncio.gather``), opening a new game
wherever none is running. Each ``/play`` carries a request id of its own, ``<channel>:<run>:<n>``;
once the service has answered "Done: ..." (the action is committed) it prints, flushed::

    READY <pid>                                           start-up (migrations, resume) is over
    ACK <channel> <game_id> <request_id> <notation>       an accepted, committed action
    FAIL <channel> <text>                                 a command the policy expected to pass was refused

It runs until killed, or until ``--steps`` actions per channel.

Imported, it gives the parent side: ``Harness`` (one run as a child process whose stdout goes to a
file, so a line printed before a SIGKILL survives it) and ``audit`` (what a fresh service finds in
the database after a kill). ``tests/service/test_crash_isolation.py`` and ``bench/crash_kills.py``
drive both.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for _path in (str(ROOT), str(HERE)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from bot.service import Invocation, SessionService, Store  # noqa: E402
from bot.service.records import LogHealth  # noqa: E402
from bot.service.replay import replay  # noqa: E402
from rules.core.engine import Engine  # noqa: E402

ENGINE_NAMES = ("toy", "kaploom")


def load_engine(name: str) -> Engine:
    if name == "toy":
        from toy_engine import ENGINE as TOY

        return TOY
    if name == "kaploom":
        from rules.kaploom import ENGINE as KAPLOOM

        return KAPLOOM
    raise ValueError(f"unknown engine {name!r}; choose from {ENGINE_NAMES}")


def game_options(engine: Engine, index: int) -> str:
    """Odd channels play a bigger table: three toy players, or KAPLOOM!'s 2v2."""
    if index % 2 == 0:
        return ""
    return "players=3" if engine.name == "toy" else "variant=2v2"


def pick(engine: Engine, legal: list[str], version: int, seat: int) -> str:
    """The fixed policy of tests/service/test_restart.py, which finishes games: KAPLOOM! places
    dice while it can and then takes the first move listed; the toy game picks by version and
    seat, never an undo."""
    if engine.name == "kaploom":
        assigns = [n for n in legal if n.startswith("assign")]
        return assigns[0] if assigns else legal[0]
    legal = [n for n in legal if not n.startswith("unassign")]
    return legal[-1] if version % 5 == 4 else legal[(version * 7 + seat) % len(legal)]


def user_of(index: int, seat: int) -> tuple[int, str]:
    """Every channel has players of its own."""
    return 10_000 + 100 * index + seat, f"p{index}s{seat}"


def channel_index(channel: str) -> int:
    return int(channel[1:])


def next_move(service: SessionService, channel: str) -> tuple[int, str] | None:
    """(seat, notation) the policy plays next in ``channel``'s running game, or None."""
    session = service.session(channel)
    if session is None or session.state is None or session.broken is not None:
        return None
    engine = session.engine
    to_act = engine.to_act(session.state)
    if not to_act:  # a finished game still held as running: nobody can ever move in it
        return None
    seat = to_act[0]
    legal = [engine.format(a) for a in engine.legal_actions(session.state, seat)]
    return seat, pick(engine, legal, session.version, seat)


async def play_one(service: SessionService, channel: str, request_id: str) -> tuple[str, str]:
    """One ``/play`` by the policy: (notation, the first answer's text); ("", why) when the
    channel's game has no move to make."""
    move = next_move(service, channel)
    if move is None:
        return "", f"no seat can act in {channel}'s game"
    seat, notation = move
    uid, name = user_of(channel_index(channel), seat)
    outs = await service.handle(Invocation(uid, name, channel, "play", {"action": notation},
                                           request_id=request_id))
    return notation, outs[0].text


# -- the process that gets killed ----------------------------------------------------------------


def _say(line: str) -> None:
    print(line, flush=True)


async def _seat_and_start(service: SessionService, engine: Engine, channel: str) -> bool:
    """A running game in ``channel``: a new one, or the lobby a kill left behind, filled and started."""
    index = channel_index(channel)
    creator, creator_name = user_of(index, 0)
    session = service.session(channel)
    if session is not None and session.broken is not None:
        _say(f"FAIL {channel} broken game {session.game_id}: {session.broken}")
        return False
    if session is None:
        await service.handle(Invocation(creator, creator_name, channel, "game new",
                                        {"game": engine.name, "options": game_options(engine, index)}))
        session = service.session(channel)
        if session is None:
            _say(f"FAIL {channel} could not open a game")
            return False
    for seat in session.free_seats():
        uid, name = user_of(index, seat)
        await service.handle(Invocation(uid, name, channel, "game join", {"seat": str(seat + 1)}))
    await service.handle(Invocation(creator, creator_name, channel, "game start"))
    if session.state is None:
        _say(f"FAIL {channel} could not start game {session.game_id}")
        return False
    return True


async def _play_channel(service: SessionService, engine: Engine, channel: str, run: str, steps: int) -> None:
    for n in range(steps):
        session = service.session(channel)
        if (session is None or session.state is None) and not await _seat_and_start(service, engine, channel):
            return
        session = service.session(channel)
        assert session is not None
        game_id, request_id = session.game_id, f"{channel}:{run}:{n}"
        notation, answer = await play_one(service, channel, request_id)
        if not answer.startswith("Done:"):
            _say(f"FAIL {channel} {request_id} {notation}: {answer}")
            return
        _say(f"ACK {channel} {game_id} {request_id} {notation}")


async def run_harness(db: str, channels: int, seed: int, engine_name: str, run: str, steps: int) -> None:
    engine = load_engine(engine_name)
    service = SessionService(Store(db), engines={engine.name: engine}, render=False, seed=seed)
    await service.start()
    _say(f"READY {os.getpid()}")
    try:
        await asyncio.gather(*(_play_channel(service, engine, f"c{i}", run, steps) for i in range(channels)))
    finally:
        await service.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", required=True)
    parser.add_argument("--channels", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine", choices=ENGINE_NAMES, default="toy")
    parser.add_argument("--run", default=str(os.getpid()), help="part of every request id; unique per run")
    parser.add_argument("--steps", type=int, default=10**9, help="actions per channel before stopping")
    args = parser.parse_args(argv)
    asyncio.run(run_harness(args.db, args.channels, args.seed, args.engine, args.run, args.steps))
    return 0


# -- the parent side: run, kill, read ------------------------------------------------------------


@dataclass(frozen=True)
class Ack:
    channel: str
    game_id: int
    request_id: str
    notation: str


@dataclass
class HarnessOutput:
    ready: bool = False
    acks: list[Ack] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


def parse_output(text: str) -> HarnessOutput:
    """The harness's lines; a last line cut short by the kill is ignored."""
    out = HarnessOutput()
    for line in text.splitlines(keepends=True):
        if not line.endswith("\n"):
            break
        line = line.rstrip("\n")
        if line.startswith("READY "):
            out.ready = True
        elif line.startswith("ACK "):
            _, channel, game_id, request_id, notation = line.split(" ", 4)
            out.acks.append(Ack(channel, int(game_id), request_id, notation))
        elif line.startswith("FAIL "):
            out.failures.append(line)
    return out


class Harness:
    """One run of this script as a child process (``with Harness(...) as h``: killed and waited for
    on the way out, whatever happens). Its stdout goes to a file: a line flushed before a SIGKILL
    is kept, and a child never blocks on a pipe nobody reads."""

    def __init__(self, db: Path, channels: int, seed: int, engine: str, run: str, workdir: Path,
                 steps: int | None = None) -> None:
        self.stdout_path = workdir / f"harness-{run}.out"
        self.stderr_path = workdir / f"harness-{run}.err"
        self.args = [sys.executable, str(Path(__file__).resolve()), "--db", str(db), "--channels", str(channels),
                     "--seed", str(seed), "--engine", engine, "--run", run]
        if steps is not None:
            self.args += ["--steps", str(steps)]
        self.proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Harness:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
        with open(self.stdout_path, "wb") as out, open(self.stderr_path, "wb") as err:
            self.proc = subprocess.Popen(self.args, cwd=ROOT, env=env, stdout=out, stderr=err,
                                         stdin=subprocess.DEVNULL)
        return self

    def __exit__(self, *exc: object) -> None:
        self.kill()

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    async def wait_ready(self, timeout: float = 30.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.output().ready:
                return True
            if not self.running():
                return self.output().ready
            await asyncio.sleep(0.005)
        return False

    def kill(self) -> None:
        """SIGKILL: no handler, no flush, no close; only what was committed (and printed) stays."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    def output(self) -> HarnessOutput:
        return parse_output(self.stdout_path.read_text(encoding="utf-8", errors="replace"))

    def stderr(self) -> str:
        return self.stderr_path.read_text(encoding="utf-8", errors="replace")


# -- the audit after a kill ----------------------------------------------------------------------


PROBLEM_KINDS = ("lost", "duplicated", "misplaced", "needs_repair", "inconsistent", "broken", "unreplayable",
                 "stuck")


@dataclass
class Audit:
    """What a fresh service found in the database after a kill; ``problems()`` is empty when all is well."""

    acked: int = 0  # acknowledged actions so far
    found: int = 0  # of them, found exactly once in their own game's log
    logged: int = 0  # log rows with a request id, in every game
    lost: list[str] = field(default_factory=list)  # acknowledged, missing from its game's log
    duplicated: list[str] = field(default_factory=list)  # request ids logged more than once
    misplaced: list[str] = field(default_factory=list)  # logged, but not as acknowledged (game, notation)
    needs_repair: list[str] = field(default_factory=list)  # running games left with version != log rows
    inconsistent: list[str] = field(default_factory=list)  # version != log rows or seq not 1..n, after start-up
    broken: list[str] = field(default_factory=list)  # games the start-up check refused
    unreplayable: list[str] = field(default_factory=list)  # snapshot != replay of seed + log
    stuck: list[str] = field(default_factory=list)  # running games that refused a legal move
    running: int = 0
    moved: int = 0
    own_acks: list[Ack] = field(default_factory=list)  # the moves the audit itself made

    def problems(self) -> list[str]:
        lines = []
        for name in PROBLEM_KINDS:
            lines += [f"{name}: {what}" for what in getattr(self, name)]
        return lines


def _normal(data: Any) -> Any:
    return json.loads(json.dumps(data, sort_keys=True))


async def health_before_startup(db: Path) -> list[LogHealth]:
    """The running games whose version does not count their log rows, as the kill left them
    (before the start-up check repairs them): each is a half-written action that was committed."""
    store = Store(db)
    await store.open()
    try:
        return [h for h in (await store.log_health()).values() if not h.consistent]
    finally:
        await store.close()


async def logged_requests(store: Store) -> dict[str, list[tuple[int, str]]]:
    """request id -> every (game id, notation) logged under it, across all games."""
    found: dict[str, list[tuple[int, str]]] = {}
    async with store.db.execute(
        "SELECT game_id, request_id, notation FROM actions WHERE request_id IS NOT NULL ORDER BY game_id, seq"
    ) as cur:
        for row in await cur.fetchall():
            found.setdefault(row["request_id"], []).append((row["game_id"], row["notation"]))
    return found


def check_acks(acks: list[Ack], logged: Mapping[str, list[tuple[int, str]]], audit: Audit) -> None:
    """Every acknowledged action is in its own game's log exactly once, as acknowledged."""
    audit.acked = len(acks)
    audit.logged = sum(len(v) for v in logged.values())
    audit.duplicated += [f"{rid} logged {len(rows)} times: {rows}" for rid, rows in logged.items() if len(rows) > 1]
    for ack in acks:
        rows = logged.get(ack.request_id, [])
        if not rows:
            audit.lost.append(f"{ack.request_id} ({ack.notation}) of game {ack.game_id}")
        elif rows != [(ack.game_id, ack.notation)]:
            audit.misplaced.append(f"{ack.request_id}: acknowledged as game {ack.game_id} {ack.notation!r}, "
                                   f"logged as {rows}")
        else:
            audit.found += 1
    seen = Counter(a.request_id for a in acks)
    audit.duplicated += [f"{rid} acknowledged {n} times" for rid, n in seen.items() if n > 1]


async def check_replays(service: SessionService, audit: Audit) -> None:
    """Every started game (running or over): version == log rows, seq 1..n, snapshot == replay."""
    store = service.store
    async with store.db.execute("SELECT id FROM games WHERE seed IS NOT NULL AND status IN ('running', 'over')"
                                " ORDER BY id") as cur:
        ids = [row["id"] for row in await cur.fetchall()]
    for game_id in ids:
        record = await store.game(game_id)
        actions = await store.actions(game_id)
        engine = service.engines[record.game]
        if [a.seq for a in actions] != list(range(1, record.version + 1)):
            audit.inconsistent.append(f"game {game_id} ({record.status}) at version {record.version} has "
                                      f"log seqs {[a.seq for a in actions][-5:]}… ({len(actions)} rows)")
            continue
        options = engine.parse_options({k: v for k, v in record.options.items() if k != "seed"})
        assert record.seed is not None
        replayed = replay(engine, record.seed, options, [(a.seat, a.notation) for a in actions], record.labels)
        if _normal(engine.dump(replayed)) != _normal(record.snapshot):
            audit.unreplayable.append(f"game {game_id} ({record.status}, version {record.version})")
    for session in service.sessions.values():
        if session.running and not await service.verify_snapshot(session.channel_id):
            audit.unreplayable.append(f"game {session.game_id} in {session.channel_id} (verify_snapshot)")


async def check_moves(service: SessionService, tag: str, audit: Audit) -> None:
    """Every running game takes one more legal move."""
    for session in service.sessions.values():
        if not session.running:
            continue
        audit.running += 1
        channel = session.channel_id
        notation, answer = await play_one(service, channel, f"audit:{tag}:{channel}")
        if answer.startswith("Done:"):
            audit.moved += 1
            audit.own_acks.append(Ack(channel, session.game_id, f"audit:{tag}:{channel}", notation))
        else:
            audit.stuck.append(f"game {session.game_id} in {channel} refused {notation!r}: {answer}")


async def audit(db: Path, engine: Engine, acks: list[Ack], seed: int, tag: str) -> Audit:
    """Open a fresh service on ``db`` (as the restarted bot would) and check everything."""
    result = Audit()
    result.needs_repair += [f"game {h.game_id}: version {h.version}, {h.rows} log rows, last seq {h.max_seq}"
                            for h in await health_before_startup(db)]
    service = SessionService(Store(db), engines={engine.name: engine}, render=False, seed=seed)
    await service.start()
    try:
        result.broken += [f"game {s.game_id} in {s.channel_id}: {s.broken}"
                          for s in service.sessions.values() if s.broken is not None]
        check_acks(acks, await logged_requests(service.store), result)
        await check_replays(service, result)
        await check_moves(service, tag, result)
    finally:
        await service.close()
    return result


# -- the kill loop ---------------------------------------------------------------------------------


@dataclass
class KillRound:
    """One run of the harness, killed, and the audit that followed."""

    number: int
    delay: float  # seconds the harness ran: after READY, or after launch for a start-up kill
    during_startup: bool
    still_running: bool  # False: the harness ended on its own before the kill (a crash)
    output: HarnessOutput
    stderr: str
    audit: Audit


async def kill_loop(workdir: Path, engine_name: str, kills: int, channels: int, seed: int,
                    min_delay: float = 0.05, max_delay: float = 0.4, startup_share: float = 0.2,
                    ) -> AsyncIterator[KillRound]:
    """Start the harness on one database, SIGKILL it after a random moment, audit, start it again.

    Most kills come ``min_delay``..``max_delay`` seconds after the harness said READY (games being
    played, opened and finished in every channel); a ``startup_share`` of them come at a random
    moment after launch instead (migrations, resuming). The acknowledged actions accumulate over the
    runs: each audit checks every one acknowledged so far, and the audit's own moves too."""
    rng = random.Random(seed)
    engine = load_engine(engine_name)
    db = workdir / "games.db"
    acks: list[Ack] = []
    for number in range(kills):
        during_startup = rng.random() < startup_share
        delay = rng.uniform(0.0, 0.6) if during_startup else rng.uniform(min_delay, max_delay)
        with Harness(db, channels, seed, engine_name, str(number), workdir) as harness:
            if not during_startup:
                await harness.wait_ready()
            await asyncio.sleep(delay)
            still_running = harness.running()
        output = harness.output()
        acks += output.acks
        result = await audit(db, engine, acks, seed, tag=str(number))
        acks += result.own_acks
        yield KillRound(number, delay, during_startup, still_running, output, harness.stderr(), result)


if __name__ == "__main__":
    sys.exit(main())
