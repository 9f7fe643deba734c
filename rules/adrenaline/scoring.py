"""Scoring: killed boards, the double kill, final frenzy's start, final scoring and the standings.

Pure functions on a State clone the caller gives: they change it and return the public lines. Points
go into ``Player.points`` as itemised ``(category, points)`` pairs; the categories are ``boards``
(a board's damage rankings, at a killshot or at the end), ``first_blood``, ``double_kill`` and
``track`` (the killshot track at the end). Quotes are from the seed's RULES SUMMARY
(shared/rulebooks/adrenaline-weapons.txt); numbers from shared/reference/adrenaline.md section 7.

A killed board ("3. Score each board that received a killshot"):

- "a. First blood: 1 point for the player with the first damage": the seat of the first token, on
  a normal-side board only (the reference: ``first_blood_on_frenzy_side: false``).
- "b. I. The players who dealt the most get the most points. Second most gets second most, etc.
  II. Break ties in favor of the player whose damage came earlier": damagers ranked by their number
  of tokens, a tie to the one whose first token lies earlier on the track.
- "III. Points are initially 8, 6, 4, 2. IV. For each previous killshot, the point values decrease,
  as shown by skulls on the board": the values are 8-6-4-2-1-1 (the reference) without their top
  one per skull on the board (``Player.skulls``).
- **Values running out** (the reference's edge case 1, its "majority reading"): "Points are
  distributed to every player who dealt damage", so a damager ranked past the last value still
  gets 1, and when 6 or more skulls have covered every value each damager gets 1; first blood is
  added on top (2 for the first damager then).
- "c. Move the killshot token to the killshot track. d. If there is overkill, move the overkill
  token to the killshot track. The overkilled player gives the overkiller a mark": the 11th token's
  seat goes to the track, ``(seat, 2)`` when a 12th token (overkill) is there too, and the victim
  gives the 12th token's seat 1 mark (capped at 3 like every mark: ``damage.give_marks``). The two
  tokens always come from one shooter (only the turn player shoots, and a killed figure respawns at
  the end of that turn); were they ever of two seats, each would go to the track as ``(seat, 1)``.
- "e. Take the skull from the killshot track and cover the killed board's highest remaining point
  value": ``state.skulls -= 1``, ``Player.skulls += 1``. **A kill after the last skull has gone**
  (another killshot in the turn that took the last skull, or a kill during final frenzy): there is
  no skull to take, so the board keeps its values; its tokens still go to the track ("Move the
  killshot token to the killshot track" has no condition).
- The damage is cleared; the board stays ``killed`` until the flow respawns it ("f. Killed player
  respawns"); weapons, cubes, powerups and marks stay (marks survive death: the reference section 7).

**Killshot order**: "Score each board that received a killshot" is step 3, after the turn's
actions and reloads, so the kills of a turn are scored at its end, one after another in the order
the killshots landed (``state.kills``). The order matters: it decides which board takes the last
skull and the track's order (its tie-break).

**Double kill** (the reference: "+1 point for 2 or more killshots in one turn"; not in the seed,
on by default, option ``double_kill``): 1 point, once per turn, to each seat whose killshot tokens
(the 11th tokens, counted from the boards scored) number 2 or more in that turn.

**Frenzy side** ("2. All players with no damage flip over their boards. They will be worth only a
minimal amount", "4. Boards that receive killshots in final frenzy are flipped to the 2-1-1-1 side
after they are scored"): 2-1-1-1, then 1 for any further damager, no first blood; **the values
never shrink**: step 3e's skull comes "from the killshot track", which is empty once frenzy has
begun (the reference's edge case 2, ORA's behaviour).

**Final frenzy's turns** ("3. Each player, including the one who triggered final frenzy, gets one
more turn ... a. Those who play before the starting player choose twice ... b. The starting player
and all those who play after choose 1"): the last turns run in seat order from the seat after the
trigger, round the table to the trigger itself; 2 actions for the seats before the first player
in that order, 1 for the first player and everyone after.

**Final scoring** ("1. Score each player board that still has damage. 2. Score most damage on the
killshot track as you score a player board"): each damaged board as above (first blood on a normal
side too), but with no killshot token, no skull and no revenge mark (no killshot was dealt); its
damage is then cleared, as at a killshot. The track: tokens per seat (an overkill entry counts 2),
a tie to the seat whose first token came earlier, 8-6-4-2-1-1 then 1 each, no first blood, into
``track``.

**Winner** ("3. Whoever has the most points wins. 4. Break ties in favor of the player with the
most points from the killshot track"): most points, then most ``track`` points; **a full tie**
(the reference's edge case 3: no source says) shares the place, and the next place is skipped
(1, 1, 3).
"""

