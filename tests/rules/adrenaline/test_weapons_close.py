"""Close-combat weapons: Cyberblade, Sledgehammer, Shotgun, Power Glove.

Quotes are from the seed (shared/rulebooks/adrenaline-weapons.txt). Boards use the "big" arena:

    a1 R | b1 B   c1 B | d1 G        doors: a1-b1 b1-b2 c1-d1 c1-c2 d1-d2 a2-a3 b2-b3 b3-c3
    a2 R | b2 P | c2 Y   d2 Y        walls between rooms: a2|b2, b2|c2 (and every edge that is no door)
    a3 W   b3 W | c3 Y   d3 Y
"""

from helpers import board
from weapon_tools import fire, hurt, level, marks, offered, refused, rich, where

from rules.adrenaline import weapons as W


def test_cyberblade_basic():
    """basic effect: "Deal 2 damage to 1 target on your square." """
    s = board("big", banshee="a1", dozer="a1", sprog="b1")
    assert offered(s, "cyberblade", ("basic",)) == ["dozer"]
    after, _ = fire(s, "cyberblade", "basic:dozer")
    assert (hurt(after, "dozer"), hurt(after, "sprog")) == (2, 0)
    assert "on your square" in refused(s, "cyberblade", "basic:sprog")


def test_cyberblade_shadowstep():
    """with shadowstep: "Move 1 square before or after the basic effect." (no cost)"""
    s = board("big", banshee="a1", dozer="b1")
    assert offered(s, "cyberblade") == ["shadowstep"]  # nobody here yet: step first
    assert offered(s, "cyberblade", ("shadowstep",)) == ["b1"]  # a2 leads to no target
    after, line = fire(s, "cyberblade", "shadowstep:b1", "basic:dozer")
    assert (where(after, "banshee"), hurt(after, "dozer")) == ("b1", 2)
    assert line == "Banshee fires Cyberblade with shadowstep: Banshee moves to b1, Dozer 2 damage"
    after, _ = fire(board("big", banshee="a1", dozer="a1"), "cyberblade", "basic:dozer", "shadowstep:a2")
    assert where(after, "banshee") == "a2"
    assert "1 square" in refused(s, "cyberblade", "shadowstep:c1", "basic:dozer")


def test_cyberblade_slice_and_dice():
    """with slice and dice: "Deal 2 damage to a different target on your square. The shadowstep may be
    used before or after this effect." (costs Y)"""
    s = board("big", banshee="a1", dozer="a1", sprog="a1")
    assert offered(s, "cyberblade", ("basic", "dozer", "slice_and_dice")) == ["sprog"]
    after, _ = fire(s, "cyberblade", "basic:dozer", "slice_and_dice:sprog")
    assert (hurt(after, "dozer"), hurt(after, "sprog")) == (2, 2)
    assert "different target" in refused(s, "cyberblade", "basic:dozer", "slice_and_dice:dozer")
    assert "comes after the basic effect" in refused(s, "cyberblade", "slice_and_dice:sprog", "basic:dozer")
    assert W.shot_cost("cyberblade", W.from_line(s, 0, "cyberblade", ["basic:dozer", "slice_and_dice:sprog"])) == ("Y",)


def test_cyberblade_note_step_then_whack_two():
    """Notes: "Combining all effects allows you to move onto a square and whack 2 people" """
    s = board("big", banshee="a1", dozer="b1", sprog="b1")
    after, _ = fire(s, "cyberblade", "shadowstep:b1", "basic:dozer", "slice_and_dice:sprog")
    assert (where(after, "banshee"), hurt(after, "dozer"), hurt(after, "sprog")) == ("b1", 2, 2)


def test_cyberblade_note_whack_step_whack():
    """Notes: "or whack somebody, move, and whack somebody else" """
    s = board("big", banshee="a1", dozer="a1", sprog="b1")
    assert offered(s, "cyberblade", ("basic", "dozer", "shadowstep")) == ["b1", "a2"]
    assert offered(s, "cyberblade", ("basic", "dozer", "shadowstep", "b1", "slice_and_dice")) == ["sprog"]
    after, _ = fire(s, "cyberblade", "basic:dozer", "shadowstep:b1", "slice_and_dice:sprog")
    assert (where(after, "banshee"), hurt(after, "dozer"), hurt(after, "sprog")) == ("b1", 2, 2)


def test_cyberblade_note_whack_two_then_step():
    """Notes: "or whack 2 people and then move." (and the shadowstep is one move, used once)"""
    s = board("big", banshee="a1", dozer="a1", sprog="a1")
    after, _ = fire(s, "cyberblade", "basic:dozer", "slice_and_dice:sprog", "shadowstep:a2")
    assert (where(after, "banshee"), hurt(after, "dozer"), hurt(after, "sprog")) == ("a2", 2, 2)
    assert "only once" in refused(s, "cyberblade", "shadowstep:a2", "shadowstep:a1", "basic:dozer")


def test_sledgehammer_basic():
    """basic mode: "Deal 2 damage to 1 target on your square." """
    s = board("big", banshee="a1", dozer="a1", sprog="b1")
    assert offered(s, "sledgehammer", ("basic",)) == ["dozer"]
    after, _ = fire(s, "sledgehammer", "basic:dozer")
    assert hurt(after, "dozer") == 2


