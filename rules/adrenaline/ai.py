"""ADRENALINE's AI seats.

``ActivePolicy``, the random legal policy of the issue ("one tree level at a time; it may favour
shooting"): at each level of the tree it picks a random option, but it rarely gives up what it has
started — ``end``, ``pass``, ``cancel`` and ``back`` are taken only one time in four while something
else is open — and at the top of a turn it takes "shoot" when it can, else any action. Uniformly
random play ends most turns at once and a game runs to hundreds of turns; this one plays real games.

``HeuristicPolicy``, the issue's "simple heuristic (best shot, else ammo or a payable weapon;
reload)". It sees only the seat's private view. From it ``state_from_view`` rebuilds a State the
rules can walk: the public board, this seat's own hand and weapons; other seats' loaded weapons
(hidden) and powerups (secret) are left out; decks hold the cards seen nowhere, in a fixed order (a
simulation never draws: an ammo tile's powerup is valued, not drawn).

On its turn it plans one whole action at the top of the tree (``legal_actions`` lists one level at a
time) and then follows the plan level by level:

- candidates: every shot (each square it may move to first, each loaded weapon, in frenzy each weapon
  it may reload first, the complete shots of the weapon tree: ``PATH_CAP`` in all, ``WEAPON_CAP`` per
  weapon and square), every run, every grab (each ammo tile; each payable weapon with each drop),
  every reload, ``end``;
- each is simulated (a shot's effects replayed by the weapon package's own code on a tally of damage,
  marks and moves, then the damage rules; grabs and reloads with ``walk``'s verbs on a copy) and
  scored with ``_utility``: the points each seat would get if every board were scored now (damage
  rankings, first blood, the killshot track; a live board's points count more the closer it is to
  death), this seat's minus its rivals', a bonus per kill it makes, marks, its weapons (loaded ones
  more), cubes and powerups, and where it stands (targets it sees, armed enemies that see it);
- an action that leaves another action this turn adds the best gain of that next action (a shot or
  a grab from where it leaves the seat): run-then-shoot, grab-a-weapon-then-shoot;
- when nothing beats the state as it is: ``end``. A reload ends the actions, so it wins only when no
  action is worth more.

The plan is memoised on the view's public facts and own hand (not the draft): every level of one
action reuses it, and a fresh policy computes the same plan (the search is deterministic, its limits
are counts, never a clock; ``rng`` is never used). Reactions are answered at once: a Targeting Scope
on the target it is worth most on (paid with the cube colour it has most of), a Tagback Grenade
always, a spawn or respawn at the spawnpoint whose square scores best with the cards kept. ``answer:*``
tokens (a person's standing setting) are never chosen.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from rules.adrenaline.ai_search import _Planner
from rules.adrenaline.ai_value import CARD, PLAN_MEMO, WEIGHTS, Weights, _utility
from rules.adrenaline.ai_view import state_from_view
from rules.adrenaline.damage import KILLSHOT, SLOTS, geo
from rules.core.engine import Decision
from rules.core.rng import Rng

QUIT = ("end", "pass", "cancel", "back")


class ActivePolicy:
    name = "random"

    def choose(self, view: BaseModel, decision: Decision, legal: Sequence[Any], rng: Rng) -> Any:
        # A standing Tagback answer is the person's own setting: an AI seat (also one minding a timed-out
        # person's seat) leaves it alone.
        options = [a for a in legal if not str(a).startswith("answer:")] or list(legal)
        words = [str(a) for a in options]
        if "shoot" in words and rng.below(4):
            return options[words.index("shoot")]
        going = [a for a, w in zip(options, words, strict=True) if w not in QUIT]
        if going and rng.below(4):
            return rng.choice(going)
        return rng.choice(options)


class HeuristicPolicy:
    """The heuristic AI seat (see the comment above ``state_from_view``)."""

    name = "heuristic"

    def __init__(self, weights: Weights = WEIGHTS) -> None:
        self.weights = weights
        self._plans: OrderedDict[tuple, tuple[str, ...]] = OrderedDict()
        self.troubles = 0  # choices that fell back (a plan off the tree, an error): the tests want none

    def choose(self, view: BaseModel, decision: Decision, legal: Sequence[Any], rng: Rng) -> Any:
        words = [str(a) for a in legal]
        allowed = [t for t in words if not t.startswith("answer:")] or words
        try:
            token = self._decide(view, allowed)
        except Exception:  # never let a planning bug stall a seat: fall back to a safe choice
            token = None
        if token not in allowed:
            self.troubles += 1
            token = _fallback(view, allowed)
        return legal[words.index(token)]

    # ------------------------------------------------------------------ per phase

    def _decide(self, view: Any, words: list[str]) -> str | None:
        phase = view.public.phase
        if phase == "respawn":
            return self._respawn(view, words)
        if phase == "tagback":
            return next((t for t in words if t.startswith("tagback:")), "pass")
        if phase == "scope":
            return self._scope(view, words)
        if phase != "turn":
            return None
        if view.public.players[view.seat].square is None and not view.draft:
            return self._respawn(view, words)
        return self._turn(view, words)

    def _armed(self, view: Any) -> tuple[int, ...]:
        return tuple(p.seat for p in view.public.players if p.seat != view.seat and (p.loaded_count or p.unloaded))

    def _turn(self, view: Any, words: list[str]) -> str | None:
        key = (view.public, view.seat, view.powerups, view.weapons, view.tagback)
        plan = self._plans.get(key)
        if plan is None:
            plan = _Planner(state_from_view(view), view.seat, self._armed(view), self.weights).plan()
            self._plans[key] = plan
            if len(self._plans) > PLAN_MEMO:
                self._plans.popitem(last=False)
        else:
            self._plans.move_to_end(key)
        draft = tuple(view.draft)
        if plan[:len(draft)] != draft:
            return None
        if len(plan) == len(draft):
            return "confirm"
        return plan[len(draft)]

    def _respawn(self, view: Any, words: list[str]) -> str | None:
        """Spawn or respawn: the card whose spawnpoint scores best, with the cards kept."""
        options = [t for t in words if t.startswith(("spawn:", "respawn:"))]
        if not options:
            return None
        state = state_from_view(view)
        me = view.seat
        planner = _Planner(state, me, self._armed(view), self.weights)
        best: tuple[float, str] | None = None
        for token in options:
            card = token.split(":", 1)[1]
            trial = state.clone()
            cards = list(trial.players[me].powerups)
            cards.remove(card)
            square = geo(trial).map.spawnpoints[card[-1]]
            trial.set_player(me, square=square, killed=False, powerups=tuple(cards))
            trial.phase, trial.turn, trial.actions_left, trial.ending = "turn", me, 2, False
            trial.kills = []
            v = planner.value(trial) + self.weights.next_action * planner.next_gain(trial)
            if best is None or v > best[0] + 1e-9:
                best = (v, token)
        return best[1] if best else None

    def _scope(self, view: Any, words: list[str]) -> str | None:
        if "confirm" in words:
            return "confirm"
        scopes = [t for t in words if t.startswith("scope:")]
        if scopes:
            return scopes[0]
        pays = [t for t in words if t.startswith("pay:")]
        if pays:
            cubes = view.public.players[view.seat].cubes
            plain = [t for t in pays if ":" not in t[4:]]
            if plain:
                return max(plain, key=lambda t: (cubes["RBY".index(t[4])], -pays.index(t)))
            return min(pays, key=lambda t: (CARD.get(t[4:].split(":")[0], 0.5), pays.index(t)))
        figures = {p.figure: p.seat for p in view.public.players}
        targets = [t for t in words if t in figures]
        if not targets:
            return "pass" if "pass" in words else None
        state = state_from_view(view)
        armed = self._armed(view)

        def gain(token: str) -> float:
            trial = state.clone()
            seat = figures[token]
            p = trial.players[seat]
            hurt = (p.damage + (view.seat,))[:SLOTS]
            trial.set_player(seat, damage=hurt, killed=len(hurt) >= KILLSHOT)
            return _utility(trial, view.seat, armed, self.weights)

        return max(targets, key=lambda t: (gain(t), -targets.index(t)))


def _fallback(view: Any, words: list[str]) -> str:
    """A safe choice when the plan has nothing to say: finish what was started, else end."""
    if "confirm" in words:
        return "confirm"
    if not view.draft:
        for t in ("end", "pass"):
            if t in words:
                return t
    going = [t for t in words if t not in ("back", "cancel", "end", "pass")]
    return going[0] if going else words[0]
