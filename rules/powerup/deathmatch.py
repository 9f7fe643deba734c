"""DEATHMATCH (rb 1858-1920): seats and teams, setup (POWERUPs and drums placed in turn, then secrets and
start squares behind screens), the score, the DEATHMATCH store (rb 624-633).

Quotes: shared/rulebooks/powerup.txt ("rb N").
"""

from __future__ import annotations

from rules.core.errors import BadOptions
from rules.core.rng import Rng
from rules.powerup import life, physics
from rules.powerup.board import Square, board, name
from rules.powerup.cards import draw_pow
from rules.powerup.data import LIVES, game_data
from rules.powerup.data_checks import SHEETS
from rules.powerup.state import TEAMS, Figure, State, shuffled

SEAT_LABELS = tuple(f"{team}-{sheet}" for team in TEAMS for sheet in SHEETS)
TOKEN_WORDS = {"coins": "coins", "powerup": "powerup", "buggie_trap": "trap"}


def token_code(kind: str, value: int | None) -> str:
    return f"coins{value}" if kind == "coins" else TOKEN_WORDS[kind]


def new_state(seed: int, labels: tuple[str, ...], layout: tuple[tuple[int, ...], ...]) -> State:
    teams = [label.split("-")[0] for label in labels]
    sheets = [label.split("-")[1] for label in labels]
    if len(set(sheets)) != len(sheets):
        raise BadOptions("each BUGBUSTER plays once: two seats chose the same character")
    if len(labels) not in (2, 4, 6) or teams.count("RED") != teams.count("BLU"):
        raise BadOptions("DEATHMATCH is played by 2, 4 or 6 seats in two equal teams (rb 1862)")
    data = game_data()
    r = Rng(seed)
    pow_deck = [f"{n}|{letter}" for n, letter in data.pow_deck()]
    r.shuffle(pow_deck)
    equip = [c.id for c in data.equipment]
    r.shuffle(equip)
    tokens = [token_code(t.kind, t.value) for t in data.secret_tokens if t.kind != "key"]
    r.shuffle(tokens)
    first = TEAMS[r.below(2)]
    busters = tuple(life.fresh(sheet, team) for sheet, team in zip(sheets, teams, strict=True))
    figures = {b.sheet: Figure(b.sheet, "buster", None, 1 if b.team == "RED" else -1) for b in busters}
    s = State(seats=labels, busters=busters, layout=layout, figures=figures, rng=(), phase="place",
              pow_deck=tuple(pow_deck), equip_deck=tuple(equip))
    for team in TEAMS:
        home = life.robot_home(s, team)
        s.figures[f"ROBOT-{team}"] = Figure(f"ROBOT-{team}", "robot", home, 1 if team == "RED" else -1)
    # rb 1882: the 13 DEATHMATCH tokens, one set aside unseen (the issue), half to each team; a team's
    # tokens are shared among its seats, each placing its own behind its screen
    s.set_aside, rest = tokens[0], tokens[1:]
    hide: list[list[str]] = [[] for _ in labels]
    for t, team in enumerate(TEAMS):
        members = [i for i, x in enumerate(teams) if x == team]
        for k, token in enumerate(rest[t * 6:(t + 1) * 6]):
            hide[members[k % len(members)]].append(token)
    s.to_hide = tuple(tuple(h) for h in hide)
    s.hidden_done = tuple(False for _ in labels)
    s.placing, s.place_kind = first, "powerup"
    s.rng = tuple(r.state())
    s.played = tuple(False for _ in labels)
    return s


# --- setup: placing in turn ---------------------------------------------------------------------------
def powerups_to_place(s: State) -> int:
    """rb 1878: "Take a POWERUP token for each tile on the board"."""
    return len(s.layout) * len(s.layout[0])


def _static_spots(s: State) -> tuple[Square, ...]:
    return life.token_spots(s.layout)


def placeable(s: State, sq: Square) -> bool:
    return sq in _free_spots(s)


def _free_spots(s: State) -> list[Square]:
    """The static spots with nothing on them yet (no figure, no POWERUP)."""
    taken = s.occupied()
    return [sq for sq in _static_spots(s) if sq not in taken and sq not in s.powerups]


def place_squares(s: State) -> list[Square]:
    """Where the placing team may put its next POWERUP (rb 1880: "Do not place more than 1 POWERUP on each
    tile") or drum (rb 1884: "wherever they want")."""
    b = board(s.layout)
    tiles_used = {b.tile_of(sq) for sq in s.powerups}
    spots = _free_spots(s)
    if s.place_kind == "powerup":
        return [sq for sq in spots if b.tile_of(sq) not in tiles_used]
    return spots


