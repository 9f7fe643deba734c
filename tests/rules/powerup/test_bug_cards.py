"""The AI BUGMISTRESS's BUG cards (bug_cards.py, bug_cards_ai.py, bug_cards_board.py, bug_aims.py) and the
four Events in force (bug_events.py): each card's AI use where it applies and where it does not, when the
cards are used in her turn and in the BUGBUSTERs', and what each Event changes. Each test cites the line it
checks (shared/rulebooks/powerup.txt, "rb N"); DESIGN: the issue's rulings (docs/games/powerup-coop-data.md).

The board is Save the VIPs' (coop.json): row 4 is one floor from A4 (a gateway) to the BURP on L4; the VIPs
stand on B9, C9 and B7; gateways A4, C4, D6, K8."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core.engine import SYSTEM
from rules.powerup import ENGINE as E
from rules.powerup import ai_mistress, bug_attacks, bug_cards, bug_moves, coop_combat, effects, reach, turn
from rules.powerup import coop_life as cl
from rules.powerup.board import parse_square
from rules.powerup.bug_cards import AI_USES
from rules.powerup.bug_events import EVENTS, in_force
from rules.powerup.coop_data import coop_data
from rules.powerup.coop_setup import new_coop_state
from rules.powerup.options import PowerupOptions
from rules.powerup.refusals import refusal
from rules.powerup.state import State

ARCADE = PowerupOptions(mode="arcade", mission="vips")


def sq(text: str) -> tuple[int, int]:
    found = parse_square(text)
    assert found is not None
    return found


def game(labels: tuple[str, ...] = ("RAY", "TOR"), vips: bool = True, **where) -> State:
    """Save the VIPs set by hand in the BUG turn's ``cards`` step (nobody active), no POWERUPs unless a test
    puts some, the BUGBUSTERs where ``where`` says (figure id -> (square, facing)); without ``vips`` the
    VIPs are taken off the board (the aim is then the top scorer)."""
    s = new_coop_state(1, labels, "vips")
    s.order, s.turn, s.ap, s.powerups = (), 0, 0, {}
    s.coop.stage, s.coop.step = "bug", "cards"
    for fid, (square, facing) in where.items():
        s.move_figure(fid, square=sq(square), facing=facing)
    if not vips:
        for v in list(s.coop.npcs):
            del s.figures[v], s.coop.npcs[v]
    return s


def their_turn(s: State, seat: int = 0) -> State:
    """A BUGBUSTER's turn under way (4 AP)."""
    s.coop.stage, s.coop.step = "turn", ""
    s.order, s.turn, s.ap = (seat,), 0, 4
    return s


def up(s: State, *cards: str) -> None:
    """These cards face up (taken from the deck, so that the 29 stay once each)."""
    c = s.coop
    c.bug_deck = tuple(x for x in c.bug_deck if x not in cards)
    c.face_up = tuple(cards)


def on_top(s: State, *cards: str) -> None:
    c = s.coop
    c.bug_deck = (*cards, *(x for x in c.bug_deck if x not in cards))


def applies(s: State, name: str, k: int = 1) -> bool:
    return AI_USES[name].applies(s, f"{name}|{k}")


def use(s: State, name: str, k: int = 1) -> list[str]:
    if f"{name}|{k}" not in s.coop.face_up:
        up(s, f"{name}|{k}")
    out: list[str] = []
    bug_cards.use(s, name, out)
    assert f"{name}|{k}" in s.coop.bug_discard and f"{name}|{k}" not in s.coop.face_up  # used: discarded
    return out


def add(s: State, kind: str, square: str, facing: int = -1) -> str:
    return cl.add_bug(s, kind, sq(square), facing)


def all_cards(s: State) -> list[str]:
    c = s.coop
    return sorted([*c.bug_deck, *c.bug_hand, *c.bug_discard, *c.face_up, *([c.event_card] if c.event_card else [])])


TWENTY_NINE = sorted(f"{c.name}|{k + 1}" for c in coop_data().bug_cards for k in range(len(c.copies)))


