"""Setting up a game and the decks (the reference §2 "Setup"; the issue's "Seats, options, setup").

Seeded shuffles; a random first player, marked all game; nobody on the board before their first
turn. Three weapons face up at each spawnpoint, an ammo tile on every other square. Empty ammo and
powerup decks are rebuilt from their shuffled discards; an empty weapon deck leaves slots empty.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.adrenaline.data import COLOURS, game_data
from rules.adrenaline.geometry import geometry
from rules.adrenaline.options import AdrenalineOptions
from rules.adrenaline.state import Player, State
from rules.core.errors import BadOptions
from rules.core.rng import Rng

FIGURE_IDS = ("banshee", "dozer", "sprog", "violetta", "dstruct")
FIGURE_NAMES = ("Banshee", "Dozer", "Sprog", "Violetta", ":D-struct-0R")


def new_game(seed: int, options: AdrenalineOptions, seats: Sequence[str] | None) -> State:
    labels = list(seats) if seats is not None else list(FIGURE_NAMES)
    if not 3 <= len(labels) <= 5 or any(label not in FIGURE_NAMES for label in labels) or len(set(labels)) != len(labels):
        raise BadOptions("Adrenaline is for 3 to 5 players, one per figure")
    figures = tuple(FIGURE_IDS[FIGURE_NAMES.index(label)] for label in labels)
    rng = Rng(seed)
    data = game_data()
    n = len(figures)
    map_id = options.map
    if map_id == "auto":
        map_id = rng.choice([m.id for m in data.maps if n in m.players])
    weapons = [w.id for w in data.weapons]
    rng.shuffle(weapons)
    powerups = list(data.powerup_cards())
    rng.shuffle(powerups)
    ammo = list(range(len(data.tiles())))
    rng.shuffle(ammo)
    first = rng.below(n)
    state = State(map_id=map_id, seats=figures, options=options.model_dump(), rng=rng,
                  players=[Player(f, marks=(0,) * n) for f in figures], first=first, turn=first,
                  skulls=options.skulls, weapon_deck=weapons, powerup_deck=powerups, ammo_deck=ammo)
    arena = geometry(map_id).map
    spawn_squares = set(arena.spawnpoints.values())
    state.slots = {c: [state.weapon_deck.pop(0) for _ in range(data.constants.weapons_per_spawnpoint)]
                   for c in COLOURS}
    state.tiles = {s: draw_tile(state) for s in arena.squares if s not in spawn_squares}
    return state


def draw_powerup(state: State) -> str | None:
    """The top powerup; an empty deck is first rebuilt from the shuffled discards."""
    if not state.powerup_deck and state.powerup_discard:
        state.powerup_deck = list(state.powerup_discard)
        state.powerup_discard = []
        state.rng.shuffle(state.powerup_deck)
        state.last += ("The powerup deck ran out: its discards were shuffled into a new deck.",)
    return state.powerup_deck.pop(0) if state.powerup_deck else None


def draw_tile(state: State) -> int | None:
    if not state.ammo_deck and state.ammo_discard:
        state.ammo_deck = list(state.ammo_discard)
        state.ammo_discard = []
        state.rng.shuffle(state.ammo_deck)
    return state.ammo_deck.pop(0) if state.ammo_deck else None


def refill(state: State) -> list[str]:
    """End of turn: an ammo tile on every emptied square, a weapon in every emptied slot (while the
    weapon deck lasts)."""
    lines = []
    for square, tile in list(state.tiles.items()):
        if tile is None:
            state.tiles[square] = draw_tile(state)
    for colour, slots in state.slots.items():
        for i, weapon in enumerate(slots):
            if weapon is None and state.weapon_deck:
                slots[i] = state.weapon_deck.pop(0)
                lines.append(f"{game_data().weapon(slots[i]).name} arrives at the {_colour(colour)} spawnpoint.")
    return lines


def _colour(c: str) -> str:
    return {"R": "red", "B": "blue", "Y": "yellow"}[c]
