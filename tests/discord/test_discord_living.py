"""Living messages through real discord.py objects: a player's panel is one DM edited while the
decision lasts and replaced (the old one closed, its menus gone) when a new decision needs them;
the board is edited within a chapter; nothing older than an hour is edited; a burst of steps (an
AI seat answering at once) is one output; an unchanged image is not uploaded again."""

from __future__ import annotations

from dataclasses import replace

from discord_fakes import CHANNEL_ID, FakeDiscord, dispatch

from bot.service import Invocation, SessionService, Store
from bot.service.messages import Output, Target
from bot.service.presentation import PANEL_CLOSED, coalesce
from tests.service.toy_engine import ENGINE as TOY

ALICE, BOB = 101, 102


async def _game(fake: FakeDiscord, monkeypatch, tmp_path, **new):
    service = SessionService(Store(tmp_path / "g.db"), engines={"toy": TOY}, seed=2)
    bot = await fake.start(service, monkeypatch, tmp_path / "g.db")
    options = {"game": "toy", "options": "players=2", "clock": "off", "remind": "off"} | new
    await dispatch(bot, fake.slash("game new", options))
    await dispatch(bot, fake.slash("game join", user_id=ALICE, name="alice"))
    if "bots" not in new:
        await dispatch(bot, fake.slash("game join", user_id=BOB, name="bob"))
    await dispatch(bot, fake.slash("game start"))
    return bot, service


def _play(fake, user, action):
    return fake.slash("play", {"action": action}, user_id=user, name={ALICE: "alice", BOB: "bob"}[user])


async def test_panels_and_board_are_edited_within_a_decision_and_replaced_after(fake, monkeypatch, tmp_path):
    bot, service = await _game(fake, monkeypatch, tmp_path)
    try:
        session = service.session(str(CHANNEL_ID))
        dm = fake.dm_channel_of(ALICE)
        board_posts = len(fake.channel_messages())
        await dispatch(bot, _play(fake, ALICE, f"pick {session.state.hands[0][0]}"))
        # alice's pick: her panel is edited in place (same decision), the board too (same round)
        (edit,) = fake.of("PATCH", f"/channels/{dm}/messages/")
        assert "You picked" in edit.json["content"]
        assert len(fake.channel_messages(dm)) == 1 and len(fake.channel_messages()) == board_posts
        assert "red picked a card." in fake.channel_edits()[-1].json["content"]
        # bob's pick reveals; the leader gets a new decision: a new panel, and the old one is closed
        await dispatch(bot, _play(fake, BOB, f"pick {session.state.hands[1][0]}"))
        leader = (ALICE, BOB)[session.state.leader]
        leader_dm = fake.dm_channel_of(leader)
        assert "**Your move** — stand or gamble" in fake.channel_messages(leader_dm)[-1].content
        closing = [r for r in fake.of("PATCH", f"/channels/{leader_dm}/messages/")
                   if r.json.get("content") == PANEL_CLOSED]
        assert closing and closing[-1].json["components"] == []  # the old panel's menus are gone
    finally:
        await bot.close()


async def test_nothing_older_than_an_hour_is_edited(fake, monkeypatch, tmp_path):
    bot, service = await _game(fake, monkeypatch, tmp_path)
    try:
        now = [1_000_000.0]
        bot.living.clock = lambda: now[0]
        session = service.session(str(CHANNEL_ID))
        await dispatch(bot, fake.slash("game board"))  # the living board, posted at "now"
        posts = len(fake.channel_messages())
        now[0] += 3601
        await dispatch(bot, _play(fake, ALICE, f"pick {session.state.hands[0][0]}"))
        assert len(fake.channel_messages()) == posts + 1  # posted anew, not edited
        assert "red picked a card." in fake.channel_messages()[-1].content
        assert not [e for e in fake.channel_edits() if "red picked a card." in (e.json.get("content") or "")]
    finally:
        await bot.close()


