"""Attacks as notation (rb 787-851): ``shoot TOR`` (``<``/``>`` the push when straight above or below;
``ammo:N``/``rp:N`` extra yellow dice, AMMO_Y/RP_Y), ``hit TOR``, ``hit C4`` (a cover), ``lob`` (then
``impact C4``); listed, declared, rolled and landed. combat.py holds the dice and the damage.

An attack goes in three steps so that others may react in between (rb 923: "Even between regular actions
of a rival player"): ``declare`` takes the AP and ammo and records a ``state.Attack``; after its reaction
window ``roll`` rolls it — or voids it when its target has left reach or its attacker died (the issue: "a
target that leaves voids the attack (AP, ammo spent)"); after the roll window ``land`` applies the roll.
An attack made as a reaction goes through all three at once (reactions never open windows). A BUG's attack
(``Attack.bug``, co-op) takes the same three steps in bug_attacks.py, so the same windows wait on it.
"""

from __future__ import annotations

from rules.powerup import bug_attacks, bug_events, combat, dice, life, melee, ranged
from rules.powerup.board import parse_square
from rules.powerup.state import Attack, State


def _words(t: combat.Target) -> list[str]:
    """A target as typed: a figure id or a cover's square, with the push side when straight above or below
    (rb 741; a drum explodes and a cover breaks, so neither is pushed and has no side to choose)."""
    pushed = t.vertical and not t.id.startswith(("DRUM", "COVER@"))
    return [f"{t.word} <", f"{t.word} >"] if pushed else [t.word]


def attack_actions(s: State, seat: int, in_air: bool = False) -> list[str]:
    b = s.busters[seat]
    out: list[str] = []
    # rb 1249: paused, it cannot attack either; rb 1920: respawned, "it cannot attack or be attacked" until its
    # first normal action
    if s.ap < 1 or b.effect("pause") or b.protected:
        return out
    # rb 1315 (co-op, Explosive Gas): "No one can use distance attacks" (bug_events.py)
    w = life.weapon(b, "distance") if bug_events.ranged_allowed(s) else None
    if w is not None and w.kind == "R" and b.ammo >= w.ammo_per_shot:
        for t in combat.ranged_targets(s, seat):
            for word in _words(t):
                out.append(f"shoot {word}")
                if "AMMO_Y" in w.keywords:
                    out += [f"shoot {word} ammo:{n}" for n in range(1, b.ammo - w.ammo_per_shot + 1)]
                if "RP_Y" in w.keywords:
                    out += [f"shoot {word} rp:{n}" for n in range(1, b.rp + 1)]
    if w is not None and w.kind == "V" and b.ammo >= w.ammo_per_shot and not (in_air or s.air) and ranged.can_lob(
            s, seat):
        out.append("lob")
    m = life.weapon(b, "melee")
    for t in combat.melee_targets(s, seat):
        for word in _words(t):
            out.append(f"hit {word}")
            if m is not None and "AMMO_Y" in m.keywords:  # rb 649: "By spending an ammo point, ... a yellow die"
                out += [f"hit {word} ammo:{n}" for n in range(1, b.ammo + 1)]
            if m is not None and "RP_Y" in m.keywords:  # rb 651: "By spending a reaction point"
                out += [f"hit {word} rp:{n}" for n in range(1, b.rp + 1)]
    return out


def speed(s: State, seat: int, verb: str) -> int:
    """rb 925-929: the RP a seat under this attack pays before reacting: the weapon's speed ("If there is
    no number on the equipment card, the weapon's speed is 1")."""
    w = life.weapon(s.busters[seat], "melee" if verb == "hit" else "distance")
    return 1 if w is None or w.speed is None else w.speed


def declare(s: State, seat: int, words: list[str], out: list[str]) -> None:
    """Take the AP (the caller's AP budget: the turn's, or a reaction's borrowed RP) and what the attack
    costs, and record it in ``s.attack``; a lob first rolls its reach and asks for the impact square."""
    s.ap -= 1
    s.streak += 1
    if s.air:
        s.air_acted = True
    b = s.busters[seat]
    if words[0] == "lob":
        distance = ranged.lob_roll(s, seat, out)
        if distance:
            s.asks = ((seat, "lob", distance), *s.asks)
        return
    push = extra_ammo = extra_rp = 0
    for w in words[2:]:
        if w in ("<", ">"):
            push = 1 if w == ">" else -1
        elif w.startswith("ammo:"):
            extra_ammo = int(w[5:])
        elif w.startswith("rp:"):
            extra_rp = int(w[3:])
    extra = 0
    if words[0] == "shoot":
        t = _target(s, seat, "shoot", words[1])
        assert t is not None
        if not ranged.pay_shot(s, seat, t.id, extra_ammo, extra_rp, out):
            return
        w = life.weapon(s.busters[seat], "distance")
        double = 1 if w is not None and "DOUBLE" in w.keywords and s.streak >= 2 else 0
        extra = extra_ammo + extra_rp + double
    else:
        t = _target(s, seat, "hit", words[1])
        assert t is not None
        w = life.weapon(s.busters[seat], "melee")
        extra = extra_ammo + extra_rp + (1 if w is not None and "DOUBLE" in w.keywords and s.streak >= 2 else 0)
        if not t.id.startswith("COVER@"):
            out.append(f"{b.sheet} goes for {t.id} in melee.")
        if w is not None and w.id in life.spend(s, seat, rp=extra_rp, ammo=extra_ammo, out=out):
            out.append("The blow is not struck.")  # rb 835-837
            return
    s.attack = Attack(seat, words[0], words[1], push, extra, speed(s, seat, words[0]), b.deaths)


