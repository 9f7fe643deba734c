"""What must hold after every step of a co-op game besides part 1's invariants (invariants.py): the issue's
"BURP limit, 29 BUG cards conserved, one Event, no private fact public, someone to act" and the
bookkeeping between figures and what they are."""

from __future__ import annotations

from collections import Counter

from rules.powerup.coop_data import coop_data
from rules.powerup.state import State


def coop_invariants(s: State) -> list[str]:
    c = s.coop
    assert c is not None
    out: list[str] = []
    co = coop_data()
    bug_figures = {f.id for f in s.figures.values() if f.kind == "bug"}
    if bug_figures != set(c.bugs):
        out.append(f"BUG figures {sorted(bug_figures ^ set(c.bugs))} and BUG records disagree")
    npc_figures = {f.id for f in s.figures.values() if f.kind == "npc"}
    if npc_figures != set(c.npcs):
        out.append(f"NPC figures {sorted(npc_figures ^ set(c.npcs))} and NPC records disagree")
    per_kind = Counter()
    for b in c.bugs.values():
        per_kind[b.kind] += b.stack
        if not 1 <= b.stack <= 4 or b.stack > 1 and b.kind != "BUGGIE":
            out.append(f"a {b.kind} stack of {b.stack}")
        if not 1 <= b.lives <= co.sheet(b.kind).lives:
            out.append(f"a {b.kind} with {b.lives} lives")
    for kind, n in per_kind.items():
        if n > co.caps[kind]:
            out.append(f"{n} {kind}s, above the cap of {co.caps[kind]}")
    m = co.mission(c.mission)
    if per_kind["BURP"] > len(s.seats) + min(0, m.burp_offset):  # rb 962: never more BURPs than BUGBUSTERs
        out.append(f"{per_kind['BURP']} BURPs for {len(s.seats)} BUGBUSTERs")
    cards = [*c.bug_deck, *c.bug_hand, *c.bug_discard, *c.face_up, *([c.event_card] if c.event_card else [])]
    if sorted(cards) != sorted(f"{n}|{k + 1}" for n, cp in ((x.name, x.copies) for x in co.bug_cards)
                                for k in range(len(cp))):
        out.append(f"{len(cards)} BUG cards, not the 29 once each")
    if bool(c.event) != bool(c.event_card):
        out.append("an Event without its card")
    for i, b in enumerate(s.busters):
        if (b.lives == 0) != (i in c.fallen):
            out.append(f"{s.seats[i]} has {b.lives} lives and is {'' if i in c.fallen else 'not '}down")
    if s.phase == "play" and c.stage == "turn" and s.active is None:
        out.append("a BUGBUSTER's turn with nobody active")
    if s.phase == "play" and c.stage not in ("bug", "next", "turn", "continue"):
        out.append(f"the sequence is at stage {c.stage!r}")
    return out
