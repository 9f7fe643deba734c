"""The co-op part of the state (coop_state.py): copied with the state, dumped and loaded exactly, and the
BUG figure ids numbered per type."""

from __future__ import annotations

import json

from rules.powerup.coop_state import Bug, Coop, Npc
from rules.powerup.state import dump_state, load_state
from tests.rules.powerup.conftest import play_state


def coop_state():
    s = play_state()
    s.coop = Coop("vips", bugs={"BG1": Bug("BUGGIE", 1, dizzy=True, stack=2), "BRP1": Bug("BURP", 3)},
                  npcs={"VIP1": Npc()}, pieces={"P1": 2}, bug_deck=("Charge|1", "Rage|2"),
                  face_up=("Ambush|1",), event="Rage|1", level=1, market=("E03", "E07"), fallen=(1,),
                  to_play=(0, 1), points=(100, 0), spawned=1)
    return s


def test_a_coop_state_survives_json_exactly():
    s = coop_state()
    again = load_state(json.loads(json.dumps(dump_state(s))))
    assert again == s and again.coop.bugs["BG1"] == Bug("BUGGIE", 1, dizzy=True, stack=2)


def test_deathmatch_states_have_no_coop_part_and_load_as_before():
    s = play_state()
    data = dump_state(s)
    assert data["coop"] is None
    del data["coop"]  # a game saved before co-op existed
    assert load_state(data) == s


def test_a_clone_does_not_share_the_bugs():
    s = coop_state()
    c = s.clone()
    c.coop.bugs["BG2"] = Bug("BUGGIE", 1)
    assert "BG2" not in s.coop.bugs


def test_bug_ids_are_numbered_per_type():
    c = Coop("vips")
    assert c.next_id("BUGGIE", {"BG1", "BG3"}) == "BG2" and c.next_id("BIGBUG", set()) == "BIG1"
