"""Sequences and turns in DEATHMATCH (rb 286-296, rb 919-921, rb 1373): the turn card's marks, the order
by RP left, starting RP and INITIATIVE cards, 4 AP a turn, effects that end "this turn" or "until your
next turn", EPIC flipping back. Quotes: shared/rulebooks/powerup.txt ("rb N")."""

from __future__ import annotations

from rules.powerup import cards
from rules.powerup.data import AP, game_data
from rules.powerup.state import State, keep_rng, rng_of


def round_of(sequence: int) -> int:
    return (max(sequence, 1) - 1) // game_data().turn_card.sequences_per_round + 1


def marks(s: State) -> tuple[str, ...]:
    return game_data().turn_card.marks_of(s.sequence) if s.sequence else ()


def order_seats(s: State) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """rb 1890 (DEATHMATCH initiative): most RP left first; a tie, the most RP on the sheet; still a
    tie, INITIATIVE cards dealt at random to those tied (card 1 first). Returns the order and the card
    each seat of it got (0: none needed)."""
    data = game_data()
    seats = range(len(s.seats))

    def key(i: int) -> tuple[int, int]:
        b = s.busters[i]
        return (-b.rp, -data.sheet(b.sheet).normal.rp)

    groups: dict[tuple[int, int], list[int]] = {}
    for i in seats:
        groups.setdefault(key(i), []).append(i)
    r = rng_of(s)
    card: dict[int, int] = {}
    for members in groups.values():
        if len(members) > 1:
            deck = list(data.initiative_cards)
            r.shuffle(deck)
            for i, m in enumerate(members):
                card[m] = deck[i]
    keep_rng(s, r)
    order = sorted(seats, key=lambda i: (key(i), card.get(i, 0)))
    return tuple(order), tuple(card.get(i, 0) for i in order)


def start_sequence(s: State, out: list[str]) -> None:
    per_round = game_data().turn_card.sequences_per_round
    if s.rounds and s.sequence >= s.rounds * per_round:
        time_up(s, out)
        return
    s.sequence += 1
    m = marks(s)
    if "relight" in m and s.powerups:
        for sq in s.powerups:
            s.powerups[sq] = True
        out.append("The turn card relights every POWERUP.")
    s.order, s.initiative = order_seats(s)
    s.played = tuple(False for _ in s.seats)
    s.turn = 0
    seq = (s.sequence - 1) % game_data().turn_card.sequences_per_round + 1
    names = ", ".join(s.busters[i].sheet for i in s.order)
    out.append(f"Round {round_of(s.sequence)}, sequence {seq}: {names}.")
    start_turn(s, out)


def start_turn(s: State, out: list[str]) -> None:
    seat = s.order[s.turn]
    b = s.busters[seat]
    # "until your next turn" effects end as it starts (Energy Shield, Shield, Player Pause)
    if any(e[2] == "next" for e in b.effects):
        s.set_buster(seat, effects=tuple(e for e in b.effects if e[2] != "next"))
    cards.end_epic(s, seat, out)
    s.ap = 2 if seat in s.short else AP  # rb 1918: "they'll have 2 actions"
    s.short = tuple(x for x in s.short if x != seat)
    s.streak = 0
    s.air, s.air_acted, s.air_shifted = "", False, False
    out.append(f"{s.seats[seat]}'s turn: {s.ap} AP.")


def end_turn(s: State, out: list[str]) -> None:
    seat = s.active
    assert seat is not None
    b = s.busters[seat]
    if any(e[2] == "turn" for e in b.effects):
        s.set_buster(seat, effects=tuple(e for e in b.effects if e[2] != "turn"))
    played = list(s.played)
    played[seat] = True
    s.played = tuple(played)
    s.ap = 0
    s.bonus_dice, s.bonus_hits, s.bonus_for, s.fresh = "", 0, "", ()
    s.turn += 1
    if s.phase != "play":
        return
    if s.coop is not None:  # co-op: the group names who goes next (coop_turn)
        from rules.powerup import coop_turn

        coop_turn.turn_done(s, out)
        return
    if s.turn >= len(s.order):
        start_sequence(s, out)
    else:
        start_turn(s, out)


def first_normal_action(s: State, seat: int) -> None:
    """rb 1920: "Until the player takes the first normal action the BUGBUSTER is protected"."""
    if s.busters[seat].protected:
        s.set_buster(seat, protected=False)


def time_up(s: State, out: list[str]) -> None:
    """The house option ``rounds``: after the last round the team with more captures wins; equal, a draw."""
    red, blu = s.score
    s.phase = "over"
    s.winner = "RED" if red > blu else "BLU" if blu > red else ""
    s.summary = (f"{s.winner} wins {red}-{blu} after {s.rounds} rounds." if s.winner
                 else f"A draw {red}-{blu} after {s.rounds} rounds.")
    out.append(f"Time is up: {s.summary}")
