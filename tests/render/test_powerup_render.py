"""POWERUP images and text (render/powerup) from views built by hand on the data's DEATHMATCH boards:
the same view always gives the same bytes, banded or whole; every board size draws; the public board
shows the public facts and nothing private (a seat's hand, its team's secrets); every colour drawn is
in the palette; the private screen and its text show the hand."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from render import bands, core, describe_private, render_private, render_public, renderer
from render.powerup import board, screen
from render.powerup.grid import draw_board, frame_for
from render.powerup.style import BASE, palette
from rules.powerup.board import board as geometry
from rules.powerup.data import game_data
from rules.powerup.views import (
    BugView,
    BusterView,
    CardView,
    CellView,
    CoopView,
    FigureView,
    ItemView,
    PrivateView,
    PublicView,
    SheetView,
)

GAME = "powerup"
NAMES = {0: "alice", 1: "Bartholomew the Unready of Much Wenlock-upon-Thames", 2: "carol 🚀🤖", 3: "dmitri",
         4: "eve", 5: "frank"}
SHEETS = ("RAY", "TOR", "MAI", "PNK", "LPZ", "MAC")  # seat k plays SHEETS[k]; even seats RED, odd BLU


def cells(seats: int) -> tuple[tuple[tuple[int, ...], ...], tuple[CellView, ...]]:
    """The data's DEATHMATCH board for ``seats``: its face rows and every square."""
    faces = game_data().board(seats).faces
    b = geometry(faces)
    return faces, tuple(CellView(x=x, y=y, floor=b.floor[(x, y)], feature=b.feature[(x, y)], face=b.face_at((x, y)))
                        for (x, y) in b.squares())


def figure(ident: str, x: int, y: int, **changes) -> FigureView:
    kind = "robot" if ident.startswith("ROBOT-") else "drum" if ident.startswith("DRUM") else "buster"
    team = ident[6:] if kind == "robot" else ""
    fields = dict(id=ident, kind=kind, team=team, x=x, y=y, facing=">", carried_by="", cargo="", lives=0,
                  protected=False, effects=(), home=False)
    fields.update(changes)
    return FigureView(**fields)


BLASTER = ItemView(id="RAY.blaster", name="Blaster", slot="distance", text="R +1W range 4 speed 1 piercing")
AXE = ItemView(id="TOR.axe", name='Axe "Mama"', slot="melee", text="M +1Y piercing")
KEVLAR = ItemView(id="E31", name="Kevlar Vest", slot="armor", text="armor +1, lost on a big hit")
SMG = ItemView(id="E15", name="SMG", slot="distance", text="R +2W range 4 speed 2 DOUBLE")


def buster_view(seat: int, **changes) -> BusterView:
    sheet = SHEETS[seat]
    team = "RED" if seat % 2 == 0 else "BLU"
    fields = dict(seat=seat, label=f"{team}-{sheet}", sheet=sheet, team=team, lives=3, rp=2, rp_max=3, ammo=3,
                  ammo_max=4, armor=1, melee="1W1Y", ranged="2W", equipped=(BLASTER,), owned=(), epic=False,
                  hand_size=2, coins=0, captures=0, kills=0, deaths=0, played=False)
    fields.update(changes)
    return BusterView(**fields)


def public_view(seats: int, **changes) -> PublicView:
    faces, squares = cells(seats)
    fields = dict(
        title=f"DEATHMATCH · {seats} players", phase="play", width=len(faces[0]) * 3, height=len(faces) * 3,
        faces=faces, cells=squares, gate_off="", shut=(), powerups=(), secrets=(), fire=(), covers=(), coins=(),
        bases=(("RED", "C1"), ("BLU", "G1" if seats < 6 else "J1")), figures=(), busters=(), sequence=1, round=1,
        mark="", order=tuple(range(seats)), initiative=(0,) * seats, active=0, ap=4, score=(0, 0), placing="",
        waiting="", last_roll=(), events=(), winner="")
    fields.update(changes)
    return PublicView(**fields)


def four() -> PublicView:
    """Mid-game on the 4-seat board: RAY carries BLU's robot home, TOR shielded, MAI just respawned."""
    blu_home = "G1"
    figures = (
        figure("RAY", 3, 3, team="RED", lives=3, cargo="ROBOT-BLU"),
        figure("ROBOT-BLU", 3, 3, team="BLU", carried_by="RAY"),
        figure("TOR", 5, 3, team="BLU", facing="<", lives=2, effects=("armor +1",)),
        figure("MAI", 1, 0, team="RED", lives=3, protected=True),
        figure("PNK", 7, 5, team="BLU", facing="<", lives=1),
        figure("ROBOT-RED", 2, 0, team="RED", home=True),
        figure("DRUM1", 2, 3),
        figure("DRUM2", 7, 2),
    )
    busters = (
        buster_view(0, rp=1, ammo=2, hand_size=3, coins=4, kills=1, equipped=(BLASTER, KEVLAR), armor=2,
                    played=False),
        buster_view(1, lives=2, rp=2, rp_max=2, ammo=1, ammo_max=2, armor=2, melee="1W2Y", ranged="1W",
                    equipped=(AXE,), owned=(SMG,), hand_size=4, played=True, deaths=1),
        buster_view(2, lives=3, rp=5, rp_max=5, ammo=2, ammo_max=2, armor=0, deaths=1, played=True, epic=True),
        buster_view(3, lives=1, rp=0, rp_max=4, ammo=0, ammo_max=4, coins=2, captures=1),
    )
    return public_view(
        4, gate_off="D1", shut=("F1",), powerups=(("B9", True), ("F8", False), ("I9", True), ("C6", True),
                                                  ("E4", False), ("H6", False), ("B3", True), ("E2", True)),
        secrets=("A4", "G8", "D3"), fire=("D8",), covers=("C3",), coins=(("I3", 2), ("F4", 1)),
        bases=(("RED", "C1"), ("BLU", blu_home)), figures=figures, busters=busters, sequence=3, round=1,
        mark="relight", order=(1, 2, 0, 3), initiative=(0, 2, 5, 0), active=0, ap=3, score=(1, 0),
        waiting="RED-RAY (alice) to act: 3 AP left.",
        last_roll=(("W", "skull"), ("W", "blank"), ("Y", "skull2"), ("Y", "pow"), ("Y", "bug")),
        events=("TOR attacks RAY: 2 hits, armor 2: no damage.", "RAY picks up BLU's robot at G1.",
                "MAI respawns at B1 (protected).", "RAY moves to D4."))


def two() -> PublicView:
    figures = (
        figure("RAY", 4, 2, team="RED", lives=2, facing=">"),
        figure("TOR", 6, 3, team="BLU", facing="<", lives=3, effects=("armor +2", "pause", "moves 3")),
        figure("ROBOT-RED", 0, 2, team="RED", home=False),  # fallen: not home, not carried
        figure("ROBOT-BLU", 7, 0, team="BLU", home=True),
        figure("DRUM1", 4, 4),
    )
    busters = (buster_view(0, lives=2, hand_size=1), buster_view(1, hand_size=4, coins=7, ammo=0, played=True))
    return public_view(2, figures=figures, busters=busters, bases=(("RED", "B3"), ("BLU", "H1")),
                       powerups=(("A5", True), ("F3", False), ("H6", True), ("B1", True), ("E6", False),
                                 ("I2", True)), secrets=("C6", "I5", "D3"), coins=(("E3", 3),), fire=("C3",),
                       order=(1, 0), active=0, ap=4, sequence=9, round=2, last_roll=(("W", "skull"),),
                       events=("Sequence 9 begins.",))


