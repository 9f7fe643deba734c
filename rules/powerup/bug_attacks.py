"""A BUG's attacks (rb 787-851 as for any figure, its sheet's weapons rb 981-1037): who it may attack, the
words (``hit RAY``, ``hit RAY <`` straight above or below, ``shoot VIP1``), and the three steps part 1's
reaction windows wait between (attacks.py dispatches here on ``Attack.bug``): ``declare`` records the
attack, ``roll`` rolls it, ``land`` applies it — or, when its BUG is gone or its target has left reach,
the attack is lost ("The enemy's attack is performed and therefore lost", rb 901) and ``Coop.dodged``
says so (the BUG acts on). The BUGMISTRESS's figure attacks here too, with her level's weapons.

Readings (quotes: shared/rulebooks/powerup.txt, "rb N"):

- Targets: standing BUGBUSTERs (not fallen, protected or paused), NPCs and a GLITCH with anyone aboard
  (glitch.py: seen across the board's edge in the void too; it rolls nothing back and takes the hits on its
  armor and lives, rb 873); sight, range and the squares next to it as a BUGBUSTER's (combat.in_sight,
  combat.next_to; covers add armor, are never hit).
- No speed (0): a BUG sheet's weapons print none, and RAY dodges a BIGBUG's melee "for 1 RP" (rb 899).
- Melee (rb 811): both roll; the BUGBUSTER defends with its melee dice, none from behind (rb 821); the
  loser takes the difference minus its armor and is pushed (rb 813). Ranged (rb 795): the BUG's ranged
  dice, less what a Roll cancels (rb 895). A BUG's POW! face is only hits: it draws no card (the issue);
  the BUGBUSTER's own POW! faces draw as always. A BUGBUSTER killed here falls (life.hurt, by no seat).
- An NPC attacked dies automatically, even from afar (rb 1774), when the attack lands (no dice): until
  then the window after its declaration lets the BUGBUSTERs react (rb 923), e.g. kill the BUG first.
"""

from __future__ import annotations

from rules.powerup import bug_events, bug_squares, combat, coop_combat, coop_life, dice, glitch, life, melee
from rules.powerup.data import Item
from rules.powerup.state import Attack, State


def weapons(s: State, fid: str) -> tuple[Item, Item | None]:
    """Its melee and ranged attacks (sheet weapons: their dice are the whole roll)."""
    if s.figures[fid].kind == "mistress":
        lv = coop_combat.level(s)
        return lv.melee, lv.ranged
    sh = coop_life.sheet(s, fid)
    return sh.melee, sh.ranged


def pool(s: State, fid: str, verb: str) -> str:
    """The dice it rolls (a BUGGIE stack rolls every BUGGIE's, rb 991)."""
    if s.figures[fid].kind == "mistress":
        m, r = weapons(s, fid)
        return m.dice if verb == "hit" else r.dice if r is not None else "0"
    rage = bug_events.in_force(s).bug_dice  # rb 1343, Rage: "Add 1 yellow die to all BUG attacks"
    return dice.add(coop_life.melee_dice(s, fid) if verb == "hit" else coop_life.ranged_dice(s, fid), rage)


def victim(s: State, fid: str) -> bool:
    """What a BUG may attack: an NPC, or a BUGBUSTER standing (not fallen), neither protected nor paused."""
    if s.figures[fid].kind == "npc":
        return True
    if s.figures[fid].kind == "glitch":  # with anyone aboard (rb 873: "The GLITCH can be attacked", glitch.py)
        return glitch.victim(s, fid)
    seat = s.seat_of(fid)
    if seat is None:
        return False
    b = s.busters[seat]
    assert s.coop is not None
    return seat not in s.coop.fallen and not b.protected and not b.effect("pause")


def _reach(s: State, fid: str, verb: str) -> list[combat.Target]:
    """``hit``: the victims next to it; ``shoot``: those in sight within its ranged weapon's range."""
    me = s.where(fid) if fid in s.figures else None
    if me is None:
        return []
    facing = s.figures[fid].facing
    if verb == "hit":  # and a GLITCH in the void beside it (glitch.py)
        return combat.next_to(s, me, facing, lambda x: victim(s, x), covers=False) + glitch.void_targets(
            s, me, facing, 0, lambda x: victim(s, x))
    _, ranged = weapons(s, fid)
    if not bug_events.ranged_allowed(s):  # rb 1315, Explosive Gas: "No one can use distance attacks"
        return []
    if ranged is None:
        return []
    reach = ranged.range or 0
    return combat.in_sight(s, me, facing, reach, lambda x: victim(s, x)) + glitch.void_targets(
        s, me, facing, reach, lambda x: victim(s, x))


def targets(s: State, fid: str) -> list[combat.Target]:
    """Melee targets first (next to it), then ranged ones (a figure may be both)."""
    return _reach(s, fid, "hit") + _reach(s, fid, "shoot")


def _words(s: State, t: combat.Target) -> list[str]:
    """As attacks._words: the push side when straight above or below; none for an NPC (it dies)."""
    return [f"{t.id} <", f"{t.id} >"] if t.vertical and s.figures[t.id].kind not in ("npc", "glitch") else [t.id]


def attack_words(s: State, fid: str) -> list[str]:
    """Its attacks now: ``hit RAY``, ``hit RAY <``, ``shoot VIP1``."""
    return [f"{verb} {w}" for verb in ("hit", "shoot") for t in _reach(s, fid, verb) for w in _words(s, t)]


def _target(s: State, fid: str, verb: str, word: str) -> combat.Target | None:
    return next((t for t in _reach(s, fid, verb) if t.id == word), None)


