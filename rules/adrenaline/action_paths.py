"""The other paths of the tree of choices: run, grab, reload, Newton, Teleporter, spawn, end, pass,
the standing Tagback answer, and the reactions (Targeting Scope, Tagback Grenade, respawn)."""

from __future__ import annotations

from rules.adrenaline.acts import (
    grab_problem,
    grabbable_squares,
    perform_grab,
    reload_weapon,
    reloadable,
    respawn_square,
    spawn_colour_of,
)
from rules.adrenaline.damage import geo, targetable
from rules.adrenaline.paths import (
    Result,
    check_token,
    finished,
    game_data_pickup,
    game_data_reload,
    pay_at,
    take_ok,
    token_at,
    why_not,
)
from rules.adrenaline.state import State
from rules.adrenaline.tree import (
    Illegal,
    Node,
    Option,
    card_name,
    cost_text,
    grab_moves,
    run_moves,
    square_options,
    weapon_name,
)


def _run(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    here = state.players[seat].square
    reach = run_moves(state, seat)
    squares = geo(state).reachable(here, reach)
    target = token_at(rest, 0)
    if target is None:  # the level's labels are made only when it is the level asked for
        return Node("square", f"Run: where to (up to {reach} moves)",
                    square_options(state, ((s, f"{geo(state).distance[here][s]} moves") for s in squares)))
    if target not in squares:
        raise Illegal(f"{target[:8]} is not 1-{reach} moves away.")
    if perform:
        state.set_player(seat, square=target)
        state.actions_left -= 1
    return finished(rest, 1, [f"{state.name(seat)} runs to {target}."])


def _grab(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    reach = grab_moves(state, seat)
    squares = grabbable_squares(state, seat, reach)
    if not squares:
        raise Illegal(why_not(state, seat, head))
    square = token_at(rest, 0)
    if square is None:
        return Node("square", f"Grab: where (up to {reach} move{'s' if reach != 1 else ''})",
                    square_options(state, squares.items()))
    if square not in squares:
        raise Illegal(grab_problem(state, seat, square, reach))
    spawn = spawn_colour_of(state, square)
    i = 1
    weapon = drop = None
    if spawn is not None:
        p = state.players[seat]
        choices = [w for w in state.slots[spawn] if w is not None and take_ok(
            state, seat, game_data_pickup(w))]
        wnode = Node("weapon", f"Grab which weapon at the {square} spawnpoint",
                     tuple(Option(f"weapon:{w}", weapon_name(w), "pickup " + cost_text(game_data_pickup(w)))
                           for w in choices))
        token = token_at(rest, i)
        if token is None:
            return wnode
        check_token(wnode, token, f"{token[7:30] or token[:24]} is not a weapon at {square} you can pay for.")
        weapon, i = token[7:], i + 1
        if len(p.weapons) >= 3:
            dnode = Node("drop", "You hold 3 weapons: drop one into the emptied slot",
                         tuple(Option(f"drop:{w}", f"Drop {weapon_name(w)}", "loaded" if ok else "unloaded")
                               for w, ok in p.weapons))
            token = token_at(rest, i)
            if token is None:
                return dnode
            check_token(dnode, token, "With a fourth weapon you must drop one of the three you hold (drop:<weapon>).")
            drop, i = token[5:], i + 1
        paid = pay_at(state, seat, game_data_pickup(weapon), weapon_name(weapon), rest, i)
        if isinstance(paid, Node):
            return paid
        payment, i = paid
        if i < len(rest):
            raise Illegal(f"'{rest[i][:24]}' comes after a complete action.")
        return perform_grab(state, seat, square, weapon, drop, payment, perform)
    return finished(rest, i, perform_grab(state, seat, square, None, None, (), perform))


def _reload(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    node = Node("weapon", "Reload which weapon", tuple(
        Option(w, weapon_name(w), "pay " + cost_text(game_data_reload(w))) for w in reloadable(state, seat)))
    token = token_at(rest, 0)
    if token is None:
        return node
    check_token(node, token, f"{token[:24]} is not an unloaded weapon of yours you can pay to reload.")
    paid = pay_at(state, seat, game_data_reload(token), f"reloading {weapon_name(token)}", rest, 1)
    if isinstance(paid, Node):
        return paid
    payment, i = paid
    line = reload_weapon(state, seat, token, payment) if perform else ""
    if perform:
        state.ending = True
        state.actions_left = 0
    return finished(rest, i, [line])


def newton_targets(state: State, seat: int) -> list[int]:
    return [s for s in range(state.count) if s != seat and targetable(state, s) and _newton_squares(state, s)]


def _newton_squares(state: State, target: int) -> list[str]:
    square = state.players[target].square
    g = geo(state)
    return sorted({s for d in ("n", "e", "s", "w") for s in g.line(square, d, 2)}, key=g.squares.index)


def _newton(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    node = Node("player", "Newton: move which figure", tuple(
        Option(state.seats[s], state.name(s), f"on {state.players[s].square}") for s in newton_targets(state, seat)))
    who = token_at(rest, 0)
    if who is None:
        return node
    check_token(node, who, "Newton moves another player's figure that is on the board.")
    target = state.seats.index(who)
    squares = _newton_squares(state, target)
    square = token_at(rest, 1)
    if square is None:  # the level's labels are made only when it is the level asked for
        return Node("square", f"Newton: move {state.name(target)} 1 or 2 squares in one direction",
                    square_options(state, ((s, "") for s in squares)))
    if square not in squares:
        raise Illegal("Newton moves a figure 1 or 2 squares in one straight direction (doors, not walls).")
    if perform:
        _discard(state, seat, head)
        state.set_player(target, square=square)
    return finished(rest, 2, [f"{state.name(seat)} plays Newton: {state.name(target)} moves to {square}."])


def _teleporter(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    here = state.players[seat].square
    squares = tuple(s for s in geo(state).squares if s != here)
    square = token_at(rest, 0)
    if square is None:
        return Node("square", "Teleporter: to which square", square_options(state, ((s, "") for s in squares)))
    if square not in squares:
        raise Illegal("Teleporter sets your figure down on any other square of the board.")
    if perform:
        _discard(state, seat, head)
        state.set_player(seat, square=square)
    return finished(rest, 1, [f"{state.name(seat)} plays Teleporter and appears on {square}."])


def _discard(state: State, seat: int, card: str) -> None:
    cards = list(state.players[seat].powerups)
    cards.remove(card)
    state.set_player(seat, powerups=tuple(cards))
    state.powerup_discard.append(card)


def _spawn(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    if perform:
        return finished(rest, 0, spawn(state, seat, head[6:]))
    return finished(rest, 0, [f"{state.name(seat)} discards {card_name(head[6:])} and spawns."])


def spawn(state: State, seat: int, card: str) -> list[str]:
    square = respawn_square(state, card)
    _discard(state, seat, card)
    state.set_player(seat, square=square, killed=False)
    return [f"{state.name(seat)} discards {card_name(card)} and spawns on {square}."]


def _simple(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    if head.startswith("answer:"):
        if perform:
            state.tagback_answer[seat] = head[7:]
        return finished(rest, 0, [])
    return finished(rest, 0, [])


def _scope(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    card = "targeting_scope:" + head[6:]
    shot = state.shot
    assert shot is not None
    node = Node("player", "Targeting Scope: +1 damage to whom", tuple(
        Option(state.seats[s], state.name(s), "damaged by this shot") for s in shot.damaged))
    who = token_at(rest, 0)
    if who is None:
        return node
    check_token(node, who, "The Targeting Scope adds 1 damage to a player your shot damaged (not one only marked).")
    paid = pay_at(state, seat, ("*",), "the Targeting Scope", rest, 1, exclude=(card,))
    if isinstance(paid, Node):
        return paid
    payment, i = paid
    target = state.seats.index(who)
    if perform:
        from rules.adrenaline.acts import play_scope

        play_scope(state, seat, card, target, payment)
    return finished(rest, i, [f"{state.name(seat)} plays a Targeting Scope: +1 damage to {state.name(target)}."])


def _tagback(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    shooter = state.shot.shooter if state.shot else 0
    if perform:
        return finished(rest, 0, throw_tagback(state, seat, "tagback_grenade:" + head[8:]))
    return finished(rest, 0, [f"{state.name(seat)} throws a Tagback Grenade: 1 mark on {state.name(shooter)}."])


def throw_tagback(state: State, seat: int, card: str) -> list[str]:
    from rules.adrenaline.damage import give_marks

    shooter = state.shot.shooter if state.shot else 0
    _discard(state, seat, card)
    give_marks(state, seat, shooter, 1)
    return [f"{state.name(seat)} throws a Tagback Grenade: 1 mark on {state.name(shooter)}."]


def _respawn(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    if perform:
        state.respawn_choice[seat] = head[8:]
    return finished(rest, 0, [])


ROOTS = {  # the root word of a path -> the function that walks the rest (``shoot`` is shoot_path's)
    "run": _run, "grab": _grab, "reload": _reload, "newton": _newton, "teleporter": _teleporter,
    "spawn": _spawn, "end": _simple, "pass": _simple, "answer": _simple, "scope": _scope, "tagback": _tagback,
    "respawn": _respawn,
}
