"""Paging through /game log on Discord, through real discord.py objects and the real service: Older
and Newer are acknowledged as an update of the clicked ephemeral page, and the next page (its text
and its buttons) takes that page's place; nothing new appears in the chat. When Discord refuses the
edit, the page comes as an ephemeral followup instead. A step through a menu still replaces only
the clicked message's components (its text stays)."""

from __future__ import annotations

import discord
from discord_fakes import APP_ID, CHANNEL_ID, EPHEMERAL, FakeDiscord, Request, _response, dispatch

from bot.service import SessionService, Store
from bot.service.clock import VirtualClock
from bot.service.components import is_menu
from bot.service.history import PAGE_SIZE
from bot.service.menus import MORE
from tests.service.toy_engine import ENGINE as TOY

ALICE, BOB, CAROL = 101, 102, 103
NAMES = {ALICE: "alice", BOB: "bob", CAROL: "carol"}
DEFERRED_UPDATE = 6  # a component's acknowledgement that edits its own message later


async def _boot(fake: FakeDiscord, monkeypatch, database):
    service = SessionService(Store(database), engines={"toy": TOY}, render=False, seed=2, clock=VirtualClock())
    bot = await fake.start(service, monkeypatch, database)
    return bot, service


def _slash(fake, path, user, options=None):
    return fake.slash(path, options or {}, user_id=user, name=NAMES[user])


async def _game_with_a_long_log(bot, fake, service, options="target=9 players=2"):
    await dispatch(bot, _slash(fake, "game new", ALICE, {"game": "toy", "options": options}))
    for user in (ALICE, BOB):
        await dispatch(bot, _slash(fake, "game join", user))
    await dispatch(bot, _slash(fake, "game start", ALICE))
    session = service.session(str(CHANNEL_ID))
    while await service.store.public_log_count(session.game_id) <= PAGE_SIZE:
        assert session.running
        seat = next(s for s in sorted(session.pending()) if s >= 0 and session.seats[s].is_person)
        action = f"pick {session.state.hands[seat][0]}" if session.state.phase == "pick" else "stand"
        await dispatch(bot, _slash(fake, "play", session.seats[seat].user_id, {"action": action}))
    return session


def _original_edits(fake: FakeDiscord, start: int = 0) -> list[Request]:
    """Edits of the message a component was clicked on (through the interaction's webhook)."""
    return [r for r in fake.requests[start:] if r.layer == "interaction" and r.method == "PATCH"
            and r.path.startswith(f"/webhooks/{APP_ID}/") and r.path.endswith("/messages/@original")]


def _labels(message: Request) -> list[str]:
    return [c["label"] for row in (message.json or {}).get("components", []) for c in row["components"]]


def _steps(page: Request) -> list[int]:
    return [int(line.split(":")[0][1:]) for line in page.content.split("\n")[:-1]]


async def _click_in_place(bot, fake: FakeDiscord, page: Request, label: str) -> Request:
    """Click ``label`` under ``page`` as carol; the click must edit that very message and post
    nothing: returns the edit (the page as it is now)."""
    custom_id = next(c["custom_id"] for row in page.json["components"] for c in row["components"]
                     if c["label"] == label)
    start, posted = len(fake.requests), len(fake.channel_messages())
    click = fake.click(page, custom_id, user_id=CAROL, name="carol")
    await dispatch(bot, click)
    new = fake.requests[start:]
    (ack,) = [r for r in new if r.path.endswith("/callback")]
    assert ack.json["type"] == DEFERRED_UPDATE  # no "thinking…" reply: nothing new in the chat
    (edit,) = _original_edits(fake, start)
    # @original of a component interaction is the message the component sits on: the page clicked.
    assert edit.path == f"/webhooks/{APP_ID}/{click['token']}/messages/@original"
    assert not [r for r in new if r.method == "POST" and not r.path.endswith("/callback")]  # no followup, no post
    assert not [r for r in new if r.method == "DELETE"]
    assert len(fake.channel_messages()) == posted
    assert edit.json["allowed_mentions"]["parse"] == []
    return edit