def six() -> PublicView:
    figures = tuple(figure(SHEETS[k], x, y, team="RED" if k % 2 == 0 else "BLU", lives=3 - k % 3,
                           facing=">" if k % 2 == 0 else "<")
                    for k, (x, y) in enumerate(((0, 0), (11, 0), (1, 2), (10, 3), (4, 6), (8, 8))))
    figures += (figure("ROBOT-RED", 2, 0, team="RED", home=True), figure("ROBOT-BLU", 9, 0, team="BLU", home=True),
                figure("DRUM1", 5, 3), figure("DRUM2", 6, 6, carried_by="", cargo=""))
    busters = tuple(buster_view(k, lives=3 - k % 3) for k in range(6))
    return public_view(6, figures=figures, busters=busters, bases=(("RED", "C1"), ("BLU", "J1")),
                       powerups=tuple((sq, k % 3 != 0) for k, sq in enumerate(
                           ("B3", "E2", "H1", "K3", "A7", "E4", "H6", "L6", "C9", "F9", "H7", "K8"))),
                       secrets=("D7", "J7", "F5", "B6"), order=(5, 4, 3, 2, 1, 0), active=5, ap=2,
                       initiative=(0, 0, 3, 4, 0, 0), sequence=4, round=1, mark="relight")


def setup_view() -> PublicView:
    return public_view(2, phase="place", sequence=0, round=0, order=(), initiative=(), active=-1, ap=0,
                       powerups=(("B1", True), ("H6", True)), placing="BLU places a POWERUP (2 of 6 placed).",
                       waiting="BLU team (Bartholomew…) to place a POWERUP on a tile without one.",
                       figures=(figure("ROBOT-RED", 2, 0, team="RED", home=True),
                                figure("ROBOT-BLU", 6, 0, team="BLU", home=True)),
                       busters=(buster_view(0), buster_view(1)), bases=(("RED", "C1"), ("BLU", "G1")))


def over_view() -> PublicView:
    return two().model_copy(update={"phase": "over", "winner": "RED", "score": (2, 1), "active": -1, "waiting": "",
                                    "events": ("RAY brings BLU's robot home: RED scores its 2nd capture and wins.",)})


VIEWS = {"two": two(), "four": four(), "six": six(), "setup": setup_view(), "over": over_view()}

CARDS = (
    CardView(name="Fury", letter="E", type="trick", cost="free", text="Must be used with a melee attack. Add 1 yellow die."),
    CardView(name="Medikit", letter="I", type="special", cost="1 RP", text="Recover 1 life point."),
    CardView(name="Epic joker", letter="*", type="special", cost="free", text="Use this card as any letter to form EPIC."),
    CardView(name="Copycat", letter="P", type="trick", cost="2 RP", text=game_data().pow("Copycat").text),
)


def private_view(seat: int = 0, public: PublicView | None = None, **changes) -> PrivateView:
    public = public if public is not None else VIEWS["four"]
    fields = dict(
        public=public, seat=seat, label=f"{'RED' if seat % 2 == 0 else 'BLU'}-{SHEETS[seat]}", hand=CARDS,
        team_hands=(("RED-MAI", (CARDS[1],)),), team_secrets=(("A4", "coins3"), ("D3", "trap")), to_hide=(),
        start="B2", asked="",
        legal=tuple(f"move {d}" for d in ("left", "right")) + ("jump right", "jump up-right", "climb up", "rest",
                                                               "attack TOR melee", "attack TOR ranged")
        + tuple(f"play {c.name}" for c in CARDS) + tuple(f"drop robot at {s}" for s in ("C4", "E4", "D5"))
        + tuple(f"throw DRUM1 at {s}" for s in ("E4", "F4", "G4", "H4", "I4", "E5")) + ("end turn",),
    )
    fields.update(changes)
    return PrivateView(**fields)


PRIVATE = {
    "four-0": private_view(0),
    "two-1": private_view(1, VIEWS["two"], label="BLU-TOR", hand=(), team_hands=(), team_secrets=(("I5", "powerup"),),
                          asked="Choose where spikes push you: left or right.", legal=("push left", "push right")),
    "setup-0": private_view(0, VIEWS["setup"], hand=(), team_hands=(), team_secrets=(), to_hide=("coins3", "trap"),
                            start="", legal=("hide coins3 at A2", "hide trap at A2")),
}


pytestmark = pytest.mark.usefixtures("fresh_caches")


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_registered():
    assert renderer(GAME).__name__ == "render.powerup"


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_public_board_is_deterministic_and_decodes(name):
    view = VIEWS[name]
    first = render_public(GAME, view, NAMES)
    bands.clear()
    core.clear_caches()
    assert render_public(GAME, view.model_copy(deep=True), NAMES) == first
    assert render_public(GAME, view, NAMES) == first  # warm caches
    image = decode(first)
    assert image.width == board.WIDTH == 800
    assert 900 < image.height < 3000


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_every_board_size_draws_its_squares(seats):
    view = {2: VIEWS["two"], 4: VIEWS["four"], 6: VIEWS["six"]}[seats]
    assert (view.width, view.height) == {2: (9, 6), 4: (9, 9), 6: (12, 9)}[seats]
    pen = core.Pen(record=True)
    board.layout(pen, view, NAMES)
    tiles = [op for op in pen.ops if op.name == "tile" and op.args[3][0] == "powerup-cell"]
    assert len(tiles) == view.width * view.height
    terrain = {(floor, feature) for floor, feature in ((c.floor, c.feature) for c in view.cells)}
    assert {key[2:4] for key in (op.args[3] for op in tiles)} == terrain


@pytest.mark.parametrize("name", sorted(PRIVATE))
def test_private_screen_is_deterministic_and_decodes(name):
    view = PRIVATE[name]
    first = render_private(GAME, view, NAMES)
    core.clear_caches()
    assert render_private(GAME, view.model_copy(deep=True), NAMES) == first
    image = decode(first)
    assert image.width == screen.WIDTH == 800
    assert 700 < image.height < 3000


def test_banded_drawing_equals_the_whole_picture():
    pictures = [lambda pen, v=v: board.layout(pen, v, NAMES) for v in VIEWS.values()]
    pictures += [lambda pen, v=v: screen.layout(pen, v, NAMES) for v in PRIVATE.values()]
    reused = bands.stats["reused"]
    for _ in range(2):  # cold, then warm from the pictures before
        for layout in pictures:
            assert bands.draw(800, board.BACKGROUND, layout, palette()) == core.draw_whole(
                800, board.BACKGROUND, layout, palette())
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
            if op.name == "tile":  # a square's terrain: drawn on a pen of its own
                tile = core.Pen(record=True)
                op.args[4](tile)
                ops = tile.ops
            else:
                ops = [op]
            for o in ops:
                where = {"text": (3,), "rect": (1, 2), "circle": (2, 3), "line": (1,), "polygon": (1,)}[o.name]
                colours.update(o.args[k] for k in where if o.args[k] is not None)
    assert colours <= set(BASE), sorted(colours - set(BASE), key=str)
    assert len(BASE) <= 256


def _texts(layout) -> set[str]:
    pen = core.Pen(record=True)
    layout(pen)
    return {op.args[1] for op in pen.ops if op.name == "text"}


