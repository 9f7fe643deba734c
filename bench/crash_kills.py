"""SIGKILL the session service at random moments while many channels play at once, and count what survived.

The kill loop of tests/service/test_crash_isolation.py, longer: tests/service/crash_harness.py
plays every channel concurrently on one SQLite file and prints an ACK line after each committed
action; it is killed 50-400 ms after it is ready (a fifth of the kills land during start-up
instead), a fresh service audits the file, and the harness resumes it. After every kill:
every acknowledged action must be in its own game's log exactly once, each running game's version
must count its log rows (no repair needed), its snapshot must equal a replay of seed + log, no
game may be refused, and every running game must take one more legal move.

    python bench/crash_kills.py [--kills 20] [--channels 8] [--engine toy|kaploom] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT / "tests" / "service"))

from _common import machine  # noqa: E402
from crash_harness import ENGINE_NAMES, PROBLEM_KINDS, kill_loop  # noqa: E402


async def main(kills: int, channels: int, engine: str, seed: int, verbose: bool) -> int:
    started = time.perf_counter()
    found = {kind: 0 for kind in PROBLEM_KINDS}  # summed over the audits (lost and duplicated: the last one)
    startup_kills = crashes = refusals = 0
    problems: list[str] = []
    last = None
    with tempfile.TemporaryDirectory() as tmp:
        async for kill in kill_loop(Path(tmp), engine, kills, channels, seed):
            startup_kills += kill.during_startup
            crashes += not kill.still_running
            refusals += len(kill.output.failures)
            for kind in PROBLEM_KINDS:
                found[kind] += len(getattr(kill.audit, kind))
            problems += [f"kill {kill.number}: {p}" for p in kill.audit.problems() + kill.output.failures]
            if not kill.still_running:
                problems.append(f"kill {kill.number}: the harness ended on its own:\n{kill.stderr[-2000:]}")
            if verbose:
                print(f"kill {kill.number:>3}: {'start-up' if kill.during_startup else 'play    '} "
                      f"{kill.delay * 1000:5.0f} ms, {len(kill.output.acks):>4} acks, "
                      f"{kill.audit.running} running games, {len(kill.audit.problems())} problems", flush=True)
            last = kill.audit
    seconds = time.perf_counter() - started
    assert last is not None
    print(f"machine: {machine()}")
    print(f"engine {engine}, {channels} channels, seed {seed}")
    print(f"kills                 {kills} ({startup_kills} during start-up)")
    print(f"acknowledged actions  {last.acked}")
    print(f"actions found         {last.found} (exactly once, in their own game's log, as acknowledged)")
    print(f"lost                  {len(last.lost)}")
    print(f"duplicated            {len(last.duplicated)}")
    print(f"misplaced             {len(last.misplaced)}")
    print(f"repaired games        {found['needs_repair']} (left with version != log rows by a kill)")
    print(f"broken games          {found['broken']}")
    print(f"not replaying         {found['unreplayable']}")
    print(f"stuck games           {found['stuck']}")
    print(f"harness crashes       {crashes}, refusals {refusals}")
    print(f"seconds               {seconds:.1f}")
    for line in problems[:20]:
        print("PROBLEM", line)
    return 1 if problems else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--channels", type=int, default=8)
    parser.add_argument("--engine", choices=ENGINE_NAMES, default="toy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", "-v", action="store_true", help="one line per kill")
    args = parser.parse_args()
    sys.exit(asyncio.run(main(args.kills, args.channels, args.engine, args.seed, args.verbose)))
