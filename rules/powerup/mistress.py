"""A human BUGMISTRESS (the issue's "A human BUGMISTRESS"; rb 933-1003 "BEING THE BUGMISTRESS"): her seat,
her BUG turn as TURN decisions of that seat, her BUGs acting at once out of the order (Surprise!, a Thief
Buggie's flight), BrainWash on her hand, and her notation's aliases. What she pays and spawns:
mistress_pay.py; her cards' effects: mistress_cards.py; her BUGs' words: mistress_bugs.py; her Tricks in the
BUGBUSTERs' reaction windows: mistress_react.py; her private view: mistress_present.py.

- **Her seat** is the last one, labelled ``bugmistress``, after the BUGBUSTERs' (``State.seats`` keeps the
  BUGBUSTERs only: seat ``len(s.seats)`` is hers, ``Coop.human``); it is a team of its own, so nobody holds
  it and a BUGBUSTER's (the platform's team rule).
- **Her turn** (rb 935: first in every sequence; rb 939-960; the issue's order): she draws one BUG card per
  BUGBUSTER standing (rb 941; one more per portal piece once the portal is open, rb 1796; the deck
  reshuffles its discard, the issue), no hand limit (rb 941). Then, in any order until ``bugs``: ``activate``
  a type and ``spawn`` (mistress_pay: spawning only on the turn card's spawn marks, before her BUGs act:
  "BUGs generated during this turn's SPAWN phase cannot move", rb 949), Specials and one Event
  (``card ...``, rb 971, 979), Tricks. Then ``bugs``: her BUGs act one at a time (rb 949: each its sheet's
  actions; a BUG spawned or placed this turn is dizzy, rb 960): ``bug BG3 move``, ``bug BG3 hit RAY``...
  Acting with another BUG ends the actions of the one before (the issue's "one at a time"); a landed
  attack ends a BUG's actions, one lost to a dodge does not (rb 949, rb 901). Tricks may still be played.
  ``end`` ends her turn (BUGs that have not acted stay idle). Defaults when her time runs out: ``bugs``
  (skip to the BUGs), then ``end`` (they stay idle).
- **At once** (``Coop.burst``): a BUG woken by Surprise! (4 AP, moves and an attack) or a Thief Buggie
  fleeing (4 AP of movements) acts now, whoever's turn it is: her seat is asked for its actions, then
  ``done`` (default). In a BUGBUSTER's turn that turn waits (engine: ``coop_engine.hold``).
- **BrainWash** (rb 1194: "discards two random BUG cards from her hand. The BUGMISTRESS may use tricks in
  her hand before discarding"): the window after the card asks her; once it has closed, 2 random cards of
  her hand go to the discard (``brainwash``).
- **Notation aliases** (``parse``): ``bug BG3 attack RAY`` is ``hit RAY`` when the BUG can hit, else
  ``shoot RAY`` (the listed words stay the AI's: one notation in the log); a bare card name she holds once
  is its token (``pay:Charge``, ``card Charge``); ``BURP1`` is the figure ``BRP1``.
"""

from __future__ import annotations

import re

from rules.core.engine import Decision, DecisionKind
from rules.powerup import ai_mistress, bug_attacks, coop_turn, flow, missions, mistress_bugs, mistress_figure
from rules.powerup import mistress_cards as cards
from rules.powerup import mistress_cards_bugs as spawn_card
from rules.powerup import mistress_pay as pay
from rules.powerup.coop_data import coop_data
from rules.powerup.state import State, coop_of, keep_rng, rng_of

HER = "bugmistress"
MODES = ("relevant", "all", "none")  # when her seat is asked in the BUGBUSTERs' windows (mistress_react)
MISTRESS = mistress_figure.MISTRESS


_c = coop_of  # this module reads the co-op state through it


def seat(s: State) -> int | None:
    """Her seat (the last), when a person plays her."""
    return len(s.seats) if s.coop is not None and s.coop.human else None


def is_her(s: State, seat_: int) -> bool:
    return s.coop is not None and s.coop.human and seat_ == len(s.seats)


def labels(s: State) -> tuple[str, ...]:
    return (*s.seats, HER) if s.coop is not None and s.coop.human else s.seats


