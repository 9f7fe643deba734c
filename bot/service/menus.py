"""Menus that reach every legal action: a short path of levels built from the notation's words.

A seat's legal actions, written in the game's notation (``assign 3 grow``, ``pay 4 might``, ``done``),
are split into words and offered as a tree:

- a level lists the next word of every action below it; a word that leads to a single action is
  that action (a click plays it), a word that leads to several opens the next level (the words all
  those actions share are taken in one step, so no level offers a single choice);
- while the level has room (25 options, Discord's most in a select), the levels below it are
  taken up into it, all of them at once: "ready", "assign 1 …", "assign 2 …", "unassign 4" in one
  select rather than "ready", "assign …", "unassign …";
- a level that is still longer than 25 is paged ("More…" and "◀ Back"); every level below the
  first has a "◀ Back" to the level it was opened from.

The engine may name the options (``rules.core.engine.MenuLabels``); otherwise an action shows its
notation and a level the words that lead to it. A step down the tree is a click whose value is
``>page path`` (``components.menu_value``); the service answers it with the next level, privately
(``Output.replace_menu``). Nothing here is remembered between clicks: a level is rebuilt from the
seat's legal actions *now*, so a menu whose actions are gone answers "out of date".
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service import components
from bot.service.hygiene import clip_message
from bot.service.messages import Button, Select

log = logging.getLogger(__name__)

Path = tuple[str, ...]
Labeller = Callable[[Path, Sequence[str]], Mapping[str, tuple[str, str]]]

OPTIONS = components.MAX_SELECT  # options in one level: a select's 25
QUICK = components.MAX_BUTTONS  # a level of at most this many options may be buttons
LABEL = 80  # a button's label (a select option's may be 100: the shorter fits both)
DESCRIPTION = 100
PLACEHOLDER = 150
BACK = "◀ Back"
MORE = "More…"
FIRST = "Choose an action…"
LONGEST = components.MAX_VALUE - 3  # the longest notation a menu offers (see Tree)


def words(notation: str) -> Path:
    """``"assign 3 grow"`` -> ("assign", "3", "grow"); a notation not written as words separated by
    single spaces is one word."""
    parts = notation.split(" ")
    return tuple(parts) if all(parts) else (notation,)


def _common(paths: Sequence[Path]) -> Path:
    first = paths[0]
    n = len(first)
    for path in paths[1:]:
        n = min(n, len(path))
        while path[:n] != first[:n]:
            n -= 1
    return first[:n]


@dataclass(frozen=True)
class Entry:
    path: Path  # the words from the first level
    plays: bool  # an action (a click plays it) or a level (a click opens it)


@dataclass(frozen=True)
class Choice:
    """One option as shown: its value is an action's notation or a ``>page path`` step."""

    value: str
    label: str
    description: str
    plays: bool


@dataclass(frozen=True)
class Level:
    node: Path  # the words every action below it starts with
    page: int
    pages: int
    count: int  # actions below it
    choices: tuple[Choice, ...]  # its options on this page, then More… and ◀ Back
    trail: tuple[str, ...]  # the labels of the steps that led here from the first level
    first: bool  # the first level (a screen's menu), not one a step opened

    @property
    def heading(self) -> str:
        where = " › ".join(self.trail) if self.trail else "Your choices"
        page = f" (page {self.page + 1} of {self.pages})" if self.pages > 1 else ""
        return clip_message(f"{where}{page}", 300)

    @property
    def placeholder(self) -> str:
        if self.first or not self.trail:
            return FIRST if self.pages == 1 else f"{FIRST} (page {self.page + 1} of {self.pages})"
        return clip_message(f"{self.heading} — choose…", PLACEHOLDER)

    def components(self, game_id: int, token: str) -> tuple[tuple[Button, ...], Select | None]:
        """Buttons for a first level of at most 5 actions (the quick buttons) or a later level of at
        most 5 options, when every id fits Discord's 100 characters; a select otherwise."""
        room = components.button_room(game_id, token)
        few = self.count <= QUICK if self.first else len(self.choices) <= QUICK
        if few and all(len(c.value) <= room and "\n" not in c.value for c in self.choices):
            return tuple(Button(c.label, c.value, game_id, token, style="success" if c.plays else "secondary")
                         for c in self.choices), None
        return (), Select(self.placeholder, tuple(c.value for c in self.choices), game_id, token,
                          labels=tuple(c.label for c in self.choices),
                          descriptions=tuple(c.description for c in self.choices))


