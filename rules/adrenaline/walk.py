"""Walking a path of tokens down the tree of choices (``rules.adrenaline.tree``), and performing it.

``walk(state, seat, path, perform)`` works on ``state`` (a clone it owns): it checks each token
against the level the earlier ones leave, and returns the next ``Node`` when the path is not yet a
complete action, or the public lines of the action when it is (``perform``: the action is also done
on ``state``; otherwise only the moves and reloads the later levels depend on are). The turn's
actions (the seed's summary, "TURN"):

- Run around: 1-3 moves (4 in a two-action frenzy); back to the start allowed.
- Grab stuff: up to 1 move (2 with 3+ damage; frenzy 2 or 3), then the tile or one spawnpoint weapon.
- Shoot people: with 6+ damage up to 1 move first (frenzy: 1 or 2, then reloads), then a shot.
- Newton and Teleporter: before, between or after the actions, never once the end of turn began.
- Reload (the end of turn begins), end, pass (give up the actions left).
"""

from __future__ import annotations

from rules.adrenaline import weapons
from rules.adrenaline.acts import (
    grab_problem,
    grabbable_squares,
    perform_grab,
    powerup_cards,
    reload_weapon,
    reloadable,
    respawn_square,
    shot_squares,
    usable_weapons,
)
from rules.adrenaline.damage import geo, targetable
from rules.adrenaline.state import State
from rules.adrenaline.tree import (
    ANSWERS,
    Illegal,
    Node,
    Option,
    _square_option,
    card_name,
    cost_text,
    grab_moves,
    multi_tokens,
    pay_node,
    run_moves,
    shoot_moves,
    take_payment,
    weapon_name,
)

Result = Node | list[str]


def walk(state: State, seat: int, path: tuple[str, ...], perform: bool = False, keep: bool = False) -> Result:
    """``keep``: a shot's path leaves its move and reloads on ``state`` (``shot_state``); otherwise a
    walk that does not perform never changes ``state`` (a shot's path works on a copy when it must)."""
    if not path:
        return root(state, seat)
    head, rest = path[0], path[1:]
    handler = _ROOTS.get(head.split(":")[0])
    if handler is None or head not in root(state, seat, only=head.split(":")[0]).tokens():
        raise Illegal(_why_not(state, seat, head))
    if handler is _shoot:
        return _shoot(state, seat, head, rest, perform, keep)
    return handler(state, seat, head, rest, perform)


def shot_state(state: State, seat: int, prefix: tuple[str, ...]) -> State:
    """The state a shot is declared in: after the ``shoot`` path's move and reloads (``prefix`` ends
    with the weapon token)."""
    trial = state.clone()
    walk(trial, seat, prefix[:-1], keep=True)
    return trial


