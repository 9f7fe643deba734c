"""POWERUP co-op professions drawn (render/powerup/bugs.py ``turret``, panel.py, text.py): the Machine-Gun
Turret is a token of its own with its ammo on a badge, each BUGBUSTER's card names its profession, the DM
text too; the pictures decode, repeat byte for byte and stay within the co-op palette."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import bands, core, describe_private, render_private, render_public
from render.powerup import board, screen
from render.powerup.style import COOP_BACKGROUND, COOP_BASE, coop_palette
from rules.core.engine import SYSTEM
from rules.powerup import ENGINE as E
from rules.powerup.board import parse_square
from rules.powerup.options import PowerupOptions

GAME = "powerup"
NAMES = {0: "alice", 1: "bob"}
pytestmark = pytest.mark.usefixtures("fresh_caches")


def _with_turret():
    """Professions picked (RAY the engineer, TOR the medic), the first BUG turn over, RAY's turret built on
    D1 with 3 ammo."""
    s = E.new_game(3, PowerupOptions(mode="arcade", mission="vips", professions="on"), ("RAY", "TOR"))
    s, _ = E.apply(s, 0, "profession engineer a")
    s, _ = E.apply(s, 1, "profession medic b")
    for _ in range(500):
        if s.coop.stage != "bug":
            break
        pending = E.pending(s)
        seat = SYSTEM if SYSTEM in pending else next(iter(pending))
        s, _ = E.apply(s, seat, pending[seat].default)
    s, _ = E.apply(s, 0, "next RAY")
    s.move_figure("RAY", square=parse_square("C1"), facing=1)
    s.powerups.pop(parse_square("D1"), None)
    s, _ = E.apply(s, 0, "turret build D1 ammo:3")
    return s


def _ops(layout) -> list[core.Op]:
    pen = core.Pen(record=True)
    layout(pen)
    assert pen.ops is not None
    return pen.ops


def _words(layout) -> list[str]:
    return [op.args[1] for op in _ops(layout) if op.name == "text"]


def test_the_turret_and_the_professions_are_drawn():
    s = _with_turret()
    view, mine = E.public_view(s), E.private_view(s, 0)
    assert view.coop.turret_ammo == 3 and view.coop.professions[0] == "Engineer: Turret Builder (a)"
    words = _words(lambda pen: board.layout(pen, view, NAMES))
    assert "MG" in words and "3" in words  # the turret's token and its ammo badge
    assert "Engineer: Turret Builder (a)" in words and "Medic: First Aid (b)" in words  # on the cards
    assert "TURRET" not in words  # a token of its own, not a grey BUG with an id
    lines = describe_private(GAME, mine, NAMES)
    assert any(line.startswith("Profession: Engineer: Turret Builder (a) · your turret: 3 ammo") for line in lines)
    for data in (render_public(GAME, view, NAMES), render_private(GAME, mine, NAMES)):
        image = Image.open(io.BytesIO(data))
        image.load()
        assert image.width == 800
    first = render_public(GAME, view, NAMES)
    bands.clear()
    core.clear_caches()
    assert render_public(GAME, view.model_copy(deep=True), NAMES) == first


def test_the_turret_changes_its_square_alone_and_keeps_to_the_palette():
    s = _with_turret()
    view = E.public_view(s)
    without = view.model_copy(update={"figures": tuple(f for f in view.figures if f.kind != "turret")})
    assert render_public(GAME, without, NAMES) != render_public(GAME, view, NAMES)
    colours = set()
    for layout in (lambda pen: board.layout(pen, view, NAMES),
                   lambda pen: screen.layout(pen, E.private_view(s, 0), NAMES)):
        for op in _ops(layout):
            ops = [op]
            if op.name == "tile":
                tile = core.Pen(record=True)
                op.args[4](tile)
                ops = tile.ops
            for o in ops:
                where = {"text": (3,), "rect": (1, 2), "circle": (2, 3), "line": (1,), "polygon": (1,)}[o.name]
                colours.update(o.args[k] for k in where if o.args[k] is not None)
        assert bands.draw(800, COOP_BACKGROUND, layout, coop_palette()) == core.draw_whole(
            800, COOP_BACKGROUND, layout, coop_palette())
    assert colours <= set(COOP_BASE), sorted(colours - set(COOP_BASE), key=str)
