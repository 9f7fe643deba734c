"""A game's history and the server's list: /game log in pages, /game replay (an animated GIF of the
public boards), /game list, and what a finished game tells its table — the result and a summary to
the channel and to every player, with an opt-in reveal of what was hidden.

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
import io
import logging
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.service.core import Core, Refusal, ephemeral, ephemeral_target
from bot.service.hygiene import ascii_int
from bot.service.messages import Button, Drawing, Invocation, Output, Target, TargetKind
from bot.service.presentation import Seating, channel_mention, public_dump, view_key, waiting_line
from bot.service.records import ActionRecord, GameRecord
from bot.service.replay import UNDO, effective, replay
from bot.service.session import Session
from bot.service.settings import format_duration
from bot.service.texts import plural, private_summary
from rules.core.engine import Engine

log = logging.getLogger(__name__)

LOG = "!log"  # a page of the log: "!log <page> <count>"
REVEAL = "!reveal"  # every seat's final screen, once the game has ended
FOR_GAME = "for_game"  # as bot.service.components.FOR_GAME: the game a click was made for
ANY = "-"
PAGE_SIZE = 10  # log entries per page unless /game log count:N says otherwise
MAX_PAGE_SIZE = 50
ENDED = ("over", "aborted")

# The replay: Discord refuses attachments over 10 MiB (servers without boosts); stay under it.
REPLAY_LIMIT_BYTES = 9 * 1024 * 1024
REPLAY_MAX_FRAMES = 100  # more public steps than this: evenly sampled, the first and last kept
REPLAY_WIDTH = 800  # frames are drawn at most this wide; halved again while the file is too big
REPLAY_MIN_WIDTH = 200
FRAME_MS = 900
LAST_FRAME_MS = 3000

QUICK_SECONDS = 2.0  # a replay drawn within this answers its command; a longer one is posted when ready
REPLAY_REPOST = timedelta(seconds=60)  # the same replay again within a minute: only to the asker
REPLAY_NAME = "replay.gif"
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
    return [Output(ephemeral_target(inv), "\n".join(lines), buttons=tuple(buttons), replace_menu=clicked)]


class History:
    def __init__(self, core: Core) -> None:
        self.core = core
        self._due: dict[int, Session] = {}  # games that just ended, their summary not yet sent
        self._announced: set[int] = set()
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
            lines = [line for line in (head, who) if line] + _describe(engine, view, names)
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

    # -- the end of a game: result, summary, reveal ----------------------------------------------

    def note(self, session: Session) -> None:
        """Called whenever a game's state or clocks change: a game that has just ended with an
        outcome gets its summary (sent with the outputs of its channel, see ``endings``)."""
        record = session.record
        if record.status == "over" and record.outcome and session.game_id not in self._announced:
            self._due[session.game_id] = session

    async def endings(self, channels: set[str | None]) -> list[Output]:
        """The summaries of games in ``channels`` that have just ended, each once."""
        outputs: list[Output] = []
        for game_id, session in list(self._due.items()):
            if session.channel_id not in channels:
                continue
            del self._due[game_id]
            if len(self._announced) > 100_000:
                self._announced.clear()
            self._announced.add(game_id)
            try:
                outputs += await self.summary(session)
            except Exception:  # the game is already over and recorded; a summary bug must not hide that
                log.exception("the summary of game %s failed", game_id)
        return outputs

    async def summary(self, session: Session) -> list[Output]:
        record, engine = session.record, session.engine
        outcome = record.outcome or {}
        seating = Seating.of(session)
        lines = [f"**{engine.title} — final result**"]
        lines += result_lines(outcome, seating)
        facts = []
        rounds = public_dump(engine, session.state).get("round") if session.state is not None else None
        if isinstance(rounds, int) and not isinstance(rounds, bool) and rounds > 0:
            facts.append(plural(rounds, "round"))
        facts.append(plural(record.step, "public step"))
        lasted = await self._duration(record)
        if lasted is not None:
            facts.append(f"played in {lasted}")
        lines.append(" · ".join(facts) + ".")
        lines.append("What was hidden stays hidden unless you ask: **Reveal hidden info** shows every seat's "
                     "final screen, only to you. /game replay shows the game again.")
        buttons = (Button("Reveal hidden info", REVEAL, session.game_id, ANY),)
        outputs = [Output(Target.channel(session.channel_id), "\n".join(lines), buttons=buttons)]
        told: set[int] = set()
        where = channel_mention(session.channel_id)
        for holder in (h for _, h in sorted(session.seats.items())):
            if not holder.is_person or holder.user_id in told:
                continue
            told.add(holder.user_id)
            mine = session.seats_of(holder.user_id)
            verdict = _verdict(outcome, mine)
            head = f"Your game of {engine.title} in {where} has ended: {verdict}"
            outputs.append(Output(
                Target(TargetKind.DM, channel_id=session.channel_id, user_id=holder.user_id),
                "\n".join([head, *lines[1:]]), buttons=buttons,
                dm_fallback="the game is over and its result is in the channel (I could not send it to you by DM)."))
        return outputs

    async def _duration(self, record: GameRecord) -> str | None:
        try:
            created, started, ended = await self.core.store.game_times(record.id)
        except KeyError:
            return None
        begin, end = _moment(started or created), _moment(record.ended_at or ended)
        if begin is None or end is None:
            return None
        return format_duration(max(0.0, (end - begin).total_seconds()))


def result_lines(outcome: Mapping[str, Any], seating: Seating) -> list[str]:
    """One line per seat, best rank first: name, score and whether they won."""
    winners = set(outcome.get("winners") or ())
    scores = list(outcome.get("scores") or ())
    ranks = list(outcome.get("ranks") or ())
    seats = range(len(seating.labels))

    def rank(seat: int) -> int:
        return ranks[seat] if seat < len(ranks) and ranks[seat] is not None else len(seating.labels)

    lines = []
    if outcome.get("result") in ("win", "loss"):
        lines.append("The table " + ("won together." if outcome["result"] == "win" else "lost together."))
    for seat in sorted(seats, key=lambda s: (rank(s), s)):
        parts = [f"{rank(seat)}. {seating.who(seat)}"]
        if seat < len(scores) and scores[seat] is not None:
            parts.append(plural_score(scores[seat]))
        if seat in winners:
            parts.append("winner")
        lines.append(" — ".join(parts))
    return lines


def plural_score(score: float) -> str:
    value = int(score) if float(score).is_integer() else round(float(score), 2)
    return f"{value} point{'' if value == 1 else 's'}"


def _verdict(outcome: Mapping[str, Any], seats: list[int]) -> str:
    winners = set(outcome.get("winners") or ())
    if outcome.get("result") == "win":
        return "you won, together."
    if outcome.get("result") == "loss":
        return "you lost, together."
    if any(s in winners for s in seats):
        return "you won!"
    ranks = list(outcome.get("ranks") or ())
    placed = [ranks[s] for s in seats if s < len(ranks) and ranks[s] is not None]
    return f"you finished {_ordinal(min(placed))}." if placed else "you did not win this time."


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _moment(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None


def _whole(text: str, low: int, high: int, refusal: str) -> int:
    number = ascii_int(text)
    if number is None or not low <= number <= high:
        raise Refusal(refusal)
    return number


def _describe(engine: Engine, view: Any, names: Mapping[int, str]) -> list[str]:
    """A seat's private view in words: the game's own wording, else a generic field list."""
    try:
        import render

        lines = render.describe_private(engine.name, view, names)
    except Exception:
        log.exception("describing a private view of %s failed", engine.name)
        lines = None
    return list(lines) if lines else private_summary(view.model_dump(mode="json"))


class AnnouncingOutbox:
    """The service's outbox with the summaries of games that ended in what is pushed (a time-out
    or an AI seat can end a game with nobody's command) appended, in the same batch."""

    def __init__(self, inner: Any, history: History) -> None:
        self.inner = inner
        self.history = history

    async def push(self, outputs: list[Output]) -> None:
        # A replay posted when ready says nothing about a game's end (and may come between a game's
        # last step and the end of the command that made it, whose outputs the summary follows).
        channels = {o.target.channel_id for o in outputs
                    if o.target.kind is TargetKind.CHANNEL and o.image_name != REPLAY_NAME}
        await self.inner.push(outputs + await self.history.endings(channels))


