"""The four basic actions of a Jupiter Rescue turn: Move, Attack, Command and Trade (lines 48-98).

Line numbers are those of shared/rulebooks/jupiter-rescue.txt. Pure functions: ``apply_basic`` clones
the State it is given and returns ``(new_state, events)``; a refusal raises a one-line RulesError and
leaves the state untouched. Legality comes from reach.py. Card-extended forms (``move ... also``,
``attack ... also``, ``command ... follow``) need a played card and are refused here.

- Actions per turn: 50, 60: five; 290: "limited to 4 actions per turn instead of 5" while any Super
  Creep sits on a Command Dish, and "When the last Super Creep is removed from all Command Dishes, that
  player immediately regains access to his or her fifth action" (an attack on the last one gives the
  action back). 295: a destroyed tile's Super Creep no longer counts.
- The Evacuation Pod, 92: "As soon as a seventh Colonist moves onto the Evacuation Pod tile, the pod
  launches and carries them to safety. Move the Evacuation Pod tile away from the colony, remove the
  Colonist figures to a "saved" pile ... it stays undocked". So the seven go to ``saved``, the pod is
  emptied of Colonists, undocked and ``pod_launched``. Robots aboard go with it (70: it holds "any number
  of player Robots"; 302: the players win having "Gotten themselves off the colony (also in the pod)"):
  they stay in ``pod_robots``, off the colony until it redocks. The game is won at the launch that
  carries every Robot away with 28 or more saved (44, 300-302; docs "Readings"): phase ``over``.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from rules.core.errors import GameIsOver, IllegalAction, NotYourTurn
from rules.jupiter.actions import POD, Action, Attack, Command, Move, Trade
from rules.jupiter.colony import Colony
from rules.jupiter.creeps import kill_creep
from rules.jupiter.full_turn import (
    BULLHORN,
    apply_extended,
    card_robot,
    extended_attacks,
    extended_commands,
    extended_moves,
    in_effect,
)
from rules.jupiter.outcome import ended
from rules.jupiter.reach import POD_COLONISTS, attack_targets, command_targets, move_targets, trade_partners
from rules.jupiter.state import COLONIST, SUPER_CREEP, State, robot

Result = tuple[State, list[str]]

ACTIONS = 5  # 50: "Each player may take a total of 5 actions on their turn"
ACTIONS_JAMMED = 4  # 290: "limited to 4 actions per turn instead of 5"
SNIPER = "Sniper"  # 84: "unless he or she has the Sniper core ability"


def jammed_dishes(state: State, colony: Colony | None = None) -> tuple[str, ...]:
    """The Command Dishes (named like spaces) a Super Creep sits on, on tiles still in play (295)."""
    colony = colony or state.colony()
    out = []
    for key, fig in sorted(state.figures.items()):
        tile = colony.by_label.get(key[0])
        if fig == SUPER_CREEP and tile is not None and tile.facility == "command_dish":
            out.append(key)
    return tuple(out)


def actions_per_turn(state: State, colony: Colony | None = None) -> int:
    """5 (line 50), or 4 while one or more Command Dishes has a Super Creep on it (lines 280, 290)."""
    return ACTIONS_JAMMED if jammed_dishes(state, colony) else ACTIONS


def _check_turn(state: State, seat: int) -> None:
    if state.phase == "over":
        raise GameIsOver("the game is over")
    if state.phase != "actions" or state.current != seat:
        raise NotYourTurn("it is not your turn to take actions")
    if state.actions_left <= 0:
        raise IllegalAction("you have no actions left this turn (line 60); end your turn")


def _sniper(state: State, seat: int) -> bool:
    return seat < len(state.cores) and SNIPER in state.cores[seat]


def shot(state: State, colony: Colony, seat: int) -> frozenset[str]:
    """The Creeps an Attack action may kill: on the robot's tile (54, 84), or with the Sniper core an
    adjacent tile too (184), also through the robot Override names (170)."""
    sniper = _sniper(state, seat)
    out = attack_targets(state, colony, seat, sniper=sniper)
    mover = card_robot(state, seat)
    if sniper and mover != seat:
        out |= attack_targets(state, colony, mover, sniper=True)
    return out


def _sub_multisets(cards: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every distinct sorted sub-multiset of a hand, the empty one included."""
    ordered = tuple(sorted(cards))
    return sorted({c for n in range(len(ordered) + 1) for c in combinations(ordered, n)})


def _contains(hand: tuple[str, ...], cards: tuple[str, ...]) -> bool:
    return not Counter(cards) - Counter(hand)


def _without(hand: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...]:
    left = list(hand)
    for c in cards:
        left.remove(c)
    return tuple(left)


