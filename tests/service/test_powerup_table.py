"""POWERUP at the local table (tests/scripts/powerup_opening.txt): a newcomer's first minutes of
DEATHMATCH, two people, one BUGBUSTER each. What a person would check: the board is posted in the
channel after every step and each player gets their own screen by DM; the placements in turn, the
screens, then play (moves, a jump, a shot at a drum, a time-out); every accepted action acknowledged,
the mistakes refused with a reason, no error line; what is hidden behind a screen never reaches the
channel; the same script and seed print the same bytes and draw the same images."""

from __future__ import annotations

import io
import re
from pathlib import Path

from bot.table import run_table
from rules.powerup import ENGINE

SCRIPT = Path(__file__).parents[1] / "scripts" / "powerup_opening.txt"


async def _run(images: Path) -> str:
    out = io.StringIO()
    status = await run_table(SCRIPT.read_text().splitlines(), out, images=images, seed=1,
                             engines={"powerup": ENGINE}, clock="virtual")
    text = out.getvalue()
    assert status == 0, text  # every line parsed, every click found a button
    return text.replace(str(images), "IMAGES")


async def test_powerup_opening_script(tmp_path):
    text = await _run(tmp_path / "a")
    assert await _run(tmp_path / "b") == text  # the same script and seed: the same bytes, the same images
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "b").iterdir())
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
    lines = text.splitlines()
    channel = [line for line in lines if re.match(r"^(\[\+\w+\] )?\[#table\]", line)]

    # No error line: nothing the table could not read or do, no crash, no stale menu.
    assert not [line for line in lines if line.startswith("[table] line") or "Traceback" in line
                or "out of date" in line.lower()]

    # Every accepted /play or click answered "Done" (the three lines below are refused on purpose).
    script = [line.split("#", 1)[0].strip() for line in SCRIPT.read_text().splitlines()]
    acts = [line for line in script if re.match(r"^(alice|bob): (/play|click)", line)]
    assert text.count("] Done: ") == len(acts) - 3
    assert "[ephemeral:bob] It is not your turn. Waiting for alice (RED-RAY)." in text
    assert re.search(r"^\[ephemeral:alice\] .*'teleport'.*\btry\b", text, re.M)  # with what may be done
    assert "[ephemeral:alice] It is not your turn. Waiting for bob (BLU-TOR)." in text

    # The board is posted in the channel, each player's screen goes to their DMs.
    boards = re.findall(r"^(?:\[\+\w+\] )?\[#table\] image: IMAGES/\d{4}(?:-\w+)?-table-board\.png$", text, re.M)
    assert len(boards) >= 20
    for user in ("alice", "bob"):
        assert re.search(rf"^\[dm:{user}\] image: IMAGES/\d{{4}}-dm-{user}-screen\.png$", text, re.M)
        assert f"[dm:{user}] POWERUP in #table — your screen as " in text
    assert "[dm:alice] **Your move** — RED places a POWERUP." in text
    assert "[dm:bob] **Your move** — hide your secret tokens and pick your start square, then done." in text
    for name in sorted(p.name for p in (tmp_path / "a").iterdir()):
        assert (tmp_path / "a" / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name

    # Setup in turn, behind the screens, then play.
    for said in ("RED places a POWERUP on A3.", "BLU places a POWERUP on H3.", "BLU places a drum on D3.",
                 "Now, behind screens: each seat hides its secret tokens and picks its start square.",
                 "RED-RAY is ready.", "BLU-TOR is ready.",
                 "The screens come down: RAY on B1, TOR on I1. The game begins!",
                 "Round 1, sequence 1: RAY, TOR.", "RED-RAY's turn: 4 AP.", "DRUM1 explodes at D3!",
                 "RAY jumps to B2.", "TOR moves to H1.", "Round 1, sequence 2: RAY, TOR.",
                 "alice (RED-RAY) ran out of time: their move is skipped."):
        assert any(line.endswith(f"] {said}") for line in channel), said
    assert any(line.startswith("[+30m] [#table]") and "ran out of time" in line for line in channel)
    assert "[#table] POWERUP · Round 1 · sequence 2 · BLU-TOR · RED 0-0 BLU." in text  # /game board

    # Behind the screens: the tokens, where they went and the start square chosen stay off the channel.
    for line in channel:
        assert not re.search(r"\bhide\b|hid:|Still to hide|start B1|coins\d|Buggie Trap", line), line
    hid = {user: [line for line in lines if line.startswith(f"[dm:{user}] Your team hid: ")] for user in ("alice", "bob")}
    assert hid["alice"] and hid["bob"]
    blu = hid["bob"][-1].split(": ", 1)[1]  # where BLU's tokens lie: bob's (and his team's) alone
    assert not [line for line in lines if blu in line and not re.match(r"^(\[\+\w+\] )?\[dm:bob\]", line)]
    assert "[dm:alice] Your team hid: E3 Buggie Trap." in text  # the token alice hid by hand, then the rest

