"""KAPLOOM! views built by hand: the rulebook's play example in every phase, advanced play with
super boards, 2 vs 2, and a game over. They exercise the renderer without the engine."""

from __future__ import annotations

from rules.kaploom.data import game_data
from rules.kaploom.requirements import unfold
from rules.kaploom.views import (
    ActionView,
    AssignmentView,
    DieView,
    PlayerView,
    PoolView,
    PrivateView,
    PublicView,
    RevealView,
    SlotView,
    TotalPart,
    TotalView,
)

TRAIT_FACES = {
    "red": ("might", "might", "might", "energy", "wild", "blank"),
    "yellow": ("energy", "energy", "energy", "might", "wild", "blank"),
    "purple": ("toughness", "toughness", "toughness", "agility", "wild", "blank"),
    "green": ("agility", "agility", "agility", "toughness", "wild", "blank"),
    "blue": ("x_factor", "x_factor", "x_factor", "wild", "blank", "blank"),
}
START_ACTION = ("wild", "blank", "blank", "blank", "blank", "blank")


def dice(*spec: str | tuple[str, ...]) -> tuple[DieView, ...]:
    """Colours make trait dice, tuples of faces make action dice; ids count from 1."""
    result = []
    for number, item in enumerate(spec, start=1):
        if isinstance(item, tuple):
            faces = item + ("blank",) * (6 - len(item))
            result.append(DieView(id=number, kind="action", colour="gray", faces=faces))
        else:
            result.append(DieView(id=number, kind="trait", colour=item, faces=TRAIT_FACES[item]))
    return tuple(result)


HERO_DICE = dice("blue", "yellow", "purple", "green", START_ACTION)
VILLAIN_DICE = dice("blue", "red", "yellow", "green", START_ACTION)


def assignment(
    action: str,
    board: str,
    role: str,
    requirement: str,
    ids: tuple[int, ...],
    active: bool = True,
    value: int | None = None,
    name: str | None = None,
) -> AssignmentView:
    return AssignmentView(
        action=action,
        name=name or action.replace("_", " ").upper(),
        board=board,  # type: ignore[arg-type]
        role=role,
        requirement=requirement,
        dice=ids,
        active=active,
        value=value,
    )


HERO_ROLL = {1: "x_factor", 2: "energy", 3: "wild", 4: "agility", 5: "blank"}
HERO_ASSIGNMENTS = (
    assignment("block", "defense", "base", "ANY + TOUGHNESS", (5, 3), value=2),
    assignment("grow", "power_up", "power_up", "X-FACTOR + ENERGY", (1, 2)),
    assignment("sucker_punch", "power_up", "phase3_trigger", "AGILITY", (4,)),
)
VILLAIN_ROLL = {1: "x_factor", 2: "might", 3: "energy", 4: "agility", 5: "blank"}
VILLAIN_ASSIGNMENTS = (
    assignment("pow", "attack", "base", "MIGHT + ENERGY", (2, 3), value=3),
    assignment("time_jump", "power_up", "immediate", "ANY DIE", (5,)),
    assignment("power_on", "power_up", "power_up", "X-FACTOR + AGILITY", (1, 4)),
)

FULL_POOL = PoolView(
    trait_dice={"red": 3, "yellow": 2, "blue": 2, "purple": 3, "green": 2},
    action_dice=6,
    faces={"wild": 10, "might": 10, "energy": 10, "toughness": 8, "agility": 8, "x_factor": 8},
)


def player(
    seat: int, label: str, team: int, dice_: tuple[DieView, ...], health: int = 30, **extra
) -> PlayerView:
    values = dict(
        seat=seat,
        label=label,
        team=team,
        super_board=None,
        health=health,
        max_health=30,
        knocked_out=False,
        dice=dice_,
        stored_faces=(),
        locked_in=(),
        ready=False,
        announced=(),
        revealed=None,
    )
    values.update(extra)
    return PlayerView(**values)


