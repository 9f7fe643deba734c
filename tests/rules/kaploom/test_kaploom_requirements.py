"""Requirement matching: every dice-requirement kind of the rulebook, with its blank/wild rules."""

import pytest

from rules.kaploom.data import game_data
from rules.kaploom.requirements import can_place, meets, unfold


def ok(tokens, *sigs):
    return can_place(unfold(tuple(tokens)), tuple(sigs)) and len(sigs) == len(unfold(tuple(tokens)))


@pytest.mark.parametrize(
    ("tokens", "dice", "expected"),
    [
        # "ANY DIE SHOWING ANY FACE MAY BE USED HERE, INCLUDING A DIE SHOWING A BLANK FACE!"
        (["ANY"], ["tB"], True), (["ANY"], ["aB"], True), (["ANY"], ["tM"], True),
        # "ANY ACTION DIE SHOWING ANY FACE ... INCLUDING BLANK FACES. NO TRAIT DICE ALLOWED!"
        (["ACT"], ["aB"], True), (["ACT"], ["tM"], False),
        # "ANY ACTION DIE SHOWING ANY NON-BLANK FACE ... NO TRAIT DICE ALLOWED!"
        (["NBA"], ["aM"], True), (["NBA"], ["aW"], True), (["NBA"], ["aB"], False), (["NBA"], ["tM"], False),
        # "DICE SHOWING A LIGHTNING BOLT ARE WILD AND CAN BE USED IN LIEU OF ONE OF THE OTHER TYPES."
        (["M"], ["tW"], True), (["M"], ["tE"], False), (["M"], ["tB"], False),
        # "ANY TWO DICE SHOWING MATCHING FACES. BLANK AND WILD FACES MAY BE USED!"
        (["PAIR_ANY"], ["tB", "aB"], True), (["PAIR_ANY"], ["tW", "tB"], True), (["PAIR_ANY"], ["tM", "tE"], False),
        # "ANY DIE (TRAIT OR ACTION) MATCHING THE FACE OF AN ACTION DIE. BLANK AND WILD FACES MAY BE USED!"
        (["PAIR_ACT_ANY"], ["aB", "tB"], True), (["PAIR_ACT_ANY"], ["tM", "tM"], False),
        (["PAIR_ACT_ANY"], ["aW", "tX"], True),
        # "ANY TWO ACTION DICE SHOWING MATCHING FACES. BLANK AND WILD FACES MAY BE USED!"
        (["PAIR_ACT_ACT"], ["aB", "aB"], True), (["PAIR_ACT_ACT"], ["aB", "tB"], False),
        # "NO BLANK FACES ALLOWED ON THE ACTION DIE. WILDS MAY BE USED."
        (["PAIR_ACT_NB_ANY"], ["aB", "tB"], False), (["PAIR_ACT_NB_ANY"], ["aM", "tM"], True),
        (["PAIR_ACT_NB_ANY"], ["aM", "tW"], True), (["PAIR_ACT_NB_ANY"], ["tM", "tM"], False),
        # "ANY TWO ACTION DICE SHOWING MATCHING FACES. NO BLANK FACES ALLOWED. WILDS MAY BE USED."
        (["PAIR_ACT_ACT_NB"], ["aM", "aW"], True), (["PAIR_ACT_ACT_NB"], ["aB", "aB"], False),
        (["PAIR_ACT_ACT_NB"], ["aM", "tM"], False),
    ],
)
def test_each_requirement_kind(tokens, dice, expected):
    """"IN ORDER TO INVOKE AN ACTION, ALL OF THE DICE REQUIREMENTS OF THAT ACTION MUST BE ASSIGNED.\""""
    assert ok(tokens, *dice) is expected


def test_matching_searches_instead_of_guessing():
    """A greedy first-fit would put the wild on MIGHT and then fail ENERGY; a real matching finds the
    assignment (wild on ENERGY, might on MIGHT) whatever the order the dice arrive in."""
    assert ok(["M", "E"], "tW", "tM")
    assert ok(["M", "E"], "tM", "tW")
    # The pair must take the two action dice: the trait might has to go to MIGHT.
    assert ok(["PAIR_ACT_ACT_NB", "M", "E"], "tM", "aW", "aE", "tE")
    assert not ok(["PAIR_ACT_ACT_NB", "M", "E"], "tM", "tW", "aE", "tE")


def test_partial_placement_must_still_fit():
    slots = unfold(("PAIR_ACT_ACT",))
    assert can_place(slots, ("aM",))
    assert not can_place(slots, ("tM",))


def test_play_example_boards():
    """PLAY EXAMPLE: X + ENERGY for GROW, blank + wild for BLOCK, AGILITY for SUCKER PUNCH, MIGHT + ENERGY for
    POW, a blank for TIME JUMP, X + AGILITY for POWER ON, and AGILITY + WILD "FOR A FLIP DEFENSE"."""
    a = game_data().actions
    assert meets(a["grow"], ("tE", "tX"))
    assert meets(a["block"], ("aB", "tW"))
    assert meets(a["sucker_punch"], ("tA",))
    assert meets(a["pow"], ("tE", "tM"))
    assert meets(a["time_jump"], ("aB",))
    assert meets(a["power_on"], ("tA", "tX"))
    assert meets(a["flip"], ("tA", "tW"))
    assert a["pow"].value == 3 and a["block"].value == 2 and a["flip"].role == "base"


def test_requirement_sizes_are_those_of_the_rulebook():
    """"ACTIONS REQUIRE ONE, TWO, FOUR, OR SIX DICE.\""""
    assert {a.size for a in game_data().actions.values()} == {1, 2, 4, 6}
