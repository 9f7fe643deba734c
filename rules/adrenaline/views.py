"""What ADRENALINE shows to the channel (PublicView) and to one player alone (PrivateView).

These models are the only way facts leave the engine: the renderer and every message are built from
them. Hidden information (the issue's "Hidden information"):

- Secret to their owner: the powerups in hand (type and colour; the two a first spawn draws, the one a
  respawn draws), the Tagback standing answer, the unconfirmed draft of a turn. Deck order is in no
  view, only deck sizes.
- Loaded weapons are in hand as at the table: the channel sees how many (their names only with the
  ``open_weapons`` option), though the log names each weapon taken, reloaded and fired. Unloaded
  weapons lie face up: named. Everything else is public.
- What a pause still reveals: that a reaction or respawn is pending, and from whom (the seats that
  hold the powerup that could answer are asked, so the channel learns someone holds one).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class WeaponCard(_Frozen):
    id: str
    name: str
    reload_cost: tuple[str, ...]  # first cube: the top one
    pickup_cost: tuple[str, ...]


class TileView(_Frozen):
    square: str
    cubes: tuple[str, ...]  # empty when the tile was taken this turn
    powerup: bool


class SpawnView(_Frozen):
    colour: str  # R B Y
    square: str
    weapons: tuple[WeaponCard | None, ...]  # the three slots


class PlayerView(_Frozen):
    seat: int
    figure: str  # id
    name: str  # "Banshee"
    colour: str  # the figure's colour: blue grey green purple yellow
    square: str | None  # None before the first spawn
    killed: bool  # killed, waiting to respawn at the end of the turn
    damage: tuple[int, ...]  # seats, in the order the tokens landed
    marks: tuple[int, ...]  # per attacking seat
    skulls: int
    frenzy: bool  # the board is on its 2-1-1-1 side
    values: tuple[int, ...]  # what the board is worth to its damagers now, in order
    cubes: tuple[int, int, int]  # R B Y
    unloaded: tuple[WeaponCard, ...]
    loaded_count: int
    loaded: tuple[WeaponCard, ...] = ()  # names only with open_weapons (else empty)
    powerup_count: int
    score: int
    first: bool  # the first-player marker


class PublicView(_Frozen):
    map_id: str
    map_name: str
    grid: tuple[str, str, str]  # room letters per row, "." no square
    doors: tuple[tuple[str, str], ...]
    spawns: tuple[SpawnView, ...]
    tiles: tuple[TileView, ...]
    players: tuple[PlayerView, ...]
    track: tuple[tuple[int, int], ...]  # (seat, tokens) in order
    skulls: int  # still on the track
    skulls_start: int
    frenzy: bool
    frenzy_left: tuple[int, ...]
    turn: int  # the seat whose turn it is
    turns: int  # turns begun so far
    actions_left: int  # actions the turn's seat has left (in frenzy too)
    frenzy_actions: int  # in frenzy: how many actions this seat's last turn has in all, 2 or 1 (0 otherwise)
    phase: str  # turn | scope | tagback | respawn | over
    step: str  # what the turn waits for, in a few words: "spawn", "actions", "end of turn", ...
    waiting: tuple[int, ...]  # seats whose answer the game waits for
    decks: tuple[int, int, int]  # weapons, powerups, ammo tiles left to draw
    discards: tuple[int, int]  # powerups, ammo tiles
    open_weapons: bool
    ending: str  # frenzy | sudden_death
    log: tuple[str, ...]  # the last public lines
    over: bool
    summary: str


class PrivateView(_Frozen):
    """The public view plus what one seat alone may know."""

    public: PublicView
    seat: int
    powerups: tuple[str, ...]  # "type:colour"
    weapons: tuple[tuple[WeaponCard, bool], ...]  # every weapon in hand, loaded or not
    sees: tuple[str, ...]  # squares this seat sees now (shaded on its image)
    draft: tuple[str, ...]  # the unconfirmed action so far, in notation pieces
    draft_text: str  # the draft as a person reads it ("Shoot › Plasma Gun › …")
    tagback: str  # ask | never | always
    choices: tuple[str, ...]  # the next level's options (notation), for the screen
    prompt: str  # what the next level asks
