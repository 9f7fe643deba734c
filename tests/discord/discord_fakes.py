"""A stand-in for Discord's side of the wire, so real discord.py objects run with no network.

discord.py talks to Discord through two HTTP layers:
- ``HTTPClient.request``: the bot's REST calls (login, command sync, channel messages, DMs);
- ``AsyncWebhookAdapter.request``: interaction callbacks and followups (they use the
  interaction token, not the bot token).
``FakeDiscord`` replaces both with recorders that answer with canned JSON shaped like Discord's,
and builds gateway INTERACTION_CREATE payloads that the client parses and dispatches exactly as
it would in production (``ConnectionState.parse_interaction_create``).
"""

from __future__ import annotations

import asyncio
import itertools
import json
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

APP_ID = 900000000000000001
BOT_USER_ID = 900000000000000002
OWNER_ID = 900000000000000003
GUILD_ID = 800000000000000001
CHANNEL_ID = 700000000000000001
THREAD_ID = 700000000000000099
TIMESTAMP = "2026-01-01T00:00:00.000000+00:00"
EPHEMERAL = 64
MANAGE_CHANNELS = 1 << 4
SEND_MESSAGES = 1 << 11


@dataclass
class Request:
    """One HTTP request discord.py made."""

    layer: str  # "bot" (HTTPClient) or "interaction" (webhook adapter)
    method: str
    path: str  # the URL path after /api/v10, ids filled in
    json: Any = None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    params: dict[str, Any] | None = None

    @property
    def content(self) -> str | None:
        return (self.json or {}).get("content")

    @property
    def flags(self) -> int:
        body = self.json or {}
        return int(body.get("flags") or (body.get("data") or {}).get("flags") or 0)

    @property
    def custom_ids(self) -> list[str]:
        return [
            component["custom_id"]
            for row in (self.json or {}).get("components", [])
            for component in row.get("components", [])
        ]


def user_payload(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name.title(),
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
    }


def _response(status: int) -> SimpleNamespace:
    # discord.HTTPException reads only .status and .reason from the aiohttp response.
    return SimpleNamespace(status=status, reason={403: "Forbidden", 404: "Not Found"}.get(status, "Error"))


