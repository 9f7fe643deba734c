"""A path of tree tokens as people read and type it.

The tree (``walk``) takes one token per level; a shot's tokens are one per effect and parameter
(``basic``, ``dozer``). The one-line form groups a shot's as the weapon package writes them
(``basic:dozer``): ``shoot plasma_gun phase_glide:b2 basic:dozer charged_shot pay:newton:B``.
``fine(state, seat, line)`` turns a typed line into tree tokens (the engine then walks them on the
same tree), ``line(path)`` the other way.
"""

from __future__ import annotations

from rules.adrenaline import weapons
from rules.adrenaline.data import game_data
from rules.adrenaline.state import State
from rules.adrenaline.tree import Illegal, card_name, pay_label, weapon_name

_WEAPONS = None


def _weapon_ids() -> set[str]:
    global _WEAPONS
    if _WEAPONS is None:
        _WEAPONS = {w.id for w in game_data().weapons}
    return _WEAPONS


def _split_shot(path: tuple[str, ...]) -> tuple[int, int]:
    """(index of the weapon token, index after the shot's tokens) in a ``shoot`` path; (-1, -1) if none."""
    if not path or path[0] != "shoot":
        return -1, -1
    start = next((i for i, t in enumerate(path) if t in _weapon_ids()), -1)
    if start < 0:
        return -1, -1
    end = next((i for i in range(start + 1, len(path)) if path[i].startswith("pay:")), len(path))
    return start, end


def line(path: tuple[str, ...]) -> tuple[str, ...]:
    """Tree tokens -> the one-line form."""
    start, end = _split_shot(path)
    if start < 0:
        return path
    shot = tuple(t for t in path[start + 1:end])
    try:
        pieces = weapons.to_line(path[start], shot)
    except Exception:  # an incomplete shot: show it as it is
        pieces = shot
    return (*path[:start + 1], *pieces, *path[end:])


def fine(state: State, seat: int, tokens: tuple[str, ...]) -> tuple[str, ...]:
    """A typed line -> tree tokens (the shot part through the weapon package's ``from_line``, checked
    on the state the earlier parts leave)."""
    if not tokens or tokens[0] != "shoot":
        return tokens
    start = next((i for i, t in enumerate(tokens) if t in _weapon_ids()), -1)
    if start < 0:
        return tokens
    end = next((i for i in range(start + 1, len(tokens)) if tokens[i].startswith("pay:")), len(tokens))
    pieces = tokens[start + 1:end]
    if any(":" in p for p in pieces):
        from rules.adrenaline.walk import shot_state

        trial = shot_state(state, seat, tokens[:start + 1])
        try:
            shot = weapons.from_line(trial, seat, tokens[start], pieces)
        except ValueError as err:
            raise Illegal(str(err)[:200]) from err
    else:
        from rules.adrenaline.walk import shot_state

        trial = shot_state(state, seat, tokens[:start + 1])
        shot = tuple(pieces)
    if pieces:
        try:
            level = weapons.next_level(trial, seat, tokens[start], shot)
        except (ValueError, IndexError, KeyError):
            level = None
        if level is not None and any(c.token == weapons.DONE for c in level.choices):
            shot = (*shot, weapons.DONE)  # the one-line form leaves "done" out
    return (*tokens[:start + 1], *shot, *tokens[end:])


def draft_text(state: State, seat: int, path: tuple[str, ...]) -> str:
    """The draft as a person reads it: "Shoot › Plasma Gun › phase_glide:b2 › basic:dozer"."""
    out = []
    for token in line(path):
        if token in _weapon_ids():
            out.append(weapon_name(token))
        elif token.startswith("pay:"):
            out.append("pay with " + pay_label(tuple(token[4:].split(","))))
        elif token.startswith(("newton:", "teleporter:", "spawn:", "respawn:", "scope:", "tagback:")):
            head, _, rest = token.partition(":")
            out.append(card_name(rest) if ":" in rest else f"{head} ({rest})")
        elif token.startswith(("weapon:", "drop:", "move:", "load:")):
            head, _, rest = token.partition(":")
            out.append(f"{head} {weapon_name(rest) if head != 'move' else rest}")
        else:
            out.append(token.replace("_", " "))
    return " › ".join(out)
