"""The co-op mode on the engine's contract (engine.py asks here when ``State.coop`` is set and no question
or reaction window — both shared with DEATHMATCH — comes first): the BUG turn as the AI's SYSTEM steps,
the group's who-goes-next choice, the outcome. A BUGBUSTER's own turn is part 1's (engine.py, turn.py).
"""

from __future__ import annotations

from rules.core.engine import SYSTEM, Decision, DecisionKind, Outcome
from rules.powerup import ai_mistress, coop_continue, coop_turn, coop_verbs, missions, mistress, professions
from rules.powerup.state import State


def pending(s: State) -> dict[int, Decision] | None:
    """The co-op decision now, or None when it is a BUGBUSTER's turn (the engine's own)."""
    c = s.coop
    assert c is not None
    if c.stage == professions.STAGE:  # professions:on, before the first BUG turn: one seat picks at a time
        return professions.pending(s)
    payers = coop_continue.waiting_payers(s)
    if payers:  # a CONTINUE offered: each payer accepts its share (the issue)
        return {x: Decision(DecisionKind.REACTION, f"c{s.steps}", "refuse",
                            f"pay your share of a CONTINUE for {c.offer[0]}: accept or refuse",
                            time_limit=s.react_wait) for x in payers}
    if c.stage == "continue":
        return {x: Decision(DecisionKind.GROUP, f"k{c.continue_level}.{s.sequence}", "decline",
                            "every BUGBUSTER is down: pay a CONTINUE or decline (the mission is lost)")
                for x in range(len(s.seats))}
    if c.human and (hers := mistress.pending(s)) is not None:  # a human BUGMISTRESS: her turn, a BUG at once
        return hers
    if c.stage == "bug":
        return {SYSTEM: Decision(DecisionKind.TURN, f"b{s.steps}", ai_mistress.next_step(s), "the BUGs act",
                                 time_limit=c.pause or None)}
    if c.stage == "next":
        first = coop_turn.next_options(s)[0]
        key = f"n{s.sequence}.{len(c.to_play)}"
        return {seat: Decision(DecisionKind.GROUP, key, first, "choose who goes next")
                for seat in coop_turn.standing(s)}
    return None


def legal(s: State, seat: int) -> list[str] | None:
    c = s.coop
    assert c is not None
    if c.stage == professions.STAGE:  # professions:on: the picker's professions and sides
        return professions.pick_options(s, seat)
    if coop_continue.waiting_payers(s):
        return ["accept", "refuse"] if seat in coop_continue.waiting_payers(s) else []
    if mistress.is_her(s, seat):  # her seat (mistress.py); the engine asked only when it waits on her
        return mistress.legal(s)
    if c.stage == "continue":
        return ["decline", *coop_continue.offers(s)]
    if c.stage == "bug":
        return [ai_mistress.next_step(s)] if seat == SYSTEM else []
    if c.stage == "next":
        return [*coop_turn.next_options(s), *coop_continue.offers(s)]
    return None


def apply(s: State, seat: int, action: str, out: list[str]) -> bool:
    """Apply a co-op step; False when it is a BUGBUSTER's own turn (the engine applies it)."""
    c = s.coop
    assert c is not None
    if c.stage == professions.STAGE:  # professions:on: a pick (the last starts the first sequence)
        professions.pick(s, seat, action, out)
        return True
    if mistress.is_her(s, seat):  # a human BUGMISTRESS's turn or her BUG acting at once (mistress.py)
        mistress.apply(s, action, out)
        return True
    verb = action.split()[0]
    if verb in ("accept", "refuse") and coop_continue.waiting_payers(s):
        coop_continue.answer(s, seat, action, out)
        return True
    if verb == "continue" and c.stage in ("next", "continue"):
        coop_continue.propose(s, seat, action, out)
        return True
    if verb == "decline" and c.stage == "continue":
        c.stage = "over"
        missions.check(s, out)
        return True
    if c.stage == "bug" and seat == SYSTEM:
        ai_mistress.apply(s, action, out)
        return True
    if c.stage == "next":
        words = action.split()
        if words[0] == "npc":
            coop_verbs.move_npc(s, seat, words, out)
        else:
            coop_turn.choose_next(s, words[1], out)
        return True
    return False


