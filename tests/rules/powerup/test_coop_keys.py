"""Hidden Keys, the GLITCH and co-op secrets (rules/powerup/coop_secrets.py, glitch.py, missions.py), played
through the engine where the rule is about play, on the Hidden Keys board (docs/games/powerup-coop-data.md:
row 4 is floor from D4 to L4; gateways B8, E8, B1, E1, J1, L1; the GLITCH hovers at C2). Each test cites the
rulebook line it checks (shared/rulebooks/powerup.txt, "rb N")."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from rules.core.engine import SYSTEM
from rules.core.errors import IllegalAction
from rules.powerup import ENGINE as E
from rules.powerup import (
    ai_mistress,
    bug_attacks,
    bug_moves,
    coop_life,
    coop_secrets,
    glitch,
    life,
    missions,
)
from rules.powerup.board import board, parse_square
from rules.powerup.coop_data import coop_data
from rules.powerup.coop_invariants import coop_invariants
from rules.powerup.coop_setup import new_coop_state
from rules.powerup.coop_state import Npc
from rules.powerup.options import PowerupOptions, parse_options
from rules.powerup.state import dump_state, load_state, set_mode
from rules.powerup.views import PrivateView

W = "W"
SKULL2, BLANK = "skull2", "blank"
KEYS_AWAY = {"A7": "BUGS:keyA", "B7": "BUGS:keyB", "C7": "BUGS:keyC"}  # parked out of the scenes' way


def sq(text: str):
    return parse_square(text)


def new(labels=("RAY", "TOR"), seed: int = 3):
    return E.new_game(seed, PowerupOptions(mode="arcade", mission="keys"), labels)


def step(s, seat, action):
    """One step through the engine, the invariants checked after it."""
    assert action in E.legal_actions(s, seat), (action, E.legal_actions(s, seat)[:30])
    s, events = E.apply(s, seat, action)
    assert E.check_invariants(s) == [], (action, E.check_invariants(s))
    return s, [e.text for e in events]


def bug_turn(s):
    """The AI's steps (any window or question answered with its default) until the BUGBUSTERs' choice."""
    for _ in range(500):
        if s.coop.stage != "bug" or s.phase != "play":
            return s
        pending = E.pending(s)
        seat = SYSTEM if SYSTEM in pending else next(iter(pending))
        s, _ = step(s, seat, pending[seat].default)
    raise AssertionError("the BUG turn never ends")


def scene(secrets: dict[str, str] | None = None, held: tuple = (), **where: tuple[str, int]):
    """After the first BUG turn: no BUGs, nobody asked to react, the secrets given (square -> token; the keys
    parked at A7-C7 by default) and ``held`` (BUGBUSTER, token), the figures named put on their squares
    (name -> (square, facing))."""
    s = bug_turn(new())
    for fid in list(s.coop.bugs):
        del s.figures[fid]
        del s.coop.bugs[fid]
    for seat in range(len(s.seats)):
        set_mode(s, seat, "none")
    s.secrets = {sq(k): v for k, v in (KEYS_AWAY if secrets is None else secrets).items()}
    s.coop.held = held
    for fid, (square, facing) in where.items():
        s.move_figure(fid, square=sq(square), facing=facing)
    return s


def put(s, kind: str, where: str, facing: int = 1, **bug) -> str:
    fid = coop_life.add_bug(s, kind, sq(where), facing)
    if bug:
        s.coop.bugs[fid] = replace(s.coop.bugs[fid], **bug)
    return fid


def aboard(s, *riders: str, at: str | tuple[int, int] = "C2", facing: int = 1) -> None:
    """Riders put aboard GLITCH1 (in this order: the first pilots), the GLITCH moved to ``at``."""
    s.move_figure("GLITCH1", square=sq(at) if isinstance(at, str) else at, facing=facing)
    for r in riders:
        s.move_figure(r, square=None, carried_by="GLITCH1")
    s.coop.aboard = tuple(("GLITCH1", r) for r in riders)


# --- setup --------------------------------------------------------------------------------------------------
def test_the_mission_is_offered_and_set_up_with_keys_coins_and_the_glitch():
    """rb 1806: "uncover the three keys (A, B and C) in the secret tokens"; rb 1810: "Place the GLITCH ... near
    the characters"; the issue: the BUGMISTRESS places keys A, B, C and 3 coin tokens (AI: at random on supported
    squares off the start tile)."""
    assert parse_options({"mission": "keys"}).mission == "keys"
    for seed in range(5):
        s = new_coop_state(seed, ("RAY", "TOR"), "keys")
        b = board(s.layout)
        tokens = sorted(coop_secrets.body(t) for t in s.secrets.values())
        assert [t for t in tokens if t.startswith("key")] == ["keyA", "keyB", "keyC"]
        assert len([t for t in tokens if t.startswith("coins")]) == 3 and len(s.secrets) == 6
        for q in s.secrets:
            assert q in b.standing and not b.gateway(q) and b.tile_of(q) != (0, 0) and not b.acid(q)
            assert s.at(q) is None and q not in s.powerups
        assert s.figures["GLITCH1"].square == sq("C2") and s.coop.glitch_lives == (("GLITCH1", 2),)
        assert coop_invariants(s) == []
    assert new_coop_state(1, ("RAY", "TOR"), "vips").secrets == {}  # only Hidden Keys places secrets


def test_the_new_state_dumps_and_loads_with_what_is_held_and_aboard():
    s = scene()
    s.coop.held = (("TOR", "keyA"),)
    s.secrets.pop(sq("A7"))
    aboard(s, "RAY")
    again = load_state(dump_state(s))
    assert again.coop.held == s.coop.held and again.coop.aboard == s.coop.aboard
    assert again.coop.glitch_lives == s.coop.glitch_lives and E.check_invariants(again) == []


# --- secrets ------------------------------------------------------------------------------------------------
def test_a_key_found_is_kept_hidden_the_table_sees_only_that_it_holds_a_secret():
    """rb 1818: "When a BUG or a BUGBUSTER finds one of the keys or coins, they can keep it without showing
    what they have found"; the issue: the finder's side knows it (every seat against the AI), the public view
    shows "holds a secret"."""
    s = scene({"F4": "BUGS:keyA", "B7": "BUGS:keyB", "C7": "BUGS:keyC"}, RAY=("E4", 1))
    s, _ = step(s, 0, "next RAY")
    s, events = step(s, 0, "move")
    assert s.coop.held == (("RAY", "keyA"),) and sq("F4") not in s.secrets
    assert any("RAY finds a secret at F4 and keeps it hidden" in e for e in events)
    public = E.public_view(s)
    text = public.model_dump_json()
    assert "keyA" not in text and "key A" not in text and all("key" not in e.lower() for e in events)
    assert next(f for f in public.figures if f.id == "RAY").secret
    assert public.secrets.count("F4") == 0 and len(public.secrets) == 2
    for seat in (0, 1):
        assert E.private_view(s, seat).held == (("RAY", "keyA"),)


def test_hidden_coins_stay_hidden_until_shown():
    """rb 1818 names "the keys or coins"; rb 1138: "You receive the number of coins that appears on the token":
    in Hidden Keys the token is kept hidden, its coins join the purse when shown (``cash``, free)."""
    s = scene({**KEYS_AWAY, "F4": "BUGS:coins3"}, RAY=("E4", 1))
    coins = s.busters[0].coins
    s, _ = step(s, 0, "next RAY")
    s, _ = step(s, 0, "move")
    assert s.busters[0].coins == coins and s.coop.held == (("RAY", "coins3"),)
    assert E.public_view(s).busters[0].coins == coins
    ap = s.ap
    s, events = step(s, 0, "cash")
    assert s.busters[0].coins == coins + 3 and s.coop.held == () and s.ap == ap
    assert "cash" not in E.legal_actions(s, 0)


def test_a_bug_finds_a_key_and_a_bug_carrying_a_key_onto_a_gateway_wins_for_the_bugs():
    """rb 1818: "The BUG that finds the secret keeps it with them ... If a BUG gets one of the keys and makes it
    to one of the map portals, the BUGs win"."""
    s = scene({"D1": "BUGS:keyA", "B7": "BUGS:keyB", "C7": "BUGS:keyC"}, RAY=("D4", 1), TOR=("F4", 1))
    bg = put(s, "BUGGIE", "C1", 1)
    out: list[str] = []
    bug_moves.apply_bug_action(s, bg, "move", out)
    assert coop_life.bug(s, bg).secret == "BUGS:keyA" and sq("D1") not in s.secrets
    assert E.public_view(s).coop.bugs[0].secret and not missions.check(s, out)
    assert coop_invariants(s) == []
    bug_moves.apply_bug_action(s, bg, "move", out)  # onto the gateway at E1
    assert missions.check(s, out) and s.phase == "over" and s.coop.result == "lost"
    assert E.outcome(s).winners == () and "through the gateway at E1" in s.summary


