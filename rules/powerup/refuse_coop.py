"""Refusals of the co-op verbs (refusals.py's tables): one short line naming the rule — an NPC's moves (rb 1774),
revive (the issue: 2 AP, an adjacent fallen partner), who goes next, CONTINUE (rb 853-855), and the AI's own
steps, which no person plays. Pure; names nothing hidden. Quotes: shared/rulebooks/powerup.txt ("rb N")."""

from __future__ import annotations

from rules.core.errors import quoted
from rules.powerup import coop_continue, professions
from rules.powerup.refuse_professions import PROFESSIONS
from rules.powerup.refuse_words import Reason, _ap
from rules.powerup.state import State


def _npc(s: State, seat: int, args: list[str]) -> str | None:
    c = s.coop
    if c is None:
        return "there are no NPCs in DEATHMATCH"
    if not args or args[0].upper() not in c.npcs:
        return f"no NPC {quoted(args[0] if args else '', 12)}: " + (", ".join(sorted(c.npcs)) or "none left")
    npc = args[0].upper()
    if c.npcs[npc].moves < 1:
        return f"{npc} has made its 2 moves this sequence (rb 1774)"
    word = " ".join(args[1:])
    if word.startswith("gate"):
        return "NPCs can't use the doors (rb 1774)"
    if word not in ("<", ">", "climb up", "climb down"):
        return f"npc {npc} <, >, climb up or climb down"
    return f"{npc} can't go {word} from there: a wall, a figure or no ladder"


def _revive(s: State, seat: int, args: list[str]) -> str | None:
    c = s.coop
    if c is None:
        return "reviving is co-op's: in DEATHMATCH the fallen reappear by themselves"
    who = args[0].upper() if args else ""
    other = s.seat_of(who)
    if other is None or other not in c.fallen:
        return f"{quoted(who, 8) or 'nobody'} is not down"
    if other in c.melted:
        return f"{who} lies in acid: only a CONTINUE brings it back"
    return _ap(s, "revive", professions.revive_cost(s, seat)) or f"{who} is not next to you (an adjacent square)"


def _next(s: State, seat: int, args: list[str]) -> str | None:
    c = s.coop
    if c is None or c.stage != "next":
        return "who goes next is chosen after the BUGs' turn and after each BUGBUSTER's turn"
    who = args[0].upper() if args else ""
    if s.seat_of(who) is None:
        return f"no BUGBUSTER {quoted(who, 8)} at this table"
    return f"{who} is down" if s.seat_of(who) in c.fallen else f"{who} has played this sequence"


def _continue(s: State, seat: int, args: list[str]) -> str | None:
    c = s.coop
    if c is None:
        return "CONTINUE is co-op's"
    if c.offer:
        return f"a CONTINUE for {c.offer[0]} is on the table: its payers accept or refuse"
    if c.stage not in ("next", "continue"):
        return "a CONTINUE is offered at the group's choice, or when every BUGBUSTER is down"
    if not coop_continue.appear_options(s):
        return "no ON POWERUP to appear on (rb 855)"
    cost = coop_continue.cost(s)
    shares = []
    for w in args[1:]:
        who, _, n = w.partition(":")
        if not n.isdigit() or s.seat_of(who.upper()) is None:
            return f"continue <fallen> <payer>:<coins> …; the CONTINUE costs {cost} coins"
        shares.append((who.upper(), int(n)))
    for who, n in shares:
        held = s.busters[s.seat_of(who)].coins  # type: ignore[index]
        if n > held:
            return f"{who} holds {held} coin{'s' if held != 1 else ''}"
    if sum(n for _, n in shares) != cost:
        return f"the CONTINUE costs {cost} coins (rb 853): the shares add to {sum(n for _, n in shares)}"
    return f"{quoted(args[0], 8) if args else 'nobody'} is not down"


def _consent(s: State, seat: int, args: list[str]) -> str | None:
    return "no CONTINUE waits for your share" if s.coop is None or seat not in coop_continue.waiting_payers(s) else None


def _decline(s: State, seat: int, args: list[str]) -> str | None:
    return "declining is for when every BUGBUSTER is down and a CONTINUE is offered"


def _theirs(s: State, seat: int, args: list[str]) -> str | None:
    if s.coop is not None and s.coop.human:
        return "the BUGs are the BUGMISTRESS's: her seat plays them"
    return "the BUGs are the AI BUGMISTRESS's: their turn plays by itself"


def _glitch_verb(s: State, seat: int, verb: str, args: list[str]) -> str | None:
    """The GLITCH (rb 867-875, glitch.py): board it from next to it, leave it, the pilot flies it, the second
    BUGBUSTER aboard fires its gun."""
    from rules.powerup import glitch
    from rules.powerup.coop_data import coop_data

    if s.coop is None or not glitch.ids(s):
        return "there is no GLITCH in this game (Hidden Keys has one)"
    me = s.busters[seat].sheet
    gid = glitch.glitch_of(s, me)
    cost = {"board": "boarding", "leave": "leaving", "fly": "flying", "glitch": "the GLITCH's gun"}[verb]
    if verb == "board":
        if gid:
            return f"you are aboard {gid} already"
        want = args[0].upper() if args else ""
        if want not in glitch.ids(s):
            return f"board {' or '.join(glitch.ids(s))}"
        if len(glitch.crew(s, want)) >= coop_data().glitch.seats:
            return f"{want} holds 2 BUGBUSTERs already (rb 869)"
        return _ap(s, cost, 1) or f"{want} is not next to you"
    if not gid:
        return "you are not aboard a GLITCH"
    if verb == "fly" and glitch.crew(s, gid)[:1] != [me]:
        return f"the pilot flies {gid}: the first BUGBUSTER aboard (rb 869)"
    if verb == "glitch" and glitch.crew(s, gid)[1:2] != [me]:
        return f"the second BUGBUSTER aboard {gid} fires its gun (rb 869)"
    if why := (None if verb == "fly" and glitch.credit(s, seat) else _ap(s, cost, 1)):
        return why
    if verb == "glitch":
        return "glitch shoot <BUG>: a BUG in sight from the GLITCH within range 6 (rb 869)"
    return f"{verb} <, >, up or down: that way is a wall, a figure or off the void"


def _cash(s: State, seat: int, args: list[str]) -> str | None:
    return "you keep no hidden coins" if s.coop is not None else "hidden coins are Hidden Keys'"


GLITCH: dict[str, Reason] = {**{v: (lambda s, seat, args, v=v: _glitch_verb(s, seat, v, args))
                                for v in ("board", "leave", "fly", "glitch")}, "cash": _cash}


COOP: dict[str, Reason] = {"npc": _npc, "revive": _revive, "next": _next, "continue": _continue,
                           "accept": _consent, "refuse": _consent, "decline": _decline,
                           **{v: _theirs for v in ("bug", "spawn", "draw", "event", "activate", "bugs", "put")},
                           **PROFESSIONS,  # professions:on (refuse_professions.py)
                           **GLITCH}  # the GLITCH, hidden coins (glitch.py, coop_secrets.py)
