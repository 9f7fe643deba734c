"""The ARCADE boards and mission placements POWERUP's co-op data must pass at load (coop_checks.py runs
them): the 3x4 boards (each tile once, every square reachable, Hidden Keys' gateways) and each mission's
printed layout. "rb N" is shared/rulebooks/powerup.txt's line N.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules.powerup import data_checks as dc
from rules.powerup.board import parse_square

if TYPE_CHECKING:
    from rules.powerup.coop_data import CoopData, Mission
    from rules.powerup.data import GameData

TARGETS = ("none", "nearest_vip", "nearest_secret")
# id -> (heading, minimum BUGBUSTERs and its line, coins per BUGBUSTER and its line), rb 1752-1840
MISSIONS = {"vips": (1752, 1, 1758, 4, 1770), "portal": (1776, 2, 1780, 6, 1792),
            "keys": (1798, 2, 1802, 6, 1814), "bugmistress": (1822, 2, 1828, 16, 1840)}
ROUND = 8  # "a ROUND (8 turn sequences)" (rb 1762, rb 1373)
ARCADE_SHAPE = (3, 4)  # tile rows x columns: "12 tiles, in a 3x4 board" (rb 1766)
MIN_GATEWAYS = 3  # Hidden Keys: "at least 3 portals in sight" (rb 1810)

MAX_BUSTERS = 4  # co-op: 4 help cards, 4 pairs of SCORE cards, 4 BURPs (rb 37, 41, 153; reference 4.2)
Sq = tuple[int, int]  # grid (row from the top, column), as data_checks


# --- ARCADE missions ------------------------------------------------------------------------------

def arcade_board_problems(layout: Sequence[Sequence[int]], faces: dict[int, Sequence[str]],
                          start_tile: tuple[int, int]) -> list[str]:
    """An ARCADE board: 3 x 4 tiles, each of the 12 tiles once (rb 1766), sound geometry, every square a
    figure can stand on (acid aside) reachable from the start tile by steps, jumps and ladders (reference
    4.11), as data_checks.board_problems does from a DEATHMATCH base."""
    rows, cols = ARCADE_SHAPE
    if len(layout) != rows or any(len(r) != cols for r in layout):
        return [f"{rows} x {cols} tiles"]
    flat = [f for r in layout for f in r]
    if [f for f in flat if f not in faces]:
        return [f"unknown faces {[f for f in flat if f not in faces]}"]
    twice = [t for t, n in Counter(dc.tile_of(f) for f in flat).items() if n > 1]
    if twice:
        return [f"tiles {sorted(twice)} twice (tile n shows face n or n + 12)"]
    tx, ty = start_tile
    if not (0 <= tx < cols and 0 <= ty < rows):
        return [f"start tile {start_tile} is off the board"]
    grid = dc.assemble(layout, faces)
    h = len(grid)
    out = dc.grid_problems(grid, whole_board=True)
    names = dc.unreachable(grid, _tile_squares(start_tile, h))
    if names:
        out.append(f"from the start tile, unreachable squares {names}")
    return out


def _tile_squares(tile: tuple[int, int], h: int) -> list[Sq]:
    tx, ty = tile
    return [(h - 1 - y, x) for y in range(3 * ty, 3 * ty + 3) for x in range(3 * tx, 3 * tx + 3)]


def _grid_sq(name: str, h: int, w: int) -> Sq | None:
    sq = parse_square(name)
    if sq is None or not (0 <= sq[0] < w and 0 <= sq[1] < h):
        return None
    return (h - 1 - sq[1], sq[0])


def _placeable(grid: dc.Grid, sq: Sq) -> bool:
    """A figure set here stays: free, supported, neither acid nor spikes, no stairs lifting it."""
    r, c = sq
    return dc.standable(grid, r, c) and grid[r][c][0] not in "AK" and not dc.lifted(grid, r, c)


def _room(grid: dc.Grid, tile: tuple[int, int], taken: set[Sq] | list[Sq]) -> list[Sq]:
    """The start tile's squares a BUGBUSTER may start on: placeable, no piece there."""
    return [sq for sq in _tile_squares(tile, len(grid)) if _placeable(grid, sq) and sq not in taken]


def _pieces(m: Mission) -> list[tuple[str, str]]:
    """What the mission places, by kind and square name."""
    return [("BURP", b.square) for b in m.burps] + [("VIP", s) for s in m.vips] + \
        [("portal piece", s) for s in m.portal] + [("GLITCH", s) for s in m.glitches] + \
        ([("BUGMISTRESS", m.bugmistress)] if m.bugmistress else [])


