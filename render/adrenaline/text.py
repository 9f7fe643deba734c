"""An ADRENALINE player's screen in words, for their DM beside the image.

It names their powerups and loaded weapons, which are secret, so it is private text: the service
sends it to that player alone. A few short lines: who they are and whose turn; powerups (type and
colour) and the Tagback answer; weapons loaded and unloaded with their reload costs; cubes; the
turn so far and what the next choice asks.
"""

from __future__ import annotations

from render.adrenaline.common import figure_name, player, turn_line
from render.adrenaline.hand import TAGBACK, powerup_parts
from render.adrenaline.style import AMMO_NAMES
from render.core import Names, display_name
from rules.adrenaline.views import PrivateView, WeaponCard


def _weapon(card: WeaponCard) -> str:
    return f"{card.name} ({''.join(card.reload_cost)})"


def describe(view: PrivateView, names: Names = None) -> list[str]:
    public = view.public
    me = player(public, view.seat)
    name = display_name(names, view.seat)
    head = f"**{figure_name(public, view.seat)}**" + (f" ({name})" if name else "")
    if me is not None:
        head += f" · {me.score} points · {len(me.damage)} damage"
    lines = [head + " · " + turn_line(public, names) + "."]
    if view.powerups:
        cards = []
        for card in view.powerups:
            kind, colour, _ = powerup_parts(card)
            cards.append(f"{kind} ({AMMO_NAMES.get(colour, colour)})")
        lines.append("Powerups: " + ", ".join(cards) + f". Tagback Grenade: {TAGBACK.get(view.tagback, view.tagback)}.")
    else:
        lines.append(f"No powerups. Tagback Grenade: {TAGBACK.get(view.tagback, view.tagback)}.")
    loaded = [_weapon(c) for c, ok in view.weapons if ok]
    unloaded = [_weapon(c) for c, ok in view.weapons if not ok]
    lines.append("Loaded: " + (", ".join(loaded) if loaded else "none")
                 + " · Unloaded: " + (", ".join(unloaded) if unloaded else "none") + ".")
    if me is not None:
        r, b, y = me.cubes
        lines.append(f"Cubes: {r} red, {b} blue, {y} yellow.")
    if view.draft_text:
        lines.append(f"So far: {view.draft_text}")
    if view.prompt:
        lines.append(f"Now: {view.prompt}")
    return lines
