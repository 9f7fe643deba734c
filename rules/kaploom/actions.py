"""KAPLOOM! actions: small immutable values and their one-line notation.

Grammar (case-insensitive; ``-`` may stand for ``_`` in names; dice are numbered from 1):

    Phase 1   assign <die> <action>   unassign <die>   reroll <die>   skip   target <1|2>   ready
    Phase 2   pay <face>   pay <die> <face>   forfeit
    Phase 3   use <action> [<colour>] [<face> ...]   attach <face> <die>   detach <die> <face>
              take <action>   give <die>   done

``format(parse(text))`` is the canonical spelling and ``parse(format(a)) == a``.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.core.errors import MalformedAction, quoted
from rules.kaploom.data import COLOURS, FACE_CODES, FACE_NAMES, game_data


class Action(NamedTuple):
    verb: str
    args: tuple[int | str, ...] = ()


FACE_ALIASES = {name: name for name in FACE_CODES if name != "blank"}
FACE_ALIASES.update({code.lower(): FACE_NAMES[code] for code in FACE_NAMES if code != "B"})
FACE_ALIASES.update({"x-factor": "x_factor", "xfactor": "x_factor"})

_SHAPES = {
    # verb -> argument kinds
    "assign": ("die", "action"),
    "unassign": ("die",),
    "reroll": ("die",),
    "skip": (),
    "target": ("opponent",),
    "ready": (),
    "forfeit": (),
    "attach": ("face", "die"),
    "detach": ("die", "face"),
    "take": ("action",),
    "give": ("die",),
    "done": (),
}

VERBS = (*_SHAPES, "pay", "use")


def _die(token: str) -> int:
    token = token.lstrip("#")
    # isascii too: "²".isdigit() is True and int("²") raises.
    if not (token.isascii() and token.isdigit()) or not 1 <= int(token) <= 99:
        raise MalformedAction(f"'{quoted(token)}' is not a die number (dice are numbered 1, 2, 3, ...)")
    return int(token)


def _action_id(token: str) -> str:
    name = token.replace("-", "_").rstrip("!")
    if name not in game_data().actions:
        raise MalformedAction(f"there is no action called '{quoted(token)}'")
    return name


def _face(token: str) -> str:
    face = FACE_ALIASES.get(token)
    if face is None:
        raise MalformedAction(f"'{quoted(token)}' is not a face (wild, might, energy, toughness, agility, x_factor)")
    return face


def _arg(kind: str, token: str) -> int | str:
    if kind == "die":
        return _die(token)
    if kind == "action":
        return _action_id(token)
    if kind == "face":
        return _face(token)
    if token not in ("1", "2"):
        raise MalformedAction("target takes 1 or 2 (the first or second player of the other team)")
    return int(token)


def parse_action(text: str) -> Action:
    tokens = text.strip().lower().split()
    if not tokens:
        raise MalformedAction("empty action; try `ready`, `assign 3 grow` or `done`")
    verb, rest = tokens[0], tokens[1:]
    if verb in _SHAPES:
        shape = _SHAPES[verb]
        if len(rest) != len(shape):
            usage = " ".join([verb, *(f"<{k}>" for k in shape)])
            raise MalformedAction(f"`{verb}` is written `{usage}`")
        return Action(verb, tuple(_arg(k, t) for k, t in zip(shape, rest, strict=True)))
    if verb == "pay":
        if len(rest) == 1:
            return Action("pay", (_face(rest[0]),))
        if len(rest) == 2:
            return Action("pay", (_die(rest[0]), _face(rest[1])))
        raise MalformedAction("`pay` is written `pay <face>` (a stored face) or `pay <die> <face>`")
    if verb == "use":
        if not rest:
            raise MalformedAction("`use` is written `use <action> [<colour>] [<face> ...]`")
        colours = [t for t in rest[1:] if t in COLOURS]
        faces = [_face(t) for t in rest[1:] if t not in COLOURS]
        return Action("use", (_action_id(rest[0]), *colours, *faces))
    raise MalformedAction(f"unknown action '{quoted(verb)}'; actions are: {', '.join(VERBS)}")


def format_action(action: Action) -> str:
    return " ".join([action.verb, *(str(a) for a in action.args)])