# -- the replay GIF (pure: runs in a worker thread) ------------------------------------------------


@dataclass(frozen=True)
class Frame:
    step: int  # the public step it shows (0: the opening board)
    view: Any  # the engine's public view
    progress: str


@dataclass(frozen=True)
class Replay:
    gif: bytes
    frames: int  # frames in the GIF
    steps: int  # public steps the game has had
    width: int
    sampled: bool  # fewer frames than steps + 1
    scaled: bool  # drawn smaller than REPLAY_WIDTH to fit the size limit

    def describe(self) -> str:
        text = f"{plural(self.steps, 'public step')}, {plural(self.frames, 'frame')}"
        notes = []
        if self.sampled:
            notes.append(f"every public step would not fit, so {self.frames} of the {self.steps + 1} boards "
                         "are shown (the first and the last among them)")
        if self.scaled:
            notes.append(f"drawn {self.width} px wide to stay under Discord's 10 MB")
        return text + (f" ({'; '.join(notes)})" if notes else "") + "."


def public_frames(engine: Engine, seed: int, options: Any, labels: Sequence[str] | None,
                  actions: Sequence[ActionRecord]) -> list[Frame]:
    """The opening board and the public view after each public step, replaying seed + log. An undo
    row rebuilds the state without what it took back (as the game itself did)."""
    state = engine.new_game(seed, options, labels)
    frames = [Frame(0, engine.public_view(state), engine.progress(state))]
    rows: list[tuple[int, str, int | None]] = []
    for action in actions:
        rows.append((action.seat, action.notation, action.undoes))
        if action.notation == UNDO:
            state = replay(engine, seed, options, effective(rows), labels)
        else:
            state, _ = engine.apply(state, action.seat, engine.parse(state, action.seat, action.notation))
        if action.step is not None:
            frames.append(Frame(action.step, engine.public_view(state), engine.progress(state)))
    return frames


