"""The Jupiter Rescue engine on the platform's contract (rules/jupiter/engine.py, flow.py, outcome.py):
setup's decisions, the order of a turn's steps and the choices inside them, the alternate rules,
winning and losing. Line numbers are shared/rulebooks/jupiter-rescue.txt's."""

from dataclasses import replace

import pytest

from rules.core.engine import DecisionKind
from rules.core.errors import IllegalAction, NotYourTurn
from rules.jupiter import ENGINE as E
from rules.jupiter.actions import ChooseCore, Command, Dock, EndTurn, FirstPlayer, Move, Place, Play
from rules.jupiter.creeps import invasion_targets, placement_options
from rules.jupiter.state import COLONIST, CREEP, SUPER_CREEP, dump_state, robot

SEATS = ("robot 1", "robot 2", "robot 3")
CORES = (("Sniper",), ("Pilot",), ("Swap",))  # none that is played from the core in these tests


def fresh(seed=3, **options):
    return E.new_game(seed, E.parse_options(options), SEATS[: 1 if options.get("solo") else 3])


def started(seed=3, **options):
    """Through setup: every seat keeps its first card as core, robot 1 first, the first dock."""
    s = fresh(seed, **options)
    for seat in list(E.to_act(s)):
        if s.phase == "choose_core":
            s, _ = E.apply(s, seat, ChooseCore(s.hands[seat][0]))
    if s.phase == "first_player":
        s, _ = E.apply(s, 0, FirstPlayer(0))
    s, _ = E.apply(s, 0, E.legal_actions(s, 0)[0])
    assert s.phase == "actions" and s.current == 0
    return s


def refused(state, seat, action, error=IllegalAction):
    before = dump_state(state)
    with pytest.raises(error) as info:
        E.apply(state, seat, action)
    assert "\n" not in str(info.value) and 0 < len(str(info.value)) <= 120
    assert dump_state(state) == before
    return str(info.value)


def test_setup_decisions_cores_at_once_then_the_group_picks_first_player_and_dock():
    s = fresh()
    # 37: "Each player chooses one of the cards they have been dealt" — all at once, behind no screen.
    pending = E.pending(s)
    assert set(pending) == {0, 1, 2} and all(d.kind == DecisionKind.SIMULTANEOUS for d in pending.values())
    assert E.legal_actions(s, 1) == [ChooseCore(c) for c in sorted(set(s.hands[1]))]
    refused(s, 0, ChooseCore("Data Core" if "Data Core" not in s.hands[0] else "Boost"))
    for seat in range(3):
        s, _ = E.apply(s, seat, ChooseCore(s.hands[seat][0]))
        assert len(s.cores[seat]) == 1 and len(s.hands[seat]) == 1
    # 39, 40: "Decide as a group": any player may answer, and the answer is announced.
    assert s.phase == "first_player" and {d.kind for d in E.pending(s).values()} == {DecisionKind.GROUP}
    s, events = E.apply(s, 2, FirstPlayer(1))
    assert s.current == 1 and "decides for the group: Robot 2 goes first" in events[0].text
    assert s.phase == "dock" and set(E.pending(s)) == {0, 1, 2}
    docks = E.legal_actions(s, 0)
    assert docks and all(isinstance(d, Dock) for d in docks)
    s, events = E.apply(s, 0, docks[-1])
    assert s.pod_dock is not None and s.phase == "actions" and s.actions_left == 5
    assert set(s.pod_robots) == {0, 1, 2}  # 38: every Robot starts on the pod


def test_solo_play_has_one_robot_with_both_cards_as_cores():
    s = fresh(solo="yes")  # 346
    assert s.seats == ("robot 1",) and len(s.cores[0]) == 2 and s.hands[0] == () and s.phase == "dock"
    assert E.seat_plan(E.parse_options({"solo": "yes"})).maximum == 1