def designed_place(s: State) -> Square:
    """The default placement (a time-out): a POWERUP on the free tile nearest the team's own base, on the
    square nearest that tile's centre; a drum on the free square nearest the middle of the board."""
    b = board(s.layout)
    options = place_squares(s)
    if s.place_kind == "powerup":
        home = life.robot_home(s, s.placing)

        def key(sq: Square) -> tuple[int, int, int, int]:
            tx, ty = b.tile_of(sq)
            centre = (tx * 3 + 1, ty * 3 + 1)
            tile_d = abs(centre[0] - home[0]) + abs(centre[1] - home[1])
            return (tile_d, abs(sq[0] - centre[0]) + abs(sq[1] - centre[1]), sq[1], sq[0])

        return min(options, key=key)
    mid = ((b.width - 1) / 2, (b.height - 1) / 2)
    return min(options, key=lambda sq: (abs(sq[0] - mid[0]) + abs(sq[1] - mid[1]), sq[1], sq[0]))


def place(s: State, sq: Square, out: list[str]) -> None:
    team = s.placing
    if s.place_kind == "powerup":
        s.powerups[sq] = True
        out.append(f"{team} places a POWERUP on {name(sq)}.")
    else:
        n = sum(1 for f in s.figures.values() if f.kind == "drum") + 1
        s.figures[f"DRUM{n}"] = Figure(f"DRUM{n}", "drum", sq)
        out.append(f"{team} places a drum on {name(sq)}.")
    s.placed += 1
    other = "BLU" if team == "RED" else "RED"
    total = powerups_to_place(s)
    if s.place_kind == "powerup" and len(s.powerups) < total:
        s.placing = other  # one by one, alternately (rb 1880); an odd count gives the first team one more
    elif s.place_kind == "powerup":
        s.place_kind = "drum"
        s.placing = _first_team(s)
    elif sum(1 for f in s.figures.values() if f.kind == "drum") < 2:
        s.placing = other  # rb 1884: "Each team places 1 explosive drum"
    else:
        s.phase, s.placing, s.place_kind = "hide", "", ""
        out.append("Now, behind screens: each seat hides its secret tokens and picks its start square.")


def _first_team(s: State) -> str:
    """The team that places the first drum: the one that did not place the first POWERUP, so that neither
    team goes first twice (with an odd count of POWERUPs the first team also placed the extra one)."""
    n = powerups_to_place(s)
    return s.placing if n % 2 == 0 else ("BLU" if s.placing == "RED" else "RED")


# --- setup: behind screens ----------------------------------------------------------------------------
def hide_squares(s: State, seat: int) -> list[Square]:
    """Where a seat may hide a secret token (rb 1882: "wherever they want"): a placeable square off both
    bases (a start square never sits on a token), not already holding one of its team's."""
    b = board(s.layout)
    team = s.busters[seat].team
    return [sq for sq in _free_spots(s) if b.base_of(sq) is None
            and not any(t.startswith(team + ":") for t in s.secrets.get(sq, "").split("+") if t)]


def start_options(s: State, seat: int) -> list[Square]:
    team = s.busters[seat].team
    taken = {x.start for i, x in enumerate(s.busters) if i != seat and x.team == team}
    return [sq for sq in life.start_squares(s, team) if sq not in taken and physics.figure_at(s, sq) is None]


def hide(s: State, seat: int, token: str, sq: Square) -> None:
    team = s.busters[seat].team
    left = list(s.to_hide[seat])
    left.remove(token)
    s.to_hide = (*s.to_hide[:seat], tuple(left), *s.to_hide[seat + 1:])
    here = s.secrets.get(sq, "")
    s.secrets[sq] = f"{here}+{team}:{token}" if here else f"{team}:{token}"


