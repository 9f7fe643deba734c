"""The replay GIF of a game's public boards: pure, it runs in a worker thread.

One frame per public step (seed + action log replayed through the engine, each public step's
public view drawn by the game's renderer), sampled when there are too many, drawn smaller and then
fewer while the file is over Discord's attachment limit."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.derived import view_key
from bot.service.records import ActionRecord
from bot.service.replay import UNDO, effective, replay
from bot.service.texts import plural, private_summary
from rules.core.engine import Engine

# The replay: Discord refuses attachments over 10 MiB (servers without boosts); stay under it.
REPLAY_LIMIT_BYTES = 9 * 1024 * 1024
REPLAY_MAX_FRAMES = 100  # more public steps than this: evenly sampled, the first and last kept
REPLAY_WIDTH = 800  # frames are drawn at most this wide; halved again while the file is too big
REPLAY_MIN_WIDTH = 200
FRAME_MS = 900
LAST_FRAME_MS = 3000

REPLAY_NAME = "replay.gif"


@dataclass(frozen=True)
class Frame:
    step: int  # the public step it shows (0: the opening board)
    view: Any  # the engine's public view
    progress: str


@dataclass(frozen=True)
class Replay:
    gif: bytes
    frames: int  # frames in the GIF
    steps: int  # public steps the game has had
    width: int
    sampled: bool  # fewer frames than steps + 1
    scaled: bool  # drawn smaller than REPLAY_WIDTH to fit the size limit

    def describe(self) -> str:
        text = f"{plural(self.steps, 'public step')}, {plural(self.frames, 'frame')}"
        notes = []
        if self.sampled:
            notes.append(f"every public step would not fit, so {self.frames} of the {self.steps + 1} boards "
                         "are shown (the first and the last among them)")
        if self.scaled:
            notes.append(f"drawn {self.width} px wide to stay under Discord's 10 MB")
        return text + (f" ({'; '.join(notes)})" if notes else "") + "."


def public_frames(engine: Engine, seed: int, options: Any, labels: Sequence[str] | None,
                  actions: Sequence[ActionRecord]) -> list[Frame]:
    """The opening board and the public view after each public step, replaying seed + log. An undo
    row rebuilds the state without what it took back (as the game itself did)."""
    state = engine.new_game(seed, options, labels)
    frames = [Frame(0, engine.public_view(state), engine.progress(state))]
    rows: list[tuple[int, str, int | None]] = []
    for action in actions:
        rows.append((action.seat, action.notation, action.undoes))
        if action.notation == UNDO:
            state = replay(engine, seed, options, effective(rows), labels)
        else:
            state, _ = engine.apply(state, action.seat, engine.parse(state, action.seat, action.notation))
        if action.step is not None:
            frames.append(Frame(action.step, engine.public_view(state), engine.progress(state)))
    return frames


def build_replay(engine: Engine, seed: int, options: Any, labels: Sequence[str] | None,
                 actions: Sequence[ActionRecord], names: Mapping[int, str],
                 draw: Callable[[str, Any, Mapping[int, str]], bytes | None] | None = None,
                 limit: int = REPLAY_LIMIT_BYTES, max_frames: int = REPLAY_MAX_FRAMES) -> Replay:
    """The GIF of a game's public boards, one frame per public step (sampled beyond
    ``max_frames``), under ``limit`` bytes: smaller frames first, then fewer."""
    if draw is None:
        import render

        draw = render.render_public
    frames = public_frames(engine, seed, options, labels, actions)
    steps = frames[-1].step
    chosen = _sample(frames, max_frames)
    drawn: dict[str, bytes] = {}
    sources: list[bytes] = []  # PNG bytes: decoded one at a time, so memory holds one big frame
    for frame in chosen:
        key = view_key(frame.view)
        if key not in drawn:
            drawn[key] = draw(engine.name, frame.view, names) or _text_card(engine, frame)
        sources.append(drawn[key])
    natural = min(REPLAY_WIDTH, max(_png_size(png)[0] for png in sources))
    width = natural
    while True:
        gif = _encode(sources, chosen, steps, width)
        if len(gif) <= limit:
            break
        if width > REPLAY_MIN_WIDTH:
            width = max(REPLAY_MIN_WIDTH, int(width * 0.7))
        elif len(chosen) > 2:
            keep = _sample(list(range(len(chosen))), max(2, len(chosen) // 2))
            chosen, sources = [chosen[i] for i in keep], [sources[i] for i in keep]
        else:
            raise ValueError("even two small frames do not fit the size limit")
    return Replay(gif, len(chosen), steps, width, len(chosen) < len(frames), width < natural)


def _sample(items: list, most: int) -> list:
    """At most ``most`` items, evenly spread, the first and the last always among them."""
    if len(items) <= most:
        return list(items)
    if most <= 1:
        return [items[-1]]
    picks = sorted({round(i * (len(items) - 1) / (most - 1)) for i in range(most)})
    return [items[i] for i in picks]


def _png_size(png: bytes) -> tuple[int, int]:
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        return image.size


def _encode(sources: list[bytes], frames: list[Frame], steps: int, width: int) -> bytes:
    """Frames ``width`` wide on one canvas size (a board may grow during a game), each with its
    caption, in one shared palette (so that each frame stores only what changed)."""
    from PIL import Image

    sizes = [_png_size(png) for png in sources]
    height = max(round(h * width / w) for w, h in sizes) + CAPTION_HEIGHT
    canvases = []
    for png, frame in zip(sources, frames, strict=True):
        with Image.open(io.BytesIO(png)) as image:
            picture = image.convert("RGB")
        if picture.width != width:
            size = (width, max(1, round(picture.height * width / picture.width)))
            picture = picture.resize(size, Image.Resampling.BICUBIC)
        canvas = Image.new("RGB", (width, height), (255, 255, 255))
        canvas.paste(picture, (0, 0))
        _caption(canvas, frame, steps)
        canvases.append(canvas)
    # The palette of the first, middle and last frames stands for all of them.
    samples = [canvases[0], canvases[len(canvases) // 2], canvases[-1]]
    mosaic = Image.new("RGB", (width, height * len(samples)))
    for index, sample in enumerate(samples):
        mosaic.paste(sample, (0, index * height))
    palette = mosaic.quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    paletted = [c.quantize(palette=palette, dither=Image.Dither.NONE) for c in canvases]
    durations = [FRAME_MS] * (len(paletted) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    paletted[0].save(out, format="GIF", save_all=True, append_images=paletted[1:], duration=durations, loop=0,
                     optimize=False)
    return out.getvalue()


CAPTION_HEIGHT = 26


def _caption(canvas: Any, frame: Frame, steps: int) -> None:
    """A strip at the bottom of the frame: which public step it shows, and the game's progress."""
    from PIL import ImageDraw

    from render.core import fit_text, font

    top = canvas.height - CAPTION_HEIGHT
    pen = ImageDraw.Draw(canvas)
    pen.rectangle((0, top, canvas.width, canvas.height), fill=(32, 34, 40))
    label = "Start" if frame.step == 0 else f"Step {frame.step} of {steps}"
    fnt = font(14)
    text = fit_text(f"{label} · {frame.progress}", fnt, max(10, canvas.width - 16))
    pen.text((8, top + 5), text, font=fnt, fill=(235, 235, 240))


def _text_card(engine: Engine, frame: Frame) -> bytes:
    """A plain card (PNG) for a game without a renderer: its title, progress and public facts."""
    from PIL import Image, ImageDraw

    from render.core import fit_text, font

    lines = [engine.title, frame.progress, *private_summary(frame.view.model_dump(mode="json"))][:16]
    width, line_height = 640, 22
    card = Image.new("RGB", (width, 24 + line_height * len(lines)), (250, 250, 247))
    pen = ImageDraw.Draw(card)
    for index, line in enumerate(lines):
        fnt = font(18 if index == 0 else 15, bold=index == 0)
        pen.text((12, 12 + index * line_height), fit_text(line, fnt, width - 24), font=fnt, fill=(20, 20, 24))
    out = io.BytesIO()
    card.save(out, format="PNG")
    return out.getvalue()
