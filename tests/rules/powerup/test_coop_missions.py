"""The ARCADE missions Dimensional Portal and Kill the BUGMISTRESS (rules/powerup/missions.py, her figure's
BUG-turn actions in mistress_figure.py, her draw and spawn points in ai_mistress.py), played through the
engine where the rule is about play. Each test cites the rulebook line it checks
(shared/rulebooks/powerup.txt, "rb N")."""

from __future__ import annotations

from rules.core.engine import SYSTEM
from rules.powerup import ENGINE as E
from rules.powerup import ai_mistress, coop_combat, coop_life, missions, mistress_figure, physics
from rules.powerup.board import parse_square
from rules.powerup.coop_data import coop_data
from rules.powerup.coop_invariants import coop_invariants
from rules.powerup.options import PowerupOptions
from rules.powerup.state import set_mode

W, Y = "W", "Y"
SKULL, SKULL2, BLANK = "skull", "skull2", "blank"
HER = "BUGMISTRESS"


def new(mission: str, labels=("RAY", "TOR"), seed: int = 3):
    return E.new_game(seed, PowerupOptions(mode="arcade", mission=mission), labels)


def sq(text: str):
    return parse_square(text)


def step(s, seat, action):
    """One step through the engine, the invariants checked after it."""
    s, events = E.apply(s, seat, action)
    assert E.check_invariants(s) == [], (action, E.check_invariants(s))
    return s, [e.text for e in events]


def bug_turn(s, log: list[str] | None = None):
    """The AI's steps (any window or question answered with its default) until the BUGBUSTERs' choice."""
    for _ in range(500):
        if s.coop.stage != "bug" or s.phase != "play":
            return s
        pending = E.pending(s)
        seat = SYSTEM if SYSTEM in pending else next(iter(pending))
        if log is not None and seat == SYSTEM:
            log.append(pending[seat].default)
        s, _ = step(s, seat, pending[seat].default)
    raise AssertionError("the BUG turn never ends")


def end_turns(s):
    """Every standing BUGBUSTER takes its turn doing nothing: the sequence ends, the next BUG turn begins."""
    while s.phase == "play" and s.coop.stage == "next":
        seat = s.coop.to_play[0]
        s, _ = step(s, seat, f"next {s.busters[seat].sheet}")
        s, _ = step(s, seat, "end")
    return s


def bare_draw(s):
    """Her MOVE & ATTACK draw, its face-up cards then put straight on the discard (bug_cards.py plays them
    otherwise): what follows is her figure's and the BUGs' actions alone."""
    s, _ = step(s, SYSTEM, "draw")
    s.coop.bug_discard, s.coop.face_up = (*s.coop.bug_discard, *s.coop.face_up), ()
    ai_mistress.tidy(s, [])
    return s


def no_bugs(s, keep: tuple[str, ...] = ()):
    """Take the BUGs off the board but those of the kinds in ``keep`` (a scene set by hand)."""
    for fid in [f for f, b in s.coop.bugs.items() if b.kind not in keep]:
        del s.figures[fid]
        del s.coop.bugs[fid]


def quiet(s):
    """Nobody is asked to react or to Mid-Jump: the scene plays straight through."""
    for seat in range(len(s.seats)):
        set_mode(s, seat, "none")


def at_level_2(s, lives: int | None = None):
    s.coop.level = 2
    s.coop.mistress_lives = coop_data().level(2).lives if lives is None else lives


# --- Dimensional Portal (rb 1776-1796) --------------------------------------------------------------------
def test_the_portal_is_won_when_its_third_piece_falls(fixed_dice):
    """rb 1784: "to destroy a machine the BUGS are building" — won the moment its last piece is destroyed,
    in the BUGBUSTER's own turn."""
    s = bug_turn(new("portal"))
    no_bugs(s, keep=("BURP",))
    quiet(s)
    for fid in ("PORTAL2", "PORTAL3"):
        coop_combat.strike(s, 1, fid, 9, 0, None, [])
    assert sorted(s.coop.pieces) == ["PORTAL1"] and not missions.check(s, []) and s.phase == "play"
    s.move_figure("RAY", square=sq("H1"), facing=1)  # PORTAL1 stands at J1, two squares ahead
    s, _ = step(s, 0, "next RAY")
    fixed_dice(((W, SKULL2), (W, SKULL2), (W, SKULL2)))  # 6 hits, armor 1: 2 lives, the piece's all
    s, events = step(s, 0, "shoot PORTAL1")
    assert "PORTAL1" not in s.figures and not s.coop.pieces
    assert s.phase == "over" and s.coop.result == "won" and E.outcome(s).winners == (0, 1)
    assert any("portal is destroyed" in e for e in events)


