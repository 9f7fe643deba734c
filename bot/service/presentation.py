"""What people see: the channel's board posts and each player's screen, built from views only.

The functions at the top are pure (no I/O): ``step_post`` is exactly what the channel receives
after an action, so self-play can compare it for twin states that differ only in a hidden choice.
``Presenter`` adds the images, drawn off the event loop.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from pydantic import BaseModel

from bot.service import components
from bot.service.derived import derived
from bot.service.drawing import draw_all
from bot.service.messages import Button, Drawing, Output, Select, Target, TargetKind
from bot.service.session import Session
from bot.service.texts import plural, private_summary
from rules.core.engine import SYSTEM, Engine, Event, Outcome

log = logging.getLogger(__name__)

DM_FALLBACK = "I could not send you a direct message: use /game hand to see your screen."


@dataclass(frozen=True)
class Seating:
    """Who sits where, as the texts name them."""

    labels: tuple[str, ...]
    names: Mapping[int, str]

    def who(self, seat: int) -> str:
        if seat == SYSTEM:
            return "The game"  # the scripted side: a run's steps, chance
        return f"{self.names.get(seat, 'nobody')} ({self.labels[seat]})"

    @staticmethod
    def of(session: Session) -> Seating:
        return Seating(session.labels, session.names())


def public_dump(engine: Engine, state: Any) -> dict[str, Any]:
    return derived(engine, state).public_dump()


def waiting_line(engine: Engine, state: Any, seating: Seating) -> str:
    pending = derived(engine, state).pending()
    seats = [seat for seat in pending if seat != SYSTEM]
    if not seats:
        return "The game plays on by itself…" if SYSTEM in pending else "Nobody is asked to act."
    return "Waiting for " + " and ".join(seating.who(s) for s in seats) + "."


def step_post(
    engine: Engine,
    seating: Seating,
    seat: int,
    events: list[Event],
    state: Any,
    public_before: Mapping[str, Any] | str | None,
) -> str | None:
    """The text the channel receives after ``seat``'s action led to ``state`` (the board image of
    ``engine.public_view(state)`` rides with it), or None when the channel receives nothing.

    The channel hears of an action when it ends the game, says something public, or changes the
    public view; a hidden move that does none of these sends nothing at all. ``public_before``: the
    public view before the action, as JSON data or as its fingerprint (``derived.Derived.public_key``)."""
    texts = [e.text for e in events if e.text]
    outcome = engine.outcome(state)
    if outcome is not None:
        return "\n".join([f"{seating.who(seat)}:", *texts, *outcome_lines(outcome, seating)])
    if not texts and _public_unchanged(engine, state, public_before):
        return None
    lines = [f"{seating.who(seat)}:", *texts] if seat != SYSTEM or not texts else list(texts)
    if len(lines) == 1 and seat != SYSTEM:
        lines[0] += " acted."
    lines.append(waiting_line(engine, state, seating))
    return "\n".join(lines)


def _public_unchanged(engine: Engine, state: Any, before: Mapping[str, Any] | str | None) -> bool:
    if isinstance(before, str):
        return derived(engine, state).public_key() == before
    return public_dump(engine, state) == before


def outcome_lines(outcome: Outcome, seating: Seating) -> list[str]:
    winners = " and ".join(seating.who(w) for w in outcome.winners) or "nobody"
    return [f"**Game over.** Winner: {winners}.", outcome.summary]


def notations(engine: Engine, state: Any, seat: int) -> list[str]:
    if state is None:
        return []
    return derived(engine, state).notations(seat)


def decision_token(session: Session, seat: int) -> str:
    """What a seat's menus carry: ``<seat>.<decision key>`` ("-" when it has no decision). The seat
    is in it because one person may hold several seats."""
    decision = derived(session.engine, session.state).pending().get(seat) if session.state is not None else None
    return f"{seat}.{decision.key}" if decision is not None else components.ANY


def menu_components(session: Session, seat: int) -> tuple[tuple[Button, ...], Select | None]:
    """The first level of the menus over ``seat``'s legal actions (``bot.service.menus``), for its
    DM screen and its private replies: quick buttons for a few choices, else a select whose
    options reach every choice, level by level."""
    from bot.service.menus import first_level, multi_level

    multi = multi_level(session.engine, session.state, seat, session.game_id, decision_token(session, seat))
    if multi is not None:
        return multi
    level = first_level(session.engine, session.state, seat)
    if level is None:
        return (), None
    return level.components(session.game_id, decision_token(session, seat))


def split_token(token: str) -> tuple[int | None, str]:
    """``"2.r3.roll"`` -> (2, "r3.roll"); (None, token) when it names no seat."""
    head, _, key = token.partition(".")
    return (int(head), key) if head.isascii() and head.isdigit() and key else (None, token)


def user_mention(session: Session, user_id: int, name: str) -> str:
    """A mention that notifies on Discord (the output lists the user in ``mentions``); the local
    table, whose channels have names, writes @name."""
    return f"<@{user_id}>" if _on_discord(session.channel_id) else f"@{name}"


def channel_link(guild_id: str, channel_id: str) -> str:
    """A link that jumps to the game's channel: Discord's URL when the server is known."""
    if _on_discord(channel_id) and guild_id.isascii() and guild_id.isdigit():
        return f"https://discord.com/channels/{guild_id}/{channel_id}"
    return channel_mention(channel_id)


def clock_line(session: Session, now: Any) -> str | None:
    """Every person's time left, for the board post and /game status (None without a clock)."""
    from bot.service import clocks
    from bot.service.settings import format_duration

    if session.settings.clock is None or not session.running:
        return None
    parts = []
    for seat in range(len(session.labels)):
        left = clocks.remaining(session.record.clock, seat, now)
        holder = session.seats.get(seat)
        if left is None or holder is None or holder.played_by_ai:
            continue
        running = "▸" if clocks.waiting_since(session.record.clock, seat) else ""
        parts.append(f"{running}{session.who(seat)} {format_duration(left)}")
    return ("Clocks: " + ", ".join(parts)) if parts else None


