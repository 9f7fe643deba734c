"""Game options for POWERUP.

``mode``: ``deathmatch`` (rb 1860; STORY and ARCADE come with parts 2 and 3 of the work). ``rounds``: 0 plays until a team scores
twice; N also ends the game after N rounds (8 sequences each), the team with more captures winning. ``tiles``: the
board, ``default`` (the designed board for the seats, docs/games/powerup.md), ``random`` (a board drawn
from the game's seed once the seats are known: ``random_tiles``, rules/powerup/layouts.py) or the faces by
tile row, top row first, rows split by ``/`` (``17 14 23 / 21 03 22``; on Discord quote it, tiles="17 14 23 / 21 03 22"). A board is checked
like the designed ones (``GameData.board_problems``) once the seats are known. ``reactions``: every seat's
mode to begin with (reactions.py: relevant, all, none); ``pace`` (passed by the lobby from the table's pace)
sets the default of ``reaction_wait``, how long a reaction window waits (60 s live, 12 h async).
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from rules.core.errors import BadOptions, quoted
from rules.powerup.state import MODES as REACT_MODES  # when a seat is asked to react (reactions.py)

ARCADE_OPEN = True  # the four missions
MODES = ("deathmatch", "arcade") if ARCADE_OPEN else ("deathmatch",)
MISSIONS = ("vips", "portal", "keys", "bugmistress")  # the four ARCADE missions (coop.json)
MISTRESSES = ("ai", "human")  # who plays the BUGMISTRESS: the SYSTEM seat, or the seat `bugmistress` (mistress.py)
LIVE_PAUSE = 1.0  # seconds between the AI BUGMISTRESS's steps at a live table (0 async)
LIVE_WAIT, ASYNC_WAIT, MAX_WAIT = 60, 12 * 3600, 48 * 3600  # seconds a reaction window waits


class PowerupOptions(BaseModel):
    model_config = ConfigDict(frozen=True)

    mode: str = "deathmatch"
    tiles: tuple[tuple[int, ...], ...] = ()  # () the designed board for the seats (or a random one)
    random_tiles: bool = False  # tiles:random: the board drawn from the seed (layouts.random_layout)
    rounds: int = 0  # 0: play to two captures (rb 1906); N: also stop after N rounds (a house option)
    reactions: str = "relevant"  # every seat's mode to begin with (reactions.py); each may change its own
    pace: str = "live"  # the table's pace (the lobby passes it): it sets the reaction_wait default
    reaction_wait: int = LIVE_WAIT
    mission: str = "vips"  # arcade: the ARCADE mission (coop_data().missions)
    bugmistress: str = "ai"  # arcade: ai (the SYSTEM seat plays the rulebook's procedure) or human
    pause: float = 0.0  # arcade: seconds between the AI's steps, so the channel can watch (live pace)
    professions: str = "off"  # arcade: on, each BUGBUSTER picks a profession first (professions.py)


def option_help() -> dict[str, str]:
    arcade = _arcade_help() if ARCADE_OPEN else {}
    return {**arcade, **_help()}


def _arcade_help() -> dict[str, str]:
    return {
        "mission": "ARCADE: vips (Save the VIPs, 1-4 BUGBUSTERs), portal (Dimensional Portal, 2-4), keys (Hidden "
                   "Keys, 2-4), bugmistress (Kill the BUGMISTRESS, 2-4)",
        "bugmistress": "ARCADE: ai (the rulebook's automatic BUGMISTRESS plays the BUGs) or human (a player takes "
                       "the seat bugmistress: her hand, her spawns, her BUGs)",
        "pause": f"ARCADE: seconds between the AI BUGMISTRESS's steps (default {LIVE_PAUSE:g} live, 0 async; 0 to 5)",
        "professions": "ARCADE: off (default) or on (each BUGBUSTER picks one of the 6 professions and its side before "
                       "the first BUG turn, rb 1162; the engineer builds the Machine-Gun Turret)",
    }


def _help() -> dict[str, str]:
    return {
        "mode": "deathmatch (two teams steal each other's robot; 2, 4 or 6 seats) or arcade (1-4 BUGBUSTERs "
                "together against the BUGs: pick a mission)",
        "rounds": "0 (default: play until a team captures twice), or a number of rounds after which the team "
                  "with more captures wins (equal: a draw) — for a game of fixed length",
        "reactions": "relevant (default: asked to react when attacked, able to assist or to copy a card), all "
                     "(whenever you could react) or none; each player may change their own during the game",
        "pace": "live or async (set from the table's pace; it sets the reaction_wait default)",
        "reaction_wait": f"seconds a reaction window waits (default {LIVE_WAIT} live, {ASYNC_WAIT} async; "
                         f"10 to {MAX_WAIT})",
        "tiles": "default, random (a board drawn from the game's seed), or the board's tile faces by row, top "
                 "row first, rows split by / (e.g. 17 14 23 / 21 03 22 for 2 seats; bases 21 and 22 at the "
                 "bottom corners)",
    }


def parse_tiles(text: str) -> tuple[tuple[int, ...], ...]:
    if text in ("", "default", "random"):  # random: the flag random_tiles, the layout drawn by the engine
        return ()
    rows = []
    for row in text.split("/"):
        cells = row.replace(",", " ").split()
        if not cells or not all(c.isdigit() for c in cells):
            raise BadOptions(f"tiles: default, random or face numbers by row, rows split by /; not '{quoted(text)}'")
        rows.append(tuple(int(c) for c in cells))
    return tuple(rows)


def parse_options(raw: Mapping[str, str]) -> PowerupOptions:
    known = set(option_help())  # random_tiles is set by tiles:random, never typed
    values = {str(k).strip().lower(): str(v).strip().lower() for k, v in raw.items()}
    if unknown := sorted(set(values) - known):
        raise BadOptions(f"unknown option '{quoted(unknown[0])}'; POWERUP options are: {', '.join(sorted(known))}")
    # a mission names an ARCADE game: mode arcade goes without saying
    arcade_only = ("mission", "bugmistress", "professions")
    mode = values.get("mode", "arcade" if any(k in values for k in arcade_only) else "deathmatch")
    if mode not in MODES:
        raise BadOptions(f"mode is {', '.join(MODES)} for now, not '{quoted(mode)}'")
    rounds = values.get("rounds", "0")
    if not rounds.isdigit() or int(rounds) > 99:
        raise BadOptions(f"rounds is a number from 0 (no limit) to 99, not '{quoted(rounds)}'")
    tiles = values.get("tiles", "default")
    reactions = values.get("reactions", "relevant")
    if reactions not in REACT_MODES:
        raise BadOptions(f"reactions is {', '.join(REACT_MODES)}; not '{quoted(reactions)}'")
    pace = values.get("pace", "live")
    if pace not in ("live", "async"):
        raise BadOptions(f"pace is live or async, not '{quoted(pace)}'")
    wait = values.get("reaction_wait", str(LIVE_WAIT if pace == "live" else ASYNC_WAIT))
    if not (wait.isdigit() and 10 <= int(wait) <= MAX_WAIT):
        raise BadOptions(f"reaction_wait is a number of seconds from 10 to {MAX_WAIT}, not '{quoted(wait)}'")
    mission = values.get("mission", "vips")
    if mission not in MISSIONS:
        raise BadOptions(f"mission is {', '.join(MISSIONS)}; not '{quoted(mission)}'")
    mistress = values.get("bugmistress", "ai")
    if mistress not in MISTRESSES:
        raise BadOptions(f"bugmistress is {' or '.join(MISTRESSES)}; not '{quoted(mistress)}'")
    pause = values.get("pause", str(LIVE_PAUSE if pace == "live" else 0))
    try:
        seconds = float(pause)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 5:
        raise BadOptions(f"pause is a number of seconds from 0 to 5, not '{quoted(pause)}'")
    professions = values.get("professions", "off")  # professions.py
    if professions not in ("off", "on"):
        raise BadOptions(f"professions is off or on, not '{quoted(professions)}'")
    if mode != "arcade" and "professions" in values:
        raise BadOptions("professions is an ARCADE option: add mode:arcade")
    if mode == "arcade" and ("tiles" in values or "rounds" in values):
        raise BadOptions("tiles and rounds are DEATHMATCH's: an ARCADE mission has its own board and goal")
    if mode != "arcade" and ("mission" in values or "bugmistress" in values):
        raise BadOptions("mission and bugmistress are ARCADE's options: add mode:arcade")
    return PowerupOptions(mode=mode, tiles=parse_tiles(tiles), random_tiles=tiles == "random", rounds=int(rounds),
                          reactions=reactions, pace=pace, reaction_wait=int(wait), mission=mission,
                          bugmistress=mistress, pause=seconds, professions=professions)
