"""What must hold after every step of an ADRENALINE game (for tests and fuzzing).

``check(state)`` returns each broken invariant as a sentence; an empty list when all hold. Numbers
are the reference's (shared/reference/adrenaline.md section 7), quotes the seed's.

- Cubes: 0-3 of each colour on a board (the supply is then 3 minus the board, so board + supply = 3).
- Damage: at most 12 tokens on a board, of real seats, none the board's own ("You can never be
  damaged by your own weapon").
- Marks: one count per seat, 0-3 each, none from oneself.
- Cards: each of the 21 weapons, the 24 powerup cards (two copies of each) and the 36 ammo tiles
  exactly once (as multisets) across decks, discards, the board (``tiles``, ``slots``) and hands.
  A respawn's chosen card (``respawn_choice``) may already have left the hand before the choices are
  revealed: those cards count too when the rest is short of exactly them.
- Hands: at most 3 weapons; at most 3 powerups, 4 for a seat choosing its respawn (it has drawn
  one), no limit checked for the turn player before its first spawn (it draws 2 to choose from).
- No killed figure is the turn player in phase ``turn`` unless it is respawning.
- Skulls: those on the track plus those on the boards are the starting skulls (option ``skulls``,
  default 8); none below 0.
- The killshot track: each entry ``(seat, 1 or 2)`` of a real seat; at least one entry per skull
  taken (each killshot that took a skull put a token there).
- Frenzy-side boards only once final frenzy has begun.
"""

from __future__ import annotations

from collections import Counter

from rules.adrenaline.damage import MAX_MARKS, SLOTS
from rules.adrenaline.data import game_data
from rules.adrenaline.state import State

MAX_CUBES = 3
MAX_WEAPONS = 3
MAX_POWERUPS = 3


def _multiset(what: str, found: Counter, expected: Counter) -> list[str]:
    if found == expected:
        return []
    missing = expected - found
    extra = found - expected
    parts = []
    if missing:
        parts.append("missing " + ", ".join(f"{k}" + (f" x{n}" if n > 1 else "") for k, n in sorted(
            missing.items(), key=str)))
    if extra:
        parts.append("extra " + ", ".join(f"{k}" + (f" x{n}" if n > 1 else "") for k, n in sorted(
            extra.items(), key=str)))
    return [f"{what} are not each in one place: " + "; ".join(parts)]


def check(state: State) -> list[str]:
    out: list[str] = []
    n = state.count
    data = game_data()
    for seat, p in enumerate(state.players):
        who = f"seat {seat} ({p.figure})"
        if any(not 0 <= c <= MAX_CUBES for c in p.cubes) or len(p.cubes) != 3:
            out.append(f"{who} has cubes {p.cubes}: 0-3 of each colour")
        if len(p.damage) > SLOTS:
            out.append(f"{who} has {len(p.damage)} damage tokens: at most {SLOTS}")
        if seat in p.damage:
            out.append(f"{who} has damaged itself")
        if any(not 0 <= s < n for s in p.damage):
            out.append(f"{who} has damage from a seat not at the table")
        if len(p.marks) != n:
            out.append(f"{who} has {len(p.marks)} mark counts: one per seat ({n})")
        if any(not 0 <= m <= MAX_MARKS for m in p.marks):
            out.append(f"{who} has marks {p.marks}: 0-{MAX_MARKS} per attacker")
        if seat < len(p.marks) and p.marks[seat]:
            out.append(f"{who} has marked itself")
        if len(p.weapons) > MAX_WEAPONS:
            out.append(f"{who} holds {len(p.weapons)} weapons: at most {MAX_WEAPONS}")
        limit: int | None = MAX_POWERUPS
        if seat in state.respawning:
            limit = MAX_POWERUPS + 1
        elif seat == state.turn and not p.spawned:
            limit = None
        if limit is not None and len(p.powerups) > limit:
            out.append(f"{who} holds {len(p.powerups)} powerups: at most {limit}")
        if p.frenzy and not state.frenzy:
            out.append(f"{who}'s board is on its frenzy side before final frenzy")

    # Cards and tiles, each exactly once.
    weapons = Counter(state.weapon_deck)
    weapons.update(w for slots in state.slots.values() for w in slots if w is not None)
    weapons.update(w for p in state.players for w, _ in p.weapons)
    out += _multiset("weapons", weapons, Counter(w.id for w in data.weapons))
    powerups = Counter(state.powerup_deck) + Counter(state.powerup_discard)
    powerups.update(c for p in state.players for c in p.powerups)
    expected = Counter(data.powerup_cards())
    chosen = Counter(state.respawn_choice.values())
    if powerups != expected and powerups + chosen == expected:
        powerups += chosen
    out += _multiset("powerup cards", powerups, expected)
    tiles = Counter(state.ammo_deck) + Counter(state.ammo_discard)
    tiles.update(t for t in state.tiles.values() if t is not None)
    out += _multiset("ammo tiles", tiles, Counter(range(len(data.tiles()))))

    if state.phase == "turn" and 0 <= state.turn < n and state.players[state.turn].killed \
            and state.turn not in state.respawning:
        out.append(f"seat {state.turn} takes a turn while killed")

    start = state.options.get("skulls", 8)
    on_boards = sum(p.skulls for p in state.players)
    if state.skulls < 0 or state.skulls + on_boards != start:
        out.append(f"{state.skulls} skulls on the track and {on_boards} on boards: {start} in all")
    if any(not (0 <= s < n and k in (1, 2)) for s, k in state.track):
        out.append(f"the killshot track {state.track} has an entry that is not (seat, 1 or 2)")
    if len(state.track) < start - state.skulls:
        out.append(f"{start - state.skulls} skulls taken but only {len(state.track)} killshots on the track")
    return out
