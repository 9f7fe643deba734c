"""What the channel may learn from each KAPLOOM! action (``public_action``), against the rulebook.

Rulebook lines (shared/rulebooks/kaploom.txt) about what is hidden and what is told:
- 130: "PLACE THE SCREEN SO IT BLOCKS THE VIEW OF YOUR ACTION BOARDS FROM YOUR OPPONENT."
- 166: "BOTH PLAYERS SIMULTANEOUSLY ROLL THEIR DICE BEHIND THEIR SCREEN, AND THEN ASSIGN DICE ON THE
  POWER BOARDS AS DESIRED."
- 203: "ALL IMMEDIATE ACTIONS MUST BE ANNOUNCED TO YOUR OPPONENT WHEN ACTIVATED."
- 229: "ONCE ALL DICE ASSIGNMENTS ARE MADE, BOTH PLAYERS SIMULTANEOUSLY REMOVE THE SCREENS AND REVEAL
  THEIR CHOSEN ACTIONS."
- 341: "PLAYERS MUST SHARE WHAT POWERS HAVE BEEN LOCKED IN AT ANY TIME DURING THE GAME WHEN ASKED."
- 380: "AS WITH ANY IMMEDIATE ACTION, THEY CALL OUT "TIME JUMP" AND RE-ROLL, GETTING AN X-FACTOR."
- 469-471: "EACH PLAYER HAS ONE POINTER. THIS IS USED TO SECRETLY CHOOSE WHICH OPPONENT ON THE OPPOSITE
  TEAM THEY ATTACK THIS ROUND."
"""

from kaploom_helpers import new, play, with_roll

from rules.kaploom import ENGINE

V, H = 0, 1


def _form(state, seat, text):
    return ENGINE.public_action(state, seat, ENGINE.parse(state, seat, text))


def _forms(state, seat):
    return {ENGINE.format(a): ENGINE.public_action(state, seat, a) for a in ENGINE.legal_actions(state, seat)}


def test_placements_behind_the_screen_are_wholly_hidden():
    """Lines 130 and 166: assigning and taking back dice happens behind the screen."""
    s = with_roll(new(), V, ["blank", "might", "energy", "agility", "blank"])
    assert _form(s, V, "assign 2 pow") == ""
    s, _ = play(s, V, "assign 2 pow")
    assert _form(s, V, "unassign 2") == ""
    assert _form(s, V, "ready") == "ready"
    # Every hidden move of a seat is a twin of every other: the channel must not tell them apart.
    hidden = [a for a, form in _forms(s, V).items() if form == ""]
    assert "assign 3 pow" in hidden and "unassign 2" in hidden and "ready" not in hidden


def test_an_immediate_action_is_announced_but_not_its_die():
    """Line 203: an IMMEDIATE action is announced when it activates; which die activated it is not said."""
    s = with_roll(new(), V, ["blank", "might", "energy", "agility", "blank"])
    assert _form(s, V, "assign 5 time_jump") == "announce time_jump"
    assert _form(s, V, "assign 1 time_jump") == "announce time_jump"  # a twin: another die, same announcement
    s, events = play(s, V, "assign 5 time_jump")
    assert [e.text for e in events] == ["Villain announces TIME JUMP!"]


def test_an_owed_re_roll_is_told_with_its_source_and_skipping_it_is_hidden():
    """Line 380: "THEY CALL OUT "TIME JUMP" AND RE-ROLL": the re-roll is seen, the die and its new face are not."""
    s = with_roll(new(), V, ["blank", "might", "energy", "agility", "blank"])
    s, _ = play(s, V, "assign 5 time_jump")
    forms = _forms(s, V)
    assert forms == {"reroll 1": "reroll time_jump", "reroll 2": "reroll time_jump",
                     "reroll 3": "reroll time_jump", "reroll 4": "reroll time_jump", "skip": ""}
    _, events = play(s, V, "reroll 2")
    assert [e.text for e in events] == ["Villain re-rolls a die (TIME JUMP)."]


def test_pause_of_timeout_is_announced():
    """Line 203 again, for the super board's IMMEDIATE action PAUSE (TIMEOUT!)."""
    s = new("advanced", hero_super="timeout")
    s = with_roll(s, H, ["blank", "x_factor", "energy", "agility", "wild", "x_factor"])
    assert _form(s, H, "assign 6 pause") == "announce pause"
    s, _ = play(s, H, "assign 6 pause")
    assert set(_forms(s, H).values()) == {"reroll pause", ""}


def test_the_locked_in_free_re_roll_is_told_as_the_public_view_announces_it():
    """Line 341: locked-in powers are shared, and the view announces TIME LOOP when it is used."""
    s = new("advanced", hero_super="timeout").clone()
    s.players[H].locked_in = ("time_loop",)
    assert _form(s, H, "reroll 3") == "reroll time_loop"
    t, events = play(s, H, "reroll 3")
    assert ENGINE.public_view(t).players[H].announced == ("TIME LOOP",)
    assert [e.text for e in events] == ["Hero re-rolls a die (TIME LOOP)."]


def test_the_2v2_pointer_is_secret():
    """Lines 469-471: the pointer is chosen secretly."""
    s = new("2v2")
    assert _form(s, 0, "target 2") == ""
    assert "target 2" in [a for a, form in _forms(s, 0).items() if form == ""]


def test_phases_2_and_3_are_played_in_the_open():
    """Line 229: the screens come off at the reveal; from then on every action is its own public form."""
    s = with_roll(with_roll(new(), V, ["blank", "might", "energy", "agility", "blank"]), H,
                  ["x_factor", "energy", "wild", "agility", "blank"])
    s, _ = play(s, V, "assign 2 pow", "assign 3 pow", "ready")
    s, _ = play(s, H, "assign 1 grow", "assign 2 grow", "ready")
    assert s.phase == "power_up"
    seat = ENGINE.to_act(s)[0]
    forms = _forms(s, seat)
    assert forms and all(form == notation for notation, form in forms.items())


def test_twins_leave_the_same_public_view_and_events():
    """What the forms promise, on a real state: any two hidden moves look the same to the channel."""
    s = with_roll(new("2v2"), 0, ["blank", "might", "energy", "agility", "blank"])
    s, _ = play(s, 0, "assign 2 pow")
    hidden = [a for a in ENGINE.legal_actions(s, 0) if ENGINE.public_action(s, 0, a) == ""]
    assert len(hidden) > 3
    first, *rest = [(ENGINE.public_view(t), [e.text for e in ev]) for t, ev in (ENGINE.apply(s, 0, a) for a in hidden)]
    assert all(outcome == first for outcome in rest)
