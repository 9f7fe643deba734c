"""The POWERUP rules engine (DEATHMATCH) on the platform's contract (rules/core/engine.py).

Setup: the two teams place POWERUPs one per tile, then a drum each, one by one in turn (GROUP
decisions: any seat of the team places); then, behind screens and all at once, each seat hides its
share of its team's secret tokens and picks its start square on its base. Play: sequences of turns in
initiative order (flow.py), each turn 4 AP (turn.py); questions the rules ask on the way (asks.py) come
first. Every action is a line of notation; the legal ones are listed, and anything else is refused with
the rule that stops it (refusals.py). ARCADE (co-op) goes through coop_engine.py where it differs.

This class routes; the work is by job elsewhere: setup behind screens (screens.py), what follows each action
(settle.py), notation (notation.py), the few words the game tells people (telling.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.engine import Decision, DecisionKind, Event, Outcome, SeatPlan
from rules.core.errors import BadOptions, GameIsOver, IllegalAction, MalformedAction, NotYourTurn
from rules.powerup import asks, coop_engine, deathmatch, notation, reactions, screens, settle, telling, turn
from rules.powerup.board import name, parse_square
from rules.powerup.data import check_effects, game_data
from rules.powerup.data_checks import SHEETS
from rules.powerup.deathmatch import SEAT_LABELS
from rules.powerup.options import PowerupOptions, option_help, parse_options
from rules.powerup.state import MODES, State, dump_state, load_state

MAX_EVENTS = 12


class PowerupEngine:
    name = "powerup"
    title = "POWERUP"
    rules_version = 2  # 2: a human BUGMISTRESS (her seat, hand and turn: mistress.py)

    def __init__(self) -> None:
        from rules.powerup.effects import EFFECTS

        missing = check_effects(game_data(), set(EFFECTS))
        if missing:  # the issue: loading fails on "a card with no registered effect"
            raise RuntimeError(f"powerup.json: POW! cards without a registered effect: {', '.join(missing)}")

    # ------------------------------------------------------------ options and seats
    def parse_options(self, raw: Mapping[str, str]) -> PowerupOptions:
        return parse_options(raw)

    def option_help(self) -> Mapping[str, str]:
        return option_help()

    def option_values(self) -> Mapping[str, list[str]]:
        from rules.powerup.options import ARCADE_OPEN, MISSIONS, MISTRESSES
        from rules.powerup.options import MODES as GAME_MODES

        arcade = {"mission": list(MISSIONS), "bugmistress": list(MISTRESSES), "pause": ["1", "0", "2.5"],
                  "professions": ["off", "on"]}
        return {**(arcade if ARCADE_OPEN else {}), "mode": list(GAME_MODES), "tiles": ["default", "random", "17 14 23 / 21 03 22"], "rounds": ["0", "3", "6"],
                "reactions": list(MODES), "reaction_wait": ["30", "60", "3600"], "pace": ["live", "async"]}

    def seat_plan(self, options: PowerupOptions) -> SeatPlan:
        """rb 1862-1864: "two teams ... one against one or two against two. If 3 players want to participate,
        1 can manage 2 characters"; the issue: 2, 4 or 6 seats, each character once, equal teams.
        ARCADE: 1-4 BUGBUSTERs, at least the mission's minimum, one person may hold several. A human
        BUGMISTRESS (the issue: "plus `bugmistress` when human; at most 5 people. A person may hold several
        BUGBUSTER seats, never the BUGMISTRESS with one"): her seat last, a side of its own (the platform's
        team rule keeps one person off both sides), taken for the table to start."""
        if options.mode == "arcade":
            from rules.powerup.coop_setup import mission
            from rules.powerup.mistress import HER

            least = mission(options.mission).min_busters
            if options.bugmistress == "human":
                return SeatPlan((*SHEETS, HER), least + 1, 5, teams=(*(0 for _ in SHEETS), 1), shared=True,
                                uneven=True)
            return SeatPlan(SHEETS, least, 4, shared=True, cooperative=True)
        return SeatPlan(SEAT_LABELS, 2, 6, teams=tuple(0 if lab.startswith("RED") else 1 for lab in SEAT_LABELS),
                        shared=True, alike=tuple(SHEETS.index(lab.split("-")[1]) for lab in SEAT_LABELS))

    def seat_labels(self, state: State) -> tuple[str, ...]:
        from rules.powerup.mistress import labels  # a human BUGMISTRESS's seat comes last

        return labels(state)

    def new_game(self, seed: int, options: PowerupOptions, seats: Sequence[str] | None = None) -> State:
        if options.mode == "arcade":
            from rules.powerup.coop_setup import new_arcade

            out: list[str] = []
            s = new_arcade(seed, options, seats, out)
            s.events = tuple(out[-MAX_EVENTS:])
            return s
        labels = tuple(seats) if seats else ("RED-RAY", "BLU-TOR")
        if len(labels) not in (2, 4, 6):
            raise BadOptions("DEATHMATCH is played by 2, 4 or 6 seats in two equal teams")
        data = game_data()
        if options.random_tiles:  # tiles:random — drawn from the seed among the boards that pass the checks
            from rules.powerup.layouts import random_layout

            layout = random_layout(seed, len(labels))
        else:
            layout = options.tiles or data.board(len(labels)).faces
        problems = data.board_problems(layout, len(labels))
        if problems:
            raise BadOptions(problems[0])
        s = deathmatch.new_state(seed, labels, tuple(tuple(r) for r in layout))
        s.rounds = options.rounds
        s.modes = (options.reactions,) * len(labels)
        s.react_wait = options.reaction_wait
        s.events = (f"DEATHMATCH: {s.placing} places the first POWERUP (one per tile, in turn).",)
        return s

    # ------------------------------------------------------------ who acts
    def pending(self, state: State) -> dict[int, Decision]:
        s = state
        if s.phase == "over":
            return {}
        if s.phase == "place":
            what = "a POWERUP" if s.place_kind == "powerup" else "a drum"
            default = f"place {name(deathmatch.designed_place(s))}"
            return {i: Decision(DecisionKind.GROUP, f"p{s.placed}", default, f"{s.placing} places {what}")
                    for i, b in enumerate(s.busters) if b.team == s.placing}
        if s.phase == "hide":
            return {i: Decision(DecisionKind.SIMULTANEOUS, "hide", "done",
                                "hide your secret tokens and pick your start square, then done")
                    for i in range(len(s.seats)) if not s.hidden_done[i]}
        if s.asks:
            seat, kind, _ = s.asks[0]
            if seat == s.active and kind != "midair":
                return {seat: Decision(DecisionKind.TURN, f"a{s.steps}", asks.options(s, s.asks[0])[0],
                                       asks.prompt(s, s.asks[0]))}
            return {seat: Decision(DecisionKind.REACTION, f"a{s.steps}", asks.options(s, s.asks[0])[0],
                                   asks.prompt(s, s.asks[0]), time_limit=s.react_wait)}
        if s.window:  # rb 923: a reaction window, every seat asked at once, answers applied as they come
            return {seat: Decision(DecisionKind.REACTION, f"r{s.windows}", "pass", reactions.prompt(s, seat),
                                   time_limit=s.react_wait) for seat in s.window}
        if s.coop is not None and (co := coop_engine.pending(s)) is not None:
            return co
        seat = s.active
        assert seat is not None
        prompt = "in the air: attack, shift or land" if s.air else f"your turn: {s.ap} AP left"
        return {seat: Decision(DecisionKind.TURN, f"t{s.sequence}.{s.turn}", "end", prompt)}

    def to_act(self, state: State) -> tuple[int, ...]:
        return tuple(self.pending(state))

    def legal_actions(self, state: State, seat: int) -> list[str]:
        s = state
        if seat not in self.pending(s):
            return []
        if s.phase == "place":
            return [f"place {name(sq)}" for sq in deathmatch.place_squares(s)]
        if s.phase == "hide":
            return screens.hide_actions(s, seat)
        if s.asks:
            return asks.options(s, s.asks[0])
        if s.window:
            return reactions.options(s, seat)
        if s.coop is not None and (co := coop_engine.legal(s, seat)) is not None:
            return co
        return turn.legal(s, seat)

    # ------------------------------------------------------------ notation
    def parse(self, state: State, seat: int, text: str) -> str:
        return notation.parse(state, seat, text, self.legal_actions(state, seat))

    def format(self, action: str) -> str:
        return action

    def public_action(self, state: State, seat: int, action: str) -> str:
        return notation.public_action(state, seat, action)

    def complete(self, state: State, seat: int, typed: str) -> list[tuple[str, str]]:
        from rules.powerup.menus import complete

        return complete(self.legal_actions(state, seat), typed)

    def menu_labels(self, state: State, seat: int, prefix: tuple[str, ...], options: Sequence[str]):
        from rules.powerup.menus import menu_labels

        return menu_labels(state, seat, prefix, options)

    # ------------------------------------------------------------ applying
    def apply(self, state: State, seat: int, action: str) -> tuple[State, list[Event]]:
        if state.phase == "over":
            raise GameIsOver("the game is over")
        if not isinstance(action, str):
            raise MalformedAction("not a POWERUP action")
        pending = self.pending(state)
        if seat not in pending:
            raise NotYourTurn(telling.not_yours(state, pending, self.seat_labels(state)))
        legal = self.legal_actions(state, seat)
        if action not in legal:
            from rules.powerup.refusals import refusal

            raise IllegalAction(refusal(state, seat, action, legal))
        s = state.clone()
        out: list[str] = []
        if s.phase == "place":
            sq = parse_square(action.split()[1])
            assert sq is not None
            deathmatch.place(s, sq, out)
        elif s.phase == "hide":
            screens.hide_step(s, seat, action, out)
        elif s.asks:
            asks.answer(s, s.asks[0], action, out)
        elif s.window:
            reactions.answer(s, seat, action, out)
        elif s.coop is None or not coop_engine.apply(s, seat, action, out):
            settle.turn_action(s, seat, action, out)
        settle.settle(s, out)
        s.steps += 1
        out = [line[:1].upper() + line[1:] for line in out if line]
        s.events = (*s.events, *out)[-MAX_EVENTS:]
        return s, [Event(e) for e in out]

    def undoable(self, state: State, seat: int, action: str) -> bool:
        """The issue: moves, flips, climbs, gateways, rest, gives, swaps, placements before commit — while
        nothing random, drawn or revealed came of them."""
        if state.phase == "hide":
            return action != "done"
        if state.phase != "play" or state.asks or state.window:
            return False
        verb = action.split()[0]
        if verb not in ("move", "back", "flip", "climb", "gate", "rest", "give", "equip", "jump"):
            return False
        after, _ = self.apply(state, seat, action)
        return (after.rng == state.rng and after.secrets == state.secrets and len(after.pow_deck) == len(state.pow_deck)
                and not any(a[1] in ("store", "full", "shove", "shop", "relight") for a in after.asks)
                and after.busters[seat].lives == state.busters[seat].lives and after.sequence == state.sequence)

    def chapter(self, state: State) -> str:
        if state.phase in ("place", "hide"):
            return "setup"
        # a new post for each attack, death, POWERUP used and score (the issue); other steps edit it
        return f"s{state.sequence}.{state.beats}"

    def progress(self, state: State) -> str:
        return telling.progress(state)

    def policy(self) -> Any:
        from rules.core.ai import RandomPolicy

        return RandomPolicy()

    def public_view(self, state: State):
        from rules.powerup.present import public_view

        return public_view(state, self.waiting(state))

    def private_view(self, state: State, seat: int):
        from rules.powerup.present import private_view

        pending = self.pending(state)
        # a question to answer, not the plain "your turn" (the screen shows the turn and AP already)
        question = state.phase != "play" or bool(state.asks) or bool(state.air) or seat in state.window
        asked = pending[seat].prompt if seat in pending and question else ""
        if state.coop is not None and state.coop.human and seat == len(state.seats):
            from rules.powerup.mistress_present import private_view as hers  # never a BUGBUSTER's hand

            asked = pending[seat].prompt if seat in pending else ""
            return hers(state, self.waiting(state), asked, tuple(self.legal_actions(state, seat)))
        return private_view(state, seat, self.waiting(state), asked, tuple(self.legal_actions(state, seat)))

    def waiting(self, state: State) -> str:
        return telling.waiting(state, self.pending(state), self.seat_labels(state))

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        if state.coop is not None:
            return coop_engine.outcome(state)
        winners = tuple(i for i, b in enumerate(state.busters) if b.team == state.winner)
        scores = tuple(float(b.captures) for b in state.busters)
        ranks = tuple(1 if b.team == state.winner or not state.winner else 2 for b in state.busters)
        return Outcome(winners=winners, summary=state.summary, scores=scores, ranks=ranks)

    def check_invariants(self, state: State) -> list[str]:
        from rules.powerup.invariants import check_invariants

        return check_invariants(state)

    def dump(self, state: State) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> State:
        return load_state(dict(data))


