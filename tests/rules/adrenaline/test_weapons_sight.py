"""Weapons that hit what you see: Lock Rifle, Machine Gun, T.H.O.R., Whisper, ZX-2, Heatseeker, Hellion.

Quotes are from the seed (shared/rulebooks/adrenaline-weapons.txt). Boards use the "big" arena:

    a1 R | b1 B   c1 B | d1 G        doors: a1-b1 b1-b2 c1-d1 c1-c2 d1-d2 a2-a3 b2-b3 b3-c3
    a2 R | b2 P | c2 Y   d2 Y        a1 sees red+blue, b1 red+blue+purple, b2 blue+purple+white,
    a3 W   b3 W | c3 Y   d3 Y        c3 white+yellow, d3 yellow only
"""

from dataclasses import replace

from helpers import board
from weapon_tools import fire, hurt, level, marks, offered, refused, rich

from rules.adrenaline import weapons as W


def test_lock_rifle_basic():
    """basic effect: "Deal 2 damage and 1 mark to 1 target you can see." """
    s = board("big", banshee="a1", dozer="b1", sprog="b2")
    assert offered(s, "lock_rifle", ("basic",)) == ["dozer"]  # Sprog is in purple, unseen from a1
    after, line = fire(s, "lock_rifle", "basic:dozer")
    assert (hurt(after, "dozer"), marks(after, "dozer")) == (2, 1)
    assert line == "Banshee fires Lock Rifle: Dozer 2 damage, 1 mark"


def test_lock_rifle_second_lock():
    """with second lock: "Deal 1 mark to a different target you can see." (costs R)"""
    s = board("big", banshee="b1", dozer="a1", sprog="b2")
    assert offered(s, "lock_rifle", ("basic", "dozer", "second_lock")) == ["sprog"]
    after, _ = fire(s, "lock_rifle", "basic:dozer", "second_lock:sprog")
    assert (hurt(after, "sprog"), marks(after, "sprog"), marks(after, "dozer")) == (0, 1, 1)
    assert W.shot_cost("lock_rifle", ("basic", "dozer", "second_lock", "sprog", "done")) == ("R",)
    assert "different target" in refused(s, "lock_rifle", "basic:dozer", "second_lock:dozer")
    poor = s.clone()
    poor.players[0] = replace(poor.players[0], cubes=(0, 1, 1))
    assert "second_lock" not in offered(poor, "lock_rifle", ("basic", "dozer"))
    assert "cannot pay" in refused(poor, "lock_rifle", "basic:dozer", "second_lock:sprog")
    poor.players[0] = replace(poor.players[0], powerups=("newton:R",))  # a red powerup pays the red cube
    assert "second_lock" in offered(poor, "lock_rifle", ("basic", "dozer"))


def test_machine_gun_basic():
    """basic effect: "Choose 1 or 2 targets you can see and deal 1 damage to each." """
    s = board("big", banshee="b1", dozer="a1", sprog="b2", violetta="c1", dstruct="d3")
    lvl = level(s, "machine_gun", ("basic",))
    assert (lvl.kind, lvl.minimum, lvl.maximum) == ("players", 1, 2)
    assert [c.token for c in lvl.choices] == ["dozer", "sprog", "violetta"]
    after, _ = fire(s, "machine_gun", "basic:sprog,dozer")  # any order; written in seat order
    assert (hurt(after, "dozer"), hurt(after, "sprog"), hurt(after, "violetta")) == (1, 1, 0)
    assert W.from_line(s, 0, "machine_gun", ["basic:sprog,dozer"]) == ("basic", "dozer,sprog", "done")
    assert "1 or 2 targets" in refused(s, "machine_gun", "basic:dozer,sprog,violetta")
    assert "1 or 2 targets" in refused(s, "machine_gun", "basic:dstruct")