class FakeDiscord:
    def __init__(self) -> None:
        self.requests: list[Request] = []
        self.closed_dms: set[int] = set()  # users whose DMs refuse the bot (Discord error 50007)
        self.forbidden_channels: set[int] = set()  # channels where the bot may not post (50013)
        self.expired_interactions: set[int] = set()  # interactions acknowledged too late (10062)
        self.refuse_command_sync = False  # bot invited without the applications.commands scope
        self._ids = itertools.count(600000000000000001)
        self._dm_channels: dict[int, int] = {}  # dm channel id -> user id
        # Threads: those the bot opened (id -> parent), those archived (a post is refused with 50083
        # until a PATCH archived=false), those locked (that PATCH is refused), and the error code a
        # thread creation gets (50013: no permission; 50024: not a channel for threads; 50035 per
        # refused auto-archive duration in ``refused_archive_minutes``).
        self.threads: dict[int, int] = {}
        self.archived_threads: set[int] = set()
        self.locked_threads: set[int] = set()
        self.refuse_threads: int | None = None
        self.refused_archive_minutes: set[int] = set()

    # -- installing --------------------------------------------------------------------------

    def install(self, client: discord.Client, monkeypatch: Any) -> None:
        client.http.request = self._bot_request  # type: ignore[method-assign]
        fake = self

        async def webhook_request(
            _adapter: AsyncWebhookAdapter, route: Route, session: Any = None, **kw: Any
        ):
            return await fake._interaction_request(route, **kw)

        monkeypatch.setattr(AsyncWebhookAdapter, "request", webhook_request)

    async def start(self, service: Any, monkeypatch: Any, database: Any, **settings: Any) -> discord.Client:
        """A real client for ``service`` (a ``SessionService`` on ``database``) logged in against this
        fake: its setup_hook starts the service, whose outbox is then Discord."""
        from bot.discord_adapter import build_bot
        from bot.settings import Settings

        client = build_bot(service, Settings(_env_file=None, database_path=database, **settings))
        self.install(client, monkeypatch)
        await client.login("test-token")
        return client

    # -- queries -----------------------------------------------------------------------------

    def of(self, method: str, path_start: str) -> list[Request]:
        return [r for r in self.requests if r.method == method and r.path.startswith(path_start)]

    def channel_messages(self, channel_id: int = CHANNEL_ID) -> list[Request]:
        return self.of("POST", f"/channels/{channel_id}/messages")

    def channel_edits(self, channel_id: int = CHANNEL_ID) -> list[Request]:
        return self.of("PATCH", f"/channels/{channel_id}/messages/")

    def thread_creations(self, parent: int = CHANNEL_ID) -> list[Request]:
        return self.of("POST", f"/channels/{parent}/threads")

    def channel_patches(self, channel_id: int) -> list[Request]:
        """PATCH /channels/{id} itself (an unarchive), not its messages."""
        return [r for r in self.requests if r.method == "PATCH" and r.path == f"/channels/{channel_id}"]

    def callbacks(self) -> list[Request]:
        return [r for r in self.requests if r.method == "POST" and r.path.endswith("/callback")]

    def followups(self) -> list[Request]:
        return [
            r
            for r in self.requests
            if r.layer == "interaction" and r.method == "POST" and r.path.startswith(f"/webhooks/{APP_ID}/")
        ]

    def deleted_originals(self) -> list[Request]:
        return [r for r in self.requests if r.method == "DELETE" and r.path.endswith("/messages/@original")]

    def dm_channel_of(self, user_id: int) -> int | None:
        for channel_id, owner in self._dm_channels.items():
            if owner == user_id:
                return channel_id
        return None

    # -- the two HTTP layers ----------------------------------------------------------------

    async def _bot_request(self, route: Route, *, files=None, form=None, **kwargs: Any) -> Any:
        body = kwargs.get("json")
        if form is not None:
            body = _payload_json(form)
        request = Request("bot", route.method, _path(route), body, _read_files(files), kwargs.get("params"))
        self.requests.append(request)
        return self._answer_bot(request, route)

    async def _interaction_request(self, route: Route, **kw: Any) -> Any:
        body = kw.get("payload")
        if kw.get("multipart"):
            body = _payload_json(kw["multipart"])
        request = Request(
            "interaction", route.method, _path(route), body, _read_files(kw.get("files")), kw.get("params")
        )
        self.requests.append(request)
        if request.path.endswith("/callback"):
            interaction_id = int(request.path.split("/")[2])
            if interaction_id in self.expired_interactions:
                raise discord.NotFound(_response(404), {"code": 10062, "message": "Unknown interaction"})
            return {"interaction": {"id": str(interaction_id), "type": 2}, "resource": {"type": body["type"]}}
        if route.method == "DELETE":
            return None
        channel = CHANNEL_ID
        return self.message(channel, (body or {}).get("content"), flags=(body or {}).get("flags", 0))

    def _answer_bot(self, request: Request, route: Route) -> Any:
        method, path = request.method, request.path
        if (method, path) == ("GET", "/users/@me"):
            return user_payload(BOT_USER_ID, "gamemaster", bot=True)
        if (method, path) == ("GET", "/oauth2/applications/@me"):
            return {
                "id": str(APP_ID),
                "name": "Game Master",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": user_payload(OWNER_ID, "owner"),
                "verify_key": "0" * 64,
                "flags": 0,
            }
        if method == "PUT" and path.startswith(f"/applications/{APP_ID}/"):
            if self.refuse_command_sync:
                raise discord.Forbidden(_response(403), {"code": 50001, "message": "Missing Access"})
            return [
                dict(command, id=str(next(self._ids)), application_id=str(APP_ID), version="1")
                for command in request.json
            ]
        if (method, path) == ("POST", "/users/@me/channels"):
            user_id = int(request.json["recipient_id"])
            channel_id = next(self._ids)
            self._dm_channels[channel_id] = user_id
            return {
                "id": str(channel_id),
                "type": 1,
                "last_message_id": None,
                "recipients": [user_payload(user_id, f"user{user_id % 1000}")],
            }
        if method == "POST" and path.startswith("/channels/") and path.endswith("/messages"):
            channel_id = int(path.split("/")[2])
            if self._dm_channels.get(channel_id) in self.closed_dms:
                raise discord.Forbidden(
                    _response(403), {"code": 50007, "message": "Cannot send messages to this user"}
                )
            if channel_id in self.forbidden_channels:
                raise discord.Forbidden(_response(403), {"code": 50013, "message": "Missing Permissions"})
            if channel_id in self.archived_threads:
                raise discord.HTTPException(_response(400), {"code": 50083, "message": "Thread is archived"})
            return self.message(channel_id, (request.json or {}).get("content"))
        if method == "POST" and path.startswith("/channels/") and path.endswith("/threads"):
            parent = int(path.split("/")[2])
            if self.refuse_threads == 50013:
                raise discord.Forbidden(_response(403), {"code": 50013, "message": "Missing Permissions"})
            if self.refuse_threads is not None:
                raise discord.HTTPException(_response(400), {"code": self.refuse_threads, "message": "Refused"})
            if request.json["auto_archive_duration"] in self.refused_archive_minutes:
                raise discord.HTTPException(_response(400), {"code": 50035, "message": "Invalid Form Body"})
            thread_id = next(self._ids)
            self.threads[thread_id] = parent
            return self.thread_payload(thread_id, parent, request.json["name"],
                                       request.json["auto_archive_duration"])
        if method == "PATCH" and path.startswith("/channels/") and path.count("/") == 2:
            channel_id = int(path.split("/")[2])
            if channel_id in self.locked_threads:
                raise discord.Forbidden(_response(403), {"code": 50013, "message": "Missing Permissions"})
            if (request.json or {}).get("archived") is False:
                self.archived_threads.discard(channel_id)
            return self.thread_payload(channel_id, self.threads.get(channel_id, CHANNEL_ID), "game", 10080,
                                       archived=channel_id in self.archived_threads)
        if method == "PATCH" and path.startswith("/channels/") and "/messages/" in path:
            channel_id = int(path.split("/")[2])  # an edit of a message the bot posted
            answer = self.message(channel_id, (request.json or {}).get("content"))
            answer["id"] = path.rsplit("/", 1)[1]
            return answer
        raise AssertionError(f"the fake Discord has no answer for {method} {path}")

    # -- payloads ----------------------------------------------------------------------------

    def thread_payload(self, thread_id: int, parent: int, name: str, minutes: int,
                       archived: bool = False) -> dict[str, Any]:
        return {
            "id": str(thread_id), "type": 11, "guild_id": str(GUILD_ID), "parent_id": str(parent),
            "owner_id": str(BOT_USER_ID), "name": name, "message_count": 0, "member_count": 1,
            "rate_limit_per_user": 0, "flags": 0,
            "thread_metadata": {"archived": archived, "auto_archive_duration": minutes,
                                "archive_timestamp": TIMESTAMP, "locked": False},
        }

    def message(
        self,
        channel_id: int,
        content: str | None,
        *,
        flags: int = 0,
        components: list[dict[str, Any]] | None = None,
        message_id: int | None = None,
    ) -> dict[str, Any]:
        return {
            "id": str(message_id or next(self._ids)),
            "channel_id": str(channel_id),
            "author": user_payload(BOT_USER_ID, "gamemaster", bot=True),
            "content": content or "",
            "timestamp": TIMESTAMP,
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": False,
            "type": 0,
            "flags": flags,
            "components": components or [],
        }

    def _interaction(
        self,
        kind: int,
        data: dict[str, Any],
        *,
        user_id: int,
        name: str,
        channel_id: int,
        permissions: int,
        thread: bool,
        message: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        interaction_id = next(self._ids)
        if channel_id in self._dm_channels:
            channel = {"id": str(channel_id), "type": 1, "recipients": [user_payload(user_id, name)]}
        elif thread:
            channel = {
                "id": str(channel_id),
                "type": 11,
                "guild_id": str(GUILD_ID),
                "parent_id": str(CHANNEL_ID),
                "owner_id": str(user_id),
                "name": "kaploom rematch",
                "message_count": 0,
                "member_count": 2,
                "rate_limit_per_user": 0,
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": 10080,
                    "archive_timestamp": TIMESTAMP,
                    "locked": False,
                },
                "flags": 0,
            }
        else:
            channel = {
                "id": str(channel_id),
                "type": 0,
                "guild_id": str(GUILD_ID),
                "name": "games",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
                "topic": None,
                "last_message_id": None,
                "rate_limit_per_user": 0,
                "flags": 0,
            }
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(APP_ID),
            "type": kind,
            "data": data,
            "guild_id": str(GUILD_ID),
            "channel": channel,
            "channel_id": str(channel_id),
            "member": {
                "user": user_payload(user_id, name),
                "roles": [],
                "joined_at": TIMESTAMP,
                "deaf": False,
                "mute": False,
                "nick": None,
                "flags": 0,
                "permissions": str(permissions),
            },
            "token": f"interaction-token-{interaction_id}",
            "version": 1,
            "locale": "en-US",
            "guild_locale": "en-US",
            "app_permissions": str(SEND_MESSAGES),
            "attachment_size_limit": 10 * 1024 * 1024,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
        }
        if message is not None:
            payload["message"] = message
        if channel["type"] == 1:  # a DM: no guild, and the user instead of a member
            del payload["guild_id"], payload["member"]
            payload["user"] = user_payload(user_id, name)
            payload["context"] = 1
        return payload

    def slash(
        self,
        path: str,
        options: dict[str, Any] | None = None,
        *,
        user_id: int = 101,
        name: str = "alice",
        channel_id: int = CHANNEL_ID,
        permissions: int = SEND_MESSAGES,
        thread: bool = False,
        focused: str | None = None,
        users: dict[str, tuple[int, str]] | None = None,
        channels: dict[str, int] | None = None,
    ) -> dict[str, Any]:
        """An application command (type 2), or its autocomplete (type 4) when ``focused`` is set.
        ``users``: options that name a person, as Discord sends them (an id and the resolved user).
        ``channels``: options that name a text channel of the server (its id)."""
        top, *subs = path.split()
        leaf = [
            {
                "name": key,
                "type": _option_type(value),
                "value": value,
                **({"focused": True} if key == focused else {}),
            }
            for key, value in (options or {}).items()
        ]
        resolved: dict[str, Any] = {"users": {}, "members": {}}
        for key, (uid, uname) in (users or {}).items():
            leaf.append({"name": key, "type": 6, "value": str(uid)})
            resolved["users"][str(uid)] = user_payload(uid, uname)
            resolved["members"][str(uid)] = {"roles": [], "joined_at": TIMESTAMP, "deaf": False, "mute": False,
                                             "nick": None, "flags": 0, "permissions": str(SEND_MESSAGES)}
        resolved["channels"] = {}
        for key, cid in (channels or {}).items():
            leaf.append({"name": key, "type": 7, "value": str(cid)})
            resolved["channels"][str(cid)] = {"id": str(cid), "type": 0, "name": f"channel-{cid % 1000}",
                                              "permissions": str(SEND_MESSAGES), "guild_id": str(GUILD_ID)}
        for sub in reversed(subs):
            leaf = [{"name": sub, "type": 1, "options": leaf}]
        data = {
            "id": str(next(self._ids)),
            "name": top,
            "type": 1,
            "options": leaf,
            "guild_id": str(GUILD_ID),
        }
        if users or channels:
            data["resolved"] = resolved
        return self._interaction(
            4 if focused else 2,
            data,
            user_id=user_id,
            name=name,
            channel_id=channel_id,
            permissions=permissions,
            thread=thread,
        )

    def click(
        self,
        posted: Request,
        custom_id: str,
        *,
        values: list[str] | None = None,
        user_id: int = 101,
        name: str = "alice",
    ) -> dict[str, Any]:
        """A component interaction (type 3) on a message the bot posted earlier (in a DM too)."""
        # An ephemeral followup's components are clicked in the game channel.
        channel_id = int(posted.path.split("/")[2]) if posted.path.startswith("/channels/") else CHANNEL_ID
        components = (posted.json or {}).get("components", [])
        component = next(c for row in components for c in row["components"] if c["custom_id"] == custom_id)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if values is not None:
            data["values"] = values
        message = self.message(channel_id, posted.content, components=components)
        return self._interaction(
            3,
            data,
            user_id=user_id,
            name=name,
            channel_id=channel_id,
            permissions=SEND_MESSAGES,
            thread=False,
            message=message,
        )


def _option_type(value: Any) -> int:
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    return 3


def _payload_json(form: Any) -> Any:
    for part in form:
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return None


def _read_files(files: Any) -> list[tuple[str, bytes]]:
    read = []
    for file in files or []:
        file.fp.seek(0)
        read.append((file.filename, file.fp.read()))
    return read


async def dispatch(client: discord.Client, payload: dict[str, Any], timeout: float = 5.0) -> None:
    """Feed a gateway INTERACTION_CREATE to the client and wait for every task it started."""
    before = asyncio.all_tasks()
    client._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
    started = asyncio.all_tasks() - before
    if started:
        await asyncio.wait_for(asyncio.gather(*started), timeout)


def _path(route: Route) -> str:
    return route.url.removeprefix(Route.BASE)