def standard(phase: str, **extra) -> PublicView:
    """The rulebook's play example (seat 0 villain, seat 1 hero) at ``phase``."""
    villain = player(0, "villain", 0, VILLAIN_DICE, ready=phase == "roll", announced=("TIME JUMP",))
    hero = player(1, "hero", 1, HERO_DICE)
    events: tuple[str, ...] = (
        "Round 1 begins: both players roll behind their screens.",
        "Villain announces TIME JUMP and re-rolls a die.",
        "Villain is ready.",
    )
    to_act: tuple[int, ...] = (1,)
    if phase in ("reveal", "power_up", "over"):
        villain = villain.model_copy(
            update=dict(
                ready=True,
                revealed=RevealView(roll=VILLAIN_ROLL, assignments=VILLAIN_ASSIGNMENTS, attack=3, defense=0),
            )
        )
        hero = hero.model_copy(
            update=dict(
                ready=True,
                revealed=RevealView(roll=HERO_ROLL, assignments=HERO_ASSIGNMENTS, attack=0, defense=2),
            )
        )
        events = events[1:] + (
            "Screens revealed.",
            "Villain attacks for 3; hero defends 2 and loses 1 health (29).",
        )
        to_act = (1,)
        hero = hero.model_copy(update=dict(health=29))
    if phase in ("power_up", "over"):
        villain = villain.model_copy(
            update=dict(dice=VILLAIN_DICE + dice(*(["blue"] * 5), ("might",))[5:], health=28)
        )
        events = events[2:] + (
            "Villain powers on: gains action die #6 with a MIGHT face.",
            "SUCKER PUNCH: villain loses 2 health (28).",
        )
    if phase == "over":
        villain = villain.model_copy(update=dict(health=0, knocked_out=True))
        events = events + ("Hero's KAPLOOM! hits for 12: villain is knocked out.",)
        extra.setdefault("winners", (1,))
        extra.setdefault(
            "summary", "Hero wins in round 9 with 17 health left; villain knocked out by a 12-point KAPLOOM!"
        )
        to_act = ()
    values = dict(
        variant="standard",
        round=1,
        phase=phase,
        first_player=0,
        turn_order=(0, 1),
        to_act=to_act if phase != "roll" else (1,),
        players=(villain, hero),
        pool=FULL_POOL,
        last_events=events,
    )
    values.update(extra)
    return PublicView(**values)


def advanced_reveal() -> PublicView:
    """Advanced play mid-game: bigger pools, stored faces, a locked-in ability, inactive actions."""
    kane_dice = dice(
        "red",
        "red",
        "yellow",
        "blue",
        "green",
        ("wild", "might", "energy"),
        ("x_factor", "might", "blank", "energy"),
        ("wild", "wild", "agility", "toughness", "might", "x_factor"),
    )
    nut_dice = dice(
        "purple",
        "purple",
        "red",
        "green",
        "blue",
        "yellow",
        ("wild", "toughness"),
        ("agility", "agility", "toughness"),
    )
    kane_roll = {
        1: "might",
        2: "might",
        3: "energy",
        4: "x_factor",
        5: "agility",
        6: "energy",
        7: "x_factor",
        8: "wild",
    }
    nut_roll = {
        1: "toughness",
        2: "toughness",
        3: "might",
        4: "agility",
        5: "x_factor",
        6: "energy",
        7: "toughness",
        8: "agility",
    }
    kane = player(
        0,
        "villain",
        0,
        kane_dice,
        health=14,
        max_health=26,
        super_board="VICTOR KANE",
        stored_faces=("wild", "energy"),
        locked_in=("WORLD DOMINATION",),
        ready=True,
        revealed=RevealView(
            roll=kane_roll,
            assignments=(
                assignment(
                    "wham", "attack", "base", "MIGHT + MIGHT + ENERGY + ANY DIE", (1, 2, 3, 5), value=6
                ),
                assignment("punish", "super", "kicker", "MIGHT + X-FACTOR", (6, 4), active=False, value=2),
                assignment(
                    "double_trouble",
                    "attack",
                    "multiplier",
                    "2 ACTION DICE MATCHING, NO BLANK + MIGHT + ENERGY",
                    (7, 8),
                    active=False,
                    value=2,
                ),
            ),
            attack=8,
            defense=0,
        ),
    )
    nut = player(
        1,
        "hero",
        1,
        nut_dice,
        health=21,
        max_health=34,
        super_board="TOUGH NUT",
        ready=True,
        revealed=RevealView(
            roll=nut_roll,
            assignments=(
                assignment(
                    "iron_wall", "defense", "base", "TOUGHNESS ×2 + AGILITY + ANY DIE", (1, 2, 4, 6), value=5
                ),
                assignment("welded_plates", "super", "kicker", "TOUGHNESS + ANY DIE", (7, 3), value=2),
                assignment("grow", "power_up", "power_up", "X-FACTOR + ENERGY", (5, 8), active=False),
            ),
            attack=0,
            defense=7,
        ),
    )
    return PublicView(
        variant="advanced",
        round=7,
        phase="reveal",
        first_player=0,
        turn_order=(0, 1),
        to_act=(0,),
        players=(kane, nut),
        pool=PoolView(
            trait_dice={"red": 1, "yellow": 3, "blue": 2, "purple": 2, "green": 3},
            action_dice=3,
            faces={"wild": 5, "might": 6, "energy": 7, "toughness": 6, "agility": 5, "x_factor": 6},
        ),
        last_events=(
            "Round 7: screens revealed.",
            "Victor Kane: WHAM with WORLD DOMINATION +2 = attack 8.",
            "Tough Nut defends 7 (IRON WALL 5 + WELDED PLATES 2) and loses 1 health (21).",
        ),
    )


