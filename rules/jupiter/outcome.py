"""Winning and losing Jupiter Rescue, checked after every step (lines 297-312).

Line numbers are those of shared/rulebooks/jupiter-rescue.txt.
- Win (299-302): the goal saved (28, line 44; every Colonist under Ultimate Heroes, 338) and no Robot
  left on the colony: each is aboard the pod, docked or away ("also in the pod", 302), or out of the
  game under Robot Vulnerability. Read this way, the Robots boarding the docked pod after the 28th
  Colonist is saved win at once, with no further launch needed (docs, "Readings").
- Loss (306): so many Colonists lost that the goal cannot be reached; (308) every Module 3 or every
  Module 4 tile destroyed; and, under Robot Vulnerability, every Robot out of the game at once (nobody
  is left to act, and the pod could never come back for them).
"""

from __future__ import annotations

from rules.jupiter.data import game_data
from rules.jupiter.state import State, robot_seat

Events = list[str]


def ended(s: State, events: Events) -> bool:
    """Win (300-302) or loss (306-312, 308; and no robot left to act), checked after every step."""
    if s.result is not None:
        return True
    goal = s.goal()
    on_colony = any(robot_seat(fig) is not None for fig in s.figures.values())
    data = game_data()
    modules = {data.tile(t.tile).module for t in s.tiles}
    left = {data.tile(t.tile).module for t in s.tiles if t.label not in s.destroyed}
    if s.saved >= goal and not on_colony:
        s.result, s.summary = "win", f"{s.saved} Colonists saved and every Robot off the colony: the players win!"
    elif s.start_colonists - s.lost < goal:
        s.result = "loss"
        lost = f"{s.lost} Colonist{'s' if s.lost != 1 else ''} lost"
        s.summary = f"{lost}: {goal} can no longer be saved. Mission failure (line 306)."
    elif gone := [m for m in (3, 4) if m in modules and m not in left]:
        what = "Power Plants (Module 3)" if gone[0] == 3 else "Command Dishes (Module 4)"
        s.result, s.summary = "loss", f"Every tile with the {what} is destroyed: the colony is lost (line 308)."
    elif len(s.out) == len(s.seats):
        s.result, s.summary = "loss", "Every Robot is out of the game: nobody is left to save the colony."
    else:
        return False
    s.phase = "over"
    events.append(s.summary)
    return True
