"""Invariants checked after every step of self-play (the issue's list): no two Bots on one square
(a Nanobot passing between legs ends on a free square); every Bot on the board, or waiting outside a
door; Rogue counts conserved (on the board + kept + lost never above the components); the program
phase's programs legal; at most three Catastrophes; at most two Upgrades each."""

from __future__ import annotations

from collections import Counter

from rules.retro.data import CATASTROPHES_TO_LOSE, UPGRADE_LIMIT, game_data
from rules.retro.geometry import is_pit, on_board, outside_of
from rules.retro.programs import problem
from rules.retro.state import State


def check_invariants(state: State) -> list[str]:
    data = game_data()
    bad: list[str] = []
    squares = Counter(b.square for b in state.bots.values() if b.outside is None)
    bad += [f"two Bots on {sq}" for sq, n in squares.items() if n > 1]
    for bot in state.bots.values():
        if bot.outside is None:
            if not on_board(bot.square):
                bad.append(f"{bot.id} is off the board at {bot.square}")
            elif is_pit(state, bot.square):
                bad.append(f"{bot.id} stands on an open pit")
        elif bot.square != outside_of(bot.outside):
            bad.append(f"{bot.id} waits outside door {bot.outside} at the wrong square")
        elif not bot.is_retro:
            bad.append(f"{bot.id} (a Rogue) waits outside the board")
    on_board_kinds = Counter(b.kind for b in state.bots.values() if b.is_rogue)
    gone = Counter(k for kept in state.kept for k in kept) + Counter(state.lost_rogues)
    for kind, rogue in data.rogues.items():
        if on_board_kinds[kind] > rogue.count:
            bad.append(f"{on_board_kinds[kind]} {kind}s on the board, only {rogue.count} exist")
        if kind in ("bossbot", "minionbot") and on_board_kinds[kind] + gone[kind] + (kind == "minionbot" and
                                                                                       state.rescued) > 1:
            bad.append(f"the {kind} is counted twice")
    if len(state.catastrophes) > CATASTROPHES_TO_LOSE:
        bad.append("more than three Catastrophes face up")
    if len(state.catastrophes) == CATASTROPHES_TO_LOSE and state.result != "loss":
        bad.append("three Catastrophes face up but the game goes on")
    cards = Counter((*state.deck, *state.discard, *state.catastrophes))
    if cards != Counter(c.id for c in data.calamities):
        bad.append("Calamity cards lost or doubled")
    for seat, ups in enumerate(state.upgrades):
        if len(ups) > UPGRADE_LIMIT:
            bad.append(f"seat {seat} holds {len(ups)} Upgrades")
    held = [u for ups in state.upgrades for u in ups]
    if len(held) != len(set(held)):
        bad.append("an Upgrade is held twice")
    if state.phase == "program":
        for seat in range(len(state.seats)):
            if (why := problem(state, seat, state.programs[seat])) is not None:
                bad.append(f"seat {seat}'s program is illegal: {why}")
    if state.phase in ("program", "run", "end", "clock"):
        for seat in range(len(state.seats)):
            if state.retro(seat) is None:
                bad.append(f"seat {seat} has no Retro")
    if state.phase != "over" and not state.rogues() and state.phase not in ("choose_type",):
        bad.append("no Rogue is left but the game goes on")
    return bad
