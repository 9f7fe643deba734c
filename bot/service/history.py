"""A game's history and the server's list: /game log in pages, /game replay (an animated GIF of the
public boards, drawn by ``replay_gif``), /game list, and /game reveal of a finished game (the
summary that offers it is ``endings``).

Hidden information stays where it was: the log and the replay are built from public facts only (the
log's public text, numbered by public step; the engine's public view of each public step), and the
final private views of all seats are shown only to someone who asks, and only once the game has
ended.

Buttons: ``!log <page> <count>`` (Older / Newer under a page of the log) and ``!reveal`` (under a
game's summary) carry the token ``-`` and name their game, so they answer whether the game still
runs, has ended, or a new game has opened in its channel since. They answer the clicker privately.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from datetime import datetime, timedelta
from typing import Any

from bot.service.components import ANY, FOR_GAME
from bot.service.core import Core, Refusal, ephemeral, ephemeral_target
from bot.service.derived import view_key
from bot.service.endings import REVEAL
from bot.service.hygiene import ascii_int
from bot.service.messages import Button, Drawing, Invocation, Output, Target
from bot.service.presentation import (
    Seating,
    channel_mention,
    describe_view,
    waiting_line,
)
from bot.service.records import ActionRecord, GameRecord
from bot.service.replay_gif import (
    REPLAY_NAME,
    build_replay,
)
from bot.service.texts import plural
from rules.core.engine import Engine

log = logging.getLogger(__name__)

LOG = "!log"  # a page of the log: "!log <page> <count>"
PAGE_SIZE = 10  # log entries per page unless /game log count:N says otherwise
MAX_PAGE_SIZE = 50
ENDED = ("over", "aborted")

QUICK_SECONDS = 2.0  # a replay drawn within this answers its command; a longer one is posted when ready
REPLAY_REPOST = timedelta(seconds=60)  # the same replay again within a minute: only to the asker
REPLAY_FAILED = "The replay could not be drawn; the game itself is unharmed."
NO_REPLAY = "There is no game to replay here: none is running and none has ended in this channel."
NOT_OVER = "Hidden information is shown only once the game is over."


def is_history_click(inv: Invocation) -> bool:
    """A click on one of this module's buttons (a log page, the reveal)?"""
    if inv.command != "play" or FOR_GAME not in inv.options:
        return False
    action = inv.options.get("action", "").strip()
    return action == REVEAL or action.split()[:1] == [LOG]


async def log_command(core: Core, inv: Invocation) -> list[Output]:
    """``/game log [page] [count]``: page 1 holds the newest ``count`` entries (default 10)."""
    session = core.readable(inv.channel_id)
    count = _whole(inv.options.get("count", str(PAGE_SIZE)), 1, MAX_PAGE_SIZE, "count is a number from 1 to 50.")
    page = _whole(inv.options.get("page", "1"), 1, 10**9, "page is a number from 1 up.")
    return await log_page(core, inv, session.game_id, page, count)


async def log_page(core: Core, inv: Invocation, game_id: int, page: int, count: int,
                   clicked: bool = False) -> list[Output]:
    """One page of a game's public log, privately; Older / Newer buttons when it has several.
    Entries are the public text of public steps, numbered by public step: hidden moves are
    neither shown nor counted. ``clicked``: the page answers Older / Newer, and takes the place of
    the page clicked on where the transport can edit it."""
    store = core.store
    total = await store.public_log_count(game_id)
    if total == 0:
        return [ephemeral(inv, "Nothing has happened yet.")]
    pages = math.ceil(total / count)
    if page > pages:
        raise Refusal(f"There is no page {page} of this log: it has {plural(pages, 'page')} of up to {count}.")
    entries = await store.public_log_page(game_id, (page - 1) * count, count)
    lines = [f"#{step}: {line}" for step, text in entries for line in text.split("\n")]
    if pages == 1:
        return [ephemeral(inv, "\n".join(lines))]
    lines.append(f"— page {page} of {pages} (page 1 is the newest) —")
    buttons = []
    if page < pages:
        buttons.append(Button("Older", f"{LOG} {page + 1} {count}", game_id, ANY))
    if page > 1:
        buttons.append(Button("Newer", f"{LOG} {page - 1} {count}", game_id, ANY))
    return [Output(ephemeral_target(inv), "\n".join(lines), buttons=tuple(buttons), replace_menu=clicked,
                   replace_text=clicked)]


