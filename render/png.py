"""Deterministic paletted PNGs, deflated in bands of rows that can be kept and joined.

A picture's rows are cut into bands of ``BAND`` rows and each band is deflated on its own (a full
flush: nothing refers back across it), so a band compressed for one picture can be joined into
the next, which is how ``render.bands`` skips the bands that did not change. Every picture is
encoded this way, whole or banded, so the same pixels always give the same bytes. Bands cost
little in size (an 800 x 1,800 screen: 82.5 KiB banded, 80.0 KiB in one piece).

Pixel data is deflated by zlib at ``PNG_DEFLATE_LEVEL``.
"""

from __future__ import annotations

import struct
import zlib
from typing import NamedTuple

from PIL import Image

BAND = 32  # rows: a die row or an action card is two to three bands, a log line one

# zlib's level for the bands: on a screen's 57 bands level 1 takes 74 µs a band for 88.3 KiB, level 2
# 73 µs for 82.5 KiB, level 3 95 µs for 79.1 KiB (ISA-L level 1: 30 µs, 82.2 KiB, but see
# deflate_band). Only the bands that changed are deflated (render/bands.py), ~6 of a screen's 57.
PNG_DEFLATE_LEVEL = 2

_ADLER = 65521
_LAST = b"\x03\x00"  # an empty final block (fixed Huffman): ends the joined stream
_ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KiB window, no dictionary (the level hint is informative)


class Segment(NamedTuple):
    """A band of rows, deflated: the compressed bytes, the Adler-32 and length of the rows."""

    data: bytes
    adler: int
    length: int


def deflate_band(rows: bytes, level: int = PNG_DEFLATE_LEVEL) -> Segment:
    """``rows`` (each: its filter type, then its indices) as raw deflate blocks ending in a full
    flush, so that any segments can follow each other.

    zlib, not ISA-L: ISA-L's streaming compressor (the only one of its that can stop on a flush
    rather than a final block) gave different bytes for the same rows now and then (about one
    band in 100,000, its match search reading memory it had not set), and a picture's bytes must
    depend on its pixels alone: twins are compared by their bytes."""
    compressor = zlib.compressobj(level, zlib.DEFLATED, -15)
    data = compressor.compress(rows) + compressor.flush(zlib.Z_FULL_FLUSH)
    return Segment(data, zlib.adler32(rows), len(rows))


def framed_rows(paletted: Image.Image) -> bytes:
    """The rows of a "P" picture as PNG stores them: each row's filter type (0: none; flat colours
    gain nothing from a filter), then its palette indices."""
    width = paletted.width
    indices = paletted.tobytes()
    return b"".join(b"\0" + indices[start : start + width] for start in range(0, len(indices), width))


def png_from_segments(width: int, height: int, palette: Image.Image, segments: list[Segment]) -> bytes:
    """A PNG of ``palette``'s colours whose rows are the ``segments`` joined, top to bottom."""
    colours = bytes((palette.getpalette() or [0, 0, 0])[: 3 * 256])
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8 bits, palette, deflate, no interlace
    adler = 1
    for segment in segments:
        adler = adler32_combine(adler, segment.adler, segment.length)
    data = b"".join((_ZLIB_HEADER, *(s.data for s in segments), _LAST, struct.pack(">I", adler)))
    return b"".join((
        b"\x89PNG\r\n\x1a\n",
        _chunk(b"IHDR", header),
        _chunk(b"PLTE", colours),
        _chunk(b"IDAT", data),
        _chunk(b"IEND", b""),
    ))


def paletted_png(paletted: Image.Image, level: int = PNG_DEFLATE_LEVEL) -> bytes:
    """A "P" picture as a PNG, deflated band by band."""
    rows = framed_rows(paletted)
    step = BAND * (paletted.width + 1)
    segments = [deflate_band(rows[start : start + step], level) for start in range(0, len(rows), step)]
    return png_from_segments(paletted.width, paletted.height, paletted, segments)


def encode_png(image: Image.Image, palette: Image.Image | None = None, level: int | None = None) -> bytes:
    """PNG bytes with no metadata (no time, no text chunks), so the same picture gives the same bytes.

    The boards are flat colours plus anti-aliased text, so a 256-colour palette loses nothing visible
    and makes the file several times smaller than RGB.
    """
    if palette is not None:
        paletted = image.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        paletted = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return paletted_png(paletted, PNG_DEFLATE_LEVEL if level is None else level)


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two texts joined, from theirs (zlib's ``adler32_combine``)."""
    rem = second_length % _ADLER
    low = ((first & 0xFFFF) + (second & 0xFFFF) - 1) % _ADLER
    high = (rem * (first & 0xFFFF) + (first >> 16) + (second >> 16) - rem) % _ADLER
    return low | (high << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
