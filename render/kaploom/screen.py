"""A player's own screen, sent to them alone (DM or ephemeral reply).

Layout (1200 px wide): the title bar marked PRIVATE; everybody's health for context; the player's
dice (rolled faces with their numbers and where each sits, or their composition before a roll);
their assignments per board with requirement, dice and whether they are active; unassigned and
locked dice, stored faces, the 2 vs 2 pointer; and what the engine waits for from them.
"""

from __future__ import annotations

from render.core import Pen, encode_png, fit_text, font, new_canvas, text_width, wrap_text
from render.kaploom.common import (
    MARGIN,
    WIDTH,
    Names,
    boards_block,
    dice_strip,
    display_name,
    label,
    labels,
    role_and_name,
    title_bar,
)
from render.kaploom.pieces import (
    die_label,
    die_width,
    face_chip,
    first_player_token,
    health_bar,
    pool_die,
    rolled_die,
)
from render.kaploom.style import (
    BACKGROUND,
    DANGER,
    DIM,
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
    health_colour,
    palette,
)
from rules.kaploom.views import AssignmentView, DieView, PlayerView, PrivateView

ROLL_DIE = 64
ROLL_STEP = 128  # room under each die for its number and the action it sits on


def render_screen(view: PrivateView, names: Names = None) -> bytes:
    """The screen as PNG bytes; ``names`` (seat -> display name) are drawn after each role."""
    height = _layout(Pen(), view, names)
    image, pen = new_canvas(WIDTH, height, BACKGROUND)
    _layout(pen, view, names)
    return encode_png(image, palette())


def _me(view: PrivateView) -> PlayerView:
    return next(p for p in view.public.players if p.seat == view.seat)


def _layout(pen: Pen, view: PrivateView, names: Names) -> int:
    me = _me(view)
    y = title_bar(pen, view.public, 0, subtitle=f"{label(me)}'S SCREEN", badge=("PRIVATE", DANGER))
    y += 12
    y = _health_strip(pen, view, y, names) + 12
    y = _section(pen, y, lambda p, yy: _dice(p, view, me, yy)) + 12
    if view.assignments or view.roll or view.ally_duo:
        y = _section(pen, y, lambda p, yy: _assignments(p, view, me, yy)) + 12
    y = _pending(pen, view, y)
    return y + MARGIN


def _section(pen: Pen, y: int, body) -> int:
    """A panel around ``body(pen, top) -> height``, sized by a dry run first."""
    height = body(Pen(), y) + 14
    pen.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=14)
    body(pen, y)
    return y + height


def _health_strip(pen: Pen, view: PrivateView, y: int, names: Names) -> int:
    """Everyone's health, you first, so the screen can be read without the channel board."""
    players = sorted(view.public.players, key=lambda p: (p.seat != view.seat, p.seat))
    gap = 12
    width = (WIDTH - 2 * MARGIN - gap * (len(players) - 1)) // len(players)
    height = 96
    for index, player in enumerate(players):
        x = MARGIN + index * (width + gap)
        accent = TEAM_ACCENT.get(player.team, PANEL_EDGE)
        is_me = player.seat == view.seat
        pen.rect(
            (x, y, x + width, y + height), fill=PANEL, outline=GOLD if is_me else accent, width=3, radius=12
        )
        right = x + width - 12
        if player.seat == view.public.first_player:
            right -= first_player_token(pen, right - 36, y + 7, 36) + 6
        name_font = font(23 if len(players) <= 2 else 21, True)
        room = right - x - 20
        you = text_width("YOU", name_font) + 10 if is_me else 0
        used = role_and_name(
            pen,
            x + 14,
            y + 25,
            label(player),
            display_name(names, player.seat),
            name_font,
            font(20 if len(players) <= 2 else 18, True),
            TEXT,
            MUTED,
            room - you,
        )
        if is_me and x + 14 + used + you <= right:
            pen.text((x + 24 + used, y + 25), "YOU", name_font, GOLD)
        colour = DANGER if player.knocked_out else health_colour(player.health, player.max_health)
        used = pen.text((x + 14, y + 68), str(player.health), font(38, True), colour)
        used += pen.text((x + 16 + used, y + 74), f"/{player.max_health}", font(21, True), MUTED) + 2
        bar_x = x + 14 + max(used, 90) + 10
        health_bar(
            pen,
            bar_x,
            y + 58,
            x + width - 14 - bar_x,
            22,
            player.health,
            player.max_health,
            player.knocked_out,
        )
        if player.knocked_out:
            pen.text(((bar_x + x + width - 14) / 2, y + 69), "K.O.", font(19, True), DANGER, "mm")
    return y + height


def _where(view: PrivateView) -> dict[int, AssignmentView]:
    return {die_id: a for a in view.assignments for die_id in a.dice}


