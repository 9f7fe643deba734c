"""The menus to a Jupiter Rescue player's actions name every option of every level in the game's
terms (rules/jupiter/menus.py), within Discord's lengths, and only from what that player may see."""

from dataclasses import replace

from rules.core.rng import Rng
from rules.jupiter import ENGINE as E


def _levels(notations):
    """Every (prefix, option) a word-by-word menu walks through to reach these actions."""
    for text in notations:
        words = tuple(text.split())
        for n in range(len(words)):
            yield words[:n], words[n]


def test_every_option_of_every_level_is_named_within_discord_lengths():
    rng = Rng(3)
    s = E.new_game(3, E.parse_options({}), ("robot 1", "robot 2", "robot 3"))
    named = 0
    for _ in range(150):
        if E.outcome(s):
            break
        seat = sorted(E.pending(s))[0]
        legal = E.legal_actions(s, seat)
        for prefix, option in _levels(E.format(a) for a in legal):
            labels = E.menu_labels(s, seat, prefix, [option])
            assert option in labels, (prefix, option)
            label, description = labels[option]
            assert 0 < len(label) <= 80 and len(description) <= 100
            named += 1
        s, _ = E.apply(s, seat, rng.choice(legal))
    assert named > 500


def test_labels_say_what_stands_on_a_space_and_what_a_card_does():
    s = E.new_game(3, E.parse_options({}), ("robot 1", "robot 2"))
    colonist = next(k for k, v in sorted(s.figures.items()) if v == "colonist")
    label, description = E.menu_labels(s, 0, ("command",), [colonist.lower()])[colonist.lower()]
    assert label == f"{colonist} — Colonist" and f"tile {colonist[0]}" in description
    label, description = E.menu_labels(s, 0, ("play",), ["teleport"])["teleport"]
    assert label == "Teleport" and "3 actions" in description


def test_another_players_hand_never_shapes_my_labels():
    s = E.new_game(3, E.parse_options({}), ("robot 1", "robot 2"))
    other = replace(s, hands=(s.hands[0], ("Boost",) * len(s.hands[1])))
    words = [("play",), ("trade", "2", "give"), ()]
    for prefix in words:
        options = ["teleport", "boost", "move", "end", "heat-seeker"]
        assert E.menu_labels(s, 0, prefix, options) == E.menu_labels(other, 0, prefix, options)