def test_the_ai_key_carrier_runs_for_a_gateway_whatever_it_sees():
    """The issue: "a key carrier heads for the nearest gateway" (its goal beats rb 1413's BUGBUSTER in sight);
    played by the AI's BUG turn, it wins the mission there (rb 1818)."""
    s = scene({"B7": "BUGS:keyB", "C7": "BUGS:keyC"}, RAY=("G1", -1), TOR=("D4", 1))
    bg = put(s, "BUGGIE", "D1", 1, secret="BUGS:keyA")
    assert ai_mistress.goals(s, bg) == set(board(s.layout).gateways())
    assert ai_mistress.seen_busters(s, bg) == [sq("G1")]  # RAY, in its sight
    assert ai_mistress.move_choice(s, bg, 2) == "move"  # to E1, a gateway
    while s.phase == "play" and s.coop.stage == "next":  # the BUGBUSTERs do nothing: the next BUG turn
        seat = s.coop.to_play[0]
        s, _ = step(s, seat, f"next {s.busters[seat].sheet}")
        s, _ = step(s, seat, "end")
    s = bug_turn(s)
    assert s.phase == "over" and s.coop.result == "lost" and bg in s.summary


def test_a_dying_bug_drops_its_key_face_down_for_the_next_to_find():
    """rb 1818: "If it dies, the secret falls to the ground and can be picked up"."""
    s = scene({"B7": "BUGS:keyB", "C7": "BUGS:keyC"}, RAY=("E4", 1))
    bg = put(s, "BUGGIE", "G4", -1, secret="BUGS:keyA")
    out: list[str] = []
    coop_life.hurt(s, bg, 9, out, by=0)
    assert bg not in s.figures and s.secrets[sq("G4")] == "BUGS:keyA" and coop_invariants(s) == []
    assert "G4" in E.public_view(s).secrets  # face down: its square is public, not what it is
    s, _ = step(s, 0, "next RAY")
    s, _ = step(s, 0, "move")
    s, _ = step(s, 0, "move")
    assert s.coop.held == (("RAY", "keyA"),)


