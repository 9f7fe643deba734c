"""Retro Bots vs Rogues images and text (render/retro) from states built by hand: the same view always
gives the same bytes, banded or whole; the public board shows every public fact and nothing hidden
(programs are secret until they run); every colour drawn is in the palette; the private text spells
out the program."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from render import bands, core, describe_private, render_private, render_public, renderer
from render.retro import board, screen
from render.retro.style import BASE, DANGER, OK, palette
from rules.retro import setup
from rules.retro.present import public_view
from rules.retro.state import Cursor, State
from rules.retro.views import PrivateView, PublicView

GAME = "retro-bots"
NAMES = {0: "alice", 1: "Bartholomew the Unready of Much Wenlock-upon-Thames", 2: "carol 🚀🤖", 3: "dmitri"}
TYPES = ("treadbot", "shotbot", "nanobot", "treadbot")


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def new(n: int, seed: int = 3, **options) -> State:
    state = setup.new_state(seed, tuple(f"retro {k + 1}" for k in range(n)), **options)
    state.retro_types = TYPES[:n]
    setup.place_retros(state)
    return state


def _rogue_ids(state: State) -> list[str]:
    return sorted(k for k, b in state.bots.items() if b.is_rogue)


def situations() -> dict[str, State]:
    """Named states covering the board's cases."""
    out: dict[str, State] = {}
    out["setup"] = setup.new_state(5, ("retro 1", "retro 2"))

    two = new(2)
    two.phase, two.round, two.locked = "program", 1, (True, False)
    two.programs = (("F2", "R", "F1"), ("F1",))
    two.events = ("Round 1: the Rogue cards are dealt.",)
    out["two"] = two

    four = new(4, crates=True, bossbot=True, minionbot=True)
    four.phase, four.round = "run", 3
    bots = four.bots
    bots["R0"] = replace(bots["R0"], x=2, y=1, outside=None, facing="E")
    bots["R1"] = replace(bots["R1"], x=9, y=3, outside=None, facing="S", stunned=True)
    rogues = _rogue_ids(four)
    for k in (3, 6):
        bots[rogues[k]] = replace(bots[rogues[k]], stunned=True)
    del bots["crate3"]
    four.filled = ((5, 5),)
    four.catastrophes, four.discard = ("meltdown",), ("power_surge",)
    four.upgrades = (("armor",), (), ("turbo", "memory"), ())
    four.kept = (("servobot", "visebot"), (), ("hazbot",), ())
    four.cursor = Cursor(seat=0, index=3, stop=6, hacking=True, choice="shove")
    four.ran = ("F2", "R", "PROGRAM")
    four.queue = (f"rogue:{rogues[0]}", f"rogue:{rogues[1]}", "retro:0", "rogues:1", "retro:1", "rogues:2", "retro:2",
                  "rogues:3", "retro:3")
    four.programs = (("F2", "R", "PROGRAM", "F1", "SHOVE", "L"), ("F1", "F1"), ("PROGRAM",), ("U",))
    four.bank, four.rush, four.jammed_until, four.pry_bar = 12.4, True, 3, 1
    four.events = tuple(f"Servobot {k} moves 5 squares and turns right at the wall." for k in range(1, 9))
    out["four"] = four

    over = four.clone()
    over.cursor, over.ran, over.queue, over.phase = None, (), (), "over"
    over.catastrophes = ("meltdown", "factory_fire", "grid_collapse")
    over.result, over.summary = "loss", "Three Catastrophes face up: the Rogues win."
    out["over"] = over

    won = new(3, seed=9, minionbot=True)
    won.bots = {k: b for k, b in won.bots.items() if not b.is_rogue}
    won.phase, won.round, won.result, won.summary = "over", 6, "win", "Every Rogue is disabled in 6 rounds."
    won.timer = 0
    out["won"] = won
    return out


STATES = situations()
WAITING = {"four": "Retro 1 (alice): SHOVE the Bot in front left, right or forward.", "two": "Retro 2 to program."}


def public(name: str) -> PublicView:
    return public_view(STATES[name], WAITING.get(name, ""))


def private(name: str, seat: int, **changes) -> PrivateView:
    fields = dict(
        public=public(name), seat=seat, program=("F2", "R", "SHOVE"), locked=False,
        counters_left=(("rotate", 2), ("move", 2), ("move3", 1), ("backup2", 1), ("uturn", 1), ("shove", 0),
                       ("beam", 1), ("program", 3)),
        limits=(("loader", 1), ("shooter", 1)), program_max=6, must_enter=seat != 0 or name == "two",
        runs_if_stunned=3, choices=("F1", "F2", "L", "R", "undo", "lock"),
    )
    fields.update(changes)
    return PrivateView(**fields)


