"""Issue 8, history and lists, through the session service: /game log in pages, /game list, /game
replay (a GIF of the public boards), the result and summary at the end with the opt-in reveal,
/game stats and /game leaderboard — with the toy engine (AI seats too) and KAPLOOM!."""

from __future__ import annotations

import io
from dataclasses import replace
from datetime import timedelta

from PIL import Image
from platform_kit import GUILD, Kept, channel_posts, dms_to, ginv, toy_game, virtual_service, wait
from service_kit import USERS, only_error, snapshot_of
from toy_engine import ENGINE as TOY

from bot.service import Output, SessionService, Store, Target, TargetKind
from bot.service.clock import VirtualClock
from bot.service.endings import REVEAL
from bot.service.history import LOG
from bot.service.replay_gif import build_replay
from rules.core.rng import Rng
from rules.kaploom import ENGINE as KAPLOOM

NAMES = {uid: name for name, uid in USERS.items()}


def click(user: str, action: str, game_id: int, channel: str = "chan-1", guild: str = GUILD):
    """A click on a service button (token "-") made for game ``game_id``."""
    return ginv(user, "play", channel, guild, action=action, for_game=str(game_id), token="-")


def stats_for(asker: str, user: str, channel: str = "chan-1"):
    """/game stats user:<user> (``ginv`` has a parameter of that name)."""
    base = ginv(asker, "game stats", channel)
    return replace(base, options={"user": user})


def private(outputs: list[Output], user: str) -> list[Output]:
    return [o for o in outputs if o.target.kind is TargetKind.EPHEMERAL and o.target.user_id == USERS[user]]


async def play_toy(service: SessionService, channel: str = "chan-1", guild: str = GUILD, moves: int = 10_000,
                   pick=lambda hand: hand[0], clock: VirtualClock | None = None) -> list[Output]:
    """Play the people's seats of the channel's toy game (the first card; stand) for ``moves``
    moves or to its end; AI seats play themselves. Returns every output."""
    session = service.session(channel)
    outputs: list[Output] = []
    for _ in range(moves):
        if session.record.status != "running":
            break
        pending = session.pending()
        seat = next(s for s in sorted(pending) if s >= 0 and session.seats[s].is_person)
        action = f"pick {pick(session.state.hands[seat])}" if session.state.phase == "pick" else "stand"
        if clock is not None:
            clock.advance(timedelta(minutes=10))
        outs = await service.handle(ginv(NAMES[session.seats[seat].user_id], "play", channel, guild, action=action,
                                         seat=session.labels[seat]))
        assert outs[0].text.startswith("Done"), outs[0].text
        outputs += outs
    return outputs


async def rendering_service(engines=None, clock=None, outbox=None) -> SessionService:
    service = SessionService(Store(":memory:"), engines=engines or {"toy": TOY}, render=True, seed=4,
                             clock=clock or VirtualClock(), outbox=outbox or Kept())
    await service.start()
    return service


def gif_frames(data: bytes) -> int:
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF"
    return image.n_frames


# -- /game log ---------------------------------------------------------------------------------------


