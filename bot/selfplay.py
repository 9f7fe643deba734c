"""Self-play: random legal choices for every seat, every invariant checked after every step.

Checks, besides the engine's own ``check_invariants``:
- the acting seat always has a legal action, and somebody acts until the game has an outcome,
  within a step cap;
- every chosen action's notation round-trips (``parse(format(a)) == a``), and snapshots
  round-trip (``dump(load(dump(s))) == dump(s)``);
- a private view's embedded public part equals the public view;
- an Event's private line for a seat never appears in the public text of that step;
- hidden choices stay hidden, by a differential test in simultaneous phases (several seats asked
  at once: the place where choices are made behind screens; choices made in turn are taken to be
  public): from the same state the acting seat's chosen action and another of its legal actions
  are both applied. If the two steps tell the channel the same thing (identical public event
  texts) but leave different public views, then the public view reveals something about the choice
  that the public log did not say: a leak. This needs no knowledge of the game, which a search for
  "private facts" inside a public view would.

Any failure prints the game's seed, options and action log (which ``replay`` turns back into the
failing state) and exits non-zero.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TextIO

from bot.service.replay import replay
from rules.core.engine import Engine
from rules.core.rng import Rng


class SelfPlayFailure(Exception):
    def __init__(self, reason: str, log: list[tuple[int, str]]) -> None:
        super().__init__(reason)
        self.reason = reason
        self.log = log


@dataclass
class Totals:
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0


def game_seeds(seed: int, index: int) -> tuple[int, int]:
    """(engine seed, chooser seed) of game ``index`` of a run seeded ``seed``."""
    digest = hashlib.sha256(f"selfplay:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big"), int.from_bytes(digest[6:12], "big")


def _canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)


def play_game(engine: Engine, options: Any, seed: int, chooser_seed: int, max_steps: int, leak_check: bool) -> int:
    """Play one game to its end; returns the number of decisions, raises SelfPlayFailure."""
    chooser = Rng(chooser_seed)
    n_seats = len(engine.seat_labels(options))
    state = engine.new_game(seed, options)
    log: list[tuple[int, str]] = []

    def fail(reason: str) -> SelfPlayFailure:
        return SelfPlayFailure(reason, log)

    try:
        _check_state(engine, state, fail, deep=True, seats=n_seats)
        for step in range(max_steps):
            if engine.outcome(state) is not None:
                _check_state(engine, state, fail, deep=True, seats=n_seats)
                return step
            seats = engine.to_act(state)
            if not seats:
                raise fail("the game is not over but no seat is asked to act")
            seat = chooser.choice(seats)
            legal = list(engine.legal_actions(state, seat))
            if not legal:
                raise fail(f"seat {seat} is asked to act but has no legal action")
            action = chooser.choice(legal)
            notation = engine.format(action)
            if engine.parse(state, seat, notation) != action:
                raise fail(f"notation {notation!r} does not parse back to the same action")
            new_state, events = engine.apply(state, seat, action)
            log.append((seat, notation))
            public_text = "\n".join(e.text for e in events)
            for event in events:
                for private_seat, line in event.private.items():
                    if line and line in public_text:
                        raise fail(f"seat {private_seat}'s private line {line!r} is in the public text")
            if leak_check and len(seats) > 1 and len(legal) > 1:
                other = chooser.choice([a for a in legal if a != action])
                _compare_hidden(engine, state, seat, new_state, public_text, other, fail)
            state = new_state
            _check_state(engine, state, fail, deep=step % 64 == 0, seats=n_seats)
        raise fail(f"the game did not end within {max_steps} steps")
    except SelfPlayFailure:
        raise
    except Exception as err:  # an engine crash is a failure to report with its log
        raise fail(f"{type(err).__name__}: {err}") from err


def _check_state(engine: Engine, state: Any, fail: Any, deep: bool, seats: int) -> None:
    problems = engine.check_invariants(state)
    if problems:
        raise fail("broken invariant: " + "; ".join(problems))
    if not deep:
        return
    dumped = _canon(engine.dump(state))
    if _canon(engine.dump(engine.load(json.loads(dumped)))) != dumped:
        raise fail("dump/load does not round-trip")
    public = engine.public_view(state).model_dump(mode="json")
    for seat in range(seats):
        private = engine.private_view(state, seat).model_dump(mode="json")
        if "public" in private and private["public"] != public:
            raise fail(f"seat {seat}'s private view embeds a public part that differs from the public view")


def _compare_hidden(
    engine: Engine, state: Any, seat: int, chosen: Any, chosen_text: str, other: Any, fail: Any
) -> None:
    try:
        alt_state, alt_events = engine.apply(state, seat, other)
    except Exception as err:
        raise fail(f"legal action {engine.format(other)!r} was refused: {err}") from err
    if "\n".join(e.text for e in alt_events) != chosen_text:
        return
    if engine.public_view(alt_state) != engine.public_view(chosen):
        raise fail(
            f"seat {seat}: {engine.format(other)!r} instead of the chosen action gives the same public "
            "events but a different public view: the view reveals a hidden choice"
        )


def run(
    engine: Engine,
    raw_options: Mapping[str, str],
    games: int,
    seed: int,
    out: TextIO,
    max_steps: int = 20_000,
    leak_check: bool = True,
    jobs: int = 1,
) -> int:
    """Play ``games`` games; with ``jobs`` > 1 they run in that many processes (games are
    independent, so the result and any failure report are the same as with one)."""
    options = engine.parse_options(dict(raw_options))
    totals = Totals()
    started = time.perf_counter()
    # Worker processes look the engine up by name, so only a registered engine can be spread out.
    if jobs > 1 and games > 1 and _registered(engine):
        results = _run_parallel(engine.name, dict(raw_options), games, seed, max_steps, leak_check, jobs)
    else:
        results = (_play_indexed(engine, options, seed, index, max_steps, leak_check) for index in range(games))
    for index, decisions, failure in results:
        if failure is not None:
            game_seed, _ = game_seeds(seed, index)
            _report_failure(out, engine, raw_options, seed, index, game_seed, SelfPlayFailure(*failure))
            return 1
        totals.decisions += decisions
        totals.games += 1
    totals.seconds = time.perf_counter() - started
    secs = max(totals.seconds, 1e-9)
    shown = " ".join(f"{k}={v}" for k, v in sorted(raw_options.items())) or "default options"
    processes = f", {jobs} processes" if jobs > 1 and games > 1 and _registered(engine) else ""
    out.write(
        f"selfplay {engine.name} ({shown}): {totals.games} games, {totals.decisions} decisions in "
        f"{totals.seconds:.2f} s{processes}: {totals.games / secs:.1f} games/s, "
        f"{totals.decisions / secs:.0f} decisions/s{'' if leak_check else ' (leak check off)'}\n"
    )
    return 0


Result = tuple[int, int, "tuple[str, list[tuple[int, str]]] | None"]


def _play_indexed(engine: Engine, options: Any, seed: int, index: int, max_steps: int, leak_check: bool) -> Result:
    """(index, decisions, None) or (index, 0, (reason, log)): plain data, so it crosses processes."""
    game_seed, chooser_seed = game_seeds(seed, index)
    try:
        return index, play_game(engine, options, game_seed, chooser_seed, max_steps, leak_check), None
    except SelfPlayFailure as failure:
        return index, 0, (failure.reason, failure.log)


def _registered(engine: Engine) -> bool:
    from rules.registry import get_engine

    return get_engine(engine.name) is engine


def _play_by_name(name: str, raw_options: dict[str, str], seed: int, index: int, max_steps: int,
                  leak_check: bool) -> Result:
    from rules.registry import get_engine

    engine = get_engine(name)
    assert engine is not None
    return _play_indexed(engine, engine.parse_options(raw_options), seed, index, max_steps, leak_check)


def _run_parallel(name: str, raw_options: dict[str, str], games: int, seed: int, max_steps: int,
                  leak_check: bool, jobs: int) -> list[Result]:
    """Every game in a pool of processes, returned in game order; stops early past a failure."""
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_play_by_name, name, raw_options, seed, i, max_steps, leak_check)
                   for i in range(games)]
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
    failure: SelfPlayFailure,
) -> None:
    opts = " ".join(f"--option {k}={v}" for k, v in sorted(raw_options.items()))
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
                   jobs=max(1, args.jobs))
    except BadOptions as err:
        print(f"bad options: {err}", file=sys.stderr)
        return 2
