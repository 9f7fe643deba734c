"""The ADRENALINE rules engine on the platform's contract (rules/core/engine.py).

Every action is a ``Line`` of tokens walking the tree of choices (``tree``/``walk``). A line that
starts with a root word (``run``, ``grab``, ``shoot``, ``reload``, ``newton:B``, ``scope:R``, ``end``,
...) is read from the top: complete, it is done at once (``/play run c3``); incomplete, it becomes the
seat's draft. Any other line continues the draft one level at a time (a menu click: ``c3``), and
``back``, ``cancel`` and ``confirm`` work on it. The draft is private: nothing is spent or shown
before ``confirm``; it is in the action log, so it survives a restart.

Decisions (the issue's "Decisions, timeouts, undo, outcome"):
- turn (TURN, the active seat): default ``end`` (cancels the draft, forfeits the rest, reloads
  nothing; a pending spawn keeps the first card drawn); the platform's clock applies.
- respawn (SIMULTANEOUS, the killed at once): default: discard the card just drawn.
- scope (REACTION, the shooter) and tagback (REACTION, every eligible victim at once): default
  ``pass``. Respawns and reactions carry the rule timer ``reaction_wait``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules.adrenaline import flow
from rules.adrenaline.lines import fine, line
from rules.adrenaline.options import AdrenalineOptions, option_help, parse_options
from rules.adrenaline.setup import FIGURE_NAMES, new_game
from rules.adrenaline.state import State
from rules.adrenaline.tree import Illegal, Node
from rules.adrenaline.walk import peek, root, walk
from rules.core.engine import Decision, DecisionKind, Event, Outcome, SeatPlan
from rules.core.errors import GameIsOver, MalformedAction, NotYourTurn

CONTROL = ("back", "cancel", "confirm")
ROOT_WORDS = ("run", "grab", "shoot", "reload", "newton", "teleporter", "spawn", "end", "pass", "answer",
              "scope", "tagback", "respawn")
MAX_LOG = 10


@dataclass(frozen=True)
class Line:
    tokens: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(self.tokens)


@lru_cache(maxsize=4096)
def _one(token: str) -> Line:
    """The one-token line (kept: a level's lines are made for every look at it, and a frozen
    dataclass is slow to build)."""
    return Line((token,))


@lru_cache(maxsize=64)
def _turn_decision(turns: int) -> Decision:
    """The turn's decision (made once per turn: ``pending`` is asked several times a decision)."""
    return Decision(DecisionKind.TURN, f"t{turns}", _one("end"), "your turn")


def is_root(token: str) -> bool:
    return token.split(":")[0] in ROOT_WORDS


def _normal(token: str) -> str:
    """Lower case, but colours (after ':' in cards and payments) upper case: ``newton:b`` -> ``newton:B``."""
    token = token.strip().lower()
    parts = token.split(":")
    if parts[0] in ("pay",):
        return "pay:" + ",".join(_card(x) for x in ":".join(parts[1:]).split(","))
    if parts[0] in ("newton", "teleporter", "scope", "tagback") and len(parts) == 2:
        return f"{parts[0]}:{parts[1].upper()}"
    if parts[0] in ("spawn", "respawn") and len(parts) == 3:
        return f"{parts[0]}:{parts[1]}:{parts[2].upper()}"
    return token


def _card(item: str) -> str:
    if ":" in item:
        kind, colour = item.split(":", 1)
        return f"{kind}:{colour.upper()}"
    return item.upper()


