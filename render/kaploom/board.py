"""The public KAPLOOM! board posted in the channel after every step.

Layout (800 px wide, readable at Discord's ~400 px preview): the title bar (round, variant, phase, who is awaited); a winner banner once
the game is over; one column per team, villains left and heroes right, one panel per player
(health track, first-player token, status, dice pool with action dice faces, stored faces, locked-in
abilities and announced IMMEDIATE actions, and after the reveal their attack/defense totals and
every assignment on their boards; while no reveal is live, a compact strip of the last one); then
the last events and the shared pool.
"""

from __future__ import annotations

from render import bands
from render.core import Names, Pen, display_name, fit_text, font, text_width, wrap_text
from render.kaploom.common import (
    MARGIN,
    WIDTH,
    boards_block,
    dice_strip,
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

COLUMN_GAP = 10
DIE_SIZE = 46
EVENT_LINES = 5


def render_board(view: PublicView, names: Names = None) -> bytes:
    """The board as PNG bytes; ``names`` (seat -> display name) are drawn after each role."""
    return bands.draw(WIDTH, BACKGROUND, lambda pen: _layout(pen, view, names), palette())


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
    inner = WIDTH - 2 * MARGIN - 32
    summary = wrap_text(view.summary or "", font(21), inner, max_lines=3)
    height = 60 + 28 * len(summary) + (8 if summary else 0)
    pen.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=GOLD, radius=12)
    headline_font = font(38, True)
    pen.text((WIDTH / 2, y + 32), fit_text(headline, headline_font, inner), headline_font, DARK_TEXT, "mm")
    for index, line in enumerate(summary):
        pen.text((WIDTH / 2, y + 72 + 28 * index), line, font(21), DARK_TEXT, "mm")
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
            pen.rect((x, y, x + column_width, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=12)
            _player_panel(pen, view, player, x, y, column_width, names)
        y += height + 10
    return y - 10


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
    inner_x = x + 12
    inner_w = width - 24
    accent = TEAM_ACCENT.get(player.team, PANEL_EDGE)
    # Name strip in the team colour, status and first-player token on the right.
    pen.rect((x, y, x + width, y + 48), fill=accent, radius=12)
    pen.rect((x, y + 32, x + width, y + 48), fill=accent)
    right = x + width - 10
    if player.seat == view.first_player:
        right -= first_player_token(pen, right - 36, y + 6, 36) + 8
    name_colour = blend(accent, TEXT, 0.75)
    role_and_name(
        pen,
        inner_x,
        y + 25,
        label(player),
        display_name(names, player.seat),
        font(24, True),
        font(20, True),
        TEXT,
        name_colour,
        right - inner_x - 6,
    )
    y += 54
    # The super board on the left and the status (ready, to act, K.O.) on the right, under the strip.
    status = _status(view, player)
    status_w = 0
    if status is not None:
        status_w = tag(pen, inner_x + inner_w, y, status[0], status[1], size=17, height=26, right=True) + 8
    if player.super_board:
        pen.text((inner_x, y + 13), fit_text(player.super_board, font(20, True), inner_w - status_w), font(20, True),
                 GOLD)
    if status is not None or player.super_board:
        y += 32

    # Health track.
    colour = DANGER if player.knocked_out else health_colour(player.health, player.max_health)
    used = pen.text((inner_x, y + 18), str(player.health), font(36, True), colour)
    used += pen.text((inner_x + used + 2, y + 24), f"/{player.max_health}", font(20, True), MUTED) + 2
    bar_x = inner_x + max(used, 86) + 10
    health_bar(
        pen, bar_x, y + 7, inner_x + inner_w - bar_x, 24, player.health, player.max_health, player.knocked_out
    )
    if player.knocked_out:
        pen.text(((bar_x + inner_x + inner_w) / 2, y + 19), "KNOCKED OUT", font(18, True), DANGER, "mm")
    y += 44

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
    else:
        if view.phase == "roll" and not player.knocked_out:
            for line in wrap_text("Screen up: roll and dice placed are hidden", font(20), inner_w, max_lines=2):
                pen.text((inner_x, y + 14), line, font(20), MUTED)
                y += 26
            y += 4
        if player.last_reveal is not None:
            # No live reveal: what the last one showed, or a round that ended in the step that
            # revealed it (nobody had anything to power up) would never be seen.
            y += _last_reveal(pen, view, player, inner_x, y, inner_w)
    return y - start + 6


def _dice_pool(pen: Pen, player: PlayerView, x: int, y: int, width: int) -> int:
    if not player.dice:
        pen.text((x, y + 14), "no dice", font(20), DIM)
        return 32
    gap = 6
    row_height = DIE_SIZE + 22
    cursor = x
    top = y
    for die in player.dice:
        die_w = die_width(die, DIE_SIZE)
        if cursor + die_w > x + width:
            cursor = x
            top += row_height
        pool_die(pen, cursor, top, DIE_SIZE, die)
        if die.kind == "action":
            die_label(pen, cursor, top + DIE_SIZE + 2, die_w, f"#{die.id}", 17)
        cursor += die_w + gap
    return top - y + row_height


def _stored_faces(pen: Pen, faces: tuple[str, ...], x: int, y: int, width: int) -> int:
    used = pen.text((x, y + 14), "STORED", font(18, True), MUTED) + 10
    cursor = x + used
    chip = 28
    top = y
    for face in faces:
        if cursor + chip > x + width:
            cursor = x + used
            top += chip + 4
        face_chip(pen, cursor, top, chip, face)
        cursor += chip + 4
    return top - y + chip + 8


def _note_line(
    pen: Pen, x: int, y: int, width: int, title: str, text: str, colour: tuple[int, int, int]
) -> int:
    """A titled note, wrapped onto a second line rather than cut."""
    used = pen.text((x, y + 13), title, font(18, True), colour) + 10
    lines = wrap_text(text, font(20, True), width - used, max_lines=2)
    for index, line in enumerate(lines):
        pen.text((x + used, y + 13 + 26 * index), line, font(20, True), TEXT)
    return 28 + 26 * (len(lines) - 1)


def _revealed(pen: Pen, view: PublicView, player: PlayerView, x: int, y: int, width: int) -> int:
    revealed = player.revealed
    assert revealed is not None
    start = y
    pen.line([(x, y + 4), (x + width, y + 4)], fill=PANEL_EDGE, width=2)
    y += 12
    _totals_row(pen, view, x, y, width, revealed.attack, revealed.defense, revealed.target)
    y += 48
    dice = {d.id: d for d in player.dice}
    if revealed.assignments:
        y += boards_block(pen, x, y, width, revealed.assignments, dice, revealed.roll)
    else:
        pen.text((x, y + 14), "no actions assigned", font(20), MUTED)
        y += 32
    placed = {die_id for a in revealed.assignments for die_id in a.dice}
    unused = tuple(die_id for die_id in sorted(revealed.roll) if die_id not in placed)
    if unused:
        used = pen.text((x, y + 18), "UNUSED", font(18, True), MUTED) + 10
        available = max(1, (width - used) // 34)
        if len(unused) > available:
            available -= 1  # room for "+n", the count of dice left out
            pen.text((x + width, y + 18), f"+{len(unused) - available}", font(20, True), MUTED, "rm")
        dice_strip(pen, x + used, y + 2, unused[:available], dice, revealed.roll, 30)
        y += 38
    return y - start


def _last_reveal(pen: Pen, view: PublicView, player: PlayerView, x: int, y: int, width: int) -> int:
    """A compact strip of the last reveal fought out: its round and the health it cost on a dashed
    rule, the attack and defense totals (and the 2 vs 2 pointer), the actions activated."""
    last = player.last_reveal
    assert last is not None
    start = y
    for dash in range(x, x + width, 12):
        pen.line([(dash, y + 4), (min(dash + 6, x + width), y + 4)], fill=PANEL_EDGE, width=2)
    y += 10
    title_font = font(18, True)
    lost_w = 0
    if last.lost:
        lost_w = pen.text((x + width, y + 13), f"LOST {last.lost} HEALTH", title_font, DANGER, "rm") + 10
    title = f"ROUND {last.round} REVEAL"
    pen.text((x, y + 13), fit_text(title, title_font, width - lost_w), title_font, MUTED)
    y += 28
    _totals_row(pen, view, x, y, width, last.attack, last.defense, last.target)
    y += 44
    if last.activated:
        for line in wrap_text(", ".join(last.activated), font(20, True), width, max_lines=2):
            pen.text((x, y + 13), line, font(20, True), TEXT)
            y += 26
    else:
        pen.text((x, y + 13), "nothing activated", font(20), MUTED)
        y += 26
    return y - start + 4


def _totals_row(
    pen: Pen, view: PublicView, x: int, y: int, width: int, attack: int, defense: int, target: int | None,
) -> None:
    """The attack and defense badges of a reveal, and the 2 vs 2 pointer after them."""
    cursor = x
    cursor += _total_badge(pen, cursor, y, "ATK", attack, BOARD_COLOUR["attack"]) + 8
    cursor += _total_badge(pen, cursor, y, "DEF", defense, BOARD_COLOUR["defense"]) + 8
    if target is not None:
        text = fit_text(f"→ {labels(view, (target,))}", font(20, True), x + width - cursor - 2)
        pen.text((cursor + 2, y + 19), text, font(20, True), TEXT)


def _total_badge(pen: Pen, x: int, y: int, title: str, value: int, colour: tuple[int, int, int]) -> int:
    title_font = font(18, True)
    value_font = font(26, True)
    width = text_width(title, title_font) + text_width(str(value), value_font) + 28
    pen.rect(
        (x, y, x + width, y + 38), fill=blend(colour, SUBPANEL, 0.35), outline=colour, width=2, radius=8
    )
    used = pen.text((x + 10, y + 20), title, title_font, TEXT)
    pen.text((x + 18 + used, y + 19), str(value), value_font, TEXT)
    return width


def _events(pen: Pen, view: PublicView, y: int) -> int:
    events = view.last_events[-EVENT_LINES:]
    if not events:
        return y - 12
    inner = WIDTH - 2 * MARGIN - 28
    lines: list[tuple[str, bool]] = []
    for index, event in enumerate(events):
        newest = index == len(events) - 1
        for number, line in enumerate(wrap_text(event, font(20, newest), inner - 20, max_lines=2)):
            lines.append((("• " if number == 0 else "   ") + line, newest))
    order = ""
    if view.phase in ("reveal", "power_up") and view.turn_order:
        order = "Turn order: " + " → ".join(labels(view, (seat,)) for seat in view.turn_order)
    title_w = text_width("LAST EVENTS", font(18, True))
    order_on_title = bool(order) and title_w + 24 + text_width(order, font(18, True)) <= inner
    extra = 26 if order and not order_on_title else 0
    height = 42 + extra + 27 * len(lines)
    pen.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=SUBPANEL, outline=PANEL_EDGE, width=2, radius=10)
    pen.text((MARGIN + 14, y + 20), "LAST EVENTS", font(18, True), MUTED)
    if order:
        if order_on_title:
            pen.text((WIDTH - MARGIN - 14, y + 20), order, font(18, True), MUTED, "rm")
        else:
            pen.text((MARGIN + 14, y + 46), fit_text(order, font(18, True), inner), font(18, True), MUTED)
    for index, (line, newest) in enumerate(lines):
        pen.text((MARGIN + 14, y + 52 + extra + 27 * index), line, font(20, newest), TEXT if newest else MUTED)
    return y + height


def _pool(pen: Pen, view: PublicView, y: int) -> int:
    """The shared pool: trait dice left by colour and action dice on one row, unattached faces on
    the next."""
    count_font = font(20, True)
    size = 28
    height = 96
    pen.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=SUBPANEL, outline=PANEL_EDGE, width=2, radius=10)
    rows: list[tuple[str, list[tuple[str, str, int]]]] = [
        ("POOL DICE", [("die", c, view.pool.trait_dice.get(c, 0)) for c in TRAIT_ORDER]
         + [("die", "gray", view.pool.action_dice)]),
        ("POOL FACES", [("face", f, view.pool.faces.get(f, 0)) for f in FACE_ORDER]),
    ]
    title_width = max(text_width(title, font(18, True)) for title, _ in rows) + 16
    room = WIDTH - 2 * MARGIN - 28 - title_width
    for row, (title, items) in enumerate(rows):
        middle = y + 26 + 44 * row
        x = MARGIN + 14
        pen.text((x, middle), title, font(18, True), MUTED)
        x += title_width
        needed = sum(size + 4 + text_width(f"×{n}", count_font) for _, _, n in items)
        gap = max(6, min(40, (room - needed) // max(1, len(items) - 1)))
        for kind, name, count in items:
            if kind == "die":
                fill = DIE_COLOUR[name]
                box = (x, middle - size / 2, x + size, middle + size / 2)
                pen.rect(box, fill=fill, outline=edge(fill), width=2, radius=6)
            else:
                face_chip(pen, x, middle - size / 2, size, name)
            x += size + 4
            x += pen.text((x, middle), f"×{count}", count_font, TEXT) + gap
    return y + height
