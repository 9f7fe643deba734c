"""The co-op sequence, the AI BUGMISTRESS's spawn and order, revive, CONTINUE, the store and Save the VIPs'
win and loss (issue 14; each test cites the rulebook line it checks: shared/rulebooks/powerup.txt)."""

from dataclasses import replace

from rules.core.engine import SYSTEM
from rules.powerup import ENGINE as E
from rules.powerup import ai_mistress, coop_life, life
from rules.powerup.board import parse_square
from rules.powerup.options import PowerupOptions
from tests.rules.powerup.conftest import bug_turn

ARCADE = PowerupOptions(mode="arcade", mission="vips")


def new(labels=("RAY", "TOR"), seed=3):
    return E.new_game(seed, ARCADE, labels)




def sq(text):
    return parse_square(text)


def test_the_bugmistress_goes_first_then_the_group_names_who_goes_next():
    """rb 935: "the BUGMISTRESS is always the first to go"; the issue: a group choice names who goes next,
    default the first in sheet order."""
    s = new()
    assert SYSTEM in E.pending(s)
    s = bug_turn(s)
    pending = E.pending(s)
    assert set(pending) == {0, 1} and pending[0].kind.value == "group"
    assert pending[0].default == "next RAY"
    s, _ = E.apply(s, 1, "next TOR")
    assert s.active == 1 and s.ap == 4
    s, _ = E.apply(s, 1, "end")
    assert E.legal_actions(s, 0)[0] == "next RAY" and "next TOR" not in E.legal_actions(s, 0)


def test_the_first_spawn_releases_only_buggies_as_many_as_the_spawn_value():
    """rb 1381: "the first SPAWN of the game ... release only BUGGIES" (the issue: as many as the SPAWN
    value)."""
    s = new()
    top = "Rage|2"  # SPAWN 4, indicator BICEFALUS: the first spawn still releases BUGGIEs only
    s.coop.bug_deck = (top, *(c for c in s.coop.bug_deck if c != top))
    value = ai_mistress.copy_of(top).spawn
    s, _ = E.apply(s, SYSTEM, "spawn BRP1")
    kinds = [b.kind for fid, b in s.coop.bugs.items() if fid != "BRP1" and fid != "BRP2"]
    assert kinds and set(kinds) == {"BUGGIE"}
    assert len(kinds) <= value  # what cannot be placed is skipped
    assert all(b.dizzy for fid, b in s.coop.bugs.items() if b.kind == "BUGGIE")  # rb 960


def test_spawning_only_on_the_turn_cards_spawn_marks():
    """The issue (DESIGN): spawn marks on sequences 1, 3, 5, 7."""
    s = bug_turn(new())
    assert s.sequence == 1
    for seat in (0, 1):
        s, _ = E.apply(s, seat, f"next {s.busters[seat].sheet}")
        s, _ = E.apply(s, seat, "end")
    assert s.sequence == 2 and s.coop.stage == "bug"
    assert not E.pending(s)[SYSTEM].default.startswith("spawn")


def test_spawned_bugs_shake_off_dizziness_when_the_bug_turn_ends():
    """rb 960: "take no actions during the turn they were spawned in"."""
    s = bug_turn(new())
    assert not any(b.dizzy for b in s.coop.bugs.values())


def test_bugs_move_lowest_spawn_cost_then_lowest_row_then_leftmost():
    """rb 1399 and the issue's tie rule."""
    s = new()
    s.coop.bugs.clear()
    for fid in [f for f in s.figures if f.startswith("BRP")]:
        del s.figures[fid]
    a = coop_life.add_bug(s, "BIGBUG", sq("E1"), 1)
    b = coop_life.add_bug(s, "BUGGIE", sq("H4"), 1)
    c = coop_life.add_bug(s, "BUGGIE", sq("E4"), 1)
    d = coop_life.add_bug(s, "BATBUG", sq("D1"), 1)
    assert ai_mistress.bug_order(s) == [d, c, b, a]


