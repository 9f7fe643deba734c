"""What Retro Bots vs Rogues shows to the channel (PublicView) and to one player alone (PrivateView).

These models are the only way facts leave the engine: the renderer and every message are built from
them. Hidden information, and the reading taken:

- Programs are secret until they run. The rulebook has players lay their tokens in the open; on
  Discord each program is built in the player's DM, never shown in the channel (a house rule the
  issue asks for, docs "Secret programs"). The channel sees only who has locked their program.
  While a program runs, the instructions that have run are public, one by one; the rest stay hidden
  (a program cut short by a stun never shows its tail).
- The Calamity deck's order is hidden; its size, the discards and the face-up Catastrophes are public.
- Everything on the board is public, and so are the Rogue cards in front of the players, the
  Upgrades and the Rogues each player keeps.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class BotView(_Frozen):
    id: str  # "R0" (seat 0's Retro), "servobot3", "bossbot", "minionbot", "crate2"
    kind: str  # treadbot | shotbot | nanobot | servobot | ... | bossbot | minionbot | crate
    x: int  # column 0-11 (shown as A-L); outside the board (-1 or 12) for a Retro waiting at a door
    y: int  # row 0-11 (shown as 1-12)
    facing: str | None  # N E S W; None for a crate
    stunned: bool
    seat: int | None  # whose Retro; None for Rogues and crates
    outside: int | None  # the door it waits outside of
    label: str  # a short name drawn on the board: "1" for Retro 1, "S3" for Servobot 3, "B", "M"


class DoorView(_Frozen):
    name: str  # north east south west
    x: int  # the floor square just inside it
    y: int
    side: str  # the wall it is in: N E S W


class SeatView(_Frozen):
    seat: int
    label: str  # "Retro 1"
    retro: str  # its type, "" until chosen
    rogue_card: str  # the Rogue type it moves this round ("" before the first deal)
    upgrades: tuple[str, ...]  # Upgrade names
    kept: tuple[str, ...]  # kinds of the Rogues it disabled
    locked: bool  # its program is locked this round
    stunned: bool  # its Retro is stunned (runs only its first 3 instructions)
    waiting_outside: bool  # its Retro waits outside a door


class RunView(_Frozen):
    """The program running now: whose, what has run so far (public), how far it may run."""

    seat: int
    shown: tuple[str, ...]  # the instructions that have run, in notation
    runs: int  # instructions that will run at most (3 after a stun; the program's length)
    hacking: bool  # a PROGRAM instruction has run: the next ones may drive an adjacent Bot
    asking: str  # what the player is asked before the next instruction: "", "target", "shove"


class PublicView(_Frozen):
    title: str
    round: int
    phase: str  # choose_type | program | clock | run | surrender | over
    width: int
    height: int
    doors: tuple[DoorView, ...]
    pits: tuple[tuple[int, int], ...]  # open pits
    filled: tuple[tuple[int, int], ...]  # pits a crate fell into (now floor)
    bots: tuple[BotView, ...]
    seats: tuple[SeatView, ...]
    pry_bar: int  # the seat holding the Pry Bar (the first player this round)
    in_play: tuple[str, ...]  # the Rogue types in play
    rogues_left: int  # Rogues still on the board (0: the Retros win)
    rogue_supply: tuple[tuple[str, int], ...]  # type -> figures not on the board (for Surplus)
    catastrophes: tuple[str, ...]  # face up, names (3: the Retros lose)
    deck_size: int
    last_calamity: str  # the name of the Calamity drawn last, "" if none yet
    timer: int  # this round's programming seconds (0: no timer), carry-over and Rush Job included
    bank: float  # seconds carried over to the next programming step
    rush: bool  # a Rush Job shortens the next timer
    jammed: bool  # Jammed Doors in effect
    run: RunView | None
    queue: tuple[str, ...]  # what still runs this round, in order ("rogue:servobot3", "retro:1")
    waiting: str  # what the game waits for, in a line
    events: tuple[str, ...]  # the latest public events, oldest first
    result: str | None  # "win" | "loss" once over
    summary: str


class PrivateView(_Frozen):
    public: PublicView
    seat: int
    program: tuple[str, ...]  # the seat's own program so far (hidden from the others)
    locked: bool
    counters_left: tuple[tuple[str, int], ...]  # instruction counter -> how many are still free
    limits: tuple[tuple[str, int], ...]  # class -> how many of it the Retro may take (loader, ...)
    program_max: int  # 6, 7 with Extra Memory (or a free Rotate with the Gyroscope)
    must_enter: bool  # the Retro waits outside: its first instruction must move it through the door
    runs_if_stunned: int  # 3 (4 with Overclock) when the Retro is stunned
    choices: tuple[str, ...]  # what this seat may do now, in notation