def test_after_sequence_8_each_piece_left_spawns_as_a_burp_and_adds_a_card_to_her_draw():
    """rb 1796: "For each piece of the portal that remains, one more BUG card will be drawn. You may spawn
    BUGs from each token as if it were a BURP" (after "the 8 turn sequences pass")."""
    s = bug_turn(new("portal"))
    no_bugs(s, keep=("BURP",))
    assert missions.portal_points(s) == () and missions.extra_cards(s) == 0  # sequence 1: shut
    s.sequence = 8
    s = end_turns(s)  # sequence 9 begins: a spawn mark (the turn card's 1st sequence again)
    assert s.sequence == 9 and s.coop.step == "spawn"
    assert s.coop.queue == ("BRP1", "BRP2", "PORTAL1", "PORTAL2", "PORTAL3")
    assert E.pending(s)[SYSTEM].default == "spawn BRP1"
    s, _ = step(s, SYSTEM, "spawn BRP1")
    s, _ = step(s, SYSTEM, "spawn BRP2")
    top = "Evolution|1"  # SPAWN 1, indicator BUGGIE
    s.coop.bug_deck = (top, *(c for c in s.coop.bug_deck if c != top))
    if top in s.coop.bug_discard:
        s.coop.bug_discard = tuple(c for c in s.coop.bug_discard if c != top)
    assert E.pending(s)[SYSTEM].default == "spawn PORTAL1"
    s, events = step(s, SYSTEM, "spawn PORTAL1")
    newcomer = s.at(sq("I1"))  # "in front" of PORTAL1 (J1, facing left), rb 999
    assert newcomer is not None and s.coop.bugs[newcomer.id].kind == "BUGGIE" and s.coop.bugs[newcomer.id].dizzy
    assert any("PORTAL1 spawns" in e for e in events)
    s, _ = step(s, SYSTEM, "spawn PORTAL2")
    s, _ = step(s, SYSTEM, "spawn PORTAL3")
    assert s.coop.step == "draw"
    s.coop.bug_deck, s.coop.bug_discard = (*s.coop.bug_deck, *s.coop.bug_discard), ()  # no reshuffle midway
    before = len(s.coop.bug_deck)
    s, _ = step(s, SYSTEM, "draw")
    assert before - len(s.coop.bug_deck) == 2 + 3  # one a BUGBUSTER (rb 1387), one a piece left (rb 1796)


def test_before_sequence_9_the_pieces_neither_spawn_nor_draw_and_a_destroyed_piece_stops_both():
    """rb 1796: the portal activates only once "the 8 turn sequences pass"; each piece *that remains*."""
    s = bug_turn(new("portal"))
    s.sequence = 8
    assert "PORTAL1" not in ai_mistress.spawn_points(s) and missions.extra_cards(s) == 0
    s.sequence = 9
    coop_combat.strike(s, 0, "PORTAL2", 9, 0, None, [])
    assert ai_mistress.spawn_points(s)[-2:] == ("PORTAL1", "PORTAL3") and missions.extra_cards(s) == 2


def test_a_piece_standing_after_sequence_12_loses():
    """rb 1796: "If in 4 turns of the second round the portal has not been completely destroyed, the
    BUGMISTRESS has won" — lost when sequence 12 ends with a piece standing, not before."""
    s = bug_turn(new("portal"))
    for fid in ("PORTAL1", "PORTAL2"):
        coop_combat.strike(s, 0, fid, 9, 0, None, [])
    s.sequence = 11
    s = end_turns(s)
    assert s.phase == "play" and s.sequence == 12
    s = end_turns(bug_turn(s))
    assert s.phase == "over" and s.coop.result == "lost" and E.outcome(s).winners == ()
    assert "portal still stands (1 piece)" in s.summary


