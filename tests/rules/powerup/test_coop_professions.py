"""Professions (option ``professions:on``; professions.py, turret.py): the pick at setup, the flip at a
POWERUP, each of the twelve sides and the Machine-Gun Turret. Each test cites its source: the rulebook
(shared/rulebooks/powerup.txt, "rb N") where it speaks, else the side's text in coop.json
(docs/games/powerup-coop-data.md, "Professions", DESIGN) and the reading in docs/games/powerup-arcade.md.

Squares are on Save the VIPs' board: row 1 (the bottom row) is floor from B1 to L1 (A1 has stairs), A4 and
C4 are gateways with B4 (a ladder) between them."""

from __future__ import annotations

import pytest

from rules.core.engine import SYSTEM
from rules.core.errors import IllegalAction, NotYourTurn
from rules.powerup import ENGINE as E
from rules.powerup import coop_life, dice, life, physics, professions, reach, turret
from rules.powerup.board import parse_square
from rules.powerup.coop_data import coop_data
from rules.powerup.options import PowerupOptions, parse_options
from rules.powerup.present import private_view, public_view
from tests.rules.powerup.conftest import bug_turn

PROF = PowerupOptions(mode="arcade", mission="vips", professions="on")


def sq(text):
    return parse_square(text)




def game(*picks: str, labels=("RAY", "TOR"), seed=3, where=None):
    """Professions picked (``"engineer a"`` per seat), the first BUG turn played, every BUG and POWERUP taken
    off the board, then RAY's turn with 4 AP; ``where``: figure -> (square, facing)."""
    s = E.new_game(seed, PROF, labels)
    for seat, pick in enumerate(picks):
        s, _ = E.apply(s, seat, f"profession {pick}")
    s = bug_turn(s)
    for fid in list(s.coop.bugs):
        del s.figures[fid]
        del s.coop.bugs[fid]
    s.powerups = {}
    s, _ = E.apply(s, 0, f"next {labels[0]}")
    for fid, (square, facing) in (where or {}).items():
        s.move_figure(fid, square=sq(square), facing=facing)
    assert s.active == 0 and s.ap == 4 and E.check_invariants(s) == []
    return s


def add_bug(s, kind, square, facing=-1):
    return coop_life.add_bug(s, kind, sq(square), facing)


# --- the option and the pick at setup ------------------------------------------------------------------
def test_the_option_is_arcade_s_off_by_default():
    """The issue: option ``professions`` (off, on) for ARCADE."""
    assert parse_options({"mode": "arcade"}).professions == "off"
    assert parse_options({"mode": "arcade", "professions": "on"}).professions == "on"
    assert E.option_values()["professions"] == ["off", "on"] and "professions" in E.option_help()
    assert parse_options({"professions": "on"}).mode == "arcade"  # as a mission, it names an ARCADE game
    for bad in ({"mode": "arcade", "professions": "yes"}, {"mode": "deathmatch", "professions": "on"}):
        with pytest.raises(Exception, match="professions"):
            parse_options(bad)
    s = E.new_game(3, PowerupOptions(mode="arcade", mission="vips"), ("RAY", "TOR"))
    assert s.coop.professions == () and s.coop.stage == "bug" and s.sequence == 1


def test_each_bugbuster_picks_a_profession_no_two_alike_and_a_side_before_the_first_bug_turn():
    """rb 1162: "your BUGBUSTER can have PROFESSION within the squadron. There are two possible abilities for
    each profession. Chose which one"; rb 57: 6 sheets. Our reading: in sheet order, before the first BUG
    turn; default the first free profession, side a."""
    s = E.new_game(3, PROF, ("RAY", "TOR", "ANA"))
    assert s.coop.stage == "professions" and s.sequence == 0 and not s.coop.bugs.keys() - {"BRP1", "BRP2", "BRP3"}
    pending = E.pending(s)
    assert set(pending) == {0} and pending[0].default == "profession engineer a"
    assert len(E.legal_actions(s, 0)) == 12 and E.legal_actions(s, 1) == []
    with pytest.raises(NotYourTurn):
        E.apply(s, 1, "profession medic a")
    s, _ = E.apply(s, 0, "profession scout b")
    assert E.pending(s)[1].default == "profession engineer a"
    assert "profession scout a" not in E.legal_actions(s, 1) and len(E.legal_actions(s, 1)) == 10
    with pytest.raises(IllegalAction, match="RAY is the scout already"):
        E.apply(s, 1, "profession scout a")
    s, _ = E.apply(s, 1, "profession engineer a")
    s, _ = E.apply(s, 2, E.pending(s)[2].default)
    assert s.coop.professions == ("scout:b", "engineer:a", "medic:a")
    assert s.coop.stage == "bug" and s.sequence == 1 and SYSTEM in E.pending(s)  # rb 935: the BUGs go first
    assert E.check_invariants(s) == []
    view = public_view(s, "")
    assert view.coop.professions == ("Scout: Keen Eye (b)", "Engineer: Turret Builder (a)",
                                     "Medic: Field Surgeon (a)")
    assert E.load(E.dump(s)).coop.professions == s.coop.professions


