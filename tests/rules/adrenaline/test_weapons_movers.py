"""Weapons that move someone: Plasma Gun, Tractor Beam, Vortex Cannon, Grenade Launcher, Rocket Launcher.

Quotes are from the seed (shared/rulebooks/adrenaline-weapons.txt). Boards use the "big" arena:

    a1 R | b1 B   c1 B | d1 G        doors: a1-b1 b1-b2 c1-d1 c1-c2 d1-d2 a2-a3 b2-b3 b3-c3
    a2 R | b2 P | c2 Y   d2 Y        a1 sees red+blue, b1 red+blue+purple, c1 blue+green+yellow,
    a3 W   b3 W | c3 Y   d3 Y        b2 blue+purple+white, d3 yellow only
"""

from dataclasses import replace

from helpers import board
from weapon_tools import fire, hurt, level, offered, refused, rich, where

from rules.adrenaline import weapons as W


def test_plasma_gun_basic():
    """basic effect: "Deal 2 damage to 1 target you can see." """
    s = board("big", banshee="a1", dozer="b1", sprog="c2")
    assert offered(s, "plasma_gun", ("basic",)) == ["dozer"]
    after, _ = fire(s, "plasma_gun", "basic:dozer")
    assert hurt(after, "dozer") == 2


def test_plasma_gun_phase_glide():
    """with phase glide: "Move 1 or 2 squares. This effect can be used either before or after the basic
    effect." """
    s = board("big", banshee="a1", dozer="b1")
    assert offered(s, "plasma_gun", ("basic", "dozer")) == ["phase_glide", "charged_shot", "done"]
    assert offered(s, "plasma_gun", ("basic", "dozer", "phase_glide")) == ["b1", "c1", "a2", "b2", "a3"]
    after, _ = fire(s, "plasma_gun", "basic:dozer", "phase_glide:a3")
    assert (where(after, "banshee"), hurt(after, "dozer")) == ("a3", 2)
    after, _ = fire(s, "plasma_gun", "phase_glide:c1", "basic:dozer")
    assert (where(after, "banshee"), hurt(after, "dozer")) == ("c1", 2)
    assert "1 or 2 squares" in refused(s, "plasma_gun", "phase_glide:d1", "basic:dozer")  # 3 moves


def test_plasma_gun_charged_shot():
    """with charged shot: "Deal 1 additional damage to your target." (costs B)"""
    s = board("big", banshee="a1", dozer="b1")
    after, line = fire(s, "plasma_gun", "basic:dozer", "charged_shot")
    assert hurt(after, "dozer") == 3
    assert line == "Banshee fires Plasma Gun with charged shot: Dozer 3 damage"
    assert "comes after the basic effect" in refused(s, "plasma_gun", "charged_shot", "basic:dozer")


def test_plasma_gun_note_moves_are_free():
    """Notes: "The two moves have no ammo cost." """
    s = board("big", banshee="a1", dozer="b1")
    s.players[0] = replace(s.players[0], cubes=(0, 0, 0))
    assert offered(s, "plasma_gun", ("basic", "dozer")) == ["phase_glide", "done"]  # no charged shot: no B
    assert W.shot_cost("plasma_gun", W.from_line(s, 0, "plasma_gun", ["phase_glide:b1", "basic:dozer"])) == ()


def test_plasma_gun_note_glide_then_see():
    """Notes: "You don't have to be able to see your target when you play the card. For example, you can
    move 2 squares and shoot a target you now see." """
    s = board("big", banshee="a1", dozer="c2")  # yellow: unseen from a1, seen from c1
    assert offered(s, "plasma_gun") == ["phase_glide"]
    assert offered(s, "plasma_gun", ("phase_glide",)) == ["c1"]  # the only square from which Dozer is seen
    after, _ = fire(s, "plasma_gun", "phase_glide:c1", "basic:dozer")
    assert (where(after, "banshee"), hurt(after, "dozer")) == ("c1", 2)


def test_plasma_gun_note_no_split_glide():
    """Notes: "You cannot use 1 move before shooting and 1 move after." """
    s = board("big", banshee="a1", dozer="b1")
    assert "only once" in refused(s, "plasma_gun", "phase_glide:b1", "basic:dozer", "phase_glide:c1")
    assert "phase_glide" not in offered(s, "plasma_gun", ("phase_glide", "b1", "basic", "dozer"))


