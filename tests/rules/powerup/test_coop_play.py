"""The ARCADE missions against the AI BUGMISTRESS, played to their end by random BUGBUSTERs (the issue's
self-play): part 1's invariants and the co-op ones (coop_invariants.py) after every step, the AI's SYSTEM
steps taken as the platform takes them (its decision's default, the only legal action)."""

import pytest

from rules.core.engine import SYSTEM
from rules.core.rng import Rng
from rules.powerup import ENGINE as E
from rules.powerup import ai_mistress
from rules.powerup.options import PowerupOptions

ARCADE = PowerupOptions(mode="arcade", mission="vips")
PROFESSION_VERBS = ("turret", "door", "heal", "peek", "keep", "revive")
GLITCH_VERBS = ("board", "fly", "glitch", "cash")  # Hidden Keys (glitch.py, coop_secrets.py)


def play(seed: int, labels: tuple[str, ...], cap: int = 6000, mission: str = "vips", keen: bool = False,
         pay: bool = True, level: int = 0, professions: str = "off"):
    """Random BUGBUSTERs: any legal action; ``keen``: an attack on a portal piece or on her whenever one is
    legal (so the missions' wins come up too); ``pay``: CONTINUEs may be proposed (without, every BUGBUSTER
    down ends the game: declining is their only answer); ``level``: her level set before the first BUG turn
    (a test's scene: the level-2 BUGMISTRESS from the start); ``professions``: the option (their picks first)."""
    s = E.new_game(seed, PowerupOptions(mode="arcade", mission=mission, professions=professions), labels)
    if level:
        s.coop.level = level
        s.coop.queue = ai_mistress.spawn_points(s)  # the first spawn, without her at level 2 (rb 1091)
    rng = Rng(700 + seed)
    steps = 0
    for steps in range(cap):
        if E.outcome(s) is not None:
            break
        pending = E.pending(s)
        assert pending, "someone to act"
        seat = SYSTEM if SYSTEM in pending else rng.choice(sorted(pending))
        legal = E.legal_actions(s, seat)
        assert pending[seat].default in legal, (pending[seat].default, legal[:5])
        choices = [a for a in legal if pay or not a.startswith("continue ")]
        eager = [a for a in choices if a.split()[0] in ("shoot", "hit") and ("PORTAL" in a or "BUGMISTRESS" in a)]
        if professions == "on":  # keen on the sides' actions too: the turret, doors, heals, peeks, flips
            eager += [a for a in choices if a.split()[0] in PROFESSION_VERBS or a.startswith("react turret")
                      or a == "flip" and s.asks]
        if mission == "keys":  # keen on the GLITCH and the keys too: boarding, flying, its gun, a key handed over
            eager += [a for a in choices if a.split()[0] in GLITCH_VERBS or a.startswith("give ") and "key" in a]
        action = pending[seat].default if seat == SYSTEM else rng.choice(eager if keen and eager else choices)
        s, _ = E.apply(s, seat, action)
        problems = E.check_invariants(s)
        assert problems == [], (steps, action, problems)
    return s, steps


@pytest.mark.parametrize("labels", [("RAY",), ("RAY", "TOR"), ("ANA", "MAC", "PNK", "PAM")])
def test_save_the_vips_plays_to_a_win_or_a_loss(labels):
    for seed in range(2):
        s, steps = play(seed, labels)
        out = E.outcome(s)
        assert out is not None, f"over within the cap ({steps} steps, sequence {s.sequence})"
        assert s.coop.result in ("won", "lost")
        assert s.sequence <= 8


@pytest.mark.parametrize("labels", [("RAY", "TOR"), ("ANA", "MAC", "PNK", "PAM")])
@pytest.mark.parametrize("keen", [False, True])
def test_the_dimensional_portal_plays_to_a_win_or_a_loss(labels, keen):
    """rb 1796: over by sequence 12 at the latest (a piece standing then loses)."""
    for seed in range(2):
        s, steps = play(seed, labels, mission="portal", keen=keen)
        assert E.outcome(s) is not None, f"over within the cap ({steps} steps, sequence {s.sequence})"
        assert s.coop.result in ("won", "lost") and s.sequence <= 12
        assert s.coop.result == "lost" or not s.coop.pieces


