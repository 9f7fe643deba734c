"""The ADRENALINE engine: setup, the turn's actions through the tree and one-line /play, drafts,
reactions, respawns, undo, final frenzy (rules/adrenaline/engine.py, walk.py, flow.py).
Quotes are from shared/rulebooks/adrenaline-weapons.txt (the seed) unless said otherwise."""

from __future__ import annotations

import pytest

from rules.adrenaline import ENGINE as E
from rules.adrenaline.engine import Line
from rules.core.engine import DecisionKind
from rules.core.errors import RulesError
from tests.rules.adrenaline.helpers import game, play, spawned


def refused(state, seat, text, match=None):
    before = E.dump(state)
    with pytest.raises(RulesError, match=match) as err:
        E.apply(state, seat, E.parse(state, seat, text))
    assert E.dump(state) == before
    assert len(err.value.message) <= 200
    return err.value.message


# -- setup and spawning ----------------------------------------------------------------------------

def test_nobody_is_on_the_board_and_the_first_turn_draws_two_powerups():
    """SPAWNING ON YOUR FIRST TURN: "1. Draw 2 powerup cards. 2. Choose 1 to keep. 3. Start your first
    turn by discarding the other powerup. Its color determines your spawnpoint." """
    s = game(3)
    first = s.turn
    assert all(p.square is None for p in s.players)
    assert len(s.players[first].powerups) == 2 and all(not p.powerups for i, p in enumerate(s.players) if i != first)
    decision = E.pending(s)[first]
    assert decision.kind == DecisionKind.TURN and decision.default == Line(("end",))
    card = s.players[first].powerups[1]
    after = play(s, first, f"spawn:{card}")
    spawn = {"R": "a2", "B": "c1", "Y": "d3"}[card[-1]]
    assert after.players[first].square == spawn and after.players[first].powerups == (s.players[first].powerups[0],)
    assert after.powerup_discard[-1] == card  # discarded face up


def test_a_timed_out_spawn_keeps_the_first_card_drawn_and_ends_the_turn():
    s = game(4)
    first = s.turn
    kept = s.players[first].powerups[0]
    after = E.apply(s, first, E.pending(s)[first].default)[0]
    assert after.players[first].powerups == (kept,) and after.players[first].square is not None
    assert after.turn == (first + 1) % 3


def test_a_map_is_picked_for_the_table_size():
    """The reference §4.1: small "good for 3 or 4 players", big "4 or 5"."""
    maps3 = {game(seed).map_id for seed in range(30)}
    maps5 = {game(seed, 5).map_id for seed in range(30)}
    assert "big" not in maps3 and "small" not in maps5
    assert game(1, map="big").map_id == "big"


# -- running, grabbing, reloading ------------------------------------------------------------------

def test_run_around_moves_one_to_three_squares():
    """"a. Run Around I. Make 1, 2, or 3 moves." """
    s = spawned()
    after = play(s, 0, "run b3")  # a2 -> b2 -> b3 through the door
    assert after.players[0].square == "b3" and after.actions_left == 1
    assert "not 1-3 moves away" in refused(s, 0, "run d1")


def test_the_menu_path_is_a_private_draft_until_confirm():
    s = spawned()
    assert [str(a) for a in E.legal_actions(s, 0)][:2] == ["run", "grab"]
    d1 = play(s, 0, "run")
    assert d1.draft == ("run",) and d1.players == s.players and E.public_action(s, 0, Line(("run",))) == ""
    assert "b3" in [str(a) for a in E.legal_actions(d1, 0)] and "cancel" in [str(a) for a in E.legal_actions(d1, 0)]
    d2 = play(d1, 0, "b3")
    assert [str(a) for a in E.legal_actions(d2, 0)] == ["confirm", "back", "cancel", "end"]  # end: the default
    assert E.public_view(d2) == E.public_view(s)  # nothing shown before Confirm
    assert play(d2, 0, "back").draft == ("run",) and play(d2, 0, "cancel").draft == ()
    done = play(d2, 0, "confirm")
    assert done.players[0].square == "b3" and done.draft == ()
    assert E.public_action(d2, 0, Line(("confirm",))) == "run b3"


def test_grab_ammo_caps_cubes_at_three_and_draws_a_powerup_only_below_three():
    """"Move those cubes onto your board ... If the tile gives you a powerup, draw the card unless you
    already have 3." The reference: "Cubes above 3 of a colour are lost." """
    s = spawned(map="small")
    from rules.adrenaline.data import game_data

    tiles = game_data().tiles()
    rrp = next(i for i, t in enumerate(tiles) if t.cubes == ("R", "R") and t.powerup)
    s.tiles["b2"] = rrp
    s.set_player(0, cubes=(2, 0, 0), powerups=("newton:R", "newton:B", "teleporter:Y"))
    after = play(s, 0, "grab b2")
    p = after.players[0]
    assert p.square == "b2" and p.cubes == (3, 0, 0) and len(p.powerups) == 3
    assert after.tiles["b2"] is None and after.ammo_discard[-1] == rrp
    s.set_player(0, powerups=("newton:R",))
    assert len(play(s, 0, "grab b2").players[0].powerups) == 2


