"""The co-op part of the public view (views.CoopView): BUGs and NPCs, the sheets, her cards as the table
sees them (a human's hand by its size, the AI's cards face up), the store, the CONTINUE cost, the goal and
its progress. Only public facts: a carried secret shows as "holds a secret", never which (the issue)."""

from __future__ import annotations

from rules.powerup import missions, professions, turret
from rules.powerup.board import name
from rules.powerup.coop_data import BugSheet, coop_data
from rules.powerup.data import game_data
from rules.powerup.state import State


def _dice(w) -> str:
    if w is None:
        return ""
    extra = f" range {w.range}" if w.range else ""
    return f"{w.dice}{extra}{' ' + w.damage if w.damage else ''}"


def _sheet(sh: BugSheet, active: bool):
    from rules.powerup.views import SheetView

    return SheetView(id=sh.id, active=active, actions=sh.actions, armor=sh.armor, lives=sh.lives,
                     melee=sh.melee.dice, ranged=_dice(sh.ranged), spawn_cost=sh.spawn_cost,
                     abilities=(*sh.abilities, *(f"immune {x}" for x in sh.immune)))


def _goal(s: State) -> str:
    c = s.coop
    assert c is not None
    m = coop_data().mission(c.mission)
    if c.mission == "vips":
        return f"Keep the 3 VIPs alive for {m.win_after} sequences: {len(c.npcs)} alive, sequence {s.sequence} of " \
               f"{m.win_after}"
    if c.mission == "portal":
        when = "it is open: each piece spawns" if missions.portal_open(s) else f"it opens after sequence {m.spawn_after}"
        return f"Destroy the portal's {len(m.portal)} pieces by the end of sequence {m.lose_after}: " \
               f"{len(c.pieces)} left, sequence {s.sequence}; {when}"
    if c.mission == "bugmistress" and c.level:
        return f"Kill the BUGMISTRESS at level 2: level {c.level}, {c.mistress_lives} lives"
    if c.mission == "keys":  # how many are still face down is public; who holds which is not (rb 1818)
        down = sum(len(x.split("+")) for x in s.secrets.values())
        return (f"Find keys {', '.join(m.secret_keys)} and escape with them on the GLITCH into the void; a BUG "
                f"carrying a key through a gateway wins: {down} secret{'s' if down != 1 else ''} face down")
    return m.name


def coop_view(s: State):
    from rules.powerup.views import BugView, CoopView

    c = s.coop
    assert c is not None
    co = coop_data()
    bugs = []
    for fid, b in sorted(c.bugs.items()):
        sh = co.sheet(b.kind)
        bugs.append(BugView(id=fid, kind=b.kind, lives=b.lives, lives_max=sh.lives, stack=b.stack, dizzy=b.dizzy,
                            thief=bool(b.stolen), secret=bool(b.secret), acting=fid == c.acting))
    for fid, n in sorted(c.npcs.items()):
        bugs.append(BugView(id=fid, kind="NPC", lives=n.lives, lives_max=co.npc.lives, moves=n.moves))
    for fid, lives in sorted(c.pieces.items()):
        bugs.append(BugView(id=fid, kind="PORTAL", lives=lives, lives_max=co.portal_piece.lives))
    if c.level and "BUGMISTRESS" in s.figures:
        bugs.append(BugView(id="BUGMISTRESS", kind="BUGMISTRESS", lives=c.mistress_lives,
                            lives_max=co.level(c.level).lives))
    for gid, lives in sorted(c.glitch_lives):  # a GLITCH and who rides it (glitch.py)
        bugs.append(BugView(id=gid, kind="GLITCH", lives=lives, lives_max=co.glitch.lives,
                            riders=tuple(r for g, r in c.aboard if g == gid)))
    m = co.mission(c.mission)
    from rules.powerup import coop_continue

    return CoopView(
        mission=m.name, goal=_goal(s), stage=c.stage, bugs=tuple(bugs),
        sheets=tuple(_sheet(sh, sh.id in c.active) for sh in co.bug_sheets),
        burps=sum(1 for b in c.bugs.values() if b.kind == "BURP"), burp_limit=missions.burp_limit(s),
        event=c.event, face_up=tuple(x.split("|")[0] for x in c.face_up), deck=len(c.bug_deck),
        discard=len(c.bug_discard), hand_size=len(c.bug_hand), level=c.level, continue_cost=coop_continue.cost(s),
        market=tuple((x, game_data().card(x).name, game_data().card(x).cost or 0) for x in c.market),
        prices=tuple(co.store.prices.items()), fallen=tuple(s.busters[i].sheet for i in c.fallen),
        to_play=tuple(s.busters[i].sheet for i in c.to_play), points=c.points,
        primary=tuple(name(q) for q in missions.primary_targets(s)), result=c.result, offer=_offer(s),
        professions=tuple(professions.label(s, i) for i in range(len(c.professions))),
        turret_ammo=turret.ammo(s), turret_by=_builder(s))


def _builder(s: State) -> str:
    seat = turret.builder(s)
    return s.busters[seat].sheet if seat is not None else ""


def _offer(s: State) -> str:
    c = s.coop
    assert c is not None
    if not c.offer:
        return ""
    target, shares = c.offer
    return f"{target} back: " + ", ".join(f"{who} {n} ({'yes' if who in c.agreed else 'asked'})" for who, n in shares)
