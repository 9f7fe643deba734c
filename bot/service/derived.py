"""What the service works out from a game state, worked out once per state.

A command used to ask the engine for the same things many times: each seat's private view five
times (the screens before the action, after it, and for the panel), every seat's legal actions
about eleven times (the screens, the menus, the notices), and each view's sorted JSON twice (to
compare screens, and for the image's key). Now each is derived once, and compared as fingerprints of
pydantic's own JSON. States are values: an action makes a new state
(``engine.apply`` clones) and nobody changes one afterwards, so what is derived from a state holds
for as long as the state lives. The last states seen are kept with their derivations (by identity,
holding the state, so an id is never reused while its entry lives): the state a session holds now was
usually derived when the previous command drew it.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from rules.core.engine import Engine

KEPT = 64  # states: the current one of each game that acted lately (a game's after is its next before)


class Derived:
    """The views, dumps, legal actions and fingerprints of one state of one engine."""

    __slots__ = ("engine", "state", "_public", "_private", "_legal", "_notations", "_pending", "_choice_keys")

    def __init__(self, engine: Engine, state: Any) -> None:
        self.engine = engine
        self.state = state
        self._public: tuple[BaseModel, str, str] | None = None  # view, its JSON, its fingerprint
        self._private: dict[int, tuple[BaseModel, str, str, str]] = {}  # view, key, private part's key, JSON
        self._choice_keys: dict[int, str] = {}
        self._legal: dict[int, list[Any]] = {}
        self._notations: dict[int, list[str]] = {}
        self._pending: dict | None = None

    def pending(self) -> dict:
        if self._pending is None:
            self._pending = dict(self.engine.pending(self.state))
        return self._pending

    def public_view(self) -> BaseModel:
        return self._public_entry()[0]

    def public_dump(self) -> dict[str, Any]:
        """The public view as JSON data (a few callers compare or read it; most need only the key)."""
        return self.public_view().model_dump(mode="json")

    def public_key(self) -> str:
        return self._public_entry()[2]

    def private_view(self, seat: int) -> BaseModel:
        return self._private_entry(seat)[0]

    def public_text(self) -> str:
        """The public view's JSON (what an image worker rebuilds the view from)."""
        return self._public_entry()[1]

    def private_text(self, seat: int) -> str:
        return self._private_entry(seat)[3]

    def private_key(self, seat: int) -> str:
        """The fingerprint of the seat's whole private view (its screen image's key)."""
        return self._private_entry(seat)[1]

    def private_part_key(self, seat: int) -> str:
        """The fingerprint of what is private to the seat: its view without the embedded public
        part when that is the public view (which reaches them by the board)."""
        return self._private_entry(seat)[2]

    def legal(self, seat: int) -> list[Any]:
        if seat not in self._legal:
            self._legal[seat] = list(self.engine.legal_actions(self.state, seat)) if self.state is not None else []
        return self._legal[seat]

    def notations(self, seat: int) -> list[str]:
        if seat not in self._notations:
            self._notations[seat] = [self.engine.format(a) for a in self.legal(seat)]
        return self._notations[seat]

    def choices_key(self, seat: int) -> str:
        if seat not in self._choice_keys:
            self._choice_keys[seat] = fingerprint("\n".join(self.notations(seat)))
        return self._choice_keys[seat]

    def shown(self, seats: int) -> Shown:
        return Shown(self.public_key(), {seat: self.private_part_key(seat) for seat in range(seats)},
                     {seat: self.choices_key(seat) for seat in range(seats)})

    def _public_entry(self) -> tuple[BaseModel, str, str]:
        if self._public is None:
            view = self.engine.public_view(self.state)
            text = view.model_dump_json()
            self._public = (view, text, fingerprint(text))
        return self._public

    def _private_entry(self, seat: int) -> tuple[BaseModel, str, str, str]:
        if seat not in self._private:
            view = self.engine.private_view(self.state, seat)
            text = view.model_dump_json()
            key = part_key = fingerprint(text)
            embedded = getattr(view, "public", None)
            public_text = self._public_entry()[1]
            if isinstance(embedded, BaseModel) and embedded.model_dump_json() == public_text:
                # The view's JSON without its public field (the same text as the public view's JSON,
                # embedded): cut out, not dumped again.
                part_key = fingerprint(text.replace(f'"public":{public_text}', "", 1))
            self._private[seat] = (view, key, part_key, text)
        return self._private[seat]


@dataclass(frozen=True)
class Shown:
    """Fingerprints of what a state shows: the public view, each seat's private part and choices.
    A session keeps the ones of its current state (a few hundred bytes, where the views are tens of
    kilobytes), so the next step can tell what changed without deriving the old state again."""

    public: str
    private: dict[int, str]
    choices: dict[int, str]


_KEPT: OrderedDict[int, Derived] = OrderedDict()


def derived(engine: Engine, state: Any) -> Derived:
    """The derivations of ``state`` (kept for the last ``KEPT`` states asked about)."""
    entry = _KEPT.get(id(state))
    if entry is not None and entry.state is state and entry.engine is engine:
        _KEPT.move_to_end(id(state))
        return entry
    entry = Derived(engine, state)
    _KEPT[id(state)] = entry
    while len(_KEPT) > KEPT:
        _KEPT.popitem(last=False)
    return entry


def fingerprint(text: str) -> str:
    """A short digest of a text: fingerprints are compared and kept, never the texts (a view's JSON
    is ~11 kB; the living messages keep one fingerprint per message)."""
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def view_key(view: BaseModel) -> str:
    """Equal views draw equal images: the fingerprint of the view's JSON (pydantic writes the fields
    in their declared order, so equal views give equal text)."""
    return fingerprint(view.model_dump_json())
