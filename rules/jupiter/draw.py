"""The Draw step of a Jupiter Rescue turn, the three Setbacks, the hand limit and the passing of the turn.

Line numbers are those of shared/rulebooks/jupiter-rescue.txt. Pure functions: each clones the State
it is given and returns ``(new_state, events)``; the events are public texts (an ability drawn is not
named: hands are private, lines 134 and 170).

- Draw (130-132): the player whose turn it is draws the top card. An ability goes to their hand; a
  Setback's effect is applied at once and the card discarded.
- The deck (140): "When the last card is drawn, shuffle all discarded cards to make a new Rescue deck."
  Read as: a draw that finds the deck empty first shuffles the discard pile, with the state's seeded
  generator, into a new deck. A Setback drawn as the last card is therefore discarded after the
  reshuffle and waits for the next one (docs, "Readings").
- Surge (274): "Add a second Creep to each tile where a Creep has already been added this turn": the
  tiles the turn's Invasion put a Creep on (``State.invaded``; a 6 counts as any other roll), each
  given one more by the same placement rule (114). Conversion is not "adding" here: it turns Colonists
  already there, and "a second Creep" speaks of the one the die brought (docs, "Readings").
- Power Grab (276) and Signal to Noise (280): a Super Creep on each unguarded Power Plant, or Command
  Dish, of a tile in play: "unguarded" is "on a tile without a Robot on it" (276, 292). A facility
  that already holds one gets no second (68: one figure per space). The supply of 10 is a hard limit.
- Suppressant (188): played "after drawing a Setback card", it spares one tile (``suppressed``): no
  Surge Creep and no Super Creep is placed there.
- Hand limit (134, 288): 4 cards besides the core ability (solo: both cores, 346), less 1 for each
  Power Plant holding a Super Creep, never below 0. Nobody discards when it falls (288); at the end
  of their turn the player discards down to it (``discard``: they choose which).
- After the draw (and the discards) "play passes to the left" (136): ``pass_turn``, the next seat in
  order, with the actions a turn has then (50, 290).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.core.errors import IllegalAction, NotYourTurn
from rules.core.rng import Rng
from rules.jupiter.colony import Colony, space_id
from rules.jupiter.creeps import place_creep, self_destruct
from rules.jupiter.state import SUPER_CREEP, State, robot_seat
from rules.jupiter.turn import actions_per_turn

Result = tuple[State, list[str]]

SURGE = "Surge"
POWER_GRAB = "Power Grab"
SIGNAL_TO_NOISE = "Signal to Noise"
SETBACKS = (SURGE, POWER_GRAB, SIGNAL_TO_NOISE)
HAND_LIMIT = 4  # 134: "each player has a base hand limit of 4"
POWER_PLANT = "power_plant"
COMMAND_DISH = "command_dish"


def facilities(state: State, kind: str, colony: Colony | None = None) -> tuple[str, ...]:
    """Where each facility of ``kind`` stands on the tiles in play, named like spaces (docs, "Readings")."""
    colony = colony or state.colony()
    return tuple(
        space_id(t.label, t.facility_at) for t in colony.tiles if t.facility == kind and t.facility_at is not None
    )


def grabbed_plants(state: State, colony: Colony | None = None) -> tuple[str, ...]:
    """The Power Plants a Super Creep sits on (276), on tiles still in play (295)."""
    return tuple(p for p in facilities(state, POWER_PLANT, colony) if state.figures.get(p) == SUPER_CREEP)


def hand_limit(state: State, colony: Colony | None = None) -> int:
    """4 (134), less 1 for each Power Plant with a Super Creep on it, "even ... zero" (276, 288)."""
    return max(0, HAND_LIMIT - len(grabbed_plants(state, colony)))


def to_discard(state: State, seat: int) -> int:
    """How many cards the seat must discard at the end of its turn (288); the core is not counted."""
    return max(0, len(state.hands[seat]) - hand_limit(state))


def reveal(state: State, seat: int) -> tuple[State, list[str], str | None]:
    """The first half of a draw: the deck rebuilt if empty (140), its top card taken. An ability goes
    to the hand at once; a Setback is returned, not yet applied (a Suppressant may answer it, 188).
    The card is None when the deck and the discard pile are both empty."""
    if state.current != seat:
        raise NotYourTurn("only the player whose turn it is draws")
    s = state.clone()
    events: list[str] = []
    name = f"Robot {seat + 1}"
    if not s.deck:
        if not s.discard:
            return s, [f"{name} has no card to draw: the deck and the discard pile are empty."], None
        rng = Rng(state=s.rng)
        pile = list(s.discard)
        rng.shuffle(pile)
        s.deck, s.discard, s.rng = tuple(pile), (), tuple(rng.state())
        events.append(f"The Rescue deck is empty: the {len(pile)} discarded cards are shuffled into a new deck.")
    card, s.deck = s.deck[0], s.deck[1:]
    if card in SETBACKS:
        return s, [*events, f"{name} draws a Setback: {card}!"], card
    hands = list(s.hands)
    hands[seat] = hands[seat] + (card,)
    s.hands = tuple(hands)
    return s, [*events, f"{name} draws a Rescue card."], card


def apply_setback(
    state: State, card: str, choices: Mapping[str, str] | None = None, suppressed: str | None = None,
) -> Result:
    """A drawn Setback's effect (274-280), then the card to the discard pile (132)."""
    if card == SURGE:
        s, events = _surge(state.clone(), dict(choices or {}), suppressed)
    else:
        s, events = _super_creeps(state.clone(), POWER_PLANT if card == POWER_GRAB else COMMAND_DISH, suppressed)
    s.discard = s.discard + (card,)
    return s, events


