"""Advanced play (super boards) and 2 vs 2."""

from kaploom_helpers import new, play, with_roll

from rules.kaploom import ENGINE


def test_supers_set_dice_health_and_first_player():
    """ADVANCED PLAY: "REFER TO THOSE BOARDS FOR STARTING DICE AND HEALTH. THE PERSON WITH THE LOWEST HEALTH IS THE
    FIRST PLAYER.\""""
    s = new("advanced")  # victor kane 26 vs tough nut 34
    assert [p.health for p in s.players] == [26, 34] and s.first == 0
    assert s.players[1].dice[:4] == ("purple", "purple", "red", "green")
    s = new("advanced", villain_super="spoiler_alert", hero_super="timeout")  # 32 vs 28
    assert s.first == 1 and s.order == (1, 0) and len(s.players[1].dice) == 6
    assert ENGINE.check_invariants(s) == []


def test_self_inflicted_loss_can_knock_yourself_out():
    """"SOME SUPER HEROES AND VILLAINS HAVE ACTIONS THAT ALLOW FOR SELF-INFLICTED HEALTH LOSS ... A PLAYER MAY END
    UP KNOCKING THEMSELVES OUT OF THE GAME.\""""
    s = new("advanced")  # villain dice: red red yellow blue action(wild)
    s.players[0].health = 2
    s = with_roll(s, 0, ["might", "might", "energy", "blank", "wild"])
    s, _ = play(s, 0, "assign 3 overtime", "assign 4 overtime", "ready")
    s, _ = play(s, 1, "ready")
    s, _ = play(s, 0, "use overtime wild")
    assert s.phase == "over" and s.winners == (1,)


def test_lock_in_is_public_and_permanent():
    """"SPECIAL SUPER ACTIONS MAY ALLOW LOCKING IN (PERMANENTLY GAINING) AN ABILITY. PLAYERS MUST SHARE WHAT
    POWERS HAVE BEEN LOCKED IN\""""
    s = new("advanced")
    s.players[0].dice = ("red", "red", "yellow", "yellow", "blue", "blue")
    s.pool_trait = (2, 1, 1, 4, 4)
    s = with_roll(s, 0, ["might", "might", "energy", "energy", "x_factor", "x_factor"])
    s.players[1].roll = ("B",) * 5
    s, _ = play(s, 0, *[f"assign {i} world_domination" for i in range(1, 7)], "ready")
    s, _ = play(s, 1, "ready")
    assert ENGINE.public_view(s).players[0].locked_in == ("WORLD DOMINATION",)
    assert s.round == 2 and s.players[0].locked_in == ("world_domination",)


def _all_blank(s):
    for p in s.players:
        p.roll = tuple("B" if isinstance(d, tuple) else "B" if d == "blue" else "W" for d in p.dice)
    return s


