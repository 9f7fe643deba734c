"""A State as JSON and back (``load_state(dump_state(s)) == s``)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from rules.adrenaline.state import Player, Shot, State
from rules.core.rng import Rng
from rules.core.snapshot import jsonable

_PLAYER_FIELDS = [f for f in fields(Player) if f.init]  # not the remembered hash
_PLAIN = [f.name for f in fields(State) if f.name not in ("rng", "players", "shot", "respawn_choice", "tagback_answer")]


def dump_state(state: State) -> dict[str, Any]:
    out: dict[str, Any] = {name: jsonable(getattr(state, name)) for name in _PLAIN}
    out["rng"] = state.rng.state()
    out["players"] = [jsonable({f.name: getattr(p, f.name) for f in _PLAYER_FIELDS}) for p in state.players]
    s = state.shot
    out["shot"] = None if s is None else {
        "shooter": s.shooter, "weapon": s.weapon, "damaged": list(s.damaged), "converted": sorted(s.converted),
        "new_marks": [[k, v] for k, v in sorted(s.new_marks.items())], "seen_by": sorted(s.seen_by),
        "untouchable": sorted(s.untouchable)}
    out["respawn_choice"] = [[k, v] for k, v in sorted(state.respawn_choice.items())]
    out["tagback_answer"] = [[k, v] for k, v in sorted(state.tagback_answer.items())]
    return out


def load_state(data: dict[str, Any]) -> State:
    kwargs: dict[str, Any] = {}
    for f in fields(State):
        if f.name in _PLAIN:
            kwargs[f.name] = data[f.name]
    for name in ("seats", "frenzy_left", "draft", "reacting", "respawning", "last"):
        kwargs[name] = tuple(kwargs[name])
    kwargs["track"] = [tuple(t) for t in kwargs["track"]]
    kwargs["slots"] = {k: list(v) for k, v in kwargs["slots"].items()}
    kwargs["options"] = dict(kwargs["options"])
    players = [Player(figure=p["figure"], square=p["square"], damage=tuple(p["damage"]), marks=tuple(p["marks"]),
                      skulls=p["skulls"], frenzy=p["frenzy"], cubes=tuple(p["cubes"]),
                      weapons=tuple((w, bool(ok)) for w, ok in p["weapons"]), powerups=tuple(p["powerups"]),
                      points=tuple((c, int(n)) for c, n in p["points"]), killed=p["killed"])
               for p in data["players"]]
    s = data["shot"]
    shot = None if s is None else Shot(s["shooter"], s["weapon"], list(s["damaged"]), set(s["converted"]),
                                       {int(k): int(v) for k, v in s["new_marks"]}, set(s["seen_by"]),
                                       frozenset(s["untouchable"]))
    return State(rng=Rng(state=data["rng"]), players=players, shot=shot,
                 respawn_choice={int(k): v for k, v in data["respawn_choice"]},
                 tagback_answer={int(k): v for k, v in data["tagback_answer"]}, **kwargs)
