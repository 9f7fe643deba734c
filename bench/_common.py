"""Shared bits of the benchmark scripts: machine description, percentiles, Wilson intervals."""

from __future__ import annotations

import math
import os
import platform
import statistics
import time


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            names = [line.split(":", 1)[1].strip() for line in f if line.startswith("model name")]
        if names:
            cpu = names[0]
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    if not ordered:
        return float("nan")
    k = max(0, min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def summary(name: str, samples_s: list[float]) -> str:
    ms = [s * 1000 for s in samples_s]
    return (f"{name:<28} n={len(ms):>5}  p50={percentile(ms, 50):7.2f} ms  p99={percentile(ms, 99):7.2f} ms"
            f"  mean={statistics.fmean(ms):7.2f} ms  max={max(ms):7.2f} ms")


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (``wins`` of ``n``)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def timed_playout(engine, state, policy_for, rngs, cap: int, noted) -> object:
    """Play ``state`` to its end, or ``cap`` decisions: the lowest pending seat acts (the scripted side,
    SYSTEM, plays its default at once); each AI choice is timed and told to ``noted(state, seat, view,
    seconds)`` with the state it was made in. ``policy_for(seat)`` gives the seat's policy; the final
    state is returned (the AI benchmarks' common loop)."""
    from rules.core.engine import SYSTEM

    for _ in range(cap):
        if engine.outcome(state) is not None:
            break
        pending = engine.pending(state)
        seat = min(pending)
        if seat == SYSTEM:
            action = pending[SYSTEM].default
        else:
            legal = engine.legal_actions(state, seat)
            view = engine.private_view(state, seat)
            start = time.perf_counter()
            action = policy_for(seat).choose(view, pending[seat], legal, rngs[seat])
            noted(state, seat, view, time.perf_counter() - start)
        state, _ = engine.apply(state, seat, action)
    return state