def root(state: State, seat: int, only: str | None = None) -> Node:
    """The first level of the seat's decision in the current phase. ``only``: the root word a path
    starts with; the costly checks of the other words are skipped (the level is then incomplete: it is
    only asked whether that word is open)."""
    p = state.players[seat]

    def want(kind: str) -> bool:
        return only is None or only == kind

    options: list[Option] = []
    if state.phase == "respawn":
        for card in dict.fromkeys(p.powerups):
            colour = {"R": "red", "B": "blue", "Y": "yellow"}[card[-1]]
            options.append(Option(f"respawn:{card}", f"Discard {card_name(card)}", f"respawn at the {colour} spawnpoint"))
        return Node("action", "Respawn: discard a powerup; its colour is where you appear", tuple(options))
    if state.phase == "scope":
        for card in dict.fromkeys(c for c in p.powerups if c.startswith("targeting_scope:")):
            if take_ok(state, seat, ("*",), exclude=(card,)):
                options.append(Option(f"scope:{card[-1]}", f"Play {card_name(card)}", "+1 damage to a player you damaged"))
        options.append(Option("pass", "No more Targeting Scopes", "the shot is over"))
        return Node("action", "Targeting Scope?", tuple(options))
    if state.phase == "tagback":
        shooter = state.name(state.shot.shooter) if state.shot else "the shooter"
        for card in dict.fromkeys(c for c in p.powerups if c.startswith("tagback_grenade:")):
            options.append(Option(f"tagback:{card[-1]}", f"Throw {card_name(card)}", f"give {shooter} 1 mark"))
        options.append(Option("pass", "Keep your grenade", ""))
        options += _answers(state, seat)
        return Node("action", f"Tagback Grenade at {shooter}?", tuple(options))
    if state.phase != "turn" or seat != state.turn:
        return Node("action", "", ())
    if not p.spawned:
        for card in dict.fromkeys(p.powerups):
            colour = {"R": "red", "B": "blue", "Y": "yellow"}[card[-1]]
            options.append(Option(f"spawn:{card}", f"Discard {card_name(card)}", f"spawn at the {colour} spawnpoint"))
        options.append(Option("end", "End the turn", "spawn keeping the first card drawn, then end"))
        return Node("action", "Spawn: discard one powerup; its colour is where you appear", tuple(options))
    if state.actions_left > 0 and not state.ending:
        if state.frenzy and frenzy_two(state, seat):
            options.append(Option("run", "Run around", f"move up to {run_moves(state, seat)} squares"))
        elif not state.frenzy:
            options.append(Option("run", "Run around", "move 1 to 3 squares"))
        # asked about one word only, grab and shoot are let through here: their own first level is
        # worked out next and refuses the word when it is empty (saving the same work twice)
        if only == "grab" or want("grab") and grabbable_squares(state, seat, grab_moves(state, seat)):
            options.append(Option("grab", "Grab stuff", f"move up to {grab_moves(state, seat)}, then grab"))
        if only == "shoot" or want("shoot") and shot_squares(state, seat):
            moves = shoot_moves(state, seat) or 0
            options.append(Option("shoot", "Shoot people", f"move up to {moves}, then fire" if moves else "fire a loaded weapon"))
    if not state.ending:
        for card in dict.fromkeys(c for c in p.powerups if c.startswith(("newton:", "teleporter:"))):
            if card.startswith("newton:") and want("newton") and not _newton_targets(state, seat):
                continue
            options.append(Option(card, f"Play {card_name(card)}",
                                  "move another figure 1-2 squares in a line" if card.startswith("newton")
                                  else "move yourself to any square"))
    if not state.frenzy and want("reload") and reloadable(state, seat):
        options.append(Option("reload", "Reload", "pay to reload unloaded weapons (ends your actions)"))
    if state.actions_left > 0 and not state.ending:
        options.append(Option("pass", "Give up your actions left", "then reload or end the turn"))
    if any(c.startswith("tagback_grenade:") for c in p.powerups):
        options += _answers(state, seat)
    options.append(Option("end", "End the turn", "reload nothing more"))
    return Node("action", _turn_prompt(state, seat), tuple(options))


def _answers(state: State, seat: int) -> list[Option]:
    """The standing Tagback answer (private, logged): one per eligible shot, asked, never or always."""
    now = state.tagback_answer.get(seat, "ask")
    text = {"ask": "Tagback: ask me each time", "never": "Tagback: never throw", "always": "Tagback: always throw"}
    return [Option(f"answer:{a}", text[a], f"standing answer (now: {now}); private") for a in ANSWERS if a != now]


def frenzy_two(state: State, seat: int) -> bool:
    from rules.adrenaline.tree import frenzy_actions

    return frenzy_actions(state, seat) == 2


def _turn_prompt(state: State, seat: int) -> str:
    if state.ending:
        return "End of turn: reload or end"
    if state.actions_left == 0:
        return "No actions left: play a powerup, reload or end"
    return f"{state.actions_left} action{'s' if state.actions_left != 1 else ''} left"


def take_ok(state: State, seat: int, cost: tuple[str, ...], exclude: tuple[str, ...] = ()) -> bool:
    from rules.adrenaline.payments import payable

    return payable(state.players[seat], cost, exclude)


def _why_not(state: State, seat: int, head: str) -> str:
    kind = head.split(":")[0]
    if state.phase == "turn" and seat == state.turn:
        p = state.players[seat]
        if not p.spawned and not kind.startswith("spawn"):
            return "Spawn first: discard one of the two powerups you drew (spawn:<card>)."
        if kind in ("run", "grab", "shoot"):
            if state.ending:
                return "The end of your turn has begun (you reloaded): no more actions."
            if state.actions_left == 0:
                return "You have no actions left this turn."
            if kind == "run" and state.frenzy:
                return "In final frenzy you may move up to 4 only as the first of two actions."
            if kind == "grab":
                return "There is nothing within reach you can grab (or pay for)."
            return "No loaded weapon of yours has a target from where you can stand."
        if kind in ("newton", "teleporter"):
            if state.ending:
                return "Powerups are played before or between the actions, not once the end of turn has begun."
            return f"You hold no {kind} card like that" + (" (and Newton needs another figure on the board)."
                                                            if kind == "newton" else ".")
        if kind == "reload":
            return "You have no unloaded weapon you can pay to reload."
    if kind in ("scope", "tagback", "respawn"):
        return f"There is no {kind} choice for you now."
    return f"'{head[:24]}' is not a choice here."


