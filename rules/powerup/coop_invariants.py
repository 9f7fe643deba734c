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
    out += _professions(s)  # professions:on: the picks and the Machine-Gun Turret
    out += _her(s)  # a human BUGMISTRESS (mistress.py)
    out += _keys(s, m) + _glitches(s)  # Hidden Keys' secrets, the GLITCHes and the void
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
    if s.phase == "play" and c.stage not in ("bug", "next", "turn", "continue", "professions"):
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


def _professions(s: State) -> list[str]:
    """The picks (professions.py): none with the option off; one per BUGBUSTER, no two alike (rb 1162), each a
    known profession and side, blank only while they pick (before the first BUG turn). The Machine-Gun Turret
    (turret.py): at most one (rb 1168), with its builder and 1 or more ammo (empty, it is gone); a record only
    with its figure."""
    c = s.coop
    assert c is not None
    out = []
    ids = {p.id for p in coop_data().professions}
    picks = [p for p in c.professions if p]
    if c.professions and len(c.professions) != len(s.busters):
        out.append(f"{len(c.professions)} professions for {len(s.busters)} BUGBUSTERs")
    if any(p.split(":")[0] not in ids or p.split(":")[-1] not in ("a", "b") or p.count(":") != 1 for p in picks):
        out.append(f"unknown professions in {c.professions}")
    if len({p.split(":")[0] for p in picks}) != len(picks):
        out.append(f"two BUGBUSTERs with one profession: {c.professions}")
    picking = c.stage == "professions"
    if picking != (len(picks) < len(c.professions)) or picking and s.sequence != 0:
        out.append(f"professions {c.professions} at stage {c.stage}, sequence {s.sequence}")
    turrets = [f for f in s.figures.values() if f.kind == "turret"]
    if len(turrets) > coop_data().caps["turrets"] or any(f.id != "TURRET" for f in turrets):
        out.append(f"turrets {[f.id for f in turrets]}: one at a time, TURRET (rb 1168)")
    if turrets and (c.turret_ammo < 1 or not 0 <= c.turret_by < len(s.busters)):
        out.append(f"the turret has {c.turret_ammo} ammo and builder {c.turret_by}")
    if not turrets and (c.turret_ammo or c.turret_by != -1):
        out.append(f"a turret record ({c.turret_by}, {c.turret_ammo} ammo) without its figure")
    if (turrets or c.used or c.peeks or c.overclock != -1) and not c.professions:
        out.append("profession marks with professions off")
    return out


def _keys(s: State, m: Mission) -> list[str]:
    """Hidden Keys (rb 1806: "the three keys (A, B and C)"): each key once, face down, with a BUG or with a
    BUGBUSTER (escaped ones too: they are aboard); no key in another mission; what BUGBUSTERs keep hidden is
    a key or coins, held by a BUGBUSTER."""
    from rules.powerup import coop_secrets

    c = s.coop
    assert c is not None
    out = []
    where = coop_secrets.keys_everywhere(s)
    letters = sorted(k for k, _ in where)
    if letters != sorted(m.secret_keys):
        out.append(f"keys {letters} ({'; '.join(f'{k} {w}' for k, w in sorted(where))}), not {list(m.secret_keys)}")
    sheets = {b.sheet for b in s.busters}
    for who, token in c.held:
        if who not in sheets or not (coop_secrets.key_letter(token) or coop_secrets.coin_value(token)):
            out.append(f"{who} keeps {token!r} hidden")
    return out


def _glitches(s: State) -> list[str]:
    """The GLITCHes (glitch.py): a figure per lives record (1 to its lives, rb 873), 2 at most (rb 73); its
    riders carried by it and nowhere else, at most 2 BUGBUSTERs (rb 869), standing; off the board only a
    GLITCH in the void ring or the body of a BUGBUSTER lost there (rb 679)."""
    from rules.powerup import glitch

    c = s.coop
    assert c is not None
    out = []
    co = coop_data()
    figures = set(glitch.ids(s))
    records = dict(c.glitch_lives)
    if figures != set(records) or len(records) != len(c.glitch_lives):
        out.append(f"GLITCH figures {sorted(figures)} and records {c.glitch_lives} disagree")
    if len(figures) > co.caps["glitches"]:
        out.append(f"{len(figures)} GLITCHes, above the cap of {co.caps['glitches']}")
    for gid, lives in records.items():
        if not 1 <= lives <= co.glitch.lives:
            out.append(f"{gid} has {lives} lives")
    riders = [r for _, r in c.aboard]
    if len(set(riders)) != len(riders):
        out.append(f"a figure aboard twice: {c.aboard}")
    for gid, rider in c.aboard:
        f = s.figures.get(rider)
        if gid not in figures or f is None or f.carried_by != gid or f.square is not None:
            out.append(f"{rider} aboard {gid} is not carried by it")
        seat = s.seat_of(rider)
        if seat is not None and seat in c.fallen:
            out.append(f"{rider} is down aboard {gid}")
    for gid in figures:
        if len(glitch.crew(s, gid)) > co.glitch.seats:
            out.append(f"{gid} carries {glitch.crew(s, gid)}, more than {co.glitch.seats} BUGBUSTERs")
    for f in s.figures.values():
        if f.carried_by in figures and (f.carried_by, f.id) not in c.aboard:
            out.append(f"{f.id} is carried by {f.carried_by} without being aboard")
        if f.square is None or glitch.inside(s, f.square):
            continue
        seat = s.seat_of(f.id)
        body = seat is not None and seat in c.melted
        if not glitch.in_ring(s, f.square) or f.kind != "glitch" and not body:
            out.append(f"{f.id} is off the board at {f.square}")
    return out


def _her(s: State) -> list[str]:
    """A hand is a human BUGMISTRESS's alone (the AI's cards are face up); her turn is at a step of hers; a BUG
    acting at once is on the board with AP left to spend; a Special Spawn waits only in her turn."""
    c = s.coop
    assert c is not None
    out = []
    if not c.human and c.bug_hand:
        out.append("an AI BUGMISTRESS holding a hand")
    if not c.human:
        return out
    if c.face_up:
        out.append("a human BUGMISTRESS with the AI's face-up cards")
    if s.phase == "play" and c.stage == "bug" and c.step not in ("main", "act"):
        out.append(f"her turn at step {c.step!r}")
    if c.burst and (c.burst[0] not in s.figures or c.burst[1] < 0 or c.burst[2] not in ("surprise", "thief")):
        out.append(f"a BUG acting at once that cannot: {c.burst}")
    if c.placing and (c.stage != "bug" or c.placing not in c.active):
        out.append(f"a Special Spawn of {c.placing} waiting outside her turn")
    return out
