"""Professions (option ``professions:on``; rb 1160-1168 and issue 14): each BUGBUSTER has one of the six
professions of coop.json, showing one of its two sides; the side's ``effect`` word says what it does.
The Machine-Gun Turret the engineer builds is turret.py's.

Readings (quotes: shared/rulebooks/powerup.txt, "rb N"; the sides' texts: coop.json and
docs/games/powerup-coop-data.md "Professions", DESIGN where the rulebook prints none):

- **Assigned at setup**: rb 1162 says "your BUGBUSTER can have PROFESSION within the squadron. There are
  two possible abilities for each profession. Chose which one" but not who gets which. Our reading: before
  the first BUG turn (``Coop.stage`` ``professions``), in sheet (seat) order, each BUGBUSTER picks a
  profession no partner holds ("within the squadron": no two alike; 6 sheets, rb 57, for at most 4) and
  its side: ``profession medic b``. Default: the first free profession in the data's order, side a.
- **The flip**: "When you enter a POWERUP you can turn around the profession sheet and change your ability"
  (rb 1162): ``flip``, an answer of the co-op store's ``shop`` question (coop_store.py), free, once each
  time an ON POWERUP is entered.
- The twelve sides, each where the engine reads it:
  - engineer a ``turret`` (2 AP): the Machine-Gun Turret (rb 1166-1168; turret.py);
  - engineer b ``door`` (1 AP): ``door B8`` opens or shuts a gateway on your square or one of the 8 around,
    as the Open/Close Door card does anywhere (rb 1245: it toggles ``State.shut``; the OFF marker is not a
    shut door and stays where it is);
  - medic a ``revive``: ``revive TOR`` costs 1 AP and the partner comes back with 2 lives (coop_verbs.py);
  - medic b ``heal`` (1 AP, once a turn): ``heal TOR``, a standing partner on one of the 8 squares around
    regains 1 life, never above 3 (rb 225);
  - scout a ``jump_cost``: jumps (``jump``, ``jump up``) cost 1 AP, as JUMP1 (rb 667; reach.jump_cost);
  - scout b ``peek`` (free, once a turn): ``peek C4``, a face-down secret within 3 squares (any way round,
    walls or not: a look, not a shot) is shown to the BUGBUSTERs' private screens, never to the channel;
  - heavy a ``armor``: +1 armor against every hit (combat.strike; the view's armor shows it);
  - heavy b ``throw``: what you throw lands 2 squares farther (moves.throw), still stopped by a wall or a
    figure;
  - hacker a ``powerup_draw``: entering an ON POWERUP it looks at the top 2 POW! cards and keeps 1 (the
    other to the discard) instead of drawing 1 (``keep Fury:E``, the ``shop`` question's first answer);
    with 4 cards in hand the usual rule holds (rb 536: discard one first, or decline);
  - hacker b ``gateway_free``: going through a gateway puts no OFF marker on it (moves.gate);
  - sniper a ``range``: +2 range with fixed-range weapons (kind R: combat.ranged_targets);
  - sniper b ``pierce_armor``: its ranged attacks (shots, grenades, launchers and what they spread to)
    ignore 1 of the target's own armor, never a cover's (combat.strike, coop_combat.strike).
- Profession actions are turn actions: out of turn only the turret is fired (rb 1168: "at any time");
  ``door``, ``heal`` and ``peek`` are not reactions (the co-op verbs, like ``revive``, are not rb 891's
  "actions" of a turn paid in RP).
"""

from __future__ import annotations

from rules.core.engine import Decision, DecisionKind
from rules.powerup.board import Square, board, name, parse_square
from rules.powerup.coop_data import Profession, Side, coop_data
from rules.powerup.data import HAND, LIVES
from rules.powerup.state import State

STAGE = "professions"  # Coop.stage while the BUGBUSTERs pick (before the first BUG turn)
SIDES = ("a", "b")
REVIVE_AP, REVIVE_LIVES = 2, 1  # without the Field Surgeon (the issue: "Revive ... (2 AP): 1 life")


# --- who is what ---------------------------------------------------------------------------------------
def profession(pid: str) -> Profession:
    return next(p for p in coop_data().professions if p.id == pid)


