"""Reactions (rb 881-929): RP spent out of turn, in windows the active seat's actions open.

- **Windows.** After each action of the active seat (a move, an attack declared, a card; not ``end``,
  ``land``, ``equip`` or a mode change) and once its questions are answered, a window asks the
  other seats that may react (rb 923: "Even between regular actions of a rival player"); an EPIC opens one
  too (its four cards may be copied). Each asked seat
  answers once (rb 923: "YOU MAY ONLY USE ONE REACTION FOR EACH ACTION THAT THE ACTIVE PLAYER TAKES"):
  ``pass``, ``mode <m>`` (pass, and from now on be asked by mode ``m``) or ``react ...``; answers apply as
  they come. After an attack's roll, a second window asks the attacker and a melee defender holding a
  trick that changes rolls (Take a Mulligan; Concentration for a ranged attack). Reactions open no
  windows of their own.
- **What a reaction is.** ``react <action>``: any action of the turn at its usual cost, paid in RP (rb 891:
  "the costs of the actions are the same"): move, back, climb, jump, jump up, gate, flip, pick, throw,
  give, shoot, hit — never rest (rb 891), and not the grenade's lob, ``jump high`` (the jump-attack), an
  EPIC, a swap or a Special (those are of a turn). ``react roll N`` (rb 895): N RP, N yellow dice, their
  hits cancelled from a ranged attack or blast on you. ``react assist`` (rb 907): 1 RP, your dice join a
  teammate's attack you could make yourself (your ranged dice to a shot at a target in your sight and
  range, your melee dice to a blow at a target next to you; no ammo). ``react card <token> [arg]``: a
  trick (rb 534: "at any time"): Energy Shield, There's a monkey!, Copycat (the card just played, rb
  1200), Take a Mulligan and Concentration (the roll window). ``react turret shoot BG3`` (co-op, professions
  on): the Machine-Gun Turret fired by its builder "at any time" (rb 1168), free (turret.py); ``relevant``
  asks the builder when a BUG's attack is declared and the turret has a target, ``all`` whenever it has one.
- **Speed** (rb 925-929): a seat under a declared attack (its target, or on a grenade's blast squares)
  pays the weapon's speed in RP before any reaction that costs RP; a free trick pays none (rb 925 speaks
  of "a reaction point"). A BUG's attack (co-op, ``Attack.bug``) has none and no seat: nobody assists it.
- **Modes** (the issue): ``relevant`` (the default) asks a seat when it is under attack, can assist, or
  could copy the card just played; ``all`` whenever it could react; ``none`` never. Who is asked follows
  only what the table sees (RP, positions, how many cards a seat holds), never which cards: a window
  waiting on a seat must not tell the others it holds a trick, so a seat with cards is asked where a
  trick might fit, and may simply pass. The roll window asks the attacker and a melee defender holding
  cards. A seat sets
  its mode in a window or in its own turn (free); the table's option ``reactions`` gives everyone's first.
- **A human BUGMISTRESS** (co-op) is asked too, for her Tricks (rb 975: "at any time"), by the same rule:
  whenever she holds cards and her own mode says so (mistress_react.py).
- **Mid-Jump out of turn** (rb 911): a BUGBUSTER with RP left that starts to fall outside its own jump (a
  push, a blast, a shove) is asked first: ``midjump <``/``midjump >`` (1 RP, one square sideways, then it
  falls from there) or ``fall`` (physics.settle holds it meanwhile).
- **In the air** (rb 763): a jump, with the attack or Mid-Jump made on the way, is one action: its window
  opens once the jumper is down, and an attack from the air is rolled without a window before it (only
  the roll window). Nobody can act under a figure that is still in the air.

A reaction is played on the seat's own state of turn borrowed for the moment (``_borrow``): the same
code as the turn's, with the reacting seat as the active one and its RP as the AP; what it used is then
paid in RP. Quotes: shared/rulebooks/powerup.txt ("rb N").
"""

from __future__ import annotations

from rules.powerup import asks, attacks, combat, dice, effects, life, moves, physics, turn, turret
from rules.powerup.state import MODES, State, mode_of, set_mode

