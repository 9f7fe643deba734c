"""A player's own screen, sent to them alone (DM or ephemeral reply).

Layout (800 px wide, readable at Discord's ~400 px preview): the title bar marked PRIVATE;
everybody's health; the attack and defense totals the dice as placed would give at the reveal
(Phase 1) or gave (after it), with what counts; the player's dice (rolled faces with their numbers
and where each sits, or their composition); in Phase 1 every action of their boards as a card with
its value and its requirement's slots, the dice on it in their slots (an ally's duo dice ringed in
the team colour and marked ALLY), after the reveal the actions they placed dice on; the 2 vs 2
pointer; and what the engine waits for from them.
"""

from __future__ import annotations

from render import bands
from render.core import Names, Pen, display_name, fit_font, fit_text, font, text_width, wrap_text
from render.kaploom.cards import INNER, boards, shown_cards
from render.kaploom.common import (
    MARGIN,
    WIDTH,
    formula,
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
    BOARD_COLOUR,
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
from rules.kaploom.views import ActionView, DieView, PlayerView, PrivateView

ROLL_DIE = 52
ROLL_STEP = 125  # a column per die (six to a row), wide enough for the name of the action it sits on


def render_screen(view: PrivateView, names: Names = None) -> bytes:
    """The screen as PNG bytes; ``names`` (seat -> display name) are drawn after each role."""
    return bands.draw(WIDTH, BACKGROUND, lambda pen: _layout(pen, view, names), palette())


def _me(view: PrivateView) -> PlayerView:
    return next(p for p in view.public.players if p.seat == view.seat)


def _layout(pen: Pen, view: PrivateView, names: Names) -> int:
    me = _me(view)
    # The red badge says whose screen it is: private, for them alone.
    y = title_bar(pen, view.public, 0, badge=(f"{label(me)}'S SCREEN", DANGER))
    y += 10
    y = _health_strip(pen, view, y, names) + 10
    if view.attack is not None and view.defense is not None and view.public.phase != "over" and not me.knocked_out:
        y = _section(pen, y, lambda p, yy: _totals(p, view, yy)) + 10
    y = _section(pen, y, lambda p, yy: _dice(p, view, me, yy)) + 10
    if shown_cards(view):
        y = _section(pen, y, lambda p, yy: boards(p, view, me, yy)) + 10
    y = _pending(pen, view, y)
    return y + MARGIN


def _section(pen: Pen, y: int, body) -> int:
    """A panel around ``body(pen, top) -> height``, sized by a dry run first (a dry pen measures
    as it goes, so it needs no second run)."""
    if pen.dry:
        return y + body(pen, y) + 12
    height = body(Pen(), y) + 12
    pen.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=12)
    body(pen, y)
    return y + height


