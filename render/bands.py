"""Drawing a picture band by band, redrawing only the bands that changed.

Consecutive pictures of a game differ in a few places: a die moves to a card, a total changes, a
line is added to the log; the rest of an 800 x 1,800 screen is the same pixels again. So a layout
is run once with a recording pen (``Pen(record=True)``), which writes down every stroke and the rows
it may touch. The picture is cut into horizontal bands of ``BAND`` rows; a band is known by the
strokes that touch it (what they draw and where, in drawing order), and the bands of recent
pictures are kept in this process mapped onto the palette and deflated (``render.png``). A picture
then costs the recording, and the strokes, palette mapping and deflate of its new bands.

The bytes are the same as drawing the whole picture and mapping it at once (tests compare them, with
the cache empty, warm from other games, and after every step of playouts), because
- every stroke that touches a band is replayed on a full-size canvas in the original order, at its
  original place, so the band's pixels are exactly the whole picture's pixels there;
- mapping onto a fixed palette (no dithering) maps each pixel by its colour alone;
- a band's key holds each stroke's complete description (see ``Op.ident``), compared for equality,
  never a hash, so two bands share a cache entry only if the same strokes draw them.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from PIL import Image

from render.core import RGB, Op, Pen
from render.png import BAND, Segment, deflate_band, framed_rows, png_from_segments

# Bytes of deflated bands kept per process: a band of a screen is ~1.4 KiB, so 4 MiB keep ~2,900
# bands, the screens of ~50 seats (a band shared by many pictures is kept once). One worker drawing
# 50 seats' screens in turn redraws 14% of the bands with 4 MiB, 13% with 8, 20% with 2.
BUDGET = 4 * 1024 * 1024

_bands: OrderedDict[tuple, Segment] = OrderedDict()
_idents: dict[tuple, int] = {}  # every stroke description seen, numbered (cleared with the bands)
IDENTS = 50_000
SEGMENT_OVERHEAD = 200  # bytes a kept band costs beyond its data: its key, entry and tuple
_held = 0
stats = {"drawn": 0, "reused": 0}  # bands, for bench/render_speed.py


_palettes: dict[int, tuple[Image.Image, int]] = {}  # id -> (the palette, kept alive so its id stays its own; a number)


def draw(width: int, background: RGB, layout: Callable[[Pen], int], palette: Image.Image) -> bytes:
    """The PNG of ``layout`` (which draws with the pen it is given and returns the height it used)
    on a ``width``-wide canvas of ``background``, mapped onto ``palette``."""
    pen = Pen(record=True)
    height = layout(pen)
    ops = pen.ops
    assert ops is not None
    count = (height + BAND - 1) // BAND
    touching: list[list[int]] = [[] for _ in range(count)]
    for index, op in enumerate(ops):
        for band in range(max(0, op.top // BAND), min(count - 1, op.bottom // BAND) + 1):
            touching[band].append(index)
    # Each stroke's description is looked up once (an action card's carries its view), then a band
    # is known by small numbers.
    if len(_idents) > IDENTS:
        clear()
    ids = [_idents.setdefault(op.ident, len(_idents)) for op in ops]
    # the palette is part of a band's key: two games may draw the same strokes on the same background and
    # map them onto different palettes (its colours, read once per palette object, stand for it)
    shade = _palettes.setdefault(id(palette), (palette, len(_palettes)))[1]
    keys = [(width, band * BAND, min(BAND, height - band * BAND), background, shade,
             *(ids[i] for i in touching[band])) for band in range(count)]
    rows: list[Segment | None] = [_bands.get(key) for key in keys]
    missing = [band for band in range(count) if rows[band] is None]
    stats["reused"] += count - len(missing)
    stats["drawn"] += len(missing)
    if missing:
        _draw_bands(width, height, background, ops, touching, missing, keys, rows, palette)
    for key in keys:
        if key in _bands:
            _bands.move_to_end(key)
    return png_from_segments(width, height, palette, rows)  # type: ignore[arg-type]


def _draw_bands(
    width: int, height: int, background: RGB, ops: list[Op], touching: list[list[int]], missing: list[int],
    keys: list[tuple], rows: list[Segment | None], palette: Image.Image,
) -> None:
    global _held
    image = Image.new("RGB", (width, height), background)
    pen = Pen(image)
    for index in sorted({i for band in missing for i in touching[band]}):
        ops[index].replay(pen)
    for first, last in _runs(missing):  # neighbouring bands are mapped together
        top, bottom = first * BAND, min(height, (last + 1) * BAND)
        framed = framed_rows(image.crop((0, top, width, bottom)).quantize(palette=palette, dither=Image.Dither.NONE))
        step = BAND * (width + 1)
        for band in range(first, last + 1):
            start = (band - first) * step
            segment = deflate_band(framed[start : start + step])
            rows[band] = segment
            if keys[band] not in _bands:
                _bands[keys[band]] = segment
                _held += len(segment.data) + SEGMENT_OVERHEAD
    while _held > BUDGET and _bands:
        _held -= len(_bands.popitem(last=False)[1].data) + SEGMENT_OVERHEAD


def _runs(bands: list[int]) -> list[tuple[int, int]]:
    """Sorted band numbers as runs of neighbours: [1, 2, 3, 7] -> [(1, 3), (7, 7)]."""
    runs: list[tuple[int, int]] = []
    for band in bands:
        if runs and runs[-1][1] == band - 1:
            runs[-1] = (runs[-1][0], band)
        else:
            runs.append((band, band))
    return runs


def clear() -> None:
    """Forget every kept band (tests show the cache changes no byte)."""
    global _held
    _bands.clear()
    _idents.clear()
    _held = 0
