"""A Retro Bots vs Rogues player's screen in words, for their DM beside the image.

It spells out their program, which is secret until it runs, so it is private text: the service sends
it to that player alone. Lines stay short: who they are and the phase; the program so far with the
instructions' names; the counters still free; the class limits against what the program uses; the
door warning; a stun; the Rogues they move; their Upgrades; what they may do; what the game waits
for. Discord markdown is used sparingly: **bold** for names, `code` for instructions.
"""

from __future__ import annotations

from collections.abc import Mapping

from render.core import display_name
from render.retro.common import enter_warning, instruction_name, plural, seat_label
from render.retro.screen import class_use, counter_codes, counters_in_order, me
from render.retro.style import PHASE_TITLE
from rules.retro.data import game_data
from rules.retro.views import PrivateView


def describe_private(view: PrivateView, names: Mapping[int, str] | None = None) -> list[str]:
    public = view.public
    seat = me(view)
    name = display_name(names, view.seat)
    retro = seat.retro.capitalize() if seat and seat.retro else "no Retro chosen yet"
    head = f"**{seat_label(public, view.seat)}**" + (f" ({name})" if name else "") + f" · {retro}"
    phase = PHASE_TITLE.get(public.phase, public.phase)
    head += f" · round {public.round}, {phase.lower()}" if public.round else f" · {phase.lower()}"
    lines = [head]
    size = f"{len(view.program)}/{view.program_max}"
    state = "locked" if view.locked else "not locked"
    if view.program:
        steps = ", ".join(f"{k}. `{n}` {instruction_name(n)}" for k, n in enumerate(view.program, start=1))
        lines.append(f"Your program ({size}, {state}): {steps}")
    else:
        lines.append(f"Your program is empty ({size}, {state}).")
    codes = counter_codes()
    free = [f"{' / '.join(codes.get(c, [c]))} ×{n}" for c, n in counters_in_order(view) if n]
    lines.append("Counters left: " + (", ".join(free) if free else "none"))
    limits = class_use(view)
    if limits:
        lines.append("Limits: " + ", ".join(
            f"{cls} {used} of {limit}" if limit else f"no {cls}" for cls, used, limit in limits))
    if view.must_enter:
        lines.append("⚠ " + enter_warning(public, view.seat))
    if seat and seat.stunned:
        lines.append(f"Stunned: only your first {view.runs_if_stunned} instructions will run.")
    if seat and seat.rogue_card:
        lines.append(f"This round you move the {plural(seat.rogue_card)}.")
    if seat and seat.upgrades:
        texts = {u.name: u.text for u in game_data().upgrades}
        lines.append("Upgrades: " + "; ".join(f"**{u}** ({texts.get(u, '')})" for u in seat.upgrades))
    if view.choices:
        shown = ", ".join(f"`{c}`" for c in view.choices[:12])
        more = f" and {len(view.choices) - 12} more" if len(view.choices) > 12 else ""
        lines.append(f"You may: {shown}{more}")
    if public.waiting:
        lines.append(public.waiting)
    return lines
