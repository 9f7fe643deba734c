"""Weapons that move someone: Plasma Gun, Tractor Beam, Vortex Cannon, Grenade Launcher, Rocket Launcher.

Parameters of each effect (line notation ``effect:p1/p2``; a multi-select is ``dozer,sprog``):

- Plasma Gun: ``basic:<target>`` seen from where you stand then (2 damage); ``phase_glide:<square>``
  1 or 2 moves away, you move there, before or after the basic effect (one effect: never split);
  ``charged_shot`` (no parameter) 1 more damage to the basic target, after the basic effect.
- Tractor Beam: ``basic:<target>/<square>``: the target is anyone within 2 moves of a square you see;
  the square is one you see, 0-2 moves from the target (the moves may turn); it moves there, then
  takes 1 damage. ``punisher:<target>`` 0-2 moves away from you: it moves onto your square, then 3
  damage.
- Vortex Cannon: ``basic:<vortex>/<target>``: the vortex is a square you see, not yours; the target
  is on it or 1 move from it; it moves onto the vortex, then 2 damage. ``black_hole:<1 or 2
  targets>``: others on the vortex or 1 move from it (anywhere, even unseen or on your square); each
  moves onto the vortex, then 1 damage. After the basic effect.
- Grenade Launcher: ``basic:<target>/<square>``: seen, 1 damage, then it may move 1 square (its own
  square: it stays). ``extra_grenade:<square>``: a square you see with someone on it (your own
  square is allowed: you are neither moved nor damaged): 1 damage to everyone there. Named before the
  basic effect it is thrown before the basic effect's move (its damage lands first); named after, it
  is thrown after the move.
- Rocket Launcher: ``basic:<target>/<square>``: seen, not on your square, 2 damage, then it may move
  1 square. ``rocket_jump:<square>`` 1 or 2 moves away, before or after the basic effect (before:
  only your new square counts for the target). ``fragmenting_warhead`` (no parameter) is named right
  after the basic effect, and happens during it: after the target's 2 damage and before its move, 1
  damage to everyone on the target's original square, the target included (3 in all).

Readings:
- A 1-or-2-square move of your own (phase glide, rocket jump) does not offer ending where you started
  (2 moves out and back would change nothing).
- The charged shot comes after the basic effect, before or after a glide that follows it.
- Tractor Beam (the issue's reading): anyone within 2 moves of a square you see may be taken, then it
  lands on a square you see; the move comes first, then the damage.
- Vortex Cannon: the black hole's targets move onto the vortex and take their damage one by one, in
  seat order.
- Grenade Launcher: an extra grenade named before the basic effect lands before the basic damage; as
  nothing moves in between, that is "before the basic effect's move" (only the order of tokens on
  different boards differs from throwing it between the damage and the move).
- Rocket Launcher: the warhead is named right after the basic effect (nothing else may come between)
  and resolved inside it, so its damage lands where the target stood (and its Tagback sight is from
  there); with a rocket jump first, only the new square counts for the target.
"""

from __future__ import annotations

from rules.adrenaline.weapons.base import Ctx, Param, ShotEffect, implements


def _glide(c: Ctx, name: str) -> Param:
    me = c.me
    return c.pick_square([s for s in c.geo.within(me, 2) if s != me], "a square 1 or 2 moves away",
                         f"{name} moves you 1 or 2 squares", lambda s: f"move here ({c.figures_at(s)})")


@implements
class PlasmaBasic(ShotEffect):
    weapon, id = "plasma_gun", "basic"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            return c.pick(c.visible(), "a target you can see", "Plasma Gun needs a target you can see", "2 damage")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        c.damage(c.seat(p[0]), 2)


@implements
class PhaseGlide(ShotEffect):
    weapon, id = "plasma_gun", "phase_glide"
    before = True

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        return None if p else _glide(c, "Plasma Gun's phase glide")

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        c.move(c.shooter, p[0])


@implements
class ChargedShot(ShotEffect):
    weapon, id = "plasma_gun", "charged_shot"

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        c.damage(c.seat(c.used("basic")[0]), 1)


@implements
class TractorBasic(ShotEffect):
    weapon, id = "tractor_beam", "basic"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        geo = c.geo
        seen = geo.seen[c.me]
        if not p:
            targets = [t for t in c.w.eligible if any(s in seen for s in geo.within(c.sq(t), 2))]
            return c.pick(targets, "a target within 2 moves of a square you see",
                          "Tractor Beam's target must be able to reach a square you see in 0-2 moves",
                          "pulled 0-2 squares, 1 damage")
        if len(p) == 1:
            t = c.seat(p[0])
            return c.pick_square([s for s in geo.within(c.sq(t), 2) if s in seen],
                                 "a square you see, 0-2 moves from the target",
                                 "Tractor Beam moves its target 0-2 squares to a square you can see",
                                 lambda s: "stays" if s == c.sq(t) else f"{c.name(t)} is pulled here")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        t = c.seat(p[0])
        c.move(t, p[1])
        c.damage(t, 1)


