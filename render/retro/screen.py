"""A player's own Retro Bots vs Rogues screen, sent to them alone (DM) while they program.

Layout (800 px wide): the title bar marked with whose screen it is; one line of where they stand
(Retro type, the Rogues they move this round, stunned, Upgrades); a warning when the Retro waits
outside its door (its first instruction must bring it in); their program as numbered instruction
tiles up to the maximum, empty slots dashed (after a stun only the first few run: the rest are
marked); the counters still free and the class limits against what the program uses; what they may
do now; and the board, smaller, their Retro ringed.
"""

from __future__ import annotations

from render import bands
from render.core import Names, Pen, fit_text, font, text_width, wrap_text
from render.retro.common import (
    MARGIN,
    enter_warning,
    instruction_class,
    plural,
    seat_label,
    tag,
    title_bar,
)
from render.retro.grid import draw_grid, frame_for
from render.retro.pieces import empty_slot, instruction_tile
from render.retro.style import (
    BACKGROUND,
    CLASS_FILL,
    DANGER,
    DIM,
    GOLD,
    MUTED,
    OK,
    PANEL,
    PANEL_EDGE,
    STUN,
    SUBPANEL,
    TEXT,
    WARN,
    palette,
    readable_on,
)
from rules.retro.data import game_data
from rules.retro.views import PrivateView, SeatView

WIDTH = 800
INNER = WIDTH - 2 * MARGIN
SQUARE = 46


def render_screen(view: PrivateView, names: Names = None) -> bytes:
    return bands.draw(WIDTH, BACKGROUND, lambda pen: layout(pen, view, names), palette())


def me(view: PrivateView) -> SeatView | None:
    return next((s for s in view.public.seats if s.seat == view.seat), None)


