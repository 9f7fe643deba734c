"""The menus of issue 8 through real discord.py objects and the real service, KAPLOOM! engine and
store: a step through a menu is acknowledged as an update of the clicked message and answered by
editing that message's components (in a DM, and in an ephemeral "My choices" reply), nothing is
posted anywhere; a player seated in two games walks the menu of each in her DM and plays in the
right one; a click still counts after another player's move; a click whose move is gone is
refused in one private line and changes nothing."""

from __future__ import annotations

import pytest
from discord_fakes import APP_ID, CHANNEL_ID, EPHEMERAL, FakeDiscord, Request, dispatch

from bot.service import SessionService, Store
from bot.service.clicks import OUT_OF_DATE
from bot.service.components import is_menu
from bot.service.driver import GAME_GONE

ALICE, BOB, CAROL = 101, 102, 103
OTHER_CHANNEL = CHANNEL_ID + 5
DEFERRED_UPDATE = 6  # the acknowledgement of a component that edits its own message later


@pytest.fixture
async def live(fake, monkeypatch, tmp_path):
    service = SessionService(Store(tmp_path / "g.db"), seed=5, render=False)
    bot = await fake.start(service, monkeypatch, tmp_path / "g.db")
    yield bot, service
    await bot.close()


async def _game(bot, fake: FakeDiscord, channel: int, players, seed: int) -> None:
    creator = players[0]
    await dispatch(bot, fake.slash("game new", {"game": "kaploom", "options": f"seed={seed}"}, user_id=creator[0],
                                   name=creator[1], channel_id=channel))
    for user_id, name in players:
        await dispatch(bot, fake.slash("game join", user_id=user_id, name=name, channel_id=channel))
    await dispatch(bot, fake.slash("game start", user_id=creator[0], name=creator[1], channel_id=channel))


def _components(message: Request) -> list[dict]:
    return [c for row in (message.json or {}).get("components", []) for c in row["components"]]


def _menu_of(fake: FakeDiscord, user_id: int, game_id: int) -> Request:
    """The newest message in the user's DM carrying a menu of this game."""
    dm = fake.dm_channel_of(user_id)
    for message in reversed(fake.channel_messages(dm) + fake.channel_edits(dm)):
        if any(c["custom_id"].startswith((f"gm:s:{game_id}:", f"gm:b:{game_id}:")) for c in _components(message)):
            return Request("bot", "POST", f"/channels/{dm}/messages", json=message.json)
    raise AssertionError(f"no menu of game {game_id} in the DM of {user_id}")


def _options(message: Request) -> list[tuple[str, str, str]]:
    """(custom_id, value or None, label) of every button and select option of a message."""
    out = []
    for component in _components(message):
        if component["type"] == 3:
            out += [(component["custom_id"], o["value"], o["label"]) for o in component["options"]]
        else:
            out.append((component["custom_id"], None, component["label"]))
    return out


def _action_of(custom_id: str, value: str | None) -> str:
    return value if value is not None else custom_id.split(":", 4)[4]


async def _click(bot, fake: FakeDiscord, message: Request, custom_id: str, value: str | None,
                 user_id: int = ALICE, name: str = "alice") -> None:
    await dispatch(bot, fake.click(message, custom_id, values=[value] if value is not None else None,
                                   user_id=user_id, name=name))


def _original_edits(fake: FakeDiscord) -> list[Request]:
    """Edits of the message a component was clicked on (through the interaction's webhook)."""
    return [r for r in fake.requests if r.layer == "interaction" and r.method == "PATCH"
            and r.path.startswith(f"/webhooks/{APP_ID}/") and r.path.endswith("/messages/@original")]


async def _step(bot, fake: FakeDiscord, message: Request, where: int, user_id: int = ALICE,
                name: str = "alice", pick: int = 0) -> Request:
    """Click the ``pick``-th step of a menu; the clicked message is edited: returns it as it is now."""
    steps = [(cid, value) for cid, value, label in _options(message)
             if is_menu(_action_of(cid, value)) and label != "◀ Back"]
    custom_id, value = steps[pick]
    posted, edits, callbacks = len(fake.requests), len(_original_edits(fake)), len(fake.callbacks())
    await _click(bot, fake, message, custom_id, value, user_id, name)
    (ack,) = fake.callbacks()[callbacks:]
    assert ack.json["type"] == DEFERRED_UPDATE  # no "thinking…" message, nothing new in the chat
    (edit,) = _original_edits(fake)[edits:]
    assert edit.json["components"] and not any(r.method == "POST" and "/messages" in r.path
                                               for r in fake.requests[posted:])
    return Request("bot", "POST", f"/channels/{where}/messages", json={"content": message.content,
                                                                      "components": edit.json["components"]})


def _plays(message: Request) -> list[tuple[str, str | None]]:
    return [(cid, value) for cid, value, _ in _options(message) if not is_menu(_action_of(cid, value))]


