"""The contract every game engine fulfils.

A game is options + seats + state. The engine says which seats must act now (several at once in a
simultaneous phase), lists each seat's legal actions, and applies one action at a time:

    state = engine.new_game(seed, options)
    while engine.outcome(state) is None:
        seat = engine.to_act(state)[0]
        action = engine.parse(state, seat, "assign 3 grow")   # MalformedAction on bad text
        state, events = engine.apply(state, seat, action)     # RulesError if not allowed now

``apply`` validates, never mutates the state it is given, and returns a new one. Randomness comes
only from the ``Rng`` kept in the state, so ``new_game(seed, options)`` plus the log of
``(seat, format(action))`` replays a game exactly.

Views are the only way facts leave an engine: ``public_view`` is what the channel and spectators
may see, ``private_view`` adds what one seat alone may see. Renderers and messages read views only.
``public_action`` says what the channel may learn from an action itself, so that a test can check
that actions it may not tell apart leave it the same texts, views and images.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")


@dataclass(frozen=True)
class Event:
    """Something that happened, for the channel log.

    ``text`` is public. ``private`` holds extra lines only one seat may read (for example the face a
    hidden re-roll showed); the service delivers those to that player alone.
    """

    text: str
    private: Mapping[int, str] = field(default_factory=dict)


class DecisionKind(str, Enum):  # noqa: UP042 - the value is stored and printed as it is
    TURN = "turn"  # the seat's turn; the others wait
    SIMULTANEOUS = "simultaneous"  # a part of a phase everyone plays at once, behind their screens
    REACTION = "reaction"  # out of turn, in answer to something that just happened
    GROUP = "group"  # a choice the players make together


_KEY = re.compile(r"[A-Za-z0-9._-]{1,24}")


@dataclass(frozen=True)
class Decision:
    """What the engine waits for from one seat.

    ``key`` names this decision while it lasts: it stays the same while the seat keeps deciding
    (placing dice one by one, say) and changes when a new decision begins (the next round, the
    next turn). It is built from public facts only (round, phase, turn), because it travels in
    the ids of the seat's menus. 1-24 characters of ``A-Za-z0-9._-``.
    ``default`` is the action taken for the seat when its time runs out; it is always legal.
    The seat's legal actions are ``engine.legal_actions(state, seat)``.
    """

    kind: DecisionKind
    key: str
    default: Any
    prompt: str = ""  # what is asked, in a few words

    def __post_init__(self) -> None:
        if not _KEY.fullmatch(self.key):
            raise ValueError(f"a decision key is 1-24 characters of A-Za-z0-9._-, not {self.key!r}")


@dataclass(frozen=True)
class Outcome:
    winners: tuple[int, ...]
    summary: str


class Engine(Protocol, Generic[StateT, ActionT]):
    name: str  # registry key used in commands and the database, e.g. "kaploom"
    title: str  # what players read, e.g. "KAPLOOM!"

    def parse_options(self, raw: Mapping[str, str]) -> BaseModel:
        """Validate `/game new` options (strings from Discord or the table); BadOptions if wrong."""

    def option_help(self) -> Mapping[str, str]:
        """Option name -> one-line description with its allowed values, for help and autocomplete."""

    def seat_labels(self, options: BaseModel) -> tuple[str, ...]:
        """One label per seat, in seat order (e.g. ("villain", "hero")); the count is the table size."""

    def new_game(self, seed: int, options: BaseModel) -> StateT: ...

    def pending(self, state: StateT) -> Mapping[int, Decision]:
        """Seat -> the decision the engine waits for from it now; empty once the game is over."""

    def to_act(self, state: StateT) -> tuple[int, ...]:
        """Seats the engine is waiting for now (the keys of ``pending``); empty once the game is over."""

    def legal_actions(self, state: StateT, seat: int) -> Sequence[ActionT]:
        """Every action open to ``seat`` now, most useful first; empty if it need not act."""

    def parse(self, state: StateT, seat: int, text: str) -> ActionT:
        """Text -> action; MalformedAction if the text is not an action of this game."""

    def format(self, action: ActionT) -> str:
        """Action -> its canonical text; ``parse(format(a)) == a``."""

    def public_action(self, state: StateT, seat: int, action: ActionT) -> str:
        """What the channel may learn from ``seat`` playing the legal ``action`` in ``state``, as a
        short text: "" for a wholly hidden action (a placement behind a screen), otherwise what is
        public about it (an announcement, "ready", or the notation itself for a move made in the
        open). Two legal actions of one seat in one state with the same public form are *twins*:
        the channel must not be able to tell them apart, by text, view or image (self-play checks
        it). An action that ends a hidden phase reveals itself: its public form is its notation."""

    def apply(self, state: StateT, seat: int, action: ActionT) -> tuple[StateT, list[Event]]: ...

    def public_view(self, state: StateT) -> BaseModel: ...

    def private_view(self, state: StateT, seat: int) -> BaseModel: ...

    def outcome(self, state: StateT) -> Outcome | None: ...

    def check_invariants(self, state: StateT) -> list[str]:
        """Broken invariants as sentences; empty when all hold."""

    def dump(self, state: StateT) -> dict[str, Any]:
        """A JSON-able snapshot; ``load(dump(s))`` equals ``s``."""

    def load(self, data: Mapping[str, Any]) -> StateT: ...