VIEWS = {name: public(name) for name in STATES}
PRIVATE = {
    "two-1": private("two", 1),
    "four-1": private("four", 1, program=("F1", "F1"), locked=True, program_max=7),
    "four-2": private("four", 2, program=(), limits=(("hacker", 7),), choices=()),
    "over-0": private("over", 0, program=("F1", "F2", "L", "R", "U", "B2", "F3"), program_max=7),
}


pytestmark = pytest.mark.usefixtures("fresh_caches")


def test_registered():
    assert renderer(GAME).__name__ == "render.retro"


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_public_board_is_deterministic_and_decodes(name):
    view = VIEWS[name]
    first = render_public(GAME, view, NAMES)
    bands.clear()
    core.clear_caches()
    assert render_public(GAME, view.model_copy(deep=True), NAMES) == first
    image = decode(first)
    assert image.width == board.WIDTH == 800
    assert 1000 < image.height < 2600


@pytest.mark.parametrize("name", sorted(PRIVATE))
def test_private_screen_is_deterministic_and_decodes(name):
    view = PRIVATE[name]
    first = render_private(GAME, view, NAMES)
    core.clear_caches()
    assert render_private(GAME, view.model_copy(deep=True), NAMES) == first
    image = decode(first)
    assert image.width == screen.WIDTH == 800
    assert 600 < image.height < 1600


def test_banded_drawing_equals_the_whole_picture():
    pictures = [(board.WIDTH, board.BACKGROUND, lambda pen, v=v: board.layout(pen, v, NAMES)) for v in VIEWS.values()]
    pictures += [(screen.WIDTH, screen.BACKGROUND, lambda pen, v=v: screen.layout(pen, v, NAMES))
                 for v in PRIVATE.values()]
    reused = bands.stats["reused"]
    for _ in range(2):  # cold, then warm from the pictures before
        for width, background, layout in pictures:
            assert bands.draw(width, background, layout, palette()) == core.draw_whole(
                width, background, layout, palette())
    assert bands.stats["reused"] > reused


def test_every_colour_drawn_is_in_the_palette():
    """Anti-aliased edges are mapped to the nearest colour; flat fills must be exact."""
    colours = set()
    layouts = [lambda pen, v=v: board.layout(pen, v, NAMES) for v in VIEWS.values()]
    layouts += [lambda pen, v=v: screen.layout(pen, v, NAMES) for v in PRIVATE.values()]
    for layout in layouts:
        pen = core.Pen(record=True)
        layout(pen)
        for op in pen.ops:
            where = {"text": (3,), "rect": (1, 2), "circle": (2, 3), "line": (1,), "polygon": (1,)}[op.name]
            colours.update(op.args[k] for k in where if op.args[k] is not None)
    assert colours <= set(BASE), sorted(colours - set(BASE))
    assert len(BASE) <= 256


@pytest.mark.parametrize("name", ["two", "four"])
def test_the_public_board_never_shows_hidden_facts(name):
    """Programs (secret until they run) and the Calamity deck's order: the channel's image is the same."""
    state = STATES[name]
    other = state.clone()
    other.programs = tuple(("U", "B2", "F3") for _ in state.programs)
    other.deck = tuple(reversed(state.deck))
    assert other.programs != state.programs and other.deck != state.deck
    waiting = WAITING.get(name, "")
    assert render_public(GAME, public_view(state, waiting), NAMES) == render_public(
        GAME, public_view(other, waiting), NAMES)


def test_the_private_screen_shows_the_program():
    view = PRIVATE["two-1"]
    assert render_private(GAME, view) != render_private(GAME, view.model_copy(update={"program": ("F1", "L")}))
    assert render_private(GAME, view) != render_private(GAME, view.model_copy(update={"must_enter": False}))
    assert render_private(GAME, view) != render_private(GAME, view.model_copy(update={"locked": True}))


def test_a_stunned_bot_looks_different():
    state = STATES["two"]
    rogue = _rogue_ids(state)[0]
    before = render_public(GAME, public_view(state))
    for bot_id in (rogue, "R0"):
        other = state.clone()
        other.bots[bot_id] = replace(other.bots[bot_id], stunned=True)
        assert render_public(GAME, public_view(other)) != before, bot_id