def of(s: State, seat: int) -> tuple[Profession, str] | None:
    """The seat's profession and the side it shows, or None (professions off, or not picked yet)."""
    c = s.coop
    if c is None or not 0 <= seat < len(c.professions) or not c.professions[seat]:
        return None
    pid, side = c.professions[seat].split(":")
    return profession(pid), side


def side(s: State, seat: int) -> Side | None:
    found = of(s, seat)
    if found is None:
        return None
    p, k = found
    return p.a if k == "a" else p.b


def effect(s: State, seat: int | None) -> str:
    """The effect word of the side the seat shows ("" none)."""
    sd = side(s, seat) if seat is not None else None
    return sd.effect if sd is not None else ""


def amount(s: State, seat: int | None, word: str, key: str) -> int:
    """The side's amount ``key`` when the seat shows the side ``word``, else 0."""
    sd = side(s, seat) if seat is not None else None
    return sd.amounts.get(key, 0) if sd is not None and sd.effect == word else 0


def label(s: State, seat: int) -> str:
    """"Engineer: Turret Builder (a)" ("" none): for the views."""
    found = of(s, seat)
    if found is None:
        return ""
    p, k = found
    return f"{p.name}: {(p.a if k == 'a' else p.b).name} ({k})"


# --- what the sides change elsewhere (each caller cites its own line) -----------------------------------
def armor_bonus(s: State, seat: int) -> int:
    """heavy a (Tank): "+1 armor"."""
    return amount(s, seat, "armor", "armor")


def pierce(s: State, by: int | None, ranged: bool) -> int:
    """sniper b (Armor Piercer): "Your ranged attacks ignore 1 armor"."""
    return amount(s, by, "pierce_armor", "armor") if ranged else 0


def range_bonus(s: State, seat: int, kind: str) -> int:
    """sniper a (Long Barrel): "+2 range with fixed-range weapons" (kind R)."""
    return amount(s, seat, "range", "range") if kind == "R" else 0


def throw_bonus(s: State, seat: int) -> int:
    """heavy b (Strongarm): "What you throw lands 2 squares farther"."""
    return amount(s, seat, "throw", "squares")


def jump_ap(s: State, seat: int) -> int:
    """scout a (Parkour): "Your jumps cost 1 AP" (0: no such side)."""
    return amount(s, seat, "jump_cost", "ap")


def gateway_free(s: State, seat: int) -> bool:
    """hacker b (Backdoor): "Going through a gateway does not shut it (no OFF marker)"."""
    return effect(s, seat) == "gateway_free"


def revive_cost(s: State, seat: int) -> int:
    """medic a (Field Surgeon): "Reviving a partner costs you 1 AP" (else 2)."""
    return amount(s, seat, "revive", "ap") or REVIVE_AP


def revive_lives(s: State, seat: int) -> int:
    """medic a (Field Surgeon): the partner "comes back with 2 lives" (else 1)."""
    return amount(s, seat, "revive", "lives") or REVIVE_LIVES


# --- the pick at setup ----------------------------------------------------------------------------------
def begin(s: State, out: list[str]) -> None:
    """Professions on: every seat without one; the picks come before the first BUG turn."""
    c = s.coop
    assert c is not None
    c.professions = tuple("" for _ in s.busters)  # the BUGBUSTERs' seats (a human BUGMISTRESS's has none)
    c.stage = STAGE
    out.append("Professions (rb 1162): in sheet order, each BUGBUSTER picks a profession no partner has, and "
               "its side.")


def picker(s: State) -> int | None:
    """The seat that picks now: the first in sheet order without a profession."""
    c = s.coop
    assert c is not None
    return next((i for i, p in enumerate(c.professions) if not p), None)


def pick_options(s: State, seat: int) -> list[str]:
    """``profession engineer a`` ...: the professions no partner holds, each side; the default first."""
    c = s.coop
    assert c is not None
    if seat != picker(s):
        return []
    taken = {p.split(":")[0] for p in c.professions if p}
    return [f"profession {p.id} {k}" for p in coop_data().professions if p.id not in taken for k in SIDES]


def pending(s: State) -> dict[int, Decision]:
    seat = picker(s)
    assert seat is not None
    options = pick_options(s, seat)
    return {seat: Decision(DecisionKind.TURN, f"prof{seat}", options[0],
                           "pick your profession and its side (rb 1162): profession <name> a|b")}