def test_end_of_actions_converts_then_rolls_then_draws_and_passes():
    # 46: "Player Actions, Conversion, Invasion, and Draw, always in that order"; 136: play passes left.
    s = started()
    s = replace(s, hands=((), (), ()), deck=("Boost",) + s.deck)
    colonist = next(sp for sp, f in s.figures.items() if f == COLONIST)
    creep_at = next(n for n in s.colony().neighbours(colonist) if n not in s.figures or s.figures[n] == COLONIST)
    s.figures[creep_at] = CREEP
    s = replace(s, creep_supply=s.creep_supply - 1, lost=s.lost + (1 if creep_at in s.figures else 0))
    s.figures[creep_at] = CREEP
    t, events = E.apply(s, 0, EndTurn())
    texts = [e.text for e in events]
    converted = next(i for i, e in enumerate(texts) if "converted" in e)
    rolled = next(i for i, e in enumerate(texts) if "rolls the die" in e)
    assert converted < rolled and t.figures[colonist] == CREEP
    if t.phase == "actions":  # no choice to make: the Creeps came, the card was drawn, the turn passed
        assert t.current == 1 and t.hands[0] == ("Boost",) and t.die is None


def _creep_next_to_a_colonist(s):
    colonist = next(sp for sp, f in sorted(s.figures.items()) if f == COLONIST
                    and any(s.figures.get(n) == COLONIST for n in s.colony().neighbours(sp)))
    s.figures[colonist] = CREEP
    return replace(s, creep_supply=s.creep_supply - 1, lost=s.lost + 1, colonist_supply=s.colonist_supply + 1)


def test_fast_creeps_converts_after_the_invasion():
    # 334: "The Conversion step happens immediately after Invasion".
    for fast in (False, True):
        s = _creep_next_to_a_colonist(replace(started(fast_creeps="yes" if fast else "no"), hands=((), (), ()),
                                              cores=CORES))
        t, events = E.apply(s, 0, EndTurn())
        while t.phase in ("roll", "setback"):  # let the Creeps come where a choice was open
            t, more = E.apply(t, 0, EndTurn())
            events += more
        texts = [e.text for e in events]
        rolled = next(i for i, e in enumerate(texts) if "rolls the die" in e)
        assert any("converted" in e for e in texts[:rolled]) is not fast
        assert any("converted" in e for e in texts[rolled:]) is fast


def _rolled(s, die):
    """``s`` at the roll window with the die showing ``die`` (as if just rolled)."""
    return replace(s, phase="roll", die=die, choices=())


def test_the_roll_window_place_phase_shift_and_suppressant():
    s = started()
    colony = s.colony()
    die = next(d for d in range(1, 6) if any(len(placement_options(s, t, colony)[1]) > 1
                                             for t in invasion_targets(s, d, colony)))
    tile = next(t for t in invasion_targets(s, die, colony) if len(placement_options(s, t, colony)[1]) > 1)
    options = placement_options(s, tile, colony)[1]
    w = replace(_rolled(s, die), hands=(("Phase Shift", "Suppressant"), (), ()), cores=CORES)
    legal = E.legal_actions(w, 0)
    assert Place(options[1]) in legal and Play(("Phase Shift",)) in legal and EndTurn() in legal
    assert Play(("Suppressant",), (tile,)) in legal
    refused(w, 1, EndTurn(), NotYourTurn)
    # 114: "Choose ONE of the spots on the edge": the roller's pick is where the Creep goes.
    p, _ = E.apply(w, 0, Place(options[1]))
    assert dict(p.choices)[tile] == options[1]
    done, _ = E.apply(replace(p, hands=((), (), ())), 0, EndTurn())
    assert done.figures.get(options[1]) == CREEP
    # 188: after the roll, Suppressant protects one tile from the invasion.
    q, _ = E.apply(w, 0, Play(("Suppressant",), (tile,)))
    assert q.suppressed == tile and "Suppressant" in q.discard
    kept = {sp for sp in colony.by_label[tile].space_ids() if q.figures.get(sp) == CREEP}
    r, _ = E.apply(q, 0, EndTurn()) if q.phase == "roll" else (q, [])
    assert {sp for sp in colony.by_label[tile].space_ids() if r.figures.get(sp) == CREEP} == kept
    # 172: Phase Shift rerolls the die with the seeded generator; the old pick is gone.
    f, events = E.apply(p, 0, Play(("Phase Shift",)))
    assert "rolled again" in " ".join(e.text for e in events) and f.rng != p.rng
    assert "Phase Shift" in f.discard


