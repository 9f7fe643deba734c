"""What the turn's actions do, and what makes them possible (used by ``walk``).

- Grab (the seed's summary 1b): "To grab ammo, pick up the ammo tile. Move those cubes onto your
  board. Discard the tile. If the tile gives you a powerup, draw the card unless you already have 3."
  Cubes above 3 of a colour are lost. "To grab a weapon ... Pay the reload cost, except the top cube
  is free ... The weapon is loaded. If you now have 4 weapons, you must discard 1 to the space your
  new weapon came from." Grabbing nothing, or what you cannot pay for, is illegal.
- Shoot (1c): "Play a weapon card ... Perform the effects, paying for optional effects or alternate
  fire modes ... The weapon is now unloaded."
- Reload (2): "pay the reload cost and pick up the card. It is now loaded."
"""

from __future__ import annotations

from functools import cache

from rules.adrenaline import weapons
from rules.adrenaline.damage import damage, geo
from rules.adrenaline.data import COLOUR_NAMES, game_data
from rules.adrenaline.memo import Memo
from rules.adrenaline.payments import pay, payable
from rules.adrenaline.setup import draw_powerup
from rules.adrenaline.state import CUBE_INDEX, State
from rules.adrenaline.tree import card_name, shoot_moves, weapon_name

_SQUARES = Memo()  # where a seat may grab or shoot from, and which weapons it may fire, per position


def powerup_cards(state: State, seat: int, kind: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(c for c in state.players[seat].powerups if c.startswith(kind + ":")))


def spawn_colour_of(state: State, square: str) -> str | None:
    return _spawn_colours(state.map_id).get(square)


@cache
def _spawn_colours(map_id: str) -> dict[str, str]:
    """Spawnpoint square -> its colour, per map (asked for every square of every grab level)."""
    from rules.adrenaline.geometry import geometry

    return {square: colour for colour, square in geometry(map_id).map.spawnpoints.items()}


def respawn_square(state: State, card: str) -> str:
    return geo(state).map.spawnpoints[card[-1]]


# -- grab -------------------------------------------------------------------------------------------

def grabbable_squares(state: State, seat: int, reach: int) -> dict[str, str]:
    """Squares within ``reach`` moves holding something the seat may grab -> what, in a few words."""
    return _SQUARES(("grab", state.signature(), seat, reach), lambda: _grabbable(state, seat, reach))


def _grabbable(state: State, seat: int, reach: int) -> dict[str, str]:
    here = state.players[seat].square
    out = {}
    for square in geo(state).within(here, reach):
        colour = spawn_colour_of(state, square)
        if colour is None:
            tile = state.tiles.get(square)
            if tile is not None:
                t = game_data().tiles()[tile]
                out[square] = "ammo " + "".join(t.cubes) + (" + powerup" if t.powerup else "")
        else:
            names = [weapon_name(w) for w in state.slots[colour]
                     if w is not None and payable(state.players[seat], game_data().weapon(w).pickup_cost)]
            if names:
                out[square] = "weapons: " + ", ".join(names)
    return out


def grab_problem(state: State, seat: int, square: str, reach: int) -> str:
    g = geo(state)
    here = state.players[seat].square
    if square not in g.squares:
        return f"{square[:8]} is not a square of this map (a1-d3)."
    if g.distance[here][square] > reach:
        return f"{square} is more than {reach} move{'s' if reach != 1 else ''} away."
    if spawn_colour_of(state, square) is not None:
        return f"There is no weapon at {square} you can pay for."
    return f"The ammo tile on {square} was taken this turn: there is nothing to grab."


def perform_grab(state: State, seat: int, square: str, weapon: str | None, drop: str | None,
                 payment: tuple[str, ...], perform: bool) -> list[str]:
    name = state.name(seat)
    moved = f"{name} moves to {square} and grabs" if square != state.players[seat].square else f"{name} grabs"
    if weapon is None:
        tile = game_data().tiles()[state.tiles[square]]
        got = ", ".join(COLOUR_NAMES[c] for c in tile.cubes)
        line = f"{moved} ammo: {got}" + (" and a powerup" if tile.powerup else "") + "."
        if perform:
            _take_tile(state, seat, square)
        return [line]
    line = f"{moved} {weapon_name(weapon)}" + (f", dropping {weapon_name(drop)}" if drop else "")
    if any(":" in x for x in payment):
        line += " (paying with " + ", ".join(card_name(x) for x in payment if ":" in x) + ")"
    if perform:
        state.set_player(seat, square=square)
        pay(state, seat, payment)
        colour = spawn_colour_of(state, square)
        slots = state.slots[colour]
        index = slots.index(weapon)
        held = list(state.players[seat].weapons)
        slots[index] = None
        if drop is not None:
            held = [(w, ok) for w, ok in held if w != drop]
            slots[index] = drop
        held.append((weapon, True))
        state.set_player(seat, weapons=tuple(held))
        state.actions_left -= 1
    return [line + "."]


