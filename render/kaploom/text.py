"""A KAPLOOM! player's screen in words, for their DM or ephemeral reply beside the screen image.

It spells out what they rolled and where each die sits, so it is private text: the service sends it
to that player alone, never to the channel. In Phase 1: the roll die by die, the attack and defense
totals the dice as placed would give at the reveal and what counts in them, each action with dice
on it and what it still needs, what is asked, and last every open action of the boards with its
worth and requirement in letters (M E T A X, any, act, nb, a=b), so a player can plan from the text
alone. Lines stay short and leave out what does not apply (no pointer outside 2 vs 2, no dice lines
before a roll, no empty lists), so the whole stays within one Discord message in real games.
Discord markdown is used sparingly: **bold** for headings, `code` for what to type.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from render.core import display_name
from render.kaploom.common import ROLE_SHORT, formula, value_text
from render.kaploom.style import BOARD_ORDER, BOARD_TITLE, FACE_NAME, PHASE_TITLE
from rules.kaploom.views import ActionView, AssignmentView, DieView, PlayerView, PrivateView, TotalView


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
    if public.phase == "roll" and view.roll and not me.ready:
        # Last: the catalogue to plan from is the longest part, and the least urgent.
        lines += _open(view)
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
    return lines


_LETTER = {"might": "M", "energy": "E", "toughness": "T", "agility": "A", "x_factor": "X", "any": "any",
           "action": "act", "non_blank_action": "nb"}
_NEED = {"might": "MIGHT", "energy": "ENERGY", "toughness": "TOUGHNESS", "agility": "AGILITY", "x_factor": "X-FACTOR",
         "any": "ANY DIE", "action": "ANY ACTION DIE", "non_blank_action": "NON-BLANK ACTION DIE"}
LEGEND = "M E T A X: faces, a wild fits; any: any die; act, nb: action die, non-blank; a=b: matching pair"


def _worth(action: ActionView | AssignmentView) -> str:
    """"base 3", "kicker +2", "×2 multiplier"; a super or duo board's fight action says its total."""
    role = ROLE_SHORT.get(action.role, action.role.replace("_", " "))
    value = value_text(action.role, action.value)
    total = getattr(action, "total", None)
    if total and action.board in ("super", "duo"):
        role = f"{total} {role}"
    return f"{role} {value}".strip()


def _kind(action: ActionView | AssignmentView) -> str:
    board = BOARD_TITLE.get(action.board, action.board.upper()).lower()
    worth = _worth(action)
    return board if worth == board else f"{board}, {worth}"


def _compact(action: ActionView) -> str:
    """The requirement in letters, repeats counted: "M E", "2M E any", "nb=any 2X"."""
    parts: list[str] = []
    slots = action.slots
    index = 0
    while index < len(slots):
        slot = slots[index]
        if slot.pair and index + 1 < len(slots) and slots[index + 1].pair == slot.pair:
            parts.append(f"{_LETTER[slot.need]}={_LETTER[slots[index + 1].need]}")
            index += 2
            continue
        run = 1
        while (index + run < len(slots) and not slots[index + run].pair
               and slots[index + run].need == slot.need):
            run += 1
        parts.append(f"{run if run > 1 else ''}{_LETTER[slot.need]}")
        index += run
    return " ".join(parts)


def _on_it(action: ActionView, ally: str, faces: bool) -> str:
    """The dice on an action, own and the ally's: "#2 MIGHT, Hero 2's #3 ENERGY". In Phase 1 the roll
    above gives each of the player's own dice its face, so only the ally's are spelled out."""
    return ", ".join(
        f"{ally} #{slot.die} {_face(slot.face or 'blank')}" if slot.ally
        else f"#{slot.die} {_face(slot.face or 'blank')}" if faces else f"#{slot.die}"
        for slot in action.slots if slot.die is not None
    )


def _still_needed(action: ActionView) -> str:
    """The empty slots in the open actions' letters; a pair's empty half names the face it must match."""
    out: list[str] = []
    singles: list[str] = []
    for index, slot in enumerate(action.slots):
        if slot.die is not None:
            continue
        partner = next((o for k, o in enumerate(action.slots) if k != index and slot.pair and o.pair == slot.pair),
                       None)
        if partner is None:
            singles.append(_LETTER[slot.need])
        elif partner.face is not None:
            out.append(f"{_LETTER[slot.need]} matching {_face(partner.face)}")
        elif index < action.slots.index(partner):
            out.append(f"{_LETTER[slot.need]}={_LETTER[partner.need]}")
    counted = [f"{singles.count(x) if singles.count(x) > 1 else ''}{x}" for x in dict.fromkeys(singles)]
    return " ".join(out + counted)


