"""A human BUGMISTRESS (issue 14's "A human BUGMISTRESS" and "Hidden information"; mistress.py and its
modules): her seat, her turn, her cards, her BUGs, her Tricks in the windows, what each seat may see, the
outcome. Each test cites the rulebook line it checks (shared/rulebooks/powerup.txt, "rb N")."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.service.lobby import team_clash
from rules.core.errors import IllegalAction
from rules.powerup import ENGINE as E
from rules.powerup import cards, coop_life
from rules.powerup.board import name, parse_square
from rules.powerup.bug_squares import npc_dies
from rules.powerup.missions import check
from rules.powerup.options import parse_options

HUMAN = parse_options({"mission": "vips", "bugmistress": "human"})
HER = 2  # her seat with RAY and TOR


def sq(text: str) -> tuple[int, int]:
    found = parse_square(text)
    assert found is not None
    return found


def game(*hand: str, labels=("RAY", "TOR", "bugmistress"), seed: int = 3):
    """Save the VIPs with a human BUGMISTRESS, her first turn's main step, holding exactly ``hand`` (taken from
    the deck, so that the 29 cards stay once each)."""
    s = E.new_game(seed, HUMAN, labels)
    set_hand(s, *hand)
    return s


def set_hand(s, *hand: str) -> None:
    c = s.coop
    pile = [x for x in (*c.bug_deck, *c.bug_hand, *c.bug_discard) if x not in hand]
    c.bug_deck, c.bug_hand, c.bug_discard = tuple(pile), tuple(hand), ()


def own(s, seat: int, card: str) -> None:
    """The BUGBUSTER owns an equipment card (from the deck or the market: the 38 stay once each)."""
    s.equip_deck = tuple(x for x in s.equip_deck if x != card)
    s.coop.market = tuple(x for x in s.coop.market if x != card)
    s.set_buster(seat, owned=(*s.busters[seat].owned, card))


def put(s, fid: str, square: str, facing: int = 1) -> None:
    s.move_figure(fid, square=sq(square), facing=facing)


def bug(s, kind: str, square: str, facing: int = -1) -> str:
    return coop_life.add_bug(s, kind, sq(square), facing)


def act(s, seat: int, action: str):
    s, _ = E.apply(s, seat, E.parse(s, seat, action))
    assert E.check_invariants(s) == []
    return s


def to_ray_turn(s):
    """Her turn ends (BUGs idle); RAY goes first."""
    if s.coop.step == "main":
        s = act(s, HER, "bugs")
    s = act(s, HER, "end")
    return act(s, 0, "next RAY")


# --- the seat plan and the outcome ----------------------------------------------------------------------
def test_her_seat_is_a_side_of_its_own_that_no_bugbuster_player_may_hold():
    """The issue: "plus `bugmistress` when human; at most 5 people. A person may hold several BUGBUSTER seats,
    never the BUGMISTRESS with one" (rb 933: "the supreme leader of the BUGs" plays against them)."""
    plan = E.seat_plan(HUMAN)
    assert plan.labels[-1] == "bugmistress" and plan.maximum == 5 and plan.minimum == 2
    assert plan.teams[-1] != plan.teams[0] and len(set(plan.teams[:-1])) == 1
    her, ray, tor = plan.labels.index("bugmistress"), plan.labels.index("RAY"), plan.labels.index("TOR")
    session = SimpleNamespace(plan=plan, labels=plan.labels)
    assert team_clash(session, [ray], [her]) is not None  # RAY's player may not take her seat
    assert team_clash(session, [her], [tor]) is not None  # nor she a BUGBUSTER's
    assert team_clash(session, [ray], [tor]) is None  # several BUGBUSTERs: yes
    assert plan.problem([ray, tor]) is not None  # she must be played
    assert plan.problem([ray, her]) is None and plan.problem([ray, tor, her]) is None  # uneven sides
    assert E.seat_plan(parse_options({"mission": "vips"})).labels[-1] != "bugmistress"  # the AI: SYSTEM
    s = game()
    assert E.seat_labels(s) == ("RAY", "TOR", "bugmistress") and s.seats == ("RAY", "TOR")


@pytest.mark.parametrize("result", ["won", "lost"])
def test_she_wins_exactly_when_the_bugbusters_lose(result):
    """The issue: "a human BUGMISTRESS wins exactly when the BUGBUSTERs lose" (rb 1774: a VIP killed loses
    Save the VIPs; rb 1762: the 8 sequences survived win it)."""
    s = game()
    out: list[str] = []
    if result == "lost":
        npc_dies(s, "VIP1", out)
    else:
        s.sequence = 8
    check(s, out, sequence_over=True)
    o = E.outcome(s)
    assert o is not None and o.result is None  # two sides, no shared result
    assert o.winners == ((HER,) if result == "lost" else (0, 1))
    assert o.ranks[HER] == (1 if result == "lost" else 2) and len(o.scores) == 3