def two_vs_two(phase: str = "reveal") -> PublicView:
    seats = []
    labels = ["villain 1", "villain 2", "hero 1", "hero 2"]
    healths = [12, 0, 18, 25]
    for seat, label in enumerate(labels):
        team = 0 if seat < 2 else 1
        knocked = healths[seat] == 0
        roll = {1: "might", 2: "energy", 3: "toughness", 4: "wild", 5: "blank"}
        revealed = None
        if phase != "roll":
            assignments = (
                (assignment("hand_off", "duo", "power_up", "ANY DIE", (5,)),)
                if knocked
                else (
                    assignment("pow", "attack", "base", "MIGHT + ENERGY", (1, 2), value=3),
                    assignment("block", "defense", "base", "ANY + TOUGHNESS", (3, 4), value=2),
                    assignment(
                        "cover",
                        "duo",
                        "ally_defense_kicker",
                        "TOUGHNESS + ANY DIE",
                        (5,),
                        active=False,
                        value=2,
                    ),
                )
            )
            revealed = RevealView(
                roll=roll,
                assignments=assignments,
                attack=0 if knocked else 3,
                defense=0 if knocked else 2,
                target=None if knocked else (2 if team == 0 else 0),
            )
        seats.append(
            player(
                seat,
                label,
                team,
                dice("blue", "red", "yellow", "green", START_ACTION),
                health=healths[seat],
                knocked_out=knocked,
                ready=phase != "roll" or seat % 2 == 0,
                revealed=revealed,
            )
        )
    return PublicView(
        variant="2v2",
        round=5,
        phase=phase,
        first_player=1,
        turn_order=(1, 0, 2, 3),
        to_act=(2,) if phase != "roll" else (1, 3),
        players=tuple(seats),
        pool=FULL_POOL,
        last_events=(
            "Villain 1 attacks hero 1 for 3; hero 1 defends 2 and loses 1 health (18).",
            "Hero 1 attacks villain 1 for 3.",
            "Villain 1 defends 2 and loses 1 health (12).",
        ),
    )


def private_roll() -> PrivateView:
    """The villain behind their screen in Phase 1 of the play example, after TIME JUMP."""
    view = standard("roll")
    villain = view.players[0].model_copy(update=dict(ready=False))
    view = view.model_copy(
        update=dict(players=(villain, view.players[1]), to_act=(0, 1), last_events=view.last_events[:2])
    )
    return PrivateView(
        seat=0,
        public=view,
        roll=VILLAIN_ROLL,
        assignments=(
            VILLAIN_ASSIGNMENTS[0],
            VILLAIN_ASSIGNMENTS[1],
            assignment("power_on", "power_up", "power_up", "X-FACTOR + AGILITY", (1,), active=False),
        ),
        unassigned=(4,),
        locked=(5,),
        pending=("Assign your dice, then mark your screen ready.",),
        legal_count=14,
        actions=board_actions(
            (VILLAIN_ASSIGNMENTS[0], VILLAIN_ASSIGNMENTS[1],
             assignment("power_on", "power_up", "power_up", "X-FACTOR + AGILITY", (1,), active=False)),
            VILLAIN_ROLL, counted=("pow",),
        ),
        attack=total(3, ("POW", "base", 3)),
        defense=total(0),
    )


def private_hero_roll_variant(roll: dict[int, str], assignments: tuple[AssignmentView, ...]) -> PrivateView:
    """The hero's screen in Phase 1 with the given hidden roll and assignments."""
    placed = {i for a in assignments for i in a.dice}
    return PrivateView(
        seat=1,
        public=standard("roll"),
        roll=roll,
        assignments=assignments,
        unassigned=tuple(i for i in sorted(roll) if i not in placed),
        locked=(),
        pending=("Assign your dice, then mark your screen ready.",),
        legal_count=9,
        actions=board_actions(assignments, roll),
        attack=total(0),
        defense=total(2, ("BLOCK", "base", 2)) if any(a.action == "block" for a in assignments) else total(0),
    )


