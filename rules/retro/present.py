"""Build the views (rules/retro/views.py) from a state: the only way facts leave the engine."""

from __future__ import annotations

from rules.retro.data import game_data
from rules.retro.state import Bot, State
from rules.retro.views import BotView, DoorView, PrivateView, PublicView, RunView, SeatView

SHORT = {"servobot": "S", "hazbot": "H", "lasbot": "L", "grillbot": "G", "visebot": "V", "progbot": "P",
         "bossbot": "B", "minionbot": "M", "crate": ""}


def bot_label(bot: Bot) -> str:
    if bot.is_retro:
        return str((bot.seat or 0) + 1)
    if bot.kind in ("bossbot", "minionbot", "crate"):
        return SHORT[bot.kind]
    return f"{SHORT[bot.kind]}{bot.id[len(bot.kind):]}"


def rogue_supply(state: State) -> tuple[tuple[str, int], ...]:
    data = game_data()
    on_board = [b.kind for b in state.bots.values() if b.is_rogue]
    return tuple((kind, data.rogue(kind).count - on_board.count(kind)) for kind in state.in_play)


def timer_now(state: State) -> int:
    """This round's programming seconds: the minute (30 s after a Rush Job) plus what was carried over."""
    if not state.timer:
        return 0
    base = game_data().rush_seconds if state.rush else state.timer
    return int(base + state.bank)


def public_view(state: State, waiting: str = "") -> PublicView:
    data = game_data()
    board = data.board
    bots = tuple(
        BotView(id=b.id, kind=b.kind, x=b.x, y=b.y, facing=b.facing, stunned=b.stunned, seat=b.seat,
                outside=b.outside, label=bot_label(b))
        for _, b in sorted(state.bots.items())
    )
    seats = []
    for seat, label in enumerate(state.seats):
        retro = state.retro(seat)
        seats.append(SeatView(
            seat=seat, label=label, retro=state.retro_types[seat],
            rogue_card=state.dealt[seat] if state.round else "",
            upgrades=tuple(data.upgrade(u).name for u in state.upgrades[seat]), kept=state.kept[seat],
            locked=state.locked[seat], stunned=bool(retro and retro.stunned),
            waiting_outside=bool(retro and retro.outside is not None),
        ))
    run = None
    if state.cursor is not None:
        c = state.cursor
        run = RunView(seat=c.seat, shown=state.ran, runs=c.stop, hacking=c.hacking, asking=c.choice)
    last = state.last_drawn
    return PublicView(
        title="Retro Bots vs Rogues", round=state.round, phase=state.phase, width=board.width,
        height=board.height,
        doors=tuple(DoorView(name=d.name, x=d.square[0], y=d.square[1], side=d.side) for d in board.doors),
        pits=tuple(p for p in board.pits if p not in state.filled), filled=state.filled, bots=bots,
        seats=tuple(seats), pry_bar=state.pry_bar, in_play=state.in_play,
        rogues_left=len(state.rogues()), rogue_supply=rogue_supply(state),
        catastrophes=tuple(data.calamity(c).name for c in state.catastrophes), deck_size=len(state.deck),
        last_calamity=data.calamity(last).name if last else "", timer=timer_now(state), bank=state.bank,
        rush=state.rush, jammed=state.jammed_until >= state.round > 0, run=run, queue=state.queue,
        waiting=waiting, events=state.events, result=state.result, summary=state.summary,
    )


def private_view(state: State, seat: int, waiting: str, choices: tuple[str, ...]) -> PrivateView:
    from rules.retro import programs

    limits = programs.class_limits(state, seat)
    return PrivateView(
        public=public_view(state, waiting), seat=seat, program=state.programs[seat], locked=state.locked[seat],
        counters_left=tuple(sorted(programs.counters_left(state, seat).items())),
        limits=tuple((cls, limits.get(cls, 0)) for cls in ("loader", "shooter", "hacker")),
        program_max=programs.program_max(state, seat), must_enter=programs.must_enter(state, seat),
        runs_if_stunned=programs.runs_if_stunned(state, seat), choices=choices,
    )