def test_a_setback_waits_for_a_suppressant_when_the_player_holds_one():
    # 188: "You may play this card ... after drawing a Setback card".
    s = started()
    s = replace(s, hands=(("Suppressant",), (), ()), cores=CORES, deck=("Power Grab",) + tuple(c for c in s.deck if c != "Power Grab"))
    s = _rolled(s, 2)
    t, events = E.apply(s, 0, EndTurn())
    plants = [f"{x.label}{x.facility_at}" for x in t.colony().tiles if x.facility == "power_plant"]
    if t.phase == "setback":
        assert t.setback == "Power Grab"
        target = plants[0][0]
        u, _ = E.apply(t, 0, Play(("Suppressant",), (target,)))
        assert u.figures.get(plants[0]) != SUPER_CREEP  # spared
        assert all(u.figures.get(p) == SUPER_CREEP for p in plants[1:] if p[0] not in
                   {sp[0] for sp, f in u.figures.items() if f.startswith("R")})
        assert u.setback is None and "Power Grab" in u.discard


def test_discard_down_to_the_hand_limit_at_the_end_of_the_turn():
    # 134: "If a player ends up with more cards at the end of his or her turn, cards must be discarded".
    s = replace(_rolled(started(), 2), hands=(("Boost", "Pilot", "Sniper", "Swap"), (), ()), cores=CORES,
                deck=("Teleport",) + s_deck_without_setbacks())
    t, _ = E.apply(s, 0, EndTurn())
    assert t.phase == "discard" and len(t.hands[0]) == 5
    assert E.pending(t)[0].default in E.legal_actions(t, 0)
    refused(t, 0, EndTurn())
    u, events = E.apply(t, 0, E.legal_actions(t, 0)[0])
    assert len(u.hands[0]) == 4 and u.current == 1


def s_deck_without_setbacks():
    return ("Boost",) * 10


def test_the_pod_redocks_at_the_start_of_the_same_players_next_turn():
    # 92: it "stays undocked until the beginning of the same player's next turn, when the players jointly
    # choose a new docking location".
    s = started()
    dock = s.pod_dock
    s = replace(s, pod_colonists=6, pod_robots=(1, 2), hands=((), (), ()), cores=CORES, deck=("Boost",) * 20)
    s.figures[dock] = COLONIST
    s.figures[next(n for n in s.colony().neighbours(dock) if n not in s.figures)] = robot(0)
    t, events = E.apply(s, 0, Command(dock, "pod"))
    assert t.saved == 7 and t.pod_dock is None and t.redock == 0
    for _ in range(3):  # robot 1 ends, robot 2 and robot 3 take their turns with the pod away
        seat = t.current
        t, _ = E.apply(t, seat, EndTurn())
        while t.phase in ("roll", "setback", "discard"):
            t, _ = E.apply(t, t.current, E.pending(t)[t.current].default)
        if t.current != 0:
            assert t.phase == "actions" and t.pod_dock is None
    assert t.current == 0 and t.phase == "dock" and set(E.pending(t)) == {0, 1, 2}
    u, _ = E.apply(t, 2, E.legal_actions(t, 2)[0])
    assert u.pod_dock is not None and u.phase == "actions" and u.current == 0


def test_win_when_the_goal_is_saved_and_every_robot_is_in_the_pod():
    # 299-302: "Evacuated 28 Colonists" and "Gotten themselves off the colony (also in the pod)".
    s = started()
    dock = s.pod_dock
    s = replace(s, saved=28, pod_robots=(1, 2))
    s.figures[dock] = robot(0)
    t, events = E.apply(s, 0, Move("pod"))
    assert t.phase == "over" and E.outcome(t).result == "win" and E.outcome(t).winners == (0, 1, 2)
    assert E.legal_actions(t, 0) == [] and E.pending(t) == {}