# --- the flip at a POWERUP -----------------------------------------------------------------------------
def test_entering_an_on_powerup_may_flip_the_profession_once():
    """rb 1162: "When you enter a POWERUP you can turn around the profession sheet and change your ability";
    the issue lists the flip among the store's options (``flip``, a free answer of ``shop``)."""
    s = game("medic a", "engineer b", where={"RAY": ("C1", -1)})
    s.powerups = {sq("B1"): True, sq("E1"): False}
    s, _ = E.apply(s, 0, "move")
    assert s.asks[0][1] == "shop" and "flip" in E.legal_actions(s, 0)
    s, _ = E.apply(s, 0, "flip")
    assert s.coop.professions[0] == "medic:b" and s.ap == 3  # free
    assert "flip" not in E.legal_actions(s, 0)  # once each time a POWERUP is entered
    s, _ = E.apply(s, 0, "done")
    s, _ = E.apply(s, 0, E.legal_actions(s, 0)[0])  # another POWERUP ON
    assert not professions.can_flip(s, 0)
    professions.powered_up(s, 0)  # the next POWERUP entered
    assert professions.can_flip(s, 0)
    s.coop.overclock = -1
    s.coop.professions = ()  # professions off: no flip at the store
    assert not professions.can_flip(s, 0)


# --- engineer ------------------------------------------------------------------------------------------
def test_the_turret_is_built_for_2_ap_with_the_builder_s_ammo_one_at_a_time():
    """rb 1168: "Characters with engineering abilities can build machine guns. There may only be one
    machine-gun at a time. After creating them, leave ammunition counters in them"; 2 AP (coop.json,
    DESIGN)."""
    s = game("engineer a", "medic a", where={"RAY": ("C1", 1), "TOR": ("K1", -1)})
    ammo = s.busters[0].ammo
    assert "turret build D1 ammo:1" in E.legal_actions(s, 0) and f"turret build B1 ammo:{ammo}" in E.legal_actions(
        s, 0)
    assert not any(a.startswith("turret") for a in E.legal_actions(s, 1) if s.active == 1)
    s, _ = E.apply(s, 0, "turret build D1 ammo:2")
    t = s.figures["TURRET"]
    assert (t.kind, t.square, t.facing) == ("turret", sq("D1"), 1)  # it faces the way its builder faced
    assert s.ap == 2 and s.busters[0].ammo == ammo - 2 and (s.coop.turret_by, s.coop.turret_ammo) == (0, 2)
    assert not any(a.startswith("turret build") for a in E.legal_actions(s, 0))  # one at a time
    with pytest.raises(IllegalAction, match="only be one machine-gun at a time"):
        E.apply(s, 0, "turret build B1 ammo:1")
    view = public_view(s, "")
    assert view.coop.turret_ammo == 2 and view.coop.turret_by == "RAY"
    assert any(f.id == "TURRET" and f.kind == "turret" for f in view.figures)
    assert E.check_invariants(s) == []
    back = E.load(E.dump(s))
    assert back.figures["TURRET"] == t and back.coop.turret_ammo == 2


