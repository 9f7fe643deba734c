"""POWERUP's reaction windows on the service, on a virtual clock (nothing sleeps): the issue's "a reaction
deadline passing on the local table's virtual clock": a window after a declared attack waits
`reaction_wait` for the seat under it, whatever the clock settings; unanswered, it passes (the default),
the attack is rolled and the turn goes on; a restart in the middle of the window keeps it and its deadline."""

from __future__ import annotations

from platform_kit import ginv, virtual_service, wait

from bot.service.clock import VirtualClock
from rules.core.rng import Rng
from rules.powerup import ENGINE as E

USERS = ("alice", "bob")
SEED = 5
OPTIONS = {"seed": str(SEED), "pace": "live"}


def _log_to_an_attack_window(limit: int = 4000) -> list[tuple[int, str]]:
    """A log of legal actions (random choices, answering no window) from the game the service will start,
    ending where the first reaction window after an attack opens."""
    options = E.parse_options({"pace": "live"})
    s = E.new_game(SEED, options, ("RED-RAY", "BLU-TOR"))
    rng, log = Rng(3), []
    for _ in range(limit):
        seat = next(iter(E.pending(s)))
        legal = E.legal_actions(s, seat)
        if s.window:
            action = "pass"
        else:  # attacks when there are some, so that a window comes soon; never a mode change
            attacks = [a for a in legal if a.split()[0] in ("shoot", "hit")]
            action = rng.choice(attacks or [a for a in legal if not a.startswith("mode ")])
        log.append((seat, action))
        s, _ = E.apply(s, seat, action)
        if s.window and s.attack is not None and not s.attack.rolled:
            return log
    raise AssertionError("no attack window found")


async def _game(service):
    await service.handle(ginv("alice", "game new", game="powerup", options=f"seed={SEED}", clock="off",
                              remind="off"))
    await service.handle(ginv("alice", "game join", seat="RED-RAY"))
    await service.handle(ginv("bob", "game join", seat="BLU-TOR"))
    await service.handle(ginv("alice", "game start"))
    session = service.session("chan-1")
    for seat, notation in _log_to_an_attack_window():
        outs = await service.handle(ginv(USERS[seat], "play", action=notation))
        assert outs[0].text.startswith("Done"), (notation, outs[0].text)
    return session


async def test_an_unanswered_reaction_window_passes_at_its_deadline_and_survives_a_restart(tmp_path):
    path = tmp_path / "pu.db"
    service, clock, _ = await virtual_service(path, engines={"powerup": E})
    session = await _game(service)
    state = session.state
    [asked] = state.window
    attacker = state.attack.seat
    assert session.pending()[asked].time_limit == 60 and "speed" in session.pending()[asked].prompt
    await wait(service, seconds=30)
    deadline = session.record.clock["seats"][str(asked)]["rule_at"]
    await service.close()  # a restart in the middle of the window

    again, _, _ = await virtual_service(path, engines={"powerup": E}, clock=VirtualClock(clock.now()))
    session = again.session("chan-1")
    assert session.state.window == (asked,) and session.state.attack is not None
    assert session.record.clock["seats"][str(asked)]["rule_at"] == deadline
    await wait(service=again, seconds=29)
    assert session.state.window == (asked,)
    await wait(service=again, seconds=1)  # a minute after the attack: passed, rolled, landed
    state = session.state
    assert not state.window or state.window_kind == "roll" or state.attack is None
    assert state.attack is None or state.attack.rolled
    assert state.active == attacker or state.phase != "play" or state.sequence > 1
    await again.close()