def test_sledgehammer_pulverize():
    """in pulverize mode: "Deal 3 damage to 1 target on your square, then move that target 0, 1, or 2
    squares in one direction." (costs R)"""
    s = board("big", banshee="a1", dozer="a1")
    lvl = level(s, "sledgehammer", ("pulverize", "dozer"))
    assert lvl.kind == "square" and [c.token for c in lvl.choices] == ["a1", "b1", "c1", "a2", "a3"]
    after, line = fire(s, "sledgehammer", "pulverize:dozer/c1")
    assert (hurt(after, "dozer"), where(after, "dozer")) == (3, "c1")
    assert line == "Banshee fires Sledgehammer in pulverize mode: Dozer 3 damage, moves Dozer to c1"
    after, _ = fire(s, "sledgehammer", "pulverize:dozer/a1")  # 0 squares
    assert where(after, "dozer") == "a1"
    assert "one straight direction" in refused(s, "sledgehammer", "pulverize:dozer/b2")  # a turn
    assert W.shot_cost("sledgehammer", ("pulverize", "dozer", "a1", "done")) == ("R",)


def test_sledgehammer_note_doors_not_walls():
    """Notes: "Remember that moves go through doors, but not walls." """
    s = board("big", banshee="a2", dozer="a2")  # a2 | b2 is a wall; a2 - a3 a door
    assert offered(s, "sledgehammer", ("pulverize", "dozer")) == ["a2", "a1", "a3"]


def test_shotgun_basic():
    """basic mode: "Deal 3 damage to 1 target on your square. If you want, you may then move the target
    1 square." """
    s = board("big", banshee="b1", dozer="b1")
    assert offered(s, "shotgun", ("basic", "dozer")) == ["b1", "c1", "b2", "a1"]  # stay, or 1 square
    after, _ = fire(s, "shotgun", "basic:dozer/b2")
    assert (hurt(after, "dozer"), where(after, "dozer")) == (3, "b2")
    after, _ = fire(s, "shotgun", "basic:dozer/b1")
    assert (hurt(after, "dozer"), where(after, "dozer")) == (3, "b1")
    assert "1 square" in refused(s, "shotgun", "basic:dozer/d1")


def test_shotgun_long_barrel():
    """in long barrel mode: "Deal 2 damage to 1 target on any square exactly one move away." """
    s = board("big", banshee="a2", dozer="a3", sprog="b2", violetta="a2")
    assert offered(s, "shotgun", ("long_barrel",)) == ["dozer"]  # b2 is behind a wall; Violetta is 0 away
    after, _ = fire(s, "shotgun", "long_barrel:dozer")
    assert hurt(after, "dozer") == 2
    assert W.shot_cost("shotgun", ("long_barrel", "dozer", "done")) == ()


def test_power_glove_basic():
    """basic mode: "Choose 1 target on any square exactly 1 move away. Move onto that square and give the
    target 1 damage and 2 marks." """
    s = board("big", banshee="a1", dozer="b1", sprog="a1", violetta="c1")
    assert offered(s, "power_glove", ("basic",)) == ["dozer"]
    after, line = fire(s, "power_glove", "basic:dozer")
    assert (where(after, "banshee"), hurt(after, "dozer"), marks(after, "dozer")) == ("b1", 1, 2)
    assert line == "Banshee fires Power Glove: Banshee moves to b1, Dozer 1 damage, 2 marks"


def test_power_glove_rocket_fist():
    """in rocket fist mode: "Choose a square exactly 1 move away. Move onto that square. You may deal
    2 damage to 1 target there. If you want, you may move 1 more square in that same direction (but only
    if it is a legal move). You may deal 2 damage to 1 target there, as well." (costs B)"""
    s = rich(board("big", banshee="a1", dozer="b1", sprog="c1"))
    assert offered(s, "power_glove", ("rocket_fist", "b1")) == ["c1", "b1"]  # fly on, or stop
    after, _ = fire(s, "power_glove", "rocket_fist:b1/c1/dozer,sprog")
    assert (where(after, "banshee"), hurt(after, "dozer"), hurt(after, "sprog")) == ("c1", 2, 2)
    after, _ = fire(s, "power_glove", "rocket_fist:b1/b1/dozer")
    assert (where(after, "banshee"), hurt(after, "sprog")) == ("b1", 0)
    after, _ = fire(s, "power_glove", "rocket_fist:b1/c1/sprog")  # a square may be left unhit
    assert (where(after, "banshee"), hurt(after, "dozer"), hurt(after, "sprog")) == ("c1", 0, 2)
    # "only if it is a legal move": d2 -> c2, then b2 is behind a wall, so no second parameter
    wall = rich(board("big", banshee="d2", dozer="c2", sprog="b2"))
    lvl = level(wall, "power_glove", ("rocket_fist", "c2"))
    assert lvl.kind == "players" and [c.token for c in lvl.choices] == ["dozer"]
    assert W.shot_cost("power_glove", ("rocket_fist", "c2", "dozer", "done")) == ("B",)


def test_power_glove_note_two_squares_one_each():
    """Notes: "In rocket fist mode, you're flying 2 squares in a straight line, punching 1 person per
    square." """
    s = rich(board("big", banshee="a1", dozer="b1", violetta="b1", sprog="b2"))
    assert "at most 1 target per square" in refused(s, "power_glove", "rocket_fist:b1/c1/dozer,violetta")
    assert offered(s, "power_glove", ("rocket_fist",)) == ["b1"]  # no turning towards b2
    assert "flies on in the same direction" in refused(s, "power_glove", "rocket_fist:b1/b2/sprog")