def test_the_turret_fires_in_its_builder_s_turn_range_6_and_is_gone_when_empty(fixed_dice):
    """rb 1168: "The creator can activate the machine-gun at any time. It will shoot for a range of 6
    squares. Once the ammunition is spent, the turret disappears"; its dice: coop.json (2W, DESIGN)."""
    s = game("engineer a", "medic a", where={"RAY": ("C1", 1), "TOR": ("B4", 1)})
    s, _ = E.apply(s, 0, "turret build D1 ammo:1")
    far = add_bug(s, "BUGGIE", "L1")  # 7 squares between D1 and L1: out of range
    assert not any(a.startswith("turret shoot") for a in E.legal_actions(s, 0))
    big = add_bug(s, "BIGBUG", "K1")  # 6 between: in range
    assert f"turret shoot {big}" in E.legal_actions(s, 0) and f"turret shoot {far}" not in E.legal_actions(s, 0)
    dice_ = fixed_dice((("W", "skull2"), ("W", "skull2")))
    s, _ = E.apply(s, 0, f"turret shoot {big}")
    assert dice_.pools == [coop_data().turret.dice]
    assert big not in s.figures  # 4 hits on armor 1: 3 through, its 2 lives
    assert s.coop.points[0] == coop_data().sheet("BIGBUG").points  # the kill scores for the builder
    assert s.ap == 2  # no AP: its cost is the ammo
    assert "TURRET" not in s.figures and (s.coop.turret_by, s.coop.turret_ammo) == (-1, 0)  # empty: gone
    assert any("disappears" in e for e in s.events) and E.check_invariants(s) == []
    assert any(a.startswith("turret build") for a in E.legal_actions(s, 0))  # one at a time: a new one now


def test_the_turret_fires_out_of_turn_in_a_reaction_window_free_of_rp(fixed_dice):
    """rb 1168: "The creator can activate the machine-gun at any time": in another BUGBUSTER's turn, as its
    answer in the window after that turn's action (rb 923), no RP (turret.py's reading)."""
    s = game("engineer a", "medic a", where={"RAY": ("C1", 1), "TOR": ("B4", 1)})
    s, _ = E.apply(s, 0, "turret build D1 ammo:2")
    target = add_bug(s, "BUGGIE", "H1")
    s, _ = E.apply(s, 0, "end")
    s, _ = E.apply(s, 1, "next TOR")
    assert not any("turret" in a for a in E.legal_actions(s, 1))  # only its creator fires it
    s.modes = ("all", "relevant")
    rp = s.busters[0].rp
    s, _ = E.apply(s, 1, "flip")
    assert 0 in E.pending(s) and f"react turret shoot {target}" in E.legal_actions(s, 0)
    fixed_dice((("W", "skull"), ("W", "blank")))
    s, _ = E.apply(s, 0, f"react turret shoot {target}")
    assert target not in s.figures and s.busters[0].rp == rp and s.coop.turret_ammo == 1
    assert E.check_invariants(s) == []


def test_the_builder_is_asked_when_a_bug_attacks_and_its_turret_sees_one(fixed_dice):
    """rb 1168 "at any time", and rb 923: a window after a BUG's attack is declared; ``relevant`` (the
    default) asks the builder then, its turret having a target: it shoots the BUG before the attack lands."""
    s = game("engineer a", "medic a", where={"RAY": ("L1", -1), "TOR": ("H1", 1)})
    s, _ = E.apply(s, 0, "turret build K1 ammo:2")
    bg = add_bug(s, "BUGGIE", "I1", facing=-1)  # next to TOR, facing it
    s, _ = E.apply(s, 0, "end")
    s, _ = E.apply(s, 1, "next TOR")
    s.coop.bug_deck = ("Creeper|1", "Rage|1", *(c for c in s.coop.bug_deck if c not in ("Creeper|1", "Rage|1")))
    s, _ = E.apply(s, 1, "end")  # sequence 2: no spawn; her 2 cards are Events, discarded (rb 1387)
    assert s.sequence == 2 and s.coop.stage == "bug" and s.modes[0] == "relevant"
    for _ in range(50):
        pending = E.pending(s)
        if 0 in pending:
            break
        s, _ = E.apply(s, SYSTEM, pending[SYSTEM].default)
    assert s.attack is not None and s.attack.bug == bg and s.attack.word == "TOR"
    assert f"react turret shoot {bg}" in E.legal_actions(s, 0) and E.pending(s)[0].default == "pass"
    fixed_dice((("W", "skull"), ("W", "skull")))
    lives = s.busters[1].lives
    s, _ = E.apply(s, 0, f"react turret shoot {bg}")
    assert bg not in s.figures and s.busters[1].lives == lives  # its attack is lost (rb 901)
    assert E.check_invariants(s) == []


