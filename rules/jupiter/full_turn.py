"""Full Turn cards: the cards that change a turn's Move, Attack and Command actions (lines 146-192).

Line numbers are those of shared/rulebooks/jupiter-rescue.txt. A Full Turn card "applies to all actions
of the designated type that you can take on your turn" (228), and so does a core ability whose core
scope is "Every Action" (234). So a card is *in effect* for the seat whose turn it is when it was played
this turn (``State.turn_cards``, cards.py) or is one of the seat's Every Action cores. In effect:

- Bullhorn (146): the Command Range is the whole colony (and with it the trade range, line 98).
- Grenadier (156): ``attack <a> also <b>``: the Creep on b, adjacent to a (one bridge), dies too, one
  action for both.
- Juggernaut (162): ``move <space>`` into an adjacent Creep's space kills it; with Grenadier also in
  effect, ``move <a> also <b>`` kills a second Creep adjacent to a (252), one action.
- Follower (154): ``command <from> <to> follow <f>``: after the Colonist leaves ``from``, the Colonist on
  f, adjacent to ``from``, moves into it, in the same action.
- Swap (192): ``move <space>`` onto an adjacent Colonist, Creep or Robot trades places with it, one
  action. Where Juggernaut is in effect too, a move onto a Creep kills it (docs, "Readings").
- Rocket Boots (180): ``move <space>`` to an open space any number of spaces away "in a straight line",
  for one action, jumping Colonists but not Creeps (nor Robots: only Colonists are named). A straight
  line runs through hubs: hub, dome d, the facing dome of the next tile, its hub, its dome d... along
  bridges (``line``; docs, "Readings").

Functions here never change a state: ``extended_moves``/``extended_attacks``/``extended_commands`` list
the forms legal now, and ``apply_extended`` applies one to the copy it is given.
"""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.jupiter.actions import Attack, Command, Move
from rules.jupiter.colony import Colony, opposite, parse_space, space_id, step
from rules.jupiter.creeps import kill_creep
from rules.jupiter.data import HUB, RING, game_data
from rules.jupiter.reach import command_targets, robot_at
from rules.jupiter.state import COLONIST, CREEP, SUPER_CREEP, State, robot, robot_seat

BULLHORN, FOLLOWER, GRENADIER, JUGGERNAUT, SWAP = "Bullhorn", "Follower", "Grenadier", "Juggernaut", "Swap"
ROCKET_BOOTS = "Rocket Boots"
FULL_TURN = (BULLHORN, FOLLOWER, GRENADIER, JUGGERNAUT, ROCKET_BOOTS, SWAP)  # the ones this module applies


def _every_action(card: str) -> bool:
    return next(c.core for c in game_data().rescue_deck if c.name == card) == "every_action"


def in_effect(state: State, seat: int, card: str) -> bool:
    """Played this turn by the seat whose turn it is (228), or an Every Action core of the seat (234)."""
    if state.current != seat:
        return False
    return card in state.turn_cards or (card in state.cores[seat] and _every_action(card))


def card_robot(state: State, seat: int) -> int:
    """The robot the seat's cards act through: its own, or the one Override names (170: "through ...
    another player's Robot, at its current position on the board") while that robot stands on it."""
    other = state.override
    if state.current == seat and other is not None and other != seat and state.robot_space(other) is not None:
        return other
    return seat


def _creeps_next_to(state: State, colony: Colony, space: str) -> list[str]:
    return sorted(n for n in colony.neighbours(space) if state.figures.get(n) == CREEP)


def extended_moves(state: State, colony: Colony, seat: int) -> list[Move]:
    """Juggernaut's moves into Creeps (with Grenadier, their second kills), Swap's exchanges, Rocket
    Boots' lines (with Juggernaut through Creeps, with Swap onto a Colonist), made by the robot the
    seat's cards act through (``card_robot``: Override)."""
    here = robot_at(state, card_robot(state, seat))
    if here is None or here not in colony.adjacency:
        return []
    jug, gren, swap = (in_effect(state, seat, c) for c in (JUGGERNAUT, GRENADIER, SWAP))
    out: list[Move] = []
    for to in sorted(colony.neighbours(here)):
        fig = state.figures.get(to)
        if fig == CREEP and jug:
            out.append(Move(to))
            if gren:
                out += [Move(to, also) for also in _creeps_next_to(state, colony, to)]
        elif swap and fig is not None and fig != SUPER_CREEP:
            out.append(Move(to))
    if in_effect(state, seat, ROCKET_BOOTS):
        near = {m.to for m in out}
        out += [Move(to) for to in rocket_paths(state, colony, seat, here) if to not in near]
    return out


def line(colony: Colony, space: str, direction: int) -> list[str]:
    """The spaces after ``space`` on the straight line in ``direction`` (1-6), as far as bridges go:
    from a hub to its dome ``direction``, from that dome across the edge to the facing dome of the
    next tile, from there to that tile's hub, and so on. Ring domes off the axis start no line."""
    out: list[str] = []
    current = space
    while True:
        label, position = parse_space(current)
        tile = colony.by_label[label]
        if position == HUB:
            nxt = space_id(label, direction)
        elif position == direction:
            beyond = colony.by_hex.get(step(tile.hex, direction))
            if beyond is None:
                return out
            nxt = space_id(beyond.label, opposite(direction))
        elif position == opposite(direction):
            nxt = space_id(label, HUB)
        else:
            return out
        if nxt not in colony.adjacency.get(current, frozenset()):
            return out
        out.append(nxt)
        current = nxt


