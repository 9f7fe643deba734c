"""Input that reaches the service from people: limited, cleaned and quoted briefly.

Every command passes ``check_invocation`` before any handler sees it. What it guards against was
seen in a hostile test: a 100 KB action echoed back in a 100,130-character refusal; an 8,000-
character name that took the renderer 165 s per board; a lone surrogate that crashed ``/game new``
on its way into SQLite; bidi overrides and control characters in names; ``²`` passing
``str.isdigit`` and then crashing ``int()``.
"""

from __future__ import annotations

import re
import unicodedata

NAME_LIMIT = 32  # Discord's own limit for a display name
# Option values: generous for what a person types, far below what harms (Discord caps a string
# option at 6,000 characters, and a forged select value can be anything).
OPTION_LIMITS = {"action": 200, "options": 400, "game": 64, "topic": 64, "seat": 64}
DEFAULT_OPTION_LIMIT = 100
QUOTE_LIMIT = 40  # how much of a user's input a refusal may repeat
MESSAGE_LIMIT = 300  # the longest refusal line
MAX_MARKS = 2  # combining marks kept after one base character ("Zalgo" text stacks hundreds)

_ASCII_INT = re.compile(r"[0-9]{1,18}")
# Categories that never belong in a name: controls, format characters (bidi overrides, zero-width
# joiners outside emoji are rare enough), surrogates, private use and unassigned code points.
_DROP = {"Cc", "Cf", "Cs", "Co", "Cn"}
_KEEP_FORMAT = {"\u200d"}  # the zero-width joiner inside emoji sequences


class InputRefused(ValueError):
    """The input is refused as it stands; the message is the one line the user reads."""


def ascii_int(text: str) -> int | None:
    """``text`` as a whole number when it is written with the digits 0-9 only, else None.

    ``"²".isdigit()`` is True and ``int("²")`` raises, so isdigit is never the test."""
    text = text.strip()
    return int(text) if _ASCII_INT.fullmatch(text) else None


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """A short, single-line prefix of user input, safe to repeat in a refusal."""
    flat = " ".join(strip_unsafe(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def clip_message(text: str, limit: int = MESSAGE_LIMIT) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def strip_unsafe(text: str) -> str:
    """Drop surrogates, controls, format characters and unassigned code points."""
    if text.isascii():
        return "".join(ch for ch in text if ch.isprintable() or ch in " \t\n")
    return "".join(ch for ch in text if ch in _KEEP_FORMAT or unicodedata.category(ch) not in _DROP)


def clean_name(raw: str, fallback: str = "player") -> str:
    """A display name fit to store, draw and print: normalised, one line, no control or format
    characters, at most ``MAX_MARKS`` combining marks per letter, at most ``NAME_LIMIT`` characters."""
    text = unicodedata.normalize("NFC", strip_unsafe(raw))
    out: list[str] = []
    marks = 0
    for ch in " ".join(text.split()):
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me"):
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = 0
        out.append(ch)
    name = "".join(out).strip()
    if len(name) > NAME_LIMIT:
        name = name[: NAME_LIMIT - 1].rstrip() + "…"
    return name or fallback


def check_options(options: dict[str, str]) -> dict[str, str]:
    """Refuse absurd lengths and characters nobody types (controls, invisible format characters,
    surrogates) up front, before any handler sees the options. An invisible character is refused
    rather than dropped: "assign 3 grow" with a zero-width space inside is not what it looks like.

    Returns the options unchanged; raises ``InputRefused`` with one line naming the option."""
    for name, value in options.items():
        limit = OPTION_LIMITS.get(name, DEFAULT_OPTION_LIMIT)
        if len(value) > limit:
            raise InputRefused(f"The {quote(name, 20)} you gave is too long ({len(value):,} characters; "
                               f"at most {limit}). Nothing was changed.")
        odd = next((ch for ch in value if _unsafe(ch)), None)
        if odd is not None:
            raise InputRefused(f"The {quote(name, 20)} you gave holds a character that cannot be typed "
                               f"(U+{ord(odd):04X}). Nothing was changed.")
    return options


def _unsafe(ch: str) -> bool:
    if ch in " \t\n\r":
        return False
    if ch.isascii():
        return not ch.isprintable()
    return unicodedata.category(ch) in _DROP