# --- the registry ----------------------------------------------------------------------------------------
def test_every_card_but_the_events_has_an_ai_use_of_its_printed_kind_and_every_event_an_entry():
    """rb 969-979: Specials, Tricks and Events; rb 1387: the Events drawn in MOVE & ATTACK are discarded, so
    only the other 18 have a use there; the 4 Events have theirs in force (bug_events.py)."""
    cards = coop_data().bug_cards
    assert {u.name: u.kind for u in AI_USES.values()} == {c.name: c.type for c in cards if c.type != "event"}
    assert set(EVENTS) == {c.name for c in cards if c.type == "event"} and len(AI_USES) == 18


# --- each card's AI use ----------------------------------------------------------------------------------
def test_acid_corruption_melts_the_square_with_the_most_coins():
    """rb 1459: "Use this on the square with the most coins" (rb 1283: "Destroy all coins that are in a
    square"); ties: the lower row, then left to right (the issue)."""
    s = game()
    assert not applies(s, "Acid Corruption")
    s.coins = {sq("G4"): 2, sq("K4"): 5, sq("C1"): 5}
    assert applies(s, "Acid Corruption")
    use(s, "Acid Corruption")
    assert s.coins == {sq("G4"): 2, sq("K4"): 5}


def test_acid_vomit_destroys_the_costliest_card_of_a_bugbuster_next_to_a_burp():
    """DESIGN (rb 1455 is an empty heading; rb 1287: "If a BUGBUSTER is adjacent to a BURP that you control,
    select one of the weapons the BUGBUSTER is equipped with and destroy it"): the costliest equipped card,
    never a basic weapon."""
    s = game(RAY=("J4", 1))
    s.set_buster(0, owned=("E13", "E33"), equipped=("E13", None, "E33"))  # Plasma Pistol 3, Combat Armor 6
    assert not applies(s, "Acid Vomit")  # J4: not next to the BURP on L4
    s.move_figure("RAY", square=sq("K4"))
    assert applies(s, "Acid Vomit")
    use(s, "Acid Vomit")
    assert s.busters[0].equipped == ("E13", None, None) and s.busters[0].owned == ("E13",)
    assert s.equip_discard[-1] == "E33"
    s.set_buster(0, owned=(), equipped=("RAY.blaster", None, None))
    assert not applies(s, "Acid Vomit")  # a basic weapon is never taken


def test_ambush_places_two_dizzy_buggies_on_both_sides_of_the_top_scorer_facing_it():
    """rb 1471: "Place 2 BUGGIES on both sides of the BUGBUSTER with the highest SCORE. DO NOT MOVE THESE
    BUGS" (dizzy as spawned BUGs, rb 960)."""
    s = game(RAY=("B1", 1), TOR=("F4", 1))
    s.coop.points = (0, 300)
    use(s, "Ambush")
    occupied = s.occupied()
    left, right = occupied[sq("E4")], occupied[sq("G4")]
    assert {s.coop.bugs[left].kind, s.coop.bugs[right].kind} == {"BUGGIE"}
    assert (s.figures[left].facing, s.figures[right].facing) == (1, -1)
    assert s.coop.bugs[left].dizzy and bug_moves.bug_actions(s, left, 2) == []
    s = game(RAY=("E4", 1), TOR=("F4", 1))
    s.coop.points = (0, 300)
    add(s, "BUGGIE", "G4")
    assert not applies(s, "Ambush")  # both sides of TOR taken


def test_evolution_turns_the_buggie_nearest_the_primary_target_into_a_bigbug():
    """rb 1467: "they turn the BUGs closest to the PRIMARY GOAL"; rb 1311: "Transform a BUGGIE into a
    BIGBUG". It keeps its square and facing; a BUGGIE stack does not evolve."""
    s = game()
    assert not applies(s, "Evolution")
    near, far = add(s, "BUGGIE", "G4"), add(s, "BUGGIE", "K4")
    s.coop.aps, s.coop.queue = {near: 2, far: 2}, (near, far)
    use(s, "Evolution")
    assert near not in s.figures and s.coop.bugs[far].kind == "BUGGIE"
    new = next(f for f, b in s.coop.bugs.items() if b.kind == "BIGBUG")
    assert s.where(new) == sq("G4") and s.figures[new].facing == -1 and s.coop.bugs[new].lives == 2
    assert s.coop.queue == (new, far) and s.coop.aps[new] == 2  # its place in the BUG turn goes with it
    s = game()
    stack = add(s, "BUGGIE", "G4")
    s.coop.bugs[stack] = replace(s.coop.bugs[stack], stack=2)
    assert not applies(s, "Evolution")


