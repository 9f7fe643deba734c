"""The local table: the session service driven by lines of text instead of Discord.

    alice: /game new game:kaploom options:"variant=advanced"
    bob@den: /play action:"assign 3 grow"      # in channel "den"; "#" starts a comment
    bob: /play action:"attach wild 5" request:r17

``request:<id>`` is the table's request id (Discord's interaction id plays that part there): a line
that repeats the request id of an action already applied is answered "Already done" and applies
nothing, as a resent command after a lost reply must. Options that name a person (``old``, ``new``,
``player``) take a table user name: ``/game replace old:bob new:dave``.

    wait 25h                                     # with --clock virtual: time passes

    carol: click "Skip their move"               # press a button (or pick a select option)
    carol: click[2] "Skip their move"            # the one before the newest

``click <label>`` presses the newest button (or select option) with that label (or that action);
``click "A" + "B"`` picks several options of one multi-select at once (several targets of one effect)
that the user can see — in the channel, their DMs or their private replies — exactly as a click on
Discord would arrive, with its game and token; ``click[2]`` the one before it, and so on. A click
on a step of a menu ("Die 3 — red MIGHT …", "More…", "◀ Back") replaces that message's menu with
the next level, as Discord edits it, so a script walks a menu path one click at a time:

    alice: click "Die 3 — red MIGHT …"           # the menu now lists what die 3 may go on
    alice: click "POW — needs MIGHT + ENERGY"    # plays assign 3 pow

Older / Newer under a page of ``/game log`` print the next page in the place of the one clicked,
marked ``(edits its message)`` as Discord edits it, like a living message.

A ``wait <duration>`` line moves a virtual clock on (d, h, m, s) and prints everything that falls
due meanwhile — reminders, time-outs, AI seats that take over — in order, each line marked with
the time it happened (``[+25h]``). What the service says without being asked is printed the
same way with the system clock, as it happens.

Each line is ``<user>[@<channel>]: /<command> [name:value ...]`` with shlex-style quoting and the
same command and option names as Discord; the default channel is ``table``. Every output is
printed with where Discord would put it (``[#channel]``, ``[dm:user]``, ``[ephemeral:user]``),
images are written to files, and the same script with the same seed prints the same bytes.
"""

from __future__ import annotations

import hashlib
import re
import shlex
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import TextIO

from bot.service.clock import VirtualClock
from bot.service.components import FOR_GAME, TOKEN, describe_components
from bot.service.hygiene import clean_name, strip_unsafe
from bot.service.messages import Invocation, Output, TargetKind
from bot.service.service import SessionService
from bot.service.settings import SettingsError, format_duration, parse_duration
from bot.service.store import Store
from rules.core.engine import Engine

DEFAULT_CHANNEL = "table"
_HEAD = re.compile(r"^\s*([^\s:@]+)(?:@([^\s:@]+))?\s*:\s*/(.*)$")
_CLICK = re.compile(r"^\s*([^\s:@]+)(?:@([^\s:@]+))?\s*:\s*click(?:\[(\d{1,3})\])?\s+(.+)$", re.IGNORECASE)


class TableSyntaxError(ValueError):
    pass


USER_OPTIONS = ("old", "new", "player")  # options whose value is a person
GUILD = "table"  # the table is one server


@dataclass(frozen=True)
class TableWait:
    seconds: int


@dataclass(frozen=True)
class TableClick:
    user: str
    channel: str
    label: str
    back: int = 1  # 1: the newest such button, 2: the one before it…


@dataclass(frozen=True)
class Shown:
    """A component the table printed: who can see it, where it sends its click, what it does."""
    user_id: int | None  # None: everyone in the channel
    channel: str
    label: str
    action: str
    game_id: int
    token: str
    message: int = 0  # the printed message it rides on (a menu step replaces that message's menu)
    where: str = ""  # how that message was printed: "[dm:alice]"


@dataclass(frozen=True)
class TableLine:
    user: str
    channel: str
    command: str
    options: dict[str, str] = field(default_factory=dict)
    request_id: str | None = None


def user_id_for(name: str) -> int:
    """A stable, Discord-sized id for a table user name, so runs reproduce."""
    return int.from_bytes(hashlib.sha256(name.lower().encode()).digest()[:8], "big") >> 2