def test_machine_gun_focus_shot():
    """with focus shot: "Deal 1 additional damage to one of those targets." (costs Y)"""
    s = board("big", banshee="b1", dozer="a1", sprog="b2", violetta="c1")
    assert offered(s, "machine_gun", ("basic", "dozer,sprog", "focus_shot")) == ["dozer", "sprog"]
    after, _ = fire(s, "machine_gun", "basic:dozer,sprog", "focus_shot:sprog")
    assert (hurt(after, "dozer"), hurt(after, "sprog")) == (1, 2)
    assert "basic target" in refused(s, "machine_gun", "basic:dozer,sprog", "focus_shot:violetta")


def test_machine_gun_turret_tripod():
    """with turret tripod: "Deal 1 additional damage to the other of those targets and/or deal 1 damage
    to a different target you can see." (costs B)"""
    s = board("big", banshee="b1", dozer="a1", sprog="b2", violetta="c1")
    path = ("basic", "dozer,sprog", "focus_shot", "dozer", "turret_tripod")
    assert offered(s, "machine_gun", path) == ["sprog", "-"]  # "the other of those targets"
    assert offered(s, "machine_gun", path + ("sprog",)) == ["violetta", "-"]
    assert offered(s, "machine_gun", path + ("-",)) == ["violetta"]  # it must hit someone
    after, _ = fire(s, "machine_gun", "basic:dozer,sprog", "focus_shot:dozer", "turret_tripod:sprog/violetta")
    assert (hurt(after, "dozer"), hurt(after, "sprog"), hurt(after, "violetta")) == (2, 2, 1)
    assert W.shot_cost("machine_gun", W.from_line(s, 0, "machine_gun", [
        "basic:dozer,sprog", "focus_shot:dozer", "turret_tripod:sprog/violetta"])) == ("Y", "B")
    assert "new target" in refused(s, "machine_gun", "basic:dozer,sprog", "turret_tripod:-/-")
    # the tripod may also come first; the focus shot then avoids the target it hit again
    assert offered(s, "machine_gun", ("basic", "dozer,sprog", "turret_tripod", "dozer", "-", "focus_shot")) == ["sprog"]


def test_machine_gun_note_two_extra_points_on_two_targets():
    """Notes: "If you deal both additional points of damage, they must be dealt to 2 different targets." """
    s = board("big", banshee="b1", dozer="a1", sprog="b2")
    msg = refused(s, "machine_gun", "basic:dozer,sprog", "focus_shot:dozer", "turret_tripod:dozer/-")
    assert "focus shot did not" in msg
    lone = ("basic", "dozer", "focus_shot", "dozer", "turret_tripod")  # a lone target cannot take both
    assert offered(s, "machine_gun", lone) == ["-"]
    assert offered(s, "machine_gun", lone + ("-",)) == ["sprog"]


def test_machine_gun_note_two_seen_two_each():
    """Notes: "If you see only 2 targets, you deal 2 to each if you use both optional effects." """
    s = board("big", banshee="b1", dozer="a1", sprog="b2", violetta="d3")
    after, line = fire(s, "machine_gun", "basic:dozer,sprog", "focus_shot:dozer", "turret_tripod:sprog/-")
    assert (hurt(after, "dozer"), hurt(after, "sprog"), hurt(after, "violetta")) == (2, 2, 0)
    assert line.startswith("Banshee fires Machine Gun with focus shot and turret tripod: ")


def test_machine_gun_note_lone_target_tripod():
    """Notes: "If you use the basic effect on only 1 target, you can still use the the turret tripod to
    give it 1 additional damage." """
    s = board("big", banshee="b1", dozer="a1")
    assert offered(s, "machine_gun", ("basic", "dozer", "turret_tripod")) == ["dozer"]  # no "-": no new target
    after, _ = fire(s, "machine_gun", "basic:dozer", "turret_tripod:dozer/-")
    assert hurt(after, "dozer") == 2