def test_a_key_can_be_given_to_a_partner_next_to_you():
    """The issue: "keys can be given"; rb 506: "By placing your character in an adjacent square, you can pass
    equipment" (1 AP, rb 468)."""
    s = scene({"B7": "BUGS:keyB", "C7": "BUGS:keyC"}, RAY=("E4", 1), TOR=("F4", 1))
    s.coop.held = (("RAY", "keyA"),)
    s, _ = step(s, 0, "next RAY")
    assert "give TOR keyA" in E.legal_actions(s, 0)
    s, events = step(s, 0, "give TOR keyA")
    assert s.coop.held == (("TOR", "keyA"),) and s.ap == 3 and "RAY hands a secret to TOR." in events
    assert not [a for a in E.legal_actions(s, 0) if a.endswith("keyA")]


def test_the_co_op_buggie_trap_and_powerup_token():
    """rb 1148 (an empty heading) and the issue: a Buggie Trap puts 2 dizzy BUGGIEs stacked next to the finder,
    facing it; a POWERUP token is an ON POWERUP (rb 1132 "found"). Elsewhere than Hidden Keys coins go to the
    purse at once (rb 1138)."""
    s = new_coop_state(1, ("RAY", "TOR"), "vips")
    s.move_figure("RAY", square=sq("F4"), facing=1)
    s.secrets[sq("F4")] = "BUGS:trap+BUGS:coins2"
    out: list[str] = []
    coop_secrets.find(s, 0, sq("F4"), out)
    trap = next(f for f, b in s.coop.bugs.items() if b.kind == "BUGGIE")
    assert s.figures[trap].square == sq("G4") and s.figures[trap].facing == -1
    assert s.coop.bugs[trap].stack == 2 and s.coop.bugs[trap].dizzy and s.busters[0].coins == 4 + 2
    s.secrets[sq("F4")] = "BUGS:powerup"
    s.powerups.pop(sq("F4"), None)
    coop_secrets.find(s, 0, sq("F4"), out)
    assert s.powerups[sq("F4")] is True


