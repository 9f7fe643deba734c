"""One short line per Rescue card (rulebook lines 144-194, 270-280): enough to remember it by, not the
rulebook's full text. Shared by the menus (rules/jupiter/menus.py) and the player's screen
(render/jupiter)."""

from __future__ import annotations

REMINDER: dict[str, str] = {
    "Boost": "Take one extra action this turn",
    "Bullhorn": "Your Command Range is the whole colony",
    "Data Core": "Swap your core ability for a card in your hand",
    "Follower": "Commanding a Colonist, an adjacent one follows into its space",
    "Grenadier": "Killing a Creep also kills one adjacent to it",
    "Heat Seeker": "Kill a Creep anywhere on the board (3 actions)",
    "Juggernaut": "Move onto a Creep to kill it",
    "Module Control": "Move a tile with two open edges to the colony's edge",
    "Override": "Use your cards through another player's robot",
    "Phase Shift": "Reroll the die once and use the new result",
    "Pilot": "Launch or dock the pod right now",
    "Rocket Boots": "Move any distance in a straight line over Colonists (1 action)",
    "Sniper": "Shoot Creeps on adjacent tiles too",
    "Suppressant": "After a roll or Setback: no Creeps on one tile",
    "Swap": "Trade places with an adjacent figure (1 action)",
    "Teleport": "Move to any open space (3 actions)",
    "Surge": "A second Creep on each tile invaded this turn",
    "Power Grab": "Super Creeps on unguarded Power Plants: hand limit -1 each",
    "Signal to Noise": "Super Creeps on unguarded Command Dishes: 4 actions a turn",
}
SOLO_OVERRIDE = "Solo: counts as a Boost (take one extra action)"  # line 346
