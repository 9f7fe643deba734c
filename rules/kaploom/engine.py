"""The KAPLOOM! rules engine: rounds of roll & assign, reveal & fight, power up, clean up."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from rules.core.engine import Decision, DecisionKind, Event, Outcome, SeatPlan
from rules.core.errors import BadOptions, GameIsOver, IllegalAction, MalformedAction, NotYourTurn, RulesError
from rules.core.rng import Rng
from rules.kaploom import scoring
from rules.kaploom.actions import ATTACH, Action, format_action, parse_action, split_use
from rules.kaploom.data import COLOURS, FACE_CODES, FACE_NAMES, SUPPLY_FACES, ActionDef, game_data
from rules.kaploom.options import KaploomOptions, option_help, parse_options
from rules.kaploom.requirements import fits, meets
from rules.kaploom.state import Player, State, dump_state, load_state

READY, SKIP, DONE, FORFEIT = Action("ready"), Action("skip"), Action("done"), Action("forfeit")
MAX_EVENTS = 12
_FACE_INDEX = {code: i for i, code in enumerate(SUPPLY_FACES)}
_NON_WILD = ("M", "E", "T", "A", "X")


# ---------------------------------------------------------------- small helpers


def _sig(p: Player, i: int) -> str:
    return ("a" if isinstance(p.dice[i], tuple) else "t") + p.roll[i]


def _label(s: State, seat: int) -> str:
    return s.players[seat].label.capitalize()


def _placed(p: Player) -> set[int]:
    out: set[int] = set()
    for ids in p.assign.values():
        out.update(ids)
    return out


def _ally(s: State, p: Player) -> Player | None:
    if s.variant != "2v2":
        return None
    return s.players[p.seat ^ 1]


def _opponents(s: State, p: Player) -> list[Player]:
    return [q for q in s.players if q.team != p.team]


def _victim(s: State, p: Player) -> Player | None:
    """Whom this player's attack and Phase 3 tricks hit: the other player, or the pointer's target."""
    if s.variant != "2v2":
        return s.players[1 - p.seat]
    return s.players[p.target] if p.target is not None else None


@cache
def _defs_for(super_id: str | None, duo: bool, ko: bool) -> tuple[ActionDef, ...]:
    data = game_data()
    out: list[ActionDef] = []
    if not ko:
        out += data.boards["attack"] + data.boards["defense"] + data.boards["power_up"]
        if super_id:
            out += data.supers[super_id].actions
    if duo:
        out += data.duo
    return tuple(out)


@cache
def _def_ids(super_id: str | None, duo: bool, ko: bool) -> frozenset[str]:
    return frozenset(a.id for a in _defs_for(super_id, duo, ko))


@cache
def _single_fits(super_id: str | None, duo: bool, ko: bool, sig: str) -> tuple[str, ...]:
    return tuple(a.id for a in _defs_for(super_id, duo, ko) if fits(a, (sig,)))


@cache
def _duo_ids() -> frozenset[str]:
    return frozenset(a.id for a in game_data().duo)


@cache
def _assign_action(die: int, aid: str) -> Action:
    return Action("assign", (die, aid))


def _defs(s: State, p: Player) -> tuple[ActionDef, ...]:
    return _defs_for(p.super_id, s.variant == "2v2", p.ko)


def _board_sigs(s: State, p: Player, aid: str) -> tuple[str, ...]:
    """Signatures of every die on an action (both allies' dice for the shared duo board)."""
    sigs = [_sig(p, i) for i in p.assign.get(aid, ())]
    if game_data().actions[aid].board == "duo" and (ally := _ally(s, p)) is not None:
        sigs += [_sig(ally, i) for i in ally.assign.get(aid, ())]
    return tuple(sorted(sigs))


def _add_face(pool: tuple[int, ...], code: str, n: int) -> tuple[int, ...]:
    i = _FACE_INDEX[code]
    return pool[:i] + (pool[i] + n,) + pool[i + 1 :]


def _without_face(die: tuple[str, ...], code: str) -> tuple[str, ...]:
    faces = [f for f in die if f != "B"]
    faces.remove(code)
    return tuple(faces) + ("B",) * (len(die) - len(faces))


def _face_name(code: str) -> str:
    return FACE_NAMES[code]


class KaploomEngine:
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
        """Every distinct face the player could give up: stored ones, then attached ones."""
        out = [Action("pay", (_face_name(c),)) for c in sorted(set(p.stored))]
        for i, die in enumerate(p.dice):
            if isinstance(die, tuple):
                out += [Action("pay", (i + 1, _face_name(c))) for c in sorted(set(die) - {"B"})]
        return out

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

    # Phase 1 ----------------------------------------------------------------

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

    # Phase 2 ----------------------------------------------------------------

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
            if payer.stored or any(isinstance(d, tuple) and set(d) != {"B"} for d in payer.dice):
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
            events.append(Event(f"{_label(s, p.seat)} pays a {action.args[-1]} face for {a.name}."))
        else:
            raise self._illegal(f"pay for {a.name} with one of your faces (`pay <face>` or `pay <die> <face>`) or `forfeit`")
        self._settle_costs(s, events)

    def _fight(self, s: State, events: list[Event]) -> None:
        for p in s.players:
            p.defense_left = scoring.total(s, p, "defense")
        for seat in s.order:
            attacker = s.players[seat]
            if attacker.ko:
                continue
            target = _victim(s, attacker)
            name = _label(s, seat)
            if target is None or target.ko:
                events.append(Event(f"{name}'s target is already knocked out: no attack."))
                continue
            value = scoring.total(s, attacker, "attack", bool(scoring.has_phase2(target, "ignore_multiplier")))
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
                return
        self._start_power_up(s, events)

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

    # Phase 3 ----------------------------------------------------------------

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
            gains.append(f"a {_face_name(take)} face for a {_face_name(give)} face")
            gained_faces = True
        elif faces:
            code = faces[0]
            s.pool_faces = _add_face(s.pool_faces, code, -1)
            p.stored = tuple(sorted((*p.stored, code)))
            gains.append(f"a {_face_name(code)} face")
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
            events.append(Event(f"{len(given)} duo-board dice go from {_label(s, p.seat)} to {_label(s, ally.seat)}."))

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

    # ------------------------------------------------------------ results, views, storage

    def undoable(self, state: State, seat: int, action: Action) -> bool:
        """A step may be taken back when it draws nothing at random, ends no phase or turn and
        announces nothing: placing and taking back dice, the pointer, skipping an owed re-roll, and a
        `ready` that does not start the reveal; in Phase 3 attaching, detaching, giving and powering
        up within the turn (a move after which the player has nothing left to do passes the turn on
        its own, so it ends the turn like `done`). Paying at the reveal starts the fight's
        resolution: never. Moves that are legal without being listed (``assign 1,3 pow``) count."""
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
