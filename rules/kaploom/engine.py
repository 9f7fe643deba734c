"""The KAPLOOM! rules engine: rounds of roll & assign, reveal & fight, power up, clean up."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.engine import Decision, DecisionKind, Event, Outcome, SeatPlan
from rules.core.errors import BadOptions, GameIsOver, IllegalAction, MalformedAction, NotYourTurn, RulesError
from rules.core.rng import Rng
from rules.kaploom.actions import Action, format_action, parse_action
from rules.kaploom.common import (
    _FACE_INDEX,
    DONE,
    FORFEIT,
    MAX_EVENTS,
    READY,
    SKIP,
    _board_sigs,
    _label,
    _opponents,
    _sig,
)
from rules.kaploom.data import COLOURS, game_data
from rules.kaploom.legality import LegalMoves
from rules.kaploom.options import KaploomOptions, option_help, parse_options
from rules.kaploom.phase_fight import FightPhase
from rules.kaploom.phase_power import PowerPhase
from rules.kaploom.phase_roll import RollPhase
from rules.kaploom.requirements import meets
from rules.kaploom.state import Player, State, dump_state, load_state


class KaploomEngine(LegalMoves, RollPhase, FightPhase, PowerPhase):
    """The contract's methods; the legal moves and each phase's rules live in their own modules."""

    name = "kaploom"
    title = "KAPLOOM!"
    # 2: duo dice of a knocked-out player may be handed over in every round, BACK IN ACTION never
    # revives a player knocked out this round, Phase 3 turns with nothing to do pass on their own,
    # the 2 vs 2 pointer keeps its target, `assign 1,3 pow`, `use ... attach <die>`.
    rules_version = 2

    # ------------------------------------------------------------ options and setup

    def parse_options(self, raw: Mapping[str, str]) -> KaploomOptions:
        return parse_options(raw)

    def option_help(self) -> Mapping[str, str]:
        return option_help()

    def seat_plan(self, options: KaploomOptions) -> SeatPlan:
        """Two players (villain and hero), or two teams of two in 2 vs 2; every seat must be taken.
        One person per seat: a player's dice are behind their own screen."""
        if options.variant == "2v2":
            return SeatPlan(("villain 1", "villain 2", "hero 1", "hero 2"), 4, 4, teams=(0, 0, 1, 1))
        return SeatPlan(("villain", "hero"), 2, 2, teams=(0, 1))

    def seat_labels(self, state: State) -> tuple[str, ...]:
        return tuple(p.label for p in state.players)

    def new_game(self, seed: int, options: KaploomOptions, seats: Sequence[str] | None = None) -> State:
        labels = self.seat_plan(options).labels
        if seats is not None and tuple(seats) != labels:
            raise BadOptions(f"KAPLOOM! {options.variant} is played by exactly {', '.join(labels)}")
        data = game_data()
        copies = 2 if options.variant == "2v2" else 1
        pool_trait = [data.trait_per_colour * copies] * len(COLOURS)
        pool_action = data.action_dice * copies
        pool_faces = [n * copies for n in data.faces]
        players = []
        for seat, (label, super_id) in enumerate(zip(labels, options.seat_supers(), strict=True)):
            side = label.split()[0]
            if super_id:
                sup = data.supers[super_id]
                trait, action, health = sup.trait, sup.action, sup.health
            else:
                (trait, action), health = data.start[side], data.start_health
            for colour in trait:
                pool_trait[COLOURS.index(colour)] -= 1
            pool_action -= len(action)
            for die in action:
                for code in die:
                    if code != "B":
                        pool_faces[_FACE_INDEX[code]] -= 1
            players.append(Player(
                seat=seat, team=0 if side == "villain" else 1, label=label, super_id=super_id,
                health=health, max_health=health, dice=(*trait, *action), assign={},
            ))
        if min(pool_trait) < 0 or pool_action < 0 or min(pool_faces) < 0:
            raise IllegalAction("these super boards need more dice than the components hold")
        n = len(players)
        # Villain first; advanced play: lowest health first, a tie goes to the villain; 2 vs 2 by health.
        order = tuple(sorted(range(n), key=lambda i: players[i].health)) if options.variant != "standard" else (0, 1)
        s = State(
            variant=options.variant, supers=options.seat_supers(), rng=tuple(Rng(seed).state()), round=0,
            phase="roll", first=order[0], order=order, turn=0, players=tuple(players),
            pool_trait=tuple(pool_trait), pool_action=pool_action, pool_faces=tuple(pool_faces),
        )
        events: list[Event] = []
        self._start_round(s, events)
        s.events = tuple(e.text for e in events)[-MAX_EVENTS:]
        return s

    def _start_round(self, s: State, events: list[Event]) -> None:
        s.round += 1
        s.phase = "roll"
        s.turn = 0
        s.triggers = ()
        rng = Rng(state=s.rng)
        for p in s.players:
            p.roll = tuple(
                (die[rng.below(6)] if isinstance(die, tuple) else game_data().trait_faces[die][rng.below(6)])
                for die in p.dice
            )
            p.assign = {}
            p.locked = ()
            p.ready = False
            p.pending_reroll = 0
            p.free_reroll_used = False
            p.announced = ()
            p.active = p.unpaid = p.used = ()
            p.pending_loss = ()
            p.immune = False
            p.lost_phase2 = p.defense_left = 0
            p.gives = ()
            p.knocked_out_now = False
            if s.variant == "2v2":
                # The pointer stays where it was unless its opponent is down (line 469: "EACH PLAYER
                # HAS ONE POINTER"; nothing resets it). A knocked-out player attacks nobody and holds
                # no pointer (line 517: "THEY MAY ONLY PLACE DICE ON THE DUO BOARD").
                alive = [q.seat for q in _opponents(s, p) if not q.ko]
                if p.ko:
                    p.target = None
                elif p.target not in alive:
                    p.target = alive[0] if alive else None
        s.rng = tuple(rng.state())
        first = _label(s, s.first)
        events.append(Event(f"Round {s.round}: everyone rolls behind their screen ({first} is first player)."))

    # ------------------------------------------------------------ who acts, what is legal

    def requirements_met(self, s: State, p: Player, aid: str) -> bool:
        """Are all the dice requirements of ``aid`` met by the dice on it now?"""
        return meets(game_data().actions[aid], _board_sigs(s, p, aid))

    def pending(self, state: State) -> dict[int, Decision]:
        """Phase 1 is simultaneous (everyone assigns behind their screen; the time-out default is
        ``ready`` with what is placed, or ``skip`` of an owed re-roll); paying a face cost at the
        reveal and powering up in Phase 3 are turns (defaults ``forfeit`` and ``done``)."""
        seats = self.to_act(state)
        r = state.round
        if state.phase == "roll":
            return {
                seat: Decision(DecisionKind.SIMULTANEOUS, f"r{r}.roll",
                               SKIP if state.players[seat].pending_reroll else READY,
                               "place your dice behind your screen, then ready")
                for seat in seats
            }
        if state.phase == "reveal":
            return {seat: Decision(DecisionKind.TURN, f"r{r}.pay", FORFEIT, "pay the face cost or forfeit")
                    for seat in seats}
        return {seat: Decision(DecisionKind.TURN, f"r{r}.power{state.turn}", DONE,
                               "give your duo-board dice to your ally, or done" if state.players[seat].ko
                               else "power up, then done")
                for seat in seats}

    def to_act(self, state: State) -> tuple[int, ...]:
        if state.phase == "over":
            return ()
        if state.phase == "roll":
            return tuple(p.seat for p in state.players if not p.ready)
        if state.phase == "reveal":
            payer = self._payer(state)
            return (payer.seat,) if payer else ()
        return (state.order[state.turn],)

    def _payer(self, s: State) -> Player | None:
        for seat in s.order:
            p = s.players[seat]
            if p.unpaid and not p.ko:
                return p
        return None

    def legal_actions(self, state: State, seat: int) -> Sequence[Action]:
        if seat not in self.to_act(state):
            return []
        p = state.players[seat]
        if state.phase == "roll":
            return self._roll_legal(state, p)
        if state.phase == "reveal":
            return self._pay_legal(p)
        return self._power_legal(state, p)
    # ------------------------------------------------------------ notation

    def parse(self, state: State, seat: int, text: str) -> Action:
        return parse_action(text)

    def format(self, action: Action) -> str:
        return format_action(action)

    def menu_labels(self, state: State, seat: int, prefix: tuple[str, ...], options: Sequence[str]):
        """What the menus to this seat's moves show (``rules.core.engine.MenuLabels``)."""
        from rules.kaploom.menus import menu_labels

        return menu_labels(self, state, seat, prefix, options)

    def is_legal(self, state: State, seat: int, action: Action) -> bool:
        """Would ``apply`` accept ``action`` from ``seat`` now? ``legal_actions`` lists the moves a
        menu offers; a few forms are legal without being listed, because their number explodes:
        several dice in one step (``assign 1,3 pow``, ``unassign 1,3``). Those are checked exactly,
        by applying them to a copy (``apply`` validates every move in full and changes nothing when
        it refuses one). Services check typed moves with this, not with membership in the list."""
        if not isinstance(action, Action) or seat not in self.to_act(state):
            return False
        if action in self.legal_actions(state, seat):
            return True
        try:
            self.apply(state, seat, action)
        except RulesError:
            return False
        return True

    def public_action(self, state: State, seat: int, action: Action) -> str:
        """What the channel may learn from this action itself. Phase 1 happens behind the screen
        ("ROLL THEIR DICE BEHIND THEIR SCREEN, AND THEN ASSIGN DICE"): a placement, taking a die back,
        skipping a re-roll and the 2 vs 2 pointer ("SECRETLY CHOOSE WHICH OPPONENT") are wholly
        hidden (""), except that an IMMEDIATE action "MUST BE ANNOUNCED" (``announce <action>``), a
        re-roll is told with its source but not its die (``reroll <action>``), and ``ready`` is seen.
        Phases 2 and 3 are played in the open: the notation itself."""
        if state.phase != "roll":
            return format_action(action)
        if action.verb == "ready":
            return "ready"
        if action.verb == "assign":
            return self._announcement(state, state.players[seat], action)
        if action.verb == "reroll":
            return self._reroll_source(state.players[seat])
        return ""  # unassign, skip, target

    def _announcement(self, s: State, p: Player, action: Action) -> str:
        """``announce <action>`` when this placement (of one die or several) completes an IMMEDIATE
        action, else ""."""
        dice, aid = action.args[:-1], action.args[-1]
        a = game_data().actions.get(aid)
        if a is None or a.role != "immediate" or not all(isinstance(d, int) and 1 <= d <= len(p.dice) for d in dice):
            return ""
        sigs = tuple(sorted((*_board_sigs(s, p, aid), *(_sig(p, d - 1) for d in dice))))
        return f"announce {aid}" if meets(a, sigs) else ""

    def _reroll_source(self, p: Player) -> str:
        """``reroll <action>``: the event names what grants the re-roll (the IMMEDIATE action owed
        one, or the locked-in free re-roll, which is announced too); the die stays hidden."""
        actions = game_data().actions
        if p.pending_reroll:
            name = p.announced[-1] if p.announced else ""
            return "reroll " + next((aid for aid, a in actions.items() if a.name == name), "owed")
        lock = next((aid for aid in p.locked_in if actions[aid].lock[0] == "free_reroll"), "free")
        return f"reroll {lock}"

    # ------------------------------------------------------------ applying

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if state.phase == "over":
            raise GameIsOver("the game is over")
        if not isinstance(action, Action):
            raise MalformedAction("not a KAPLOOM! action")
        if seat not in self.to_act(state):
            if 0 <= seat < len(state.players) and state.phase == "roll":
                raise NotYourTurn("you are ready; wait for the other players to finish Phase 1")
            raise NotYourTurn("it is not your turn")
        s = state.clone()
        p = s.players[seat]
        events: list[Event] = []
        if s.phase == "roll":
            self._apply_roll(s, p, action, events)
        elif s.phase == "reveal":
            self._apply_pay(s, p, action, events)
        else:
            self._apply_power(s, p, action, events)
        if events:
            s.events = (*s.events, *(e.text for e in events if e.text))[-MAX_EVENTS:]
        return s, events

    def _illegal(self, why: str) -> IllegalAction:
        return IllegalAction(why)

    # ------------------------------------------------------------ results, views, storage

    def undoable(self, state: State, seat: int, action: Action) -> bool:
        """A step may be taken back when it draws nothing at random, ends no phase or turn and
        announces nothing: placing and taking back dice, the pointer, skipping an owed re-roll, and a
        `ready` that does not start the reveal; in Phase 3 attaching, detaching, giving, taking a
        pending loss and powering up within the turn (a move after which the player has nothing left
        to do passes the turn on its own, so it ends the turn like `done`). Paying at the reveal
        starts the fight's resolution: never. Moves that are legal without being listed
        (``assign 1,3 pow``) count."""
        if state.phase not in ("roll", "power_up") or not self.is_legal(state, seat, action):
            return False
        if state.phase == "roll" and self.public_action(state, seat, action) not in ("", "ready"):
            return False  # an announcement, or a re-roll
        after, _ = self.apply(state, seat, action)
        return (after.rng == state.rng and after.round == state.round and after.phase == state.phase
                and after.turn == state.turn)

    def chapter(self, state: State) -> str:
        """A new board post per phase of a round (the turns of Phase 3 edit one post)."""
        return f"r{state.round}.{state.phase}"

    def progress(self, state: State) -> str:
        phase = {"roll": "Phase 1: roll & assign", "reveal": "Phase 2: reveal & fight",
                 "power_up": "Phase 3: power up", "over": "game over"}[state.phase]
        if state.phase == "power_up":
            phase += f" ({_label(state, state.order[state.turn])}'s turn)"
        return f"Round {state.round} · {phase}"

    def policy(self) -> Any:
        try:
            from rules.kaploom.ai import HeuristicPolicy
        except ImportError:  # the heuristic is optional; every game has the random policy
            from rules.core.ai import RandomPolicy

            return RandomPolicy()
        return HeuristicPolicy()

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        # Health is the score: the winners kept some, the knocked-out have none.
        scores = tuple(float(max(p.health, 0)) for p in state.players)
        ranks = tuple(1 if p.seat in state.winners else 2 for p in state.players)
        return Outcome(winners=state.winners, summary=state.summary, scores=scores, ranks=ranks)

    def public_view(self, state: State):
        from rules.kaploom.viewing import public_view

        return public_view(self, state)

    def private_view(self, state: State, seat: int):
        from rules.kaploom.viewing import private_view

        return private_view(self, state, seat)

    def check_invariants(self, state: State) -> list[str]:
        from rules.kaploom.invariants import check_invariants

        broken = check_invariants(state)
        if state.phase == "power_up" and self._idle(state, state.players[state.order[state.turn]]):
            broken.append("the player whose Power Up turn it is has nothing to do: they should have been passed")
        return broken

    def dump(self, state: State) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> State:
        return load_state(dict(data))