__all__ = ["MODES", "mode_of", "set_mode", "options", "answer", "advance", "open_window", "prompt"]
RP_VERBS = ("move", "back", "climb", "jump", "gate", "flip", "pick", "throw", "give", "shoot", "hit")
NO_WINDOW = ("end", "land", "equip", "mode", "allies")


# --- who is under the attack, what it costs them ------------------------------------------------------
def speed_for(s: State, seat: int) -> int:
    """The RP ``seat`` pays before reacting: the declared attack's speed if it is under it, else 0."""
    a = s.attack
    if a is None or a.rolled or seat not in attacks.attacked(s).values():
        return 0
    return a.speed


def budget(s: State, seat: int) -> int:
    return s.busters[seat].rp - speed_for(s, seat)


def can_assist(s: State, seat: int) -> bool:
    """rb 907: "as long as your character is in a position to help": a teammate of the attacker, not under
    the attack, who could make that attack on that target now (a shot's target in its sight and range, a
    blow's next to it), with 1 RP, not paused, not already assisting."""
    a = s.attack  # nobody assists a BUG (a.bug: no seat attacks)
    if a is None or a.rolled or a.bug or a.verb == "lob" or seat == a.seat or seat in a.assists:
        return False
    b = s.busters[seat]
    if b.team != s.busters[a.seat].team or b.rp < 1 or b.effect("pause") or b.protected:
        return False
    if a.verb == "shoot":
        w = life.weapon(b, "distance")
        targets = combat.ranged_targets(s, seat) if w is not None and w.kind == "R" else []
    else:
        targets = combat.melee_targets(s, seat)
    return any(t.word == a.word for t in targets)


# --- the borrowed turn ----------------------------------------------------------------------------------
_TURN = ("reacting", "ap", "air", "air_acted", "air_shifted", "streak", "bonus_dice", "bonus_hits", "bonus_for",
         "attack")


def _borrow(s: State, seat: int, ap: int) -> tuple:
    """Make ``seat`` the active one with ``ap`` AP for one action; returns what to give back."""
    saved = tuple(getattr(s, f) for f in _TURN)
    s.reacting = seat
    s.ap, s.air, s.air_acted, s.air_shifted, s.streak = ap, "", False, False, 0
    s.bonus_dice, s.bonus_hits, s.bonus_for, s.attack = "", 0, "", None
    return saved


def _give_back(s: State, saved: tuple) -> None:
    for f, v in zip(_TURN, saved, strict=True):
        setattr(s, f, v)


def rp_actions(s: State, seat: int) -> list[str]:
    """The turn's actions ``seat`` may take now for RP (``react <action>``)."""
    n = budget(s, seat)
    if n < 1:
        return []
    c = s.clone()
    _borrow(c, seat, n)
    return [f"react {a}" for a in turn.legal(c, seat)
            if a.split()[0] in RP_VERBS and a != "jump high" and " rp:" not in a]


# --- the windows ----------------------------------------------------------------------------------------
def _attacked_seats(s: State) -> set[int]:
    return set(attacks.attacked(s).values())


def _may_copy(s: State, seat: int) -> bool:
    """A card was just played and the seat could pay a Copycat (2 RP) — whether it holds one is its secret."""
    return bool(s.copyable) and bool(s.busters[seat].hand) and s.busters[seat].rp >= 2


def _in_roll(s: State, seat: int) -> bool:
    a = s.attack
    return a is not None and a.rolled and (seat == a.seat or a.verb == "hit" and bool(a.theirs)
                                           and a.word == s.busters[seat].sheet)


def _hers(s: State, seat: int) -> bool:
    """A human BUGMISTRESS's seat (co-op, the last): her Tricks in the windows are mistress_react.py's."""
    return s.coop is not None and s.coop.human and seat == len(s.seats)


