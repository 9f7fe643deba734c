"""A small seeded generator whose whole state is four integers.

It lives inside a game's state, so ``seed + action log`` replays a game bit for bit and a
snapshot stays tiny. The algorithm (xoshiro128**, seeded by splitmix32) and the order of draws are
part of the saved-game format: change either and old games no longer replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = 0xFFFFFFFF


def _splitmix32(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B9) & _MASK
    z = x
    z = ((z ^ (z >> 16)) * 0x85EBCA6B) & _MASK
    z = ((z ^ (z >> 13)) * 0xC2B2AE35) & _MASK
    return x, z ^ (z >> 16)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (32 - k))) & _MASK


class Rng:
    __slots__ = ("s",)

    def __init__(self, seed: int | None = None, *, state: Sequence[int] | None = None) -> None:
        if state is not None:
            if len(state) != 4 or not any(state):
                raise ValueError("an Rng state is four integers, not all zero")
            self.s = [int(v) & _MASK for v in state]
            return
        x = (seed or 0) & 0xFFFFFFFFFFFFFFFF
        x = (x ^ (x >> 32)) & _MASK
        words = []
        for _ in range(4):
            x, z = _splitmix32(x)
            words.append(z)
        if not any(words):
            words[0] = 1
        self.s = words

    def next_u32(self) -> int:
        s = self.s
        result = (_rotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
        t = (s[1] << 9) & _MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 11)
        return result

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``; rejection sampling, never a biased modulo."""
        if not 0 < n <= _MASK:
            raise ValueError(f"below() takes 1..2**32-1, not {n}")
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            v = self.next_u32()
            if v < limit:
                return v % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        return Rng(state=self.s)

    def state(self) -> list[int]:
        return list(self.s)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.s == self.s

    def __repr__(self) -> str:
        return f"Rng(state={self.s})"