def test_tractor_beam_basic():
    """basic mode: "Move a target 0, 1, or 2 squares to a square you can see, and give it 1 damage." """
    s = board("big", banshee="a1", dozer="b2", sprog="d3")
    assert offered(s, "tractor_beam", ("basic",)) == ["dozer"]  # Sprog is 3+ moves from any seen square
    assert offered(s, "tractor_beam", ("basic", "dozer")) == ["a1", "b1", "c1"]
    after, line = fire(s, "tractor_beam", "basic:dozer/a1")
    assert (where(after, "dozer"), hurt(after, "dozer")) == ("a1", 1)
    assert line == "Banshee fires Tractor Beam: moves Dozer to a1, Dozer 1 damage"
    assert "square you can see" in refused(s, "tractor_beam", "basic:dozer/b3")


def test_tractor_beam_punisher():
    """in punisher mode: "Choose a target 0, 1, or 2 moves away from you. Move the target to your square
    and deal 3 damage to it." (costs R, Y)"""
    s = board("big", banshee="a1", dozer="a1", sprog="b2", violetta="b3")
    assert offered(s, "tractor_beam", ("punisher",)) == ["dozer", "sprog"]  # Violetta is 3 moves away
    after, _ = fire(s, "tractor_beam", "punisher:sprog")
    assert (where(after, "sprog"), hurt(after, "sprog")) == ("a1", 3)
    assert W.shot_cost("tractor_beam", ("punisher", "sprog", "done")) == ("R", "Y")


def test_tractor_beam_note_unseen_target():
    """Notes: "You can move a target even if you can't see it. The target ends up in a place where you
    can see and damage it." """
    s = board("big", banshee="a1", dozer="b2")  # purple: unseen from a1
    seen = {"a1", "a2", "b1", "c1"}
    assert set(offered(s, "tractor_beam", ("basic", "dozer"))) <= seen


def test_tractor_beam_note_moves_may_turn():
    """Notes: "The moves do not have to be in the same direction." """
    s = board("big", banshee="a1", dozer="c2")  # c2 -> c1 -> b1 turns
    assert offered(s, "tractor_beam", ("basic", "dozer")) == ["b1", "c1"]
    after, _ = fire(s, "tractor_beam", "basic:dozer/b1")
    assert where(after, "dozer") == "b1"


def test_vortex_cannon_basic():
    """basic effect: "Choose a square you can see, but not your square. Call it "the vortex". Choose a
    target on the vortex or 1 move away from it. Move it onto the vortex and give it 2 damage." """
    s = board("big", banshee="b1", dozer="b1", sprog="d3")
    lvl = level(s, "vortex_cannon", ("basic",))
    assert lvl.kind == "square" and "b1" not in [c.token for c in lvl.choices]
    assert [c.token for c in lvl.choices] == ["a1", "c1", "b2"]  # seen squares 1 move from Dozer
    after, _ = fire(s, "vortex_cannon", "basic:b2/dozer")
    assert (where(after, "dozer"), hurt(after, "dozer")) == ("b2", 2)
    assert "not yours" in refused(s, "vortex_cannon", "basic:b1/dozer")
    assert "1 move away" in refused(s, "vortex_cannon", "basic:a1/sprog")
    assert "with a target" in refused(s, "vortex_cannon", "basic:a2/dozer")  # nobody within 1 of a2


def test_vortex_cannon_black_hole():
    """with black hole: "Choose up to 2 other targets on the vortex or 1 move away from it. Move them onto
    the vortex and give them each 1 damage." (costs R)"""
    s = board("big", banshee="a1", dozer="c1", sprog="d1", violetta="c2", dstruct="b1")
    lvl = level(s, "vortex_cannon", ("basic", "c1", "dozer", "black_hole"))
    assert (lvl.kind, lvl.minimum, lvl.maximum) == ("players", 1, 2)
    assert [c.token for c in lvl.choices] == ["sprog", "violetta", "dstruct"]
    assert "1 or 2 other targets" in refused(s, "vortex_cannon", "basic:c1/dozer", "black_hole:sprog,violetta,dstruct")
    after, _ = fire(s, "vortex_cannon", "basic:c1/dozer", "black_hole:sprog,violetta")
    assert [(where(after, f), hurt(after, f)) for f in ("dozer", "sprog", "violetta", "dstruct")] == [
        ("c1", 2), ("c1", 1), ("c1", 1), ("b1", 0)]


