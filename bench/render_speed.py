"""How long KAPLOOM!'s images take to draw: render_public and render_private over real game states.

States come from seeded random playouts of every variant (the chooser leans on placing dice in
Phase 1 and on using power-ups in Phase 3, so boards fill and dice accumulate as in real games);
every n-th state is kept, with one private screen per seat. A warm-up pass over other seeds fills the
caches first, as a running bot's are; then each kept view is drawn once per repeat and timed, its
bands not kept from an earlier picture (``render.bands``: the cost of a picture that shares nothing
with the last ones). Then "step by step": every state of the playouts in turn, each seat's screen
drawn after each step with the bands kept, which is what a command's image costs in play.
Images must be deterministic, so every view is drawn twice and the bytes compared.

    python bench/render_speed.py [--seeds 2] [--every 12] [--repeat 2] [--levels 0,1,2,3]

``--levels`` also re-encodes the drawn boards at each zlib level, banded as sent (``render.png.paletted_png``)
and, for comparison, with Pillow's zlib encoder at levels 1 and 3, and prints encode time against
size: the measurement behind ``render.png.PNG_DEFLATE_LEVEL``.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _common import machine, percentile  # noqa: E402
from PIL import Image  # noqa: E402

from render import bands, render_private, render_public  # noqa: E402
from render.png import paletted_png  # noqa: E402
from rules.kaploom import ENGINE  # noqa: E402

VARIANTS = ("standard", "advanced", "2v2")
GROWTH = ("grow", "power_on", "face_lift", "wild_thing", "evolve", "recover", "hostile_takeover", "overtime")


def _choose(rng: random.Random, state, seat: int) -> object:
    legal = ENGINE.legal_actions(state, seat)
    texts = [ENGINE.format(a) for a in legal]
    phase = ENGINE.public_view(state).phase
    if phase == "roll":
        assigns = [a for a, t in zip(legal, texts, strict=True) if t.startswith("assign")]
        growth = [a for a, t in zip(legal, texts, strict=True) if t.startswith("assign") and t.split()[-1] in GROWTH]
        if growth and rng.random() < 0.3:
            return rng.choice(growth)
        if assigns and rng.random() < 0.85:
            return rng.choice(assigns)
        if "ready" in texts:
            return legal[texts.index("ready")]
    if phase == "power_up":
        useful = [a for a, t in zip(legal, texts, strict=True) if t.startswith(("use", "take"))]
        if useful and rng.random() < 0.9:
            return rng.choice(useful)
    return rng.choice(legal)


def states(variant: str, seed: int, every: int, max_steps: int = 600) -> list:
    """Every ``every``-th state of one seeded playout (the first and the last included)."""
    state = ENGINE.new_game(seed, ENGINE.parse_options({"variant": variant}))
    rng = random.Random(seed)
    kept = [state]
    for step in range(1, max_steps + 1):
        if ENGINE.outcome(state) is not None:
            break
        seat = rng.choice(ENGINE.to_act(state))
        state, _ = ENGINE.apply(state, seat, _choose(rng, state, seat))
        if step % every == 0:
            kept.append(state)
    if kept[-1] is not state:
        kept.append(state)
    return kept


def views(seeds: range, every: int, timings: list[float] | None = None) -> tuple[list, list]:
    """The public view and every seat's private view of the kept states; with ``timings``, the CPU
    time of building each private view (the rules' projection the screen is drawn from)."""
    public, private = [], []
    for variant in VARIANTS:
        for seed in seeds:
            for state in states(variant, seed, every):
                public.append(ENGINE.public_view(state))
                for seat in range(len(state.players)):
                    view, spent, _ = _timed(ENGINE.private_view, state, seat)
                    private.append(view)
                    if timings is not None:
                        timings.append(spent)
    return public, private


def _line(name: str, samples_s: list[float], sizes: list[int]) -> str:
    ms = [s * 1000 for s in samples_s]
    return (
        f"{name:<24} n={len(ms):>5}  min={min(ms):6.2f}  median={statistics.median(ms):6.2f}  "
        f"p99={percentile(ms, 99):6.2f}  mean={statistics.fmean(ms):6.2f} ms   "
        f"PNG mean {statistics.fmean(sizes) / 1024:6.1f} KiB"
    )


def _timed(function, *args) -> tuple[object, float, float]:
    """(result, CPU seconds of this thread, wall seconds). CPU time is what the drawing costs; wall
    time also counts whatever else the machine runs meanwhile."""
    cpu, wall = time.thread_time(), time.perf_counter()
    result = function(*args)
    return result, time.thread_time() - cpu, time.perf_counter() - wall


def time_renders(public: list, private: list, repeat: int) -> None:
    for name, draw, items in (("render_public", render_public, public), ("render_private", render_private, private)):
        cpu: list[float] = []
        wall: list[float] = []
        sizes: list[int] = []
        for _ in range(repeat):
            for view in items:
                bands.clear()  # a picture sharing no band with the last ones: all of it drawn
                data, spent, elapsed = _timed(draw, "kaploom", view)
                cpu.append(spent)
                wall.append(elapsed)
                sizes.append(len(data))
        for view in items[:: max(1, len(items) // 40)]:
            assert draw("kaploom", view) == draw("kaploom", view.model_copy(deep=True)), "not deterministic"
        print(_line(f"{name} (CPU)", cpu, sizes))
        print(_line(f"{name} (wall)", wall, sizes))


def time_steps(seeds: range) -> None:
    """What a command's image costs in play: every state of a playout in turn, each seat's screen
    drawn after each step with the bands of the earlier ones kept (``render.bands``)."""
    cpu: list[float] = []
    sizes: list[int] = []
    bands.clear()
    before = dict(bands.stats)
    _, private = views(seeds, 1)
    for view in private:
        data, spent, _ = _timed(render_private, "kaploom", view)
        cpu.append(spent)
        sizes.append(len(data))
    drawn, reused = (bands.stats[k] - before[k] for k in ("drawn", "reused"))
    print(_line("screens step by step", cpu, sizes)
          + f"   bands redrawn {drawn / (drawn + reused):.0%} ({drawn} of {drawn + reused})")


def level_sweep(public: list, private: list, levels: list[int]) -> None:
    """Re-encode the drawn (already paletted) images at each zlib level, banded as sent, and with Pillow's zlib:
    CPU time against size."""
    images = []
    for view in public[::3] + private[::6]:
        data = (render_public if hasattr(view, "players") else render_private)("kaploom", view)
        image = Image.open(io.BytesIO(data))
        image.load()
        images.append(image)
    print(f"PNG deflate sweep over {len(images)} drawn images (encode only, paletted):")
    for level in levels:
        samples, sizes = [], []
        for image in images:
            data, spent, _ = _timed(paletted_png, image, level)
            samples.append(spent)
            sizes.append(len(data))
        print(_line(f"  banded zlib {level} (CPU)", samples, sizes))
    for level in (1, 3):
        samples, sizes = [], []
        for image in images:
            buffer = io.BytesIO()
            _, spent, _ = _timed(lambda i=image, b=buffer, n=level: i.save(b, format="PNG", compress_level=n))
            samples.append(spent)
            sizes.append(buffer.tell())
        print(_line(f"  Pillow zlib {level} (CPU)", samples, sizes))


def main(seeds: int, every: int, repeat: int, levels: list[int]) -> None:
    warm_public, warm_private = views(range(100, 101), every * 3)
    for view in warm_public:
        render_public("kaploom", view)
    for view in warm_private:
        render_private("kaploom", view)
    building: list[float] = []
    public, private = views(range(1, seeds + 1), every, building)
    print(f"machine: {machine()}")
    print(f"{len(public)} public and {len(private)} private views from {seeds} seeded playouts per variant "
          f"({', '.join(VARIANTS)}), every {every}th state; {repeat} timed passes after a warm-up")
    print(_line("private_view (CPU)", building, [0]))
    time_renders(public, private, repeat)
    time_steps(range(1, seeds + 1))
    if levels:
        level_sweep(public, private, levels)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--every", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--levels", default="", help="comma-separated zlib levels to compare, e.g. 1,2,3")
    args = parser.parse_args()
    main(args.seeds, args.every, args.repeat, [int(x) for x in args.levels.split(",") if x])
