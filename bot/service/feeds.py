"""Feeds: other channels of a server that follow a game (``/game follow``, ``/game unfollow``,
``/gm settings feed:``), and the DM policy of a server without DMs. See ``bot.service.server``.

What a feed receives is copied centrally, on both ways out of the service (``handle`` and the
outbox): board posts and the outputs of the batch in which the game ends — public text and the public
image only, without buttons, menus or mentions. Only CHANNEL outputs, built from public views, are
ever copied."""

from __future__ import annotations

import dataclasses
import logging
import re
from typing import Any

from bot.service import components
from bot.service.core import Refusal, ephemeral
from bot.service.hygiene import ascii_int, quote
from bot.service.messages import Invocation, Output, Target, TargetKind
from bot.service.presentation import channel_mention
from bot.service.session import Session

log = logging.getLogger(__name__)

MAX_REMEMBERED_CHANNELS = 100_000
DMS_OFF_NOTE = ("this server does not use direct messages: press My screen on the board, or use /game hand "
                "here, to see your screen.")
NOTIFY_DMS_OFF = ("Note: this server does not use direct messages (/gm settings dms:false), so you are told "
                  "by a mention in the game's channel instead.")
MAX_FOLLOWERS = 10  # channels that may follow one game
_CHANNEL_MENTION = re.compile(r"<#([0-9]{1,20})>")


class FeedMethods:
    """The feed and DM-policy part of ``Server`` (mixed in; it keeps the state: ``followers``,
    ``followed``, ``titles``, ``guilds``, ``_feed_slots``)."""

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

    def __init__(self, server: FeedMethods, inner: Any) -> None:
        self.server = server
        self.inner = inner

    @property
    def outputs(self) -> list[Output]:  # the held outbox's record, for whoever reads it
        return self.inner.outputs

    async def push(self, outputs: list[Output]) -> None:
        await self.inner.push(self.server.deliverable(outputs))

    def __getattr__(self, name: str) -> Any:  # take, open_thread… of the transport's outbox
        return getattr(self.inner, name)
