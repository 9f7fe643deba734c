"""Self-play: random legal choices for every seat, every invariant checked after every step.

Checks, besides the engine's own ``check_invariants``:
- the acting seat always has a legal action, and somebody acts until the game has an outcome,
  within a step cap;
- every chosen action's notation round-trips (``parse(format(a)) == a``), and snapshots
  round-trip (``dump(load(dump(s))) == dump(s)``);
- a private view's embedded public part equals the public view;
- an Event's private line for a seat never appears in the public text of that step, nor in the
  post the channel receives;
- hidden choices stay hidden, by a differential test at every step, in every phase, however many
  seats are asked: the engine's ``public_action`` says what the channel may learn from an action
  itself; when the acting seat has another legal action with the same public form (a *twin*), one
  twin (drawn from a generator of its own, so the game played does not depend on the check) is
  applied to the same state, and what the channel would receive is compared: the post's text
  (``presentation.step_post``), the public view's JSON, and, every ``image_every``-th comparison,
  the board image's PNG bytes. Any difference is a leak. This needs no knowledge of the game, which
  a search for "private facts" inside a public view would.

Any failure prints the game's seed, options and action log (which ``replay`` turns back into the
failing state) and exits non-zero.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TextIO

from bot.service.replay import replay
from bot.twincheck import TwinCheck, check_private_lines
from rules.core.engine import SYSTEM, Engine
from rules.core.rng import Rng


class SelfPlayFailure(Exception):
    def __init__(self, reason: str, log: list[tuple[int, str]]) -> None:
        super().__init__(reason)
        self.reason = reason
        self.log = log


Fail = Callable[[str], SelfPlayFailure]


@dataclass
class Totals:
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)


def game_seeds(seed: int, index: int) -> tuple[int, int]:
    """(engine seed, chooser seed) of game ``index`` of a run seeded ``seed``."""
    digest = hashlib.sha256(f"selfplay:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big"), int.from_bytes(digest[6:12], "big")


def _twin_seed(chooser_seed: int) -> int:
    digest = hashlib.sha256(f"selfplay-twins:{chooser_seed}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def play_game(engine: Engine, options: Any, seed: int, chooser_seed: int, max_steps: int, leak_check: bool,
              image_every: int = 0) -> int:
    """Play one game to its end; returns the number of decisions, raises SelfPlayFailure.
    With ``leak_check``, ``image_every`` > 0 also compares board images at every such comparison."""
    return _play(engine, options, seed, chooser_seed, max_steps, leak_check, image_every)[0]


def _play(engine: Engine, options: Any, seed: int, chooser_seed: int, max_steps: int, leak_check: bool,
          image_every: int) -> tuple[int, int, int]:
    """(decisions, twin comparisons, comparisons with images) of one game played to its end."""
    chooser = Rng(chooser_seed)
    state = engine.new_game(seed, options)
    n_seats = len(engine.seat_labels(state))
    log: list[tuple[int, str]] = []
    twins = TwinCheck(engine, state, Rng(_twin_seed(chooser_seed)), image_every) if leak_check else None

    def fail(reason: str) -> SelfPlayFailure:
        return SelfPlayFailure(reason, log)

    try:
        _check_state(engine, state, fail, deep=True, seats=n_seats)
        for step in range(max_steps):
            if engine.outcome(state) is not None:
                _check_state(engine, state, fail, deep=True, seats=n_seats)
                return (step, twins.comparisons, twins.images) if twins else (step, 0, 0)
            pending = engine.pending(state)
            if not pending:
                raise fail("the game is not over but no seat is asked to act")
            seat = chooser.choice(list(pending))
            legal = list(engine.legal_actions(state, seat))
            if not legal:
                raise fail(f"seat {seat} is asked to act but has no legal action")
            default = pending[seat].default
            if default not in legal:
                raise fail(f"seat {seat}'s time-out default {engine.format(default)!r} is not legal")
            # The scripted side (SYSTEM) plays its decision's default, as the service does.
            action = default if seat == SYSTEM else chooser.choice(legal)
            notation = engine.format(action)
            if engine.parse(state, seat, notation) != action:
                raise fail(f"notation {notation!r} does not parse back to the same action")
            new_state, events = engine.apply(state, seat, action)
            log.append((seat, notation))
            check_private_lines(events, "\n".join(e.text for e in events), fail)
            if twins is not None:
                twins.check(state, seat, legal, action, new_state, events, fail)
            state = new_state
            _check_state(engine, state, fail, deep=step % 64 == 0, seats=n_seats)
        raise fail(f"the game did not end within {max_steps} steps")
    except SelfPlayFailure:
        raise
    except Exception as err:  # an engine crash is a failure to report with its log
        raise fail(f"{type(err).__name__}: {err}") from err


def _check_state(engine: Engine, state: Any, fail: Fail, deep: bool, seats: int) -> None:
    problems = engine.check_invariants(state)
    if problems:
        raise fail("broken invariant: " + "; ".join(problems))
    if not deep:
        return
    dumped = canonical(engine.dump(state))
    if canonical(engine.dump(engine.load(json.loads(dumped)))) != dumped:
        raise fail("dump/load does not round-trip")
    public = engine.public_view(state).model_dump(mode="json")
    for seat in range(seats):
        private = engine.private_view(state, seat).model_dump(mode="json")
        if "public" in private and private["public"] != public:
            raise fail(f"seat {seat}'s private view embeds a public part that differs from the public view")


def run(
    engine: Engine,
    raw_options: Mapping[str, str],
    games: int,
    seed: int,
    out: TextIO,
    max_steps: int = 20_000,
    leak_check: bool = True,
    jobs: int = 1,
    image_every: int = 0,
) -> int:
    """Play ``games`` games; with ``jobs`` > 1 they run in that many processes (games are
    independent, so the result and any failure report are the same as with one). ``image_every``
    > 0 compares the board images too, at every such twin comparison of each game."""
    options = engine.parse_options(dict(raw_options))
    totals = Totals()
    comparisons = images = 0
    started = time.perf_counter()
    checks = (max_steps, leak_check, image_every)
    # Worker processes look the engine up by name, so only a registered engine can be spread out.
    if jobs > 1 and games > 1 and _registered(engine):
        results = _run_parallel(engine.name, dict(raw_options), games, seed, checks, jobs)
    else:
        results = (_play_indexed(engine, options, seed, index, checks) for index in range(games))
    for index, counts, failure in results:
        if failure is not None:
            game_seed, _ = game_seeds(seed, index)
            _report_failure(out, engine, raw_options, seed, index, game_seed, SelfPlayFailure(*failure),
                            image_every if leak_check else 0)
            return 1
        totals.decisions += counts[0]
        comparisons += counts[1]
        images += counts[2]
        totals.games += 1
    totals.seconds = time.perf_counter() - started
    secs = max(totals.seconds, 1e-9)
    shown = " ".join(f"{k}={v}" for k, v in sorted(raw_options.items())) or "default options"
    processes = f", {jobs} processes" if jobs > 1 and games > 1 and _registered(engine) else ""
    leaks = f"; {comparisons} twin comparisons, {images} with images" if leak_check else " (leak check off)"
    out.write(
        f"selfplay {engine.name} ({shown}): {totals.games} games, {totals.decisions} decisions in "
        f"{totals.seconds:.2f} s{processes}: {totals.games / secs:.1f} games/s, "
        f"{totals.decisions / secs:.0f} decisions/s{leaks}\n"
    )
    return 0


# (index, (decisions, twin comparisons, comparisons with images), None) or (index, (0, 0, 0), (reason, log))
Result = tuple[int, tuple[int, int, int], "tuple[str, list[tuple[int, str]]] | None"]
Checks = tuple[int, bool, int]  # max_steps, leak_check, image_every


def _play_indexed(engine: Engine, options: Any, seed: int, index: int, checks: Checks) -> Result:
    """Plain data, so it crosses processes."""
    game_seed, chooser_seed = game_seeds(seed, index)
    try:
        return index, _play(engine, options, game_seed, chooser_seed, *checks), None
    except SelfPlayFailure as failure:
        return index, (0, 0, 0), (failure.reason, failure.log)


def _registered(engine: Engine) -> bool:
    from rules.registry import get_engine

    return get_engine(engine.name) is engine


def _play_by_name(name: str, raw_options: dict[str, str], seed: int, index: int, checks: Checks) -> Result:
    from rules.registry import get_engine

    engine = get_engine(name)
    assert engine is not None
    return _play_indexed(engine, engine.parse_options(raw_options), seed, index, checks)


def _run_parallel(name: str, raw_options: dict[str, str], games: int, seed: int, checks: Checks,
                  jobs: int) -> list[Result]:
    """Every game in a pool of processes, returned in game order; stops early past a failure."""
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_play_by_name, name, raw_options, seed, i, checks) for i in range(games)]
        results = []
        for future in futures:
            results.append(future.result())
            if results[-1][2] is not None:
                for rest in futures:
                    rest.cancel()
                break
    return results


def _report_failure(
    out: TextIO, engine: Engine, raw_options: Mapping[str, str], seed: int, index: int, game_seed: int,
    failure: SelfPlayFailure, image_every: int = 0,
) -> None:
    args = [f"--option {k}={v}" for k, v in sorted(raw_options.items())]
    if image_every > 0:  # which comparisons draw images is part of what reproduces a failure
        args.append(f"--image-every {image_every}")
    opts = " ".join(args)
    out.write(f"FAILED: {engine.name} game {index + 1} of run seed {seed}: {failure.reason}\n")
    out.write(f"engine seed {game_seed}, options {dict(raw_options)}; the log below replays it "
              "(bot.service.replay.replay(engine, seed, options, log))\n")
    out.write(f"reproduce: gamemaster selfplay {engine.name} --seed {seed} --games {index + 1} {opts}".rstrip() + "\n")
    out.write(f"action log ({len(failure.log)} actions, seat: notation):\n")
    for seat, notation in failure.log:
        out.write(f"  {seat}: {notation}\n")
    if failure.log:
        # Check that the printed log really is what failed, not a transcript of a different game.
        try:
            replay(engine, game_seed, engine.parse_options(dict(raw_options)), failure.log[:-1])
        except Exception as err:
            out.write(f"(note: replaying the log before the last action raised {err!r})\n")


def main(args: argparse.Namespace) -> int:
    from rules.core.errors import BadOptions
    from rules.registry import get_engine

    engine = get_engine(args.game)
    if engine is None:
        print(f"unknown game {args.game!r}", file=sys.stderr)
        return 2
    raw: dict[str, str] = {}
    for pair in args.option:
        name, sep, value = pair.partition("=")
        if not sep:
            print(f"--option takes name=value, not {pair!r}", file=sys.stderr)
            return 2
        raw[name.strip()] = value.strip()
    if args.variant:
        raw["variant"] = args.variant
    try:
        return run(engine, raw, args.games, args.seed, sys.stdout, args.max_steps, not args.no_leak_check,
                   jobs=max(1, args.jobs), image_every=max(0, args.image_every))
    except BadOptions as err:
        print(f"bad options: {err}", file=sys.stderr)
        return 2