def test_public_facts_change_the_picture():
    view = VIEWS["four"]
    before = render_public(GAME, view)
    seats = list(view.seats)
    seats[2] = seats[2].model_copy(update={"locked": True, "upgrades": ("Turbo",), "kept": ()})
    bots = list(view.bots)
    bots[0] = bots[0].model_copy(update={"facing": "N"})
    changes = {
        "round": 4, "phase": "surrender", "catastrophes": ("Meltdown", "Factory Fire"), "deck_size": 3,
        "last_calamity": "Reboot", "timer": 30, "bank": 0.0, "rush": False, "jammed": False, "run": None,
        "queue": (), "waiting": "Anyone may surrender an Upgrade.", "events": ("Retro 3 runs F1.",),
        "pry_bar": 2, "seats": tuple(seats), "bots": tuple(bots), "filled": (), "rogues_left": 3,
        "rogue_supply": (), "run.hacking": False, "run.shown": ("F2",), "run.runs": 3,
    }
    for field, value in changes.items():
        if field.startswith("run."):
            changed = view.model_copy(update={"run": view.run.model_copy(update={field[4:]: value})})
        else:
            changed = view.model_copy(update={field: value})
        assert render_public(GAME, changed) != before, field


def test_a_finished_game_shows_the_banner():
    for name, colour in (("over", DANGER), ("won", OK)):
        view = VIEWS[name]
        image = decode(render_public(GAME, view)).convert("RGB")
        title = round(34 * 2.6)  # the banner follows the title bar (no waiting line once over)
        assert image.getpixel((board.WIDTH - 4, title + 4)) == colour, name
        assert render_public(GAME, view) != render_public(GAME, view.model_copy(update={"result": None}))
    assert render_public(GAME, VIEWS["over"]) != render_public(GAME, VIEWS["over"].model_copy(
        update={"result": "win"}))


def test_names_are_drawn_and_odd_names_do_not_break_them():
    for name, view in VIEWS.items():
        assert render_public(GAME, view, NAMES) != render_public(GAME, view), name
    odd = {0: "🚀🚀🚀", 1: "x" * 300, 2: "\u200b\u202e", 3: "名前 " * 40}
    for view in VIEWS.values():
        assert decode(render_public(GAME, view, odd)).width == 800
    for view in PRIVATE.values():
        assert decode(render_private(GAME, view, odd)).width == 800
        assert describe_private(GAME, view, odd)


def test_describe_private_spells_out_the_program():
    lines = describe_private(GAME, PRIVATE["two-1"], NAMES)
    text = "\n".join(lines)
    assert "Bartholomew" in lines[0] and "Shotbot" in lines[0]
    assert "1. `F2` Move 2" in text and "2. `R` Rotate right" in text and "3. `SHOVE` Shove" in text
    assert "(3/6, not locked)" in text
    assert "TRACTOR / FORCER ×1" in text and "SHOVE ×0" not in text
    assert "loader 1 of 1" in text
    shuffled = PRIVATE["two-1"].model_copy(update={"counters_left": tuple(sorted(PRIVATE["two-1"].counters_left))})
    assert describe_private(GAME, shuffled, NAMES) == lines  # counters in the house order, whatever the view's
    assert render_private(GAME, shuffled, NAMES) == render_private(GAME, PRIVATE["two-1"], NAMES)
    assert "outside the south door: your first instruction must move it in through the door" in text
    assert f"you move the {STATES['two'].dealt[1].capitalize()}s" in text
    assert all(len(line) <= 400 for line in lines)
    stunned = "\n".join(describe_private(GAME, PRIVATE["four-1"]))
    assert "Stunned: only your first 3 instructions will run." in stunned and "locked" in stunned
    upgrades = "\n".join(describe_private(GAME, PRIVATE["four-2"]))
    assert "**Turbo**" in upgrades and "program is empty" in upgrades


def test_figures_waiting_at_the_same_door_are_all_drawn():
    """A Surplus Rogue coming in where a Retro waits: both show, side by side along the wall."""
    state = STATES["two"].clone()
    retro = state.bots["R0"]
    alone = render_public(GAME, public_view(state))
    state.bots["servobot9"] = replace(retro, id="servobot9", kind="servobot")
    both = render_public(GAME, public_view(state))
    assert both != alone
    state.bots["servobot9"] = replace(state.bots["servobot9"], x=retro.x + 1)  # one square along
    assert render_public(GAME, public_view(state)) != both


def test_still_to_run_names_the_rogues_and_retros():
    from render.retro.panel import _queue_text

    view = VIEWS["four"]
    text = _queue_text(view)
    card = STATES["four"].dealt[1].capitalize()
    assert f"Retro 1 ▸ {card}s ▸ Retro 2 ▸" in text and text.endswith("Retro 4")