# -- each root --------------------------------------------------------------------------------------

def _payment(state: State, seat: int, cost: tuple[str, ...], what: str, rest: tuple[str, ...], i: int,
             exclude: tuple[str, ...] = ()) -> Node | tuple[tuple[str, ...], int]:
    """The payment level at ``rest[i]`` (only when there is more than one way to pay): the level itself
    when the path stops there, else (the payment, the index after it)."""
    token = None
    if pay_node(state, seat, cost, what, exclude) is not None:
        token = _need(rest, i)
        if token is None:
            return pay_node(state, seat, cost, what, exclude)
        i += 1
    return take_payment(state, seat, cost, token, what, exclude), i


def _need(rest: tuple[str, ...], i: int) -> str | None:
    return rest[i] if i < len(rest) else None


def _check(node: Node, token: str, why: str) -> None:
    if token not in node.tokens():
        raise Illegal(why)


def _done(rest: tuple[str, ...], i: int, lines: list[str]) -> list[str]:
    if i < len(rest):
        raise Illegal(f"'{rest[i][:24]}' comes after a complete action.")
    return lines


def _run(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    here = state.players[seat].square
    reach = run_moves(state, seat)
    node = Node("square", f"Run: where to (up to {reach} moves)",
                tuple(_square_option(state, s, f"{geo(state).distance[here][s]} moves") for s in
                      geo(state).reachable(here, reach)))
    target = _need(rest, 0)
    if target is None:
        return node
    _check(node, target, f"{target[:8]} is not 1-{reach} moves away.")
    if perform:
        state.set_player(seat, square=target)
        state.actions_left -= 1
    return _done(rest, 1, [f"{state.name(seat)} runs to {target}."])


def _grab(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    reach = grab_moves(state, seat)
    squares = grabbable_squares(state, seat, reach)
    if not squares:
        raise Illegal(_why_not(state, seat, head))
    node = Node("square", f"Grab: where (up to {reach} moves)",
                tuple(_square_option(state, s, note) for s, note in squares.items()))
    square = _need(rest, 0)
    if square is None:
        return node
    if square not in squares:
        raise Illegal(grab_problem(state, seat, square, reach))
    spawn = next((c for c, s in geo(state).map.spawnpoints.items() if s == square), None)
    i = 1
    weapon = drop = None
    if spawn is not None:
        p = state.players[seat]
        choices = [w for w in state.slots[spawn] if w is not None and take_ok(
            state, seat, game_data_pickup(w))]
        wnode = Node("weapon", f"Grab which weapon at the {square} spawnpoint",
                     tuple(Option(f"weapon:{w}", weapon_name(w), "pickup " + cost_text(game_data_pickup(w)))
                           for w in choices))
        token = _need(rest, i)
        if token is None:
            return wnode
        _check(wnode, token, f"{token[7:30] or token[:24]} is not a weapon at {square} you can pay for.")
        weapon, i = token[7:], i + 1
        if len(p.weapons) >= 3:
            dnode = Node("drop", "You hold 3 weapons: drop one into the emptied slot",
                         tuple(Option(f"drop:{w}", f"Drop {weapon_name(w)}", "loaded" if ok else "unloaded")
                               for w, ok in p.weapons))
            token = _need(rest, i)
            if token is None:
                return dnode
            _check(dnode, token, "With a fourth weapon you must drop one of the three you hold (drop:<weapon>).")
            drop, i = token[5:], i + 1
        paid = _payment(state, seat, game_data_pickup(weapon), weapon_name(weapon), rest, i)
        if isinstance(paid, Node):
            return paid
        payment, i = paid
        if i < len(rest):
            raise Illegal(f"'{rest[i][:24]}' comes after a complete action.")
        return perform_grab(state, seat, square, weapon, drop, payment, perform)
    return _done(rest, i, perform_grab(state, seat, square, None, None, (), perform))


def game_data_pickup(weapon: str) -> tuple[str, ...]:
    from rules.adrenaline.data import game_data

    return game_data().weapon(weapon).pickup_cost


def _shoot(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool, keep: bool = False) -> Result:
    i = 0
    copied = perform or keep  # the move and reloads change ``state`` itself only then; else a copy
    here = state.players[seat].square
    moves = shoot_moves(state, seat) or 0
    if moves:
        squares = shot_squares(state, seat)
        if not squares:
            raise Illegal(_why_not(state, seat, head))
        node = Node("square", f"Shoot: move first? (up to {moves}; stay: {here})",
                    tuple(_as_move(_square_option(state, s, "stay here" if s == here else "")) for s in squares))
        token = _need(rest, i)
        if token is None:
            return node
        square = token[5:]
        _check(node, token, f"You cannot shoot after moving to {square[:8]} (up to {moves} moves).")
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
            raise Illegal(_why_not(state, seat, head))
        token = _need(rest, i)
        if token is None:
            return node
        _check(node, token, f"{token[:24]} is not a loaded weapon of yours with a legal target"
               + (" (or one to reload)." if state.frenzy else "."))
        i += 1
        if not token.startswith("load:"):
            weapon = token
            break
        w = token[5:]
        paid = _payment(state, seat, game_data_reload(w), f"reloading {weapon_name(w)}", rest, i)
        if isinstance(paid, Node):
            return paid
        payment, i = paid
        if not copied:
            state, copied = state.clone(), True
        lines.append(reload_weapon(state, seat, w, payment))
    shot: list[str] = []
    while True:
        level = weapons.next_level(state, seat, weapon, tuple(shot))
        if level is None:
            break
        node = _shot_node(level)
        if node.kind == "players" and node.maximum > 1:  # groups that break the effect's own rule go
            groups = tuple(o for o in node.options if _fits(state, seat, weapon, (*shot, o.token)))
            used = {x for o in groups for x in o.token.split(",")}
            node = Node(node.kind, node.prompt, groups, node.minimum, node.maximum,
                        tuple(Option(c.token, c.label, c.description) for c in level.choices if c.token in used))
        token = _need(rest, i)
        if token is None:
            return node
        token = _normal_multi(level, token)
        if token not in node.tokens():
            raise Illegal(_shot_problem(state, seat, weapon, tuple(shot), token))
        shot.append(token)
        i += 1
    paid = _payment(state, seat, weapons.shot_cost(weapon, tuple(shot)), weapon_name(weapon), rest, i)
    if isinstance(paid, Node):
        return paid
    payment, i = paid
    if i < len(rest):
        raise Illegal(f"'{rest[i][:24]}' comes after a complete shot.")
    if perform:
        from rules.adrenaline.acts import fire

        lines += fire(state, seat, weapon, tuple(shot), payment)
    return lines or [f"{state.name(seat)} fires {weapon_name(weapon)}."]


def _as_move(option: Option) -> Option:
    return Option("move:" + option.token, option.label, option.description)


def game_data_reload(weapon: str) -> tuple[str, ...]:
    from rules.adrenaline.data import game_data

    return game_data().weapon(weapon).reload_cost


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


def _reload(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    node = Node("weapon", "Reload which weapon", tuple(
        Option(w, weapon_name(w), "pay " + cost_text(game_data_reload(w))) for w in reloadable(state, seat)))
    token = _need(rest, 0)
    if token is None:
        return node
    _check(node, token, f"{token[:24]} is not an unloaded weapon of yours you can pay to reload.")
    paid = _payment(state, seat, game_data_reload(token), f"reloading {weapon_name(token)}", rest, 1)
    if isinstance(paid, Node):
        return paid
    payment, i = paid
    line = reload_weapon(state, seat, token, payment) if perform else ""
    if perform:
        state.ending = True
        state.actions_left = 0
    return _done(rest, i, [line])


def _newton_targets(state: State, seat: int) -> list[int]:
    return [s for s in range(state.count) if s != seat and targetable(state, s) and _newton_squares(state, s)]


def _newton_squares(state: State, target: int) -> list[str]:
    square = state.players[target].square
    g = geo(state)
    return sorted({s for d in ("n", "e", "s", "w") for s in g.line(square, d, 2)}, key=g.squares.index)


def _newton(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    node = Node("player", "Newton: move which figure", tuple(
        Option(state.seats[s], state.name(s), f"on {state.players[s].square}") for s in _newton_targets(state, seat)))
    who = _need(rest, 0)
    if who is None:
        return node
    _check(node, who, "Newton moves another player's figure that is on the board.")
    target = state.seats.index(who)
    snode = Node("square", f"Newton: move {state.name(target)} 1 or 2 squares in one direction",
                 tuple(_square_option(state, s) for s in _newton_squares(state, target)))
    square = _need(rest, 1)
    if square is None:
        return snode
    _check(snode, square, "Newton moves a figure 1 or 2 squares in one straight direction (doors, not walls).")
    if perform:
        _discard(state, seat, head)
        state.set_player(target, square=square)
    return _done(rest, 2, [f"{state.name(seat)} plays Newton: {state.name(target)} moves to {square}."])


def _teleporter(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    here = state.players[seat].square
    node = Node("square", "Teleporter: to which square", tuple(
        _square_option(state, s) for s in geo(state).squares if s != here))
    square = _need(rest, 0)
    if square is None:
        return node
    _check(node, square, "Teleporter sets your figure down on any other square of the board.")
    if perform:
        _discard(state, seat, head)
        state.set_player(seat, square=square)
    return _done(rest, 1, [f"{state.name(seat)} plays Teleporter and appears on {square}."])


def _discard(state: State, seat: int, card: str) -> None:
    cards = list(state.players[seat].powerups)
    cards.remove(card)
    state.set_player(seat, powerups=tuple(cards))
    state.powerup_discard.append(card)


def _spawn(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    if perform:
        return _done(rest, 0, spawn(state, seat, head[6:]))
    return _done(rest, 0, [f"{state.name(seat)} discards {card_name(head[6:])} and spawns."])


def spawn(state: State, seat: int, card: str) -> list[str]:
    square = respawn_square(state, card)
    _discard(state, seat, card)
    state.set_player(seat, square=square, killed=False)
    return [f"{state.name(seat)} discards {card_name(card)} and spawns on {square}."]


def _simple(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    if head.startswith("answer:"):
        if perform:
            state.tagback_answer[seat] = head[7:]
        return _done(rest, 0, [])
    return _done(rest, 0, [])


def _scope(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    card = "targeting_scope:" + head[6:]
    shot = state.shot
    assert shot is not None
    node = Node("player", "Targeting Scope: +1 damage to whom", tuple(
        Option(state.seats[s], state.name(s), "damaged by this shot") for s in shot.damaged))
    who = _need(rest, 0)
    if who is None:
        return node
    _check(node, who, "The Targeting Scope adds 1 damage to a player your shot damaged (not one only marked).")
    paid = _payment(state, seat, ("*",), "the Targeting Scope", rest, 1, exclude=(card,))
    if isinstance(paid, Node):
        return paid
    payment, i = paid
    target = state.seats.index(who)
    if perform:
        from rules.adrenaline.acts import play_scope

        play_scope(state, seat, card, target, payment)
    return _done(rest, i, [f"{state.name(seat)} plays a Targeting Scope: +1 damage to {state.name(target)}."])


def _tagback(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    shooter = state.shot.shooter if state.shot else 0
    if perform:
        return _done(rest, 0, throw_tagback(state, seat, "tagback_grenade:" + head[8:]))
    return _done(rest, 0, [f"{state.name(seat)} throws a Tagback Grenade: 1 mark on {state.name(shooter)}."])


def throw_tagback(state: State, seat: int, card: str) -> list[str]:
    from rules.adrenaline.damage import give_marks

    shooter = state.shot.shooter if state.shot else 0
    _discard(state, seat, card)
    give_marks(state, seat, shooter, 1)
    return [f"{state.name(seat)} throws a Tagback Grenade: 1 mark on {state.name(shooter)}."]


def _respawn(state: State, seat: int, head: str, rest: tuple[str, ...], perform: bool) -> Result:
    if perform:
        state.respawn_choice[seat] = head[8:]
    return _done(rest, 0, [])


_ROOTS = {
    "run": _run, "grab": _grab, "shoot": _shoot, "reload": _reload, "newton": _newton, "teleporter": _teleporter,
    "spawn": _spawn, "end": _simple, "pass": _simple, "answer": _simple, "scope": _scope, "tagback": _tagback,
    "respawn": _respawn,
}

__all__ = ["walk", "root", "powerup_cards"]
