"""Why a movement or an action of the turn that is not an attack is refused (refusals.py): steps, climbs,
jumps, gateways, rest, Mid-Jump, pick up, throw, give, equip, EPIC. Quotes: shared/rulebooks/powerup.txt
("rb N")."""

from __future__ import annotations

from rules.core.errors import quoted
from rules.powerup import life, reach
from rules.powerup.board import board, name
from rules.powerup.cards import card_letter, epic_sets
from rules.powerup.refuse_words import _ap, _blocked, _named, _square
from rules.powerup.state import State


# --- moving (rb 474-490, rb 711-757, rb 911) ------------------------------------------------------------
def _step(s: State, seat: int, word: str, dx: int, where: str) -> str | None:
    """rb 462: 1 AP (HEAVY 2, rb 669), none while Fast Pass's free moves last (rb 1225); rb 478-480: ahead,
    or back "without changing the direction you are facing"."""
    here, f = reach.position(s, seat)
    cost = None if s.busters[seat].effect("moves") > 0 else _ap(s, word, reach.move_cost(s, seat))
    return cost or _blocked(s, seat, (here[0] + dx * f, here[1]), where, ally_may_pass=True)


def _climb(s: State, seat: int, args: list[str]) -> str | None:
    """rb 717: "You may climb the ladder up or down using 1AP"; up through a thin platform too (the issue)."""
    if args not in (["up"], ["down"]):
        return "climb up or climb down"
    if why := None if s.busters[seat].effect("moves") > 0 else _ap(s, "climbing", reach.move_cost(s, seat)):
        return why
    b = board(s.layout)
    (x, y), _ = reach.position(s, seat)
    if args == ["up"]:
        if not (b.ladder((x, y)) or b.inside((x, y + 1)) and b.floor[(x, y + 1)] == "="):
            return "nothing to climb here (a ladder, or a thin platform above)"
        return _blocked(s, seat, (x, y + 1), "above you")
    return _blocked(s, seat, (x, y - 1), "below you") if b.ladder((x, y - 1)) else "no ladder below you"


def _jump(s: State, seat: int, args: list[str]) -> str | None:
    """rb 488-490: 2 AP (JUMP1 1, rb 667; HEAVY doubles, rb 669), ahead or 45 degrees up ahead; rb 757: the
    Jump-Attack's jump straight up, 1 AP (not with a cargo: turn.legal's reading)."""
    b = board(s.layout)
    (x, y), f = reach.position(s, seat)
    kind = " ".join(args)
    if kind not in ("", "up", "high"):
        return "jump (ahead), jump up (45 degrees) or jump high (straight up)"
    if kind == "high":
        cargo = s.figures[s.busters[seat].sheet].cargo
        carrying = f"no jump high while carrying {cargo}" if cargo else None
        if why := _ap(s, "jump high", reach.jump_high_cost(s)) or carrying:
            return why
        if b.inside((x, y + 1)) and b.open((x, y + 1)) and not b.vertical_open((x, y)):
            return "a solid platform is above you"
        return _blocked(s, seat, (x, y + 1), "above you")
    if why := _ap(s, "jump", reach.jump_cost(s, seat)):
        return why
    to = (x + f, y + (kind == "up"))
    if kind == "up" and b.inside(to) and b.open(to) and not b.step_open((x, y), to):
        return f"a block or solid platform is in the way up to {name(to)}"
    return _blocked(s, seat, to, "up ahead" if kind else "ahead")


def _gate(s: State, seat: int, args: list[str]) -> str | None:
    """rb 711: 1 AP, from a gateway "into any other unlocked gateway", which turns OFF; a door a card shut
    stays shut (Open/Close Door, rb 1245)."""
    b = board(s.layout)
    here, _ = reach.position(s, seat)
    if why := _ap(s, "a gateway", 1) or (None if b.gateway(here) else "you are not on a gateway"):
        return why
    if here in s.shut or not args:
        return f"the door at {name(here)} is shut" if here in s.shut else "gate to which gateway?"
    sq, why = _square(s, args[0])
    if sq is None:
        return why
    if not b.gateway(sq) or sq == here:
        return f"you are on {name(sq)} already" if sq == here else f"no gateway at {name(sq)}"
    if sq == s.gate_off or sq in s.shut:
        return f"no open gateway at {name(sq)} ({'OFF: the last one used' if sq == s.gate_off else 'shut'})"
    return _blocked(s, seat, sq, f"at {name(sq)}")


def _rest(s: State, seat: int, args: list[str]) -> str | None:
    """rb 502: "You can't have more reaction points than those noted on your card" (RP+2, cards above)."""
    top = life.rp_max(s.busters[seat])
    return _ap(s, "rest", 1) or (f"RP already at the maximum ({top})" if s.busters[seat].rp >= top else None)


def _midjump(s: State, seat: int, args: list[str]) -> str | None:
    """rb 911: "move 1 square, left or right, while in mid-air ... The cost is 1 RP and you can only do it
    once per jump or fall"."""
    if not s.air or s.air_shifted:
        return "one mid-jump per jump or fall" if s.air else "a mid-jump is made in the air"
    if s.busters[seat].rp < 1 or args not in ([">"], ["<"]):
        return "a mid-jump costs 1 RP, 0 left" if s.busters[seat].rp < 1 else "midjump < or midjump >"
    (x, y), _ = reach.position(s, seat)
    return _blocked(s, seat, (x + (1 if args[0] == ">" else -1), y), f"to the {args[0]}")


