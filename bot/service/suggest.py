"""Autocomplete: up to 25 (label, value) suggestions for the option being typed.

``/game new options:`` completes ``name=value`` pairs for every engine. The values of an option
come from ``option_values(engine)``: an engine may state them itself with an optional method
``option_values() -> Mapping[str, Sequence[str]]`` (option name -> its values, most useful first:
the one small structured contract); otherwise they are read from its options model (a ``Literal``,
``Enum`` or ``bool`` field lists its values) and, for a free-text field, from the values its
``option_help()`` line lists (``a|b|c``, ``a, b or c``, ``1-9``). ``/play action:`` offers the seat's
legal actions containing what is typed, or, for an engine with ``complete(state, seat, typed)``, the
next token of a line typed from the top. The pairs already typed narrow
the choice: a value the engine's ``parse_options`` refuses beside them is not offered (unless it
refuses them all: then the context is incomplete, and all are).
"""

from __future__ import annotations

import enum
import logging
import re
import types
import typing
from collections.abc import Mapping
from typing import Any

from bot.quickref import load_quickref
from bot.service.core import Core
from bot.service.presentation import notations

log = logging.getLogger(__name__)


class Suggestions:
    def __init__(self, core: Core, server: Any = None) -> None:
        self.core = core
        self.server = server  # bot.service.server.Server: games to follow, games a channel follows
        self._values: dict[str, dict[str, list[str]]] = {}  # option values, by engine name

    def suggest(self, channel_id: str, user_id: int, command: str, option: str, typed: str) -> list[tuple[str, str]]:
        """Never raises: a failure suggests nothing."""
        typed = typed[:200]
        try:
            choices = self._suggestions(channel_id, user_id, command, option, typed)
        except Exception:
            log.exception("autocomplete failed for %s %s", command, option)
            return []
        return [(label[:100], value[:100]) for label, value in choices][:25]

    def _suggestions(
        self, channel_id: str, user_id: int, command: str, option: str, typed: str
    ) -> list[tuple[str, str]]:
        engines = self.core.engines
        session = self.core.sessions.in_channel(channel_id)
        if command == "play" and option == "action":
            if session is None or not session.running:
                return []
            mine = session.seats_of(user_id)
            if not mine:
                return []
            # The seat /play acts for without a seat option: the first of theirs the game waits for.
            pending = session.pending()
            seat = next((s for s in mine if s in pending), mine[0])
            complete = getattr(session.engine, "complete", None)
            if complete is not None:
                # An engine whose actions are paths through a tree (Adrenaline) completes what is
                # typed token by token: ``complete(state, seat, typed) -> [(label, value)]``.
                return list(complete(session.state, seat, typed))[:25]
            return [(n, n) for n in _filter(notations(session.engine, session.state, seat), typed)]
        if command == "play" and option == "seat":
            if session is None or not session.running:
                return []
            pending = session.pending()
            labels = [session.labels[s] + (" — your move" if s in pending else "") for s in session.seats_of(user_id)]
            return [(label, label.split(" — ")[0]) for label in _filter(labels, typed)]
        if command == "game new" and option == "game":
            names = {f"{e.title} ({name})": name for name, e in sorted(engines.items())}
            return [(label, name) for label, name in names.items() if _matches(label, typed)]
        if command == "game new" and option == "options":
            return self._option_suggestions(typed)
        if command == "game follow" and option == "game" and self.server is not None:
            return [(label, value) for label, value in self.server.games_to_follow(channel_id)
                    if _matches(f"{label} {value}", typed)]
        if command == "game unfollow" and option == "game" and self.server is not None:
            return [(label, value) for label, value in self.server.games_followed(channel_id)
                    if _matches(f"{label} {value}", typed)]
        if command == "gm settings" and option == "games":
            head, _, last = typed.replace(",", " ").rpartition(" ")
            prefix = f"{' '.join(head.split())} " if head.strip() else ""
            names = ["all", *sorted(engines)] if not prefix else sorted(engines)
            return [(f"{prefix}{n}", f"{prefix}{n}") for n in names
                    if n.startswith(last.strip().lower()) and n not in head.split()]
        if command == "game join" and option == "seat":
            if session is None or session.state is not None:
                return []
            labels = [session.labels[s] for s in session.free_seats()]
            return [(label, label) for label in _filter(labels, typed)]
        if command == "rules" and option == "game":
            return [(f"{e.title} ({name})", name) for name, e in sorted(engines.items())
                    if _matches(f"{e.title} {name}", typed)]
        if command == "rules" and option == "topic":
            games = [session.record.game] if session else sorted(engines)
            topics = []
            for game in games:
                ref = load_quickref(game)
                topics += ref.topics() if ref else []
            return [(t, t) for t in _filter(topics, typed)]
        return []

    def _option_suggestions(self, typed: str) -> list[tuple[str, str]]:
        """Complete the last ``name=value`` pair of the options string (see the module's docstring)."""
        head, _, last = typed.rpartition(" ")
        prefix = f"{head} " if head else ""
        name, eq, value = last.partition("=")
        name = name.strip().lower()
        context = _pairs(head)
        engines = [e for e in self.core.engines.values() if set(context) <= set(e.option_help())]
        out: list[tuple[str, str]] = []
        for engine in engines or self.core.engines.values():
            helps = engine.option_help()
            for opt, helptext in helps.items():
                if not eq and opt.startswith(name) and opt not in context:
                    values = self._option_values(engine).get(opt, [])
                    if context and values and not any(_accepts(engine, {**context, opt: v}) for v in values):
                        continue  # refused beside what is typed (a 2 vs 2 option after variant=advanced)
                    out.append((f"{opt}= — {helptext}", f"{prefix}{opt}="))
                elif eq and opt == name:
                    values = self._option_values(engine).get(opt, [])
                    fitting = [v for v in values if _accepts(engine, {**context, opt: v})] or values
                    for allowed in fitting:
                        if allowed.lower().startswith(value.lower()):
                            out.append((f"{opt}={allowed} — {helptext}", f"{prefix}{opt}={allowed}"))
        return list(dict.fromkeys(out))

    def _option_values(self, engine: Any) -> dict[str, list[str]]:
        known = self._values.get(engine.name)
        if known is None:
            known = self._values[engine.name] = option_values(engine)
        return known


