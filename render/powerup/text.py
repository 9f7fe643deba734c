"""A POWERUP seat's screen in words, for its DM beside the image.

It names the seat's POW! cards, its teammates' and the tokens its team hid, which are secret, so it is
private text: the service sends it to that seat alone. A few short lines: who they are and whose turn
(co-op: the seat's points and the goal where DEATHMATCH has the score);
lives, RP, ammo and armor; the hand with each card's letter, type, cost and text; teammates' hands;
the team's hidden tokens, the tokens still to hide and the start square; what it is asked; its legal
actions (the first ``SHOWN``); what the game waits for.
"""

from __future__ import annotations

from render.core import Names, display_name
from render.powerup.common import buster, seat_label, turn_line
from render.powerup.hand import SHOWN, token_name
from rules.powerup.data import HAND
from rules.powerup.views import CardView, PrivateView

LINE_MAX = 340  # the actions' line, so that it stays a short line of chat


def _card(c: CardView) -> str:
    return f"**{c.name}** [{c.letter}] {c.type}, {c.cost}: {c.text}"


def describe(view: PrivateView, names: Names = None) -> list[str]:
    public = view.public
    me = buster(public, view.seat)
    name = display_name(names, view.seat)
    label = view.label or seat_label(public, view.seat)
    head = f"**{label}**" + (f" ({name})" if name else "")
    red, blu = public.score
    if public.phase == "play" and public.active == view.seat:
        turn = f"Sequence {public.sequence} · round {public.round} · your turn, {public.ap} AP left"
    else:
        turn = turn_line(public, names)
    if public.coop is not None:  # co-op: no teams; the goal and the seat's points
        c = public.coop
        points = c.points[view.seat] if 0 <= view.seat < len(c.points) else 0
        lines = [f"{head} · {turn} · {points} points.", f"Goal: {c.goal}." if c.goal else f"Mission: {c.mission}."]
    else:
        lines = [f"{head} · {turn} · RED {red}–{blu} BLU."]
    if me is not None:
        epic = " · EPIC" if me.epic else ""
        lines.append(f"Lives {me.lives} · RP {me.rp}/{me.rp_max} · ammo {me.ammo}/{me.ammo_max} · armor {me.armor}"
                     f" · melee {me.melee} · ranged {me.ranged} · ${me.coins}{epic}.")
    c = public.coop
    if c is not None and 0 <= view.seat < len(c.professions) and c.professions[view.seat]:  # professions on
        turret = f" · your turret: {c.turret_ammo} ammo" if c.turret_by and c.turret_by == (me.sheet if me else "") else ""
        lines.append(f"Profession: {c.professions[view.seat]}{turret}.")
    if view.mistress is not None:  # a human BUGMISTRESS: her BUG cards and options (render/powerup/mistress.py)
        from render.powerup.mistress import describe as hers

        lines += hers(view.mistress)
    elif view.hand:
        lines.append(f"Your POW! cards ({len(view.hand)}/{HAND}):")
        lines += [f"- {_card(c)}" for c in view.hand]
    else:
        lines.append("You hold no POW! cards.")
    for mate, cards in view.team_hands:
        held = ", ".join(f"{c.name} [{c.letter}]" for c in cards) if cards else "no cards"
        lines.append(f"{mate} holds: {held}.")
    if view.team_secrets:
        hidden = ", ".join(f"{sq} {token_name(token)}" for sq, token in view.team_secrets)
        lines.append(f"{'Your team knows' if public.coop is not None else 'Your team hid'}: {hidden}.")
    if view.held:  # co-op: the BUGBUSTERs' hidden finds (rb 1818), known to their side only
        lines.append("Kept hidden: " + ", ".join(f"{who} {token_name(token)}" for who, token in view.held) + ".")
    if view.to_hide:
        lines.append("Still to hide: " + ", ".join(f"{token_name(t)} (`{t}`)" for t in view.to_hide) + ".")
    if view.start:
        lines.append(f"Your start square: {view.start}.")
    if view.asked:
        lines.append(f"Asked: {view.asked}")
    if view.legal:
        shown: list[str] = []
        for action in view.legal[:SHOWN]:
            if len(", ".join([*shown, f"`{action}`"])) > LINE_MAX:
                break
            shown.append(f"`{action}`")
        more = f" and +{len(view.legal) - len(shown)} more" if len(view.legal) > len(shown) else ""
        lines.append(f"You may: {', '.join(shown)}{more}")
    if public.waiting:
        lines.append(public.waiting)
    return lines
