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
    BusterView,
    CardView,
    CellView,
    FigureView,
    ItemView,
    PrivateView,
    PublicView,
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
