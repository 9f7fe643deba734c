"""The ``shoot`` path: the move first (with adrenaline or in frenzy), the reloads of a frenzy shot,
the weapon, the shot's own levels (the weapon package's tree), the payment."""

from __future__ import annotations

from rules.adrenaline import weapons
from rules.adrenaline.acts import (
    reload_weapon,
    reloadable,
    shot_squares,
    usable_weapons,
)
from rules.adrenaline.memo import Memo
from rules.adrenaline.paths import (
    Result,
    check_token,
    game_data_reload,
    pay_at,
    token_at,
    why_not,
)
from rules.adrenaline.state import State
from rules.adrenaline.tree import (
    Illegal,
    Node,
    Option,
    cost_text,
    multi_tokens,
    shoot_moves,
    square_options,
    weapon_name,
)


def shoot(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool, keep: bool = False) -> Result:
    i = 0
    copied = perform or keep  # the move and reloads change ``state`` itself only then; else a copy
    here = state.players[seat].square
    moves = shoot_moves(state, seat) or 0
    if moves:
        squares = shot_squares(state, seat)
        if not squares:
            raise Illegal(why_not(state, seat, head))
        token = token_at(rest, i)
        if token is None:  # the level's labels are made only when it is the level asked for
            return Node("square", f"Shoot: move first? (up to {moves}; stay: {here})",
                        tuple(_as_move(o) for o in square_options(state, ((s, "stay here" if s == here else "") for s in squares))))
        square = token[5:]
        if not token.startswith("move:") or square not in squares:
            raise Illegal(f"You cannot shoot after moving to {square[:8]} (up to {moves} move{'s' if moves != 1 else ''}).")
        if square != here:
            if not copied:
                state, copied = state.clone(), True
            state.set_player(seat, square=square)
        i += 1
    lines: list[str] = []
    if moves and state.players[seat].square != here:
        lines.append(f"{state.name(seat)} moves to {state.players[seat].square}.")
    while True:
        options = [Option(w, weapon_name(w), "loaded") for w in usable_weapons(state, seat)]
        if state.frenzy:
            options += [Option(f"load:{w}", f"Reload {weapon_name(w)} first", "pay " + cost_text(
                game_data_reload(w))) for w in reloadable(state, seat)]
        node = Node("weapon", "Fire which weapon", tuple(options))
        if not options:
            raise Illegal(why_not(state, seat, head))
        token = token_at(rest, i)
        if token is None:
            return node
        check_token(node, token, f"{token[:24]} is not a loaded weapon of yours with a legal target"
               + (" (or one to reload)." if state.frenzy else "."))
        i += 1
        if not token.startswith("load:"):
            weapon = token
            break
        w = token[5:]
        paid = pay_at(state, seat, game_data_reload(w), f"reloading {weapon_name(w)}", rest, i)
        if isinstance(paid, Node):
            return paid
        payment, i = paid
        if not copied:
            state, copied = state.clone(), True
        lines.append(reload_weapon(state, seat, w, payment))
    shot: list[str] = []
    signature = state.signature()  # the shot's levels change nothing on the state
    while True:
        found = _LEVELS((signature, seat, weapon, tuple(shot)), lambda: _level(state, seat, weapon, tuple(shot)))
        if found is None:
            break
        level, node = found
        token = token_at(rest, i)
        if token is None:
            return node
        token = _normal_multi(level, token)
        if token not in node.tokens():
            raise Illegal(_shot_problem(state, seat, weapon, tuple(shot), token))
        shot.append(token)
        i += 1
    paid = pay_at(state, seat, weapons.shot_cost(weapon, tuple(shot)), weapon_name(weapon), rest, i)
    if isinstance(paid, Node):
        return paid
    payment, i = paid
    if i < len(rest):
        raise Illegal(f"'{rest[i][:24]}' comes after a complete shot.")
    if perform:
        from rules.adrenaline.acts import fire

        lines += fire(state, seat, weapon, tuple(shot), payment)
    return lines or [f"{state.name(seat)} fires {weapon_name(weapon)}."]


# A shot's levels, remembered by the state's value: each click walks the shot from its first level
# again, so without this a shot of k levels works out k(k+1)/2 levels (and every group's fit).
_LEVELS = Memo()


def _level(state: State, seat: int, weapon: str, shot: tuple[str, ...]) -> tuple[weapons.Level, Node] | None:
    level = weapons.next_level(state, seat, weapon, shot)
    if level is None:
        return None
    node = _shot_node(level)
    if node.kind == "players" and node.maximum > 1:  # groups that break the effect's own rule go
        groups = tuple(o for o in node.options if _fits(state, seat, weapon, (*shot, o.token)))
        used = {x for o in groups for x in o.token.split(",")}
        node = Node(node.kind, node.prompt, groups, node.minimum, node.maximum,
                    tuple(Option(c.token, c.label, c.description) for c in level.choices if c.token in used))
    return level, node


def _as_move(option: Option) -> Option:
    return Option("move:" + option.token, option.label, option.description)


def _shot_node(level: weapons.Level) -> Node:
    options = tuple(Option(c.token, c.label, c.description) for c in level.choices)
    node = Node(level.kind, level.prompt, options, level.minimum, level.maximum)
    if level.kind == "players" and level.maximum > 1:
        singles = {o.token: o for o in options}
        combos = multi_tokens(node)
        node = Node("players", level.prompt, tuple(
            Option(t, " + ".join(singles[x].label.split(" —")[0] for x in t.split(",")),
                   singles[t].description if t in singles else f"{len(t.split(','))} targets") for t in combos),
            level.minimum, level.maximum)
    return node


def _fits(state: State, seat: int, weapon: str, shot: tuple[str, ...]) -> bool:
    try:
        weapons.next_level(state, seat, weapon, shot)
    except ValueError:
        return False
    return True


def _normal_multi(level: weapons.Level, token: str) -> str:
    if level.kind != "players" or "," not in token:
        return token
    order = [c.token for c in level.choices]
    parts = token.split(",")
    return ",".join(sorted(parts, key=lambda x: order.index(x) if x in order else len(order)))


def _shot_problem(state: State, seat: int, weapon: str, shot: tuple[str, ...], token: str) -> str:
    try:
        weapons.from_line(state, seat, weapon, weapons.to_line(weapon, (*shot, token)))
    except (ValueError, IndexError, KeyError) as err:
        return str(err)[:150]
    return f"'{token[:24]}' is not a choice for {weapon_name(weapon)} here."
