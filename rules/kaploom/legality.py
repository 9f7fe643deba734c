"""What each seat may do now, phase by phase: the one list of legal actions."""

from __future__ import annotations

from rules.kaploom.actions import ATTACH, Action
from rules.kaploom.common import (
    _FACE_INDEX,
    _NON_WILD,
    DONE,
    FORFEIT,
    READY,
    SKIP,
    _ally,
    _assign_action,
    _board_sigs,
    _def_ids,
    _duo_ids,
    _face_name,
    _opponents,
    _placed,
    _sig,
    _single_fits,
    payable_faces,
)
from rules.kaploom.data import COLOURS, SUPPLY_FACES, ActionDef, game_data
from rules.kaploom.requirements import fits
from rules.kaploom.state import Player, State


class LegalMoves:
    """The legal moves of ``KaploomEngine``, which mixes this in: its methods call one another across the
    parts (``self._illegal``, ``self.to_act``, ...)."""

    def _unassigned(self, p: Player) -> list[int]:
        placed = _placed(p)
        return [i for i in range(len(p.dice)) if i not in placed]

    def _roll_legal(self, s: State, p: Player) -> list[Action]:
        if p.pending_reroll:
            return [Action("reroll", (i + 1,)) for i in self._unassigned(p)] + [SKIP]
        key = (p.super_id, s.variant == "2v2", p.ko)
        placed = _placed(p)
        actions = game_data().actions
        # A dict, not a set: string hashes differ between processes, and the order of the legal
        # moves must not (it feeds selects, autocomplete and seeded random players).
        busy = dict.fromkeys(p.assign)
        ally = _ally(s, p)
        if ally is not None:
            busy.update(dict.fromkeys(aid for aid in ally.assign if actions[aid].board == "duo"))
        partial: list[tuple[ActionDef, tuple[str, ...]]] = []
        for aid in busy:
            a = actions[aid]
            if aid in _def_ids(*key):
                cur = _board_sigs(s, p, aid)
                if len(cur) < a.size:
                    partial.append((a, cur))
        # Most useful first (a DM select shows only 25): ready, the secret pointer, placements that
        # complete an action, then ones that add to an action already started, then new starts.
        completing: list[Action] = []
        adding: list[Action] = []
        starting: list[Action] = []
        partial_ids = {a.id: (a, cur) for a, cur in partial}
        by_sig: dict[str, list[str]] = {}
        for i in range(len(p.dice)):
            if i in placed:
                continue
            sig = _sig(p, i)
            ids = by_sig.get(sig)
            if ids is None:
                ids = [a.id for a, cur in partial if fits(a, tuple(sorted((*cur, sig))))]
                ids += [aid for aid in _single_fits(*key, sig) if aid not in busy]
                by_sig[sig] = ids
            for aid in ids:
                started = partial_ids.get(aid)
                if started is None:
                    bucket = completing if actions[aid].size == 1 else starting
                else:
                    bucket = completing if len(started[1]) + 1 == started[0].size else adding
                bucket.append(_assign_action(i + 1, aid))
        out: list[Action] = [READY]
        if s.variant == "2v2" and not p.ko:  # a knocked-out player "MAY ONLY PLACE DICE ON THE DUO BOARD"
            for k, q in enumerate(_opponents(s, p)):
                if not q.ko and q.seat != p.target:
                    out.append(Action("target", (k + 1,)))
        out += completing + adding + starting
        locked = set(p.locked)
        out += [Action("unassign", (i + 1,)) for i in sorted(placed) if i not in locked]
        if (
            not p.free_reroll_used
            and self._has_lock(p, "free_reroll")
            and len(placed) < len(p.dice)
        ):
            out += [Action("reroll", (i + 1,)) for i in range(len(p.dice)) if i not in placed]
        return out

    def _has_lock(self, p: Player, kind: str) -> bool:
        actions = game_data().actions
        return any(actions[a].lock[0] == kind for a in p.locked_in)

    def _face_sources(self, p: Player) -> list[Action]:
        """A `pay` move per distinct face the player could give up (``payable_faces``): stored ones
        by face, then attached ones die by die."""
        faces = sorted(set(payable_faces(p)), key=lambda f: (f[0] is not None, f[0] or 0, f[1]))
        return [Action("pay", (_face_name(code),) if i is None else (i + 1, _face_name(code))) for i, code in faces]

    def _pay_legal(self, p: Player) -> list[Action]:
        return [*self._face_sources(p), FORFEIT]

    def _use_options(self, s: State, p: Player, a: ActionDef) -> list[tuple[str, ...]]:
        """The argument tuples with which ``use <a>`` is legal now (empty: not usable)."""
        if a.role != "power_up" or a.id not in p.active or a.id in p.used:
            return []
        ally = _ally(s, p)
        if a.board == "duo" and ally is not None and a.id in ally.used:
            return []
        revive = a.eff("revive_ally")
        # Line 317: health actions "DO NOT REVIVE A PLAYER WHO HAS BEEN KO'D IN THE PREVIOUS PHASE":
        # BACK IN ACTION brings back only an ally knocked out in an earlier round, never one who fell
        # in this round's Phase 2 (the previous phase) or in this Phase 3.
        if revive and (ally is None or not ally.ko or ally.knocked_out_now or ally.revived or ally.revive_pending):
            return []
        options: list[tuple[str, ...]] = [()]
        if a.eff("gain_trait_die"):
            colours = [c for i, c in enumerate(COLOURS) if s.pool_trait[i] > 0]
            if colours:
                options = [(c,) for c in colours]
        kind = a.eff("gain_face")
        if kind:
            allowed = {"non_wild": _NON_WILD, "any": SUPPLY_FACES, "wild": ("W",)}[kind]
            faces = [_face_name(c) for c in allowed if s.pool_faces[_FACE_INDEX[c]] > 0]
            if faces:
                options = [(*o, f) for o in options for f in faces]
        if a.eff("exchange_face"):
            pairs = [
                (_face_name(g), _face_name(t)) for g in sorted(set(p.stored)) for t in _NON_WILD
                if t != g and s.pool_faces[_FACE_INDEX[t]] > 0
            ]
            if pairs:
                options = [(*o, *pair) for o in options for pair in pairs]
        return options

    def _gives(self, s: State, p: Player) -> list[Action]:
        """``give <die>`` for each of the player's dice on the duo board not yet handed over. Line 503:
        "EACH DICE USED ON THE DUO BOARD MAY GO TO EITHER ALLY", every round; the owner decides, in
        their own Power Up turn. A player knocked out this round has no choice: lines 510-514, "THOSE
        GO TO THE SURVIVING ALLY DURING POWER UP" (see ``_hand_over_duo_dice``)."""
        if s.variant != "2v2" or p.knocked_out_now:
            return []
        duo = _duo_ids()
        return [Action("give", (i + 1,)) for aid, ids in p.assign.items() if aid in duo
                for i in ids if i not in p.gives]

    def _use_with_attach(self, s: State, p: Player, aid: str, args: tuple[str, ...]) -> list[Action]:
        """``use <aid> <args> attach <die>`` for each action die that has an empty slot once the
        power-up's own gains are in (a gained action die is numbered last): the gained face goes
        straight onto it ("THE EXTRA FACES CAN BE ... ADDED TO NEWLY GAINED ACTION DICE")."""
        faces = [x for x in args if x not in COLOURS]
        if not faces:
            return []
        a = game_data().actions[aid]
        dice = list(p.dice)
        if any(x in COLOURS for x in args):
            dice.append("trait")
        if a.eff("gain_action_die") and s.pool_action > 0:
            dice.append(("B",) * game_data().slots)
        return [Action("use", (aid, *args, ATTACH, i + 1)) for i, d in enumerate(dice)
                if isinstance(d, tuple) and "B" in d]

    def _power_legal(self, s: State, p: Player) -> list[Action]:
        if p.ko:
            # Line 517: a knocked-out player "MAY ONLY PLACE DICE ON THE DUO BOARD"; in Power Up
            # they are asked only where those dice go.
            return [*self._gives(s, p), DONE]
        out: list[Action] = []
        uses: list[tuple[str, tuple[str, ...]]] = []
        for aid in p.active:
            a = game_data().actions[aid]
            for args in self._use_options(s, p, a):
                uses.append((aid, args))
                out.append(Action("use", (aid, *args)))
        out += [Action("take", (aid,)) for aid in dict.fromkeys(aid for aid, _ in p.pending_loss)]
        out.append(DONE)  # before the many face moves, so it stays among the first 25
        out += self._gives(s, p)
        for aid, args in uses:
            out += self._use_with_attach(s, p, aid, args)
        blanks = [i for i, d in enumerate(p.dice) if isinstance(d, tuple) and "B" in d]
        for code in sorted(set(p.stored)):
            out += [Action("attach", (_face_name(code), i + 1)) for i in blanks]
        for i, die in enumerate(p.dice):
            if isinstance(die, tuple):
                out += [Action("detach", (i + 1, _face_name(c))) for c in sorted(set(die) - {"B"})]
        return out

    def _idle(self, s: State, p: Player) -> bool:
        """Nothing left for this player to do in their Power Up turn, so the engine passes them (no
        `done` to click). A knocked-out player: no duo-board die to hand over. Anyone else: no
        power-up to use, no loss to take, no duo die to hand over, no stored face to attach or swap
        in, and fewer than two action dice to swap faces between. The rulebook's face moves are
        swaps and additions ("THE EXTRA FACES CAN BE FREELY SWAPPED WITH FACES ALREADY ON ACTION DICE
        OR ADDED TO NEWLY GAINED ACTION DICE. IN ADDITION, FACES MAY BE SWAPPED BETWEEN ACTION
        DICE"); merely taking a face off one's only action die is none of them, so it holds no turn."""
        if p.ko:
            return not self._gives(s, p)
        if p.pending_loss or self._gives(s, p):
            return False
        actions = game_data().actions
        if any(self._use_options(s, p, actions[aid]) for aid in p.active):
            return False
        dice = [d for d in p.dice if isinstance(d, tuple)]
        if p.stored and dice:
            return False
        return not (len(dice) >= 2 and any(f != "B" for d in dice for f in d))