def _twins():
    """Two games alike in all the table sees, unlike in everything hidden: the cards in the hands, what the
    face-down tokens are, the tokens still to hide, the start squares."""
    from rules.powerup import ENGINE
    from tests.rules.powerup.conftest import play_state

    twins = []
    for hands, tokens, start in ((("Fury|E", "Medikit|P"), "RED:trap", (0, 0)),
                                 (("Shield|I", "Teleport|C"), "RED:coins3", (1, 0))):
        s = play_state(labels=("RED-RAY", "RED-ANA", "BLU-TOR", "BLU-MAC"))
        s.pow_deck = tuple(c for c in s.pow_deck if c not in ("Fury|E", "Medikit|P", "Shield|I", "Teleport|C"))
        s.pow_discard = tuple(c for c in ("Fury|E", "Medikit|P", "Shield|I", "Teleport|C") if c not in hands)
        s.set_buster(0, hand=hands, start=start)
        s.secrets[(4, 4)] = tokens
        s.to_hide = (("trap",) if start == (0, 0) else ("coins1",), (), (), ())
        twins.append(ENGINE.public_view(s))
    return twins


def test_the_public_board_never_shows_private_facts():
    """Two games that differ only in what is hidden draw the same public board; the channel's image names
    no card in a hand and no token a team hid, which the seat's own screen does."""
    a, b = _twins()
    assert a == b and render_public(GAME, a, NAMES) == render_public(GAME, b, NAMES)
    mine = PRIVATE["four-0"]
    private = {c.name for c in CARDS} | {"$3", "TRAP", "3 coins", "Buggie Trap", "START"}
    public_texts = _texts(lambda pen: board.layout(pen, mine.public, NAMES))
    screen_texts = _texts(lambda pen: screen.layout(pen, mine, NAMES))
    assert public_texts & private == set()
    assert private <= screen_texts  # the start square B2 is empty: its START word is drawn


def _board_texts(view: PublicView, **private) -> list[str]:
    pen = core.Pen(record=True)
    draw_board(pen, view, frame_for(view, 800, 0, 64), **private)
    return [op.args[1] for op in pen.ops if op.name == "text"]


def test_secret_tokens_lie_face_down_except_on_their_team_s_map():
    view = VIEWS["four"]
    public = _board_texts(view)
    assert public.count("?") == len(view.secrets) == 3
    known = screen.known_secrets(PRIVATE["four-0"])  # A4 coins3, D3 trap
    mine = _board_texts(view, me="RAY", known=known, start="B2")
    assert mine.count("?") == 1 and "$3" in mine and "TRAP" in mine and "START" in mine
    assert "$3" not in public and "TRAP" not in public


def test_public_facts_change_the_board():
    view = VIEWS["four"]
    before = render_public(GAME, view)
    figures = list(view.figures)
    figures[0] = figures[0].model_copy(update={"facing": "<"})
    moved = list(view.figures)
    moved[2] = moved[2].model_copy(update={"x": 6})
    busters = list(view.busters)
    busters[1] = busters[1].model_copy(update={"lives": 1})
    changes = {
        "gate_off": "H1", "shut": (), "powerups": (("B9", False),), "secrets": ("A4",), "fire": (), "covers": (),
        "coins": (("I3", 3),), "figures": tuple(figures), "busters": tuple(busters), "sequence": 4, "round": 2,
        "mark": "", "order": (0, 1, 2, 3), "initiative": (0, 0, 0, 0), "active": 3, "ap": 1, "score": (1, 1),
        "waiting": "", "last_roll": (("Y", "bug"),), "events": ("Something else.",), "placing": "RED places a drum.",
        "bases": (("RED", "A1"), ("BLU", "G1")),
    }
    for field, value in changes.items():
        assert render_public(GAME, view.model_copy(update={field: value})) != before, field
    assert render_public(GAME, view.model_copy(update={"figures": tuple(moved)})) != before


@pytest.mark.parametrize("field,value", [
    ("hand", CARDS[:1]), ("team_hands", ()), ("team_secrets", ()), ("to_hide", ("coins5",)), ("start", "A1"),
    ("asked", "Choose a face."), ("legal", ("end turn",)),
])
def test_private_facts_change_the_screen(field, value):
    view = PRIVATE["four-0"]
    assert render_private(GAME, view, NAMES) != render_private(GAME, view.model_copy(update={field: value}), NAMES)


def test_the_private_screen_shows_its_own_hand_not_the_rest():
    """Two seats of one game see different screens; describe_private names the hand's cards."""
    lines = describe_private(GAME, PRIVATE["four-0"], NAMES)
    text = "\n".join(lines)
    assert "alice" in lines[0] and "RED-RAY" in lines[0]
    for card in CARDS:
        assert card.name in text
    assert "Medikit" in text and "RED-MAI" in text  # the teammate's hand
    assert "A4 3 coins" in text and "D3 Buggie Trap" in text  # the team's secrets
    assert "your turn, 3 AP left" in lines[0]
    assert "move left" in text and "more" in text
    assert all(len(line) <= 400 for line in lines)
    empty = "\n".join(describe_private(GAME, PRIVATE["two-1"], NAMES))
    assert "no POW! cards" in empty and "spikes push you" in empty
    hiding = "\n".join(describe_private(GAME, PRIVATE["setup-0"], NAMES))
    assert "3 coins (`coins3`)" in hiding and "Buggie Trap (`trap`)" in hiding


def test_names_are_drawn_and_odd_names_do_not_break_them():
    for name, view in VIEWS.items():
        assert render_public(GAME, view, NAMES) != render_public(GAME, view), name
    odd = {0: "🚀🚀🚀", 1: "x" * 300, 2: "\u200b\u202e", 3: "名前 " * 40}
    for view in VIEWS.values():
        assert decode(render_public(GAME, view, odd)).width == 800
    for view in PRIVATE.values():
        assert decode(render_private(GAME, view, odd)).width == 800
        assert describe_private(GAME, view, odd)


def test_a_long_list_of_actions_is_cut():
    many = tuple(f"move to {c}{r}" for c in "ABCDEFGHI" for r in range(1, 10))
    view = PRIVATE["four-0"].model_copy(update={"legal": many})
    image = decode(render_private(GAME, view, NAMES))
    assert image.height < 3000
    assert render_private(GAME, view, NAMES) != render_private(
        GAME, view.model_copy(update={"legal": many[:-1]}), NAMES)  # "+N more" counts them
    text = "\n".join(describe_private(GAME, view, NAMES))
    assert f"+{len(many) - 20} more" in text
    long = view.model_copy(update={"legal": tuple(f"throw DRUM{k} at the far corner of the board" for k in range(30))})
    lines = describe_private(GAME, long, NAMES)
    assert all(len(line) <= 400 for line in lines) and "more" in lines[-2]


