"""A BUG's movement (co-op, part 2): the actions a BUG may take now, what each costs, applying one, and the
AI's way to a goal. Attacks are bug_attacks.py's; what a square does to a BUG is bug_squares.py's.
Quotes: shared/rulebooks/powerup.txt ("rb N").

Words (rb 951-955: "Advance 1 square 1 AP / Flip BUG (change facing) 1 AP / Jump 2 AP"):
``move`` (1 square ahead), ``flip``, ``jump`` (ahead) and ``jump up`` (45 degrees up and ahead) as a
BUGBUSTER jumps (rb 753), ``climb up``/``climb down`` a ladder (rb 717, 1 AP; up through a thin platform
too, as reach.py), ``gate H2`` to another open gateway (rb 711: 1 AP, the OFF marker moves there; shut
doors and the OFF gateway are closed), ``fly up``/``fly down`` (FLYING), ``stack BG2``/``unstack``
(TEAM 4). A BUG never moves backwards: the moonwalk (rb 733) is a BUGBUSTER's; its table has none.

Readings:

- Dizzy BUGs (spawned this BUG turn) take no actions (rb 949, rb 960).
- Gravity: a BUG falls as any figure (rb 761) but loses no lives however far it falls. rb 761-769 speak
  of "your character" and "your player" (a BUGBUSTER); BUGGIEs and BATBUGs have 1 life and the AI walks
  BUGs straight on (rb 1414) and down the shortest way, so fall damage would have them die off every ledge
  and let BUGBUSTERs kill them with a shove instead of a fight ("fun over simulation", rb 1367). Acid still
  kills them (rb 725: "Everything that falls into it").
- FLYING (rb 987: "It does not need an obstacle underneath it to stay in a square"; rb 1059: "They defy
  gravity and float in the air"): it never falls (physics.supported), its advance and jumps stay where
  they land, and it may ``fly up``/``fly down`` 1 square for 1 AP, as an advance straight up or down
  (nothing solid between, as sight, rb 699); it does not fly diagonally (a ``jump up`` does that).
- Pushing (rb 1407: "BUGS push other BUGs, which in turn push other BUGs ... They can also push each
  from the top or from below. In that case, the BUG that was pushed would move forward in the direction
  it is facing."): a BUG entering a BUG's square on its row (``move``, ``jump``) pushes it 1 square on
  in the mover's direction, the BUGs beyond with it (physics.push); entering from above or below
  (``climb``, ``fly``, ``jump up``) pushes it forward in its own facing. Only BUGs move so: a line that
  would push any other figure, or that a wall stops, cannot be entered (rb 741: "The only way to push a
  rival is in combat").
- A BUG never enters a BUGBUSTER's square, the BUGMISTRESS's or a portal piece's (rb 703: "one
  BUGBUSTER, one BUG or Non-Player-Character in each square"; rb 703 again: a non-ally gets "through by
  pushing the character in combat"). In Save the VIPs a BUG may enter an NPC's square, which kills it
  (rb 1774: "If a BUG reaches its square ... the NPC dies automatically", ``npc_dies``); elsewhere an NPC's
  square is closed to it.
- After a gateway a BUG keeps its facing (rb 783's free choice is "your character"'s; flipping costs
  1 AP). Its arrival is bug_squares.arrive; POWERUPs and coins are the BUGBUSTERs' (it walks over them).
- TEAM 4 (rb 991: "You can stack up to 4 of these BUGs in the same square ... You can stack them and
  unstack them anytime you want. Any actions taken as a group are also counted for the separate bugs"):
  ``stack BG2`` (1 AP) puts the BUGGIE (or stack) onto the BUGGIE figure ahead of it when they make 4 at
  most: the mover's figure leaves the board and the other's ``stack`` grows (a secret or stolen card goes
  along; two stolen cards cannot share a stack, each must go back to its owner). ``unstack`` (1 AP): the
  top BUGGIE becomes a new figure (full lives, same facing) on the free square ahead. A stack moves as
  one figure. AP are the caller's: the joined figure keeps the lower of the two AP left, a BUGGIE off a
  stack has the stack's AP left (both counted for each BUGGIE, rb 991).
"""

from __future__ import annotations

from dataclasses import replace

from rules.powerup import bug_paths, coop_life, physics
from rules.powerup.board import Square, board, name, parse_square
from rules.powerup.bug_squares import npc_dies
from rules.powerup.state import State

__all__ = ["apply_bug_action", "bug_actions", "cost", "first_step_toward", "npc_dies", "straight_on"]

