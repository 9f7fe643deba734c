"""CONTINUE (rb 851-855; the issue): a fallen BUGBUSTER comes back for the track's current cost, "split among
the players" — each payer accepts its share — then the track advances. It appears on an ON POWERUP it picks
(turned OFF) with all its initial lives, ammo and RP; 2 AP if it has not acted this sequence, else it waits.
None without an ON POWERUP. It is the only way back from acid (a body in acid cannot be revived).

Offered at the group's who-goes-next choice, and at once when every BUGBUSTER is down (then declining, the
default, loses the mission). Notation: ``continue TOR RAY:2 PAM:1`` (bring TOR back; RAY pays 2, PAM 1), then
each payer but the one who proposed answers ``accept`` or ``refuse`` (a refusal drops the offer), then the
one brought back answers ``appear B1``. Quotes: shared/rulebooks/powerup.txt ("rb N").
"""

from __future__ import annotations

from rules.powerup import life
from rules.powerup.board import name, parse_square
from rules.powerup.coop_data import coop_data
from rules.powerup.data import game_data
from rules.powerup.state import State

MAX_SPLITS = 240  # splits listed per fallen BUGBUSTER (beyond: one payer alone, or shares as even as possible)


def cost(s: State) -> int:
    assert s.coop is not None
    return coop_data().continue_cost(s.coop.continue_level + 1)


def _splits(total: int, purses: list[tuple[str, int]]) -> list[tuple[tuple[str, int], ...]]:
    """Every way the payers' coins make ``total`` (shares of 0 left out), in a stable order."""
    out: list[tuple[tuple[str, int], ...]] = []

    def go(i: int, left: int, acc: tuple[tuple[str, int], ...]) -> None:
        if len(out) > MAX_SPLITS:
            return
        if left == 0:
            out.append(acc)
            return
        if i == len(purses):
            return
        who, coins = purses[i]
        for n in range(min(coins, left), -1, -1):
            go(i + 1, left - n, (*acc, (who, n)) if n else acc)

    go(0, total, ())
    return out


def offers(s: State) -> list[str]:
    """``continue TOR RAY:2 PAM:1`` for each fallen BUGBUSTER and each way to pay (rb 853)."""
    c = s.coop
    assert c is not None
    if not c.fallen or not appear_options(s) or c.offer:
        return []
    purses = [(b.sheet, b.coins) for b in s.busters if b.coins > 0]
    total = cost(s)
    if sum(n for _, n in purses) < total:
        return []
    ways = _splits(total, purses)
    return [f"continue {s.busters[x].sheet} " + " ".join(f"{who}:{n}" for who, n in way)
            for x in c.fallen for way in ways]


def propose(s: State, seat: int, action: str, out: list[str]) -> None:
    c = s.coop
    assert c is not None
    words = action.split()
    shares = tuple((w.split(":")[0], int(w.split(":")[1])) for w in words[2:])
    c.offer = (words[1], shares)
    proposer = s.busters[seat].sheet
    c.agreed = (proposer,) if any(who == proposer for who, _ in shares) else ()
    out.append(f"{proposer} offers a CONTINUE for {words[1]} ({cost(s)} coins: "
               + ", ".join(f"{who} {n}" for who, n in shares) + ").")
    _maybe_pay(s, out)


def waiting_payers(s: State) -> list[int]:
    """Seats still to accept their share of the offer on the table."""
    c = s.coop
    assert c is not None
    if not c.offer:
        return []
    return [i for i, b in enumerate(s.busters) if any(who == b.sheet for who, _ in c.offer[1])
            and b.sheet not in c.agreed]


def answer(s: State, seat: int, act: str, out: list[str]) -> None:
    c = s.coop
    assert c is not None
    who = s.busters[seat].sheet
    if act == "refuse":
        out.append(f"{who} does not pay: the CONTINUE is off.")
        c.offer, c.agreed = (), ()
        return
    c.agreed = (*c.agreed, who)
    out.append(f"{who} accepts.")
    _maybe_pay(s, out)


def _maybe_pay(s: State, out: list[str]) -> None:
    c = s.coop
    assert c is not None
    if waiting_payers(s):
        return
    target, shares = c.offer
    for who, n in shares:
        x = s.seat_of(who)
        assert x is not None
        s.set_buster(x, coins=s.busters[x].coins - n)
    paid = cost(s)
    c.continue_level += 1
    c.offer, c.agreed = (), ()
    seat = s.seat_of(target)
    assert seat is not None
    out.append(f"CONTINUE for {target} ({paid} coins); the next costs {cost(s)}.")
    s.asks = ((seat, "appear", target), *s.asks)


def appear_options(s: State) -> list[str]:
    return [f"appear {name(q)}" for q in sorted((q for q, on in s.powerups.items() if on), key=lambda q: (q[1], q[0]))
            if s.at(q) is None]


def appear(s: State, seat: int, act: str, out: list[str]) -> None:
    """rb 855: "their character appears in any POW that was on. Turn the POW off now. The character has all
    its initial lives, ammo and reaction points. If the player hasn't taken any actions during this turn, they
    will have 2 actions available"."""
    c = s.coop
    assert c is not None
    sq = parse_square(act.split()[1])
    assert sq is not None
    b = s.busters[seat]
    n = game_data().sheet(b.sheet).normal
    f = s.figures[b.sheet]
    if f.carried_by is not None:
        s.move_figure(f.carried_by, cargo=None)
    s.move_figure(b.sheet, square=sq, carried_by=None)
    s.powerups[sq] = False
    s.set_buster(seat, lives=life.LIVES, ammo=n.ammo, rp=n.rp)
    c.fallen = tuple(x for x in c.fallen if x != seat)
    c.melted = tuple(x for x in c.melted if x != seat)
    if not s.played[seat]:
        c.to_play = tuple(sorted({*c.to_play, seat}))
        s.short = tuple(sorted({*s.short, seat}))
    out.append(f"{b.sheet} is back on {name(sq)}{' with 2 AP this sequence' if not s.played[seat] else ''}.")
    if c.stage == "continue":
        c.stage, c.resume = c.resume or "next", ""
