"""Lives, death and the DEATHMATCH respawn (rb 1908-1920), and what a BUGBUSTER's sheet and items add up
to (armor, dice, maxima). Quotes: shared/rulebooks/powerup.txt ("rb N")."""

from __future__ import annotations

from functools import lru_cache

from rules.powerup.board import Square, board, name
from rules.powerup.data import LIVES, Item, game_data
from rules.powerup.dice import add
from rules.powerup.state import Buster, State


# --- what a sheet and its items add up to -------------------------------------------------------------
def item(item_id: str | None) -> Item | None:
    return None if item_id is None else _item(item_id)


@lru_cache(maxsize=128)
def _item(item_id: str) -> Item:
    data = game_data()
    if "." in item_id:  # a sheet weapon: "RAY.blaster"
        sheet = data.sheet(item_id.split(".")[0])
        for w in (*sheet.normal.weapons, sheet.epic.weapon):
            if w.id == item_id:
                return w
        raise KeyError(item_id)
    return data.card(item_id)


def basic_equipment(sheet_id: str) -> tuple[str | None, str | None, str | None]:
    """rb 406: "the basic weapons the BUGBUSTER begins the game with", each in its slot."""
    slots: list[str | None] = [None, None, None]
    for w in game_data().sheet(sheet_id).normal.weapons:
        slots[("distance", "melee", "armor").index(w.slot)] = w.id
    return (slots[0], slots[1], slots[2])


def weapon(b: Buster, slot: str) -> Item | None:
    """The weapon a BUGBUSTER uses in a slot: while EPIC only the EPIC weapon (rb 865: "You can only use
    the weapons that come with your EPIC character")."""
    if b.epic:
        w = game_data().sheet(b.sheet).epic.weapon
        return w if w.slot == slot else None
    return item(b.equipped[("distance", "melee", "armor").index(slot)])


def armor_item(b: Buster) -> Item | None:
    return item(b.equipped[2])


def keywords(b: Buster) -> set[str]:
    out: set[str] = set()
    for slot in ("distance", "melee"):
        w = weapon(b, slot)
        if w is not None:
            out |= set(w.keywords)
    a = armor_item(b)
    if a is not None:
        out |= set(a.keywords)
    return out


def armor(b: Buster) -> int:
    """Sheet + armor card + effects (the issue; EPIC keeps the armor, rb 865)."""
    a = armor_item(b)
    return game_data().sheet(b.sheet).normal.armor + (a.armor if a else 0) + b.effect("armor")


def melee_dice(b: Buster) -> str:
    sheet = game_data().sheet(b.sheet)
    base = sheet.epic.melee if b.epic else sheet.normal.melee
    w = weapon(b, "melee")
    extra = "1W" if "MELEE_W" in keywords(b) else "0"  # rb 663: "Adds a white die to your melee attacks"
    return add(base, w.dice if w else "0", extra)


def ranged_dice(b: Buster, w: Item | None) -> str:
    sheet = game_data().sheet(b.sheet)
    return add(sheet.epic.ranged if b.epic else sheet.normal.ranged, w.dice if w else "0")


def rp_max(b: Buster) -> int:
    """The sheet's RP (rb 889: "limited to the RPs they begin the game with"), +2 with an RP+2 item
    (rb 665), plus what a card or EPIC put above it (``over_rp``)."""
    extra = 2 if "RP+2" in keywords(b) else 0
    return game_data().sheet(b.sheet).normal.rp + extra + b.over_rp


def ammo_max(b: Buster) -> int:
    return game_data().sheet(b.sheet).normal.ammo + b.over_ammo


def gain(s: State, seat: int, what: str, n: int) -> None:
    """Add ``n`` RP or ammo (``what``), above the maximum if need be: what goes above is recorded in
    ``over_rp``/``over_ammo`` (rb 410: "The bonus can raise them above the character's maximum")."""
    b = s.busters[seat]
    if what == "rp":
        new, top = b.rp + n, rp_max(b)
        s.set_buster(seat, rp=new, over_rp=b.over_rp + max(0, new - top))
    else:
        new, top = b.ammo + n, ammo_max(b)
        s.set_buster(seat, ammo=new, over_ammo=b.over_ammo + max(0, new - top))


def spend(s: State, seat: int, rp: int = 0, ammo: int = 0, out: list[str] | None = None) -> tuple[str, ...]:
    """Pay RP and ammo; a surplus above the sheet's maximum is spent first (rb 410: "any remaining
    surplus"), so ``over_*`` never exceeds what is still above it. Ammo run out breaks the equipped cards
    that break so (rb 835-837: "if at any time the player equipped with it runs out of ammunition"): their
    ids are returned (the attack they were paying for is then not made)."""
    b = s.busters[seat]
    new_rp, new_ammo = b.rp - rp, b.ammo - ammo
    base_rp, base_ammo = rp_max(b) - b.over_rp, ammo_max(b) - b.over_ammo
    s.set_buster(seat, rp=new_rp, ammo=new_ammo, over_rp=min(b.over_rp, max(0, new_rp - base_rp)),
                 over_ammo=min(b.over_ammo, max(0, new_ammo - base_ammo)))
    if not ammo or new_ammo > 0:
        return ()
    broken = tuple(i for i in b.equipped if i is not None and "." not in i
                   and (it := item(i)) is not None and it.destroyed_when == "out_of_ammo")
    for item_id in broken:
        destroy(s, seat, item_id, out if out is not None else [], "out of ammo")
    return broken