def test_only_a_standing_builder_fires_and_explosive_gas_stops_the_turret():
    """rb 849: a BUGBUSTER down does nothing; rb 1315, Explosive Gas: "No one can use distance attacks"; the
    turret is no fighter: BUGs never attack it, a push stops at it (turret.py's readings)."""
    s = game("engineer a", "medic a", where={"RAY": ("C1", 1), "TOR": ("B4", 1)})
    s, _ = E.apply(s, 0, "turret build D1 ammo:2")
    bg = add_bug(s, "BUGGIE", "G1")
    assert turret.shoot_actions(s, 0) == [f"turret shoot {bg}"]
    s.coop.event = "Explosive Gas"
    assert turret.shoot_actions(s, 0) == []
    s.coop.event = ""
    life.hurt(s, 0, s.busters[0].lives, [])
    assert 0 in s.coop.fallen and turret.shoot_actions(s, 0) == [] and "TURRET" in s.figures
    from rules.powerup import bug_attacks

    assert not bug_attacks.victim(s, "TURRET")
    nxt = add_bug(s, "BUGGIE", "E1")
    assert physics.push_line(s, nxt, -1) is None  # a push stops at it as at a wall
    from rules.powerup import combat

    combat.strike(s, 1, "TURRET", 3, 1, None, [])  # caught in a blast (rb 825): not moved, not hurt
    assert s.figures["TURRET"].square == sq("D1") and s.coop.turret_ammo == 2


def test_the_door_mechanic_opens_or_shuts_a_gateway_next_to_it_for_1_ap():
    """engineer b (coop.json: "1 AP: open or close a gateway next to you"), as the Open/Close Door card
    (rb 1245) does anywhere."""
    s = game("engineer b", "medic a", where={"RAY": ("B4", 1), "TOR": ("C1", 1)})
    assert {"door A4", "door C4"} <= set(E.legal_actions(s, 0)) and "door D6" not in E.legal_actions(s, 0)
    s, _ = E.apply(s, 0, "door C4")
    assert sq("C4") in s.shut and s.ap == 3
    s, _ = E.apply(s, 0, "door C4")
    assert sq("C4") not in s.shut and s.ap == 2


# --- medic ---------------------------------------------------------------------------------------------
def test_the_field_surgeon_revives_for_1_ap_with_2_lives():
    """medic a (coop.json: "Reviving a partner costs you 1 AP, and it comes back with 2 lives"); without it
    2 AP and 1 life (the issue)."""
    s = game("medic a", "engineer a", where={"RAY": ("C1", 1), "TOR": ("D1", -1)})
    life.hurt(s, 1, s.busters[1].lives, [])
    s, _ = E.apply(s, 0, "revive TOR")
    assert s.ap == 3 and s.busters[1].lives == 2 and 1 not in s.coop.fallen


def test_first_aid_heals_a_partner_next_to_it_once_a_turn_never_above_3():
    """medic b (coop.json: "Once a turn, 1 AP: a partner next to you regains 1 life (never above 3)"; rb 225:
    3 lives)."""
    s = game("medic b", "engineer a", where={"RAY": ("C1", 1), "TOR": ("D1", -1)})
    assert "heal TOR" not in E.legal_actions(s, 0)  # 3 lives already
    s.set_buster(1, lives=1)
    s, _ = E.apply(s, 0, "heal TOR")
    assert s.busters[1].lives == 2 and s.ap == 3
    assert "heal TOR" not in E.legal_actions(s, 0)  # once a turn
    with pytest.raises(IllegalAction, match="once a turn"):
        E.apply(s, 0, "heal TOR")
    s.sequence += 1  # a later turn
    assert "heal TOR" in E.legal_actions(s, 0)


# --- scout ---------------------------------------------------------------------------------------------
def test_parkour_jumps_cost_1_ap():
    """scout a (coop.json: "Your jumps cost 1 AP"); rb 464: 2 AP otherwise."""
    s = game("scout a", "engineer a", where={"RAY": ("C1", 1), "TOR": ("B4", 1)})
    assert reach.jump_cost(s, 0) == 1 and reach.jump_cost(s, 1) == 2
    s, _ = E.apply(s, 0, "jump")
    assert s.ap == 3