async def test_older_and_newer_edit_the_clicked_log_page_in_place(fake, monkeypatch, tmp_path):
    bot, service = await _boot(fake, monkeypatch, tmp_path / "games.db")
    try:
        session = await _game_with_a_long_log(bot, fake, service)
        total = await service.store.public_log_count(session.game_id)
        pages = -(-total // PAGE_SIZE)
        game = session.game_id

        await dispatch(bot, _slash(fake, "game log", CAROL))  # a spectator, default count 10
        first = fake.followups()[-1]
        assert first.flags & EPHEMERAL
        assert first.content.endswith(f"— page 1 of {pages} (page 1 is the newest) —")
        assert first.custom_ids == [f"gm:b:{game}:-:!log 2 {PAGE_SIZE}"] and _labels(first) == ["Older"]
        followups = len(fake.followups())

        second = await _click_in_place(bot, fake, first, "Older")
        assert second.content.endswith(f"— page 2 of {pages} (page 1 is the newest) —")
        assert "Newer" in _labels(second) and f"gm:b:{game}:-:!log 1 {PAGE_SIZE}" in second.custom_ids
        assert ("Older" in _labels(second)) == (pages > 2)
        assert second.content != first.content
        assert max(_steps(second)) <= min(_steps(first))  # page 2 holds older entries than page 1
        assert len(fake.followups()) == followups

        back = await _click_in_place(bot, fake, second, "Newer")
        assert back.content == first.content  # page 1 again, text and buttons
        assert back.custom_ids == first.custom_ids and _labels(back) == ["Older"]
        assert len(fake.followups()) == followups
    finally:
        await bot.close()


async def test_a_refused_edit_sends_the_page_as_an_ephemeral_followup(fake, monkeypatch, tmp_path):
    bot, service = await _boot(fake, monkeypatch, tmp_path / "games.db")
    try:
        session = await _game_with_a_long_log(bot, fake, service)
        await dispatch(bot, _slash(fake, "game log", CAROL))
        first = fake.followups()[-1]
        answer = fake._interaction_request

        async def refuse_edits(route, **kw):
            if route.method == "PATCH" and route.url.endswith("/messages/@original"):
                fake.requests.append(Request("interaction", "PATCH", "refused", kw.get("payload")))
                raise discord.NotFound(_response(404), {"code": 10008, "message": "Unknown Message"})
            return await answer(route, **kw)

        fake._interaction_request = refuse_edits  # type: ignore[method-assign]
        followups, posted = len(fake.followups()), len(fake.channel_messages())
        await dispatch(bot, fake.click(first, first.custom_ids[0], user_id=CAROL, name="carol"))
        (page,) = fake.followups()[followups:]
        assert page.flags & EPHEMERAL and "— page 2 of " in page.content
        assert f"gm:b:{session.game_id}:-:!log 1 {PAGE_SIZE}" in page.custom_ids
        assert len(fake.channel_messages()) == posted
    finally:
        await bot.close()


async def test_a_menu_step_still_replaces_only_the_components(fake, monkeypatch, tmp_path):
    """The DM screen a menu sits on keeps its text: the edit carries components, no content."""
    bot, service = await _boot(fake, monkeypatch, tmp_path / "games.db")
    try:
        await dispatch(bot, _slash(fake, "game new", ALICE, {"game": "toy", "options": "players=2 hand=30"}))
        for user in (ALICE, BOB):
            await dispatch(bot, _slash(fake, "game join", user))
        await dispatch(bot, _slash(fake, "game start", ALICE))
        dm = fake.dm_channel_of(ALICE)
        menu = next(m for m in reversed(fake.channel_messages(dm)) if m.custom_ids)
        select = next(c for row in menu.json["components"] for c in row["components"] if c["type"] == 3)
        more = next(o["value"] for o in select["options"] if o["label"] == MORE)
        assert is_menu(more)
        start = len(fake.requests)
        await dispatch(bot, fake.click(menu, select["custom_id"], values=[more], user_id=ALICE, name="alice"))
        (edit,) = _original_edits(fake, start)
        assert edit.json["components"] and "content" not in edit.json
    finally:
        await bot.close()
