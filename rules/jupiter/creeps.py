"""The Creeps' part of a turn in Jupiter Rescue: Conversion, Invasion, and full tiles self-destructing.

Line numbers are those of shared/rulebooks/jupiter-rescue.txt. Every function is pure: it clones the
State it is given (never changes it) and returns ``(new_state, events)``, the events being short public
texts in the order things happened.

- ``convert(state)``: lines 100-104. ``invade(state, roll)``: lines 106-124. ``self_destruct(state)``:
  lines 126-128 and 295. ``convert`` and ``invade`` end with ``self_destruct`` themselves, because a
  full tile self-destructs "immediately" (line 126) and a Conversion can fill a tile too.
- Turn order (line 46) is the engine's business: Conversion, then Invasion. Under Fast Creeps
  (line 334) the engine calls ``invade`` and then ``convert``; these functions do not change.
- Where line 114 lets the roller choose a space, ``placement_options`` lists the candidates, best
  first, and ``invade`` takes the first unless ``choices`` names another (the engine will later offer
  the choice as a decision, the ``place <space>`` action).
- Supplies (lines 22-24) are hard limits: a Creep is only placed, and a Colonist only converted, while
  a Creep figure is left in the supply. Candidates are served in spiral, then dome, order.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.jupiter.colony import Colony
from rules.jupiter.state import COLONIST, CREEP, SUPER_CREEP, State, robot_seat

Result = tuple[State, list[str]]

DIE = range(1, 7)  # 25: "1 six-sided die"
ALL_TILES_ROLL = 6  # 110: "If the result is a 6, add a Creep figure to every tile that already has ... Creep"
CRITICAL_MODULES = (3, 4)  # 308: "If all Module 3 tiles OR all Module 4 tiles are destroyed, the players lose"

# The three placement branches of line 114, in order of preference, and the fourth, game-data.md §2.8.
OPEN_EDGE = "open edge space"  # "If there is an open space on a tile edge ... must be placed there."
OPEN_SPACE = "open space"  # "Otherwise, place the Creep in any open space of your choice."
REPLACE_COLONIST = "replace a Colonist"  # "If there are no open spaces but there are Colonists ..."
NO_PLACE = "nowhere"  # only Robots and Creeps on the tile: the Creep is not placed (docs, "Readings")


def _on_tile(space: str, label: str) -> bool:
    return space[0] == label


def placement_options(state: State, label: str, colony: Colony | None = None) -> tuple[str, tuple[str, ...]]:
    """Line 114 for one Creep invading tile ``label``: the branch that applies and its candidate spaces,
    the default first. Edge spaces (Diagram E, ``Colony.edge_spaces``) come before the others and, among
    equals, the lower dome digit first; a Colonist to replace is also taken on the edge first."""
    colony = colony or state.colony()
    spaces = colony.by_label[label].space_ids()
    edge = colony.edge_spaces(label)
    ordered = tuple(sorted(edge)) + tuple(s for s in spaces if s not in edge)
    # 68: "Only one figure may occupy each space": open means no figure at all.
    if open_edge := tuple(s for s in sorted(edge) if s not in state.figures):
        return OPEN_EDGE, open_edge  # 114: "the Creep must be placed there"; 120: "Choose ONE of the spots"
    if open_any := tuple(s for s in spaces if s not in state.figures):
        return OPEN_SPACE, open_any  # 114: "any open space of your choice"; 123: "Add a Creep on any open space"
    if colonists := tuple(s for s in ordered if state.figures.get(s) == COLONIST):
        return REPLACE_COLONIST, colonists  # 114: "replace a Colonist with a Creep"
    return NO_PLACE, ()


def _take_creep(s: State) -> bool:
    """One Creep figure from the supply (23: "60 Creep figures"), False when none is left."""
    if s.creep_supply <= 0:
        return False
    s.creep_supply -= 1
    return True


def kill_creep(s: State, space: str) -> str:
    """The Creep or Super Creep on ``space`` is killed (in place on ``s``): its figure goes back to its
    supply. Returns what it was, for the event ("Creep" or "Super Creep")."""
    fig = s.figures.pop(space)
    if fig == SUPER_CREEP:
        s.super_creep_supply += 1
        return "Super Creep"
    assert fig == CREEP, fig
    s.creep_supply += 1
    return "Creep"


def _lose_colonist(s: State, space: str) -> None:
    """A Colonist on the board is lost: the Loss Tracker moves down (312) and the figure goes back."""
    s.figures[space] = CREEP
    s.lost += 1
    s.colonist_supply += 1


def place_creep(s: State, colony: Colony, label: str, choice: str | None, events: list[str]) -> None:
    """One Creep onto tile ``label`` by line 114 (``choice``: the space picked, else the default), in
    place on ``s``; the tile is recorded in ``s.invaded`` (a Surge doubles those, line 274)."""
    branch, options = placement_options(s, label, colony)
    if choice is not None and choice not in options:
        raise ValueError(f"{choice} is not where tile {label}'s Creep may go ({branch}: {', '.join(options) or 'none'})")
    if not options:
        events.append(f"Tile {label} has no open space and no Colonist: no Creep is placed there.")
        return
    if not _take_creep(s):
        events.append(f"No Creep figures are left (60, line 23): tile {label} gets no Creep.")
        return
    space = choice or options[0]
    if label not in s.invaded:
        s.invaded = s.invaded + (label,)
    if branch == REPLACE_COLONIST:
        _lose_colonist(s, space)
        events.append(f"A Creep replaces the Colonist on {space} (tile {label} has no open space).")
    else:
        s.figures[space] = CREEP
        events.append(f"A Creep invades {space} ({branch} of tile {label}).")


def convert(state: State, suppressed: str | None = None) -> Result:
    """Conversion (lines 100-104): every Colonist next to a Creep (one bridge away, line 64) becomes a
    Creep. It is one simultaneous step: a Colonist converted now does not convert its own neighbours
    until the next Conversion. Colonists on the Evacuation Pod are immune (104): they are counted in
    ``pod_colonists``, never on a space. Super Creeps are adjacent to nothing (294), so they convert no
    one. ``suppressed``: a tile where Suppressant prevents conversion (188)."""
    s = state.clone()
    colony = s.colony()
    events: list[str] = []
    creeps = {space for space in colony.spaces() if s.figures.get(space) == CREEP}
    targets = [
        space for space in colony.spaces()
        if s.figures.get(space) == COLONIST and colony.neighbours(space) & creeps
    ]
    for space in targets:
        if suppressed is not None and _on_tile(space, suppressed):
            events.append(f"Suppressant: the Colonist on {space} is not converted.")
        elif not _take_creep(s):
            events.append(f"No Creep figures are left (60, line 23): the Colonist on {space} is not converted.")
        else:
            _lose_colonist(s, space)  # 102: "Replace the Colonist figure with a Creep figure."
            events.append(f"The Colonist on {space} is converted into a Creep.")
    s, more = self_destruct(s)
    return s, events + more


def invasion_targets(state: State, roll: int, colony: Colony | None = None) -> tuple[str, ...]:
    """The tiles a roll sends a Creep to, in spiral order: 1-5, the edge tiles of that module (108);
    6, every tile already holding a Creep, Super Creeps not counted (110, 293)."""
    colony = colony or state.colony()
    if roll == ALL_TILES_ROLL:
        return tuple(t.label for t in colony.tiles if any(state.figures.get(sp) == CREEP for sp in t.space_ids()))
    return tuple(t.label for t in colony.tiles if t.module == roll and colony.is_edge_tile(t.label))


def invade(
    state: State,
    roll: int,
    choices: Mapping[str, str] | None = None,
    suppressed: str | None = None,
) -> Result:
    """Invasion (lines 106-124) for a die roll 1-6, which is recorded in ``state.die``.

    1-5 (108): one Creep on each tile of that module number "that is on the edge of the colony".
    6 (110): one Creep on every tile that already holds a Creep; Super Creeps do not count (293).
    The tiles and their edges are those of the colony as it stood at the roll, in spiral order; full
    tiles then self-destruct, "exposing interior tiles to Creep invasion on later turns" (126).
    ``choices``: tile letter -> the space the roller picked (line 114); otherwise the default.
    ``suppressed``: the tile a Suppressant protects (188); it gets no Creep."""
    if roll not in DIE:
        raise ValueError(f"a die roll is 1-6, not {roll}")
    choices = dict(choices or {})
    s = state.clone()
    s.die, s.invaded = roll, ()
    colony = s.colony()
    events = [f"Invasion: the die shows {roll}."]
    targets = list(invasion_targets(s, roll, colony))
    if not targets:
        # 121: "2, 5 Tiles are not on the colony's edge, so they do not get a new Creep."
        events.append("No tile holds a Creep: nothing invades." if roll == ALL_TILES_ROLL
                      else f"No Module {roll} tile is on the edge of the colony: nothing invades.")
    if unknown := sorted(set(choices) - set(targets)):
        raise ValueError(f"tile {unknown[0]} gets no Creep on a {roll}")
    for label in targets:
        if label == suppressed:
            events.append(f"Suppressant: tile {label} gets no Creep.")
            continue
        place_creep(s, colony, label, choices.get(label), events)
    s, more = self_destruct(s)
    return s, events + more


def _full(s: State, spaces: tuple[str, ...]) -> bool:
    """Every space holds a Creep or a Robot (328 words the full tile that way for Robot Vulnerability)."""
    return all(s.figures.get(space) == CREEP or robot_seat(s.figures.get(space, "")) is not None for space in spaces)


def _islands(colony: Colony) -> int:
    """How many "sections" or "islands" of tiles (128): groups of tiles joined edge to edge."""
    seen: set[str] = set()
    count = 0
    for tile in colony.tiles:
        if tile.label in seen:
            continue
        count += 1
        todo = [tile.label]
        while todo:
            label = todo.pop()
            if label not in seen:
                seen.add(label)
                todo.extend(colony.adjacent_tiles(label))
    return count


def _knock_out(s: State, seat: int, events: list[str]) -> None:
    """Robot Vulnerability (328-330): the robot goes down with its tile; its player is out of the game
    until the pod next docks, and their hand is discarded (the core stays until they come back)."""
    s.out = tuple(sorted({*s.out, seat}))
    hands = list(s.hands)
    s.discard, hands[seat] = s.discard + hands[seat], ()
    s.hands = tuple(hands)
    if s.override == seat:
        s.override = None
    events.append(f"Robot {seat + 1} goes down with the tile: out of the game until the pod docks again "
                  "(Robot Vulnerability, line 328).")


def self_destruct(state: State) -> Result:
    """126: "If a tile completely fills with Creeps, it immediately self destructs and is removed from
    play ... A Robot on a tile prevents it from self-destructing." Its Creeps go back to the supply and a
    Super Creep on its Power Plant or Command Dish is lifted (295) and goes back too. Other tiles stay,
    even when the colony splits into islands (128). A pod docked at the tile is left undocked, its
    passengers aboard; the players dock it again as after a launch (92)."""
    s = state.clone()
    colony = s.colony()
    events: list[str] = []
    vulnerable = "vulnerability" in s.rules
    for tile in colony.tiles:
        spaces = tile.space_ids()
        if not _full(s, spaces) or not any(s.figures.get(space) == CREEP for space in spaces):
            continue
        if not vulnerable and any(robot_seat(s.figures.get(space, "")) is not None for space in spaces):
            continue  # 126: "A Robot on a tile prevents it from self-destructing."
        events.append(f"Tile {tile.label} (Module {tile.module}) is full of Creeps and self-destructs.")
        for key in [k for k in s.figures if _on_tile(k, tile.label)]:
            figure = s.figures.pop(key)
            if figure == CREEP:
                s.creep_supply += 1
            elif figure == SUPER_CREEP:
                s.super_creep_supply += 1
                events.append(f"The Super Creep on {key} is lifted with its tile (line 295).")
            elif (seat := robot_seat(figure)) is not None:
                _knock_out(s, seat, events)
        s.destroyed = (*s.destroyed, tile.label)
        if s.pod_dock is not None and _on_tile(s.pod_dock, tile.label):
            s.pod_dock, s.redock = None, s.current
            events.append("The Evacuation Pod is cut loose; it docks again at the start of this player's next turn.")
    if len(s.destroyed) > len(state.destroyed):
        left = s.colony()
        before, after = {t.module for t in colony.tiles}, {t.module for t in left.tiles}
        for module in CRITICAL_MODULES:
            if module in before and module not in after:
                events.append(f"Every Module {module} tile is destroyed: the colony is lost (line 308).")
        if _islands(left) > _islands(colony):
            events.append("The colony is split; every island stays in play (line 128).")
    return s, events