def test_odd_views_still_draw():
    """Squares off the board, unknown faces and letters, many dice and lives, no figures: no crash, and
    nothing is drawn outside the board's frame."""
    view = VIEWS["four"]
    odd = view.model_copy(update={
        "powerups": (("Z99", True), ("", False), ("A0", True)), "secrets": ("??", "J1"), "gate_off": "Q3",
        "shut": ("A99",), "fire": ("K1",), "covers": ("1A",), "coins": (("A1", 0), ("B1", 99)),
        "bases": (("RED", "nowhere"),), "last_roll": tuple(("WY"[k % 2], ("blank", "odd", "pow")[k % 3])
                                                          for k in range(30)),
        "order": (0, 1, 7), "initiative": (1,), "active": 7, "busters": (buster_view(0, lives=12, equipped=()),),
        "figures": (figure("RAY", 0, 0, team="RED", lives=12, effects=("a very long effect name +3",) * 3),
                    figure("THING", 8, 8), figure("RAY2", 20, 20, team="RED")),
        "events": ("x" * 500,), "title": "", "mark": "something",
    })
    assert decode(render_public(GAME, odd, NAMES)).width == 800
    screen_view = PRIVATE["four-0"].model_copy(update={
        "public": odd, "hand": tuple(CardView(name="?" * 40, letter="Q", type="odd", cost="", text="word " * 200)
                                     for _ in range(6)),
        "team_secrets": (("Z9", "trap"), ("A1", "coins3"), ("A1", "trap")), "to_hide": ("mystery",) * 12})
    assert decode(render_private(GAME, screen_view, NAMES)).width == 800
    assert describe_private(GAME, screen_view, NAMES)
    empty = view.model_copy(update={"figures": (), "busters": (), "order": (), "initiative": (), "last_roll": (),
                                    "events": (), "sequence": 0, "active": -1})
    assert decode(render_public(GAME, empty, NAMES)).width == 800
    fr = frame_for(odd, 800, 0, board.SQUARE)
    pen = core.Pen(record=True)
    draw_board(pen, odd, fr, known={"Z9": "TRAP"}, start="Z1")
    bottom = fr.top + fr.height
    assert all(op.top >= fr.top - 2 and op.bottom <= bottom + 2 for op in pen.ops), "drawn outside the board"


# --- a BUGBUSTER in the air ---------------------------------------------------------------------------


def _jumped_high():
    """RAY (seat 0) plays ``jump high`` from D1 through the engine: it hangs over D2 (rb 763: one action
    on the way), then lands."""
    from rules.powerup.engine import PowerupEngine
    from tests.rules.powerup.conftest import play_state

    engine = PowerupEngine()
    s = play_state(where={"RAY": ((3, 0), 1), "TOR": ((6, 0), -1)})
    air, _ = engine.apply(s, 0, "jump high")
    landed, _ = engine.apply(air, 0, "land")
    return engine, air, landed


def _square_box(view: PublicView, x: int, y: int) -> tuple[int, int, int, int]:
    """Where square (x, y) lies in the board's image: its terrain tile's box."""
    pen = core.Pen(record=True)
    board.layout(pen, view, NAMES)
    tiles = [op for op in pen.ops if op.name == "tile" and op.args[3][0] == "powerup-cell"]
    cells = [c for c in view.cells if 0 <= c.x < view.width and 0 <= c.y < view.height]
    (left, top), (w, h) = next(op.args[:2] for c, op in zip(cells, tiles, strict=True) if (c.x, c.y) == (x, y))
    return left, top, left + w, top + h


def _board_bottom(view: PublicView) -> int:
    """The last row of the board's frame (the panels below it move when a card gains a line)."""
    pen = core.Pen(record=True)
    board.layout(pen, view, NAMES)
    tiles = [op for op in pen.ops if op.name == "tile" and op.args[3][0] == "powerup-cell"]
    return max(op.args[0][1] + op.args[1][1] for op in tiles) + 40


def _with_air(view: PublicView, ident: str, flag: bool) -> PublicView:
    return view.model_copy(update={"figures": tuple(f.model_copy(update={"in_air": flag}) if f.id == ident else f
                                                    for f in view.figures)})


def test_the_figure_in_the_air_is_flagged_in_the_view():
    engine, air, landed = _jumped_high()
    assert air.air == "RAY"
    view = engine.public_view(air)
    assert [f.id for f in view.figures if f.in_air] == ["RAY"]
    ray = next(f for f in view.figures if f.id == "RAY")
    assert (ray.x, ray.y) == (3, 1)  # D2, over nothing
    assert not any(f.in_air for f in engine.public_view(landed).figures)
    assert not any(f.in_air for f in engine.private_view(landed, 0).public.figures)
    assert [f.id for f in engine.private_view(air, 1).public.figures if f.in_air] == ["RAY"]


@pytest.mark.parametrize("case", ["engine", "six"])
def test_the_figure_in_the_air_is_drawn_so(case):
    """The flag changes the pixels of the figure's square (raised, speed streaks, an "AIR" tag) and nothing
    else on the board; the card below says it in words."""
    if case == "engine":
        engine, air, _ = _jumped_high()
        flagged = engine.public_view(air)
        ident = "RAY"
    else:  # the 6-seat board's smaller squares
        ident = "LPZ"
        flagged = _with_air(VIEWS["six"].model_copy(update={"active": 4}), ident, True)
    plain = _with_air(flagged, ident, False)
    fig = next(f for f in flagged.figures if f.id == ident)
    x0, y0, x1, y1 = _square_box(flagged, fig.x, fig.y)
    assert _square_box(plain, fig.x, fig.y) == (x0, y0, x1, y1)
    up, down = decode(render_public(GAME, flagged, NAMES)).convert("RGB"), decode(
        render_public(GAME, plain, NAMES)).convert("RGB")
    bottom = _board_bottom(flagged)
    diff = ImageChops.difference(up.crop((0, 0, 800, bottom)), down.crop((0, 0, 800, bottom))).convert("L")
    box = diff.getbbox()
    assert box is not None
    sq = x1 - x0
    margin = round(sq * 0.06)  # the nose pokes past the square's edge a little
    assert x0 - margin <= box[0] and box[2] <= x1 + margin and y0 - margin <= box[1] and box[3] <= y1 + 1, (box, sq)
    changed = sum(diff.crop((x0, y0, x1, y1)).histogram()[41:])
    assert changed > sq * sq // 10  # a real change, not a stray pixel
    # the streaks and the tag are white under the token, in the square's lower part
    lower = _white(up.crop((x0, y0 + round(sq * 0.7), x1, y1)))
    assert lower > sq and lower > 3 * _white(down.crop((x0, y0 + round(sq * 0.7), x1, y1)))
    words = [op.args[1] for op in _recorded(flagged) if op.name == "text"]
    assert words.count("AIR") == 2 and words.count("in the air") == 2  # the figure and its card; the key's sample
    words = [op.args[1] for op in _recorded(plain) if op.name == "text"]
    assert words.count("AIR") == 1 and words.count("in the air") == 1  # the key's sample alone


def _white(image: Image.Image) -> int:
    """Pixels with every channel above 225."""
    r, g, b = image.split()
    return sum(ImageChops.darker(r, ImageChops.darker(g, b)).histogram()[226:])


def _recorded(view: PublicView) -> list[core.Op]:
    pen = core.Pen(record=True)
    board.layout(pen, view, NAMES)
    assert pen.ops is not None
    return pen.ops


def test_the_figure_in_the_air_draws_the_same_banded_or_whole():
    engine, air, landed = _jumped_high()
    views = [engine.public_view(air), engine.public_view(landed), _with_air(VIEWS["six"], "LPZ", True)]
    pictures = [lambda pen, v=v: board.layout(pen, v, NAMES) for v in views]
    pictures += [lambda pen: screen.layout(pen, engine.private_view(air, 0), NAMES)]
    for _ in range(2):
        for layout in pictures:
            assert bands.draw(800, board.BACKGROUND, layout, palette()) == core.draw_whole(
                800, board.BACKGROUND, layout, palette())
    bands.clear()
    for k in (1, 0, 1):  # a step into the air and back out, with the other's bands kept
        layout = pictures[k]
        assert bands.draw(800, board.BACKGROUND, layout, palette()) == core.draw_whole(
            800, board.BACKGROUND, layout, palette())


