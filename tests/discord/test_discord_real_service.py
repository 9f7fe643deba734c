"""The real session service, KAPLOOM! engine, renderer and SQLite store, behind real discord.py
objects: a lobby, a start by button, secret moves from the DM, and a restart in the middle."""

from __future__ import annotations

from discord_fakes import CHANNEL_ID, EPHEMERAL, FakeDiscord, dispatch

from bot.service import SessionService, Store

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
ALICE, BOB = 101, 102


async def _boot(fake: FakeDiscord, monkeypatch, database) -> tuple:
    service = SessionService(Store(database), seed=5)
    bot = await fake.start(service, monkeypatch, database)
    return bot, service


async def test_kaploom_through_discord_with_a_restart(fake, monkeypatch, tmp_path):
    database = tmp_path / "games.db"
    bot, service = await _boot(fake, monkeypatch, database)
    try:
        await dispatch(bot, fake.slash("game new", {"game": "kaploom", "options": "seed=7"}))
        await dispatch(bot, fake.slash("game join", user_id=BOB, name="bob"))
        await dispatch(bot, fake.slash("game join", user_id=ALICE, name="alice"))
        lobby = fake.channel_messages()[-1]
        assert lobby.custom_ids == ["gm:b:1:-:!start"]

        await dispatch(bot, fake.click(lobby, "gm:b:1:-:!start", user_id=BOB, name="bob"))

        board = fake.channel_messages()[-1]
        assert "KAPLOOM! begins" in board.content
        ((name, image),) = board.files
        assert name == "board.png" and image.startswith(PNG_MAGIC)
        alice_dm = fake.channel_messages(fake.dm_channel_of(ALICE))
        bob_dm = fake.channel_messages(fake.dm_channel_of(BOB))
        assert alice_dm and bob_dm
        assert alice_dm[0].files[0][1].startswith(PNG_MAGIC)
        # What each player rolled behind their screen reaches their DM and no channel post.
        # (one line per die, e.g. "#1 blue: X-FACTOR — free")
        secret_rolls = [
            [line for line in dm[0].content.splitlines() if line.startswith("#") and " — " in line]
            for dm in (alice_dm, bob_dm)
        ]
        assert all(secret_rolls)
        secret_rolls = ["\n".join(lines) for lines in secret_rolls]
        channel_text = "\n".join(m.content for m in fake.channel_messages())
        assert not any(roll in channel_text for roll in secret_rolls)

        # Autocomplete lists Alice's own legal moves, at most 25, matching what she typed.
        await dispatch(bot, fake.slash("play", {"action": "assign 1"}, focused="action"))
        choices = fake.callbacks()[-1].json["data"]["choices"]
        assert 0 < len(choices) <= 25 and all(c["value"].startswith("assign 1") for c in choices)

        await dispatch(bot, fake.slash("play", {"action": choices[0]["value"]}))
        assert service.session(str(CHANNEL_ID)).version == 1
        private_ack = fake.followups()[-1]
        assert private_ack.flags & EPHEMERAL  # a secret assignment is confirmed privately
        first_dm_select = fake.channel_messages(fake.dm_channel_of(ALICE))[0]
        # The menu names its game and the decision it answers (round 1, Phase 1), not a version.
        assert first_dm_select.custom_ids == ["gm:s:1:1.r1.roll"]
    finally:
        await bot.close()

    # Restart: a new process, the same database file.
    bot, service = await _boot(fake, monkeypatch, database)
    try:
        assert service.session(str(CHANNEL_ID)).version == 1
        posted_before = len(fake.channel_messages())

        # "My screen" on the board posted before the restart still answers, privately.
        await dispatch(bot, fake.click(board, "gm:b:1:-:!hand", user_id=BOB, name="bob"))
        screen = fake.followups()[-1]
        assert screen.flags & EPHEMERAL and screen.files and screen.files[0][1].startswith(PNG_MAGIC)

        # The first DM select of this decision, clicked after the restart, still plays a move
        # that is legal (Alice's own placement since then does not stale it).
        await dispatch(bot, fake.click(first_dm_select, "gm:s:1:1.r1.roll", values=["ready"]))
        assert service.session(str(CHANNEL_ID)).version == 2
        assert "Hero is ready" in fake.channel_messages()[-1].content
        assert len(fake.channel_messages()) == posted_before + 1
    finally:
        await bot.close()
