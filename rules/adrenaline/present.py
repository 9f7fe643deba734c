"""Building the views (rules/adrenaline/views.py) from a State: what the channel and each seat see."""

from __future__ import annotations

from rules.adrenaline.data import game_data
from rules.adrenaline.geometry import geometry
from rules.adrenaline.state import State
from rules.adrenaline.tree import Node
from rules.adrenaline.views import (
    PlayerView,
    PrivateView,
    PublicView,
    SpawnView,
    TileView,
    WeaponCard,
)

COLOURS = {"banshee": "blue", "dozer": "grey", "sprog": "green", "violetta": "purple", "dstruct": "yellow"}


def card(weapon_id: str) -> WeaponCard:
    w = game_data().weapon(weapon_id)
    return WeaponCard(id=w.id, name=w.name, reload_cost=w.reload_cost, pickup_cost=w.pickup_cost)


def values(state: State, seat: int) -> tuple[int, ...]:
    p = state.players[seat]
    c = game_data().constants
    return c.board_values_frenzy if p.frenzy else c.board_values_normal[p.skulls:]


def step(state: State) -> str:
    if state.done:
        return "game over"
    if state.phase == "respawn":
        return "respawning"
    if state.phase == "scope":
        return "Targeting Scope?"
    if state.phase == "tagback":
        return "Tagback Grenade?"
    p = state.players[state.turn]
    if not p.spawned:
        return "spawning"
    if state.ending or state.actions_left == 0:
        return "end of turn"
    return "actions"


def public_view(state: State, waiting: tuple[int, ...]) -> PublicView:
    g = geometry(state.map_id)
    open_weapons = bool(state.options.get("open_weapons"))
    players = []
    for i, p in enumerate(state.players):
        loaded = p.loaded()
        players.append(PlayerView(
            seat=i, figure=p.figure, name=state.name(i), colour=COLOURS[p.figure], square=p.square, killed=p.killed,
            damage=p.damage, marks=p.marks, skulls=p.skulls, frenzy=p.frenzy, values=values(state, i), cubes=p.cubes,
            unloaded=tuple(card(w) for w in p.unloaded()), loaded_count=len(loaded),
            loaded=tuple(card(w) for w in loaded) if open_weapons else (), powerup_count=len(p.powerups),
            score=p.score, first=i == state.first))
    tiles = []
    data = game_data()
    for square, index in sorted(state.tiles.items(), key=lambda kv: g.squares.index(kv[0])):
        t = data.tiles()[index] if index is not None else None
        tiles.append(TileView(square=square, cubes=t.cubes if t else (), powerup=bool(t and t.powerup)))
    frenzy_actions = 0
    if state.frenzy and not state.done:
        from rules.adrenaline.scoring import frenzy_actions as count

        frenzy_actions = count(state, state.turn)
    return PublicView(
        map_id=state.map_id, map_name=state.map_id.replace("_", " "), grid=g.map.grid, doors=g.map.doors,
        spawns=tuple(SpawnView(colour=c, square=g.map.spawnpoints[c], weapons=tuple(
            card(w) if w else None for w in state.slots[c])) for c in ("R", "B", "Y")),
        tiles=tuple(tiles), players=tuple(players), track=tuple(state.track), skulls=state.skulls,
        skulls_start=int(state.options.get("skulls", 8)), frenzy=state.frenzy, frenzy_left=state.frenzy_left,
        turn=state.turn, turns=state.turns, actions_left=state.actions_left, frenzy_actions=frenzy_actions,
        phase=state.phase, step=step(state), waiting=waiting,
        decks=(len(state.weapon_deck), len(state.powerup_deck), len(state.ammo_deck)),
        discards=(len(state.powerup_discard), len(state.ammo_discard)), open_weapons=open_weapons,
        ending=str(state.options.get("ending", "frenzy")), log=state.last, over=state.done, summary=state.summary)


def private_view(state: State, seat: int, waiting: tuple[int, ...], node: Node | None) -> PrivateView:
    from rules.adrenaline.lines import draft_text

    p = state.players[seat]
    g = geometry(state.map_id)
    mine = state.draft if seat in waiting and seat == _drafter(state) else ()
    return PrivateView(
        public=public_view(state, waiting), seat=seat, powerups=p.powerups,
        weapons=tuple((card(w), ok) for w, ok in p.weapons),
        sees=tuple(sorted(g.seen[p.square], key=g.squares.index)) if p.square else (),
        draft=mine, draft_text=draft_text(state, seat, mine) if mine else "",
        tagback=state.tagback_answer.get(seat, "ask"),
        choices=node.tokens() if node is not None else (("confirm",) if mine else ()),
        prompt=node.prompt if node is not None else ("Confirm or cancel" if mine else ""))


def _drafter(state: State) -> int:
    """The seat whose draft ``state.draft`` is (the one deciding: the turn's, or a reacting seat's)."""
    if state.phase in ("scope",) and state.reacting:
        return state.reacting[0]
    return state.turn
