"""The public KAPLOOM! board posted in the channel after every step.

Layout (1200 px wide): the title bar (round, variant, phase, who is awaited); a winner banner once
the game is over; one column per team, villains left and heroes right, one panel per player
(health track, first-player token, status, dice pool with action dice faces, stored faces, locked-in
abilities and announced IMMEDIATE actions, and after the reveal their attack/defense totals and
every assignment on their boards); then the last events and the shared pool.
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
    tag,
)
from render.kaploom.style import (
    BACKGROUND,
    BOARD_COLOUR,
    DANGER,
    DARK_TEXT,
    DIE_COLOUR,
    DIM,
    FACE_ORDER,
    GOLD,
    MUTED,
    OK,
    PANEL,
    PANEL_EDGE,
    SUBPANEL,
    TEAM_ACCENT,
    TEXT,
    TRAIT_ORDER,
    WARN,
    blend,
    edge,
    health_colour,
    palette,
)
from rules.kaploom.views import PlayerView, PublicView

COLUMN_GAP = 14
DIE_SIZE = 50
EVENT_LINES = 5


def render_board(view: PublicView, names: Names = None) -> bytes:
    """The board as PNG bytes; ``names`` (seat -> display name) are drawn after each role."""
    height = _layout(Pen(), view, names)
    image, pen = new_canvas(WIDTH, height, BACKGROUND)
    _layout(pen, view, names)
    return encode_png(image, palette())


def _layout(pen: Pen, view: PublicView, names: Names = None) -> int:
    y = title_bar(pen, view, 0)
    y += 12
    if view.phase == "over":
        y = _winner_banner(pen, view, y) + 12
    y = _players(pen, view, y, names) + 12
    y = _events(pen, view, y) + 12
    y = _pool(pen, view, y)
    return y + MARGIN


def _winner_banner(pen: Pen, view: PublicView, y: int) -> int:
    winners = [p for p in view.players if p.seat in view.winners]
    if winners:
        verb = "WINS!" if len(winners) == 1 else "WIN!"
        headline = " & ".join(label(p) for p in winners) + " " + verb
    else:
        headline = "GAME OVER"
    inner = WIDTH - 2 * MARGIN - 40
    summary = wrap_text(view.summary or "", font(23), inner, max_lines=3)
    height = 70 + 30 * len(summary) + (10 if summary else 0)
    pen.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=GOLD, radius=14)
    pen.text((WIDTH / 2, y + 38), fit_text(headline, font(46, True), inner), font(46, True), DARK_TEXT, "mm")
    for index, line in enumerate(summary):
        pen.text((WIDTH / 2, y + 84 + 30 * index), line, font(23), DARK_TEXT, "mm")
    return y + height


def _players(pen: Pen, view: PublicView, y: int, names: Names) -> int:
    teams = sorted({p.team for p in view.players})
    columns = [[p for p in view.players if p.team == team] for team in teams]
    column_width = (WIDTH - 2 * MARGIN - COLUMN_GAP * (len(columns) - 1)) // max(1, len(columns))
    rows = max(len(c) for c in columns)
    for row in range(rows):
        in_row = [(index, column[row]) for index, column in enumerate(columns) if row < len(column)]
        height = max(_player_panel(Pen(), view, p, 0, 0, column_width, names) for _, p in in_row)
        for index, player in in_row:
            x = MARGIN + index * (column_width + COLUMN_GAP)
            pen.rect((x, y, x + column_width, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=14)
            _player_panel(pen, view, player, x, y, column_width, names)
        y += height + 12
    return y - 12


def _status(view: PublicView, player: PlayerView) -> tuple[str, tuple[int, int, int]] | None:
    if player.knocked_out:
        return ("K.O.", DANGER)
    if view.phase == "over":
        return ("WINNER", GOLD) if player.seat in view.winners else None
    if view.phase == "roll":
        return ("READY ✓", OK) if player.ready else ("ASSIGNING…", WARN)
    if player.seat in view.to_act:
        return ("TO ACT", WARN)
    return None


def _player_panel(
    pen: Pen, view: PublicView, player: PlayerView, x: int, y: int, width: int, names: Names
) -> int:
    """One player's panel; returns its height (the dry pen only measures)."""
    start = y
    inner_x = x + 16
    inner_w = width - 32
    accent = TEAM_ACCENT.get(player.team, PANEL_EDGE)
    # Name strip in the team colour, status and first-player token on the right.
    pen.rect((x, y, x + width, y + 60), fill=accent, radius=14)
    pen.rect((x, y + 40, x + width, y + 60), fill=accent)
    right = x + width - 14
    status = _status(view, player)
    if status is not None:
        right -= tag(pen, right, y + 13, status[0], status[1], size=21, height=34, right=True) + 10
    if player.seat == view.first_player:
        right -= first_player_token(pen, right - 44, y + 8, 44) + 10
    name_colour = blend(accent, TEXT, 0.75)
    room = right - inner_x - 10
    if player.super_board and names:
        # The name and the super board share what the role leaves, the super board up to half of it.
        left = room - text_width(label(player), font(31, True))
        room -= min(text_width(player.super_board, font(22, True)) + 26, left // 2)
    used = role_and_name(
        pen,
        inner_x,
        y + 31,
        label(player),
        display_name(names, player.seat),
        font(31, True),
        font(25, True),
        TEXT,
        name_colour,
        room,
    )
    if player.super_board:
        room = right - inner_x - used - 26
        if room > 60:
            pen.text(
                (inner_x + used + 14, y + 32),
                fit_text(player.super_board, font(22, True), room),
                font(22, True),
                name_colour,
            )
    y += 72

    # Health track.
    colour = DANGER if player.knocked_out else health_colour(player.health, player.max_health)
    number = str(player.health)
    used = pen.text((inner_x, y + 22), number, font(46, True), colour)
    used += pen.text((inner_x + used + 2, y + 30), f"/{player.max_health}", font(24, True), MUTED) + 2
    bar_x = inner_x + max(used, 110) + 14
    health_bar(
        pen, bar_x, y + 9, inner_x + inner_w - bar_x, 28, player.health, player.max_health, player.knocked_out
    )
    if player.knocked_out:
        pen.text(((bar_x + inner_x + inner_w) / 2, y + 23), "KNOCKED OUT", font(21, True), DANGER, "mm")
    y += 54

    # Dice pool: trait dice by colour (number on the die), action dice with their six faces.
    y += _dice_pool(pen, player, inner_x, y, inner_w)

    if player.stored_faces:
        y += _stored_faces(pen, player.stored_faces, inner_x, y, inner_w)
    if player.locked_in:
        y += _note_line(pen, inner_x, y, inner_w, "LOCKED IN", ", ".join(player.locked_in), GOLD)
    if player.announced:
        y += _note_line(pen, inner_x, y, inner_w, "ANNOUNCED", ", ".join(player.announced), WARN)

    if player.revealed is not None:
        y += _revealed(pen, view, player, inner_x, y, inner_w)
    elif view.phase == "roll" and not player.knocked_out:
        pen.text((inner_x, y + 16), "Screen up: roll and assignments hidden", font(20), MUTED)
        y += 34
    return y - start + 6


def _dice_pool(pen: Pen, player: PlayerView, x: int, y: int, width: int) -> int:
    if not player.dice:
        pen.text((x, y + 16), "no dice", font(21), DIM)
        return 36
    gap = 8
    row_height = DIE_SIZE + 24
    cursor = x
    top = y
    for die in player.dice:
        die_w = die_width(die, DIE_SIZE)
        if cursor + die_w > x + width:
            cursor = x
            top += row_height
        pool_die(pen, cursor, top, DIE_SIZE, die)
        if die.kind == "action":
            die_label(pen, cursor, top + DIE_SIZE + 3, die_w, f"#{die.id}")
        cursor += die_w + gap
    return top - y + row_height


def _stored_faces(pen: Pen, faces: tuple[str, ...], x: int, y: int, width: int) -> int:
    used = pen.text((x, y + 16), "STORED", font(19, True), MUTED) + 12
    cursor = x + used
    chip = 30
    top = y
    for face in faces:
        if cursor + chip > x + width:
            cursor = x + used
            top += chip + 6
        face_chip(pen, cursor, top + 1, chip, face)
        cursor += chip + 6
    return top - y + chip + 10


def _note_line(
    pen: Pen, x: int, y: int, width: int, title: str, text: str, colour: tuple[int, int, int]
) -> int:
    used = pen.text((x, y + 15), title, font(19, True), colour) + 12
    pen.text((x + used, y + 15), fit_text(text, font(22, True), width - used), font(22, True), TEXT)
    return 34


def _revealed(pen: Pen, view: PublicView, player: PlayerView, x: int, y: int, width: int) -> int:
    revealed = player.revealed
    assert revealed is not None
    start = y
    pen.line([(x, y + 4), (x + width, y + 4)], fill=PANEL_EDGE, width=2)
    y += 14
    cursor = x
    cursor += _total_badge(pen, cursor, y, "ATTACK", revealed.attack, BOARD_COLOUR["attack"]) + 10
    cursor += _total_badge(pen, cursor, y, "DEFENSE", revealed.defense, BOARD_COLOUR["defense"]) + 10
    if revealed.target is not None:
        target = labels(view, (revealed.target,))
        pen.text(
            (cursor + 4, y + 22),
            fit_text(f"→ {target}", font(22, True), x + width - cursor - 4),
            font(22, True),
            TEXT,
        )
    y += 56
    dice = {d.id: d for d in player.dice}
    if revealed.assignments:
        y += boards_block(pen, x, y, width, revealed.assignments, dice, revealed.roll)
    else:
        pen.text((x, y + 16), "no actions assigned", font(21), DIM)
        y += 36
    placed = {die_id for a in revealed.assignments for die_id in a.dice}
    unused = tuple(die_id for die_id in sorted(revealed.roll) if die_id not in placed)
    if unused:
        used = pen.text((x, y + 21), "UNUSED", font(19, True), MUTED) + 12
        available = (width - used) // 43
        if len(unused) > available:
            available -= 1  # room for "+n", the count of dice left out
            pen.text((x + width, y + 21), f"+{len(unused) - available}", font(21, True), MUTED, "rm")
        dice_strip(pen, x + used, y + 2, unused[:available], dice, revealed.roll, 38)
        y += 46
    return y - start


def _total_badge(pen: Pen, x: int, y: int, title: str, value: int, colour: tuple[int, int, int]) -> int:
    title_font = font(19, True)
    value_font = font(30, True)
    width = text_width(title, title_font) + text_width(str(value), value_font) + 34
    pen.rect(
        (x, y, x + width, y + 44), fill=blend(colour, SUBPANEL, 0.35), outline=colour, width=2, radius=10
    )
    used = pen.text((x + 12, y + 23), title, title_font, TEXT)
    pen.text((x + 22 + used, y + 22), str(value), value_font, TEXT)
    return width


def _events(pen: Pen, view: PublicView, y: int) -> int:
    events = view.last_events[-EVENT_LINES:]
    if not events:
        return y - 12
    inner = WIDTH - 2 * MARGIN - 32
    lines: list[tuple[str, bool]] = []
    for index, event in enumerate(events):
        newest = index == len(events) - 1
        for number, line in enumerate(wrap_text(event, font(22, newest), inner - 24, max_lines=2)):
            lines.append((("• " if number == 0 else "  ") + line, newest))
    height = 46 + 31 * len(lines)
    pen.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=SUBPANEL, outline=PANEL_EDGE, width=2, radius=12)
    pen.text((MARGIN + 16, y + 22), "LAST EVENTS", font(19, True), MUTED)
    if view.phase in ("reveal", "power_up") and view.turn_order:
        order = "Turn order: " + " → ".join(labels(view, (seat,)) for seat in view.turn_order)
        pen.text(
            (WIDTH - MARGIN - 16, y + 22),
            fit_text(order, font(19, True), inner - 200),
            font(19, True),
            MUTED,
            "rm",
        )
    for index, (line, newest) in enumerate(lines):
        pen.text((MARGIN + 16, y + 58 + 31 * index), line, font(22, newest), TEXT if newest else MUTED)
    return y + height


