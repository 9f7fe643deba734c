"""The Machine-Gun Turret (rb 1166-1168; coop.json ``turret``): built by the engineer's Turret Builder side
(professions.py), a figure of kind ``turret`` with the id ``TURRET``; ``Coop.turret_by`` is its builder's
seat and ``Coop.turret_ammo`` the ammo in it.

Notation: ``turret build C4 ammo:3`` (2 AP: a free square next to you, loaded with 3 of your ammo) and
``turret shoot BG3`` (``turret shoot BG3 <`` when it is straight above or below: the push's side), in your
turn; out of your turn ``react turret shoot BG3`` in any reaction window.

Readings (quotes: shared/rulebooks/powerup.txt, "rb N"):

- **Building**: "Characters with engineering abilities can build machine guns. There may only be one
  machine-gun at a time. After creating them, leave ammunition counters in them" (rb 1168). 2 AP (coop.json
  ``build_ap``, DESIGN), on a free square of the 8 around the builder with nothing solid between, standing
  on the board itself (no acid, spikes, stairs, fire, token or coins there: a turret must not hide one),
  loaded with 1 or more of the builder's ammo (ammo run out breaks what breaks so, rb 835-837). One on the
  board at a time (``caps`` turrets: 1, rb 101). It faces the way its builder faced.
- **Firing**: "The creator can activate the machine-gun at any time. It will shoot for a range of 6
  squares" (rb 1168). Only its builder fires it, whatever side the builder shows since, while standing
  (a BUGBUSTER down does nothing, rb 849). "At any time": in the builder's turn (not an AP: its cost is the
  ammo) and in every reaction window of the game, a BUGBUSTER's action or a BUG's attack (no RP, no
  weapon's speed: rb 925's price is "a reaction point"; it is the builder's one answer in that window,
  rb 923). Its sight is a figure's (rb 699) from its square and facing, 6 squares between at most;
  its targets are a BUGBUSTER's (the BUGs, the BUGMISTRESS, the portal's pieces); the Explosive Gas Event
  stops it as any distance attack (rb 1315). Its dice (coop.json ``dice``, 2W DESIGN) are its whole roll,
  hits as a shot's (rb 795: armor, the DAMAGE card, the push); its POW! faces are only hits (it is not a
  BUGBUSTER's roll: no card), and it never breaks. A kill scores for the builder (rb 1009).
- "Once the ammunition is spent, the turret disappears" (rb 1168): 1 of its ammo a shot; at 0 it goes.
- **A machine, not a fighter**: it has no lives or armor in the rulebook, so BUGs never attack it
  (bug_attacks.victim); it fills its square (rb 703) and stops BUGs and sight as any figure, is never pushed
  (physics.UNMOVED) and falls only if the floor under it goes (her tile flips); in acid it is lost.
"""

from __future__ import annotations

from functools import cache

from rules.powerup import bug_events, coop_combat, dice, physics, professions
from rules.powerup.board import Square, board, name, parse_square
from rules.powerup.coop_data import coop_data
from rules.powerup.data import Item
from rules.powerup.state import Figure, State

TURRET = "TURRET"
KIND = "turret"


@cache
def weapon() -> Item:
    """The turret's gun as a sheet weapon (a ranged attack for immunities and damage: BUGDOZERs resist it)."""
    t = coop_data().turret
    return Item(id=TURRET, name="Machine-Gun Turret", kind="R", dice=t.dice, range=t.range, speed=1)


def square(s: State) -> Square | None:
    return s.figures[TURRET].square if TURRET in s.figures else None


def ammo(s: State) -> int:
    return s.coop.turret_ammo if s.coop is not None and TURRET in s.figures else 0


def builder(s: State) -> int | None:
    c = s.coop
    return c.turret_by if c is not None and TURRET in s.figures and c.turret_by >= 0 else None


# --- building ------------------------------------------------------------------------------------------
def build_squares(s: State, seat: int) -> list[Square]:
    """Free squares of the 8 around the builder, on the board's own support, holding nothing (see above)."""
    me = s.where(s.busters[seat].sheet)
    if me is None:
        return []
    bd = board(s.layout)
    out = []
    for dy in (0, 1, -1):
        for dx in (1, -1, 0):
            sq = (me[0] + dx, me[1] + dy)
            if (dx or dy) and bd.step_open(me, sq) and physics.free(s, sq) and bd.supported(sq) and not (
                    bd.acid(sq) or bd.spikes(sq) or bd.stairs(sq) or sq in s.fire or sq in s.powerups
                    or sq in s.secrets or sq in s.coins):
                out.append(sq)
    return out


