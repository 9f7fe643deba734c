"""Drawing helpers shared by every game's renderer: bundled fonts, a pen that can measure without
drawing, text fitting and wrapping, and deterministic PNG encoding.

A layout is one function drawing with a pen. A dry pen only measures, so a block can learn how tall
its content is before drawing the background behind it; a recording pen writes the strokes down so
that ``render.bands`` draws only the parts of a picture that changed (``draw_whole`` is the plain
way: measure, then draw everything on a canvas of exactly that size).

Speed (``bench/render_speed.py``): a text is rasterised once per (text, font, anchor) and its
coverage mask kept (``_glyphs``), so a board redraws its labels as bitmap blits; text is placed on
whole pixels, so the mask does not depend on where it lands. PNGs: ``render.png``.
"""

from __future__ import annotations

import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from functools import lru_cache
from math import ceil, floor
from pathlib import Path
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont

from render.png import encode_png

FONT_DIR = Path(__file__).with_name("fonts")
_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

RGB = tuple[int, int, int]
Names = Mapping[int, str] | None  # seat -> display name of who sits there


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans at ``size`` px; never a system font, so output is the same anywhere."""
    # The basic layout engine: raqm may or may not be installed, and it shapes text differently
    # (and more slowly); pinning the engine keeps the bytes the same on every machine.
    return ImageFont.truetype(str(FONT_DIR / _FONT_FILES[bold]), size, layout_engine=ImageFont.Layout.BASIC)


def text_width(text: str, fnt: ImageFont.FreeTypeFont) -> int:
    return _text_width(text, fnt)


@lru_cache(maxsize=4096)
def _text_width(text: str, fnt: ImageFont.FreeTypeFont) -> int:
    return int(round(fnt.getlength(text)))


def fit_text(text: str, fnt: ImageFont.FreeTypeFont, max_width: int) -> str:
    """``text`` cut with an ellipsis so that it fits ``max_width``."""
    if text_width(text, fnt) <= max_width:
        return text
    while text and text_width(text + "…", fnt) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit_font(text: str, size: int, bold: bool, max_width: int, min_size: int = 14) -> ImageFont.FreeTypeFont:
    """The largest font from ``size`` down to ``min_size`` in which ``text`` fits ``max_width``."""
    while size > min_size and text_width(text, font(size, bold)) > max_width:
        size -= 1
    return font(size, bold)


def wrap_text(
    text: str, fnt: ImageFont.FreeTypeFont, max_width: int, max_lines: int | None = None
) -> list[str]:
    """Greedy word wrap; a word longer than a line is cut; the last kept line gets an ellipsis."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if text_width(candidate, fnt) <= max_width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = word if text_width(word, fnt) <= max_width else fit_text(word, fnt, max_width)
    if current:
        lines.append(current)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = fit_text(lines[-1] + " …", fnt, max_width)
    return lines


_GLYPH_PAD = 2