def test_the_pieces_are_never_moved_and_their_records_follow_their_figures():
    """The data's portal piece (``moves: false``) and rb 1788's pieces "in adjacent cells": co-op invariants."""
    s = new("portal")
    assert coop_invariants(s) == []
    s.move_figure("PORTAL1", square=sq("I1"))
    assert any("PORTAL1 has moved" in p for p in coop_invariants(s))
    s = new("portal")
    del s.coop.pieces["PORTAL2"]
    assert any("PORTAL2" in p and "disagree" in p for p in coop_invariants(s))
    s = new("portal")
    s.coop.pieces["PORTAL3"] = 0
    assert any("PORTAL3 has 0 lives" in p for p in coop_invariants(s))


# --- Kill the BUGMISTRESS (rb 1822-1850) --------------------------------------------------------------------
def test_killed_at_level_1_she_rises_at_level_2_with_full_lives_and_the_game_goes_on(fixed_dice):
    """rb 1844: "When she dies in level 1, she immediately moves to level 2"; rb 1091: at level 2 "she won't
    be able to spawn or regenerate"."""
    s = bug_turn(new("bugmistress"))
    no_bugs(s)
    quiet(s)
    s.move_figure("RAY", square=sq("E5"), facing=1)  # in front of her (she faces left from G5)
    s.coop.mistress_lives = 1
    s, _ = step(s, 0, "next RAY")
    fixed_dice(((W, SKULL2), (W, SKULL), (W, BLANK)))  # 3 hits, armor 2: 1 life
    s, events = step(s, 0, "shoot BUGMISTRESS")
    assert s.coop.level == 2 and s.coop.mistress_lives == coop_data().level(2).lives
    assert s.phase == "play" and s.active == 0 and s.ap == 3 and s.where(HER) == sq("G5")
    assert any("rises again at level 2" in e for e in events)
    assert HER not in ai_mistress.spawn_points(s)  # no spawn at level 2
    s.coop.mistress_lives = 3
    s, _ = step(s, 0, "end")
    s = end_turns(s)
    assert s.sequence == 2 and s.coop.mistress_lives == 3  # no regeneration at level 2


def test_at_level_1_she_regenerates_and_spawns_on_any_side():
    """rb 1089: "her body regenerates and she is able to SPAWN like the BURPS"; rb 1850: she "can SPAWN in
    any direction" — behind her and below too, where a BURP spawns only ahead or above (rb 999)."""
    s = bug_turn(new("bugmistress"))
    no_bugs(s)
    assert HER in ai_mistress.spawn_points(s)
    assert {sq("F5"), sq("H5"), sq("G4")} <= set(ai_mistress.room(s, HER))  # ahead, behind, below
    s.coop.mistress_lives = 2
    s = end_turns(s)
    assert s.coop.mistress_lives == 3


def test_killed_at_level_2_she_is_gone_and_the_mission_is_won(fixed_dice):
    """rb 1832: "the BUGBUSTERs must destroy the BUGMISTRESS": her level-2 death wins, there and then."""
    s = bug_turn(new("bugmistress"))
    no_bugs(s)
    quiet(s)
    at_level_2(s, lives=1)
    s.move_figure("RAY", square=sq("E5"), facing=1)
    s, _ = step(s, 0, "next RAY")
    fixed_dice(((W, SKULL2), (W, SKULL), (W, BLANK)))
    s, _ = step(s, 0, "shoot BUGMISTRESS")
    assert HER not in s.figures and s.phase == "over" and s.coop.result == "won"
    assert E.outcome(s).winners == (0, 1) and s.coop.points[0] == coop_data().level(2).spawn_cost * 100


def test_immune_from_behind_at_level_2_too(fixed_dice):
    """rb 1850: she "is immune to attacks from the back" (the mission's rule: both levels)."""
    s = bug_turn(new("bugmistress"))
    no_bugs(s)
    quiet(s)
    at_level_2(s, lives=1)
    s.move_figure("RAY", square=sq("J5"), facing=-1)  # on her back (she faces left), on J5's ladder
    s, _ = step(s, 0, "next RAY")
    fixed_dice(((W, SKULL2), (W, SKULL2), (W, SKULL2)))
    s, events = step(s, 0, "shoot BUGMISTRESS")
    assert s.coop.mistress_lives == 1 and HER in s.figures and any("immune" in e for e in events)