def test_bicevolution_turns_a_bigbug_into_a_bicefalus_keeping_its_lost_lives_while_a_token_is_free():
    """rb 1295: "Transform a BIGBUG into a BICEFALOUS"; rb 1467; rb 127: 2 BICEFALUS tokens."""
    s = game()
    big = add(s, "BIGBUG", "G4")
    cl.hurt(s, big, 1, [])
    use(s, "Bicevolution")
    new = next(f for f, b in s.coop.bugs.items() if b.kind == "BICEFALUS")
    assert s.where(new) == sq("G4") and s.coop.bugs[new].lives == coop_data().sheet("BICEFALUS").lives - 1
    s = game()
    add(s, "BIGBUG", "G4")
    add(s, "BICEFALUS", "I4")
    assert applies(s, "Bicevolution")
    add(s, "BICEFALUS", "K4")
    assert not applies(s, "Bicevolution")  # no BICEFALUS token left


def _charging(s: State, square: str) -> str:
    bg = add(s, "BUGGIE", square)
    c = s.coop
    c.step, c.queue, c.aps, c.acting, c.bug_ap = "move", (bg,), {bg: 2}, bg, 2
    return bg


def test_charge_makes_an_advance_go_two_squares_and_stops_where_it_can_attack():
    """rb 1475: "BUGs move twice as many squares with their actions"; rb 1399: "If a BUG moves into an attack
    position when it doing this, then perform that attack right away". The BUGGIE sees TOR on B4."""
    s = game()
    assert not applies(s, "Charge")  # no BUG with actions to move
    bg = _charging(s, "I4")
    assert applies(s, "Charge")
    use(s, "Charge")
    assert s.coop.charge and not applies(s, "Charge", 2)  # twice, not four times
    assert ai_mistress.next_step(s) == f"bug {bg} move"
    ai_mistress.apply(s, f"bug {bg} move", [])
    assert s.where(bg) == sq("G4") and s.coop.aps[bg] == 1  # 2 squares for 1 AP
    s = game()
    s.coop.charge = True
    bg = _charging(s, "D4")
    ai_mistress.apply(s, f"bug {bg} move", [])
    assert s.where(bg) == sq("C4")  # next to TOR: it stops there to attack
    s = game()
    bg = _charging(s, "I4")
    ai_mistress.apply(s, f"bug {bg} move", [])
    assert s.where(bg) == sq("H4")  # no Charge: one square


def test_deplete_turns_off_the_three_on_powerups_nearest_the_top_scorer():
    """rb 1449: "Turns off POWERUPs that are near the BUGBUSTERs with the highest SCORE" (DESIGN: the 3 ON
    nearest)."""
    s = game(TOR=("F4", 1))
    s.coop.points = (0, 100)
    assert not applies(s, "Deplete 3 POWERUPs")
    s.powerups = {sq("E4"): True, sq("G4"): True, sq("H1"): False, sq("K4"): True, sq("B1"): True, sq("J1"): True}
    use(s, "Deplete 3 POWERUPs")
    assert s.powerups == {sq("E4"): False, sq("G4"): False, sq("H1"): False, sq("K4"): False, sq("B1"): True,
                          sq("J1"): True}