def test_burps_regenerate_one_life_at_the_end_of_the_sequence():
    """rb 1003: REGENERATE 1, "At each turn this BUG regenerates, receiving 1 life point"."""
    s = bug_turn(new())
    s.coop.bugs["BRP1"] = replace(s.coop.bugs["BRP1"], lives=1)
    for seat in (0, 1):
        s, _ = E.apply(s, seat, f"next {s.busters[seat].sheet}")
        s, _ = E.apply(s, seat, "end")
    assert s.coop.bugs["BRP1"].lives == 2


def _down(s, seat):
    out = []
    life.hurt(s, seat, s.busters[seat].lives, out)
    return out


def test_a_fallen_bugbuster_lies_where_it_fell_and_a_partner_revives_it():
    """rb 849: "It's left laying in the square where it was defeated ... until it is revived"; the issue: revive
    an adjacent fallen partner (2 AP), 1 life, 2 AP if it has not acted this sequence."""
    s = bug_turn(new())
    s, _ = E.apply(s, 0, "next RAY")
    where = s.where("TOR")
    _down(s, 1)
    assert s.busters[1].lives == 0 and s.where("TOR") == where and 1 in s.coop.fallen
    s.move_figure("RAY", square=(where[0] - 1, where[1]))
    assert "revive TOR" in E.legal_actions(s, 0)
    s, _ = E.apply(s, 0, "revive TOR")
    assert s.busters[1].lives == 1 and s.ap == 2 and 1 not in s.coop.fallen
    s, _ = E.apply(s, 0, "end")
    s, _ = E.apply(s, 1, "next TOR")
    assert s.ap == 2  # it had not acted this sequence: 2 AP


def test_revived_after_acting_it_waits_for_the_next_sequence():
    """The issue: "it gets 2 AP if it has not acted this sequence, else none"."""
    s = bug_turn(new())
    s, _ = E.apply(s, 1, "next TOR")
    s, _ = E.apply(s, 1, "end")
    s, _ = E.apply(s, 0, "next RAY")
    where = s.where("TOR")
    _down(s, 1)
    s.move_figure("RAY", square=(where[0] - 1, where[1]))
    s, _ = E.apply(s, 0, "revive TOR")
    assert 1 not in s.coop.to_play and 1 not in s.short


def test_every_bugbuster_down_offers_a_continue_and_declining_loses():
    """rb 853-855 and the issue: CONTINUE offered at once, default decline; declining loses."""
    s = bug_turn(new())
    _down(s, 0)
    _down(s, 1)
    assert s.coop.stage == "continue"
    pending = E.pending(s)
    assert pending[0].default == "decline"
    assert "continue RAY RAY:4 TOR:2" in E.legal_actions(s, 0)  # 6 coins (level 1), split
    s2, _ = E.apply(s, 0, "decline")
    assert s2.phase == "over" and s2.coop.result == "lost"


def test_two_continues_each_payer_accepting_and_the_cost_rising():
    """rb 853: "Each time you use it, raise the cost ... The cost ... can be split among the players"; rb 855:
    it appears on an ON POWERUP, turned OFF, with all its lives, ammo and RP."""
    s = bug_turn(new())
    s.set_buster(0, coins=10)
    s.set_buster(1, coins=10)
    _down(s, 0)
    _down(s, 1)
    s, _ = E.apply(s, 0, "continue RAY RAY:4 TOR:2")
    assert set(E.pending(s)) == {1} and E.pending(s)[1].default == "refuse"  # TOR must accept its share
    s, _ = E.apply(s, 1, "accept")
    assert s.busters[0].coins == 6 and s.busters[1].coins == 8
    where = E.pending(s)[0]
    appear = E.legal_actions(s, 0)[0]
    s, _ = E.apply(s, 0, appear)
    spot = parse_square(appear.split()[1])
    assert s.where("RAY") == spot and s.powerups[spot] is False and s.busters[0].lives == 3
    assert where is not None
    assert s.coop.stage == "next" and s.coop.continue_level == 1  # back where the CONTINUE came
    from rules.powerup import coop_continue
    assert coop_continue.cost(s) == 8
    s.coop.stage = "continue"  # TOR next, through the group's choice this time: 8 coins
    assert any(a.startswith("continue TOR") for a in E.legal_actions(s, 1))


