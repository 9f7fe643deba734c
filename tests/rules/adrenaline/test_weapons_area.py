"""Weapons that hit squares, rooms and lines: Electroscythe, Furnace, Shockwave, Flamethrower, Railgun.

Quotes are from the seed (shared/rulebooks/adrenaline-weapons.txt). Boards use the "big" arena:

    a1 R | b1 B   c1 B | d1 G        doors: a1-b1 b1-b2 c1-d1 c1-c2 d1-d2 a2-a3 b2-b3 b3-c3
    a2 R | b2 P | c2 Y   d2 Y        a1 sees red+blue, b1 red+blue+purple, b2 blue+purple+white,
    a3 W   b3 W | c3 Y   d3 Y        c3 white+yellow, d3 yellow only
"""

from helpers import board
from weapon_tools import fire, hurt, level, marks, offered, refused, rich, where

from rules.adrenaline import weapons as W


def test_electroscythe_basic():
    """basic mode: "Deal 1 damage to every other player on your square." """
    s = board("big", banshee="b1", dozer="b1", sprog="b1", violetta="c1")
    after, line = fire(s, "electroscythe", "basic")
    assert [hurt(after, f) for f in ("banshee", "dozer", "sprog", "violetta")] == [0, 1, 1, 0]
    assert line == "Banshee fires Electroscythe: Dozer 1 damage, Sprog 1 damage"
    alone = board("big", banshee="b1", dozer="c1")
    assert not W.usable(alone, 0, "electroscythe")
    assert refused(alone, "electroscythe", "basic") == "Electroscythe needs another player on your square"


def test_electroscythe_reaper():
    """in reaper mode: "Deal 2 damage to every other player on your square." (costs B, R)"""
    s = board("big", banshee="b1", dozer="b1", sprog="b1")
    assert offered(s, "electroscythe") == ["basic", "reaper"]
    after, _ = fire(s, "electroscythe", "reaper")
    assert [hurt(after, f) for f in ("banshee", "dozer", "sprog")] == [0, 2, 2]
    assert W.shot_cost("electroscythe", ("reaper", "done")) == ("B", "R")
    assert "one alternate mode" in refused(s, "electroscythe", "basic", "reaper")


def test_furnace_basic():
    """basic mode: "Choose a room you can see, but not the room you are in. Deal 1 damage to everyone in
    that room." """
    s = board("big", banshee="b1", dozer="c1", sprog="a1", violetta="a2", dstruct="b3")
    lvl = level(s, "furnace", ("basic",))
    assert lvl.kind == "room" and [c.token for c in lvl.choices] == ["red"]  # blue is Banshee's; purple empty
    after, _ = fire(s, "furnace", "basic:red")
    assert [hurt(after, f) for f in ("dozer", "sprog", "violetta", "dstruct")] == [0, 1, 1, 0]
    assert "not your own" in refused(s, "furnace", "basic:blue")
    assert "not your own" in refused(s, "furnace", "basic:white")  # unseen


def test_furnace_cozy_fire():
    """in cozy fire mode: "Choose a square exactly one move away. Deal 1 damage and 1 mark to everyone on
    that square." """
    s = board("big", banshee="b1", dozer="c1", sprog="c1", violetta="b2", dstruct="d1")
    assert offered(s, "furnace", ("cozy_fire",)) == ["c1", "b2"]  # a1 is empty, d1 two moves away
    after, _ = fire(s, "furnace", "cozy_fire:c1")
    assert [(hurt(after, f), marks(after, f)) for f in ("dozer", "sprog", "violetta")] == [(1, 1), (1, 1), (0, 0)]
    assert W.shot_cost("furnace", ("cozy_fire", "c1", "done")) == ()


def test_everyone_in_a_location_cannot_escape():
    """General principles: "if an effect damages everyone in a location, you cannot choose to let some
    targets escape that damage." """
    s = board("big", banshee="b1", dozer="a1", sprog="a2")
    lvl = level(s, "furnace", ("basic",))
    assert lvl.kind == "room"  # a room, never a choice of who in it
    assert "Furnace needs a room" in refused(s, "furnace", "basic:dozer")