def parse_line(line: str) -> TableLine | TableWait | TableClick | None:
    """One script line -> a TableLine (or a TableWait), or None for blank and comment lines."""
    if not line.strip() or line.lstrip().startswith("#"):
        return None
    words = line.split("#", 1)[0].split()
    if words and words[0].lower() == "wait":
        if len(words) != 2:
            raise TableSyntaxError("write a wait as 'wait <duration>', like wait 25h or wait 90s")
        try:
            return TableWait(parse_duration(words[1]))
        except SettingsError as err:
            raise TableSyntaxError(str(err)) from err
    click = _CLICK.match(line.split("#", 1)[0])
    if click is not None:
        label = click.group(4).strip().strip('"').strip()
        if not label:
            raise TableSyntaxError("write a click as 'click <label>', like click \"My screen\"")
        back = int(click.group(3) or 1)
        if back < 1:
            raise TableSyntaxError("click[N] counts back from the newest button: 1 is the newest")
        return TableClick(clean_name(click.group(1)), click.group(2) or DEFAULT_CHANNEL, label, back)
    match = _HEAD.match(line)
    if match is None:
        raise TableSyntaxError("expected '<user>[@<channel>]: /<command> [name:value ...]'")
    user, channel, rest = match.group(1), match.group(2) or DEFAULT_CHANNEL, match.group(3)
    # A name is printed on every line about its user: the same cleaning as the service's, so an
    # odd character (a lone surrogate, a control) never reaches the terminal.
    user = clean_name(user)
    try:
        tokens = shlex.split(rest, comments=True)
    except ValueError as err:
        raise TableSyntaxError(f"cannot read the options: {err}") from err
    words: list[str] = []
    options: dict[str, str] = {}
    for token in tokens:
        name, sep, value = token.partition(":")
        if sep:
            if not name:
                raise TableSyntaxError(f"option '{token}' has no name")
            options[name.lower()] = value
        elif options:
            raise TableSyntaxError(f"'{token}' follows the options; options are name:value")
        else:
            words.append(token.lower())
    if not words:
        raise TableSyntaxError("no command after '/'")
    if len(user) > 64 or len(channel) > 64:
        raise TableSyntaxError("user and channel names are at most 64 characters")
    request_id = options.pop("request", None)
    for name in USER_OPTIONS:
        if name in options:  # a person, as the service takes it: "<id>|<name>"
            person = clean_name(options[name].lstrip("@"))
            options[name] = f"{user_id_for(person)}|{person}"
    return TableLine(user, channel, " ".join(words), options, request_id)


class TablePrinter:
    """Turns Outputs into the table's lines and writes their images."""

    def __init__(self, out: TextIO, images: Path, names: dict[int, str]) -> None:
        self.out = out
        self.images = images
        self.names = names
        # Continue after the images already there, so a game played one command per run (--db)
        # never overwrites its earlier boards.
        numbers = [int(m.group(1)) for f in images.glob("*.png") if (m := re.match(r"(\d+)-", f.name))]
        self.count = max(numbers, default=0)
        self.shown: list[Shown] = []  # every button and select option printed, oldest first
        self.messages = 0
        self.slots: set[str] = set()  # the living messages shown so far
        self.edits = self.posts = 0

    def where(self, output: Output) -> str:
        target = output.target
        if target.kind is TargetKind.CHANNEL:
            return f"[#{target.channel_id}]"
        name = self.names.get(target.user_id or 0, str(target.user_id))
        return f"[dm:{name}]" if target.kind is TargetKind.DM else f"[ephemeral:{name}]"

    def print(self, output: Output, mark: str = "", clicked: Shown | None = None) -> None:
        """Print an output; one that replaces the menu ``clicked`` rides on (a step through a menu)
        is printed where that menu was, and the menu's old buttons and options are gone."""
        self.messages += 1
        message, seen_by, where = self.messages, None, str(output.target.channel_id)
        prefix = mark + self.where(output)
        if output.replace_menu and clicked is not None:
            message, seen_by, where = clicked.message, clicked.user_id, clicked.channel
            prefix = mark + (clicked.where or self.where(output))
            self.shown = [s for s in self.shown if s.message != message]
            if output.replace_text:  # a log page: Discord edits the clicked page's text too
                self.out.write(f"{prefix} (edits its message)\n")
        elif output.target.kind is not TargetKind.CHANNEL:
            seen_by = output.target.user_id
        if output.slot is not None:
            # A living message: an edit of the one already shown (Discord edits it in place).
            if not output.fresh and output.slot in self.slots:
                self.out.write(f"{prefix} (edits its message)\n")
                self.edits += 1
            else:
                self.posts += 1
            self.slots.add(output.slot)
        for line in output.text.split("\n"):
            self.out.write(f"{prefix} {line}".rstrip() + "\n")
        if output.image is not None and output.image_unchanged:
            self.out.write(f"{prefix} image: unchanged\n")
        elif output.image is not None:
            self.count += 1
            self.images.mkdir(parents=True, exist_ok=True)
            slug = re.sub(r"[^a-z0-9]+", "-", prefix.lower()).strip("-")
            path = self.images / f"{self.count:04d}-{slug}-{output.image_name}"
            path.write_bytes(output.image)
            self.out.write(f"{prefix} image: {path}\n")
        for line in describe_components(output.buttons, output.select):
            self.out.write(f"{prefix} {line}\n")
        here = prefix[len(mark):]
        for button in output.buttons:
            self.shown.append(Shown(seen_by, where, button.label, button.action, button.game_id, button.token,
                                    message, here))
        if output.select is not None:
            for action, label, _ in output.select.options():
                self.shown.append(Shown(seen_by, where, label, action, output.select.game_id,
                                        output.select.token, message, here))

    def find(self, user_id: int, channel: str, label: str, back: int = 1) -> Shown | None:
        """The ``back``-th newest component labelled ``label`` that this user sees: the channel's
        (when they click there) or their own DMs' and private replies'."""
        wanted = label.lower()
        for shown in reversed(self.shown):
            names = {shown.label.lower(), shown.label.lower().removesuffix(" …"), shown.action.lower()}
            if wanted not in names:
                continue
            if shown.user_id == user_id or (shown.user_id is None and shown.channel == channel):
                back -= 1
                if back == 0:
                    return shown
        return None


