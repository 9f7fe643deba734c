"""Snapshots as JSON: the states' tuples become lists on the way out and lists tuples on the way back
(``load(dump(s)) == s`` for states made of tuples, dicts and plain values)."""

from __future__ import annotations

from typing import Any


def jsonable(value: Any) -> Any:
    """Tuples (and lists) as lists, dicts value by value, all the way down."""
    if isinstance(value, (tuple, list)):
        return [jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items()}
    return value


def tupled(value: Any) -> Any:
    """The way back: lists as tuples, dicts value by value, all the way down."""
    if isinstance(value, list):
        return tuple(tupled(v) for v in value)
    if isinstance(value, dict):
        return {k: tupled(v) for k, v in value.items()}
    return value