def start_squares(m: Mission, game: GameData) -> list[tuple[int, int]]:
    """Where the BUGBUSTERs start (coop_setup.py): the room the load checked, as board squares (x from the
    left, y from the bottom), bottom row first, then left to right."""
    grid = dc.assemble(m.layout, game.face_rows())
    h, w = len(grid), len(grid[0])
    taken = {sq for _, name in _pieces(m) if (sq := _grid_sq(name, h, w)) is not None}
    return sorted(((c, h - 1 - r) for r, c in _room(grid, m.start_tile, taken)), key=lambda q: (q[1], q[0]))


def _near(a: Sq, b: Sq) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def mission_problems(m: Mission, data: CoopData, game: GameData) -> list[str]:
    label = f"missions {m.id}"
    if m.id not in MISSIONS:
        return [f"{label}: not an ARCADE mission ({', '.join(MISSIONS)})"]
    rb, least, least_rb, coins, coins_rb = MISSIONS[m.id]
    out = []
    if m.rb != rb or m.min_busters != least or m.coins != coins:
        out.append(f"{label}: rb {rb}, at least {least} BUGBUSTERs (rb {least_rb}), "
                   f"{coins} coins each (rb {coins_rb})")
    counts = Counter({"BURP": len(m.burps), "npcs": len(m.vips), "glitches": len(m.glitches),
                      "bugmistress": int(m.bugmistress is not None)})
    out += over_caps(label, counts, data.caps)
    if len(m.burps) != MAX_BUSTERS + m.burp_offset:
        out.append(f"{label}: {MAX_BUSTERS + m.burp_offset} BURP squares, one per BUGBUSTER up to "
                   f"{MAX_BUSTERS}{' less one (rb 1836)' if m.burp_offset else ''}, not {len(m.burps)}")
    if m.primary_target not in TARGETS or m.carrier_target not in (None, "nearest_gateway"):
        out.append(f"{label}: unknown primary target {m.primary_target!r} "
                   f"or carrier target {m.carrier_target!r}")
    if any(v is not None and v < 1 for v in (m.win_after, m.spawn_after, m.lose_after)):
        out.append(f"{label}: sequence limits are 1 or more")
    board = arcade_board_problems(m.layout, game.face_rows(), m.start_tile)
    if board:
        return out + [f"{label} board: {p}" for p in board]
    grid = dc.assemble(m.layout, game.face_rows())
    h, w = len(grid), len(grid[0])
    where: dict[str, list[Sq]] = {}
    for what, name in _pieces(m):
        sq = _grid_sq(name, h, w)
        if sq is None:
            out.append(f"{label}: {what} at {name} is off the board")
        elif what == "GLITCH" and dc.blocked(grid, *sq) or what != "GLITCH" and not _placeable(grid, sq):
            out.append(f"{label}: {what} at {name} is on a blocked or unsafe square, "
                       "or one that cannot hold it")
        else:
            where.setdefault(what, []).append(sq)
    taken = [sq for sqs in where.values() for sq in sqs]
    out += [f"{label}: two pieces on {dc.square_name(*sq, h)}" for sq, n in Counter(taken).items() if n > 1]
    start = set(_tile_squares(m.start_tile, h))
    room = _room(grid, m.start_tile, taken)
    if len(room) < MAX_BUSTERS:
        out.append(f"{label}: the start tile has room for {len(room)} BUGBUSTERs, not {MAX_BUSTERS}")
    for b in m.burps:
        sq = _grid_sq(b.square, h, w)
        if b.facing not in ("left", "right"):
            out.append(f"{label}: BURP at {b.square} faces left or right, not {b.facing!r}")
        elif sq and not _spawn_room(grid, sq, b.dx, set(taken)):
            out.append(f"{label}: BURP at {b.square} has no free square in front or above to spawn into "
                       "(rb 999)")
        if sq in start:
            out.append(f"{label}: BURP at {b.square} is on the BUGBUSTERs' start tile")
    out += _powerup_problems(m, label, grid, set(taken), game)
    return out + _special(m, label, where, start, grid, game)


def _spawn_room(grid: dc.Grid, sq: Sq, dx: int, taken: set[Sq]) -> bool:
    r, c = sq
    front = 0 <= c + dx < len(grid[0]) and not dc.blocked(grid, r, c + dx) and (r, c + dx) not in taken
    above = (r > 0 and not dc.blocked(grid, r - 1, c) and grid[r - 1][c][0] not in dc.SOLID
             and (r - 1, c) not in taken)
    return front or above