def settle(s: State, out: list[str]) -> None:
    """After the shared windows have closed: a BUG's attack that is over ends or keeps its actions, the AI's
    procedure moves on, the mission is checked."""
    c = s.coop
    assert c is not None
    if s.phase != "play":
        return
    if c.attacked and s.attack is None and not s.window and not s.asks:
        (mistress.attack_over if c.human else ai_mistress.attack_over)(s, landed=not c.dodged)
        c.dodged = False
    if c.stage == "bug":
        (mistress.tidy if c.human else ai_mistress.tidy)(s, out)
    elif c.stage == "next":
        if tricks(s, out):
            return
        coop_turn.go_on(s, out)  # one left to choose may have gone down meanwhile (a shove onto spikes)
    missions.check(s, out)


def mission_over(s: State, out: list[str]) -> bool:
    """In a BUGBUSTER's turn, once its action and the windows after it are done: a mission won or lost by
    it (the portal's last piece destroyed, her figure gone at level 2) ends the game there and then, not
    when the turn ends."""
    return missions.check(s, out)


def outcome(s: State) -> Outcome:
    """Shared: every BUGBUSTER wins or loses together (``result`` win or loss: the table's, the contract's
    cooperative result); scores are their points (SPAWN cost x 100 a kill). With a human BUGMISTRESS the
    game is two sides (no shared ``result``): her seat (the last) wins exactly when they lose, they win
    together otherwise; she scores nothing (the rulebook gives her no points)."""
    c = s.coop
    assert c is not None
    won = c.result == "won"
    n = len(s.seats)
    ranks = tuple(1 if won else 2 for _ in range(n))
    result = "win" if won else "loss"
    if not c.human:
        return Outcome(winners=tuple(range(n)) if won else (), summary=s.summary, result=result,
                       scores=tuple(float(p) for p in c.points), ranks=ranks)
    return Outcome(winners=tuple(range(n)) if won else (n,), summary=s.summary,
                   scores=(*(float(p) for p in c.points), 0.0), ranks=(*ranks, 2 if won else 1))


def progress(s: State) -> str:
    c = s.coop
    assert c is not None
    if c.stage == professions.STAGE and s.phase == "play":  # professions:on: the picks before the BUGs' turn
        return f"Setup · professions: {s.seats[professions.picker(s) or 0]} picks"
    if s.phase == "over":
        return f"Over · {s.summary}"
    seq = (s.sequence - 1) % 8 + 1
    who = {"bug": "the BUGs", "next": "who goes next?"}.get(c.stage, s.seats[s.active] if s.active is not None else "")
    if c.mission == "vips":
        return f"Sequence {s.sequence} ({seq}/8) · {who} · VIPs {len(c.npcs)}"
    if c.mission == "portal":
        return f"Sequence {s.sequence} · {who} · portal pieces {len(c.pieces)}"
    if c.mission == "bugmistress" and c.level:
        return f"Sequence {s.sequence} · {who} · BUGMISTRESS level {c.level}, {c.mistress_lives} lives"
    return f"Sequence {s.sequence} · {who}"


def tricks(s: State, out: list[str]) -> bool:
    """The AI's face-up Tricks whose condition holds now, after a BUGBUSTER's action has settled (rb 975:
    "Trick cards can be used at any time"); True when one was used (the engine settles again)."""
    from rules.powerup import bug_cards

    if _human(s):  # a human's Tricks come through the windows; BrainWash's discards once they close
        return mistress.brainwash(s, out)
    return bool(bug_cards.tricks_now(s, out))


def _human(s: State) -> bool:
    return s.coop is not None and s.coop.human


def hold(s: State, out: list[str]) -> bool:
    """Out of her turn, a human BUGMISTRESS's BUG acting at once (Surprise!, a Thief Buggie's flight) holds
    the BUGBUSTER's turn until she is done (mistress.hold); the engine settles no further meanwhile."""
    return _human(s) and mistress.hold(s, out)