COSTS = {"move": 1, "flip": 1, "jump": 2, "climb": 1, "fly": 1, "gate": 1, "stack": 1, "unstack": 1}
ORDER = ("move", "flip", "jump", "jump up", "climb up", "climb down", "fly up", "fly down")
VERBS = {"move": "moves", "jump": "jumps", "climb": "climbs", "fly": "flies"}
TEAM = "TEAM_4"
STACK_MAX = 4  # rb 991


def cost(s: State, fid: str, word: str) -> int:
    """The AP an action costs (its first word is enough: ``jump`` and ``jump up`` both cost 2)."""
    return COSTS[word.split()[0]]


def _entry(s: State, fid: str, to: Square, dx: int) -> str:
    """How the BUG may enter ``to``: "free", "push" (a BUG there is pushed: ``dx`` on its row, 0 from
    above or below: in its own facing), "npc" (Save the VIPs: it dies), or "" (closed)."""
    if to in s.covers:
        return ""
    occupant = physics.figure_at(s, to)
    if occupant is None:
        return "free"
    other = s.figures[occupant]
    if other.kind == "bug":
        line = physics.push_line(s, occupant, dx or other.facing)
        return "push" if line is not None and all(s.figures[x].kind == "bug" for x in line) else ""
    assert s.coop is not None
    return "npc" if other.kind == "npc" and s.coop.mission == "vips" else ""


def _steps(s: State, fid: str) -> dict[str, tuple[Square, int]]:
    """The square each stepping word enters and its push direction (see ``_entry``), when open now."""
    f = s.figures[fid]
    out: dict[str, tuple[Square, int]] = {}
    for word, _, to, _ in bug_paths.geometry(s.layout, physics.flies(s, fid))[(f.square, f.facing)]:
        if word == "move":
            out["move"] = out["jump"] = (to, f.facing)  # rb 753: a straight jump lands where a step does
        elif word != "flip":
            out[word] = (to, 0)
    return {w: t for w, t in out.items() if _entry(s, fid, *t)}


def _gates(s: State, fid: str) -> list[Square]:
    """rb 711: from an open gateway to any other open one (not the OFF one, not shut), free."""
    b = board(s.layout)
    here = s.figures[fid].square
    if here is None or not b.gateway(here) or here in s.shut:
        return []
    return [g for g in b.gateways() if g not in (here, s.gate_off) and g not in s.shut and physics.free(s, g)]


def _ahead(s: State, fid: str) -> Square:
    f = s.figures[fid]
    assert f.square is not None
    return (f.square[0] + f.facing, f.square[1])


def _stack_onto(s: State, fid: str) -> str | None:
    """The BUGGIE figure ahead this one may join (TEAM 4, rb 991), if any."""
    assert s.coop is not None
    me, ahead = s.coop.bugs[fid], _ahead(s, fid)
    if TEAM not in coop_life.sheet(s, fid).abilities or not board(s.layout).step_open(s.figures[fid].square, ahead):
        return None
    other = physics.figure_at(s, ahead)
    them = s.coop.bugs.get(other) if other is not None else None
    if them is None or them.kind != me.kind or me.stack + them.stack > STACK_MAX or me.stolen and them.stolen:
        return None
    return other


def _can_unstack(s: State, fid: str) -> bool:
    assert s.coop is not None
    ahead = _ahead(s, fid)
    return (s.coop.bugs[fid].stack > 1 and board(s.layout).step_open(s.figures[fid].square, ahead)
            and physics.free(s, ahead))


def bug_actions(s: State, fid: str, ap: int) -> list[str]:
    """Every movement the BUG may make now with ``ap`` AP left, in a stable order (none when dizzy)."""
    if s.coop is None or fid not in s.coop.bugs or s.figures.get(fid) is None or s.figures[fid].square is None:
        return []
    if s.coop.bugs[fid].dizzy:  # rb 960: "take no actions during the turn they were spawned in"
        return []
    steps = _steps(s, fid)
    words = [w for w in ORDER if w in steps or w == "flip"]
    words += [f"gate {name(g)}" for g in _gates(s, fid)]
    onto = _stack_onto(s, fid)
    if onto is not None:
        words.append(f"stack {onto}")
    if _can_unstack(s, fid):
        words.append("unstack")
    return [w for w in words if COSTS[w.split()[0]] <= ap]


