"""A server's own settings (``/gm settings``), games in their own threads, and feeds
(``/game follow``, ``/game unfollow``).

Server settings. One validated ``ServerSettings`` per server (guild), stored as JSON in
``server_settings`` (migration 0005), changed with ``/gm settings`` by a member with Manage Server
(on Discord the adapter puts that permission in ``Invocation.can_manage_channel`` for this one
command; at the local table the ``--manager`` users have it). Shown, to anyone, when called
without options. Each value is checked like ``/game new`` checks it; a bad one is one private line
and nothing changes.

- ``pace clock timeout remind reminders``: the defaults of ``/game new`` in this server. A game's
  own options win; a ``pace`` other than the server's drops the server's clock and reminder
  (they were chosen for its pace), so ``pace:live`` in an async server is a normal live game.
- ``feed``: a channel that follows every game opened in the server from now on (below).
- ``thread``: ``/game new`` opens a thread for the game unless told ``thread:false``.
- ``games``: which games may be opened (``all``, or names).
- ``dms``: false means the bot sends no direct messages for this server's games: nobody's
  notify mode is DM (a mention in the game's channel instead), and any private output that would
  have gone by DM is dropped, with a one-line note in the game's channel pointing to My screen and
  ``/game hand`` (which answer privately, in the channel).

Threads. The service decides (the game's ``thread`` option, else the server's default) and asks
the transport for a thread: ``open_thread(parent, name)`` on the outbox the transport attached.
The Discord adapter creates a public thread (the longest auto-archive) and returns its id; the
local table has no such method, so the service names one: ``<channel>-thread-N``. The game lives
in the thread (its channel id is the thread's) and the parent channel gets one line linking to it.
Asked inside a thread, the game opens in that thread.

Feeds. A game may be followed by other channels of its server. Outputs to the game's channel that
are board posts (a living board, an image, or the board's "My screen" buttons), and every
channel output of the batch in which the game ends (its final board, its result, an abort), are
copied to each follower: public text and the public image only, without buttons, menus or
mentions (a feed is read by spectators: nothing in it can be clicked, nothing pings). Copies are
made centrally, on both ways out of the service (``handle`` and the outbox), so the table and
Discord get the same. Nothing private is ever copied: only CHANNEL outputs, which are built from
public views.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from bot.service import components
from bot.service.core import Core, Refusal, ephemeral
from bot.service.hygiene import ascii_int, quote
from bot.service.messages import Invocation, Output, Target, TargetKind
from bot.service.presentation import channel_mention
from bot.service.session import Session
from bot.service.settings import (
    SETTING_NAMES,
    SettingsError,
    format_duration,
    parse_clock,
    parse_duration,
    parse_settings,
)

log = logging.getLogger(__name__)

SERVER_SETTING_NAMES = ("pace", "clock", "timeout", "remind", "reminders", "feed", "thread", "games", "dms")
GAME_DEFAULT_NAMES = ("pace", "clock", "timeout", "remind", "reminders")
RESET = "reset"
MAX_FOLLOWERS = 10  # channels that may follow one game
MAX_REMEMBERED_CHANNELS = 100_000
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")
_CHANNEL_MENTION = re.compile(r"<#([0-9]{1,20})>")
_LOCAL_THREAD = re.compile(r"-thread-([0-9]{1,6})$")
DMS_OFF_NOTE = ("this server does not use direct messages: press My screen on the board, or use /game hand "
                "here, to see your screen.")
NOTIFY_DMS_OFF = ("Note: this server does not use direct messages (/gm settings dms:false), so you are told "
                  "by a mention in the game's channel instead.")


class ThreadRefused(Exception):
    """The transport could not open a thread; ``str(err)`` is one line for the user."""


class ServerSettings(BaseModel):
    """What ``/gm settings`` chose for one server; None: not set (the built-in default applies)."""

    model_config = ConfigDict(frozen=True, extra="ignore")
    pace: Literal["live", "async"] | None = None
    clock: str | None = None  # validated, normalised text: "3d+1d" or "off"
    timeout: Literal["skip", "bot", "vote"] | None = None
    remind: str | None = None  # "24h" or "off"
    reminders: int | None = None
    feed: str | None = None  # the channel id new games are followed by
    thread: bool = False
    games: tuple[str, ...] | None = None  # None: every game
    dms: bool = True

    def game_defaults(self) -> dict[str, str]:
        """The server's defaults of /game new, as /game new options (strings)."""
        return {name: str(value) for name in GAME_DEFAULT_NAMES if (value := getattr(self, name)) is not None}

    def allows(self, game: str) -> bool:
        return self.games is None or game in self.games