def designed_hide(s: State, seat: int) -> tuple[str, Square] | None:
    """The default (a time-out): the next token on the free square farthest from the seat's own base,
    in its team's half of the board first (it guards the way home)."""
    if not s.to_hide[seat]:
        return None
    options = hide_squares(s, seat)
    if not options:
        return None
    b = board(s.layout)
    home = life.robot_home(s, s.busters[seat].team)
    half = [sq for sq in options if abs(sq[0] - home[0]) < b.width // 2] or options
    sq = max(half, key=lambda q: (abs(q[0] - home[0]) + abs(q[1] - home[1]), -q[1], -q[0]))
    return s.to_hide[seat][0], sq


def reveal(s: State, out: list[str]) -> None:
    """Every screen is done: the BUGBUSTERs stand on their start squares and play begins (rb 1888)."""
    for b in s.busters:
        assert b.start is not None
        s.move_figure(b.sheet, square=b.start)
    s.phase = "play"
    out.append("The screens come down: " + ", ".join(f"{b.sheet} on {name(b.start)}" for b in s.busters
                                                  if b.start is not None) + ". The game begins!")


# --- the score ------------------------------------------------------------------------------------------
def settle_and_score(s: State, seat: int, out: list[str]) -> None:
    """After an action of the active seat: gravity, then the score (not while it is still in the air)."""
    physics.settle(s, out, keep=s.air)
    if s.phase == "play" and s.active == seat and not s.air:
        check_score(s, seat, out)


def check_score(s: State, seat: int, out: list[str]) -> bool:
    """rb 1892-1902: a BUGBUSTER carrying the enemy robot enters its own base while its own robot is home:
    a score. The robots go back, everyone to its start square, every POWERUP ON, the turn ends; two
    scores win (rb 1906)."""
    b = s.busters[seat]
    fig = s.figures[b.sheet]
    enemy = "BLU" if b.team == "RED" else "RED"
    if fig.cargo != f"ROBOT-{enemy}" or fig.square is None:
        return False
    bd = board(s.layout)
    own = s.figures[f"ROBOT-{b.team}"]
    if bd.base_of(fig.square) != b.team or own.square != life.robot_home(s, b.team) or own.carried_by:
        return False
    t = TEAMS.index(b.team)
    score = list(s.score)
    score[t] += 1
    s.score = (score[0], score[1])
    s.set_buster(seat, captures=b.captures + 1)
    s.beats += 1
    out.append(f"{b.sheet} scores for {b.team}! {s.score[0]}-{s.score[1]} (RED-BLU).")
    # what a BUGBUSTER carries lands where it stood; robots and BUGBUSTERs then go home
    dropped = {f.cargo: s.where(f.id) for f in s.figures.values() if f.cargo and f.kind == "buster"}
    for f in list(s.figures.values()):
        s.move_figure(f.id, carried_by=None, cargo=None,
                      square=None if f.kind != "drum" or f.id in dropped else f.square)
    for team in TEAMS:
        s.move_figure(f"ROBOT-{team}", square=life.robot_home(s, team))
    for x in s.busters:
        spot = x.start if x.start is not None and physics.free(s, x.start) else next(
            sq for sq in life.start_squares(s, x.team) if physics.free(s, sq))
        s.move_figure(x.sheet, square=spot)
    for drum, where in dropped.items():
        if drum.startswith("DRUM") and where is not None:
            free = [sq for sq in board(s.layout).standing if physics.free(s, sq)]
            spot = where if where in free else min(free, key=lambda q: (abs(q[0] - where[0]) + abs(q[1] - where[1]),
                                                                        q[1], q[0]))
            s.move_figure(drum, square=spot)
    physics.settle(s, out)
    for sq in s.powerups:
        s.powerups[sq] = True
    if max(s.score) >= 2:
        s.phase = "over"
        s.winner = b.team
        s.summary = f"{b.team} wins {s.score[0]}-{s.score[1]}."
        out.append(f"{b.team} captures twice and wins!")
    else:
        s.ap = 0
    return True


# --- the DEATHMATCH store (rb 624-633) -------------------------------------------------------------------
STORE = ("pow", "equipment", "ammo", "life")  # as typed; the data's ids: pow_card, equipment, ammo, life


def _amount(option: str) -> int:
    """How much a store option gives (the data, rb 624-631: "3 ammo points", "1 life")."""
    return next(o.amount for o in game_data().deathmatch_store if o.id == option)


def store_default(s: State, seat: int) -> str:
    """The issue's default: a life if hurt, else ammo if short, else a POW! card."""
    b = s.busters[seat]
    if b.lives < LIVES:
        return "life"
    if b.ammo < life.ammo_max(b):
        return "ammo"
    return "pow"


def store_options(s: State, seat: int) -> list[str]:
    b = s.busters[seat]
    out = ["pow"]
    if s.equip_deck or s.equip_discard:
        out.append("equipment")
    out.append("ammo")
    if b.lives < LIVES:
        out.append("life")  # never above 3 (rb 225)
    return out


def use_store(s: State, seat: int, choice: str, out: list[str]) -> None:
    b = s.busters[seat]
    if choice == "pow":
        draw_pow(s, seat, out)
    elif choice == "equipment":
        if not s.equip_deck:  # the issue: "Empty POW! and equipment decks reshuffle their discards"
            s.equip_deck, s.equip_discard = shuffled(s, s.equip_discard), ()
        card, s.equip_deck = s.equip_deck[0], s.equip_deck[1:]
        it = game_data().card(card)
        slot = ("distance", "melee", "armor").index(it.slot)
        equipped = list(b.equipped)
        old = equipped[slot]
        owned = list(b.owned)
        if old is not None and "." not in old:  # rb 629: "you lose that one"
            owned.remove(old)
            s.equip_discard = (*s.equip_discard, old)
        equipped[slot] = card
        owned.append(card)
        s.set_buster(seat, equipped=(equipped[0], equipped[1], equipped[2]), owned=tuple(owned))
        out.append(f"{b.sheet} takes equipment: {it.name}, equipped.")
    elif choice == "ammo":
        gain = max(0, min(_amount("ammo"), life.ammo_max(b) - b.ammo))
        s.set_buster(seat, ammo=b.ammo + gain)
        out.append(f"{b.sheet} recovers {gain} ammo.")
    else:
        gain = min(_amount("life"), LIVES - b.lives)
        s.set_buster(seat, lives=b.lives + gain)
        out.append(f"{b.sheet} recovers {gain} li{'fe' if gain == 1 else 'ves'}.")