@implements
class Punisher(ShotEffect):
    weapon, id = "tractor_beam", "punisher"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            me = c.me
            return c.pick([t for t in c.w.eligible if c.dist(me, c.sq(t)) <= 2], "a target 0-2 moves away",
                          "Tractor Beam's punisher mode needs a target 0, 1 or 2 moves away",
                          "pulled onto your square, 3 damage")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        t = c.seat(p[0])
        c.move(t, c.me)
        c.damage(t, 3)


def _around(c: Ctx, vortex: str) -> tuple[int, ...]:
    d = c.geo.distance[vortex]
    return tuple(t for t in c.w.eligible if d[c.sq(t)] <= 1)


@implements
class VortexBasic(ShotEffect):
    weapon, id = "vortex_cannon", "basic"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            me = c.me
            squares = [s for s in c.geo.squares if s in c.geo.seen[me] and s != me and _around(c, s)]
            return c.pick_square(squares, "the vortex: a square you see, not yours",
                                 "Vortex Cannon's vortex is a square you see, not yours, with a target on it or 1 move away",
                                 lambda s: f"pulls in {c.who(_around(c, s))}")
        if len(p) == 1:
            return c.pick(_around(c, p[0]), "a target on the vortex or 1 move from it",
                          "Vortex Cannon's target must be on the vortex or 1 move away from it",
                          "onto the vortex, 2 damage")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        t = c.seat(p[1])
        c.move(t, p[0])
        c.damage(t, 2)


@implements
class BlackHole(ShotEffect):
    weapon, id = "vortex_cannon", "black_hole"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            vortex, first = c.used("basic")
            others = [t for t in _around(c, vortex) if t != c.seat(first)]
            return c.pick_many(others, 1, 2, "up to 2 other targets on the vortex or 1 move from it",
                               "Vortex Cannon's black hole needs 1 or 2 other targets on the vortex or 1 move away",
                               "onto the vortex, 1 damage")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        vortex = c.used("basic")[0]
        for t in c.seats(p[0]):
            c.move(t, vortex)
            c.damage(t, 1)


@implements
class GrenadeBasic(ShotEffect):
    weapon, id = "grenade_launcher", "basic"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            return c.pick(c.visible(), "a target you can see", "Grenade Launcher needs a target you can see",
                          "1 damage, then it may move 1")
        if len(p) == 1:
            return c.stay_or_step(c.seat(p[0]), "Grenade Launcher may move its target 1 square")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        t = c.seat(p[0])
        c.damage(t, 1)
        c.move(t, p[1])


@implements
class ExtraGrenade(ShotEffect):
    weapon, id = "grenade_launcher", "extra_grenade"
    before = True

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            seen = c.geo.seen[c.me]
            return c.pick_square([s for s in c.geo.squares if s in seen and c.on(s)], "a square you can see",
                                 "Grenade Launcher's extra grenade needs a square you can see with someone on it",
                                 lambda s: f"1 damage to {c.figures_at(s)}")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        for t in c.on(p[0]):
            c.damage(t, 1)


@implements
class RocketBasic(ShotEffect):
    weapon, id = "rocket_launcher", "basic"

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        if not p:
            me = c.me
            return c.pick([t for t in c.visible() if c.sq(t) != me], "a target you can see, not on your square",
                          "Rocket Launcher needs a target you can see that is not on your square",
                          "2 damage, then it may move 1")
        if len(p) == 1:
            return c.stay_or_step(c.seat(p[0]), "Rocket Launcher may move its target 1 square")
        return None

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        t = c.seat(p[0])
        c.damage(t, 2)
        if "fragmenting_warhead" in c.declared:  # during the basic effect, before the move
            for s in c.on(c.sq(t)):
                c.damage(s, 1)
        c.move(t, p[1])


@implements
class RocketJump(ShotEffect):
    weapon, id = "rocket_launcher", "rocket_jump"
    before = True

    def param(self, c: Ctx, p: tuple[str, ...]) -> Param | None:
        return None if p else _glide(c, "Rocket Launcher's rocket jump")

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        c.move(c.shooter, p[0])


@implements
class FragmentingWarhead(ShotEffect):
    weapon, id = "rocket_launcher", "fragmenting_warhead"
    right_after_basic = True

    def apply(self, c: Ctx, p: tuple[str, ...]) -> None:
        """Its damage is dealt inside the basic effect (``RocketBasic.apply``): nothing left to do."""