def rule_line(session: Session, now: Any, seat: int | None = None) -> str | None:
    """When a rule's own timer runs out (Retro Bots' programming minute), as a countdown: Discord
    draws ``<t:…:R>`` as "in 42 seconds" and keeps it ticking in everyone's client; the table
    writes the seconds left. ``seat``: that seat's timer only."""
    from bot.service import clocks
    from bot.service.settings import format_duration

    entries = session.record.clock.get("seats", {}) if session.running else {}
    times = [clocks.parse_time(e["rule_at"]) for key, e in entries.items()
             if e.get("rule_at") and int(key) != SYSTEM and (seat is None or int(key) == seat)]
    if not times:
        return None
    when = min(times)
    if _on_discord(session.channel_id):
        return f"⏱ Time runs out <t:{int(when.timestamp())}:R>."
    left = max(0.0, (when - now).total_seconds())
    return f"⏱ Time runs out in {format_duration(left)}."


def _on_discord(channel_id: str) -> bool:
    return channel_id.isascii() and channel_id.isdigit()


def channel_mention(channel_id: str) -> str:
    """Discord turns ``<#id>`` into a link to the channel; the local table names its channels."""
    return f"<#{channel_id}>" if _on_discord(channel_id) else f"#{channel_id}"


class Presenter:
    """Builds the outputs that carry boards and screens. Their images are drawn last, in
    ``finish``: only for the outputs that are sent after a burst is merged, off the event loop,
    and never twice for the same view (a small cache of recent images)."""

    CACHE = 64  # recent images kept: a game's board and screens between two commands

    def __init__(self, render_images: bool = True, clock: Any = None) -> None:
        self.render_images = render_images
        self.clock = clock  # for the time left on players' clocks, under the board
        self._images: OrderedDict[tuple, bytes | None] = OrderedDict()
        self._slot_keys: dict[str, str] = {}  # the view each living message shows now
        self.drawn = 0  # images actually drawn (benchmarks count them)

    async def board(self, session: Session, text: str, final: bool = False, story: tuple[str, ...] = (),
                    fresh: bool = True, slot: bool = False) -> Output:
        """The channel's board. ``slot``: it is the game's living board message (``fresh``: a new
        post; otherwise an edit of the latest one); ``story``: the lines of what happened, kept
        apart so a burst of steps merges into one post."""
        known = derived(session.engine, session.state)
        view = known.public_view()
        times = clock_line(session, self.clock.now()) if self.clock is not None and not final else None
        if times:
            text = f"{text}\n{times}"
        rule = rule_line(session, self.clock.now()) if self.clock is not None and not final else None
        if rule:
            text = f"{text}\n{rule}"
        buttons: tuple[Button, ...] = () if final else components.board_buttons(session.game_id)
        return Output(Target.channel(session.channel_id), text, image_name="board.png", buttons=buttons,
                      drawing=self._drawing("render_public", session, view, known.public_key(),
                                                    known.public_text()),
                      slot=f"board:{session.game_id}" if slot else None, fresh=fresh, story=story)

    async def screen(self, session: Session, seat: int, target: Target, private_lines: list[str],
                     fresh: bool = True) -> Output:
        """A player's screen: their private event lines, their private view and their choices. In a
        DM it is the seat's living panel: edited while a decision lasts, ``fresh`` when a new one
        needs them (the old panel then says it is closed)."""
        if target.channel_id is None:
            target = Target(target.kind, channel_id=session.channel_id, user_id=target.user_id)
        engine, seating = session.engine, Seating.of(session)
        known = derived(engine, session.state)
        view = known.private_view(seat)
        lines = [f"{engine.title} in {channel_mention(session.channel_id)} — your screen as {session.labels[seat]}."]
        lines += private_lines
        lines += self.describe_private(session, view)
        choices = notations(engine, session.state, seat)
        buttons: tuple[Button, ...] = ()
        select: Select | None = None
        if choices:
            lines.append(f"Your move: {plural(len(choices), 'choice')} — below, or /play in the channel.")
            rule = rule_line(session, self.clock.now(), seat) if self.clock is not None else None
            if rule:
                lines.append(rule)
            buttons, select = menu_components(session, seat)
        elif engine.outcome(session.state) is None:
            lines.append(waiting_line(engine, session.state, seating))
        fallback = DM_FALLBACK if target.kind is TargetKind.DM else None
        panel = target.kind is TargetKind.DM
        return Output(target, "\n".join(lines), image_name="screen.png", buttons=buttons, select=select,
                      dm_fallback=fallback, drawing=self._drawing("render_private", session, view,
                                                                  known.private_key(seat), known.private_text(seat)),
                      slot=f"panel:{session.game_id}:{seat}" if panel else None, fresh=fresh,
                      closes=PANEL_CLOSED if panel else None)

    def _drawing(self, function: str, session: Session, view: BaseModel, key: str, text: str) -> Drawing | None:
        if not self.render_images:
            return None
        names = tuple(sorted(session.names().items()))
        return Drawing(function, session.engine.name, view, names, key, affinity=str(session.game_id), text=text)

    async def finish(self, outputs: list[Output]) -> list[Output]:
        """Merge each living message's burst into one output, then draw the images still to draw."""
        merged = coalesce(outputs)
        jobs = {}
        for output in merged:
            d = output.drawing
            if d is not None and _image_key(d) not in self._images:
                jobs[_image_key(d)] = d
        if jobs:
            drawn = await draw_all(list(jobs.values()))
            self.drawn += len(jobs)
            for key, image in zip(jobs, drawn, strict=True):
                self._images[key] = image
                self._images.move_to_end(key)
            while len(self._images) > self.CACHE:
                self._images.popitem(last=False)
        done = []
        for output in merged:
            d = output.drawing
            if d is None:
                done.append(output)
                continue
            key = _image_key(d)
            image = self._images.get(key)
            self._images.move_to_end(key)
            unchanged = False
            if output.slot is not None:
                unchanged = not output.fresh and self._slot_keys.get(output.slot) == d.key
                self._slot_keys[output.slot] = d.key
            done.append(replace(output, image=image, drawing=None, image_unchanged=unchanged))
        return done

    @staticmethod
    def describe_private(session: Session, view: BaseModel) -> list[str]:
        return describe_view(session.engine.name, view, session.names())


