"""Why an attack or a POW! card is refused (refusals.py): who may be attacked, sight and range, ammo, extra
dice; a card not held, not payable or with nothing to gain. Quotes: shared/rulebooks/powerup.txt ("rb N")."""

from __future__ import annotations

from collections.abc import Callable

from rules.core.errors import quoted
from rules.powerup import bug_events, life, pow_self, reach
from rules.powerup.board import Square, board, name, parse_square
from rules.powerup.cards import card_name, card_token
from rules.powerup.data import LIVES, game_data
from rules.powerup.effects import EFFECTS, payable
from rules.powerup.refuse_words import SIGHT, _ap, _named, _some
from rules.powerup.state import State


# --- attacks (rb 787-829) -------------------------------------------------------------------------------
def _ready(s: State, seat: int) -> str | None:
    """What stops any attack: one per jump (rb 753: "You can only attack once per jump"), 1 AP (rb 465),
    Player Pause (rb 1249: "cannot attack or be attacked")."""
    if s.air and s.air_acted:
        return "one attack per jump or fall"
    paused = s.busters[seat].effect("pause")
    if s.busters[seat].protected:  # rb 1920: "it cannot attack or be attacked"
        return "you are protected until your first normal action (a move, a flip…): no attacks until then"
    return _ap(s, "an attack", 1) or ("you are paused (Player Pause): no attacks" if paused else None)


def _foe(s: State, seat: int, fid: str, verb: str) -> str | None:
    """Why a figure is no target: yourself, your team, a respawned one still protected (rb 1920: "it cannot
    attack or be attacked"), a paused one (rb 1249); robots are carried, not attacked (rb 1156); a drum is
    shot (rb 1100) or thrown (rb 1099), not hit (combat.melee_targets)."""
    fig, other = s.figures[fid], s.seat_of(fid)
    if fid == s.busters[seat].sheet:
        return "you cannot attack yourself"
    if fig.carried_by:
        return f"{fid} is carried by {fig.carried_by}"
    if fig.kind == "robot":
        return "robots are carried, not attacked"
    if fig.kind == "drum":
        return None if verb == "shoot" else f"{fid} is a drum: shoot it or pick it up"
    assert other is not None  # a BUGBUSTER: its seat's
    t = s.busters[other]
    if t.team == s.busters[seat].team:
        return f"{fid} is on your team"
    if t.protected:
        return f"{fid} is protected until its first action after respawning"
    return f"{fid} is paused (Player Pause)" if t.effect("pause") else None


def _extras(s: State, seat: int, what: str, there: Square, words: list[str], shot: bool) -> str | None:
    """After the target: the push side of a BUGBUSTER straight above or below (rb 741: "the attacker decides
    which side"; a drum or a cover is not pushed), and a shot's extra yellow dice bought with ammo or RP
    (AMMO_Y, RP_Y: rb 649-651)."""
    (x, y), _ = reach.position(s, seat)
    sides = [w for w in words if w in ("<", ">")]
    pushed = there[0] == x and s.seat_of(what) is not None
    if pushed and not sides:
        return f"{what} is straight {'above' if there[1] > y else 'below'}: add the push side, < or >"
    if sides and not pushed:
        return "a push side is given only for a BUGBUSTER straight above or below"
    b = s.busters[seat]
    w = life.weapon(b, "distance")
    for kind, _, n in (word.partition(":") for word in words):
        if shot and w is not None and kind in ("ammo", "rp") and n.isdigit():
            key, left = ("AMMO_Y", b.ammo - w.ammo_per_shot) if kind == "ammo" else ("RP_Y", b.rp)
            if key not in w.keywords:
                return f"your {w.name} buys no extra dice with {kind} (no {key})"
            if int(n) > left:
                return f"{kind}:{n} is more than you can spend ({left})"
    return None


def _shoot(s: State, seat: int, args: list[str]) -> str | None:
    """rb 791: "If your enemy is within your line of sight, and the number of squares between you is equal or
    less to the "Range" of your equipped weapon ... 1 action and 1 ammo point"; sight and the squares between
    as combat.ranged_targets counts them (the index in the ray; a cover only adds armor)."""
    b = s.busters[seat]
    w = life.weapon(b, "distance")
    if why := _ready(s, seat) or bug_events.no_distance(s):
        return why
    if w is None:
        return "you have no distance weapon" + (" (EPIC weapons only)" if b.epic else "")
    if w.kind == "V":
        return f"your {w.name} has a variable range: use lob"
    if b.ammo < w.ammo_per_shot:
        return f"no ammo: the shot needs {w.ammo_per_shot}"
    fid, why = _named(s, args[0]) if args else (None, "shoot whom? shoot <target>")
    if fid is None or (why := _foe(s, seat, fid, "shoot")):
        return why
    here, f = reach.position(s, seat)
    there = s.where(fid)
    assert there is not None  # not carried (_foe): it stands on its square
    occupied = s.occupied()
    for ray in board(s.layout).rays[(here, f)]:
        if there in ray:
            k = ray.index(there)
            first = next((q for q in ray[:k] if q in occupied), None)
            if first is not None:
                return f"{fid} is not in sight: {occupied[first]} on {name(first)} is in the way"
            if k > (w.range or 0):
                return f"{fid} is {k} away, range {w.range}"
            return _extras(s, seat, fid, there, args[1:], shot=True)
    dx, dy = there[0] - here[0], there[1] - here[1]
    if dx * f < 0:
        return f"{fid} is behind you: flip to face it"
    if dx == 0 or dy == 0 or abs(dx) == abs(dy):
        return f"a block or solid platform stops your sight to {fid}"
    return f"{fid} is not in sight ({SIGHT})"


