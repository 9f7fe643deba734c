"""Weapons that hit figures you can see (or, the Heatseeker, cannot): Lock Rifle, Machine Gun,
T.H.O.R., Whisper, ZX-2, Heatseeker, Hellion.

Parameters of each effect (line notation ``effect:p1/p2``; a multi-select is ``dozer,sprog``):

- Lock Rifle: ``basic:<target>`` (seen; 2 damage, 1 mark); ``second_lock:<target>`` (seen, not the
  basic target; 1 mark).
- Machine Gun: ``basic:<1 or 2 targets>`` (seen; 1 damage each); ``focus_shot:<one basic target>``
  (1 more); ``turret_tripod:<basic target or ->/<new target or ->`` (1 more to a basic target, and/or
  1 damage to a seen figure that was not a basic target; not both "-"). Focus and tripod follow the
  basic effect in either order. Reading (the issue's): the two extra points never land on one target,
  so the tripod's first part is never the focus target; with a lone basic target the tripod may add
  to it (Notes) unless the focus shot did.
- T.H.O.R.: ``basic:<target>`` (seen; 2 damage); ``chain_reaction:<target>`` (seen from the first
  target's square, a different player; 1 damage); ``high_voltage:<target>`` (seen from the second
  target's square, different from both; 2 damage). Chain order only.
- Whisper: ``basic:<target>`` seen AND at least 2 moves away (3 damage, 1 mark).
- ZX-2: ``basic:<target>`` (seen; 1 damage, 2 marks); ``scanner:<1 to 3 targets>`` (seen; 1 mark each).
- Heatseeker: ``basic:<target>`` that you cannot see (3 damage).
- Hellion: ``basic:<target>`` / ``nano_tracer:<target>``: seen, at least 1 move away (not on your
  square); 1 damage to it, then 1 (2) marks to it and to everyone else on its square (the issue's
  reading; the shooter is never there).

Readings: with two basic targets and no focus shot, the tripod's first part may be either of them
("the other of those targets" binds only once the focus shot has picked one). T.H.O.R.'s "can see" is
sight from the earlier target's square, as for a player.
"""

from __future__ import annotations

from rules.adrenaline.weapons.base import NONE, Ctx, Param, ShotEffect, implements


@implements
class LockRifleBasic(ShotEffect):
    weapon, id = "lock_rifle", "basic"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            return c.pick(c.visible(), "a target you can see", "Lock Rifle needs a target you can see",
                          "2 damage, 1 mark")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        t = c.seat(p[0])
        c.damage(t, 2)
        c.mark(t, 1)


@implements
class SecondLock(ShotEffect):
    weapon, id = "lock_rifle", "second_lock"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            first = c.seat(c.used("basic")[0])
            return c.pick([t for t in c.visible() if t != first], "a different target you can see",
                          "Lock Rifle's second lock needs a different target you can see", "1 mark")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        c.mark(c.seat(p[0]), 1)


@implements
class MachineGunBasic(ShotEffect):
    weapon, id = "machine_gun", "basic"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            return c.pick_many(c.visible(), 1, 2, "1 or 2 targets you can see",
                               "Machine Gun needs 1 or 2 targets you can see", "1 damage")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        for t in c.seats(p[0]):
            c.damage(t, 1)


def _tripod_again(c: Ctx) -> int | None:
    tri = c.used("turret_tripod")
    return c.seat(tri[0]) if tri and tri[0] != NONE else None


@implements
class FocusShot(ShotEffect):
    weapon, id = "machine_gun", "focus_shot"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            again = _tripod_again(c)
            basic = [t for t in c.seats(c.used("basic")[0]) if t != again]
            return c.pick(basic, "one of the basic effect's targets",
                          "Machine Gun's focus shot adds 1 damage to a basic target the tripod did not",
                          "1 more damage")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        c.damage(c.seat(p[0]), 1)


