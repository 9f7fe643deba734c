"""The ARCADE missions' goals, losses and primary targets (rb 1752-1850), by registry: each mission says
when it is won or lost and where the BUGs head when they see no BUGBUSTER (rb 1413: "Some missions give
the BUGs PRIMARY TARGETS"). Every mission is also lost when all BUGBUSTERs are down and no CONTINUE is
paid (the issue; coop_turn offers the CONTINUE). Quotes: shared/rulebooks/powerup.txt ("rb N").

Readings:

- **Save the VIPs** (rb 1752-1774): won when 8 sequences end with the 3 VIPs alive (rb 1762), lost when
  one dies. Primary target: the nearest VIP.
- **Dimensional Portal** (rb 1776-1796): the 3 pieces stand in adjacent squares at the far end (rb 1788,
  coop_setup). Won as soon as the last piece is destroyed (rb 1784: "destroy a machine"). After
  sequence 8 (``Mission.spawn_after``) the portal is "activated" (rb 1796): each piece left is a spawn
  point like a BURP ("You may spawn BUGs from each token as if it were a BURP": ``portal_points``, one
  card each, its indicator released in front of or above the piece, outside the BURP limit: a piece is
  not a BURP) and "For each piece of the portal that remains, one more BUG card will be drawn"
  (``extra_cards``: her MOVE & ATTACK draw). "If in 4 turns of the second round the portal has not been
  completely destroyed, the BUGMISTRESS has won": a piece still standing when sequence 12
  (``Mission.lose_after``) ends loses. Primary target: none (the issue gives primary targets only to
  Save the VIPs and Hidden Keys; the data's ``primary_target`` is "none"): a BUG that sees no
  BUGBUSTER goes straight on (rb 1414), which from the BURPs at the portal's end is toward the
  BUGBUSTERs' start. The pieces are not a target for the BUGs: they are the BUGs' own machine.
- **Hidden Keys** (rb 1798-1818): keys A, B and C lie face down among the secrets (coop_secrets.py). Won when
  a GLITCH carrying all three keys (its riders hold them) is in the void (rb 1806: "Once you have the keys,
  you have to escape using the GLITCH"; rb 679: the void off the board, glitch.py): it flew out with them, or
  the last came aboard out there. Lost when a BUG holding a key stands on a gateway (rb 1818: "If a BUG gets
  one of the keys and makes it to one of the map portals, the BUGs win"), however it got there (its own
  step or gateway, a fall, a push); a door shut by a card is closed to it (no way through), the OFF one is
  not. Primary target (the issue): the nearest face-down secret holding a key or coins (what a BUG keeps,
  rb 1818), "nearest" by the BUG's own cheapest way there (bug_paths), as the squares themselves (finding
  means entering). A BUG holding a key heads for the nearest gateway instead, whatever it sees (its goal
  beats rb 1413's "if a BUG sees a BUGBUSTER, it will always go towards it": a BUGBUSTER in its sight
  would otherwise hold it forever); it still attacks what it can first (rb 1395). No time limit printed.
- **Kill the BUGMISTRESS** (rb 1822-1850): no time limit (rb 1836: "There is no time limit for this
  mission"); won when her figure falls at level 2 (level 1's death only turns her into level 2, rb 1844,
  coop_combat). Her BURPs: one fewer than BUGBUSTERs all mission (rb 1848: "The maximum of BURPs allowed
  is the number of players minus 1", ``burp_limit``). Primary target: none, as the portal's. Her
  figure's own actions are mistress_figure.py's.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.powerup.board import Square, board, name
from rules.powerup.coop_data import coop_data
from rules.powerup.state import State

MISTRESS = "BUGMISTRESS"


def _over(s: State, result: str, why: str, out: list[str]) -> bool:
    assert s.coop is not None
    s.phase = "over"
    s.coop.stage = "over"
    s.coop.result = result
    s.winner = "BUSTERS" if result == "won" else "BUGS"
    s.summary = why
    s.beats += 1
    out.append(("Mission accomplished: " if result == "won" else "Mission failed: ") + why)
    return True


# --- Save the VIPs (rb 1752-1774) ---------------------------------------------------------------------
def _vips(s: State, out: list[str], sequence_over: bool) -> bool:
    """rb 1762: "keep the 3 non-player characters alive for a ROUND (8 turn sequences)"; one dead loses."""
    c = s.coop
    assert c is not None
    if c.lost_npcs:
        return _over(s, "lost", f"{', '.join(c.lost_npcs)} did not make it.", out)
    m = coop_data().mission(c.mission)
    if sequence_over and m.win_after is not None and s.sequence >= m.win_after:
        return _over(s, "won", f"the VIPs held on for {m.win_after} sequences and are teleported out.", out)
    return False


def _vip_targets(s: State) -> list[Square]:
    """rb 1774 and the issue: the primary target is the nearest VIP (the caller measures "nearest")."""
    assert s.coop is not None
    return [sq for fid in s.coop.npcs if (sq := s.where(fid)) is not None]


# --- Dimensional Portal (rb 1776-1796) --------------------------------------------------------------------
def _portal(s: State, out: list[str], sequence_over: bool) -> bool:
    """Won when the third piece falls; lost when a piece stands as sequence 12 ends (rb 1796)."""
    c = s.coop
    assert c is not None
    if not c.pieces:
        return _over(s, "won", "the dimensional portal is destroyed.", out)
    m = coop_data().mission(c.mission)
    if sequence_over and m.lose_after is not None and s.sequence >= m.lose_after:
        left = len(c.pieces)
        return _over(s, "lost", f"the portal still stands ({left} piece{'s' if left != 1 else ''}) after "
                                f"{m.lose_after} sequences: the BUGs pour through.", out)
    return False


def portal_open(s: State) -> bool:
    """rb 1796: "If the 8 turn sequences pass ... the portal will be activated" (after ``spawn_after``)."""
    assert s.coop is not None
    m = coop_data().mission(s.coop.mission)
    return m.spawn_after is not None and s.sequence > m.spawn_after


def portal_points(s: State) -> tuple[str, ...]:
    """The pieces left, once the portal is activated: spawn points "as if it were a BURP" (rb 1796)."""
    assert s.coop is not None
    return tuple(f for f in sorted(s.coop.pieces) if f in s.figures) if portal_open(s) else ()


def extra_cards(s: State) -> int:
    """rb 1796: "For each piece of the portal that remains, one more BUG card will be drawn"."""
    return len(portal_points(s))


# --- Kill the BUGMISTRESS (rb 1822-1850) ------------------------------------------------------------------
def _bugmistress(s: State, out: list[str], sequence_over: bool) -> bool:
    """Won when her figure is gone at level 2 (rb 1832: "the BUGBUSTERs must destroy the BUGMISTRESS");
    no time limit (rb 1836)."""
    c = s.coop
    assert c is not None
    if c.level == 2 and MISTRESS not in s.figures:
        return _over(s, "won", "the BUGMISTRESS is destroyed, once and for all!", out)
    return False


# --- Hidden Keys (rb 1798-1818) ------------------------------------------------------------------------------
def _keys(s: State, out: list[str], sequence_over: bool) -> bool:
    """Lost when a BUG holding a key is on a gateway; won when a GLITCH is in the void with the 3 keys."""
    from rules.powerup import coop_secrets, glitch

    c = s.coop
    assert c is not None
    b = board(s.layout)
    for fid, bug in sorted(c.bugs.items()):
        sq = s.where(fid) if fid in s.figures else None
        keys = [coop_secrets.key_letter(t) for t in coop_secrets.tokens(bug.secret) if coop_secrets.key_letter(t)]
        if keys and sq is not None and b.gateway(sq) and sq not in s.shut:
            return _over(s, "lost", f"{fid} carries key {keys[0]} through the gateway at {name(sq)}.", out)
    wanted = set(coop_data().mission(c.mission).secret_keys)
    for gid in glitch.ids(s):
        if glitch.in_void(s, gid) and wanted <= coop_secrets.keys_with(s, glitch.riders(s, gid)):
            return _over(s, "won", f"{gid} escapes into the void with keys {', '.join(sorted(wanted))}.", out)
    return False


def _secret_targets(s: State) -> list[Square]:
    """The face-down secrets a BUG would keep (keys, coins: rb 1818), lower row first."""
    from rules.powerup import coop_secrets

    return sorted((sq for sq, text in s.secrets.items()
                   if any(coop_secrets.kept_by_bugs(t) for t in coop_secrets.tokens(text))), key=lambda q: (q[1], q[0]))


def goal_squares(s: State, fid: str) -> set[Square] | None:
    """Where a BUG that sees no BUGBUSTER goes to stand, when the mission says so itself (None: next to the
    nearest primary target, ai_mistress.goals). Hidden Keys: a key carrier to an open gateway (any of them,
    first thing, even in sight of a BUGBUSTER); any other BUG to a face-down secret."""
    assert s.coop is not None
    if s.coop.mission != "keys":
        return None
    if carrier(s, fid):
        return {g for g in board(s.layout).gateways() if g not in s.shut}
    return set(_secret_targets(s))


def carrier(s: State, fid: str) -> bool:
    """A BUG holding a key (Hidden Keys): it heads for a gateway whatever it sees."""
    from rules.powerup import coop_secrets

    assert s.coop is not None
    bug = s.coop.bugs.get(fid)
    return bug is not None and any(coop_secrets.key_letter(t) for t in coop_secrets.tokens(bug.secret))


def _no_targets(s: State) -> list[Square]:
    """No primary target (the issue): a BUG that sees no BUGBUSTER goes straight on (rb 1414)."""
    return []


CHECKS: dict[str, Callable[[State, list[str], bool], bool]] = {
    "vips": _vips, "portal": _portal, "keys": _keys, "bugmistress": _bugmistress}
TARGETS: dict[str, Callable[[State], list[Square]]] = {
    "vips": _vip_targets, "portal": _no_targets, "keys": _secret_targets, "bugmistress": _no_targets}


def burp_limit(s: State) -> int:
    """rb 962: never more BURPs than BUGBUSTERs; against the BUGMISTRESS one fewer (rb 1848: "the number of
    players minus 1"), the mission's ``burp_offset``."""
    assert s.coop is not None
    return len(s.seats) + min(0, coop_data().mission(s.coop.mission).burp_offset)


def check(s: State, out: list[str], sequence_over: bool = False) -> bool:
    """The mission's win or loss, if it has come (True: the game is over). All BUGBUSTERs down with no
    CONTINUE left to offer loses any mission (the issue)."""
    assert s.coop is not None
    if s.phase == "over":
        return True
    if CHECKS[s.coop.mission](s, out, sequence_over):
        return True
    if len(s.coop.fallen) == len(s.seats) and s.coop.stage != "continue" and not s.coop.offer:
        return _over(s, "lost", "every BUGBUSTER is down.", out)
    return False


def primary_targets(s: State) -> list[Square]:
    assert s.coop is not None
    return TARGETS[s.coop.mission](s)