# --- the GLITCH -----------------------------------------------------------------------------------------------
def test_boarding_and_leaving_the_glitch_each_cost_1_ap():
    """The issue: "GLITCH: boarded and left by a 1-AP move"; rb 869: a pilot and a second BUGBUSTER."""
    s = scene(RAY=("C1", 1), TOR=("F4", 1))
    s, _ = step(s, 0, "next RAY")
    assert "board GLITCH1" in E.legal_actions(s, 0)
    s, events = step(s, 0, "board GLITCH1")
    assert s.ap == 3 and s.figures["RAY"].carried_by == "GLITCH1" and s.figures["RAY"].square is None
    assert glitch.crew(s, "GLITCH1") == ["RAY"] and s.where("RAY") == sq("C2")
    legal = E.legal_actions(s, 0)
    assert not [a for a in legal if a.split()[0] in ("move", "jump", "shoot", "hit", "climb", "gate", "flip")]
    assert {"leave <", "leave >", "fly <", "fly >", "fly up"} <= set(legal)
    s, _ = step(s, 0, "leave >")
    assert s.ap == 2 and s.figures["RAY"].carried_by is None and s.figures["RAY"].square == sq("D1")
    assert s.coop.aboard == ()


def test_the_glitch_holds_two_bugbusters():
    """rb 869: a pilot and "a second BUGBUSTER" — no third."""
    s = new_coop_state(1, ("RAY", "TOR", "ANA"), "keys")
    s.move_figure("ANA", square=sq("C1"))
    assert glitch.board_targets(s, 2) == ["GLITCH1"]
    aboard(s, "RAY", "TOR")
    assert glitch.board_targets(s, 2) == []
    assert glitch.board_targets(s, 0) == []  # aboard already: it has no square to board from


def test_the_pilot_flies_it_2_squares_per_ap():
    """rb 871: "For each action point that you spend piloting, the GLITCH moves 2 squares"; rb 869: "They can
    only move when there is a BUGBUSTER inside to pilot the vehicle"."""
    s = scene(TOR=("F4", 1))
    aboard(s, "RAY")
    s, _ = step(s, 0, "next RAY")
    s, _ = step(s, 0, "fly >")
    assert s.ap == 3 and s.figures["GLITCH1"].square == sq("D2") and s.figures["GLITCH1"].facing == 1
    s, _ = step(s, 0, "fly up")
    assert s.ap == 3 and s.figures["GLITCH1"].square == sq("D3")  # the pair's second square: free
    s, _ = step(s, 0, "fly <")
    assert s.ap == 2 and s.where("RAY") == sq("C3") and s.figures["GLITCH1"].facing == -1
    assert not [a for a in E.legal_actions(s, 1) if a.startswith("fly")]  # TOR is not aboard


def test_the_glitch_flies_over_the_edge_into_the_void_and_back():
    """rb 871: "The edges of the board aren't obstacles to the GLITCH"; rb 869: "These ships can fly on the
    outside of the board"."""
    s = scene(TOR=("F4", 1))
    aboard(s, "RAY", at="A2")
    s, _ = step(s, 0, "next RAY")
    s, events = step(s, 0, "fly <")
    assert s.figures["GLITCH1"].square == (-1, 1) and glitch.in_void(s, "GLITCH1")
    assert "GLITCH1 flies to the void left of A2." in events
    s, _ = step(s, 0, "fly up")
    s, _ = step(s, 0, "fly >")
    assert s.figures["GLITCH1"].square == sq("A3")
    view = E.public_view(s)
    assert next(f for f in view.figures if f.id == "RAY").carried_by == "GLITCH1"


def test_the_gunner_fires_glitch_dice_and_its_ranged_dice_with_no_ammo(fixed_dice):
    """rb 869: "When a second BUGBUSTER is on it, they will have access to weapons with a ranged attack of 6";
    rb 871: "Add the BUGBUSTER's own ranged attack roll to the Glitch's. No ammunition is spent"."""
    s = scene(RAY=("E4", 1), TOR=("F4", 1))
    aboard(s, "RAY", "TOR", at="D5")
    big = put(s, "BIGBUG", "J5", -1)  # 5 squares between: range 6; TOR's pistol reaches 3
    s, _ = step(s, 1, "next TOR")
    assert "glitch shoot BIG1" in E.legal_actions(s, 1)
    assert not [a for a in E.legal_actions(s, 1) if a.startswith("fly")]  # the pilot flies, not the gunner
    ammo = s.busters[1].ammo
    dice_ = fixed_dice(((W, SKULL2), (W, SKULL2), (W, BLANK)))
    s, events = step(s, 1, "glitch shoot BIG1")
    tor = s.busters[1]
    assert coop_data().glitch.dice == "2W" and life.ranged_dice(tor, life.weapon(tor, "distance")) == "1W"
    assert dice_.pools == ["3W"]  # the GLITCH's 2W and TOR's 1W
    assert tor.ammo == ammo and s.ap == 3
    assert big not in s.figures and any("GLITCH1's gun at BIG1" in e for e in events)  # 4 hits, armor 1


