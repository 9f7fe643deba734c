"""The views (views.py) built from a state: what the channel sees and what one seat alone sees."""

from __future__ import annotations

from functools import lru_cache

from rules.powerup import cards, flow, life
from rules.powerup.board import board, name
from rules.powerup.data import game_data
from rules.powerup.state import Buster, State
from rules.powerup.views import (
    BusterView,
    CardView,
    CellView,
    FigureView,
    ItemView,
    PrivateView,
    PublicView,
)

ARROW = {1: ">", -1: "<"}


def item_view(item_id: str) -> ItemView:
    it = life.item(item_id)
    assert it is not None
    if it.kind == "A":
        text = f"armor +{it.armor}"
    else:
        reach = f" range {it.range}" if it.range else " range: yellow die" if it.kind == "V" else ""
        text = f"{'melee' if it.kind == 'M' else 'ranged'} +{it.dice}{reach} speed {it.speed}"
    if it.damage:
        text += f" {it.damage}"
    if it.keywords:
        text += " " + " ".join(it.keywords)
    if it.destroyed_when != "never":
        text += f" (breaks: {it.destroyed_when.replace('_', ' ')})"
    return ItemView(id=it.id, name=it.name, slot=it.slot, text=text)


def _buster_view(s: State, seat: int, b: Buster) -> BusterView:
    bonus = 0
    if s.coop is not None:  # co-op professions: the heavy's Tank adds to the armor shown (professions.py)
        from rules.powerup.professions import armor_bonus

        bonus = armor_bonus(s, seat)
    return _buster_view_of(seat, s.seats[seat], b, s.played[seat] if s.played else False, bonus)


@lru_cache(maxsize=256)  # a Buster is frozen: its view is worked out once (views are built several times a step)
def _buster_view_of(seat: int, label: str, b: Buster, played: bool, armor_bonus: int = 0) -> BusterView:
    dist = life.weapon(b, "distance")
    equipped = [game_data().sheet(b.sheet).epic.weapon.id] if b.epic else [i for i in b.equipped if i]
    if b.epic and b.equipped[2]:
        equipped.append(b.equipped[2])
    return BusterView(
        seat=seat, label=label, sheet=b.sheet, team=b.team, lives=b.lives, rp=b.rp, rp_max=life.rp_max(b),
        ammo=b.ammo, ammo_max=life.ammo_max(b), armor=life.armor(b) + armor_bonus, melee=life.melee_dice(b),
        ranged=life.ranged_dice(b, dist), equipped=tuple(item_view(i) for i in equipped),
        owned=tuple(item_view(i) for i in b.owned if i not in b.equipped), epic=b.epic, hand_size=len(b.hand),
        coins=b.coins, captures=b.captures, kills=b.kills, deaths=b.deaths, played=played)


@lru_cache(maxsize=16)
def _cells(layout: tuple[tuple[int, ...], ...]) -> tuple[CellView, ...]:
    """The board's squares as drawn (floor, feature, face): once per layout."""
    b = board(layout)
    return tuple(CellView(x=sq[0], y=sq[1], floor=b.floor[sq], feature=b.feature[sq], face=b.face_at(sq))
                 for sq in b.squares())


def _effects(b: Buster | None) -> tuple[str, ...]:
    if b is None:
        return ()
    out = []
    for n, amount, _ in b.effects:  # "armor +2", "moves 3", "pause" (a flag)
        out.append(f"armor +{amount}" if n == "armor" else n if n == "pause" else f"{n} {amount}")
    if b.epic:
        out.append("EPIC")
    return tuple(out)


