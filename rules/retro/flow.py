"""The round (TURN ORDER) as steps: each Rogue's move and each program instruction is one step, so
the channel sees the board after each; a step stops where a player has a choice.

"Each Round, go through the following steps in order": the Rogue cards are dealt; programming
(engine.py); "The player with the Pry Bar goes FIRST. That player must move the BOSSBOT if there is
one, then the MINIONBOT, then their Rogues, and finally their Retro must run its program. The next
player ... moves their Rogues, and then their Retro runs its program"; a Calamity; Upgrades may be
surrendered; "pass the PRY BAR to the left".

Consequences a rule says happen "immediately" (a Calamity, an Upgrade to choose, a new Retro to
choose) are owed (``state.owed``) and resolved right after the instruction or Rogue move that caused
them, before anything else moves (docs, "When consequences happen").
"""

from __future__ import annotations

from dataclasses import replace

from rules.core.rng import Rng
from rules.retro import calamity
from rules.retro.data import game_data
from rules.retro.instructions import hack_targets, run_instruction, shove_options
from rules.retro.physics import bot_name, upgrade_room
from rules.retro.programs import runs_if_stunned
from rules.retro.rogues import move_rogue, rogue_order
from rules.retro.state import Cursor, State, retro_id

CHOICES = ("upgrade", "retype")  # owed things a player decides


def begin_round(state: State, out: list[str]) -> None:
    """"Gather up the ROGUE cards ... and shuffle them. Each player draws 1 card at random.\""""
    n = len(state.seats)
    state.round += 1
    rng = Rng(state=state.rng)
    cards = list(state.in_play)
    rng.shuffle(cards)
    state.rng = tuple(rng.state())
    state.dealt = tuple(cards[:n])
    state.programs, state.locked = ((),) * n, (False,) * n
    state.armor_used, state.asked = (False,) * n, ()
    state.phase, state.queue, state.cursor, state.ran = "program", (), None, ()
    deal = ", ".join(f"{state.seats[s]} moves the {state.dealt[s].capitalize()}s" for s in range(n))
    out.append(f"Round {state.round}: {deal}. Program your Retros!")


def start_run(state: State, seconds_left: int, out: list[str]) -> None:
    """All programs are locked: "If all players finish programming before the timer runs out ... you
    may add the time left over to the next round's programming step!\""""
    n = len(state.seats)
    state.bank = float(seconds_left) if state.timer else 0.0
    state.rush = False
    queue = [f"rogue:{b}" for b in ("bossbot", "minionbot") if b in state.bots]
    for k in range(n):
        seat = (state.pry_bar + k) % n
        queue += [f"rogues:{seat}", f"retro:{seat}"]
    state.queue, state.phase = tuple(queue), "run"
    carried = f" {seconds_left} s carry over to the next round." if state.timer and seconds_left else ""
    out.append(f"Every program is locked.{carried} The Rogues and the Retros run, from {state.seats[state.pry_bar]} "
               "(the Pry Bar).")


def step(state: State, out: list[str]) -> None:
    """The next step of the run: one instruction of the program running, else the next Rogue's move
    or the start of the next program."""
    if state.cursor is not None and not state.cursor.choice:
        execute(state, out)
        return
    while state.queue and state.cursor is None:
        item, state.queue = state.queue[0], state.queue[1:]
        what, _, who = item.partition(":")
        if what == "rogues":
            seat = int(who)
            ids = rogue_order(state, seat)
            if not ids:
                out.append(f"No {state.dealt[seat].capitalize()} is left for {state.seats[seat]} to move.")
            state.queue = (*(f"rogue:{i}" for i in ids), *state.queue)
            continue
        if what == "rogue":
            if who in state.bots and state.bots[who].outside is None:
                move_rogue(state, who, out)
                return
            continue
        if _start_program(state, int(who), out):
            prepare(state)
            if state.cursor is not None and not state.cursor.choice:
                execute(state, out)
            return


def _start_program(state: State, seat: int, out: list[str]) -> bool:
    program = state.programs[seat]
    retro = state.retro(seat)
    name = state.seats[seat]
    if retro is None or not state.retro_types[seat]:
        return False
    stop = len(program)
    if retro.stunned:
        # "On its next turn it will stand back up, facing the original direction ... and run ONLY the
        # first 3 instructions it has programmed."
        state.bots[retro.id] = replace(retro, stunned=False)
        stop = min(stop, runs_if_stunned(state, seat))
        out.append(f"{name} stands back up and runs only its first {runs_if_stunned(state, seat)} instructions.")
    if stop == 0:
        out.append(f"{name} has no instructions to run.")
        return False
    state.cursor, state.ran = Cursor(seat, 0, stop), ()
    out.append(f"{name} runs its program ({stop} instruction{'s' if stop != 1 else ''}).")
    return True