@implements
class TurretTripod(ShotEffect):
    weapon, id = "machine_gun", "turret_tripod"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        basic = c.seats(c.used("basic")[0])
        if not p:
            focus = c.used("focus_shot")
            f = c.seat(focus[0]) if focus else None
            return c.pick([t for t in basic if t != f], "1 more damage to a basic target (not the focus one)",
                          "Machine Gun's tripod adds 1 damage to a basic target the focus shot did not",
                          "1 more damage", none="No extra damage to a basic target")
        if len(p) == 1:
            return c.pick([t for t in c.visible() if t not in basic], "1 damage to a new target you can see",
                          "Machine Gun's tripod hits a basic target and/or a new target you can see",
                          "1 damage", none="No new target" if p[0] != NONE else "")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        for token in p:
            if token != NONE:
                c.damage(c.seat(token), 1)


@implements
class ThorBasic(ShotEffect):
    weapon, id = "thor", "basic"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            return c.pick(c.visible(), "a target you can see", "T.H.O.R. needs a target you can see", "2 damage")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        c.damage(c.seat(p[0]), 2)


@implements
class ChainReaction(ShotEffect):
    weapon, id = "thor", "chain_reaction"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            first = c.seat(c.used("basic")[0])
            return c.pick([t for t in c.visible(c.sq(first)) if t != first], "a second target your first target sees",
                          "T.H.O.R.'s chain reaction needs a different target your first target can see", "1 damage")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        c.damage(c.seat(p[0]), 1)


@implements
class HighVoltage(ShotEffect):
    weapon, id = "thor", "high_voltage"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            first, second = c.seat(c.used("basic")[0]), c.seat(c.used("chain_reaction")[0])
            return c.pick([t for t in c.visible(c.sq(second)) if t not in (first, second)],
                          "a third target your second target sees",
                          "T.H.O.R.'s high voltage needs a third player your second target can see", "2 damage")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        c.damage(c.seat(p[0]), 2)


@implements
class Whisper(ShotEffect):
    weapon, id = "whisper", "basic"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            me = c.me
            return c.pick([t for t in c.visible() if c.dist(me, c.sq(t)) >= 2],
                          "a target you can see at least 2 moves away",
                          "Whisper needs a target you can see at least 2 moves away", "3 damage, 1 mark")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        t = c.seat(p[0])
        c.damage(t, 3)
        c.mark(t, 1)


@implements
class Zx2Basic(ShotEffect):
    weapon, id = "zx2", "basic"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            return c.pick(c.visible(), "a target you can see", "ZX-2 needs a target you can see", "1 damage, 2 marks")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        t = c.seat(p[0])
        c.damage(t, 1)
        c.mark(t, 2)


@implements
class Scanner(ShotEffect):
    weapon, id = "zx2", "scanner"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            return c.pick_many(c.visible(), 1, 3, "up to 3 targets you can see",
                               "ZX-2's scanner mode needs 1 to 3 targets you can see", "1 mark")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        for t in c.seats(p[0]):
            c.mark(t, 1)


@implements
class Heatseeker(ShotEffect):
    weapon, id = "heatseeker", "basic"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            seen = c.geo.seen[c.me]
            return c.pick([t for t in c.w.eligible if c.sq(t) not in seen], "a target you cannot see",
                          "Heatseeker can only hit a target you cannot see", "3 damage")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        c.damage(c.seat(p[0]), 3)


class _Hellion(ShotEffect):
    weapon = "hellion"
    marks = 1

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            me, n = c.me, self.marks

            def what(t: int) -> str:
                others = len(c.on(c.sq(t))) - 1
                tail = f"; {n} to {others} other{'s' if others > 1 else ''} there" if others else ""
                return f"1 damage, {n} mark{'s' if n > 1 else ''}{tail}"

            return c.pick([t for t in c.visible() if c.sq(t) != me], "a target you can see at least 1 move away",
                          "Hellion needs a target you can see at least 1 move away", what)
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        t = c.seat(p[0])
        c.damage(t, 1)
        for s in (t,) + tuple(s for s in c.on(c.sq(t)) if s != t):
            c.mark(s, self.marks)


@implements
class HellionBasic(_Hellion):
    id = "basic"


@implements
class NanoTracer(_Hellion):
    id, marks = "nano_tracer", 2
