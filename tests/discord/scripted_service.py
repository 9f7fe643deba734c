"""A test double for the session service: the same four coroutines, canned answers.

The discord.py side of these tests is real; this only stands in for ``bot.service.SessionService``
so the adapter can be tested on its own. It records what it was asked, and answers like the real
service would: board posts to the channel, private views by DM, errors ephemerally, and "out of
date" for a click carrying an old token. Its one game has the id ``GAME_ID``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.service.messages import Button, Invocation, Output, Select, Target

PNG = b"\x89PNG\r\n\x1a\n" + b"board-image-bytes"
SECRET = "your screen: 3 on GROW, 5 on POW"
GAME_ID = 7


def legal_actions() -> list[str]:
    return [
        f"assign {die} {board}" for die in range(1, 9) for board in ("pow", "block", "grow", "flip", "ready")
    ]


class ScriptedService:
    def __init__(self, version: int = 3) -> None:
        self.version = version
        self.invocations: list[Invocation] = []
        self.autocomplete_calls: list[tuple[str, int, str, str, str]] = []
        self.started = False
        self.closed = False
        self.extra_choices: list[tuple[str, str]] = []
        self.autocomplete_delay = 0.0
        self.handle_delay = 0.0
        self.busy = 0
        self.most_busy = 0
        self.responders: dict[str, Callable[[Invocation], list[Output]]] = {
            "game new": self._new,
            "game hand": self._hand,
            "game start": self._start,
            "play": self._play,
        }

    async def start(self) -> None:
        self.started = True

    async def close(self) -> None:
        self.closed = True

    async def handle(self, invocation: Invocation) -> list[Output]:
        self.invocations.append(invocation)
        self.busy += 1
        self.most_busy = max(self.most_busy, self.busy)
        try:
            if self.handle_delay:
                await asyncio.sleep(self.handle_delay)
            responder = self.responders.get(invocation.command)
            if responder is None:
                return [
                    Output(Target.ephemeral(invocation.user_id), f"(no answer for /{invocation.command})")
                ]
            return responder(invocation)
        finally:
            self.busy -= 1

    async def autocomplete(
        self, channel_id: str, user_id: int, command: str, option: str, typed: str
    ) -> list[tuple[str, str]]:
        self.autocomplete_calls.append((channel_id, user_id, command, option, typed))
        if self.autocomplete_delay:
            await asyncio.sleep(self.autocomplete_delay)
        # Deliberately more than 25: the adapter must cap what it sends to Discord.
        matches = [(a, a) for a in legal_actions() if typed.lower() in a]
        return self.extra_choices + matches

    # -- canned answers ----------------------------------------------------------------------

    def _board(self, channel_id: str, text: str) -> Output:
        return Output(
            Target.channel(channel_id),
            text,
            image=PNG,
            image_name="board.png",
            buttons=(
                Button("Ready", "ready", GAME_ID, self.token, style="success"),
                Button("Re-roll", "reroll", GAME_ID, self.token),
            ),
            select=Select("Assign a die", tuple(legal_actions()[:5]), GAME_ID, self.token),
        )

    @property
    def token(self) -> str:
        return f"s{self.version}"

    def _new(self, inv: Invocation) -> list[Output]:
        return [self._board(inv.channel_id, f"{inv.user_name} opened a game of {inv.options.get('game')}.")]

    def _hand(self, inv: Invocation) -> list[Output]:
        return [Output(Target.ephemeral(inv.user_id), SECRET, image=PNG, image_name="screen.png")]

    def _start(self, inv: Invocation) -> list[Output]:
        fallback = "I can't DM you: use /game hand to see your dice."
        return [
            self._board(inv.channel_id, "The game begins."),
            Output(Target.dm(101), SECRET, image=PNG, image_name="screen.png", dm_fallback=fallback),
            Output(Target.dm(101), "second private note", dm_fallback=fallback),
            Output(Target.dm(102), SECRET, dm_fallback=fallback),
        ]

    def _play(self, inv: Invocation) -> list[Output]:
        token = inv.options.get("token")
        if token is not None and token != self.token:
            return [Output(Target.ephemeral(inv.user_id), "That board is out of date: use the newest one.")]
        action = inv.options.get("action")
        if action is None:
            return [Output(Target.ephemeral(inv.user_id), "\n".join(legal_actions()))]
        self.version += 1
        return [self._board(inv.channel_id, f"{inv.user_name} played {action}.")]
