"""A KAPLOOM! player's screen in words, for their DM or ephemeral reply beside the screen image.

It spells out what they rolled and where each die sits, so it is private text: the service sends it
to that player alone, never to the channel. Lines stay short and leave out what does not apply
(no pointer outside 2 vs 2, no dice lines before a roll, no empty lists). Discord markdown is used
sparingly: **bold** for headings, `code` for what to type.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from render.kaploom.common import ROLE_SHORT, display_name, value_text
from render.kaploom.style import BOARD_ORDER, BOARD_TITLE, FACE_NAME, PHASE_TITLE
from rules.kaploom.views import AssignmentView, DieView, PlayerView, PrivateView


def describe_private(view: PrivateView, names: Mapping[int, str] | None = None) -> list[str]:
    """The player's screen as short lines: round and phase, health, roll, actions, what is asked."""
    public = view.public
    me = next(p for p in public.players if p.seat == view.seat)
    lines = [f"**Round {public.round}** · {PHASE_TITLE.get(public.phase, public.phase)}"]
    lines.append(_health(view, me, names))
    if public.phase == "over":
        # The last round's boards no longer matter; the channel has the full summary.
        return lines + _outcome(view, me)
    lines += _roll(view, me)
    lines += _actions(view, me)
    lines += _ally_duo(view, me)
    lines += _belongings(view, me)
    lines += _pointer(view, me, names)
    lines += _asked(view, me)
    return lines


def _who(player: PlayerView, names: Mapping[int, str] | None, *notes: str) -> str:
    """"Hero 1", or with a name and notes "Hero 1 (bob, ally)"."""
    name = display_name(names, player.seat)
    notes = (name, *notes) if name else notes
    return f"{player.label.title()} ({', '.join(notes)})" if notes else player.label.title()


def _hp(player: PlayerView) -> str:
    return "K.O." if player.knocked_out else f"{player.health}/{player.max_health}"


def _health(view: PrivateView, me: PlayerView, names: Mapping[int, str] | None) -> str:
    parts = [f"you {_hp(me)}"]
    for player in view.public.players:
        if player.seat == me.seat:
            continue
        notes = ("ally",) if player.team == me.team else ()
        parts.append(f"{_who(player, names, *notes)} {_hp(player)}")
    return "Health: " + " · ".join(parts)


def _outcome(view: PrivateView, me: PlayerView) -> list[str]:
    if not view.public.winners:
        return ["The game is over."]
    return ["**You win!**" if me.seat in view.public.winners else "You lose this one."]


def _die_name(die: DieView | None, die_id: int) -> str:
    if die is None:
        return f"#{die_id}"
    return f"#{die.id} {die.colour if die.kind == 'trait' else 'action die'}"


def _face(face: str) -> str:
    return FACE_NAME.get(face, face.upper())


def _roll(view: PrivateView, me: PlayerView) -> list[str]:
    """Phase 1: each rolled die with its face and where it sits. After the reveal the roll is on the
    channel board and the actions below list their dice, so it is not repeated."""
    if not view.roll or view.public.phase != "roll":
        return []
    dice = {d.id: d for d in me.dice}
    where = {die_id: a for a in view.assignments for die_id in a.dice}
    locked = set(view.locked)
    lines = ["**Your roll**"]
    for die_id, face in sorted(view.roll.items()):
        place = "free"
        if die_id in where:
            place = f"on {where[die_id].name}"
        if die_id in locked:
            place += " (locked)"
        lines.append(f"{_die_name(dice.get(die_id), die_id)}: {_face(face)} — {place}")
    free = [f"#{i}" for i in view.unassigned if i not in locked]
    if free and len(free) < len(view.roll):
        lines.append("Unplaced: " + ", ".join(free))
    return lines


