"""What happens to Bots and crates on the board: steps, pushes, grinding, damage, pits and exits.

Every function changes a cloned state in place and appends public event lines to ``out``. What a
rule says must happen *next* (draw a Calamity, choose an Upgrade, choose a new Retro) is appended to
``state.owed`` and resolved by the engine after the current instruction or Rogue move (docs, "When
consequences happen"). ``credit`` is the seat whose Retro caused a movement (its move, SHOVE,
TRACTOR/FORCER, or a Bot it PROGRAMs), None when a Rogue or chance did: it decides who keeps a Rogue
that falls into a pit. Quotes are from shared/rulebooks/retro-bots.txt.
"""

from __future__ import annotations

from dataclasses import replace

from rules.retro.data import UPGRADE_LIMIT, game_data
from rules.retro.geometry import adjacent, ahead, door_at, inward, is_pit, nearest_door, on_board, outside_of
from rules.retro.state import Bot, Square, State, retro_id


def bot_name(state: State, bot: Bot) -> str:
    """How events name a figure: "Retro 1 (Treadbot)", "Servobot 3", "the Bossbot", "a crate"."""
    if bot.is_retro:
        seat = bot.seat or 0
        kind = f" ({bot.kind.capitalize()})" if bot.kind else ""
        return f"{state.seats[seat]}{kind}"
    if bot.is_crate:
        return "a crate"
    if bot.kind in ("bossbot", "minionbot"):
        return f"the {bot.kind.capitalize()}"
    number = bot.id[len(bot.kind):]
    return f"{bot.kind.capitalize()} {number}"


def place(state: State, bot: Bot, square: Square, facing: str | None = None) -> Bot:
    moved = replace(bot, x=square[0], y=square[1], facing=facing if facing is not None else bot.facing, outside=None)
    state.bots[bot.id] = moved
    return moved


def doors_jammed(state: State) -> bool:
    """JAMMED DOORS (house card): "Until the end of next round no Bot may pass through a door"."""
    return state.jammed_until > 0 and state.jammed_until >= state.round


def may_exit(state: State, bot: Bot) -> bool:
    """Who passes a door outward. Retros leave (they wait outside, as at the start); the Minionbot
    is driven out to be rescued ("driving it off the board, out one of the EXIT points"); to every
    other Rogue and to crates a door is wall ("ALL Rogues will turn when their move would take them
    into a wall, door, ...")."""
    return not doors_jammed(state) and (bot.is_retro or bot.kind == "minionbot")


def has_upgrade(state: State, seat: int | None, upgrade: str) -> bool:
    return seat is not None and upgrade in state.upgrades[seat]


# -- moving ----------------------------------------------------------------------------------------

def step(state: State, bot_id: str, facing: str, out: list[str], credit: int | None, *, pushes: bool = True,
         by_rogue: bool = False) -> str:
    """``bot_id`` moves one square towards ``facing`` (forward, or backward when backing up).

    Returns what happened: "moved", "blocked" (a wall, a closed door, or a Bot it may not push),
    "ground" (it pushed a Bot that had no room: "each 'move' will not change the position of the
    Bots, but the Bot being pushed will take 1 damage"), "fell" (into a pit), "left" (out a door),
    or "entered" (from outside a door onto the board)."""
    bot = state.bots[bot_id]
    if bot.outside is not None:
        return _enter(state, bot, out, credit, pushes=pushes, by_rogue=by_rogue)
    target = ahead(bot.square, facing)
    if not on_board(target):
        door = door_at(bot.square, facing)
        if door is None or not may_exit(state, bot):
            return "blocked"
        leave(state, bot, door, out, credit)
        return "left"
    other = state.at(target)
    if other is not None:
        if not pushes:
            return "blocked"
        if not push(state, other.id, facing, out, credit, by_rogue=by_rogue):
            return "ground"
    place(state, state.bots[bot_id], target)
    if is_pit(state, target):
        fall(state, bot_id, out, credit)
        return "fell"
    return "moved"