def test_2v2_defense_carries_over_and_first_team_to_ko_both_wins():
    """2 VS 2: "ANY REMAINING DEFENSE AFTER THE FIRST ATTACK CAN CARRY OVER TO DEFEND AGAINST A SECOND ATTACK";
    "THE FIRST TEAM TO KO BOTH OF THEIR OPPONENTS WINS!\""""
    s = new("2v2")
    assert ENGINE.seat_plan(ENGINE.parse_options({"variant": "2v2"})).labels == (
        "villain 1", "villain 2", "hero 1", "hero 2")
    # villains: blue red yellow green action; heroes: blue yellow purple green action
    for v in (0, 1):
        s = with_roll(s, v, ["blank", "might", "energy", "agility", "blank"])
    s = with_roll(s, 2, ["x_factor", "energy", "toughness", "agility", "blank"])
    s = with_roll(s, 3, ["blank", "blank", "blank", "blank", "blank"])
    s, _ = play(s, 0, "assign 2 pow", "assign 3 pow", "ready")  # 3 at hero 1 (target 1 by default)
    s, _ = play(s, 1, "assign 2 pow", "assign 3 pow", "ready")  # 3 at hero 1 as well
    s, _ = play(s, 2, "assign 5 iron_wall", "assign 3 iron_wall", "assign 4 iron_wall", "ready")
    assert s.players[2].assign["iron_wall"]  # only 3 of 4 dice: not active
    s, _ = play(s, 3, "ready")
    assert [p.health for p in s.players] == [30, 30, 24, 30]
    # a defense of 3 faces two attacks of 3: the first uses it all up, the second lands in full
    s2 = new("2v2")
    for v in (0, 1):
        s2 = with_roll(s2, v, ["blank", "might", "energy", "agility", "blank"])
    s2 = with_roll(s2, 2, ["x_factor", "energy", "wild", "agility", "blank"])
    s2 = with_roll(s2, 3, ["blank", "blank", "blank", "blank", "blank"])
    s2.players[2].roll = ("X", "E", "W", "A", "B")
    s2, _ = play(s2, 0, "assign 2 pow", "assign 3 pow", "ready")
    s2, _ = play(s2, 1, "assign 2 pow", "assign 3 pow", "ready")
    s2, _ = play(s2, 2, "assign 3 block", "assign 5 block", "assign 4 duck", "ready")  # defense 2 + 1 = 3
    s2, _ = play(s2, 3, "ready")
    assert s2.players[2].health == 27
    # KO both heroes: team victory
    s3 = new("2v2")
    s3.players[2].health = s3.players[3].health = 1
    for v in (0, 1):
        s3 = with_roll(s3, v, ["blank", "might", "energy", "agility", "blank"])
    s3 = with_roll(s3, 2, ["blank"] * 5)
    s3 = with_roll(s3, 3, ["blank"] * 5)
    s3, _ = play(s3, 0, "assign 2 jab", "ready")
    s3, _ = play(s3, 1, "target 2", "assign 2 jab", "ready")
    s3, _ = play(s3, 2, "ready")
    s3, _ = play(s3, 3, "ready")
    assert s3.phase == "over" and s3.winners == (0, 1)


def test_2v2_knocked_out_player_rolls_but_places_only_on_the_duo_board():
    """"A KO'D ALLY CONTINUES TO ROLL AS NORMAL, BUT THEY MAY ONLY PLACE DICE ON THE DUO BOARD.\""""
    s = new("2v2")
    s.players[3].ko, s.players[3].health = True, 0
    legal = {a.args[1] for a in ENGINE.legal_actions(s, 3) if a.verb == "assign"}
    assert legal and legal <= {"hand_off", "cover", "team_up", "share_the_load", "back_in_action"}
    assert all(a.args[0] != 2 for a in ENGINE.legal_actions(s, 0) if a.verb == "target")


def test_2v2_duo_dice_go_to_either_ally():
    """"EACH DICE USED ON THE DUO BOARD MAY GO TO EITHER ALLY.\""""
    s = new("2v2")
    for seat in range(4):
        s = with_roll(s, seat, ["blank"] * 5)
    s, _ = play(s, 0, "assign 1 hand_off", "ready")
    for seat in (1, 2, 3):
        s, _ = play(s, seat, "ready")
    assert s.phase == "power_up" and ENGINE.to_act(s) == (0,)  # the others have nothing to do
    assert [ENGINE.format(a) for a in ENGINE.legal_actions(s, 0)] == ["done", "give 1", "detach 5 wild"]
    s, _ = play(s, 0, "give 1")  # nothing left after that: the turn passes, the round ends
    assert s.round == 2
    assert len(s.players[0].dice) == 4 and s.players[1].dice[-1] == "blue"
    assert ENGINE.check_invariants(s) == []


def test_2v2_knocked_out_player_hands_over_duo_dice_in_the_round_they_fall():
    """Lines 510-514: "WHEN A PLAYER IS KNOCKED OUT, THEY RETAIN ALL OF THEIR DICE, EXCEPT FOR ANY THAT ARE
    ON THE DUO BOARD. THOSE GO TO THE SURVIVING ALLY DURING POWER UP": no choice in the round they fall."""
    s = new("2v2")
    s.players[2].health = 1  # hero 1 falls to the villains' JAB this round
    for v in (0, 1):
        s = with_roll(s, v, ["blank", "might", "energy", "agility", "blank"])
    s = with_roll(s, 2, ["blank"] * 5)
    s = with_roll(s, 3, ["blank"] * 5)
    s, _ = play(s, 0, "assign 2 jab", "ready")
    s, _ = play(s, 1, "ready")
    s, _ = play(s, 2, "assign 1 hand_off", "ready")
    s, _ = play(s, 3, "ready")
    # Hero 1 is knocked out in Phase 2; nobody has anything to do in Phase 3: it passes at once.
    assert s.players[2].ko and s.round == 2
    assert len(s.players[2].dice) == 4 and len(s.players[3].dice) == 6  # the duo die went to hero 2
    assert ENGINE.check_invariants(s) == []


