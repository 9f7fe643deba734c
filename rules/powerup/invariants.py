"""What must hold after every step of a DEATHMATCH game (the issue's self-play invariants), as sentences."""

from __future__ import annotations

from collections import Counter

from rules.powerup import life, physics
from rules.powerup.board import board, name
from rules.powerup.data import LIVES, game_data
from rules.powerup.state import State


def check_invariants(s: State) -> list[str]:
    out: list[str] = []
    data = game_data()
    b = board(s.layout)
    caps = data.caps
    drums = [f for f in s.figures.values() if f.kind == "drum"]
    robots = [f for f in s.figures.values() if f.kind == "robot"]
    if len(s.powerups) > caps.powerups or len(drums) > caps.drums or len(s.covers) > caps.covers or len(robots) != (
            0 if s.coop is not None else 2):
        out.append("a cap is broken (POWERUPs, drums, covers, robots)")
    squares = Counter(f.square for f in s.figures.values() if f.square is not None)
    for sq, n in squares.items():
        if n > 1:
            out.append(f"{n} figures on {name(sq)}")
        if b.blocked(sq) and (s.coop is None or b.inside(sq)) or sq in s.covers:  # co-op's void: coop_invariants
            out.append(f"a figure inside a block or cover at {name(sq)}")
    held = {a[2] for a in s.asks if a[1] == "midair"}  # asked to Mid-Jump before it falls (rb 911)
    for f in s.figures.values():
        if f.carried_by is not None:
            carrier = s.figures.get(f.carried_by)
            aboard = carrier is not None and carrier.kind == "glitch"  # its riders: coop_invariants
            if carrier is None or carrier.cargo != f.id and not aboard or f.square is not None:
                out.append(f"{f.id} is carried by {f.carried_by}, which does not hold it")
        elif f.square is None and s.phase in ("play", "over"):
            out.append(f"{f.id} is nowhere")
        elif f.square is not None and f.id != s.air and f.id not in held and not physics.supported(s, f.square):
            out.append(f"{f.id} floats at {name(f.square)}")
        if f.cargo is not None and s.figures.get(f.cargo) is None:
            out.append(f"{f.id} carries {f.cargo}, which is gone")
    for i, x in enumerate(s.busters):
        if not (0 if s.coop is not None else 1) <= x.lives <= LIVES:
            out.append(f"{s.seats[i]} has {x.lives} lives")
        if not 0 <= x.rp <= life.rp_max(x) or not 0 <= x.ammo <= life.ammo_max(x):
            out.append(f"{s.seats[i]} has RP {x.rp}/{life.rp_max(x)}, ammo {x.ammo}/{life.ammo_max(x)}")
        if len(x.hand) > 4:
            out.append(f"{s.seats[i]} holds {len(x.hand)} POW! cards")
        for item_id in x.equipped:
            if item_id is not None and "." not in item_id and item_id not in x.owned:
                out.append(f"{s.seats[i]} has {item_id} equipped but does not own it")
    pows = list(s.pow_deck) + list(s.pow_discard) + [c for x in s.busters for c in x.hand]
    if len(pows) != 31:
        out.append(f"{len(pows)} POW! cards, not 31")
    equip = list(s.equip_deck) + list(s.equip_discard) + [c for x in s.busters for c in x.owned]
    if s.coop is not None:  # the store's face-up cards, and what a Thief Buggie holds
        equip += [*s.coop.market, *(b.stolen for b in s.coop.bugs.values() if b.stolen)]
    if sorted(equip) != sorted(c.id for c in data.equipment):
        out.append(f"{len(equip)} equipment cards, not the 38 once each")
    if s.coop is not None:
        from rules.powerup.coop_invariants import coop_invariants

        return out + coop_invariants(s)
    if s.phase == "play" and s.active is None:
        out.append("nobody to act")
    return out

