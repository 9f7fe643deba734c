"""The Jupiter Rescue rules engine on the platform's contract (rules/core/engine.py).

Line numbers are those of shared/rulebooks/jupiter-rescue.txt. Setup (30-40) ends in three decisions:
each player's core ability (37, all at once), who goes first (39) and where the pod docks (40), the
last two made by the group: any player may answer, and the answer is announced. Then turns: the
Player Actions (48-98, turn.py, cards.py, full_turn.py, legal.py), and the Creeps' steps and the Draw
(100-136, flow.py), which stop only where the player has a choice. The game ends at once when won or
lost (outcome.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from rules.core.engine import Decision, DecisionKind, Event, Outcome, SeatPlan
from rules.core.errors import GameIsOver, IllegalAction, MalformedAction, NotYourTurn, RulesError
from rules.jupiter import flow
from rules.jupiter.actions import (
    Action,
    Attack,
    ChooseCore,
    Command,
    Discard,
    Dock,
    EndTurn,
    FirstPlayer,
    Move,
    Place,
    Play,
    Trade,
    format_action,
    parse_action,
)
from rules.jupiter.cards import PHASE_SHIFT, SUPPRESSANT, can_spend, play
from rules.jupiter.draw import discard, to_discard
from rules.jupiter.legal import legal_plays
from rules.jupiter.options import JupiterOptions, option_help, parse_options
from rules.jupiter.outcome import ended
from rules.jupiter.setup import SEAT_LABELS, new_game
from rules.jupiter.state import State, dump_state, load_state
from rules.jupiter.turn import actions_per_turn, apply_basic, legal_basic

MAX_EVENTS = 8
SETUP = ("choose_core", "first_player", "dock")


def _hand_lines(before: State, after: State, actor: int) -> dict[int, str]:
    """A private line for each seat whose hand changed (a draw, a trade, a return): hands are theirs
    alone to see (views.py), so the channel only learns the sizes."""
    lines = {}
    for seat, (old, new) in enumerate(zip(before.hands, after.hands, strict=True)):
        gained, gave = Counter(new) - Counter(old), Counter(old) - Counter(new)
        if not gained and not (gave and seat != actor):
            continue  # cards one plays, discards or makes one's core are in the public events already
        parts = [f"+ {', '.join(sorted(gained.elements()))}"] if gained else []
        parts += [f"− {', '.join(sorted(gave.elements()))}"] if gave else []
        lines[seat] = f"Your hand: {'; '.join(parts)} (now: {', '.join(sorted(new)) or 'empty'})."
    return lines


class JupiterEngine:
    name = "jupiter-rescue"
    title = "Jupiter Rescue"
    rules_version = 1

    # ------------------------------------------------------------ options and seats

    def parse_options(self, raw: Mapping[str, str]) -> JupiterOptions:
        return parse_options(raw)

    def option_help(self) -> Mapping[str, str]:
        return option_help()

    def seat_plan(self, options: JupiterOptions) -> SeatPlan:
        """One robot per seat, 2-7 of them (line 18: "7 Robot figures"), or one in Solo Play (346). A
        co-operative game: one person may play several robots."""
        if options.solo:
            return SeatPlan(SEAT_LABELS[:1], 1, 1, shared=True, cooperative=True)
        return SeatPlan(SEAT_LABELS, 2, len(SEAT_LABELS), shared=True, cooperative=True)

    def seat_labels(self, state: State) -> tuple[str, ...]:
        return state.seats

    def new_game(self, seed: int, options: JupiterOptions, seats: Sequence[str] | None = None) -> State:
        s = new_game(seed, options, seats)
        s.events = ("The colony is laid out: "
                    f"{s.start_colonists} Colonists to evacuate, {s.goal()} must be saved.",)
        return s

    # ------------------------------------------------------------ who acts

    def pending(self, state: State) -> dict[int, Decision]:
        if state.phase == "over":
            return {}
        t = state.turn
        if state.choosing:
            return {seat: Decision(DecisionKind.SIMULTANEOUS, f"t{t}.core{seat}", ChooseCore(state.hands[seat][0]),
                                   "choose your new core ability") for seat in state.choosing}
        if state.phase == "choose_core":
            return {seat: Decision(DecisionKind.SIMULTANEOUS, "core", ChooseCore(state.hands[seat][0]),
                                   "choose your core ability") for seat in self.to_act(state)}
        if state.phase == "first_player":
            return {seat: Decision(DecisionKind.GROUP, "first", FirstPlayer(0), "decide who goes first")
                    for seat in self.to_act(state)}
        if state.phase == "dock":
            first = self.legal_actions(state, self.to_act(state)[0])
            return {seat: Decision(DecisionKind.GROUP, f"t{t}.dock", first[0], "choose where the pod docks")
                    for seat in self.to_act(state)}
        seat = state.current
        assert seat is not None
        prompts = {"actions": "take your actions, then end", "roll": "before the Creeps invade: end to let them come",
                   "setback": "before the Setback strikes: end to let it", "discard": "discard down to the hand limit"}
        default: Action = EndTurn()
        if state.phase == "discard":
            default = self._discards(state, seat)[-1]
        return {seat: Decision(DecisionKind.TURN, f"t{t}.{state.phase}", default, prompts[state.phase])}

    def to_act(self, state: State) -> tuple[int, ...]:
        if state.phase == "over":
            return ()
        if state.choosing:
            return state.choosing
        if state.phase == "choose_core":
            return tuple(seat for seat in range(len(state.seats)) if not state.cores[seat])
        if state.phase in ("first_player", "dock"):
            return tuple(seat for seat in range(len(state.seats)) if seat not in state.out)
        return (state.current,) if state.current is not None else ()

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.choosing or state.phase == "choose_core":
            return [ChooseCore(card) for card in sorted(set(state.hands[seat]))]
        if state.phase == "first_player":
            return [FirstPlayer(k) for k in range(len(state.seats))]
        if state.phase == "dock":
            return [Dock(f"{d.label}{d.direction}") for d in state.colony().docks()]
        if state.phase == "actions":
            return [*legal_basic(state, seat), *legal_plays(state), EndTurn()]
        if state.phase in ("roll", "setback"):
            return self._window(state, seat)
        return list(self._discards(state, seat))

    def _window(self, state: State, seat: int) -> list[Action]:
        out: list[Action] = []
        for _, options, chosen in flow.placements(state):
            out += [Place(space) for space in options if space != chosen]
        if state.phase == "roll" and can_spend(state, seat, (PHASE_SHIFT,)):
            out.append(Play((PHASE_SHIFT,)))
        if state.suppressed is None and can_spend(state, seat, (SUPPRESSANT,)):
            out += [Play((SUPPRESSANT,), (label,)) for label in sorted(state.colony().by_label)]
        return [*out, EndTurn()]

    def _discards(self, state: State, seat: int) -> list[Discard]:
        n = to_discard(state, seat)
        return [Discard(c) for c in sorted(set(combinations(sorted(state.hands[seat]), n)))]

    def is_legal(self, state: State, seat: int, action: Action) -> bool:
        """Listed, or accepted by ``apply`` (a Module Control place named from another edge, say)."""
        if action in self.legal_actions(state, seat):
            return True
        try:
            self.apply(state, seat, action)
        except RulesError:
            return False
        return True

    # ------------------------------------------------------------ notation

    def parse(self, state: State, seat: int, text: str) -> Action:
        return parse_action(text)

    def format(self, action: Action) -> str:
        return format_action(action)

    def menu_labels(self, state: State, seat: int, prefix: tuple[str, ...], options: Sequence[str]):
        """What the menus to this seat's actions show (``rules.core.engine.MenuLabels``)."""
        from rules.jupiter.menus import menu_labels

        return menu_labels(state, seat, prefix, options)

    def public_action(self, state: State, seat: int, action: Action) -> str:
        """Everything happens in the open but the cards a trade moves between two hands (56, 98): the
        channel learns who traded and how many cards went each way."""
        if isinstance(action, Trade):
            return f"trade {action.seat + 1}: {len(action.give)} given, {len(action.take)} taken"
        return format_action(action)

    # ------------------------------------------------------------ applying

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if state.phase == "over":
            raise GameIsOver("the game is over")
        if not isinstance(action, (ChooseCore, FirstPlayer, Dock, Move, Attack, Command, Trade, Play, Place,
                                   Discard, EndTurn)):
            raise MalformedAction("not a Jupiter Rescue action")
        if seat not in self.to_act(state):
            raise NotYourTurn(self._not_yours(state, seat))
        s = state.clone()
        events: list[str] = []
        if state.choosing or state.phase == "choose_core":
            self._choose_core(s, seat, action, events)
        elif state.phase == "first_player":
            if not isinstance(action, FirstPlayer) or not 0 <= action.seat < len(s.seats):
                raise IllegalAction("the group decides who goes first: `first <robot number>` (line 39)")
            s.current, s.phase, s.actions_left = action.seat, "dock", actions_per_turn(s)
            events.append(f"Robot {seat + 1} decides for the group: Robot {action.seat + 1} goes first.")
            flow.begin_turn(s, events)
        elif state.phase == "dock":
            self._dock(s, seat, action, events)
        elif state.phase == "actions":
            self._action(s, seat, action, events)
        elif state.phase in ("roll", "setback"):
            self._in_window(s, seat, action, events)
        else:
            if not isinstance(action, Discard):
                raise IllegalAction(f"discard {to_discard(s, seat)} card(s) first: `discard <cards>` (line 134)")
            t, more = discard(s, seat, action.cards)
            flow._set(s, t)
            events += more
            flow.next_turn(s, events)
        ended(s, events)
        s.events = (*s.events, *events)[-MAX_EVENTS:]
        out = [Event(e) for e in events]
        private = _hand_lines(state, s, seat)
        if private and out:
            out[-1] = Event(out[-1].text, private)
        return s, out

    def _not_yours(self, state: State, seat: int) -> str:
        if state.phase == "choose_core":
            return "you have chosen your core ability; wait for the others"
        if state.choosing:
            return "wait while a returning robot chooses its new core ability"
        return "it is not your turn" if state.current is not None else "wait for the others"

    def _choose_core(self, s: State, seat: int, action: Action, events: list[str]) -> None:
        if not isinstance(action, ChooseCore):
            raise IllegalAction("choose your core ability first: `core <card>` (line 37)")
        if action.card not in s.hands[seat]:
            raise IllegalAction(f"{action.card} is not one of your cards")
        hand = list(s.hands[seat])
        hand.remove(action.card)
        hands, cores = list(s.hands), list(s.cores)
        hands[seat], cores[seat] = tuple(hand), (action.card,)
        s.hands, s.cores = tuple(hands), tuple(cores)
        events.append(f"Robot {seat + 1} takes {action.card} as core ability.")
        if s.choosing:
            s.choosing = tuple(x for x in s.choosing if x != seat)
        elif all(s.cores):
            s.phase = "first_player"

    def _dock(self, s: State, seat: int, action: Action, events: list[str]) -> None:
        if not isinstance(action, Dock):
            raise IllegalAction("the group docks the pod first: `dock <edge>` (lines 40, 92)")
        space = next((d.space for d in s.colony().docks() if f"{d.label}{d.direction}" == action.space), None)
        if space is None:
            raise IllegalAction(f"{action.space.lower()} is not an exposed edge with a dome (line 40)")
        events.append(f"Robot {seat + 1} decides for the group where the pod docks.")
        flow.dock(s, space, events)
        s.phase = "actions"

    def _action(self, s: State, seat: int, action: Action, events: list[str]) -> None:
        if isinstance(action, EndTurn):
            events.append(f"Robot {seat + 1} ends their actions.")
            flow.end_actions(s, events)
            return
        if isinstance(action, Play):
            t, more = play(s, seat, action)
        elif isinstance(action, (Move, Attack, Command, Trade)):
            t, more = apply_basic(s, seat, action)
        else:
            raise IllegalAction("take an action (move, attack, command, trade, play) or `end` (lines 50-58)")
        flow._set(s, t)
        events += more
        # Out of actions with nothing left that could give one back: the turn goes on by itself. Only
        # public facts decide it (an empty hand, the cores), never which cards a hand holds.
        if (s.phase == "actions" and s.actions_left <= 0 and not s.hands[seat] and not legal_plays(s)
                and not ended(s, events)):
            events.append(f"Robot {seat + 1} has used every action.")
            flow.end_actions(s, events)

    def _in_window(self, s: State, seat: int, action: Action, events: list[str]) -> None:
        if isinstance(action, EndTurn):
            flow.resolve(s, events)
        elif isinstance(action, Place):
            for label, options, _ in flow.placements(s):
                if action.space in options:
                    s.choices = (*((t, sp) for t, sp in s.choices if t != label), (label, action.space))
                    events.append(f"The Creep for tile {label} will go to {action.space}.")
                    return
            raise IllegalAction(f"no Creep may be placed on {action.space.lower()} now (line 114)")
        elif isinstance(action, Play) and action.cards == (PHASE_SHIFT,) and s.phase == "roll":
            if not can_spend(s, seat, action.cards):
                raise IllegalAction("you have no Phase Shift to play")
            flow.phase_shift(s, events)
        elif isinstance(action, Play) and action.cards == (SUPPRESSANT,) and len(action.targets) == 1:
            if s.suppressed is not None:
                raise IllegalAction(f"tile {s.suppressed} is already protected this turn")
            if not can_spend(s, seat, action.cards):
                raise IllegalAction("you have no Suppressant to play")
            if action.targets[0] not in s.colony().by_label:
                raise IllegalAction(f"there is no tile {action.targets[0].lower()} in the colony")
            flow.suppress(s, action.targets[0], events)
        else:
            when = "the Invasion" if s.phase == "roll" else "the Setback"
            raise IllegalAction(f"before {when}: `place <space>`, Phase Shift, Suppressant, or `end` (114, 172, 188)")
        if s.phase in ("roll", "setback") and not flow.window_open(s):
            flow.resolve(s, events)

    # ------------------------------------------------------------ results, views, storage

    def undoable(self, state: State, seat: int, action: Action) -> bool:
        """A move, attack or command of one's own robot may be taken back while the actions go on: they
        draw nothing and hide nothing. A trade shows cards to a partner, a card played is seen, and the
        Creeps' steps roll the die: never."""
        if state.phase != "actions" or not isinstance(action, (Move, Attack, Command)):
            return False
        if not self.is_legal(state, seat, action):
            return False
        after, _ = self.apply(state, seat, action)
        return after.phase == "actions" and after.rng == state.rng and after.turn == state.turn

    def chapter(self, state: State) -> str:
        """A new board post per turn (setup is one)."""
        return "setup" if state.phase in SETUP and state.turn == 0 and state.pod_dock is None else f"t{state.turn}"

    def progress(self, state: State) -> str:
        if state.phase == "over":
            return f"Game over · {state.summary}"
        if state.phase in SETUP and state.current is None or state.phase == "choose_core":
            return "Setup · " + {"choose_core": "choosing core abilities", "first_player": "who goes first?",
                                 "dock": "docking the pod"}[state.phase]
        who = f"Robot {state.current + 1}" if state.current is not None else ""
        step = {"dock": "docking the pod", "actions": f"actions ({state.actions_left} left)",
                "roll": f"the die shows {state.die}", "setback": f"Setback: {state.setback}",
                "discard": "discarding"}[state.phase]
        return f"Turn {state.turn + 1} · {who}: {step} · saved {state.saved}/{state.goal()}"

    def policy(self) -> Any:
        # imported late: the search module is only needed by AI seats
        from rules.jupiter.ai import HeuristicPolicy

        return HeuristicPolicy()

    def outcome(self, state: State) -> Outcome | None:
        if state.result is None:
            return None
        seats = tuple(range(len(state.seats)))
        return Outcome(
            winners=seats if state.result == "win" else (), summary=state.summary, result=state.result,
            scores=tuple(float(state.saved) for _ in seats), ranks=tuple(1 for _ in seats),
        )

    def public_view(self, state: State):
        from rules.jupiter.views import public_view

        return public_view(state)

    def private_view(self, state: State, seat: int):
        from rules.jupiter.views import private_view

        return private_view(state, seat)

    def check_invariants(self, state: State) -> list[str]:
        from rules.jupiter.invariants import check_invariants

        return check_invariants(state)

    def dump(self, state: State) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> State:
        return load_state(dict(data))