# --- carrying and giving (rb 504-514) -------------------------------------------------------------------
def _pick(s: State, seat: int, args: list[str]) -> str | None:
    """rb 510: "an ally or movable obstacle from a square adjacent to yours, in the direction you are facing
    ... only one ... at a time"; drums and robots are such obstacles (rb 1099, rb 1156), but a team never
    carries its own robot (reach.pick_targets: touched, it goes home, rb 1900)."""
    me, team = s.figures[s.busters[seat].sheet], s.busters[seat].team
    if why := _ap(s, "picking up", 1):
        return why
    if me.cargo or me.carried_by:
        return f"you already carry {me.cargo}: one at a time" if me.cargo else f"you are carried by {me.carried_by}"
    fid, why = _named(s, args[0]) if args else (None, "pick up what? pick <figure> ahead of you")
    if fid is None:
        return why
    fig, other = s.figures[fid], s.seat_of(fid)
    if fid == me.id or other is not None and s.busters[other].team != team:
        return "you cannot pick yourself up" if fid == me.id else f"{fid} is an enemy: allies and obstacles only"
    if fid == f"ROBOT-{team}":
        return f"{fid} is your team's robot: your team does not carry it"
    if fig.carried_by or fig.cargo:
        return f"{fid} is carried by {fig.carried_by}" if fig.carried_by else f"{fid} carries {fig.cargo}"
    (x, y), f = reach.position(s, seat)
    there = s.where(fid)
    if there not in ((x + f, y), (x + f, y + 1), (x + f, y - 1)) or not board(s.layout).step_open((x, y), there):
        return f"{fid} is not ahead of you (pick up: ahead or diagonally ahead)"
    return None


def _throw(s: State, seat: int, args: list[str]) -> str | None:
    """rb 514: "If you are carrying an ally or obstacle, you can throw it in the direction your character is
    facing"; it needs the square ahead open and free (reach.throw_room)."""
    if why := _ap(s, "a throw", 1):
        return why
    if s.figures[s.busters[seat].sheet].cargo is None:
        return "you carry nothing to throw"
    return None if reach.throw_room(s, seat) else "no room to throw: the square ahead must be open and free"


def _give(s: State, seat: int, args: list[str]) -> str | None:
    """rb 506: "By placing your character in an adjacent square, you can pass equipment ... coins and
    ammunition" (1 AP, rb 468); never above the ally's maximum ammo (turn.legal's reading)."""
    b = s.busters[seat]
    if why := _ap(s, "giving", 1):
        return why
    ally, why = _named(s, args[0]) if args else (None, "give <ally> ammo <n>, coins <n> or <item>")
    if ally is None:
        return why
    other = s.seat_of(ally)
    if ally == b.sheet or other is None or s.busters[other].team != b.team:
        return "you cannot give to yourself" if ally == b.sheet else f"{ally} is not on your team"
    if ally not in reach.give_targets(s, seat):
        return f"{ally} is not next to you"
    what = args[1].lower() if len(args) > 1 else ""
    if what not in ("ammo", "coins"):
        owned = what in {c.lower() for c in b.owned}
        return None if owned else f"you do not own {quoted(args[1], 16)}" if what else f"give {ally} what?"
    n = int(args[2]) if len(args) == 3 and args[2].isdigit() else 0
    have, o = (b.ammo if what == "ammo" else b.coins), s.busters[other]
    room = life.ammo_max(o) - o.ammo
    if n < 1 or n > have:
        return f"you have {have} {what}" if n > have else f"give {ally} {what} <number>"
    if what == "ammo" and n > room:
        return f"{ally} can carry {room} more ammo at most" if room else f"{ally}'s ammo is full ({o.ammo})"
    return None


def _equip(s: State, seat: int, args: list[str]) -> str | None:
    """rb 612: "you can only have one weapon equipped at a time ... one for each category" (a free swap in
    the own turn, the issue); rb 865: EPIC, "You can only use the weapons that come with your EPIC
    character"."""
    b = s.busters[seat]
    item = args[0].lower() if args else ""
    if b.epic or not item:
        return "no swapping while EPIC (EPIC weapons only)" if b.epic else "equip which item?"
    if item in {c.lower() for c in b.equipped if c}:
        return f"{quoted(args[0], 16)} is already equipped"
    mine = {c.lower() for c in (*life.basic_equipment(b.sheet), *b.owned) if c}
    return None if item in mine else f"you do not own {quoted(args[0], 16)}"


def _epic(s: State, seat: int, args: list[str]) -> str | None:
    """rb 861: "If you pick up POW! cards that form the word EPIC"; rb 570: the joker, "any letter";
    rb 865: EPIC "until the beginning of its next turn"."""
    b = s.busters[seat]
    if b.epic or epic_sets(b.hand):
        return "you are EPIC already (until your next turn)" if b.epic else None
    letters = [card_letter(c) for c in b.hand]
    missing = ", ".join(x for x in "EPIC" if x not in letters)
    return f"EPIC needs E, P, I, C (a joker for any): {missing} missing, {letters.count('*')} joker(s)"