def test_shockwave_basic():
    """basic mode: "Choose up to 3 targets on different squares, each exactly 1 move away. Deal 1 damage
    to each target." """
    s = board("big", banshee="b1", dozer="c1", sprog="c1", violetta="b2", dstruct="a1")
    lvl = level(s, "shockwave", ("basic",))
    assert (lvl.kind, lvl.minimum, lvl.maximum) == ("players", 1, 3)
    assert [c.token for c in lvl.choices] == ["dozer", "sprog", "violetta", "dstruct"]
    assert refused(s, "shockwave", "basic:dozer,sprog") == "Shockwave's targets must be on different squares"
    after, _ = fire(s, "shockwave", "basic:dozer,violetta,dstruct")
    assert [hurt(after, f) for f in ("dozer", "sprog", "violetta", "dstruct")] == [1, 0, 1, 1]


def test_shockwave_tsunami():
    """in tsunami mode: "Deal 1 damage to all targets that are exactly 1 move away." (costs Y)"""
    s = board("big", banshee="b1", dozer="c1", sprog="c1", violetta="b2", dstruct="d1")
    after, _ = fire(s, "shockwave", "tsunami")
    assert [hurt(after, f) for f in ("dozer", "sprog", "violetta", "dstruct")] == [1, 1, 1, 0]
    lonely = board("big", banshee="b1", dozer="b1", sprog="d1")  # on your square or 2 away: nobody
    assert not W.usable(lonely, 0, "shockwave")


def test_flamethrower_basic():
    """basic mode: "Choose a square 1 move away and possibly a second square 1 more move away in the same
    direction. On each square, you may choose 1 target and give it 1 damage." """
    s = board("big", banshee="a1", dozer="b1", sprog="c1", violetta="c1", dstruct="a1")
    assert offered(s, "flamethrower", ("basic",)) == ["b1"]  # a2 and a3 are empty
    lvl = level(s, "flamethrower", ("basic", "b1"))
    assert (lvl.kind, lvl.maximum, [c.token for c in lvl.choices]) == ("players", 2, ["dozer", "sprog", "violetta"])
    after, line = fire(s, "flamethrower", "basic:b1/dozer,sprog")
    assert [hurt(after, f) for f in ("dozer", "sprog", "violetta", "dstruct")] == [1, 1, 0, 0]
    assert "at most 1 target on each square" in refused(s, "flamethrower", "basic:b1/sprog,violetta")
    after, _ = fire(s, "flamethrower", "basic:b1/violetta")  # a square may be left unhit
    assert [hurt(after, f) for f in ("dozer", "violetta")] == [0, 1]


def test_flamethrower_barbecue():
    """in barbecue mode: "Choose 2 squares as above. Deal 2 damage to everyone on the first square and
    1 damage to everyone on the second square." (costs Y, Y)"""
    s = rich(board("big", banshee="a1", dozer="b1", sprog="c1", violetta="c1"))
    assert offered(s, "flamethrower", ("barbecue", "b1")) == ["c1", "b1"]  # go on, or stop at b1
    after, _ = fire(s, "flamethrower", "barbecue:b1/c1")
    assert [hurt(after, f) for f in ("dozer", "sprog", "violetta")] == [2, 1, 1]
    after, _ = fire(s, "flamethrower", "barbecue:b1/b1")
    assert [hurt(after, f) for f in ("dozer", "sprog", "violetta")] == [2, 0, 0]
    assert W.shot_cost("flamethrower", ("barbecue", "b1", "c1", "done")) == ("Y", "Y")
    # a wall after the first square: no second parameter
    wall = rich(board("big", banshee="d2", dozer="c2", sprog="b2"))
    assert W.from_line(wall, 0, "flamethrower", ["barbecue:c2"]) == ("barbecue", "c2", "done")


def test_flamethrower_note_not_your_square():
    """Notes: "This weapon cannot damage anyone in your square." """
    s = rich(board("big", banshee="a1", dozer="a1"))
    assert not W.usable(s, 0, "flamethrower")