def test_keen_eye_shows_a_secret_within_3_squares_to_the_bugbusters_alone_once_a_turn():
    """scout b (coop.json: "Once a turn, for free: look at a face-down secret within 3 squares"): the
    BUGBUSTERs' private screens show it, the channel does not (views.py: hidden information)."""
    s = game("scout b", "engineer a", where={"RAY": ("C1", 1), "TOR": ("B4", 1)})
    s.secrets = {sq("E1"): "BUGS:coins3", sq("D1"): "BUGS:trap", sq("H1"): "BUGS:powerup"}
    legal = E.legal_actions(s, 0)
    assert {"peek D1", "peek E1"} <= set(legal) and "peek H1" not in legal  # H1: 5 squares away
    s, _ = E.apply(s, 0, "peek E1")
    assert s.ap == 4  # free
    for seat in (0, 1):
        assert ("E1", "coins3") in private_view(s, seat, "", "", ()).team_secrets
    assert "coins3" not in str(public_view(s, "").model_dump()) and not any("coins" in e for e in s.events)
    assert not any(a.startswith("peek") for a in E.legal_actions(s, 0))  # once a turn
    del s.secrets[sq("E1")]  # found: the look is stale
    assert ("E1", "coins3") not in private_view(s, 0, "", "", ()).team_secrets


# --- heavy ---------------------------------------------------------------------------------------------
def test_the_tank_has_1_more_armor():
    """heavy a (coop.json: "+1 armor"): against every hit (rb 795: armor takes hits off) and in the view."""
    s = game("heavy a", "engineer a", where={"RAY": ("C1", 1), "TOR": ("B4", 1)})
    base = life.armor(s.busters[0])
    assert public_view(s, "").busters[0].armor == base + 1 and public_view(s, "").busters[1].armor == life.armor(
        s.busters[1])
    from rules.powerup import combat

    out: list[str] = []
    combat.strike(s, None, "RAY", base + 1, 0, None, out)
    assert s.busters[0].lives == 3 and f"against armor {base + 1}: no life lost" in out[0]


def test_strongarm_throws_2_squares_farther(fixed_dice):
    """heavy b (coop.json: "What you throw lands 2 squares farther"); rb 514: as far as the melee dice hit,
    at least 1."""
    s = game("heavy b", "engineer a", where={"RAY": ("B1", 1), "TOR": ("C1", 1)})
    s, _ = E.apply(s, 0, "pick TOR")
    fixed_dice((("W", "blank"), ("Y", "blank")))
    s, _ = E.apply(s, 0, "throw")
    assert s.where("TOR") == sq("E1")  # 1 + 2 squares from B1


# --- hacker --------------------------------------------------------------------------------------------
def test_overclock_looks_at_2_pow_cards_and_keeps_1():
    """hacker a (coop.json: "Entering an ON POWERUP, draw 2 POW! cards and keep 1"), in place of rb 520's
    draw; the other goes to the discard; the 31 cards stay 31 (the invariants)."""
    s = game("hacker a", "engineer a", where={"RAY": ("C1", -1), "TOR": ("B4", 1)})
    s.powerups = {sq("B1"): True}
    top = s.pow_deck[:2]
    from rules.powerup.cards import card_token

    s, _ = E.apply(s, 0, "move")
    assert s.busters[0].hand == ()
    assert E.legal_actions(s, 0) == list(dict.fromkeys(f"keep {card_token(c)}" for c in top))
    assert E.check_invariants(s) == []
    deck = len(s.pow_deck)
    s, _ = E.apply(s, 0, E.legal_actions(s, 0)[-1])
    assert s.busters[0].hand == (top[-1],) and s.pow_discard[-1] == top[0] and len(s.pow_deck) == deck - 2
    assert "done" in E.legal_actions(s, 0) and E.check_invariants(s) == []


def test_overclock_with_a_full_hand_follows_the_hand_limit():
    """rb 536: "IF A PLAYER HAS 4 CARDS AND WANTS TO DRAW A NEW ONE, HE OR SHE MUST DISCARD ONE FIRST"."""
    s = game("hacker a", "engineer a", where={"RAY": ("C1", -1), "TOR": ("B4", 1)})
    s.powerups = {sq("B1"): True}
    s.set_buster(0, hand=s.pow_deck[:4])
    s.pow_deck = s.pow_deck[4:]
    s, _ = E.apply(s, 0, "move")
    assert s.asks[0][1] == "full" and s.coop.overclock == -1


