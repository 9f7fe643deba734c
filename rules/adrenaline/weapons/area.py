"""Weapons that hit squares, rooms and lines: Electroscythe, Furnace, Shockwave, Flamethrower, Railgun.

Parameters of each effect (line notation ``effect:p1/p2``; a multi-select is ``dozer,sprog``):

- Electroscythe: ``basic`` / ``reaper``, no parameters: 1 (2) damage to every other player on your
  square (there must be one).
- Furnace: ``basic:<room>`` a room you can see, not your own, with someone in it: 1 damage to
  everyone there. ``cozy_fire:<square>`` exactly 1 move away, with someone on it: 1 damage and 1 mark
  to everyone there.
- Shockwave: ``basic:<1 to 3 targets>`` each exactly 1 move away, on different squares (1 damage
  each). ``tsunami``: no parameters, 1 damage to everyone exactly 1 move away (at least one).
- Flamethrower: ``basic:<first square>/<1 or 2 targets>``: the first square is 1 move away (through a
  door, never a wall); the targets stand on it or on the next square in the same direction, at most
  one per square (the issue's reading: one square may be left unhit). ``barbecue:<first square>``
  then, when the flame can go on, ``/<second square>`` to go on or ``/<first square>`` again to stop
  there (the issue's reading: barbecue may stop at one square): 2 damage to everyone on the first
  square, 1 to everyone on the second. Somebody must be hit. Never your own square.
- Railgun: ``basic:<direction>/<target>`` (3 damage) and ``piercing:<direction>/<1 or 2 targets>``
  (2 damage each): n/e/s/w, your square and every square beyond it that way, walls ignored. A figure
  on your own square is in every direction.
"""

from __future__ import annotations

from rules.adrenaline.geometry import DIRECTIONS
from rules.adrenaline.weapons.base import ROOM_LETTER, Ctx, Param, ShotEffect, implements


class _Scythe(ShotEffect):
    weapon = "electroscythe"
    amount = 1
    needs = "Electroscythe needs another player on your square"

    def ready(self, c: Ctx) -> bool:
        return bool(c.on(c.me))

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        for t in c.on(c.me):
            c.damage(t, self.amount)


@implements
class ScytheBasic(_Scythe):
    id = "basic"


@implements
class Reaper(_Scythe):
    id, amount = "reaper", 2


@implements
class FurnaceBasic(ShotEffect):
    weapon, id = "furnace", "basic"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            geo, me = c.geo, c.me
            rooms = [r for r in sorted(geo.seen_rooms[me]) if r != geo.room_of[me] and c.on_squares(geo.rooms[r])]
            rooms.sort(key=lambda r: geo.squares.index(geo.rooms[r][0]))
            return c.pick_room(rooms, "a room you can see, not your own",
                               "Furnace needs a room you can see, not your own, with someone in it",
                               lambda r: f"1 damage to {c.who(c.on_squares(geo.rooms[r]))}")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        for t in c.on_squares(c.geo.rooms[ROOM_LETTER[p[0]]]):
            c.damage(t, 1)


@implements
class CozyFire(ShotEffect):
    weapon, id = "furnace", "cozy_fire"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            return c.pick_square([s for s in c.geo.exactly(c.me, 1) if c.on(s)], "a square exactly 1 move away",
                                 "Furnace's cozy fire needs a square exactly 1 move away with someone on it",
                                 lambda s: f"1 damage, 1 mark to {c.figures_at(s)}")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        for t in c.on(p[0]):
            c.damage(t, 1)
            c.mark(t, 1)


@implements
class ShockwaveBasic(ShotEffect):
    weapon, id = "shockwave", "basic"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            return c.pick_many(c.one_move_away(), 1, 3, "up to 3 targets on different squares, each exactly 1 move away",
                               "Shockwave needs 1 to 3 targets exactly 1 move away", "1 damage",
                               c.one_per_square("Shockwave's targets must be on different squares"))
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        for t in c.seats(p[0]):
            c.damage(t, 1)


@implements
class Tsunami(ShotEffect):
    weapon, id = "shockwave", "tsunami"
    needs = "Shockwave's tsunami mode needs someone exactly 1 move away"

    def ready(self, c: Ctx) -> bool:
        return bool(self._targets(c))

    def _targets(self, c: Ctx) -> tuple[int, ...]:
        return c.one_move_away()

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        for t in self._targets(c):
            c.damage(t, 1)


def _flame(c: Ctx, first: str) -> tuple[str, ...]:
    """The flame's squares through ``first``: it and, if no wall, the next one that way."""
    second = c.beyond(c.me, first)
    return (first, second) if second else (first,)


@implements
class FlamethrowerBasic(ShotEffect):
    weapon, id = "flamethrower", "basic"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            firsts = [s for s in c.geo.neighbours(c.me) if c.on_squares(_flame(c, s))]
            return c.pick_square(firsts, "the first square, 1 move away",
                                 "Flamethrower needs a square 1 move away (doors, not walls) with someone in its flame",
                                 lambda s: "flame over " + "+".join(_flame(c, s)) + f": {c.who(c.on_squares(_flame(c, s)))}")
        if len(p) == 1:
            return c.pick_many(c.on_squares(_flame(c, p[0])), 1, 2, "1 target per square (1 or 2 in all)",
                               "Flamethrower hits 1 or 2 targets in its flame", "1 damage",
                               c.one_per_square("Flamethrower hits at most 1 target on each square"))
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        for t in c.seats(p[1]):
            c.damage(t, 1)


@implements
class Barbecue(ShotEffect):
    weapon, id = "flamethrower", "barbecue"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            firsts = [s for s in c.geo.neighbours(c.me) if c.on_squares(_flame(c, s))]
            return c.pick_square(firsts, "the first square, 1 move away",
                                 "Flamethrower needs a square 1 move away (doors, not walls) with someone in its flame",
                                 lambda s: "2 damage to " + c.figures_at(s))
        flame = _flame(c, p[0])
        if len(p) == 1 and len(flame) == 2:
            ends = [s for s in (flame[1], flame[0]) if c.on_squares(flame[: flame.index(s) + 1])]
            return c.pick_square(ends, "go on to the second square, or stop",
                                 "Flamethrower's barbecue goes on to the next square in line or stops at the first",
                                 lambda s: f"stop here (2 damage to {c.figures_at(s)})" if s == p[0]
                                 else f"go on: 1 damage to {c.figures_at(s)}")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        for t in c.on(p[0]):
            c.damage(t, 2)
        if len(p) == 2 and p[1] != p[0]:
            for t in c.on(p[1]):
                c.damage(t, 1)


class _Railgun(ShotEffect):
    weapon = "railgun"
    most, amount = 1, 3

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        geo, me = c.geo, c.me
        if not p:
            dirs = [d for d in DIRECTIONS if c.on_squares(geo.beam(me, d))]
            return c.pick_direction(dirs, "a cardinal direction (walls ignored)",
                                    "Railgun fires n, e, s or w at someone in that line (your square included)",
                                    lambda d: c.who(c.on_squares(geo.beam(me, d))))
        if len(p) == 1:
            line = c.on_squares(geo.beam(me, p[0]))
            rule = "Railgun's target must be in the chosen direction (your square included)"
            if self.most == 1:
                return c.pick(line, "a target in that direction", rule, "3 damage")
            return c.pick_many(line, 1, 2, "1 or 2 targets in that direction", rule, "2 damage")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        for t in c.seats(p[1]):
            c.damage(t, self.amount)


@implements
class RailgunBasic(_Railgun):
    id = "basic"


@implements
class Piercing(_Railgun):
    id, most, amount = "piercing", 2, 2