def _powerup_problems(m: Mission, label: str, grid: dc.Grid, taken: set[Sq], game: GameData) -> list[str]:
    """One POWERUP per tile (rb 243), on a square a figure can stand on and no piece holds."""
    h, w = len(grid), len(grid[0])
    out = []
    if len(m.powerups) > game.caps.powerups:
        out.append(f"{label}: {len(m.powerups)} POWERUPs above the {game.caps.powerups} "
                   "of the component list")
    tiles = []
    for name in m.powerups:
        sq = _grid_sq(name, h, w)
        if sq is None or not _placeable(grid, sq) or sq in taken:
            out.append(f"{label}: POWERUP at {name} is off the board, on a square that cannot hold it "
                       "or on a piece")
        else:
            tiles.append((sq[1] // 3, (h - 1 - sq[0]) // 3))
    if sorted(tiles) != sorted((x, y) for x in range(ARCADE_SHAPE[1]) for y in range(ARCADE_SHAPE[0])):
        out.append(f"{label}: one POWERUP on each of the 12 tiles (rb 243)")
    return out


def _special(m: Mission, label: str, where: dict[str, list[Sq]], start: set[Sq], grid: dc.Grid,
             game: GameData) -> list[str]:
    """Each mission's printed preparation and limits."""
    out = []
    w = len(grid[0])
    ends = {0: range(0, 3), 1: range(w - 3, w)}  # the tile columns at either end

    def end_of(sqs: list[Sq]) -> int | None:
        return next((e for e, cols in ends.items() if sqs and all(c in cols for _, c in sqs)), None)

    start_end = end_of(sorted(start))
    burp_end = end_of(where.get("BURP", []))
    limits = (m.win_after, m.spawn_after, m.lose_after)
    if m.id == "vips":
        vip_end = end_of(where.get("VIP", []))
        if len(m.vips) != 3 or limits != (ROUND, None, None) or m.primary_target != "nearest_vip":
            out.append(f"{label}: 3 VIPs kept alive for a round of {ROUND} sequences (rb 1762); "
                       "target the nearest VIP")
        if vip_end is None or burp_end is None or vip_end == burp_end:
            out.append(f"{label}: the VIPs at one end of the board, the BURPs at the other (rb 1766)")
    if m.id == "portal":
        pieces = where.get("portal piece", [])
        joined = {pieces[0]} if pieces else set()
        for _ in pieces:
            joined |= {p for p in pieces if any(_near(p, q) for q in joined)}
        if len(m.portal) != 3 or len(joined) != len(m.portal):
            out.append(f"{label}: 3 portal pieces in adjacent cells (rb 1788)")
        portal_end = end_of(pieces)
        if portal_end is None or start_end is None or portal_end == start_end:
            out.append(f"{label}: the BUGBUSTERs start on the tile at the other end from the portal "
                       "(rb 1788)")
        if limits != (None, ROUND, ROUND + 4):
            out.append(f"{label}: the portal spawns after sequence {ROUND}, wins after {ROUND + 4} (rb 1796)")
    if m.id == "keys":
        gates = sum(cell[1] == "G" for row in grid for cell in row)
        if gates < MIN_GATEWAYS:
            out.append(f"{label}: {gates} gateways; Hidden Keys needs at least {MIN_GATEWAYS} (rb 1810)")
        glitch = where.get("GLITCH", [])
        by_start = any(g in start or any(_near(g, s) for s in start) for g in glitch)
        if len(m.glitches) != 1 or not by_start:
            out.append(f"{label}: the GLITCH by the BUGBUSTERs' start tile (rb 1810)")
        labels = sorted(t.label for t in game.secret_tokens if t.kind == "key")
        coin_tokens = sum(t.kind == "coins" for t in game.secret_tokens)
        if sorted(m.secret_keys) != ["A", "B", "C"] or labels != ["A", "B", "C"]:
            out.append(f"{label}: keys A, B and C (rb 1806)")
        if not 0 <= m.secret_coins <= coin_tokens:
            out.append(f"{label}: {m.secret_coins} coin secrets, of the {coin_tokens} coin tokens")
        if (m.primary_target, m.carrier_target) != ("nearest_secret", "nearest_gateway"):
            out.append(f"{label}: BUGs head for the nearest secret, a key carrier for the nearest gateway "
                       "(rb 1818)")
    elif m.carrier_target is not None:
        out.append(f"{label}: only Hidden Keys has key carriers")
    if m.id == "bugmistress":
        her = where.get("BUGMISTRESS", [])
        h = len(grid)
        if not her or her[0][0] != h - 1 - (h // 2) or her[0][1] not in (w // 2 - 1, w // 2):
            out.append(f"{label}: the BUGMISTRESS in the centre of the board (rb 1832)")
        elif not all(_near(b, her[0]) for b in where.get("BURP", [])):
            out.append(f"{label}: the BURPs around the BUGMISTRESS (rb 1836)")
        if limits != (None, None, None) or m.burp_offset != -1:
            out.append(f"{label}: no time limit, one BURP fewer than usual (rb 1836)")
    elif m.bugmistress is not None or m.burp_offset:
        out.append(f"{label}: only Kill the BUGMISTRESS places her and has one BURP fewer")
    return out


def over_caps(what: str, counts: Counter, caps: dict[str, int]) -> list[str]:
    """Counts of figures above the component list."""
    return [f"{what}: {n} {k} above the {caps[k]} of the component list" for k, n in sorted(counts.items())
            if k in caps and n > caps[k]]