def legal_basic(state: State, seat: int) -> list[Action]:
    """Exactly the basic actions ``apply_basic`` accepts now for ``seat``; empty when it may not act."""
    try:
        _check_turn(state, seat)
    except (GameIsOver, NotYourTurn, IllegalAction):
        return []
    colony = state.colony()
    loud = in_effect(state, seat, BULLHORN)
    plain = move_targets(state, colony, seat)
    out: list[Action] = [Move(to) for to in sorted(plain)]
    # A card move of another robot (Override) to a space one's own robot steps to is not listed: the
    # notation ``move a0`` means the plain move (docs, "Readings").
    out += [m for m in extended_moves(state, colony, seat) if m.also is not None or m.to not in plain]
    targets = shot(state, colony, seat)
    out += [Attack(at) for at in sorted(targets)] + extended_attacks(state, colony, seat, targets)
    out += [Command(src, to) for src, tos in command_targets(state, colony, seat, loud).items() for to in sorted(tos)]
    out += extended_commands(state, colony, seat, loud)
    mine = _sub_multisets(state.hands[seat])
    for other in sorted(trade_partners(state, colony, seat, loud)):
        theirs = _sub_multisets(state.hands[other])
        out += [Trade(other, g, t) for g in mine for t in theirs if g or t]
    return out


def apply_basic(state: State, seat: int, action: Action) -> Result:
    """One Move, Attack, Command or Trade action by ``seat`` (lines 52-56), spending one action."""
    _check_turn(state, seat)
    colony = state.colony()
    s = state.clone()
    events: list[str] = []
    before = actions_per_turn(state, colony)
    who = f"Robot {seat + 1}"
    loud = in_effect(state, seat, BULLHORN)
    match action:
        case Move(to, None) if to in move_targets(state, colony, seat):
            _move_robot(s, seat, to)
            events.append(f"{who} moves {'onto the pod' if to == POD else 'to ' + to}.")
        case Attack(at, None):
            if at not in shot(state, colony, seat):
                raise IllegalAction(f"no Creep on {at.lower()} is in your shot (lines 54, 84)")
            events.append(f"{who} kills the {kill_creep(s, at)} on {at}.")
        case Command(source, to, None):
            if to not in command_targets(state, colony, seat, loud).get(source, frozenset()):
                raise IllegalAction(f"you cannot command a Colonist from {source.lower()} to {to.lower()} (54, 90)")
            _move_colonist(s, source, to, events)
        case Trade(other, give, take):
            _trade(state, s, colony, seat, other, give, take)
            events.append(f"{who} trades with Robot {other + 1}: gives {len(give)}, takes {len(take)} card(s).")
        case Move() | Command():
            legal = extended_moves(state, colony, seat) + extended_commands(state, colony, seat, loud)
            apply_extended(state, s, colony, seat, action, legal, events)
        case Attack():
            targets = shot(state, colony, seat)
            apply_extended(state, s, colony, seat, action, extended_attacks(state, colony, seat, targets), events)
        case _:
            raise IllegalAction("not a move, attack, command or trade action")
    # 290: the fifth action comes back the moment the last Super Creep leaves the Command Dishes.
    s.actions_left = s.actions_left - 1 + actions_per_turn(s, colony) - before
    return s, events


def _move_robot(s: State, seat: int, to: str) -> None:
    here = s.robot_space(seat)
    if here is None:  # aboard the pod (move_targets allowed it)
        s.pod_robots = tuple(x for x in s.pod_robots if x != seat)
    else:
        del s.figures[here]
    if to == POD:
        s.pod_robots = tuple(sorted({*s.pod_robots, seat}))
    else:
        s.figures[to] = robot(seat)


def _move_colonist(s: State, source: str, to: str, events: list[str]) -> None:
    if source == POD:
        s.pod_colonists -= 1
    else:
        del s.figures[source]
    if to != POD:
        s.figures[to] = COLONIST
        events.append(f"A Colonist moves from {source if source != POD else 'the pod'} to {to}.")
        return
    s.pod_colonists += 1
    events.append(f"A Colonist boards the pod ({s.pod_colonists}/{POD_COLONISTS}).")
    if s.pod_colonists >= POD_COLONISTS:
        _launch(s, events)


def _launch(s: State, events: list[str]) -> None:
    """92: the pod launches, the Colonists aboard (seven, or fewer under a Pilot, line 176) go to the
    saved pile, and the pod stays undocked."""
    carried = s.pod_colonists
    s.saved += carried
    s.pod_colonists = 0
    s.pod_dock = None
    s.pod_launched = True
    s.redock = s.current  # 92: "until the beginning of the same player's next turn"
    aboard = ", ".join(f"Robot {x + 1}" for x in s.pod_robots)
    events.append(f"The pod launches: {carried} Colonist{'s' if carried != 1 else ''} saved ({s.saved} in all)"
                  + (f"; aboard: {aboard}." if aboard else "."))
    ended(s, events)  # 300-302: the goal evacuated and every Robot off the colony


def _trade(
    state: State, s: State, colony: Colony, seat: int, other: int, give: tuple[str, ...], take: tuple[str, ...]
) -> None:
    if other not in trade_partners(state, colony, seat, in_effect(state, seat, BULLHORN)):
        raise IllegalAction(f"Robot {other + 1} is not in your Command Range to trade (lines 56, 98)")
    if not give and not take:
        raise IllegalAction("a trade gives or takes at least one card")
    if not _contains(state.hands[seat], give):
        raise IllegalAction("you do not hold every card you offer to give")
    if not _contains(state.hands[other], take):
        raise IllegalAction(f"Robot {other + 1} does not hold every card you ask to take")
    hands = list(s.hands)
    hands[seat] = _without(hands[seat], give) + tuple(take)
    hands[other] = _without(hands[other], take) + tuple(give)
    s.hands = tuple(hands)