def private_power_up() -> PrivateView:
    view = standard("power_up", to_act=(1,))
    return PrivateView(
        seat=1,
        public=view,
        roll={},
        assignments=HERO_ASSIGNMENTS,
        unassigned=(),
        locked=(),
        pending=("GROW: choose the colour of the trait die you gain (red, yellow, blue, purple, green).",),
        legal_count=5,
        actions=board_actions(HERO_ASSIGNMENTS, HERO_ROLL, counted=("block",)),
        attack=total(0),
        defense=total(2, ("BLOCK", "base", 2)),
    )


def private_two_vs_two() -> PrivateView:
    view = two_vs_two("roll")
    return PrivateView(
        seat=2,
        public=view,
        roll={1: "might", 2: "energy", 3: "toughness", 4: "wild", 5: "blank"},
        assignments=(
            assignment("pow", "attack", "base", "MIGHT + ENERGY", (1, 2), value=3),
            assignment(
                "cover", "duo", "ally_defense_kicker", "TOUGHNESS + ANY DIE", (3,), active=False, value=2
            ),
        ),
        unassigned=(4, 5),
        locked=(),
        target=0,
        pending=("Point at an opponent and mark your screen ready.",),
        legal_count=11,
        actions=board_actions(
            (assignment("pow", "attack", "base", "MIGHT + ENERGY", (1, 2), value=3),),
            {1: "might", 2: "energy", 3: "toughness", 4: "wild", 5: "blank"}, counted=("pow",),
        ),
        attack=total(3, ("POW", "base", 3)),
        defense=total(0),
    )


NEED = {"M": "might", "E": "energy", "T": "toughness", "A": "agility", "X": "x_factor", "ANY": "any",
        "ACT": "action", "NBA": "non_blank_action"}


def board_actions(
    assignments: tuple[AssignmentView, ...], roll: dict[int, str], boards=("attack", "defense", "power_up"),
    counted: tuple[str, ...] = (),
) -> tuple[ActionView, ...]:
    """Every action of the given boards as a screen lists it, the hand-made assignments' dice in the
    first slots of their actions (a fixture, not the engine's slot search)."""
    data = game_data()
    placed = {a.action: a for a in assignments}
    out = []
    for board in boards:
        for a in data.boards[board]:
            on_it = placed.get(a.id)
            dice_ = on_it.dice if on_it else ()
            slots = []
            pairs: dict[int, int] = {}
            for k, (kind, group) in enumerate(unfold(a.req)):
                die = dice_[k] if k < len(dice_) else None
                slots.append(SlotView(need=NEED[kind], pair=pairs.setdefault(group, len(pairs) + 1) if group != -1 else 0,
                                      die=die, face=roll.get(die) if die else None))
            met = bool(on_it and on_it.active)
            out.append(ActionView(
                action=a.id, name=a.name, board=a.board, role=a.role, requirement=a.requirement_text, size=a.size,
                slots=tuple(slots), dice=dice_, met=met, active=met,
                value=a.value if a.role in ("base", "kicker", "multiplier") else None,
                total=a.adds_to if a.role in ("base", "kicker", "multiplier") else None,
                counted=a.id in counted, cost=a.cost,
            ))
    return tuple(out)


def total(value: int, *parts: tuple[str, str, int], notes: tuple[str, ...] = ()) -> TotalView:
    items = tuple(TotalPart(name=n, kind=k, value=v) for n, k, v in parts)  # type: ignore[arg-type]
    base = next((p.value for p in items if p.kind == "base"), 0)
    multiplier = next((p.value for p in items if p.kind == "multiplier"), 1)
    added = sum(p.value for p in items if p.kind in ("kicker", "lock_in"))
    return TotalView(value=value, base=base, added=added, multiplier=multiplier, parts=items, notes=notes)


def all_public() -> dict[str, PublicView]:
    return {
        "standard-roll": standard("roll"),
        "standard-reveal": standard("reveal"),
        "standard-power_up": standard("power_up"),
        "standard-over": standard("over"),
        "advanced-reveal": advanced_reveal(),
        "2v2-roll": two_vs_two("roll"),
        "2v2-reveal": two_vs_two("reveal"),
        "2v2-over": two_vs_two("reveal").model_copy(
            update=dict(
                phase="over",
                to_act=(),
                winners=(2, 3),
                summary="Heroes win: both villains knocked out in round 6.",
            )
        ),
    }


def all_private() -> dict[str, PrivateView]:
    return {
        "private-roll": private_roll(),
        "private-power_up": private_power_up(),
        "private-2v2": private_two_vs_two(),
    }
