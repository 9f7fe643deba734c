"""Jupiter Rescue images and text (render/jupiter) from states built by hand: the same view always
gives the same bytes, banded or whole; the public board shows every public fact and nothing hidden;
every colour drawn is in the palette; the private text names the hand."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from render import bands, core, describe_private, render_private, render_public
from render.jupiter import board, screen
from render.jupiter.style import BASE, palette
from rules.jupiter.options import JupiterOptions
from rules.jupiter.setup import new_game
from rules.jupiter.state import State
from rules.jupiter.views import PlacementView, PrivateView, PublicView, private_view, public_view

GAME = "jupiter-rescue"
NAMES = {0: "alice", 1: "Bartholomew the Unready", 2: "carol 🚀", 3: "dmitri"}
THREE = ("robot 1", "robot 2", "robot 3")


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def _open_edge(state: State, taken: set[str]) -> str:
    """An empty edge space (where the pod can dock) not in ``taken``."""
    return next(d.space for d in state.colony().docks() if d.space not in state.figures and d.space not in taken)


def _facility(state: State, kind: str) -> str:
    """Where the first ``kind`` facility stands (a Super Creep may sit there)."""
    return next(t.facility_at for t in public_view(state).tiles if t.facility == kind and not t.destroyed)


def situations() -> dict[str, State]:
    """Named states covering the board's cases."""
    out: dict[str, State] = {}
    setup = new_game(7, JupiterOptions(), THREE)
    out["setup"] = setup

    mid = setup.clone()
    mid.phase, mid.current, mid.actions_left, mid.die = "actions", 1, 3, 4
    mid.cores = (("Sniper",), ("Heat Seeker",), ("Pilot",))
    mid.hands = (("Boost",), ("Grenadier", "Teleport", "Heat Seeker"), ())
    dock = _open_edge(mid, set())
    mid.pod_dock, mid.pod_colonists, mid.pod_robots = dock, 5, (0, 2)
    mid.figures["C3"] = "R1"
    for space in ("H2", "K1", "M4", "B2", "N0"):
        mid.figures[space] = "creep"
    mid.figures[_facility(mid, "power_plant")] = "super_creep"
    mid.figures[_facility(mid, "command_dish")] = "super_creep"
    mid.destroyed = ("Q",)
    for space in [s for s in mid.figures if s[0] == "Q"]:
        del mid.figures[space]
    mid.saved, mid.lost, mid.suppressed = 7, 3, "M"
    mid.events = ("Robot 2 moves to C3.", "Robot 2 commands a Colonist from C4 to the pod.",
                  "The die shows 4: a Creep invades tiles D, G, J and N.", "Robot 2 plays Grenadier.")
    out["mid"] = mid

    solo = new_game(11, JupiterOptions(solo=True, colony="labyrinthian"), ("robot 1",))
    out["solo"] = solo

    seven = new_game(3, JupiterOptions(vulnerability=True, fast_creeps=True), tuple(f"robot {n}" for n in range(1, 8)))
    seven.phase, seven.current, seven.actions_left, seven.die = "setback", 6, 0, 6
    seven.cores = tuple((card,) for card in ("Sniper", "Swap", "Boost", "Pilot", "Bullhorn", "Teleport", "Override"))
    seven.pod_launched, seven.pod_robots, seven.pod_colonists = True, (3,), 0
    taken: set[str] = set()
    for seat in (0, 1, 2, 4, 5, 6):
        space = _open_edge(seven, taken)
        taken.add(space)
        seven.figures[space] = f"R{seat}"
    seven.out, seven.setback, seven.override = (5,), "Surge", 2
    seven.saved, seven.lost = 21, 14
    seven.discard = ("Boost", "Teleport", "Surge")
    out["seven"] = seven

    over = mid.clone()
    over.phase, over.current, over.saved, over.lost = "over", None, 28, 9
    over.pod_dock, over.pod_launched, over.pod_robots, over.pod_colonists = None, True, (0, 1, 2), 0
    del over.figures["C3"]
    out["over"] = over
    return out


STATES = situations()


def public(name: str) -> PublicView:
    view = public_view(STATES[name])
    if name == "mid":
        # The engine's status module fills these; the renderer must show them whatever fills them.
        view = view.model_copy(update={
            "placing": (PlacementView(tile="K", spaces=("K2", "K3"), chosen="K3"),),
            "in_effect": ("Grenadier",), "waiting": "Robot 2 to act: 3 actions left.",
        })
    return view


def private(name: str, seat: int) -> PrivateView:
    return private_view(STATES[name], seat).model_copy(update={"public": public(name)})


VIEWS = {name: public(name) for name in STATES}
PRIVATE = {f"{name}-{seat}": private(name, seat) for name in STATES for seat in range(len(STATES[name].seats))}


