"""Thousands of random and near-legal `/play` strings against a running KAPLOOM! game.

Each one that is not a legal action now must get a single one-line ephemeral error and leave the
game exactly as it was: state, version, stored snapshot and action log.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.service import Invocation, SessionService, Store, TargetKind
from bot.service.components import SERVICE_ACTIONS
from rules.core import Rng, RulesError
from rules.kaploom import ENGINE

USERS = {"villain": 11, "hero": 22, "spectator": 33}
CHANNEL = "fuzz"
TOKENS = ["assign", "unassign", "reroll", "ready", "skip", "target", "pay", "forfeit", "use", "attach",
          "detach", "take", "give", "done", "pow", "grow", "block", "time_jump", "sucker_punch", "red", "wild",
          "might", "x_factor", "0", "1", "5", "6", "99", "-1", "1.5", "", " ", "\u200b", "é", "🎲", "'", '"',
          "\\", ";", "--", "%s", "{}", "\n", "assign 1", "9" * 30]


def _inv(user: str, action: str, **extra: str) -> Invocation:
    return Invocation(USERS[user], user, CHANNEL, "play", {"action": action, **extra})


async def _started_service() -> SessionService:
    service = SessionService(Store(":memory:"), render=False, seed=5)
    await service.start()
    for user, command, options in [
        ("villain", "game new", {"game": "kaploom", "options": "seed=11"}),
        ("villain", "game join", {"seat": "villain"}),
        ("hero", "game join", {"seat": "hero"}),
        ("hero", "game start", {}),
    ]:
        await service.handle(Invocation(USERS[user], user, CHANNEL, command, options))
    return service


async def _fingerprint(service: SessionService) -> tuple:
    session = service.session(CHANNEL)
    record = await service.store.game(session.record.id)
    actions = await service.store.actions(session.record.id)
    return ENGINE.dump(session.state), session.version, record.version, record.snapshot, len(actions)


def _is_legal_now(service: SessionService, user: str, text: str) -> bool:
    session = service.session(CHANNEL)
    seat = session.seat_of(USERS[user])
    if seat is None or seat not in ENGINE.to_act(session.state):
        return False
    try:
        action = ENGINE.parse(session.state, seat, text)
    except RulesError:
        return False
    return ENGINE.is_legal(session.state, seat, action)  # multi-die moves are legal but not listed


def _near_legal(rng: Rng, legal: list[str]) -> str:
    words = rng.choice(legal).split() if legal else ["assign", "1", "pow"]
    how = rng.below(6)
    if how == 0 and words:  # change one word
        words[rng.below(len(words))] = rng.choice(TOKENS)
    elif how == 1:  # add a word
        words.insert(rng.below(len(words) + 1), rng.choice(TOKENS))
    elif how == 2 and words:  # drop a word
        words.pop(rng.below(len(words)))
    elif how == 3:  # shuffle the words
        rng.shuffle(words)
    elif how == 4:  # glue two legal actions together
        words += rng.choice(legal).split() if legal else []
    else:  # random junk
        words = [rng.choice(TOKENS) for _ in range(rng.below(5))]
    return " ".join(words)


async def _expect_refusal(service: SessionService, user: str, text: str) -> None:
    before = await _fingerprint(service)
    outputs = await service.handle(_inv(user, text))
    assert len(outputs) == 1, (text, outputs)
    out = outputs[0]
    assert out.target.kind is TargetKind.EPHEMERAL and out.target.user_id == USERS[user], (text, out)
    assert out.text and "\n" not in out.text and len(out.text) < 300, (text, out.text)
    assert out.image is None
    assert await _fingerprint(service) == before, text


async def test_thousands_of_near_legal_strings_are_refused_and_change_nothing():
    service = await _started_service()
    rng = Rng(2026)
    refused = 0
    phases: set[str] = set()
    try:
        for step in range(3000):
            session = service.session(CHANNEL)
            user = rng.choice(list(USERS))
            seat = session.seat_of(USERS[user])
            legal = [ENGINE.format(a) for a in ENGINE.legal_actions(session.state, seat)] if seat is not None else []
            text = _near_legal(rng, legal or [ENGINE.format(a) for s in ENGINE.to_act(session.state)
                                              for a in ENGINE.legal_actions(session.state, s)])
            if not text.strip() or _is_legal_now(service, user, text):
                continue  # an empty action lists the choices; a legal one is played
            await _expect_refusal(service, user, text)
            refused += 1
            phases.add(session.state.phase)
            if step % 25 == 24:  # move the game on now and then, so every phase gets fuzzed
                # The AI's move: random moves rarely earn a Power Up turn (an empty one is passed).
                mover = rng.choice(ENGINE.to_act(session.state))
                name = session.labels[mover]
                decision = ENGINE.pending(session.state)[mover]
                legal = ENGINE.legal_actions(session.state, mover)
                view = ENGINE.private_view(session.state, mover)
                choice = ENGINE.format(ENGINE.policy().choose(view, decision, legal, rng))
                outs = await service.handle(_inv(name, choice))
                assert outs[0].text.startswith("Done"), outs[0].text
                assert service.session(CHANNEL) is not None, "the fuzzed game ended early; pick another seed"
    finally:
        await service.close()
    assert refused > 2000
    assert {"roll", "power_up"} <= phases, phases


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=60), user=st.sampled_from(list(USERS)))
async def test_arbitrary_text_is_refused_and_changes_nothing(text, user):
    service = await _started_service()
    try:
        if not text.strip() or text.strip() in SERVICE_ACTIONS or _is_legal_now(service, user, text):
            return  # an empty action lists the choices, "!hand" & co. are the board's buttons
        await _expect_refusal(service, user, text)
    finally:
        await service.close()
