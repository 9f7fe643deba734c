"""The heuristic AI seat's picture of the game: a State rebuilt from one seat's private view
(``state_from_view``), with nothing in it that the seat may not see."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.adrenaline.damage import KILLSHOT
from rules.adrenaline.data import game_data
from rules.adrenaline.state import Player, State
from rules.core.rng import Rng


@lru_cache(maxsize=1)
def _tile_index() -> dict[tuple[tuple[str, ...], bool], int]:
    out: dict[tuple[tuple[str, ...], bool], int] = {}
    for i, t in enumerate(game_data().tiles()):
        out.setdefault((tuple(t.cubes), t.powerup), i)
    return out


def _reloaded_this_turn(view: Any) -> bool:
    """Whether the log shows this seat reloading in the turn going on (the end of its turn has begun)."""
    pub = view.public
    name = pub.players[view.seat].name
    for text in reversed(pub.log):
        if text.startswith(f"{name} reloads "):
            return True
        if "'s turn" in text or "'s first turn" in text:
            return False
    return False


def state_from_view(view: Any) -> State:
    """A State consistent with what a seat's private view shows (rules.adrenaline.views.PrivateView):
    the board, figures, damage, marks, cubes, skulls, scores (as points), the killshot track, tiles
    and weapon slots; this seat's own powerups and weapons. Other seats: unloaded weapons (public),
    loaded ones only when shown (``open_weapons``), no powerups. Decks: the cards seen nowhere, in a
    fixed order, as many as the view counts; discards empty. Nothing hidden is guessed."""
    pub = view.public
    data = game_data()
    me = view.seat
    players = []
    for pv in pub.players:
        if pv.seat == me:
            held = tuple((c.id, bool(ok)) for c, ok in view.weapons)
            cards = tuple(view.powerups)
        else:
            held = tuple((c.id, True) for c in pv.loaded) + tuple((c.id, False) for c in pv.unloaded)
            cards = ()
        players.append(Player(figure=pv.figure, square=pv.square, damage=tuple(pv.damage), marks=tuple(pv.marks),
                              skulls=pv.skulls, frenzy=pv.frenzy, cubes=tuple(pv.cubes), weapons=held,
                              powerups=cards, points=(("boards", pv.score),) if pv.score else (), killed=pv.killed))
    index = _tile_index()
    tiles = {t.square: (index[(tuple(t.cubes), t.powerup)] if t.cubes else None) for t in pub.tiles}
    slots = {s.colour: [w.id if w is not None else None for w in s.weapons] for s in pub.spawns}
    seen_weapons = {w for ws in slots.values() for w in ws if w} | {w for p in players for w, _ in p.weapons}
    weapon_deck = [w.id for w in data.weapons if w.id not in seen_weapons][:pub.decks[0]]
    cards = list(data.powerup_cards())
    for c in view.powerups:
        if c in cards:
            cards.remove(c)
    on_board = {t for t in tiles.values() if t is not None}
    ammo_deck = [i for i in range(len(data.tiles())) if i not in on_board][:pub.decks[2]]
    phase = pub.phase
    killed = tuple(pv.seat for pv in pub.players if pv.killed)
    frenzy_from = (pub.frenzy_left[-1] if pub.frenzy_left else pub.turn) if pub.frenzy else None
    ending = (phase == "turn" and pub.turn == me and pub.actions_left == 0 and not pub.frenzy
              and _reloaded_this_turn(view))
    options = {"map": pub.map_id, "skulls": pub.skulls_start, "ending": pub.ending, "double_kill": True,
               "open_weapons": pub.open_weapons, "reaction_wait": 60, "pace": "live"}
    return State(
        map_id=pub.map_id, seats=tuple(pv.figure for pv in pub.players), options=options, rng=Rng(1),
        players=players, first=next((pv.seat for pv in pub.players if pv.first), 0), turn=pub.turn,
        turns=pub.turns, actions_left=pub.actions_left, ending=ending, phase=phase,
        weapon_deck=weapon_deck, powerup_deck=cards[:pub.decks[1]], ammo_deck=ammo_deck, tiles=tiles, slots=slots,
        track=[tuple(t) for t in pub.track], skulls=pub.skulls, frenzy=pub.frenzy, frenzy_left=tuple(pub.frenzy_left),
        frenzy_from=frenzy_from, kills=[s for s in killed if len(players[s].damage) >= KILLSHOT],
        reacting=tuple(pub.waiting) if phase in ("scope", "tagback") else (),
        respawning=killed if phase == "respawn" else (), tagback_answer={me: view.tagback}, done=pub.over,
        summary=pub.summary, last=tuple(pub.log))