from __future__ import annotations

from collections import Counter

from rules.adrenaline.damage import KILLSHOT, SLOTS, give_marks
from rules.adrenaline.data import game_data
from rules.adrenaline.state import State

CATEGORIES = ("boards", "first_blood", "double_kill", "track")


def _values(normal: bool, skulls: int) -> tuple[int, ...]:
    c = game_data().constants
    if not normal:
        return c.board_values_frenzy
    return c.board_values_normal[skulls:]


def _add(state: State, seat: int, category: str, points: int) -> None:
    p = state.players[seat]
    state.set_player(seat, points=p.points + ((category, points),))


def _rank(tokens: list[int] | tuple[int, ...], weights: list[int] | tuple[int, ...] | None = None) -> list[int]:
    """Seats by tokens (most first), a tie to the seat whose first token came earlier."""
    count: Counter[int] = Counter()
    first: dict[int, int] = {}
    for i, s in enumerate(tokens):
        count[s] += 1 if weights is None else weights[i]
        first.setdefault(s, i)
    return sorted(count, key=lambda s: (-count[s], first[s]))


def _points_for(ranked: list[int], values: tuple[int, ...]) -> list[tuple[int, int]]:
    """Values in rank order; every damager past the last value still gets 1."""
    return [(s, values[i] if i < len(values) else 1) for i, s in enumerate(ranked)]


def _score_board(state: State, victim: int, killshot: bool) -> list[str]:
    """Score one damaged board (a killshot's or at the end) and clear its damage."""
    p = state.players[victim]
    dmg = p.damage
    name = state.name(victim)
    if not dmg:
        return []
    if killshot and len(dmg) < KILLSHOT:
        raise ValueError(f"{name}'s board has {len(dmg)} damage: no killshot to score")
    lines: list[str] = []
    normal = not p.frenzy
    paid = _points_for(_rank(dmg), _values(normal, p.skulls))
    parts = []
    for s, v in paid:
        _add(state, s, "boards", v)
        extra = ""
        if normal and s == dmg[0]:
            _add(state, s, "first_blood", 1)
            extra = " (+1 first blood)"
        parts.append(f"{state.name(s)} {v}{extra}")
    side = "" if normal else " (frenzy side)"
    lines.append(f"{name}'s board{side} scores: " + ", ".join(parts) + ".")
    if killshot:
        killer = dmg[KILLSHOT - 1]
        overkiller = dmg[SLOTS - 1] if len(dmg) >= SLOTS else None
        if overkiller == killer:
            state.track.append((killer, 2))
            lines.append(f"{state.name(killer)} puts 2 tokens on the killshot track (overkill).")
        else:
            state.track.append((killer, 1))
            lines.append(f"{state.name(killer)} puts the killshot token on the killshot track.")
            if overkiller is not None:  # never in play: one shooter deals both tokens
                state.track.append((overkiller, 1))
                lines.append(f"{state.name(overkiller)} puts the overkill token on the killshot track.")
        if overkiller is not None:
            give_marks(state, victim, overkiller, 1)
            lines.append(f"{name} gives {state.name(overkiller)} a mark for the overkill.")
        if state.skulls > 0:
            state.skulls -= 1
            state.set_player(victim, skulls=state.players[victim].skulls + 1)
            covered = _values(normal, p.skulls)
            what = f"its {covered[0]}" if normal and covered else "it"
            lines.append(f"A skull leaves the killshot track and covers {what} ({state.skulls} left).")
        else:
            lines.append("No skull is left on the killshot track: the board keeps its values.")
    state.set_player(victim, damage=())
    return lines