def test_2v2_knocked_out_player_chooses_where_later_duo_dice_go():
    """Line 503: "EACH DICE USED ON THE DUO BOARD MAY GO TO EITHER ALLY", in every round: a player knocked
    out in an earlier round is asked in Phase 3 about the dice they placed there (and only that: line 517,
    "THEY MAY ONLY PLACE DICE ON THE DUO BOARD")."""
    s = new("2v2")
    s.players[2].ko, s.players[2].health = True, 0  # knocked out in an earlier round
    for seat in (0, 1, 3):
        s = with_roll(s, seat, ["blank"] * 5)
    s = with_roll(s, 2, ["blank", "blank", "blank", "agility", "blank"])
    s, _ = play(s, 2, "assign 1 hand_off", "assign 4 cover", "ready")
    for seat in (0, 1, 3):
        s, _ = play(s, seat, "ready")
    assert s.phase == "power_up" and ENGINE.to_act(s) == (2,)
    assert ENGINE.pending(s)[2].prompt.startswith("give your duo-board dice")
    assert [ENGINE.format(a) for a in ENGINE.legal_actions(s, 2)] == ["give 1", "give 4", "done"]
    keep = s
    s, _ = play(s, 2, "give 4", "done")  # die 4 goes to hero 2, die 1 stays
    assert s.round == 2 and s.players[2].dice[:3] == ("blue", "yellow", "purple") and len(s.players[2].dice) == 4
    assert s.players[3].dice[-1] == "green" and len(s.players[3].dice) == 6
    # giving both: the last `give` leaves nothing to decide, so the turn passes on its own
    s, _ = play(keep, 2, "give 1", "give 4")
    assert s.round == 2 and len(s.players[2].dice) == 3 and len(s.players[3].dice) == 7
    assert ENGINE.check_invariants(s) == []


def test_slow_motion_shows_on_the_revealed_attack_too():
    """TIMEOUT!'s SLOW MOTION ignores the opponent's attack multiplier: the revealed attack on the
    board is the one that lands ("(BASE + KICKER(S)) x MULTIPLIER", without the multiplier)."""
    from rules.kaploom.data import SUPPLY_FACES

    s = new("advanced", villain_super="victor_kane", hero_super="timeout")
    v = s.players[0]
    v.dice = (*v.dice, ("W", "B", "B", "B", "B", "B"))  # a second action die, taken from the pool
    s.pool_action -= 1
    faces = list(s.pool_faces)
    faces[SUPPLY_FACES.index("W")] -= 1
    s.pool_faces = tuple(faces)
    v.roll = (*v.roll, "W")
    assert ENGINE.check_invariants(s) == []
    # Villain dice: 1 red, 2 red, 3 yellow, 4 blue, 5 action (wild), 6 action (wild)
    s = with_roll(s, 0, ["might", "might", "energy", "blank", "wild", "wild"])
    # Hero (TIMEOUT!) dice: 1 blue, 2 blue, 3 yellow, 4 green, 5 action (wild), 6 action (x-factor)
    s = with_roll(s, 1, ["x_factor", "blank", "blank", "agility", "blank", "blank"])
    s, _ = play(s, 0, "assign 1 jab", "assign 5 double_trouble", "assign 6 double_trouble",
                "assign 2 double_trouble", "assign 3 double_trouble", "ready")
    s, _ = play(s, 1, "assign 1 slow_motion", "assign 4 slow_motion", "ready")
    assert s.players[1].health == s.players[1].max_health - 1  # JAB 1, the x2 ignored
    assert ENGINE.public_view(s).players[0].revealed.attack == 1