def test_vortex_cannon_note_three_different_targets():
    """Notes: "The 3 targets must be different, but some might start on the same square." """
    s = board("big", banshee="a1", dozer="c1", sprog="c1", violetta="c1")
    assert offered(s, "vortex_cannon", ("basic", "c1", "dozer", "black_hole")) == ["sprog", "violetta"]
    assert "other targets" in refused(s, "vortex_cannon", "basic:c1/dozer", "black_hole:dozer")


def test_vortex_cannon_note_anywhere_targets():
    """Notes: "It is legal to choose targets on your square, on the vortex, or even on squares you can't
    see. They all end up on the vortex." """
    s = board("big", banshee="b1", dozer="b1", sprog="b3", violetta="b2")  # b3 is white: unseen from b1
    after, _ = fire(s, "vortex_cannon", "basic:b2/dozer", "black_hole:sprog,violetta")
    assert [where(after, f) for f in ("dozer", "sprog", "violetta")] == ["b2", "b2", "b2"]
    assert [hurt(after, f) for f in ("banshee", "dozer", "sprog", "violetta")] == [0, 2, 1, 1]


def test_grenade_launcher_basic():
    """basic effect: "Deal 1 damage to 1 target you can see. Then you may move the target 1 square." """
    s = board("big", banshee="a1", dozer="b1", sprog="b2")
    assert offered(s, "grenade_launcher", ("basic",)) == ["dozer"]
    assert offered(s, "grenade_launcher", ("basic", "dozer")) == ["b1", "c1", "b2", "a1"]
    after, _ = fire(s, "grenade_launcher", "basic:dozer/c1")
    assert (hurt(after, "dozer"), where(after, "dozer")) == (1, "c1")


def test_grenade_launcher_extra_grenade():
    """with extra grenade: "Deal 1 damage to every player on a square you can see. You can use this before
    or after the basic effect's move." (costs R)"""
    s = board("big", banshee="a1", dozer="b1", sprog="c1", violetta="c1")
    assert offered(s, "grenade_launcher") == ["basic", "extra_grenade"]
    assert offered(s, "grenade_launcher", ("extra_grenade",)) == ["b1", "c1"]
    after, _ = fire(s, "grenade_launcher", "extra_grenade:c1", "basic:dozer/b1")
    assert [hurt(after, f) for f in ("dozer", "sprog", "violetta")] == [1, 1, 1]
    assert W.shot_cost("grenade_launcher", ("extra_grenade", "c1", "basic", "dozer", "b1", "done")) == ("R",)


def test_grenade_launcher_note_move_then_blast():
    """Notes: "For example, you can shoot a target, move it onto a square with other targets, then damage
    everyone including the first target." """
    s = board("big", banshee="a1", dozer="b1", sprog="c1")
    after, line = fire(s, "grenade_launcher", "basic:dozer/c1", "extra_grenade:c1")
    assert [(hurt(after, f), where(after, f)) for f in ("dozer", "sprog")] == [(2, "c1"), (1, "c1")]
    assert line == ("Banshee fires Grenade Launcher with extra grenade: Dozer 1 damage, moves Dozer to c1, "
                    "Dozer 1 damage, Sprog 1 damage")


def test_grenade_launcher_note_blast_then_move():
    """Notes: "Or you can deal 2 to a main target, 1 to everyone else on that square, then move the main
    target." """
    s = board("big", banshee="a1", dozer="b1", violetta="b1")
    after, _ = fire(s, "grenade_launcher", "extra_grenade:b1", "basic:dozer/c1")
    assert [(hurt(after, f), where(after, f)) for f in ("dozer", "violetta")] == [(2, "c1"), (1, "b1")]


def test_grenade_launcher_note_two_places():
    """Notes: "Or you can deal 1 to an isolated target and 1 to everyone on a different square." """
    s = board("big", banshee="a1", dozer="b1", sprog="a2", violetta="a2")
    after, _ = fire(s, "grenade_launcher", "basic:dozer/b1", "extra_grenade:a2")
    assert [hurt(after, f) for f in ("dozer", "sprog", "violetta")] == [1, 1, 1]


def test_grenade_launcher_note_own_square():
    """Notes: "If you target your own square, you will not be moved or damaged." """
    s = board("big", banshee="a1", dozer="a1", sprog="b1")
    assert "a1" in offered(s, "grenade_launcher", ("extra_grenade",))
    after, _ = fire(s, "grenade_launcher", "extra_grenade:a1", "basic:dozer/a2")
    assert [(hurt(after, f), where(after, f)) for f in ("banshee", "dozer")] == [(0, "a1"), (2, "a2")]
    assert "banshee" not in offered(s, "grenade_launcher", ("basic",))


