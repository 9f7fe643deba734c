"""What a co-op game (ARCADE; STORY later) adds to the state (docs/games/powerup-coop-design.md): BUGs,
NPCs, portal pieces, the BUGMISTRESS's cards and level, the CONTINUE track, the market, who is down and
who has yet to play. ``State.coop`` holds one ``Coop`` (None in DEATHMATCH), copied with the state and
dumped with it as plain JSON.

Figures stay part 1's ``Figure``s (kind ``bug``, ``npc``, ``piece``, ``mistress``, ``glitch``): gravity,
pushes and sight treat them as any figure. What a figure is beyond its square lives here, by figure id.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from rules.core.snapshot import jsonable, tupled

# Figure ids: a BUG's is its type's prefix and a number (BG1, BB2, BIG1, BIC1, BRA1, BLB1, BDZ1, BRP1, BSS1)
PREFIX = {"BUGGIE": "BG", "BATBUG": "BB", "BIGBUG": "BIG", "BICEFALUS": "BIC", "BRASAS": "BRA", "BLOB": "BLB",
          "BUGDOZER": "BDZ", "BURP": "BRP", "BOSS": "BSS"}


@dataclass(frozen=True, slots=True)
class Bug:
    """A BUG on the board: its sheet (``kind``), lives left, ``dizzy`` (spawned this BUG turn: it takes no
    actions, rb 960), ``stack`` (BUGGIEs in one square, TEAM 4, rb 991), a secret it carries (Hidden Keys)
    and an equipment card a Thief Buggie took (it returns to ``owner`` when the BUG dies)."""

    kind: str
    lives: int
    dizzy: bool = False
    stack: int = 1
    secret: str = ""
    stolen: str = ""
    owner: str = ""


@dataclass(frozen=True, slots=True)
class Npc:
    """A non-player character (a VIP): its lives and the moves left to it this sequence."""

    lives: int = 1
    moves: int = 2


@dataclass(slots=True)
class Coop:
    mission: str
    bugs: dict[str, Bug] = field(default_factory=dict)
    npcs: dict[str, Npc] = field(default_factory=dict)
    pieces: dict[str, int] = field(default_factory=dict)  # portal piece id -> lives
    active: tuple[str, ...] = ("BUGGIE", "BATBUG")  # BUG sheets face up (rb 945)
    bug_deck: tuple[str, ...] = ()  # BUG cards "Name|k" (k: which copy), index 0 the top
    bug_hand: tuple[str, ...] = ()  # a human BUGMISTRESS's hand
    bug_discard: tuple[str, ...] = ()
    face_up: tuple[str, ...] = ()  # the AI's cards drawn face up this BUG turn
    event: str = ""  # the Event in force until her next turn (rb 979)
    level: int = 0  # the BUGMISTRESS figure's level: 0 none, 1, 2 (rb 1089-1091)
    continue_level: int = 0  # the CONTINUE track's position (its cost: coop_data().continue_track)
    market: tuple[str, ...] = ()  # the face-up equipment cards of the store
    fallen: tuple[int, ...] = ()  # seats whose BUGBUSTER lies at 0 lives
    to_play: tuple[int, ...] = ()  # seats that have not played this sequence (who goes next)
    points: tuple[int, ...] = ()  # per seat
    spawned: int = 0  # spawns so far (the first spawn releases BUGGIEs only)
    lost_npcs: tuple[str, ...] = ()  # NPCs killed (Save the VIPs is lost by one)
    mistress_lives: int = 0  # the BUGMISTRESS figure's lives at her level
    event_card: str = ""  # the Event's card ("Rage|2"), discarded when it ends
    # the sequence (coop_turn.py): bug (the BUG turn), next (who goes next), turn, continue, over
    stage: str = "bug"
    step: str = ""  # the AI's step in the BUG turn (ai_mistress.py): spawn, event, draw, cards, attack, move, last
    queue: tuple[str, ...] = ()  # spawn points, or BUGs, still to go in this step
    acting: str = ""  # the BUG acting now and its AP left
    bug_ap: int = 0
    aps: dict[str, int] = field(default_factory=dict)  # each BUG's AP left this BUG turn
    attacked: bool = False  # the acting BUG's attack is under way (declared, not yet landed)
    dodged: bool = False  # that attack was lost (its target moved away): the BUG acts on (rb 901)
    pause: float = 0.0  # seconds between the AI's steps (options.pause)
    result: str = ""  # won or lost, once over
    resume: str = ""  # the stage a CONTINUE interrupted (every BUGBUSTER down), to go back to
    offer: tuple = ()  # a CONTINUE offered: (BUGBUSTER brought back, ((payer, coins), ...))
    agreed: tuple[str, ...] = ()  # payers who accepted their share
    melted: tuple[int, ...] = ()  # seats whose body lies in acid: only a CONTINUE brings them back
    tiles_flipped: int = 0  # the sequence whose BUG turn saw her flip tiles (once a BUG turn: mistress_figure.py)
    # the BUG cards' marks (bug_cards.py): Charge used this BUG turn (a BUG's advance goes 2 squares);
    # BUG cards her next MOVE & ATTACK draw loses (BrainWash, rb 1194); SPAWNs cancelled (Disruptor, rb 1204)
    charge: bool = False
    brainwashed: int = 0
    disrupted: int = 0
    # a human BUGMISTRESS (mistress.py; her seat is the last, after the BUGBUSTERs'): she spawns this turn (a
    # spawn mark, no Disruptor); a BUG acting at once out of the order, (figure, AP left, "surprise" or
    # "thief"); the BUG type a Special Spawn puts down next; when her seat is asked to react (reactions.py)
    human: bool = False
    spawns: bool = False
    burst: tuple = ()
    placing: str = ""
    mistress_mode: str = "relevant"
    # Hidden Keys and the GLITCH (coop_secrets.py, glitch.py), tuples so that a clone shares them safely: the
    # secrets BUGBUSTERs found and keep hidden, (figure, token: "keyA", "coins3"); who rides each GLITCH,
    # (GLITCH, rider) in boarding order (the first BUGBUSTER aboard pilots, the second fires); each GLITCH's
    # lives, (GLITCH, lives); the pilot's squares already paid for, (sequence, seat, squares left) (rb 871)
    held: tuple[tuple[str, str], ...] = ()
    aboard: tuple[tuple[str, str], ...] = ()
    glitch_lives: tuple[tuple[str, int], ...] = ()
    flight: tuple[int, ...] = ()
    # professions (professions.py, option professions:on): per seat "engineer:a" ("" not picked yet; () off);
    # the Machine-Gun Turret's builder seat and ammo (turret.py: its figure is TURRET); uses marked once a turn
    # ("heal@3.0": sequence 3, seat 0) or once a POWERUP ("flip@0"); the secrets a scout looked at (square,
    # tokens); the hacker whose shop question first keeps 1 of the top POW! cards (Overclock; -1 none)
    professions: tuple[str, ...] = ()
    turret_by: int = -1
    turret_ammo: int = 0
    used: tuple[str, ...] = ()
    peeks: tuple[tuple[str, str], ...] = ()
    overclock: int = -1

    last_flip: str = ""  # the AI's BUG whose last action was a flip (it never flips straight back)

    def clone(self) -> Coop:
        return replace(self, bugs=dict(self.bugs), npcs=dict(self.npcs), pieces=dict(self.pieces), aps=dict(self.aps))

    def next_id(self, kind: str, taken: set[str]) -> str:
        """The lowest free figure id of a BUG type."""
        n = 1
        while f"{PREFIX[kind]}{n}" in taken:
            n += 1
        return f"{PREFIX[kind]}{n}"


_DICTS = {"bugs": Bug, "npcs": Npc}


def dump_coop(c: Coop | None) -> dict[str, Any] | None:
    if c is None:
        return None
    out: dict[str, Any] = {}
    for f in fields(Coop):
        value = getattr(c, f.name)
        if f.name in _DICTS:
            out[f.name] = {k: jsonable([getattr(v, x.name) for x in fields(_DICTS[f.name])])
                           for k, v in sorted(value.items())}
        else:
            out[f.name] = jsonable(value)
    return out


def load_coop(data: dict[str, Any] | None) -> Coop | None:
    if data is None:
        return None
    kwargs: dict[str, Any] = {}
    for f in fields(Coop):
        if f.name not in data:
            continue  # saved before the field existed: its default
        value = data[f.name]
        if f.name in _DICTS:
            kwargs[f.name] = {k: _DICTS[f.name](*tupled(v)) for k, v in value.items()}
        else:
            kwargs[f.name] = tupled(value)
    return Coop(**kwargs)
