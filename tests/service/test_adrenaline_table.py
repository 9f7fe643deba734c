"""A several-target level played at the local table by clicking (``click "A" + "B"``), end to end: the
table joins the picked options of one multi-select in the menu's order, as Discord does, and the shot
goes through to the channel. A real Adrenaline engine; only the start is set up (everyone on the small
map, the first seat holding a loaded Machine Gun with two others in sight)."""

import io

from bot.table import run_table
from rules.adrenaline.engine import AdrenalineEngine


class MachineGunArena(AdrenalineEngine):
    def new_game(self, seed, options, seats=None):
        s = super().new_game(seed, options, seats)
        for i, square in enumerate(("a1", "b2", "c2")[: s.count]):
            s.powerup_deck.extend(s.players[i].powerups)  # the cards drawn to spawn go back under the deck
            s.set_player(i, square=square, powerups=())
        s.turn = s.first = 0
        s.set_player(0, weapons=(("machine_gun", True),))
        return s


OPENING = ["alice: /game new game:adrenaline options:map=small", "bob: /game join", "carol: /game join",
           "alice: /game join", "alice: /game start", 'bob: click "Shoot people"', 'bob: click "Machine Gun"',
           'bob: click "Basic effect"']


async def _table(lines, tmp_path):
    out = io.StringIO()
    status = await run_table(lines, out, images=tmp_path, seed=1, engines={"adrenaline": MachineGunArena()},
                             render=False, clock="virtual")
    return status, out.getvalue()


async def test_two_targets_clicked_together_in_either_order_make_one_shot(tmp_path):
    status, text = await _table([*OPENING, 'bob: click "Sprog" + "Dozer"', 'bob: click "Done — fire"',
                                 'bob: click "✔ Confirm"'], tmp_path)
    assert status == 0, text
    assert "select (2, choose 1-2): Dozer (b2) — 1 damage | Sprog (c2) — 1 damage" in text
    assert "[ephemeral:bob] Done: dozer,sprog" in text  # joined in the menu's order, not the click's
    assert "So far: shoot › Machine Gun › basic:dozer,sprog" in text
    assert "[#table] Banshee fires Machine Gun: Dozer 1 damage, Sprog 1 damage" in text


async def test_a_label_that_is_not_in_the_menu_is_refused_and_nothing_is_chosen(tmp_path):
    status, text = await _table([*OPENING, 'bob: click "Dozer" + "Violetta"'], tmp_path)
    assert status == 1
    assert "bob sees no button 'Violetta' here" in text
    assert "Done: dozer" not in text
