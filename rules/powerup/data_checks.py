"""The checks POWERUP's data must pass at load (rules/powerup/data.py calls them), and the board
geometry they need: which squares can be stood on and where a figure can get to.

Every check returns a list of problems, each naming its entry ("equipment E03 Stun Prod: ..."), so
one bad load reports all of them. Line numbers are shared/rulebooks/powerup.txt's ("rb"); section
numbers are shared/reference/game-data.md's.

Cells (game-data.md 4.11) are two characters: the floor under the square (``_`` solid platform, ``=``
thin platform, ``.`` none, ``A`` acid, ``K`` spikes, ``#`` block) and a feature (``.`` none, ``L``
ladder, ``S`` automatic stairs, ``G`` gateway, ``#`` block). Rows run top to bottom.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # data.py imports this module; the models are only needed for type hints
    from rules.powerup.data import GameData, Item

FLOORS = "_=.AK#"
FEATURES = ".LSG#"
SOLID = "_AK"  # floors a figure can neither jump nor climb up through (acid and spikes are floors)
SUPPORTING = "_=AK"  # rb 685: "any square that has an obstacle underneath"
KINDS = {"M": "melee", "R": "distance", "V": "distance", "A": "armor"}  # rb 612: the three slots
DAMAGE_TYPES = ("piercing", "blunt", "electric", "fire", "laser", "explosive")
WEAPON_KEYWORDS = ("AMMO_Y", "RP_Y", "DOUBLE", "DRILL", "AREA2", "PUSH2", "LEAVES_FIRE")  # rb 649-661
ARMOR_KEYWORDS = ("MELEE_W", "RP+2", "JUMP1", "IMMUNE_FIRE")  # rb 663-667
ANY_KEYWORDS = ("HEAVY",)  # rb 669: a heavy gun or a heavy shield
KEYWORDS = WEAPON_KEYWORDS + ARMOR_KEYWORDS + ANY_KEYWORDS
DESTRUCTION = ("never", "out_of_ammo", "blunder", "double_blunder", "single_use", "lose_melee", "pushed",
               "fall2", "big_hit")  # game-data.md 4.6, "Destruction conditions"
SHEETS = ("RAY", "TOR", "ANA", "PNK", "MAI", "MAC", "PAM", "LPZ")
LETTERS = ("E", "P", "I", "C", "*")  # "*" is the Epic joker
AMOUNT_KEYS = ("rp", "ammo", "lives", "armor", "white", "yellow", "hits", "moves", "draw", "bug_cards",
               "rerolls")
DURATIONS = ("instant", "this_turn", "until_your_next_turn")
TURN_MARKS = ("spawn", "event", "relight")
SECRET_KINDS = ("key", "coins", "powerup", "buggie_trap")
# Seats -> (tile rows, tile columns): the 2x3 / 3x3 / 3x4, read as rows x columns (docs).
BOARD_SHAPES = {2: (2, 3), 4: (3, 3), 6: (3, 4)}
BASES = {"RED": 21, "BLU": 22}  # rb 1870: "Place tiles 21 and 22 at positions for RED TEAM and BLU TEAM"
TILES = 12  # rb 9: "12 map tiles"; tile n shows face n or face n + 12


def tile_of(face: int) -> int:
    return face if face <= TILES else face - TILES


# --- equipment and sheets -------------------------------------------------------------------------

def item_problems(item: Item, where: str, *, sheet: bool) -> list[str]:
    name = f"{where} {item.id} {item.name}"
    out = []
    if item.kind not in KINDS:
        out.append(f"{name}: kind {item.kind!r} is outside the three slots (distance, melee, armor)")
        return out
    for kw in item.keywords:
        if kw not in KEYWORDS:
            out.append(f"{name}: unknown keyword {kw!r}")
        elif item.kind == "A" and kw in WEAPON_KEYWORDS or item.kind != "A" and kw in ARMOR_KEYWORDS:
            out.append(f"{name}: keyword {kw} does not fit kind {item.kind}")
    if item.damage is not None and item.damage not in DAMAGE_TYPES:
        out.append(f"{name}: unknown damage type {item.damage!r}")
    if item.destroyed_when not in DESTRUCTION:
        out.append(f"{name}: unknown destruction condition {item.destroyed_when!r}")
    if sheet and item.destroyed_when != "never":
        out.append(f"{name}: sheet weapons are never destroyed")
    if sheet and item.cost is not None or not sheet and item.cost is None:
        out.append(f"{name}: equipment cards have a cost, sheet weapons none (they cannot be sold)")
    if (item.kind == "R") != (item.range is not None) or item.range is not None and item.range < 1:
        out.append(f"{name}: a fixed range (1 or more) on kind R only (rb 641)")
    if item.kind == "A":
        if item.speed is not None or item.dice != "0" or item.damage is not None:
            out.append(f"{name}: armor has no dice, speed or damage type")
    else:
        if item.armor or item.speed is None or item.speed < 1:
            out.append(f"{name}: a weapon has a speed of 1 or more (rb 929) and no armor")
        if not sheet and item.damage is None:
            out.append(f"{name}: an equipment weapon has a damage type")
    if item.destroyed_when == "single_use" and item.kind != "V":
        out.append(f"{name}: only grenades (kind V) are single use")
    if item.destroyed_when == "out_of_ammo" and item.ammo_per_shot == 0 and "AMMO_Y" not in item.keywords:
        out.append(f"{name}: destroyed when out of ammo but uses none")
    return out


def equipment_problems(data: GameData) -> list[str]:
    out = []
    cards = data.equipment
    if len(cards) != 38:  # rb 33
        out.append(f"equipment: 38 cards, not {len(cards)}")
    kinds = Counter(c.kind for c in cards)
    if kinds != Counter({"M": 11, "R": 13, "V": 6, "A": 8}):  # game-data.md 4.6 checks
        out.append(f"equipment: 11 melee, 13 ranged, 6 variable, 8 armor, not {dict(kinds)}")
    out += repeats("equipment id", [c.id for c in cards]) + repeats("equipment name", [c.name for c in cards])
    for c in cards:
        out += item_problems(c, "equipment", sheet=False)
    if not any(c.damage == "electric" and c.kind != "A" for c in cards):  # rb 1609
        out.append("equipment: no electric weapon ('there are electric damage weapons in the POWERUP')")
    return out


def sheet_problems(data: GameData) -> list[str]:
    out = []
    ids = tuple(s.id for s in data.bugbusters)
    if ids != SHEETS:  # rb 77: 8 BUGBUSTER tokens; the biographies name these eight
        out.append(f"bugbusters: the 8 sheets {', '.join(SHEETS)}, not {', '.join(ids)}")
    card_names = {c.name for c in data.equipment}
    for s in data.bugbusters:
        n, e = s.normal, s.epic
        weapons = [*n.weapons, e.weapon]
        for w in weapons:
            out += item_problems(w, f"bugbuster {s.id}", sheet=True)
            if w.name in card_names:
                out.append(f"bugbuster {s.id} {w.id}: named like an equipment card; a sheet weapon is not one")
        slots = [KINDS.get(w.kind) for w in n.weapons]
        if not n.weapons or "armor" in slots or len(set(slots)) != len(slots):
            out.append(f"bugbuster {s.id}: one to two basic weapons, at most one per weapon slot")
        if "distance" not in slots:  # a ranged attack needs an equipped weapon's range (rb 791)
            out.append(f"bugbuster {s.id}: no basic distance weapon for its ranged dice")
        if e.weapon.kind == "A":
            out.append(f"bugbuster {s.id}: the EPIC weapon is a weapon")
        if min(n.rp, n.ammo, n.armor, e.rp_bonus, e.ammo_bonus) < 0 or n.rp < 1 or n.ammo < 1:
            out.append(f"bugbuster {s.id}: RP and ammo start at 1 or more; no negative values")
    out += repeats("sheet weapon id", [w.id for s in data.bugbusters for w in (*s.normal.weapons, s.epic.weapon)])
    # rb 133/169: 23 AMMO and 27 REACTION counters cover four co-op players' starting values.
    if sum(sorted((s.normal.ammo for s in data.bugbusters), reverse=True)[:4]) > 23:
        out.append("bugbusters: four sheets' ammo exceeds the 23 AMMO counters")
    if sum(sorted((s.normal.rp for s in data.bugbusters), reverse=True)[:4]) > 27:
        out.append("bugbusters: four sheets' RP exceeds the 27 REACTION counters")
    return out


# --- POW! cards, tokens, small cards --------------------------------------------------------------

def pow_problems(data: GameData) -> list[str]:
    out = []
    deck = data.pow_deck()
    if len(deck) != 31:  # rb 29
        out.append(f"pow_cards: 31 cards, not {len(deck)}")
    if len(data.pow_cards) != 29:  # the 29 names rb 1170-1277 prints
        out.append(f"pow_cards: 29 names, not {len(data.pow_cards)}")
    out += repeats("pow_cards name", [c.name for c in data.pow_cards])
    letters = Counter(letter for _, letter in deck)
    for letter in LETTERS:  # rb 861: "form the word EPIC"; rb 568 the joker
        if not letters[letter]:
            out.append(f"pow_cards: no card with the letter {'joker' if letter == '*' else letter}")
    for c in data.pow_cards:
        name = f"pow_cards {c.name}"
        if c.type not in ("special", "trick"):
            out.append(f"{name}: type {c.type!r} is not special or trick")
        bad = [x for x in c.letters if x not in LETTERS]
        if bad or not c.letters:
            out.append(f"{name}: letters {list(c.letters)} are not among E, P, I, C and the joker")
        if set(c.cost) - {"rp", "ammo"} or any(v < 1 for v in c.cost.values()):
            out.append(f"{name}: a cost is RP or ammo, 1 or more")
        if c.only not in (None, "melee", "ranged"):
            out.append(f"{name}: 'only' is melee or ranged, not {c.only!r}")
        if set(c.amounts) - set(AMOUNT_KEYS):
            out.append(f"{name}: unknown amounts {sorted(set(c.amounts) - set(AMOUNT_KEYS))}")
        if c.duration not in DURATIONS:
            out.append(f"{name}: unknown duration {c.duration!r}")
    by_name = {c.name: c for c in data.pow_cards}
    # Errata (game-data.md 4.9): the misprints must not come back.
    red = by_name.get("RedBug")
    if red is None or red.amounts.get("rp") != 4 or "ammo" in red.amounts:
        out.append("pow_cards RedBug: gives 4 RP (erratum: the text's 'ammunition' means reaction)")
    pause = by_name.get("Player Pause")
    if pause is None or pause.duration != "until_your_next_turn":
        out.append("pow_cards Player Pause: lasts until its user's next turn (erratum)")
    return out


def token_problems(data: GameData) -> list[str]:
    out = []
    tokens = data.secret_tokens
    if len(tokens) != 16:  # rb 185
        out.append(f"secret_tokens: 16 tokens, not {len(tokens)}")
    for i, t in enumerate(tokens):
        if t.kind not in SECRET_KINDS:
            out.append(f"secret_tokens #{i}: unknown kind {t.kind!r}")
        elif (t.kind == "coins") != (t.value is not None and t.value >= 1) or (t.kind == "key") != (t.label is not None):
            out.append(f"secret_tokens #{i}: coins carry a value, keys a label, nothing else either")
    if sorted(t.label for t in tokens if t.kind == "key") != ["A", "B", "C"]:  # rb 1144
        out.append("secret_tokens: the goal tokens are labelled A, B and C")
    dm = [t for t in tokens if t.kind != "key"]  # rb 1882: "coins, POWERUPs and buggie traps"
    if not all(any(t.kind == k for t in dm) for k in ("coins", "powerup", "buggie_trap")):
        out.append("secret_tokens: DEATHMATCH needs coins, POWERUP and Buggie Trap tokens")
    if sorted(data.initiative_cards) != [1, 2, 3, 4, 5, 6]:  # rb 113
        out.append(f"initiative_cards: the 6 cards 1-6, not {list(data.initiative_cards)}")
    caps = data.caps
    want = {"powerups": 15, "drums": 15, "covers": 3, "robots": 2}  # rb 85, 89, 93, 97
    for key, n in want.items():
        if getattr(caps, key) != n:
            out.append(f"caps {key}: {n}, not {getattr(caps, key)}")
    if caps.powerups < max(r * c for r, c in BOARD_SHAPES.values()):
        out.append("caps powerups: one POWERUP per tile of the largest board")
    store = [(o.id, o.amount) for o in data.deathmatch_store]  # rb 624-631
    if store != [("pow_card", 1), ("equipment", 1), ("ammo", 3), ("life", 1)]:
        out.append(f"deathmatch_store: the four printed options (a POW! card, an equipment card, 3 ammo, "
                   f"1 life), not {store}")
    turn = data.turn_card
    if turn.sequences_per_round != 8 or sorted(turn.marks) != [str(i) for i in range(1, 9)]:  # rb 1373
        out.append("turn_card: 8 sequences a round, each with its marks")
    for seq, marks in turn.marks.items():
        for m in marks:
            if m not in TURN_MARKS:
                out.append(f"turn_card sequence {seq}: unknown mark {m!r}")
    if not any("relight" in m for m in turn.marks.values()):  # rb 633: "a cycle where POWERUPs turn back on"
        out.append("turn_card: no relight mark")
    d = data.drum
    if d.dice == "0" or not d.leaves_fire:  # rb 1104-1106
        out.append("drum: a drum blasts with dice and leaves fire")
    return out


def dice_problems(data: GameData) -> list[str]:
    out = []
    faces = data.faces
    for colour in ("white", "yellow"):
        sides = getattr(data.dice, colour)
        if len(sides) != 6:
            out.append(f"dice {colour}: 6 faces, not {len(sides)}")
        for s in sides:
            if s not in faces:
                out.append(f"dice {colour}: unknown face {s!r}")
    if (faces.get("skull") and faces["skull"].hits) != 1 or not faces.get("pow") or (faces["pow"].hits, faces[
            "pow"].pow_card) != (3, True) or not faces.get("bug") or not faces["bug"].blunder:
        out.append("faces: a skull is 1 hit, POW! 3 hits and a card, BUG a blunder (rb 434-442)")
    if "bug" in data.dice.white:
        out.append("dice white: the white die is the stable one (rb 428), no BUG face")

    def mean(colour: str) -> float:
        return sum(faces[s].hits for s in getattr(data.dice, colour) if s in faces) / 6

    if not mean("white") < mean("yellow"):
        out.append("dice: the yellow die is the more powerful (rb 428)")
    steps = [(s.min_hits, s.lives) for s in data.damage]
    if steps != [(1, 1), (3, 2), (6, 3), (9, 4)]:  # rb 845
        out.append(f"damage: 1/3/6/9 hits take 1/2/3/4 lives (rb 845), not {steps}")
    return out


# --- tiles and boards -----------------------------------------------------------------------------

Grid = list[list[str]]  # cells, rows top to bottom


def face_grid(rows: Sequence[str]) -> Grid:
    return [row.split(" ") for row in rows]


def face_problems(face: int, name: str, rows: Sequence[str]) -> list[str]:
    """game-data.md 4.11's checks on one face."""
    label = f"faces {face:02d} {name}"
    grid = face_grid(rows)
    if len(grid) != 3 or any(len(r) != 3 for r in grid):
        return [f"{label}: 3 rows of 3 cells"]
    out = []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if len(cell) != 2 or cell[0] not in FLOORS or cell[1] not in FEATURES:
                out.append(f"{label}: cell {cell!r} at row {r + 1}, column {c + 1} is not a floor and a feature")
            elif ("#" in cell) and cell != "##":
                out.append(f"{label}: a block is written ## (row {r + 1}, column {c + 1})")
    if out:
        return out
    out += [f"{label}: {p}" for p in grid_problems(grid, whole_board=False)]
    if face in BASES.values() and not any(cell[1] == "G" for row in grid for cell in row):
        out.append(f"{label}: a base face has a gateway")
    return out