def test_grab_a_weapon_pays_the_reload_cost_but_the_top_cube_and_a_fourth_is_dropped():
    """"Pay the reload cost, except the top cube is free ... If you now have 4 weapons, you must discard 1
    to the space your new weapon came from." """
    s = spawned()
    s.slots["R"] = ["whisper", "heatseeker", None]
    s.set_player(0, cubes=(0, 1, 1), weapons=(("zx2", True), ("railgun", False), ("thor", True)))
    waiting = play(s, 0, "grab a2 weapon:whisper")  # a partial line: the draft waits at the next level
    assert waiting.draft == ("grab", "a2", "weapon:whisper") and waiting.players == s.players
    assert {str(a) for a in E.legal_actions(waiting, 0)} >= {"drop:zx2", "drop:railgun", "drop:thor"}
    after = play(s, 0, "grab a2 weapon:whisper drop:railgun")
    assert after.players[0].cubes == (0, 0, 0)  # whisper: reload B B Y, pickup B Y
    assert ("whisper", True) in after.players[0].weapons and after.slots["R"][0] == "railgun"
    assert "not a weapon at a2 you can pay for" in refused(s, 0, "grab a2 weapon:heatseeker drop:zx2")


def test_grabbing_nothing_or_what_you_cannot_pay_for_is_illegal():
    s = spawned()
    s.slots["R"] = ["whisper", None, None]
    s.set_player(0, cubes=(0, 0, 0))
    for square in s.tiles:
        s.tiles[square] = None
    assert "grab" not in [str(a) for a in E.legal_actions(s, 0)]
    assert "nothing within reach" in refused(s, 0, "grab a2 weapon:whisper")


def test_reloading_begins_the_end_of_the_turn():
    """"2. Reload a. You can reload as many of your unloaded weapons as you want." Newton and Teleporter
    are played "before or after any action", never once the end of turn has begun."""
    s = spawned()
    s.set_player(0, cubes=(3, 3, 3), weapons=(("zx2", False), ("shotgun", False)), powerups=("newton:R",))
    assert play(s, 0, "reload zx2").draft == ("reload", "zx2")  # newton:R could pay the R: say how
    after = play(s, 0, "reload zx2 pay:Y,R")
    assert after.players[0].weapons[0] == ("zx2", True) and after.ending and after.actions_left == 0
    assert "not once the end of turn" in refused(after, 0, "newton:R dozer c2")
    after = play(after, 0, "reload shotgun")  # Y Y: one way to pay (no yellow powerup)  # zx2 Y R, shotgun Y Y: nothing left to do, the turn ends
    assert after.players[0].cubes == (2, 3, 0) and after.turn == 1


def test_newton_and_teleporter():
    """Newton: "Choose any other player's figure and move it 1 or 2 squares in one direction."
    Teleporter: "Pick up your figure and set it down on any square of the board." """
    s = spawned(map="small")
    s.set_player(0, powerups=("newton:R", "teleporter:B"))
    after = play(s, 0, "newton:R dozer c2")  # dozer on c1, through the door south
    assert after.players[1].square == "c2" and "newton:R" in after.powerup_discard
    assert "one straight direction" in refused(s, 0, "newton:R dozer d2")
    after = play(s, 0, "teleporter:B d3")
    assert after.players[0].square == "d3" and after.actions_left == 2


# -- shooting, reactions, kills ---------------------------------------------------------------------

def test_a_one_line_shot_damages_and_marks_and_unloads_the_weapon():
    """LOCK RIFLE: "Deal 2 damage and 1 mark to 1 target you can see." "4. The weapon is now unloaded." """
    s = spawned(map="small")
    s.set_player(1, square="b2")  # a2 sees the red room
    s.set_player(0, weapons=(("lock_rifle", True),))
    after, events = E.apply(s, 0, E.parse(s, 0, "shoot lock_rifle basic:dozer"))
    assert after.players[1].damage == (0, 0) and after.players[1].marks[0] == 1
    assert after.players[0].weapons == (("lock_rifle", False),) and after.actions_left == 1
    assert any("Lock Rifle" in e.text for e in events)


