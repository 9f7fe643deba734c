"""Jupiter Rescue action notation (rules/jupiter/actions.py): every action round-trips through its text,
and bad text is refused with one short line. Line numbers are shared/rulebooks/jupiter-rescue.txt's."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.errors import MalformedAction
from rules.jupiter.actions import (
    POD,
    SHAPES,
    Attack,
    ChooseCore,
    Command,
    Discard,
    Dock,
    EndTurn,
    FirstPlayer,
    Move,
    Place,
    Play,
    Trade,
    card_names,
    combo_key,
    format_action,
    parse_action,
    slug,
)
from rules.jupiter.colony import LABELS
from rules.jupiter.data import game_data

tiles = st.sampled_from(LABELS)
spaces = st.builds(lambda t, p: f"{t}{p}", tiles, st.integers(0, 6))
edges = st.builds(lambda t, p: f"{t}{p}", tiles, st.integers(1, 6))
places = st.one_of(spaces, st.just(POD))
seats = st.integers(0, 6)
cards = st.sampled_from(card_names())
hands = st.lists(cards, max_size=4).map(lambda c: tuple(sorted(c)))
KIND = {"space": spaces, "tile": tiles, "edge": edges, "card": cards, "seat": seats.map(str)}


@st.composite
def plays(draw):
    key = draw(st.sampled_from(sorted(SHAPES)))
    shape = draw(st.sampled_from(SHAPES[key]))
    return Play(key, tuple(draw(KIND[k]) for k in shape))


actions = st.one_of(
    st.builds(ChooseCore, cards),
    st.builds(FirstPlayer, seats),
    st.builds(Dock, edges),
    st.builds(Move, places, st.none() | spaces),
    st.builds(Attack, spaces, st.none() | spaces),
    st.builds(Command, places, places, st.none() | spaces),
    st.builds(Trade, seats, hands, hands).filter(lambda t: t.give or t.take),
    plays(),
    st.builds(Place, spaces),
    st.builds(Discard, hands.filter(bool)),
    st.just(EndTurn()),
)


@settings(max_examples=600)
@given(actions)
def test_every_action_round_trips(action):
    text = format_action(action)
    assert text == text.lower() and "\n" not in text
    assert parse_action(text) == action
    # Case and spacing do not matter; the canonical text comes back.
    assert format_action(parse_action("  " + text.upper().replace(",", " , ") + " ")) == text


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("core sniper", ChooseCore("Sniper")),
        ("core heat_seeker", ChooseCore("Heat Seeker")),
        ("first 2", FirstPlayer(1)),
        ("dock l2", Dock("L2")),
        ("move c3", Move("C3")),
        ("move pod", Move(POD)),  # 70: the pod is "a single space"; boarding is a move
        ("move c3 also c4", Move("C3", "C4")),
        ("attack c0", Attack("C0")),
        ("attack c3 also c4", Attack("C3", "C4")),
        ("command c3 pod", Command("C3", POD)),  # 92: "moves onto the Evacuation Pod tile"
        ("command c3 c4 follow c2", Command("C3", "C4", "C2")),
        ("trade 3 give sniper,boost take pilot", Trade(2, ("Boost", "Sniper"), ("Pilot",))),
        ("trade 1 take boost,boost", Trade(0, (), ("Boost", "Boost"))),
        ("play teleport c3", Play(("Teleport",), ("C3",))),
        ("play pilot", Play(("Pilot",))),
        ("play pilot l2", Play(("Pilot",), ("L2",))),
        ("play sniper+grenadier c3 c4", Play(("Grenadier", "Sniper"), ("C3", "C4"))),
        ("play override 2", Play(("Override",), ("1",))),
        ("play data-core boost", Play(("Data Core",), ("Boost",))),
        ("play module-control c l2", Play(("Module Control",), ("C", "L2"))),
        ("place c3", Place("C3")),
        ("discard pilot,boost", Discard(("Boost", "Pilot"))),
        ("end", EndTurn()),
    ],
)
def test_examples(text, action):
    assert parse_action(text) == action


def test_every_card_and_rulebook_combo_has_a_shape():
    # 144-194: the sixteen abilities; 244-268: the combos (data.combos).
    data = game_data()
    assert {k[0] for k in SHAPES if len(k) == 1} == set(card_names())
    solo = {("Boost", "Override"), ("Override", "Override")}  # 346: Override is a Boost in solo play
    assert {combo_key(c) for c in data.combos} == {k for k in SHAPES if len(k) == 2} - solo
    assert all(slug(c) == slug(c).lower() and " " not in slug(c) for c in card_names())


@pytest.mark.parametrize(
    "text",
    [
        "", "   ", "fly c3", "move", "move c9", "move z3", "move c3 c4", "move c3 also pod", "attack pod",
        "attack c3 also", "command c3", "command c3 c4 follow", "command c3 c4 also c2", "first 0", "first 8",
        "first two", "dock c0", "dock c", "core", "core surge", "core lasers", "trade 2", "trade 2 give",
        "trade 2 give boost give pilot", "trade 9 give boost", "trade 2 lend boost", "play", "play sniper",
        "play teleport", "play boost c3", "play boost+sniper", "play teleport+teleport+teleport c3",
        "play power-grab", "play override 0", "play suppressant c3", "play module-control c c0",
        "place pod", "discard", "end now", "move " + "x" * 500,
    ],
)
def test_bad_text_is_refused_in_one_short_line(text):
    with pytest.raises(MalformedAction) as err:
        parse_action(text)
    message = str(err.value)
    assert message and "\n" not in message and len(message) <= 120