# --- co-op (ARCADE) ----------------------------------------------------------------------------------
# Views built by hand (the co-op rules are young): the "Save the VIPs" board, every BUG type, a stack of
# BUGGIEs, a dizzy BUG, a thief, one holding a secret, the BUG acting, a fallen BUGBUSTER, the VIPs; and
# the "Kill the BUGMISTRESS" board with her figure, portal pieces and a CONTINUE.

VIPS_FACES = ((7, 20, 2, 5), (12, 10, 3, 1), (4, 9, 6, 11))
MISTRESS_FACES = ((21, 12, 2, 22), (4, 7, 6, 23), (20, 1, 17, 3))
SHEET_ROWS = (  # id, actions, armor, lives, melee, ranged, spawn cost, abilities
    ("BUGGIE", 2, 0, 1, "1W", "", 1, ("TEAM_4",)), ("BATBUG", 3, 0, 1, "1W", "1W range 3", 1, ("FLYING",)),
    ("BIGBUG", 2, 1, 2, "1W1Y", "", 2, ()), ("BICEFALUS", 2, 1, 3, "2Y", "", 4, ("BACKEYE",)),
    ("BRASAS", 2, 1, 2, "1W1Y", "1Y range 4 fire", 3, ("immune fire",)),
    ("BLOB", 1, 1, 3, "2W", "", 3, ("immune piercing",)), ("BUGDOZER", 2, 2, 2, "1W1Y", "", 3, ("immune ranged",)),
    ("BURP", 1, 2, 3, "1W1Y", "", 5, ("SPAWN", "REGENERATE_1")),
    ("BOSS", 3, 2, 4, "2W2Y", "2Y range 6 laser", 6, ("BLINK",)),
)
LIVES_MAX = {row[0]: row[3] for row in SHEET_ROWS}
KIND_OF = {"BG": "BUGGIE", "BB": "BATBUG", "BIG": "BIGBUG", "BIC": "BICEFALUS", "BRA": "BRASAS", "BLB": "BLOB",
           "BDZ": "BUGDOZER", "BRP": "BURP", "BSS": "BOSS"}


def sheets(active: tuple[str, ...]) -> tuple[SheetView, ...]:
    return tuple(SheetView(id=i, active=i in active, actions=a, armor=arm, lives=li, melee=m, ranged=r, spawn_cost=sc,
                           abilities=ab) for i, a, arm, li, m, r, sc, ab in SHEET_ROWS)


def bug_view(ident: str, **changes) -> BugView:
    kind = KIND_OF[ident.rstrip("0123456789")]
    fields = dict(id=ident, kind=kind, lives=LIVES_MAX[kind], lives_max=LIVES_MAX[kind])
    fields.update(changes)
    return BugView(**fields)


def coop_figure(ident: str, kind: str, x: int, y: int, facing: str = "<", **changes) -> FigureView:
    fields = dict(id=ident, kind=kind, team="BUSTERS" if kind == "buster" else "", x=x, y=y, facing=facing,
                  carried_by="", cargo="", lives=0, protected=False, effects=(), home=False)
    fields.update(changes)
    return FigureView(**fields)


def coop_buster(seat: int, sheet: str, **changes) -> BusterView:
    fields = dict(seat=seat, label=sheet, sheet=sheet, team="BUSTERS", lives=3, rp=2, rp_max=3, ammo=3, ammo_max=4,
                  armor=1, melee="1W1Y", ranged="3W", equipped=(BLASTER,), owned=(), epic=False, hand_size=0,
                  coins=4, captures=0, kills=0, deaths=0, played=False)
    fields.update(changes)
    return BusterView(**fields)


def coop_public(faces, **changes) -> PublicView:
    b = geometry(faces)
    squares = tuple(CellView(x=x, y=y, floor=b.floor[(x, y)], feature=b.feature[(x, y)], face=b.face_at((x, y)))
                    for (x, y) in b.squares())
    fields = dict(
        title="POWERUP · ARCADE · Save the VIPs", phase="play", width=len(faces[0]) * 3, height=len(faces) * 3,
        faces=faces, cells=squares, gate_off="", shut=(), powerups=(), secrets=(), fire=(), covers=(), coins=(),
        bases=(), figures=(), busters=(), sequence=3, round=1, mark="", order=(), initiative=(), active=-1, ap=0,
        score=(0, 0), placing="", waiting="the BUGs' turn", last_roll=(), events=(), winner="")
    fields.update(changes)
    return PublicView(**fields)


def vips() -> PublicView:
    """Save the VIPs in the BUG turn: BDZ1 acts; every BUG type on the board; TOR down."""
    bugs = (bug_view("BG1", stack=3), bug_view("BG4", dizzy=True), bug_view("BB1"), bug_view("BIG1", lives=1),
            bug_view("BIC1"), bug_view("BRA1", thief=True), bug_view("BLB1", lives=2), bug_view("BDZ1", acting=True),
            bug_view("BRP1"), bug_view("BRP2", lives=2), bug_view("BSS1", secret=True),
            *(BugView(id=f"VIP{k}", kind="NPC", lives=1, lives_max=1) for k in (1, 2, 3)))
    where = {"BG1": (9, 3), "BG4": (6, 3), "BB1": (8, 6), "BIG1": (7, 0), "BIC1": (4, 3), "BRA1": (10, 6),
             "BLB1": (6, 6), "BDZ1": (5, 0), "BRP1": (11, 3), "BRP2": (11, 6), "BSS1": (9, 8)}
    figures = tuple(coop_figure(ident, "bug", *xy, facing=">" if ident in ("BIC1", "BRA1") else "<")
                    for ident, xy in where.items())
    figures += (coop_figure("VIP1", "npc", 1, 8, ">"), coop_figure("VIP2", "npc", 2, 8, ">"),
                coop_figure("VIP3", "npc", 1, 6, ">"),
                coop_figure("RAY", "buster", 2, 3, ">", lives=2), coop_figure("TOR", "buster", 3, 6, ">", lives=0),
                coop_figure("MAI", "buster", 0, 3, ">", lives=3, effects=("armor +1",)))
    busters = (coop_buster(0, "RAY", lives=2, coins=7, kills=2), coop_buster(1, "TOR", lives=0, deaths=1, coins=1),
               coop_buster(2, "MAI", coins=3))
    coop = CoopView(
        mission="Save the VIPs", goal="Keep the 3 VIPs alive for 8 sequences: 3 alive, sequence 3 of 8", stage="bug",
        bugs=bugs, sheets=sheets(("BUGGIE", "BATBUG", "BIGBUG", "BUGDOZER")), burps=2, burp_limit=3,
        event="Rage", face_up=("Mortal Gas", "Charge"), deck=22, discard=5, hand_size=0, level=0, continue_cost=8,
        market=(("E29", "Grenade Launcher", 6), ("E38", "Brawler Gauntlets", 3), ("E31", "Kevlar Vest", 3),
                ("E26", "Incendiary Grenade", 3)),
        prices=(("ammo", 1), ("life", 2), ("reset_market", 1), ("switch_on", 2)), fallen=("TOR",),
        to_play=("RAY", "MAI"), points=(100, 0, 300), primary=("B9", "C9", "B7"), result="")
    return coop_public(
        VIPS_FACES, figures=figures, busters=busters, coop=coop,
        powerups=tuple((sq, k % 4 != 0) for k, sq in enumerate(
            ("B1", "E1", "H1", "J1", "A6", "E4", "G4", "K4", "C7", "D7", "H7", "K7"))),
        coins=(("E4", 2),), last_roll=(("W", "skull"), ("Y", "bug")),
        events=("BRP1 spawns (Charge: BUGGIE, BUGGIE).", "BG4 (BUGGIE) comes out at G4.",
                "BDZ1 moves to F1.", "The Event in force: Rage."))


