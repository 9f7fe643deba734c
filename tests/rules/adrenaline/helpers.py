"""Shared helpers for the ADRENALINE tests: a small board builder."""

from rules.adrenaline.state import Player, State
from rules.core.rng import Rng


def board(map_id: str = "big", **squares: str | None) -> State:
    """A State on ``map_id`` with the named figures placed, seats in the order given:
    ``board("big", banshee="a1", dozer="b2")``. A square of None: not on the board yet. Everything
    else is the State's default (1 cube of each colour, no damage, no cards)."""
    n = len(squares)
    players = [Player(figure=f, square=s, marks=(0,) * n) for f, s in squares.items()]
    return State(map_id=map_id, seats=tuple(squares), options={}, rng=Rng(1), players=players, first=0, turn=0)