def test_thor_basic():
    """basic effect: "Deal 2 damage to 1 target you can see." """
    s = board("big", banshee="a1", dozer="b1", sprog="b2")
    assert offered(s, "thor", ("basic",)) == ["dozer"]
    after, _ = fire(s, "thor", "basic:dozer")
    assert hurt(after, "dozer") == 2


def test_thor_chain_reaction():
    """with chain reaction: "Deal 1 damage to a second target that your first target can see." """
    s = board("big", banshee="a1", dozer="b1", sprog="b2", violetta="d3")
    assert offered(s, "thor", ("basic", "dozer", "chain_reaction")) == ["sprog"]  # seen by Dozer, not by Banshee
    after, _ = fire(s, "thor", "basic:dozer", "chain_reaction:sprog")
    assert (hurt(after, "dozer"), hurt(after, "sprog")) == (2, 1)
    assert "first target can see" in refused(s, "thor", "basic:dozer", "chain_reaction:violetta")


def test_thor_high_voltage():
    """with high voltage: "Deal 2 damage to a third target that your second target can see. You cannot use
    this effect unless you first use the chain reaction." (chain and high voltage cost B each)"""
    s = rich(board("big", banshee="a1", dozer="b1", sprog="b2", violetta="b3"))
    assert offered(s, "thor", ("basic", "dozer")) == ["chain_reaction", "done"]
    after, _ = fire(s, "thor", "basic:dozer", "chain_reaction:sprog", "high_voltage:violetta")
    assert (hurt(after, "dozer"), hurt(after, "sprog"), hurt(after, "violetta")) == (2, 1, 2)
    assert "needs chain reaction first" in refused(s, "thor", "basic:dozer", "high_voltage:sprog")
    assert W.shot_cost("thor", W.from_line(s, 0, "thor", [
        "basic:dozer", "chain_reaction:sprog", "high_voltage:violetta"])) == ("B", "B")


def test_thor_note_order_and_different_players():
    """Notes: "This card constrains the order in which you can use its effects. (Most cards don't.) Also
    note that each target must be a different player." """
    s = rich(board("big", banshee="b1", dozer="b1", sprog="b2", violetta="a1"))
    assert offered(s, "thor") == ["basic"]
    # Dozer sees Sprog and Violetta (and Banshee, never a target); Sprog sees Dozer: not again
    assert offered(s, "thor", ("basic", "dozer", "chain_reaction")) == ["sprog", "violetta"]
    assert offered(s, "thor", ("basic", "dozer", "chain_reaction", "sprog")) == ["done"]
    assert "comes after the basic effect" in refused(s, "thor", "chain_reaction:sprog", "basic:dozer")
    assert "third player" in refused(s, "thor", "basic:dozer", "chain_reaction:sprog", "high_voltage:dozer")


def test_whisper_effect():
    """effect: "Deal 3 damage and 1 mark to 1 target you can see. Your target must be at least 2 moves away
    from you." """
    s = board("big", banshee="a1", dozer="c1", sprog="b1", violetta="a3")
    assert offered(s, "whisper", ("basic",)) == ["dozer"]  # Sprog is 1 move away; Violetta unseen
    after, _ = fire(s, "whisper", "basic:dozer")
    assert (hurt(after, "dozer"), marks(after, "dozer")) == (3, 1)
    assert refused(s, "whisper", "basic:sprog") == "Whisper needs a target you can see at least 2 moves away"


def test_whisper_note_two_by_two_room():
    """Notes: "For example, in the 2-by-2 room, you cannot shoot a target on an adjacent square, but you
    can shoot a target on the diagonal." """
    s = board("big", banshee="c2", dozer="d2", sprog="d3")
    assert offered(s, "whisper", ("basic",)) == ["sprog"]


def test_whisper_note_beside_a_door():
    """Notes: "If you are beside a door, you can't shoot a target on the other side of the door, but you
    can shoot a target on a different square of that room." """
    s = board("big", banshee="c3", dozer="b3", sprog="a3")
    assert offered(s, "whisper", ("basic",)) == ["sprog"]