def _health_strip(pen: Pen, view: PrivateView, y: int, names: Names) -> int:
    """Everyone's health, you first, two cards to a row, so the screen can be read without the
    channel board."""
    players = sorted(view.public.players, key=lambda p: (p.seat != view.seat, p.seat))
    gap = 10
    width = (WIDTH - 2 * MARGIN - gap) // 2
    height = 78
    for index, player in enumerate(players):
        x = MARGIN + (index % 2) * (width + gap)
        top = y + (index // 2) * (height + gap)
        accent = TEAM_ACCENT.get(player.team, PANEL_EDGE)
        is_me = player.seat == view.seat
        pen.rect((x, top, x + width, top + height), fill=PANEL, outline=GOLD if is_me else accent, width=3,
                 radius=10)
        right = x + width - 10
        if player.seat == view.public.first_player:
            right -= first_player_token(pen, right - 32, top + 5, 32) + 6
        name_font = font(21, True)
        you = text_width("YOU", name_font) + 10 if is_me else 0
        ally = " (ALLY)" if player.team == _me(view).team and not is_me else ""
        used = role_and_name(
            pen, x + 12, top + 21, label(player) + ally, display_name(names, player.seat), name_font,
            font(19, True), TEXT, MUTED, right - x - 16 - you,
        )
        if is_me:
            pen.text((x + 20 + used, top + 21), "YOU", name_font, GOLD)
        colour = DANGER if player.knocked_out else health_colour(player.health, player.max_health)
        used = pen.text((x + 12, top + 55), str(player.health), font(30, True), colour)
        used += pen.text((x + 14 + used, top + 60), f"/{player.max_health}", font(18, True), MUTED) + 2
        bar_x = x + 12 + max(used, 72) + 8
        health_bar(pen, bar_x, top + 46, x + width - 12 - bar_x, 20, player.health, player.max_health,
                   player.knocked_out)
        if player.knocked_out:
            pen.text(((bar_x + x + width - 12) / 2, top + 56), "K.O.", font(17, True), DANGER, "mm")
    rows = (len(players) + 1) // 2
    return y + rows * height + (rows - 1) * gap


# ---------------------------------------------------------------- the totals


def _no_base(view: PrivateView, which: str) -> str:
    if view.public.phase != "roll":
        return f"no base {which} this round"
    bases = [a.name for a in view.actions if a.role == "base" and a.total == which]
    head = f"no base {which} yet"
    if len(bases) > 1:
        return f"{head}: {', '.join(bases[:-1])} or {bases[-1]}"
    return f"{head}: {bases[0]}" if bases else head


def _totals(pen: Pen, view: PrivateView, y: int) -> int:
    start = y
    x = MARGIN + 14
    phase1 = view.public.phase == "roll"
    title = "IF THE SCREENS CAME DOWN NOW" if phase1 else "YOUR TOTALS THIS ROUND"
    pen.text((x, y + 20), title, font(21, True), TEXT)
    y += 38
    badge_w = 0
    for name in ("ATTACK", "DEFENSE"):
        badge_w = max(badge_w, text_width(name, font(18, True)) + text_width("88", font(30, True)) + 34)
    for which, total in (("attack", view.attack), ("defense", view.defense)):
        assert total is not None
        colour = BOARD_COLOUR[which]
        pen.rect((x, y, x + badge_w, y + 42), fill=blend(colour, SUBPANEL, 0.35), outline=colour, width=2, radius=8)
        pen.text((x + 10, y + 22), which.upper(), font(18, True), TEXT)
        pen.text((x + badge_w - 10, y + 21), str(total.value), font(30, True), TEXT, "rm")
        text_x = x + badge_w + 12
        room = WIDTH - MARGIN - 14 - text_x
        if total.base:
            explained = formula(total)
            colour_text = TEXT
        else:
            explained = _no_base(view, which)
            colour_text = MUTED
        lines = wrap_text(explained, font(20, True), room, max_lines=2)
        line_h = 24
        top = y + 21 - (len(lines) - 1) * line_h / 2
        for index, line in enumerate(lines):
            pen.text((text_x, top + index * line_h), line, font(20, True), colour_text)
        y += max(48, 24 * len(lines) + 10)
        for note in total.notes:
            for line in wrap_text("• " + note, font(19), INNER - 12, max_lines=2):
                pen.text((x + 6, y + 11), line, font(19), WARN if phase1 else MUTED)
                y += 24
            y += 2
    if phase1:
        pen.text((x, y + 12), "Only the higher base and the higher multiplier count.", font(18), MUTED)
        y += 26
    return y - start


# ---------------------------------------------------------------- the dice


def _where(view: PrivateView) -> dict[int, ActionView]:
    return {die_id: a for a in view.actions for die_id in a.dice}


def _dice(pen: Pen, view: PrivateView, me: PlayerView, y: int) -> int:
    start = y
    x = MARGIN + 14
    rolled = bool(view.roll) and view.public.phase == "roll"
    title = "YOUR ROLL" if rolled else "YOUR DICE"
    used = pen.text((x, y + 20), title, font(21, True), TEXT)
    if rolled and view.unassigned:
        free = [i for i in view.unassigned if i not in view.locked]
        if free:
            note = f"{len(free)} free: " + ", ".join(f"#{i}" for i in free)
            pen.text((x + used + 14, y + 21), fit_text(note, font(19, True), INNER - used - 14), font(19, True), OK)
    y += 38
    if not me.dice:
        pen.text((x, y + 14), "no dice", font(20), DIM)
        return y + 32 - start
    where = _where(view)
    locked = set(view.locked)
    cursor = x
    top = y
    row_height = ROLL_DIE + (58 if rolled else 26)
    for die in me.dice:
        width = ROLL_DIE if rolled else die_width(die, ROLL_DIE)
        step = ROLL_STEP if rolled else width + 10
        if cursor + step > x + INNER + 4:
            cursor = x
            top += row_height
        if rolled:
            rolled_die(pen, cursor + (step - ROLL_DIE) / 2, top, ROLL_DIE, die, view.roll.get(die.id, "blank"))
            centre = cursor + step / 2
            pen.text((centre, top + ROLL_DIE + 12), f"#{die.id}", font(19, True), TEXT, "mm")
            place, colour = _place(die, where, locked)
            longest = max(place.split(), key=len)
            place_font = fit_font(longest, 18, True, step - 6, min_size=14)
            lines = wrap_text(place, place_font, step - 6, max_lines=2)
            for index, line in enumerate(lines):
                pen.text((centre, top + ROLL_DIE + 33 + 19 * index), line, place_font, colour, "mm")
        else:
            pool_die(pen, cursor, top, ROLL_DIE, die)
            if die.kind == "action":
                die_label(pen, cursor, top + ROLL_DIE + 2, width, f"#{die.id}", 18)
        cursor += step
    y = top + row_height
    if me.stored_faces:
        used = pen.text((x, y + 16), "STORED FACES", font(18, True), MUTED) + 10
        for index, face in enumerate(me.stored_faces):
            face_chip(pen, x + used + index * 34, y + 2, 30, face)
        y += 38
    if me.locked_in:
        used = pen.text((x, y + 15), "LOCKED IN", font(18, True), GOLD) + 10
        for index, line in enumerate(wrap_text(", ".join(me.locked_in), font(20, True), INNER - used, max_lines=2)):
            pen.text((x + used, y + 15 + 26 * index), line, font(20, True), TEXT)
            y += 26 if index else 0
        y += 32
    if view.target is not None:
        used = pen.text((x, y + 16), "POINTER", font(18, True), MUTED) + 10
        target = labels(view.public, (view.target,))
        pen.text((x + used, y + 16), f"→ {target} (secret until the reveal)" if view.public.phase == "roll"
                 else f"→ {target}", font(20, True), TEXT)
        y += 34
    return y - start


def _place(die: DieView, where: dict[int, ActionView], locked: set[int]) -> tuple[str, tuple[int, int, int]]:
    if die.id in locked:
        name = where[die.id].name if die.id in where else ""
        return (f"{name} (LOCKED)".strip() if name else "LOCKED", GOLD)
    if die.id in where:
        action = where[die.id]
        return (action.name, OK if action.met else WARN)
    return ("free", MUTED)


# ---------------------------------------------------------------- the boards


def _pending(pen: Pen, view: PrivateView, y: int) -> int:
    lines: list[str] = []
    inner = WIDTH - 2 * MARGIN - 28
    for item in view.pending:
        # Pending texts are written for chat, where `code` marks what to type; no backticks in a picture.
        lines.extend(wrap_text(item.replace("`", ""), font(20), inner, max_lines=3))
    if view.legal_count:
        plural = "s" if view.legal_count != 1 else ""
        lines.append(f"{view.legal_count} choice{plural} open now: /play lists them.")
    if view.public.phase == "over" and view.public.summary:
        lines.extend(wrap_text(view.public.summary, font(20), inner, max_lines=3))
    if not lines:
        return y - 10
    height = 46 + 27 * len(lines)
    accent = WARN if view.seat in view.public.to_act else PANEL_EDGE
    if view.seat in view.public.to_act:
        title = "YOUR MOVE"
    elif view.public.phase == "over":
        won = view.seat in view.public.winners
        title, accent = ("YOU WIN!", GOLD) if won else ("GAME OVER", PANEL_EDGE)
    else:
        title = "WAITING FOR THE OTHERS"
    pen.rect(
        (MARGIN, y, WIDTH - MARGIN, y + height),
        fill=blend(accent, SUBPANEL, 0.85),
        outline=accent,
        width=3,
        radius=12,
    )
    pen.text((MARGIN + 14, y + 21), title, font(21, True), accent if accent != PANEL_EDGE else MUTED)
    for index, line in enumerate(lines):
        pen.text((MARGIN + 14, y + 54 + 27 * index), line, font(20), TEXT)
    return y + height