def test_flamethrower_note_doors_not_walls():
    """Notes: "However, it can sometimes damage a target you can't see – the flame won't go through walls,
    but it will go through doors." """
    s = board("big", banshee="b1", dozer="b3")  # b1 -> b2 -> b3 through two doors; white is unseen from b1
    assert offered(s, "flamethrower", ("basic",)) == ["b2"]
    after, _ = fire(s, "flamethrower", "basic:b2/dozer")
    assert hurt(after, "dozer") == 1
    walled = board("big", banshee="a2", dozer="b2")  # a2 | b2 is a wall
    assert not W.usable(walled, 0, "flamethrower")


def test_flamethrower_note_two_squares_straight():
    """Notes: "Think of it as a straight-line blast of flame that can travel 2 squares in a cardinal
    direction." """
    s = board("big", banshee="a1", dozer="d1", sprog="b2")  # d1 is 3 squares east; b2 is a turn away
    assert not W.usable(s, 0, "flamethrower")
    assert "in its flame" in refused(s, "flamethrower", "basic:b1/dozer")


def test_railgun_basic():
    """basic mode: "Choose a cardinal direction and 1 target in that direction. Deal 3 damage to it." """
    s = board("big", banshee="a2", dozer="c2", sprog="a3")
    lvl = level(s, "railgun", ("basic",))
    assert lvl.kind == "direction" and [c.token for c in lvl.choices] == ["e", "s"]
    assert offered(s, "railgun", ("basic", "e")) == ["dozer"]
    after, _ = fire(s, "railgun", "basic:e/dozer")
    assert hurt(after, "dozer") == 3
    assert "chosen direction" in refused(s, "railgun", "basic:e/sprog")


def test_railgun_piercing():
    """in piercing mode: "Choose a cardinal direction and 1 or 2 targets in that direction. Deal 2 damage
    to each." """
    s = board("big", banshee="a2", dozer="b2", sprog="d2", violetta="c2")
    lvl = level(s, "railgun", ("piercing", "e"))
    assert (lvl.kind, lvl.maximum) == ("players", 2)
    after, _ = fire(s, "railgun", "piercing:e/dozer,sprog")
    assert [hurt(after, f) for f in ("dozer", "sprog", "violetta")] == [2, 2, 0]
    assert "chosen direction" in refused(s, "railgun", "piercing:e/dozer,sprog,violetta")


def test_railgun_note_through_walls():
    """Notes: "Basically, you're shooting in a straight line and ignoring walls." ... "but shooting through
    walls sure is fun." """
    s = board("big", banshee="a2", dozer="b2")  # a2 | b2 is a wall
    assert offered(s, "railgun", ("basic",)) == ["e"]


def test_railgun_note_own_square():
    """Notes: "You don't have to pick a target on the other side of a wall – it could even be someone on
    your own square" ... "Anyone on a square in that direction (including yours) is a valid target." """
    s = board("big", banshee="a2", dozer="a2")
    assert offered(s, "railgun", ("basic",)) == ["n", "e", "s", "w"]
    after, _ = fire(s, "railgun", "basic:w/dozer")
    assert hurt(after, "dozer") == 3


def test_railgun_note_four_directions():
    """Notes: "There are only 4 cardinal directions. You imagine facing one wall or door, square-on, and
    firing in that direction." """
    s = board("big", banshee="a2", dozer="b1", sprog="b3")  # both diagonal
    assert not W.usable(s, 0, "railgun")
    assert "n, e, s or w" in refused(s, "railgun", "basic:ne/dozer")


def test_railgun_note_piercing_same_square():
    """Notes: "In piercing mode, the 2 targets can be on the same square or on different squares." """
    s = board("big", banshee="a1", dozer="c1", sprog="c1", violetta="d1")
    after, _ = fire(s, "railgun", "piercing:e/dozer,sprog")
    assert [hurt(after, f) for f in ("dozer", "sprog", "violetta")] == [2, 2, 0]
    after, _ = fire(s, "railgun", "piercing:e/sprog,violetta")
    assert [hurt(after, f) for f in ("dozer", "sprog", "violetta")] == [0, 2, 2]
    assert where(after, "sprog") == "c1"
