"""A human BUGMISTRESS in the BUGBUSTERs' reaction windows (reactions.py asks here for her seat): her Tricks
"can be used at any time" (rb 975), so after a BUGBUSTER's action the window may ask her too.

Who is asked follows only public facts (reactions.py's rule): her hand's size, never its cards; being asked
must not tell the BUGBUSTERs that she holds a Trick. So her seat is asked whenever she holds cards and her
mode says so, and she may simply ``pass``:

- ``relevant`` (the default): after a BUGBUSTER's action that declared an attack, that left the active
  BUGBUSTER on one of the 8 squares around a BUG (where Thief Buggie, Acid Vomit, Inmolation bite), or that
  played BrainWash on her (rb 1194: "The BUGMISTRESS may use tricks in her hand before discarding");
- ``all``: after every BUGBUSTER action;
- ``none``: never (she may still play Tricks in her own turn, and change her mode there).

Not in her own turn (she plays her Tricks as turn actions then), not in the roll windows. Answers:
``pass``, ``card <token> <args>`` (a Trick, mistress_cards.py), ``mode relevant|all|none``.
"""

from __future__ import annotations

from rules.powerup import bug_aims, mistress_cards
from rules.powerup.mistress import MODES
from rules.powerup.state import State


def _near_bug(s: State) -> bool:
    seat = s.active
    if seat is None:
        return False
    sq = s.where(s.busters[seat].sheet)
    assert s.coop is not None
    bugs = {s.where(f) for f in s.coop.bugs if f in s.figures}
    return sq is not None and bool(bugs & set(bug_aims.around(s, sq)))


def worth_asking(s: State, kind: str) -> bool:
    c = s.coop
    assert c is not None
    if kind != "act" or s.phase != "play" or c.stage == "bug" or c.burst or not c.bug_hand:
        return False
    if c.mistress_mode == "none":
        return False
    if c.mistress_mode == "all":
        return True
    return bool(c.brainwashed) or (s.attack is not None and not s.attack.rolled) or _near_bug(s)


def options(s: State) -> list[str]:
    assert s.coop is not None
    return ["pass", *mistress_cards.plays(s, ("trick",)),
            *(f"mode {m}" for m in MODES if m != s.coop.mistress_mode)]


def prompt(s: State) -> str:
    a = s.attack
    active = s.busters[s.active].sheet if s.active is not None else "a BUGBUSTER"
    if a is not None and not a.rolled:
        return f"{active} {a.verb}s {a.word}: a Trick, or pass"
    return f"{active} acted: a Trick, or pass"


def answer(s: State, act: str, out: list[str]) -> None:
    """Her answer (one of ``options``; reactions.answer took her out of the window)."""
    assert s.coop is not None
    words = act.split()
    if words[0] == "mode":
        s.coop.mistress_mode = words[1]
        out.append(f"The BUGMISTRESS will be asked to react: {words[1]}.")
    elif words[0] == "card":
        mistress_cards.play(s, words, out)