def build_actions(s: State, seat: int) -> list[str]:
    b = s.busters[seat]
    if (professions.effect(s, seat) != "turret" or s.air or s.ap < coop_data().turret.build_ap or b.ammo < 1
            or sum(1 for f in s.figures.values() if f.kind == KIND) >= coop_data().caps["turrets"]):
        return []
    return [f"turret build {name(q)} ammo:{n}" for q in build_squares(s, seat) for n in range(1, b.ammo + 1)]


def build(s: State, seat: int, words: list[str], out: list[str]) -> None:
    """``turret build C4 ammo:3``: 2 AP, the ammo moved from the builder into the turret."""
    from rules.powerup import life

    c = s.coop
    sq = parse_square(words[2])
    assert c is not None and sq is not None
    n = int(words[3].split(":")[1])
    me = s.busters[seat].sheet
    s.ap -= coop_data().turret.build_ap
    life.spend(s, seat, ammo=n, out=out)
    s.figures[TURRET] = Figure(TURRET, KIND, sq, s.figures[me].facing)
    c.turret_by, c.turret_ammo = seat, n
    s.beats += 1
    out.append(f"{me} builds the Machine-Gun Turret at {name(sq)} and loads it with {n} ammo.")


# --- firing --------------------------------------------------------------------------------------------
def targets(s: State) -> list:
    """What the turret sees within its range (rb 1168: 6), a BUGBUSTER's targets only."""
    sq = square(s)
    if sq is None or not bug_events.ranged_allowed(s):
        return []
    from rules.powerup import combat

    return combat.in_sight(s, sq, s.figures[TURRET].facing, coop_data().turret.range,
                           lambda fid: s.figures[fid].kind in coop_combat.TARGETS)


def can_fire(s: State, seat: int) -> bool:
    c = s.coop
    b = s.busters[seat]
    return (c is not None and builder(s) == seat and c.turret_ammo > 0 and seat not in c.fallen
            and not b.effect("pause") and not s.air)


def shoot_actions(s: State, seat: int) -> list[str]:
    """``turret shoot BG3`` (``<``/``>`` for a target straight above or below: the side it is pushed to)."""
    if not can_fire(s, seat):
        return []
    out = []
    for t in targets(s):
        out += [f"turret shoot {t.id} <", f"turret shoot {t.id} >"] if t.vertical and s.figures[t.id].kind == "bug" \
            else [f"turret shoot {t.id}"]
    return out


def actions(s: State, seat: int) -> list[str]:
    """The seat's turret actions in its own turn."""
    return build_actions(s, seat) + shoot_actions(s, seat)


def fire(s: State, seat: int, words: list[str], out: list[str]) -> None:
    """``turret shoot BG3 [<|>]``: 1 of its ammo, its dice rolled and landed at once."""
    from rules.powerup import combat

    c = s.coop
    assert c is not None
    word = words[2]
    t = next(x for x in targets(s) if x.id == word)
    here = square(s)
    assert here is not None
    push = {"<": -1, ">": 1}.get(words[3], 0) if len(words) > 3 else 0
    c.turret_ammo -= 1
    roll = combat.roll_pool(s, coop_data().turret.dice)
    s.beats += 1
    out.append(f"{s.busters[seat].sheet} fires the turret at {t.id}: {dice.describe(roll)}.")
    combat.strike(s, seat, t.id, dice.hits(roll), combat.direction(here, t.square, push), weapon(), out,
                  cover=t.cover)
    if c.turret_ammo <= 0 and TURRET in s.figures:
        scrap(s, out, "its ammunition is spent")


def scrap(s: State, out: list[str], why: str) -> None:
    """rb 1168: "Once the ammunition is spent, the turret disappears" (or it fell into acid)."""
    c = s.coop
    assert c is not None
    s.figures.pop(TURRET, None)
    c.turret_by, c.turret_ammo = -1, 0
    out.append(f"The turret disappears ({why}).")


def apply(s: State, seat: int, words: list[str], out: list[str]) -> None:
    """``turret build ...`` or ``turret shoot ...`` (coop_verbs' registry; reactions.answer out of turn)."""
    if words[1] == "build":
        build(s, seat, words, out)
    else:
        fire(s, seat, words, out)
