"""What a KAPLOOM! player reads in the menus that lead to their legal moves.

The service builds the menus from the notation's words (``assign 3 pow``: "assign" → "3" → "pow")
and asks ``menu_labels`` to name the options of one level: an option is the words it adds after
the ones already chosen (one word, or several when a level lists whole moves). Its label names
what the new words choose, in the rulebook's terms — a die by its number, colour and the face it
shows ("Die 3 — red MIGHT"), an action by its name and dice requirement ("POW — needs MIGHT +
ENERGY"), a face in capitals — and its description says what it does or where it goes. The menus
go to the player alone (their DM or an ephemeral reply), so they may speak of the player's own
roll. A word this module does not know is left to the service, which then shows the word itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.kaploom.actions import VERBS
from rules.kaploom.data import COLOURS, FACE_NAMES, TOKEN_TEXT, game_data
from rules.kaploom.state import Player, State

_VERBS = {
    # verb -> (label, description) when the verb alone is offered
    "ready": ("Ready", "Done placing: the screens are revealed once everyone is ready"),
    "skip": ("Skip the re-roll", "Keep your dice as they are"),
    "assign": ("Place a die", "Put a die on an action, then choose the action"),
    "unassign": ("Take a die back", "Lift a placed die off its action"),
    "reroll": ("Re-roll a die", "Roll one of your free dice again"),
    "target": ("Choose your target", "Secretly point at the opponent your attack and tricks hit"),
    "pay": ("Pay a face", "Give up a face to pay an action's cost"),
    "forfeit": ("Forfeit", "Do not pay: the action whose cost is owed does nothing"),
    "use": ("Use a power-up", "An active POWER UP action of yours"),
    "attach": ("Attach a stored face", "Onto a blank side of one of your action dice"),
    "detach": ("Detach a face", "From an action die, back to your store"),
    "take": ("Take a loss now", "Lose the health a trigger costs you now rather than later"),
    "give": ("Give a duo die", "Hand a die on the duo board to your ally"),
    "done": ("Done", "End your Power Up turn"),
}

_ROLES = {
    "immediate": "immediate: a re-roll",
    "power_up": "power up in Phase 3",
    "phase3_trigger": "Phase 3 trigger on your target",
    "phase2": "Phase 2 effect",
    "lock_in": "locked in for the rest of the game",
    "hand_off": "handed to your ally",
}

_EFFECTS = {
    "reroll": "re-roll a die",
    "gain_trait_die": "gain a trait die",
    "gain_action_die": "gain an action die",
    "gain_face": "gain a face",
    "gain_health": "gain health",
    "exchange_face": "exchange a stored face",
    "self_loss": "lose health",
    "immune_to_triggers": "immune to triggers",
    "revive_ally": "revive your ally",
}


def menu_labels(
    engine: Any, state: State, seat: int, prefix: tuple[str, ...], options: Sequence[str]
) -> Mapping[str, tuple[str, str]]:
    """Option -> (label, description) for the options of one menu level (see the module text)."""
    if not 0 <= seat < len(state.players):
        return {}
    namer = _Namer(state, state.players[seat])
    out = {}
    for option in options:
        new = tuple(option.split())
        try:
            named = namer.name(tuple(prefix), new)
        except (KeyError, IndexError, ValueError, TypeError):
            named = None  # a shape this module does not know: the service shows the words
        if named is not None:
            out[option] = named
    return out


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def face(word_or_code: str) -> str:
    """"might" or "M" -> "MIGHT"; "x_factor" -> "X-FACTOR"."""
    name = FACE_NAMES.get(word_or_code, word_or_code)
    return name.upper().replace("_", "-")


class _Namer:
    def __init__(self, state: State, player: Player) -> None:
        self.s = state
        self.p = player

    # -- pieces ------------------------------------------------------------------------------------

    def die(self, word: str) -> str:
        """"3" -> "Die 3 — red MIGHT"; "1,3" -> "Dice 1, 3 — red MIGHT, blue X-FACTOR"."""
        numbers = [int(n) for n in word.split(",")]
        texts = [self.die_text(n) for n in numbers]
        if len(numbers) == 1:
            return f"Die {numbers[0]} — {texts[0]}"
        return f"Dice {', '.join(map(str, numbers))} — {', '.join(texts)}"

    def die_text(self, number: int) -> str:
        """What a die is and shows: "red MIGHT", "action die BLANK" (the face only while it is rolled)."""
        index = number - 1
        die = self.p.dice[index]
        kind = die if isinstance(die, str) else "action die"
        shows = self.p.roll[index] if self.s.phase != "over" and index < len(self.p.roll) else ""
        return f"{kind} {face(shows)}" if shows else kind

    def die_faces(self, number: int) -> str:
        """An action die's sides: "MIGHT, ENERGY + 4 blank"."""
        die = self.p.dice[number - 1]
        if isinstance(die, str):
            return f"{die} trait die"
        faces = [face(c) for c in die if c != "B"]
        blanks = sum(c == "B" for c in die)
        return ", ".join(faces) + (f" + {blanks} blank" if blanks else "") if faces else "all blank"

    def action(self, aid: str) -> str:
        a = game_data().actions[aid]
        return f"{a.name} — needs {self.needs(aid)}" if a.req else a.name

    def needs(self, aid: str) -> str:
        """The dice requirement, repeats counted: "2× MIGHT + ENERGY"."""
        req = game_data().actions[aid].req
        counts: dict[str, int] = {}
        for token in req:
            counts[token] = counts.get(token, 0) + 1
        return " + ".join((f"{n}× " if n > 1 else "") + TOKEN_TEXT[t] for t, n in counts.items()) or "nothing"

    def role(self, aid: str) -> str:
        a = game_data().actions[aid]
        if a.role in ("base", "kicker", "multiplier"):
            value = f"×{a.value}" if a.role == "multiplier" else (f"+{a.value}" if a.role == "kicker" else str(a.value))
            text = f"{a.adds_to} {a.role} {value}"
        elif a.role == "power_up":
            effects = [_EFFECTS.get(k, k.replace("_", " ")) for k, _ in a.effect]
            text = "power up: " + ", ".join(effects) if effects else _ROLES["power_up"]
        else:
            text = _ROLES.get(a.role, a.role.replace("_", " "))
        return text + (f" · costs {a.cost} face{'s' if a.cost != 1 else ''}" if a.cost else "")

    def progress(self, aid: str, adding: int) -> str:
        """How full the action is once ``adding`` more dice sit on it."""
        a = game_data().actions[aid]
        placed = len((self.p.assign or {}).get(aid, ()))
        if a.board == "duo" and self.s.variant == "2v2":
            ally = self.s.players[self.p.seat ^ 1]
            placed += len((ally.assign or {}).get(aid, ()))
        after = placed + adding
        return "completes it" if after >= a.size else f"{after} of {a.size} dice placed"

    def placed_on(self, number: int) -> str:
        for aid, ids in (self.p.assign or {}).items():
            if number - 1 in ids:
                return game_data().actions[aid].name
        return ""

    def use_choice(self, words: Sequence[str]) -> str:
        """The words after ``use <action>``: a colour, faces, ``attach <die>``."""
        parts: list[str] = []
        rest = list(words)
        while rest:
            word = rest.pop(0)
            if word in COLOURS:
                parts.append(f"a {word} trait die")
            elif word == "attach" and rest:
                parts.append(f"onto die {rest.pop(0)}")
            elif word == "attach":
                parts.append("onto an action die")
            else:
                parts.append(face(word))
        return " ".join(parts)

    # -- one option --------------------------------------------------------------------------------

    def name(self, prefix: tuple[str, ...], new: tuple[str, ...]) -> tuple[str, str] | None:
        words = prefix + new
        if not words or words[0] not in VERBS:
            return None
        verb, k = words[0], len(prefix)  # words[k:] are the new ones
        if not new:  # the prefix itself, offered as a move
            new, k = words[-1:], len(words) - 1
        if k == 0 and len(words) == 1:
            return _VERBS.get(verb)
        args = words[1:]
        method = getattr(self, f"_{verb}", None)
        return method(args, k - 1) if method is not None else None

    # Each takes the words after the verb and how many of them were chosen before this level
    # (-1: the verb itself is new too).

    def _assign(self, args: tuple[str, ...], known: int) -> tuple[str, str] | None:
        if len(args) == 1:  # a die (or several), the action still to choose
            return self.die(args[0]), ""
        dice, aid = args[0], args[1]
        count = len(dice.split(","))
        where = f"{self.role(aid)} · {self.progress(aid, count)}"
        if known >= 1:  # the die is chosen: name the action
            return self.action(aid), where
        return f"{self.die(dice)} → {game_data().actions[aid].name}", f"needs {self.needs(aid)} · {where}"

    def _unassign(self, args: tuple[str, ...], known: int) -> tuple[str, str] | None:
        on = self.placed_on(int(args[0].split(",")[0]))
        return f"Take back {_lower(self.die(args[0]))}", f"off {on}" if on else "back to your free dice"

    def _reroll(self, args: tuple[str, ...], known: int) -> tuple[str, str] | None:
        return f"Re-roll {_lower(self.die(args[0]))}", "roll it again"

    def _give(self, args: tuple[str, ...], known: int) -> tuple[str, str] | None:
        return f"Give {_lower(self.die(args[0]))}", "to your ally, off the duo board"

    def _target(self, args: tuple[str, ...], known: int) -> tuple[str, str] | None:
        opponents = [q for q in self.s.players if q.team != self.p.team]
        q = opponents[int(args[0]) - 1]
        return f"Target {q.label}", f"{q.health} health" + (" · knocked out" if q.ko else "")

    def _owed(self) -> str:
        return game_data().actions[self.p.unpaid[0]].name if self.p.unpaid else "the action"

    def _pay(self, args: tuple[str, ...], known: int) -> tuple[str, str] | None:
        if len(args) == 1 and args[0].isdigit():  # a die, the face still to choose
            return f"From die {args[0]}", self.die_faces(int(args[0]))
        if len(args) == 1:
            return f"Pay a stored {face(args[0])}", f"for {self._owed()}"
        number, word = args
        if known >= 1:
            return f"Pay {face(word)}", f"off die {number}, for {self._owed()}"
        return f"Pay {face(word)} from die {number}", f"for {self._owed()}"

    def _use(self, args: tuple[str, ...], known: int) -> tuple[str, str] | None:
        aid, rest = args[0], args[1:]
        a = game_data().actions[aid]
        if known >= 1 and rest:  # the power-up is chosen: name the choice
            chosen = self.use_choice(rest[known - 1:]) if known - 1 < len(rest) else ""
            return (chosen[:1].upper() + chosen[1:] or a.name), f"{a.name}: {self.use_choice(rest)}"
        if rest:
            return f"{a.name}: {self.use_choice(rest)}", self.role(aid)
        return a.name, self.role(aid)

    def _attach(self, args: tuple[str, ...], known: int) -> tuple[str, str] | None:
        if len(args) == 1:
            return face(args[0]), "a stored face: then choose the die"
        word, number = args
        if known >= 1:
            return f"Onto die {number}", self.die_faces(int(number))
        return f"Attach {face(word)} to die {number}", self.die_faces(int(number))

    def _detach(self, args: tuple[str, ...], known: int) -> tuple[str, str] | None:
        if len(args) == 1:
            return f"Die {args[0]}", self.die_faces(int(args[0]))
        number, word = args
        if known >= 1:
            return face(word), f"off die {number}, back to your store"
        return f"Detach {face(word)} from die {number}", "back to your store"

    def _take(self, args: tuple[str, ...], known: int) -> tuple[str, str] | None:
        aid = args[0]
        loss = sum(n for a, n in self.p.pending_loss if a == aid)
        return f"Take {game_data().actions[aid].name}'s loss now", f"lose {loss} health now"