def test_inmolation_blows_a_brasas_next_to_a_bugbuster_hurting_characters_around_through_armor():
    """rb 1433: "this BUG throws itself kamikaze-style against a BUGBUSTER" (DESIGN: when a BRASAS is next to
    one); rb 1319: "explode with an área of damage 1 ... 1 life point from any character adjacent to it. It
    ignores the armor. Leave a fire token in its place"; no coins, no score (the issue)."""
    s = game(RAY=("E4", 1), TOR=("B1", 1))
    s.set_buster(0, owned=("E34",), equipped=("RAY.blaster", None, "E34"))  # Power Armor
    brasas = add(s, "BRASAS", "K4")
    assert not applies(s, "Inmolation")
    s.move_figure(brasas, square=sq("F4"))
    bg = add(s, "BUGGIE", "G4")
    assert applies(s, "Inmolation")
    use(s, "Inmolation")
    assert brasas not in s.figures and s.busters[0].lives == 2  # armor ignored
    assert s.coop.bugs[bg].lives == 1  # a BUG is no "character" (rb 703)
    assert sq("F4") in s.fire and sq("F4") not in s.coins and s.coop.points == (0, 0)


def test_knock_knock_brings_the_most_powerful_bug_to_the_door_nearest_the_primary_target():
    """rb 1425: "Move the most powerful BUG, that is also furthest away from the BUGBUSTERS. Place it either at
    the door closest to the PRIMARY TARGET or next to the BUGBUSTER with the highest SCORE"."""
    s = game()
    assert not applies(s, "Knock Knock")  # only the BURPs: they never walk
    big, _ = add(s, "BIGBUG", "K4"), add(s, "BUGGIE", "I1")
    use(s, "Knock Knock")
    assert s.where(big) == sq("D6") and s.figures[big].facing == -1  # the gateway nearest VIP3 (B7), facing it
    s = game(vips=False, TOR=("F4", 1))
    s.coop.points = (0, 100)
    big = add(s, "BIGBUG", "K4")
    use(s, "Knock Knock")
    assert s.where(big) == sq("E4") and s.figures[big].facing == 1  # no primary target: beside the top scorer


@pytest.mark.parametrize("card, what, each, solo", [("Metal Corrosion", "ammo", 1, 3), ("Mortal Gas", "rp", 1, 2),
                                                    ("Psychic Attack", "hand", 1, 2)])
def test_corrosion_gas_and_psychic_attack_hit_every_bugbuster_or_the_one_harder(card, what, each, solo):
    """rb 1437: "These have effect over all players, unless you are playing solo where it would only affect
    you as a single character" (rb 1323, 1327, 1339: 1 from each, or 3 ammo / 2 RP / 2 POW! cards from one)."""
    hand = ("Fury|E", "Medikit|I", "Shield|P")

    def amount(s, seat):
        v = getattr(s.busters[seat], what)
        return len(v) if what == "hand" else v

    for labels, n in ((("RAY", "TOR"), each), (("RAY",), solo)):
        s = game(labels)
        for seat in range(len(labels)):
            s.set_buster(seat, hand=hand)
        before = [amount(s, i) for i in range(len(labels))]
        use(s, card)
        assert [amount(s, i) for i in range(len(labels))] == [b - n for b in before]
    s = game()
    for seat in (0, 1):
        s.set_buster(seat, ammo=0, rp=0, hand=())
    assert not applies(s, card)


def test_psychic_attack_cards_go_to_the_pow_discard():
    """rb 1339: "remove ... POW! cards" (taken at random: the data's ruling)."""
    s = game(("RAY",))
    s.set_buster(0, hand=("Fury|E", "Medikit|I", "Shield|P"))
    use(s, "Psychic Attack")
    assert len(s.busters[0].hand) == 1 and sorted((*s.busters[0].hand, *s.pow_discard[-2:])) == sorted(
        ("Fury|E", "Medikit|I", "Shield|P"))


def test_open_close_door_shuts_the_door_nearest_the_top_scorer():
    """rb 1429: "Close the door nearest to the BUGBUSTER with the highest SCORE" (ties: the lower row)."""
    s = game(TOR=("I4", 1))
    s.coop.points = (0, 100)
    use(s, "Open/Close Door")
    assert s.shut == (sq("C4"),)  # C4 and K8 are 6 away: the lower row
    s.shut = (sq("A4"), sq("C4"), sq("D6"), sq("K8"))
    assert not applies(s, "Open/Close Door")


