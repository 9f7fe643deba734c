"""KAPLOOM! actions: small immutable values and their one-line notation.

Grammar (case-insensitive; ``-`` may stand for ``_`` in names; dice are numbered from 1):

    Phase 1   assign <dice> <action>   unassign <dice>   reroll <die>   skip   target <1|2>   ready
    Phase 2   pay <face>   pay <die> <face>   forfeit
    Phase 3   use <action> [<colour>] [<face> ...] [attach <die>]   attach <face> <die>
              detach <die> <face>   take <action>   give <die>   done

``<dice>`` is one die (``assign 3 pow``) or several, comma-separated (``assign 1,3 pow``: both dice in
one step, all or nothing); the canonical spelling lists them in increasing order without spaces.
``use ... attach <die>`` puts the face the power-up gains straight onto that action die (numbered as
after the gain: a gained action die comes last).

``format(parse(text))`` is the canonical spelling and ``parse(format(a)) == a``.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from rules.core.errors import MalformedAction, quoted
from rules.kaploom.data import COLOURS, FACE_CODES, FACE_NAMES, game_data


class Action(NamedTuple):
    """``assign``: (die, ..., action id) with one die or several in increasing order; ``unassign``:
    (die, ...); ``use``: (action id, colour?, face..., ["attach", die]); the rest as the grammar."""

    verb: str
    args: tuple[int | str, ...] = ()


ATTACH = "attach"  # the marker of ``use ... attach <die>``


FACE_ALIASES = {name: name for name in FACE_CODES if name != "blank"}
FACE_ALIASES.update({code.lower(): FACE_NAMES[code] for code in FACE_NAMES if code != "B"})
FACE_ALIASES.update({"x-factor": "x_factor", "xfactor": "x_factor"})

_SHAPES = {
    # verb -> argument kinds ("dice": one die or several, comma-separated)
    "assign": ("dice", "action"),
    "unassign": ("dice",),
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


def _dice(token: str) -> tuple[int, ...]:
    parts = token.split(",")
    dice = tuple(_die(part) for part in parts)
    if len(set(dice)) != len(dice):
        raise MalformedAction(f"'{quoted(token)}' names a die twice")
    return tuple(sorted(dice))


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
    tokens = re.sub(r"\s*,\s*", ",", text.strip().lower()).split()
    if not tokens:
        raise MalformedAction("empty action; try `ready`, `assign 3 grow` or `done`")
    verb, rest = tokens[0], tokens[1:]
    if verb in _SHAPES:
        shape = _SHAPES[verb]
        if len(rest) != len(shape):
            usage = " ".join([verb, *(f"<{k}>" for k in shape)])
            raise MalformedAction(f"`{verb}` is written `{usage}`")
        args: list[int | str] = []
        for kind, token in zip(shape, rest, strict=True):
            if kind == "dice":
                args += _dice(token)
            else:
                args.append(_arg(kind, token))
        return Action(verb, tuple(args))
    if verb == "pay":
        if len(rest) == 1:
            return Action("pay", (_face(rest[0]),))
        if len(rest) == 2:
            return Action("pay", (_die(rest[0]), _face(rest[1])))
        raise MalformedAction("`pay` is written `pay <face>` (a stored face) or `pay <die> <face>`")
    if verb == "use":
        if not rest:
            raise MalformedAction("`use` is written `use <action> [<colour>] [<face> ...] [attach <die>]`")
        choices, attach = rest[1:], ()
        if ATTACH in choices:
            k = choices.index(ATTACH)
            if k != len(choices) - 2:
                raise MalformedAction("`use ... attach <die>` ends with `attach` and one die number")
            choices, attach = choices[:k], (ATTACH, _die(choices[k + 1]))
        colours = [t for t in choices if t in COLOURS]
        faces = [_face(t) for t in choices if t not in COLOURS]
        return Action("use", (_action_id(rest[0]), *colours, *faces, *attach))
    raise MalformedAction(f"unknown action '{quoted(verb)}'; actions are: {', '.join(VERBS)}")


def format_action(action: Action) -> str:
    if action.verb == "assign" and len(action.args) > 2:
        return f"assign {','.join(str(d) for d in action.args[:-1])} {action.args[-1]}"
    if action.verb == "unassign" and len(action.args) > 1:
        return f"unassign {','.join(str(d) for d in action.args)}"
    return " ".join([action.verb, *(str(a) for a in action.args)])


def split_use(action: Action) -> tuple[str, tuple[str, ...], int | None]:
    """``use`` args -> (action id, the power-up's choices, the die the gained face goes on or None)."""
    aid, *rest = action.args
    if len(rest) >= 2 and rest[-2] == ATTACH:
        return str(aid), tuple(str(x) for x in rest[:-2]), int(rest[-1])
    return str(aid), tuple(str(x) for x in rest), None
