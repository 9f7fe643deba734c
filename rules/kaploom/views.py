"""What KAPLOOM! shows to the channel (PublicView) and to one player behind their screen (PrivateView).

These models are the only way facts leave the engine: the renderer and every message are built
from them. A die's composition (its colour, or the faces attached to an action die) and the faces a
player stores are public ("there is no hidden information on the number or type of faces used to
construct your action dice"); what a die rolled and where it is assigned stays behind the screen
until the reveal of Phase 2.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Face = Literal["wild", "might", "energy", "toughness", "agility", "x_factor", "blank"]
Phase = Literal["roll", "reveal", "power_up", "over"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class DieView(_Frozen):
    id: int  # the die's number for its owner, 1-based; the notation uses it ("assign 3 grow")
    kind: Literal["trait", "action"]
    colour: str  # trait: red/yellow/blue/purple/green; action dice are "gray"
    faces: tuple[str, ...]  # its six faces; an empty slot of an action die is "blank"


class AssignmentView(_Frozen):
    action: str  # action id, e.g. "grow"
    name: str  # printed name, e.g. "GROW"
    board: Literal["attack", "defense", "power_up", "super", "duo"]
    role: str  # base | kicker | multiplier | immediate | power_up | phase3_trigger | phase2 | lock_in | ...
    requirement: str  # human text of the dice requirement, e.g. "X-FACTOR + ENERGY"
    dice: tuple[int, ...]  # ids of the owner's dice placed on it
    active: bool  # every requirement met (and any cost paid)
    value: int | None = None  # base value, what a kicker adds (PUNISH with its owner's dice), multiplier
    faces: tuple[str, ...] = ()  # faces showing on those dice (added: the ally's duo dice need them)


class SlotView(_Frozen):
    """One die's place in an action's requirement, and the die on it if any."""

    need: Literal["might", "energy", "toughness", "agility", "x_factor", "any", "action", "non_blank_action"]
    # a face (wild may stand in), ANY DIE, ANY ACTION DIE, NON-BLANK ACTION DIE
    pair: int = 0  # 0: a single slot; n > 0: the two halves of matched pair n must show matching faces
    die: int | None = None  # the die on it, numbered for its owner (the ally's numbers when ``ally``)
    face: str | None = None  # the face that die shows
    ally: bool = False  # 2 vs 2: the die is the ally's, on the shared duo board


class ActionView(_Frozen):
    """One action of the player's boards as it stands behind their screen: what it needs, what is on
    it, whether it is met and what it is worth. Built with the rules' own requirement search and
    scoring, so the screen says what the reveal will do."""

    action: str
    name: str
    board: Literal["attack", "defense", "power_up", "super", "duo"]
    role: str
    requirement: str  # e.g. "X-FACTOR + ENERGY"
    size: int  # dice it takes
    slots: tuple[SlotView, ...]  # one per die it takes, filled ones first
    dice: tuple[int, ...]  # the player's own dice on it
    met: bool  # every dice requirement met by the dice on it now (the ally's duo dice included)
    active: bool  # Phase 1: as ``met``; after the reveal: activated (met, and any face cost paid)
    value: int | None = None  # base value, what a kicker adds (PUNISH with the dice you own), multiplier
    total: Literal["attack", "defense"] | None = None  # the total a base, kicker or multiplier is part of
    counted: bool = False  # part of the attack or defense total as placed now (only the higher base
    # and the higher multiplier count; kickers count only with a base)
    cost: int = 0  # faces it costs at the reveal (OVERCHARGE)
    locked_in: bool = False  # a lock-in ability that is already locked in for the rest of the game
    note: str = ""  # a condition the total depends on, e.g. TEAM UP's pointers


class TotalPart(_Frozen):
    name: str  # "POW", "WORLD DOMINATION"
    kind: Literal["base", "kicker", "lock_in", "multiplier"]
    value: int  # base value, amount added before the multiplier, or the multiplier


class TotalView(_Frozen):
    """An attack or defense total: (BASE + KICKER(S)) x MULTIPLIER, as the rules compute it."""

    value: int  # 0 when there is no base
    base: int  # the base that counts (the highest), 0 when none
    added: int  # kickers and locked-in bonuses, before the multiplier
    multiplier: int  # the multiplier that counts (the highest), 1 when none
    parts: tuple[TotalPart, ...]  # what counts, in that order: base, additions, multiplier
    notes: tuple[str, ...] = ()  # what the reveal may still change (face costs, SLOW MOTION, ...)
    if_ally_agrees: int | None = None  # 2 vs 2 attack: the total if the ally points at the same opponent


class RevealView(_Frozen):
    """A player's screen after the reveal: what they rolled and what they activated."""

    roll: dict[int, str]  # die id -> face showing
    assignments: tuple[AssignmentView, ...]
    attack: int  # total attack value (0 when no base attack)
    defense: int  # total defense value (0 when no base defense)
    target: int | None = None  # 2 vs 2: the seat their pointer chose


