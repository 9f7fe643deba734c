"""Secret tokens in co-op (rb 1128-1150) and Hidden Keys' secrets (rb 1798-1818): where the BUGMISTRESS places
them, what a BUGBUSTER finds, what it keeps hidden, giving a key, cashing hidden coins. A BUG finding them is
bug_squares.py's; a dying BUG dropping its secret is coop_life.die's. Quotes: shared/rulebooks/powerup.txt
("rb N").

Tokens are written as part 1 writes them (``RED:coins3``: who placed it, then what it is): the BUGMISTRESS
places co-op's, so ``BUGS:keyA``, ``BUGS:coins2``, ``BUGS:trap``, ``BUGS:powerup``; two on one square are
joined by ``+``. A secret a BUGBUSTER keeps is ``Coop.held``: (its figure, ``keyA`` / ``coins3``).

Readings:

- **Placement** (rb 1806: "the three keys (A, B and C) in the secret tokens"; the issue: "secrets A, B, C
  and 3 coin tokens placed by the BUGMISTRESS (AI: at random on supported squares off the start tile)"):
  the keys and ``Mission.secret_coins`` coin tokens drawn from the 8 of the box (rb 185, powerup.json), on
  squares a token may lie on (life.token_spots: standing room, no acid, spikes or stairs), off the start
  tile and off the BURPs' tiles (the BUGBUSTERs' ground and the BUGs': a BUG spawned beside a key would run
  off with it in the first sequence), off the gateways (a BUG finding a key there would lose the mission on
  the spot), one token a square, none under a figure or a POWERUP. Only Hidden Keys places secrets; the
  other missions have none.
- **Found** by the first figure to enter (the issue). A BUGBUSTER takes every token on the square:
  - a key is kept hidden (rb 1818: "they can keep it without showing what they have found");
  - coins (rb 1138: "You receive the number of coins that appears on the token"): in Hidden Keys kept
    hidden as the token (rb 1818 names "keys or coins"), outside its purse until it shows them: ``cash``
    (free, in its own turn) adds every hidden coin token to its coins, for all to see. Elsewhere they go to
    its coins at once;
  - a POWERUP token: an ON POWERUP on the square (the issue), which the finder then uses as any it enters;
  - the co-op Buggie Trap (rb 1148 is an empty heading; the issue's DESIGN, coop.json): 2 BUGGIEs stacked
    and dizzy on the square next to the finder on its row, ahead first, then behind (free, touching, not
    acid), facing it; caps permitting (as many as the BUGGIE cap leaves room for; none without a square).
    Dizzy until the end of the next BUG turn: they act from the one after (rb 960's dizziness lasts the
    BUG turn they came in; this one begins after them).
- **Who knows**: a found key or coin token is known to the finder's side, the others see "holds a secret"
  (the issue). Against the AI BUGMISTRESS the BUGBUSTERs' side is every seat: each private view lists what
  the BUGBUSTERs hold (``PrivateView.held``); the public view shows only that a figure holds a secret.
- **Kept through a fall**: a BUGBUSTER down keeps its secrets as it keeps its cards (rb 849's reading in
  powerup-arcade.md: it drops only what it carries). Only a dying BUG drops its secret (rb 1818: "If it dies,
  the secret falls to the ground and can be picked up").
- **Giving a key** (the issue: "keys can be given"; rb 506's give): ``give TOR keyA``, 1 AP, to a partner on
  one of the 8 squares around (touching), or between two BUGBUSTERs aboard the same GLITCH; as a reaction
  too (rb 891: an action at its usual cost). Hidden coins are shown (``cash``) before they are given.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core.rng import Rng
from rules.powerup import physics
from rules.powerup.board import Square, board, name
from rules.powerup.coop_data import Mission, coop_data
from rules.powerup.data import game_data
from rules.powerup.state import State

PLACER = "BUGS"  # who places co-op's secret tokens: the BUGMISTRESS
PLACERS = ("RED", "BLU", PLACER)
KEYS = ("A", "B", "C")
HIDDEN_MISSION = "keys"  # Hidden Keys (rb 1798): keys and coins are kept hidden (rb 1818)


# --- what a token is --------------------------------------------------------------------------------------
def body(token: str) -> str:
    """The token without who placed it: ``BUGS:keyA`` -> ``keyA``."""
    head, _, rest = token.partition(":")
    return rest if rest and head in PLACERS else token


def key_letter(token: str) -> str:
    """``A`` for a key A token (``BUGS:keyA``, ``keyA``), else ""."""
    b = body(token)
    return b[3:].lstrip(":") if b.startswith("key") else ""


def coin_value(token: str) -> int:
    b = body(token)
    return int(b[5:]) if b.startswith("coins") and b[5:].isdigit() else 0


def kept_by_bugs(token: str) -> bool:
    """rb 1818: the keys and coins, which a BUG keeps (any other token stays face down for a BUGBUSTER)."""
    return bool(key_letter(token) or coin_value(token))


def tokens(text: str) -> list[str]:
    return [t for t in text.split("+") if t]


# --- setup ------------------------------------------------------------------------------------------------
def place(s: State, m: Mission, r: Rng) -> None:
    """The BUGMISTRESS's secrets for a mission that has some (Hidden Keys): the keys and coin tokens at
    random (the AI's placement) on the squares ``spots`` allows."""
    if not m.secret_keys and not m.secret_coins:
        return
    coins = [t.value for t in game_data().secret_tokens if t.kind == "coins"]
    r.shuffle(coins)
    found = [f"{PLACER}:key{k}" for k in m.secret_keys] + [f"{PLACER}:coins{v}" for v in coins[:m.secret_coins]]
    where = spots(s, m)
    r.shuffle(where)
    for token, sq in zip(found, where, strict=False):
        s.secrets[sq] = token


def spots(s: State, m: Mission) -> list[Square]:
    """Where the AI may place a secret: see the module's readings. In board order (lower row first)."""
    from rules.powerup import life

    b = board(s.layout)
    theirs = {b.tile_of(f.square) for f in s.figures.values() if f.kind == "bug" and f.square is not None}
    tiles = {tuple(m.start_tile), *theirs}
    taken = {f.square for f in s.figures.values() if f.square is not None} | set(s.powerups) | set(s.secrets)
    return [sq for sq in life.token_spots(s.layout) if b.tile_of(sq) not in tiles and not b.gateway(sq)
            and sq not in taken]


# --- what a BUGBUSTER holds -------------------------------------------------------------------------------
def held(s: State, fid: str) -> list[str]:
    """The secrets a BUGBUSTER keeps hidden (``keyA``, ``coins3``), in the order found."""
    assert s.coop is not None
    return [t for who, t in s.coop.held if who == fid]


def holders(s: State) -> set[str]:
    """The figures holding a secret, as the table sees them ("holds a secret"): BUGBUSTERs and BUGs."""
    assert s.coop is not None
    return {who for who, _ in s.coop.held} | {f for f, b in s.coop.bugs.items() if b.secret}


def keys_with(s: State, fids: list[str]) -> set[str]:
    """The key letters these BUGBUSTERs hold between them."""
    assert s.coop is not None
    return {key_letter(t) for who, t in s.coop.held if who in fids and key_letter(t)}


def keys_everywhere(s: State) -> list[tuple[str, str]]:
    """Every key and where it is: (letter, "face down at C4" / "with BG3" / "with RAY"), for the invariants."""
    assert s.coop is not None
    out = []
    for sq, text in s.secrets.items():
        out += [(key_letter(t), f"face down at {name(sq)}") for t in tokens(text) if key_letter(t)]
    for fid, b in s.coop.bugs.items():
        out += [(key_letter(t), f"with {fid}") for t in tokens(b.secret) if key_letter(t)]
    out += [(key_letter(t), f"with {who}") for who, t in s.coop.held if key_letter(t)]
    return out


def _keep(s: State, fid: str, token: str) -> None:
    assert s.coop is not None
    s.coop.held = (*s.coop.held, (fid, body(token)))


# --- finding ---------------------------------------------------------------------------------------------
def find(s: State, seat: int, sq: Square, out: list[str]) -> None:
    """A BUGBUSTER entering ``sq`` takes every face-down token there (see the module's readings)."""
    assert s.coop is not None
    text = s.secrets.pop(sq, None)
    if not text:
        return
    fid = s.busters[seat].sheet
    hidden = s.coop.mission == HIDDEN_MISSION
    for token in tokens(text):
        what = body(token)
        value = coin_value(token)
        if key_letter(token) or value and hidden:
            _keep(s, fid, token)
            out.append(f"{fid} finds a secret at {name(sq)} and keeps it hidden.")
        elif value:
            s.set_buster(seat, coins=s.busters[seat].coins + value)
            out.append(f"{fid} finds a secret at {name(sq)}: {value} coin{'s' if value > 1 else ''}.")
        elif what == "powerup":
            s.powerups[sq] = True
            out.append(f"{fid} finds a secret at {name(sq)}: a POWERUP (ON).")
        elif what == "trap":
            out.append(f"{fid} finds a secret at {name(sq)}: a Buggie Trap!")
            trap(s, fid, out)


def trap(s: State, fid: str, out: list[str]) -> str:
    """The co-op Buggie Trap (coop.json ``buggie_trap``): its BUGGIEs stacked and dizzy next to ``fid``,
    facing it, caps permitting. Returns the new figure's id ("" none)."""
    from rules.powerup import ai_mistress, coop_life

    assert s.coop is not None
    t = coop_data().buggie_trap
    room = coop_data().caps[t.bug] - ai_mistress.count(s, t.bug)
    n = min(t.count, room) if t.stacked else min(1, room)
    here = s.where(fid)
    f = s.figures[fid].facing
    bd = board(s.layout)
    spot = next((x for x in ((here[0] + f, here[1]), (here[0] - f, here[1]))
                 if bd.step_open(here, x) and physics.free(s, x) and not bd.acid(x)), None) if here else None
    if n <= 0 or spot is None:
        out.append("The trap is empty: " + ("no room beside it." if n > 0 else f"no {t.bug} is left."))
        return ""
    facing = 1 if here[0] > spot[0] else -1  # type: ignore[index]
    bug = coop_life.add_bug(s, t.bug, spot, facing, dizzy=t.dizzy)
    s.coop.bugs[bug] = replace(s.coop.bugs[bug], stack=n)
    out.append(f"{bug} ({n} {t.bug}{'s' if n != 1 else ''}{', dizzy' if t.dizzy else ''}) jumps out at {name(spot)}.")
    physics.settle(s, out, keep=s.air)
    if bug in s.figures and s.figures[bug].square is not None:
        physics.arrive(s, bug, out)
    return bug


# --- in a turn: give a key, show hidden coins -------------------------------------------------------------
def give_to(s: State, seat: int) -> list[str]:
    """The partners ``seat`` may hand a key to: touching it on the board, or aboard its GLITCH."""
    from rules.powerup import glitch, reach

    me = s.busters[seat].sheet
    g = glitch.glitch_of(s, me)
    if g:
        return [x for x in glitch.riders(s, g) if x != me and s.seat_of(x) is not None]
    return [x for x in reach.give_targets(s, seat) if not glitch.glitch_of(s, x)]


def actions(s: State, seat: int) -> list[str]:
    """``give TOR keyA`` (1 AP) and ``cash`` (free) for the active seat."""
    if s.coop is None:
        return []
    me = s.busters[seat].sheet
    mine = held(s, me)
    out = []
    if s.ap >= 1 and any(key_letter(t) for t in mine):
        out += [f"give {ally} {t}" for ally in give_to(s, seat) for t in mine if key_letter(t)]
    if any(coin_value(t) for t in mine) and s.reacting < 0:
        out.append("cash")
    return out


def give_key(s: State, seat: int, ally: str, token: str, out: list[str]) -> None:
    """Hand a key over (the caller took the AP): it stays hidden, now with ``ally``."""
    assert s.coop is not None
    me = s.busters[seat].sheet
    pairs = list(s.coop.held)
    pairs.remove((me, token))
    s.coop.held = (*pairs, (ally, token))
    out.append(f"{me} hands a secret to {ally}.")


def cash(s: State, seat: int, words: list[str], out: list[str]) -> None:
    """Show the hidden coin tokens: their coins join the purse (rb 1138)."""
    assert s.coop is not None
    me = s.busters[seat].sheet
    value = sum(coin_value(t) for t in held(s, me))
    s.coop.held = tuple((who, t) for who, t in s.coop.held if who != me or not coin_value(t))
    s.set_buster(seat, coins=s.busters[seat].coins + value)
    out.append(f"{me} shows its hidden coins: {value} coin{'s' if value != 1 else ''}.")
