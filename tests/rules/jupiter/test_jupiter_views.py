"""Public and private views of Jupiter Rescue (rules/jupiter/views.py). Line numbers are those of
shared/rulebooks/jupiter-rescue.txt."""

from dataclasses import replace

import pytest
from pydantic import ValidationError

from rules.core.rng import Rng
from rules.jupiter.data import COLONISTS_TO_SAVE
from rules.jupiter.options import JupiterOptions
from rules.jupiter.setup import new_game
from rules.jupiter.state import COLONIST, CREEP, SUPER_CREEP, State, robot
from rules.jupiter.views import PrivateView, PublicView, private_view, public_view

FOUR = ("robot 1", "robot 2", "robot 3", "robot 4")
SEEDS = range(12)


def game(seed: int) -> State:
    return new_game(seed, JupiterOptions(), FOUR)


def mid_game(seed: int) -> State:
    """A new game moved on a little: cores chosen, pod docked, robots out, a card drawn and discarded,
    Colonists saved and lost, a Creep and a Super Creep on the colony, a tile destroyed."""
    s = game(seed).clone()
    hands = [list(h) for h in s.hands]
    deck = list(s.deck)
    cores = tuple((h.pop(0),) for h in hands)  # 37: each player keeps one card as a core ability
    hands[0] += [deck.pop(0), deck.pop(0)]
    discard = (deck.pop(0),)
    colony = s.colony()
    outer = next(t for t in s.tiles if t.label == "H")
    for i, space in enumerate(colony.by_label["B"].space_ids()[:len(FOUR)]):
        s.figures[space] = robot(i)
    s.figures[colony.by_label["C"].space_ids()[0]] = CREEP
    with_facility = next(t for t in colony.tiles if t.facility_at is not None and t.label != outer.label)
    s.figures[f"{with_facility.label}{with_facility.facility_at}"] = SUPER_CREEP
    return replace(
        s, cores=cores, hands=tuple(tuple(h) for h in hands), deck=tuple(deck), discard=discard,
        pod_dock=colony.docks()[-1].space,
        pod_robots=(), pod_colonists=3, saved=5, lost=4, destroyed=(outer.label,),
        current=1, actions_left=3, die=4, phase="actions",
    )


def hidden_twin(state: State, seed: int) -> State:
    """The same state with its hidden facts changed: the deck in another order and each hand's cards
    swapped for deck cards (same hand sizes)."""
    twin = state.clone()
    deck = list(twin.deck)
    hands = []
    for hand in twin.hands:
        new = []
        for card in hand:
            pos = next((i for i, c in enumerate(deck) if c != card), None)
            if pos is None:
                new.append(card)
                continue
            new.append(deck[pos])
            deck[pos] = card
        hands.append(tuple(new))
    rng = Rng(seed + 1000)
    for _ in range(10):  # shuffle until the order really differs (a deck of identical cards can't)
        rng.shuffle(deck)
        if tuple(deck) != twin.deck:
            break
    return replace(twin, deck=tuple(deck), hands=tuple(hands))


def test_new_game_public_view():
    s = game(3)
    v = public_view(s)
    assert isinstance(v, PublicView) and v.game == "jupiter"
    # 32: 19 tiles in the spiral, none destroyed yet.
    assert [t.label for t in v.tiles] == [t.label for t in s.tiles] and len(v.tiles) == 19
    assert not any(t.destroyed for t in v.tiles) and v.destroyed == ()
    # 34: a Colonist on every space of the interior seven tiles, facilities are not spaces.
    colonists = [sp.space for t in v.tiles for sp in t.spaces if sp.figure == COLONIST]
    assert sorted(colonists) == sorted(k for k, f in s.figures.items() if f == COLONIST)
    for t in v.tiles:
        assert (t.facility is None) == (t.facility_at is None)
        assert t.facility_at not in {sp.space for sp in t.spaces}
        assert t.facility == {3: "power_plant", 4: "command_dish"}.get(t.module)
    # 38: every robot on the pod; 40: not docked yet.
    assert v.pod.dock is None and not v.pod.launched and v.pod.robots == (0, 1, 2, 3) and v.pod.colonists == 0
    assert all(seat.robot_space is None for seat in v.seats)
    # 35: 2 cards dealt to each; 37: cores not chosen yet.
    assert [seat.hand_size for seat in v.seats] == [2, 2, 2, 2] and all(seat.core == () for seat in v.seats)
    assert [seat.label for seat in v.seats] == list(FOUR)
    assert v.deck_size == len(s.deck) and v.discard == ()
    # 310: the tracker starts at the colony's start count (42-49); 44: 28 to save.
    assert 42 <= v.tracker.start <= 49 and v.tracker.start == s.start_colonists
    assert v.tracker.saved == 0 and v.tracker.still_needed == COLONISTS_TO_SAVE == 28
    assert v.tracker.lost == 0 and v.tracker.can_still_lose == s.start_colonists - 28
    assert v.supplies.colonists == s.colonist_supply and v.supplies.creeps == s.creep_supply
    assert v.current is None and v.phase == "choose_core" and v.die is None


