"""The Retro Bots vs Rogues rules engine on the platform's contract (rules/core/engine.py).

Setup: each player chooses a Retro (all at once). Then rounds (flow.py): programming behind screens
against a real timer (a rule's own ``time_limit``; when every program is locked early the service
reports the time left, ``clock <seconds>``, and it carries over), then the run: the scripted side
(``SYSTEM``) plays one ``step`` at a time — a Rogue's move or one instruction — pausing between
steps (option ``pause``) so the channel watches the board change; a player is asked only where the
rules give them a choice (SHOVE's direction, the Bot a PROGRAM drives, an Upgrade, a new Retro, an
Upgrade to surrender). The game ends at once when won or lost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rules.core.engine import SYSTEM, Decision, DecisionKind, Event, Outcome, SeatPlan
from rules.core.errors import GameIsOver, IllegalAction, MalformedAction, NotYourTurn
from rules.retro import flow
from rules.retro.actions import (
    SHOVES,
    Action,
    Add,
    Back,
    ChooseType,
    Clear,
    Clock,
    Decline,
    Keep,
    Lock,
    SetProgram,
    Shove,
    Step,
    Surrender,
    TakeUpgrade,
    Target,
    format_action,
    parse_action,
)
from rules.retro.data import RETRO_TYPES, game_data
from rules.retro.instructions import hack_targets, shove_options
from rules.retro.options import RetroOptions, option_help, parse_options
from rules.retro.present import bot_label, timer_now
from rules.retro.programs import next_instructions, problem
from rules.retro.setup import new_state, place_retros
from rules.retro.state import State, dump_state, load_state, retro_id

SEAT_LABELS = ("Retro 1", "Retro 2", "Retro 3", "Retro 4")
MAX_EVENTS = 10


class RetroEngine:
    name = "retro-bots"
    title = "Retro Bots vs Rogues"
    rules_version = 1

    # ------------------------------------------------------------ options and seats

    def parse_options(self, raw: Mapping[str, str]) -> RetroOptions:
        return parse_options(raw)

    def option_help(self) -> Mapping[str, str]:
        return option_help()

    def option_values(self) -> Mapping[str, list[str]]:
        """Values to suggest as options are typed (any number of seconds is taken too)."""
        yes_no = ["yes", "no"]
        return {"timer": ["60", "90", "120", "3600", "86400", "off"], "bossbot": yes_no, "minionbot": yes_no,
                "crates": yes_no, "pause": ["1.5", "0", "3"]}

    def seat_plan(self, options: RetroOptions) -> SeatPlan:
        """"Each player chooses either a Treadbot, a Shotbot, or a Nanobot": one to four players (one
        door each), playing together; one person may drive several Retros."""
        return SeatPlan(SEAT_LABELS, 1, 4, shared=True, cooperative=True)

    def seat_labels(self, state: State) -> tuple[str, ...]:
        return state.seats

    def new_game(self, seed: int, options: RetroOptions, seats: Sequence[str] | None = None) -> State:
        n = len(seats) if seats else 4
        state = new_state(seed, SEAT_LABELS[:n], crates=options.crates, bossbot=options.bossbot,
                          minionbot=options.minionbot, timer=options.timer)
        state.pause = options.pause
        types = ", ".join(t.capitalize() + "s" for t in state.in_play)
        state.events = (f"The Deadly Spiral is set: {len(state.rogues())} Rogues ({types}). Choose your Retros.",)
        return state

    # ------------------------------------------------------------ who acts

    def pending(self, state: State) -> dict[int, Decision]:
        r = state.round
        if state.phase == "over":
            return {}
        if state.phase == "choose_type":
            return {seat: Decision(DecisionKind.SIMULTANEOUS, "type", ChooseType("treadbot"), "choose your Retro")
                    for seat in self.to_act(state)}
        if state.phase == "program":
            limit = float(timer_now(state)) if state.timer else None
            return {seat: Decision(DecisionKind.SIMULTANEOUS, f"r{r}.program", Lock(),
                                   "program your Retro, then lock", time_limit=limit)
                    for seat in self.to_act(state)}
        if state.phase == "clock":
            return {SYSTEM: Decision(DecisionKind.TURN, f"r{r}.clock", Clock(0), "the time left",
                                     measure="clock {seconds}")}
        seat = self._chooser(state)
        key = f"r{r}.c{state.decisions}"
        if seat is not None:
            default = self._choices(state, seat)[0]
            return {seat: Decision(DecisionKind.REACTION, key, default, self._prompt(state, seat))}
        if state.phase == "end":
            seat = flow.surrender_seat(state)
            assert seat is not None
            return {seat: Decision(DecisionKind.TURN, f"r{r}.give{seat}", Keep(),
                                   "surrender an Upgrade to bury a Catastrophe, or keep")}
        return {SYSTEM: Decision(DecisionKind.TURN, f"r{r}.run", Step(), "the run goes on",
                                 time_limit=state.pause or None)}

    def _chooser(self, state: State) -> int | None:
        """The player who must choose something before the run goes on, if any."""
        if state.owed and state.owed[0][0] in flow.CHOICES:
            return state.owed[0][1]
        if state.cursor is not None and state.cursor.choice:
            return state.cursor.seat
        return None

    def _prompt(self, state: State, seat: int) -> str:
        if state.owed and state.owed[0][0] == "upgrade":
            return f"choose an Upgrade ({state.owed[0][2]})"
        if state.owed and state.owed[0][0] == "retype":
            return "your Retro was lost: choose a different type"
        c = state.cursor
        assert c is not None
        instruction = state.programs[c.seat][c.index]
        if c.choice == "target":
            return f"PROGRAM: which Bot runs your next instruction ({instruction})?"
        return "SHOVE: which way?"

    def to_act(self, state: State) -> tuple[int, ...]:
        if state.phase == "choose_type":
            return tuple(s for s in range(len(state.seats)) if not state.retro_types[s])
        if state.phase == "program":
            return tuple(s for s in range(len(state.seats)) if not state.locked[s])
        return tuple(self.pending(state))

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state.phase == "over" or seat not in self.to_act(state):
            return []
        return self._choices(state, seat)

    def _choices(self, state: State, seat: int) -> list[Action]:
        if state.phase == "choose_type":
            return [ChooseType(k) for k in RETRO_TYPES]
        if state.phase == "program":
            out: list[Action] = [Add(i) for i in next_instructions(state, seat)]
            if state.programs[seat]:
                out += [Back(), Clear()]
            return [*out, Lock()]
        if seat == SYSTEM:
            return [self.pending(state)[SYSTEM].default]
        if state.owed and state.owed[0][0] == "upgrade":
            return [*(TakeUpgrade(u) for u in flow.upgrade_supply(state)), Decline()]
        if state.owed and state.owed[0][0] == "retype":
            return [ChooseType(k) for k in RETRO_TYPES if k != state.owed[0][2]]
        c = state.cursor
        if c is not None and c.choice == "target":
            return [Target(bot_label(state.bots[b])) for b in hack_targets(state, retro_id(seat))]
        if c is not None and c.choice == "shove":
            return [Shove(d) for d in SHOVES if d in shove_options(state, c.target)]
        return [*(Surrender(u) for u in state.upgrades[seat]), Keep()]

    # ------------------------------------------------------------ notation

    def parse(self, state: State, seat: int, text: str) -> Action:
        return parse_action(text)

    def format(self, action: Action) -> str:
        return format_action(action)

    def menu_labels(self, state: State, seat: int, prefix: tuple[str, ...], options: Sequence[str]):
        from rules.retro.menus import menu_labels

        return menu_labels(state, seat, prefix, options)

    def public_action(self, state: State, seat: int, action: Action) -> str:
        """Programming is behind screens: adding, taking back and setting instructions says nothing;
        locking says only that the program is locked."""
        if isinstance(action, (Add, Back, Clear, SetProgram)):
            return ""
        return format_action(action)

    # ------------------------------------------------------------ applying

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if state.phase == "over":
            raise GameIsOver("the game is over")
        if not isinstance(action, (ChooseType, Add, Back, Clear, SetProgram, Lock, Target, Shove, TakeUpgrade,
                                   Decline, Surrender, Keep, Step, Clock)):
            raise MalformedAction("not a Retro Bots action")
        if seat not in self.to_act(state):
            raise NotYourTurn(self._not_yours(state, seat))
        s = state.clone()
        out: list[str] = []
        if state.phase == "choose_type":
            self._choose_type(s, seat, action, out)
        elif state.phase == "program":
            self._program(s, seat, action, out)
        elif state.phase == "clock":
            if not isinstance(action, Clock):
                raise IllegalAction("waiting for the clock")
            flow.start_run(s, action.seconds, out)
            flow.settle(s, out)
        else:
            self._run(s, seat, action, out)
            flow.settle(s, out)
        out = [line[:1].upper() + line[1:] for line in out if line]
        s.events = (*s.events, *out)[-MAX_EVENTS:]
        return s, [Event(e) for e in out]

    def _not_yours(self, state: State, seat: int) -> str:
        if state.phase == "program":
            return "your program is locked; wait for the others"
        if state.phase == "choose_type":
            return "you have chosen your Retro; wait for the others"
        return "wait: the run goes on" if SYSTEM in self.pending(state) else "it is another player's choice"

    def _choose_type(self, s: State, seat: int, action: Action, out: list[str]) -> None:
        if not isinstance(action, ChooseType):
            raise IllegalAction("choose your Retro first: `type treadbot`, `type shotbot` or `type nanobot`")
        types = list(s.retro_types)
        types[seat] = action.kind
        s.retro_types = tuple(types)
        out.append(f"{s.seats[seat]} will be a {action.kind.capitalize()}.")
        if all(s.retro_types):
            place_retros(s)
            flow.begin_round(s, out)

    def _program(self, s: State, seat: int, action: Action, out: list[str]) -> None:
        current = s.programs[seat]
        if isinstance(action, Add):
            new = (*current, action.instruction)
        elif isinstance(action, Back):
            new = current[:-1]
        elif isinstance(action, Clear):
            new = ()
        elif isinstance(action, SetProgram):
            new = action.instructions
        elif isinstance(action, Lock):
            locked = list(s.locked)
            locked[seat] = True
            s.locked = tuple(locked)
            out.append(f"{s.seats[seat]} has locked their program.")
            if all(s.locked):
                s.phase = "clock"
            return
        else:
            raise IllegalAction("program your Retro: `add F2`, `program F2 R F1`, `back`, `clear` or `lock`")
        if (why := problem(s, seat, new)) is not None:
            raise IllegalAction(why)
        programs = list(s.programs)
        programs[seat] = new
        s.programs = tuple(programs)

    def _run(self, s: State, seat: int, action: Action, out: list[str]) -> None:
        if seat == SYSTEM:
            if not isinstance(action, Step):
                raise IllegalAction("the run goes on one step at a time")
            flow.step(s, out)
            return
        if action not in self.legal_actions(s, seat):
            raise IllegalAction(self._choices_hint(s, seat))
        if isinstance(action, TakeUpgrade | Decline):
            _, who, why = s.owed[0]
            s.owed = s.owed[1:]
            if isinstance(action, TakeUpgrade):
                ups = list(s.upgrades)
                ups[who] = (*ups[who], action.upgrade)
                s.upgrades = tuple(ups)
                out.append(f"{s.seats[who]} takes the Upgrade {game_data().upgrade(action.upgrade).name} ({why}).")
            else:
                out.append(f"{s.seats[who]} declines the Upgrade.")
        elif isinstance(action, ChooseType):
            s.owed = s.owed[1:]
            types = list(s.retro_types)
            types[seat] = action.kind
            s.retro_types = tuple(types)
            retro = s.bots[retro_id(seat)]
            s.bots[retro.id] = replace(retro, kind=action.kind)
            out.append(f"{s.seats[seat]} comes back as a {action.kind.capitalize()}, waiting outside a door.")
        elif isinstance(action, Target):
            c = s.cursor
            assert c is not None
            target = next(b for b in hack_targets(s, retro_id(seat)) if bot_label(s.bots[b]) == action.bot)
            s.cursor = replace(c, choice="", target=target)
            flow.prepare(s)
            if s.cursor is not None and not s.cursor.choice:
                flow.execute(s, out)
        elif isinstance(action, Shove):
            flow.execute(s, out, shove=action.direction)
        else:
            s.asked = (*s.asked, seat)
            if isinstance(action, Surrender):
                ups = list(s.upgrades)
                ups[seat] = tuple(u for u in ups[seat] if u != action.upgrade)
                s.upgrades = tuple(ups)
                buried, s.catastrophes = s.catastrophes[-1], s.catastrophes[:-1]
                s.deck = (*s.deck, buried)
                name = game_data().calamity(buried).name
                out.append(f"{s.seats[seat]} surrenders {game_data().upgrade(action.upgrade).name}: "
                           f"{name} goes to the bottom of the Calamity deck.")

    def _choices_hint(self, s: State, seat: int) -> str:
        words = ", ".join(f"`{format_action(a)}`" for a in self.legal_actions(s, seat)[:6])
        return f"not now; you may: {words}"

    # ------------------------------------------------------------ results, views, storage

    def undoable(self, state: State, seat: int, action: Action) -> bool:
        """Building a program may be taken back (it is hidden and draws nothing); a lock may not (the
        time left is measured when the last program locks)."""
        return state.phase == "program" and isinstance(action, (Add, Back, Clear, SetProgram))

    def chapter(self, state: State) -> str:
        if state.phase == "choose_type":
            return "setup"
        return f"r{state.round}.{'program' if state.phase == 'program' else 'run'}"

    def progress(self, state: State) -> str:
        if state.phase == "over":
            return f"Game over · {state.summary}"
        if state.phase == "choose_type":
            return "Setup · choosing Retros"
        what = {"program": "programming", "clock": "programs locked", "run": "running", "end": "end of the round"}
        cats = len(state.catastrophes)
        return (f"Round {state.round} · {what[state.phase]} · {len(state.rogues())} Rogues left · "
                f"{cats}/3 Catastrophes")

    def policy(self) -> Any:
        # imported late: the search module is only needed by AI seats
        from rules.retro.ai import RetroPolicy

        return RetroPolicy()

    def outcome(self, state: State) -> Outcome | None:
        if state.result is None:
            return None
        seats = tuple(range(len(state.seats)))
        return Outcome(winners=seats if state.result == "win" else (), summary=state.summary, result=state.result,
                       scores=tuple(float(len(k)) for k in state.kept), ranks=tuple(1 for _ in seats))

    def public_view(self, state: State):
        from rules.retro.present import public_view

        return public_view(state, self.waiting(state))

    def private_view(self, state: State, seat: int):
        from rules.retro.present import private_view

        return private_view(state, seat, self.waiting(state),
                            tuple(format_action(a) for a in self.legal_actions(state, seat)))

    def waiting(self, state: State) -> str:
        pending = self.pending(state)
        if not pending:
            return ""
        if SYSTEM in pending:
            return "the run goes on" if state.phase == "run" else "every program is locked"
        seat = next(iter(pending))
        if state.phase in ("choose_type", "program"):
            names = ", ".join(state.seats[s] for s in pending)
            return f"{pending[seat].prompt}: {names}"
        return f"{state.seats[seat]}: {pending[seat].prompt}"

    def check_invariants(self, state: State) -> list[str]:
        from rules.retro.invariants import check_invariants

        return check_invariants(state)

    def dump(self, state: State) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> State:
        return load_state(dict(data))
