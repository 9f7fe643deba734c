"""Bounded memories of pure look-ups on a state, keyed by ``State.signature()`` (its value, never its
identity: a state changed in place, as tests do, is simply another key).

Why: a draft is walked from the top at every step (``walk``), and a level's squares (where a seat may
grab, where it may stand to shoot) are asked again by the root, by the action's own first level and by
each later step, on the same position. Remembering them by value keeps the walks simple (no resumable
walk) and halves the work of a random decision. Results are never changed by callers.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

T = TypeVar("T")
_MISSING = object()


class Memo:
    """A dict cleared when full: the repeats it serves come within a few decisions of each other."""

    __slots__ = ("_seen", "_size")

    def __init__(self, size: int = 512) -> None:
        self._seen: dict[Hashable, object] = {}
        self._size = size

    def __call__(self, key: Hashable, compute: Callable[[], T]) -> T:
        result = self._seen.get(key, _MISSING)
        if result is _MISSING:
            result = compute()
            if len(self._seen) >= self._size:
                self._seen.clear()
            self._seen[key] = result
        return result  # type: ignore[return-value]

    def clear(self) -> None:
        self._seen.clear()