def _hit(s: State, seat: int, args: list[str]) -> str | None:
    """rb 809: "If you are next to your target and no obstacle prevents it, you can engage it in melee
    combat": ahead, diagonally ahead, above or below (combat.melee_targets); a cover there may be hit to
    destroy it (rb 1126)."""
    if why := _ready(s, seat) or (None if args else "hit whom? hit <target>"):
        return why
    sq = parse_square(args[0]) if len(args[0]) <= 3 else None
    if sq is not None and sq in s.covers:
        what, there = f"the cover on {name(sq)}", sq
    else:
        fid, why = _named(s, args[0])
        if fid is None or (why := _foe(s, seat, fid, "hit")):
            return why
        what, there = fid, s.where(fid)
        assert there is not None  # not carried (_foe): it stands on its square
    (x, y), f = reach.position(s, seat)
    if there not in ((x + f, y), (x + f, y + 1), (x + f, y - 1), (x, y + 1), (x, y - 1)):
        return f"{what} is not next to you (melee: ahead, diagonally ahead, above or below)"
    if not board(s.layout).step_open((x, y), there):
        return f"a block or solid platform is between you and {what}"
    return _extras(s, seat, what, there, args[1:], shot=False)


def _lob(s: State, seat: int, args: list[str]) -> str | None:
    """rb 823: a grenade's range is variable, "roll one yellow die"; the impact square is chosen after the
    roll. Not from mid-air (attacks.attack_actions)."""
    b = s.busters[seat]
    w = life.weapon(b, "distance")
    if why := _ready(s, seat) or bug_events.no_distance(s) or ("no throwing from mid-air" if s.air else None):
        return why
    if w is None or w.kind != "V":
        return "you have no distance weapon" if w is None else f"your {w.name} has a fixed range: shoot <target>"
    if b.ammo < w.ammo_per_shot:
        return f"no ammo: the {w.name} needs {w.ammo_per_shot}"
    return "lob takes no target: you choose the impact square after the roll" if args else None


# --- POW! cards (rb 522-536, rb 1170-1277) --------------------------------------------------------------
def _card(s: State, seat: int, args: list[str]) -> str | None:
    """Played for 0 AP in the own turn (rb 530: "Special cards can only be used during your turn"), the cost
    paid, not a card Double Team drew this turn (rb 1208: "may not use the cards in this turn")."""
    b = s.busters[seat]
    card = next((c for c in b.hand if args and card_token(c).lower() == args[0].lower()), None)
    if card is None:
        return f"you hold no card {quoted(args[0], 24)}" if args else f"which card? {_some(map(card_token, b.hand))}"
    e = EFFECTS[card_name(card)]
    if card in s.fresh:
        return f"{card_token(card)} came from Double Team: not playable this turn"
    if not payable(s, seat, card):
        k, n = next((k, n) for k, n in e.card.cost.items() if (b.rp if k == "rp" else b.ammo) < n)
        return f"{e.name} costs {n} {'RP' if k == 'rp' else 'ammo'}, {b.rp if k == 'rp' else b.ammo} left"
    options, arg = e.args(s, seat), (args[1] if len(args) > 1 else "")
    if not options:
        return _useless(s, seat, e.name)
    if options == [""]:
        return f"{e.name} takes nothing after it" if arg else None
    return None if arg.upper() in {o.upper() for o in options} else f"{e.name}: choose {_some(options, 50)}"


def _useless(s: State, seat: int, card: str) -> str:
    """A card held and payable but not playable now: an attack trick with no attack of its kind to help
    (effects.py's "Attack tricks"), nothing to gain (its "Nothing to gain, not listed"), or no use here."""
    c = game_data().pow(card)
    if c.type == "trick" and {"white", "yellow", "hits"} & set(c.amounts):
        kind, kinds = c.only or "any", pow_self.attack_kinds(s, seat)
        if kinds if kind == "any" else kind in kinds:
            return f"{card} does not fit the {s.bonus_for} bonus waiting for your next attack"
        return f"{card} needs {'an' if kind == 'any' else 'a ' + kind} attack you can make now"
    why = USELESS.get(card)
    return why(s) if why else f"{card} has nothing to do now"


USELESS: dict[str, Callable[[State], str]] = {
    "Medikit": lambda s: f"Medikit: you already have {LIVES} lives",  # rb 1237
    "Player Pause": lambda s: "Player Pause: you are paused already",  # rb 1249
    "Money Bot": lambda s: "Money Bot: no coins lie on the board",  # rb 1241 (found and dropped coins)
    "Teleport": lambda s: "Teleport: no free POWERUP is ON",  # rb 1265
    "Assemble": lambda s: "Assemble: you have no teammate",  # rb 1184
    "There's a monkey!": lambda s: "There's a monkey!: no enemy on the board",  # rb 1269
    "Turn on POWERUPs": lambda s: (  # rb 1277: "For each ammo point used"
        "Turn on POWERUPs: every POWERUP is ON" if all(s.powerups.values()) else "Turn on POWERUPs: no ammo"),
    "Barrier Granade": lambda s: (  # rb 1190: "in an adjacent square"; rb 93: the box's 3 covers
        "Barrier Granade: no free square next to you" if len(s.covers) < game_data().caps.covers
        else "Barrier Granade: every cover is on the board"),
    "BrainWash": lambda s: "BrainWash acts on the BUGMISTRESS: DEATHMATCH has none",  # rb 1194
    "Disruptor": lambda s: "Disruptor acts on the BUGMISTRESS: DEATHMATCH has none",  # rb 1204
    "Epic joker": lambda s: "the Epic joker is only a letter for EPIC",  # rb 1218
    "Take a Mulligan": lambda s: "Take a Mulligan re-rolls an attack's roll, once rolled",  # rb 1257
    "Copycat": lambda s: "Copycat takes a card another seat just played",  # rb 1200
}
