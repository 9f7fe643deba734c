"""Cutting long text into Discord-sized messages without breaking lines or code blocks."""

from __future__ import annotations

MESSAGE_LIMIT = 2000
_FENCE = "```"
_LONGEST_REOPENED_FENCE = 12  # "```" plus a language tag; longer tags are dropped when reopening


def split_message(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Split ``text`` into chunks of at most ``limit`` characters.

    Cuts prefer a line break, then a space, and only then the middle of a word. A cut inside a
    ``` code block closes the block at the end of the chunk and reopens it (same language tag)
    at the start of the next, so every chunk renders on its own.
    """
    if limit < 40:
        raise ValueError("limit too small to carry code fences")
    if len(text) <= limit:
        return [text] if text else []

    chunks: list[str] = []
    rest = text
    reopen = ""  # the fence line to put back in front of the next chunk, if a block was cut
    while rest:
        budget = limit - len(reopen)
        if len(rest) <= budget:
            chunks.append(reopen + rest)
            break
        # Leave room to close a code block that the cut might leave open.
        cut = _cut_point(rest, budget - len(_FENCE) - 1)
        piece, rest = rest[:cut], rest[cut:]
        if rest.startswith("\n"):
            rest = rest[1:]
        chunk = reopen + piece
        fence = _open_fence(chunk)
        if fence is not None:
            chunk = chunk.rstrip("\n") + "\n" + _FENCE
            reopen = (fence if len(fence) <= _LONGEST_REOPENED_FENCE else _FENCE) + "\n"
        else:
            reopen = ""
        chunks.append(chunk)
    return [c for c in chunks if c.strip()]


def _cut_point(text: str, budget: int) -> int:
    window = text[:budget]
    newline = window.rfind("\n")
    if newline > budget // 2:
        return newline
    space = window.rfind(" ")
    if space > budget // 2:
        return space + 1
    return max(budget, 1)


def _open_fence(chunk: str) -> str | None:
    """The opening fence line (e.g. ```text) if ``chunk`` ends inside a code block, else None."""
    opening: str | None = None
    for line in chunk.split("\n"):
        stripped = line.strip()
        if stripped.startswith(_FENCE):
            if opening is None:
                opening = stripped if stripped.count(_FENCE) == 1 else None
            elif stripped.count(_FENCE) % 2 == 1:
                opening = None
    return opening


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when something was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