def test_ultimate_heroes_needs_every_colonist():
    s = started(ultimate="yes")  # 338: "Save every Colonist"
    assert s.goal() == s.start_colonists
    dock = s.pod_dock
    s = replace(s, saved=28, pod_robots=(1, 2))
    s.figures[dock] = robot(0)
    t, _ = E.apply(s, 0, Move("pod"))
    assert t.phase == "actions"  # 28 is not enough
    one_lost = replace(s, lost=1)
    u, _ = E.apply(one_lost, 0, Move("pod"))
    assert E.outcome(u).result == "loss"


def test_loss_when_too_many_colonists_are_lost():
    # 306: "it becomes impossible to save 28"; the tracker starts at the colony's count (310).
    s = started()
    s = replace(s, lost=s.start_colonists - 28)
    here = s.robot_space(0) or s.pod_dock
    assert E.outcome(s) is None
    t, _ = E.apply(replace(s, lost=s.lost + 1), 0, EndTurn())
    assert E.outcome(t).result == "loss" and "line 306" in E.outcome(t).summary
    assert here


def test_loss_when_every_module_3_tile_is_destroyed():
    # 308: "If all Module 3 tiles OR all Module 4 tiles are destroyed, the players lose the game."
    s = started()
    threes = tuple(t.label for t in s.colony().tiles if t.module == 3)
    gone = {k: v for k, v in s.figures.items() if k[0] not in threes}
    back = sum(1 for k, v in s.figures.items() if k[0] in threes and v == COLONIST)
    s = replace(s, destroyed=threes, figures=gone, lost=s.lost + back, colonist_supply=s.colonist_supply + back)
    t, _ = E.apply(s, 0, EndTurn())
    assert E.outcome(t).result == "loss" and "Module 3" in E.outcome(t).summary


def test_robot_vulnerability_knocks_a_robot_out_until_the_pod_docks():
    # 328-330: the tile explodes with the Robot on it; the player is out, their hand discarded; at the
    # next docking the Robot is placed there and draws two new cards, one becoming the new core.
    s = started(vulnerability="yes")
    label = next(t.label for t in s.colony().tiles if t.module != 3 and t.label not in s.pod_dock)
    spaces = s.colony().by_label[label].space_ids()
    figures = {k: v for k, v in s.figures.items() if k[0] != label}
    figures[spaces[0]] = robot(1)
    lost = sum(1 for k, v in s.figures.items() if k[0] == label and v == COLONIST)
    for sp in spaces[1:]:
        figures[sp] = CREEP
    s = replace(s, figures=figures, pod_robots=(0, 2), creep_supply=s.creep_supply - len(spaces) + 1,
                lost=s.lost + lost, colonist_supply=s.colonist_supply + lost)
    assert not E.check_invariants(s)
    from rules.jupiter.creeps import self_destruct
    t, events = self_destruct(s)
    assert label in t.destroyed and t.out == (1,) and t.hands[1] == ()
    assert t.discard[-len(s.hands[1]):] == s.hands[1]
    assert not E.check_invariants(t)
    # The pod launches and redocks: Robot 2 is back aboard with two new cards and chooses a core.
    t = replace(t, pod_dock=None, redock=0, phase="dock")
    u, _ = E.apply(t, 0, E.legal_actions(t, 0)[0])
    assert u.out == () and 1 in u.pod_robots and u.choosing == (1,) and len(u.hands[1]) == 2
    assert set(E.pending(u)) == {1}
    v, _ = E.apply(u, 1, ChooseCore(u.hands[1][0]))
    assert v.choosing == () and len(v.cores[1]) == 1 and len(v.hands[1]) == 1 and not E.check_invariants(v)


def test_robots_protect_their_tile_without_robot_vulnerability():
    s = started()
    label = next(t.label for t in s.colony().tiles if t.module != 3 and t.label not in s.pod_dock)
    spaces = s.colony().by_label[label].space_ids()
    figures = {k: v for k, v in s.figures.items() if k[0] != label}
    figures[spaces[0]] = robot(1)
    for sp in spaces[1:]:
        figures[sp] = CREEP
    from rules.jupiter.creeps import self_destruct
    t, _ = self_destruct(replace(s, figures=figures))
    assert label not in t.destroyed and t.out == ()  # 126: "A Robot on a tile prevents it"


