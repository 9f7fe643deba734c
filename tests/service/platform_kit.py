"""Helpers for the platform tests: a service on a virtual clock whose pushed outputs are kept."""

from __future__ import annotations

from datetime import timedelta

from service_kit import USERS, inv
from toy_engine import ENGINE as TOY

from bot.service import Output, SessionService, Store, TargetKind
from bot.service.clock import VirtualClock
from bot.service.core import Held

GUILD = "g1"


class Kept(Held):
    """An outbox that also forgets on request, so a test reads what one step pushed."""

    def take(self) -> list[Output]:
        taken, self.outputs = self.outputs, []
        return taken


async def virtual_service(path=":memory:", engines=None, clock: VirtualClock | None = None, seed: int = 1):
    clock = clock or VirtualClock()
    outbox = Kept()
    service = SessionService(Store(path), engines=engines or {"toy": TOY}, render=False, seed=seed, clock=clock,
                             outbox=outbox)
    await service.start()
    return service, clock, outbox


def ginv(user: str, command: str, channel: str = "chan-1", guild: str = GUILD, **options: object):
    """An invocation from server ``guild``."""
    base = inv(user, command, channel, **options)
    return base.__class__(base.user_id, base.user_name, base.channel_id, base.command, base.options,
                          base.can_manage_channel, base.request_id, guild)


def person(user: str) -> str:
    """A person as a user option: "<id>|<name>"."""
    return f"{USERS[user]}|{user}"


async def toy_game(service, channel="chan-1", users=("alice", "bob"), options="", **settings) -> None:
    """A started toy game with these users (in seat order), in ``channel`` of server GUILD."""
    opts = " ".join(part for part in (f"players={max(2, len(users))}", options) if part)
    await service.handle(ginv(users[0], "game new", channel, game="toy", options=opts, **settings))
    for user in users:
        await service.handle(ginv(user, "game join", channel))
    outs = await service.handle(ginv(users[0], "game start", channel))
    assert outs and outs[0].target.kind is TargetKind.CHANNEL, outs


def kinds(outputs: list[Output]) -> list[tuple[str, int | None]]:
    return [(o.target.kind.value, o.target.user_id) for o in outputs]


def dms_to(outputs: list[Output], user: str) -> list[Output]:
    return [o for o in outputs if o.target.kind is TargetKind.DM and o.target.user_id == USERS[user]]


def channel_posts(outputs: list[Output]) -> list[Output]:
    return [o for o in outputs if o.target.kind is TargetKind.CHANNEL]


async def pick(service, user: str, seat: int, channel="chan-1") -> list[Output]:
    card = service.session(channel).state.hands[seat][0]
    outs = await service.handle(ginv(user, "play", channel, action=f"pick {card}"))
    assert outs[0].text.startswith("Done"), outs[0].text
    return outs


async def wait(service, **delta: float) -> int:
    return await service.advance(timedelta(**delta))