# --- her turn: draw, activate, spawn -------------------------------------------------------------------
def test_her_turn_draws_one_card_per_bugbuster_and_defaults_skip_then_idle():
    """rb 941: "draws one BUG card for every BUGBUSTERS playing. There is no limit to the amount of cards";
    the issue: her turn steps default to skipping the step, her BUGs idle."""
    s = E.new_game(3, HUMAN, ("RAY", "TOR", "bugmistress"))
    assert len(s.coop.bug_hand) == 2 and E.public_view(s).coop.hand_size == 2
    pending = E.pending(s)
    assert list(pending) == [HER] and pending[HER].default == "bugs"
    s = act(s, HER, "bugs")
    assert E.pending(s)[HER].default == "end"
    s = act(s, HER, "end")
    assert s.coop.stage == "next" and set(E.pending(s)) == {0, 1}


def test_activation_pays_with_spawn_values_reaching_the_cost_and_no_change():
    """rb 945: "Once the activation cost is paid, place the BUG card face up" (the issue: "discard cards whose
    values reach the type's cost ... no change": no card more than needed)."""
    s = game("Charge|2", "Evolution|1", "Rage|1", "Surprise!|2")  # SPAWN 1, 1, 2, 3
    ways = sorted(a for a in E.legal_actions(s, HER) if a.startswith("activate BIGBUG "))  # BIGBUG costs 2
    assert ways == ["activate BIGBUG pay:Charge:1,Evolution:1", "activate BIGBUG pay:Rage:2",
                    "activate BIGBUG pay:Surprise!:3"]
    with pytest.raises(IllegalAction, match="SPAWN values make 1"):
        act(s, HER, "activate BIGBUG pay:Charge")
    with pytest.raises(IllegalAction, match="no change"):
        act(s, HER, "activate BIGBUG pay:Charge,Rage")
    s = act(s, HER, "activate BIGBUG pay:Rage")  # the bare name she holds once
    assert "BIGBUG" in s.coop.active and "Rage|1" in s.coop.bug_discard and len(s.coop.bug_hand) == 3
    assert "pays Rage" in " ".join(s.events)  # paying shows the card: the discard pile is public
    assert not any(a.startswith("activate BIGBUG") for a in E.legal_actions(s, HER))


def test_a_spawn_comes_out_of_a_burp_in_front_or_above_facing_its_way_dizzy():
    """rb 957-960: "BUGS emerge from the mouths of upright BURPS, facing in the same direction. BUGs are dizzy
    ... and take no actions during the turn they were spawned in"; rb 999: "Either in front or above it"."""
    s = game("Charge|2", "Evolution|1")
    burp = s.figures["BRP1"]
    front = (burp.square[0] + burp.facing, burp.square[1])
    above = (burp.square[0], burp.square[1] + 1)
    assert "spawn BUGGIE BRP1 front pay:Charge:1" in E.legal_actions(s, HER)
    s = act(s, HER, "spawn BATBUG BURP1 above pay:Evolution")
    s = act(s, HER, "spawn BUGGIE BRP1 front pay:Charge:1")
    got = {f.square: (fid, f.facing) for fid, f in s.figures.items() if fid.startswith(("BG", "BB"))}
    assert got[above][0].startswith("BB") and got[front][0].startswith("BG")
    assert all(facing == burp.facing for _, facing in got.values())
    assert all(s.coop.bugs[fid].dizzy for fid, _ in got.values())
    s = act(s, HER, "bugs")
    assert not any(a.startswith(f"bug {fid} ") for a in E.legal_actions(s, HER) for fid, _ in got.values())
    assert not any(a.startswith("spawn ") for a in E.legal_actions(s, HER))  # spawning precedes BUG actions