def test_views_are_frozen():
    v = public_view(game(1))
    with pytest.raises(ValidationError):
        v.deck_size = 0


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("build", [game, mid_game])
def test_public_view_hides_deck_order_and_hands(seed, build):
    s = build(seed)
    twin = hidden_twin(s, seed)
    # The twin really differs in its hidden facts only...
    assert twin.deck != s.deck and twin.hands != s.hands
    assert [len(h) for h in twin.hands] == [len(h) for h in s.hands]
    assert sorted(twin.deck + sum(twin.hands, ())) == sorted(s.deck + sum(s.hands, ()))
    # ...and the channel cannot tell them apart.
    assert public_view(twin).model_dump_json() == public_view(s).model_dump_json()
    # A player can: their own hand is in their private view.
    assert any(private_view(twin, i).hand != private_view(s, i).hand for i in range(len(s.seats)))


@pytest.mark.parametrize("seed", SEEDS)
def test_private_view_shows_own_hand_only(seed):
    s = mid_game(seed)
    p = private_view(s, 0)
    assert isinstance(p, PrivateView) and p.seat == 0
    assert p.hand == s.hands[0] and len(p.hand) == 3
    assert p.public == public_view(s)
    # No other seat's hand shows anywhere in seat 0's view: change them and the view stays the same.
    others_changed = replace(s, hands=(s.hands[0], *(tuple(reversed(h)) + ("X",) for h in s.hands[1:])))
    p2 = private_view(others_changed, 0)
    assert p2.hand == p.hand and p2.model_dump()["public"]["seats"][0] == p.model_dump()["public"]["seats"][0]
    assert "X" not in p2.model_dump_json()
    assert private_view(s, 1).hand == s.hands[1]
    with pytest.raises(ValueError):
        private_view(s, 4)


@pytest.mark.parametrize("seed", SEEDS)
def test_counts_agree_with_state(seed):
    s = mid_game(seed)
    v = public_view(s)
    assert v.deck_size == len(s.deck) and v.discard == s.discard
    assert [seat.hand_size for seat in v.seats] == [len(h) for h in s.hands]
    assert [seat.core for seat in v.seats] == list(s.cores)
    assert [seat.robot_space for seat in v.seats] == [s.robot_space(i) for i in range(4)]
    t = v.tracker
    assert (t.start, t.saved, t.lost) == (s.start_colonists, 5, 4)
    assert t.still_needed == 28 - 5
    # 306: lost when saving 28 becomes impossible: start - lost must stay >= 28.
    assert t.can_still_lose == s.start_colonists - 28 - 4
    assert t.remaining == s.start_colonists - 9
    assert v.pod.colonists == 3 and v.pod.robots == () and v.pod.dock == s.pod_dock
    assert (v.current, v.actions_left, v.die, v.phase) == (1, 3, 4, "actions")
    # 126: the destroyed tile is listed, marked, and has no spaces left.
    gone = [tile for tile in v.tiles if tile.destroyed]
    assert [tile.label for tile in gone] == list(s.destroyed) and gone[0].spaces == ()
    # Every figure on a tile in play shows, on its space or as a Super Creep on its facility.
    shown = {sp.space: sp.figure for tile in v.tiles for sp in tile.spaces if sp.figure}
    supers = {tile.facility_at for tile in v.tiles if tile.super_creep}
    assert shown == {k: f for k, f in s.figures.items() if f != SUPER_CREEP}
    assert supers == {k for k, f in s.figures.items() if f == SUPER_CREEP}


def test_tracker_never_negative():
    s = replace(game(2), saved=30, lost=40)
    t = public_view(s).tracker
    assert t.still_needed == 0 and t.can_still_lose == 0


def test_solo_cores_are_public():
    # 346: solo keeps both dealt cards as core abilities; cores are public, the hand is empty.
    s = new_game(5, JupiterOptions(solo=True), ("robot 1",))
    v = public_view(s)
    assert v.solo and v.seats[0].core == s.cores[0] and len(v.seats[0].core) == 2
    assert v.seats[0].hand_size == 0 and private_view(s, 0).hand == ()
