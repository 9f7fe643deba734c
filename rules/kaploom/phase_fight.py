"""Phase 2, reveal & fight: lock-ins, face costs, attack against defense, knock-outs."""

from __future__ import annotations

from rules.core.engine import Event
from rules.kaploom import scoring
from rules.kaploom.actions import Action
from rules.kaploom.common import (
    FORFEIT,
    _add_face,
    _ally,
    _board_sigs,
    _label,
    _victim,
    _without_face,
    a_face,
    multiplier_ignored,
    payable_faces,
)
from rules.kaploom.data import FACE_CODES, game_data
from rules.kaploom.requirements import meets
from rules.kaploom.state import Player, State


class FightPhase:
    """Phase 2 of ``KaploomEngine``, which mixes this in: its methods call one another across the
    parts (``self._illegal``, ``self.to_act``, ...)."""

    def _reveal(self, s: State, events: list[Event]) -> None:
        s.phase = "reveal"
        data = game_data()
        parts = []
        locks: list[Event] = []
        for p in s.players:
            active = []
            for aid in p.assign:
                if meets(data.actions[aid], _board_sigs(s, p, aid)):
                    active.append(aid)
            ally = _ally(s, p)
            if ally is not None:  # duo actions filled only by the ally's dice count for the team too
                for aid in ally.assign:
                    if aid not in active and data.actions[aid].board == "duo" and meets(
                        data.actions[aid], _board_sigs(s, p, aid)
                    ):
                        active.append(aid)
            p.active = tuple(active)
            names = ", ".join(data.actions[a].name for a in active) or "nothing"
            parts.append(f"{_label(s, p.seat)}: {names}")
            for aid in active:
                a = data.actions[aid]
                if a.role == "lock_in" and aid not in p.locked_in:
                    p.locked_in = (*p.locked_in, aid)
                    locks.append(Event(f"{_label(s, p.seat)} locks in {a.name} for the rest of the game."))
            p.unpaid = tuple(aid for aid in p.assign if aid in active and data.actions[aid].cost)
        events.append(Event("Reveal! " + "; ".join(parts) + "."))
        events += locks
        self._settle_costs(s, events)

    def _settle_costs(self, s: State, events: list[Event]) -> None:
        while (payer := self._payer(s)) is not None:
            if payable_faces(payer):
                return  # a real choice: which face to give up
            a = game_data().actions[payer.unpaid[0]]
            self._drop_unpaid(payer, forfeit=True)
            events.append(Event(f"{_label(s, payer.seat)} has no face to pay for {a.name}: it does not activate."))
        self._fight(s, events)

    def _drop_unpaid(self, p: Player, forfeit: bool) -> None:
        aid = p.unpaid[0]
        p.unpaid = p.unpaid[1:]
        if forfeit:
            p.active = tuple(a for a in p.active if a != aid)

    def _apply_pay(self, s: State, p: Player, action: Action, events: list[Event]) -> None:
        a = game_data().actions[p.unpaid[0]]
        if action == FORFEIT:
            self._drop_unpaid(p, forfeit=True)
            events.append(Event(f"{_label(s, p.seat)} does not pay for {a.name}: it does not activate."))
        elif action.verb == "pay" and action in self._face_sources(p):
            code = FACE_CODES[action.args[-1]]
            if len(action.args) == 1:
                stored = list(p.stored)
                stored.remove(code)
                p.stored = tuple(stored)
            else:
                i = action.args[0] - 1
                p.dice = p.dice[:i] + (_without_face(p.dice[i], code),) + p.dice[i + 1 :]
            s.pool_faces = _add_face(s.pool_faces, code, 1)
            self._drop_unpaid(p, forfeit=False)
            events.append(Event(f"{_label(s, p.seat)} pays {a_face(FACE_CODES[action.args[-1]])} for {a.name}."))
        else:
            raise self._illegal(f"pay for {a.name} with one of your faces (`pay <face>` or `pay <die> <face>`) or `forfeit`")
        self._settle_costs(s, events)

    def _fight(self, s: State, events: list[Event]) -> None:
        defenses = {p.seat: scoring.total(s, p, "defense") for p in s.players}
        attacks: dict[int, int] = {}
        for p in s.players:
            p.defense_left = defenses[p.seat]
        over = self._attacks(s, attacks, events)
        self._keep_reveal(s, attacks, defenses)
        if not over:
            self._start_power_up(s, events)

    def _attacks(self, s: State, attacks: dict[int, int], events: list[Event]) -> bool:
        """Every attack in turn order (``attacks``: seat -> the attack total it fought with); True
        when a knock-out ended the game."""
        for seat in s.order:
            attacker = s.players[seat]
            if attacker.ko:
                continue
            target = _victim(s, attacker)
            name = _label(s, seat)
            if target is None or target.ko:
                events.append(Event(f"{name}'s target is already knocked out: no attack."))
                continue
            value = scoring.total(s, attacker, "attack", multiplier_ignored(s, attacker))
            attacks[seat] = value
            if value == 0:
                events.append(Event(f"{name} has no base attack: no attack."))
                continue
            defense = target.defense_left
            loss = max(0, value - defense)
            target.defense_left = max(0, defense - value)
            cap = scoring.has_phase2(target, "cap_loss")
            if cap is not None and loss > cap:
                loss = cap
            target.lost_phase2 += loss
            target.health -= loss
            events.append(Event(
                f"{name} attacks {_label(s, target.seat)}: attack {value} against defense {defense}; "
                f"{_label(s, target.seat)} loses {loss} (health {target.health})."
            ))
            if self._check_ko(s, target, events):
                return True
        return False

    def _keep_reveal(self, s: State, attacks: dict[int, int], defenses: dict[int, int]) -> None:
        """Keep what this reveal showed, as it was fought, for the boards after the round moves on
        (``State.last_reveal``). A player who made no attack shows the attack total they revealed."""
        s.last_reveal_round = s.round
        s.last_reveal = tuple(
            (attacks[p.seat] if p.seat in attacks else scoring.total(s, p, "attack", multiplier_ignored(s, p)),
             defenses[p.seat], p.active, p.target if s.variant == "2v2" else None, p.lost_phase2)
            for p in s.players
        )

    def _check_ko(self, s: State, p: Player, events: list[Event]) -> bool:
        """Mark a KO; True when the game ended."""
        if p.health > 0 or p.ko:
            return False
        p.ko = True
        p.knocked_out_now = True
        events.append(Event(f"{_label(s, p.seat)} is knocked out!"))
        team_down = all(q.ko for q in s.players if q.team == p.team)
        if not team_down:
            return False
        s.phase = "over"
        s.winners = tuple(q.seat for q in s.players if q.team != p.team)
        names = " and ".join(_label(s, w) for w in s.winners)
        s.summary = f"{names} win{'s' if len(s.winners) == 1 else ''} in round {s.round}: " + ", ".join(
            f"{_label(s, q.seat)} {q.health}" for q in s.players
        ) + "."
        events.append(Event(f"Game over: {s.summary}"))
        return True