def test_reinforcement_draws_two_more_cards_face_up_and_discards_an_event():
    """rb 1445: "Use it to have 2 cards instead of this one"; rb 1387: "Discard the Events"."""
    s = game()
    up(s, "Reinforcement|1")
    on_top(s, "Charge|1", "Rage|1")
    use(s, "Reinforcement")
    assert s.coop.face_up == ("Charge|1",) and s.coop.bug_discard[-2:] == ("Rage|1", "Reinforcement|1")
    assert all_cards(s) == TWENTY_NINE
    s.coop.bug_deck = s.coop.bug_discard = ()
    assert not applies(s, "Reinforcement")


def test_special_spawn_releases_the_next_cards_bottom_creature_beside_the_top_scorer():
    """rb 1479: "Perform the SPAWN in the square adjacent to the BUGBUSTER with the highest SCORE ... draw the
    next BUG card and use only the creature that is at the bottom of the automatic SPAWN indicator"."""
    s = game(TOR=("F4", 1))
    s.coop.points = (0, 100)
    up(s, "Special Spawn|1")
    on_top(s, "Rage|2")  # indicator BICEFALUS
    use(s, "Special Spawn")
    new = next(f for f, b in s.coop.bugs.items() if b.kind == "BICEFALUS")
    assert s.where(new) == sq("E4") and s.figures[new].facing == 1 and s.coop.bugs[new].dizzy
    assert "Rage|2" in s.coop.bug_discard and all_cards(s) == TWENTY_NINE
    add(s, "BUGGIE", "G4")
    assert not applies(s, "Special Spawn")  # no free square beside TOR


def test_surprise_comes_at_the_end_with_the_bug_nearest_the_target_even_dizzy():
    """rb 1453: "Use these cards at the end, with the BUGs that are closest to the PRIMARY TARGET"; rb 1355:
    "Activate any BUG from the board and give it 4 actions to use instantly"."""
    s = game()
    near = cl.add_bug(s, "BUGGIE", sq("G4"), -1, dizzy=True)
    add(s, "BIGBUG", "K4")
    for step in ("cards", "attack", "move"):
        s.coop.step = step
        assert not applies(s, "Surprise!")
    s.coop.step = "last"
    use(s, "Surprise!")
    c = s.coop
    assert (c.step, c.queue, c.acting, c.aps[near], c.bugs[near].dizzy) == ("move", (near,), near, 4, False)
    assert ai_mistress.next_step(s).startswith(f"bug {near} ")


def test_surprise_goes_after_any_other_card_that_applies_at_once():
    """The issue: "leftmost first ... Surprise! last"."""
    s = game()
    add(s, "BUGGIE", "G4")
    s.coins = {sq("K4"): 3}
    up(s, "Surprise!|1", "Acid Corruption|1")
    s.coop.step = "last"
    assert bug_cards.next_card(s) == "Acid Corruption"
    use(s, "Acid Corruption")
    assert bug_cards.next_card(s) == "Surprise!"


def test_teleport_sends_the_bug_farthest_from_the_target_to_the_on_powerup_nearest_it():
    """rb 1441: "Teleports towards the PRIMARY TARGET" (DESIGN: the BUG farthest from the target, to the ON
    POWERUP nearest it); rb 1359: "Turn off this POWERUP"."""
    s = game()
    far, near = add(s, "BUGGIE", "K4"), add(s, "BUGGIE", "E4")
    s.powerups = {sq("J1"): True}
    assert not applies(s, "Teleport")  # J1 is no nearer the VIPs than the BUG
    s.powerups = {sq("C7"): True, sq("J1"): True}
    use(s, "Teleport")
    assert s.where(far) == sq("C7") and s.powerups[sq("C7")] is False and s.where(near) == sq("E4")


