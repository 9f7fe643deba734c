"""Every malformed or illegal `/play` line gets one short sentence and changes nothing (the issue's
"Discord and the local table"); a one-line action equals the same choices made through the menus."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.adrenaline import ENGINE as E
from rules.adrenaline.ai import ActivePolicy
from rules.adrenaline.engine import Line
from rules.core.errors import RulesError
from rules.core.rng import Rng

WORDS = ["run", "grab", "shoot", "reload", "end", "pass", "confirm", "back", "cancel", "a1", "b2", "c3", "d9", "zz",
         "weapon:railgun", "drop:zx2", "pay:R", "pay:Y,B", "pay:newton:B", "lock_rifle", "basic:dozer", "basic",
         "dozer", "sprog,banshee", "newton:B", "teleporter:R", "spawn:newton:R", "respawn:tagback_grenade:Y",
         "scope:R", "tagback:B", "answer:never", "move:a2", "load:zx2", "done", "n", "red", "-", "", ":", "::"]


def _midgame(seed: int, steps: int):
    s = E.new_game(seed, E.parse_options({"skulls": "5"}), None)
    rng, policy = Rng(seed), ActivePolicy()
    for _ in range(steps):
        if E.outcome(s) is not None:
            break
        seat = rng.choice(sorted(E.pending(s)))
        s, _ = E.apply(s, seat, policy.choose(None, None, E.legal_actions(s, seat), rng))
    return s


def _armed():
    """A mid-game turn whose player holds loaded weapons with optional effects, everyone in reach."""
    s = _midgame(5, 80)
    while s.phase != "turn" or not s.players[s.turn].spawned or s.draft:
        seat = E.to_act(s)[0]
        s, _ = E.apply(s, seat, E.pending(s)[seat].default)
    squares = ["a2", "b2", "c2", "b2", "a2"]
    for seat in range(s.count):
        s.set_player(seat, square=squares[seat], killed=False)
    wanted = ("plasma_gun", "machine_gun", "lock_rifle")
    for w in wanted:  # taken from wherever they are, so every weapon stays in one place
        if w in s.weapon_deck:
            s.weapon_deck.remove(w)
        for slots in s.slots.values():
            if w in slots:
                slots[slots.index(w)] = None
        for seat in range(s.count):
            s.set_player(seat, weapons=tuple(x for x in s.players[seat].weapons if x[0] != w))
    s.weapon_deck += [w for w, _ in s.players[s.turn].weapons]
    s.set_player(s.turn, weapons=tuple((w, True) for w in wanted), cubes=(3, 3, 3))
    assert E.check_invariants(s) == []
    return s


STATES = [_midgame(seed, steps) for seed, steps in ((1, 0), (2, 40), (3, 120), (4, 300))] + [_armed()]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(STATES))), st.one_of(
    st.lists(st.sampled_from(WORDS), min_size=0, max_size=7).map(" ".join),
    st.text(max_size=40)))
def test_bad_lines_are_one_short_sentence_and_change_nothing(index, text):
    state = STATES[index]
    for seat in range(state.count):
        before = E.dump(state)
        try:
            after, _ = E.apply(state, seat, E.parse(state, seat, text))
        except RulesError as err:
            assert 0 < len(err.message) <= 200 and "\n" not in err.message
            assert E.dump(state) == before
            continue
        assert E.dump(state) == before  # apply never changes the state it is given
        assert E.check_invariants(after) == []


def _menu_path(state, seat, rng):
    """Choices through the menus (one level at a time) to a complete action, then confirm."""
    s = state
    for _ in range(30):
        legal = [a for a in E.legal_actions(s, seat) if a.tokens[0] not in ("back", "cancel", "end", "pass")]
        if not legal:
            return None, None
        more = [a for a in legal if a.tokens != ("done",)]
        action = rng.choice(more if more and rng.below(3) else legal)  # shots with several effects too
        if action == Line(("confirm",)):
            return s.draft, E.apply(s, seat, action)[0]
        s, _ = E.apply(s, seat, action)
        if not s.draft:  # a one-word action was done at once
            return None, None
    return None, None


def test_a_one_line_action_equals_its_menu_path():
    from rules.adrenaline.lines import line

    checked = several = 0
    for index, state in enumerate(STATES):
        seat = E.to_act(state)[0]
        rng = Rng(index)
        for _ in range(40):
            path, by_menu = _menu_path(state, seat, rng)
            if path is None:
                continue
            typed = " ".join(line(path))
            by_line, _ = E.apply(state, seat, E.parse(state, seat, typed))
            assert E.dump(by_line) == E.dump(by_menu), typed
            checked += 1
            pieces = [t for t in line(path)[1:] if not t.startswith(("pay:", "move:", "load:"))][1:]
            several += path[0] == "shoot" and len(pieces) >= 2
    assert checked >= 20 and several >= 3, (checked, several)