def score_kills(state: State) -> list[str]:
    """Score the turn's killed boards in killshot order, then the double kill; clears ``state.kills``.
    During final frenzy each board scored flips to its frenzy side."""
    lines: list[str] = []
    killers: Counter[int] = Counter()
    for victim in state.kills:
        killers[state.players[victim].damage[KILLSHOT - 1]] += 1
        lines += _score_board(state, victim, killshot=True)
        if state.frenzy and not state.players[victim].frenzy:
            state.set_player(victim, frenzy=True)
            lines.append(f"{state.name(victim)}'s board flips to its frenzy side (2-1-1-1).")
    state.kills = []
    if state.options.get("double_kill", True):
        for seat, n in killers.items():
            if n >= 2:
                _add(state, seat, "double_kill", 1)
                lines.append(f"Double kill: {state.name(seat)} scores 1 more point.")
    return lines


def frenzy_order(state: State) -> tuple[int, ...]:
    """Final frenzy's last turns: from the seat after the trigger, round the table to the trigger."""
    assert state.frenzy_from is not None, "final frenzy has not begun"
    n = state.count
    return tuple((state.frenzy_from + 1 + i) % n for i in range(n))


def begin_frenzy(state: State, trigger: int) -> list[str]:
    """Final frenzy begins at the end of ``trigger``'s turn (the last skull left the track in it)."""
    state.frenzy = True
    state.frenzy_from = trigger
    flipped = []
    for i, p in enumerate(state.players):
        if not p.damage and not p.frenzy:
            state.set_player(i, frenzy=True)
            flipped.append(state.name(i))
    state.frenzy_left = frenzy_order(state)
    lines = ["FINAL FRENZY! The last skull has left the killshot track."]
    if flipped:
        lines.append("Boards with no damage flip to their frenzy side: " + ", ".join(flipped) + ".")
    two = [state.name(s) for s in state.frenzy_left if frenzy_actions(state, s) == 2]
    one = [state.name(s) for s in state.frenzy_left if frenzy_actions(state, s) == 1]
    if two:
        lines.append("Two frenzy actions: " + ", ".join(two) + ".")
    lines.append("One frenzy action: " + ", ".join(one) + ".")
    return lines


def frenzy_actions(state: State, seat: int) -> int:
    """2 for a seat whose last turn comes before the first player's, 1 for the first player and after."""
    order = frenzy_order(state)
    return 2 if order.index(seat) < order.index(state.first) else 1


def final_scoring(state: State) -> list[str]:
    """Every board that still has damage, then the killshot track ("as you score a player board")."""
    lines: list[str] = []
    for seat, p in enumerate(state.players):
        if p.damage:
            lines += _score_board(state, seat, killshot=False)
    if state.track:
        ranked = _rank([s for s, _ in state.track], [n for _, n in state.track])
        paid = _points_for(ranked, game_data().constants.board_values_normal)
        for s, v in paid:
            _add(state, s, "track", v)
        lines.append("The killshot track scores: " + ", ".join(f"{state.name(s)} {v}" for s, v in paid) + ".")
    return lines


def itemised(state: State, seat: int) -> dict[str, int]:
    out = dict.fromkeys(CATEGORIES, 0)
    for category, points in state.players[seat].points:
        out[category] = out.get(category, 0) + points
    return out


def standings(state: State) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], str]:
    """(scores, ranks with shared places, winners, summary): most points, then most track points."""
    scores = tuple(p.score for p in state.players)
    keys = [(scores[i], itemised(state, i)["track"]) for i in range(state.count)]
    ranks = tuple(1 + sum(k > keys[i] for k in keys) for i in range(state.count))
    winners = tuple(i for i in range(state.count) if ranks[i] == 1)
    top = scores[winners[0]]
    names = [state.name(s) for s in winners]
    if len(winners) == 1:
        summary = f"{names[0]} wins with {top} points"
        if sum(s == top for s in scores) > 1:
            summary += " (more from the killshot track)"
    else:
        summary = " and ".join([", ".join(names[:-1]), names[-1]]) + f" share the win with {top} points"
    return scores, ranks, winners, summary