def pick(s: State, seat: int, action: str, out: list[str]) -> None:
    """Apply ``profession <id> <side>``; the last pick starts the first sequence (its BUG turn)."""
    from rules.powerup import coop_turn

    c = s.coop
    assert c is not None
    _, pid, k = action.split()
    picks = list(c.professions)
    picks[seat] = f"{pid}:{k}"
    c.professions = tuple(picks)
    out.append(f"{s.busters[seat].sheet} is the {label(s, seat)}.")
    if picker(s) is None:
        c.stage = "bug"
        coop_turn.start_sequence(s, out)


# --- the flip at a POWERUP (coop_store.py's ``shop`` question) -------------------------------------------
def powered_up(s: State, seat: int) -> bool:
    """An ON POWERUP entered: the flip is offered again; True when the hacker's Overclock looks at the top
    POW! cards instead of drawing one (its hand has room, and there are cards to look at)."""
    c = s.coop
    assert c is not None
    c.used = tuple(u for u in c.used if u != f"flip@{seat}")
    c.overclock = -1
    draw = amount(s, seat, "powerup_draw", "draw")
    if not draw or len(s.busters[seat].hand) >= HAND or not (s.pow_deck or s.pow_discard):
        return False
    if len(s.pow_deck) < draw and s.pow_discard:  # rb 237-239: the discard, shuffled, under what is left
        from rules.powerup.state import shuffled

        s.pow_deck, s.pow_discard = (*s.pow_deck, *shuffled(s, s.pow_discard)), ()
    c.overclock = seat
    return True


def keep_options(s: State, seat: int) -> list[str]:
    """hacker a: ``keep Fury:E``, one of the top cards (coop.json ``draw``), while Overclock waits."""
    from rules.powerup.cards import card_token

    c = s.coop
    assert c is not None
    if c.overclock != seat:
        return []
    n = amount(s, seat, "powerup_draw", "draw")
    return [f"keep {card_token(x)}" for x in dict.fromkeys(s.pow_deck[:n])]


def keep(s: State, seat: int, token: str, out: list[str]) -> None:
    """Keep one of the top cards; the others looked at go to the discard."""
    from rules.powerup.cards import card_token

    c = s.coop
    assert c is not None
    n = amount(s, seat, "powerup_draw", "draw")
    top = list(s.pow_deck[:n])
    looked = len(top)
    card = next(x for x in top if card_token(x) == token)
    top.remove(card)
    b = s.busters[seat]
    s.set_buster(seat, hand=(*b.hand, card))
    s.pow_deck, s.pow_discard = s.pow_deck[n:], (*s.pow_discard, *top)
    c.overclock = -1
    out.append(f"{b.sheet} looks at {looked} POW! cards and keeps one (Overclock).")


def can_flip(s: State, seat: int) -> bool:
    c = s.coop
    return c is not None and of(s, seat) is not None and f"flip@{seat}" not in c.used


def flip(s: State, seat: int, out: list[str]) -> None:
    """rb 1162: "When you enter a POWERUP you can turn around the profession sheet and change your ability"."""
    c = s.coop
    found = of(s, seat)
    assert c is not None and found is not None
    p, k = found
    picks = list(c.professions)
    picks[seat] = f"{p.id}:{'b' if k == 'a' else 'a'}"
    c.professions = tuple(picks)
    c.used = (*c.used, f"flip@{seat}")
    out.append(f"{s.busters[seat].sheet} turns its profession sheet over: {label(s, seat)}.")


# --- once a turn ----------------------------------------------------------------------------------------
def _key(s: State, word: str, seat: int) -> str:
    return f"{word}@{s.sequence}.{seat}"  # a seat plays once a sequence: this names its turn


def used(s: State, word: str, seat: int) -> bool:
    c = s.coop
    return c is not None and _key(s, word, seat) in c.used


def _mark(s: State, word: str, seat: int) -> None:
    """Record a once-a-turn use; older turns' marks go (the flip's stay until the next POWERUP)."""
    c = s.coop
    assert c is not None
    now = f"@{s.sequence}."
    c.used = (*(u for u in c.used if u.startswith("flip@") or now in u), _key(s, word, seat))


# --- the turn's actions: door, heal, peek (the turret: turret.py) ----------------------------------------
def _around(s: State, seat: int) -> Square | None:
    return s.where(s.busters[seat].sheet)