# --- her turn --------------------------------------------------------------------------------------------
def begin_turn(s: State, out: list[str]) -> None:
    """rb 941: "draws one BUG card for every BUGBUSTERS playing"; spawning this turn or not (the marks)."""
    c = _c(s)
    brainwash(s, out)  # one still owed (a window never closed on it): before she draws
    c.charge, c.burst, c.placing, c.acting, c.bug_ap, c.aps, c.queue = False, (), "", "", 0, {}, ()
    c.spawns = "spawn" in flow.marks(s)
    if c.spawns and c.disrupted:  # rb 1204: "The BUGMISTRESS cannot spawn in the next turn"
        c.disrupted -= 1
        c.spawns = False
        out.append("Disruptor: the BUGMISTRESS cannot spawn this turn.")
    n = len(coop_turn.standing(s)) + missions.extra_cards(s)
    drawn = [ai_mistress.draw_card(s) for _ in range(n) if c.bug_deck or c.bug_discard]
    c.bug_hand = (*c.bug_hand, *drawn)
    out.append(f"The BUGMISTRESS draws {len(drawn)} BUG card{'s' if len(drawn) != 1 else ''} "
               f"({len(c.bug_hand)} in hand){'; a spawn turn' if c.spawns else ''}.")
    c.step = "main"


def _bugs(s: State, out: list[str]) -> None:
    """Her BUGs act (rb 949): each its sheet's actions; dizzy ones none (rb 960); her figure its level's."""
    c = _c(s)
    co = coop_data()
    c.step = "act"
    c.aps = {f: co.sheet(c.bugs[f].kind).actions for f in ai_mistress.bug_order(s) if not c.bugs[f].dizzy}
    if mistress_figure.on_board(s):
        c.aps[MISTRESS] = mistress_figure.level(s).actions
    c.acting, c.bug_ap = "", 0
    out.append("Her BUGs act, one at a time.")


def end_turn(s: State, out: list[str]) -> None:
    c = _c(s)
    c.step, c.charge, c.spawns, c.placing = "", False, False, ""
    out.append("The BUGMISTRESS ends her turn.")
    coop_turn.end_bug_turn(s, out)


# --- what she may do -------------------------------------------------------------------------------------
def ap_of(s: State, fid: str) -> int:
    c = _c(s)
    return c.bug_ap if fid == c.acting else c.aps.get(fid, 0)


def _modes(s: State) -> list[str]:
    return [f"mode {m}" for m in MODES if m != _c(s).mistress_mode]


def bug_actions(s: State) -> list[str]:
    order = [*ai_mistress.bug_order(s), *([MISTRESS] if MISTRESS in _c(s).aps else [])]
    return [f"bug {f} {w}" for f in order for w in mistress_bugs.words(s, f, ap_of(s, f))]


def legal(s: State) -> list[str]:
    """Her actions now (her turn, or a BUG acting at once); her window answers are mistress_react's."""
    c = _c(s)
    if c.burst:
        fid, ap, how = c.burst
        return ["done", *(f"bug {fid} {w}" for w in mistress_bugs.words(s, fid, ap, moves_only=how == "thief"))]
    if c.stage != "bug" or s.phase != "play":
        return []
    if c.placing:
        return spawn_card.put_options(s)
    if c.step == "main":
        return ["bugs", *pay.activations(s), *pay.spawns(s), *cards.plays(s, ("special", "event", "trick")),
                *_modes(s), "end"]
    return ["end", *bug_actions(s), *cards.plays(s, ("trick",)), *_modes(s)]


def pending(s: State) -> dict[int, Decision] | None:
    """Her decision now, or None (coop_engine asks here before its own stages)."""
    c = s.coop
    if c is None or not c.human or s.phase != "play":
        return None
    me = len(s.seats)
    if c.burst:
        return {me: Decision(DecisionKind.TURN, f"x{s.sequence}.{s.windows}.{c.burst[0]}"[:24], "done",
                             f"{c.burst[0]} acts at once: {c.burst[1]} AP, then done")}
    if c.stage != "bug":
        return None
    if c.placing:
        return {me: Decision(DecisionKind.TURN, f"p{s.sequence}.{len(c.bug_discard)}", spawn_card.put_options(s)[0],
                             f"Special Spawn: put the {c.placing} on a square, facing < or >")}
    if c.step == "main":
        what = "spawn, " if c.spawns else ""
        return {me: Decision(DecisionKind.TURN, f"m{s.sequence}", "bugs",
                             f"your BUG turn: activate, {what}play cards, then bugs")}
    return {me: Decision(DecisionKind.TURN, f"a{s.sequence}", "end", "your BUGs act one at a time, then end")}


# --- applying --------------------------------------------------------------------------------------------
def apply(s: State, action: str, out: list[str]) -> None:
    """Apply one of ``legal`` (the engine checked it)."""
    c = _c(s)
    words = action.split()
    verb = words[0]
    if verb == "mode":
        c.mistress_mode = words[1]
        out.append(f"The BUGMISTRESS will be asked to react: {words[1]}.")
    elif verb == "done":
        out.append(f"{c.burst[0]} is done.")
        c.burst = ()
    elif verb == "bug":
        _bug(s, words[1], words[2:], out)
    elif verb == "card":
        cards.play(s, words, out)
    elif verb == "put":
        spawn_card.put(s, words, out)
    elif verb == "activate":
        pay.activate(s, words, out)
    elif verb == "spawn":
        pay.spawn(s, words, out)
    elif verb == "bugs":
        _bugs(s, out)
    else:
        end_turn(s, out)
    tidy(s, out)


