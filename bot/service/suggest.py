"""Autocomplete: up to 25 (label, value) suggestions for the option being typed."""

from __future__ import annotations

import logging
import re

from bot.quickref import load_quickref
from bot.service.core import Core
from bot.service.presentation import notations

log = logging.getLogger(__name__)


class Suggestions:
    def __init__(self, core: Core) -> None:
        self.core = core

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
        """Complete the last ``name=value`` pair of the options string from the engines' help."""
        head, _, last = typed.rpartition(" ")
        prefix = f"{head} " if head else ""
        name, eq, value = last.partition("=")
        out: list[tuple[str, str]] = []
        for engine in self.core.engines.values():
            for opt, helptext in engine.option_help().items():
                if not eq and opt.startswith(name.lower()):
                    out.append((f"{opt}= — {helptext}", f"{prefix}{opt}="))
                elif eq and opt == name.lower():
                    for allowed in _allowed_values(helptext):
                        if allowed.startswith(value.lower()):
                            out.append((f"{opt}={allowed} — {helptext}", f"{prefix}{opt}={allowed}"))
        return list(dict.fromkeys(out))


def _matches(text: str, typed: str) -> bool:
    return typed.strip().lower() in text.lower()


def _filter(items: list[str], typed: str) -> list[str]:
    """Items containing what was typed, those starting with it first, in their own order."""
    typed = typed.strip().lower()
    starts = [i for i in items if i.lower().startswith(typed)]
    contains = [i for i in items if typed in i.lower() and not i.lower().startswith(typed)]
    return (starts + contains)[:25]


def _allowed_values(helptext: str) -> list[str]:
    """Values an option's help lists as ``a|b|c``."""
    found: list[str] = []
    for group in re.findall(r"[\w-]+(?:\|[\w-]+)+", helptext):
        found += group.split("|")
    return list(dict.fromkeys(found))
