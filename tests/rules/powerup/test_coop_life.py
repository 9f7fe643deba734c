"""A BUG's life (coop_life.py): its sheet's armor and dice, a BUGGIE stack's dice added (TEAM 4, rb 991),
immunities (rb 1023-1037), hurt and death with the reward coins left on the square (rb 847), the killer's
points (SPAWN cost x 100, rb 1009), a stolen card returned, a carried secret dropped; an acid death."""

from __future__ import annotations

from rules.powerup import coop_life as cl
from rules.powerup import dice
from rules.powerup.coop_data import coop_data
from rules.powerup.coop_setup import new_coop_state
from rules.powerup.coop_state import Bug
from rules.powerup.state import Figure


def game_with(kind: str, stack: int = 1, **bug):
    s = new_coop_state(1, ("RAY", "TOR"), "vips")
    sq = next(q for q in sorted(s.powerups) if q not in {f.square for f in s.figures.values()})
    s.figures["X1"] = Figure("X1", "bug", sq, -1)
    s.coop.bugs["X1"] = Bug(kind, coop_data().sheet(kind).lives, stack=stack, **bug)
    return s, sq


def test_a_buggie_stack_rolls_every_buggies_dice_and_loses_one_at_a_time():
    s, sq = game_with("BUGGIE", stack=3)
    one = coop_data().sheet("BUGGIE").melee.dice
    assert cl.melee_dice(s, "X1") == dice.add(one, one, one)
    out: list[str] = []
    assert cl.hurt(s, "X1", 1, out, by=0) is False
    assert s.coop.bugs["X1"].stack == 2 and s.coins.get(sq) == coop_data().sheet("BUGGIE").reward


def test_a_death_leaves_its_reward_and_scores_its_spawn_cost_times_100():
    s, sq = game_with("BIGBUG")
    sheet = coop_data().sheet("BIGBUG")
    assert cl.hurt(s, "X1", sheet.lives, [], by=1) is True
    assert "X1" not in s.figures and "X1" not in s.coop.bugs
    assert s.coins[sq] == sheet.reward and s.coop.points == (0, sheet.spawn_cost * 100)


def test_an_acid_death_leaves_no_coins_and_scores_the_pusher():
    s, sq = game_with("BUGGIE")
    assert cl.hurt(s, "X1", 1, [], by=0, acid=True) is True
    assert sq not in s.coins and s.coop.points[0] == 100


def test_a_thief_gives_the_card_back_and_a_key_drops_where_it_died():
    s, sq = game_with("BUGGIE", stolen="E03", owner="TOR", secret="key:A")
    s.secrets[sq] = "coins:2"  # a token already lies there: both stay
    cl.hurt(s, "X1", 1, [])
    assert "E03" in s.busters[1].owned and s.secrets[sq] == "coins:2+key:A"


def test_immunities_follow_the_sheet():
    """rb 1067 BRASAS fire, rb 1607 BLOB piercing, rb 1051 BUGDOZER any ranged attack."""
    s, _ = game_with("BLOB")
    assert cl.immune(s, "X1", "piercing", ranged=True) and not cl.immune(s, "X1", "electric", ranged=True)
    s, _ = game_with("BUGDOZER")
    assert cl.immune(s, "X1", None, ranged=True) and not cl.immune(s, "X1", None, ranged=False)