class Tree:
    """The menus over one seat's legal actions (their notations, most useful first)."""

    def __init__(self, notations: Sequence[str], labeller: Labeller | None = None) -> None:
        self.actions: dict[Path, str] = {}
        for notation in notations:
            # A value is at most 100 characters: the notation itself, or ">page " and a shorter
            # part of it (at least two characters shorter). A longer notation is still open to
            # /play and its autocomplete.
            if 0 < len(notation) <= LONGEST and not notation.startswith(("!", components.MENU)):
                self.actions.setdefault(words(notation), notation)
        self.labeller = labeller
        self._entries: dict[Path, list[Entry]] = {}
        self._below: dict[Path, list[Path]] = {}  # every prefix -> the actions under it, in order
        for path in self.actions:
            for n in range(len(path) + 1):
                self._below.setdefault(path[:n], []).append(path)
        self.root = self.settle(())  # the first level

    # -- the tree --------------------------------------------------------------------------------

    def under(self, node: Path) -> list[Path]:
        return self._below.get(node, [])

    def find(self, text: str) -> Path | None:
        """The node a step's path names, or None when no legal action lies below it any more."""
        return next((node for node in self._below if " ".join(node) == text), None)

    def settle(self, node: Path) -> Path:
        """A node stretched to the words all its actions share: no level offers one way on."""
        below = self.under(node)
        return _common(below) if below else node

    def _group(self, node: Path) -> list[Entry]:
        """The next word of each action below ``node``: an action when it leads to one, else a level."""
        groups: dict[str | None, list[Path]] = {}
        for path in self.under(node):
            groups.setdefault(path[len(node)] if len(path) > len(node) else None, []).append(path)
        return [Entry(g[0], True) if len(g) == 1 else Entry(_common(g), False) for g in groups.values()]

    def entries(self, node: Path) -> list[Entry]:
        """A level's options: its groups, with every level below taken up into it while they all fit."""
        cached = self._entries.get(node)
        if cached is not None:
            return cached
        room = OPTIONS - (node != self.root)
        items = self._group(node)
        while not all(e.plays for e in items):
            wider = [x for e in items for x in ([e] if e.plays else self._group(e.path))]
            if len(wider) > room:
                break
            items = wider
        self._entries[node] = items
        return items

    def _pages(self, node: Path) -> tuple[int, int]:
        """(options per page, pages) of a level."""
        count = len(self.entries(node))
        room = OPTIONS - (node != self.root)
        if count <= room:
            return room, 1
        per = OPTIONS - 2  # More… and ◀ Back
        return per, -(-count // per)

    def _route(self, node: Path) -> list[tuple[Path, int, Entry]]:
        """The steps from the first level to ``node``: (level, page, the option taken)."""
        steps: list[tuple[Path, int, Entry]] = []
        here = self.root
        while here != node:
            per, _ = self._pages(here)
            step = next(((i, e) for i, e in enumerate(self.entries(here))
                         if not e.plays and node[:len(e.path)] == e.path), None)
            if step is None:
                break
            index, entry = step
            steps.append((here, index // per, entry))
            here = entry.path
        return steps

    # -- levels ------------------------------------------------------------------------------------

    def level(self, node: Path = (), page: int = 0) -> Level | None:
        """The menu at ``node`` (settled), page ``page``; None when no action lies below it."""
        if not self.under(node):
            return None
        node = self.settle(node)
        per, pages = self._pages(node)
        page = max(0, min(page, pages - 1))
        entries = self.entries(node)[page * per:(page + 1) * per]
        choices = list(self._choices(node, entries))
        first = node == self.root
        route = [] if first else self._route(node)
        if page + 1 < pages:
            choices.append(Choice(components.menu_value(" ".join(node), page + 1), MORE,
                                  f"page {page + 2} of {pages}", False))
        if page > 0:
            choices.append(Choice(components.menu_value(" ".join(node), page - 1), BACK,
                                  f"page {page} of {pages}", False))
        elif not first:
            # Up to the level this one was opened from (or the deepest one on the way to it).
            parent, parent_page = self.root, 0
            if route:
                parent, parent_page, entry = route[-1]
                if entry.path != node:
                    parent, parent_page = entry.path, 0
            choices.append(Choice(components.menu_value(" ".join(parent), parent_page), BACK,
                                  "the menu before this one", False))
        trail = tuple(self._label(here, entry) for here, _, entry in route)
        return Level(node, page, pages, len(self.under(node)), tuple(choices), trail, first)

    def _choices(self, node: Path, entries: Sequence[Entry]) -> list[Choice]:
        options = [" ".join(e.path[len(node):]) for e in entries]
        named = self._names(node, options)
        out = []
        for entry, option in zip(entries, options, strict=True):
            label, description = named.get(option) or ("", "")
            if entry.plays:
                value = self.actions[entry.path]
                label = label or value
            else:
                value = components.menu_value(" ".join(entry.path))
                label = (label or " ".join(entry.path)).rstrip(" .…") + " …"
                description = description or f"{len(self.under(entry.path))} choices"
            out.append(Choice(value, clip_message(label, LABEL), clip_message(description, DESCRIPTION),
                              entry.plays))
        return out

    def _label(self, node: Path, entry: Entry) -> str:
        option = " ".join(entry.path[len(node):])
        label = (self._names(node, [option]).get(option) or ("", ""))[0]
        return clip_message(label or " ".join(entry.path), LABEL)

    def _names(self, node: Path, options: list[str]) -> dict[str, tuple[str, str]]:
        if self.labeller is None or not options:
            return {}
        try:
            named = self.labeller(node, options)
        except Exception:  # a labelling bug must not cost the player their menu
            log.exception("menu labels failed at %r", node)
            return {}
        out = {}
        for option, pair in dict(named or {}).items():
            if (isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(x, str) for x in pair)
                    and isinstance(option, str)):
                out[option] = (pair[0].strip(), pair[1].strip())
        return out


def labeller_for(engine: Any, state: Any, seat: int) -> Labeller | None:
    """The engine's ``menu_labels`` for this seat and state, if it has one."""
    method = getattr(engine, "menu_labels", None)
    if method is None:
        return None
    return lambda prefix, options: method(state, seat, prefix, options)


def tree_for(engine: Any, state: Any, seat: int) -> Tree:
    from bot.service.derived import derived

    notations = derived(engine, state).notations(seat) if state is not None else []
    return Tree(notations, labeller_for(engine, state, seat))


def multi_level(engine: Any, state: Any, seat: int, game_id: int, token: str
                ) -> tuple[tuple[Button, ...], Select] | None:
    """The engine's multi-select level (``rules.core.engine.MultiChoice``), if it asks for one now:
    the select, and the seat's other actions as buttons."""
    method = getattr(engine, "menu_multi", None)
    if method is None or state is None:
        return None
    try:
        multi = method(state, seat)
    except Exception:  # a menu bug must not cost the player their menu: the plain levels still work
        log.exception("menu_multi failed")
        return None
    if multi is None or not multi.options:
        return None
    options = multi.options[:OPTIONS]
    labels = labeller_for(engine, state, seat)
    named = dict(labels((), list(multi.others)) or {}) if labels and multi.others else {}
    buttons = tuple(Button(clip_message((named.get(o) or (o, ""))[0], LABEL), o, game_id, token, style="secondary")
                    for o in multi.others[:QUICK])
    select = Select(clip_message(multi.prompt, PLACEHOLDER), tuple(v for v, _, _ in options), game_id, token,
                    labels=tuple(clip_message(label or v, LABEL) for v, label, _ in options),
                    descriptions=tuple(clip_message(d, DESCRIPTION) for _, _, d in options),
                    minimum=max(1, multi.minimum), maximum=min(multi.maximum, len(options)))
    return buttons, select


def first_level(engine: Any, state: Any, seat: int) -> Level | None:
    """The menu a player's screen and "My choices" carry; None when the seat has no choice."""
    return tree_for(engine, state, seat).level()


def step(engine: Any, state: Any, seat: int, value: str) -> Level | None:
    """The level a ``>page path`` click asks for; None when no legal action of the seat lies below
    it now (or the value is not a step)."""
    parsed = components.parse_menu_value(value)
    if parsed is None:
        return None
    text, page = parsed
    tree = tree_for(engine, state, seat)
    node = tree.find(text)
    return tree.level(node, page) if node is not None else None