def clamp(s: State) -> None:
    """RP and ammo above a maximum that fell (an RP+2 item given away, swapped or destroyed) are lost."""
    for seat, b in enumerate(s.busters):
        rp, ammo = min(b.rp, rp_max(b)), min(b.ammo, ammo_max(b))
        if (rp, ammo) != (b.rp, b.ammo):
            s.set_buster(seat, rp=rp, ammo=ammo)


def fresh(sheet_id: str, team: str) -> Buster:
    """A BUGBUSTER as it starts (rb 225-227): 3 lives, the sheet's ammo and RP, normal side, basics."""
    n = game_data().sheet(sheet_id).normal
    return Buster(sheet=sheet_id, team=team, lives=LIVES, rp=n.rp, ammo=n.ammo, equipped=basic_equipment(sheet_id))


# --- harm and death ---------------------------------------------------------------------------------
def hurt(s: State, seat: int, lives: int, out: list[str], by: int | None = None, cause: str = "") -> bool:
    """Take ``lives`` lives from a seat's BUGBUSTER; True if it died. An armor destroyed by a big hit
    (``big_hit``: 2 lives or more at once) goes to the discard."""
    if lives <= 0:
        return False
    b = s.busters[seat]
    left = max(0, b.lives - lives)
    s.set_buster(seat, lives=left)
    a = armor_item(b)
    if a is not None and a.destroyed_when == "big_hit" and lives >= 2 and left > 0:
        destroy(s, seat, a.id, out, "a big hit")
    if left == 0:
        die(s, seat, out, by, cause)
        return True
    return False


def destroy(s: State, seat: int, item_id: str, out: list[str], why: str) -> None:
    """An equipment card is destroyed (rb 833-837): discarded; its slot falls back to the sheet's basic."""
    b = s.busters[seat]
    equipped = list(b.equipped)
    i = equipped.index(item_id) if item_id in equipped else -1
    if i >= 0:
        equipped[i] = basic_equipment(b.sheet)[i]
    s.set_buster(seat, equipped=tuple(equipped), owned=tuple(o for o in b.owned if o != item_id))
    s.equip_discard = (*s.equip_discard, item_id)
    out.append(f"{b.sheet}'s {game_data().card(item_id).name} is destroyed ({why}).")


