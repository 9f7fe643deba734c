"""The steps of a Jupiter Rescue turn after the Player Actions, and the start of the next turn.

Line numbers are those of shared/rulebooks/jupiter-rescue.txt. 46: "Player Actions, Conversion,
Invasion, and Draw, always in that order" (334, Fast Creeps: Invasion, then Conversion). The flow
stops where the player whose turn it is has something to decide and goes on by itself otherwise:

- ``roll``: the die is rolled; before the Invasion happens the roller may reroll with Phase Shift
  (172), protect a tile with Suppressant (188: "After rolling the die") and pick where each Creep goes
  where line 114 leaves a choice (``place``); ``end`` lets the Creeps come.
- ``setback``: a Setback is drawn; before its effect the player may play Suppressant (188: "after
  drawing a Setback card") and pick where a Surge's Creeps go; ``end`` applies it.
- ``discard``: the player is over the hand limit at the end of their turn (134, 288).
- Then play passes to the left (136); a pod away since this player's last turn comes back first: the
  group docks it (``dock``, 92) before that turn's actions.

Every function works in place on a state the engine has already cloned, appending public events.
"""

from __future__ import annotations

from rules.core.rng import Rng
from rules.jupiter.cards import PHASE_SHIFT, SUPPRESSANT, _spend_cards, can_spend
from rules.jupiter.colony import Colony
from rules.jupiter.creeps import DIE, convert, invade, invasion_targets, placement_options
from rules.jupiter.data import CARDS_DEALT, game_data
from rules.jupiter.draw import (
    POWER_GRAB,
    SETBACKS,
    SURGE,
    apply_setback,
    facilities,
    pass_turn,
    reveal,
    surge_targets,
    to_discard,
)
from rules.jupiter.outcome import ended
from rules.jupiter.state import State, robot_seat

Events = list[str]


def _set(s: State, t: State) -> None:
    """Copy ``t`` into ``s`` (the rules modules return new states; the flow works on one)."""
    for name in s.__slots__:  # type: ignore[attr-defined]
        setattr(s, name, getattr(t, name))


# --- the Creep steps -------------------------------------------------------------------------------


def end_actions(s: State, events: Events) -> None:
    """The Player Actions are over (60): Conversion (102), then the roll (108), unless Fast Creeps."""
    if "fast_creeps" not in s.rules:
        t, more = convert(s, s.suppressed)
        _set(s, t)
        events += more
        if ended(s, events):
            return
    _roll(s, events)


def _roll(s: State, events: Events) -> None:
    rng = Rng(state=s.rng)
    s.die, s.rng, s.choices = DIE[rng.below(len(DIE))], tuple(rng.state()), ()
    s.phase = "roll"
    events.append(f"Robot {s.current + 1} rolls the die: {s.die}.")  # type: ignore[operator]
    if not window_open(s):
        resolve(s, events)


def placements(s: State, colony: Colony | None = None) -> tuple[tuple[str, tuple[str, ...], str], ...]:
    """The Creeps about to be placed now (roll or Surge): tile, the candidate spaces (the default
    first), the space chosen (``place``) or the default. Tiles the Suppressant protects are left out."""
    colony = colony or s.colony()
    if s.phase == "roll" and s.die is not None:
        tiles = invasion_targets(s, s.die, colony)
    elif s.phase == "setback" and s.setback == SURGE:
        tiles = surge_targets(s, colony)
    else:
        return ()
    chosen = dict(s.choices)
    out = []
    for label in tiles:
        if label == s.suppressed:
            continue
        _, options = placement_options(s, label, colony)
        if options:
            out.append((label, options, chosen.get(label, options[0])))
    return tuple(out)


def _setback_matters(s: State, colony: Colony) -> bool:
    """Would the Setback put a figure anywhere (so that a Suppressant could change something)?"""
    if s.setback == SURGE:
        return bool(surge_targets(s, colony))
    kind = "power_plant" if s.setback == POWER_GRAB else "command_dish"
    guarded = {sp[0] for sp, fig in s.figures.items() if robot_seat(fig) is not None}
    return any(p[0] not in guarded and p not in s.figures for p in facilities(s, kind, colony))


def window_open(s: State) -> bool:
    """Has the roller anything to decide before the Creeps (or the Setback) come?"""
    seat = s.current
    assert seat is not None
    colony = s.colony()
    if any(len(options) > 1 for _, options, _ in placements(s, colony)):
        return True
    if s.phase == "roll" and can_spend(s, seat, (PHASE_SHIFT,)):
        return True
    if s.suppressed is None and can_spend(s, seat, (SUPPRESSANT,)):
        return s.phase == "roll" or _setback_matters(s, colony)
    return False


def phase_shift(s: State, events: Events) -> None:
    """172: "Reroll the die once and use the new result": the choices made for the old roll go."""
    _spend_cards(s, s.current, (PHASE_SHIFT,))  # type: ignore[arg-type]
    old = s.die
    rng = Rng(state=s.rng)
    s.die, s.rng, s.choices = DIE[rng.below(len(DIE))], tuple(rng.state()), ()
    events.append(f"Phase Shift: the die is rolled again ({old} → {s.die}).")


