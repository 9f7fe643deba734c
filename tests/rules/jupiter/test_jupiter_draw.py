"""The Draw step, the Setbacks, the hand limit and passing the turn (rules/jupiter/draw.py). Line
numbers are shared/rulebooks/jupiter-rescue.txt's. The colony is test_jupiter_creeps.py's ten-tile
fixture: D (Module 3) has a Super Creep on its Power Plant D1; E (Module 4) is unguarded, its Command
Dish at E1 free; G, K (Module 3) and H (Module 4) each have a Robot on the hub."""

from dataclasses import replace

import pytest
from test_jupiter_creeps import assert_supplies, example, example_figures, make

from rules.core.errors import IllegalAction, NotYourTurn
from rules.jupiter.creeps import invade
from rules.jupiter.draw import (
    HAND_LIMIT,
    discard,
    draw,
    grabbed_plants,
    hand_limit,
    pass_turn,
    to_discard,
)
from rules.jupiter.setup import new_game
from rules.jupiter.state import CREEP, SUPER_CREEP, dump_state, robot
from rules.jupiter.turn import actions_per_turn


def with_top(state, *cards, discard_pile=()):
    return replace(state, deck=tuple(cards) + ("Boost",) * 3, discard=tuple(discard_pile))


def creeps_on(s, label):
    return sum(s.figures.get(sp) == CREEP for sp in s.colony().by_label[label].space_ids())


def test_an_ability_goes_to_the_hand_unnamed_in_public():
    """130-132: "If the card is an ability, it goes into the player's hand"."""
    s = with_top(replace(example(), hands=((), (), (), (), ())), "Teleport")
    before = dump_state(s)
    after, events = draw(s, 0)
    assert after.hands[0] == ("Teleport",) and len(after.deck) == len(s.deck) - 1
    assert all("Teleport" not in e for e in events)  # hands are private: the channel reads "a Rescue card"
    assert dump_state(s) == before  # pure


def test_only_the_player_whose_turn_it_is_draws():
    with pytest.raises(NotYourTurn):
        draw(example(), 1)


def test_power_grab_takes_each_unguarded_power_plant_and_lowers_the_hand_limit():
    """276: "Add a Super Creep to each unguarded Power Plant ... The hand limit for all players is
    reduced by 1 for each Power Plant with a Super Creep on it." 292: a Robot's tile is guarded."""
    figures = example_figures()
    del figures["G0"]  # G's Robot leaves: its Power Plant is unguarded; K stays guarded
    s = with_top(make(figures), "Power Grab")
    assert grabbed_plants(s) == ("D1",) and hand_limit(s) == HAND_LIMIT - 1
    after, events = draw(s, 0)
    g_plant = next(p for p in grabbed_plants(after) if p[0] == "G")
    assert after.figures[g_plant] == SUPER_CREEP
    assert not any(p[0] == "K" for p in grabbed_plants(after))
    assert hand_limit(after) == HAND_LIMIT - 2
    assert after.discard[-1] == "Power Grab" and "Power Grab" not in after.hands[0]
    assert after.super_creep_supply == s.super_creep_supply - 1
    assert any("already holds" in e for e in events) and any("guarded" in e for e in events)
    assert_supplies(after)


def test_signal_to_noise_jams_the_unguarded_command_dish_and_costs_an_action():
    """280: "Add a Super Creep to each unguarded Command Dish ... Each player's actions per turn are
    reduced by 1 while one or more Command Dishes has a Super Creep on it"."""
    s = with_top(example(), "Signal to Noise")
    assert actions_per_turn(s) == 5
    after, _ = draw(s, 0)
    dish = after.colony().by_label["E"]
    assert after.figures[f"E{dish.facility_at}"] == SUPER_CREEP
    assert not any(sp.startswith("H") and fig == SUPER_CREEP for sp, fig in after.figures.items())
    assert actions_per_turn(after) == 4
    assert_supplies(after)


def test_a_suppressant_spares_one_tile_from_super_creeps():
    """188: Suppressant may be played "after drawing a Setback card"."""
    s = with_top(example(), "Signal to Noise")
    after, events = draw(s, 0, suppressed="E")
    assert actions_per_turn(after) == 5 and any("Suppressant" in e for e in events)


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_surge_adds_a_second_creep_where_the_invasion_added_one(roll):
    """274: "Add a second Creep to each tile where a Creep has already been added this turn"."""
    invaded, _ = invade(example(), roll)
    s = with_top(invaded, "Surge")
    after, events = draw(s, 0)
    gone = set(after.destroyed)  # a tile the Invasion or the Surge filled is gone (126)
    for label in s.invaded:
        if label in gone:
            continue
        added = creeps_on(after, label) - creeps_on(s, label)
        assert added == 1, (roll, label, events)
    untouched = [t.label for t in s.colony().tiles if t.label not in s.invaded]
    assert all(creeps_on(after, label) == creeps_on(s, label) for label in untouched)
    if not s.invaded:
        assert any("adds none" in e for e in events)
    assert after.discard[-1] == "Surge"
    assert_supplies(after)