class LastRevealView(_Frozen):
    """What a player's screen showed at the last reveal fought out, kept after its round moves on
    (a reveal is public once made): the board shows it while no reveal is live, e.g. in the next
    round's Phase 1 when nobody had anything to power up and the round ended in the same step."""

    round: int  # the round of that reveal
    attack: int  # the attack total as fought (0: no base attack)
    defense: int  # the defense total (0: no base defense)
    activated: tuple[str, ...]  # printed names of the actions activated, in placement order
    target: int | None = None  # 2 vs 2: the seat their pointer chose
    lost: int = 0  # health lost to attacks in that Phase 2


class PlayerView(_Frozen):
    seat: int
    label: str  # "villain", "hero"; in 2 vs 2 "villain 1", "hero 2", ...
    team: int  # 0 villains, 1 heroes
    super_board: str | None  # printed name of the super board in advanced play
    health: int
    max_health: int
    knocked_out: bool
    dice: tuple[DieView, ...]
    stored_faces: tuple[str, ...]  # unattached faces kept behind the screen (their types are public)
    locked_in: tuple[str, ...]  # printed names of abilities locked in for the rest of the game
    ready: bool  # Phase 1: has marked their screen ready
    announced: tuple[str, ...]  # IMMEDIATE actions announced this round, e.g. ("TIME JUMP",)
    revealed: RevealView | None  # None until Phase 2 reveals the screens
    last_reveal: LastRevealView | None = None  # the last reveal fought out (this round's or an earlier one)


class PoolView(_Frozen):
    trait_dice: dict[str, int]  # colour -> dice left in the shared pool
    action_dice: int
    faces: dict[str, int]  # face -> unattached faces left in the pool


class PublicView(_Frozen):
    game: Literal["kaploom"] = "kaploom"
    variant: Literal["standard", "advanced", "2v2"]
    round: int
    phase: Phase
    first_player: int
    turn_order: tuple[int, ...]
    to_act: tuple[int, ...]
    players: tuple[PlayerView, ...]
    pool: PoolView
    last_events: tuple[str, ...]  # the most recent public events, oldest first
    winners: tuple[int, ...] = ()  # seats that won, once the game is over
    summary: str | None = None  # final summary, once the game is over


class PrivateView(_Frozen):
    """One player's screen: everything public plus their own roll and assignments."""

    seat: int
    public: PublicView
    roll: dict[int, str]  # die id -> face showing (empty outside Phase 1 before the roll)
    assignments: tuple[AssignmentView, ...]  # actions with dice on them, active or not
    unassigned: tuple[int, ...]  # die ids not yet placed
    locked: tuple[int, ...]  # die ids locked by an IMMEDIATE action
    target: int | None = None  # 2 vs 2: their secret pointer
    pending: tuple[str, ...] = ()  # what the engine waits for from them, in words
    legal_count: int = 0  # how many actions are open to them now
    ally_duo: tuple[AssignmentView, ...] = ()  # 2 vs 2: the ally's dice on the shared duo board (ally's die ids)
    # Every action of the player's boards (a knocked-out player: the duo board), placed or not.
    actions: tuple[ActionView, ...] = ()
    # The totals the dice as placed would give at the reveal (Phase 1), or the revealed ones.
    attack: TotalView | None = None
    defense: TotalView | None = None