def test_the_bugs_attack_a_crewed_glitch_and_see_it_in_the_void():
    """rb 873: "The GLITCH can be attacked"; an empty one is no enemy of theirs (the issue's primary targets are
    BUGBUSTERs and secrets); rb 869: it flies outside the board, where sight follows it."""
    s = scene(RAY=("E4", 1), TOR=("F4", 1))
    bb = put(s, "BATBUG", "C5", -1)  # Spit, range 3
    s.move_figure("GLITCH1", square=(-1, 4))
    assert "shoot GLITCH1" not in bug_attacks.attack_words(s, bb)
    aboard(s, "RAY", at=(-1, 4))
    assert "shoot GLITCH1" in bug_attacks.attack_words(s, bb)


def test_a_destroyed_glitch_kills_everyone_aboard(fixed_dice):
    """rb 873: "Upon losing these life points, the vehicle explodes and kills the passengers inside"; rb 875:
    NPCs ride too."""
    s = scene(RAY=("E4", 1), TOR=("F4", 1))
    aboard(s, "RAY", at="H5")
    s.figures["VIP1"] = s.figures["RAY"].__class__("VIP1", "npc", None, 1, "GLITCH1")
    s.coop.npcs["VIP1"] = Npc()
    s.coop.aboard = (*s.coop.aboard, ("GLITCH1", "VIP1"))
    assert E.check_invariants(s) == []
    out: list[str] = []
    assert glitch.strike(s, "GLITCH1", 3, out) == 0 and glitch.lives(s, "GLITCH1") == 1  # 3 hits - armor 2
    glitch.strike(s, "GLITCH1", 4, out)
    assert "GLITCH1" not in s.figures and s.coop.glitch_lives == () and s.coop.aboard == ()
    assert s.busters[0].lives == 0 and 0 in s.coop.fallen and s.figures["RAY"].square is not None
    assert "VIP1" not in s.figures and "VIP1" in s.coop.lost_npcs
    assert any("GLITCH1 explodes: RAY, VIP1 aboard die." in x for x in out)
    assert E.check_invariants(s) == []
    bg = put(s, "BUGGIE", "J4", -1)
    assert all("GLITCH1" not in w for w in bug_attacks.attack_words(s, bg))


def test_leaving_the_glitch_in_the_void_kills():
    """rb 679: "If a character is in the void (off the board), without the protection of the GLITCH, it dies
    instantly"; the body lost there comes back only by a CONTINUE (as from acid)."""
    s = scene(TOR=("C1", 1))
    aboard(s, "RAY", at=(-1, 4))
    s, _ = step(s, 0, "next RAY")
    s, events = step(s, 0, "leave up")
    assert s.busters[0].lives == 0 and 0 in s.coop.fallen and 0 in s.coop.melted
    assert s.figures["RAY"].square == (-1, 5) and any("into the void" in e for e in events)
    assert E.check_invariants(s) == []


def test_the_glitch_carrying_all_three_keys_into_the_void_wins():
    """rb 1806: "Once you have the keys, you have to escape using the GLITCH"; rb 679: the void off the board.
    Two keys are not enough."""
    s = scene({}, (("RAY", "keyA"), ("RAY", "keyB"), ("TOR", "keyC")), TOR=("F4", 1))
    aboard(s, "RAY", at="A5", facing=-1)
    s, _ = step(s, 0, "next RAY")
    s, _ = step(s, 0, "fly <")  # RAY alone aboard, key C with TOR: no escape
    assert s.phase == "play" and glitch.in_void(s, "GLITCH1")
    s, _ = step(s, 0, "fly >")
    t = scene({}, (("RAY", "keyA"), ("RAY", "keyB"), ("TOR", "keyC")), TOR=("F4", 1))
    aboard(t, "RAY", "TOR", at="A5", facing=-1)
    t, events = step(t, 0, "next RAY")
    t, events = step(t, 0, "fly <")
    assert t.phase == "over" and t.coop.result == "won" and E.outcome(t).winners == (0, 1)
    assert "GLITCH1 escapes into the void with keys A, B, C." in " ".join(events)