def test_thief_buggie_steals_the_costliest_card_flees_and_gives_it_back_when_it_dies():
    """rb 1463: "If one of the BUGGIES is next to a BUGBUSTER, use this card and escape"; rb 1363: "Instead of a
    normal attack, the Buggie steals one of the extra weapons ... 4 actions of movement to allow it to escape
    ... When this buggie is destroyed, the weapon is recovered" (DESIGN: the costliest card)."""
    s = game(RAY=("E4", 1))
    bg = add(s, "BUGGIE", "F4", -1)
    s.coop.aps, s.coop.queue = {bg: 2}, (bg,)
    assert not applies(s, "Thief Buggie")  # RAY holds no equipment card
    s.set_buster(0, owned=("E12", "E33"), equipped=("E12", None, None))  # Service Pistol 2; Combat Armor 6
    assert applies(s, "Thief Buggie")
    use(s, "Thief Buggie")
    assert s.busters[0].owned == ("E12",) and (s.coop.bugs[bg].stolen, s.coop.bugs[bg].owner) == ("E33", "RAY")
    assert s.where(bg) == sq("F1")  # 3 AP down the ladder under F4: 4 squares from RAY, the most it can get
    assert s.coop.aps[bg] == 0  # the theft was its attack (rb 949)
    cl.hurt(s, bg, 1, [], by=0)
    assert s.busters[0].owned == ("E12", "E33")
    s = game(RAY=("E4", 1))
    s.set_buster(0, owned=("E33",))
    bg = add(s, "BUGGIE", "F4", 1)  # its back to RAY: no attack, no theft
    s.coop.aps = {bg: 2}
    assert not applies(s, "Thief Buggie")


# --- when: her turn, the BUGBUSTERs' turns ----------------------------------------------------------------
def test_tricks_react_after_a_bugbusters_action_and_specials_wait_for_her_turn():
    """rb 975: "Trick cards can be used at any time"; rb 971: "Special cards can only be used during the
    BUGMISTRESS' turn". The engine calls tricks_now after each action of a BUGBUSTER's turn."""
    s = their_turn(game(RAY=("J4", 1)))
    s.set_buster(0, owned=("E33",), equipped=("RAY.blaster", None, "E33"))
    s.coins = {sq("B1"): 2}
    up(s, "Acid Corruption|1", "Acid Vomit|1")
    out: list[str] = []
    assert bug_cards.tricks_now(s, out) == ()
    s.move_figure("RAY", square=sq("K4"))  # next to the BURP on L4
    s.window_due = True
    assert bug_cards.tricks_now(s, out) == ()  # nothing while a window is owed
    s.window_due = False
    assert bug_cards.tricks_now(s, out) == ("Acid Vomit",)
    assert s.busters[0].equipped[2] is None and s.coop.face_up == ("Acid Corruption|1",)


def test_a_thief_buggie_steals_when_a_bugbuster_steps_next_to_it_in_its_own_turn():
    """rb 1463 with rb 975: a BUGGIE faces RAY when RAY comes next to it."""
    s = their_turn(game(RAY=("D4", 1)))
    s.set_buster(0, owned=("E33",))
    bg = add(s, "BUGGIE", "F4", -1)
    up(s, "Thief Buggie|1")
    out: list[str] = []
    assert bug_cards.tricks_now(s, out) == ()
    s, events = E.apply(s, 0, "move")  # the engine plays her face-up Tricks once the action has settled
    assert s.coop.bugs[bg].stolen == "E33" and "Thief Buggie|1" in s.coop.bug_discard
    assert "E33" not in s.busters[0].owned


def test_a_brasas_blows_up_when_a_bugbuster_walks_next_to_it_and_can_down_it():
    """rb 1433 with rb 975 (a trick "at any time"): RAY, at 1 life, steps next to a BRASAS; rb 1319: 1 life,
    armor ignored. A BUGBUSTER at 0 lives lies where it fell (the issue)."""
    s = their_turn(game(RAY=("D4", 1)))
    s.set_buster(0, lives=1)
    add(s, "BRASAS", "F4", -1)
    up(s, "Inmolation|1")
    s, _ = E.apply(s, 0, "move")  # the engine plays the Trick after the move
    assert "Inmolation|1" in s.coop.bug_discard
    assert s.busters[0].lives == 0 and 0 in s.coop.fallen and sq("F4") in s.fire
    assert E.check_invariants(s) == []