class AdrenalineEngine:
    name = "adrenaline"
    title = "Adrenaline"
    rules_version = 1

    # ------------------------------------------------------------ options and seats

    def parse_options(self, raw: Mapping[str, str]) -> AdrenalineOptions:
        return parse_options(raw)

    def option_help(self) -> Mapping[str, str]:
        return option_help()

    def option_values(self) -> Mapping[str, list[str]]:
        return {"map": ["auto", "small", "medium_green", "medium_purple", "big"], "skulls": ["8", "5", "6", "7"],
                "ending": ["frenzy", "sudden_death"], "double_kill": ["yes", "no"], "open_weapons": ["no", "yes"],
                "reaction_wait": ["60", "300", "43200"], "pace": ["live", "async"]}

    def seat_plan(self, options: AdrenalineOptions) -> SeatPlan:
        """The five figures, 3 to 5 of them, one per person (hands are secret)."""
        return SeatPlan(FIGURE_NAMES, 3, 5)

    def seat_labels(self, state: State) -> tuple[str, ...]:
        return tuple(state.name(s) for s in range(state.count))

    def new_game(self, seed: int, options: AdrenalineOptions, seats: Sequence[str] | None = None) -> State:
        state = new_game(seed, options, seats)
        from rules.adrenaline.geometry import geometry

        out = [f"The arena: {geometry(state.map_id).map.id.replace('_', ' ')} map, {state.skulls} skulls. "
               f"{state.name(state.first)} plays first."]
        flow.begin_turn(state, out)
        state.last = tuple(out)[-MAX_LOG:]
        return state

    # ------------------------------------------------------------ who acts

    def pending(self, state: State) -> dict[int, Decision]:
        if state.done:
            return {}
        wait = float(state.options.get("reaction_wait", 60))
        if state.phase == "respawn":
            return {s: Decision(DecisionKind.SIMULTANEOUS, f"r{state.turns}", Line(
                (f"respawn:{state.players[s].powerups[-1]}",)), "respawn: discard a powerup", time_limit=wait)
                for s in state.respawning if s not in state.respawn_choice}
        if state.phase == "scope":
            return {s: Decision(DecisionKind.REACTION, f"s{state.turns}.{len(state.powerup_discard)}", Line(("pass",)),
                                "Targeting Scope?", time_limit=wait) for s in state.reacting}
        if state.phase == "tagback":
            return {s: Decision(DecisionKind.REACTION, f"g{state.turns}.{len(state.powerup_discard)}", Line(("pass",)),
                                "Tagback Grenade?", time_limit=wait) for s in state.reacting}
        return {state.turn: _turn_decision(state.turns)}

    def to_act(self, state: State) -> tuple[int, ...]:
        return tuple(self.pending(state))

    def node(self, state: State, seat: int) -> Node | None:
        """The level the seat's draft stands at (None: the draft is a complete action to confirm)."""
        result = peek(state, seat, state.draft)
        return result if isinstance(result, Node) else None

    def legal_actions(self, state: State, seat: int) -> list[Line]:
        decision = self.pending(state).get(seat)
        if decision is None:
            return []
        node = self.node(state, seat)
        out = [_one(t) for t in node.tokens()] if node is not None else [_one("confirm")]
        if state.draft:
            out += [_one("back"), _one("cancel")]
            default = decision.default
            if default not in out:  # the time-out default stays open mid-draft (it drops the draft)
                out.append(default)
        return out

    # ------------------------------------------------------------ notation

    def parse(self, state: State, seat: int, text: str) -> Line:
        tokens = tuple(_normal(t) for t in str(text).split())
        if not tokens or len(tokens) > 24 or any(len(t) > 60 for t in tokens):
            raise MalformedAction("Write an action such as `run c3`, `grab c1`, `shoot lock_rifle basic:dozer` or `end`.")
        return Line(tokens)

    def format(self, action: Line) -> str:
        return str(action)

    def public_action(self, state: State, seat: int, action: Line) -> str:
        """A draft step, back and cancel show nothing; a respawn choice shows nothing until the last
        one reveals them all; a standing Tagback answer is private. Anything done is public."""
        tokens = action.tokens
        if tokens[0] in ("back", "cancel") or tokens[0].startswith("answer:") or not is_root(tokens[0]) and tokens[0] != "confirm":
            return ""
        full = self._expand(state, seat, action)
        if full is None:
            return ""  # it only becomes the draft
        if full[0].startswith("respawn:"):
            others = set(state.respawning) - set(state.respawn_choice) - {seat}
            return "" if others else " ".join(line(full))
        return " ".join(line(full))

    def _expand(self, state: State, seat: int, action: Line) -> tuple[str, ...] | None:
        """The complete action a line does, or None when it only changes the draft."""
        tokens = action.tokens
        if tokens == ("confirm",):
            return state.draft
        if not is_root(tokens[0]):
            return None
        try:
            path = fine(state, seat, tokens)
            result = peek(state, seat, path)
        except Illegal:
            return None
        return None if isinstance(result, Node) else path

    # ------------------------------------------------------------ applying

    def apply(self, state: State, seat: int, action: Line) -> tuple[State, list[Event]]:
        if state.done:
            raise GameIsOver("the game is over")
        if not isinstance(action, Line) or not action.tokens:
            raise MalformedAction("not an Adrenaline action")
        if seat not in self.pending(state):
            raise NotYourTurn(self._not_yours(state, seat))
        s = state.clone()
        out: list[str] = []
        tokens = action.tokens
        if tokens[0] in CONTROL:
            if len(tokens) > 1:
                raise Illegal(f"{tokens[0]} stands alone.")
            if tokens[0] == "back":
                s.draft = s.draft[:-1]
            elif tokens[0] == "cancel":
                s.draft = ()
            else:
                if not s.draft or isinstance(peek(s, seat, s.draft), Node):
                    raise Illegal("Nothing complete to confirm yet: make the next choice (or cancel).")
                self._do(s, seat, s.draft, out)
            return self._done(s, out)
        path = fine(s, seat, tokens) if is_root(tokens[0]) else (*s.draft, *tokens)
        if not is_root(tokens[0]) and not s.draft:
            raise Illegal(f"Start with an action: {', '.join(root(s, seat).tokens()[:8])}.")
        result = peek(s, seat, path)
        if isinstance(result, Node) or not is_root(tokens[0]):
            s.draft = path  # a step of the draft (a click), or a typed line still incomplete
            self._skip_forced(s, seat, result)
            return self._done(s, [])
        self._do(s, seat, path, out)
        return self._done(s, out)

    def _skip_forced(self, s: State, seat: int, result: Node | list[str]) -> None:
        """A level whose only choice is ``done`` (no optional effect left to add) is taken at once.
        ``result``: the walk of the draft as it stands."""
        for _ in range(8):
            if not (isinstance(result, Node) and result.tokens() == ("done",)):
                return
            s.draft = (*s.draft, "done")
            result = peek(s, seat, s.draft)

    def _do(self, s: State, seat: int, path: tuple[str, ...], out: list[str]) -> None:
        s.draft = ()
        out += walk(s, seat, path, perform=True)
        head = path[0]
        if head.startswith("answer:"):
            return
        if s.phase == "respawn":
            flow.respawned(s, out)
        elif s.phase == "scope" and head == "pass":
            s.reacting = ()
            flow.close_shot(s, out)
        elif s.phase in ("scope", "tagback"):
            flow.answered(s, seat, out)
        elif head == "end":
            flow.end_turn(s, out)
        elif head == "pass":
            s.actions_left = 0
            flow.settle_turn(s, out)
        elif head != "answer":
            flow.after_action(s, out)

    def _done(self, s: State, out: list[str]) -> tuple[State, list[Event]]:
        lines = [line for line in out if line]
        s.last = (*s.last, *lines)[-MAX_LOG:]
        return s, [Event(line) for line in lines]

    def _not_yours(self, state: State, seat: int) -> str:
        if state.phase == "respawn":
            return "Wait: the killed are choosing where to respawn."
        if state.phase in ("scope", "tagback"):
            return "Wait: a reaction to the last shot is pending."
        return f"It is {state.name(state.turn)}'s turn."

    def undoable(self, state: State, seat: int, action: Line) -> bool:
        """Moves, reloads and grabs paid with cubes alone that draw nothing; never a shot, a powerup
        played or paid, a spawn, anything that drew, the end of the turn."""
        full = self._expand(state, seat, action)
        if full is None or state.phase != "turn":
            return False
        head = full[0]
        if head == "run":
            return True
        if head == "reload" or head == "grab":
            if any(":" in t[4:] for t in full if t.startswith("pay:")):
                return False
            if head == "grab" and not any(t.startswith("weapon:") for t in full):
                from rules.adrenaline.data import game_data

                tile = state.tiles.get(full[1])
                return tile is not None and not game_data().tiles()[tile].powerup
            return True
        return False

    def chapter(self, state: State) -> str:
        return f"turn{state.turns}"

    def progress(self, state: State) -> str:
        if state.done:
            return f"Game over · {state.summary}"
        frenzy = " · FINAL FRENZY" if state.frenzy else ""
        return (f"Turn {state.turns} · {state.name(state.turn)} · {state.skulls} skull"
                f"{'s' if state.skulls != 1 else ''} left{frenzy}")

    def policy(self) -> Any:
        # imported late: the search modules are only needed by AI seats
        from rules.adrenaline.ai import HeuristicPolicy

        return HeuristicPolicy()

    def outcome(self, state: State) -> Outcome | None:
        if not state.done:
            return None
        from rules.adrenaline.scoring import itemised, standings

        scores, ranks, winners, summary = standings(state)
        names = {"boards": "boards", "first_blood": "first blood", "double_kill": "double kills", "track": "track"}
        parts = []
        for seat in sorted(range(state.count), key=lambda k: (ranks[k], k)):
            items = itemised(state, seat)
            detail = ", ".join(f"{names[c]} {items[c]}" for c in names if items.get(c))
            parts.append(f"{state.name(seat)} {scores[seat]}" + (f" ({detail})" if detail else ""))
        return Outcome(winners=tuple(winners), summary=f"{summary} · " + " · ".join(parts),
                       scores=tuple(float(x) for x in scores), ranks=tuple(ranks))

    def public_view(self, state: State):
        from rules.adrenaline.present import public_view

        return public_view(state, tuple(self.pending(state)))

    def private_view(self, state: State, seat: int):
        from rules.adrenaline.present import private_view

        return private_view(state, seat, tuple(self.pending(state)), self.node(state, seat) if seat in self.pending(
            state) else None)

    def check_invariants(self, state: State) -> list[str]:
        from rules.adrenaline.invariants import check

        return check(state)

    def dump(self, state: State) -> dict[str, Any]:
        from rules.adrenaline.store import dump_state

        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> State:
        from rules.adrenaline.store import load_state

        return load_state(dict(data))

    def complete(self, state: State, seat: int, typed: str) -> list[tuple[str, str]]:
        """Autocomplete for ``/play``: the line typed so far plus each next token that fits, from the
        top of the tree (``shoot lock_rifle b`` -> ``shoot lock_rifle basic``)."""
        if seat not in self.pending(state):
            return []
        words = [_normal(t) for t in typed.split()]
        partial = "" if typed.endswith(" ") or not words else words.pop()
        try:
            path = fine(state, seat, tuple(words)) if words and is_root(words[0]) else tuple(words)
            if words and not is_root(words[0]):
                path = (*state.draft, *path)
            result = peek(state, seat, path)
        except Illegal:
            return []
        if not isinstance(result, Node):
            return [(" ".join(words) + " (complete)", " ".join(words))] if words else []
        out = []
        for option in result.options:
            if option.token.startswith(partial.lower()) or option.token.startswith(partial):
                value = " ".join([*words, option.token])
                out.append((f"{value} — {option.label}"[:100], value[:100]))
        return out[:25]

    def menu_multi(self, state: State, seat: int):
        """Several targets of one effect are one multi-select (the issue: "several targets are one
        multi-select with the effect's minimum and maximum"); its other choices become buttons."""
        from rules.core.engine import MultiChoice

        if seat not in self.pending(state):
            return None
        node = self.node(state, seat)
        if node is None or node.kind != "players" or node.maximum < 2 or not node.singles:
            return None
        others = tuple(str(a) for a in self.legal_actions(state, seat) if "," not in str(a)
                       and str(a) not in {o.token for o in node.singles})
        return MultiChoice(node.prompt, tuple((o.token, o.label, o.description) for o in node.singles),
                           node.minimum, node.maximum, others)

    def menu_labels(self, state: State, seat: int, prefix: tuple[str, ...], options: Sequence[str]):
        from rules.adrenaline.menus import menu_labels

        return menu_labels(self, state, seat, prefix, options)
