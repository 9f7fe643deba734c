"""What people see: the channel's board posts and each player's screen, built from views only.

The functions at the top are pure (no I/O): ``step_post`` is exactly what the channel receives
after an action, so self-play can compare it for twin states that differ only in a hidden choice.
``Presenter`` adds the images, drawn off the event loop.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from bot.service import components
from bot.service.messages import Button, Output, Select, Target, TargetKind
from bot.service.session import Session
from bot.service.texts import private_summary
from rules.core.engine import SYSTEM, Engine, Event, Outcome

log = logging.getLogger(__name__)

DM_FALLBACK = "I could not send you a direct message: use /game hand to see your screen."


@dataclass(frozen=True)
class Seating:
    """Who sits where, as the texts name them."""

    labels: tuple[str, ...]
    names: Mapping[int, str]

    def who(self, seat: int) -> str:
        return f"{self.names.get(seat, 'nobody')} ({self.labels[seat]})"

    @staticmethod
    def of(session: Session) -> Seating:
        return Seating(session.labels, session.names())


def public_dump(engine: Engine, state: Any) -> dict[str, Any]:
    return engine.public_view(state).model_dump(mode="json")


def waiting_line(engine: Engine, state: Any, seating: Seating) -> str:
    seats = [seat for seat in engine.pending(state) if seat != SYSTEM]
    if not seats:
        return "Nobody is asked to act."
    return "Waiting for " + " and ".join(seating.who(s) for s in seats) + "."


def step_post(
    engine: Engine,
    seating: Seating,
    seat: int,
    events: list[Event],
    state: Any,
    public_before: Mapping[str, Any] | None,
) -> str | None:
    """The text the channel receives after ``seat``'s action led to ``state`` (the board image of
    ``engine.public_view(state)`` rides with it), or None when the channel receives nothing.

    The channel hears of an action when it ends the game, says something public, or changes the
    public view; a hidden move that does none of these sends nothing at all."""
    texts = [e.text for e in events if e.text]
    outcome = engine.outcome(state)
    if outcome is not None:
        return "\n".join([f"{seating.who(seat)}:", *texts, *outcome_lines(outcome, seating)])
    if not texts and public_dump(engine, state) == public_before:
        return None
    lines = [f"{seating.who(seat)}:", *texts]
    if len(lines) == 1:
        lines[0] += " acted."
    lines.append(waiting_line(engine, state, seating))
    return "\n".join(lines)


def outcome_lines(outcome: Outcome, seating: Seating) -> list[str]:
    winners = " and ".join(seating.who(w) for w in outcome.winners) or "nobody"
    return [f"**Game over.** Winner: {winners}.", outcome.summary]


def private_dumps(engine: Engine, state: Any, seats: int, public: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """Each seat's private view without its embedded public part (that reaches them by the board)."""
    out = {}
    for seat in range(seats):
        private = engine.private_view(state, seat).model_dump(mode="json")
        if private.get("public") == public:
            private = {k: v for k, v in private.items() if k != "public"}
        out[seat] = private
    return out


def notations(engine: Engine, state: Any, seat: int) -> list[str]:
    if state is None:
        return []
    return [engine.format(a) for a in engine.legal_actions(state, seat)]


def decision_token(session: Session, seat: int) -> str:
    """What a seat's menus carry: ``<seat>.<decision key>`` ("-" when it has no decision). The seat
    is in it because one person may hold several seats."""
    decision = session.engine.pending(session.state).get(seat) if session.state is not None else None
    return f"{seat}.{decision.key}" if decision is not None else components.ANY


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


def _on_discord(channel_id: str) -> bool:
    return channel_id.isascii() and channel_id.isdigit()


def channel_mention(channel_id: str) -> str:
    """Discord turns ``<#id>`` into a link to the channel; the local table names its channels."""
    return f"<#{channel_id}>" if _on_discord(channel_id) else f"#{channel_id}"


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)


class Presenter:
    """Builds the outputs that carry boards and screens; draws their images in a worker thread."""

    def __init__(self, render_images: bool = True, clock: Any = None) -> None:
        self.render_images = render_images
        self.clock = clock  # for the time left on players' clocks, under the board

    async def board(self, session: Session, text: str, final: bool = False) -> Output:
        view = session.engine.public_view(session.state)
        times = clock_line(session, self.clock.now()) if self.clock is not None and not final else None
        if times:
            text = f"{text}\n{times}"
        image = await self._render("render_public", session.engine.name, view, session.names())
        buttons: tuple[Button, ...] = () if final else components.board_buttons(session.game_id)
        return Output(Target.channel(session.channel_id), text, image=image, image_name="board.png", buttons=buttons)

    async def screen(self, session: Session, seat: int, target: Target, private_lines: list[str]) -> Output:
        """A player's screen: their private event lines, their private view and their choices."""
        if target.channel_id is None:
            target = Target(target.kind, channel_id=session.channel_id, user_id=target.user_id)
        engine, seating = session.engine, Seating.of(session)
        view = engine.private_view(session.state, seat)
        lines = [f"{engine.title} in {channel_mention(session.channel_id)} — your screen as {session.labels[seat]}."]
        lines += private_lines
        lines += self.describe_private(session, view)
        choices = notations(engine, session.state, seat)
        buttons: tuple[Button, ...] = ()
        select: Select | None = None
        if choices:
            lines.append(f"Your move: {len(choices)} choices — below, or /play in the channel.")
            buttons, select = components.choice_components(choices, session.game_id, decision_token(session, seat))
        elif engine.outcome(session.state) is None:
            lines.append(waiting_line(engine, session.state, seating))
        image = await self._render("render_private", engine.name, view, session.names())
        fallback = DM_FALLBACK if target.kind is TargetKind.DM else None
        return Output(target, "\n".join(lines), image=image, image_name="screen.png",
                      buttons=buttons, select=select, dm_fallback=fallback)

    @staticmethod
    def describe_private(session: Session, view: BaseModel) -> list[str]:
        """The game's own wording of a private view when it has one, else a generic field list.
        Private text: it goes only to the seat's DM or ephemeral reply."""
        try:
            import render

            lines = render.describe_private(session.engine.name, view, session.names())
        except Exception:
            log.exception("describing a private view of %s failed", session.engine.name)
            lines = None
        if lines:
            return list(lines)
        return private_summary(view.model_dump(mode="json"))

    async def _render(self, function: str, game: str, view: BaseModel, names: dict[int, str]) -> bytes | None:
        if not self.render_images:
            return None
        try:
            import render
        except ImportError:
            log.warning("the render package is not importable; boards are sent without images")
            return None
        draw = getattr(render, function)
        try:
            return await asyncio.to_thread(draw, game, view, names)
        except Exception:
            # The action is already committed; a drawing bug must not lose the reply.
            log.exception("rendering %s for %s failed", function, game)
            return None