DEFAULT = ServerSettings()


def parse_bool(name: str, text: str) -> bool:
    value = text.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise Refusal(f"{name} is true or false, not '{quote(text)}'.")


class Server:
    """Server settings, threads and feeds for one service (see the module's docstring)."""

    def __init__(self, core: Core) -> None:
        self.core = core
        self.settings: dict[str, ServerSettings] = {}
        self.followers: dict[int, list[str]] = {}  # game id -> follower channels, oldest first
        self.followed: dict[str, int] = {}  # a followed game's channel -> its game id
        self.titles: dict[int, str] = {}  # a followed game's title (an aborted lobby leaves no session)
        self.guilds: dict[str, str] = {}  # channel -> server, as invocations told (for autocomplete)
        self.transport: Any = None  # the outbox the transport attached (it may open threads)
        self._feed_slots: set[str] = set()  # feed messages already posted (later ones may edit them)
        # A server without DMs: nobody there is told by DM (the driver and the timers ask this).
        self._base_notify_mode: Callable[[int, str], str] = core.notify_mode
        core.notify_mode = self.notify_mode  # type: ignore[method-assign]

    # -- life cycle ------------------------------------------------------------------------------

    async def load(self) -> None:
        """Read every server's settings and the follows of open games (after the store opened)."""
        for guild_id, data in (await self.core.store.server_settings()).items():
            try:
                self.settings[guild_id] = ServerSettings.model_validate(data)
            except ValidationError:
                log.warning("the settings of server %s do not load; it has the defaults", guild_id)
        for game_id, game_channel, channel in await self.core.store.open_follows():
            self.followers.setdefault(game_id, []).append(channel)
            self.followed[game_channel] = game_id

    def outbox(self, transport: Any) -> FeedOutbox:
        """Wrap the transport's outbox: what the service pushes gets the same feeds and DM policy."""
        self.transport = transport
        return FeedOutbox(self, transport)

    def of(self, guild_id: str) -> ServerSettings:
        return self.settings.get(guild_id, DEFAULT)

    def seen(self, channel_id: str, guild_id: str) -> None:
        """Remember which server a channel belongs to (autocomplete is told only the channel)."""
        if not guild_id or self.guilds.get(channel_id) == guild_id:
            return
        if len(self.guilds) >= MAX_REMEMBERED_CHANNELS:
            self.guilds.clear()
        self.guilds[channel_id] = guild_id

    def notify_mode(self, user_id: int, guild_id: str) -> str:
        mode = self._base_notify_mode(user_id, guild_id)
        if mode in ("dm", "both") and not self.of(guild_id).dms:
            return "mention"
        return mode

    # -- /gm settings -------------------------------------------------------------------------------

    async def settings_command(self, inv: Invocation) -> list[Output]:
        guild = inv.guild_id
        if not guild:
            raise Refusal("Server settings belong to a server; use /gm settings in one of its channels.")
        unknown = sorted(set(inv.options) - set(SERVER_SETTING_NAMES) - {RESET})
        if unknown:
            raise Refusal(f"Unknown setting '{quote(unknown[0], 20)}'; settings are {', '.join(SERVER_SETTING_NAMES)}.")
        current = self.of(guild)
        if not inv.options:
            return [ephemeral(inv, self.describe(current))]
        if not inv.can_manage_channel:
            raise Refusal("Only a member with Manage Server can change this server's settings; "
                          "/gm settings without options shows them.")
        data = current.model_dump()
        reset = inv.options.get(RESET, "").strip().lower()
        if reset:
            names = SERVER_SETTING_NAMES if reset == "all" else (reset,)
            if reset != "all" and reset not in SERVER_SETTING_NAMES:
                raise Refusal(f"reset takes a setting name or all, not '{quote(reset, 20)}'.")
            for name in names:
                data[name] = ServerSettings.model_fields[name].default
        for name in SERVER_SETTING_NAMES:
            if name in inv.options:
                data[name] = self._parse(name, inv.options[name])
        new = ServerSettings(**data)
        try:  # the defaults together must make a game: the same check as /game new
            parse_settings(new.game_defaults(), 9)
        except SettingsError as err:
            raise Refusal(str(err)) from err
        if new == current:
            return [ephemeral(inv, "Nothing changed.\n" + self.describe(current))]
        await self.core.store.set_server_settings(guild, new.model_dump(mode="json"), inv.user_id, self.core.now())
        self.settings[guild] = new
        return [ephemeral(inv, "Saved.\n" + self.describe(new))]

    def _parse(self, name: str, text: str) -> Any:
        value = text.strip().lower()
        try:
            if name == "pace":
                if value not in ("live", "async"):
                    raise Refusal(f"pace is live or async, not '{quote(text)}'.")
                return value
            if name == "clock":
                clock = parse_clock(value)
                return clock.text() if clock is not None else "off"
            if name == "timeout":
                if value not in ("skip", "bot", "vote"):
                    raise Refusal(f"timeout is skip, bot or vote, not '{quote(text)}'.")
                return value
            if name == "remind":
                if value in ("off", "none", "no"):
                    return "off"
                seconds = parse_duration(value)
                if seconds < 10:
                    raise Refusal("remind is at least 10s (or off).")
                return format_duration(seconds)
            if name == "reminders":
                number = ascii_int(value)
                if number is None or not 0 <= number <= 20:
                    raise Refusal("reminders is a whole number from 0 to 20.")
                return number
        except SettingsError as err:
            raise Refusal(str(err)) from err
        if name == "feed":
            return None if value in ("none", "off", "no", "") else channel_ref(text)
        if name in ("thread", "dms"):
            return parse_bool(name, text)
        if name == "games":
            if value in ("all", "*", ""):
                return None
            wanted = [w for w in re.split(r"[\s,]+", value) if w]
            for game in wanted:
                if game not in self.core.engines:
                    raise Refusal(f"Unknown game '{quote(game, 24)}'; games: {', '.join(sorted(self.core.engines))} "
                                  "(or all).")
            return tuple(dict.fromkeys(wanted))
        raise Refusal(f"Unknown setting '{quote(name, 20)}'.")  # pragma: no cover - names are checked first

    def describe(self, settings: ServerSettings) -> str:
        engines = self.core.engines
        defaults = settings.game_defaults()
        try:
            games_line = parse_settings(defaults, 9).describe()
        except SettingsError:  # not reachable: saved settings were checked
            games_line = "see /game new"
        pace = settings.pace or "live"
        enabled = sorted(engines) if settings.games is None else list(settings.games)
        titles = ", ".join(engines[g].title if g in engines else g for g in enabled) or "none"
        lines = [
            "**Server settings** (/gm settings name:value changes one; reset:<name> or reset:all goes back "
            "to the defaults):",
            f"- pace: {pace}{'' if settings.pace else ' (default)'}",
            f"- clock: {settings.clock or 'by pace (default)'}",
            f"- timeout: {settings.timeout or 'skip (default)'}",
            f"- remind: {settings.remind or 'by pace (default)'}; reminders: "
            f"{settings.reminders if settings.reminders is not None else '3 (default)'}",
            f"- feed: {channel_mention(settings.feed) if settings.feed else 'none'} (the channel every new game "
            "here is followed by)",
            f"- thread: {'on: /game new opens a thread for the game' if settings.thread else 'off'}",
            f"- games: {'all' if settings.games is None else ', '.join(settings.games)} ({titles})",
            f"- dms: {'on' if settings.dms else 'off: screens by My screen and /game hand only, moves told by mention'}",
            f"New games here: {games_line}.",
        ]
        return "\n".join(lines)

    # -- /game new --------------------------------------------------------------------------------

    def game_settings(self, inv: Invocation) -> dict[str, str]:
        """/game new's own settings over the server's defaults (see the module's docstring)."""
        explicit = {k: v for k, v in inv.options.items() if k in SETTING_NAMES}
        defaults = self.of(inv.guild_id).game_defaults()
        if "pace" in explicit and explicit["pace"].strip().lower() != defaults.get("pace", "live"):
            defaults = {k: v for k, v in defaults.items() if k not in ("pace", "clock", "remind")}
        return {**defaults, **explicit}

    def wants_thread(self, inv: Invocation) -> bool:
        given = inv.options.get("thread")
        if given is not None and given.strip():
            return parse_bool("thread", given)
        return self.of(inv.guild_id).thread

    async def open_thread(self, parent: str, name: str) -> str:
        """A new thread under ``parent`` for a game (its channel id); Refusal when it cannot be."""
        opener = getattr(self.transport, "open_thread", None)
        if opener is None:
            return await self._local_thread(parent)
        try:
            return str(await opener(parent, name[:100]))
        except ThreadRefused as err:
            raise Refusal(str(err)) from err

    async def _local_thread(self, parent: str) -> str:
        if _LOCAL_THREAD.search(parent):
            return parent  # already in a thread: the game goes there
        prefix = f"{parent}-thread-"
        taken = set(await self.core.store.channels_starting(prefix))
        taken |= {s.channel_id for s in self.core.sessions.values() if s.channel_id.startswith(prefix)}
        numbers = [int(m.group(1)) for c in taken if (m := _LOCAL_THREAD.search(c)) and c == prefix + m.group(1)]
        return f"{prefix}{max(numbers, default=0) + 1}"

    async def game_opened(self, session: Session, inv: Invocation) -> list[Output]:
        """A new game: the server's feed follows it (and says so there)."""
        feed = self.of(inv.guild_id).feed
        if not feed or feed == session.channel_id:
            return []
        await self._follow(session, feed, inv.guild_id, 0)
        where = channel_mention(session.channel_id)
        return [Output(Target.channel(feed), f"New table: {session.engine.title} in {where}, opened by "
                                             f"{inv.user_name}. Its board posts and results will appear here.")]

    # -- /game follow, /game unfollow --------------------------------------------------------------

    async def follow(self, inv: Invocation) -> list[Output]:
        if not inv.can_manage_channel:
            raise Refusal("Only a member with Manage Channels can make this channel follow a game.")
        ref = inv.options.get("game", "").strip()
        if not ref:
            raise Refusal("Name the game to follow: /game follow game:<#its channel or its id>.")
        session = self._find(ref, inv)
        if session.channel_id == inv.channel_id:
            raise Refusal("This is the game's own channel; follow it from another channel.")
        followers = self.followers.get(session.game_id, [])
        if inv.channel_id in followers:
            raise Refusal(f"This channel already follows {session.engine.title} in "
                          f"{channel_mention(session.channel_id)}.")
        if len(followers) >= MAX_FOLLOWERS:
            raise Refusal(f"That game already has {MAX_FOLLOWERS} followers; /game unfollow one of them first.")
        await self._follow(session, inv.channel_id, inv.guild_id, inv.user_id)
        title, where = session.engine.title, channel_mention(session.channel_id)
        outputs = [
            ephemeral(inv, f"This channel now follows {title} in {where} (game {session.game_id}); "
                           "/game unfollow stops it."),
            Output(Target.channel(inv.channel_id), f"{inv.user_name} made this channel follow {title} in {where}: "
                                                   "its board posts and results appear here."),
            Output(Target.channel(session.channel_id), f"{channel_mention(inv.channel_id)} now follows this game: "
                                                       "its board posts and results are copied there."),
        ]
        if session.running:
            board = await self.core.presenter.board(session, f"{title} in {where}, as it stands: "
                                                             f"{session.engine.progress(session.state)}.")
            outputs.append(_bare(board, inv.channel_id))
        return outputs

    async def unfollow(self, inv: Invocation) -> list[Output]:
        if not inv.can_manage_channel:
            raise Refusal("Only a member with Manage Channels can stop this channel following a game.")
        mine = [game_id for game_id, channels in self.followers.items() if inv.channel_id in channels]
        ref = inv.options.get("game", "").strip()
        if ref:
            wanted = self._find(ref, inv, open_only=False).game_id
            if wanted not in mine:
                raise Refusal("This channel does not follow that game.")
            mine = [wanted]
        if not mine:
            raise Refusal("This channel follows no game.")
        names = []
        for game_id in mine:
            await self.core.store.remove_follow(game_id, inv.channel_id)
            self.followers[game_id].remove(inv.channel_id)
            session = self.core.sessions.by_game(game_id)
            names.append(f"{session.engine.title} in {channel_mention(session.channel_id)}" if session
                         else f"game {game_id}")
        text = f"This channel no longer follows {', '.join(names)}."
        return [ephemeral(inv, text), Output(Target.channel(inv.channel_id), f"{inv.user_name}: {text}")]

    async def _follow(self, session: Session, channel: str, guild_id: str, user_id: int) -> None:
        await self.core.store.add_follow(session.game_id, channel, guild_id, user_id, self.core.now())
        followers = self.followers.setdefault(session.game_id, [])
        if channel not in followers:
            followers.append(channel)
        self.followed[session.channel_id] = session.game_id
        self.titles[session.game_id] = session.engine.title

    def _find(self, ref: str, inv: Invocation, open_only: bool = True) -> Session:
        """The game ``ref`` names in the caller's server: ``<#channel>``, ``#channel`` (the table), a
        channel id or a game id. A game of another server is "not found", like one that is not."""
        text = ref.strip()
        match = _CHANNEL_MENTION.fullmatch(text)
        candidates: list[Session | None] = []
        if match:
            candidates.append(self.core.sessions.in_channel(match.group(1)))
        else:
            number = ascii_int(text)
            if number is not None:
                candidates.append(self.core.sessions.by_game(number))
            candidates.append(self.core.sessions.in_channel(text.lstrip("#")))
        for session in candidates:
            if session is None or session.record.guild_id != inv.guild_id:
                continue
            if open_only and (session.over or session.broken is not None):
                continue
            return session
        raise Refusal(f"No open game '{quote(ref, 30)}' in this server; name it by its channel (#channel) or its "
                      "id (autocomplete lists them).")

    def games_to_follow(self, channel_id: str) -> list[tuple[str, str]]:
        """Autocomplete of /game follow: the open games of this channel's server, but its own."""
        guild = self.guilds.get(channel_id)
        if guild is None:
            return []
        out = []
        for session in self.core.sessions.open():
            if session.record.guild_id != guild or session.channel_id == channel_id or session.broken:
                continue
            if channel_id in self.followers.get(session.game_id, []):
                continue
            out.append((_game_label(session), str(session.game_id)))
        return out

    def games_followed(self, channel_id: str) -> list[tuple[str, str]]:
        out = []
        for game_id, channels in self.followers.items():
            session = self.core.sessions.by_game(game_id)
            if channel_id in channels and session is not None:
                out.append((_game_label(session), str(game_id)))
        return out

    # -- what goes out: the DM policy and the feeds ------------------------------------------------

    def deliverable(self, outputs: list[Output], inv: Invocation | None = None) -> list[Output]:
        """``outputs`` as they may go out: private outputs of a server without DMs replaced, board
        posts and results copied to the games' followers. ``inv``: the command they answer (None:
        pushed by the service itself)."""
        if not outputs:
            return outputs
        outputs = self._without_dms(outputs, inv)
        if (inv is not None and inv.command == "game notify" and not self.of(inv.guild_id).dms
                and inv.options.get("mode", "").strip().lower() in ("dm", "both")):
            outputs = [*outputs, ephemeral(inv, NOTIFY_DMS_OFF)]
        return outputs + self._feed_copies(outputs, reposted=inv is not None and inv.command == "game board")

    def _without_dms(self, outputs: list[Output], inv: Invocation | None) -> list[Output]:
        kept: list[Output] = []
        notes: dict[tuple[str, int], bool] = {}
        for output in outputs:
            target = output.target
            to_other = target.kind is TargetKind.EPHEMERAL and target.user_id is not None and (
                inv is None or target.user_id != inv.user_id)  # the transport sends these by DM
            if (target.kind is TargetKind.DM or to_other) and target.user_id is not None:
                guild = self._guild(target.channel_id, inv)
                if not self.of(guild).dms:
                    channel = target.channel_id or (inv.channel_id if inv is not None else "")
                    if channel and output.dm_fallback:
                        notes.setdefault((channel, target.user_id), True)
                    continue
            kept.append(output)
        for channel, user_id in notes:
            kept.append(Output(Target.channel(channel), f"{self._mention(channel, user_id)}: {DMS_OFF_NOTE}",
                               mentions=(user_id,)))
        return kept

    def _guild(self, channel_id: str | None, inv: Invocation | None) -> str:
        session = self.core.sessions.in_channel(channel_id) if channel_id else None
        if session is not None:
            return session.record.guild_id
        if inv is not None:
            return inv.guild_id
        return self.guilds.get(channel_id or "", "")

    def _mention(self, channel_id: str, user_id: int) -> str:
        if channel_id.isascii() and channel_id.isdigit():
            return f"<@{user_id}>"
        session = self.core.sessions.in_channel(channel_id)
        names = [h.name for h in session.seats.values() if h.user_id == user_id] if session else []
        return f"@{names[0]}" if names else "@player"

    def _feed_copies(self, outputs: list[Output], reposted: bool) -> list[Output]:
        if not self.followed:
            return []
        copies: list[Output] = []
        ended: set[int] = set()
        for output in outputs:
            target = output.target
            if target.kind is not TargetKind.CHANNEL or not target.channel_id:
                continue
            game_id = self.followed.get(target.channel_id)
            followers = self.followers.get(game_id) if game_id is not None else None
            if not followers:
                continue
            session = self.core.sessions.by_game(game_id)
            over = session is None or session.over
            if not over and (reposted or not is_board(output)):
                continue
            if over:
                ended.add(game_id)
            title = self.titles.get(game_id, "The game")
            if session is not None:
                title = self.titles[game_id] = session.engine.title
            for channel in followers:
                copies.append(self._copy(output, channel, title))
        for game_id in ended:  # its result went out: nothing more to follow
            for channel, followed in list(self.followed.items()):
                if followed == game_id:
                    del self.followed[channel]
            self.followers.pop(game_id, None)
            self.titles.pop(game_id, None)
        return copies

    def _copy(self, output: Output, channel: str, title: str) -> Output:
        """A spectator's copy: the public text and image, nothing to click, nobody pinged."""
        slot = getattr(output, "slot", None)
        changes: dict[str, Any] = {"slot": f"{slot}>{channel}" if slot else None, "replace_menu": False,
                                   "closes": None}
        if slot:
            key = f"{slot}>{channel}"
            if key not in self._feed_slots:  # this feed has no message of that slot yet: a new one
                changes.update(fresh=True, image_unchanged=False)
                if len(self._feed_slots) >= MAX_REMEMBERED_CHANNELS:
                    self._feed_slots.clear()
                self._feed_slots.add(key)
        copy = _bare(output, channel, f"{title} in {channel_mention(output.target.channel_id or '')}:\n{output.text}")
        known = {f.name for f in dataclasses.fields(Output)}
        return dataclasses.replace(copy, **{k: v for k, v in changes.items() if k in known})


