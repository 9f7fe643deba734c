"""An ARCADE mission set up (rb 1752-1852 and the issue's "Seats and setup"): the mission's 3x4 board
(coop.json), the BUGBUSTERs on its start tile with the mission's coins, the BURPs (one per BUGBUSTER; one
fewer against the BUGMISTRESS), the VIPs, portal pieces and the BUGMISTRESS where the mission places them,
one POWERUP per tile, ON, on the designed squares (the AI BUGMISTRESS's placement), Hidden Keys' GLITCH
(glitch.py) and its secrets placed at random (coop_secrets.place), the market's 4 face-up equipment cards,
the POW!, equipment and BUG decks shuffled. Quotes: shared/rulebooks/powerup.txt.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core.errors import BadOptions
from rules.core.rng import Rng
from rules.powerup import coop_secrets, life
from rules.powerup.board import Square, parse_square
from rules.powerup.coop_boards import start_squares
from rules.powerup.coop_data import Mission, coop_data
from rules.powerup.coop_state import Bug, Coop, Npc
from rules.powerup.data import game_data
from rules.powerup.state import Figure, State

TEAM = "BUSTERS"  # every BUGBUSTER is on one side in co-op (Buster.team)
FACING = {"left": -1, "right": 1}


def mission(mission_id: str) -> Mission:
    found = next((m for m in coop_data().missions if m.id == mission_id), None)
    if found is None:
        raise BadOptions(f"mission is one of {', '.join(m.id for m in coop_data().missions)}")
    return found


def _sq(name: str) -> Square:
    sq = parse_square(name)
    assert sq is not None, name  # coop_boards checked every placement at load
    return sq


def new_coop_state(seed: int, labels: tuple[str, ...], mission_id: str) -> State:
    """The mission ready to play: sequence 0, the BUG turn next. ``labels``: the BUGBUSTERs' sheets."""
    m = mission(mission_id)
    if not m.min_busters <= len(labels) <= 4:
        raise BadOptions(f"{m.name} is played by {m.min_busters} to 4 BUGBUSTERs (rb {m.rb})")
    if len(set(labels)) != len(labels):
        raise BadOptions("each BUGBUSTER plays once")
    data, co = game_data(), coop_data()
    r = Rng(seed)
    pow_deck = [f"{n}|{letter}" for n, letter in data.pow_deck()]
    r.shuffle(pow_deck)
    equip = [c.id for c in data.equipment]
    r.shuffle(equip)
    bug_deck = [f"{c.name}|{k + 1}" for c in co.bug_cards for k in range(len(c.copies))]
    r.shuffle(bug_deck)
    layout = tuple(tuple(row) for row in m.layout)
    busters = tuple(replace(life.fresh(sheet, TEAM), coins=m.coins) for sheet in labels)  # the mission's coins
    starts = start_squares(m, data)  # the room the load checked (coop_boards)
    figures = {b.sheet: Figure(b.sheet, "buster", starts[i], 1) for i, b in enumerate(busters)}
    bugs: dict[str, Bug] = {}
    sheet = co.sheet("BURP")
    for k, burp in enumerate(m.burps_for(len(labels))):  # rb 1766: "as many BURPs as BUGBUSTER players"
        fid = f"BRP{k + 1}"
        figures[fid] = Figure(fid, "bug", _sq(burp.square), FACING[burp.facing])
        bugs[fid] = Bug("BURP", sheet.lives)
    npcs = {}
    for k, where in enumerate(m.vips):
        fid = f"VIP{k + 1}"
        figures[fid] = Figure(fid, "npc", _sq(where), 1)
        npcs[fid] = Npc(co.npc.lives, co.npc.moves)
    pieces = {}
    for k, where in enumerate(m.portal):
        fid = f"PORTAL{k + 1}"
        figures[fid] = Figure(fid, "piece", _sq(where), -1)
        pieces[fid] = co.portal_piece.lives
    level = lives = 0
    if m.bugmistress:
        figures["BUGMISTRESS"] = Figure("BUGMISTRESS", "mistress", _sq(m.bugmistress), -1)
        level, lives = 1, co.level(1).lives
    for k, where in enumerate(m.glitches):  # rb 1810: "Place the GLITCH ... near the characters" (glitch.py)
        figures[f"GLITCH{k + 1}"] = Figure(f"GLITCH{k + 1}", "glitch", _sq(where), 1)
    market, equip = tuple(equip[:co.store.market]), equip[co.store.market:]
    s = State(seats=labels, busters=busters, layout=layout, figures=figures, rng=(), phase="play",
              pow_deck=tuple(pow_deck), equip_deck=tuple(equip))
    s.powerups = {_sq(q): True for q in m.powerups}  # one per tile, ON (the issue)
    s.coop = Coop(m.id, bugs=bugs, npcs=npcs, pieces=pieces, bug_deck=tuple(bug_deck), level=level, mistress_lives=lives,
                  market=market,
                  to_play=tuple(range(len(labels))), points=tuple(0 for _ in labels))
    s.coop.glitch_lives = tuple((f"GLITCH{k + 1}", co.glitch.lives) for k in range(len(m.glitches)))
    coop_secrets.place(s, m, r)  # Hidden Keys: keys A, B, C and coins, face down at random (the AI's placement)
    s.played = tuple(False for _ in labels)
    s.rng = tuple(r.state())
    return s


def new_arcade(seed: int, options, seats, out: list[str]) -> State:
    """An ARCADE game from the table's options (mode, mission, who plays the BUGMISTRESS, professions): the
    mission set up, then the professions' picks or the first sequence; the lines it tells go to ``out``."""
    from rules.powerup import coop_turn
    from rules.powerup.mistress import HER

    human = options.bugmistress == "human"
    labels = tuple(seats) if seats else ("RAY", HER) if human else ("RAY",)
    if human != (HER in labels) or human and labels[-1] != HER:
        raise BadOptions(f"bugmistress:human plays with the seat {HER} (last); bugmistress:ai without it")
    labels = tuple(x for x in labels if x != HER)
    s = new_coop_state(seed, labels, options.mission)
    assert s.coop is not None
    s.coop.human = human  # her turn begins with the first sequence (mistress.begin_turn)
    s.modes = (options.reactions,) * len(labels)
    s.react_wait = options.reaction_wait
    s.coop.pause = options.pause
    if options.professions == "on":  # the picks come before the first BUG turn (professions.py)
        from rules.powerup import professions

        professions.begin(s, out)
    else:
        coop_turn.start_sequence(s, out)
    return s