async def test_a_player_in_two_games_walks_each_menu_in_her_dm_and_plays_in_the_right_game(live, fake):
    bot, service = live
    await _game(bot, fake, CHANNEL_ID, ((ALICE, "alice"), (BOB, "bob")), seed=7)
    await _game(bot, fake, OTHER_CHANNEL, ((CAROL, "carol"), (ALICE, "alice")), seed=8)
    here, there = service.session(str(CHANNEL_ID)), service.session(str(OTHER_CHANNEL))
    dm = fake.dm_channel_of(ALICE)

    for session, other in ((there, here), (here, there)):
        versions = (session.version, other.version)
        menu = _menu_of(fake, ALICE, session.game_id)
        assert len(_options(menu)) <= 25
        posts = (len(fake.channel_messages(CHANNEL_ID)), len(fake.channel_messages(OTHER_CHANNEL)))
        deeper = await _step(bot, fake, menu, dm)
        assert (session.version, other.version) == versions  # a step changes nothing
        assert all(cid.split(":")[2] == str(session.game_id) for cid, _, _ in _options(deeper))
        assert any(label == "◀ Back" for _, _, label in _options(deeper))
        assert (len(fake.channel_messages(CHANNEL_ID)), len(fake.channel_messages(OTHER_CHANNEL))) == posts

        custom_id, value = _plays(deeper)[0]
        move = _action_of(custom_id, value)
        await _click(bot, fake, deeper, custom_id, value)
        assert (session.version, other.version) == (versions[0] + 1, versions[1])  # that game, not the other
        done = fake.followups()[-1]
        assert done.flags & EPHEMERAL and done.content == f"Done: {move}"


async def test_a_click_still_counts_after_another_players_move(live, fake):
    bot, service = live
    await _game(bot, fake, CHANNEL_ID, ((ALICE, "alice"), (BOB, "bob")), seed=7)
    session = service.session(str(CHANNEL_ID))
    deeper = await _step(bot, fake, _menu_of(fake, ALICE, session.game_id), fake.dm_channel_of(ALICE))

    await dispatch(bot, fake.slash("play", {"action": "ready"}, user_id=BOB, name="bob"))  # bob moves
    assert session.version == 1

    custom_id, value = _plays(deeper)[0]
    await _click(bot, fake, deeper, custom_id, value)
    assert session.version == 2 and fake.followups()[-1].content == f"Done: {_action_of(custom_id, value)}"


async def test_a_click_whose_move_is_gone_is_refused_in_one_private_line(live, fake):
    bot, service = live
    await _game(bot, fake, CHANNEL_ID, ((ALICE, "alice"), (BOB, "bob")), seed=7)
    session = service.session(str(CHANNEL_ID))
    deeper = await _step(bot, fake, _menu_of(fake, ALICE, session.game_id), fake.dm_channel_of(ALICE))
    custom_id, value = _plays(deeper)[0]
    await _click(bot, fake, deeper, custom_id, value)  # the die is placed: that move is gone
    assert session.version == 1

    version, posts, requests = session.version, len(fake.channel_messages()), len(fake.requests)
    await _click(bot, fake, deeper, custom_id, value)  # the same option again
    reply = fake.followups()[-1]
    assert reply.flags & EPHEMERAL and reply.content.startswith(OUT_OF_DATE) and "\n" not in reply.content
    assert session.version == version and len(fake.channel_messages()) == posts
    assert not [r for r in fake.requests[requests:] if r.method in ("POST", "PATCH") and "/channels/" in r.path]


async def test_a_step_in_an_ephemeral_choices_reply_edits_that_reply(live, fake):
    bot, service = live
    await _game(bot, fake, CHANNEL_ID, ((ALICE, "alice"), (BOB, "bob")), seed=7)
    session = service.session(str(CHANNEL_ID))
    await dispatch(bot, fake.slash("play", user_id=ALICE, name="alice"))  # "My choices", privately
    choices = fake.followups()[-1]
    assert choices.flags & EPHEMERAL and _options(choices)
    deeper = await _step(bot, fake, choices, CHANNEL_ID)
    assert session.version == 0
    custom_id, value = _plays(deeper)[0]
    await _click(bot, fake, deeper, custom_id, value)
    assert session.version == 1


async def test_a_step_on_a_menu_of_an_aborted_game_is_refused_and_edits_nothing(live, fake):
    bot, service = live
    await _game(bot, fake, CHANNEL_ID, ((ALICE, "alice"), (BOB, "bob")), seed=7)
    menu = _menu_of(fake, ALICE, service.session(str(CHANNEL_ID)).game_id)
    await dispatch(bot, fake.slash("game abort", user_id=ALICE, name="alice"))
    await _game(bot, fake, CHANNEL_ID, ((ALICE, "alice"), (BOB, "bob")), seed=7)
    edits = len(_original_edits(fake))
    custom_id, value = next((cid, v) for cid, v, _ in _options(menu) if is_menu(_action_of(cid, v)))
    await _click(bot, fake, menu, custom_id, value)
    reply = fake.followups()[-1]
    assert reply.flags & EPHEMERAL and reply.content == GAME_GONE
    assert len(_original_edits(fake)) == edits and service.session(str(CHANNEL_ID)).version == 0
