"""Menus that reach every legal move (issue 8): a short path of levels over the notation's words.

Over seeded random playouts of every engine, at every state and for every seat asked to act, the
menus are walked exactly as clicks would walk them (``menus.first_level`` and ``menus.step``, what
the driver answers): every legal action is reachable, every action a menu offers is legal, and
every id, value, label and description fits Discord's limits. Then the service: a step changes
nothing and answers privately with the next level, a click counts while its move is legal for its
seat (whatever happened meanwhile), one that is not is refused in one private line; and the local
table walks a menu path with ``click``.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from service_kit import CHANNEL, USERS, click, inv, make_service, seated_game, snapshot_of
from toy_engine import ENGINE as TOY

from bot.discord_adapter.components import _button_items, _select_item, button_custom_id, select_custom_id
from bot.service import menus
from bot.service.clicks import OUT_OF_DATE
from bot.service.components import menu_value, parse_menu_value
from bot.service.menus import BACK, MORE, Tree
from bot.service.messages import TargetKind
from bot.table import run_table
from rules.core.engine import SYSTEM

GAME_ID = 123_456_789  # a long id leaves less room in a custom_id
FIGURES: dict[str, dict[str, int]] = {}


def _kaploom():
    from rules.kaploom import ENGINE

    return ENGINE


def check_limits(level: menus.Level, token: str) -> None:
    """Everything Discord will be handed for one level fits its limits, and nothing is dropped."""
    values = [c.value for c in level.choices]
    assert 0 < len(values) <= 25 and len(set(values)) == len(values)
    for choice in level.choices:
        assert 0 < len(choice.value) <= 100 and "\n" not in choice.value
        assert 0 < len(choice.label) <= 80 and "\n" not in choice.label
        assert len(choice.description) <= 100 and "\n" not in choice.description
    assert len(level.placeholder) <= 150
    buttons, select = level.components(GAME_ID, token)
    assert bool(buttons) != (select is not None)
    if buttons:
        assert len(buttons) <= 5
        assert all(len(button_custom_id(GAME_ID, token, b.action)) <= 100 for b in buttons)
    else:
        assert len(select_custom_id(GAME_ID, token)) <= 100
        assert list(select.actions) == values
    # What the adapter builds from them: nothing is left off.
    if buttons:
        items = _button_items(buttons, 20)
        assert [i.item.custom_id for i in items] == [button_custom_id(GAME_ID, token, v) for v in values]
        assert all(len(i.item.label) <= 80 for i in items)
    else:
        item = _select_item(select)
        assert [o.value for o in item.item.options] == values
        assert all(len(o.label) <= 100 and len(o.description or "") <= 100 for o in item.item.options)
        assert len(item.item.custom_id) <= 100 and len(item.item.placeholder or "") <= 150


def walk(engine, state, seat: int, token: str = "0.k") -> dict[str, int]:
    """Every action the menus reach, with the clicks it takes (steps and pages included), walked
    through the driver's own entry points; checks every level on the way."""
    legal = [engine.format(a) for a in engine.legal_actions(state, seat)]
    first = menus.first_level(engine, state, seat)
    if not legal:
        assert first is None
        return {}
    reached: dict[str, int] = {}
    seen: set[str] = set()
    queue = [(first, 0)]
    while queue:
        level, clicks = queue.pop(0)
        assert level is not None
        check_limits(level, token)
        for choice in level.choices:
            if choice.plays:
                assert choice.value in legal  # a path ends in a legal action
                reached.setdefault(choice.value, clicks + 1)
            elif choice.value not in seen:
                seen.add(choice.value)
                queue.append((menus.step(engine, state, seat, choice.value), clicks + 1))
    assert set(reached) == set(legal), set(legal) ^ set(reached)  # every legal action reachable
    return reached


def playout(engine, options, seed: int, steps: int, name: str) -> int:
    """A seeded random game; the menus of every seat asked to act are walked at every state."""
    rng = random.Random(seed)
    state = engine.new_game(seed, options)
    figures = FIGURES.setdefault(name, {"states": 0, "most actions": 0, "most clicks": 0, "most options": 0})
    for _ in range(steps):
        pending = engine.pending(state)
        if not pending:
            break
        for seat in pending:
            if seat == SYSTEM:
                continue
            reached = walk(engine, state, seat)
            level = menus.first_level(engine, state, seat)
            figures["states"] += 1
            figures["most actions"] = max(figures["most actions"], len(reached))
            figures["most clicks"] = max(figures["most clicks"], max(reached.values(), default=0))
            figures["most options"] = max(figures["most options"], len(level.choices) if level else 0)
        seat = rng.choice(sorted(pending))
        action = pending[seat].default if seat == SYSTEM else rng.choice(list(engine.legal_actions(state, seat)))
        state, _ = engine.apply(state, seat, action)
    return figures["states"]


