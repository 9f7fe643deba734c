"""What a KAPLOOM! player reads beside their screen: the game's own wording, in their DM or
ephemeral reply only; and the images the service sends carry the seated players' names."""

from __future__ import annotations

import re

from service_kit import CHANNEL, USERS, inv

from bot.service import SessionService, Store, TargetKind
from render import describe_private, render_private, render_public
from rules.kaploom import ENGINE

DIE_LINE = re.compile(r"^#\d+ [a-z ]+: [A-Z-]+ — ", re.M)
NAMES = {0: "alice", 1: "bob"}


async def kaploom_table(render: bool) -> tuple[SessionService, list]:
    service = SessionService(Store(":memory:"), engines={"kaploom": ENGINE}, render=render, seed=5)
    await service.start()
    await service.handle(inv("alice", "game new", game="kaploom", options="seed=9"))
    await service.handle(inv("alice", "game join", seat="villain"))
    await service.handle(inv("bob", "game join", seat="hero"))
    return service, await service.handle(inv("bob", "game start"))


async def test_dm_and_hand_use_the_kaploom_wording_and_stay_private():
    service, outs = await kaploom_table(render=False)
    try:
        state = service.session(CHANNEL).state
        dms = {o.target.user_id: o.text for o in outs if o.target.kind is TargetKind.DM}
        for seat, user in enumerate(("alice", "bob")):
            text = dms[USERS[user]]
            described = describe_private("kaploom", ENGINE.private_view(state, seat), NAMES)
            assert "\n".join(described) in text
            assert len(DIE_LINE.findall(text)) == 5
            for raw in ("legal count:", "ally duo:", "target:", "unassigned:", "assignments:"):
                assert raw not in text, raw
        hand = await service.handle(inv("alice", "game hand"))
        assert hand[0].target.kind is TargetKind.EPHEMERAL
        # The same screen, less the DM's "your move" notice (/game hand answers a question).
        dm_lines = [line for line in dms[USERS["alice"]].splitlines() if not line.startswith("**Your move**")]
        assert hand[0].text.splitlines()[1:-1] == dm_lines[1:-1]
        for out in outs:
            if out.target.kind is TargetKind.CHANNEL:
                assert not DIE_LINE.search(out.text) and "Your roll" not in out.text, out.text
    finally:
        await service.close()


async def test_images_carry_the_seated_players_names():
    service, outs = await kaploom_table(render=True)
    try:
        state = service.session(CHANNEL).state
        [board] = [o for o in outs if o.target.kind is TargetKind.CHANNEL]
        assert board.image == render_public("kaploom", ENGINE.public_view(state), NAMES)
        assert board.image != render_public("kaploom", ENGINE.public_view(state))
        [alice_dm] = [o for o in outs if o.target.kind is TargetKind.DM and o.target.user_id == USERS["alice"]]
        assert alice_dm.image == render_private("kaploom", ENGINE.private_view(state, 0), NAMES)
    finally:
        await service.close()