def test_a_payer_refusing_drops_the_offer():
    s = bug_turn(new())
    _down(s, 0)
    _down(s, 1)
    s, _ = E.apply(s, 0, "continue RAY RAY:4 TOR:2")
    s, _ = E.apply(s, 1, "refuse")
    assert s.coop.offer == () and s.busters[1].coins == 4 and s.coop.stage == "continue"


def test_an_on_powerup_gives_a_pow_card_and_the_store_then_another_turns_on():
    """rb 520: "the player draws a POW! card ... the option of using the POWERUP store ... turn this POWERUP
    to OFF ... turn back ON another POWERUP"; rb 620: sell at half, rounded down."""
    s = bug_turn(new())
    s, _ = E.apply(s, 0, "next RAY")
    s.move_figure("RAY", square=sq("C1"), facing=-1)  # on the floor, facing B1's ON POWERUP
    ahead = sq("B1")
    off = sq("E1")
    s.powerups[ahead] = True
    s.powerups[off] = False
    s.set_buster(0, coins=20)
    s, _ = E.apply(s, 0, "move")
    assert len(s.busters[0].hand) == 1 and s.powerups[ahead] is False
    card = s.coop.market[0]
    price = E.legal_actions(s, 0)
    assert f"buy {card}" in price
    s, _ = E.apply(s, 0, f"buy {card}")
    assert card in s.busters[0].owned and len(s.coop.market) == 4 and card not in s.coop.market
    from rules.powerup.data import game_data
    cost = game_data().card(card).cost
    assert s.busters[0].coins == 20 - cost
    s, _ = E.apply(s, 0, f"sell {card}")
    assert s.busters[0].coins == 20 - cost + cost // 2
    s, _ = E.apply(s, 0, "done")
    assert E.legal_actions(s, 0)[0].startswith("on ")
    s, _ = E.apply(s, 0, "on E1")
    assert s.powerups[off] is True


def test_save_the_vips_is_won_after_eight_sequences_with_all_three_alive():
    """rb 1762: "keep the 3 non-player characters alive for a ROUND (8 turn sequences)"."""
    s = bug_turn(new())
    s.sequence = 8
    for seat in (0, 1):
        s, _ = E.apply(s, seat, f"next {s.busters[seat].sheet}")
        s, _ = E.apply(s, seat, "end")
    assert s.phase == "over" and s.coop.result == "won"
    assert E.outcome(s).winners == (0, 1)


def test_save_the_vips_is_lost_when_a_bug_shoots_a_vip_from_afar():
    """rb 1774: "If a BUG reaches its square it attacks from a distance, the NPC dies automatically"."""
    s = bug_turn(new())
    for fid in list(s.coop.bugs):
        del s.figures[fid]
    s.coop.bugs.clear()
    vip = s.where("VIP1")
    spot = next((vip[0] + d, vip[1]) for d in (2, 3, -2, -3)
                if 0 <= vip[0] + d < 12 and s.at((vip[0] + d, vip[1])) is None)
    bb = coop_life.add_bug(s, "BATBUG", spot, -1 if spot[0] > vip[0] else 1)
    for seat in (0, 1):
        s, _ = E.apply(s, seat, f"next {s.busters[seat].sheet}")
        s, _ = E.apply(s, seat, "end")
    s = bug_turn(s)
    assert s.phase == "over" and s.coop.result == "lost", (bb, s.events)
    assert "VIP" in s.summary


