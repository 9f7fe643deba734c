"""Close-combat weapons: Cyberblade, Sledgehammer, Shotgun, Power Glove.

Parameters of each effect (line notation ``effect:p1/p2``; a multi-select is ``dozer,sprog``):

- Cyberblade: ``basic:<target>`` on your square (2 damage); ``shadowstep:<square>`` 1 move away, you
  move there (before or after the basic effect, or after slice and dice: anywhere, once);
  ``slice_and_dice:<target>`` a different target on your square (2 damage), after the basic effect.
  So: move onto a square and whack 2; whack, move, whack; or whack 2 and move (the seed's Notes).
- Sledgehammer: ``basic:<target>`` on your square (2 damage); ``pulverize:<target>/<square>`` on your
  square, 3 damage, then it moves 0, 1 or 2 squares in one straight direction (the square it ends
  on; its own square means it stays).
- Shotgun: ``basic:<target>/<square>`` on your square, 3 damage, then it may move 1 square (its own
  square: it stays); ``long_barrel:<target>`` on a square exactly 1 move away (2 damage).
- Power Glove: ``basic:<target>`` exactly 1 move away: you move onto its square, then 1 damage and 2
  marks to it. ``rocket_fist:<first square>[/<second square>]/<1 or 2 targets>``: you fly onto a
  square 1 move away; when a legal move goes on in the same direction, the second parameter is that
  square (fly on) or the first square again (stop); then 1 target on each square you landed on, at
  most one per square, 2 damage each, dealt on arrival (the issue's reading: one square may be left
  unhit, but somebody must be hit).
"""

from __future__ import annotations

from rules.adrenaline.geometry import DIRECTIONS
from rules.adrenaline.weapons.base import Ctx, Param, ShotEffect, implements


class _TargetOnYourSquare(ShotEffect):
    """A basic effect that deals ``amount`` damage to 1 target on your square."""

    amount = 2
    title = ""  # the weapon's name, for the refusal

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            return c.pick(c.on(c.me), "a target on your square", f"{self.title} needs a target on your square",
                          f"{self.amount} damage")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        c.damage(c.seat(p[0]), self.amount)


@implements
class CyberbladeBasic(_TargetOnYourSquare):
    weapon, id, title = "cyberblade", "basic", "Cyberblade"


@implements
class Shadowstep(ShotEffect):
    weapon, id = "cyberblade", "shadowstep"
    before = True

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            return c.pick_square(c.geo.neighbours(c.me), "a square 1 move away",
                                 "Cyberblade's shadowstep moves you 1 square",
                                 lambda s: f"move here ({c.figures_at(s)})")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        c.move(c.shooter, p[0])


@implements
class SliceAndDice(ShotEffect):
    weapon, id = "cyberblade", "slice_and_dice"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            first = c.seat(c.used("basic")[0])
            return c.pick([t for t in c.on(c.me) if t != first], "a different target on your square",
                          "Cyberblade's slice and dice needs a different target on your square", "2 damage")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        c.damage(c.seat(p[0]), 2)


@implements
class SledgehammerBasic(_TargetOnYourSquare):
    weapon, id, title = "sledgehammer", "basic", "Sledgehammer"


@implements
class Pulverize(ShotEffect):
    weapon, id = "sledgehammer", "pulverize"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            return c.pick(c.on(c.me), "a target on your square",
                          "Sledgehammer's pulverize mode needs a target on your square", "3 damage, then a move")
        if len(p) == 1:
            here = c.me
            ends = (here,) + tuple(s for d in DIRECTIONS for s in c.geo.line(here, d, 2))
            who = c.name(c.seat(p[0]))
            return c.pick_square(ends, "where it ends: 0, 1 or 2 squares in one direction",
                                 "Sledgehammer's pulverize moves the target 0-2 squares in one straight direction",
                                 lambda s: "stays" if s == here else f"{who} moves here")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        t = c.seat(p[0])
        c.damage(t, 3)
        c.move(t, p[1])


@implements
class ShotgunBasic(ShotEffect):
    weapon, id = "shotgun", "basic"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            return c.pick(c.on(c.me), "a target on your square", "Shotgun needs a target on your square",
                          "3 damage, then it may move 1")
        if len(p) == 1:
            return c.stay_or_step(c.seat(p[0]), "Shotgun may move its target 1 square (through doors)")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        t = c.seat(p[0])
        c.damage(t, 3)
        c.move(t, p[1])


@implements
class LongBarrel(ShotEffect):
    weapon, id = "shotgun", "long_barrel"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            return c.pick(c.one_move_away(), "a target exactly 1 move away",
                          "Shotgun's long barrel needs a target exactly 1 move away", "2 damage")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        c.damage(c.seat(p[0]), 2)


@implements
class PowerGloveBasic(ShotEffect):
    weapon, id = "power_glove", "basic"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            return c.pick(c.one_move_away(), "a target exactly 1 move away",
                          "Power Glove needs a target exactly 1 move away", "you move there; 1 damage, 2 marks")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        t = c.seat(p[0])
        c.move(c.shooter, c.sq(t))
        c.damage(t, 1)
        c.mark(t, 2)


@implements
class RocketFist(ShotEffect):
    weapon, id = "power_glove", "rocket_fist"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        me = c.me
        if not p:
            firsts = []
            for s in c.geo.neighbours(me):
                nxt = c.beyond(me, s)
                if c.on(s) or (nxt and c.on(nxt)):
                    firsts.append(s)
            return c.pick_square(firsts, "a square 1 move away to fly onto",
                                 "Power Glove's rocket fist flies onto a square 1 move away",
                                 lambda s: f"fly here ({c.figures_at(s)})")
        nxt = c.beyond(me, p[0])
        if len(p) == 1 and nxt:
            ends = [s for s in (nxt, p[0]) if c.on(p[0]) or (s == nxt and c.on(nxt))]
            return c.pick_square(ends, "fly on 1 more square in that direction, or stop",
                                 "Power Glove's rocket fist flies on in the same direction, or stops",
                                 lambda s: f"stop here ({c.figures_at(s)})" if s == p[0]
                                 else f"fly on ({c.figures_at(s)})")
        if len(p) == (2 if nxt else 1):
            squares = tuple(dict.fromkeys(p))
            return c.pick_many(c.on_squares(squares), 1, 2, "1 target on each square you land on",
                               "Power Glove's rocket fist punches 1 target on each square it lands on", "2 damage",
                               c.one_per_square("Power Glove's rocket fist punches at most 1 target per square"))
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        targets = c.seats(p[-1])
        for square in dict.fromkeys(p[:-1]):
            hit = [t for t in targets if c.sq(t) == square]
            c.move(c.shooter, square)
            for t in hit:
                c.damage(t, 2)