class History:
    def __init__(self, core: Core) -> None:
        self.core = core
        self._replays: dict[tuple, tuple[bytes, str]] = {}  # (game, version, names) -> gif, text
        self._building: dict[tuple, asyncio.Task] = {}  # replays being drawn
        self._promised: set[tuple] = set()  # replays to post when drawn (their command has answered)
        self._posted: dict[str, tuple[tuple, datetime]] = {}  # channel -> the replay posted last, when
        self.quick_seconds = QUICK_SECONDS

    # -- clicks on a log page or a summary --------------------------------------------------------

    async def click(self, inv: Invocation) -> list[Output]:
        game_id = ascii_int(inv.options.get(FOR_GAME, ""))
        record = await self._record(game_id) if game_id is not None else None
        if record is None:
            raise Refusal("That menu belongs to a game this bot does not know. Nothing was changed.")
        seated = any(h.is_person and h.user_id == inv.user_id for h in record.seats.values())
        if record.channel_id != inv.channel_id and not seated:
            raise Refusal("That menu belongs to a game of another channel. Nothing was changed.")
        action = inv.options.get("action", "").strip()
        if action == REVEAL:
            return await self._reveal(inv, record)
        words = action.split()
        page = ascii_int(words[1]) if len(words) > 1 else None
        count = ascii_int(words[2]) if len(words) > 2 else PAGE_SIZE
        if page is None or page < 1 or count is None or not 1 <= count <= MAX_PAGE_SIZE:
            raise Refusal("That log button is not one the bot made. Nothing was changed.")
        return await log_page(self.core, inv, record.id, page, count, clicked=True)

    async def _record(self, game_id: int) -> GameRecord | None:
        try:
            return await self.core.store.game(game_id)
        except KeyError:
            return None

    # -- /game reveal -----------------------------------------------------------------------------

    async def reveal(self, inv: Invocation) -> list[Output]:
        """Every seat's final private view of the channel's last finished game, to the caller."""
        session = self.core.sessions.in_channel(inv.channel_id)
        if session is not None and session.running:
            raise Refusal(f"The game of {session.engine.title} here is still running. {NOT_OVER}")
        record = await self.core.store.last_finished_game(inv.channel_id)
        if record is None:
            raise Refusal("No game has ended in this channel, so there is nothing hidden to reveal.")
        return await self._reveal(inv, record)

    async def _reveal(self, inv: Invocation, record: GameRecord) -> list[Output]:
        if record.status not in ENDED:
            raise Refusal(NOT_OVER)
        engine = self.core.engines.get(record.game)
        if engine is None or record.snapshot is None:
            raise Refusal("That game cannot be shown by this bot.")
        try:
            state = engine.load(record.snapshot)
        except Exception:
            log.exception("the final state of game %s does not load", record.id)
            raise Refusal("That game's final state cannot be read, so nothing can be revealed.") from None
        labels = record.labels or tuple(engine.seat_labels(state))
        names = {seat: holder.name for seat, holder in record.seats.items()}
        target = ephemeral_target(inv)
        outputs = []
        for seat, label in enumerate(labels):
            view = engine.private_view(state, seat)
            head = f"{engine.title} in {channel_mention(record.channel_id)}: what was hidden, seat by seat." \
                if seat == 0 else ""
            who = f"**{names.get(seat, 'nobody')} ({label})** — final screen:"
            lines = [line for line in (head, who) if line] + describe_view(engine.name, view, names)
            drawing = (Drawing("render_private", engine.name, view, tuple(sorted(names.items())),
                               view_key(view))
                       if self.core.presenter.render_images else None)
            outputs.append(Output(target, "\n".join(lines), drawing=drawing, image_name=f"screen-{seat + 1}.png"))
        return outputs

    # -- /game list -------------------------------------------------------------------------------

    async def list_games(self, inv: Invocation) -> list[Output]:
        """The server's games: the running ones (whose move it is), then the open tables."""
        running, lobbies = [], []
        for session in sorted(self.core.sessions.open(), key=lambda s: s.game_id):
            if session.record.guild_id != inv.guild_id:
                continue
            where = channel_mention(session.channel_id)
            players = ", ".join(session.who(s) for s in sorted(session.seats)) or "nobody yet"
            if session.broken is not None:
                running.append(f"{where}: {session.engine.title} — cannot go on (/game status there says why)")
            elif session.state is None:
                plan = session.plan
                seats = f"{len(session.seats)}/{plan.maximum}" if plan is not None else str(len(session.seats))
                lobbies.append(f"{where}: {session.engine.title} — in the lobby ({seats} seats taken): {players}")
            else:
                turn = waiting_line(session.engine, session.state, Seating.of(session))
                running.append(f"{where}: {session.engine.title}, {session.engine.progress(session.state)} — "
                               f"{players}. {turn}")
        if not running and not lobbies:
            return [ephemeral(inv, "No games are running in this server. /game new opens one.")]
        lines = [f"Games in this server: {len(running)} running, {plural(len(lobbies), 'open table')}."]
        return [ephemeral(inv, "\n".join([*lines, *running, *lobbies]))]

    # -- /game replay -----------------------------------------------------------------------------

    async def replay(self, inv: Invocation) -> list[Output]:
        """An animated GIF of the public boards, posted in the channel: the running game so far,
        else the channel's last finished game. It is drawn in a worker thread; when that takes
        longer than ``quick_seconds`` the command answers at once and the GIF is posted when ready,
        so the channel's game is never held up by a long replay."""
        core = self.core
        session = core.sessions.in_channel(inv.channel_id)
        if session is not None and session.running:
            record = session.record
            names = session.names()
        else:
            found = await core.store.last_finished_game(inv.channel_id)
            if found is None:
                raise Refusal(NO_REPLAY)
            record, names = found, {seat: h.name for seat, h in found.seats.items()}
        engine = core.engines.get(record.game)
        if engine is None or record.seed is None:
            raise Refusal(NO_REPLAY)
        if not core.presenter.render_images:
            raise Refusal("This bot draws no images, so it cannot make a replay.")
        key = (record.id, record.version, tuple(sorted(names.items())))
        ready = self._replays.get(key)
        if ready is None:
            task = self._building.get(key)
            if task is None:
                actions = await core.store.actions(record.id)
                try:
                    options = engine.parse_options({k: v for k, v in record.options.items() if k != "seed"})
                except Exception:
                    raise Refusal(NO_REPLAY) from None
                text = f"{engine.title} replay, {'so far' if record.status == 'running' else 'from start to end'}"
                task = asyncio.create_task(self._build(key, inv.channel_id, text, engine, record, options, actions,
                                                       names))
                self._building[key] = task
            done, _ = await asyncio.wait({task}, timeout=self.quick_seconds)
            if not done:
                self._promised.add(key)  # no await since the check: the task posts it when done
                return [ephemeral(inv, f"Drawing the replay of {plural(record.step, 'public step')}; it will be "
                                       "posted here when it is ready.")]
            ready = task.result()
            if ready is None:
                raise Refusal(REPLAY_FAILED)
        gif, text = ready
        now = core.clock.now()
        last = self._posted.get(inv.channel_id)
        if last is not None and last[0] == key and now - last[1] < REPLAY_REPOST:
            return [Output(ephemeral_target(inv), f"This replay was posted here moments ago, so here it is just "
                                                  f"for you.\n{text}", image=gif, image_name=REPLAY_NAME)]
        self._posted[inv.channel_id] = (key, now)
        return [Output(Target.channel(inv.channel_id), text, image=gif, image_name=REPLAY_NAME)]

    async def _build(self, key: tuple, channel_id: str, head: str, engine: Engine, record: GameRecord,
                     options: Any, actions: list[ActionRecord], names: dict[int, str]) -> tuple[bytes, str] | None:
        """Draw a replay in a worker thread; post it if the command that asked has answered already."""
        ready: tuple[bytes, str] | None = None
        try:
            built = await asyncio.to_thread(build_replay, engine, record.seed, options, record.labels, actions, names)
            ready = (built.gif, f"{head}: {built.describe()}")
            while len(self._replays) >= 8:  # a few recent replays: asking again costs nothing
                self._replays.pop(next(iter(self._replays)))
            self._replays[key] = ready
        except Exception:
            log.exception("drawing the replay of game %s failed", record.id)
        finally:
            self._building.pop(key, None)
        if key in self._promised:
            self._promised.discard(key)
            if ready is not None:
                self._posted[channel_id] = (key, self.core.clock.now())
                await self.core.push([Output(Target.channel(channel_id), ready[1], image=ready[0],
                                             image_name=REPLAY_NAME)])
            else:
                await self.core.push([Output(Target.channel(channel_id), REPLAY_FAILED, image_name=REPLAY_NAME)])
        return ready

    async def idle(self) -> None:
        """Wait for the replays being drawn (tests; a clean shutdown)."""
        while self._building:
            await asyncio.wait(set(self._building.values()))

    async def close(self) -> None:
        for task in list(self._building.values()):
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(*self._building.values(), return_exceptions=True)
        self._building.clear()


def _whole(text: str, low: int, high: int, refusal: str) -> int:
    number = ascii_int(text)
    if number is None or not low <= number <= high:
        raise Refusal(refusal)
    return number