def apply_bug_action(s: State, fid: str, word: str, out: list[str]) -> None:
    """Apply a legal movement (the caller checked it and takes the AP): pushes, NPC deaths, falls and
    arrivals included; the BUG may die on the way."""
    f = s.figures[fid]
    if word == "flip":
        s.move_figure(fid, facing=-f.facing)
        out.append(f"{fid} turns to face {'right' if f.facing == -1 else 'left'}.")
    elif word.startswith("gate "):
        here, to = f.square, parse_square(word.split()[1])
        assert here is not None and to is not None
        s.move_figure(fid, square=to)
        s.gate_off = to
        out.append(f"{fid} goes through the gateway {name(here)} to {name(to)} (OFF there now).")
        _land(s, fid, out)
    elif word.startswith("stack "):
        _stack(s, fid, word.split()[1], out)
    elif word == "unstack":
        _unstack(s, fid, out)
    else:
        to, dx = _steps(s, fid)[word]
        _enter(s, fid, to, dx, VERBS[word.split()[0]], out)


def _enter(s: State, fid: str, to: Square, dx: int, verb: str, out: list[str]) -> None:
    here = s.figures[fid].square
    how = _entry(s, fid, to, dx)
    occupant = physics.figure_at(s, to)
    assert how and here is not None
    if how == "push" and occupant is not None:
        out.append(f"{fid} {verb} to {name(to)}, pushing {occupant}.")
        physics.push(s, occupant, dx or s.figures[occupant].facing, 1, out)
    else:
        out.append(f"{fid} {verb} to {name(to)}.")
        if how == "npc" and occupant is not None:
            npc_dies(s, occupant, out)
    now = s.figures[fid].square if fid in s.figures else None
    if now is None or now == to or not physics.free(s, to):
        return  # it died, or it stood on the pushed BUG and has fallen into the square already
    # from ``here``, or from where it rode the pushed BUG's head (one square aside): into the square
    physics.shift(s, fid, to, out)
    _land(s, fid, out)


def _land(s: State, fid: str, out: list[str]) -> None:
    """Falls, then the square's effects; a BUG that fell has arrived already (physics.fall)."""
    sq = s.figures[fid].square
    physics.settle(s, out, keep=s.air)
    if fid in s.figures and s.figures[fid].square == sq:
        physics.arrive(s, fid, out)


def _stack(s: State, fid: str, onto: str, out: list[str]) -> None:
    assert s.coop is not None
    me, them = s.coop.bugs[fid], s.coop.bugs[onto]
    n = me.stack + them.stack
    s.coop.bugs[onto] = replace(them, stack=n, secret="+".join(x for x in (them.secret, me.secret) if x),
                                stolen=them.stolen or me.stolen, owner=them.owner if them.stolen else me.owner)
    del s.figures[fid]
    del s.coop.bugs[fid]
    out.append(f"{fid} climbs onto {onto}: a stack of {n} BUGGIEs.")
    physics.settle(s, out, keep=s.air)  # what stood on its head comes down


def _unstack(s: State, fid: str, out: list[str]) -> None:
    assert s.coop is not None
    me = s.coop.bugs[fid]
    ahead = _ahead(s, fid)
    s.coop.bugs[fid] = replace(me, stack=me.stack - 1)
    new = coop_life.add_bug(s, me.kind, ahead, s.figures[fid].facing)
    out.append(f"A BUGGIE leaves {fid}'s stack ({me.stack - 1} left): {new} on {name(ahead)}.")
    _land(s, new, out)


def straight_on(s: State, fid: str) -> str | None:
    """rb 1414: "the BUG goes on in the direction it is facing": ``move`` if it can, ``flip`` when the way
    ahead is closed by the board (a wall, a cover, BUGs it would push against one); None when a figure it
    may not enter or push is there (a BUGBUSTER, an NPC...: the attack's business) or it cannot act."""
    actions = bug_actions(s, fid, COSTS["move"])
    if "move" in actions:
        return "move"
    if "flip" not in actions:  # dizzy, or no BUG on the board
        return None
    here, ahead = s.figures[fid].square, _ahead(s, fid)
    if not board(s.layout).step_open(here, ahead) or ahead in s.covers:
        return "flip"
    occupant = physics.figure_at(s, ahead)
    if occupant is not None and s.figures[occupant].kind == "bug":
        line = physics.push_line(s, occupant, s.figures[fid].facing)
        return "flip" if line is None else None
    return None


def first_step_toward(s: State, fid: str, goals: set[Square], ap: int) -> str | None:
    """The first action of a cheapest way (AP, then fewest actions) to stand on any square of ``goals``
    (rb 1399, rb 1413-1417); the first action is one the BUG may take now with ``ap`` AP. None when no
    goal can be reached, or the BUG stands on one already (bug_paths.py has the model)."""
    return bug_paths.first_step(s, fid, goals, bug_actions(s, fid, ap))