# --- the AI ---------------------------------------------------------------------------------------------------
def test_the_ai_heads_for_the_nearest_face_down_secret():
    """The issue: "Primary target: the nearest face-down secret" (rb 1413: "Some missions give the BUGs PRIMARY
    TARGETS"), nearest by its own way: 2 squares behind (a flip and 2 steps) before 5 ahead."""
    s = scene({"D4": "BUGS:keyA", "K4": "BUGS:coins2", "B7": "BUGS:keyB", "C7": "BUGS:keyC"}, RAY=("A7", 1),
              TOR=("B7", 1))
    s.secrets = {sq("D4"): "BUGS:keyA", sq("K4"): "BUGS:coins2", sq("I9"): "BUGS:keyB", sq("H9"): "BUGS:keyC"}
    bg = put(s, "BUGGIE", "F4", 1)
    assert set(missions.primary_targets(s)) == {sq("D4"), sq("K4"), sq("I9"), sq("H9")}
    assert ai_mistress.move_choice(s, bg, 2) == "flip"
    s.move_figure(bg, facing=-1)
    assert ai_mistress.move_choice(s, bg, 2) == "move"
    t = scene({"H4": "BUGS:keyA", "B7": "BUGS:keyB", "C7": "BUGS:keyC"})
    bg = put(t, "BUGGIE", "F4", -1)
    assert ai_mistress.move_choice(t, bg, 2) == "flip"  # straight on would go the other way (rb 1414)


# --- invariants and refusals ----------------------------------------------------------------------------------
def test_the_invariants_hold_the_three_keys_and_the_glitch_riders():
    """rb 1806: three keys, A, B and C — face down, with a figure, or escaped; rb 869 the GLITCH's seats."""
    s = scene()
    s.secrets.pop(sq("A7"))
    assert any("keys ['B', 'C']" in p for p in coop_invariants(s))
    s.coop.held = (("RAY", "keyA"), ("TOR", "keyA"))
    assert any("keys ['A', 'A', 'B', 'C']" in p for p in coop_invariants(s))
    t = scene()
    aboard(t, "RAY")
    t.coop.aboard = ()
    assert any("without being aboard" in p for p in coop_invariants(t))


@pytest.mark.parametrize(("action", "why"), [
    ("fly <", "the pilot flies GLITCH1: the first BUGBUSTER aboard (rb 869)"),
    ("glitch shoot BIG1", "the second BUGBUSTER aboard GLITCH1 fires its gun (rb 869)"),
])
def test_refusals_name_the_glitch_s_rule(action, why):
    """rb 869: "They can only move when there is a BUGBUSTER inside to pilot the vehicle. When a second
    BUGBUSTER is on it, they will have access to weapons": the gunner does not fly it, the pilot does not
    fire it; one aboard has no step of its own."""
    s = scene(RAY=("E4", 1), TOR=("F4", 1))
    aboard(s, "RAY", "TOR", at="D5")
    put(s, "BIGBUG", "J5", -1)
    seat = 0 if action.startswith("glitch") else 1  # RAY pilots, TOR fires: each tries the other's
    s, _ = step(s, seat, f"next {s.busters[seat].sheet}")
    with pytest.raises(IllegalAction, match=re.escape(why)):
        E.apply(s, seat, action)
    with pytest.raises(IllegalAction, match="you are aboard the GLITCH: leave it first"):
        E.apply(s, seat, "move")


def test_private_views_never_leak_to_the_public():
    """rb 1818: kept "without showing what they have found": a seat's private view has it, its public part
    not."""
    s = scene()
    s.coop.held = (("TOR", "keyA"),)
    s.secrets.pop(sq("A7"))
    pv = E.private_view(s, 0)
    assert isinstance(pv, PrivateView) and pv.held == (("TOR", "keyA"),)
    assert "keyA" not in pv.public.model_dump_json()


def test_bugs_find_secrets_only_in_hidden_keys():
    """rb 1818 (Hidden Keys' special rule): "When a BUG or a BUGBUSTER finds one of the keys or coins, they can
    keep it"; in the other missions a BUG walks over face-down tokens, which stay for a BUGBUSTER."""
    for mission, kept in (("keys", "BUGS:coins2"), ("vips", "")):
        s = new_coop_state(1, ("RAY", "TOR"), mission)
        s.secrets[sq("G4")] = "BUGS:coins2"
        bg = put(s, "BUGGIE", "F4", 1)
        bug_moves.apply_bug_action(s, bg, "move", [])
        assert coop_life.bug(s, bg).secret == kept and (sq("G4") in s.secrets) == (not kept)
