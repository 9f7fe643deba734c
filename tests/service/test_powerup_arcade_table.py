"""POWERUP ARCADE at the local table (tests/scripts/powerup_arcade.txt): a newcomer's first sequence of
Save the VIPs, two people against the automatic BUGMISTRESS. What a person would check: the BUGs' turn
plays by itself and is posted; the group is asked who goes next and either may answer; an NPC moves and a
move through a door is refused with its rule; the turns end and the next sequence's BUG turn follows; the
board goes to the channel and each player's screen to their DMs; no error line; the same script and seed
print the same bytes and draw the same images."""

from __future__ import annotations

import io
import re
from pathlib import Path

from bot.table import run_table
from rules.powerup import ENGINE

SCRIPT = Path(__file__).parents[1] / "scripts" / "powerup_arcade.txt"


async def _run(images: Path) -> str:
    out = io.StringIO()
    status = await run_table(SCRIPT.read_text().splitlines(), out, images=images, seed=1,
                             engines={"powerup": ENGINE}, clock="virtual")
    text = out.getvalue()
    assert status == 0, text
    return text.replace(str(images), "IMAGES")


async def test_powerup_arcade_script(tmp_path):
    text = await _run(tmp_path / "a")
    assert await _run(tmp_path / "b") == text
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
    lines = text.splitlines()
    assert not [line for line in lines if line.startswith("[table] line") or "Traceback" in line
                or "out of date" in line.lower()]
    script = [line.split("#", 1)[0].strip() for line in SCRIPT.read_text().splitlines()]
    acts = [line for line in script if re.match(r"^(alice|bob): (/play|click)", line)]
    assert text.count("] Done: ") == len(acts) - 1  # the door is refused
    assert "[ephemeral:bob] NPCs can't use the doors (rb 1774)" in text
    channel = [line for line in lines if re.match(r"^(\[\+\w+\] )?\[#table\]", line)]
    for said in ("POWERUP begins: alice (RAY), bob (TOR) together.", "BRP1 spawns (Mortal Skin: BUGGIE).",
                 "The BUGBUSTERs' turn: choose who goes next.", "TOR's turn: 4 AP.", "VIP2 moves to D9.",
                 "RAY's turn: 4 AP."):
        assert any(line.endswith(f"] {said}") for line in channel), said
    # both turns over, the BUGs play sequence 2 by themselves and the group is asked again
    assert channel[-5].endswith("] The BUGBUSTERs' turn: choose who goes next."), channel[-6:]
    assert sum(line.endswith("] The BUGBUSTERs' turn: choose who goes next.") for line in channel) >= 2
    assert "[#table] Waiting for alice (RAY) and bob (TOR)." in text  # the group's choice asks both
    assert re.search(r"^\[dm:alice\] select \(\d+\): Next: RAY \| Next: TOR", text, re.M)
    for user in ("alice", "bob"):
        assert re.search(rf"^\[dm:{user}\] image: IMAGES/\d{{4}}-dm-{user}-screen\.png$", text, re.M)
    assert len(re.findall(r"\[#table\] image: IMAGES/\S+-table-board\.png", text)) >= 6