class TableOutbox:
    """What the service says without being asked, printed as it comes, marked with the time it
    happened on a virtual clock (``[+25h]``)."""

    def __init__(self, printer: TablePrinter, clock: VirtualClock | None) -> None:
        self.printer = printer
        self.clock = clock
        self.start = clock.now() if clock is not None else None

    async def push(self, outputs: list[Output]) -> None:
        mark = ""
        if self.clock is not None and self.start is not None:
            mark = f"[+{format_duration((self.clock.now() - self.start).total_seconds())}] "
        for output in outputs:
            self.printer.print(output, mark)


async def run_table(
    lines: Iterable[str],
    out: TextIO,
    *,
    db: str | Path | None = None,
    images: str | Path = "table-images",
    seed: int | None = None,
    managers: Iterable[str] = (),
    engines: Mapping[str, Engine] | None = None,
    render: bool = True,
    echo: bool = True,
    clock: str = "system",
) -> int:
    """Play ``lines`` through a fresh service; returns 1 if a line could not be read, else 0.
    ``clock``: "system" (real time; timers fire as it passes) or "virtual" (time stands still but
    for ``wait`` lines, so a script plays the same every time)."""
    virtual = VirtualClock() if clock == "virtual" else None
    service = SessionService(Store(db if db is not None else ":memory:"), engines=engines, render=render, seed=seed,
                             clock=virtual)
    # Users seated in games continued from --db may be addressed before they type a line.
    printer = TablePrinter(out, Path(images), {})
    service.attach(TableOutbox(printer, virtual))
    await service.start()
    printer.names.update({holder.user_id: holder.name for session in service.sessions.values()
                          for holder in session.record.seats.values()})
    can_manage = {m.lower() for m in managers}
    status = 0
    try:
        for number, raw in enumerate(lines, start=1):
            line = raw.rstrip("\n")
            try:
                parsed = parse_line(line)
            except TableSyntaxError as err:
                out.write(f"[table] line {number}: {err}\n")
                status = 1
                continue
            if parsed is None:
                continue
            if echo:
                out.write(f"> {strip_unsafe(line.strip())}\n")
            if isinstance(parsed, TableWait):
                if virtual is None:
                    out.write(f"[table] line {number}: 'wait' needs --clock virtual (the system clock cannot be moved)\n")
                    status = 1
                    continue
                fired = await service.advance(timedelta(seconds=parsed.seconds))
                out.write(f"[table] {format_duration(parsed.seconds)} later ({fired} deadline{'s' if fired != 1 else ''} "
                          "fell due).\n")
                continue
            uid = user_id_for(parsed.user)
            printer.names[uid] = parsed.user
            if isinstance(parsed, TableClick):
                # "A" + "B": several options of one multi-select, chosen together
                labels = [part.strip().strip('"').strip() for part in parsed.label.split('" + "')]
                found = [printer.find(uid, parsed.channel, label, parsed.back) for label in labels]
                missing = next((label for label, shown in zip(labels, found, strict=True) if shown is None), None)
                if missing is not None:
                    out.write(f"[table] line {number}: {parsed.user} sees no button '{missing}' here\n")
                    status = 1
                    continue
                shown = found[0]
                action = shown.action
                if len(found) > 1:
                    order = {id(x): i for i, x in enumerate(printer.shown)}
                    action = ",".join(x.action for x in sorted(found, key=lambda x: order[id(x)]))
                options = {"action": action, FOR_GAME: str(shown.game_id), TOKEN: shown.token}
                inv = Invocation(uid, parsed.user, shown.channel, "play", options,
                                 can_manage_channel=parsed.user.lower() in can_manage, guild_id=GUILD)
                for output in await service.handle(inv):
                    printer.print(output, clicked=shown)
                continue
            for name in USER_OPTIONS:
                if name in parsed.options:
                    person_id, _, person = parsed.options[name].partition("|")
                    printer.names[int(person_id)] = person
            inv = Invocation(uid, parsed.user, parsed.channel, parsed.command, parsed.options,
                             can_manage_channel=parsed.user.lower() in can_manage, request_id=parsed.request_id,
                             guild_id=GUILD)
            for output in await service.handle(inv):
                printer.print(output)
    finally:
        await service.close()
    return status