def door_squares(s: State, seat: int) -> list[Square]:
    """engineer b: the gateways on the seat's square and the 8 around it."""
    me = _around(s, seat)
    if me is None:
        return []
    return [g for g in board(s.layout).gateways() if max(abs(g[0] - me[0]), abs(g[1] - me[1])) <= 1]


def heal_targets(s: State, seat: int) -> list[str]:
    """medic b: standing partners on the 8 squares around (as a give, rb 506) with fewer than 3 lives."""
    c = s.coop
    me = _around(s, seat)
    if c is None or me is None:
        return []
    bd = board(s.layout)
    out = []
    for i, b in enumerate(s.busters):
        sq = s.where(b.sheet)
        if i == seat or i in c.fallen or sq is None or b.lives >= LIVES or not bd.step_open(me, sq):
            continue
        out.append(b.sheet)
    return out


def peek_squares(s: State, seat: int) -> list[Square]:
    """scout b: squares with face-down secrets within its range (any way round) not already known."""
    me = _around(s, seat)
    if me is None:
        return []
    reach = amount(s, seat, "peek", "range")
    known = dict(_peeks(s))
    return sorted((q for q, tokens in s.secrets.items() if max(abs(q[0] - me[0]), abs(q[1] - me[1])) <= reach
                   and known.get(name(q)) != tokens), key=lambda q: (q[1], q[0]))


def actions(s: State, seat: int) -> list[str]:
    """The seat's profession actions in its turn (the turret's come from turret.py)."""
    from rules.powerup import turret

    word = effect(s, seat)
    out = turret.actions(s, seat)
    if s.air or not word:
        return out
    if word == "door" and s.ap >= amount(s, seat, "door", "ap"):
        out += [f"door {name(g)}" for g in door_squares(s, seat)]
    elif word == "heal" and s.ap >= amount(s, seat, "heal", "ap") and not used(s, "heal", seat):
        out += [f"heal {x}" for x in heal_targets(s, seat)]
    elif word == "peek" and not used(s, "peek", seat):
        out += [f"peek {name(q)}" for q in peek_squares(s, seat)]
    return out


def door(s: State, seat: int, words: list[str], out: list[str]) -> None:
    """engineer b (Door Mechanic), 1 AP: the gateway opens if shut, else shuts (as rb 1245's card)."""
    sq = parse_square(words[1])
    assert sq is not None
    s.ap -= amount(s, seat, "door", "ap")
    from rules.powerup.pow_board import toggle_door

    toggle_door(s, sq, s.busters[seat].sheet, out)


def heal(s: State, seat: int, words: list[str], out: list[str]) -> None:
    """medic b (First Aid), 1 AP, once a turn: +1 life, never above 3."""
    other = s.seat_of(words[1])
    assert other is not None
    s.ap -= amount(s, seat, "heal", "ap")
    lives = min(LIVES, s.busters[other].lives + amount(s, seat, "heal", "lives"))
    s.set_buster(other, lives=lives)
    _mark(s, "heal", seat)
    out.append(f"{s.busters[seat].sheet} patches up {words[1]}: {lives} li{'ves' if lives != 1 else 'fe'}.")


def peek(s: State, seat: int, words: list[str], out: list[str]) -> None:
    """scout b (Keen Eye), free, once a turn: the BUGBUSTERs now know what lies there (private screens)."""
    c = s.coop
    sq = parse_square(words[1])
    assert c is not None and sq is not None
    c.peeks = (*((q, t) for q, t in _peeks(s) if q != name(sq)), (name(sq), s.secrets[sq]))
    _mark(s, "peek", seat)
    out.append(f"{s.busters[seat].sheet} has a good look at the secret at {name(sq)}.")


def _peeks(s: State) -> tuple[tuple[str, str], ...]:
    """The looks still true: the same tokens still lie there face down."""
    c = s.coop
    if c is None:
        return ()
    return tuple((q, t) for q, t in c.peeks if s.secrets.get(parse_square(q)) == t)  # type: ignore[arg-type]


def known(s: State) -> list[tuple[str, str]]:
    """(square, token kind) of each secret a scout has looked at, for the BUGBUSTERs' private views."""
    return [(q, token.split(":")[-1]) for q, tokens in _peeks(s) for token in tokens.split("+")]


VERBS = {"door": door, "heal": heal, "peek": peek}
