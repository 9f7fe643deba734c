"""Walking a path of tokens down the tree of choices (``rules.adrenaline.tree``), and performing it.

``walk(state, seat, path, perform)`` checks each token against the level the earlier ones leave, and
returns the next ``Node`` when the path is not yet a complete action, or the public lines of the
action when it is (``perform``: the action is also done on ``state``; otherwise ``state`` is left as
it is). Each root word's path is walked by its own module (``shoot_path``, ``action_paths``; what they
share is in ``paths``). The turn's actions (the seed's summary, "TURN"):

- Run around: 1-3 moves (4 in a two-action frenzy); back to the start allowed.
- Grab stuff: up to 1 move (2 with 3+ damage; frenzy 2 or 3), then the tile or one spawnpoint weapon.
- Shoot people: with 6+ damage up to 1 move first (frenzy: 1 or 2, then reloads), then a shot.
- Newton and Teleporter: before, between or after the actions, never once the end of turn began.
- Reload (the end of turn begins), end, pass (give up the actions left).
"""

from __future__ import annotations

from rules.adrenaline.action_paths import ROOTS, newton_targets
from rules.adrenaline.acts import (
    grabbable_squares,
    reloadable,
    shot_squares,
)
from rules.adrenaline.memo import Memo
from rules.adrenaline.paths import Result, take_ok, why_not
from rules.adrenaline.shoot_path import shoot
from rules.adrenaline.state import State
from rules.adrenaline.tree import (
    ANSWERS,
    Illegal,
    Node,
    Option,
    card_name,
    grab_moves,
    run_moves,
    shoot_moves,
)


def walk(state: State, seat: int, path: tuple[str, ...], perform: bool = False, keep: bool = False) -> Result:
    """``keep``: a shot's path leaves its move and reloads on ``state`` (``shot_state``); otherwise a
    walk that does not perform never changes ``state`` (a shot's path works on a copy when it must)."""
    if not path:
        return root(state, seat)
    head, rest = path[0], path[1:]
    word = head.split(":")[0]
    handler = shoot if word == "shoot" else ROOTS.get(word)
    if handler is None or head not in root(state, seat, only=word).tokens():
        raise Illegal(why_not(state, seat, head))
    if handler is shoot:
        return shoot(state, seat, head, rest, perform, keep)
    return handler(state, seat, head, rest, perform)


_WALKED = Memo()


def peek(state: State, seat: int, path: tuple[str, ...]) -> Result:
    """Walk ``path`` without doing it (the walk leaves ``state`` as it is).

    Remembered by the state's signature (``memo``): a step of a draft walks the path ``apply`` walked
    just before, the end of an action looks at the level the next decision starts from, and a level is
    asked again for its menu, autocomplete and time-out. A refused path raises each time."""
    return _WALKED((state.signature(), seat, path), lambda: walk(state, seat, path))


def shot_state(state: State, seat: int, prefix: tuple[str, ...]) -> State:
    """The state a shot is declared in: after the ``shoot`` path's move and reloads (``prefix`` ends
    with the weapon token)."""
    trial = state.clone()
    walk(trial, seat, prefix[:-1], keep=True)
    return trial


def root(state: State, seat: int, only: str | None = None) -> Node:
    """The first level of the seat's decision in the current phase. ``only``: the root word a path
    starts with; the costly checks of the other words are skipped (the level is then incomplete: it is
    only asked whether that word is open: the level holds that word's options alone)."""
    p = state.players[seat]
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
    if only is not None:  # a path's first word: only whether that word is open matters
        return Node("action", "", tuple(_turn_options(state, seat, only)))
    options += _turn_options(state, seat, None)
    return Node("action", _turn_prompt(state, seat), tuple(options))


def _turn_options(state: State, seat: int, only: str | None) -> list[Option]:
    """The turn's root words. ``only``: the costly checks of the other words are skipped."""
    p = state.players[seat]

    def want(kind: str) -> bool:
        return only is None or only == kind

    options: list[Option] = []
    if state.actions_left > 0 and not state.ending:
        if want("run") and state.frenzy and frenzy_two(state, seat):
            options.append(Option("run", "Run around", f"move up to {run_moves(state, seat)} squares"))
        elif want("run") and not state.frenzy:
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
            if not want(card.split(":")[0]):
                continue
            if card.startswith("newton:") and not newton_targets(state, seat):
                continue
            options.append(Option(card, f"Play {card_name(card)}",
                                  "move another figure 1-2 squares in a line" if card.startswith("newton")
                                  else "move yourself to any square"))
    if not state.frenzy and want("reload") and reloadable(state, seat):
        options.append(Option("reload", "Reload", "pay to reload unloaded weapons (ends your actions)"))
    if state.actions_left > 0 and not state.ending and want("pass"):
        options.append(Option("pass", "Give up your actions left", "then reload or end the turn"))
    if want("answer") and any(c.startswith("tagback_grenade:") for c in p.powerups):
        options += _answers(state, seat)
    if want("end"):
        options.append(Option("end", "End the turn", "reload nothing more"))
    return options


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





