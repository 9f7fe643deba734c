"""ADRENALINE (Cranio Creations, 2016): the 3-5 player arena shooter. See rules/adrenaline/engine.py.

``ENGINE`` is made on first use, so the data, geometry and scoring modules import without the rest.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "ENGINE":
        from rules.adrenaline.engine import AdrenalineEngine

        engine = AdrenalineEngine()
        globals()["ENGINE"] = engine
        return engine
    raise AttributeError(name)
