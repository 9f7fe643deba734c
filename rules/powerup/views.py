"""What POWERUP shows to the channel (PublicView) and to one seat alone (PrivateView).

These models are the only way facts leave the engine: the renderer and every message read them.
Hidden information (rb 1882-1890 and the issue):

- Face-down secret tokens: their squares are public, what lies under them is not. A team knows what
  its own seats placed (rb 1882: "give half to each team. Players can place these"), so a seat's
  private view shows its team's tokens; the 13th token is set aside unseen by everyone.
- Start squares are placed behind screens; they become public when play begins (the figures stand on
  them).
- POW! hands: the count is public, the cards are seen by the seat and its teammates (the issue: "A
  team sees its members' hands").
- The order of the POW! and equipment decks is seen by nobody.

Squares are named ``C4`` (column letter, row from the bottom); ``x``/``y`` count from 0 at the bottom
left.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class CellView(_Frozen):
    x: int
    y: int
    floor: str  # "_" solid platform, "=" thin, "." none, "A" acid, "K" spikes, "#" block
    feature: str  # "." none, "L" ladder, "S" automatic stairs, "G" gateway, "#" block
    face: int  # the tile face the square is on (1-24)


class FigureView(_Frozen):
    id: str  # "RAY", "ROBOT-RED", "DRUM1"
    kind: str  # buster | robot | drum (co-op: bug, npc, piece, mistress, glitch)
    team: str  # RED | BLU | "" (drums)
    x: int  # the square (a carried figure: its carrier's; a GLITCH in the void: -1 or width, -1 or height)
    y: int
    facing: str  # ">" right, "<" left
    carried_by: str  # "" unless carried
    cargo: str  # what it carries ("" none)
    lives: int  # BUGBUSTERs; 0 for robots and drums
    protected: bool  # respawned and untouchable until its first normal action
    effects: tuple[str, ...]  # timed effects (present._effects): "armor +2", "moves 3", "pause", "EPIC"
    home: bool  # a robot on its base's home square
    in_air: bool = False  # mid-jump or falling (rb 763, rb 911): only the active seat's BUGBUSTER can be
    secret: bool = False  # co-op: a BUGBUSTER keeping a found key or coins hidden (rb 1818): "holds a secret"


class ItemView(_Frozen):
    id: str  # "E12", "RAY.blaster"
    name: str
    slot: str  # distance | melee | armor
    text: str  # a short line: "R +1W range 4 speed 1 piercing"


class BusterView(_Frozen):
    seat: int
    label: str  # "RED-RAY"
    sheet: str  # "RAY"
    team: str
    lives: int
    rp: int
    rp_max: int
    ammo: int
    ammo_max: int
    armor: int  # sheet + armor card + effects
    melee: str  # dice "1W1Y" (with the equipped melee weapon's)
    ranged: str
    equipped: tuple[ItemView, ...]  # the items in the three slots (empty slots left out)
    owned: tuple[ItemView, ...]  # equipment cards held but not equipped
    epic: bool
    hand_size: int
    coins: int
    captures: int
    kills: int
    deaths: int
    played: bool  # has played this sequence


class BugView(_Frozen):
    """A BUG, an NPC, a portal piece, the BUGMISTRESS figure or a GLITCH in co-op (its square is its
    FigureView's)."""
    id: str  # "BG1", "VIP2", "PORTAL1", "BUGMISTRESS"
    kind: str  # the BUG sheet ("BUGGIE"...), "NPC", "PORTAL", "BUGMISTRESS", "GLITCH"
    lives: int
    lives_max: int
    stack: int = 1  # BUGGIEs in the square (TEAM 4)
    dizzy: bool = False  # spawned this BUG turn: no actions
    thief: bool = False  # holds a stolen equipment card
    secret: bool = False  # holds a secret (Hidden Keys): "holds a secret", never which
    acting: bool = False  # the BUG acting now
    moves: int = 0  # an NPC's moves left this sequence
    riders: tuple[str, ...] = ()  # a GLITCH's riders, boarding order: the first pilots, the second fires (rb 869)


class SheetView(_Frozen):
    """A BUG sheet as the table sees it (inactive sheets are public too, the issue)."""
    id: str
    active: bool
    actions: int
    armor: int
    lives: int
    melee: str
    ranged: str  # "" none; "1W range 3 fire"
    spawn_cost: int
    abilities: tuple[str, ...]


class CoopView(_Frozen):
    mission: str  # "Save the VIPs"
    goal: str  # the goal and its progress, one line
    stage: str  # bug | next | turn | continue | over
    bugs: tuple[BugView, ...]
    sheets: tuple[SheetView, ...]
    burps: int
    burp_limit: int
    event: str  # the Event in force ("" none)
    face_up: tuple[str, ...]  # the AI's cards drawn face up this BUG turn
    deck: int  # BUG cards in the pile (the order is nobody's)
    discard: int
    hand_size: int  # a human BUGMISTRESS's hand (its size is public)
    level: int  # the BUGMISTRESS figure's level (0: not on the board)
    continue_cost: int
    market: tuple[tuple[str, str, int], ...]  # (card id, name, price) face up at the store
    prices: tuple[tuple[str, int], ...]  # the store card: ammo, life, reset_market, switch_on
    fallen: tuple[str, ...]  # BUGBUSTERs down
    to_play: tuple[str, ...]  # BUGBUSTERs yet to play this sequence
    points: tuple[int, ...]  # per seat
    primary: tuple[str, ...]  # the primary targets' squares
    result: str  # won | lost once over
    offer: str = ""  # a CONTINUE on the table: "TOR back: RAY 4 (yes), PAM 2 (asked)"
    # professions (option professions:on): per seat "Engineer: Turret Builder (a)" ("" not picked; () off);
    # the Machine-Gun Turret's ammo and its builder's sheet (its square: the figure TURRET, kind turret)
    professions: tuple[str, ...] = ()
    turret_ammo: int = 0
    turret_by: str = ""


class PublicView(_Frozen):
    title: str
    phase: str  # place | hide | play | over
    width: int  # squares
    height: int
    faces: tuple[tuple[int, ...], ...]  # tile rows of face numbers, top row first
    cells: tuple[CellView, ...]
    gate_off: str  # the gateway under the OFF marker ("" none)
    shut: tuple[str, ...]  # gateways shut by a card
    powerups: tuple[tuple[str, bool], ...]  # square -> ON
    secrets: tuple[str, ...]  # squares with face-down tokens, a square once per token on it
    fire: tuple[str, ...]
    covers: tuple[str, ...]
    coins: tuple[tuple[str, int], ...]
    bases: tuple[tuple[str, str], ...]  # team -> its robot's home square
    figures: tuple[FigureView, ...]
    busters: tuple[BusterView, ...]
    sequence: int  # 1.. over the game (0 before play)
    round: int
    mark: str  # the turn card's mark this sequence ("relight" or "")
    order: tuple[int, ...]  # seats in this sequence's order
    initiative: tuple[int, ...]  # INITIATIVE cards dealt for ties (0: none), by ``order``
    active: int  # the seat whose turn it is (-1 none)
    ap: int
    score: tuple[int, int]  # RED, BLU captures
    placing: str  # setup: the team placing and what ("RED places a POWERUP")
    waiting: str  # who the game waits for, in a few words
    last_roll: tuple[tuple[str, str], ...]  # (W or Y, face) of the last roll
    events: tuple[str, ...]  # the last events, oldest first
    winner: str  # RED | BLU once over (BUSTERS | BUGS in co-op)
    coop: CoopView | None = None  # co-op (ARCADE): BUGs, her cards, the store, the goal


class CardView(_Frozen):
    name: str
    letter: str  # E P I C or "*" (the joker)
    type: str  # special | trick
    cost: str  # "free", "1 RP", "1 ammo"
    text: str


class BugCardView(_Frozen):
    """A BUG card in a human BUGMISTRESS's hand (her screen alone)."""
    token: str  # "Charge:2" (mistress_pay.token)
    name: str
    type: str  # special | trick | event
    spawn: int  # its SPAWN value (what it pays)
    indicator: tuple[str, ...]  # the auto-spawn indicator, top to bottom (the AI's; shown as printed)
    text: str  # the player's effect (coop.json bug_cards[].player)


class MistressView(_Frozen):
    """A human BUGMISTRESS's living panel (mistress_present.py): what she alone sees, and her options."""
    hand: tuple[BugCardView, ...]
    step: str  # main (activate, spawn, cards; then bugs) | act (her BUGs act) | put (a Special Spawn) | ""
    spawns: bool  # a spawn turn (a spawn mark, no Disruptor)
    activation: tuple[tuple[str, int], ...]  # inactive types and their activation costs
    spawn_costs: tuple[tuple[str, int], ...]  # active types and their SPAWN costs
    points: tuple[str, ...]  # her spawn points now ("BRP1 front, above")
    bugs: tuple[str, ...]  # each BUG's AP and actions now ("BG3 2 AP: move, flip, hit RAY")
    acting: str  # the BUG acting now (or at once: Surprise!, a Thief Buggie)
    mode: str  # when she is asked in the BUGBUSTERs' windows: relevant | all | none
    event: str  # the Event in force


class PrivateView(_Frozen):
    public: PublicView
    seat: int
    label: str
    hand: tuple[CardView, ...]
    team_hands: tuple[tuple[str, tuple[CardView, ...]], ...]  # teammates' hands (label, cards)
    team_secrets: tuple[tuple[str, str], ...]  # square -> token its team placed ("coins3", "trap", "powerup")
    to_hide: tuple[str, ...]  # tokens this seat still has to place (setup behind screens)
    start: str  # its start square once placed ("" before)
    asked: str  # what it is asked now ("" nothing)
    legal: tuple[str, ...]  # its legal actions in notation
    # co-op: the secrets its side keeps hidden, (figure, "keyA" / "coins3"): against the AI BUGMISTRESS every
    # BUGBUSTER seat sees what any BUGBUSTER found (rb 1818; the public view shows "holds a secret")
    held: tuple[tuple[str, str], ...] = ()
    # co-op, a human BUGMISTRESS's seat: her hand and panel (her seat's ``hand``/``team_hands`` stay empty:
    # she never sees the BUGBUSTERs' POW! cards; they never see this)
    mistress: MistressView | None = None