def test_the_cards_step_uses_cards_leftmost_first_then_the_passes_begin():
    """rb 1387: "If at any time you can put any of their effects into play, do this by starting by the events
    on the left"."""
    s = game(vips=False, TOR=("F4", 1))
    s.coop.points = (0, 100)
    s.coins = {sq("B1"): 2}
    s.powerups = {sq("E4"): True}
    up(s, "Thief Buggie|1", "Deplete 3 POWERUPs|1", "Acid Corruption|1")
    assert ai_mistress.next_step(s) == "card Deplete 3 POWERUPs"  # no BUGGIE: the Thief waits
    out: list[str] = []
    ai_mistress.apply(s, "card Deplete 3 POWERUPs", out)
    assert ai_mistress.next_step(s) == "card Acid Corruption"
    ai_mistress.apply(s, "card Acid Corruption", out)
    assert s.coop.stage == "next"  # nothing left to do: the passes, then the BUG turn is over
    assert s.coop.face_up == ("Thief Buggie|1",)  # a trick waits for the BUGBUSTERs' turns


def test_unused_specials_are_discarded_at_her_turns_end_and_tricks_when_her_next_begins():
    """rb 971 (Specials: her turn), rb 975 (Tricks: any time); the issue: "until the next BUG turn, then
    discarded"."""
    s = game()
    up(s, "Charge|1", "Thief Buggie|1")
    s.coop.step, s.coop.queue = "last", ()
    out: list[str] = []
    ai_mistress.tidy(s, out)
    assert s.coop.stage == "next" and s.coop.face_up == ("Thief Buggie|1",) and "Charge|1" in s.coop.bug_discard
    ai_mistress.begin_turn(s, out)
    assert s.coop.face_up == () and "Thief Buggie|1" in s.coop.bug_discard and all_cards(s) == TWENTY_NINE


def _bug_turn(s: State) -> tuple[State, list[str]]:
    """Her whole turn, her SYSTEM steps (and any window's default), invariants after each step."""
    done = []
    for _ in range(500):
        if s.coop.stage != "bug" or s.phase != "play":
            return s, done
        pending = E.pending(s)
        seat = SYSTEM if SYSTEM in pending else next(iter(pending))
        s, _ = E.apply(s, seat, pending[seat].default)
        if seat == SYSTEM:
            done.append(pending[seat].default)
        assert E.check_invariants(s) == [], done[-1:]
    raise AssertionError("the BUG turn never ends")


def test_a_bug_turn_with_cards_keeps_the_29_cards_and_plays_surprise_last():
    """rb 1453 ("at the end"), the issue ("Surprise! last") and its invariant "29 BUG cards conserved"."""
    s = E.new_game(3, ARCADE, ("RAY", "TOR"))
    on_top(s, "Ambush|1", "Charge|2", "Surprise!|1", "Deplete 3 POWERUPs|1")  # 2 spawns, then her draw
    s, steps = _bug_turn(s)
    cards = [x for x in steps if x.startswith("card ")]
    assert cards[0] == "card Deplete 3 POWERUPs" and cards[-1] == "card Surprise!"
    assert any(x.startswith("bug ") for x in steps[steps.index("card Surprise!"):])  # the surprised BUG acts
    assert all_cards(s) == TWENTY_NINE


def test_brainwash_is_played_in_co_op_and_takes_two_cards_off_her_next_draw():
    """rb 1194: "The BUGMISTRESS discards two random BUG cards from her hand" (DESIGN, the AI has no hand: her
    next MOVE & ATTACK draws 2 fewer)."""
    s = their_turn(game())
    s.set_buster(0, hand=("BrainWash|C",), rp=3)
    assert "card BrainWash:C" in effects.card_actions(s, 0)
    effects.play_card(s, 0, "card BrainWash:C", [])
    assert s.coop.brainwashed == 2
    s.coop.stage, s.coop.step, s.order = "bug", "draw", ()
    deck = len(s.coop.bug_deck)
    ai_mistress.apply(s, "draw", [])
    assert s.coop.face_up == () and len(s.coop.bug_deck) == deck and s.coop.brainwashed == 0