def _dice(pen: Pen, view: PrivateView, me: PlayerView, y: int) -> int:
    start = y
    x = MARGIN + 18
    inner = WIDTH - 2 * MARGIN - 36
    rolled = bool(view.roll)
    title = "YOUR ROLL" if rolled else "YOUR DICE"
    used = pen.text((x, y + 24), title, font(24, True), TEXT)
    if not rolled:
        pen.text((x + used + 16, y + 25), "(not rolled this round)", font(21), MUTED)
    y += 46
    if not me.dice:
        pen.text((x, y + 16), "no dice", font(21), DIM)
        return y + 36 - start
    where = _where(view)
    locked = set(view.locked)
    cursor = x
    top = y
    for die in me.dice:
        width = ROLL_DIE if rolled else die_width(die, ROLL_DIE)
        step = max(ROLL_STEP, width + 16)
        if cursor + step > x + inner + 16:
            cursor = x
            top += ROLL_DIE + 52
        if rolled:
            # Each die is centred in a column wide enough for the name of the action it sits on.
            rolled_die(
                pen, cursor + (step - ROLL_DIE) / 2, top, ROLL_DIE, die, view.roll.get(die.id, "blank")
            )
            centre = cursor + step / 2
            pen.text((centre, top + ROLL_DIE + 14), f"#{die.id}", font(20, True), TEXT, "mm")
            place, colour = _place(die, where, locked)
            small = font(16, True)
            pen.text((centre, top + ROLL_DIE + 36), fit_text(place, small, step - 8), small, colour, "mm")
        else:
            pool_die(pen, cursor, top, ROLL_DIE, die)
            if die.kind == "action":
                die_label(pen, cursor, top + ROLL_DIE + 4, width, f"#{die.id}", 20)
        cursor += step
    y = top + ROLL_DIE + 52
    action_dice = [d for d in me.dice if d.kind == "action"]
    if rolled and action_dice and view.public.phase == "power_up":
        # Power up is when faces get attached, detached and swapped: show what each action die carries.
        used = pen.text((x, y + 23), "ACTION DICE FACES", font(19, True), MUTED) + 14
        cursor = x + used
        for die in action_dice:
            width = die_width(die, 46)
            if cursor + width + 40 > x + inner:
                break
            cursor += pen.text((cursor, y + 23), f"#{die.id}", font(19, True), MUTED) + 6
            pool_die(pen, cursor, y, 46, die)
            cursor += width + 18
        y += 56
    if me.stored_faces:
        used = pen.text((x, y + 17), "STORED FACES", font(19, True), MUTED) + 12
        for index, face in enumerate(me.stored_faces):
            face_chip(pen, x + used + index * 38, y + 1, 32, face)
        y += 42
    if me.locked_in:
        used = pen.text((x, y + 16), "LOCKED IN", font(19, True), GOLD) + 12
        pen.text(
            (x + used, y + 16),
            fit_text(", ".join(me.locked_in), font(22, True), inner - used),
            font(22, True),
            TEXT,
        )
        y += 36
    return y - start


def _place(
    die: DieView, where: dict[int, AssignmentView], locked: set[int]
) -> tuple[str, tuple[int, int, int]]:
    if die.id in locked:
        return ("LOCKED", GOLD)
    if die.id in where:
        assignment = where[die.id]
        return (assignment.name, OK if assignment.active else WARN)
    return ("free", MUTED)


def _assignments(pen: Pen, view: PrivateView, me: PlayerView, y: int) -> int:
    start = y
    x = MARGIN + 18
    inner = WIDTH - 2 * MARGIN - 36
    pen.text((x, y + 24), "YOUR BOARDS", font(24, True), TEXT)
    y += 46
    dice = {d.id: d for d in me.dice}
    if view.assignments:
        y += boards_block(
            pen, x, y, inner, view.assignments, dice, view.roll, chip=40, requirement=True, show_ids=True
        )
    else:
        pen.text((x, y + 16), "No dice assigned yet.", font(22), MUTED)
        y += 38
    ally_duo = view.ally_duo
    ally = next((p for p in view.public.players if p.team == me.team and p.seat != me.seat), None)
    if ally_duo and ally is not None:
        y += 6
        pen.text((x, y + 16), f"{label(ally)} (ALLY) ON THE DUO BOARD", font(21, True), MUTED)
        y += 34
        ally_dice = {d.id: d for d in ally.dice}
        y += boards_block(pen, x, y, inner, ally_duo, ally_dice, {}, chip=40, requirement=True, show_ids=True)
    for title, ids, colour in (("UNASSIGNED", view.unassigned, MUTED), ("LOCKED", view.locked, GOLD)):
        if not ids:
            continue
        used = pen.text((x, y + 22), title, font(19, True), colour) + 14
        fits = max(1, (inner - used) // 84)
        dice_strip(pen, x + used, y + 2, ids[:fits], dice, view.roll, 40, show_ids=True)
        y += 48
    if view.target is not None:
        target = labels(view.public, (view.target,))
        used = pen.text((x, y + 18), "POINTER", font(19, True), MUTED) + 14
        pen.text((x + used, y + 18), f"→ {target}", font(24, True), TEXT)
        y += 40
    return y - start


def _pending(pen: Pen, view: PrivateView, y: int) -> int:
    lines: list[str] = []
    inner = WIDTH - 2 * MARGIN - 36
    for item in view.pending:
        # Pending texts are written for chat, where `code` marks what to type; no backticks in a picture.
        lines.extend(wrap_text(item.replace("`", ""), font(23), inner, max_lines=3))
    if view.legal_count:
        plural = "s" if view.legal_count != 1 else ""
        lines.append(f"{view.legal_count} choice{plural} open now: /play lists them.")
    if not lines:
        return y - 12
    height = 52 + 32 * len(lines)
    accent = WARN if view.seat in view.public.to_act else PANEL_EDGE
    pen.rect(
        (MARGIN, y, WIDTH - MARGIN, y + height),
        fill=blend(accent, SUBPANEL, 0.85),
        outline=accent,
        width=3,
        radius=14,
    )
    if view.seat in view.public.to_act:
        title = "YOUR MOVE"
    else:
        title = "WAITING FOR THE OTHERS" if view.public.phase != "over" else "GAME OVER"
    pen.text((MARGIN + 18, y + 24), title, font(24, True), accent if accent != PANEL_EDGE else MUTED)
    for index, line in enumerate(lines):
        pen.text((MARGIN + 18, y + 62 + 32 * index), line, font(23), TEXT)
    return y + height
