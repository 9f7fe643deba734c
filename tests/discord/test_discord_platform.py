"""Issue 7 through real discord.py objects and the real service: what the service says first
(reminders, time-outs, votes, AI seats) reaches Discord with no interaction, each player is told
once per decision the way they chose, votes are real buttons, and seats change hands by /game
replace with Discord's user options."""

from __future__ import annotations

from datetime import timedelta

from discord_fakes import (
    CHANNEL_ID,
    EPHEMERAL,
    GUILD_ID,
    MANAGE_CHANNELS,
    SEND_MESSAGES,
    FakeDiscord,
    dispatch,
)

from bot.service import SessionService, Store
from bot.service.clock import VirtualClock
from tests.service.toy_engine import ENGINE as TOY

ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104
NAMES = {ALICE: "alice", BOB: "bob", CAROL: "carol", DAVE: "dave"}


async def _boot(fake: FakeDiscord, monkeypatch, database, clock: VirtualClock):
    service = SessionService(Store(database), engines={"toy": TOY}, render=False, seed=2, clock=clock)
    bot = await fake.start(service, monkeypatch, database)  # setup_hook: the service starts and its outbox is Discord
    return bot, service


def _slash(fake, path, user, options=None, **kw):
    return fake.slash(path, options or {}, user_id=user, name=NAMES[user], **kw)


def _dms(fake: FakeDiscord, user: int) -> list[str]:
    channel = fake.dm_channel_of(user)
    return [m.content or "" for m in fake.channel_messages(channel)] if channel else []


def _last_ephemeral(fake: FakeDiscord) -> str:
    reply = fake.followups()[-1]
    assert reply.flags & EPHEMERAL
    return reply.content


async def test_play_by_post_on_discord(fake, monkeypatch, tmp_path):
    clock = VirtualClock()
    bot, service = await _boot(fake, monkeypatch, tmp_path / "games.db", clock)
    try:
        await dispatch(bot, _slash(fake, "game new", ALICE, {
            "game": "toy", "options": "players=3", "pace": "async", "clock": "1d", "remind": "12h",
            "reminders": 1, "timeout": "vote"}))
        for user in (ALICE, BOB, CAROL):
            await dispatch(bot, _slash(fake, "game join", user))
        await dispatch(bot, _slash(fake, "game notify", BOB, {"mode": "mention"}))
        assert "mention" in _last_ephemeral(fake)
        await dispatch(bot, _slash(fake, "game start", ALICE))

        # Told once: one "your move" DM each (bob asked for a mention, which comes with a DM of
        # his screen all the same only when he asks).
        for user in (ALICE, CAROL):
            assert sum("Your move" in text for text in _dms(fake, user)) == 1
        posts_before = len(fake.channel_messages())

        # Twelve hours later, with no command at all: the reminders go out through Discord.
        assert await service.advance(timedelta(hours=12)) == 3
        assert any(t.startswith(f"Reminder: High Card in https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID} ") and "12h left on your clock" in t
                   for t in _dms(fake, ALICE))
        mention = next(m for m in fake.channel_messages()[posts_before:] if "has waited 12h" in (m.content or ""))
        assert mention.content.startswith(f"<@{BOB}>")
        assert mention.json["allowed_mentions"]["users"] == [BOB]  # pings bob and nobody else
        # reminders:1 — the same decision is never announced again
        assert await service.advance(timedelta(hours=6)) == 0
        assert sum("Your move" in text for text in _dms(fake, ALICE)) == 1

        # Alice moves from the buttons in her DM; then bob's and carol's clocks run out.
        dm = next(m for m in fake.channel_messages(fake.dm_channel_of(ALICE)) if m.custom_ids)
        await dispatch(bot, fake.click(dm, dm.custom_ids[0], user_id=ALICE, name="alice"))
        assert service.session(str(CHANNEL_ID)).version == 1
        assert await service.advance(timedelta(hours=7)) == 2
        votes = [m for m in fake.channel_messages() if "ran out of time" in (m.content or "")]
        assert [v.content.split(" ran out")[0] for v in votes] == ["Bob (blue)", "Carol (green)"]
        about_carol = votes[1]
        assert set(about_carol.json["allowed_mentions"]["users"]) == {ALICE, BOB}
        hand_over = next(c for c in about_carol.custom_ids if c.endswith(" bot"))
        assert hand_over.startswith("gm:b:1:-:!vote ")

        # Someone not seated, and carol herself, cannot vote on carol: one private line each.
        await dispatch(bot, fake.click(about_carol, hand_over, user_id=DAVE, name="dave"))
        assert _last_ephemeral(fake) == "Only the other players at the table vote on this."
        await dispatch(bot, fake.click(about_carol, hand_over, user_id=CAROL, name="carol"))
        assert _last_ephemeral(fake) == "Only the other players at the table vote on this."
        await dispatch(bot, fake.click(about_carol, hand_over, user_id=ALICE, name="alice"))
        assert _last_ephemeral(fake) == "Your vote: Let the AI play them (1 of the 2 needed)."
        await dispatch(bot, fake.click(about_carol, hand_over, user_id=BOB, name="bob"))
        channel = [m.content or "" for m in fake.channel_messages()]
        assert "The table hands Carol (green) to the AI until they /game resume-seat." in channel
        # the AI moved at once: within the round, the living board is edited rather than posted anew
        assert "green picked a card." in fake.channel_edits()[-1].content

        # Carol comes back; bob hands his seat to dave, who sees his screen at once.
        await dispatch(bot, _slash(fake, "game resume-seat", CAROL))
        assert "Carol takes green back from the AI." in [m.content for m in fake.channel_messages()]
        await dispatch(bot, _slash(fake, "game replace", BOB, users={"old": (BOB, "bob"), "new": (DAVE, "dave")}))
        assert _last_ephemeral(fake).startswith("Only the creator (Alice)")
        await dispatch(bot, _slash(fake, "game replace", BOB, users={"old": (BOB, "bob"), "new": (DAVE, "dave")},
                                   permissions=SEND_MESSAGES | MANAGE_CHANNELS))
        assert "Bob handed blue from Bob to Dave." in [m.content for m in fake.channel_messages()]
        assert _dms(fake, DAVE) and _dms(fake, DAVE)[0].startswith("High Card in <#")

        # /game mine, for dave now: the game waits on him (the vote about blue is still open).
        await dispatch(bot, _slash(fake, "game mine", DAVE))
        assert "High Card" in _last_ephemeral(fake)
    finally:
        await bot.close()