_SLOW = settings(max_examples=5, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("hand", [1, 3, 6, 26, 60])
@_SLOW
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_every_toy_action_is_reachable_and_every_path_legal(seed, hand, players):
    playout(TOY, TOY.parse_options({"hand": str(hand), "players": str(players)}), seed, 60, f"toy hand={hand}")


@_SLOW
@given(seed=st.integers(0, 2**31), variant=st.sampled_from(["standard", "advanced", "2v2"]))
def test_every_kaploom_action_is_reachable_and_every_path_legal(seed, variant):
    engine = _kaploom()
    options = engine.parse_options({} if variant == "standard" else {"variant": variant})
    playout(engine, options, seed, 120, f"kaploom {variant}")


def test_kaploom_figures():
    """How deep and wide the KAPLOOM! menus get over many states (printed with -s)."""
    engine = _kaploom()
    for variant in ("standard", "advanced", "2v2"):
        options = engine.parse_options({} if variant == "standard" else {"variant": variant})
        playout(engine, options, 1000, 150, f"kaploom {variant}")
    for name, figures in sorted(FIGURES.items()):
        print(name, figures)
    kaploom = [f for name, f in FIGURES.items() if name.startswith("kaploom")]
    assert sum(f["states"] for f in kaploom) > 500
    assert max(f["most actions"] for f in kaploom) > 25  # more than one select could ever show
    assert max(f["most clicks"] for f in kaploom) <= 4
    assert max(f["most options"] for f in kaploom) <= 25


# -- the tree itself -----------------------------------------------------------------------------


def _levels(tree: Tree) -> list[menus.Level]:
    out, queue, seen = [], [tree.level()], set()
    while queue:
        level = queue.pop(0)
        out.append(level)
        for choice in level.choices:
            if not choice.plays and choice.value not in seen:
                seen.add(choice.value)
                text, page = parse_menu_value(choice.value)
                queue.append(tree.level(tree.find(text), page))
    return out


def test_a_long_level_is_paged_with_more_and_back():
    tree = Tree([f"pick {n}" for n in range(100, 160)])
    first = tree.level()
    assert first.node == ("pick",)  # the word every choice shares is taken at once
    assert (first.pages, len(first.choices)) == (3, 24) and first.choices[-1].label == MORE
    assert [c.label for c in first.choices[:2]] == ["pick 100", "pick 101"]  # no labels: the notation
    second = tree.level(("pick",), 1)
    assert [c.label for c in second.choices[-2:]] == [MORE, BACK]
    assert second.choices[-1].value == menu_value("pick", 0) and second.heading == "Your choices (page 2 of 3)"
    last = tree.level(("pick",), 2)
    assert last.choices[-1].label == BACK and MORE not in [c.label for c in last.choices]
    assert sorted(c.value for level in (first, second, last) for c in level.choices if c.plays) == \
        [f"pick {n}" for n in range(100, 160)]


def test_levels_take_up_the_levels_below_while_they_fit_and_back_goes_up():
    notations = ["ready"] + [f"assign {d} {a}" for d in range(1, 6) for a in ("pow", "bam", "zap", "wham", "grit",
                                                                               "duck")]
    notations += ["unassign 7", "use grow", "use grow red", "use grow blue"]
    tree = Tree(notations)
    first = tree.level()
    # ready, a level for each die, unassign 7 and the three grows: 10 options (30 placements would
    # not fit)
    assert [c.value for c in first.choices] == ["ready", *(menu_value(f"assign {d}") for d in range(1, 6)),
                                                "unassign 7", "use grow", "use grow red", "use grow blue"]
    die = tree.level(("assign", "3"))
    assert [c.value for c in die.choices][:-1] == [f"assign 3 {a}" for a in ("pow", "bam", "zap", "wham", "grit",
                                                                              "duck")]
    assert die.choices[-1].label == BACK and die.choices[-1].value == menu_value("")
    grow = tree.level(("use", "grow"))  # an action that other actions extend is one of their level
    assert [c.value for c in grow.choices] == ["use grow", "use grow red", "use grow blue", menu_value("")]
    assert len(grow.choices) <= 5 and grow.components(7, "0.k")[0]  # a short later level: buttons
    assert tree.level(("assign", "9")) is None and tree.find("assign 9") is None


def test_a_choice_too_long_for_a_button_id_goes_into_a_select():
    long = ["x" * 80 + f" {n}" for n in range(3)]  # "gm:b:123456789:0.r1.roll:" + 82 > 100
    buttons, select = Tree(long).level().components(GAME_ID, "0.r1.roll")
    assert not buttons and list(select.actions) == long
    buttons, select = Tree([n[-40:] for n in long]).level().components(GAME_ID, "0.r1.roll")
    assert len(buttons) == 3 and select is None


def test_labels_come_from_the_engine_and_a_failing_labeller_costs_nothing():
    def labels(prefix, options):
        return {o: (o.upper(), f"after {' '.join(prefix) or 'nothing'}") for o in options if o != "2"}

    tree = Tree([f"{word} {n}" for word in "ab" for n in range(1, 21)], labels)
    first = tree.level()  # 40 actions: a level for a, one for b
    assert [(c.label, c.description) for c in first.choices] == [("A …", "after nothing"), ("B …", "after nothing")]
    b = tree.level(("b",))
    assert [(c.label, c.description) for c in b.choices[:2]] == [("1", "after b"), ("b 2", "")]  # left out: words
    assert b.heading == "B" and b.placeholder == "B — choose…"

    def broken(prefix, options):
        raise RuntimeError("a labelling bug")

    assert [c.label for c in Tree(["a 1", "a 2"], broken).level().choices] == ["a 1", "a 2"]
    assert Tree(["x " * 60]).level() is None  # too long for a select value: only /play reaches it
    longest = "y " * 48 + "z"  # 97 characters: its steps (">0 y y … y") fit 100 too
    tree = Tree([longest, longest[:-1] + "w", "other"] + [f"n {i}" for i in range(30)])
    assert all(len(c.value) <= 100 for level in _levels(tree) for c in level.choices)
    assert {c.value for level in _levels(tree) for c in level.choices if c.plays} >= {longest, "other"}


def test_kaploom_labels_name_dice_actions_and_requirements():
    engine = _kaploom()
    state = engine.new_game(3, engine.parse_options({}))
    level = menus.first_level(engine, state, 0)
    labels = [c.label for c in level.choices]
    assert labels[0] == "Ready"
    assert any(re.fullmatch(r"Die \d — (red|yellow|blue|purple|green|action die) [A-Z-]+ …", label)
               for label in labels), labels
    die = next(c for c in level.choices if not c.plays)
    deeper = menus.step(engine, state, 0, die.value)
    assert deeper.trail and deeper.heading.startswith("Die ")
    named = {c.value.split()[-1]: c for c in deeper.choices if c.plays}
    if "pow" in named:
        assert named["pow"].label == "POW — needs MIGHT + ENERGY"
        assert "attack base" in named["pow"].description
    assert all(c.label != c.value for c in deeper.choices)


# -- through the service --------------------------------------------------------------------------


def _screen_select(outputs, user: str):
    dms = [o for o in outputs if o.target.kind is TargetKind.DM and o.target.user_id == USERS[user]]
    assert dms and dms[-1].select is not None, dms
    return dms[-1].select


async def test_a_step_answers_privately_with_the_next_level_and_changes_nothing():
    service = await make_service()
    try:
        await service.handle(inv("alice", "game new", game="toy", options="players=2 hand=30"))
        await service.handle(inv("alice", "game join", seat="red"))
        await service.handle(inv("bob", "game join", seat="blue"))
        outs = await service.handle(inv("alice", "game start"))
        select = _screen_select(outs, "alice")
        assert select.token == "0.r1.pick" and len(select.actions) == 24 and select.labels[-1] == MORE
        session = service.session(CHANNEL)
        before = await snapshot_of(service)

        (more,) = await service.handle(click("alice", select.actions[-1], session))
        assert more.replace_menu and more.target.kind is TargetKind.EPHEMERAL
        assert more.target.user_id == USERS["alice"] and more.text == "Your choices (page 2 of 2)"
        assert more.select.labels[-1] == BACK and len(more.select.actions) == 8  # 7 cards and Back
        (back,) = await service.handle(click("alice", more.select.actions[-1], session))
        assert back.replace_menu and back.select.actions == select.actions
        assert await snapshot_of(service) == before  # steps change nothing

        card = more.select.actions[0]
        outs = await service.handle(click("alice", card, session))
        assert outs[0].text == f"Done: {card}"
        # The step is gone with the move: a menu of it is out of date, in one line, nothing changed.
        before = await snapshot_of(service)
        for stale in (card, more.select.actions[-1]):
            (out,) = await service.handle(click("alice", stale, session, token=select.token))
            assert out.text.startswith(OUT_OF_DATE) and "\n" not in out.text and not out.replace_menu
            assert out.target.kind is TargetKind.EPHEMERAL
        assert await snapshot_of(service) == before
        # Nobody else can walk alice's menu, and a step for a seat nobody holds goes nowhere.
        (out,) = await service.handle(click("carol", select.actions[-1], session, token="0.r1.pick"))
        assert "not seated" in out.text
    finally:
        await service.close()


async def test_a_click_counts_while_its_move_is_legal_across_other_moves_and_a_new_round():
    """A KAPLOOM! menu of round 1 still plays ``ready`` in round 2: bob's moves and the new decision
    key do not stale it; it is refused only when its move is not legal for alice now."""
    engine = _kaploom()
    service = await make_service(engines={"kaploom": engine})
    try:
        await service.handle(inv("alice", "game new", game="kaploom", options="seed=4"))
        await service.handle(inv("alice", "game join"))
        await service.handle(inv("bob", "game join"))
        outs = await service.handle(inv("alice", "game start"))
        old = _screen_select(outs, "alice")
        session = service.session(CHANNEL)
        assert old.token == "0.r1.roll" and "ready" in old.actions
        users = {seat: holder for seat, holder in session.seats.items()}
        name = {USERS[n]: n for n in USERS}
        for _ in range(200):  # everyone plays their decision's default until round 2 asks alice
            pending = engine.pending(session.state)
            if session.state.round == 2 and 0 in pending:
                break
            seat, decision = next(iter(pending.items()))
            await service.handle(inv(name[users[seat].user_id], "play", action=engine.format(decision.default)))
        assert session.state.round == 2 and engine.pending(session.state)[0].key.startswith("r2")

        before = await snapshot_of(service)
        (out,) = await service.handle(click("alice", "assign 99 pow", session, token=old.token))
        assert out.text.startswith(OUT_OF_DATE) and "\n" not in out.text  # not legal now: refused
        assert await snapshot_of(service) == before
        outs = await service.handle(click("alice", "ready", session, token=old.token))
        assert outs[0].text == "Done: ready"
    finally:
        await service.close()


# -- the local table ------------------------------------------------------------------------------


async def _table(lines: list[str], tmp_path) -> tuple[int, str]:
    out = io.StringIO()
    status = await run_table(lines, out, images=tmp_path, seed=4, engines={"toy": TOY}, render=False,
                             clock="virtual")
    return status, out.getvalue()


async def test_the_table_walks_a_menu_path_with_click(tmp_path):
    start = ['alice: /game new game:toy options:"players=2 hand=30"', "alice: /game join", "bob: /game join",
             "alice: /game start"]
    status, text = await _table(start, tmp_path)
    assert status == 0
    first = re.findall(r"^\[dm:alice\] select \(24\): (.*)$", text, re.M)[-1].split(" | ")
    assert first[-1] == MORE
    status, text = await _table([*start, 'alice: click "More…"'], tmp_path)
    assert status == 0
    # The menu is replaced where it was (alice's DM), with page 2 and a way back.
    assert "[dm:alice] Your choices (page 2 of 2)" in text
    second = re.findall(r"^\[dm:alice\] select \(8\): (.*)$", text, re.M)[-1].split(" | ")
    assert second[-1] == BACK and not set(second[:-1]) & set(first)
    status, text = await _table([*start, 'alice: click "More…"', f'alice: click "{first[0]}"'], tmp_path)
    assert status == 1 and f"alice sees no button '{first[0]}' here" in text  # that page was replaced
    status, text = await _table([*start, 'alice: click "More…"', f'alice: click "{second[2]}"'], tmp_path)
    assert status == 0 and f"[ephemeral:alice] Done: {second[2]}" in text
    assert not [line for line in text.splitlines() if line.startswith("[#table]") and "select" in line]


@pytest.mark.parametrize("value", [">", ">x assign", ">0 nothing here", ">9999 pick"])
async def test_a_step_that_names_no_level_is_out_of_date(value):
    service = await make_service()
    try:
        await seated_game(service)
        before = await snapshot_of(service)
        (out,) = await service.handle(click("alice", value, service.session(CHANNEL)))
        assert out.text.startswith(OUT_OF_DATE) and "\n" not in out.text
        assert await snapshot_of(service) == before
    finally:
        await service.close()
