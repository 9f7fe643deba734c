"""A player's screen, its action cards: in Phase 1 every action of their boards as a card with its
value and its requirement's slots, the dice on it in their slots (an ally's duo dice ringed in the
team colour and marked ALLY); after the reveal the actions they placed dice on. Each card is drawn
once per (action, dice on it, size) and pasted (render.core ``Pen.tile``)."""

from __future__ import annotations

from render.core import Pen, fit_font, fit_text, font, text_width
from render.kaploom.common import (
    MARGIN,
    WIDTH,
    board_heading,
    value_text,
)
from render.kaploom.pieces import (
    slot_chip,
    tag,
)
from render.kaploom.style import (
    BOARD_COLOUR,
    BOARD_ORDER,
    DANGER,
    GOLD,
    MUTED,
    OK,
    PANEL,
    PANEL_EDGE,
    SUBPANEL,
    TEAM_ACCENT,
    TEXT,
    WARN,
    blend,
)
from rules.kaploom.views import ActionView, DieView, PlayerView, PrivateView

INNER = WIDTH - 2 * MARGIN - 24  # inside a section panel
SLOT = 32  # a requirement slot on an action card
CARD_COLUMNS = 3
CARD_GAP = 8
ROLE_TAG = {"immediate": "IMMEDIATE", "phase3_trigger": "PHASE 3", "phase2": "PHASE 2", "lock_in": "LOCK-IN"}


def ally_of(view: PrivateView, me: PlayerView) -> PlayerView | None:
    return next((p for p in view.public.players if p.team == me.team and p.seat != me.seat), None)


def shown_cards(view: PrivateView) -> list[ActionView]:
    """Phase 1: every action of the boards (to plan from); after the reveal: those with dice on them."""
    if view.public.phase == "roll" and view.roll:
        return list(view.actions)
    return [a for a in view.actions if any(slot.die is not None for slot in a.slots)]


def boards(pen: Pen, view: PrivateView, me: PlayerView, y: int) -> int:
    start = y
    x = MARGIN + 14
    phase1 = view.public.phase == "roll"
    pen.text((x, y + 20), "YOUR BOARDS" if phase1 else "YOUR ACTIONS THIS ROUND", font(21, True), TEXT)
    y += 36
    cards = shown_cards(view)
    dice = {d.id: d for d in me.dice}
    ally = ally_of(view, me)
    ally_dice = {d.id: d for d in ally.dice} if ally is not None else {}
    ally_colour = TEAM_ACCENT.get(me.team, TEXT) if ally is not None else None
    card_w = (INNER - CARD_GAP * (CARD_COLUMNS - 1)) // CARD_COLUMNS
    for board in BOARD_ORDER:
        rows = [a for a in cards if a.board == board]
        if not rows:
            continue
        met = sum(a.met for a in rows) if phase1 else sum(a.active for a in rows)
        counted = f"{met} met" if phase1 else f"{met} active"
        y += board_heading(pen, x, y, board, size=19, right_text=counted, width=INNER)
        for first in range(0, len(rows), CARD_COLUMNS):
            line = rows[first : first + CARD_COLUMNS]
            height = max(_card_height(a) for a in line)
            for index, action in enumerate(line):
                # A card depends on its action, the dice in its slots and its size only: drawn once,
                # then pasted (most cards are the same from one screen to the next).
                used = tuple(
                    (ally_dice if slot.ally else dice).get(slot.die) for slot in action.slots if slot.die is not None
                )
                key = ("card", action, used, card_w, height, ally_colour, phase1)
                pen.tile((x + index * (card_w + CARD_GAP), y), (card_w, height), PANEL, key,
                         lambda p, a=action, h=height: _card(p, 0, 0, card_w, h, a, dice, ally_dice, ally_colour, phase1))
            y += height + CARD_GAP
        y += 2
    if phase1:
        y += _legend(pen, x, y, ally_colour)
    return y - start


def _card_height(action: ActionView) -> int:
    labelled = any(slot.die is not None for slot in action.slots)
    return 30 + SLOT + (19 if labelled else 0) + 7