async def test_an_unchanged_image_is_not_uploaded_again(fake, monkeypatch, tmp_path):
    service = SessionService(Store(tmp_path / "k.db"), seed=5)  # KAPLOOM!, with its images
    bot = await fake.start(service, monkeypatch, tmp_path / "k.db")
    try:
        await dispatch(bot, fake.slash("game new", {"game": "kaploom", "clock": "off", "remind": "off"}))
        await dispatch(bot, fake.slash("game join", user_id=ALICE, name="alice"))
        await dispatch(bot, fake.slash("game join", user_id=BOB, name="bob"))
        await dispatch(bot, fake.slash("game start"))
        session = service.session(str(CHANNEL_ID))
        seat = session.seats_of(ALICE)[0]
        dm = fake.dm_channel_of(ALICE)
        engine = session.engine
        place = next(a for a in engine.legal_actions(session.state, seat)  # a quiet placement
                     if engine.format(a).startswith("assign") and engine.public_action(session.state, seat, a) == "")
        await dispatch(bot, _play(fake, ALICE, engine.format(place)))
        (moved,) = fake.of("PATCH", f"/channels/{dm}/messages/")
        assert moved.files and moved.files[0][1].startswith(b"\x89PNG")  # her screen changed: a new image
        # /play without an action answers privately and changes nothing; the same placement taken
        # back and made again gives the same screen as now: the edit keeps the image it has
        unplace = engine.format(next(a for a in engine.legal_actions(session.state, seat)
                                     if engine.format(a).startswith("unassign")))
        await dispatch(bot, _play(fake, ALICE, unplace))
        drawn = service.core.presenter.drawn
        await dispatch(bot, _play(fake, ALICE, engine.format(place)))
        again = fake.of("PATCH", f"/channels/{dm}/messages/")[-1]
        assert service.core.presenter.drawn == drawn  # nothing drawn: the cache had this screen
        assert again.json["content"] == moved.json["content"]
        assert again.files  # the message showed the screen without that die: the image goes along
        # The same screen once more (an edit whose view did not change) keeps the image it has.
        from bot.discord_adapter.delivery import DiscordOutbox

        same = replace(await service.core.presenter.screen(session, seat, Target.dm(ALICE), [], fresh=False))
        same = replace(same, target=Target(same.target.kind, str(CHANNEL_ID), ALICE))
        (finished,) = await service.core.presenter.finish([same])
        assert finished.image_unchanged and service.core.presenter.drawn == drawn
        await DiscordOutbox(bot, bot._lock_for).push([finished])
        last = fake.of("PATCH", f"/channels/{dm}/messages/")[-1]
        assert last is not again and not last.files
    finally:
        await bot.close()


async def test_a_burst_for_one_living_message_becomes_one_output():
    board = "board:1"
    a = Output(Target.channel("c"), "alice:\nred picked.\nWaiting for bob.", slot=board, fresh=False,
               story=("alice:", "red picked."))
    b = Output(Target.channel("c"), "alice:\nred picked.\nbob:\nblue picked.\nWaiting for nobody.", slot=board,
               fresh=False, story=("alice:", "red picked.", "bob:", "blue picked."), mentions=(7,))
    c = Output(Target.channel("c"), "Round 2.\nWaiting for all.", slot=board, fresh=True, story=("Round 2.",))
    other = Output(Target.channel("c"), "a note")
    merged = coalesce([a, other, b])
    assert [o.text for o in merged] == [b.text, "a note"] and merged[0].mentions == (7,)
    # a new post after an edit: the edit of the old board stays (its history), the new one follows
    merged = coalesce([a, c])
    assert [(o.fresh, o.text) for o in merged] == [(False, a.text), (True, c.text)]
    # two new posts: one, with both stories
    merged = coalesce([c, c])
    assert len(merged) == 1 and merged[0].text == "Round 2.\nRound 2.\nWaiting for all."


async def test_an_ai_seat_answering_at_once_makes_one_board_output():
    service = SessionService(Store(":memory:"), engines={"toy": TOY}, seed=2, render=False)
    await service.start()

    def inv(command, **options):
        return Invocation(ALICE, "alice", "chan-1", command, {k: str(v) for k, v in options.items()})

    try:
        await service.handle(inv("game new", game="toy", options="players=2", bots=1, clock="off", remind="off"))
        await service.handle(inv("game join"))
        await service.handle(inv("game start"))
        session = service.session("chan-1")
        outs = await service.handle(inv("play", action=f"pick {session.state.hands[0][0]}"))
        boards = [o for o in outs if o.slot == f"board:{session.game_id}"]
        # alice's pick, the AI's pick, the reveal and the AI's choice: one edit of the round's board;
        # the next round begins in one new post
        assert [o.fresh for o in boards] == [False, True]
        assert "red picked a card." in boards[0].text and "Reveal" in boards[0].text
        assert boards[1].text.startswith("AI (blue):\nblue stands.\nRound 2")
    finally:
        await service.close()
