"""What must hold after every step of a co-op game besides part 1's invariants (invariants.py): the issue's
"BURP limit, 29 BUG cards conserved, one Event, no private fact public, someone to act" and the
bookkeeping between figures and what they are: the portal's pieces (Dimensional Portal), her figure's level
and lives (Kill the BUGMISTRESS), the tiles she flips."""

from __future__ import annotations

from collections import Counter

from rules.powerup import missions
from rules.powerup.board import parse_square
from rules.powerup.coop_data import Mission, coop_data
from rules.powerup.data_checks import TILES, tile_of
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
    if per_kind["BURP"] > missions.burp_limit(s):  # rb 962: never more BURPs than BUGBUSTERs; rb 1848: one fewer
        out.append(f"{per_kind['BURP']} BURPs for {len(s.seats)} BUGBUSTERs (at most {missions.burp_limit(s)})")
    out += _pieces(s, m) + _mistress(s, m) + _tiles(s, m)
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


def _pieces(s: State, m: Mission) -> list[str]:
    """The portal's pieces: a figure per record, lives within the data's, never moved from setup."""
    c = s.coop
    assert c is not None
    out = []
    figures = {f.id for f in s.figures.values() if f.kind == "piece"}
    if figures != set(c.pieces):
        out.append(f"portal piece figures {sorted(figures ^ set(c.pieces))} and records disagree")
    for fid, lives in c.pieces.items():
        k = int(fid.removeprefix("PORTAL")) - 1
        if not 1 <= lives <= coop_data().portal_piece.lives:
            out.append(f"{fid} has {lives} lives")
        if fid in s.figures and (k >= len(m.portal) or s.figures[fid].square != parse_square(m.portal[k])):
            out.append(f"{fid} has moved from where the portal was built")
    return out


def _mistress(s: State, m: Mission) -> list[str]:
    """Her figure and her level agree: on the board at level 1 (on her setup square: she "cannot move",
    rb 1844) or 2 with 1 to her level's lives; gone only at level 2, and then the mission is won."""
    c = s.coop
    assert c is not None
    fig = s.figures.get(missions.MISTRESS)
    if not m.bugmistress:
        return [] if fig is None and c.level == 0 and c.mistress_lives == 0 else ["a BUGMISTRESS in a mission without her"]
    if c.level not in (1, 2):
        return [f"the BUGMISTRESS at level {c.level}"]
    if fig is None:
        if c.level != 2 or c.mistress_lives != 0 or s.phase == "play" or c.result != "won":
            return [f"the BUGMISTRESS's figure is gone at level {c.level} ({c.mistress_lives} lives, {s.phase})"]
        return []
    out = []
    if fig.kind != "mistress" or fig.square is None:
        out.append("the BUGMISTRESS's figure is not hers or is nowhere")
    if not 1 <= c.mistress_lives <= coop_data().level(c.level).lives:
        out.append(f"the BUGMISTRESS has {c.mistress_lives} lives at level {c.level}")
    if c.level == 1 and fig.square != parse_square(m.bugmistress):
        out.append("the level-1 BUGMISTRESS has moved")
    return out


def _tiles(s: State, m: Mission) -> list[str]:
    """The board is the mission's 3x4 tiles, each once on one face; only her flips turn a tile over."""
    c = s.coop
    assert c is not None
    out = []
    shape = [len(row) for row in s.layout]
    if shape != [len(row) for row in m.layout] or sorted(tile_of(f) for row in s.layout for f in row) != list(
            range(1, TILES + 1)):
        out.append(f"the board {s.layout} is not the 12 tiles once each")
    turned = [tile_of(a) for ra, rb in zip(s.layout, m.layout, strict=False) for a, b in zip(ra, rb, strict=False)
              if a != b]
    if turned and not m.bugmistress:
        out.append(f"tiles {turned} turned over in a mission without the BUGMISTRESS")
    if not 0 <= c.tiles_flipped <= s.sequence:
        out.append(f"tiles flipped in sequence {c.tiles_flipped} of {s.sequence}")
    return out