def build_replay(engine: Engine, seed: int, options: Any, labels: Sequence[str] | None,
                 actions: Sequence[ActionRecord], names: Mapping[int, str],
                 draw: Callable[[str, Any, Mapping[int, str]], bytes | None] | None = None,
                 limit: int = REPLAY_LIMIT_BYTES, max_frames: int = REPLAY_MAX_FRAMES) -> Replay:
    """The GIF of a game's public boards, one frame per public step (sampled beyond
    ``max_frames``), under ``limit`` bytes: smaller frames first, then fewer."""
    if draw is None:
        import render

        draw = render.render_public
    frames = public_frames(engine, seed, options, labels, actions)
    steps = frames[-1].step
    chosen = _sample(frames, max_frames)
    drawn: dict[str, bytes] = {}
    sources: list[bytes] = []  # PNG bytes: decoded one at a time, so memory holds one big frame
    for frame in chosen:
        key = view_key(frame.view)
        if key not in drawn:
            drawn[key] = draw(engine.name, frame.view, names) or _text_card(engine, frame)
        sources.append(drawn[key])
    natural = min(REPLAY_WIDTH, max(_png_size(png)[0] for png in sources))
    width = natural
    while True:
        gif = _encode(sources, chosen, steps, width)
        if len(gif) <= limit:
            break
        if width > REPLAY_MIN_WIDTH:
            width = max(REPLAY_MIN_WIDTH, int(width * 0.7))
        elif len(chosen) > 2:
            keep = _sample(list(range(len(chosen))), max(2, len(chosen) // 2))
            chosen, sources = [chosen[i] for i in keep], [sources[i] for i in keep]
        else:
            raise ValueError("even two small frames do not fit the size limit")
    return Replay(gif, len(chosen), steps, width, len(chosen) < len(frames), width < natural)


def _sample(items: list, most: int) -> list:
    """At most ``most`` items, evenly spread, the first and the last always among them."""
    if len(items) <= most:
        return list(items)
    if most <= 1:
        return [items[-1]]
    picks = sorted({round(i * (len(items) - 1) / (most - 1)) for i in range(most)})
    return [items[i] for i in picks]


def _png_size(png: bytes) -> tuple[int, int]:
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        return image.size


def _encode(sources: list[bytes], frames: list[Frame], steps: int, width: int) -> bytes:
    """Frames ``width`` wide on one canvas size (a board may grow during a game), each with its
    caption, in one shared palette (so that each frame stores only what changed)."""
    from PIL import Image

    sizes = [_png_size(png) for png in sources]
    height = max(round(h * width / w) for w, h in sizes) + CAPTION_HEIGHT
    canvases = []
    for png, frame in zip(sources, frames, strict=True):
        with Image.open(io.BytesIO(png)) as image:
            picture = image.convert("RGB")
        if picture.width != width:
            size = (width, max(1, round(picture.height * width / picture.width)))
            picture = picture.resize(size, Image.Resampling.BICUBIC)
        canvas = Image.new("RGB", (width, height), (255, 255, 255))
        canvas.paste(picture, (0, 0))
        _caption(canvas, frame, steps)
        canvases.append(canvas)
    # The palette of the first, middle and last frames stands for all of them.
    samples = [canvases[0], canvases[len(canvases) // 2], canvases[-1]]
    mosaic = Image.new("RGB", (width, height * len(samples)))
    for index, sample in enumerate(samples):
        mosaic.paste(sample, (0, index * height))
    palette = mosaic.quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    paletted = [c.quantize(palette=palette, dither=Image.Dither.NONE) for c in canvases]
    durations = [FRAME_MS] * (len(paletted) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    paletted[0].save(out, format="GIF", save_all=True, append_images=paletted[1:], duration=durations, loop=0,
                     optimize=False)
    return out.getvalue()


CAPTION_HEIGHT = 26


def _caption(canvas: Any, frame: Frame, steps: int) -> None:
    """A strip at the bottom of the frame: which public step it shows, and the game's progress."""
    from PIL import ImageDraw

    from render.core import fit_text, font

    top = canvas.height - CAPTION_HEIGHT
    pen = ImageDraw.Draw(canvas)
    pen.rectangle((0, top, canvas.width, canvas.height), fill=(32, 34, 40))
    label = "Start" if frame.step == 0 else f"Step {frame.step} of {steps}"
    fnt = font(14)
    text = fit_text(f"{label} · {frame.progress}", fnt, max(10, canvas.width - 16))
    pen.text((8, top + 5), text, font=fnt, fill=(235, 235, 240))


def _text_card(engine: Engine, frame: Frame) -> bytes:
    """A plain card (PNG) for a game without a renderer: its title, progress and public facts."""
    from PIL import Image, ImageDraw

    from render.core import fit_text, font

    lines = [engine.title, frame.progress, *private_summary(frame.view.model_dump(mode="json"))][:16]
    width, line_height = 640, 22
    card = Image.new("RGB", (width, 24 + line_height * len(lines)), (250, 250, 247))
    pen = ImageDraw.Draw(card)
    for index, line in enumerate(lines):
        fnt = font(18 if index == 0 else 15, bold=index == 0)
        pen.text((12, 12 + index * line_height), fit_text(line, fnt, width - 24), font=fnt, fill=(20, 20, 24))
    out = io.BytesIO()
    card.save(out, format="PNG")
    return out.getvalue()