def test_the_tagback_window_waits_for_the_victim_and_its_answer_is_private():
    """Tagback Grenade: "You may play this card when you receive damage from a player you can see.
    Give that player 1 mark." """
    s = spawned(map="small")
    s.set_player(1, square="b2", powerups=("tagback_grenade:R",))
    s.set_player(0, weapons=(("lock_rifle", True),))
    after = play(s, 0, "shoot lock_rifle basic:dozer")
    assert after.phase == "tagback" and set(E.pending(after)) == {1}
    assert E.pending(after)[1].kind == DecisionKind.REACTION and E.pending(after)[1].time_limit == 60
    thrown = play(after, 1, "tagback:R")
    assert thrown.players[0].marks[1] == 1 and thrown.phase == "turn" and thrown.turn == 0
    # a standing "never" is not asked
    s.tagback_answer[1] = "never"
    assert play(s, 0, "shoot lock_rifle basic:dozer").phase == "turn"
    s.tagback_answer[1] = "always"
    assert play(s, 0, "shoot lock_rifle basic:dozer").players[0].marks[1] == 1


def test_the_targeting_scope_adds_one_damage_after_the_shot():
    """Targeting Scope: "Pay 1 ammo cube of any color. Choose 1 of those targets and give it an extra point
    of damage." """
    s = spawned(map="small")
    s.set_player(1, square="b2")
    s.set_player(0, weapons=(("lock_rifle", True),), powerups=("targeting_scope:B",), cubes=(1, 0, 0))
    after = play(s, 0, "shoot lock_rifle basic:dozer")
    assert after.phase == "scope" and set(E.pending(after)) == {0}
    scoped = play(after, 0, "scope:B dozer")
    assert scoped.players[1].damage == (0, 0, 0) and scoped.players[0].cubes == (0, 0, 0)
    # the new mark lands after the Scope: it did not convert on the Scope's damage
    assert scoped.players[1].marks[0] == 1 and scoped.phase == "turn"


def test_a_killed_player_respawns_at_the_end_of_the_turn_choices_hidden_until_all_chose():
    s = spawned(map="small")
    s.set_player(1, square="b2", damage=(2,) * 10)
    s.set_player(2, square="b2", damage=(1,) * 10)
    s.set_player(0, weapons=(("electroscythe", False), ("lock_rifle", True)), cubes=(0, 0, 0))
    s.set_player(1, square="a2")
    s.set_player(2, square="a2")
    s.set_player(0, weapons=(("electroscythe", True),))
    after = play(s, 0, "shoot electroscythe basic")
    assert after.players[1].killed and after.players[2].killed
    ended = play(after, 0, "end")
    assert ended.phase == "respawn" and set(E.pending(ended)) == {1, 2}
    assert all(len(ended.players[k].powerups) == 1 for k in (1, 2))
    assert ended.players[0].points and ended.skulls == 6
    c1 = ended.players[1].powerups[0]
    first = play(ended, 1, f"respawn:{c1}")
    assert E.public_action(ended, 1, Line((f"respawn:{c1}",))) == ""
    assert E.public_view(first).players[1].square == E.public_view(ended).players[1].square
    c2 = ended.players[2].powerups[0]
    done = play(first, 2, f"respawn:{c2}")
    assert done.phase == "turn" and done.turn == 1 and not done.players[1].killed
    assert done.players[1].square == {"R": "a2", "B": "c1", "Y": "d3"}[c1[-1]]
    assert ("double_kill", 1) in done.players[0].points


def test_illegal_lines_get_one_short_sentence_and_change_nothing():
    s = spawned()
    for text in ("run", "run zz", "shoot", "grab d9", "fly c3", "newton:R dozer c2", "confirm", "back c1",
                 "reload zx2", "scope:R dozer", "respawn:newton:R"):
        try:
            after = E.apply(s, 0, E.parse(s, 0, text))[0]
        except RulesError as err:
            assert len(err.message) <= 200
            continue
        assert after.players == s.players  # only a draft, nothing done


def test_undo_is_offered_for_moves_and_cube_paid_grabs_only():
    s = spawned()
    s.set_player(0, weapons=(("lock_rifle", True),))
    assert E.undoable(s, 0, Line(("run", "b2")))
    assert not E.undoable(s, 0, Line(("shoot", "lock_rifle", "basic:dozer")))
    assert not E.undoable(s, 0, Line(("end",)))


def test_a_state_survives_dump_and_load_mid_draft():
    s = play(spawned(), 0, "run")
    assert E.load(E.dump(s)) == s or E.dump(E.load(E.dump(s))) == E.dump(s)