def grid_problems(grid: Grid, *, whole_board: bool) -> list[str]:
    """Stairs lift onto a square that can hold the figure; a ladder's top leads onto one. Inside one
    face the square above its top row is unknown, so only a whole board checks those."""
    out = []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell[1] not in "SL":
                continue
            what = "stairs" if cell[1] == "S" else "ladder"
            if cell[1] == "L" and r > 0 and grid[r - 1][c][1] == "L":
                continue  # not the top of its run
            if r == 0:
                if whole_board and what == "stairs":
                    out.append(f"{square_name(r, c, len(grid))}: stairs on the top row would lift into the void")
                continue  # a ladder may end at the board's top: it is climbed down
            if not standable(grid, r - 1, c):
                out.append(f"{square_name(r, c, len(grid))}: the square above the {what} is not free and supported")
    return out


def square_name(r: int, c: int, height: int) -> str:
    """``C4``: the column's letter, then the row counted from the bottom (the issue's notation)."""
    return f"{chr(ord('A') + c)}{height - r}"


def blocked(grid: Grid, r: int, c: int) -> bool:
    return grid[r][c][0] == "#"


def supported(grid: Grid, r: int, c: int) -> bool:
    """rb 685: an obstacle underneath (a platform, a ladder, a block below) or the board's bottom edge."""
    floor, feature = grid[r][c]
    return (floor in SUPPORTING or feature == "L" or r == len(grid) - 1
            or blocked(grid, r + 1, c))