def rocket_paths(state: State, colony: Colony, seat: int, here: str) -> dict[str, tuple[str, ...]]:
    """Rocket Boots (180): landing space -> the spaces passed on the way, on a straight line from
    ``here``, farther than next door (a neighbouring space is an ordinary move, Juggernaut's or Swap's).
    The line jumps Colonists (180), and Robots too under Polite Colonists (342); with Juggernaut in effect
    it goes through Creeps, killing each (260), and may end on one; with Swap it may end on a Colonist,
    which takes the starting space (264). It ends on an open space otherwise."""
    jug, swap = in_effect(state, seat, JUGGERNAUT), in_effect(state, seat, SWAP)
    polite = "polite" in state.rules
    out: dict[str, tuple[str, ...]] = {}
    for direction in RING:
        passed: list[str] = []
        for distance, space in enumerate(line(colony, here, direction), start=1):
            fig = state.figures.get(space)
            if distance > 1 and (fig is None or (fig == CREEP and jug) or (fig == COLONIST and swap)):
                out.setdefault(space, tuple(passed))
            if fig == COLONIST or (fig == CREEP and jug) or (polite and robot_seat(fig or "") is not None):
                passed.append(space)
            elif fig is not None:
                break  # 180: "You may jump over Colonists, but not Creeps"
    return dict(sorted(out.items()))


def extended_attacks(state: State, colony: Colony, seat: int, targets: frozenset[str]) -> list[Attack]:
    """Grenadier's second kills: for each Creep in the shot (``targets``), each Creep adjacent to it."""
    if not in_effect(state, seat, GRENADIER):
        return []
    return [Attack(at, also) for at in sorted(targets) if at in colony.adjacency
            for also in _creeps_next_to(state, colony, at)]


def extended_commands(state: State, colony: Colony, seat: int, everywhere: bool) -> list[Command]:
    """Follower's followers: after a commanded Colonist leaves its space, an adjacent one moves in."""
    if not in_effect(state, seat, FOLLOWER):
        return []
    out = []
    for source, tos in command_targets(state, colony, seat, everywhere=everywhere).items():
        if source not in colony.adjacency:
            continue  # the pod: it holds many, nobody "moves into the space vacated"
        followers = sorted(n for n in colony.neighbours(source) if state.figures.get(n) == COLONIST)
        out += [Command(source, to, f) for to in sorted(tos) for f in followers if f != to]
    return out


def apply_extended(state: State, s: State, colony: Colony, seat: int, action: Move | Attack | Command,
                   legal: list, events: list[str]) -> None:
    """Apply a card-extended form to ``s`` (a copy of ``state``); ``legal`` is what is legal now."""
    if action not in legal:
        raise IllegalAction(_why(state, seat, action))
    who = f"Robot {seat + 1}"
    match action:
        case Move(to, also):
            mover = card_robot(state, seat)
            who = f"Robot {mover + 1}" + (f" (through Robot {seat + 1}'s Override)" if mover != seat else "")
            here = robot_at(state, mover)
            assert here is not None
            fig = state.figures.get(to)
            path = () if to in colony.neighbours(here) else rocket_paths(state, colony, seat, here)[to]
            crushed = [p for p in path if state.figures.get(p) == CREEP]
            for p in crushed:
                kill_creep(s, p)
            if crushed:
                events.append(f"{who} crushes the Creep{'s' if len(crushed) > 1 else ''} on {', '.join(crushed)} "
                              "on the way (Juggernaut + Rocket Boots).")
            if fig == CREEP and in_effect(state, seat, JUGGERNAUT):
                kill_creep(s, to)
                s.figures.pop(here)
                s.figures[to] = robot(mover)
                events.append(f"{who} crushes the Creep on {to} (Juggernaut).")
                if also is not None:
                    kill_creep(s, also)
                    events.append(f"The Creep on {also} dies too (Grenadier).")
            elif fig is None:
                s.figures.pop(here)
                s.figures[to] = robot(mover)
                events.append(f"{who} rockets from {here} to {to} (Rocket Boots).")
            else:
                s.figures[here], s.figures[to] = fig, robot(mover)
                other = robot_seat(fig)
                what = f"Robot {other + 1}" if other is not None else ("a Colonist" if fig == COLONIST else "a Creep")
                events.append(f"{who} swaps places with {what} ({here} and {to}).")
        case Attack(at, also):
            assert also is not None
            kill_creep(s, at)
            kill_creep(s, also)
            events.append(f"{who} kills the Creeps on {at} and {also} (Grenadier).")
        case Command(source, to, follow):
            from rules.jupiter.turn import _move_colonist  # here: turn.py dispatches to this module

            assert follow is not None
            _move_colonist(s, source, to, events)  # boarding (and a launch at seven) as in any command
            s.figures.pop(follow)
            s.figures[source] = COLONIST
            events.append(f"The Colonist on {follow} follows into {source} (Follower).")


def _why(state: State, seat: int, action: Move | Attack | Command) -> str:
    match action:
        case Attack(_, also) if also is not None:
            need = GRENADIER
        case Command(_, _, follow) if follow is not None:
            need = FOLLOWER
        case Move(_, also) if also is not None:
            need = "Grenadier and Juggernaut"
        case Move(to, None) if to not in state.figures:
            return f"your robot cannot move to {to.lower()} (lines 52, 64, 68; farther in a line: Rocket Boots)"
        case _:
            need = "Juggernaut or Swap"
    cards = [c for c in FULL_TURN if in_effect(state, seat, c)]
    held = f" (in effect: {', '.join(cards)})" if cards else ""
    return f"that {type(action).__name__.lower()} needs {need} in effect and a target in reach{held}"