def test_disruptor_cancels_her_next_spawn():
    """rb 1204: "The BUGMISTRESS cannot spawn in the next turn"."""
    s = their_turn(game())
    s.set_buster(0, hand=("Disruptor|I",), rp=3)
    effects.play_card(s, 0, "card Disruptor:I", [])
    s.sequence = 3  # a spawn mark
    ai_mistress.begin_turn(s, [])
    assert s.coop.step != "spawn" and s.coop.disrupted == 0
    ai_mistress.begin_turn(s, [])
    assert s.coop.step == "spawn"


# --- the Events in force --------------------------------------------------------------------------------
def event(s: State, name: str) -> None:
    s.coop.event, s.coop.event_card = name, f"{name}|1"


def test_creeper_doubles_the_bugbusters_movement_costs():
    """rb 1303: "The BUGBUSTER's movements cost double the action points until the start of the BUGMISTRESS's
    next turn"."""
    s = their_turn(game(RAY=("E4", 1)))
    assert (reach.move_cost(s, 0), reach.jump_cost(s, 0), reach.jump_high_cost(s)) == (1, 2, 1)
    event(s, "Creeper")
    assert (reach.move_cost(s, 0), reach.jump_cost(s, 0), reach.jump_high_cost(s)) == (2, 4, 2)
    turn.apply(s, 0, "move", [])
    assert s.ap == 2
    s.ap = 1
    assert "move" not in turn.legal(s, 0) and "flip" in turn.legal(s, 0)


def test_explosive_gas_stops_every_distance_attack_the_bugs_too():
    """rb 1315: "No one can use distance attacks until the next turn begins" (the issue: "stops BUG shots
    too"); melee goes on."""
    s = their_turn(game(RAY=("E4", 1)))
    bb = add(s, "BATBUG", "H4", -1)
    assert f"shoot {bb}" in turn.legal(s, 0) and "shoot RAY" in bug_attacks.attack_words(s, bb)
    event(s, "Explosive Gas")
    assert f"shoot {bb}" not in turn.legal(s, 0) and bug_attacks.attack_words(s, bb) == []
    assert "Explosive Gas" in refusal(s, 0, f"shoot {bb}", turn.legal(s, 0))
    s.move_figure(bb, square=sq("F4"))
    assert bug_attacks.attack_words(s, bb) == ["hit RAY"] and f"hit {bb}" in turn.legal(s, 0)


def test_mortal_skin_adds_an_armor_point_to_every_bug():
    """rb 1331: "Add 1 armor point to all the BUGs that are in play"."""
    for skin, survives in ((False, False), (True, True)):
        s = game()
        bg = add(s, "BUGGIE", "H4")
        if skin:
            event(s, "Mortal Skin")
        assert cl.armor(s, bg) == (1 if skin else 0)
        coop_combat.strike(s, 0, bg, 1, -1, None, [])
        assert (bg in s.figures) == survives


def test_rage_adds_a_yellow_die_to_every_bug_attack_not_to_its_defence():
    """rb 1343: "Add 1 yellow die to all BUG attacks until the start of the next turn of the RUGMISTRESS"."""
    s = game()
    big, bb = add(s, "BIGBUG", "H4"), add(s, "BATBUG", "J4")

    def dice() -> tuple[str, str, str]:
        return bug_attacks.pool(s, big, "hit"), bug_attacks.pool(s, bb, "shoot"), coop_combat.defence_dice(s, sq("G4"), big)

    assert dice() == ("1W1Y", "1W", "1W1Y")
    event(s, "Rage")
    assert dice() == ("1W2Y", "1W1Y", "1W1Y")


def test_an_event_is_in_force_until_her_next_turn():
    """rb 979: "Their effect is maintained until BUGMISTRESS's next turn"."""
    from rules.powerup import coop_turn

    s = E.new_game(3, ARCADE, ("RAY", "TOR"))
    up(s)
    s.coop.bug_deck = tuple(x for x in s.coop.bug_deck if x != "Rage|1")
    event(s, "Rage")
    assert in_force(s).name == "Rage"
    coop_turn.start_sequence(s, [])
    assert in_force(s).name == "" and "Rage|1" in s.coop.bug_discard
