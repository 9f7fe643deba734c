"""Drawing helpers shared by every game's renderer: bundled fonts, a pen that can measure without
drawing, text fitting and wrapping, and deterministic PNG encoding.

Layouts are drawn twice with the same code: once with a dry pen to learn how tall each block is,
then for real on a canvas of exactly that size. That keeps backgrounds behind content of unknown
height without a second layout language.

Speed (``bench/render_speed.py``): a text is rasterised once per (text, font, anchor) and its
coverage mask kept (``_glyphs``), so a board redraws its labels as bitmap blits; text is placed on
whole pixels, so the mask does not depend on where it lands. PNGs are written at zlib level
``PNG_COMPRESS_LEVEL`` (3: most of level 6's size for half its time).
"""

from __future__ import annotations

import io
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).with_name("fonts")
_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

RGB = tuple[int, int, int]

# zlib level of the PNGs. Measured on 238 real boards and screens (bench/render_speed.py --levels,
# mean CPU time of the encode). The 1200 px images of before: level 6 11.2 ms for 33.6 KiB, level 3
# 5.7 ms for 42.4 KiB, level 1 5.2 ms for 47.8 KiB, level 9 62.9 ms for 31.2 KiB. Today's 800 px
# ones: level 6 12.8 ms for 45.7 KiB, level 3 6.0 ms for 57.5 KiB, level 1 5.7 ms for 66.3 KiB.
# Level 3 halves level 6's time for a quarter more bytes, far below Discord's limits.
PNG_COMPRESS_LEVEL = 3


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


@lru_cache(maxsize=8192)
def _glyphs(text: str, fnt: ImageFont.FreeTypeFont, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` rasterised once: its coverage mask and where the mask's top left sits relative to
    the anchor point. Blitting the mask in a colour gives exactly the pixels ``ImageDraw.text`` would
    draw at a whole-pixel position (tests compare the bytes)."""
    left, top, right, bottom = fnt.getbbox(text, anchor=anchor)
    mask = Image.new("L", (right - left + 2 * _GLYPH_PAD, bottom - top + 2 * _GLYPH_PAD), 0)
    ImageDraw.Draw(mask).text((_GLYPH_PAD - left, _GLYPH_PAD - top), text, font=fnt, fill=255, anchor=anchor)
    return mask, left - _GLYPH_PAD, top - _GLYPH_PAD


_TILES: OrderedDict[Hashable, Image.Image] = OrderedDict()
_TILE_LIMIT = 2048


def clear_caches() -> None:
    """Forget cached fonts, widths, glyphs and tiles (tests use it to show caches change no byte)."""
    font.cache_clear()
    _text_width.cache_clear()
    _glyphs.cache_clear()
    _TILES.clear()


class Pen:
    """ImageDraw with a dry mode: with no image it only measures, so a layout can size itself."""

    def __init__(self, image: Image.Image | None = None) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image) if image is not None else None

    @property
    def dry(self) -> bool:
        return self.draw is None

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
        if self.draw is not None and text:
            mask, dx, dy = _glyphs(text, fnt, anchor)
            self.draw.bitmap((round(xy[0]) + dx, round(xy[1]) + dy), mask, fill=fill)
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
        if self.draw is None:
            return
        if radius:
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
        if self.draw is None:
            return
        x, y = centre
        self.draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius), fill=fill, outline=outline, width=width
        )

    def line(self, points: list[tuple[float, float]], fill: RGB, width: int = 1) -> None:
        if self.draw is not None:
            self.draw.line(points, fill=fill, width=width, joint="curve")

    def polygon(self, points: list[tuple[float, float]], fill: RGB) -> None:
        if self.draw is not None:
            self.draw.polygon(points, fill=fill)


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


def encode_png(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG bytes with no metadata (no time, no text chunks), so the same picture gives the same bytes.

    The boards are flat colours plus anti-aliased text, so a 256-colour palette loses nothing visible
    and makes the file several times smaller than RGB.
    """
    if palette is not None:
        paletted = image.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        paletted = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    paletted.save(buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()