def mistress_view() -> PublicView:
    """Kill the BUGMISTRESS: her figure (level 1), two portal pieces, every BUGBUSTER down: a CONTINUE."""
    bugs = (bug_view("BRP1"), bug_view("BRP2"), bug_view("BG1", stack=2, dizzy=True),
            BugView(id="PORTAL1", kind="PORTAL", lives=2, lives_max=2),
            BugView(id="PORTAL2", kind="PORTAL", lives=1, lives_max=2),
            BugView(id="BUGMISTRESS", kind="BUGMISTRESS", lives=4, lives_max=5))
    figures = (coop_figure("BRP1", "bug", 5, 5), coop_figure("BRP2", "bug", 7, 5, ">"), coop_figure("BG1", "bug", 4, 3),
               coop_figure("PORTAL1", "piece", 9, 0, ">"), coop_figure("PORTAL2", "piece", 10, 0, ">"),
               coop_figure("BUGMISTRESS", "mistress", 6, 4),
               coop_figure("RAY", "buster", 1, 0, ">", lives=0), coop_figure("TOR", "buster", 2, 3, ">", lives=0))
    busters = (coop_buster(0, "RAY", lives=0, coins=9), coop_buster(1, "TOR", lives=0, coins=5))
    coop = CoopView(
        mission="Kill the BUGMISTRESS", goal="Kill the BUGMISTRESS", stage="continue", bugs=bugs,
        sheets=sheets(("BUGGIE", "BATBUG")), burps=2, burp_limit=1, event="", face_up=(), deck=30, discard=0,
        hand_size=3, level=1, continue_cost=10, market=(), prices=(("ammo", 1), ("life", 2)), fallen=("RAY", "TOR"),
        to_play=(), points=(250, 120), primary=(), result="")
    return coop_public(MISTRESS_FACES, title="POWERUP · ARCADE · Kill the BUGMISTRESS", figures=figures,
                       busters=busters, coop=coop, waiting="RAY, TOR: pay $10 to CONTINUE?",
                       events=("TOR falls.", "Every BUGBUSTER is down: CONTINUE?"))


def coop_over() -> PublicView:
    view = vips()
    coop = view.coop.model_copy(update={"stage": "over", "result": "lost"})
    return view.model_copy(update={"phase": "over", "winner": "BUGS", "coop": coop, "waiting": ""})


def coop_turn() -> PublicView:
    """A BUGBUSTER's turn: RAY with 3 AP, MAI still to play."""
    view = vips()
    bugs = tuple(b.model_copy(update={"acting": False}) for b in view.coop.bugs)
    coop = view.coop.model_copy(update={"stage": "turn", "bugs": bugs, "to_play": ("MAI",)})
    return view.model_copy(update={"coop": coop, "active": 0, "ap": 3, "order": (0,), "initiative": (0,),
                                   "waiting": "RAY: your turn: 3 AP left"})


COOP = {"vips": vips(), "mistress": mistress_view(), "over": coop_over(), "turn": coop_turn()}


def coop_private(public: PublicView, seat: int = 0, **changes) -> PrivateView:
    fields = dict(public=public, seat=seat, label=public.busters[seat].label, hand=CARDS[:2],
                  team_hands=tuple((b.label, ()) for b in public.busters if b.seat != seat), team_secrets=(),
                  to_hide=(), start="", asked="", legal=("move right", "attack BG4 melee", "buy E31", "end turn"))
    fields.update(changes)
    return PrivateView(**fields)


COOP_PRIVATE = {"turn-0": coop_private(COOP["turn"]), "mistress-1": coop_private(COOP["mistress"], 1, legal=())}


def _recorded_layout(layout) -> list[core.Op]:
    pen = core.Pen(record=True)
    layout(pen)
    assert pen.ops is not None
    return pen.ops


def _words(layout) -> list[str]:
    return [op.args[1] for op in _recorded_layout(layout) if op.name == "text"]


def _coop_pictures():
    pictures = [lambda pen, v=v: board.layout(pen, v, NAMES) for v in COOP.values()]
    return pictures + [lambda pen, v=v: screen.layout(pen, v, NAMES) for v in COOP_PRIVATE.values()]


