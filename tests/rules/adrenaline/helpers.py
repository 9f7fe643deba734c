"""Shared helpers for the ADRENALINE tests (the service tests import them as
``tests.rules.adrenaline.helpers``): a small board builder, games through the engine."""

from rules.adrenaline import ENGINE as E
from rules.adrenaline.state import Player, State
from rules.core.rng import Rng


def board(map_id: str = "big", **squares: str | None) -> State:
    """A State on ``map_id`` with the named figures placed, seats in the order given:
    ``board("big", banshee="a1", dozer="b2")``. A square of None: not on the board yet. Everything
    else is the State's default (1 cube of each colour, no damage, no cards)."""
    n = len(squares)
    players = [Player(figure=f, square=s, marks=(0,) * n) for f, s in squares.items()]
    return State(map_id=map_id, seats=tuple(squares), options={}, rng=Rng(1), players=players, first=0, turn=0)


FIGS = ["Banshee", "Dozer", "Sprog", "Violetta", ":D-struct-0R"]


def game(seed: int = 1, n: int = 3, **options: object) -> State:
    """A new game of the first ``n`` figures, options given as keywords (``skulls=5``)."""
    return E.new_game(seed, E.parse_options({k: str(v) for k, v in options.items()}), FIGS[:n])


def play(state: State, seat: int, text: str) -> State:
    """The state after ``seat`` plays ``text`` (as /play would)."""
    return E.apply(state, seat, E.parse(state, seat, text))[0]


def spawned(seed: int = 1, n: int = 3, **options: object) -> State:
    """A game where every seat is on the board (squares a2/c1/d3 by seat), seat 0 first to act; the
    cards the first player drew to spawn go back under the powerup deck."""
    s = game(seed, n, **options)
    squares = ["a2", "c1", "d3", "a2", "c1"]
    for i in range(s.count):
        s.powerup_deck.extend(s.players[i].powerups)
        s.set_player(i, square=squares[i], powerups=())
    s.turn = s.first = 0
    return s