def test_surge_takes_the_players_choice_and_a_suppressant():
    invaded, _ = invade(example(), 1)  # Module 1: C gets a Creep on an open edge dome
    assert "C" in invaded.invaded
    s = with_top(invaded, "Surge")
    open_edges = [sp for sp in ("C1", "C2", "C6") if sp not in s.figures]
    after, _ = draw(s, 0, choices={"C": open_edges[-1]})
    assert after.figures[open_edges[-1]] == CREEP
    spared, events = draw(s, 0, suppressed="C")
    assert creeps_on(spared, "C") == creeps_on(s, "C") and any("Suppressant" in e for e in events)
    with pytest.raises(IllegalAction):
        draw(s, 0, choices={"B": "B1"})  # B got no Creep this turn


def test_conversion_is_not_adding_for_surge():
    """Reading (docs): Surge doubles what the die brought, not Colonists converted."""
    s = with_top(replace(example(), invaded=()), "Surge")
    after, events = draw(s, 0)
    assert after.figures == s.figures and any("adds none" in e for e in events)


def test_an_empty_deck_is_made_of_the_shuffled_discards_by_the_seeded_generator():
    """140: "When the last card is drawn, shuffle all discarded cards to make a new Rescue deck"."""
    pile = ("Pilot", "Swap", "Sniper", "Boost", "Grenadier", "Teleport")
    s = replace(example(), deck=(), discard=pile, hands=((), (), (), (), ()))
    one, events = draw(s, 0)
    two, _ = draw(s, 0)
    assert dump_state(one) == dump_state(two)  # seed + log replay exactly
    assert sorted(one.deck + one.hands[0]) == sorted(pile) and one.discard == ()
    assert one.rng != s.rng and "shuffled" in events[0]
    empty, events = draw(replace(s, discard=()), 0)
    assert empty.hands == s.hands[:0] + ((),) * 5 and "no card" in events[0]


def test_the_hand_limit_and_discarding_down_at_the_end_of_the_turn():
    """134, 288: 4 cards besides the core; "Players do not discard when the hand limit is reduced,
    but each player does have to discard down to the current hand limit at the end of his or her
    turn"."""
    hand = ("Boost", "Pilot", "Swap", "Sniper", "Teleport")
    s = replace(example(), hands=(hand, (), (), (), ()))
    assert hand_limit(s) == 3 and to_discard(s, 0) == 2  # D1's Super Creep takes one off
    for wrong in ((), ("Boost",), ("Boost", "Grenadier")):
        with pytest.raises(IllegalAction):
            discard(s, 0, wrong)
    after, events = discard(s, 0, ("Swap", "Teleport"))
    assert after.hands[0] == ("Boost", "Pilot", "Sniper") and after.discard[-2:] == ("Swap", "Teleport")
    assert to_discard(after, 0) == 0 and s.hands[0] == hand
    figures = {k: v for k, v in example_figures().items() if v != SUPER_CREEP}
    assert hand_limit(make(figures)) == 4


def test_each_grabbed_plant_lowers_the_limit_down_to_zero_and_a_destroyed_one_lifts():
    """276, 288: "The more Power Plants that are covered, the smaller each player's hand limit. It's
    even possible for the hand limit to become zero." 295: a destroyed tile's Super Creep is lifted."""
    for seed in range(1, 30):
        game = new_game(seed, None, ("a", "b"))
        colony = game.colony()
        plants = [f"{t.label}{t.facility_at}" for t in colony.tiles if t.facility == "power_plant"]
        if len(plants) >= 4:
            break
    else:
        pytest.fail("no seed dealt four Power Plants")
    for covered in range(len(plants) + 1):
        figures = dict(game.figures) | {p: SUPER_CREEP for p in plants[:covered]}
        assert hand_limit(replace(game, figures=figures)) == max(0, HAND_LIMIT - covered)
    all_grabbed = replace(game, figures=dict(game.figures) | {p: SUPER_CREEP for p in plants})
    assert hand_limit(all_grabbed) == 0
    assert hand_limit(replace(all_grabbed, destroyed=(plants[0][0],))) == max(0, HAND_LIMIT - len(plants) + 1)


def test_play_passes_to_the_left_with_the_actions_of_the_moment():
    """136: "play passes to the left"; 290: 4 actions while a Command Dish is jammed."""
    s = replace(example(), current=4, actions_left=0, die=3, invaded=("C",))
    after, events = pass_turn(s)
    assert after.current == 0 and after.actions_left == 5 and after.die is None and after.invaded == ()
    assert events == ["Robot 1's turn."]
    jammed, _ = draw(with_top(s, "Signal to Noise"), 4)
    assert pass_turn(jammed)[0].actions_left == 4


def test_the_state_with_its_invaded_tiles_dumps_and_loads():
    from rules.jupiter.state import load_state

    s, _ = invade(example(), 6)
    assert s.invaded and load_state(dump_state(s)) == s
    assert robot(0) in s.figures.values()