def is_board(output: Output) -> bool:
    """A board post: a game's living board, an image, or the board's "My screen" button."""
    slot = getattr(output, "slot", None) or ""
    return (slot.startswith("board:") or output.image is not None or getattr(output, "drawing", None) is not None
            or any(button.action == components.HAND for button in output.buttons))


def _bare(output: Output, channel: str, text: str | None = None) -> Output:
    return dataclasses.replace(output, target=Target.channel(channel), text=output.text if text is None else text,
                               buttons=(), select=None, mentions=(), dm_fallback=None)


def channel_ref(text: str) -> str:
    """A channel as an option names it: ``<#id>``, an id, or a table channel's ``#name``/name."""
    value = text.strip()
    match = _CHANNEL_MENTION.fullmatch(value)
    if match:
        return match.group(1)
    name = value.lstrip("#")
    if not name or len(name) > 64 or any(ch.isspace() or ch in ":@" for ch in name):
        raise Refusal(f"'{quote(text, 30)}' is not a channel; pick one, like #games.")
    return name


def _game_label(session: Session) -> str:
    where = "in the lobby" if session.state is None else session.engine.progress(session.state)
    return f"{session.engine.title}, game {session.game_id}, by {session.record.creator_name} — {where}"


class FeedOutbox:
    """The transport's outbox behind the service's feeds and DM policy (what is pushed gets both)."""

    def __init__(self, server: Server, inner: Any) -> None:
        self.server = server
        self.inner = inner

    @property
    def outputs(self) -> list[Output]:  # the held outbox's record, for whoever reads it
        return self.inner.outputs

    async def push(self, outputs: list[Output]) -> None:
        await self.inner.push(self.server.deliverable(outputs))

    def __getattr__(self, name: str) -> Any:  # take, open_thread… of the transport's outbox
        return getattr(self.inner, name)