def layout(pen: Pen, view: PrivateView, names: Names = None) -> int:
    public = view.public
    badge = (f"{seat_label(public, view.seat).upper()}'S SCREEN", DANGER)
    y = title_bar(pen, public, WIDTH, badge=badge, big=30)
    y = _standing(pen, view, y) + 10
    y = _must_enter(pen, view, y)
    y = _program(pen, view, y)
    y = _counters(pen, view, y)
    y = _choices(pen, view, y)
    fr = frame_for(public, 0, y, SQUARE)
    fr = frame_for(public, (WIDTH - fr.width) // 2, y, SQUARE)
    y += draw_grid(pen, public, fr, highlight=view.seat)
    return y + MARGIN


def standing_parts(view: PrivateView) -> list[str]:
    seat = me(view)
    parts = [seat.retro.capitalize() if seat and seat.retro else "Retro not chosen"]
    if seat and seat.rogue_card:
        parts.append(f"you move the {plural(seat.rogue_card)}")
    if seat and seat.stunned:
        parts.append(f"STUNNED: runs only {view.runs_if_stunned}")
    if seat and seat.upgrades:
        parts.append(", ".join(seat.upgrades))
    return parts


def _standing(pen: Pen, view: PrivateView, y: int) -> int:
    height = 44
    pen.rect((0, y, WIDTH, y + height), fill=SUBPANEL)
    fnt = font(20, True)
    pen.text((MARGIN, y + height // 2), fit_text(" · ".join(standing_parts(view)), fnt, INNER), fnt, TEXT)
    return y + height


def _must_enter(pen: Pen, view: PrivateView, y: int) -> int:
    if not view.must_enter:
        return y
    fnt = font(20, True)
    text = enter_warning(view.public, view.seat)
    lines = wrap_text(text, fnt, INNER - 28, max_lines=2)
    height = 14 + 26 * len(lines)
    pen.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=WARN, radius=10)
    for k, line in enumerate(lines):
        pen.text((MARGIN + 14, y + 20 + 26 * k), line, fnt, readable_on(WARN))
    return y + height + 10


def _program(pen: Pen, view: PrivateView, y: int) -> int:
    """The program as numbered tiles, up to the maximum; after a stun the slots that will not run are
    crossed."""
    seat = me(view)
    stunned = bool(seat and seat.stunned)
    slots = max(view.program_max, len(view.program), 1)
    step = min(130, (INNER - 28 + 14) // slots)
    tile_w, tile_h = step - 14, 64
    height = 52 + 24 + tile_h + 18
    pen.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=12)
    head = font(18, True)
    used = pen.text((MARGIN + 14, y + 22), "YOUR PROGRAM", head, MUTED)
    if stunned:
        pen.text((MARGIN + 28 + used, y + 22), f"stunned: only 1-{view.runs_if_stunned} run", head, STUN)
    right = WIDTH - MARGIN - 14
    status = ("LOCKED ✓", OK) if view.locked else ("NOT LOCKED", WARN)
    right -= tag(pen, right, y + 8, *status, size=17, height=28) + 10
    count = f"{len(view.program)} / {view.program_max} instructions"
    pen.text((right, y + 22), count, head, TEXT, "rm")
    x0, top = MARGIN + 14, y + 52
    number = font(18, True)
    for k in range(slots):
        x = x0 + k * step
        dead = stunned and k >= view.runs_if_stunned
        pen.text((x + tile_w / 2, top + 10), str(k + 1), number, DIM if dead else MUTED, "mm")
        if k < len(view.program):
            instruction_tile(pen, x, top + 24, tile_w, tile_h, view.program[k])
        else:
            empty_slot(pen, x, top + 24, tile_w, tile_h)
        if dead:
            pen.line([(x + 4, top + 28), (x + tile_w - 4, top + 20 + tile_h)], STUN, width=3)
    if stunned and view.runs_if_stunned < slots:
        x = x0 + view.runs_if_stunned * step - 7
        pen.line([(x, top + 18), (x, top + 28 + tile_h)], STUN, width=3)
    return y + height + 10


def counter_codes() -> dict[str, list[str]]:
    """Each counter and the instructions it can be laid as: rotate -> L, R."""
    out: dict[str, list[str]] = {}
    for code, ins in game_data().instructions.items():
        out.setdefault(ins.counter, []).append(code)
    return out


def counters_in_order(view: PrivateView) -> list[tuple[str, int]]:
    """The counters left in the house data's order (rotate, move, ...), whatever order the view has."""
    order = list(game_data().counters)
    return sorted(view.counters_left, key=lambda item: (order.index(item[0]) if item[0] in order else len(order),
                                                        item[0]))


def class_use(view: PrivateView) -> list[tuple[str, int, int]]:
    """(class, used by the program, allowed) for each limited class."""
    used: dict[str, int] = {}
    for notation in view.program:
        cls = instruction_class(notation)
        used[cls] = used.get(cls, 0) + 1
    return [(cls, used.get(cls, 0), limit) for cls, limit in view.limits]


def _counters(pen: Pen, view: PrivateView, y: int) -> int:
    """The counters still free (a chip each: the instructions it makes and how many are left), then
    the class limits."""
    codes = counter_codes()
    small, chip_font = font(17, True), font(18, True)
    chips = []
    for counter, left in counters_in_order(view):
        names = codes.get(counter, [counter])
        text = " ".join(names) if len(" ".join(names)) <= 15 else " / ".join(n[:4] for n in names)
        chips.append((text, left, instruction_class(names[0])))
    rows: list[list[tuple[str, int, str, int]]] = [[]]
    used = 0
    for text, left, cls in chips:
        w = text_width(text, chip_font) + text_width(f"×{left}", chip_font) + 34
        if used + w > INNER - 28 and rows[-1]:
            rows.append([])
            used = 0
        rows[-1].append((text, left, cls, w))
        used += w + 8
    limits = class_use(view)
    height = 44 + 40 * len(rows) + (34 if limits else 0)
    pen.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=12)
    pen.text((MARGIN + 14, y + 22), "COUNTERS LEFT", font(18, True), MUTED)
    for r, row in enumerate(rows):
        x = MARGIN + 14
        top = y + 40 + 40 * r
        for text, left, cls, w in row:
            fill = CLASS_FILL[cls] if left else SUBPANEL
            pen.rect((x, top, x + w, top + 32), fill=fill, outline=PANEL_EDGE, width=1, radius=8)
            ink = readable_on(fill) if left else DIM
            used = pen.text((x + 10, top + 16), text, chip_font, ink)
            pen.text((x + 20 + used, top + 16), f"×{left}", chip_font, ink)
            x += w + 8
    if limits:
        top = y + 44 + 40 * len(rows) + 12
        x = MARGIN + 14
        x += pen.text((x, top), "LIMITS", small, MUTED) + 14
        for cls, n, limit in limits:
            colour = DANGER if n > limit else GOLD if n == limit and limit else TEXT if limit else DIM
            text = f"{cls.upper()} {n} of {limit}" if limit else f"no {cls.upper()}"
            x += pen.text((x, top), text, small, colour) + 22
    return y + height + 10


def _choices(pen: Pen, view: PrivateView, y: int) -> int:
    lines: list[tuple[str, str, tuple[int, int, int]]] = []
    if view.choices:
        lines.append(("YOU MAY", " · ".join(view.choices), GOLD))
    if not lines:
        return y
    title_font, body = font(18, True), font(19, True)
    title_w = max(text_width(t, title_font) for t, _, _ in lines) + 14
    rows = [(t if k == 0 else "", line, c) for t, text, c in lines
            for k, line in enumerate(wrap_text(text, body, INNER - 28 - title_w, max_lines=3))]
    height = 16 + 27 * len(rows)
    pen.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=PANEL, outline=PANEL_EDGE, width=2, radius=10)
    for k, (title, line, colour) in enumerate(rows):
        if title:
            pen.text((MARGIN + 14, y + 22 + 27 * k), title, title_font, colour)
        pen.text((MARGIN + 14 + title_w, y + 22 + 27 * k), line, body, TEXT)
    return y + height + 10
