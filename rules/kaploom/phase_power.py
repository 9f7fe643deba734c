"""Phase 3, power up: using, attaching, detaching, taking and giving; the end of the round."""

from __future__ import annotations

from rules.core.engine import Event
from rules.kaploom.actions import Action, format_action, split_use
from rules.kaploom.common import (
    _add_face,
    _ally,
    _duo_ids,
    _label,
    _victim,
    _without_face,
    a_face,
    dice_go,
)
from rules.kaploom.data import COLOURS, FACE_CODES, ActionDef, game_data
from rules.kaploom.state import Player, State


class PowerPhase:
    """Phase 3 of ``KaploomEngine``, which mixes this in: its methods call one another across the
    parts (``self._illegal``, ``self.to_act``, ...)."""

    def _start_power_up(self, s: State, events: list[Event]) -> None:
        s.phase = "power_up"
        data = game_data()
        triggers = []
        for seat in s.order:
            owner = s.players[seat]
            if owner.ko:
                continue
            victim = _victim(s, owner)
            for aid in owner.active:
                a = data.actions[aid]
                if a.role != "phase3_trigger" or victim is None or victim.ko:
                    continue
                when, loss = a.trigger
                if when == "owner_lost_nothing":
                    if owner.lost_phase2 == 0:
                        self._land(s, victim, aid, loss, events)
                else:
                    triggers.append((owner.seat, victim.seat, aid, when, loss))
        s.triggers = tuple(triggers)
        s.turn = -1
        self._next_turn(s, events)

    def _land(self, s: State, victim: Player, aid: str, loss: int, events: list[Event]) -> None:
        if victim.immune:
            return
        victim.pending_loss = (*victim.pending_loss, (aid, loss))
        name = game_data().actions[aid].name
        events.append(Event(f"{name}! {_label(s, victim.seat)} will lose {loss} health during this phase."))

    def _fire(self, s: State, victim: Player, when: str, events: list[Event]) -> None:
        keep = []
        for trig in s.triggers:
            _owner, seat, aid, kind, loss = trig
            if seat == victim.seat and kind == when:
                self._land(s, victim, aid, loss, events)
            else:
                keep.append(trig)
        s.triggers = tuple(keep)

    def _next_turn(self, s: State, events: list[Event]) -> None:
        """The next Power Up turn that has something in it; players with nothing to do are passed
        (``_idle``), inside the same ``apply``, so a replay passes them exactly the same way."""
        while s.phase == "power_up":
            s.turn += 1
            if s.turn >= len(s.order):
                self._end_power_up(s, events)
                return
            p = s.players[s.order[s.turn]]
            if not self._idle(s, p):
                return
            if not p.ko:
                events.append(Event(f"{_label(s, p.seat)} has nothing to power up."))

    def _apply_power(self, s: State, p: Player, action: Action, events: list[Event]) -> None:
        verb = action.verb
        name = _label(s, p.seat)
        if verb == "done":
            events.append(Event(f"{name} is done powering up."))
            self._next_turn(s, events)
            return
        if p.ko and verb != "give":
            raise self._illegal("knocked out, you only choose which of your duo-board dice go to your ally "
                                "(`give <die>`), then `done`")
        if verb == "use":
            if not action.args:
                raise self._illegal("write `use <action> ...`")
            aid, args, attach = split_use(action)
            a = game_data().actions.get(aid)
            if a is None or args not in self._use_options(s, p, a):
                raise self._illegal(self._why_not_use(s, p, Action("use", (aid, *args))))
            self._use(s, p, a, args, events, attach)
        elif verb == "take":
            aid = action.args[0]
            for k, (pid, loss) in enumerate(p.pending_loss):
                if pid == aid:
                    p.pending_loss = p.pending_loss[:k] + p.pending_loss[k + 1 :]
                    p.health -= loss
                    events.append(Event(f"{name} takes {loss} from {game_data().actions[aid].name} (health {p.health})."))
                    if self._check_ko(s, p, events):
                        return
                    break
            else:
                raise self._illegal("you have no such health loss waiting")
        elif verb == "attach":
            face, die = action.args
            code, i = FACE_CODES[face], self._die_index(p, die)
            target = p.dice[i]
            if code not in p.stored or not isinstance(target, tuple) or "B" not in target:
                raise self._illegal("attach a stored face to an action die with an empty slot")
            stored = list(p.stored)
            stored.remove(code)
            p.stored = tuple(stored)
            faces = [f for f in target if f != "B"] + [code]
            p.dice = p.dice[:i] + (tuple(sorted(faces)) + ("B",) * (len(target) - len(faces)),) + p.dice[i + 1 :]
        elif verb == "detach":
            die, face = action.args
            code, i = FACE_CODES[face], self._die_index(p, die)
            target = p.dice[i]
            if not isinstance(target, tuple) or code not in target or code == "B":
                raise self._illegal(f"die {die} has no {face} face")
            p.dice = p.dice[:i] + (_without_face(target, code),) + p.dice[i + 1 :]
            p.stored = tuple(sorted((*p.stored, code)))
        elif verb == "give":
            if action not in self._power_legal(s, p):
                raise self._illegal("only your dice on the duo board can go to your ally")
            p.gives = (*p.gives, action.args[0] - 1)
            events.append(Event(f"{name} hands a duo-board die to their ally."))
        else:
            raise self._illegal(f"`{verb}` is not possible in Phase 3 (power up)")
        if s.phase == "power_up" and s.order[s.turn] == p.seat and self._idle(s, p):
            # Nothing left to do (or knocked out by the move): the turn passes without a `done`.
            if not p.ko:
                events.append(Event(f"{name} has nothing more to power up."))
            self._next_turn(s, events)

    def _why_not_use(self, s: State, p: Player, action: Action) -> str:
        aid = action.args[0]
        a = game_data().actions[aid]
        if aid not in p.active:
            return f"{a.name} is not active for you this round"
        if a.role != "power_up":
            return f"{a.name} is not a power-up action"
        if aid in p.used:
            return f"{a.name} was already used this round"
        options = self._use_options(s, p, a)
        if not options:
            return f"{a.name} cannot be used now"
        return f"write it as one of: {'; '.join(format_action(Action('use', (aid, *o))) for o in options[:5])}"

    def _use(self, s: State, p: Player, a: ActionDef, args: tuple, events: list[Event],
             attach: int | None = None) -> None:
        p.used = (*p.used, a.id)
        name = _label(s, p.seat)
        gains: list[str] = []
        colours = [x for x in args if x in COLOURS]
        faces = [FACE_CODES[x] for x in args if x not in COLOURS]
        gained_dice = gained_faces = False
        if colours:
            c = COLOURS.index(colours[0])
            s.pool_trait = s.pool_trait[:c] + (s.pool_trait[c] - 1,) + s.pool_trait[c + 1 :]
            p.dice = (*p.dice, colours[0])
            gains.append(f"a {colours[0]} trait die")
            gained_dice = True
        if a.eff("gain_action_die"):
            if s.pool_action > 0:
                s.pool_action -= 1
                p.dice = (*p.dice, ("B",) * game_data().slots)
                gains.append("an action die")
                gained_dice = True
            else:
                gains.append("no action die (the pool is empty)")
        if a.eff("exchange_face") and len(faces) == 2:
            give, take = faces
            stored = list(p.stored)
            stored.remove(give)
            p.stored = tuple(sorted((*stored, take)))
            s.pool_faces = _add_face(_add_face(s.pool_faces, give, 1), take, -1)
            gains.append(f"{a_face(take)} for {a_face(give)}")
            gained_faces = True
        elif faces:
            code = faces[0]
            s.pool_faces = _add_face(s.pool_faces, code, -1)
            p.stored = tuple(sorted((*p.stored, code)))
            gains.append(a_face(code))
            gained_faces = True
        elif a.eff("gain_face") or a.eff("exchange_face"):
            gains.append("no face (nothing to take or to give)")
        if attach is not None:
            # `use ... attach <die>`: the face just gained goes onto that die in the same step.
            i = attach - 1
            target = p.dice[i] if 0 <= i < len(p.dice) else None
            if not faces or not isinstance(target, tuple) or "B" not in target:
                raise self._illegal(f"{a.name} gains no face to attach, or die {attach} is not an action die "
                                    "with an empty slot")
            code = faces[-1]
            stored = list(p.stored)
            stored.remove(code)
            p.stored = tuple(stored)
            kept = [f for f in target if f != "B"] + [code]
            p.dice = p.dice[:i] + (tuple(sorted(kept)) + ("B",) * (len(target) - len(kept)),) + p.dice[i + 1 :]
            gains[-1] += f" (attached to die {attach})"  # the face is the last gain so far
        if a.eff("gain_trait_die") and not colours:
            gains.append("no trait die (the pool is empty)")
        heal = a.eff("gain_health")
        if heal:
            before = p.health
            p.health = min(p.max_health, p.health + heal)
            gains.append(f"{p.health - before} health (health {p.health})")
        if a.eff("immune_to_triggers"):
            p.immune = True
            p.pending_loss = ()
            s.triggers = tuple(t for t in s.triggers if t[1] != p.seat)
            gains.append("protection from SUCKER PUNCH, FACE OFF and the like this round")
        revive = a.eff("revive_ally")
        if revive:
            ally = _ally(s, p)
            ally.revive_pending = revive
            gains.append(f"{_label(s, ally.seat)} will be back in action with {revive} health at the end of this phase")
        text = f"{name} uses {a.name}" + (": gains " + ", ".join(gains) if gains else "") + "."
        events.append(Event(text))
        if gained_dice:
            self._fire(s, p, "target_gains_dice", events)
        if gained_faces:
            self._fire(s, p, "target_gains_faces", events)
        loss = a.eff("self_loss")
        if loss:
            p.health -= loss
            events.append(Event(f"{name} loses {loss} health to their own {a.name} (health {p.health})."))
            self._check_ko(s, p, events)

    def _end_power_up(self, s: State, events: list[Event]) -> None:
        data = game_data()
        for seat in s.order:
            p = s.players[seat]
            while p.pending_loss and not p.ko:
                aid, loss = p.pending_loss[0]
                p.pending_loss = p.pending_loss[1:]
                p.health -= loss
                events.append(Event(f"{_label(s, seat)} loses {loss} from {data.actions[aid].name} (health {p.health})."))
                if self._check_ko(s, p, events):
                    return
            p.pending_loss = ()
        for p in s.players:
            if p.revive_pending and p.ko:
                p.ko, p.health, p.revived = False, p.revive_pending, True
                events.append(Event(f"{_label(s, p.seat)} is back in action with {p.health} health!"))
            p.revive_pending = 0
        if s.variant == "2v2":
            self._hand_over_duo_dice(s, events)
        self._clean_up(s, events)

    def _hand_over_duo_dice(self, s: State, events: list[Event]) -> None:
        """The duo-board dice change hands at the end of Phase 3 (so nobody rolls them twice, and
        passing dice between allies is not "gaining" for SUCKER PUNCH). Line 503: "EACH DICE USED ON
        THE DUO BOARD MAY GO TO EITHER ALLY", in every round, knocked-out players' dice included:
        each owner chose with `give <die>` in their turn."""
        duo = _duo_ids()
        moving: list[tuple[Player, list[int]]] = []
        for p in s.players:
            ally = _ally(s, p)
            on_duo = [i for aid, ids in p.assign.items() if aid in duo for i in ids]
            if p.knocked_out_now and ally is not None and not ally.ko:
                # Lines 510-514: "WHEN A PLAYER IS KNOCKED OUT, THEY RETAIN ALL OF THEIR DICE, EXCEPT
                # FOR ANY THAT ARE ON THE DUO BOARD. THOSE GO TO THE SURVIVING ALLY DURING POWER UP":
                # in the round they fall, all of them, without a choice. In later rounds a knocked-out
                # player's duo dice may go to either ally like anyone's (they are asked in Phase 3).
                chosen = on_duo
            else:
                chosen = [i for i in p.gives if i in on_duo]
            if chosen:
                moving.append((p, sorted(set(chosen))))
        for p, idx in moving:
            ally = _ally(s, p)
            dice = [d for i, d in enumerate(p.dice) if i not in idx]
            given = [p.dice[i] for i in idx]
            p.dice = tuple(dice)
            ally.dice = (*ally.dice, *given)
            events.append(Event(f"{dice_go(len(given))} from {_label(s, p.seat)} to {_label(s, ally.seat)}."))

    def _clean_up(self, s: State, events: list[Event]) -> None:
        if s.variant == "2v2":
            s.order = tuple(sorted(s.order, key=lambda seat: s.players[seat].health))
            s.first = s.order[0]
        else:
            v, h = s.players
            if v.health != h.health:
                s.first = 0 if v.health < h.health else 1
            s.order = (s.first, 1 - s.first)
        for p in s.players:
            p.roll = ()
        self._start_round(s, events)