def test_at_level_1_she_attacks_a_bugbuster_next_to_her_and_never_moves(fixed_dice):
    """rb 1844: "she cannot move"; her level-1 action is her Lash on a BUGBUSTER next to her (the data's
    TUNED 1 action)."""
    s = bug_turn(new("bugmistress"))
    no_bugs(s)
    quiet(s)
    s.move_figure("RAY", square=sq("F4"), facing=1)  # diagonally below, ahead of her
    s = end_turns(s)  # sequence 2: no spawn mark
    assert E.pending(s)[SYSTEM].default == "draw"
    s = bare_draw(s)
    assert E.pending(s)[SYSTEM].default == "bug BUGMISTRESS hit RAY"
    lives = s.busters[0].lives
    fixed_dice(((Y, SKULL2), (Y, SKULL2)), ((W, BLANK),))  # her 2Y, then RAY's defence: she wins by 4
    s = bug_turn(s)
    assert s.busters[0].lives < lives and s.where(HER) == sq("G5")
    assert mistress_figure.moves(s, 9) == []  # level 1: no steps at all
    far = bug_turn(new("bugmistress"))
    no_bugs(far)
    log: list[str] = []
    bug_turn(bare_draw(end_turns(far)), log)
    assert log == []  # nobody next to her: she does nothing, she does not move


def test_at_level_2_she_changes_places_but_never_into_an_occupied_square():
    """rb 1844: "She can change places as long as the move is allowed (there are no players in the square she
    enters)"."""
    s = bug_turn(new("bugmistress"))
    no_bugs(s)
    quiet(s)
    at_level_2(s)
    s.coop.acting, s.coop.bug_ap = HER, 3
    assert "move" in mistress_figure.moves(s, 3)
    s.move_figure("TOR", square=sq("F5"))  # ahead of her (a scene: TOR floats there)
    assert "move" not in mistress_figure.moves(s, 3)
    s = bug_turn(new("bugmistress"))
    no_bugs(s)
    quiet(s)
    at_level_2(s)
    s = bare_draw(end_turns(s))  # RAY and TOR on the start tile, out of her sight: she heads for them
    log: list[str] = []
    s = bug_turn(s, log)
    mine = [a for a in log if a.startswith("bug BUGMISTRESS ")]
    assert mine and all(a.split()[2] in ("move", "flip", "jump", "climb", "gate", "tiles", "shoot", "hit") for a in mine)
    assert s.where(HER) != sq("G5")


def test_at_level_2_she_opens_fire(fixed_dice):
    """rb 1091: at level 2 she "will immediately open fire on the BUGBUSTERs" (Void Blast, range 6)."""
    s = bug_turn(new("bugmistress"))
    no_bugs(s)
    quiet(s)
    at_level_2(s)
    s.move_figure("RAY", square=sq("A5"), facing=1)  # on her row, 5 squares between
    s = end_turns(s)
    s.coop.tiles_flipped = s.sequence  # her flip spent this BUG turn: the shot alone is seen here
    s = bare_draw(s)
    assert E.pending(s)[SYSTEM].default == "bug BUGMISTRESS shoot RAY"
    fixed_dice(((Y, SKULL2), (Y, SKULL2), (Y, SKULL)))  # 5 hits, RAY's armor 0: 3 lives
    s, events = step(s, SYSTEM, "bug BUGMISTRESS shoot RAY")
    assert any("Void Blast" in e for e in events) and s.busters[0].lives < 3


def test_her_tile_flip_keeps_figures_and_tokens_in_place_then_gravity():
    """rb 1844-1848: "she can go flip up to 3 tiles. When she does this, place the chips that were in the same
    places as they were on the other side". The AI flips the tile under RAY (face 04 Stairwell shows 16
    Spiked Shaft): RAY's floor at A5 is gone, he drops onto the spikes at A4; the tokens stay put."""
    s = bug_turn(new("bugmistress"))
    no_bugs(s)
    quiet(s)
    at_level_2(s)
    s.move_figure("RAY", square=sq("A5"), facing=1)
    s.coins[sq("C6")] = 3
    s.secrets[sq("C4")] = "BUGS:coins2"
    tokens = (dict(s.powerups), dict(s.coins), dict(s.secrets))
    assert s.powerups.get(sq("B4")) is True  # a POWERUP on the tile (the mission's placement)
    s = bare_draw(end_turns(s))
    assert E.pending(s)[SYSTEM].default == "bug BUGMISTRESS tiles 04"
    lives, others = s.busters[0].lives, {f: x.square for f, x in s.figures.items() if f != "RAY"}
    s, events = step(s, SYSTEM, "bug BUGMISTRESS tiles 04")
    assert s.layout[1] == (16, 7, 6, 23)
    assert (dict(s.powerups), dict(s.coins), dict(s.secrets)) == tokens
    assert {f: x.square for f, x in s.figures.items() if f != "RAY"} == others
    assert s.where("RAY") == sq("A4") and s.busters[0].lives == lives - 1  # the spikes, rb 727
    assert s.coop.aps[HER] == 2  # one action
    assert mistress_figure.flip_allowed(s, (7,)) == "she has flipped tiles this BUG turn"
    assert any("flips a tile: 04 Stairwell to 16 Spiked Shaft" in e for e in events)
    # the start tile (face 20) shows face 08's blocks where TOR and a POWERUP stand: it cannot be flipped
    assert not mistress_figure.can_flip(s, 20)