def test_backdoor_leaves_no_off_marker_on_the_gateway():
    """hacker b (coop.json: "Going through a gateway does not shut it (no OFF marker)"); rb 711 otherwise."""
    for pick, off in (("hacker b", None), ("hacker a", sq("C4"))):
        s = game(pick, "engineer a", where={"RAY": ("A4", 1), "TOR": ("C1", 1)})
        s, _ = E.apply(s, 0, "gate C4")
        assert s.where("RAY") == sq("C4") and s.gate_off == off


# --- sniper --------------------------------------------------------------------------------------------
def test_long_barrel_adds_2_range_to_fixed_range_weapons():
    """sniper a (coop.json: "+2 range with fixed-range weapons"); rb 791: within the weapon's range. RAY's
    blaster has range 4; a BUG with 5 squares between is out of it without the Long Barrel."""
    for pick, seen in (("sniper a", True), ("sniper b", False)):
        s = game(pick, "engineer a", where={"RAY": ("B1", 1), "TOR": ("B4", 1)})
        bg = add_bug(s, "BUGGIE", "H1")
        assert (f"shoot {bg}" in E.legal_actions(s, 0)) is seen


def test_armor_piercer_s_ranged_attacks_ignore_1_armor(fixed_dice):
    """sniper b (coop.json: "Your ranged attacks ignore 1 armor"): a BIGBUG's armor 1 (coop.json) counts 0
    against its shot, not against its melee."""
    s = game("sniper b", "engineer a", where={"RAY": ("C1", 1), "TOR": ("B4", 1)})
    big = add_bug(s, "BIGBUG", "F1")
    s.modes = ("none", "none")
    fixed_dice((("W", "skull"), ("W", "blank")))
    s, _ = E.apply(s, 0, f"shoot {big}")
    assert any(f"{big} takes 1 hit against armor 0" in e for e in s.events)
    assert s.coop.bugs[big].lives == coop_data().sheet("BIGBUG").lives - dice.lives_lost(1)
    from rules.powerup import combat

    out: list[str] = []
    combat.strike(s, 0, big, 1, 0, life.weapon(s.busters[0], "melee"), out)
    assert "against armor 1" in out[0]


# --- the invariants ------------------------------------------------------------------------------------
def test_the_invariants_catch_broken_picks_and_turrets():
    """coop_invariants._professions: no two alike (rb 1162), one turret at most (rb 1168), with its builder
    and ammo, and no record without its figure."""
    s = game("engineer a", "medic a", where={"RAY": ("C1", 1), "TOR": ("B4", 1)})
    s, _ = E.apply(s, 0, "turret build D1 ammo:1")
    assert E.check_invariants(s) == []
    broken = E.load(E.dump(s))
    broken.coop.professions = ("engineer:a", "engineer:b")
    assert any("one profession" in p for p in E.check_invariants(broken))
    broken = E.load(E.dump(s))
    broken.coop.turret_ammo = 0
    assert any("the turret has 0 ammo" in p for p in E.check_invariants(broken))
    broken = E.load(E.dump(s))
    del broken.figures["TURRET"]
    assert any("without its figure" in p for p in E.check_invariants(broken))
    broken = E.load(E.dump(s))
    broken.coop.professions = ("engineer:a", "")
    assert any("at stage turn" in p for p in E.check_invariants(broken))


def test_the_pick_is_labelled_and_other_actions_are_refused_until_it_is_made():
    """rb 1162: the professions are picked before play; a newcomer reads each side's name in the menu and is
    told to pick first."""
    from rules.core.errors import IllegalAction

    s = E.new_game(8, parse_options({"mission": "vips", "professions": "on"}), ("RAY", "TOR"))
    labels = E.menu_labels(s, 0, (), E.legal_actions(s, 0))
    assert labels["profession engineer a"][0] == "Profession Engineer: Turret Builder"
    below = E.menu_labels(s, 0, ("profession",), ["engineer a", "medic b"])  # the menu one level down
    assert below["engineer a"][0] == "Engineer: Turret Builder" and below["medic b"][0] == "Medic: First Aid"
    try:
        E.apply(s, 0, "move")
    except IllegalAction as e:
        assert "profession <name> <a|b>" in str(e)
    else:
        raise AssertionError("moved before the pick")