pytestmark = pytest.mark.usefixtures("fresh_caches")


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_public_board_is_deterministic_and_decodes(name):
    view = VIEWS[name]
    first = render_public(GAME, view, NAMES)
    bands.clear()
    core.clear_caches()
    assert render_public(GAME, view.model_copy(deep=True), NAMES) == first
    image = decode(first)
    assert image.width == board.WIDTH == 800
    assert 900 < image.height < 2400


@pytest.mark.parametrize("name", sorted(PRIVATE))
def test_private_screen_is_deterministic_and_decodes(name):
    view = PRIVATE[name]
    first = render_private(GAME, view, NAMES)
    core.clear_caches()
    assert render_private(GAME, view.model_copy(deep=True), NAMES) == first
    image = decode(first)
    assert image.width == screen.WIDTH
    assert 200 < image.height < 1600


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


def test_the_public_board_never_shows_hidden_facts():
    """Hands (their contents) and the deck's order are hidden: the channel's image is the same."""
    state = STATES["mid"]
    other = state.clone()
    other.hands = tuple(tuple("Swap" for _ in hand) for hand in state.hands)
    other.deck = tuple(reversed(state.deck))
    assert other.deck != state.deck and other.hands != state.hands
    assert render_public(GAME, public_view(state)) == render_public(GAME, public_view(other))
    assert render_private(GAME, private_view(state, 1)) != render_private(GAME, private_view(other, 1))


def _changed(state: State, **changes) -> bytes:
    return render_public(GAME, public_view(replace(state.clone(), **changes)))


def test_public_facts_change_the_picture():
    state = STATES["mid"]
    before = render_public(GAME, public_view(state))
    figures = dict(state.figures)
    figures["A0"] = "creep"
    assert _changed(state, figures=figures) != before
    assert _changed(state, die=5) != before
    assert _changed(state, actions_left=2) != before
    assert _changed(state, saved=8) != before
    assert _changed(state, destroyed=("Q", "L")) != before


def test_every_public_fact_of_the_moment_shows():
    """Each fact the view carries changes the picture: the pod's load, highlights, notes, seats."""
    view = VIEWS["mid"]
    before = render_public(GAME, view)
    seats = list(view.seats)
    seats[0] = seats[0].model_copy(update={"out": True})
    changes = {
        "pod": view.pod.model_copy(update={"colonists": 6}),
        "placing": (),
        "suppressed": None,
        "setback": "Power Grab",
        "in_effect": ("Grenadier", "Juggernaut"),
        "override": 0,
        "rules": ("Fast Creeps",),
        "current": 0,
        "phase": "discard",
        "waiting": "Robot 2: discard down to 3.",
        "events": (*view.events, "Robot 2 ends their turn."),
        "deck_size": view.deck_size - 1,
        "discard": ("Boost",),
        "seats": tuple(seats),
        "tracker": view.tracker.model_copy(update={"can_still_lose": 2}),
        "hand_limit": view.hand_limit - 1,
        "actions_per_turn": 9 - view.actions_per_turn,
        "result": "loss",
    }
    for field, value in changes.items():
        assert render_public(GAME, view.model_copy(update={field: value})) != before, field
    won = render_public(GAME, view.model_copy(update={"result": "win", "summary": "28 saved."}))
    lost = render_public(GAME, view.model_copy(update={"result": "loss", "summary": "28 saved."}))
    assert won != lost != before  # the banner says which, and how (lines 297-312)


def test_names_are_drawn_and_a_missing_glyph_does_not_break_them():
    view = VIEWS["seven"]
    assert render_public(GAME, view, NAMES) != render_public(GAME, view)
    assert render_private(GAME, PRIVATE["mid-1"], NAMES) != render_private(GAME, PRIVATE["mid-1"])


def test_describe_private_lists_the_hand_and_the_core():
    lines = describe_private(GAME, PRIVATE["mid-1"], NAMES)
    text = "\n".join(lines)
    for card in ("Grenadier", "Teleport", "Heat Seeker"):
        assert f"**{card}**" in text
    assert "Core ability: **Heat Seeker**" in text
    assert "`play teleport <space>`" in text
    assert "Grenadier + Heat Seeker" in text  # a combo the hand makes
    assert "Bartholomew" in lines[0]
    assert all(len(line) <= 300 for line in lines)
    solo = "\n".join(describe_private(GAME, PRIVATE["solo-0"]))
    assert solo.count("**") >= 4 and "Core abilities" in solo  # both dealt cards are cores (line 346)
    empty = describe_private(GAME, PRIVATE["mid-2"])
    assert any("hand is empty" in line for line in empty)


def test_the_colony_fits_the_tiles_wherever_they_lie():
    """A tile moved outside the usual hexagon still lies inside the picture."""
    state = STATES["mid"].clone()
    tiles = list(state.tiles)
    tiles[8] = replace(tiles[8], hex=(4, -2))  # tile J, far to the east
    state.tiles = tuple(tiles)
    data = render_public(GAME, public_view(state))
    assert decode(data).width == board.WIDTH
    assert data != render_public(GAME, public_view(STATES["mid"]))