def _started(action: ActionView, phase: str, ally: str) -> str:
    placed = _on_it(action, ally, faces=phase != "roll")
    if phase == "roll":
        state = "met ✓" if action.met else "needs " + _still_needed(action)
    else:
        state = "active ✓" if action.active else ("met, but not active ✗" if action.met else "not active ✗")
    return f"• {action.name} ({_kind(action)}): {placed} — {state}"


def _assignment(assignment: AssignmentView, phase: str) -> str:
    placed = ", ".join(f"#{i}" for i in assignment.dice)
    faces = dict(zip(assignment.dice, assignment.faces, strict=False))
    if faces:
        placed = ", ".join(f"#{i} {_face(faces[i])}" for i in assignment.dice if i in faces)
    if assignment.active:
        state = "met ✓" if phase == "roll" else "active ✓"
    else:
        state = "needs " + assignment.requirement if phase == "roll" else "not active ✗"
    return f"• {assignment.name} ({_kind(assignment)}): {placed} — {state}"


def _sorted(actions):
    order = {board: index for index, board in enumerate(BOARD_ORDER)}
    return sorted(actions, key=lambda a: order.get(a.board, len(order)))


def _formula(total: TotalView, which: str, phase: str) -> str:
    if not total.base:
        return f"{which} 0 (no base {which} {'yet' if phase == 'roll' else 'this round'})"
    return f"{which} {total.value} = {formula(total)}"


def _totals(view: PrivateView, me: PlayerView) -> list[str]:
    if view.attack is None or view.defense is None:
        return []
    if me.knocked_out:
        return ["Knocked out: your dice go on the duo board only (BACK IN ACTION can revive you)."]
    head = "**If revealed now:**" if view.public.phase == "roll" else "**Your totals:**"
    phase = view.public.phase
    lines = [f"{head} {_formula(view.attack, 'attack', phase)} · {_formula(view.defense, 'defense', phase)}"]
    lines += [f"• {note}" for note in (*view.attack.notes, *view.defense.notes)]
    return lines


def _actions(view: PrivateView, me: PlayerView) -> list[str]:
    phase = view.public.phase
    ally = _ally_name(view, me)
    started = [a for a in _sorted(view.actions) if any(slot.die is not None for slot in a.slots)]
    lines = _totals(view, me)
    if started:
        lines += ["**Your actions**" if phase != "roll" else "**Dice placed**"]
        lines += [_started(a, phase, ally) for a in started]
    elif phase == "roll" and view.roll:
        lines.append("No dice on your actions yet.")
    return lines


def _open(view: PrivateView) -> list[str]:
    """Every action with no die on it yet, one board to a line, with its worth and requirement."""
    free = [a for a in view.actions if not any(slot.die is not None for slot in a.slots)]
    if not free:
        return []
    lines = [f"**Open actions** ({LEGEND}):"]
    for board in BOARD_ORDER:
        items = []
        for action in (a for a in free if a.board == board):
            worth = value_text(action.role, action.value)
            if worth and action.board in ("super", "duo") and action.total:
                worth += " " + ("atk" if action.total == "attack" else "def")
            extra = {"immediate": "immediate", "lock_in": "lock-in", "phase3_trigger": "phase 3",
                     "phase2": "phase 2"}.get(action.role, "")
            if action.cost:
                extra = f"costs {action.cost} face" + ("s" if action.cost > 1 else "")
            if action.locked_in:
                extra = "locked in"
            head = " ".join(x for x in (action.name, worth) if x)
            items.append(f"{head} ({_compact(action)}{'; ' + extra if extra else ''})")
        if items:
            lines.append(f"{BOARD_TITLE.get(board, board.upper()).capitalize()}: " + " · ".join(items))
    return lines


def _ally_name(view: PrivateView, me: PlayerView) -> str:
    ally = next((p for p in view.public.players if p.team == me.team and p.seat != me.seat), None)
    return f"{ally.label.title()}'s" if ally else "your ally's"


def _ally_duo(view: PrivateView, me: PlayerView) -> list[str]:
    """After the reveal, the ally's dice on the duo board (in Phase 1 the duo actions list them)."""
    if not view.ally_duo or view.public.phase == "roll":
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