def _card(
    pen: Pen, x: int, y: int, width: int, height: int, action: ActionView, dice: dict[int, DieView],
    ally_dice: dict[int, DieView], ally_colour, phase1: bool,
) -> None:
    """An action card: status and name, its worth, its requirement's slots with the dice on them."""
    filled = [slot for slot in action.slots if slot.die is not None]
    done = action.met if phase1 else action.active
    if done:
        fill, outline = blend(OK, SUBPANEL, 0.82), OK
    elif filled and not phase1:  # revealed and not active: it is over for this round
        fill, outline = SUBPANEL, blend(DANGER, SUBPANEL, 0.3)
    elif filled:
        fill, outline = blend(WARN, SUBPANEL, 0.88), WARN
    else:
        fill, outline = SUBPANEL, PANEL_EDGE
    pen.rect((x, y, x + width, y + height), fill=fill, outline=outline, width=2, radius=8)
    inner_x = x + 8
    right = x + width - 8
    # Worth (filled when it counts in a total now) or what kind of action it is.
    worth = value_text(action.role, action.value)
    colour = BOARD_COLOUR.get(action.board, MUTED)
    lead = 30 if (done or filled) else 0  # the ✓ or the "1/2" before the name
    if worth:
        # The tag takes the colour of the total it adds to; off the attack and defense boards it says
        # which ("+2 DEF") where the name still fits whole beside it.
        colour = BOARD_COLOUR.get(action.total or action.board, MUTED)
        if action.board in ("super", "duo") and action.total:
            longer = worth + (" ATK" if action.total == "attack" else " DEF")
            if text_width(action.name, font(16, True)) + lead + text_width(longer, font(17, True)) + 34 <= width - 16:
                worth = longer
        tag_fill = colour if action.counted else blend(colour, SUBPANEL, 0.6)
        right -= tag(pen, right, y + 4, worth, tag_fill, size=17, height=23, right=True) + 6
    else:
        # A kind tag (LOCK-IN, IMMEDIATE, ...) only where the name still fits beside it.
        kind = "LOCKED IN" if action.locked_in else ROLE_TAG.get(action.role)
        if kind and text_width(action.name, font(16, True)) + lead + text_width(kind, font(14, True)) + 30 <= width - 16:
            fill_kind = GOLD if action.locked_in else blend(colour, SUBPANEL, 0.55)
            right -= tag(pen, right, y + 4, kind, fill_kind, size=14, height=23, right=True) + 6
    name_x = inner_x
    if done:
        name_x += pen.text((inner_x, y + 16), "✓", font(20, True), OK) + 4
    elif filled:
        count = f"{len(filled)}/{action.size}" if phase1 else "✗"
        name_x += pen.text((inner_x, y + 16), count, font(18, True), WARN if phase1 else DANGER) + 6
    room = right - name_x
    name_font = fit_font(action.name, 20, True, room, min_size=15)
    pen.text((name_x, y + 16), fit_text(action.name, name_font, room), name_font, TEXT if filled or done else MUTED)
    # The requirement's slots; a matched pair sits in one capsule.
    top = y + 29
    slot_x = inner_x
    gap = 5
    positions = []
    for index, slot in enumerate(action.slots):
        positions.append(slot_x)
        slot_x += SLOT + gap
        if slot.pair and index + 1 < len(action.slots) and action.slots[index + 1].pair != slot.pair:
            slot_x += 2
    for index, slot in enumerate(action.slots):
        if slot.pair and (index == 0 or action.slots[index - 1].pair != slot.pair):
            end = positions[index + 1] + SLOT if index + 1 < len(positions) else positions[index] + SLOT
            pen.rect((positions[index] - 3, top - 3, end + 3, top + SLOT + 3), fill=blend(MUTED, SUBPANEL, 0.7),
                     outline=MUTED, width=1, radius=SLOT // 2 + 3)
            pen.text(((positions[index] + SLOT + positions[index + 1]) / 2, top + SLOT / 2), "=", font(16, True),
                     TEXT, "mm")
    for index, slot in enumerate(action.slots):
        owner = ally_dice if slot.ally else dice
        die = owner.get(slot.die) if slot.die is not None else None
        slot_chip(pen, positions[index], top, SLOT, slot.need, die, slot.face, ally_colour if slot.ally else None)
        if slot.die is not None:
            text = "ALLY" if slot.ally else f"#{slot.die}"
            pen.text((positions[index] + SLOT / 2, top + SLOT + 10), text, font(16, True),
                     TEXT if not slot.ally else blend(ally_colour or TEXT, TEXT, 0.4), "mm")


def _legend(pen: Pen, x: int, y: int, ally_colour) -> int:
    """What the empty slots mean, in the rulebook's words."""
    size = 26
    items = [
        ("might", "face (wild fits)"),
        ("any", "any die"),
        ("action", "action die"),
        ("non_blank_action", "non-blank action die"),
    ]
    cursor = x
    top = y + 4
    small = font(17)
    for need, text in items:
        width = size + 6 + text_width(text, small)
        if cursor + width > x + INNER:
            cursor = x
            top += size + 6
        slot_chip(pen, cursor, top, size, need, None, None)
        cursor += size + 6
        cursor += pen.text((cursor, top + size / 2), text, small, MUTED) + 12
    pair_text = "= matching pair"
    width = text_width(pair_text, small)
    if cursor + width > x + INNER:
        cursor = x
        top += size + 6
    pen.text((cursor, top + size / 2), pair_text, small, MUTED)
    return top + size + 6 - y


# ---------------------------------------------------------------- what is asked
