"""A Jupiter Rescue player's screen in words, for their DM or ephemeral reply beside the image.

It names the cards in their hand, so it is private text: the service sends it to that player alone.
Lines stay short: where they stand, their core ability, each card in hand with what it does and how
to play it, the cards in effect, the combos they can make, what the game waits for. Discord markdown
is used sparingly: **bold** for card names, `code` for what to type.
"""

from __future__ import annotations

from collections.abc import Mapping

from render.core import display_name
from render.jupiter.cards import combos, play_hint, reminder, scope, slug
from render.jupiter.common import hand_limit
from render.jupiter.style import PHASE_TITLE
from rules.jupiter.views import PrivateView


def describe_private(view: PrivateView, names: Mapping[int, str] | None = None) -> list[str]:
    public = view.public
    me = next((s for s in public.seats if s.seat == view.seat), None)
    label = me.label.title() if me else f"Robot {view.seat + 1}"
    name = display_name(names, view.seat)
    head = f"**{label}**" + (f" ({name})" if name else "") + f" · {PHASE_TITLE.get(public.phase, public.phase)}"
    if public.current == view.seat and public.phase == "actions":
        head += f" · your turn, {public.actions_left} action{'s' if public.actions_left != 1 else ''} left"
    lines = [head]
    if me is not None:
        where = "out of the game" if me.out else f"at {me.robot_space}" if me.robot_space else "in the pod"
        lines.append(f"Your robot is {where}.")
    cores = me.core if me else ()
    if cores:
        title = "Core ability" if len(cores) == 1 else "Core abilities"
        lines.append(f"{title}: " + "; ".join(_card(c, True, public.solo) for c in cores))
    else:
        lines.append("Core ability: not chosen yet.")
    limit = hand_limit(public)
    if view.hand:
        lines.append(f"Your hand ({len(view.hand)}, limit {limit}):")
        choosing = public.phase == "choose_core" and not cores
        lines += [f"• {_card(c, False, public.solo, choosing)}" for c in view.hand]
    else:
        lines.append(f"Your hand is empty (limit {limit}).")
    if public.in_effect and public.current == view.seat:
        lines.append("In effect: " + ", ".join(public.in_effect))
    held = combos(tuple(view.hand) + cores)
    if held:
        lines.append("Combos: " + ", ".join(f"{a} + {b} (`play {slug(a)}+{slug(b)}`)" for a, b in held))
    if public.waiting:
        lines.append(public.waiting)
    return lines


def _card(name: str, as_core: bool, solo: bool, choosing: bool = False) -> str:
    text = f"**{name}** ({scope(name, as_core)}): {reminder(name, solo)}"
    if choosing:  # line 37: one of the dealt cards becomes the core ability
        text += f" · `core {slug(name)}`"
    elif not (as_core and "Every Action" in scope(name, True)):
        text += f" · `{play_hint(name)}`"
    return text
