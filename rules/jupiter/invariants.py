"""What must hold after every step of a Jupiter Rescue game; each broken one is a sentence.

Line numbers are those of shared/rulebooks/jupiter-rescue.txt. The components (22-24): 50 Colonists,
60 Creeps, 10 Super Creeps, 36 Rescue cards; every figure is somewhere: on the colony, aboard the pod,
saved, on the Colonist Loss Tracker (the spare, 310) or back in the supply.
"""

from __future__ import annotations

from collections import Counter

from rules.jupiter.data import game_data
from rules.jupiter.reach import POD_COLONISTS
from rules.jupiter.state import COLONIST, CREEP, SUPER_CREEP, State, robot_seat


def check_invariants(s: State) -> list[str]:
    data = game_data()
    parts = data.components
    broken: list[str] = []
    figures = Counter(s.figures.values())
    colonists = figures[COLONIST] + s.pod_colonists + s.saved + s.colonist_supply + 1
    if colonists != parts.colonists:
        broken.append(f"{colonists} Colonist figures are accounted for, not {parts.colonists}")
    if figures[CREEP] + s.creep_supply != parts.creeps:
        broken.append(f"{figures[CREEP]} Creeps out and {s.creep_supply} in the supply make not {parts.creeps}")
    if figures[SUPER_CREEP] + s.super_creep_supply != parts.super_creeps:
        broken.append(f"Super Creeps out and in the supply make not {parts.super_creeps}")
    if s.saved + s.lost + figures[COLONIST] + s.pod_colonists != s.start_colonists:
        broken.append("saved + lost + on the colony + aboard is not the number the colony started with")
    if not 0 <= s.pod_colonists <= POD_COLONISTS:
        broken.append(f"{s.pod_colonists} Colonists aboard the pod (it holds 7, line 70)")
    if s.pod_dock is not None and s.pod_colonists >= POD_COLONISTS:
        broken.append("a docked pod with seven Colonists aboard should have launched (line 92)")
    colony = s.colony()
    spaces = set(colony.spaces())
    places = {f"{t.label}{t.facility_at}" for t in colony.tiles if t.facility_at is not None}
    for key, fig in s.figures.items():
        if key[0] in s.destroyed:
            broken.append(f"{fig} on {key}, on a destroyed tile (line 126)")
        elif fig == SUPER_CREEP and key not in places:
            broken.append(f"a Super Creep on {key}, which is no Power Plant or Command Dish")
        elif fig != SUPER_CREEP and key not in spaces:
            broken.append(f"{fig} on {key}, which is not a space")
    for seat in range(len(s.seats)):
        where = [k for k, f in s.figures.items() if robot_seat(f) == seat]
        count = len(where) + (seat in s.pod_robots) + (seat in s.out)
        if count != 1:
            broken.append(f"Robot {seat + 1} is in {count} places at once (board, pod, out)")
    cards = Counter(s.deck) + Counter(s.discard) + sum((Counter(h) for h in s.hands), Counter())
    cards += sum((Counter(c) for c in s.cores), Counter()) + Counter([s.setback] if s.setback else [])
    expected = Counter({c.name: c.copies for c in data.rescue_deck})
    if cards != expected:
        broken.append(f"the Rescue cards do not add up to the deck: {dict(cards - expected) or dict(expected - cards)}")
    if (s.phase == "over") != (s.result is not None):
        broken.append(f"phase {s.phase} with result {s.result}")
    if s.phase == "actions" and s.actions_left < 0:
        broken.append(f"{s.actions_left} actions left")
    if s.pod_dock is not None and s.pod_dock not in {d.space for d in colony.docks()}:
        broken.append(f"the pod is docked at {s.pod_dock}, which is no exposed edge dome (line 40)")
    return broken