def prepare(state: State) -> None:
    """Before the next instruction runs: does its player have to choose something? After PROGRAM,
    which adjacent Bot it drives ("may be applied to any Bot adjacent to you"); for SHOVE, which way
    ("give you a choice of direction at the time they are run")."""
    c = state.cursor
    if c is None or c.choice:
        return
    me = retro_id(c.seat)
    target = c.target or me
    if c.hacking and not c.target:
        targets = hack_targets(state, me)
        if len(targets) > 1:
            state.cursor = replace(c, choice="target")
            state.decisions += 1
            return
    if state.programs[c.seat][c.index] == "SHOVE" and shove_options(state, target):
        state.cursor = replace(c, choice="shove", target=target)
        state.decisions += 1


def execute(state: State, out: list[str], shove: str | None = None) -> None:
    """Run the instruction at the cursor on its target, then see whether the program goes on."""
    c = state.cursor
    assert c is not None
    me = retro_id(c.seat)
    target = c.target or me
    instruction = state.programs[c.seat][c.index]
    turbo = (instruction == "F2" and target == me and not c.turbo_used and "turbo" in state.upgrades[c.seat])
    if target != me and target in state.bots:
        out.append(f"{state.seats[c.seat]} drives {bot_name(state, state.bots[target])}: {instruction}.")
    before = state.retro(c.seat)
    was_outside = before is not None and before.outside is not None
    run_instruction(state, target, instruction, out, c.seat, shove=shove, turbo=turbo)
    state.ran = (*state.ran, instruction)
    state.cursor = replace(c, index=c.index + 1, choice="", target="", hacking=c.hacking or instruction == "PROGRAM",
                           turbo_used=c.turbo_used or turbo)
    _check_cursor(state, out, was_outside)


def _check_cursor(state: State, out: list[str], was_outside: bool = True) -> None:
    c = state.cursor
    if c is None:
        return
    retro = state.retro(c.seat)
    name = state.seats[c.seat]
    if retro is None or (retro.outside is not None and not was_outside):
        # It fell, was destroyed or went out through a door: the rest of its program is gone. (A Retro
        # still waiting to enter, whose door was blocked, keeps trying with its next instructions.)
        state.cursor = None
    elif retro.stunned:
        # "If it is stunned while executing instructions, any remaining instructions are discarded."
        if c.index < c.stop:
            out.append(f"{name} is stunned: its remaining instructions are discarded.")
        state.cursor = None
    elif c.index >= c.stop:
        state.cursor = None


def settle(state: State, out: list[str]) -> None:
    """Resolve what is owed, check the end, and move the round on until a step or a choice is next."""
    while state.phase in ("run", "end"):
        if _ended(state, out):
            return
        if state.owed:
            kind = state.owed[0][0]
            if kind == "calamity":
                reason = state.owed[0][1]
                state.owed = state.owed[1:]
                calamity.draw(state, reason, out)
                continue
            if kind == "upgrade" and not _can_upgrade(state, state.owed[0][1]):
                seat = state.owed[0][1]
                state.owed = state.owed[1:]
                out.append(f"{state.seats[seat]} earned an Upgrade but has no room for one (two at most).")
                continue
            if kind == "retype":
                _drop_program(state, state.owed[0][1])
            return  # a player's choice
        _check_cursor(state, out)
        prepare(state)
        if state.cursor is not None or state.queue:
            return
        if state.phase == "run":
            state.phase = "end"
            calamity.draw(state, "end of the round", out)
            continue
        if surrender_seat(state) is not None:
            return
        state.pry_bar = (state.pry_bar + 1) % len(state.seats)
        out.append(f"The Pry Bar passes to {state.seats[state.pry_bar]}.")
        begin_round(state, out)
        return


def _drop_program(state: State, seat: int) -> None:
    """A lost Retro's program goes with it: its turn this round is skipped."""
    state.queue = tuple(item for item in state.queue if item != f"retro:{seat}")
    if state.cursor is not None and state.cursor.seat == seat:
        state.cursor = None


def _can_upgrade(state: State, seat: int) -> bool:
    retro = state.retro(seat)
    return upgrade_room(state, seat) and bool(upgrade_supply(state)) and retro is not None


def upgrade_supply(state: State) -> list[str]:
    """The Upgrade cards nobody holds, face up to choose from ("choose an upgrade card")."""
    held = {u for ups in state.upgrades for u in ups}
    return [u.id for u in game_data().upgrades if u.id not in held]


def surrender_seat(state: State) -> int | None:
    """The next player, from the Pry Bar holder, who may still surrender an Upgrade this round."""
    if not state.catastrophes or state.phase != "end" or state.owed:
        return None
    n = len(state.seats)
    for k in range(n):
        seat = (state.pry_bar + k) % n
        if seat not in state.asked and state.upgrades[seat]:
            return seat
    return None


def _ended(state: State, out: list[str]) -> bool:
    """"If ALL the Rogues are disabled, the players have won!" (three Catastrophes: calamity.py)."""
    if state.phase == "over":
        return True
    if not state.rogues():
        kept = sum(len(k) for k in state.kept)
        state.result, state.phase = "win", "over"
        state.summary = (f"All the Rogues are disabled: the Retros win in round {state.round}! "
                         f"({kept} kept by the players" + (", the Minionbot rescued" if state.rescued else "") + ")")
        state.cursor, state.queue, state.owed = None, (), ()
        out.append(state.summary)
        return True
    return False