def _worth_asking(s: State, seat: int, kind: str) -> bool:
    """Whether the window asks ``seat``: by its mode and what the table can see (RP, position, how many cards
    it holds — never which: being asked must not tell the others that it holds a trick)."""
    if _hers(s, seat):
        from rules.powerup import mistress_react

        return mistress_react.worth_asking(s, kind)
    mode = mode_of(s, seat)
    if mode == "none" or s.phase != "play":
        return False
    b = s.busters[seat]
    if kind == "roll":
        return _in_roll(s, seat) and bool(b.hand)
    if seat == s.active and not (s.attack is not None and s.attack.bug and not s.attack.rolled):
        return False  # its own action; but a BUG attacking it in its turn (Surprise!, a Thief) may be dodged
    a = s.attack  # the Machine-Gun Turret, "at any time" (rb 1168): by mode, against a BUG's attack or always
    if turret.shoot_actions(s, seat) and (mode == "all" or a is not None and bool(a.bug) and not a.rolled):
        return True
    attacked = seat in _attacked_seats(s)
    if attacked and (b.rp - speed_for(s, seat) >= 1 or b.hand):
        return True
    if can_assist(s, seat) or _may_copy(s, seat):
        return True
    return mode == "all" and (b.rp >= 1 or bool(b.hand))


def open_window(s: State, kind: str) -> None:
    """Ask every seat worth asking, in seat order (``kind`` act or roll)."""
    every = len(s.seats) + (1 if s.coop is not None and s.coop.human else 0)  # a human BUGMISTRESS's seat last
    seats = tuple(x for x in range(every) if _worth_asking(s, x, kind))
    s.window, s.window_kind = seats, kind
    if seats:
        s.windows += 1


def tidy(s: State) -> None:
    """Seats with nothing left to do in the open window are no longer asked (another's reaction moved the
    target away, took the card to copy...)."""
    s.window = tuple(x for x in s.window if _worth_asking(s, x, s.window_kind))


def options(s: State, seat: int) -> list[str]:
    """What ``seat`` may answer in the open window: ``pass`` (the default) first."""
    if _hers(s, seat):
        from rules.powerup import mistress_react

        return mistress_react.options(s)
    out = ["pass"]
    if s.window_kind == "roll":
        out += [f"react {a}" for a in effects.roll_cards(s, seat)]
    else:
        spd = speed_for(s, seat)
        a = s.attack
        if a is not None and not a.rolled and a.verb in ("shoot", "lob") and seat in _attacked_seats(s):
            out += [f"react roll {n}" for n in range(1, budget(s, seat) + 1)]
        if can_assist(s, seat):
            out.append("react assist")
        out += [f"react {c}" for c in effects.trick_actions(s, seat, extra_rp=spd)]
        out += rp_actions(s, seat)
        out += [f"react {x}" for x in turret.shoot_actions(s, seat)]  # free: the builder's turret (turret.py)
    out += [f"mode {m}" for m in MODES if m != mode_of(s, seat)]
    return out


def prompt(s: State, seat: int) -> str:
    if _hers(s, seat):
        from rules.powerup import mistress_react

        return mistress_react.prompt(s)
    a = s.attack
    who = attacks.attacker(s, a) if a is not None else ""
    if s.window_kind == "roll" and a is not None:
        return f"{who}'s roll: {dice.describe(a.mine)}{' vs ' + dice.describe(a.theirs) if a.theirs else ''}"[
            :90] + " — a trick, or pass"
    if seat in _attacked_seats(s) and a is not None:
        what = f"{who}'s grenade lands by you" if a.verb == "lob" else f"{who} {a.verb}s you"
        return f"{what}: react{f' (speed {a.speed}: +{a.speed} RP)' if a.speed else ''} or pass"  # a BUG's: 0
    if can_assist(s, seat) and a is not None:
        return f"{who} attacks {a.word}: assist (1 RP), react, or pass"
    if _may_copy(s, seat):
        return "a POW! card was just played: a trick (Copycat), react, or pass"
    if a is not None and not a.rolled:  # an attack on someone else: say which
        return f"{who} {a.verb}s {a.word}: react with your RP, or pass"
    active = s.busters[s.active].sheet if s.active is not None else ""
    return f"{active} acted: react with your RP, or pass"


