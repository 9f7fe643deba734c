"""Scale: 1,000 concurrent KAPLOOM! games in one process, most idle on deadlines, timers firing.

Issue 7's target: "1,000 concurrent async games in one process, most idle on deadlines, with
reminders and clocks firing: under 300 MB resident; the p99 of a `/play` while timers fire stays
under 150 ms with the image; start-up with those 1,000 saved games under 2 s."

Everything goes through the real ``SessionService`` on a SQLite file, on the system clock, with the
timekeeper running in the background and the real board images drawn (as in production):

    create   N games in N channels of one guild, two distinct people each, started. Most are idle
             async games (deadlines days away); the last ``--active`` share are live games whose
             reminders and clock time-outs (``skip``, and a few ``bot``) are set to fall due inside
             the measurement window.
    load     resident memory with every game loaded and the timekeeper running.
    play     ``--plays`` /play commands (a random legal action of a random game), paced evenly over
             ``--window`` seconds, each timed end to end (and split: the committed write, the
             drawing of its images, the rest) while reminders and time-outs fire; every firing is
             recorded (kind, game, duration under its lock, lateness), with the event loop's lag,
             the garbage collector's pauses and the resident memory.
    restart  the service is closed and a fresh process opens the same file: ``start(run_timers=True)``
             (the start-up check of every saved game, the AI moves left to play, and the deadlines
             that passed meanwhile when the service fires them before returning) is timed, its
             resident memory read, and the time until the backlog of overdue deadlines has fired.

Other processes on the machine inflate the latencies: the report says how many cores they kept busy.

    python bench/scale.py [--games 1000] [--plays 600] [--window 75] [--active 0.1] [--seed 1]
                          [--profile] [--db FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import cProfile
import gc
import io
import json
import os
import pstats
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

_T_IMPORTS = time.perf_counter()
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import machine, percentile, summary  # noqa: E402

import bot.service.service as service_module  # noqa: E402
from bot.service import Invocation, Output, SessionService, Store, clocks  # noqa: E402
from bot.service.messages import TargetKind  # noqa: E402
from rules.kaploom import ENGINE  # noqa: E402

_T_IMPORTED = time.perf_counter()

GUILD = "700000000000000000"
CHANNEL_BASE = 800_000_000_000_000_000
USER_BASE = 900_000_000_000_000_000
LEAD_S = 3.0  # slack between the end of creation and the planned start of the window
TARGET_RSS_MB = 300
TARGET_P99_MS = 150
TARGET_START_S = 2.0


# -- measuring -------------------------------------------------------------------------------------


def rss_mb() -> tuple[float, float]:
    """(current, peak) resident set size of this process, in MB (10^6 bytes), from /proc/self/status."""
    found = {}
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(("VmRSS:", "VmHWM:")):
                key, value = line.split(":", 1)
                found[key] = int(value.split()[0]) * 1024 / 1e6
    # VmHWM, not getrusage's ru_maxrss: Linux carries ru_maxrss over from the forking parent across exec.
    return found.get("VmRSS", float("nan")), found.get("VmHWM", float("nan"))


def descendants(pid: int | None = None) -> list[int]:
    """Every process below this one (the image workers and their forkserver), from /proc."""
    pid = os.getpid() if pid is None else pid
    found: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                children = [int(c) for c in f.read().split()]
        except OSError:
            continue
        for child in children:
            found += [child, *descendants(child)]
    return found


def workers_mb() -> tuple[float, float, int]:
    """(resident, proportional) set size in MB of the processes below this one, and their count.
    Forked workers share pages: RSS counts a shared page in each, PSS divides it among them."""
    rss = pss = 0.0
    pids = descendants()
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as f:
                rss += next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) * 1024 / 1e6
            with open(f"/proc/{pid}/smaps_rollup") as f:
                pss += next(int(line.split()[1]) for line in f if line.startswith("Pss:")) * 1024 / 1e6
        except (OSError, StopIteration):
            continue
    return rss, pss, len(pids)


class CountingOutbox:
    """Counts what the service says on its own and drops it (the default outbox keeps everything)."""

    def __init__(self) -> None:
        self.outputs: Counter[str] = Counter()
        self.images = 0

    async def push(self, outputs: list[Output]) -> None:
        for out in outputs:
            self.outputs[out.target.kind.value] += 1
            self.images += out.image is not None


@dataclass
class Firing:
    kind: str  # reminder | timeout | rule
    game_id: int
    start: float  # perf_counter
    end: float
    late: float  # seconds between the deadline and its firing


def watch_timers(service: SessionService) -> list[Firing]:
    """Record every deadline the timekeeper fires: kind, game, when, how long it took (under the
    game's lock), and how late it fired."""
    fired: list[Firing] = []
    timekeeper = service.timekeeper
    one = timekeeper._one

    async def counted(session, seat, kind, now):
        due = clocks.due(session.record.clock, now)
        late = (service.core.clock.now() - due[0][0]).total_seconds() if due else 0.0
        t = time.perf_counter()
        try:
            return await one(session, seat, kind, now)
        finally:
            fired.append(Firing(kind, session.game_id, t, time.perf_counter(), late))

    timekeeper._one = counted  # type: ignore[method-assign]
    return fired


class GcPauses:
    """Every garbage collection's pause (all generations), from ``gc.callbacks``."""

    def __init__(self) -> None:
        self.pauses: list[tuple[int, float, float]] = []  # (generation, start, seconds)
        self._t = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._t = time.perf_counter()
        else:
            self.pauses.append((info["generation"], self._t, time.perf_counter() - self._t))


_PARTS: contextvars.ContextVar[dict[str, float] | None] = contextvars.ContextVar("parts", default=None)


def time_parts(service: SessionService) -> None:
    """Time, inside a /play, the committed write (``store.record_action``) and the drawing of its
    images (``presenter.finish``, where this version of the service draws them): a task sets a
    dict in ``_PARTS`` and only its own calls add to it (the timer task's calls do not)."""

    def wrap(owner: object, name: str, part: str) -> None:
        inner = getattr(owner, name, None)
        if inner is None:
            return

        async def timed(*args, **kwargs):
            parts = _PARTS.get()
            t = time.perf_counter()
            try:
                return await inner(*args, **kwargs)
            finally:
                if parts is not None:
                    parts[part] = parts.get(part, 0.0) + time.perf_counter() - t

        setattr(owner, name, timed)

    wrap(service.core.store, "record_action", "persist")
    wrap(service.core.presenter, "finish", "draw")


def busy_cpu_seconds() -> float:
    """CPU seconds all processes have used since boot (/proc/stat), to tell what others took."""
    with open("/proc/stat") as f:
        fields = [int(v) for v in f.readline().split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


async def loop_lag(samples: list[float], stop: asyncio.Event, every: float = 0.02) -> None:
    """How late the event loop wakes a 20 ms sleeper: what blocks it shows here."""
    while not stop.is_set():
        t = time.perf_counter()
        await asyncio.sleep(every)
        samples.append(time.perf_counter() - t - every)


async def rss_sampler(samples: list[float], stop: asyncio.Event, every: float = 1.0) -> None:
    while not stop.is_set():
        samples.append(rss_mb()[0])
        await asyncio.sleep(every)


def top_functions(profile: cProfile.Profile, sort: str, limit: int = 18) -> str:
    out = io.StringIO()
    pstats.Stats(profile, stream=out).strip_dirs().sort_stats(sort).print_stats(limit)
    text = out.getvalue()
    return text[text.find("   ncalls"):].rstrip() if "   ncalls" in text else text


# -- the games ---------------------------------------------------------------------------------------


def inv(user_id: int, channel: str, command: str, **options: str) -> Invocation:
    return Invocation(user_id, f"p{user_id - USER_BASE}", channel, command, dict(options), guild_id=GUILD)


def plan_kinds(games: int, active: float, rng: random.Random) -> list[str]:
    """Idle async games first, then the active ones (created last, so their deadlines can be aimed
    at the window): half only reminded, 40% with clock time-outs skipped, 10% handed to the AI."""
    n_active = min(games, round(games * active))
    kinds = []
    for _ in range(n_active):
        r = rng.random()
        kinds.append("remind" if r < 0.5 else "skip" if r < 0.9 else "bot")
    return ["idle"] * (games - n_active) + kinds


def settings_for(kind: str, now: float, window_start: float, window: float, rng: random.Random) -> dict[str, str]:
    """The /game new settings of one game created at ``now`` (perf_counter seconds): the first
    reminder and the time-out aimed at random moments of the window."""
    if kind == "idle":
        return {"pace": "async"}  # clock 3d+1d, reminder after 24h

    def after(lo: float, hi: float) -> int:
        return max(10, round(window_start + rng.uniform(lo, hi) * window - now))

    remind = after(0.0, 0.4)
    if kind == "remind":
        return {"pace": "live", "clock": "30m+1m", "remind": f"{remind}s", "reminders": "3"}
    bank = max(remind + 5, after(0.15, 0.6))
    if kind == "skip":
        return {"pace": "live", "clock": f"{bank}s+20s", "timeout": "skip", "remind": f"{remind}s", "reminders": "2"}
    return {"pace": "live", "clock": f"{bank}s+20s", "timeout": "bot", "remind": "off"}


async def create(service: SessionService, kinds: list[str], window: float, rng: random.Random) -> tuple[
        list[str], float]:
    """Open, seat and start one game per channel; returns the channels and the planned window start."""
    channels = []
    t_begin = time.perf_counter()
    window_start = float("nan")
    for g, kind in enumerate(kinds):
        now = time.perf_counter()
        if kind != "idle" and window_start != window_start:  # the first active game: aim the deadlines
            per_game = (now - t_begin) / g if g else 0.1
            window_start = now + (len(kinds) - g) * per_game * 1.05 + LEAD_S
        channel = str(CHANNEL_BASE + g)
        villain, hero = USER_BASE + 2 * g + 1, USER_BASE + 2 * g + 2
        settings = settings_for(kind, now, window_start, window, rng)
        await _ok(service, inv(villain, channel, "game new", game="kaploom", options=f"seed={rng.randrange(2**40)}",
                               **settings))
        await _ok(service, inv(villain, channel, "game join", seat="villain"))
        await _ok(service, inv(hero, channel, "game join", seat="hero"))
        await _ok(service, inv(hero, channel, "game start"))
        if kind == "bot":
            # The villain is ready at once: only the hero runs out of time and is handed to the AI.
            session = service.session(channel)
            assert session is not None
            ready = ENGINE.format(ENGINE.pending(session.state)[0].default)
            await _ok(service, inv(villain, channel, "play", action=ready), "Done")
        channels.append(channel)
    if window_start != window_start:
        window_start = time.perf_counter() + LEAD_S
    return channels, window_start


async def _ok(service: SessionService, invocation: Invocation, starts: str | None = None) -> list[Output]:
    outputs = await service.handle(invocation)
    bad = [o.text for o in outputs if o.target.kind is TargetKind.EPHEMERAL and not o.text.startswith("Done")]
    if bad or (starts and not outputs[0].text.startswith(starts)):
        raise RuntimeError(f"/{invocation.command} in {invocation.channel_id} refused: {bad or outputs[0].text}")
    return outputs


def pick_play(service: SessionService, channels: list[str], rng: random.Random) -> Invocation | None:
    """A random legal action of a person whose move it is, in a random running game."""
    for _ in range(50):
        channel = rng.choice(channels)
        session = service.session(channel)
        if session is None or not session.running:
            continue
        people = session.people()
        seats = [s for s in ENGINE.to_act(session.state) if s in people]
        if not seats:
            continue
        seat = rng.choice(seats)
        action = ENGINE.format(rng.choice(ENGINE.legal_actions(session.state, seat)))
        return inv(people[seat].user_id, channel, "play", action=action)
    return None


# -- the phases --------------------------------------------------------------------------------------


async def main(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="scale-") as tmp:
        path = args.db or Path(tmp) / "scale.db"
        if path.exists():
            raise SystemExit(f"{path} exists: --db names a new file")
        outbox = CountingOutbox()
        service = SessionService(Store(path), seed=args.seed, outbox=outbox)
        fired = watch_timers(service)
        time_parts(service)
        await service.start(run_timers=True)
        rss_empty = rss_mb()[0]

        # create
        load_before = os.getloadavg()[0]
        kinds = plan_kinds(args.games, args.active, rng)
        t, cpu = time.perf_counter(), time.process_time()
        channels, window_start = await create(service, kinds, args.window, rng)
        create_s, create_cpu = time.perf_counter() - t, time.process_time() - cpu
        fired_in_create = len(fired)

        # load
        gc.collect()
        rss_load, peak_load = rss_mb()

        # play while timers fire
        wait = window_start - time.perf_counter()
        if wait > 0:
            await asyncio.sleep(wait)
        stop = asyncio.Event()
        lag: list[float] = []
        rss_window: list[float] = []
        helpers = [asyncio.create_task(loop_lag(lag, stop)), asyncio.create_task(rss_sampler(rss_window, stop))]
        gc_pauses = GcPauses()
        gc.callbacks.append(gc_pauses)
        profile = cProfile.Profile() if args.profile else None
        plays: list[tuple[float, float]] = []  # (start, seconds)
        parts: list[dict[str, float]] = []
        refused = Counter()
        pushed_before = sum(outbox.outputs.values())
        drawn_before = getattr(service.core.presenter, "drawn", 0)
        cpu, busy_before = time.process_time(), busy_cpu_seconds()
        w0 = time.perf_counter()
        if profile:
            profile.enable()
        for i in range(args.plays):
            due = w0 + i * args.window / args.plays
            if (delay := due - time.perf_counter()) > 0:
                await asyncio.sleep(delay)
            invocation = pick_play(service, channels, rng)
            if invocation is None:
                refused["no game to play"] += 1
                continue
            timed: dict[str, float] = {}
            token = _PARTS.set(timed)
            t = time.perf_counter()
            outputs = await service.handle(invocation)
            plays.append((t, time.perf_counter() - t))
            _PARTS.reset(token)
            parts.append(timed)
            if not outputs[0].text.startswith("Done"):
                refused[outputs[0].text.split(".")[0][:60]] += 1
        if (rest := w0 + args.window - time.perf_counter()) > 0:
            await asyncio.sleep(rest)  # the window's timers, to its end
        w1 = time.perf_counter()
        window_cpu = time.process_time() - cpu
        others = (busy_cpu_seconds() - busy_before - window_cpu) / (w1 - w0)  # cores other processes kept busy
        gc.callbacks.remove(gc_pauses)
        objects = len(gc.get_objects())
        drawn_window = getattr(service.core.presenter, "drawn", 0) - drawn_before
        load_after = os.getloadavg()[0]
        if profile:
            profile.disable()
        stop.set()
        await asyncio.gather(*helpers)
        rss_after_window, peak_window = rss_mb()
        workers_rss, workers_pss, workers = workers_mb()
        pushed_window = sum(outbox.outputs.values()) - pushed_before
        kind_of = {s.game_id: k for c, k in zip(channels, kinds, strict=True)
                   if (s := service.sessions.in_channel(c)) is not None}
        open_games = sum(1 for c in channels if (s := service.session(c)) is not None and s.running)
        await service.close()
        del service
        gc.collect()

        # restart, in a fresh process
        restart = restart_in_child(path, args)

    in_window = [f for f in fired if w0 <= f.start <= w1]
    busy = [(f.start, f.end) for f in fired]
    overlapping = [s for start, s in plays if any(a < start + s and start < b for a, b in busy)]
    play_s = [s for _, s in plays]
    rss_peak_run = max([rss_load, *rss_window, rss_after_window])
    p99 = percentile([s * 1000 for s in play_s], 99)

    print(f"machine: {machine()}; load average {load_before:.1f} before, {load_after:.1f} after the window; "
          f"other processes kept {max(others, 0):.2f} of the {os.cpu_count()} cores busy during the window"
          + (" (latencies are inflated)" if others > 0.25 else ""))
    print(f"{args.games} KAPLOOM! games in {args.games} channels (2 people each, guild {GUILD}), SQLite file, "
          f"system clock, timers running, images rendered; seed {args.seed}")
    mix = Counter(kinds)
    print(f"mix: {mix['idle']} idle async (3d+1d clock, 24h reminder), {mix['remind']} live reminded, "
          f"{mix['skip']} live with time-outs skipped, {mix['bot']} live with time-outs to the AI")
    print()
    print(f"create   {create_s:7.1f} s for {args.games} games ({create_s / args.games * 1000:.1f} ms a game: "
          f"new, 2 joins, start with its board and 2 screens drawn), {create_cpu:.1f} s CPU; {fired_in_create} deadlines "
          "fired meanwhile")
    print(f"load     RSS {rss_load:6.1f} MB with {args.games} games loaded (empty service: {rss_empty:.1f} MB; "
          f"{(rss_load - rss_empty) / args.games * 1000:.0f} kB a game); peak so far {peak_load:.1f} MB")
    print(f"play     window {w1 - w0:.1f} s ({window_cpu:.1f} s CPU, {window_cpu / (w1 - w0) * 100:.0f}% of one core; "
          f"{drawn_window} images drawn): {len(plays)} /play commands, {sum(refused.values())} refused "
          f"{dict(refused) if refused else ''}".rstrip())
    print("         " + summary("/play end to end", play_s))
    if overlapping:
        print("         " + summary("/play during a firing", overlapping))
    for part in ("persist", "draw"):
        if any(part in p for p in parts):
            print("         " + summary(f"  {part}", [p.get(part, 0.0) for p in parts]))
    if parts:
        print("         " + summary("  the rest (CPU, lock, loop)", [s - sum(p.values()) for (_, s), p in
                                                                   zip(plays, parts, strict=True)]))
        slowest = sorted(zip(plays, parts, strict=True), key=lambda x: -x[0][1])[:max(1, len(plays) // 100)]
        print("         slowest 1%: " + "; ".join(
            f"{s * 1000:.0f} ms (" + ", ".join(f"{k} {v * 1000:.0f}" for k, v in p.items()) + ")"
            for (_, s), p in slowest))
    print("         " + summary("event loop lag (20 ms tick)", lag))
    full = [p for g, _, p in gc_pauses.pauses if g == 2]
    print(f"         garbage collections: {len(gc_pauses.pauses)}, pauses max "
          f"{max((p for _, _, p in gc_pauses.pauses), default=0) * 1000:.1f} ms; {len(full)} full ones "
          f"(max {max(full, default=0) * 1000:.1f} ms, mean {sum(full) / max(len(full), 1) * 1000:.1f} ms) over "
          f"{objects:,} tracked objects")
    slow = [(t, d) for t, d in plays if d > TARGET_P99_MS / 1000]
    if slow:
        def meets(t: float, d: float, spans: list[tuple[float, float]]) -> bool:
            return any(a < t + d and t < b for a, b in spans)

        full_gc = [(t, t + p) for g, t, p in gc_pauses.pauses if g == 2]
        long_firings = [(f.start, f.end) for f in fired if f.end - f.start > 1.0]
        print(f"         of the {len(slow)} /play over {TARGET_P99_MS} ms: {sum(meets(t, d, busy) for t, d in slow)} "
              f"overlapped a timer firing, {sum(meets(t, d, long_firings) for t, d in slow)} one over 1 s (an AI "
              f"playing a timed-out seat), {sum(meets(t, d, full_gc) for t, d in slow)} a full garbage collection")
    kinds_fired = Counter(f.kind for f in in_window)
    print(f"         timer firings in the window: {len(in_window)} ({', '.join(f'{k} {v}' for k, v in sorted(kinds_fired.items())) or 'none'}) "
          f"in {len({f.game_id for f in in_window})} games; {len(fired)} in the whole run")
    if in_window:
        print("         " + summary("one firing (under its lock)", [f.end - f.start for f in in_window]))
        for kind in ("remind", "skip", "bot"):
            some = [f.end - f.start for f in in_window if kind_of.get(f.game_id) == kind]
            if some:
                print("         " + summary(f"  in {kind} games", some))
        print("         " + summary("  how late a deadline fired", [f.late for f in in_window]))
        slowest = sorted(in_window, key=lambda f: f.start - f.end)[:3]
        print("         slowest: " + "; ".join(f"{f.kind} of game {f.game_id} ({kind_of.get(f.game_id)}) "
                                             f"{(f.end - f.start) * 1000:.0f} ms" for f in slowest))
    print(f"         outputs pushed by the service in the window: {pushed_window}; whole run {dict(outbox.outputs)}, "
          f"{outbox.images} with images")
    print(f"         RSS during the window: max {max(rss_window, default=float('nan')):.1f} MB, "
          f"{rss_after_window:.1f} MB at its end; process peak (VmHWM, creation included) {peak_window:.1f} MB; "
          f"{open_games} games still running")
    print(f"         image workers: {workers} processes below this one (forkserver and workers), RSS {workers_rss:.1f} MB, "
          f"PSS {workers_pss:.1f} MB")
    print(f"restart  start() {restart['start_s']:.2f} s ({restart['start_cpu']:.2f} s CPU) with {restart['sessions']} "
          f"saved games; imports {restart['imports_s']:.2f} s; whole process to ready {restart['process_s']:.2f} s")
    print(f"         of which the start-up check of every game (resume_all) {restart['check_s']:.2f} s, and "
          f"{restart['fired_in_start']} deadlines fired inside start()")
    print(f"         the {restart['backlog']} deadlines that fell due while it was down had all fired "
          f"{restart['drain_s']:.2f} s after start() returned (slowest {restart['slowest_s'] * 1000:.0f} ms)"
          + (f"; {len(restart['plays'])} /play meanwhile: p50 {percentile(restart['plays'], 50) * 1000:.0f} ms, "
             f"max {max(restart['plays']) * 1000:.0f} ms" if restart["plays"] else ""))
    print(f"         RSS after start-up {restart['rss']:.1f} MB (peak {restart['peak']:.1f} MB) in a fresh process")
    if restart.get("profile"):
        print("\nstart() profile (cumulative):\n" + restart["profile"])
    if profile:
        print("\nplay window profile, event-loop thread (cumulative):\n" + top_functions(profile, "cumulative"))
        print("\nplay window profile, event-loop thread (own time):\n" + top_functions(profile, "tottime"))
    print()
    # The image workers share pages with each other and their forkserver (libraries, the renderers
    # imported before the fork): their RSS counts a shared page in each process, their PSS splits it,
    # so the PSS adds up to the memory they really hold. This process's RSS is counted whole.
    rss_worst = max(rss_peak_run + workers_pss, restart["rss"])
    print("verdict:")
    print(f"  resident memory  {rss_worst:6.1f} MB (max of load, window, restart; this process's RSS and the "
          "image workers' PSS) "
          f"{'<' if rss_worst < TARGET_RSS_MB else '>='} {TARGET_RSS_MB} MB: "
          f"{'PASS' if rss_worst < TARGET_RSS_MB else 'FAIL'}")
    print(f"  /play p99        {p99:6.1f} ms while {len(in_window)} deadlines fired "
          f"{'<' if p99 < TARGET_P99_MS else '>='} {TARGET_P99_MS} ms: {'PASS' if p99 < TARGET_P99_MS else 'FAIL'}")
    print(f"  start-up         {restart['start_s']:6.2f} s {'<' if restart['start_s'] < TARGET_START_S else '>='} "
          f"{TARGET_START_S:g} s: {'PASS' if restart['start_s'] < TARGET_START_S else 'FAIL'}")


def restart_in_child(path: Path, args: argparse.Namespace) -> dict:
    command = [sys.executable, __file__, "--restart-of", str(path), "--seed", str(args.seed)]
    if args.profile:
        command.append("--profile")
    t = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t
    if done.returncode != 0:
        raise RuntimeError(f"the restart failed:\n{done.stderr}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    result["wall_s"] = wall
    return result


async def restart(path: Path, seed: int, profile: bool) -> dict:
    """A fresh service on the saved games: time ``start()``, read the memory it holds, then time how
    long the deadlines that fell due while it was down take to fire (in the background, or inside
    ``start()``, as the service does it), with a few /play commands meanwhile."""
    outbox = CountingOutbox()
    service = SessionService(Store(path), seed=seed, outbox=outbox)
    fired = watch_timers(service)
    firing = [0]
    one = service.timekeeper._one

    async def tracked(*args):
        firing[0] += 1
        try:
            return await one(*args)
        finally:
            firing[0] -= 1

    service.timekeeper._one = tracked  # type: ignore[method-assign]
    spent = {"check_s": 0.0}
    resume_all = service_module.resume_all

    async def timed_resume_all(core):
        t = time.perf_counter()
        try:
            return await resume_all(core)
        finally:
            spent["check_s"] += time.perf_counter() - t

    service_module.resume_all = timed_resume_all
    profiler = cProfile.Profile() if profile else None
    began = service.core.clock.now()
    t0 = t = time.perf_counter()
    cpu = time.process_time()
    if profiler:
        profiler.enable()
    await service.start(run_timers=True)
    if profiler:
        profiler.disable()
    start_s, start_cpu = time.perf_counter() - t, time.process_time() - cpu
    ready = time.perf_counter()
    current, peak = rss_mb()
    fired_in_start = len(fired)
    # The backlog: every deadline that was due when start() began, fired; a /play every 100 ms meanwhile.
    rng = random.Random(seed)
    channels = [s.channel_id for s in service.sessions.open()]
    plays: list[float] = []
    while time.perf_counter() - ready < 600:
        due = service.timekeeper.earliest()
        if (due is None or due > began) and not firing[0]:
            break
        invocation = pick_play(service, channels, rng) if channels else None
        if invocation is not None:
            t = time.perf_counter()
            await service.handle(invocation)
            plays.append(time.perf_counter() - t)
        await asyncio.sleep(0.1)
    drain_s = time.perf_counter() - ready
    backlog = [f for f in fired if f.start - f.late <= t0]  # fell due before start() began
    result = {"start_s": start_s, "start_cpu": start_cpu, "sessions": len(service.sessions),
              "fired_in_start": fired_in_start, "backlog": len(backlog), "drain_s": drain_s,
              "slowest_s": max((f.end - f.start for f in backlog), default=0.0),
              "plays": sorted(plays), "rss": current, "peak": peak,
              "imports_s": _T_IMPORTED - _T_IMPORTS, "process_s": ready - _T_IMPORTS + _since_exec(), **spent}
    if profiler:
        result["profile"] = top_functions(profiler, "cumulative", 25)
    await service.close()
    return result


def _since_exec() -> float:
    """Seconds from this process's exec to the first line of this module (the interpreter's own start)."""
    try:
        with open("/proc/self/stat") as f:
            start_ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
        ticks = os.sysconf("SC_CLK_TCK")
        return max(0.0, uptime - start_ticks / ticks - (time.perf_counter() - _T_IMPORTS))
    except (OSError, ValueError, IndexError):
        return 0.0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--plays", type=int, default=600)
    parser.add_argument("--window", type=float, default=75.0, help="seconds the plays are spread over")
    parser.add_argument("--active", type=float, default=0.1, help="share of games whose deadlines fall in the window")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="cProfile the play window and the restart")
    parser.add_argument("--db", type=Path, help="keep the database in this new file (default: a temporary one)")
    parser.add_argument("--restart-of", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.restart_of is not None:
        print(json.dumps(asyncio.run(restart(args.restart_of, args.seed, args.profile))))
    else:
        asyncio.run(main(args))