def test_rocket_launcher_basic():
    """basic effect: "Deal 2 damage to 1 target you can see that is not on your square. Then you may move
    the target 1 square." """
    s = board("big", banshee="a1", dozer="b1", sprog="a1")
    assert offered(s, "rocket_launcher", ("basic",)) == ["dozer"]  # not Sprog, on Banshee's square
    after, _ = fire(s, "rocket_launcher", "basic:dozer/b2")
    assert (hurt(after, "dozer"), where(after, "dozer")) == (2, "b2")
    assert "not on your square" in refused(s, "rocket_launcher", "basic:sprog/a1")


def test_rocket_launcher_rocket_jump():
    """with rocket jump: "Move 1 or 2 squares. This effect can be used either before or after the basic
    effect." (costs B)"""
    s = board("big", banshee="a1", dozer="b1")
    after, _ = fire(s, "rocket_launcher", "basic:dozer/b1", "rocket_jump:a3")
    assert (where(after, "banshee"), hurt(after, "dozer")) == ("a3", 2)
    assert W.shot_cost("rocket_launcher", ("rocket_jump", "a2", "basic", "dozer", "b1", "done")) == ("B",)
    poor = board("big", banshee="a1", dozer="b1")
    poor.players[0] = replace(poor.players[0], cubes=(1, 0, 1))
    assert offered(poor, "rocket_launcher") == ["basic"]


def test_rocket_launcher_fragmenting_warhead():
    """with fragmenting warhead: "During the basic effect, deal 1 damage to every player on your target's
    original square – including the target, even if you move it." (costs Y)"""
    s = rich(board("big", banshee="a1", dozer="b1", sprog="b1"))
    assert offered(s, "rocket_launcher", ("basic", "dozer", "b2")) == ["rocket_jump", "fragmenting_warhead", "done"]
    after, line = fire(s, "rocket_launcher", "basic:dozer/b2", "fragmenting_warhead")
    assert [(hurt(after, f), where(after, f)) for f in ("dozer", "sprog")] == [(3, "b2"), (1, "b1")]
    assert "name it right after it" in refused(s, "rocket_launcher", "basic:dozer/b2", "rocket_jump:a2",
                                               "fragmenting_warhead")
    assert W.shot_cost("rocket_launcher", ("basic", "dozer", "b2", "fragmenting_warhead", "done")) == ("Y",)


def test_rocket_launcher_note_jump_first_new_square_counts():
    """Notes: "If you use the rocket jump before the basic effect, you consider only your new square when
    determining if a target is legal." """
    s = rich(board("big", banshee="a1", dozer="b1", sprog="c1", violetta="b2"))
    assert offered(s, "rocket_launcher", ("rocket_jump", "b1", "basic")) == ["sprog", "violetta"]
    assert "not on your square" in refused(s, "rocket_launcher", "rocket_jump:b1", "basic:dozer/b1")
    assert offered(s, "rocket_launcher", ("rocket_jump",)) == ["b1", "c1", "b2"]  # a2, a3 see nobody
    assert offered(s, "rocket_launcher", ("rocket_jump", "b2", "basic")) == ["dozer", "sprog"]


def test_rocket_launcher_note_move_off_to_shoot():
    """Notes: "You can even move off a square so you can shoot someone on it." """
    s = board("big", banshee="a1", dozer="a1")
    assert offered(s, "rocket_launcher") == ["rocket_jump"]
    after, _ = fire(s, "rocket_launcher", "rocket_jump:b1", "basic:dozer/a1")
    assert (where(after, "banshee"), hurt(after, "dozer")) == ("b1", 2)


def test_rocket_launcher_note_warhead_before_move():
    """Notes: "If you use the fragmenting warhead, you deal damage to everyone on the target's square before
    you move the target – your target will take 3 damage total." """
    s = rich(board("big", banshee="a1", dozer="b1", sprog="b1"))
    after, line = fire(s, "rocket_launcher", "basic:dozer/b2", "fragmenting_warhead")
    assert line == ("Banshee fires Rocket Launcher with fragmenting warhead: Dozer 3 damage, Sprog 1 damage, "
                    "moves Dozer to b2")
    # Dozer took the warhead on b1, from where it sees Banshee on a1 (a Tagback Grenade may answer)
    assert 1 in after.shot.seen_by
