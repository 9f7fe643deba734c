"""The contract every game engine fulfils (second edition).

A game is options + seats + state. The engine says what it waits for from whom (``pending``: a
``Decision`` per seat, several at once in a simultaneous phase), lists each seat's legal actions,
and applies one action at a time:

    plan = engine.seat_plan(options)                   # labels, how many may play, teams
    state = engine.new_game(seed, options, plan.labels[:3])
    while engine.outcome(state) is None:
        seat, decision = next(iter(engine.pending(state).items()))
        action = engine.parse(state, seat, "assign 3 grow")   # MalformedAction on bad text
        state, events = engine.apply(state, seat, action)     # RulesError if not allowed now

``apply`` validates, never mutates the state it is given, and returns a new one. Randomness comes
only from the ``Rng`` kept in the state, so ``new_game(seed, options, seats)`` plus the log of
``(seat, format(action))`` replays a game exactly. Scripted sides (an AI opponent the rules define,
chance) act as the seat ``SYSTEM``: the service plays its decision's default at once.

Views are the only way facts leave an engine: ``public_view`` is what the channel and spectators
may see, ``private_view`` adds what one seat alone may see. Renderers and messages read views only.
``public_action`` says what the channel may learn from an action itself, so that a test can check
that actions it may not tell apart leave it the same texts, views and images.

Menus: a player's legal actions reach them as a short path of menus built from the notation's
words (``bot.service.menus``): "assign" → "3" → "grow". An engine may name those steps for people
with the optional ``MenuLabels.menu_labels``; without it a menu shows the words themselves. A
notation never starts with "!" or ">" (the service's own buttons and menu steps use them).
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
    # A choice the players make together: the engine asks every seat at once, the first answer decides
    # (the engine announces who took it); AI seats leave it to the people at the table.
    GROUP = "group"


SYSTEM = -1  # the seat of scripted sides: the rules' own AI opponent, chance

_KEY = re.compile(r"[A-Za-z0-9._-]{1,24}")


@dataclass(frozen=True)
class Decision:
    """What the engine waits for from one seat.

    ``key`` names this decision while it lasts: it stays the same while the seat keeps deciding
    (placing dice one by one, say) and changes when a new decision begins (the next round, the
    next turn). It is built from public facts only (round, phase, turn), because it travels in
    the ids of the seat's menus. 1-24 characters of ``A-Za-z0-9._-``.
    ``default`` is the action taken for the seat when its time runs out; it is always legal (for
    the ``SYSTEM`` seat it is what the scripted side does, at once).
    ``time_limit`` is a rule's own timer in seconds (Retro Bots' programming minute, a reaction
    window): when it runs out the default is played, whatever the game's clock settings say. On the
    ``SYSTEM`` seat it is a pause: the scripted step is played that long after it is asked (so the
    channel can watch a run step by step), not at once.
    ``measure``: for a ``SYSTEM`` decision, a notation with ``{seconds}`` that the service plays
    instead of the default, filled with the whole seconds that were left on the rule timer of the
    decisions that ended last (0 if it ran out or there was none): how a rule that carries unused
    time over (Retro Bots' timer) learns it, through the action log, so a replay gives the same.
    The seat's legal actions are ``engine.legal_actions(state, seat)``; whether one may be taken
    back is ``engine.undoable(state, seat, action)``.
    """

    kind: DecisionKind
    key: str
    default: Any
    prompt: str = ""  # what is asked, in a few words
    time_limit: float | None = None
    measure: str = ""

    def __post_init__(self) -> None:
        if not _KEY.fullmatch(self.key):
            raise ValueError(f"a decision key is 1-24 characters of A-Za-z0-9._-, not {self.key!r}")


@dataclass(frozen=True)
class SeatPlan:
    """The seats a table of this game may have.

    ``labels`` are every seat in seat order; a game starts with any ``minimum``..``maximum`` of them
    (the service passes the labels taken, in this order, to ``new_game``, and the started game's
    seats are numbered 0.. in that order). ``teams`` gives each label's team (empty: everyone plays
    alone); a table whose teams are uneven cannot start. ``shared``: one person may hold several
    seats (solo play of a cooperative game). ``bots``: an AI seat may play a seat (``bots:N``, an
    empty seat, a timed-out player); without it an empty seat ends the game. ``cooperative``: the
    seats play together against the game (one shared win or loss, ``Outcome.result``). ``alike``:
    labels with the same number are one role under different colours (POWERUP's RED-RAY and BLU-RAY are
    one character): at most one of them plays. ``uneven``: the teams need not be the same size (a side
    of one seat against a side of several: POWERUP's human BUGMISTRESS against 1-4 BUGBUSTERs); every
    team must still have a seat taken.
    """

    labels: tuple[str, ...]
    minimum: int
    maximum: int
    teams: tuple[int, ...] = ()
    shared: bool = False
    bots: bool = True
    cooperative: bool = False
    alike: tuple[int, ...] = ()
    uneven: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.minimum <= self.maximum <= len(self.labels):
            raise ValueError(f"a seat plan needs 1 <= minimum <= maximum <= {len(self.labels)} labels")
        if self.teams and len(self.teams) != len(self.labels):
            raise ValueError("a seat plan gives a team to every label or to none")
        if self.alike and len(self.alike) != len(self.labels):
            raise ValueError("a seat plan gives every label an alike number or none")

    def alike_taken(self, label: str, taken_labels: Sequence[str]) -> str | None:
        """The taken label that is the same role as ``label`` (``alike``), if any."""
        if not self.alike or label not in self.labels:
            return None
        group = self.alike[self.labels.index(label)]
        return next((t for t in taken_labels if t != label and t in self.labels
                     and self.alike[self.labels.index(t)] == group), None)

    def problem(self, taken: Sequence[int]) -> str | None:
        """Why a table with these seats (indexes into ``labels``) cannot start, or None."""
        count = len(taken)
        if count < self.minimum:
            return f"at least {self.minimum} seats must be taken ({count} are)"
        if count > self.maximum:
            return f"at most {self.maximum} seats may play ({count} are taken)"
        names = [self.labels[s] for s in taken]
        for label in names:
            other = self.alike_taken(label, names)
            if other is not None:
                return f"{label} and {other} are one role: only one of them may play"
        if self.teams:
            sizes: dict[int, int] = {}
            for seat in taken:
                sizes[self.teams[seat]] = sizes.get(self.teams[seat], 0) + 1
            if self.uneven and len(sizes) < len(set(self.teams)):
                missing = [lab for lab, t in zip(self.labels, self.teams, strict=True) if t not in sizes]
                return f"every side plays: take {' or '.join(missing[:3])}"
            if len(set(sizes.values())) > 1 and not self.uneven or len(sizes) < len(set(self.teams)):
                return "the teams must be the same size"
        return None


@dataclass(frozen=True)
class Outcome:
    """How a game ended. ``winners``: the seats that won (a team; everyone in a cooperative win).
    ``result``: a cooperative game's shared "win" or "loss" (None in a competitive one).
    ``scores`` and ``ranks``: per seat, in seat order (rank 1 is first; ties share a rank)."""

    winners: tuple[int, ...]
    summary: str
    result: str | None = None
    scores: tuple[float, ...] = ()
    ranks: tuple[int, ...] = ()


class Engine(Protocol, Generic[StateT, ActionT]):
    name: str  # registry key used in commands and the database, e.g. "kaploom"
    title: str  # what players read, e.g. "KAPLOOM!"
    # Stored with every game; raise it when a change makes saved games unloadable or replay
    # differently. The service refuses (for that game alone) a saved game of another version.
    rules_version: int

    def parse_options(self, raw: Mapping[str, str]) -> BaseModel:
        """Validate `/game new` options (strings from Discord or the table); BadOptions if wrong."""

    def option_help(self) -> Mapping[str, str]:
        """Option name -> one-line description with its allowed values, for help and autocomplete."""

    def seat_plan(self, options: BaseModel) -> SeatPlan:
        """Which seats a table of these options may have (labels, how many, teams)."""

    def new_game(self, seed: int, options: BaseModel, seats: Sequence[str] | None = None) -> StateT:
        """A new game for the seats taken (labels of ``seat_plan``, in its order; None: all of them).
        BadOptions when these seats cannot play."""

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

    def undoable(self, state: StateT, seat: int, action: ActionT) -> bool:
        """May ``seat`` take the legal ``action`` back (while nobody else has acted since)? Only if
        it draws nothing at random and reveals nothing hidden (Board Game Arena's policy)."""

    def chapter(self, state: StateT) -> str:
        """The part of the game a new channel post begins (a round's phase, say; public facts
        only). Within a chapter the bot edits its latest board message instead of posting anew."""

    def progress(self, state: StateT) -> str:
        """Where the game stands, in one public line: "Round 3 · Phase 1: roll & assign"."""

    def policy(self) -> Any:
        """The game's best AI seat (a ``rules.core.ai.Policy``; at least ``RandomPolicy``)."""

    def public_view(self, state: StateT) -> BaseModel: ...

    def private_view(self, state: StateT, seat: int) -> BaseModel: ...

    def seat_labels(self, state: StateT) -> tuple[str, ...]:
        """The labels of the seats this game was started with, in seat order. A game whose seats are
        interchangeable may number the taken ones afresh (robots 1 and 7 taken: robot 1, robot 2);
        the service names the seats by these from the start on."""

    def outcome(self, state: StateT) -> Outcome | None: ...

    def check_invariants(self, state: StateT) -> list[str]:
        """Broken invariants as sentences; empty when all hold."""

    def dump(self, state: StateT) -> dict[str, Any]:
        """A JSON-able snapshot; ``load(dump(s))`` equals ``s``."""

    def load(self, data: Mapping[str, Any]) -> StateT: ...


@dataclass(frozen=True)
class MultiChoice:
    """A level of a seat's menu where several options are chosen at once (several targets of one
    effect): the platform shows one multi-select of ``options`` ((value, label, description)) taking
    ``minimum``..``maximum`` of them; the action it plays is the values chosen joined by "," in the
    options' order, which must be one of the seat's legal actions. ``others``: the seat's other legal
    actions at that level (Back, Cancel, ...), shown beside it as buttons."""

    prompt: str
    options: tuple[tuple[str, str, str], ...]
    minimum: int
    maximum: int
    others: tuple[str, ...] = ()


class MenuLabels(Protocol):
    """Optional: what a player reads in the menus that lead to their legal actions.

    The service splits each legal action's notation into words (``"assign 3 grow"`` → assign, 3,
    grow) and offers them as a short path of menus: one level per word, a word that leads to one
    action shown as that action, a level listing several words at once where it has room (so
    ``options`` may hold several words: "3 grow"). An engine that defines this method names the
    options of one level; without it (or for an option it leaves out) a menu shows the words.
    """

    def menu_labels(
        self, state: Any, seat: int, prefix: tuple[str, ...], options: Sequence[str]
    ) -> Mapping[str, tuple[str, str]]:
        """``prefix``: the words chosen so far; ``options``: what the level offers after them, each
        one or more words ("" when the prefix itself is an action). Returns option -> (label,
        description): the label at most 80 characters (a button's), the description at most 100,
        e.g. ``"grow" -> ("GROW — needs MIGHT", "power up · completes it")``. The labels go only to
        ``seat`` (its DM or ephemeral replies), so they may speak of what that seat alone sees.

        An engine may also define ``menu_multi(state, seat) -> MultiChoice | None``: when it returns one,
        the seat's menu is that multi-select (and its other actions as buttons) instead of a level
        listing every combination."""