@pytest.mark.parametrize("name", sorted(COOP))
def test_coop_board_is_deterministic_and_decodes(name):
    view = COOP[name]
    first = render_public(GAME, view, NAMES)
    bands.clear()
    core.clear_caches()
    assert render_public(GAME, view.model_copy(deep=True), NAMES) == first
    assert render_public(GAME, view, NAMES) == first  # warm caches
    image = decode(first)
    assert image.width == 800 and 900 < image.height < 3000
    small = image.convert("RGB").resize((400, image.height // 2))  # Discord's preview: still a picture
    assert small.getbbox() is not None


@pytest.mark.parametrize("name", sorted(COOP_PRIVATE))
def test_coop_private_screen_renders(name):
    view = COOP_PRIVATE[name]
    first = render_private(GAME, view, NAMES)
    core.clear_caches()
    assert render_private(GAME, view.model_copy(deep=True), NAMES) == first
    image = decode(first)
    assert image.width == 800 and 700 < image.height < 3000
    words = _words(lambda pen: screen.layout(pen, view, NAMES))
    assert "RED 0" not in words and "BLU 0" not in words
    assert any(w.startswith("GOAL · ") for w in words)
    lines = describe_private(GAME, view, NAMES)
    assert "RED" not in lines[0] and "points" in lines[0] and lines[1].startswith("Goal: ")


def test_coop_draws_banded_as_whole_on_its_own_palette():
    from render.powerup.style import COOP_BACKGROUND, coop_palette

    for _ in range(2):
        for layout in _coop_pictures():
            assert bands.draw(800, COOP_BACKGROUND, layout, coop_palette()) == core.draw_whole(
                800, COOP_BACKGROUND, layout, coop_palette())


def test_every_colour_drawn_in_coop_is_in_its_palette():
    from render.powerup.style import COOP_BASE

    colours = set()
    for layout in _coop_pictures():
        for op in _recorded_layout(layout):
            ops = [op]
            if op.name == "tile":
                tile = core.Pen(record=True)
                op.args[4](tile)
                ops = tile.ops
            for o in ops:
                where = {"text": (3,), "rect": (1, 2), "circle": (2, 3), "line": (1,), "polygon": (1,)}[o.name]
                colours.update(o.args[k] for k in where if o.args[k] is not None)
    assert colours <= set(COOP_BASE), sorted(colours - set(COOP_BASE), key=str)
    assert len(COOP_BASE) <= 256


def test_coop_and_deathmatch_bands_never_share_a_key():
    """render/bands.py keys a band by width, background and strokes, not by palette: co-op pictures lie on
    a background of their own, so a band drawn for one mode is never reused, wrongly mapped, in the other."""
    from render.powerup.style import BACKGROUND, background_for

    assert background_for(True) != BACKGROUND == background_for(False)
    a = render_public(GAME, VIEWS["four"], NAMES)
    b = render_public(GAME, COOP["vips"], NAMES)
    bands.clear()
    assert render_public(GAME, COOP["vips"], NAMES) == b and render_public(GAME, VIEWS["four"], NAMES) == a


def test_the_header_shows_the_score_in_deathmatch_only():
    from render.powerup.common import score_tags, title_bar

    assert [t for t, _ in score_tags(VIEWS["four"])] == ["BLU 0", "RED 1"]
    assert [t for t, _ in score_tags(COOP["vips"])] == ["BUG TURN"]
    header = _words(lambda pen: title_bar(pen, COOP["vips"], NAMES))
    assert not any(w.startswith(("RED ", "BLU ")) for w in header), header
    assert "BUG TURN" in header and "ARCADE · Save the VIPs" in header
    assert "GOAL · Keep the 3 VIPs alive for 8 sequences: 3 alive, sequence 3 of 8" in header
    assert any("BUG turn: BDZ1 acts" in w for w in header)
    assert {"RED 1", "BLU 0"} <= set(_words(lambda pen: title_bar(pen, VIEWS["four"], NAMES)))
    turn = _words(lambda pen: title_bar(pen, COOP["turn"], NAMES))
    assert "BUGBUSTER'S TURN" in turn and any("RAY · alice plays, 3 AP left" in w for w in turn)
    over = _words(lambda pen: board.layout(pen, COOP["over"], NAMES))
    assert "THE BUGS WIN!" in over and not any(w.endswith("WINS!") or w.startswith(("RED ", "BLU ")) for w in over)


def _board_ops(view: PublicView) -> list[core.Op]:
    pen = core.Pen(record=True)
    draw_board(pen, view, frame_for(view, 800, 0, board.SQUARE))
    assert pen.ops is not None
    return pen.ops


def test_coop_figures_are_drawn_as_their_own_tokens():
    """Every BUG with its id (no drum among them), the stack's count, the dizzy mark, the VIPs, the fallen
    BUGBUSTER lying "DOWN", the acting BUG's square framed gold and the primary targets marked red."""
    from render.powerup.style import ACTIVE, DRUM, TARGET, bug_colour

    view = COOP["vips"]
    ops = _board_ops(view)
    words = [op.args[1] for op in ops if op.name == "text"]
    ids = [f.id for f in view.figures if f.kind == "bug"]
    assert all(words.count(i) == 1 for i in ids), words
    assert {"x3", "zz", "VIP1", "VIP2", "VIP3", "DOWN", "TOR", "RAY", "MAI"} <= set(words)
    fills = {op.args[1] for op in ops if op.name == "rect"}
    assert DRUM not in fills  # not drums (as BUGs were drawn before co-op had tokens)
    assert {bug_colour(b.kind) for b in view.coop.bugs if b.kind in LIVES_MAX} <= fills
    assert len({bug_colour(k) for k in LIVES_MAX}) == len(LIVES_MAX)  # a colour per BUG type
    framed = [op.args[0] for op in ops if op.name == "rect" and op.args[2] == ACTIVE]
    fr = frame_for(view, 800, 0, board.SQUARE)
    x0, y0, x1, y1 = fr.box(5, 0)  # BDZ1 acts on F1
    assert framed == [(x0, y0, x1 - 1, y1 - 1)]
    marks = [op for op in ops if op.name == "line" and op.args[1] == TARGET]
    assert len(marks) == 4 * len(view.coop.primary)
    mistress = [op.args[1] for op in _board_ops(COOP["mistress"]) if op.name == "text"]
    assert {"BM", "L1", "P1", "P2", "x2", "zz"} <= set(mistress) and mistress.count("DOWN") == 2


def test_coop_boards_have_no_base_tints_and_deathmatch_tints_follow_the_bases():
    from render.powerup.style import BASE_TINT

    def tints(view):
        return {op.args[3][4] for op in _board_ops(view) if op.name == "tile"} & set(BASE_TINT.values())

    assert tints(COOP["vips"]) == set()
    assert tints(VIEWS["four"]) == set(BASE_TINT.values())
    view = VIEWS["four"].model_copy(update={"bases": (("RED", "D4"),)})  # tile (1, 1), not a corner

    def tinted_squares(v):
        return {(op.args[0]) for op in _board_ops(v) if op.name == "tile" and op.args[3][4] == BASE_TINT["RED"]}

    fr = frame_for(view, 800, 0, board.SQUARE)
    assert tinted_squares(view) == {fr.box(x, y)[:2] for x in range(3, 6) for y in range(3, 6)}


def _with_bug(view: PublicView, ident: str, **changes) -> PublicView:
    bugs = tuple(b.model_copy(update=changes) if b.id == ident else b for b in view.coop.bugs)
    return view.model_copy(update={"coop": view.coop.model_copy(update={"bugs": bugs})})


@pytest.mark.parametrize("ident,change", [
    ("BG1", {"stack": 2}), ("BG4", {"dizzy": False}), ("BB1", {"dizzy": True}), ("BRA1", {"thief": False}),
    ("BSS1", {"secret": False}), ("BIG1", {"lives": 2}),
])
def test_a_bug_s_badges_change_its_square_alone(ident, change):
    """A stack's count, the dizzy mark, a thief's card, a secret, lives: drawn on the BUG's square (its
    badges may reach into the next square a little) and nowhere else on the board."""
    view = COOP["vips"]
    changed = _with_bug(view, ident, **change)
    before = decode(render_public(GAME, view, NAMES)).convert("RGB")
    after = decode(render_public(GAME, changed, NAMES)).convert("RGB")
    fig = next(f for f in view.figures if f.id == ident)
    x0, y0, x1, y1 = _square_box(view, fig.x, fig.y)
    sq = x1 - x0
    bottom = _board_bottom(view)
    box = ImageChops.difference(before.crop((0, 0, 800, bottom)), after.crop((0, 0, 800, bottom))).getbbox()
    assert box is not None, "the change is not drawn"
    margin = round(sq * 0.12)
    assert x0 - margin <= box[0] and box[2] <= x1 + margin and y0 - margin <= box[1] and box[3] <= y1 + margin, (
        box, (x0, y0, x1, y1))


def test_coop_public_facts_change_the_board():
    view = COOP["vips"]
    before = render_public(GAME, view, NAMES)
    c = view.coop
    coop_changes = {
        "stage": "next", "event": "", "face_up": ("Charge",), "deck": 21, "discard": 6, "hand_size": 2, "burps": 3,
        "burp_limit": 4, "continue_cost": 10, "market": c.market[:3], "prices": c.prices[:2], "to_play": ("MAI",), "points": (100, 0, 301), "primary": ("B9",), "goal": "Something else",
        "sheets": sheets(("BUGGIE",)),
    }
    for field, value in coop_changes.items():
        changed = view.model_copy(update={"coop": c.model_copy(update={field: value})})
        assert render_public(GAME, changed, NAMES) != before, field
    assert render_public(GAME, _with_bug(view, "BDZ1", acting=False), NAMES) != before
    her = COOP["mistress"]
    assert render_public(GAME, her, NAMES) != render_public(
        GAME, her.model_copy(update={"coop": her.coop.model_copy(update={"level": 2})}), NAMES)
    turned = tuple(f.model_copy(update={"facing": ">"}) if f.id == "BG4" else f for f in view.figures)
    assert render_public(GAME, view.model_copy(update={"figures": turned}), NAMES) != before


def test_the_coop_panels_show_the_table_s_facts():
    view = COOP["vips"]
    words = _words(lambda pen: board.layout(pen, view, NAMES))
    for word in ("BUG TURN", "BDZ1 (BUGDOZER) acts", "Rage", "Mortal Gas", "Charge", "Kevlar Vest $3",
                 "Grenade Launcher $6", "BURPs 2/3", "CONTINUE $8", "B9 C9 B7", "100 pts to play", "0 pts DOWN",
                 "points 300 · kills 0 · deaths 0", "deck 22 · discard 5 · her hand 0", "BUG SHEETS",
                 *(row[0] for row in SHEET_ROWS), "IN PLAY"):
        assert word in words, word
    assert words.count("IN PLAY") == 4  # the active sheets
    assert not any("captures" in w or "robot" in w.lower() for w in words)
    key = [w for w in words if w in {"robot home/fallen", "drum", "VIP (protect)", "BUGMISTRESS", "primary target"}]
    assert sorted(key) == ["BUGMISTRESS", "VIP (protect)", "primary target"]
    dm = _words(lambda pen: board.layout(pen, VIEWS["four"], NAMES))
    assert "robot home/fallen" in dm and "drum" in dm and "BUG SHEETS" not in dm and "VIP (protect)" not in dm
    private = _words(lambda pen: screen.layout(pen, COOP_PRIVATE["turn-0"], NAMES))
    assert "RAY'S TURN" in private and "Kevlar Vest $3" in private and "BUG SHEETS" not in private


def test_odd_coop_views_still_draw():
    """Figures the co-op view does not describe, unknown kinds and sheets, no BUGs at all, a lone stack
    sharing its square: no crash."""
    view = COOP["vips"]
    odd = view.model_copy(update={
        "figures": (*view.figures, coop_figure("TURRET1", "turret", 0, 0), coop_figure("BG9", "bug", 9, 3),
                    coop_figure("XX1", "bug", 30, 30)),
        "coop": view.coop.model_copy(update={
            "bugs": (*view.coop.bugs, BugView(id="BG9", kind="ODD", lives=9, lives_max=12, stack=7, dizzy=True)),
            "sheets": (*view.coop.sheets, SheetView(id="NEW", active=True, actions=1, armor=0, lives=1, melee="",
                                                    ranged="", spawn_cost=0, abilities=("A_VERY_LONG_ABILITY",) * 9)),
            "points": (), "face_up": ("x" * 80,) * 9, "market": (("E1", "y" * 90, 99),) * 7, "primary": ("Z99", "")}),
    })
    assert decode(render_public(GAME, odd, NAMES)).width == 800
    bare = view.model_copy(update={"figures": (), "busters": (), "coop": view.coop.model_copy(update={
        "bugs": (), "sheets": (), "market": (), "prices": (), "face_up": (), "to_play": (), "fallen": ()})})
    assert decode(render_public(GAME, bare, NAMES)).width == 800
    assert decode(render_private(GAME, coop_private(COOP["vips"]).model_copy(update={"public": odd}), NAMES)).width == 800


def _coop_twins():
    """Two co-op games alike in all the table sees, unlike in what is hidden: the BUG deck's order, which
    secret a BUG holds, which card a thief took."""
    from dataclasses import replace

    from rules.powerup import ENGINE
    from rules.powerup.options import PowerupOptions

    s = ENGINE.new_game(3, PowerupOptions(mode="arcade", mission="vips"), ("RAY", "TOR"))
    twins = []
    for k in range(2):
        t = s.clone()
        c = t.coop
        c.bug_deck = c.bug_deck[::-1] if k else c.bug_deck
        burp = sorted(c.bugs)[0]
        c.bugs[burp] = replace(c.bugs[burp], secret="A" if k else "B", stolen="E31" if k else "E29", owner="RAY")
        twins.append(ENGINE.public_view(t))
    return twins


def test_the_coop_board_never_shows_hidden_facts():
    a, b = _coop_twins()
    assert a == b and a.coop is not None
    assert render_public(GAME, a, NAMES) == render_public(GAME, b, NAMES)


def test_engine_coop_views_draw():
    """A co-op game from the engine: its public board and a seat's screen draw, BUGs as BUG tokens."""
    from rules.powerup import ENGINE
    from rules.powerup.options import PowerupOptions

    s = ENGINE.new_game(3, PowerupOptions(mode="arcade", mission="vips"), ("RAY", "TOR"))
    view, mine = ENGINE.public_view(s), ENGINE.private_view(s, 0)
    assert view.coop is not None and view.bases == ()
    assert decode(render_public(GAME, view, NAMES)).width == 800
    assert decode(render_private(GAME, mine, NAMES)).width == 800
    words = [op.args[1] for op in _board_ops(view) if op.name == "text"]
    assert {f.id for f in view.figures if f.kind in ("bug", "npc")} <= set(words)


def _keys_game():
    """Hidden Keys from the engine: RAY aboard GLITCH1 in the void left of A5, TOR holding key A (hidden)."""
    from rules.powerup import ENGINE
    from rules.powerup.options import PowerupOptions

    s = ENGINE.new_game(3, PowerupOptions(mode="arcade", mission="keys"), ("RAY", "TOR"))
    key = next(q for q, t in s.secrets.items() if t.endswith("keyA"))
    del s.secrets[key]
    s.coop.held = (("TOR", "keyA"),)
    s.move_figure("GLITCH1", square=(-1, 4), facing=-1)
    s.move_figure("RAY", square=None, carried_by="GLITCH1")
    s.coop.aboard = (("GLITCH1", "RAY"),)
    assert ENGINE.check_invariants(s) == []
    return ENGINE, s


def test_the_glitch_and_the_void_are_drawn_while_a_glitch_is_in_play():
    """rb 679 (the void off the board), rb 869-871 (the GLITCH flies there): a ring of void squares around the
    board, the GLITCH with its riders named, a BUGBUSTER holding a secret with a "?" card; no ring in the other
    missions (and never in DEATHMATCH); every colour in the co-op palette; the private text names the find."""
    from render.powerup.style import COOP_BASE, GLITCH, SECRET, VOID

    engine, s = _keys_game()
    view = engine.public_view(s)
    fr = frame_for(view, 800, 0, board.SQUARE)
    assert fr.ring == 1 and fr.holds(-1, 4) and not fr.holds(-2, 4)
    assert frame_for(COOP["vips"], 800, 0, board.SQUARE).ring == 0
    assert frame_for(VIEWS["two"], 800, 0, board.SQUARE).ring == 0
    ops = _board_ops(view)
    words = [op.args[1] for op in ops if op.name == "text"]
    assert "G1" in words and "RAY" in words  # the GLITCH and its rider's tag
    fills = [op.args[1] for op in ops if op.name in ("rect", "polygon")]
    assert VOID in fills and GLITCH in fills and SECRET in fills
    assert decode(render_public(GAME, view, NAMES)).width == 800
    mine = engine.private_view(s, 0)
    assert decode(render_private(GAME, mine, NAMES)).width == 800
    assert any("Kept hidden: TOR key A" in line for line in describe_private(GAME, mine, NAMES))
    colours = set()
    for layout in (lambda pen: board.layout(pen, view, NAMES), lambda pen: screen.layout(pen, mine, NAMES)):
        for op in _recorded_layout(layout):
            sub = [op]
            if op.name == "tile":
                tile = core.Pen(record=True)
                op.args[4](tile)
                sub = tile.ops
            for o in sub:
                where = {"text": (3,), "rect": (1, 2), "circle": (2, 3), "line": (1,), "polygon": (1,)}[o.name]
                colours.update(o.args[k] for k in where if o.args[k] is not None)
    assert colours <= set(COOP_BASE), sorted(colours - set(COOP_BASE), key=str)