def _take_tile(state: State, seat: int, square: str) -> None:
    index = state.tiles[square]
    tile = game_data().tiles()[index]
    p = state.players[seat]
    cubes = list(p.cubes)
    for c in tile.cubes:
        cubes[CUBE_INDEX[c]] = min(3, cubes[CUBE_INDEX[c]] + 1)
    cards = p.powerups
    if tile.powerup and len(cards) < 3:
        card = draw_powerup(state)
        if card is not None:
            cards = (*cards, card)
    state.set_player(seat, square=square, cubes=tuple(cubes), powerups=cards)
    state.tiles[square] = None
    state.ammo_discard.append(index)
    state.actions_left -= 1


# -- shoot and reload -------------------------------------------------------------------------------

def usable_weapons(state: State, seat: int) -> tuple[str, ...]:
    return _SQUARES(("usable", state.signature(), seat), lambda: _usable(state, seat))


def _usable(state: State, seat: int) -> tuple[str, ...]:
    return tuple(w for w in state.players[seat].loaded() if weapons.usable(state, seat, w))


def reloadable(state: State, seat: int) -> tuple[str, ...]:
    p = state.players[seat]
    return tuple(dict.fromkeys(w for w in p.unloaded() if payable(p, game_data().weapon(w).reload_cost)))


def shot_squares(state: State, seat: int) -> tuple[str, ...]:
    """Where the seat may stand to shoot this action (its own square when it may not move first):
    squares from which a loaded weapon (in frenzy also one it can pay to reload) has a legal use."""
    return _SQUARES(("shot", state.signature(), seat), lambda: _shot_squares(state, seat))


def _shot_squares(state: State, seat: int) -> tuple[str, ...]:
    moves = shoot_moves(state, seat)
    if moves is None:
        return ()
    p = state.players[seat]
    candidates = list(p.loaded()) + (list(reloadable(state, seat)) if state.frenzy else [])
    if not candidates:
        return ()
    out = []
    armed = tuple((w, True) for w, _ in p.weapons)
    try:  # tried in place (no copy per square); the player is put back whatever happens
        for square in geo(state).within(p.square, moves):
            state.set_player(seat, square=square, weapons=armed)
            if any(weapons.usable(state, seat, w) for w in dict.fromkeys(candidates)):
                out.append(square)
    finally:
        state.players[seat] = p
    return tuple(out)


def reload_weapon(state: State, seat: int, weapon: str, payment: tuple[str, ...]) -> str:
    pay(state, seat, payment)
    held = list(state.players[seat].weapons)
    index = held.index((weapon, False))
    held[index] = (weapon, True)
    state.set_player(seat, weapons=tuple(held))
    return f"{state.name(seat)} reloads {weapon_name(weapon)}."


def fire(state: State, seat: int, weapon: str, shot: tuple[str, ...], payment: tuple[str, ...]) -> list[str]:
    """Perform a declared shot: pay, fire (the weapon turns face up, unloaded), count it."""
    lines = weapons.perform(state, seat, weapon, shot)  # it checks the shot as declared, paid or not
    pay(state, seat, payment)
    held = list(state.players[seat].weapons)
    held[held.index((weapon, True))] = (weapon, False)
    state.set_player(seat, weapons=tuple(held))
    state.actions_left -= 1
    return lines


def play_scope(state: State, seat: int, card: str, target: int, payment: tuple[str, ...]) -> None:
    cards = list(state.players[seat].powerups)
    cards.remove(card)
    state.set_player(seat, powerups=tuple(cards))
    state.powerup_discard.append(card)
    pay(state, seat, payment)
    damage(state, target, 1)