def test_co_op_refusals_name_the_rule():
    """rb 1774: "Non-Player Characters have 2 movement actions in each turn. They can't use the doors"; the issue:
    revive costs 2 AP."""
    from rules.core.errors import IllegalAction

    s = bug_turn(new())
    s, _ = E.apply(s, 0, "next RAY")
    s.coop.npcs["VIP1"] = replace(s.coop.npcs["VIP1"], moves=0)
    for action, words in (("npc VIP1 <", "2 moves"), ("npc VIP9 <", "no NPC"), ("npc VIP2 gate C4", "doors"),
                          ("revive TOR", "not down"), ("bug BG1 move", "AI BUGMISTRESS")):
        try:
            E.apply(s, 0, action)
        except IllegalAction as e:
            assert words in str(e), (action, str(e))
        else:
            raise AssertionError(f"{action} was applied")


def test_npc_moves_are_labelled_with_what_is_left():
    s = bug_turn(new())
    labels = E.menu_labels(s, 0, (), E.legal_actions(s, 0))
    npc = next(a for a in labels if a.startswith("npc "))
    assert "moves left" in labels[npc][0] and labels["next RAY"][0] == "Next: RAY"
    assert E.menu_labels(s, 0, (), ["npc VIP1"])["npc VIP1"][0] == "Move VIP1"  # a menu's group of one NPC's moves


def test_the_last_to_play_going_down_between_turns_ends_the_sequence():
    """A question answered between turns (a shove onto spikes, rb 727) downs the only BUGBUSTER left to play:
    nobody is left to choose, so the sequence ends (it once left the group a choice with no options)."""
    s = bug_turn(new())
    s, _ = E.apply(s, 0, "next RAY")
    s, _ = E.apply(s, 0, "end")
    assert s.coop.stage == "next" and s.coop.to_play == (1,)
    s.move_figure("TOR", square=sq("D7"))
    s.set_buster(1, lives=1)
    s.asks = ((1, "shove", "TOR"),)
    s, _ = E.apply(s, 1, "shove right")  # onto the spikes at E7
    assert 1 in s.coop.fallen
    assert s.sequence == 2 and s.coop.stage == "bug" and E.pending(s)


def test_a_bug_never_turns_straight_back():
    """rb 1414 read with rb 1367 ("fun over simulation"): what a BUG sees changes with its facing, so its goal
    could flip with it; once it has turned it goes on the way it faces rather than turn back at once."""
    from rules.powerup import physics

    s = bug_turn(new())
    bg = ""
    for x in range(12):  # the first free standing square where a BUGGIE facing right would turn round
        for y in range(9):
            if bg or not physics.free(s, (x, y)) or not physics.supported(s, (x, y)):
                continue
            bg = coop_life.add_bug(s, "BUGGIE", (x, y), 1)
            if ai_mistress.move_choice(s, bg, 2) != "flip":
                del s.figures[bg], s.coop.bugs[bg]
                bg = ""
    assert bg and ai_mistress.move_choice(s, bg, 2) == "flip"
    s.coop.last_flip = bg
    assert ai_mistress.move_choice(s, bg, 2) != "flip"


def test_a_bug_attacking_the_active_bugbuster_in_its_turn_may_be_dodged():
    """rb 885: RP "can be used at any time"; rb 899: RAY steps back from a BUG's attack. A BUG that attacks
    in a BUGBUSTER's own turn (woken by Surprise!, a Thief Buggie) asks that BUGBUSTER too."""
    from rules.powerup import bug_attacks, reactions

    s = bug_turn(new())
    s, _ = E.apply(s, 0, "next RAY")
    here = s.where("RAY")
    f = s.figures["RAY"].facing
    ahead = (here[0] + f, here[1])
    if s.at(ahead) is not None:
        s.move_figure(s.at(ahead).id, square=(11, 8))
    bg = coop_life.add_bug(s, "BIGBUG", ahead, -f)
    out = []
    bug_attacks.declare(s, bg, ["hit", "RAY"], out)
    reactions.open_window(s, "act")
    assert 0 in s.window and s.active == 0
    assert any(o.startswith("react ") for o in reactions.options(s, 0))
