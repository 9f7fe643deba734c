"""Phase 1, roll & assign: placing and taking back dice, re-rolls, the pointer, ready."""

from __future__ import annotations

from rules.core.engine import Event
from rules.core.rng import Rng
from rules.kaploom.actions import Action
from rules.kaploom.common import (
    _board_sigs,
    _def_ids,
    _face_name,
    _label,
    _opponents,
    _placed,
    _sig,
)
from rules.kaploom.data import game_data
from rules.kaploom.requirements import fits, meets
from rules.kaploom.state import Player, State


class RollPhase:
    """Phase 1 of ``KaploomEngine``, which mixes this in: its methods call one another across the
    parts (``self._illegal``, ``self.to_act``, ...)."""

    def _die_index(self, p: Player, die: int) -> int:
        if not 1 <= die <= len(p.dice):
            raise self._illegal(f"you have no die {die} (your dice are 1 to {len(p.dice)})")
        return die - 1

    def _apply_roll(self, s: State, p: Player, action: Action, events: list[Event]) -> None:
        verb = action.verb
        if p.pending_reroll and verb not in ("reroll", "skip"):
            raise self._illegal("first choose the die to re-roll (`reroll <die>`) or `skip`")
        if verb == "assign":
            # `assign 1,3 pow`: the dice go on one by one, all or nothing (``apply`` works on a copy,
            # so a refusal part-way leaves the game as it was).
            if len(action.args) < 2 or len(set(action.args[:-1])) != len(action.args) - 1:
                raise self._illegal("`assign` names each die once, then one action")
            for die in action.args[:-1]:
                if p.pending_reroll:
                    raise self._illegal("an IMMEDIATE action went off: choose its re-roll before placing more")
                self._assign(s, p, Action("assign", (die, action.args[-1])), events)
        elif verb == "unassign":
            if not action.args or len(set(action.args)) != len(action.args):
                raise self._illegal("`unassign` names each die once")
            for die in action.args:
                self._unassign(p, die)
        elif verb == "reroll":
            self._reroll(s, p, action, events)
        elif verb == "skip":
            if not p.pending_reroll:
                raise self._illegal("there is no re-roll to skip")
            p.pending_reroll = 0
        elif verb == "target":
            if action not in self._roll_legal(s, p):
                raise self._illegal("you can only point at an opponent who is still in the fight")
            p.target = _opponents(s, p)[action.args[0] - 1].seat
        elif verb == "ready":
            p.ready = True
            events.append(Event(f"{_label(s, p.seat)} is ready."))
            if all(q.ready for q in s.players):
                self._reveal(s, events)
        else:
            raise self._illegal(f"`{verb}` is not possible in Phase 1 (roll & assign)")

    def _unassign(self, p: Player, die: int) -> None:
        i = self._die_index(p, die)
        if i in p.locked:
            raise self._illegal("dice used for an IMMEDIATE action cannot be moved")
        for aid, ids in p.assign.items():
            if i in ids:
                rest = tuple(d for d in ids if d != i)
                if rest:
                    p.assign[aid] = rest
                else:
                    del p.assign[aid]
                return
        raise self._illegal(f"die {i + 1} is not on any action")

    def _assign(self, s: State, p: Player, action: Action, events: list[Event]) -> None:
        die, aid = action.args
        i = self._die_index(p, die)
        a = game_data().actions[aid]
        if aid not in _def_ids(p.super_id, s.variant == "2v2", p.ko):
            where = "the duo board" if p.ko else "your boards"
            raise self._illegal(f"{a.name} is not on {where}")
        if i in _placed(p):
            raise self._illegal(f"die {die} is already placed; `unassign {die}` first")
        cur = _board_sigs(s, p, aid)
        if len(cur) >= a.size:
            raise self._illegal(f"{a.name} already has all its dice")
        if not fits(a, tuple(sorted((*cur, _sig(p, i))))):
            raise self._illegal(
                f"die {die} ({_face_name(p.roll[i])}) does not fit {a.name} ({a.requirement_text})"
            )
        p.assign[aid] = (*p.assign.get(aid, ()), i)
        if a.role == "immediate" and meets(a, _board_sigs(s, p, aid)):
            p.locked = tuple(sorted((*p.locked, *p.assign[aid])))
            p.announced = (*p.announced, a.name)
            free = len(p.dice) - len(_placed(p))
            p.pending_reroll = min(a.eff("reroll", 0), free)
            events.append(Event(f"{_label(s, p.seat)} announces {a.name}!"))

    def _reroll(self, s: State, p: Player, action: Action, events: list[Event]) -> None:
        i = self._die_index(p, action.args[0])
        if i in _placed(p):
            raise self._illegal("only a die that is not on an action can be re-rolled")
        if p.pending_reroll:
            p.pending_reroll -= 1
            source = p.announced[-1] if p.announced else "re-roll"
        elif not p.free_reroll_used and self._has_lock(p, "free_reroll"):
            p.free_reroll_used = True
            source = next(game_data().actions[a].name for a in p.locked_in
                          if game_data().actions[a].lock[0] == "free_reroll")
            p.announced = (*p.announced, source)
        else:
            raise self._illegal("you have no re-roll to make")
        rng = Rng(state=s.rng)
        die = p.dice[i]
        face = die[rng.below(6)] if isinstance(die, tuple) else game_data().trait_faces[die][rng.below(6)]
        s.rng = tuple(rng.state())
        p.roll = p.roll[:i] + (face,) + p.roll[i + 1 :]
        if p.pending_reroll and len(_placed(p)) == len(p.dice):
            p.pending_reroll = 0
        events.append(Event(
            f"{_label(s, p.seat)} re-rolls a die ({source}).",
            {p.seat: f"Your die {i + 1} now shows {_face_name(face)}."},
        ))
