"""DEATHMATCH's setup behind the screens (rb 1882-1888): each seat hides its share of its team's secret tokens
and picks its start square, all at once; ``done`` places what is left as designed (the time-out default too);
when every seat is done the screens come down and play begins."""

from __future__ import annotations

from rules.powerup import deathmatch, flow
from rules.powerup.board import name, parse_square
from rules.powerup.state import State


def hide_actions(s: State, seat: int) -> list[str]:
    out = ["done"]
    out += [f"start {name(sq)}" for sq in deathmatch.start_options(s, seat)]
    squares = deathmatch.hide_squares(s, seat)
    for token in dict.fromkeys(s.to_hide[seat]):
        out += [f"hide {token} {name(sq)}" for sq in squares]
    return out


def hide_step(s: State, seat: int, action: str, out: list[str]) -> None:
    words = action.split()
    if words[0] == "start":
        sq = parse_square(words[1])
        s.set_buster(seat, start=sq)
    elif words[0] == "hide":
        sq = parse_square(words[2])
        assert sq is not None
        deathmatch.hide(s, seat, words[1], sq)
    else:  # done: what is left is placed as designed (the time-out default too)
        while (d := deathmatch.designed_hide(s, seat)) is not None:
            deathmatch.hide(s, seat, d[0], d[1])
        if s.busters[seat].start is None:
            s.set_buster(seat, start=deathmatch.start_options(s, seat)[0])
        done = list(s.hidden_done)
        done[seat] = True
        s.hidden_done = tuple(done)
        out.append(f"{s.seats[seat]} is ready.")
        if all(done):
            deathmatch.reveal(s, out)
            flow.start_sequence(s, out)