@pytest.mark.parametrize("labels", [("RAY", "TOR"), ("ANA", "MAC", "PNK", "PAM")])
@pytest.mark.parametrize(("level", "keen", "pay"), [(1, True, False), (2, True, False), (2, False, True)])
def test_kill_the_bugmistress_plays_to_a_win_or_a_loss(labels, level, keen, pay):
    """rb 1836: "There is no time limit for this mission": the game ends by her death at level 2 or by the
    BUGBUSTERs' loss. From level 1 no CONTINUE is proposed (declining is then the only answer when all are
    down: random BUGBUSTERs paying again and again play on for thousands of steps). From level 2 (a scene set
    by the test) her moves, shots and tile flips play too; with CONTINUEs paid the BUGBUSTERs come back all
    over the board, where her flips find them (seen: 1 or 2 flips a game with these seeds)."""
    for seed in range(2):
        s, steps = play(seed, labels, cap=8000, mission="bugmistress", keen=keen, pay=pay, level=level)
        assert E.outcome(s) is not None, f"over within the cap ({steps} steps, sequence {s.sequence})"
        assert s.coop.result in ("won", "lost")
        if s.coop.result == "won":
            assert s.coop.level == 2 and "BUGMISTRESS" not in s.figures
        else:
            assert len(s.coop.fallen) == len(s.seats)


@pytest.mark.parametrize("labels", [("RAY", "TOR"), ("ANA", "MAC", "PNK", "PAM")])
def test_save_the_vips_with_professions_plays_to_a_win_or_a_loss(labels):
    """Option professions:on (professions.py, turret.py): the picks before the first BUG turn (rb 1162), then
    the sides' actions, the flip at a POWERUP and the turret among the random BUGBUSTERs' choices, with the
    professions' invariants (coop_invariants._professions) after every step."""
    for seed in range(8):
        s, steps = play(seed, labels, professions="on", keen=True)
        assert E.outcome(s) is not None, f"over within the cap ({steps} steps, sequence {s.sequence})"
        assert s.coop.result in ("won", "lost") and s.sequence <= 8
        assert len({p.split(":")[0] for p in s.coop.professions}) == len(labels)


@pytest.mark.parametrize("labels", [("RAY", "TOR"), ("ANA", "MAC", "PNK", "PAM")])
@pytest.mark.parametrize("keen", [False, True])
def test_hidden_keys_plays_to_a_win_or_a_loss(labels, keen):
    """rb 1818: lost when a BUG carries a key onto a gateway (or every BUGBUSTER is down and no CONTINUE is
    paid); rb 1806: won when a GLITCH is in the void with the three keys aboard. No time limit is printed: the
    BUGs' hunt for the keys ends it. ``keen``: the BUGBUSTERs board, fly and fire the GLITCH whenever they can;
    the keys' and the GLITCH's invariants (coop_invariants) after every step."""
    from rules.powerup import coop_secrets, glitch

    for seed in range(3):
        s, steps = play(seed, labels, cap=8000, mission="keys", keen=keen, pay=False)
        assert E.outcome(s) is not None, f"over within the cap ({steps} steps, sequence {s.sequence})"
        assert s.coop.result in ("won", "lost")
        if s.coop.result == "won":
            assert any(glitch.in_void(s, g) and coop_secrets.keys_with(s, glitch.riders(s, g)) == {"A", "B", "C"}
                       for g in glitch.ids(s))
        else:
            assert "gateway" in s.summary or len(s.coop.fallen) == len(s.seats)


@pytest.mark.parametrize("labels", [("RAY", "bugmistress"), ("RAY", "TOR", "bugmistress"),
                                    ("ANA", "MAC", "PNK", "PAM", "bugmistress")])
def test_save_the_vips_with_a_human_bugmistress_played_at_random(labels):
    """bugmistress:human (mistress.py): her seat plays by random legal actions as the BUGBUSTERs' do (the
    platform's AI seats), invariants after every step, each notation parsed back (her aliases aside); the
    game ends in a win or a loss, which is hers exactly when the BUGBUSTERs lose."""
    options = E.parse_options({"mission": "vips", "bugmistress": "human"})
    her = len(labels) - 1
    for seed in range(3):
        s = E.new_game(seed, options, labels)
        rng = Rng(800 + seed)
        for step in range(8000):
            if E.outcome(s) is not None:
                break
            pending = E.pending(s)
            assert pending and SYSTEM not in pending  # no AI step: she plays the BUGs
            seat = rng.choice(sorted(pending))
            legal = E.legal_actions(s, seat)
            assert pending[seat].default in legal
            action = rng.choice(legal)
            assert E.parse(s, seat, action) == action
            s, _ = E.apply(s, seat, action)
            assert E.check_invariants(s) == [], (step, action)
        out = E.outcome(s)
        assert out is not None and s.sequence <= 8
        assert out.winners == ((her,) if s.coop.result == "lost" else tuple(range(her)))


def test_the_platforms_twin_leak_check_with_a_human_bugmistress():
    """bot/selfplay.run: random seats (hers too), every invariant, notation and snapshot round trips, a private
    view's public part equal to the public view, and the twin check of what the channel receives."""
    import io

    from bot.selfplay import run

    out = io.StringIO()
    assert run(E, {"mission": "vips", "bugmistress": "human"}, games=2, seed=11, out=out, image_every=16) == 0, \
        out.getvalue()