def standable(grid: Grid, r: int, c: int) -> bool:
    return not blocked(grid, r, c) and supported(grid, r, c)


def _land(grid: Grid, r: int, c: int) -> tuple[int, int] | None:
    """Where a figure entering (r, c) ends: it falls to the first support (rb 761) and the stairs
    lift it (rb 719); None if it dies in acid (rb 725)."""
    while not supported(grid, r, c):
        r += 1
    if grid[r][c][0] == "A":
        return None
    if grid[r][c][1] == "S" and r > 0 and standable(grid, r - 1, c):
        return (r - 1, c)
    return (r, c)


def moves(grid: Grid, r: int, c: int) -> Iterable[tuple[int, int]]:
    """Where one move, jump or climb from a square can take a figure (rb 707-769): a step left or right;
    a 45-degree jump up, past the square above or beside (no block, no solid floor crossed going up);
    up through a thin platform; along a ladder (a ladder reaches through the floor above it)."""
    h, w = len(grid), len(grid[0])

    def open_up(rr: int, cc: int) -> bool:  # can a figure rise from (rr + 1, cc) into (rr, cc)?
        return not blocked(grid, rr, cc) and grid[rr][cc][0] not in SOLID

    targets = []
    for dc in (-1, 1):
        cc = c + dc
        if not 0 <= cc < w or blocked(grid, r, cc):
            continue
        targets.append((r, cc))
        if r > 0 and ((open_up(r - 1, c) and not blocked(grid, r - 1, cc)) or open_up(r - 1, cc)):
            targets.append((r - 1, cc))
    if r > 0 and grid[r - 1][c][0] == "=" and not blocked(grid, r - 1, c):
        targets.append((r - 1, c))
    if r > 0 and grid[r][c][1] == "L" and not blocked(grid, r - 1, c):
        targets.append((r - 1, c))
    if r + 1 < h and grid[r + 1][c][1] == "L":
        targets.append((r + 1, c))
    for t in targets:
        landed = _land(grid, *t)
        if landed is not None:
            yield landed


