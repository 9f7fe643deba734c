"""The rulebook's PLAY EXAMPLE, played in full through the engine."""

from kaploom_helpers import new, play, with_next_draw, with_roll

from rules.kaploom import ENGINE

VILLAIN, HERO = 0, 1


def test_play_example_ends_hero_29_villain_28_villain_keeps_first_player():
    """PLAY EXAMPLE: "THE HEALTH TOTALS ARE NOW HERO: 29 AND VILLAIN: 28. SO, THE VILLAIN HAS THE LOWER
    HEALTH AND THEY WILL RETAIN THE FIRST PLAYER MARKER"."""
    s = new()
    # Hero dice: 1 blue, 2 yellow, 3 purple, 4 green, 5 action. "X-FACTOR, WILD, ENERGY, AGILITY, AND A BLANK"
    s = with_roll(s, HERO, ["x_factor", "energy", "wild", "agility", "blank"])
    # Villain dice: 1 blue, 2 red, 3 yellow, 4 green, 5 action. "2 BLANKS, MIGHT, AGILITY, AND AN ENERGY"
    s = with_roll(s, VILLAIN, ["blank", "might", "energy", "agility", "blank"])
    assert ENGINE.to_act(s) == (VILLAIN, HERO)

    # Hero: X + E on GROW, blank + wild on BLOCK ("THE BLANK CAN BE USED FOR THE ANY"), AGILITY on SUCKER PUNCH.
    s, _ = play(s, HERO, "assign 1 grow", "assign 2 grow", "assign 5 block", "assign 3 block",
                "assign 4 sucker_punch")
    # "THEY COULD HAVE USED THE AGILITY AND WILD FOR A FLIP DEFENSE": FLIP would have taken them too.
    s_flip, _ = play(s, HERO, "unassign 3", "unassign 4", "assign 4 flip", "assign 3 flip")
    assert [a.active for a in ENGINE.private_view(s_flip, HERO).assignments if a.action == "flip"] == [True]
    s, _ = play(s, HERO, "ready")

    # Villain: MIGHT + ENERGY on POW; a blank on TIME JUMP re-rolls the other blank (the blue die) to X.
    s, _ = play(s, VILLAIN, "assign 2 pow", "assign 3 pow")
    s = with_next_draw(s, 6, {0, 1, 2})  # the blue die's x_factor faces
    s, events = play(s, VILLAIN, "assign 5 time_jump")
    assert any("TIME JUMP" in e.text for e in events)
    assert ENGINE.public_view(s).players[VILLAIN].announced == ("TIME JUMP",)
    s, events = play(s, VILLAIN, "reroll 1")
    assert events[0].private == {VILLAIN: "Your die 1 now shows x_factor."}
    assert "x_factor" not in events[0].text
    s, _ = play(s, VILLAIN, "assign 1 power_on", "assign 4 power_on", "ready")

    # Phase 2 resolved on its own: "THE HERO LOSES 1 HEALTH"; the hero has no base attack.
    assert s.phase == "power_up"
    assert [p.health for p in s.players] == [30, 29]
    assert any("Hero has no base attack" in e for e in s.events)
    assert ENGINE.to_act(s) == (VILLAIN,)

    # Phase 3: villain first, POWER ON: "ONE NEW ACTION DIE, PLUS A NON-WILD FACE OF THEIR CHOICE".
    legal = [ENGINE.format(a) for a in ENGINE.legal_actions(s, VILLAIN)]
    assert "use power_on wild" not in legal and "use power_on might" in legal
    s, events = play(s, VILLAIN, "use power_on might")
    assert any("SUCKER PUNCH" in e.text for e in events)
    assert len(s.players[VILLAIN].dice) == 6 and s.players[VILLAIN].stored == ("M",)
    s, _ = play(s, VILLAIN, "done")
    # "THE HERO THEN GATHERS ONE NEW TRAIT DIE OF A COLOR OF THEIR CHOICE FOR THEIR GROW ACTION."
    # With that, the hero has nothing left to do (no stored face, one action die): the turn, and
    # the round, end without a `done`.
    s, events = play(s, HERO, "use grow red")
    assert "Hero has nothing more to power up." in [e.text for e in events]

    assert s.round == 2 and s.phase == "roll"
    assert s.players[HERO].health == 29 and s.players[VILLAIN].health == 28
    assert s.first == VILLAIN
    assert s.players[HERO].dice[-1] == "red"
    assert ENGINE.check_invariants(s) == []


def test_villain_may_take_the_sucker_punch_when_they_choose():
    """"THE PLAYER TAKING THE HEALTH LOSS MAY CHOOSE WHEN, DURING THE PHASE, THE HEALTH IS LOST"."""
    s = new()
    s = with_roll(s, HERO, ["x_factor", "energy", "wild", "agility", "blank"])
    s = with_roll(s, VILLAIN, ["x_factor", "might", "energy", "agility", "blank"])
    s, _ = play(s, HERO, "assign 4 sucker_punch", "ready")
    s, _ = play(s, VILLAIN, "assign 1 power_on", "assign 4 power_on", "ready")
    s, _ = play(s, VILLAIN, "use power_on might")
    assert s.players[VILLAIN].pending_loss == (("sucker_punch", 2),)
    assert "take sucker_punch" in [ENGINE.format(a) for a in ENGINE.legal_actions(s, VILLAIN)]
    s, _ = play(s, VILLAIN, "take sucker_punch")
    assert s.players[VILLAIN].health == 28 and s.players[VILLAIN].pending_loss == ()
