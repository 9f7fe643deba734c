"""Checks that must hold after every step of a KAPLOOM! game; each broken one is a sentence."""

from __future__ import annotations

from rules.kaploom.data import COLOURS, FACE_NAMES, SUPPLY_FACES, game_data
from rules.kaploom.state import State

_FACE_INDEX = {code: i for i, code in enumerate(SUPPLY_FACES)}
_COLOUR_INDEX = {colour: i for i, colour in enumerate(COLOURS)}


def check_invariants(s: State) -> list[str]:
    data = game_data()
    copies = 2 if s.variant == "2v2" else 1
    broken: list[str] = []
    trait = list(s.pool_trait)
    action = s.pool_action
    faces = list(s.pool_faces)
    for p in s.players:
        who = p.label
        if p.health > p.max_health:
            broken.append(f"{who} has {p.health} health, above the maximum {p.max_health}")
        if p.max_health > data.health_track_max:
            broken.append(f"{who}'s maximum health is off the track")
        if not p.ko and p.health <= 0:
            broken.append(f"{who} has {p.health} health but is not knocked out")
        for die in p.dice:
            if isinstance(die, tuple):
                action += 1
                if len(die) != data.slots:
                    broken.append(f"{who} has an action die with {len(die)} slots")
                for f in die:
                    if f != "B":
                        faces[_FACE_INDEX[f]] += 1
            else:
                trait[_COLOUR_INDEX[die]] += 1
        for f in p.stored:
            faces[_FACE_INDEX[f]] += 1
        if s.phase in ("roll", "reveal") and len(p.roll) != len(p.dice):
            broken.append(f"{who} rolled {len(p.roll)} faces for {len(p.dice)} dice")
        seen: list[int] = []
        for aid, ids in p.assign.items():
            a = data.actions[aid]
            if len(ids) > a.size:
                broken.append(f"{who} has {len(ids)} dice on {a.name}, which takes {a.size}")
            seen += ids
        if len(seen) != len(set(seen)) or any(not 0 <= i < len(p.dice) for i in seen):
            broken.append(f"{who} has a die on two actions or a die that does not exist")
        if not set(p.locked) <= set(seen):
            broken.append(f"{who} has a locked die that is not placed")
    for i, colour in enumerate(COLOURS):
        if s.pool_trait[i] < 0 or trait[i] != data.trait_per_colour * copies:
            broken.append(f"{colour} trait dice are not conserved ({trait[i]} counted)")
    if s.pool_action < 0 or action != data.action_dice * copies:
        broken.append(f"action dice are not conserved ({action} counted)")
    for i, code in enumerate(SUPPLY_FACES):
        if s.pool_faces[i] < 0 or faces[i] != data.faces[i] * copies:
            broken.append(f"{FACE_NAMES[code]} faces are not conserved ({faces[i]} counted)")
    if s.last_reveal and (len(s.last_reveal) != len(s.players) or not 0 < s.last_reveal_round <= s.round):
        broken.append("the last reveal kept does not match the players or the rounds played")
    if (s.phase == "over") != bool(s.winners):
        broken.append("the game is over exactly when there are winners")
    if s.phase == "over":
        losers = [p for p in s.players if p.seat not in s.winners]
        if not all(p.ko for p in losers):
            broken.append("a losing player is not knocked out")
    if sorted(s.order) != list(range(len(s.players))) or s.first != s.order[0]:
        broken.append("the turn order is not a permutation starting with the first player")
    return broken