def suppress(s: State, tile: str, events: Events) -> None:
    """188: no Creep invades, no Colonist converts and no Super Creep comes on that tile this turn."""
    _spend_cards(s, s.current, (SUPPRESSANT,))  # type: ignore[arg-type]
    s.suppressed = tile
    s.choices = tuple((t, sp) for t, sp in s.choices if t != tile)
    events.append(f"Suppressant: tile {tile} is protected from the Creeps for the rest of the turn.")


def resolve(s: State, events: Events) -> None:
    """``end`` in a window: the Invasion (or the Setback) happens with the choices made."""
    choices = dict(s.choices)
    s.choices = ()
    if s.phase == "roll":
        t, more = invade(s, s.die, choices, s.suppressed)  # type: ignore[arg-type]
        _set(s, t)
        events += more
        if "fast_creeps" in s.rules and not ended(s, events):
            t, more = convert(s, s.suppressed)  # 334: "The Conversion step happens immediately after Invasion"
            _set(s, t)
            events += more
        if not ended(s, events):
            _draw(s, events)
        return
    card = s.setback
    assert card is not None
    t, more = apply_setback(s, card, choices, s.suppressed)
    _set(s, t)
    s.setback = None
    events += more
    if not ended(s, events):
        _after_draw(s, events)


def _draw(s: State, events: Events) -> None:
    """130-132: the top card; a Setback waits for its window, if the player has a choice to make."""
    t, more, card = reveal(s, s.current)  # type: ignore[arg-type]
    _set(s, t)
    events += more
    if card in SETBACKS:
        s.setback, s.phase = card, "setback"
        if not window_open(s):
            resolve(s, events)
        return
    _after_draw(s, events)


def _after_draw(s: State, events: Events) -> None:
    if to_discard(s, s.current):  # type: ignore[arg-type]
        s.phase = "discard"
        n = to_discard(s, s.current)  # type: ignore[arg-type]
        events.append(f"Robot {s.current + 1} is over the hand limit and discards {n} card{'s' if n > 1 else ''}.")  # type: ignore[operator]
        return
    next_turn(s, events)


# --- the next turn ---------------------------------------------------------------------------------


def next_turn(s: State, events: Events) -> None:
    """136: play passes to the left; the new turn begins (docking the pod first when it is due)."""
    t, more = pass_turn(s)
    _set(s, t)
    s.turn += 1
    events += more
    begin_turn(s, events)


def redock_due(s: State) -> bool:
    """92: a pod away since the current player's last turn docks again at the start of this turn (and
    one whose player is out of the game, at the start of the next turn taken)."""
    return s.pod_dock is None and (s.redock is None or s.redock == s.current or s.redock in s.out)


def begin_turn(s: State, events: Events) -> None:
    if redock_due(s):
        s.phase = "dock"
        first = s.turn == 0 and not s.pod_launched
        events.append(("Anyone may choose where the Evacuation Pod docks first" if first else
                       "The Evacuation Pod returns: anyone may choose where it docks") + " (`dock <edge>`).")
    else:
        s.phase = "actions"


def dock(s: State, space: str, events: Events) -> None:
    """40, 92: the pod docks; robots out of the game (Robot Vulnerability, 330) come back aboard it
    with two new cards, one of which becomes their new core ability."""
    s.pod_dock, s.pod_launched, s.redock = space, False, None
    aboard = ", ".join(f"Robot {x + 1}" for x in s.pod_robots)
    events.append(f"The pod docks at {space}" + (f" with {aboard} aboard." if aboard else "."))
    for seat in s.out:
        _come_back(s, seat, events)
    s.out = ()


def _come_back(s: State, seat: int, events: Events) -> None:
    """330: "the next time the Evacuation Pod returns to redock the player's Robot is placed there. The
    player returns to the game and draws two new cards (one of which becomes his or her new core
    ability). Any Setback cards drawn at this time are shuffled back into the deck after"."""
    rng = Rng(state=s.rng)
    deck, discard = list(s.deck), list(s.discard)
    setbacks = {c.name for c in game_data().rescue_deck if c.type == "setback"}
    drawn: list[str] = []
    aside: list[str] = []
    while len(drawn) < CARDS_DEALT and (deck or discard):
        if not deck:
            rng.shuffle(discard)
            deck, discard = discard, []
        card = deck.pop(0)
        (aside if card in setbacks else drawn).append(card)
    if aside:
        deck.extend(aside)
        rng.shuffle(deck)
    hands, cores = list(s.hands), list(s.cores)
    discard.extend(cores[seat])  # the old core is replaced by one of the two new cards
    hands[seat], cores[seat] = tuple(drawn), ()
    s.deck, s.discard, s.rng = tuple(deck), tuple(discard), tuple(rng.state())
    s.hands, s.cores = tuple(hands), tuple(cores)
    s.pod_robots = tuple(sorted({*s.pod_robots, seat}))
    s.choosing = tuple(sorted({*s.choosing, seat})) if drawn else s.choosing
    events.append(f"Robot {seat + 1} is back aboard the pod with {len(drawn)} new cards.")