def public_view(s: State, waiting: str) -> PublicView:
    b = board(s.layout)
    play = s.phase in ("play", "over")
    figures = []
    for f in sorted(s.figures.values(), key=lambda f: f.id):
        sq = s.where(f.id)
        if sq is None:
            continue
        seat = s.seat_of(f.id)
        buster = s.busters[seat] if seat is not None else None
        team = buster.team if buster else f.id[6:] if f.kind == "robot" else ""
        home = f.kind == "robot" and f.square == life.robot_home(s, team) and f.carried_by is None
        figures.append(FigureView(
            id=f.id, kind=f.kind, team=team, x=sq[0], y=sq[1], facing=ARROW[f.facing], carried_by=f.carried_by or "",
            cargo=f.cargo or "", lives=buster.lives if buster else 0, protected=bool(buster and buster.protected),
            effects=_effects(buster), home=home, in_air=f.id == s.air,
            secret=s.coop is not None and f.id in dict(s.coop.held)))  # "holds a secret" (coop_secrets.py)
    mark = ",".join(m for m in flow.marks(s) if m == "relight")
    placing = ""
    if s.phase == "place":
        placing = f"{s.placing} places {'a POWERUP' if s.place_kind == 'powerup' else 'a drum'}"
    coop = None
    if s.coop is not None:
        from rules.powerup.coop_present import coop_view

        coop = coop_view(s)
    return PublicView(
        title="POWERUP · DEATHMATCH" if coop is None else f"POWERUP · ARCADE · {coop.mission}", phase=s.phase, width=b.width, height=b.height, faces=s.layout,
        cells=_cells(s.layout),
        gate_off=name(s.gate_off) if s.gate_off else "", shut=tuple(name(q) for q in s.shut),
        powerups=tuple((name(q), on) for q, on in sorted(s.powerups.items(), key=lambda x: (x[0][1], x[0][0]))),
        # behind the screens the channel sees no token go down (their squares show once play begins)
        # a square once for each token on it (both teams may have hidden one there)
        secrets=tuple(name(q) for q in sorted(s.secrets, key=lambda q: (q[1], q[0]))
                      for _ in s.secrets[q].split("+")) if play else (),
        fire=tuple(name(q) for q in s.fire), covers=tuple(name(q) for q in s.covers),
        coins=tuple((name(q), n) for q, n in sorted(s.coins.items())),
        bases=tuple((t, name(life.robot_home(s, t))) for t in ("RED", "BLU")) if coop is None else (),
        figures=tuple(figures),
        busters=tuple(_buster_view(s, i, x) for i, x in enumerate(s.busters)),
        sequence=s.sequence, round=flow.round_of(s.sequence) if s.sequence else 0, mark=mark, order=s.order,
        initiative=s.initiative, active=s.active if s.active is not None else -1, ap=s.ap if play else 0,
        score=s.score, placing=placing, waiting=waiting, last_roll=s.last_roll, events=s.events,
        winner=s.winner, coop=coop)


def card_view(card: str) -> CardView:
    c = game_data().pow(cards.card_name(card))
    cost = ", ".join(f"{v} {'RP' if k == 'rp' else k}" for k, v in c.cost.items()) or "free"
    return CardView(name=c.name, letter=cards.card_letter(card), type=c.type, cost=cost, text=c.text)


def private_view(s: State, seat: int, waiting: str, asked: str, legal: tuple[str, ...]) -> PrivateView:
    me = s.busters[seat]
    mates = tuple((s.seats[i], tuple(card_view(c) for c in b.hand)) for i, b in enumerate(s.busters)
                  if i != seat and b.team == me.team)
    tokens = []
    for sq, text in sorted(s.secrets.items(), key=lambda x: (x[0][1], x[0][0])):
        for token in text.split("+"):
            team, kind = token.split(":")
            if team == me.team:
                tokens.append((name(sq), kind))
    if s.coop is not None:  # co-op: the secrets a scout looked at are known to every BUGBUSTER (professions.py)
        from rules.powerup.professions import known

        tokens += known(s)
    # what BUGBUSTERs found and keep hidden: their side's, every BUGBUSTER seat's (coop_secrets.py)
    held = tuple(s.coop.held) if s.coop is not None and seat < len(s.busters) else ()
    return PrivateView(
        held=held,
        public=public_view(s, waiting), seat=seat, label=s.seats[seat], hand=tuple(card_view(c) for c in me.hand),
        team_hands=mates, team_secrets=tuple(tokens), to_hide=s.to_hide[seat] if s.to_hide else (),
        start=name(me.start) if me.start else "", asked=asked, legal=legal)