def surge_targets(state: State, colony: Colony | None = None) -> tuple[str, ...]:
    """The tiles a Surge adds a second Creep to: those the turn's Invasion added one to (274)."""
    colony = colony or state.colony()
    return tuple(label for label in state.invaded if label in colony.by_label)


def draw(
    state: State, seat: int, choices: Mapping[str, str] | None = None, suppressed: str | None = None,
) -> Result:
    """The Draw step (130-132) for ``seat``, whose turn it is. ``choices``: for a Surge, tile letter ->
    the space its Creep goes to where line 114 leaves a choice; ``suppressed``: a Suppressant's tile."""
    s, events, card = reveal(state, seat)
    if card in SETBACKS:
        s, more = apply_setback(s, card, choices, suppressed)
        events += more
    return s, events


def _surge(s: State, choices: dict[str, str], suppressed: str | None) -> Result:
    colony = s.colony()
    targets = surge_targets(s, colony)
    if unknown := sorted(set(choices) - set(targets)):
        raise IllegalAction(f"tile {unknown[0]} gets no Surge Creep")
    events: list[str] = []
    if not targets:
        events.append("No Creep was added this turn: the Surge adds none.")
    for label in targets:
        if label == suppressed:
            events.append(f"Suppressant: tile {label} gets no second Creep.")
            continue
        place_creep(s, colony, label, choices.get(label), events)
    s, more = self_destruct(s)
    return s, events + more


def _super_creeps(s: State, kind: str, suppressed: str | None) -> Result:
    colony = s.colony()
    what = "Power Plant" if kind == POWER_PLANT else "Command Dish"
    guarded = {space[0] for space, fig in s.figures.items() if robot_seat(fig) is not None}
    events: list[str] = []
    for place in facilities(s, kind, colony):
        label = place[0]
        if label in guarded:
            events.append(f"The {what} {place} is guarded by a Robot: no Super Creep.")
        elif label == suppressed:
            events.append(f"Suppressant: no Super Creep on the {what} {place}.")
        elif place in s.figures:
            events.append(f"The {what} {place} already holds a Super Creep.")
        elif s.super_creep_supply <= 0:
            events.append(f"No Super Creep figures are left (10, line 24): none on the {what} {place}.")
        else:
            s.super_creep_supply -= 1
            s.figures[place] = SUPER_CREEP
            events.append(f"A Super Creep takes the {what} {place}.")
    if kind == POWER_PLANT:
        events.append(f"The hand limit is now {hand_limit(s, colony)}.")
    elif actions_per_turn(s, colony) < 5:
        events.append("A Command Dish is jammed: 4 actions a turn while a Super Creep holds one.")
    return s, events


def discard(state: State, seat: int, cards: Sequence[str]) -> Result:
    """The seat discards exactly the cards it is over the hand limit by, chosen from its hand (288)."""
    need = to_discard(state, seat)
    if len(cards) != need:
        raise IllegalAction(f"discard exactly {need} card{'s' if need != 1 else ''} (the hand limit is "
                            f"{hand_limit(state)})")
    hand = list(state.hands[seat])
    for card in cards:
        if card not in hand:
            raise IllegalAction(f"{card} is not in your hand")
        hand.remove(card)
    s = state.clone()
    hands = list(s.hands)
    hands[seat] = tuple(hand)
    s.hands, s.discard = tuple(hands), s.discard + tuple(cards)
    return s, [f"Robot {seat + 1} discards {', '.join(cards)} down to the hand limit."] if cards else []


def pass_turn(state: State) -> Result:
    """Play passes to the left (136): the next seat, its actions for the turn, no die, nothing invaded,
    no card in effect. A seat out of the game (Robot Vulnerability, 328) is passed over."""
    assert state.current is not None
    s = state.clone()
    n = len(s.seats)
    seat = (state.current + 1) % n
    while seat in s.out and seat != state.current:
        seat = (seat + 1) % n
    s.current = seat
    s.actions_left = actions_per_turn(s)
    s.die, s.invaded, s.core_used, s.turn_cards = None, (), (), ()
    s.choices, s.suppressed, s.setback, s.override = (), None, None, None
    return s, [f"Robot {s.current + 1}'s turn."]