def test_spawning_only_on_spawn_marks_and_within_the_caps_and_the_burp_limit():
    """rb 962: "THERE CAN NEVER BE MORE BURPS THAN BUGBUSTERS IN THE GAME"; rb 127: 14 BUGGIEs; the issue:
    spawn "only on the turn card's spawn marks" (sequences 1, 3, 5, 7)."""
    s = game("Surprise!|2", "Rage|2", "Charge|2")  # SPAWN 3, 4, 1
    s.coop.active = (*s.coop.active, "BURP")
    assert not any(a.startswith("spawn BURP") for a in E.legal_actions(s, HER))  # 2 BURPs for 2 BUGBUSTERs
    del s.figures["BRP2"], s.coop.bugs["BRP2"]
    assert "spawn BURP BRP1 front pay:Charge:1,Rage:4" in E.legal_actions(s, HER)
    with pytest.raises(IllegalAction, match="no change"):
        act(s, HER, "spawn BURP BRP1 front pay:Charge:1,Surprise!:3,Rage:4")
    for k in range(14):  # the BUGGIE cap
        coop_life.add_bug(s, "BUGGIE", (k % 12, 8 - k // 12), 1)
    assert not any(a.startswith("spawn BUGGIE") for a in E.legal_actions(s, HER))
    s.sequence = 2  # no spawn mark
    s.coop.spawns = False
    assert not any(a.startswith("spawn ") for a in E.legal_actions(s, HER))
    with pytest.raises(IllegalAction, match="spawn marks"):
        act(s, HER, "spawn BATBUG BRP1 front pay:Charge:1")


# --- her cards ------------------------------------------------------------------------------------------
def test_one_event_at_a_time_until_her_next_turn():
    """rb 979: "Their effect is maintained until BUGMISTRESS's next turn. There can only be one event in use
    during each turn sequence"."""
    s = game("Rage|1", "Creeper|1")
    s = act(s, HER, "card Rage")
    assert s.coop.event == "Rage"
    assert not any(a.startswith("card Creeper") for a in E.legal_actions(s, HER))
    with pytest.raises(IllegalAction, match="one Event at a time"):
        act(s, HER, "card Creeper")
    s = to_ray_turn(s)
    assert s.coop.event == "Rage"  # in force through the BUGBUSTERs' turns


def test_specials_only_in_her_turn_before_her_bugs_act_tricks_any_time():
    """rb 971: "Special cards can only be used during the BUGMISTRESS' turn"; rb 975: "Trick cards can be used
    at any time"."""
    s = game("Charge|1", "Evolution|1")
    bug(s, "BUGGIE", "F4")
    legal = E.legal_actions(s, HER)
    assert "card Charge:2" in legal and "card Evolution:1 BG1" in legal
    s = act(s, HER, "bugs")
    legal = E.legal_actions(s, HER)
    assert "card Evolution:1 BG1" in legal and not any(a.startswith("card Charge") for a in legal)
    with pytest.raises(IllegalAction, match="before your BUGs act"):
        act(s, HER, "card Charge")


def test_a_trick_in_a_bugbusters_reaction_window_her_hand_unnamed():
    """rb 975: "Trick cards can be used at any time" — the window after RAY's action asks her seat (she holds
    cards, RAY stands by a BUG: public facts only, reactions.py) and Evolution turns the BUGGIE (rb 1311)."""
    s = game("Evolution|1", "Charge|1")
    bug(s, "BUGGIE", "E4")
    put(s, "RAY", "C4")
    put(s, "TOR", "A4")
    s = to_ray_turn(s)
    s = act(s, 0, "move")  # RAY to D4, next to BG1
    assert HER in s.window
    assert "card Evolution:1 BG1" in E.legal_actions(s, HER)
    assert not any(a.startswith("card Charge") for a in E.legal_actions(s, HER))  # a Special: her turn only
    assert "reactions from bugmistress" in E.public_view(s).waiting
    s = act(s, HER, "card Evolution BG1")
    assert "BG1" not in s.coop.bugs and any(b.kind == "BIGBUG" for b in s.coop.bugs.values())
    assert s.active == 0  # RAY's turn goes on


def test_surprise_in_a_bugbusters_turn_acts_at_once_then_the_turn_goes_on():
    """rb 1355: "Activate any BUG from the board and give it 4 actions to use instantly" — RAY's turn waits
    while her BUG acts, then goes on."""
    s = game("Surprise!|1")
    bug(s, "BUGGIE", "E4")
    put(s, "RAY", "C4")
    put(s, "TOR", "A4")
    s = to_ray_turn(s)
    s = act(s, 0, "move")  # RAY to D4, by BG1
    s = act(s, HER, "card Surprise!:1 BG1")
    pending = E.pending(s)
    assert list(pending) == [HER] and pending[HER].default == "done"
    s = act(s, HER, "bug BG1 flip")
    assert s.coop.burst == ("BG1", 3, "surprise")
    s = act(s, HER, "done")
    assert list(E.pending(s)) == [0] and s.ap == 3


def test_brainwash_lets_her_play_tricks_then_discards_two_at_random():
    """rb 1194: "The BUGMISTRESS discards two random BUG cards from her hand. The BUGMISTRESS may use tricks in
    her hand before discarding these two cards"."""
    s = game("Evolution|1", "Charge|1", "Rage|1")
    s = to_ray_turn(s)
    brainwash = next(c for c in s.pow_deck if c.startswith("BrainWash|"))
    s.pow_deck = tuple(c for c in s.pow_deck if c != brainwash)
    s.set_buster(0, hand=(brainwash,))
    s = act(s, 0, f"card {cards.card_token(brainwash)}")
    assert HER in s.window  # asked before the discard
    s = act(s, HER, "pass")
    assert len(s.coop.bug_hand) == 1 and len(s.coop.bug_discard) == 2
    assert "BrainWash: the BUGMISTRESS discards" in " ".join(s.events)


def test_thief_buggie_steals_instead_of_attacking_and_flees_at_once():
    """rb 1363: "Instead of a normal attack, the Buggie steals one of the extra weapons ... 4 actions of
    movement to allow it to escape ... When this buggie is destroyed, the weapon is recovered"."""
    s = game("Thief Buggie|1")
    thief = bug(s, "BUGGIE", "E4", facing=-1)
    put(s, "RAY", "D4")
    put(s, "TOR", "A4")
    own(s, 0, "E12")
    s = act(s, HER, "bugs")
    assert "card Thief-Buggie:1 BG1 RAY E12" in E.legal_actions(s, HER)
    s = act(s, HER, "card Thief-Buggie BG1 RAY E12")
    assert s.coop.bugs[thief].stolen == "E12" and "E12" not in s.busters[0].owned
    legal = E.legal_actions(s, HER)
    assert legal[0] == "done" and not any(" hit " in a or " shoot " in a for a in legal)  # movements only
    s = act(s, HER, "bug BG1 flip")
    s = act(s, HER, "bug BG1 move")
    s = act(s, HER, "done")
    assert s.coop.aps.get(thief, 0) == 0  # the theft was its attack (rb 949)
    out: list[str] = []
    coop_life.die(s, thief, out)
    assert "E12" in s.busters[0].owned


# --- her BUGs -------------------------------------------------------------------------------------------
def test_her_bug_attacks_and_a_dodged_attack_keeps_its_actions():
    """rb 901: "The enemy's attack is performed and therefore lost. If the BUG still has actions, it can
    continue using them"; rb 949: "Once a BUG attacks that can no longer take action"."""
    s = game()
    big = bug(s, "BIGBUG", "E4", facing=-1)
    put(s, "RAY", "D4")
    put(s, "TOR", "A4")
    s = act(s, HER, "bugs")
    s = act(s, HER, f"bug {big} attack RAY")  # the word: hit when it can
    assert s.attack is not None and s.attack.verb == "hit" and 0 in s.window
    s = act(s, 0, "react back")  # RAY steps out of reach (a BUG's attack has speed 0, rb 899)
    assert s.coop.acting == big and s.coop.bug_ap == 1  # lost: it acts on
    assert f"bug {big} move" in E.legal_actions(s, HER)


def test_a_landed_attack_ends_the_bug_and_acting_with_another_ends_the_one_before():
    """rb 949: "Once a BUG attacks that can no longer take action, even if it has actions remaining"; the
    issue: "BUGs act one at a time"."""
    s = game()
    big = bug(s, "BIGBUG", "E4", facing=-1)
    other = bug(s, "BUGGIE", "H4", facing=-1)
    put(s, "RAY", "D4")
    put(s, "TOR", "A4")
    s = act(s, HER, "bugs")
    s = act(s, HER, f"bug {other} move")
    s = act(s, HER, f"bug {big} hit RAY")  # BG1 has moved on: done
    assert s.coop.aps[other] == 0
    while E.pending(s).keys() != {HER}:
        seat = next(iter(E.pending(s)))
        s = act(s, seat, E.pending(s)[seat].default)
    assert not any(a.startswith(f"bug {big} ") or a.startswith(f"bug {other} ") for a in E.legal_actions(s, HER))


def test_stack_and_unstack_her_buggies():
    """rb 991: "You can stack up to 4 of these BUGs in the same square ... stack them and unstack them anytime
    you want. Any actions taken as a group are also counted for the separate bugs"."""
    s = game()
    a = bug(s, "BUGGIE", "G4", facing=1)
    b = bug(s, "BUGGIE", "H4", facing=1)
    s = act(s, HER, "bugs")
    s = act(s, HER, f"bug {a} stack {b}")
    assert a not in s.figures and s.coop.bugs[b].stack == 2
    assert s.coop.acting == b and s.coop.bug_ap == 1  # the lower AP left of the two
    s = act(s, HER, f"bug {b} unstack")
    assert s.coop.bugs[b].stack == 1 and len([x for x in s.coop.bugs if x.startswith("BG")]) == 2


def test_pass_or_push_between_her_bugs():
    """rb 1407: "BUGS push other BUGs"; rb 737 (pass or push, "decided by the player"): she chooses."""
    s = game()
    a = bug(s, "BUGGIE", "F4", facing=1)
    b = bug(s, "BUGGIE", "G4", facing=1)
    s = act(s, HER, "bugs")
    assert {f"bug {a} move", f"bug {a} move pass"} <= set(E.legal_actions(s, HER))
    t = act(s, HER, f"bug {a} move pass")
    assert name(t.figures[a].square) == "H4" and name(t.figures[b].square) == "G4"
    t = act(s, HER, f"bug {a} move")
    assert name(t.figures[a].square) == "G4" and name(t.figures[b].square) == "H4"


def test_special_spawn_pays_with_other_cards_then_goes_anywhere_dizzy():
    """rb 1351: "You can spawn a BUG on any square on the board. The cost of spawning has to be paid with other
    cards" (the issue: active types only)."""
    s = game("Special Spawn|1", "Charge|2")
    legal = E.legal_actions(s, HER)
    assert "card Special-Spawn:2 BUGGIE pay:Charge:1" in legal
    assert not any(a.startswith("card Special-Spawn:2 BIGBUG") for a in legal)  # not active
    s = act(s, HER, "card Special-Spawn:2 BUGGIE pay:Charge:1")
    assert E.legal_actions(s, HER)[0].startswith("put ")
    s = act(s, HER, "put F4 <")
    fid = next(f for f, x in s.figures.items() if x.square == sq("F4"))
    assert s.coop.bugs[fid].dizzy and s.figures[fid].facing == -1 and s.coop.step == "main"


# --- hidden information ---------------------------------------------------------------------------------
def test_her_hand_is_hers_alone_its_size_public():
    """rb 941 (her hand) and the issue: "Only the BUGMISTRESS sees her hand (its size is public)"."""
    s = game("Inmolation|1", "Bicevolution|1", "Acid Vomit|1")
    secret = ("Inmolation", "Bicevolution", "Acid Vomit", "Acid-Vomit")
    public = E.public_view(s).model_dump_json()
    assert E.public_view(s).coop.hand_size == 3
    for seat in (0, 1):
        text = E.private_view(s, seat).model_dump_json()
        assert not any(x in text for x in secret)
    assert not any(x in public for x in secret)
    mine = E.private_view(s, HER)
    assert [c.token for c in mine.mistress.hand] == ["Inmolation:3", "Bicevolution:3", "Acid-Vomit:2"]


def test_the_bugbusters_pow_hands_are_never_hers():
    """The issue: "POW! hands are seen by the BUGBUSTERs' side, never by a human BUGMISTRESS (sizes public)"."""
    s = game()
    held = tuple(c for c in s.pow_deck if c.split("|")[0] in ("Adrenalyn", "Energy Shield"))[:2]
    s.pow_deck = tuple(c for c in s.pow_deck if c not in held)
    s.set_buster(0, hand=held)
    hers = E.private_view(s, HER)
    assert hers.hand == () and hers.team_hands == ()
    assert "Adrenalyn" not in hers.model_dump_json() and "Energy Shield" not in hers.model_dump_json()
    assert hers.public.busters[0].hand_size == 2
    assert [c.name for c in E.private_view(s, 1).team_hands[0][1]]  # TOR, RAY's side, sees them


def test_evolution_in_the_window_of_an_attack_on_the_buggie_the_attack_follows_it():
    """rb 975 (a Trick "at any time"), rb 1311 ("Transform a BUGGIE into a BIGBUG"): played in the window after
    RAY's shot is declared, the shot goes on against the BIGBUG it has become (2 lives, armor 1)."""
    s = game("Evolution|1")
    bug(s, "BUGGIE", "F4")
    put(s, "RAY", "C4")
    put(s, "TOR", "A4")
    s = to_ray_turn(s)
    s = act(s, 0, "shoot BG1")
    assert HER in s.window
    s = act(s, HER, "card Evolution:1 BG1")
    big = next(f for f, b in s.coop.bugs.items() if b.kind == "BIGBUG")
    told = " ".join(s.events)
    assert "out of reach" not in told and f"{big} takes" in told  # shot as the BIGBUG, not lost with BG1