def test_final_frenzy_gives_everyone_a_last_turn_then_the_game_is_scored():
    """FINAL FRENZY: "Each player, including the one who triggered final frenzy, gets one more turn."
    FINAL SCORING, then "Whoever has the most points wins." """
    s = spawned(skulls=5)
    s.skulls = 1
    s.set_player(1, square="a2", damage=(0,) * 10)
    s.set_player(0, weapons=(("electroscythe", True),))
    after = play(play(s, 0, "shoot electroscythe basic"), 0, "end")
    while after.phase == "respawn":
        seat = next(iter(E.pending(after)))
        after = E.apply(after, seat, E.pending(after)[seat].default)[0]
    assert after.frenzy and after.turn == 1 and after.frenzy_left == (2, 0)
    turns = 0
    while E.outcome(after) is None:
        seat = next(iter(E.pending(after)))
        after = E.apply(after, seat, E.pending(after)[seat].default)[0]
        turns += 1
    assert turns <= 6 and E.outcome(after).ranks


def test_all_three_decks_running_out():
    """The issue: "Empty ammo and powerup decks are rebuilt from their shuffled discards; an empty weapon
    deck leaves slots empty." (Refills happen at the end of the turn.)"""
    s = spawned(map="small")
    s.powerup_discard, s.powerup_deck = s.powerup_deck[:-1], s.powerup_deck[-1:]
    s.ammo_discard = s.ammo_deck + [s.tiles["b2"]]
    s.ammo_deck = []
    s.tiles["b2"] = None
    s.weapon_deck = []
    s.slots["R"][0] = None
    s.set_player(0, powerups=("newton:R",))
    grabbed = play(s, 0, "grab a1")  # its tile is discarded; a powerup tile draws the deck's last card
    ended = play(grabbed, 0, "end")
    assert ended.tiles["b2"] is not None and ended.tiles["a1"] is not None  # from the shuffled discards
    assert ended.slots["R"][0] is None  # no weapon left to deal
    from rules.adrenaline.setup import draw_powerup

    t = ended.clone()
    t.powerup_discard, t.powerup_deck = t.powerup_discard + t.powerup_deck, []
    count = len(t.powerup_discard)
    card = draw_powerup(t)
    assert card is not None and len(t.powerup_deck) == count - 1 and t.powerup_discard == []


@pytest.mark.parametrize("n", [3, 5])
def test_final_frenzy_triggered_from_every_seat_in_play(n):
    """"Each player, including the one who triggered final frenzy, gets one more turn ... Those who play
    before the starting player choose twice ... The starting player and all those who play after choose
    1" — in seat order from the seat after the trigger, the trigger last."""
    for trigger in range(n):
        s = spawned(n=n, skulls=5)
        s.first, s.turn, s.skulls = 0, trigger, 1
        victim = (trigger + 1) % n
        for seat in range(n):
            s.set_player(seat, square="a2", damage=(trigger,) * 10 if seat == victim else ())
        s.set_player(trigger, weapons=(("electroscythe", True),))
        after = play(play(s, trigger, "shoot electroscythe basic"), trigger, "end")
        while after.phase == "respawn":
            seat = next(iter(E.pending(after)))
            after = E.apply(after, seat, E.pending(after)[seat].default)[0]
        assert after.frenzy and after.skulls == 0
        order, actions = [], []
        while E.outcome(after) is None:
            if after.phase == "turn" and not after.ending and after.actions_left and after.turn not in order:
                order.append(after.turn)
                actions.append(after.actions_left)
            seat = next(iter(E.pending(after)))
            after = E.apply(after, seat, E.pending(after)[seat].default)[0]
        expected = [(trigger + k) % n for k in range(1, n + 1)]
        assert order == expected
        first_at = expected.index(0)
        assert actions == [2 if k < first_at else 1 for k in range(n)], (trigger, order, actions)


def test_the_public_image_is_the_same_when_only_hands_differ():
    """Powerups in hand are secret (type and colour): two games that differ only in one player's hand
    (cards swapped with the deck) give the channel the same view and the same board image bytes;
    the player's own screen differs."""
    from render import render_private, render_public

    s = spawned(map="big")
    deck = s.powerup_deck
    mine = tuple([c for c in deck if not c.startswith("newton")][:2])  # two hands as unlike as can be
    other = tuple([c for c in deck if c.startswith("newton")][:2])
    twin = s.clone()
    for state, hand in ((s, mine), (twin, other)):
        rest = list(deck)
        for card in hand:
            rest.remove(card)
        state.powerup_deck = rest
        state.set_player(1, powerups=hand)
    assert twin.players[1].powerups != s.players[1].powerups
    assert E.public_view(twin) == E.public_view(s)
    assert render_public("adrenaline", E.public_view(twin)) == render_public("adrenaline", E.public_view(s))
    assert render_private("adrenaline", E.private_view(twin, 1)) != render_private("adrenaline", E.private_view(s, 1))