def die(s: State, seat: int, out: list[str], by: int | None, cause: str) -> None:
    """rb 1908-1920: the BUGBUSTER disintegrates, drops what it carries, loses its equipment cards (not
    its POW! cards), and reappears at once on the ON POWERUP nearest its base, which moves (still ON)
    to the square where it died; none ON: its start square. Full lives, ammo and RP; protected until
    its first normal action; 2 AP if it has not played this sequence, else it waits."""
    if s.coop is not None:
        _down(s, seat, out, cause)
        return
    b = s.busters[seat]
    fig = s.figures[b.sheet]
    where = s.where(b.sheet)
    assert where is not None
    s.beats += 1
    if fig.cargo is not None:
        drop(s, fig.id, where)
    if fig.carried_by is not None:
        s.move_figure(fig.carried_by, cargo=None)
    lost = tuple(c for c in (*b.owned, *b.equipped) if c is not None and "." not in c)
    s.equip_discard = (*s.equip_discard, *dict.fromkeys(lost))
    n = game_data().sheet(b.sheet).normal
    s.set_buster(seat, lives=LIVES, rp=n.rp, ammo=n.ammo, equipped=basic_equipment(b.sheet), owned=(), epic=False,
                 over_rp=0, over_ammo=0, effects=(), protected=True, deaths=b.deaths + 1)
    if by is not None and by != seat:
        s.set_buster(by, kills=s.busters[by].kills + 1)
    killer = f" by {s.busters[by].sheet}" if by is not None and by != seat else ""
    # what it was asked about its body (facing, a trap's push, a grenade, letting an ally pass) is moot
    s.asks = tuple(a for a in s.asks if a[0] != seat or a[1] in ("store", "full"))
    s.move_figure(b.sheet, square=None, carried_by=None, cargo=None)  # off the board for a moment
    spot = respawn_square(s, seat, where)
    s.move_figure(b.sheet, square=spot, facing=1 if spot[0] < board(s.layout).width // 2 else -1)
    out.append(f"{b.sheet} dies{killer}{' (' + cause + ')' if cause else ''} and reappears on {name(spot)}.")
    if seat == s.active:
        s.ap = 0  # its turn ends: it has acted this turn (rb 1918)
        s.air = ""
    elif not s.played[seat]:
        s.short = tuple(sorted({*s.short, seat}))


def _down(s: State, seat: int, out: list[str], cause: str) -> None:
    """Co-op (the issue): "A BUGBUSTER at 0 lives lies where it fell" — it drops what it carries and keeps
    its cards; a partner may revive it (2 AP) or a CONTINUE bring it back (coop_turn, coop_store)."""
    from rules.powerup import coop_turn

    b = s.busters[seat]
    fig = s.figures[b.sheet]
    where = s.where(b.sheet)
    assert where is not None
    s.beats += 1
    if fig.cargo is not None and fig.square is not None:  # what it held falls beside it (it keeps its square)
        from rules.powerup import physics

        bd = board(s.layout)
        spot = next((x for x in ((where[0] + fig.facing, where[1]), (where[0] - fig.facing, where[1]))
                     if bd.step_open(where, x) and physics.free(s, x)), None)
        if spot is not None:
            s.move_figure(fig.id, cargo=None)
            s.move_figure(fig.cargo, square=spot, carried_by=None)
    s.set_buster(seat, epic=False, effects=(), deaths=b.deaths + 1)
    s.asks = tuple(a for a in s.asks if a[0] != seat)
    if cause == "acid":  # the body lies in acid: no partner can reach it (coop_continue)
        s.coop.melted = tuple(sorted({*s.coop.melted, seat}))
    out.append(f"{b.sheet} is down{' (' + cause + ')' if cause else ''}.")
    coop_turn.fallen(s, seat, out)


def respawn_square(s: State, seat: int, death: Square) -> Square:
    """Where a dead BUGBUSTER reappears (rb 1908-1916): on the ON POWERUP nearest its base, which moves, still
    ON, to where it died — to the nearest square a token may lie on (token_spots) that holds no POWERUP yet
    when that one cannot (acid, spikes, stairs, a robot's home, another POWERUP), so none is lost; none ON:
    its own start square, else another of its base."""
    b = board(s.layout)
    team = s.busters[seat].team
    home = robot_home(s, team)
    taken = {**s.occupied(), **dict.fromkeys(s.covers, "")}  # a cover fills its square too
    ons = [sq for sq, on in s.powerups.items() if on and sq not in taken]
    if ons:
        spot = min(ons, key=lambda sq: _near(sq, home))
        del s.powerups[spot]
        while death[1] > 0 and not b.supported(death) and (death[0], death[1] - 1) not in taken:
            death = (death[0], death[1] - 1)  # a token dropped in mid-air falls to the floor
        free = [sq for sq in token_spots(s.layout) if sq not in s.powerups and sq != spot]
        s.powerups[min(free, key=lambda sq: _near(sq, death))] = True
        return spot
    for sq in [s.busters[seat].start, *start_squares(s, team)]:
        if sq is not None and sq not in taken:
            return sq
    return next(sq for sq in b.base_squares(team) if sq not in taken and b.open(sq))


def _near(sq: Square, to: Square) -> tuple[int, int, int]:
    """Nearest first (squares across and up), then the lower row, then the left."""
    return (abs(sq[0] - to[0]) + abs(sq[1] - to[1]), sq[1], sq[0])


@lru_cache(maxsize=16)
def token_spots(layout: tuple[tuple[int, ...], ...]) -> tuple[Square, ...]:
    """Squares a token may lie on, worked out once per board: standing room (open, supported), not acid,
    spikes or stairs (a token there could never be reached or kept), not a robot's home."""
    b = board(layout)
    homes = {home_square(layout, t) for t in ("RED", "BLU")}
    return tuple(sq for sq in b.squares() if sq in b.standing and not b.acid(sq) and not b.spikes(sq)
                 and not b.stairs(sq) and sq not in homes)


def robot_home(s: State, team: str) -> Square:
    """Each robot's home on its base: the base tile's inner bottom corner (a house reading: rb 1886 says
    only "on its base tile"; the corner keeps it off the gateway and the ladder)."""
    return home_square(s.layout, team)


def home_square(layout: tuple[tuple[int, ...], ...], team: str) -> Square:
    return (2, 0) if team == "RED" else (board(layout).width - 3, 0)


def start_squares(s: State, team: str) -> list[Square]:
    """Where a team's BUGBUSTERs may start (rb 1888: "any point on their base"): the base's squares a
    figure can stand on, but its robot's home, nearest the board's edge first (the designed placement
    takes them in this order)."""
    b = board(s.layout)
    home = robot_home(s, team)
    edge = 0 if team == "RED" else b.width - 1
    squares = [sq for sq in b.base_squares(team) if b.open(sq) and b.supported(sq) and sq != home
               and not b.acid(sq) and not b.stairs(sq)]
    return sorted(squares, key=lambda sq: (abs(sq[0] - edge), sq[1]))


def drop(s: State, carrier: str, where: Square) -> None:
    """A carrier lets its cargo go: it lands on the carrier's square (rb 510: "the cargo falls to the
    square where the character was"); the caller moves the carrier away or settles."""
    cargo = s.figures[carrier].cargo
    if cargo is None:
        return
    s.move_figure(carrier, cargo=None)
    s.move_figure(cargo, square=where, carried_by=None)