def _enter(state: State, bot: Bot, out: list[str], credit: int | None, *, pushes: bool, by_rogue: bool) -> str:
    """From outside a door onto the square inside it ("you must move forward through the door")."""
    door = bot.outside
    assert door is not None
    if doors_jammed(state):
        return "blocked"
    square = game_data().board.doors[door].square
    other = state.at(square)
    if other is not None:
        if not pushes:
            return "blocked"
        if not push(state, other.id, inward(door), out, credit, by_rogue=by_rogue):
            return "ground"
    place(state, state.bots[bot.id], square, inward(door))
    out.append(f"{bot_name(state, bot)} enters through the {game_data().board.doors[door].name} door.")
    return "entered"


def push(state: State, bot_id: str, facing: str, out: list[str], credit: int | None, *,
         by_rogue: bool = False, damage_if_blocked: bool = True) -> bool:
    """Push a Bot or crate one square, without chains: "PUSHING ... will PUSH that Bot back one
    square, if there is room"; "If there is no room to push a Bot (because there is a wall or
    another Bot in the way) ... the Bot being pushed will take 1 damage." Returns whether it moved.
    Mag Clamp (house Upgrade): Rogues cannot push that Retro; a Visebot grinding it still damages."""
    bot = state.bots[bot_id]
    if by_rogue and bot.is_retro and has_upgrade(state, bot.seat, "mag_clamp"):
        return _blocked(state, bot, out, credit, damage_if_blocked)
    target = ahead(bot.square, facing)
    if not on_board(target):
        door = door_at(bot.square, facing)
        if door is not None and may_exit(state, bot):
            leave(state, bot, door, out, credit)
            return True
        return _blocked(state, bot, out, credit, damage_if_blocked)
    if state.at(target) is not None:
        return _blocked(state, bot, out, credit, damage_if_blocked)
    place(state, bot, target)
    if is_pit(state, target):
        fall(state, bot_id, out, credit)
    return True


def _blocked(state: State, bot: Bot, out: list[str], credit: int | None, damaging: bool) -> bool:
    if damaging:
        damage(state, bot.id, out, credit)
    return False


def force_to(state: State, bot_id: str, square: Square, out: list[str], credit: int | None) -> None:
    """Move a Bot straight to a free square (TRACTOR/FORCER's path was checked square by square)."""
    place(state, state.bots[bot_id], square)
    if is_pit(state, square):
        fall(state, bot_id, out, credit)


# -- damage, pits, exits ---------------------------------------------------------------------------

def damage(state: State, bot_id: str, out: list[str], credit: int | None = None) -> None:
    """1 damage. A Rogue or a Retro is STUNNED ("Lie the Bot on its back"); a Bossbot is "immune to
    damage- they cannot be stunned"; a Nanobot "is disabled and must be removed (as falling into a
    pit)"; a crate is opened: removed, a Calamity drawn, and an adjacent Retro may take an Upgrade."""
    bot = state.bots.get(bot_id)
    if bot is None or bot.outside is not None:
        return
    name = bot_name(state, bot)
    if bot.kind == "bossbot":
        out.append(f"{name} shrugs off the damage (immune).")
        return
    if bot.is_crate:
        _open_crate(state, bot, out)
        return
    if bot.is_retro:
        seat = bot.seat or 0
        if has_upgrade(state, seat, "armor") and not state.armor_used[seat]:
            state.armor_used = _set(state.armor_used, seat, True)
            out.append(f"{name}'s Armor Plating takes the hit.")
            return
        if bot.kind == "nanobot":
            out.append(f"{name} takes damage and is destroyed.")
            lose_retro(state, seat, nearest_door(bot.square), out)
            return
    if not bot.stunned:
        state.bots[bot_id] = replace(bot, stunned=True)
        out.append(f"{name} takes 1 damage and is stunned.")
    else:
        out.append(f"{name} takes 1 damage (already stunned).")


def _open_crate(state: State, crate: Bot, out: list[str]) -> None:
    """"Any time a crate is damaged, remove it from play and draw a CALAMITY card." "If a Crate is
    damaged when adjacent to a RETRO, that retro may immediately take an UPGRADE card!\""""
    del state.bots[crate.id]
    out.append("A crate is smashed open.")
    owed = [("calamity", "a crate was damaged")]
    for square in adjacent(crate.square):
        other = state.at(square)
        if other is not None and other.is_retro:
            owed.append(("upgrade", other.seat, "next to a crate when it was opened"))
    state.owed = (*state.owed, *owed)


