"""Jupiter Rescue actions: small immutable values and their one-line notation.

Line numbers are those of shared/rulebooks/jupiter-rescue.txt. Grammar (case-insensitive; in card
names ``_`` or ``-`` may stand for the space, and the canonical spelling uses ``-``):

    setup    core <card>              8, line 37: the dealt card that becomes your core ability
             first <seat>             10, line 39: who goes first
             dock <edge>              11, line 40 (and line 92, redocking): the pod docks at that edge dome
    turn     move <to> [also <space>]                 line 52 (``also``: Grenadier + Juggernaut, line 252)
             attack <space> [also <space>]            line 54 (``also``: Grenadier's second kill, line 156)
             command <from> <to> [follow <space>]     line 54 (``follow``: Follower, line 154)
             trade <seat> [give <cards>] [take <cards>]   lines 56, 98: one Trade action, any number of cards
             play <card>[+<card>] [<target> ...]      lines 144-194; a combo (lines 244-268) joins two cards
             place <space>            line 114: where an invading Creep goes, when the roller may choose
             discard <cards>          line 134: down to the hand limit at the end of the turn
             end                      end your actions now (line 60: "no more than 5")

``<space>`` is a tile letter and a position 0-6 (``c3``, colony.py); ``<to>`` and ``<from>`` may also be
``pod``. Boarding is a move: line 70 makes the docked Evacuation Pod "a single space", so a Robot boards
with ``move pod`` and a Colonist with ``command c3 pod`` (line 92: "moves onto the Evacuation Pod tile");
there is no separate board action. ``<edge>`` is a tile letter and a direction 1-6: ``l2`` is the dome at
L2, on L's edge facing direction 2 (a dock, ``Colony.docks()``), or for Module Control the empty hex
beyond that edge. ``<seat>`` is the robot number players see, 1-7 ("robot 1"); the value keeps the
0-based seat of the state. ``<cards>`` is one card slug or several, comma-separated (``boost,sniper``),
canonically sorted.

``format_action(parse_action(text))`` is the canonical spelling and ``parse_action(format_action(a)) == a``.
Parsing checks the shape only; whether the action is legal now is the engine's business (reach.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from rules.core.errors import MalformedAction, quoted
from rules.jupiter.colony import LABELS
from rules.jupiter.data import SETBACKS, game_data

POD = "pod"  # the docked Evacuation Pod, a single space (line 70)
MAX_SEATS = 7  # 18: "7 Robot figures"


# --- the actions -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseCore:
    card: str  # card name as in the data, "Heat Seeker"


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    seat: int  # 0-based


@dataclass(frozen=True, slots=True)
class Dock:
    space: str  # the edge dome the pod docks at, "L2"


@dataclass(frozen=True, slots=True)
class Move:
    to: str  # a space or POD
    also: str | None = None  # Grenadier + Juggernaut: the second, adjacent Creep killed (line 252)


@dataclass(frozen=True, slots=True)
class Attack:
    at: str
    also: str | None = None  # Grenadier: "also kill another Creep that is adjacent to the first" (156)


@dataclass(frozen=True, slots=True)
class Command:
    source: str  # the Colonist's space, or POD
    to: str
    follow: str | None = None  # Follower: the adjacent Colonist that moves into the vacated space (154)


@dataclass(frozen=True, slots=True)
class Trade:
    seat: int  # 0-based
    give: tuple[str, ...] = ()  # card names, sorted; a card may appear more than once
    take: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Play:
    cards: tuple[str, ...]  # one card, or the two of a combo in the order of ``combo_key``
    targets: tuple[str, ...] = ()  # spaces "C3", tiles "C", edges "L2", card names, seats as "0".."6"


@dataclass(frozen=True, slots=True)
class Place:
    space: str


@dataclass(frozen=True, slots=True)
class Discard:
    cards: tuple[str, ...]  # sorted


@dataclass(frozen=True, slots=True)
class EndTurn:
    pass


Action = ChooseCore | FirstPlayer | Dock | Move | Attack | Command | Trade | Play | Place | Discard | EndTurn


# --- what a played card needs ----------------------------------------------------------------------

# Target kinds: "space" (c3), "tile" (c), "edge" (l2), "card" (a slug), "seat" (1-7).
# Each entry lists the shapes the card accepts. A Full Turn card (line 228) needs no target: it
# changes the move, attack or command actions that follow.
SHAPES: dict[tuple[str, ...], tuple[tuple[str, ...], ...]] = {
    ("Boost",): ((),),  # 144
    ("Bullhorn",): ((),),  # 146
    # 152: "Discard your core ability. Replace it with another card in your hand": the new core; in solo
    # play (two cores, line 346) a second card names the core given up.
    ("Data Core",): (("card",), ("card", "card")),
    ("Follower",): ((),),  # 154, used through ``command ... follow``
    ("Grenadier",): ((),),  # 156, used through ``attack ... also``
    # 158: "Kill a Creep anywhere on the board"; with Grenadier in effect a second Creep next to it (156).
    ("Heat Seeker",): (("space",), ("space", "space")),
    ("Juggernaut",): ((),),  # 162
    ("Module Control",): (("tile", "edge"),),  # 166: the tile, and the edge it is moved against
    ("Override",): (("seat",), ()),  # 170: "through ... another player's Robot"; solo: a Boost (346)
    ("Phase Shift",): ((),),  # 172
    ("Pilot",): ((), ("edge",)),  # 176: "Immediately launch or dock": launch, or dock at the edge
    ("Rocket Boots",): ((),),  # 180
    # 184: a Single Action card, played with the attack it extends (with Grenadier: two, 156).
    ("Sniper",): (("space",), ("space", "space")),
    ("Suppressant",): (("tile",),),  # 188: "any one tile of your choice"
    ("Swap",): ((),),  # 192
    ("Teleport",): (("space",),),  # 194: "Move to any open space"
    # Combos, lines 246-268.
    ("Boost", "Boost"): ((),),
    ("Bullhorn", "Follower"): ((),),
    ("Grenadier", "Heat Seeker"): (("space",), ("space", "space")),  # 250: "two adjacent Creeps anywhere"
    ("Grenadier", "Juggernaut"): ((),),  # 252, used through ``move ... also``
    ("Grenadier", "Sniper"): (("space",), ("space", "space")),  # 254: "two adjacent Creeps on an adjacent tile"
    ("Heat Seeker", "Heat Seeker"): (("space",), ("space", "space")),  # 256
    ("Juggernaut", "Teleport"): (("space",),),  # 258
    ("Juggernaut", "Rocket Boots"): ((),),  # 260
    ("Pilot", "Pilot"): (("edge",),),  # 262: launch, empty, "and redock the pod to any valid location"
    ("Rocket Boots", "Swap"): ((),),  # 264
    ("Swap", "Teleport"): (("space",),),  # 266
    ("Teleport", "Teleport"): (("space",),),  # 268
    # 346: "In solo play, the Override card is treated as another Boost card".
    ("Boost", "Override"): ((),),
    ("Override", "Override"): ((),),
}


def slug(name: str) -> str:
    return name.lower().replace(" ", "-")


@cache
def _cards_by_slug() -> dict[str, str]:
    return {slug(c.name): c.name for c in game_data().rescue_deck if c.name not in SETBACKS}


def card_names() -> tuple[str, ...]:
    return tuple(_cards_by_slug().values())


def combo_key(cards: tuple[str, ...]) -> tuple[str, ...]:
    """The canonical order of a played card or combo: alphabetical by name."""
    return tuple(sorted(cards))


# --- parsing ---------------------------------------------------------------------------------------


def _card(token: str) -> str:
    name = _cards_by_slug().get(token.replace("_", "-"))
    if name is None:
        if token.replace("_", "-") in {slug(s) for s in SETBACKS}:
            raise MalformedAction(f"'{quoted(token)}' is a Setback: it is never played (line 132)")
        raise MalformedAction(f"'{quoted(token)}' is not a Rescue card; try a slug like sniper or heat-seeker")
    return name


def _cards(token: str) -> tuple[str, ...]:
    return tuple(sorted(_card(t) for t in token.split(",") if t)) if token.strip(",") else ()


def _space(token: str, pod: bool = False) -> str:
    if pod and token == POD:
        return POD
    if len(token) == 2 and token[0].upper() in LABELS and token[1] in "0123456":
        return token.upper()
    where = "a space like c3, or pod" if pod else "a space like c3 (tile letter, position 0-6)"
    raise MalformedAction(f"'{quoted(token)}' is not {where}")


def _edge(token: str) -> str:
    if len(token) == 2 and token[0].upper() in LABELS and token[1] in "123456":
        return token.upper()
    raise MalformedAction(f"'{quoted(token)}' is not an edge like l2 (tile letter, direction 1-6)")


def _tile(token: str) -> str:
    if len(token) == 1 and token.upper() in LABELS:
        return token.upper()
    raise MalformedAction(f"'{quoted(token)}' is not a tile letter like c")


def _seat(token: str) -> int:
    if len(token) == 1 and token in "1234567"[:MAX_SEATS]:
        return int(token) - 1
    raise MalformedAction(f"'{quoted(token)}' is not a robot number 1-{MAX_SEATS}")


def _target(kind: str, token: str) -> str:
    if kind == "space":
        return _space(token, pod=True)  # Teleport may go aboard the pod (line 70)
    if kind == "tile":
        return _tile(token)
    if kind == "edge":
        return _edge(token)
    if kind == "card":
        return _card(token)
    return str(_seat(token))


def _usage(verb: str) -> str:
    return {
        "core": "`core <card>`, like core sniper",
        "first": "`first <robot number>`, like first 2",
        "dock": "`dock <edge>`, like dock l2",
        "move": "`move <space>` or `move pod`, like move c3",
        "attack": "`attack <space> [also <space>]`, like attack c3",
        "command": "`command <from> <to> [follow <space>]`, like command c3 c4",
        "trade": "`trade <robot> [give <cards>] [take <cards>]`, like trade 2 give sniper",
        "play": "`play <card>[+<card>] [<target> ...]`, like play teleport c3",
        "place": "`place <space>`, like place c3",
        "discard": "`discard <cards>`, like discard boost,pilot",
        "end": "`end`",
    }[verb]


VERBS = ("core", "first", "dock", "move", "attack", "command", "trade", "play", "place", "discard", "end")


def _want(verb: str, ok: bool) -> None:
    if not ok:
        raise MalformedAction(f"`{verb}` is written {_usage(verb)}")


def _optional(verb: str, rest: list[str], keyword: str) -> str | None:
    """``[keyword <space>]`` at the end of ``rest``."""
    if not rest:
        return None
    _want(verb, len(rest) == 2 and rest[0] == keyword)
    return _space(rest[1])


def _parse_play(rest: list[str]) -> Play:
    _want("play", bool(rest))
    parts = rest[0].split("+")
    _want("play", 1 <= len(parts) <= 2 and all(parts))
    cards = combo_key(tuple(_card(p) for p in parts))
    shapes = SHAPES.get(cards)
    if shapes is None:
        raise MalformedAction(f"{' + '.join(cards)} is not a combo (lines 246-268)")
    targets = rest[1:]
    fitting = [s for s in shapes if len(s) == len(targets)]
    if not fitting:
        wanted = " or ".join(" ".join(f"<{k}>" for k in s) or "nothing" for s in shapes)
        raise MalformedAction(f"`play {'+'.join(slug(c) for c in cards)}` takes {wanted}")
    return Play(cards, tuple(_target(k, t) for k, t in zip(fitting[0], targets, strict=True)))


def _parse_trade(rest: list[str]) -> Trade:
    _want("trade", len(rest) in (3, 5))
    seat, parts = _seat(rest[0]), rest[1:]
    got: dict[str, tuple[str, ...]] = {}
    for k in range(0, len(parts), 2):
        word = parts[k]
        _want("trade", word in ("give", "take") and word not in got)
        got[word] = _cards(parts[k + 1])
    _want("trade", bool(got.get("give") or got.get("take")))
    return Trade(seat, got.get("give", ()), got.get("take", ()))


def parse_action(text: str) -> Action:
    tokens = re.sub(r"\s*([,+])\s*", r"\1", text.strip().lower()).split()
    if not tokens:
        raise MalformedAction("empty action; try `move c3`, `attack c3`, `command c3 c4` or `end`")
    verb, rest = tokens[0], tokens[1:]
    if verb == "core":
        _want(verb, len(rest) == 1)
        return ChooseCore(_card(rest[0]))
    if verb == "first":
        _want(verb, len(rest) == 1)
        return FirstPlayer(_seat(rest[0]))
    if verb == "dock":
        _want(verb, len(rest) == 1)
        return Dock(_edge(rest[0]))
    if verb == "move":
        _want(verb, len(rest) in (1, 3))
        return Move(_space(rest[0], pod=True), _optional(verb, rest[1:], "also"))
    if verb == "attack":
        _want(verb, len(rest) in (1, 3))
        return Attack(_space(rest[0]), _optional(verb, rest[1:], "also"))
    if verb == "command":
        _want(verb, len(rest) in (2, 4))
        return Command(_space(rest[0], pod=True), _space(rest[1], pod=True), _optional(verb, rest[2:], "follow"))
    if verb == "trade":
        return _parse_trade(rest)
    if verb == "play":
        return _parse_play(rest)
    if verb == "place":
        _want(verb, len(rest) == 1)
        return Place(_space(rest[0]))
    if verb == "discard":
        _want(verb, len(rest) == 1 and bool(rest[0].strip(",")))
        return Discard(_cards(rest[0]))
    if verb == "end":
        _want(verb, not rest)
        return EndTurn()
    raise MalformedAction(f"unknown action '{quoted(verb)}'; actions are: {', '.join(VERBS)}")


# --- formatting ------------------------------------------------------------------------------------


def _low(space: str) -> str:
    return space.lower()


def _list(cards: tuple[str, ...]) -> str:
    return ",".join(slug(c) for c in cards)


def _format_target(target: str) -> str:
    if target.isdigit():
        return str(int(target) + 1)  # a seat: robot numbers start at 1
    if target in card_names():
        return slug(target)
    return target.lower()


def format_action(action: Action) -> str:
    match action:
        case ChooseCore(card):
            return f"core {slug(card)}"
        case FirstPlayer(seat):
            return f"first {seat + 1}"
        case Dock(space):
            return f"dock {_low(space)}"
        case Move(to, also):
            return f"move {_low(to)}" + (f" also {_low(also)}" if also else "")
        case Attack(at, also):
            return f"attack {_low(at)}" + (f" also {_low(also)}" if also else "")
        case Command(source, to, follow):
            return f"command {_low(source)} {_low(to)}" + (f" follow {_low(follow)}" if follow else "")
        case Trade(seat, give, take):
            parts = [f"trade {seat + 1}"]
            if give:
                parts.append(f"give {_list(give)}")
            if take:
                parts.append(f"take {_list(take)}")
            return " ".join(parts)
        case Play(cards, targets):
            return " ".join(["play " + "+".join(slug(c) for c in cards), *(_format_target(t) for t in targets)])
        case Place(space):
            return f"place {_low(space)}"
        case Discard(cards):
            return f"discard {_list(cards)}"
        case EndTurn():
            return "end"
    raise TypeError(f"not a Jupiter Rescue action: {action!r}")