def declare_lob(s: State, seat: int, square: str, out: list[str]) -> None:
    """The impact square chosen (rb 823): the grenade is in the air; those under it may react."""
    b = s.busters[seat]
    out.append(f"{b.sheet}'s grenade flies to {square}.")
    s.attack = Attack(seat, "lob", square, 0, 0, speed(s, seat, "lob"), b.deaths)


def _target(s: State, seat: int, verb: str, word: str) -> combat.Target | None:
    targets = combat.ranged_targets(s, seat) if verb == "shoot" else combat.melee_targets(s, seat)
    return next((t for t in targets if t.word == word), None)


def attacked(s: State) -> dict[str, int]:
    """The figures the declared attack would strike now, by id -> their seat (BUGBUSTERs only): the target,
    or those in a grenade's blast."""
    a = s.attack
    if a is None or a.rolled:
        return {}
    if a.bug:
        return bug_attacks.attacked(s)
    if a.verb == "lob":
        sq = parse_square(a.word)
        assert sq is not None
        fids = [s.at(x).id for x in combat.blast_squares(s, sq) if s.at(x) is not None]  # type: ignore[union-attr]
    else:
        t = _target(s, a.seat, a.verb, a.word)
        fids = [t.id] if t is not None else []
    return {f: seat for f in fids if (seat := s.seat_of(f)) is not None and seat != a.seat}


def _void(s: State, a: Attack) -> str:
    """Why the declared attack can no longer be made, or ""."""
    if a.bug:
        return bug_attacks.void(s, a)
    b = s.busters[a.seat]
    if b.deaths != a.deaths:
        return f"{b.sheet} is gone"
    if b.effect("pause"):
        return f"{b.sheet} is paused"
    if a.verb != "lob" and _target(s, a.seat, a.verb, a.word) is None:
        return f"{a.word} is out of reach now"
    return ""


def roll(s: State, out: list[str]) -> None:
    """After the reaction window: roll the attack, or lose it (AP and ammo stay spent)."""
    a = s.attack
    assert a is not None
    if a.bug:
        bug_attacks.roll(s, out)
        return
    why = _void(s, a)
    if why:
        out.append(f"{s.busters[a.seat].sheet}'s attack is lost: {why}.")
        s.attack = None
        return
    assists = tuple(x for x in a.assists if s.busters[x].lives > 0)
    if a.verb == "hit":
        t = _target(s, a.seat, a.verb, a.word)
        assert t is not None
        mine, theirs = melee.melee_rolls(s, a.seat, t, a.extra, assists)
    else:
        pool = ranged.shot_pool(s, a.seat, a.extra, assists) if a.verb == "shoot" else ranged.lob_pool(s, a.seat)
        mine, theirs = combat.roll_pool(s, pool), ()
    if assists:
        out.append(f"Assisted by {', '.join(s.busters[x].sheet for x in assists)}.")
    s.attack = a._replace(rolled=True, mine=mine, theirs=theirs)


def land(s: State, out: list[str]) -> None:
    """After the roll window: the roll (as a Mulligan left it) strikes what is there now."""
    a = s.attack
    assert a is not None and a.rolled
    if a.bug:
        bug_attacks.land(s, out)
        return
    s.attack = None
    s.beats += 1
    s.last_roll = a.mine + a.theirs
    why = _void(s, a)
    if why:
        out.append(f"{s.busters[a.seat].sheet}'s attack is lost: {why}.")
        return
    dodge = dict(a.dodge)
    if a.verb == "lob":
        sq = parse_square(a.word)
        assert sq is not None
        ranged.land_lob(s, a.seat, sq, a.mine, dodge, out, a.plus)
    else:
        t = _target(s, a.seat, a.verb, a.word)
        assert t is not None
        if a.verb == "shoot":
            ranged.land_shot(s, a.seat, t, a.push, a.mine, dodge, out, a.plus)
        else:
            melee.land_melee(s, a.seat, t, a.push, a.mine, a.theirs, out)
    kind = "melee" if a.verb == "hit" else "ranged"
    if s.bonus_for in (kind, "any"):
        s.bonus_dice, s.bonus_hits, s.bonus_for = "", 0, ""


def at_once(s: State, out: list[str]) -> None:
    """A declared attack rolled and landed with no windows between (a reaction's, or a test's)."""
    if s.attack is not None:
        roll(s, out)
    if s.attack is not None:
        land(s, out)


def reroll(s: State, seat: int, which: str, out: list[str]) -> None:
    """Take a Mulligan (rb 1257): "change part of, or the entire roll, by rolling again" — the user's own
    dice in the rolled attack (the attacker's, or the melee defender's): ``all`` of them, or ``misses``
    (the dice that showed no hit)."""
    a = s.attack
    assert a is not None and a.rolled
    mine = seat == a.seat
    dice_ = a.mine if mine else a.theirs
    keep = () if which == "all" else tuple(d for d in dice_ if dice.face_hits(d[1]) > 0)
    again = dice_ if which == "all" else tuple(d for d in dice_ if dice.face_hits(d[1]) == 0)
    pool = dice.pool(sum(1 for c, _ in again if c == "W"), sum(1 for c, _ in again if c == "Y"))
    new = (*keep, *combat.roll_pool(s, pool)) if again else dice_
    out.append(f"{s.busters[seat].sheet} rolls {len(again)} di{'ce' if len(again) != 1 else 'e'} again: "
               f"{dice.describe(new)}.")
    s.attack = a._replace(mine=new) if mine else a._replace(theirs=new)


def attacker(s: State, a: Attack) -> str:
    """Who makes the attack, as the table names it: the BUG's figure id, or the BUGBUSTER's sheet."""
    return a.bug or s.busters[a.seat].sheet