def option_values(engine: Any) -> dict[str, list[str]]:
    """Each option's values, for autocomplete (see the module's docstring)."""
    stated = getattr(engine, "option_values", None)
    if callable(stated):
        return {str(name): [str(v) for v in values] for name, values in stated().items()}
    try:
        fields = type(engine.parse_options({})).model_fields
    except Exception:  # an engine whose options cannot all be left out: read the help alone
        fields = {}
    out = {}
    for name, helptext in engine.option_help().items():
        field = fields.get(name)
        out[name] = (_typed_values(field.annotation) if field is not None else []) or listed_values(helptext)
    return out


def _typed_values(annotation: Any) -> list[str]:
    """The values a type allows, when it lists them: Literal[...], an Enum, bool (None left out)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return [str(a.value if isinstance(a, enum.Enum) else a) for a in typing.get_args(annotation)]
    if origin in (typing.Union, types.UnionType):
        found: list[str] = []
        for arg in typing.get_args(annotation):
            if arg is not type(None):
                found += _typed_values(arg)
        return found
    if annotation is bool:
        return ["true", "false"]
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return [str(member.value) for member in annotation]
    return []


_PARENTHESES = re.compile(r"\([^()]*\)")
_PIPES = re.compile(r"[\w-]+(?:\|[\w-]+)+")
_RANGE = re.compile(r"(?<![\w-])([0-9]{1,3})-([0-9]{1,3})(?![\w-])")
_LIST = re.compile(r"[\w-]+(?:\s*,\s*[\w-]+)*,?\s+or\s+[\w-]+|[\w-]+(?:\s*,\s*[\w-]+)+")


def listed_values(helptext: str) -> list[str]:
    """The values a help line lists, outside its parentheses: ``a|b|c``, else a range ``1-9``, else
    a list ``a, b or c``."""
    plain = helptext
    while _PARENTHESES.search(plain):
        plain = _PARENTHESES.sub(" ", plain)
    found: list[str] = []
    for group in _PIPES.findall(plain):
        found += group.split("|")
    if not found:
        for low, high in _RANGE.findall(plain):
            if 0 <= int(high) - int(low) <= 24:
                found += [str(n) for n in range(int(low), int(high) + 1)]
    if not found:
        for match in _LIST.finditer(plain):
            found += [v for v in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+", match.group(0)) if v]
    return list(dict.fromkeys(found))


def _pairs(text: str) -> dict[str, str]:
    """The ``name=value`` pairs typed so far (the service's own ``seed`` left out)."""
    pairs = {}
    for token in text.replace(",", " ").split():
        name, eq, value = token.partition("=")
        if eq and name and name.lower() != "seed":
            pairs[name.strip().lower()] = value.strip().strip("\"'")
    return pairs


def _accepts(engine: Any, raw: Mapping[str, str]) -> bool:
    try:
        engine.parse_options(dict(raw))
    except Exception:
        return False
    return True


def _matches(text: str, typed: str) -> bool:
    return typed.strip().lower() in text.lower()


def _filter(items: list[str], typed: str) -> list[str]:
    """Items containing what was typed, those starting with it first, in their own order."""
    typed = typed.strip().lower()
    starts = [i for i in items if i.lower().startswith(typed)]
    contains = [i for i in items if typed in i.lower() and not i.lower().startswith(typed)]
    return (starts + contains)[:25]

