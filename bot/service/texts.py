"""Plain-text pieces of the service's messages that do not depend on one game."""

from __future__ import annotations

from typing import Any

MAX_MESSAGE = 1900  # under Discord's 2000 characters, with room for a transport's prefix


def private_summary(private: dict[str, Any]) -> list[str]:
    """One line per private field of a view, for the text beside the private image.

    Engines differ, so only simple shapes are spelled out: scalars, lists of scalars, maps of
    scalars, and lists of objects by their name. The embedded public part is left to the board.
    """
    lines = []
    for key, value in private.items():
        if key in ("public", "seat"):
            continue
        shown = _short(value)
        if shown is not None:
            lines.append(f"{key.replace('_', ' ')}: {shown}")
    return lines


def _short(value: Any) -> str | None:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str | int | float):
        return str(value)
    if isinstance(value, dict):
        if all(not isinstance(v, dict | list) for v in value.values()):
            return ", ".join(f"{k} {v}" for k, v in value.items()) or "—"
        return None
    if isinstance(value, list | tuple):
        if not value:
            return "—"
        if all(not isinstance(v, dict | list) for v in value):
            return ", ".join(str(v) for v in value)
        if all(isinstance(v, dict) and "name" in v for v in value):
            return ", ".join(str(v["name"]) for v in value)
    return None


def split_text(text: str, limit: int = MAX_MESSAGE) -> list[str]:
    """Cut a long text at line ends into pieces of at most ``limit`` characters."""
    if len(text) <= limit:
        return [text]
    pieces, current = [], ""
    for line in text.split("\n"):
        while len(line) > limit:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            pieces.append(current)
            current = line
        else:
            current = candidate
    if current:
        pieces.append(current)
    return pieces


def plural(count: int, noun: str) -> str:
    """'1 public step', '3 public steps'."""
    return f"{count} {noun}{'' if count == 1 else 's'}"