# Texts kept rasterised, per image worker: the labels, numbers and names that recur (a screen has a
# few hundred); event lines and long names come and go. 2,048 masks are ~15 MB at most.
@lru_cache(maxsize=2048)
def _glyphs(text: str, fnt: ImageFont.FreeTypeFont, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` rasterised once: its coverage mask and where the mask's top left sits relative to
    the anchor point. Blitting the mask in a colour gives exactly the pixels ``ImageDraw.text`` would
    draw at a whole-pixel position (tests compare the bytes)."""
    left, top, right, bottom = fnt.getbbox(text, anchor=anchor)
    mask = Image.new("L", (right - left + 2 * _GLYPH_PAD, bottom - top + 2 * _GLYPH_PAD), 0)
    ImageDraw.Draw(mask).text((_GLYPH_PAD - left, _GLYPH_PAD - top), text, font=fnt, fill=255, anchor=anchor)
    return mask, left - _GLYPH_PAD, top - _GLYPH_PAD


_TILES: OrderedDict[Hashable, Image.Image] = OrderedDict()
# Each image worker process keeps its own tiles (bot/service/drawing.py): an action card is ~84 kB
# (240 x 88 pixels, 4 bytes each), so 128 of them cost a worker ~11 MB. An empty card is the same
# tile in every game. Since only changed bands are redrawn (render/bands.py) a tile is pasted far
# less often: 256 tiles made a screen 0.3 ms cheaper (3.25 instead of 3.53 ms, 50 seats in turn)
# for ~11 MB more per worker, which the memory target (docs/performance.md, issue 7) cannot spare.
_TILE_LIMIT = 128


# Rounded boxes up to this area (px) are pasted from a cache; larger ones are quicker drawn than
# pasted through a mask (32 x 32: 34 µs drawn, 6 µs pasted; 150 x 42: 43 and 26; 240 x 70: 66 and 68).
_SMALL_ROUNDED = 12_000


@lru_cache(maxsize=1024)
def _rounded(
    width: int, height: int, radius: int, fill: RGB | None, outline: RGB | None, line: int,
) -> tuple[Image.Image, Image.Image]:
    """A rounded box drawn at the origin, and the pixels it covers (Pillow draws it unsmoothed, so a
    pixel is the box's or untouched)."""
    box = (0, 0, width - 1, height - 1)
    tile = Image.new("RGB", (width, height))
    ImageDraw.Draw(tile).rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=line)
    mask = Image.new("L", (width, height), 0)
    ImageDraw.Draw(mask).rounded_rectangle(box, radius=radius, fill=255 if fill is not None else None,
                                           outline=255 if outline is not None else None, width=line)
    return tile, mask


def clear_caches() -> None:
    """Forget cached fonts, widths, glyphs and tiles (tests use it to show caches change no byte)."""
    font.cache_clear()
    _text_width.cache_clear()
    _glyphs.cache_clear()
    _rounded.cache_clear()
    _TILES.clear()
    from render import bands  # here: bands is built on this module

    bands.clear()


def draw_whole(width: int, background: RGB, layout: Callable[[Pen], int], palette: Image.Image) -> bytes:
    """The picture ``render.bands.draw`` makes, drawn the plain way: measured by a dry run, drawn
    whole, mapped onto the palette at once (the reference the bands are checked against)."""
    height = layout(Pen())
    image, pen = new_canvas(width, height, background)
    layout(pen)
    return encode_png(image, palette)


class Pen:
    """ImageDraw with a dry mode: with no image it only measures, so a layout can size itself."""

    def __init__(self, image: Image.Image | None = None, record: bool = False) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image) if image is not None else None
        # A recording pen draws nothing and writes down every stroke with the rows it may touch,
        # to be replayed where needed (render/bands.py); to a layout it is a pen that draws.
        self.ops: list[Op] | None = [] if record else None

    @property
    def dry(self) -> bool:
        return self.draw is None and self.ops is None

    def _note(self, top: float, bottom: float, ident: tuple, name: str, args: tuple) -> None:
        assert self.ops is not None
        self.ops.append(Op(floor(top) - 1, ceil(bottom) + 1, ident, name, args))

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        fnt: ImageFont.FreeTypeFont,
        fill: RGB,
        anchor: str = "lm",
    ) -> int:
        """Draw ``text`` (anchor as in Pillow, default left/middle) at the nearest whole pixel;
        returns its width."""
        if text and (self.draw is not None or self.ops is not None):
            mask, dx, dy = _glyphs(text, fnt, anchor)
            x, y = round(xy[0]) + dx, round(xy[1]) + dy
            if self.draw is not None:
                self.draw.bitmap((x, y), mask, fill=fill)
            else:
                ident = ("text", x, y, text, fnt.path, fnt.size, fill, anchor)
                self._note(y, y + mask.height, ident, "text", (xy, text, fnt, fill, anchor))
        return text_width(text, fnt)

    def tile(
        self,
        xy: tuple[int, int],
        size: tuple[int, int],
        background: RGB,
        key: Hashable,
        draw: Callable[[Pen], None],
    ) -> None:
        """What ``draw`` paints in a ``size`` box, drawn once per ``key`` onto ``background`` (the
        plain colour the box lies on) and pasted at ``xy``. The key must say everything the drawing
        depends on. A tile is always drawn this way, cached or not, so the bytes never depend on what
        the cache holds (tests clear it and compare)."""
        if self.ops is not None:
            ident = ("tile", xy, size, background, key)
            self._note(xy[1], xy[1] + size[1], ident, "tile", (xy, size, background, key, draw))
        if self.draw is None:
            return
        image = _TILES.get(key)
        if image is None:
            image = Image.new("RGB", size, background)
            draw(Pen(image))
            _TILES[key] = image
            if len(_TILES) > _TILE_LIMIT:
                _TILES.popitem(last=False)
        else:
            _TILES.move_to_end(key)
        assert self.image is not None
        self.image.paste(image, xy)

    def rect(
        self,
        box: tuple[float, float, float, float],
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: int = 1,
        radius: int = 0,
    ) -> None:
        if self.ops is not None:
            self._note(box[1], box[3], ("rect", box, fill, outline, width, radius), "rect",
                       (box, fill, outline, width, radius))
        if self.draw is None:
            return
        if radius:
            x0, y0, x1, y1 = box
            w, h = x1 - x0 + 1, y1 - y0 + 1
            if w * h <= _SMALL_ROUNDED and all(float(v).is_integer() for v in box):
                # Small rounded boxes repeat (dice, slots, tags, badges): each is drawn once as a
                # tile and its coverage, then pasted. The same pixels: Pillow draws it the same way
                # anywhere on whole pixels (tests compare the bytes with the cache cleared).
                tile, mask = _rounded(int(w), int(h), radius, fill, outline, width)
                assert self.image is not None
                self.image.paste(tile, (int(x0), int(y0)), mask)
            else:
                self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
        else:
            self.draw.rectangle(box, fill=fill, outline=outline, width=width)

    def circle(
        self,
        centre: tuple[float, float],
        radius: float,
        fill: RGB | None,
        outline: RGB | None = None,
        width: int = 1,
    ) -> None:
        if self.ops is not None:
            self._note(centre[1] - radius, centre[1] + radius, ("circle", centre, radius, fill, outline, width),
                       "circle", (centre, radius, fill, outline, width))
        if self.draw is None:
            return
        x, y = centre
        self.draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius), fill=fill, outline=outline, width=width
        )

    def line(self, points: list[tuple[float, float]], fill: RGB, width: int = 1) -> None:
        if self.ops is not None:
            ys = [y for _, y in points]
            self._note(min(ys) - width, max(ys) + width, ("line", tuple(points), fill, width), "line",
                       (points, fill, width))
        if self.draw is not None:
            self.draw.line(points, fill=fill, width=width, joint="curve")

    def polygon(self, points: list[tuple[float, float]], fill: RGB) -> None:
        if self.ops is not None:
            ys = [y for _, y in points]
            self._note(min(ys), max(ys), ("polygon", tuple(points), fill), "polygon", (points, fill))
        if self.draw is not None:
            self.draw.polygon(points, fill=fill)


class Op(NamedTuple):
    """One stroke a recording pen wrote down: the rows it may touch (``top`` to ``bottom``, a pixel
    of margin each side), what it draws (``ident``: equal idents draw equal pixels at the same place)
    and the call that draws it (``name`` and ``args``, replayed on a pen that draws)."""

    top: int
    bottom: int
    ident: tuple
    name: str
    args: tuple

    def replay(self, pen: Pen) -> None:
        getattr(pen, self.name)(*self.args)


def new_canvas(width: int, height: int, background: RGB) -> tuple[Image.Image, Pen]:
    image = Image.new("RGB", (width, height), background)
    return image, Pen(image)


def build_palette(base: tuple[RGB, ...]) -> Image.Image:
    """A 256-colour palette holding ``base`` exactly plus the blends anti-aliasing makes between them.

    Mapping a picture onto a fixed palette is several times faster than quantizing each picture
    afresh, and flat areas keep their exact colours. Callers cache the result.
    """
    base = tuple(dict.fromkeys(base))[:256]
    blends = [
        tuple(round(a + (b - a) * step / 8) for a, b in zip(first, second, strict=True))
        for index, first in enumerate(base)
        for second in base[index + 1 :]
        for step in range(1, 8)
    ]
    colours = list(base)
    room = 256 - len(colours)
    if blends and room > 0:
        swatch = Image.new("RGB", (len(blends), 1))
        swatch.putdata(blends)
        reduced = swatch.quantize(colors=room, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        used = len(reduced.getcolors(256) or [])
        flat = reduced.getpalette() or []
        colours += [tuple(flat[i : i + 3]) for i in range(0, 3 * used, 3)]
    colours += [colours[-1]] * (256 - len(colours))
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for colour in colours for channel in colour])
    return palette


def blend(colour: RGB, other: RGB, amount: float) -> RGB:
    """``colour`` moved ``amount`` (0-1) of the way towards ``other``."""
    return tuple(round(c + (o - c) * amount) for c, o in zip(colour, other, strict=True))  # type: ignore[return-value]


def ink_on(fill: RGB, dark: RGB, light: RGB, threshold: int = 140) -> RGB:
    """The text colour readable on ``fill``: ``dark`` on light fills, ``light`` on dark ones (perceived
    brightness, ITU-R 601 weights). Each game's style passes its own two inks."""
    r, g, b = fill
    return dark if (r * 299 + g * 587 + b * 114) / 1000 > threshold else light


def end_tag(pen: Pen, right: float, y: float, text: str, fill: RGB, ink: RGB, size: int, height: int,
            pad: int, radius: int) -> int:
    """A coloured tag of bold text ending at ``right`` (status badges in the boards' title bars and
    panels); returns its width."""
    fnt = font(size, True)
    w = text_width(text, fnt) + pad
    pen.rect((right - w, y, right, y + height), fill=fill, radius=radius)
    pen.text((right - w / 2, y + height / 2), text, fnt, ink, "mm")
    return w


def display_name(names: Names, seat: int) -> str | None:
    """The seat's display name made drawable: one line, no control characters, and nothing beyond
    the Basic Multilingual Plane (emoji), which the bundled font has no glyphs for."""
    if not names or seat not in names:
        return None
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in names[seat]
        if ch.isspace() or (ord(ch) <= 0xFFFF and unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"))
    )
    return " ".join(kept.split()) or None


class PanelColours(NamedTuple):
    fill: RGB
    edge: RGB
    text: RGB
    muted: RGB


def events_panel(pen: Pen, events: tuple[str, ...] | list[str], x: int, y: int, width: int,
                 colours: PanelColours, gap: int = 10) -> int:
    """The "LAST EVENTS" panel both boards end with: the newest line bold and bright, each event
    wrapped to two lines at most. Returns the y below it (``gap`` added); nothing when no events."""
    if not events:
        return y
    lines: list[tuple[str, bool]] = []
    for index, event in enumerate(events):
        newest = index == len(events) - 1
        for number, line in enumerate(wrap_text(event, font(20, newest), width - 48, max_lines=2)):
            lines.append((("• " if number == 0 else "   ") + line, newest))
    height = 42 + 27 * len(lines)
    pen.rect((x, y, x + width, y + height), fill=colours.fill, outline=colours.edge, width=2, radius=10)
    pen.text((x + 14, y + 20), "LAST EVENTS", font(18, True), colours.muted)
    for index, (line, newest) in enumerate(lines):
        pen.text((x + 14, y + 50 + 27 * index), line, font(20, newest), colours.text if newest else colours.muted)
    return y + height + gap


LegendItem = tuple[str, Callable[["Pen", tuple[int, int]], object], int]  # text, mark drawer, its half-width


def legend_rows(pen: Pen, items: tuple[LegendItem, ...] | list[LegendItem], x: int, y: int, width: int,
                colours: PanelColours) -> int:
    """A legend panel (each board's key of marks): every item's mark and text, laid in rows across
    ``width``. Returns the y below it."""
    fnt = font(18, True)
    rows: list[list[LegendItem]] = [[]]
    used = 0
    for item in items:
        w = 2 * item[2] + 8 + text_width(item[0], fnt) + 22
        if used + w > width - 24 and rows[-1]:
            rows.append([])
            used = 0
        rows[-1].append(item)
        used += w
    height = 16 + 44 * len(rows)
    pen.rect((x, y, x + width, y + height), fill=colours.fill, outline=colours.edge, width=2, radius=10)
    for k, row in enumerate(rows):
        cx = x + 14
        mid = y + 30 + 44 * k
        for text, draw, half in row:
            draw(pen, (cx + half, mid))
            cx += 2 * half + 8
            cx += pen.text((cx, mid), text, fnt, colours.muted) + 22
    return y + height
