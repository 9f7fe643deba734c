"""What an effect implementation is made of: ``ShotEffect`` (one effect of one weapon), ``Param`` (one
parameter level), ``Ctx`` (the board as the shot has left it, and the verbs that act on it) and the
registry the weapon modules fill with ``@implements``.

An effect says which parameter comes next given the ones chosen so far (``param``; None once all are
chosen) and what it does with them (``apply``); ``ready`` guards an effect without parameters that
would hit nobody (its ``needs`` is the rule named when it is refused). ``apply`` runs in two worlds:
in the tree (``Ctx.events`` is None) only moves matter, since damage never changes who may be
targeted; in ``perform`` the same code calls rules.adrenaline.damage on the real state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from rules.adrenaline import damage as dmg
from rules.adrenaline.data import ROOMS
from rules.adrenaline.geometry import DIRECTION_NAMES

if TYPE_CHECKING:
    from rules.adrenaline.weapons.tree import Walker

DONE = "done"
NONE = "-"  # an explicitly unused optional part ("nobody")
ROOM_LETTER = {name: letter for letter, name in ROOMS.items()}


class Illegal(ValueError):
    """A token the tree refuses; the message is one short sentence naming the rule."""


def clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


class Param(NamedTuple):
    """One parameter level: its raw tokens (before the completeness filter), the rule a wrong token
    breaks, and a lazy labeller (labels are only built for the level a caller asks for)."""

    kind: str  # effect | player | players | square | room | direction
    prompt: str
    tokens: tuple[str, ...]
    rule: str
    label: Callable[[str], tuple[str, str]]
    minimum: int = 1
    maximum: int = 1
    check: Callable[[tuple[int, ...]], str | None] | None = None  # players: a combination's own rule


class ShotEffect:
    """One effect of one weapon. Subclasses set ``weapon`` and ``id`` and override the methods."""

    weapon = ""
    id = ""
    before = False  # may be used before the basic effect
    right_after_basic = False  # named directly after the basic effect (it happens during it)
    needs = ""  # the rule ``ready`` checks, for the error message

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        return None

    def ready(self, c: Ctx) -> bool:
        return True

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        raise NotImplementedError


IMPLEMENTATIONS: dict[str, dict[str, ShotEffect]] = {}


def implements(cls: type[ShotEffect]) -> type[ShotEffect]:
    IMPLEMENTATIONS.setdefault(cls.weapon, {})[cls.id] = cls()
    return cls


class Ctx:
    """What an effect sees: the walker, where every figure stands, the shot's history so far.
    With ``events`` (a list) it is the real performance: damage, marks and moves hit the state."""

    __slots__ = ("w", "geo", "pos", "history", "events", "declared")

    def __init__(self, w: Walker, pos: list, history: tuple, events: list | None = None,
                 declared: frozenset[str] = frozenset()) -> None:
        self.w, self.geo, self.pos, self.history, self.events, self.declared = w, w.geo, pos, history, events, declared

    # -- reading the board -------------------------------------------------------------------------

    @property
    def me(self) -> str:
        return self.pos[self.w.seat]

    @property
    def shooter(self) -> int:
        return self.w.seat

    def sq(self, seat: int) -> str:
        return self.pos[seat]

    def seat(self, token: str) -> int:
        return self.w.seat_of[token]

    def seats(self, token: str) -> tuple[int, ...]:
        return tuple(self.w.seat_of[t] for t in token.split(","))

    def on(self, square: str | None) -> tuple[int, ...]:
        """Targetable figures on ``square`` (never the shooter), seat order."""
        return tuple(s for s in self.w.eligible if self.pos[s] == square)

    def on_squares(self, squares: Sequence[str]) -> tuple[int, ...]:
        return tuple(s for s in self.w.eligible if self.pos[s] in squares)

    def visible(self, square: str | None = None) -> tuple[int, ...]:
        """Targetable figures seen from ``square`` (default: the shooter's)."""
        pos = self.pos
        seen = self.geo.seen[square or pos[self.w.seat]]
        return tuple(s for s in self.w.eligible if pos[s] in seen)

    def one_move_away(self) -> tuple[int, ...]:
        """Targetable figures exactly 1 move from the shooter ("exactly one move away"), seat order."""
        distance = self.w.geo.distance[self.me]
        return tuple(t for t in self.w.eligible if distance[self.pos[t]] == 1)

    def dist(self, a: str, b: str) -> int:
        return self.w.geo.distance[a][b]

    def used(self, effect_id: str) -> tuple[str, ...] | None:
        for e, p in self.history:
            if e == effect_id:
                return p
        return None

    def direction(self, here: str, there: str) -> str:
        return next(d for d, s in self.w.geo.steps[here].items() if s == there)

    def beyond(self, here: str, there: str) -> str | None:
        """The square one more move past ``there`` in the direction ``here`` -> ``there`` (a wall: None)."""
        return self.w.geo.steps[there].get(self.direction(here, there))

    # -- acting ------------------------------------------------------------------------------------

    def damage(self, seat: int, n: int) -> None:
        if self.events is not None:
            dmg.damage(self.w.state, seat, n)
            self.events.append(("damage", seat, n))

    def mark(self, seat: int, n: int) -> None:
        if self.events is not None:
            dmg.mark(self.w.state, seat, n)
            self.events.append(("mark", seat, n))

    def move(self, seat: int, square: str) -> None:
        if self.pos[seat] == square:
            return
        self.pos[seat] = square
        if self.events is not None:
            dmg.move(self.w.state, seat, square)
            self.events.append(("move", seat, square))

    # -- parameters --------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.w.names[seat]

    def who(self, seats: Sequence[int]) -> str:
        return ", ".join(self.w.names[s] for s in seats) or "nobody"

    def pick(self, seats: Sequence[int], prompt: str, rule: str, what: str | Callable[[int], str],
             none: str = "") -> Param:
        """Choose one figure (``none``: the label of the "nobody" option, if it may be skipped)."""
        w = self.w
        tokens = tuple(w.ids[s] for s in seats) + ((NONE,) if none else ())
        pos = list(self.pos)

        def label(token: str) -> tuple[str, str]:
            if token == NONE:
                return none, ""
            s = w.seat_of[token]
            text = what(s) if callable(what) else what
            return clip(f"{w.names[s]} ({pos[s]}) — {text}", 80), ""

        return Param("player", prompt, tokens, rule, label)

    def pick_many(self, seats: Sequence[int], lo: int, hi: int, prompt: str, rule: str,
                  what: str | Callable[[int], str], check: Callable[[tuple[int, ...]], str | None] | None = None
                  ) -> Param:
        p = self.pick(sorted(seats), prompt, rule, what)
        return Param("players", prompt, p.tokens, rule, p.label, lo, hi, check)

    def pick_square(self, squares: Sequence[str], prompt: str, rule: str, what: Callable[[str], str]) -> Param:
        def label(token: str) -> tuple[str, str]:
            return clip(f"{token} — {what(token)}", 80), ""

        return Param("square", prompt, tuple(squares), rule, label)

    def pick_room(self, letters: Sequence[str], prompt: str, rule: str, what: Callable[[str], str]) -> Param:
        def label(token: str) -> tuple[str, str]:
            return clip(f"{token.capitalize()} room — {what(ROOM_LETTER[token])}", 80), ""

        return Param("room", prompt, tuple(ROOMS[x] for x in letters), rule, label)

    def pick_direction(self, dirs: Sequence[str], prompt: str, rule: str, what: Callable[[str], str]) -> Param:
        def label(token: str) -> tuple[str, str]:
            return clip(f"{DIRECTION_NAMES[token].capitalize()} — {what(token)}", 80), ""

        return Param("direction", prompt, tuple(dirs), rule, label)

    def stay_or_step(self, seat: int, rule: str) -> Param:
        """Where ``seat`` may be moved 1 square (its own square: it stays)."""
        here = self.sq(seat)
        who = self.name(seat)
        return self.pick_square((here,) + self.geo.neighbours(here), "where it moves (1 square, or stay)", rule,
                                lambda s: "stays" if s == here else f"{who} moves here")

    def figures_at(self, square: str) -> str:
        """For a square's label: who stands there."""
        return self.who(self.on(square))

    def one_per_square(self, message: str) -> Callable[[tuple[int, ...]], str | None]:
        pos = list(self.pos)

        def check(combo: tuple[int, ...]) -> str | None:
            return message if len({pos[s] for s in combo}) < len(combo) else None

        return check
