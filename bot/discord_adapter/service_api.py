"""What the adapter needs from the session service (``bot.service.SessionService`` honours it)."""

from __future__ import annotations

from typing import Protocol

from bot.service.messages import Invocation, Output


class SessionServiceAPI(Protocol):
    async def start(self) -> None: ...

    async def handle(self, invocation: Invocation) -> list[Output]: ...

    async def autocomplete(
        self, channel_id: str, user_id: int, command: str, option: str, typed: str
    ) -> list[tuple[str, str]]: ...

    async def close(self) -> None: ...