def _pool(pen: Pen, view: PublicView, y: int) -> int:
    """The shared pool: trait dice left by colour, action dice, unattached faces."""
    items: list[tuple[str, str, int]] = [("die", c, view.pool.trait_dice.get(c, 0)) for c in TRAIT_ORDER]
    items.append(("die", "gray", view.pool.action_dice))
    items += [("face", f, view.pool.faces.get(f, 0)) for f in FACE_ORDER]
    count_font = font(22, True)
    size = 32
    title_width = text_width("POOL", font(19, True)) + 18
    needed = sum(size + 5 + text_width(f"×{n}", count_font) for _, _, n in items) + 12
    room = WIDTH - 2 * MARGIN - 32 - title_width
    # Two-digit counts (2 vs 2 doubles the components) squeeze the gaps rather than overflow.
    gap = max(4, min(14, (room - needed) // (len(items) - 1)))

    height = 64
    pen.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=SUBPANEL, outline=PANEL_EDGE, width=2, radius=12)
    middle = y + height / 2
    x = MARGIN + 16
    x += pen.text((x, middle), "POOL", font(19, True), MUTED) + 18
    for kind, name, count in items:
        if kind == "die":
            fill = DIE_COLOUR[name]
            box = (x, middle - size / 2, x + size, middle + size / 2)
            pen.rect(box, fill=fill, outline=edge(fill), width=2, radius=6)
        else:
            if name == FACE_ORDER[0]:
                pen.line([(x + 2, y + 12), (x + 2, y + height - 12)], fill=PANEL_EDGE, width=2)
                x += 4 + max(gap, 8)
            face_chip(pen, x, middle - size / 2, size, name)
        x += size + 5
        x += pen.text((x, middle), f"×{count}", count_font, TEXT) + gap
    return y + height
