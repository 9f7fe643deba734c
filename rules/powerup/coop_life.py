"""What a BUG is and what happens when it is hurt (rb 981-1037, rb 847, rb 1009), as life.py is for a
BUGBUSTER: its sheet, armor, dice (a BUGGIE stack rolls every BUGGIE's dice: TEAM 4, rb 991), immunities;
hurt, and its death: the reward coins left on its square for the next BUGBUSTER to enter, the killer's
points (SPAWN cost x 100), a stolen card back to its owner, a carried secret dropped face down. An acid
death leaves no coins and scores for the one who pushed it (the issue).
Quotes: shared/rulebooks/powerup.txt ("rb N").
"""

from __future__ import annotations

from dataclasses import replace

from rules.powerup import bug_events, dice
from rules.powerup.coop_data import BugSheet, coop_data
from rules.powerup.coop_state import Bug
from rules.powerup.state import State


def bug(s: State, fid: str) -> Bug:
    assert s.coop is not None
    return s.coop.bugs[fid]


def sheet(s: State, fid: str) -> BugSheet:
    return coop_data().sheet(bug(s, fid).kind)


def armor(s: State, fid: str) -> int:
    """The sheet's armor, +1 while Mortal Skin is in force (rb 1331, bug_events.py)."""
    return sheet(s, fid).armor + bug_events.in_force(s).bug_armor


def melee_dice(s: State, fid: str) -> str:
    """The sheet's melee dice, once per BUG in its stack (TEAM 4: "their dice are added", rb 991)."""
    one = sheet(s, fid).melee.dice
    return dice.add(*(one,) * bug(s, fid).stack)


def ranged_dice(s: State, fid: str) -> str:
    ranged = sheet(s, fid).ranged
    return "0" if ranged is None else dice.add(*(ranged.dice,) * bug(s, fid).stack)


def immune(s: State, fid: str, damage: str | None, ranged: bool) -> bool:
    """rb 1023-1037: pushed, not damaged, by a damage type (or by any ranged attack: BUGDOZER) it resists."""
    resists = sheet(s, fid).immune
    return damage in resists or ranged and "ranged" in resists


def _set(s: State, fid: str, **changes) -> None:
    assert s.coop is not None
    s.coop.bugs[fid] = replace(s.coop.bugs[fid], **changes)


def hurt(s: State, fid: str, lives: int, out: list[str], by: int | None = None, acid: bool = False) -> bool:
    """Take ``lives`` lives from a BUG; True when the figure is gone. In a BUGGIE stack one dies at a time
    (rb 991): the stack loses a BUGGIE and the next one stands there with full lives."""
    if lives <= 0:
        return False
    b = bug(s, fid)
    left = b.lives - lives
    if left > 0:
        _set(s, fid, lives=left)
        return False
    if b.stack > 1:
        _set(s, fid, stack=b.stack - 1, lives=sheet(s, fid).lives)
        out.append(f"A BUGGIE of {fid}'s stack dies ({b.stack - 1} left).")
        _reward(s, fid, by, acid, out)
        return False
    _reward(s, fid, by, acid, out)
    die(s, fid, out)
    return True


def _reward(s: State, fid: str, by: int | None, acid: bool, out: list[str]) -> None:
    """rb 847: the reward coins stay on the square for the next BUGBUSTER to enter; rb 1009: the killer
    scores SPAWN cost x 100. In acid: no coins (the issue), the pusher scores."""
    sh = sheet(s, fid)
    pay(s, None if acid else s.where(fid), sh.reward, sh.points, sh.name, by, out)


def pay(s: State, sq: tuple[int, int] | None, coins: int, points: int, what: str, by: int | None,
        out: list[str]) -> None:
    """A death's reward: ``coins`` left on ``sq`` (None: nowhere), ``points`` to the killer's seat."""
    assert s.coop is not None
    if sq is not None and coins:
        s.coins[sq] = s.coins.get(sq, 0) + coins
    if by is not None:
        scores = list(s.coop.points)
        scores[by] += points
        s.coop.points = tuple(scores)
        out.append(f"{s.busters[by].sheet} scores {points} for {what}.")


def die(s: State, fid: str, out: list[str]) -> None:
    """The BUG leaves the board: what it stole goes back to its owner, what secret it held drops face down
    on its square (Hidden Keys), what it carried lands there."""
    assert s.coop is not None
    b = bug(s, fid)
    sq = s.where(fid)
    f = s.figures[fid]
    if f.cargo is not None and sq is not None:
        s.move_figure(f.cargo, square=sq, carried_by=None)
    if f.carried_by is not None:
        s.move_figure(f.carried_by, cargo=None)
    if b.stolen:
        seat = s.seat_of(b.owner)
        if seat is not None:
            s.set_buster(seat, owned=(*s.busters[seat].owned, b.stolen))
            out.append(f"{b.owner} gets its card back.")
    if b.secret and sq is not None:  # joined to a token already there, as deathmatch.hide joins them
        s.secrets[sq] = f"{s.secrets[sq]}+{b.secret}" if sq in s.secrets else b.secret
    del s.figures[fid]
    del s.coop.bugs[fid]
    out.append(f"{fid} dies.")


def add_bug(s: State, kind: str, sq: tuple[int, int], facing: int, dizzy: bool = False) -> str:
    """Put a new BUG figure of ``kind`` on ``sq`` (free: the caller checked room and caps); its id is the
    type's lowest free one (BG1, BB2...). Returns the id."""
    from rules.powerup.state import Figure

    assert s.coop is not None
    fid = s.coop.next_id(kind, set(s.figures))
    s.figures[fid] = Figure(fid, "bug", sq, facing)
    s.coop.bugs[fid] = Bug(kind, coop_data().sheet(kind).lives, dizzy=dizzy)
    return fid