def answer(s: State, seat: int, act: str, out: list[str]) -> None:
    """Apply ``seat``'s answer in the open window (the engine checked it is one of ``options``)."""
    s.window = tuple(x for x in s.window if x != seat)
    words = act.split()
    if words[0] == "pass":
        return
    if _hers(s, seat):
        from rules.powerup import mistress_react

        mistress_react.answer(s, act, out)
        return
    if words[0] == "mode":
        set_mode(s, seat, words[1])
        out.append(f"{s.busters[seat].sheet} will be asked to react: {words[1]}.")
        return
    if words[1] == "turret":  # its builder fires it "at any time" (rb 1168): no RP, so no speed (turret.py)
        turret.fire(s, seat, words[1:], out)
        return
    b = s.busters[seat]
    spd = speed_for(s, seat)
    what = words[1]
    if spd:
        out.append(f"{b.sheet} pays {spd} RP for the weapon's speed.")
    if what == "roll":
        n = int(words[2])
        life.spend(s, seat, rp=n + spd)
        roll = combat.roll_pool(s, dice.pool(0, n))
        hits = dice.hits(roll)
        out.append(f"{b.sheet} rolls away ({n} RP): {dice.describe(roll)}, {hits} hit{'s' if hits != 1 else ''} "
                   "cancelled.")
        combat.draw_pows(s, seat, roll, out)
        a = s.attack
        assert a is not None
        s.attack = a._replace(dodge=(*a.dodge, (b.sheet, hits)))
    elif what == "assist":
        life.spend(s, seat, rp=1)
        a = s.attack
        assert a is not None
        s.attack = a._replace(assists=(*a.assists, seat))
        out.append(f"{b.sheet} assists {s.busters[a.seat].sheet} (1 RP).")
    elif what == "card":
        life.spend(s, seat, rp=spd)
        effects.play_card(s, seat, " ".join(words[1:]), out)
    else:
        _act(s, seat, words[1:], spd, out)


def _act(s: State, seat: int, words: list[str], spd: int, out: list[str]) -> None:
    """An action of the turn out of turn, paid in RP (rb 891), made at once (an attack too)."""
    n = s.busters[seat].rp - spd
    active = s.active  # None in co-op's BUG turn: the borrowed turn is then the only one
    deaths = (s.busters[seat].deaths, s.busters[active].deaths if active is not None else 0)
    score = s.score
    saved = _borrow(s, seat, n)
    out.append(f"{s.busters[seat].sheet} reacts:")
    turn.apply(s, seat, " ".join(words), out)
    attacks.at_once(s, out)
    if s.air:
        moves.land(s, seat, out)
    used = n - s.ap
    _give_back(s, saved)
    if s.busters[seat].deaths == deaths[0]:  # one that died reacting came back with fresh RP: nothing owed
        life.spend(s, seat, rp=used + spd)
    # the borrowed turn mixed up who "the active seat" was for a death or a score: set it right
    if s.coop is None and s.busters[seat].deaths != deaths[0] and not s.played[seat]:
        s.short = tuple(sorted({*s.short, seat}))  # died reacting: 2 AP when its turn comes (rb 1918)
    if active is not None and s.busters[active].deaths != deaths[1]:
        s.ap, s.air, s.attack = 0, "", None  # the active seat died: its turn is over (rb 1918)
        s.short = tuple(x for x in s.short if x != active)
    if s.score != score:
        s.ap, s.air, s.attack, s.window = 0, "", None, ()  # a score ends the turn (the issue)


def advance(s: State, out: list[str]) -> bool:
    """Play on once questions are answered: open a window owed, roll a declared attack when its window has
    closed, land it when the roll window has. True while a window or a question waits on someone."""
    while s.phase == "play":
        asks.tidy(s)
        if s.asks:
            return True
        if s.window:
            tidy(s)
            if s.window:
                return True
            continue
        if s.window_due and not s.air:  # a jump is one action: its window opens when the jumper is down
            s.window_due = False
            open_window(s, "act")
            continue
        s.copyable = ()
        a = s.attack
        if a is None:
            return False
        if not a.rolled:
            attacks.roll(s, out)
            if s.attack is not None:
                open_window(s, "roll")
            continue
        attacks.land(s, out)
        if s.coop is not None:  # no score to check: gravity only (a figure stood on one that died)
            physics.settle(s, out, keep=s.air)
            continue
        from rules.powerup.deathmatch import settle_and_score

        settle_and_score(s, a.seat, out)
    return False
