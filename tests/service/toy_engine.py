"""A small but honest engine for testing the session service: "High Card".

Each round every seat is dealt three secret cards (numbers 100-999) and picks one behind their
screen, all at the same time (a simultaneous hidden phase). When everyone has picked, the cards
are revealed; the highest card scores a point and its owner then chooses, publicly, to ``stand`` or
``gamble`` (a die roll: 4-6 wins another point, 1-3 loses one). The first seat to reach the target
wins; after 40 rounds the leaders share the win.

It implements rules.core.engine.Engine fully: seeded randomness in the state, typed actions with a
round-tripping notation, refusals from the RulesError family, public and private views.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from rules.core.engine import Decision, DecisionKind, Event, Outcome
from rules.core.errors import BadOptions, GameIsOver, IllegalAction, MalformedAction, NotYourTurn
from rules.core.rng import Rng

LABELS = ("red", "blue", "green", "gold")
MAX_ROUNDS = 40
HAND = 3


class ToyOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    target: int = 3
    players: int = 2


@dataclass(frozen=True)
class Pick:
    card: int


@dataclass(frozen=True)
class Stand:
    pass


@dataclass(frozen=True)
class Gamble:
    pass


ToyAction = Pick | Stand | Gamble


@dataclass(frozen=True)
class ToyState:
    options: ToyOptions
    rng: tuple[int, ...]
    round: int
    phase: str  # pick | gamble | over
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

    def parse_options(self, raw: Mapping[str, str]) -> ToyOptions:
        unknown = set(raw) - {"target", "players"}
        if unknown:
            raise BadOptions(f"Unknown option {sorted(unknown)[0]!r}; options are target and players.")
        try:
            options = ToyOptions(**{k: int(v) for k, v in raw.items()})
        except (ValueError, ValidationError) as err:
            raise BadOptions("target and players take whole numbers.") from err
        if not 1 <= options.target <= 9:
            raise BadOptions("target must be 1-9.")
        if not 2 <= options.players <= 4:
            raise BadOptions("players must be 2|3|4.")
        return options

    def option_help(self) -> Mapping[str, str]:
        return {
            "target": "points needed to win: 1-9 (default 3)",
            "players": "number of seats: 2|3|4 (default 2)",
        }

    def seat_labels(self, options: BaseModel) -> tuple[str, ...]:
        assert isinstance(options, ToyOptions)
        return LABELS[: options.players]

    # -- play ----------------------------------------------------------------------------------

    def new_game(self, seed: int, options: BaseModel) -> ToyState:
        assert isinstance(options, ToyOptions)
        n = options.players
        state = ToyState(
            options=options,
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
            while len(cards) < HAND:
                card = 100 + rng.below(900)
                if card not in cards:
                    cards.append(card)
            hands.append(tuple(sorted(cards)))
        n = len(state.scores)
        events.append(
            Event(
                f"Round {state.round + 1}: three cards dealt to each player.",
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
        return {}

    def to_act(self, state: ToyState) -> tuple[int, ...]:
        if state.phase == "pick":
            return tuple(seat for seat, pick in enumerate(state.picks) if pick is None)
        if state.phase == "gamble":
            assert state.leader is not None
            return (state.leader,)
        return ()

    def legal_actions(self, state: ToyState, seat: int) -> Sequence[ToyAction]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "pick":
            return [Pick(card) for card in sorted(state.hands[seat], reverse=True)]
        return [Stand(), Gamble()]

    def parse(self, state: ToyState, seat: int, text: str) -> ToyAction:
        words = text.strip().lower().split()
        if words == ["stand"]:
            return Stand()
        if words == ["gamble"]:
            return Gamble()
        if len(words) == 2 and words[0] == "pick" and words[1].isdigit():
            return Pick(int(words[1]))
        raise MalformedAction(f"'{text.strip()[:40]}' is not a High Card action: try pick <card>, stand or gamble.")

    def format(self, action: ToyAction) -> str:
        if isinstance(action, Pick):
            return f"pick {action.card}"
        return "stand" if isinstance(action, Stand) else "gamble"

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
            raise NotYourTurn(f"{LABELS[seat]} is not asked to act now.")
        label = LABELS[seat]
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
        else:
            if isinstance(action, Pick):
                raise IllegalAction("Cards are revealed: stand or gamble.")
            if isinstance(action, Stand):
                events.append(Event(f"{label} stands."))
            else:
                rng = Rng(state=state.rng)
                roll = rng.below(6) + 1
                scores = list(state.scores)
                scores[seat] = scores[seat] + 1 if roll >= 4 else max(0, scores[seat] - 1)
                state = replace(state, rng=tuple(rng.state()), scores=tuple(scores))
                events.append(Event(f"{label} gambles and rolls {roll}: score {scores[seat]}."))
            state = self._next_round(state, events)
        return replace(state, last_events=(state.last_events + tuple(e.text for e in events))[-5:]), events

    def _reveal(self, state: ToyState, events: list[Event]) -> ToyState:
        picks = tuple(p for p in state.picks if p is not None)
        best = max(picks)
        leaders = [seat for seat, p in enumerate(picks) if p == best]
        shown = ", ".join(f"{LABELS[s]} {p}" for s, p in enumerate(picks))
        if len(leaders) > 1:
            events.append(Event(f"Reveal: {shown}; a tie, nobody scores."))
            return self._next_round(replace(state, revealed=picks), events)
        winner = leaders[0]
        scores = list(state.scores)
        scores[winner] += 1
        events.append(Event(f"Reveal: {shown}; {LABELS[winner]} scores."))
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
        events.append(Event("Game over: " + " and ".join(LABELS[w] for w in winners) + " wins."))
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
        scores = ", ".join(f"{LABELS[s]} {v}" for s, v in enumerate(state.scores))
        return Outcome(state.winners, f"Final scores after {state.round} rounds: {scores}.")

    def check_invariants(self, state: ToyState) -> list[str]:
        problems = []
        if any(not 0 <= s <= state.options.target for s in state.scores):
            problems.append(f"a score left 0..{state.options.target}: {state.scores}")
        for seat, (hand, pick) in enumerate(zip(state.hands, state.picks, strict=True)):
            if len(hand) != HAND:
                problems.append(f"seat {seat} holds {len(hand)} cards")
            if pick is not None and pick not in hand:
                problems.append(f"seat {seat} picked {pick}, which is not in its hand")
        if state.round > MAX_ROUNDS:
            problems.append("the game ran past its round limit")
        return problems

    def dump(self, state: ToyState) -> dict[str, Any]:
        return {
            "options": state.options.model_dump(),
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


ENGINE = ToyEngine()
