"""What a BUGBUSTER may do in co-op besides part 1's turn (the issue's "The co-op sequence and BUGBUSTER
rules"), listed and applied by registry so turn.py stays the one turn: ``revive TOR`` (2 AP: an adjacent
fallen partner gets 1 life) and the NPCs' moves (``npc VIP1 <``, ``npc VIP1 >``, ``npc VIP1 climb up``:
each NPC has 2 a sequence, moved by the BUGBUSTER players in any BUGBUSTER turn or at the group's choice;
free, they never use gateways, rb 1774); with professions on, the sides' actions (``turret build C4 ammo:2``,
``turret shoot BG3``, ``door B8``, ``heal TOR``, ``peek C4``: professions.py, turret.py). Quotes:
shared/rulebooks/powerup.txt ("rb N").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rules.powerup import coop_secrets, glitch, physics, professions, turret
from rules.powerup.board import Square, board, name
from rules.powerup.coop_data import coop_data
from rules.powerup.state import State


# --- revive ------------------------------------------------------------------------------------------------
def _revivable(s: State, seat: int) -> list[str]:
    """Fallen partners on the 8 squares around (as a give, rb 506's "adjacent square")."""
    c = s.coop
    assert c is not None
    me = s.where(s.busters[seat].sheet)
    if me is None or s.ap < professions.revive_cost(s, seat):  # 2 AP; the medic's Field Surgeon 1
        return []
    out = []
    for other in c.fallen:
        if other in c.melted:
            continue  # in acid: a CONTINUE is the only way back (the issue)
        sq = s.where(s.busters[other].sheet)
        if sq is not None and other != seat and max(abs(sq[0] - me[0]), abs(sq[1] - me[1])) == 1:
            out.append(s.busters[other].sheet)
    return out


def revive(s: State, seat: int, words: list[str], out: list[str]) -> None:
    """The issue: "Revive an adjacent fallen partner (2 AP): 1 life; it gets 2 AP if it has not acted this
    sequence, else none"."""
    c = s.coop
    assert c is not None
    other = s.seat_of(words[1])
    assert other is not None
    lives = professions.revive_lives(s, seat)  # 1; the medic's Field Surgeon: 2 (professions.py)
    s.ap -= professions.revive_cost(s, seat)
    s.set_buster(other, lives=lives)
    c.fallen = tuple(x for x in c.fallen if x != other)
    if not s.played[other]:
        c.to_play = tuple(sorted({*c.to_play, other}))
        s.short = tuple(sorted({*s.short, other}))
    out.append(f"{s.busters[seat].sheet} revives {words[1]} ({lives} li{'ves' if lives != 1 else 'fe'}"
               f"{', 2 AP this sequence' if not s.played[other] else ''}).")


# --- NPC moves --------------------------------------------------------------------------------------------
NPC_MOVES = {"<": (-1, 0), ">": (1, 0), "climb up": (0, 1), "climb down": (0, -1)}


def npc_targets(s: State, npc: str) -> dict[str, Square]:
    """rb 1774: "2 movement actions in each turn. They can't use the doors": a step either way, a ladder."""
    c = s.coop
    assert c is not None
    sq = s.where(npc)
    if sq is None or c.npcs[npc].moves < 1 or s.figures[npc].carried_by is not None:
        return {}
    bd = board(s.layout)
    out = {}
    for word, (dx, dy) in NPC_MOVES.items():
        to = (sq[0] + dx, sq[1] + dy)
        if not bd.inside(to) or not physics.free(s, to):
            continue
        if dy == 0 and bd.step_open(sq, to) or dy == 1 and bd.ladder(sq) and bd.open(to) or dy == -1 and bd.ladder(to):
            out[word] = to
    return out


def npc_actions(s: State) -> list[str]:
    c = s.coop
    assert c is not None
    return [f"npc {npc} {w}" for npc in sorted(c.npcs) for w in npc_targets(s, npc)]


def move_npc(s: State, seat: int | None, words: list[str], out: list[str]) -> None:
    c = s.coop
    assert c is not None
    npc, word = words[1], " ".join(words[2:])
    to = npc_targets(s, npc)[word]
    c.npcs[npc] = replace(c.npcs[npc], moves=c.npcs[npc].moves - 1)
    physics.shift(s, npc, to, out)
    out.append(f"{npc} {'climbs' if word.startswith('climb') else 'moves'} to {name(to)}.")
    physics.settle(s, out, keep=s.air)
    if npc in s.figures and s.figures[npc].square is not None:
        physics.arrive(s, npc, out)


def reset_npcs(s: State) -> None:
    """Each sequence the NPCs have their moves again (rb 1774: "in each turn")."""
    c = s.coop
    assert c is not None
    for npc, n in c.npcs.items():
        c.npcs[npc] = replace(n, moves=coop_data().npc.moves)


# --- the registry -----------------------------------------------------------------------------------------
LISTS: tuple[Callable[[State, int], list[str]], ...] = (
    lambda s, seat: [f"revive {x}" for x in _revivable(s, seat)],
    lambda s, seat: npc_actions(s),
    professions.actions,  # professions:on: turret build/shoot, door, heal, peek (professions.py, turret.py)
    glitch.actions,  # board GLITCH1, leave <, fly >, glitch shoot BG3 (glitch.py)
    coop_secrets.actions,  # give TOR keyA, cash (Hidden Keys: coop_secrets.py)
)
VERBS: dict[str, Callable[[State, int, list[str], list[str]], None]] = {"revive": revive, "npc": move_npc,
                                                                        "turret": turret.apply, **professions.VERBS,
                                                                        "board": glitch.board_glitch, "leave": glitch.leave,
                                                                        "fly": glitch.fly, "glitch": glitch.shoot,
                                                                        "cash": coop_secrets.cash}
FREE = ("npc", "peek", "cash")  # not a normal action: no AP, no window of its own (an NPC is not a BUGBUSTER)


def legal(s: State, seat: int) -> list[str]:
    return [a for f in LISTS for a in f(s, seat)]