def test_a_trade_tells_the_channel_only_the_counts_and_each_player_their_cards():
    s = started()
    s = replace(s, hands=(("Boost",), ("Sniper",), ()))
    me = next(sp for sp in s.colony().spaces() if sp not in s.figures)
    s.figures[me] = robot(0)
    s.figures[next(n for n in s.colony().neighbours(me) if n not in s.figures)] = robot(1)
    s = replace(s, pod_robots=(2,))
    from rules.jupiter.actions import Trade
    action = Trade(1, ("Boost",), ("Sniper",))
    assert action in E.legal_actions(s, 0)
    assert E.public_action(s, 0, action) == "trade 2: 1 given, 1 taken"
    t, events = E.apply(s, 0, action)
    private = {seat: line for e in events for seat, line in e.private.items()}
    assert "Sniper" in private[0] and "Boost" in private[1]
    assert all("Sniper" not in e.text and "Boost" not in e.text for e in events)


def test_out_of_actions_ends_by_itself_only_on_public_facts():
    s = started()
    here = next(sp for sp in s.colony().spaces() if sp not in s.figures and any(n not in s.figures for n in s.colony().neighbours(sp)))
    s.figures[here] = robot(0)
    step = next(n for n in s.colony().neighbours(here) if n not in s.figures)
    bare = replace(s, actions_left=1, pod_robots=(1, 2), hands=((), (), ()), cores=CORES)
    t, _ = E.apply(bare, 0, Move(step))
    assert t.phase != "actions" or t.current != 0  # nothing left to do: the Creeps come
    held = replace(bare, hands=(("Boost",), (), ()))
    u, _ = E.apply(held, 0, Move(step))
    assert u.phase == "actions" and u.current == 0 and Play(("Boost",)) in E.legal_actions(u, 0)
    # A hand with nothing playable at 0 actions still waits for `end`: whether the turn goes on must
    # not tell the channel that the hand holds no Boost (a hidden fact).
    useless = replace(bare, hands=(("Sniper",), (), ()))
    w, _ = E.apply(useless, 0, Move(step))
    assert w.phase == "actions" and w.current == 0 and E.legal_actions(w, 0) == [EndTurn()]


def test_a_game_replays_from_seed_and_log_and_reloads_mid_turn():
    from rules.core.rng import Rng

    s = fresh(11)
    log = []
    rng = Rng(5)
    for _ in range(60):
        seat = sorted(E.pending(s))[0]
        a = rng.choice(E.legal_actions(s, seat))
        log.append((seat, E.format(a)))
        s, _ = E.apply(s, seat, a)
        assert E.load(E.dump(s)) == s  # restart at any step, mid-turn windows included
        if E.outcome(s):
            break
    again = fresh(11)
    for seat, text in log:
        again, _ = E.apply(again, seat, E.parse(again, seat, text))
    assert E.dump(again) == E.dump(s)


def test_polite_colonists_let_a_straight_line_pass_robots():
    # 342: "Colonists and Robots don't block movement as long as movement doesn't end on an occupied
    # space". Moves are one space, so the lines of Rocket Boots (180) are what it changes: they jump
    # Colonists always, and Robots too under this rule.
    from test_jupiter_turn import board

    from rules.jupiter.full_turn import line, rocket_paths

    s = board({"E0": robot(0), "E1": robot(1)}, turn_cards=("Rocket Boots",))
    colony = s.colony()
    assert line(colony, "E0", 1)[:3] == ["E1", "A4", "A0"]
    assert "A4" not in rocket_paths(s, colony, 0, "E0")
    polite = replace(s, rules=("polite",))
    assert rocket_paths(polite, colony, 0, "E0")["A4"] == ("E1",)
    t, _ = E.apply(replace(polite, cores=CORES, hands=((), (), ())), 0, Move("A4"))
    assert t.figures["A4"] == robot(0) and t.figures["E1"] == robot(1) and t.actions_left == 4