def test_she_is_never_pushed_at_level_1():
    """rb 1844: "she cannot move": a line of figures pushed against her stops as against a wall."""
    s = new("bugmistress")
    bug = coop_life.add_bug(s, "BUGGIE", sq("F5"), 1)
    assert physics.push_line(s, bug, 1) is None
    assert physics.push_line(s, bug, -1) == [bug]


def test_the_burp_limit_is_the_bugbusters_less_one_all_mission():
    """rb 1848: "The maximum of BURPs allowed is the number of players minus 1" (rb 962: elsewhere, never more
    BURPs than BUGBUSTERs)."""
    s = new("bugmistress")
    assert missions.burp_limit(s) == 1 and missions.burp_limit(new("bugmistress", ("RAY", "TOR", "ANA"))) == 2
    assert missions.burp_limit(new("portal")) == 2
    out: list[str] = []
    ai_mistress.release(s, HER, "BURP", out)
    assert ai_mistress.count(s, "BURP") == 1 and out == ["No BURP can come out of BUGMISTRESS."]
    del s.figures["BRP1"]
    del s.coop.bugs["BRP1"]
    ai_mistress.release(s, HER, "BURP", out)
    assert ai_mistress.count(s, "BURP") == 1
    coop_life.add_bug(s, "BURP", sq("A1"), 1)
    assert any("2 BURPs for 2 BUGBUSTERs (at most 1)" in p for p in coop_invariants(s))


def test_her_level_lives_and_figure_agree():
    """Her level (rb 1089-1091) and lives are her figure's: co-op invariants."""
    s = new("bugmistress")
    assert coop_invariants(s) == []
    s.coop.mistress_lives = 0
    assert any("0 lives at level 1" in p for p in coop_invariants(s))
    s = new("bugmistress")
    s.move_figure(HER, square=sq("H5"))
    assert any("level-1 BUGMISTRESS has moved" in p for p in coop_invariants(s))
    s = new("bugmistress")
    del s.figures[HER]
    assert any("figure is gone at level 1" in p for p in coop_invariants(s))
    s = new("portal")
    s.layout = ((s.layout[0][0] + 12, *s.layout[0][1:]), *s.layout[1:])
    assert any("turned over in a mission without the BUGMISTRESS" in p for p in coop_invariants(s))


def test_acid_the_flip_puts_under_a_bugbuster_takes_it_and_never_her():
    """rb 725: acid, "Everything that falls into it dies and disintegrates": the tile showing face 01 (Hall)
    turns to 13 (Acid Pit), whose E1 is acid — RAY standing there is in it. The AI chooses that flip; she
    never flips acid under herself, and should she end in acid anyway, she is destroyed: the mission is won."""
    s = bug_turn(new("bugmistress"))
    no_bugs(s)
    quiet(s)
    at_level_2(s)
    s.move_figure("RAY", square=sq("E1"))
    s.coop.acting, s.coop.bug_ap, s.coop.step = HER, 3, "move"
    assert mistress_figure.flip_choice(s) == "tiles 01"
    mistress_figure.flip_tiles(s, (1,), [])
    assert s.busters[0].lives == 0 and 0 in s.coop.fallen and s.where("RAY") == sq("E1")
    s = bug_turn(new("bugmistress"))
    no_bugs(s)
    at_level_2(s)
    s.move_figure(HER, square=sq("E1"))
    assert mistress_figure.flip_allowed(s, (1,)) == "she would end in the acid"
    s.move_figure(HER, square=sq("H1"))  # acid: an unlucky fall
    out: list[str] = []
    physics.arrive(s, HER, out)
    assert HER not in s.figures and s.coop.mistress_lives == 0 and missions.check(s, out)
    assert s.coop.result == "won" and coop_invariants(s) == []