def describe_view(game: str, view: BaseModel, names: Mapping[int, str]) -> list[str]:
    """The game's own wording of a private view when it has one, else a generic field list.
    Private text: it goes only to the seat's DM or ephemeral reply."""
    try:
        import render

        lines = render.describe_private(game, view, names)
    except Exception:
        log.exception("describing a private view of %s failed", game)
        lines = None
    if lines:
        return list(lines)
    return private_summary(view.model_dump(mode="json"))


PANEL_CLOSED = "This panel is closed: your current screen is in a newer message below."


def _image_key(d: Drawing) -> tuple:
    return (d.function, d.game, d.key, d.names)


def coalesce(outputs: list[Output]) -> list[Output]:
    """Outputs for the same living message within one batch become one (an AI seat or a timer
    answering at once makes one post, not one per step). A board's text already holds its story
    so far, so a later edit replaces an earlier one; a later new post keeps the earlier story
    above its own. A new panel makes an earlier edit of the old one moot (it is closed anyway);
    a new board post leaves the earlier edit of the old board in place (that is its history)."""
    latest: dict[str, int] = {}
    merged: list[Output | None] = []
    for output in outputs:
        slot = output.slot
        if slot is None or slot not in latest:
            if slot is not None:
                latest[slot] = len(merged)
            merged.append(output)
            continue
        index = latest[slot]
        earlier = merged[index]
        assert earlier is not None
        mentions = tuple(sorted(set(earlier.mentions) | set(output.mentions)))
        if output.fresh and not earlier.fresh:
            if output.closes is not None:
                merged[index] = None
            latest[slot] = len(merged)
            merged.append(output)
        elif output.fresh:
            story = earlier.story + output.story
            text = "\n".join(earlier.story + (output.text,)) if earlier.story else output.text
            merged[index] = replace(output, text=text, story=story, mentions=mentions)
        else:
            merged[index] = replace(output, fresh=earlier.fresh, mentions=mentions)
    return [output for output in merged if output is not None]