def declare(s: State, fid: str, words: list[str], out: list[str]) -> None:
    """Record the attack (``words``: ``hit RAY``, ``hit RAY <``, ``shoot VIP1``) for its windows. The
    caller (the BUG turn) checked it is one of ``attack_words`` and counts the BUG's action."""
    verb, word = words[0], words[1]
    push = {"<": -1, ">": 1}.get(words[2], 0) if len(words) > 2 else 0
    m, r = weapons(s, fid)
    w = m if verb == "hit" else r
    assert w is not None and _target(s, fid, verb, word) is not None
    out.append(f"{fid} goes for {word} in melee." if verb == "hit" else f"{fid} shoots {word} ({w.name}).")
    s.attack = Attack(-1, verb, word, push, 0, speed=0, deaths=0, bug=fid)


def attacked(s: State) -> dict[str, int]:
    """The BUGBUSTER the declared BUG attack would strike now, id -> seat (an NPC has no seat to ask)."""
    a = s.attack
    if a is None or a.rolled:
        return {}
    t = _target(s, a.bug, a.verb, a.word)
    seat = s.seat_of(t.id) if t is not None else None
    return {} if t is None or seat is None else {t.id: seat}


def void(s: State, a: Attack) -> str:
    """Why the BUG's attack can no longer be made, or ""."""
    if a.bug not in s.figures:
        return f"{a.bug} is gone"
    if _target(s, a.bug, a.verb, a.word) is None:
        return f"{a.word} is out of reach now"
    return ""


def _lost(s: State, a: Attack, why: str, out: list[str]) -> None:
    out.append(f"{a.bug}'s attack is lost: {why}.")
    assert s.coop is not None
    s.coop.dodged = True  # rb 901: "If the BUG still has actions, it can continue using them"


def roll(s: State, out: list[str]) -> None:
    """After the reaction window: both roll in melee (the BUGBUSTER none from behind, rb 821); a shot rolls
    the BUG's ranged dice; an NPC needs no dice."""
    a = s.attack
    assert a is not None and a.bug
    why = void(s, a)
    if why:
        s.attack = None
        _lost(s, a, why, out)
        return
    t = _target(s, a.bug, a.verb, a.word)
    assert t is not None
    seat = s.seat_of(t.id)
    mine: dice.Roll = ()
    theirs: dice.Roll = ()
    if seat is not None or s.figures[t.id].kind == "glitch":  # a GLITCH rolls nothing in defence (glitch.py)
        mine = combat.roll_pool(s, pool(s, a.bug, a.verb))
        me = s.where(a.bug)
        if a.verb == "hit" and seat is not None and me is not None and not coop_combat.behind(s, me, t.id):
            theirs = combat.roll_pool(s, life.melee_dice(s.busters[seat]))
    s.last_roll = mine + theirs
    s.attack = a._replace(rolled=True, mine=mine, theirs=theirs)


def land(s: State, out: list[str]) -> None:
    """After the roll window: the roll (as a Mulligan left the defender's dice) strikes what is there."""
    a = s.attack
    assert a is not None and a.rolled and a.bug
    s.attack = None
    s.beats += 1
    s.last_roll = a.mine + a.theirs
    why = void(s, a)
    if why:
        _lost(s, a, why, out)
        return
    t = _target(s, a.bug, a.verb, a.word)
    me = s.where(a.bug)
    assert t is not None and me is not None
    seat = s.seat_of(t.id)
    if s.figures[t.id].kind == "glitch":  # its armor and lives (rb 873); it rolls nothing back
        out.append(f"{a.bug} {'shoots' if a.verb == 'shoot' else 'strikes'} {t.id}: {dice.describe(a.mine)}.")
        glitch.strike(s, t.id, dice.hits(a.mine), out, cover=t.cover)
        return
    if seat is None:
        out.append(f"{a.bug} reaches {t.id}: {t.id} has no chance (rb 1774).")
        bug_squares.npc_dies(s, t.id, out)
        return
    m, r = weapons(s, a.bug)
    dx = combat.direction(me, t.square, a.push)
    if a.verb == "shoot":
        assert r is not None
        out.append(f"{a.bug}'s roll: {dice.describe(a.mine)}.")
        hits = combat.less(dice.hits(a.mine), t.id, dict(a.dodge), out)
        combat.strike(s, None, t.id, hits, dx, r, out, cover=t.cover,
                      push_bonus=2 if "PUSH2" in r.keywords else 0)
        return
    _land_melee(s, a, seat, dx, m, out)


def _land_melee(s: State, a: Attack, seat: int, dx: int, m: Item, out: list[str]) -> None:
    b = s.busters[seat]
    out.append(f"{a.bug} attacks {b.sheet} in melee{'' if a.theirs else ' from behind'}: "
               f"{dice.describe(a.mine)} against {dice.describe(a.theirs) if a.theirs else 'no defence'}.")
    dw = life.weapon(b, "melee")
    combat.draw_pows(s, seat, a.theirs, out)  # the BUGBUSTER's POW! faces draw; the BUG's are only hits
    if combat.breaks(dw, a.theirs):
        life.destroy(s, seat, dw.id, out, "a blunder")  # type: ignore[union-attr]
    mine, theirs = dice.hits(a.mine), dice.hits(a.theirs)
    if mine == theirs:
        out.append(f"A tie ({mine} each): nothing happens.")
        return
    diff = abs(mine - theirs)
    if mine > theirs:
        out.append(f"{a.bug} wins by {diff}.")
        melee.lost_melee(s, seat, out)
        combat.strike(s, None, b.sheet, diff, dx, m, out)
    else:
        out.append(f"{b.sheet} wins by {diff}.")
        combat.strike(s, seat, a.bug, diff, -dx, life.weapon(s.busters[seat], "melee"), out)