def _bug(s: State, fid: str, word: list[str], out: list[str]) -> None:
    c = _c(s)
    cost = mistress_bugs.cost(fid, word)
    if c.burst:
        c.burst = (fid, c.burst[1] - cost, c.burst[2])
        mistress_bugs.act(s, fid, word, out)
        return
    if c.acting != fid:  # one at a time (the issue): the BUG before has done
        if c.acting:
            c.aps = {**c.aps, c.acting: 0}
        c.acting, c.bug_ap = fid, c.aps.get(fid, 0)
    if fid == MISTRESS and word[0] not in mistress_bugs.ATTACKS:
        mistress_figure.act(s, word, out)  # it takes her AP itself
        return
    c.bug_ap -= cost
    c.aps = {**c.aps, fid: c.bug_ap}
    before = set(s.figures)
    mistress_bugs.act(s, fid, word, out)
    if word[0] == "stack":  # rb 991: the stack goes on with the lower AP left (both counted for each BUGGIE)
        onto = word[1]
        ap = min(c.aps.get(onto, 0), c.bug_ap)
        c.aps = {**{k: v for k, v in c.aps.items() if k != fid}, onto: ap}
        c.acting, c.bug_ap = onto, ap
    elif word[0] == "unstack":  # the BUGGIE off the stack has the stack's AP left
        c.aps = {**c.aps, **{n: c.bug_ap for n in set(s.figures) - before}}


def attack_over(s: State, landed: bool) -> None:
    """Her BUG's attack landed (its actions are over, rb 949) or was lost to a dodge (it goes on, rb 901)."""
    c = _c(s)
    c.attacked = False
    if not landed:
        return
    if c.burst:
        c.burst = ()
    elif c.acting:
        c.aps = {**c.aps, c.acting: 0}
        c.acting, c.bug_ap = "", 0


def tidy(s: State, out: list[str]) -> None:
    """A BUG gone (dead, stacked) is done; a burst with no AP left ends by itself (its attack landing aside)."""
    c = _c(s)
    if c.acting and c.acting not in s.figures:
        c.acting, c.bug_ap = "", 0
    c.aps = {k: v for k, v in c.aps.items() if k in s.figures}
    if c.burst and not c.attacked and (c.burst[0] not in s.figures or c.burst[1] <= 0):
        out.append(f"{c.burst[0]}'s actions at once are over.")
        c.burst = ()


def hold(s: State, out: list[str]) -> bool:
    """Out of her turn, a BUG acting at once holds the game (True) until she is done: its attack's end is
    settled here (coop_engine.settle does it in her turn)."""
    c = s.coop
    if c is None or not c.human or c.stage == "bug" or s.phase != "play":
        return False
    if c.attacked and s.attack is None and not s.window and not s.asks:
        attack_over(s, landed=not c.dodged)
        c.dodged = False
    tidy(s, out)
    return bool(c.burst)


def brainwash(s: State, out: list[str]) -> bool:
    """rb 1194: once her say is over (no window, question, attack or burst open), the random discards owed."""
    c = s.coop
    if c is None or not c.human or not c.brainwashed or s.window or s.asks or s.attack is not None or c.burst:
        return False
    n, c.brainwashed = min(c.brainwashed, len(c.bug_hand)), 0
    r = rng_of(s)
    hand = list(c.bug_hand)
    gone = [hand.pop(r.below(len(hand))) for _ in range(n)]
    keep_rng(s, r)
    c.bug_hand, c.bug_discard = tuple(hand), (*c.bug_discard, *gone)
    names = ", ".join(ai_mistress.card_name(x) for x in gone) or "nothing: her hand is empty"
    out.append(f"BrainWash: the BUGMISTRESS discards {names}.")
    return True


# --- notation --------------------------------------------------------------------------------------------
def parse(s: State, text: str) -> str:
    """Her typed aliases as the listed notation (see the module's notes)."""
    out = []
    for w in text.split():
        if re.fullmatch(r"(?i)burp\d+", w):
            out.append("BRP" + w[4:])
        elif w.lower().startswith("pay:"):
            out.append("pay:" + ",".join(sorted(pay.alias(s, t) for t in w[4:].split(",") if t)))
        else:
            out.append(w)
    if len(out) > 1 and out[0].lower() == "card":
        out[1] = pay.alias(s, out[1])
    if len(out) > 3 and out[0].lower() == "bug" and out[2].lower() == "attack":
        fid = out[1].upper()
        hits = bug_attacks.attack_words(s, fid) if fid in s.figures else []
        melee = " ".join(["hit", *out[3:]]).lower() in (w.lower() for w in hits)
        out[2] = "hit" if melee else "shoot"
    return " ".join(out)