def test_zx2_basic():
    """basic mode: "Deal 1 damage and 2 marks to 1 target you can see." """
    s = board("big", banshee="a1", dozer="b1", sprog="d3")
    assert offered(s, "zx2", ("basic",)) == ["dozer"]
    after, _ = fire(s, "zx2", "basic:dozer")
    assert (hurt(after, "dozer"), marks(after, "dozer")) == (1, 2)


def test_zx2_scanner():
    """in scanner mode: "Choose up to 3 targets you can see and deal 1 mark to each." """
    s = board("big", banshee="b1", dozer="a1", sprog="b2", violetta="c1", dstruct="a2")
    lvl = level(s, "zx2", ("scanner",))
    assert (lvl.kind, lvl.minimum, lvl.maximum) == ("players", 1, 3)
    assert "1 to 3 targets" in refused(s, "zx2", "scanner:dozer,sprog,violetta,dstruct")
    after, _ = fire(s, "zx2", "scanner:dozer,dstruct")
    assert [marks(after, f) for f in ("dozer", "sprog", "dstruct")] == [1, 0, 1]
    assert hurt(after, "dozer") == 0


def test_zx2_note_three_rooms():
    """Notes: "Remember that the 3 targets can be in 3 different rooms." """
    s = board("big", banshee="b1", dozer="a1", sprog="b2", violetta="c1")  # red, purple, blue
    after, _ = fire(s, "zx2", "scanner:violetta,sprog,dozer")
    assert [marks(after, f) for f in ("dozer", "sprog", "violetta")] == [1, 1, 1]


def test_heatseeker_effect():
    """effect: "Choose 1 target you cannot see and deal 3 damage to it." """
    s = board("big", banshee="a1", dozer="b1", sprog="d3")
    assert offered(s, "heatseeker", ("basic",)) == ["sprog"]
    after, _ = fire(s, "heatseeker", "basic:sprog")
    assert hurt(after, "sprog") == 3


def test_heatseeker_note_only_unseen():
    """Notes: "Yes, this can only hit targets you cannot see." """
    s = board("big", banshee="a1", dozer="b1", sprog="a2")
    assert not W.usable(s, 0, "heatseeker")
    assert refused(s, "heatseeker", "basic:dozer") == "Heatseeker can only hit a target you cannot see"


def test_hellion_basic():
    """basic mode: "Deal 1 damage to 1 target you can see at least 1 move away. Then give 1 mark to that
    target and everyone else on that square." """
    s = board("big", banshee="b1", dozer="b1", sprog="a1", violetta="a1")
    assert offered(s, "hellion", ("basic",)) == ["sprog", "violetta"]  # not Dozer, on Banshee's square
    after, _ = fire(s, "hellion", "basic:sprog")
    assert (hurt(after, "sprog"), marks(after, "sprog")) == (1, 1)
    assert (hurt(after, "violetta"), marks(after, "violetta")) == (0, 1)
    assert (hurt(after, "dozer"), marks(after, "dozer")) == (0, 0)
    assert "at least 1 move away" in refused(s, "hellion", "basic:dozer")


def test_hellion_nano_tracer():
    """in nano-tracer mode: "Deal 1 damage to 1 target you can see at least 1 move away. Then give 2 marks
    to that target and everyone else on that square." (costs R)"""
    s = board("big", banshee="b1", sprog="a1", violetta="a1")
    after, line = fire(s, "hellion", "nano_tracer:violetta")
    assert (hurt(after, "violetta"), marks(after, "violetta"), marks(after, "sprog")) == (1, 2, 2)
    assert line == "Banshee fires Hellion in nano-tracer mode: Violetta 1 damage, 2 marks, Sprog 2 marks"
    assert W.shot_cost("hellion", ("nano_tracer", "violetta", "done")) == ("R",)