def fall(state: State, bot_id: str, out: list[str], credit: int | None) -> None:
    """A figure on an open pit falls in. A Rogue is disabled and "kept by that player" whose Retro
    pushed, shoved or pulled it (by accident: kept by nobody); a Retro is lost (a Calamity, its
    Upgrades discarded, a different type chosen, waiting outside the exit nearest the pit); a crate
    fills the pit and draws a Calamity; the Minionbot "is lost and no points are scored"."""
    bot = state.bots[bot_id]
    name = bot_name(state, bot)
    square = bot.square
    if bot.is_crate:
        del state.bots[bot_id]
        state.filled = (*state.filled, square)
        out.append(f"{name.capitalize()} falls into the pit at {notation_square(square)} and fills it.")
        state.owed = (*state.owed, ("calamity", "a crate fell into a pit"))
        return
    if bot.is_retro:
        out.append(f"{name} falls into the pit at {notation_square(square)}.")
        lose_retro(state, bot.seat or 0, nearest_door(square), out)
        return
    del state.bots[bot_id]
    if bot.kind == "minionbot":
        state.lost_rogues = (*state.lost_rogues, bot.kind)
        out.append(f"{name} falls into a pit and is lost.")
        return
    if credit is None:
        state.lost_rogues = (*state.lost_rogues, bot.kind)
        out.append(f"{name} falls into a pit (nobody keeps it).")
        return
    kept = list(state.kept)
    kept[credit] = (*kept[credit], bot.kind)
    state.kept = tuple(kept)
    out.append(f"{name} falls into a pit: {state.seats[credit]} keeps it.")
    if bot.kind == "bossbot":
        state.owed = (*state.owed, ("upgrade", credit, "disabled the Bossbot"))
    types = set(state.in_play)
    if types and not state.all_types_earned[credit] and types <= set(kept[credit]):
        state.all_types_earned = _set(state.all_types_earned, credit, True)
        state.owed = (*state.owed, ("upgrade", credit, "disabled one of each type of Rogue"))


def lose_retro(state: State, seat: int, door: int, out: list[str]) -> None:
    """"If a Retro ever drives or is pushed into a pit, they must be removed, and a CALAMITY must be
    immediately drawn! Discard any upgrade cards ... choose a different type of Retro ... start them
    just outside the Exit point nearest the pit they fell into.\""""
    old = state.bots[retro_id(seat)]
    lost_upgrades = state.upgrades[seat]
    upgrades = list(state.upgrades)
    upgrades[seat] = ()
    state.upgrades = tuple(upgrades)
    x, y = outside_of(door)
    state.bots[old.id] = Bot(old.id, old.kind, x, y, inward(door), False, door)
    if lost_upgrades:
        names = ", ".join(game_data().upgrade(u).name for u in lost_upgrades)
        out.append(f"{state.seats[seat]} loses its Upgrades ({names}).")
    state.owed = (*state.owed, ("calamity", f"{state.seats[seat]} was disabled"), ("retype", seat, old.kind))


def leave(state: State, bot: Bot, door: int, out: list[str], credit: int | None) -> None:
    """Out through a door: the Minionbot is rescued ("Players should try to rescue the minionbot by
    driving it off the board, out one of the EXIT points"), an Upgrade for the Retro that did it; a
    Retro waits outside that door and may come back in with its next move."""
    name = bot_name(state, bot)
    door_name = game_data().board.doors[door].name
    if bot.kind == "minionbot":
        del state.bots[bot.id]
        state.rescued = True
        out.append(f"{name} is rescued through the {door_name} exit!")
        if credit is not None:
            state.owed = (*state.owed, ("upgrade", credit, "rescued the Minionbot"))
        return
    x, y = outside_of(door)
    state.bots[bot.id] = replace(bot, x=x, y=y, facing=inward(door), outside=door)
    out.append(f"{name} goes out through the {door_name} door and waits outside.")


def upgrade_room(state: State, seat: int) -> bool:
    return len(state.upgrades[seat]) < UPGRADE_LIMIT


def notation_square(square: Square) -> str:
    """A square as players read it off the board image: column letter A-L, row number 1-12 ("C4")."""
    return f"{'ABCDEFGHIJKL'[square[0]]}{square[1] + 1}"


def _set(values: tuple, index: int, value) -> tuple:
    items = list(values)
    items[index] = value
    return tuple(items)
