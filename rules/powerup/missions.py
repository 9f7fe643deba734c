"""The ARCADE missions' goals, losses and primary targets (rb 1752-1850), by registry: each mission says
when it is won or lost and where the BUGs head when they see no BUGBUSTER (rb 1413: "Some missions give
the BUGs PRIMARY TARGETS"). Every mission is also lost when all BUGBUSTERs are down and no CONTINUE is
paid (the issue; coop_turn offers the CONTINUE). Quotes: shared/rulebooks/powerup.txt ("rb N").
"""

from __future__ import annotations

from collections.abc import Callable

from rules.powerup.board import Square
from rules.powerup.coop_data import coop_data
from rules.powerup.state import State


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


CHECKS: dict[str, Callable[[State, list[str], bool], bool]] = {"vips": _vips}
TARGETS: dict[str, Callable[[State], list[Square]]] = {"vips": _vip_targets}


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
