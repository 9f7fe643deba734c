"""A server's own settings (``/gm settings``), games in their own threads, and feeds (the feed part is
``bot.service.feeds``: ``/game follow``, ``/game unfollow``).

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

import logging
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from bot.service.core import Core, Refusal, ephemeral
from bot.service.feeds import MAX_REMEMBERED_CHANNELS, FeedMethods, FeedOutbox, channel_ref
from bot.service.hygiene import ascii_int, quote
from bot.service.messages import Invocation, Output, Target
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
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")
_LOCAL_THREAD = re.compile(r"-thread-([0-9]{1,6})$")


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


class Server(FeedMethods):
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
        core.dms_allowed = lambda guild_id: self.of(guild_id).dms

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
