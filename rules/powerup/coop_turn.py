"""The co-op sequence (rb 281-296, rb 935-963, the issue's "The co-op sequence"): the BUG turn first ("the
BUGMISTRESS is always the first to go", rb 935), then the BUGBUSTERs one by one in the order the group
chooses, then the end of the sequence (REGENERATE 1, expiries, the mission's checks), and the next.

``Coop.stage`` says where a sequence is: ``bug`` (the BUG turn: the AI's steps, ai_mistress.py), ``next``
(the group names who goes next), ``turn`` (a BUGBUSTER's 4 AP: part 1's turn.py on ``s.order = (seat,)``),
``continue`` (every BUGBUSTER is down: pay a CONTINUE or lose). A BUGBUSTER's own turn and the reaction
windows are part 1's, unchanged. Quotes: shared/rulebooks/powerup.txt ("rb N").
"""

from __future__ import annotations

from dataclasses import replace

from rules.powerup import coop_verbs, flow, missions
from rules.powerup.coop_data import coop_data
from rules.powerup.state import State


def coop(s: State):
    assert s.coop is not None
    return s.coop


def standing(s: State) -> tuple[int, ...]:
    """Seats whose BUGBUSTER is on its feet (a fallen one lies at 0 lives, the issue)."""
    return tuple(i for i in range(len(s.seats)) if i not in coop(s).fallen)


def start_sequence(s: State, out: list[str]) -> None:
    """A new sequence: the BUG turn opens it. The Event in force ends as her turn begins (rb 979: "until
    BUGMISTRESS's next turn")."""
    from rules.powerup import ai_mistress

    c = coop(s)
    s.sequence += 1
    s.order, s.turn, s.ap = (), 0, 0
    s.played = tuple(False for _ in s.seats)
    c.to_play = standing(s)
    if c.event:
        out.append(f"The Event {c.event} ends.")
        c.bug_discard = (*c.bug_discard, c.event_card)
        c.event, c.event_card = "", ""
    coop_verbs.reset_npcs(s)
    c.stage = "bug"
    seq = (s.sequence - 1) % 8 + 1
    out.append(f"Round {flow.round_of(s.sequence)}, sequence {seq}: the BUGs' turn.")
    if c.human:  # a person plays her (mistress.py): she draws her hand, her turn is her seat's
        from rules.powerup import mistress

        mistress.begin_turn(s, out)
        return
    ai_mistress.begin_turn(s, out)


def end_bug_turn(s: State, out: list[str]) -> None:
    """The BUG turn is over: spawned BUGs shake off their dizziness (rb 960: "take no actions during the
    turn they were spawned in"); the group names the first BUGBUSTER."""
    c = coop(s)
    for fid, b in list(c.bugs.items()):
        if b.dizzy:
            c.bugs[fid] = replace(b, dizzy=False)
    c.acting, c.bug_ap, c.queue, c.step = "", 0, (), ""
    c.stage = "next"
    out.append("The BUGBUSTERs' turn: choose who goes next.")
    go_on(s, out)


def next_options(s: State) -> list[str]:
    """The group's choice (the issue: "any seat not yet played; default: first in sheet order"); the NPCs'
    moves are offered there too."""
    return [f"next {s.busters[i].sheet}" for i in coop(s).to_play] + coop_verbs.npc_actions(s)


def choose_next(s: State, sheet: str, out: list[str]) -> None:
    seat = s.seat_of(sheet)
    assert seat is not None
    c = coop(s)
    c.to_play = tuple(x for x in c.to_play if x != seat)
    c.stage = "turn"
    s.order, s.turn = (seat,), 0
    flow.start_turn(s, out)


def turn_done(s: State, out: list[str]) -> None:
    """A BUGBUSTER's turn ended (flow.end_turn): the next, or the end of the sequence."""
    c = coop(s)
    s.order, s.turn = (), 0
    c.stage = "next"
    go_on(s, out)


def go_on(s: State, out: list[str]) -> None:
    """The group's choice, or the end of the sequence when nobody standing is left to play."""
    c = coop(s)
    c.to_play = tuple(x for x in c.to_play if x not in c.fallen)
    if missions.check(s, out):
        return
    if c.to_play:
        return
    end_sequence(s, out)


def end_sequence(s: State, out: list[str]) -> None:
    """rb 1003: REGENERATE 1 ("At each turn this BUG regenerates") for BURPs (and the level-1 BUGMISTRESS,
    rb 1089); then the mission's checks at the sequence's end; then the next sequence."""
    c = coop(s)
    for fid, b in list(c.bugs.items()):
        sheet = coop_data().sheet(b.kind)
        if "REGENERATE_1" in sheet.abilities and b.lives < sheet.lives:
            c.bugs[fid] = replace(b, lives=b.lives + 1)
            out.append(f"{fid} regenerates a life.")
    if c.level == 1 and c.mistress_lives < coop_data().level(1).lives:
        c.mistress_lives += 1
        out.append("The BUGMISTRESS regenerates a life.")
    if missions.check(s, out, sequence_over=True):
        return
    start_sequence(s, out)


def fallen(s: State, seat: int, out: list[str]) -> None:
    """A BUGBUSTER at 0 lives lies where it fell (the issue): out of the sequence until revived or brought
    back by a CONTINUE. When every BUGBUSTER is down, a CONTINUE is offered at once (missions.check)."""
    from rules.powerup import coop_continue

    c = coop(s)
    c.fallen = tuple(sorted({*c.fallen, seat}))
    c.to_play = tuple(x for x in c.to_play if x != seat)
    if s.active == seat and s.reacting < 0:
        s.ap, s.air = 0, ""
    if len(c.fallen) == len(s.seats) and c.stage != "continue":
        if coop_continue.offers(s):  # offered at once (the issue); declining loses
            c.resume, c.stage = c.stage, "continue"
            out.append("Every BUGBUSTER is down: pay a CONTINUE, or the mission is lost.")
        else:
            missions.check(s, out)
