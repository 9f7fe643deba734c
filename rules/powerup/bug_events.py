"""The four Events of the BUG deck while they are in force (rb 977-979: "Their effect is maintained until
BUGMISTRESS's next turn"), by a registry keyed by the Event's name: each entry says what it changes, and the
modules where it bites ask here (``in_force``) instead of naming Events. The AI puts one in play on the turn
card's event marks (ai_mistress.py, rb 1403); coop_turn.start_sequence ends it and discards its card.

- **Creeper** (rb 1303: "The BUGBUSTER's movements cost double the action points until the start of the
  BUGMISTRESS's next turn"): every BUGBUSTER's moves, back steps, climbs and jumps (``jump high`` too: it
  is a jump) cost double (reach.py's costs). A reaction pays the same cost in RP (rb 891: "the costs of the
  actions are the same"), so it doubles there too. Going through a gateway is not a movement over squares
  and stays 1 AP; Fast Pass's free moves (rb 1225: "extra movement actions") stay free.
- **Explosive Gas** (rb 1315: "No one can use distance attacks until the next turn begins"): no shot and
  no grenade for the BUGBUSTERs (attacks.attack_actions), and no BUG shot either (bug_attacks: "No one",
  the issue's DESIGN: "stops BUG shots too"). Melee goes on. (A turret or a GLITCH's gun, when they come,
  ask ``ranged_allowed`` too.)
- **Mortal Skin** (rb 1331: "Add 1 armor point to all the BUGs that are in play"): +1 armor to every BUG on
  the board while it is in force, those spawned meanwhile too (coop_life.armor); not the BUGMISTRESS's
  figure (she is no BUG) nor a portal piece.
- **Rage** (rb 1343: "Add 1 yellow die to all BUG attacks until the start of the next turn of the
  RUGMISTRESS", a misprint for BUGMISTRESS): +1Y to every BUG attack roll, melee and shots, a BUGGIE
  stack's once (bug_attacks.pool); not to a BUG's defence dice when a BUGBUSTER attacks it (no BUG attack).

Quotes: shared/rulebooks/powerup.txt ("rb N").
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.powerup.state import State


@dataclass(frozen=True)
class Event:
    """What an Event changes while in force: ``bug_armor`` added to every BUG's armor, ``bug_dice`` added to
    every BUG attack, ``move_factor`` on the BUGBUSTERs' movement costs, ``ranged`` False: no distance
    attacks at all."""

    name: str
    rb: int
    bug_armor: int = 0
    bug_dice: str = "0"
    move_factor: int = 1
    ranged: bool = True


EVENTS: dict[str, Event] = {e.name: e for e in (
    Event("Creeper", 1303, move_factor=2),
    Event("Explosive Gas", 1315, ranged=False),
    Event("Mortal Skin", 1331, bug_armor=1),
    Event("Rage", 1343, bug_dice="1Y"),
)}
NONE = Event("", 0)  # no Event in force (and DEATHMATCH)


def in_force(s: State) -> Event:
    """The Event in force now, or ``NONE``."""
    return EVENTS.get(s.coop.event, NONE) if s.coop is not None else NONE


def ranged_allowed(s: State) -> bool:
    return in_force(s).ranged


def no_distance(s: State) -> str | None:
    """Why no distance attack can be made now (a refusal's words), or None."""
    e = in_force(s)
    return None if e.ranged else f"{e.name} is in force: no one can use distance attacks (rb {e.rb})"
