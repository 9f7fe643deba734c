"""What a square does to a BUG arriving on it, by any means (its own move, a push, a fall, a spawn), and
the NPC deaths BUGs cause (co-op, part 2). physics.arrive hands every BUG figure here; bug_moves.py moves
them. Quotes: shared/rulebooks/powerup.txt ("rb N").

Readings:

- Acid (rb 725: "Everything that falls into it dies and disintegrates") kills a BUG, a whole BUGGIE stack
  at once (each BUGGIE of it is a death, and scores), with no reward coins; the seat that pushed it in
  scores (the issue).
- Spikes (rb 727: "a character" that "falls or is pushed onto" them) and fire (rb 1106: "Anyone entering
  this square") hurt a BUG as they hurt a BUGBUSTER: 1 life, no armor, then a push of 1 square. A BUG's
  side chooses that push (rb 727: "of their choice"); it goes ahead in its facing, else behind — never up
  or down, where a walking BUG would drop straight back onto the trap. A BUGGIE stack loses one BUGGIE.
- A FLYING BUG (rb 987: it "does not need an obstacle underneath it") floats over the floor: acid and
  spikes, which take those that fall or are pushed onto them, leave it alone; fire fills the square and
  burns it. BRASAS are "immune to fire damage" (rb 1067): a fire square does nothing to them (no burn, so
  no flinching push either).
- Automatic stairs lift a BUG as any figure (rb 719).
- Secrets: only in Hidden Keys do BUGs find them (rb 1818: "When a BUG or a BUGBUSTER finds one of the
  keys or coins, they can keep it without showing what they have found"): the keys and coins go with the
  BUG (``Bug.secret``, dropped where it dies), any other token stays face down for a BUGBUSTER. Elsewhere a
  BUG walks over face-down tokens, coins and POWERUPs: they are the BUGBUSTERs' (a POWERUP does nothing
  for a BUG).
"""

from __future__ import annotations

from dataclasses import replace

from rules.powerup import coop_life, physics
from rules.powerup.board import board, name
from rules.powerup.data import game_data
from rules.powerup.state import State

SECRETS_MISSION = "keys"  # Hidden Keys (rb 1798-1818)
KEPT = ("key", "coins")  # the tokens a BUG keeps (rb 1818)


def arrive(s: State, fid: str, out: list[str], by: int | None = None) -> None:
    """The square's effects on a BUG now standing on it; ``by``: the seat whose push brought it there."""
    b = board(s.layout)
    sq = s.figures[fid].square
    if sq is None:
        return
    flying = physics.flies(s, fid)
    if b.acid(sq) and not flying:
        out.append(f"{fid} lands in the acid at {name(sq)}.")
        drown(s, fid, out, by)
        return
    sq = physics.lift(s, fid)
    burns = sq in s.fire and not coop_life.immune(s, fid, "fire", ranged=False)
    hazard = "fire" if burns else "spikes" if b.spikes(sq) and not flying else ""
    if hazard:
        out.append(f"{fid} lands on {hazard} at {name(sq)}.")
        if coop_life.hurt(s, fid, game_data().hazards[hazard].lives, out, by=by):
            return
    keep_secrets(s, fid, out)
    if hazard:
        _flinch(s, fid, out)


def _flinch(s: State, fid: str, out: list[str]) -> None:
    """The hazard's push of 1 square: ahead in its facing, else behind, else it stays."""
    facing = s.figures[fid].facing
    ways = physics.shove_options(s, fid)
    for word in ("right", "left") if facing == 1 else ("left", "right"):
        if word in ways:
            physics.shove(s, fid, word, out)
            return


def drown(s: State, fid: str, out: list[str], by: int | None = None) -> None:
    """rb 725: the BUG dies, every BUGGIE of a stack with it (hurt takes a stack's BUGGIEs one at a time)."""
    assert s.coop is not None
    while fid in s.coop.bugs:
        coop_life.hurt(s, fid, coop_life.bug(s, fid).lives, out, by=by, acid=True)


def keep_secrets(s: State, fid: str, out: list[str]) -> None:
    """Hidden Keys only: the keys and coins face down on the BUG's square go with it, unseen (rb 1818)."""
    assert s.coop is not None
    sq = s.figures[fid].square
    tokens = s.secrets.get(sq) if sq is not None else None
    if s.coop.mission != SECRETS_MISSION or not tokens or sq is None:
        return
    parts = tokens.split("+")
    kept = [t for t in parts if _kept(t)]
    if not kept:
        return
    left = [t for t in parts if not _kept(t)]
    if left:
        s.secrets[sq] = "+".join(left)
    else:
        del s.secrets[sq]
    bug = s.coop.bugs[fid]
    s.coop.bugs[fid] = replace(bug, secret="+".join(x for x in (bug.secret, *kept) if x))
    out.append(f"{fid} finds a secret at {name(sq)} and keeps it hidden.")


def _kept(token: str) -> bool:
    """A key or coins token, however its placer is written in front ("key:A", "coins3", "RED:coins3")."""
    return any(part.startswith(KEPT) for part in token.split(":"))


def npc_dies(s: State, npc_id: str, out: list[str]) -> None:
    """An NPC leaves the board for good (rb 1774, Save the VIPs: "If a BUG reaches its square ... the NPC
    dies automatically"; also a BUG's attack, acid): its figure and record go, and ``Coop.lost_npcs``
    remembers it for the mission's loss."""
    assert s.coop is not None
    f = s.figures.get(npc_id)
    if f is None:
        return
    if f.carried_by is not None:
        s.move_figure(f.carried_by, cargo=None)
    if f.cargo is not None:
        s.move_figure(f.cargo, square=s.where(npc_id), carried_by=None)
    del s.figures[npc_id]
    s.coop.npcs.pop(npc_id, None)
    s.coop.lost_npcs = (*s.coop.lost_npcs, npc_id)
    s.beats += 1
    out.append(f"{npc_id} dies.")