def reachable(grid: Grid, starts: Iterable[tuple[int, int]]) -> set[tuple[int, int]]:
    """Squares reachable from ``starts`` by moves, jumps and ladders, never through acid; a spike square
    is reached but not crossed (the figure is hurt and pushed away). Gateways are left out: the board
    must not depend on a door a card can shut."""
    seen: set[tuple[int, int]] = set()
    todo = [s for s in starts if standable(grid, *s)]
    while todo:
        sq = todo.pop()
        if sq in seen:
            continue
        seen.add(sq)
        if grid[sq[0]][sq[1]][0] == "K":
            continue
        todo += [t for t in moves(grid, *sq) if t not in seen]
    return seen


def assemble(layout: Sequence[Sequence[int]], faces: dict[int, Sequence[str]]) -> Grid:
    grid: Grid = []
    for tile_row in layout:
        for r in range(3):
            grid.append([cell for f in tile_row for cell in face_grid(faces[f])[r]])
    return grid


def board_problems(layout: Sequence[Sequence[int]], faces: dict[int, Sequence[str]], seats: int) -> list[str]:
    """A DEATHMATCH board (tile rows of face numbers, top to bottom): its shape for the seats, the bases
    at the bottom corners, one face per tile, every square reachable from both bases."""
    label = f"deathmatch board for {seats} seats"
    shape = BOARD_SHAPES.get(seats)
    if shape is None:
        return [f"{label}: DEATHMATCH seats are 2, 4 or 6"]
    rows, cols = shape
    if len(layout) != rows or any(len(row) != cols for row in layout):
        return [f"{label}: {rows} x {cols} tiles"]
    out = []
    flat = [f for row in layout for f in row]
    unknown = [f for f in flat if f not in faces]
    if unknown:
        return [f"{label}: unknown faces {unknown}"]
    if layout[-1][0] != BASES["RED"] or layout[-1][-1] != BASES["BLU"]:
        out.append(f"{label}: face 21 (RED) at the bottom left, 22 (BLU) at the bottom right")
    tiles = Counter(tile_of(f) for f in flat)
    for tile, n in sorted(tiles.items()):
        if n > 1:
            out.append(f"{label}: tile {tile} twice (faces {tile} and {tile + TILES} are its two sides)")
    if out:
        return out
    grid = assemble(layout, faces)
    h, w = len(grid), len(grid[0])
    out += [f"{label}: {p}" for p in grid_problems(grid, whole_board=True)]
    for team, col0 in (("RED", 0), ("BLU", w - 3)):
        names = unreachable(grid, [(r, c) for r in range(h - 3, h) for c in range(col0, col0 + 3)])
        if names:
            out.append(f"{label}: from the {team} base, unreachable squares {names}")
    return out


def lifted(grid: Grid, r: int, c: int) -> bool:
    """Stairs under a figure lift it: it never stays there, unless the square above is taken."""
    return grid[r][c][1] == "S" and r > 0 and standable(grid, r - 1, c)


def unreachable(grid: Grid, starts: list[tuple[int, int]]) -> str:
    """The squares a figure could stand on (not acid, not lifting stairs) that no path from ``starts``
    reaches, named top row first ("" when none)."""
    h, w = len(grid), len(grid[0])
    must = {(r, c) for r in range(h) for c in range(w)
            if standable(grid, r, c) and grid[r][c][0] != "A" and not lifted(grid, r, c)}
    missing = must - reachable(grid, starts)
    return ", ".join(square_name(r, c, h) for r, c in sorted(missing, key=lambda s: (-s[0], s[1])))


def repeats(what: str, values: list[str]) -> list[str]:
    return [f"{what} {v!r} repeats" for v, n in Counter(values).items() if n > 1]
