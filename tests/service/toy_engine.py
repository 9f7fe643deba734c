"""A small but honest engine for testing the session service: "High Card".

Each round every seat is dealt three secret cards (numbers 100-999) and picks one behind their
screen, all at the same time (a simultaneous hidden phase). When everyone has picked, the cards
are revealed; the highest card scores a point and its owner then chooses, publicly, to ``stand`` or
``gamble``; a gamble is settled by the house (the ``SYSTEM`` seat) rolling a die: 4-6 wins another
point, 1-3 loses one. The first seat to reach the target wins; after 40 rounds the leaders share the
win. Two to four players (``players`` caps the table; the lobby decides how many play). ``hand``
deals more cards (up to 60), for menus of many choices.

It implements rules.core.engine.Engine fully: seeded randomness in the state, typed actions with a
round-tripping notation, refusals from the RulesError family, public and private views.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from rules.core.ai import RandomPolicy
from rules.core.engine import SYSTEM, Decision, DecisionKind, Event, Outcome, SeatPlan
from rules.core.errors import BadOptions, GameIsOver, IllegalAction, MalformedAction, NotYourTurn
from rules.core.rng import Rng

LABELS = ("red", "blue", "green", "gold")
MAX_ROUNDS = 40
HAND = 3


class ToyOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    target: int = 3
    players: int = 4  # the most seats a table may have
    hand: int = HAND  # cards dealt to each seat a round


@dataclass(frozen=True)
class Pick:
    card: int


@dataclass(frozen=True)
class Stand:
    pass


@dataclass(frozen=True)
class Gamble:
    pass


@dataclass(frozen=True)
class Roll:
    """The house rolls the gamble's die (the SYSTEM seat's only action)."""


ToyAction = Pick | Stand | Gamble | Roll


@dataclass(frozen=True)
class ToyState:
    options: ToyOptions
    labels: tuple[str, ...]  # the seats playing, in seat order
    rng: tuple[int, ...]
    round: int
    phase: str  # pick | gamble | roll | over
    scores: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    picks: tuple[int | None, ...]
    revealed: tuple[int, ...] | None
    leader: int | None
    last_events: tuple[str, ...]
    winners: tuple[int, ...] = ()


class ToyPublicView(BaseModel):
    model_config = ConfigDict(frozen=True)
    game: Literal["toy"] = "toy"
    round: int
    phase: str
    scores: tuple[int, ...]
    ready: tuple[bool, ...]
    revealed: tuple[int, ...] | None
    leader: int | None
    to_act: tuple[int, ...]
    last_events: tuple[str, ...]
    winners: tuple[int, ...] = ()


class ToyPrivateView(BaseModel):
    model_config = ConfigDict(frozen=True)
    seat: int
    public: ToyPublicView
    hand: tuple[int, ...]
    pick: int | None


class ToyEngine:
    name = "toy"
    title = "High Card"
    rules_version = 1

    def parse_options(self, raw: Mapping[str, str]) -> ToyOptions:
        unknown = set(raw) - {"target", "players", "hand"}
        if unknown:
            raise BadOptions(f"Unknown option {sorted(unknown)[0]!r}; options are target, players and hand.")
        try:
            options = ToyOptions(**{k: int(v) for k, v in raw.items()})
        except (ValueError, ValidationError) as err:
            raise BadOptions("target, players and hand take whole numbers.") from err
        if not 1 <= options.hand <= 60:
            raise BadOptions("hand must be 1-60.")
        if not 1 <= options.target <= 9:
            raise BadOptions("target must be 1-9.")
        if not 2 <= options.players <= 4:
            raise BadOptions("players must be 2|3|4.")
        return options

    def option_help(self) -> Mapping[str, str]:
        return {
            "target": "points needed to win: 1-9 (default 3)",
            "players": "the most seats at the table: 2|3|4 (default 4; any 2 or more may play)",
            "hand": "cards dealt to each player a round: 1-60 (default 3)",
        }

    def seat_plan(self, options: BaseModel) -> SeatPlan:
        """Two to ``players`` seats; one person may hold several (the test of solo play)."""
        assert isinstance(options, ToyOptions)
        return SeatPlan(LABELS[: options.players], 2, options.players, shared=True)

    def seat_labels(self, state: ToyState) -> tuple[str, ...]:
        return state.labels

    # -- play ----------------------------------------------------------------------------------

    def new_game(self, seed: int, options: BaseModel, seats: Sequence[str] | None = None) -> ToyState:
        assert isinstance(options, ToyOptions)
        plan = self.seat_plan(options)
        labels = tuple(seats) if seats is not None else plan.labels
        if not set(labels) <= set(plan.labels) or len(set(labels)) != len(labels):
            raise BadOptions(f"seats are {', '.join(plan.labels)}")
        if problem := plan.problem([plan.labels.index(label) for label in labels]):
            raise BadOptions(problem)
        n = len(labels)
        state = ToyState(
            options=options,
            labels=labels,
            rng=tuple(Rng(seed).state()),
            round=0,
            phase="pick",
            scores=(0,) * n,
            hands=((),) * n,
            picks=(None,) * n,
            revealed=None,
            leader=None,
            last_events=(),
        )
        state, _ = self._deal(state, [])
        return state

    def _deal(self, state: ToyState, events: list[Event]) -> tuple[ToyState, list[Event]]:
        rng = Rng(state=state.rng)
        hands = []
        for _ in state.scores:
            cards: list[int] = []
            while len(cards) < state.options.hand:
                card = 100 + rng.below(900)
                if card not in cards:
                    cards.append(card)
            hands.append(tuple(sorted(cards)))
        n = len(state.scores)
        events.append(
            Event(
                f"Round {state.round + 1}: {_count(state.options.hand)} cards dealt to each player.",
                {seat: "You were dealt " + ", ".join(map(str, hands[seat])) + "." for seat in range(n)},
            )
        )
        return (
            replace(
                state,
                rng=tuple(rng.state()),
                round=state.round + 1,
                phase="pick",
                hands=tuple(hands),
                picks=(None,) * n,
                leader=None,
            ),
            events,
        )

    def pending(self, state: ToyState) -> dict[int, Decision]:
        """Picking is simultaneous (default on time-out: the lowest card); the leader's gamble is a
        turn (default: stand)."""
        if state.phase == "pick":
            return {seat: Decision(DecisionKind.SIMULTANEOUS, f"r{state.round}.pick", Pick(min(state.hands[seat])),
                                   "pick a card")
                    for seat in self.to_act(state)}
        if state.phase == "gamble":
            return {seat: Decision(DecisionKind.TURN, f"r{state.round}.gamble", Stand(), "stand or gamble")
                    for seat in self.to_act(state)}
        if state.phase == "roll":
            return {SYSTEM: Decision(DecisionKind.TURN, f"r{state.round}.roll", Roll(), "the house rolls")}
        return {}

    def to_act(self, state: ToyState) -> tuple[int, ...]:
        if state.phase == "pick":
            return tuple(seat for seat, pick in enumerate(state.picks) if pick is None)
        if state.phase == "gamble":
            assert state.leader is not None
            return (state.leader,)
        if state.phase == "roll":
            return (SYSTEM,)
        return ()

    def legal_actions(self, state: ToyState, seat: int) -> Sequence[ToyAction]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "pick":
            return [Pick(card) for card in sorted(state.hands[seat], reverse=True)]
        if state.phase == "roll":
            return [Roll()]
        return [Stand(), Gamble()]

    def parse(self, state: ToyState, seat: int, text: str) -> ToyAction:
        words = text.strip().lower().split()
        if words == ["stand"]:
            return Stand()
        if words == ["gamble"]:
            return Gamble()
        if words == ["roll"]:
            return Roll()
        if len(words) == 2 and words[0] == "pick" and words[1].isascii() and words[1].isdigit():
            return Pick(int(words[1]))
        raise MalformedAction(f"'{text.strip()[:40]}' is not a High Card action: try pick <card>, stand or gamble.")

    def format(self, action: ToyAction) -> str:
        if isinstance(action, Pick):
            return f"pick {action.card}"
        return {Stand: "stand", Gamble: "gamble", Roll: "roll"}[type(action)]

    def public_action(self, state: ToyState, seat: int, action: ToyAction) -> str:
        """A pick is behind the screen ("pick"), unless it is the last one: the reveal follows at once,
        so the card shows. Standing and gambling are done in the open."""
        if isinstance(action, Pick):
            last = sum(p is None for p in state.picks) == 1
            return self.format(action) if last else "pick"
        return self.format(action)

    def apply(self, state: ToyState, seat: int, action: ToyAction) -> tuple[ToyState, list[Event]]:
        if state.phase == "over":
            raise GameIsOver("The game is over.")
        if seat not in self.to_act(state):
            raise NotYourTurn("You are not asked to act now.")
        label = "The house" if seat == SYSTEM else state.labels[seat]
        events: list[Event] = []
        if state.phase == "pick":
            if not isinstance(action, Pick):
                raise IllegalAction("Pick a card first.")
            if action.card not in state.hands[seat]:
                raise IllegalAction(f"You have no card {action.card}.")
            picks = list(state.picks)
            picks[seat] = action.card
            state = replace(state, picks=tuple(picks))
            events.append(Event(f"{label} picked a card.", {seat: f"You picked {action.card}."}))
            if all(p is not None for p in picks):
                state = self._reveal(state, events)
        elif state.phase == "roll":
            if not isinstance(action, Roll):
                raise IllegalAction("The house rolls now.")
            assert state.leader is not None
            leader = state.leader
            rng = Rng(state=state.rng)
            roll = rng.below(6) + 1
            scores = list(state.scores)
            scores[leader] = scores[leader] + 1 if roll >= 4 else max(0, scores[leader] - 1)
            state = replace(state, rng=tuple(rng.state()), scores=tuple(scores))
            events.append(Event(f"The house rolls {roll} for {state.labels[leader]}: score {scores[leader]}."))
            state = self._next_round(state, events)
        else:
            if isinstance(action, Pick | Roll):
                raise IllegalAction("Cards are revealed: stand or gamble.")
            if isinstance(action, Stand):
                events.append(Event(f"{label} stands."))
                state = self._next_round(state, events)
            else:
                events.append(Event(f"{label} gambles."))
                state = replace(state, phase="roll")
        return replace(state, last_events=(state.last_events + tuple(e.text for e in events))[-5:]), events

    def _reveal(self, state: ToyState, events: list[Event]) -> ToyState:
        picks = tuple(p for p in state.picks if p is not None)
        best = max(picks)
        leaders = [seat for seat, p in enumerate(picks) if p == best]
        shown = ", ".join(f"{state.labels[s]} {p}" for s, p in enumerate(picks))
        if len(leaders) > 1:
            events.append(Event(f"Reveal: {shown}; a tie, nobody scores."))
            return self._next_round(replace(state, revealed=picks), events)
        winner = leaders[0]
        scores = list(state.scores)
        scores[winner] += 1
        events.append(Event(f"Reveal: {shown}; {state.labels[winner]} scores."))
        state = replace(state, revealed=picks, scores=tuple(scores), phase="gamble", leader=winner)
        if scores[winner] >= state.options.target:
            return self._finish(state, events)
        return state

    def _next_round(self, state: ToyState, events: list[Event]) -> ToyState:
        if max(state.scores) >= state.options.target or state.round >= MAX_ROUNDS:
            return self._finish(state, events)
        state, _ = self._deal(state, events)
        return state

    def _finish(self, state: ToyState, events: list[Event]) -> ToyState:
        top = max(state.scores)
        winners = tuple(seat for seat, s in enumerate(state.scores) if s == top)
        events.append(Event("Game over: " + " and ".join(state.labels[w] for w in winners) + " wins."))
        return replace(state, phase="over", leader=None, winners=winners)

    # -- views -----------------------------------------------------------------------------------

    def public_view(self, state: ToyState) -> ToyPublicView:
        return ToyPublicView(
            round=state.round,
            phase=state.phase,
            scores=state.scores,
            ready=tuple(p is not None for p in state.picks),
            revealed=state.revealed,
            leader=state.leader,
            to_act=self.to_act(state),
            last_events=state.last_events,
            winners=state.winners,
        )

    def private_view(self, state: ToyState, seat: int) -> ToyPrivateView:
        return ToyPrivateView(
            seat=seat, public=self.public_view(state), hand=state.hands[seat], pick=state.picks[seat]
        )

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = ", ".join(f"{state.labels[s]} {v}" for s, v in enumerate(state.scores))
        ranks = tuple(1 + sum(other > mine for other in state.scores) for mine in state.scores)
        return Outcome(state.winners, f"Final scores after {state.round} rounds: {scores}.",
                       scores=tuple(float(v) for v in state.scores), ranks=ranks)

    def undoable(self, state: ToyState, seat: int, action: ToyAction) -> bool:
        """A pick may be taken back until the last pick reveals the cards; nothing else may."""
        return (state.phase == "pick" and isinstance(action, Pick) and action in self.legal_actions(state, seat)
                and sum(p is None for p in state.picks) > 1)

    def chapter(self, state: ToyState) -> str:
        return f"r{state.round}"  # a round is one board post; its picks and gamble edit it

    def progress(self, state: ToyState) -> str:
        if state.phase == "over":
            return f"Round {state.round} · game over"
        doing = {"pick": "picking cards", "gamble": f"{state.labels[state.leader or 0]} decides",
                 "roll": "the house rolls"}[state.phase]
        return f"Round {state.round} · {doing}"

    def policy(self) -> Any:
        return RandomPolicy()

    def check_invariants(self, state: ToyState) -> list[str]:
        problems = []
        if any(not 0 <= s <= state.options.target for s in state.scores):
            problems.append(f"a score left 0..{state.options.target}: {state.scores}")
        for seat, (hand, pick) in enumerate(zip(state.hands, state.picks, strict=True)):
            if len(hand) != state.options.hand:
                problems.append(f"seat {seat} holds {len(hand)} cards")
            if pick is not None and pick not in hand:
                problems.append(f"seat {seat} picked {pick}, which is not in its hand")
        if state.round > MAX_ROUNDS:
            problems.append("the game ran past its round limit")
        return problems

    def dump(self, state: ToyState) -> dict[str, Any]:
        return {
            "options": state.options.model_dump(),
            "labels": list(state.labels),
            "rng": list(state.rng),
            "round": state.round,
            "phase": state.phase,
            "scores": list(state.scores),
            "hands": [list(h) for h in state.hands],
            "picks": list(state.picks),
            "revealed": list(state.revealed) if state.revealed is not None else None,
            "leader": state.leader,
            "last_events": list(state.last_events),
            "winners": list(state.winners),
        }

    def load(self, data: Mapping[str, Any]) -> ToyState:
        return ToyState(
            options=ToyOptions(**data["options"]),
            labels=tuple(data["labels"]),
            rng=tuple(data["rng"]),
            round=data["round"],
            phase=data["phase"],
            scores=tuple(data["scores"]),
            hands=tuple(tuple(h) for h in data["hands"]),
            picks=tuple(data["picks"]),
            revealed=tuple(data["revealed"]) if data["revealed"] is not None else None,
            leader=data["leader"],
            last_events=tuple(data["last_events"]),
            winners=tuple(data["winners"]),
        )


def _count(n: int) -> str:
    return "three" if n == 3 else str(n)


ENGINE = ToyEngine()
