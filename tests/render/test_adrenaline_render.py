"""ADRENALINE images and text (render/adrenaline) from views built by hand: the same view always gives
the same bytes, banded or whole; every public fact drawn changes the board's bytes; the public board
is drawn from the PublicView alone (what only a private view holds changes the private image, never
the board); every colour drawn is in the palette; the private text spells out the hand."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import bands, core, describe_private, render_private, render_public, renderer
from render.adrenaline import board, screen
from render.adrenaline.style import BASE, palette
from rules.adrenaline.data import game_data
from rules.adrenaline.views import PlayerView, PrivateView, PublicView, SpawnView, TileView, WeaponCard

GAME = "adrenaline"
NAMES = {0: "alice", 1: "Bartholomew the Unready of Much Wenlock-upon-Thames", 2: "carol 🚀🤖", 3: "dmitri",
         4: "eve"}


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def card(weapon_id: str) -> WeaponCard:
    w = game_data().weapon(weapon_id)
    return WeaponCard(id=w.id, name=w.name, reload_cost=w.reload_cost, pickup_cost=w.pickup_cost)


def player(seat: int, **fields) -> PlayerView:
    figure = game_data().figures[seat]
    values = dict(seat=seat, figure=figure.id, name=figure.name, colour=figure.colour, square=None, killed=False,
                  damage=(), marks=(0, 0, 0, 0, 0), skulls=0, frenzy=False, values=(8, 6, 4, 2, 1, 1),
                  cubes=(1, 1, 1), unloaded=(), loaded_count=0, powerup_count=0, score=0, first=False)
    values.update(fields)
    return PlayerView(**values)


def public_view(**changes) -> PublicView:
    """Five players mid-game on the big arena: three figures on c2, one killed (overkilled, waiting to
    respawn), one not yet spawned; damage and marks; two taken ammo tiles; an empty weapon slot; a
    killshot track with an overkill."""
    arena = game_data().arena("big")
    spawns = (
        SpawnView(colour="R", square="a2", weapons=(card("furnace"), card("heatseeker"), card("rocket_launcher"))),
        SpawnView(colour="B", square="c1", weapons=(card("lock_rifle"), None, card("tractor_beam"))),
        SpawnView(colour="Y", square="d3", weapons=(card("railgun"), card("power_glove"), card("shotgun"))),
    )
    loads = {"a1": ("R", "B", "B"), "b1": ("Y", "Y"), "d1": (), "b2": ("B", "R"), "c2": ("R", "Y", "Y"),
             "d2": ("B", "Y"), "a3": (), "b3": ("Y", "B", "B"), "c3": ("R", "R")}
    tiles = tuple(TileView(square=s, cubes=c, powerup=len(c) == 2) for s, c in loads.items())
    players = (
        player(0, square="c2", damage=(1, 1, 2, 3, 3), marks=(0, 0, 2, 0, 1), cubes=(2, 0, 3), score=9, first=True,
               unloaded=(card("zx2"),), loaded_count=2, powerup_count=2, skulls=1, values=(6, 4, 2, 1, 1)),
        player(1, square="c2", killed=True, damage=(0, 0, 2, 2, 2, 3, 3, 0, 0, 2, 2, 2), marks=(3, 0, 0, 0, 0),
               cubes=(0, 1, 0), unloaded=(card("whisper"), card("thor")), loaded_count=0, powerup_count=1, score=4),
        player(2, square="b1", damage=(0, 3), cubes=(3, 3, 1), loaded_count=3, powerup_count=3, score=14, skulls=2,
               values=(4, 2, 1, 1)),
        player(3, square="c2", damage=(2,), marks=(1, 1, 0, 0, 0), cubes=(1, 2, 0), unloaded=(card("cyberblade"),),
               loaded_count=1, powerup_count=0, score=6),
        player(4, cubes=(1, 1, 1)),
    )
    fields = dict(
        map_id=arena.id, map_name="Big arena", grid=arena.grid, doors=arena.doors, spawns=spawns, tiles=tiles,
        players=players, track=((0, 1), (2, 2), (3, 1)), skulls=5, skulls_start=8, frenzy=False, frenzy_left=(),
        turn=2, turns=14, actions_left=1, frenzy_actions=0, phase="tagback", step="a Tagback Grenade may answer",
        waiting=(3,), decks=(9, 11, 14), discards=(6, 12), open_weapons=False, ending="frenzy",
        log=("Sprog grabs R Y Y at c2.", "Sprog shoots Dozer with the Shotgun: 3 damage.",
             "Dozer is killed by Sprog: overkill! Dozer gives Sprog a mark.",
             "Violetta is hit by Sprog's Shotgun and may throw a Tagback Grenade."),
        over=False, summary="",
    )
    fields.update(changes)
    return PublicView(**fields)


def private_view(seat: int = 2, public: PublicView | None = None, **changes) -> PrivateView:
    fields = dict(
        public=public or public_view(), seat=seat, powerups=("targeting_scope:R", "teleporter:B", "newton:Y"),
        weapons=((card("shotgun"), False), (card("machine_gun"), True), (card("rocket_launcher"), True)),
        sees=("a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3"), draft=("shoot", "machine_gun"),
        draft_text="Shoot › Machine Gun › basic effect", tagback="ask", choices=("banshee", "violetta", "undo"),
        prompt="Choose the first target you can see",
    )
    fields.update(changes)
    return PrivateView(**fields)


PUBLIC = public_view()
PRIVATE = private_view()


def _others() -> dict[str, PublicView]:
    """More situations: the start (nobody spawned), final frenzy with frenzy kills, the end."""
    start = public_view(
        players=tuple(player(k, first=k == 0) for k in range(3)), track=(), skulls=5, skulls_start=5, turn=0, turns=1,
        actions_left=2, phase="turn", step="spawn", waiting=(0,), ending="sudden_death", log=())
    frenzy_players = list(PUBLIC.players)
    frenzy_players[1] = frenzy_players[1].model_copy(update={"killed": False, "square": "a2", "damage": (),
                                                             "frenzy": True, "values": (2, 1, 1, 1)})
    frenzy = public_view(players=tuple(frenzy_players), skulls=0, frenzy=True, frenzy_left=(3, 4, 0),
                         track=((0, 1), (2, 2), (3, 1), (1, 1), (0, 2), (4, 1), (4, 1), (2, 1), (3, 2), (1, 1)),
                         frenzy_actions=2, actions_left=2, phase="turn", step="actions", waiting=(2,))
    over = frenzy.model_copy(update={"over": True, "phase": "over", "waiting": (), "summary":
                                     "Sprog wins with 31 points; Banshee 27, Violetta 22, Dozer 15, :D-struct-0R 9."})
    return {"start": start, "frenzy": frenzy, "over": over}


VIEWS = {"mid": PUBLIC, **_others()}


pytestmark = pytest.mark.usefixtures("fresh_caches")


def test_registered():
    assert renderer(GAME).__name__ == "render.adrenaline"


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_public_board_is_deterministic_and_decodes(name):
    view = VIEWS[name]
    first = render_public(GAME, view, NAMES)
    bands.clear()
    core.clear_caches()
    assert render_public(GAME, view.model_copy(deep=True), NAMES) == first
    assert render_public(GAME, view, NAMES) == first  # warm caches
    image = decode(first)
    assert image.width == 800
    assert 900 < image.height < 2000


@pytest.mark.parametrize("seat", [0, 2, 4])
def test_private_screen_is_deterministic_and_decodes(seat):
    view = private_view(seat)
    first = render_private(GAME, view, NAMES)
    core.clear_caches()
    assert render_private(GAME, view.model_copy(deep=True), NAMES) == first
    image = decode(first)
    assert image.width == 800
    assert 1000 < image.height < 2000


def test_banded_drawing_equals_the_whole_picture():
    pictures = [lambda pen, v=v: board.layout(pen, v, NAMES) for v in VIEWS.values()]
    pictures += [lambda pen, v=v: screen.layout(pen, v, NAMES)
                 for v in (PRIVATE, private_view(0, VIEWS["frenzy"]), private_view(1, VIEWS["start"], weapons=(),
                                                                                  powerups=(), prompt="", draft_text=""))]
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
    layouts += [lambda pen: screen.layout(pen, PRIVATE, NAMES)]
    for layout in layouts:
        pen = core.Pen(record=True)
        layout(pen)
        for op in pen.ops:
            where = {"text": (3,), "rect": (1, 2), "circle": (2, 3), "line": (1,), "polygon": (1,)}[op.name]
            colours.update(op.args[k] for k in where if op.args[k] is not None)
    assert colours <= set(BASE), sorted(colours - set(BASE), key=str)
    assert len(BASE) <= 256


def _with_player(view: PublicView, seat: int, **update) -> PublicView:
    players = list(view.players)
    players[seat] = players[seat].model_copy(update=update)
    return view.model_copy(update={"players": tuple(players)})


def _with_tile(view: PublicView, square: str, **update) -> PublicView:
    return view.model_copy(update={"tiles": tuple(t.model_copy(update=update) if t.square == square else t
                                                  for t in view.tiles)})


def _with_slot(view: PublicView, colour: str, index: int, weapon: WeaponCard | None) -> PublicView:
    spawns = []
    for s in view.spawns:
        if s.colour == colour:
            slots = list(s.weapons)
            slots[index] = weapon
            s = s.model_copy(update={"weapons": tuple(slots)})
        spawns.append(s)
    return view.model_copy(update={"spawns": tuple(spawns)})


def test_every_public_fact_changes_the_board():
    view = PUBLIC
    before = render_public(GAME, view, NAMES)
    changed = {
        "a damage token": _with_player(view, 0, damage=(*view.players[0].damage, 4)),
        "a damage token's attacker": _with_player(view, 0, damage=(1, 1, 2, 3, 4)),
        "a mark": _with_player(view, 3, marks=(1, 1, 1, 0, 0)),
        "a mark's count": _with_player(view, 0, marks=(0, 0, 3, 0, 1)),
        "a cube on a tile": _with_tile(view, "a1", cubes=("R", "B", "Y")),
        "a tile taken": _with_tile(view, "c2", cubes=()),
        "a tile's powerup": _with_tile(view, "b2", powerup=False),
        "a figure's square": _with_player(view, 2, square="b2"),
        "a figure spawning": _with_player(view, 4, square="a2"),
        "an empty slot filled": _with_slot(view, "B", 1, card("hellion")),
        "a slot emptied": _with_slot(view, "Y", 0, None),
        "a slot's weapon": _with_slot(view, "R", 2, card("flamethrower")),
        "the skull count": view.model_copy(update={"skulls": 4, "track": (*view.track, (1, 1))}),
        "an overkill on the track": view.model_copy(update={"track": ((0, 1), (2, 1), (3, 1))}),
        "the killed flag": _with_player(view, 1, killed=False),
        "a player's cubes": _with_player(view, 0, cubes=(2, 1, 3)),
        "a player's skulls": _with_player(view, 3, skulls=1, values=(6, 4, 2, 1, 1)),
        "a frenzy board": _with_player(view, 3, frenzy=True, values=(2, 1, 1, 1)),
        "the score": _with_player(view, 2, score=15),
        "the first player": _with_player(_with_player(view, 0, first=False), 1, first=True),
        "an unloaded weapon": _with_player(view, 2, unloaded=(card("furnace"),), loaded_count=2),
        "the loaded count": _with_player(view, 0, loaded_count=1),
        "open weapons": _with_player(view, 0, loaded=(card("hellion"), card("sledgehammer"))),
        "the powerup count": _with_player(view, 0, powerup_count=3),
        "whose turn": view.model_copy(update={"turn": 0}),
        "the turn number": view.model_copy(update={"turns": 15}),
        "actions left": view.model_copy(update={"actions_left": 2}),
        "the phase": view.model_copy(update={"phase": "scope"}),
        "the step": view.model_copy(update={"step": "end of turn"}),
        "who is waited for": view.model_copy(update={"waiting": (1, 3)}),
        "a deck": view.model_copy(update={"decks": (8, 11, 14)}),
        "a discard pile": view.model_copy(update={"discards": (7, 12)}),
        "the ending": view.model_copy(update={"ending": "sudden_death"}),
        "frenzy": view.model_copy(update={"frenzy": True, "frenzy_left": (3, 4)}),
        "the log": view.model_copy(update={"log": (*view.log, "Violetta throws a Tagback Grenade at Sprog.")}),
        "the end": view.model_copy(update={"over": True, "summary": "Sprog wins."}),
        "a door": view.model_copy(update={"doors": view.doors[:-1]}),
    }
    for fact, other in changed.items():
        assert render_public(GAME, other, NAMES) != before, fact


def test_the_board_is_drawn_from_the_public_view_alone():
    """Two private views differing only in their powerups, or in everything a seat alone holds:
    different screens, one board."""
    swapped = PRIVATE.model_copy(update={"powerups": ("tagback_grenade:Y", "newton:R")})
    assert render_private(GAME, PRIVATE, NAMES) != render_private(GAME, swapped, NAMES)
    assert render_public(GAME, PRIVATE.public, NAMES) == render_public(GAME, swapped.public, NAMES)
    other = private_view(powerups=("tagback_grenade:Y",), weapons=((card("railgun"), True),), sees=("b1",),
                         draft=(), draft_text="", tagback="never", choices=(), prompt="")
    assert render_private(GAME, PRIVATE, NAMES) != render_private(GAME, other, NAMES)
    assert render_public(GAME, PRIVATE.public, NAMES) == render_public(GAME, other.public, NAMES)


@pytest.mark.parametrize("update", [
    {"powerups": ("targeting_scope:B", "teleporter:B", "newton:Y")},
    {"powerups": ("targeting_scope:R", "teleporter:B")},
    {"weapons": ((card("shotgun"), True), (card("machine_gun"), True), (card("rocket_launcher"), True))},
    {"weapons": ((card("shotgun"), False), (card("machine_gun"), True), (card("power_glove"), True))},
    {"sees": ("a1", "b1")},
    {"draft_text": "Run › b2"},
    {"prompt": "Pick a square"},
    {"tagback": "always"},
    {"choices": ("a1", "b1")},
    {"choices": ("banshee", "violetta")},
])
def test_private_facts_change_the_screen(update):
    """Choices naming squares ring them on the map; other choices are listed under the prompt."""
    assert render_private(GAME, PRIVATE, NAMES) != render_private(GAME, PRIVATE.model_copy(update=update), NAMES)


def test_names_are_drawn_and_odd_names_do_not_break_them():
    for name, view in VIEWS.items():
        assert render_public(GAME, view, NAMES) != render_public(GAME, view), name
    odd = {0: "🚀🚀🚀", 1: "x" * 300, 2: "\u200b\u202e", 3: "名前 " * 40, 4: ""}
    for view in VIEWS.values():
        assert decode(render_public(GAME, view, odd)).width == 800
    assert decode(render_private(GAME, PRIVATE, odd)).width == 800
    assert describe_private(GAME, PRIVATE, odd)


def test_every_weapon_in_hand_fits():
    """Any three weapons (the longest texts too) keep the private screen under 2,000 px."""
    weapons = sorted(game_data().weapons, key=lambda w: -sum(len(e.text) for e in w.effects))
    for k in range(0, len(weapons), 3):
        hand = tuple((card(w.id), bool(i % 2)) for i, w in enumerate(weapons[k:k + 3]))
        height = decode(render_private(GAME, PRIVATE.model_copy(update={"weapons": hand}), NAMES)).height
        assert height < 2000, [w for w, _ in hand]


def test_describe_private_spells_out_the_hand():
    lines = describe_private(GAME, PRIVATE, NAMES)
    text = "\n".join(lines)
    assert lines[0].startswith("**Sprog** (carol") and "14 points" in lines[0]
    assert "Targeting Scope (red), Teleporter (blue), Newton (yellow)" in text
    assert "Tagback Grenade: asked each time" in text
    assert "Loaded: Machine Gun (BR), Rocket Launcher (RR)" in text and "Unloaded: Shotgun (YY)" in text
    assert "Cubes: 3 red, 3 blue, 1 yellow." in text
    assert "So far: Shoot › Machine Gun › basic effect" in text and "Now: Choose the first target" in text
    assert all(len(line) <= 400 for line in lines)
    empty = describe_private(GAME, private_view(4, powerups=(), weapons=(), draft_text="", prompt=""))
    assert "No powerups" in "\n".join(empty) and "Loaded: none" in "\n".join(empty)


def test_odd_views_still_draw():
    """Three players, no events, short tuples, a long step, the track overflowing, every arena."""
    few = tuple(p.model_copy(update={"marks": (1,), "damage": (0, 7, 2)}) for p in PUBLIC.players[:3])
    for arena in game_data().maps:
        view = public_view(
            map_id=arena.id, grid=arena.grid, doors=arena.doors, players=few, log=(),
            tiles=tuple(TileView(square=s, cubes=(), powerup=False) for s in arena.squares
                        if s not in arena.spawnpoints.values()),
            spawns=tuple(SpawnView(colour=c, square=s, weapons=()) for c, s in arena.spawnpoints.items()),
            track=tuple((k % 3, 1 + k % 2) for k in range(20)), skulls=0, frenzy=True, frenzy_left=(0, 1, 2),
            step="waiting for " + "a very long explanation " * 12, summary="x " * 300)
        for over in (False, True):
            image = decode(render_public(GAME, view.model_copy(update={"over": over}), NAMES))
            assert image.width == 800 and image.height < 2000, arena.id
        assert decode(render_private(GAME, private_view(0, view, sees=arena.squares), NAMES)).width == 800