async def test_the_log_pages_back_with_older_and_newer_buttons():
    service, _, _ = await virtual_service()
    await toy_game(service, options="target=9")
    await play_toy(service, moves=14)
    game_id = service.session("chan-1").game_id
    every = await service.store.public_log_page(game_id, 0, 50)
    assert len(every) > 10
    expected = [f"#{step}: {line}" for step, text in every for line in text.split("\n")]

    first = await service.handle(ginv("carol", "game log", count="4"))  # a spectator
    (page,) = first
    assert page.target.kind is TargetKind.EPHEMERAL and page.target.user_id == USERS["carol"]
    pages = -(-len(every) // 4)
    assert page.text.endswith(f"— page 1 of {pages} (page 1 is the newest) —")
    assert [(b.label, b.action, b.token) for b in page.buttons] == [("Older", f"{LOG} 2 4", "-")]
    seen = [page.text.split("\n")[:-1]]
    for number in range(2, pages + 1):  # Older, Older, ... to the first page of the game
        (page,) = await service.handle(click("carol", page.buttons[0].action, game_id))
        # it takes the place of the page clicked on, text and buttons (not only the buttons, as a menu)
        assert page.replace_menu and page.replace_text and page.target.kind is TargetKind.EPHEMERAL
        assert f"page {number} of {pages}" in page.text
        seen.append(page.text.split("\n")[:-1])
    assert [b.label for b in page.buttons] == ["Newer"]  # the oldest page: nothing older
    assert [line for lines in reversed(seen) for line in lines] == expected  # every entry once, in order

    (newer,) = await service.handle(click("carol", page.buttons[0].action, game_id))
    assert f"page {pages - 1} of {pages}" in newer.text and [b.label for b in newer.buttons] == ["Older", "Newer"]
    # /game log page:N is the same page
    (same,) = await service.handle(ginv("carol", "game log", count="4", page=str(pages - 1)))
    assert same.text == newer.text and not same.replace_menu and not same.replace_text


async def test_the_table_prints_a_clicked_log_page_as_an_edit_of_the_page_clicked(tmp_path):
    """At the local table, Older prints the next page where the clicked one was, marked as an edit
    (as Discord edits it), and the clicked page's buttons are gone."""
    from bot.table import TablePrinter

    service, _, _ = await virtual_service()
    await toy_game(service, options="target=9")
    await play_toy(service, moves=14)
    out = io.StringIO()
    printer = TablePrinter(out, tmp_path, dict(NAMES))
    (first,) = await service.handle(ginv("carol", "game log", count="4"))
    printer.print(first)
    older = printer.find(USERS["carol"], "chan-1", "Older")
    assert older is not None and older.where == "[ephemeral:carol]"
    (second,) = await service.handle(click("carol", older.action, older.game_id))
    printer.print(second, clicked=older)
    printed = out.getvalue().split("\n")
    edit = printed.index("[ephemeral:carol] (edits its message)")
    assert printed[edit + 1:-1] == [f"[ephemeral:carol] {line}" for line in second.text.split("\n")] + [
        "[ephemeral:carol] buttons: Older | Newer"]
    assert [s.action for s in printer.shown] == [f"{LOG} 3 4", f"{LOG} 1 4"]  # page 1's Older is gone


async def test_a_short_log_is_one_page_without_buttons():
    service, _, _ = await virtual_service()
    await toy_game(service)
    assert (await service.handle(ginv("carol", "game log")))[0].text == "Nothing has happened yet."
    await play_toy(service, moves=1)
    (log,) = await service.handle(ginv("carol", "game log"))
    assert log.text == "#1: red picked a card." and not log.buttons


async def test_bad_log_requests_get_one_line_and_change_nothing():
    service, _, _ = await virtual_service()
    await toy_game(service, options="target=9")
    await play_toy(service, moves=6)
    game_id = service.session("chan-1").game_id
    before = await snapshot_of(service)
    for request, words in [
        (ginv("carol", "game log", page="99"), "There is no page 99"),
        (ginv("carol", "game log", page="0"), "page is a number"),
        (ginv("carol", "game log", count="51"), "count is a number"),
        (click("carol", f"{LOG} 99 10", game_id), "There is no page 99"),
        (click("carol", f"{LOG} x", game_id), "not one the bot made"),
        (click("carol", f"{LOG} 1 10", 999), "does not know"),
        # a log button of this game pressed in another channel by someone not seated
        (click("carol", f"{LOG} 1 10", game_id, channel="elsewhere"), "another channel"),
        (ginv("carol", "game log", "empty-channel"), "no game in this channel"),
    ]:
        assert words in only_error(await service.handle(request), "carol")
    assert await snapshot_of(service) == before


async def test_the_log_never_shows_or_counts_a_hidden_fact():
    """Twin games: alice picks her lowest card or her highest (behind her screen). Until the
    reveal, every page of the log reads the same; no card that was never revealed is in it."""
    logs = []
    for pick in (min, max):
        service, _, _ = await virtual_service()
        await toy_game(service, options="target=2")
        await play_toy(service, moves=1, pick=pick)  # alice (red) picks; bob has not
        logs.append([o.text for o in await service.handle(ginv("carol", "game log", count="1"))])
    assert logs[0] == logs[1] == ["#1: red picked a card."]

    service, _, _ = await virtual_service()
    await toy_game(service, options="target=3")
    session = service.session("chan-1")
    dealt: set[int] = set()
    while session.record.status == "running":
        for hand in session.state.hands:
            dealt.update(hand)
        await play_toy(service, moves=1)
    pages, page = [], (await service.handle(ginv("carol", "game log", count="5")))[0]
    while True:
        pages.append(page.text)
        older = [b for b in page.buttons if b.label == "Older"]
        if not older:
            break
        (page,) = await service.handle(click("carol", older[0].action, session.game_id))
    text = "\n".join(pages)
    revealed = {int(word.strip(",;")) for line in text.split("\n") if "Reveal:" in line
                for word in line.split() if word.strip(",;").isdigit()}
    assert revealed and revealed < dealt
    assert not [card for card in dealt - revealed if str(card) in text]
    assert "dealt" not in text.replace("three cards dealt to each player", "")


# -- /game list ----------------------------------------------------------------------------------------


async def test_list_shows_this_servers_games_whose_turn_and_the_open_tables():
    service, _, _ = await virtual_service()
    assert only_error(await service.handle(ginv("erin", "game list")), "erin") == \
        "No games are running in this server. /game new opens one."
    await toy_game(service, "chan-1", ("alice", "bob"))
    await toy_game(service, "chan-2", ("carol",), bots="1")
    await service.handle(ginv("dave", "game new", "chan-3", "other", game="toy"))  # another server
    await service.handle(ginv("erin", "game new", "chan-4", game="toy"))  # a lobby here
    await service.handle(ginv("erin", "game join", "chan-4"))
    await play_toy(service, "chan-1", moves=1)  # alice has picked: bob's turn
    (listing,) = await service.handle(ginv("erin", "game list"))
    assert listing.target.kind is TargetKind.EPHEMERAL and listing.target.user_id == USERS["erin"]
    lines = listing.text.split("\n")
    assert lines[0] == "Games in this server: 2 running, 1 open table."
    assert lines[1] == ("#chan-1: High Card, Round 1 · picking cards — alice (red), bob (blue). "
                        "Waiting for bob (blue).")
    assert lines[2].startswith("#chan-2: High Card, Round 1 · picking cards — carol (red), AI (blue). Waiting for")
    assert lines[3] == "#chan-4: High Card — in the lobby (1/4 seats taken): erin (red)"
    assert "chan-3" not in listing.text


# -- the end: result, summary, reveal ---------------------------------------------------------------


async def test_game_over_sends_the_result_and_summary_to_the_channel_and_every_player():
    clock = VirtualClock()
    service, clock, _ = await virtual_service(clock=clock)
    await toy_game(service, options="target=2")
    game_id = service.session("chan-1").game_id
    outputs = await play_toy(service, clock=clock)
    session = service.sessions.by_game(game_id) or service.core.sessions.in_channel("chan-1")
    record = session.record
    assert record.status == "over"
    summaries = [o for o in channel_posts(outputs) if "final result" in o.text]
    assert len(summaries) == 1  # once
    (summary,) = summaries
    assert outputs.index(summary) > max(i for i, o in enumerate(outputs) if "**Game over.**" in o.text)
    lines = summary.text.split("\n")
    assert lines[0] == "**High Card — final result**"
    winner = record.outcome["winners"][0]
    loser = 1 - winner
    who = {0: "alice (red)", 1: "bob (blue)"}
    scores = record.outcome["scores"]
    assert lines[1] == f"1. {who[winner]} — {int(scores[winner])} points — winner"
    assert lines[2].startswith(f"2. {who[loser]} — {int(scores[loser])} point")
    moves = len([o for o in outputs if o.text.startswith("Done")])
    rounds = session.state.round
    assert lines[3] == f"{rounds} round{'s' if rounds > 1 else ''} · {record.step} public steps · " \
                       f"played in {_duration(moves * 10 * 60)}."
    assert [(b.label, b.action, b.game_id, b.token) for b in summary.buttons] == [
        ("Reveal hidden info", REVEAL, game_id, "-")]
    names = {0: "alice", 1: "bob"}
    won = dms_to(outputs, names[winner])[-1]
    lost = dms_to(outputs, names[loser])[-1]
    assert won.text.startswith("Your game of High Card in #chan-1 has ended: you won!")
    assert lost.text.startswith("Your game of High Card in #chan-1 has ended: you finished 2nd.")
    assert won.buttons == summary.buttons and "\n".join(lines[1:]) in won.text
    # the summary is not repeated by later commands
    later = await service.handle(ginv("carol", "game board"))
    assert not any("final result" in o.text for o in later)


def _duration(seconds: int) -> str:
    from bot.service.settings import format_duration

    return format_duration(seconds)


async def test_a_game_ended_by_time_outs_pushes_its_summary_too():
    service, clock, outbox = await virtual_service()
    await toy_game(service, options="target=1", clock="1m", timeout="skip", remind="off")
    outbox.take()
    for _ in range(10):
        await wait(service, minutes=5)
        if service.session("chan-1") is None:
            break
    pushed = outbox.take()
    summaries = [o for o in channel_posts(pushed) if "final result" in o.text]
    assert len(summaries) == 1
    assert len([o for o in pushed if o.target.kind is TargetKind.DM and "has ended" in o.text]) == 2


async def test_a_replay_posted_when_ready_never_carries_a_summary_early():
    """A replay drawn in the background may be pushed between a game's last step and the end of
    the command that made it: the summary waits for the game's own outputs."""
    service, _, outbox = await virtual_service()
    await toy_game(service, options="target=1")
    session = service.session("chan-1")
    await play_toy(service)
    assert session.record.status == "over"
    service.endings._announced.discard(session.game_id)  # as if its command had not answered yet
    service.endings.note(session)
    outbox.take()
    await service.core.push([Output(Target.channel("chan-1"), "a replay", image=b"GIF89a", image_name="replay.gif")])
    assert [o.text for o in outbox.take()] == ["a replay"]
    await service.core.push([Output(Target.channel("chan-1"), "the last board")])
    pushed = outbox.take()
    assert pushed[0].text == "the last board" and "final result" in pushed[1].text


async def test_the_reveal_shows_every_final_screen_only_after_the_end():
    service, _, _ = await virtual_service()
    assert "No game has ended" in only_error(await service.handle(ginv("carol", "game reveal")), "carol")
    await toy_game(service, options="target=2")
    session = service.session("chan-1")
    await play_toy(service, moves=1)
    before = await snapshot_of(service)
    assert "still running" in only_error(await service.handle(ginv("carol", "game reveal")), "carol")
    # a forged Reveal button of the running game
    assert only_error(await service.handle(click("alice", REVEAL, session.game_id)), "alice") == \
        "Hidden information is shown only once the game is over."
    assert await snapshot_of(service) == before
    await play_toy(service)
    hands = session.state.hands
    for request in (ginv("carol", "game reveal"), click("carol", REVEAL, session.game_id),
                    # alice presses the button in her DM (another channel; she was seated)
                    click("alice", REVEAL, session.game_id, channel="dm-alice")):
        shown = await service.handle(request)
        assert [o.target.kind for o in shown] == [TargetKind.EPHEMERAL] * 2
        assert shown[0].text.startswith("High Card in #chan-1: what was hidden, seat by seat.")
        for seat, output in enumerate(shown):
            assert f"({session.labels[seat]})** — final screen:" in output.text
            assert "hand: " + ", ".join(map(str, hands[seat])) in output.text
    # someone not seated cannot read it from another channel
    assert "another channel" in only_error(
        await service.handle(click("carol", REVEAL, session.game_id, channel="dm-carol")), "carol")
    # a new game opens here: /game reveal still shows the last finished one, not the lobby
    await service.handle(ginv("bob", "game new", game="toy"))
    assert len(await service.handle(ginv("carol", "game reveal"))) == 2


# -- /game replay --------------------------------------------------------------------------------------


async def test_replay_is_a_gif_with_one_frame_per_public_step_so_far_and_at_the_end():
    clock = VirtualClock()
    service = await rendering_service(clock=clock)
    assert only_error(await service.handle(ginv("carol", "game replay")), "carol").startswith(
        "There is no game to replay here")
    await toy_game(service, options="target=2")
    session = service.session("chan-1")
    await play_toy(service, moves=3)
    (post,) = await service.handle(ginv("carol", "game replay"))
    assert post.target.kind is TargetKind.CHANNEL and post.image_name == "replay.gif"
    assert gif_frames(post.image) == session.step + 1  # the opening board and one per public step
    assert post.text.startswith(f"High Card replay, so far: {session.step} public steps, {session.step + 1} frames")
    # asked again at once: the same GIF, only for the asker (the channel has it already)
    (again,) = await service.handle(ginv("dave", "game replay"))
    assert again.target.kind is TargetKind.EPHEMERAL and again.image == post.image
    await play_toy(service)
    assert session.record.status == "over"
    clock.advance(timedelta(minutes=5))
    (final,) = await service.handle(ginv("carol", "game replay"))
    assert final.target.kind is TargetKind.CHANNEL
    assert gif_frames(final.image) == session.step + 1
    assert "from start to end" in final.text
    frames = Image.open(io.BytesIO(final.image))
    first = frames.convert("RGB").tobytes()
    frames.seek(frames.n_frames - 1)
    assert frames.convert("RGB").tobytes() != first
    await service.close()


async def test_a_replay_that_takes_long_is_posted_when_ready():
    outbox = Kept()
    service = await rendering_service(outbox=outbox)
    await toy_game(service, options="target=2")
    await play_toy(service, moves=4)
    service.history.quick_seconds = 0
    (answer,) = await service.handle(ginv("carol", "game replay"))
    assert answer.target.kind is TargetKind.EPHEMERAL
    assert answer.text == "Drawing the replay of 4 public steps; it will be posted here when it is ready."
    await service.history.idle()
    (posted,) = [o for o in outbox.take() if o.image_name == "replay.gif"]
    assert posted.target.kind is TargetKind.CHANNEL and gif_frames(posted.image) == 5
    await service.close()


async def test_replay_refusals_change_nothing():
    service, _, _ = await virtual_service()  # draws no images
    await toy_game(service)
    before = await snapshot_of(service)
    assert "draws no images" in only_error(await service.handle(ginv("carol", "game replay")), "carol")
    assert await snapshot_of(service) == before
    service = await rendering_service()
    await service.handle(ginv("alice", "game new", game="toy"))  # a lobby, no game played here before
    assert "There is no game to replay here" in only_error(await service.handle(ginv("carol", "game replay")),
                                                           "carol")
    await service.close()


def _kaploom_moves(service: SessionService, user: str, rng: Rng) -> str:
    session = service.session("chan-1")
    pending = session.pending()
    seat = next(s for s in pending if s >= 0 and session.seats[s].user_id == USERS[user])
    legal = list(KAPLOOM.legal_actions(session.state, seat))
    return KAPLOOM.format(KAPLOOM.policy().choose(KAPLOOM.private_view(session.state, seat), pending[seat], legal, rng))


async def test_kaploom_to_the_end_against_the_ai_log_replay_summary_reveal_and_stats():
    service = SessionService(Store(":memory:"), engines={"kaploom": KAPLOOM}, render=False, seed=3,
                             clock=VirtualClock(), outbox=Kept())
    await service.start()
    for command, options in [("game new", {"game": "kaploom", "options": "seed=7", "bots": "1"}),
                             ("game join", {}), ("game start", {})]:
        await service.handle(ginv("alice", command, **options))
    session = service.session("chan-1")
    rng = Rng(1)
    outputs = []
    while session.running:
        outs = await service.handle(ginv("alice", "play", action=_kaploom_moves(service, "alice", rng)))
        assert outs[0].text.startswith("Done"), outs[0].text
        outputs += outs
    record = session.record
    assert record.status == "over" and record.step > 10
    (summary,) = [o for o in channel_posts(outputs) if "final result" in o.text]
    assert summary.text.startswith("**KAPLOOM! — final result**\n1. ")
    assert f" · {record.step} public steps · " in summary.text and "rounds" in summary.text
    assert len(dms_to(outputs, "alice")) >= 1 and "has ended" in dms_to(outputs, "alice")[-1].text

    # the log: pages back to the start; only public text, numbered by public step
    (page,) = await service.handle(ginv("carol", "game log"))
    assert page.text.split("\n")[0].startswith("#") and "page 1 of" in page.text
    steps = []
    while True:
        steps += [int(line.split(":")[0][1:]) for line in page.text.split("\n")[:-1]]
        older = [b for b in page.buttons if b.label == "Older"]
        if not older:
            break
        (page,) = await service.handle(click("carol", older[0].action, session.game_id))
    assert max(steps) == record.step and min(steps) >= 1

    # the reveal: both final screens (KAPLOOM's own wording)
    shown = await service.handle(click("carol", REVEAL, session.game_id))
    assert len(shown) == 2 and all("final screen" in o.text for o in shown)

    # the replay with the real renderer: one frame per public step, under the limit
    service.core.presenter.render_images = True
    service.history.quick_seconds = 60
    (replay,) = await service.handle(ginv("carol", "game replay"))
    assert replay.target.kind is TargetKind.CHANNEL and replay.image_name == "replay.gif"
    assert gif_frames(replay.image) == record.step + 1
    assert len(replay.image) < 9 * 1024 * 1024

    (stats,) = await service.handle(ginv("alice", "game stats"))
    won = 0 in record.outcome["winners"]
    assert stats.text.split("\n")[1] == f"KAPLOOM!: 1 game, {int(won)} win{'' if won else 's'}, " \
                                        f"{1 - int(won)} loss{'' if not won else 'es'} ({100 if won else 0}% won)"
    await service.close()


async def test_replay_keeps_under_the_size_limit_by_drawing_smaller_then_fewer_frames():
    service = SessionService(Store(":memory:"), engines={"kaploom": KAPLOOM}, render=False, seed=3,
                             clock=VirtualClock())
    await service.start()
    for command, options in [("game new", {"game": "kaploom", "options": "seed=7", "bots": "1"}),
                             ("game join", {}), ("game start", {})]:
        await service.handle(ginv("alice", command, **options))
    session = service.session("chan-1")
    rng = Rng(2)
    while session.step < 8:
        await service.handle(ginv("alice", "play", action=_kaploom_moves(service, "alice", rng)))
    record = await service.store.game(session.game_id)
    actions = await service.store.actions(session.game_id)
    options = KAPLOOM.parse_options({})
    full = build_replay(KAPLOOM, record.seed, options, record.labels, actions, session.names())
    assert full.frames == session.step + 1 and not full.sampled and not full.scaled
    small = build_replay(KAPLOOM, record.seed, options, record.labels, actions, session.names(),
                         limit=len(full.gif) // 3, max_frames=8)
    assert len(small.gif) <= len(full.gif) // 3 and small.frames <= 8 and small.sampled and small.scaled
    assert gif_frames(small.gif) == small.frames
    assert "of the" in small.describe() and "px wide to stay under Discord's 10 MB" in small.describe()
    await service.close()


async def test_kaploom_replay_and_log_are_the_same_whatever_was_done_behind_a_screen():
    """assign vs assign + unassign + assign (hidden moves): the log and the replay GIF are equal."""
    seen = []
    for moves in (["assign"], ["assign", "unassign", "assign"]):
        service = SessionService(Store(":memory:"), engines={"kaploom": KAPLOOM}, render=True, seed=3,
                                 clock=VirtualClock())
        await service.start()
        for user, command, options in [("alice", "game new", {"game": "kaploom", "options": "seed=11"}),
                                       ("alice", "game join", {"seat": "villain"}),
                                       ("bob", "game join", {"seat": "hero"}), ("bob", "game start", {})]:
            await service.handle(ginv(user, command, **options))
        state = service.session("chan-1").state
        placement = next(KAPLOOM.format(a) for a in KAPLOOM.legal_actions(state, 0)
                         if KAPLOOM.format(a).startswith("assign")
                         and not any(e.text for e in KAPLOOM.apply(state, 0, a)[1]))
        for move in moves:
            action = placement if move == "assign" else f"unassign {placement.split()[1]}"
            assert (await service.handle(ginv("alice", "play", action=action)))[0].text.startswith("Done")
        await service.handle(ginv("bob", "play", action="ready"))  # a public step
        log = [o.text for o in await service.handle(ginv("carol", "game log"))]
        (replay,) = await service.handle(ginv("carol", "game replay"))
        assert gif_frames(replay.image) == 2  # the opening board and bob's "ready"
        seen.append((log, replay.image, replay.text))
        await service.close()
    assert seen[0] == seen[1]


# -- /game stats and /game leaderboard -----------------------------------------------------------------


async def test_stats_and_leaderboard_after_several_games_with_ai_seats():
    service, _, _ = await virtual_service()
    finished = []

    async def game(channel, users, guild=GUILD, **settings):
        if guild == GUILD:
            await toy_game(service, channel, users, options="target=1", **settings)
        else:
            await service.handle(ginv(users[0], "game new", channel, guild, game="toy", options="target=1 players=2"))
            for user in users:
                await service.handle(ginv(user, "game join", channel, guild))
            await service.handle(ginv(users[0], "game start", channel, guild))
        session = service.session(channel)
        await play_toy(service, channel, guild)
        assert session.record.status == "over"
        if guild == GUILD:
            finished.append(session.record)

    await game("chan-1", ("alice", "bob"))
    await game("chan-1", ("alice",), bots="1")
    await game("chan-2", ("alice", "bob"), bots="1")
    await game("chan-3", ("bob", "carol"))
    await game("chan-1", ("alice", "alice"))  # one person, both seats: one game, won
    await game("chan-9", ("alice", "bob"), guild="other")  # another server: not counted here
    await toy_game(service, "chan-2", ("alice", "bob"))
    await service.handle(ginv("alice", "game abort", "chan-2"))  # aborted: no result

    def expected(user: str) -> tuple[int, int]:
        mine = [r for r in finished if any(h.user_id == USERS[user] for h in r.seats.values())]
        wins = [r for r in mine if any(r.seats[w].user_id == USERS[user] for w in r.outcome["winners"])]
        return len(mine), len(wins)

    for user in ("alice", "bob", "carol"):
        games, wins = expected(user)
        (stats,) = await service.handle(ginv(user, "game stats"))
        assert stats.target.kind is TargetKind.EPHEMERAL
        line = stats.text.split("\n")[1]
        assert line.startswith(f"High Card: {games} game{'s' if games != 1 else ''}, {wins} win"), (user, line)
        assert f", {games - wins} loss" in line
    assert expected("alice")[0] == 4
    # someone else's, as Discord sends a user option ("<id>|<name>"), and by name (the table)
    (of_bob,) = await service.handle(stats_for("alice", f"{USERS['bob']}|bob"))
    (by_name,) = await service.handle(stats_for("alice", "@bob"))
    assert of_bob.text == by_name.text and of_bob.text.startswith("**bob** in this server: ")

    (board,) = await service.handle(ginv("erin", "game leaderboard", game="toy"))
    lines = board.text.split("\n")
    assert lines[0] == f"**High Card leaderboard** — {len(finished)} finished games in this server:"
    order = sorted(("alice", "bob", "carol"), key=lambda u: (-expected(u)[1], -expected(u)[1] / expected(u)[0],
                                                             expected(u)[0] - expected(u)[1], u))
    assert [line.split(" — ")[0].split(". ", 1)[1] for line in lines[1:4]] == order
    ai_games = [r for r in finished if any(h.kind == "bot" for h in r.seats.values())]
    ai_wins = [r for r in ai_games if any(r.seats[w].kind == "bot" for w in r.outcome["winners"])]
    assert lines[-1] == (f"AI players: {len(ai_wins)} win{'' if len(ai_wins) == 1 else 's'} in "
                         f"{len(ai_games)} game{'' if len(ai_games) == 1 else 's'}.")
    # in the channel of a toy game, game: may be left out
    assert (await service.handle(ginv("erin", "game leaderboard", "chan-1")))[0].text == board.text


async def test_stats_refusals_are_one_line_and_change_nothing():
    service, _, _ = await virtual_service()
    await toy_game(service)
    before = await snapshot_of(service)
    for request, text in [
        (ginv("erin", "game stats"), "You have no finished games in this server yet."),
        (stats_for("erin", f"{USERS['dave']}|dave"), "dave has no finished games in this server yet."),
        (stats_for("erin", "nobody"), "Nobody called 'nobody' has finished a game in this server."),
        (ginv("erin", "game leaderboard", game="chess"), "Unknown game 'chess'. Games: toy."),
        (ginv("erin", "game leaderboard", game="toy"), "No game of High Card has finished in this server yet."),
    ]:
        assert only_error(await service.handle(request), "erin") == text
    assert await snapshot_of(service) == before
