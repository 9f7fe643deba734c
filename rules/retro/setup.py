"""A new game of Retro Bots vs Rogues on the Deadly Spiral (COMPONENTS and SETUP, SCENARIOS).

"Next, shuffle and draw a Rogue Card for each player. Starting with the first player, place the
boss and minion bot, then one of your rogues- go around the table placing one rogue each until all
are placed." "Start in the center and work your way out until all Rogues are placed." Each type's
whole component count goes on the board (Servobot 6, Hazbot 4, ...).

Readings (docs/games/retro-bots.md): the first player is the first seat; the Retros are chosen by
the players before the first round and wait outside the doors given to their seats.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.rng import Rng
from rules.retro.data import ROGUE_TYPES, game_data
from rules.retro.geometry import inward, outside_of
from rules.retro.state import Bot, State, retro_id


def new_state(seed: int, seats: Sequence[str], *, crates: bool = False, bossbot: bool = False,
              minionbot: bool = False, timer: int = 60) -> State:
    data = game_data()
    rng = Rng(seed)
    types = list(ROGUE_TYPES)
    rng.shuffle(types)
    in_play = tuple(types[: len(seats)])
    deck = [c.id for c in data.calamities]
    rng.shuffle(deck)
    n = len(seats)
    state = State(
        seats=tuple(seats), crates_option=crates, boss_option=bossbot, minion_option=minionbot, timer=timer,
        retro_types=("",) * n, bots={}, filled=(), in_play=in_play, dealt=in_play, kept=((),) * n,
        lost_rogues=(), rescued=False, deck=tuple(deck), discard=(), catastrophes=(), upgrades=((),) * n,
        pry_bar=0, round=0, phase="choose_type", rng=tuple(rng.state()), programs=((),) * n,
        locked=(False,) * n, all_types_earned=(False,) * n, armor_used=(False,) * n,
    )
    place_rogues(state, bossbot=bossbot, minionbot=minionbot)
    if crates:
        for i, square in enumerate(data.board.crates, start=1):
            state.bots[f"crate{i}"] = Bot(f"crate{i}", "crate", square[0], square[1], None)
    return state


def place_rogues(state: State, *, bossbot: bool, minionbot: bool) -> None:
    """Boss, Minion, then one Rogue per player in turn from the first player, on the red arrows from
    the centre outward, facing as they point."""
    data = game_data()
    starts = list(data.board.rogue_starts)
    order: list[str] = [k for k, on in (("bossbot", bossbot), ("minionbot", minionbot)) if on]
    left = {seat: data.rogue(kind).count for seat, kind in enumerate(state.dealt)}
    n = len(state.dealt)
    while any(left.values()):
        for k in range(n):
            seat = (state.pry_bar + k) % n
            if left[seat]:
                order.append(state.dealt[seat])
                left[seat] -= 1
    counters: dict[str, int] = {}
    for kind, (square, facing) in zip(order, starts, strict=False):
        counters[kind] = counters.get(kind, 0) + 1
        bot_id = kind if kind in ("bossbot", "minionbot") else f"{kind}{counters[kind]}"
        state.bots[bot_id] = Bot(bot_id, kind, square[0], square[1], facing)


def place_retros(state: State) -> None:
    """"Each player should place their Retro outside one of the doors as indicated by the BLUE
    arrows. They will enter the board on their first move.\""""
    doors = game_data().board.doors_for_players[str(len(state.seats))]
    for seat, door in enumerate(doors):
        x, y = outside_of(door)
        state.bots[retro_id(seat)] = Bot(retro_id(seat), state.retro_types[seat], x, y, inward(door), False, door)