def _assignment(assignment: AssignmentView, phase: str) -> str:
    role = ROLE_SHORT.get(assignment.role, assignment.role.replace("_", " "))
    worth = f"{role} {value_text(assignment)}".strip()
    placed = ", ".join(f"#{i}" for i in assignment.dice)
    faces = dict(zip(assignment.dice, assignment.faces, strict=False))
    if faces:
        placed = ", ".join(f"#{i} {_face(faces[i])}" for i in assignment.dice if i in faces)
    if assignment.active:
        state = "met ✓" if phase == "roll" else "active ✓"
    else:
        # In Phase 1 the requirement may still be completed; after the reveal it failed (or went unpaid).
        state = "needs " + assignment.requirement if phase == "roll" else "not active ✗"
    board = BOARD_TITLE.get(assignment.board, assignment.board.upper()).lower()
    kind = board if role == board else f"{board}, {worth}"
    return f"• {assignment.name} ({kind}): {placed} — {state}"


def _sorted(assignments: tuple[AssignmentView, ...]) -> list[AssignmentView]:
    order = {board: index for index, board in enumerate(BOARD_ORDER)}
    return sorted(assignments, key=lambda a: order.get(a.board, len(order)))


def _actions(view: PrivateView, me: PlayerView) -> list[str]:
    if not view.assignments:
        return ["No dice on your actions yet."] if view.roll and view.public.phase == "roll" else []
    lines = ["**Your actions**"] + [_assignment(a, view.public.phase) for a in _sorted(view.assignments)]
    if me.revealed is not None and view.public.phase in ("reveal", "power_up"):
        lines.append(f"Your totals: attack {me.revealed.attack} · defense {me.revealed.defense}")
    return lines


def _ally_duo(view: PrivateView, me: PlayerView) -> list[str]:
    if not view.ally_duo:
        return []
    ally = next((p for p in view.public.players if p.team == me.team and p.seat != me.seat), None)
    title = f"**{ally.label.title()} (ally) on the duo board**" if ally else "**Your ally on the duo board**"
    return [title] + [_assignment(a, view.public.phase) for a in _sorted(view.ally_duo)]


def _counted(items: tuple[str, ...]) -> str:
    counts = Counter(items)
    return ", ".join(f"{name} ×{n}" if n > 1 else name for name, n in counts.items())


def _belongings(view: PrivateView, me: PlayerView) -> list[str]:
    lines = []
    if me.stored_faces:
        lines.append("Stored faces: " + _counted(tuple(_face(f) for f in me.stored_faces)))
    if view.public.phase in ("reveal", "power_up"):
        # Faces are paid from action dice in Phase 2 and attached or detached in Phase 3.
        for die in me.dice:
            if die.kind == "action":
                shown = [f for f in die.faces if f != "blank"]
                blanks = len(die.faces) - len(shown)
                parts = _counted(tuple(_face(f) for f in shown))
                if blanks:
                    parts = f"{parts}, {blanks} blank" if parts else f"{blanks} blank"
                lines.append(f"Action die #{die.id}: {parts}")
    if me.locked_in:
        lines.append("Locked in: " + ", ".join(me.locked_in))
    return lines


def _pointer(view: PrivateView, me: PlayerView, names: Mapping[int, str] | None) -> list[str]:
    """2 vs 2 only: whom their attack points at, and (while it may change) how to point elsewhere."""
    if view.public.variant != "2v2" or view.target is None:
        return []
    by_seat = {p.seat: p for p in view.public.players}
    target = by_seat.get(view.target)
    line = f"Your pointer: → {_who(target, names) if target else f'seat {view.target + 1}'}"
    if view.public.phase == "roll" and not me.ready and view.seat in view.public.to_act:
        # `target k` counts the opponents in seat order, from 1.
        opponents = [p for p in view.public.players if p.team != me.team]
        others = [
            f"`target {k}` points at {p.label.title()}"
            for k, p in enumerate(opponents, start=1)
            if p.seat != view.target and not p.knocked_out
        ]
        if others:
            line += "; " + ", ".join(others)
    return [line]


def _asked(view: PrivateView, me: PlayerView) -> list[str]:
    if view.pending:
        if len(view.pending) == 1:
            return [f"**To do:** {view.pending[0]}"]
        return ["**To do:**"] + [f"• {item}" for item in view.pending]
    if view.public.phase == "roll" and me.ready:
        return ["Your screen is ready."]
    return []
