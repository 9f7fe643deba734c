"""`gamemaster`: run the Discord bot, play at the local table, or let random players self-play.

    gamemaster run
    gamemaster table [--db PATH] [--images DIR] [--seed N] [--manager NAME] [--clock system|virtual] [SCRIPT]
    gamemaster selfplay <game> --games N --seed S [--variant V] [--option name=value]

Discord and its settings are imported only by `run`, so the other two work without a token.

What a host can get wrong is answered in one line on stderr and a non-zero exit, never a
traceback: a bad setting (``LOG_LEVEL``, ``DEV_GUILD_ID``, ``SYNC_COMMANDS``, an unreadable
``.env``), a database that cannot be opened, a script that cannot be read, a bad option of
``gamemaster`` itself (2: usage; 1: the database).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import logging
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

TABLE_PROMPT = (
    "Type one command per line, as <user>[@<channel>]: /<command> [name:value ...], "
    "e.g.  alice: /game new game:kaploom\n"
    "Then  bob: /game join  and  alice: /game start. /game help lists the commands; Ctrl+D ends the table."
)


def _run(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from bot.settings import MISSING_TOKEN_HELP, Settings, settings_problem

    try:
        settings = Settings()
    except ValidationError as err:
        print(f"gamemaster run: {settings_problem(err)}", file=sys.stderr)
        return 2
    except (OSError, UnicodeDecodeError) as err:  # a .env that is a folder, unreadable, not UTF-8
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        print(f"gamemaster run: cannot read the settings file .env: {' '.join(reason.split())[:160]}",
              file=sys.stderr)
        return 2
    if settings.discord_token is None:
        print(MISSING_TOKEN_HELP, file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level_number)
    from bot.discord_adapter import run_bot

    try:
        run_bot(settings, sync=True if args.sync else None)
    except SystemExit as stop:
        if not isinstance(stop.code, str):
            raise
        # run_bot's one line: the database cannot be used, Discord cannot be reached or refused the token.
        print(f"gamemaster run: {stop.code}", file=sys.stderr)
        return 1
    return 0


def _table(args: argparse.Namespace) -> int:
    from bot.service.store import StorageError
    from bot.table import run_table

    if args.script and args.script != "-":
        try:
            # errors="replace": an invalid byte becomes U+FFFD in that line, not a crash of the run.
            with open(args.script, encoding="utf-8", errors="replace") as script:
                lines = script.readlines()
        except OSError as err:
            print(f"gamemaster table: cannot read the script {args.script}: {err.strerror or err}", file=sys.stderr)
            return 2
    else:
        if _interactive(sys.stdin):
            # Someone at a terminal: say what to type before waiting for it.
            print(TABLE_PROMPT, file=sys.stderr, flush=True)
        lines = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    try:
        return asyncio.run(
            run_table(lines, sys.stdout, db=args.db, images=args.images, seed=args.seed, managers=args.manager,
                      clock=args.clock)
        )
    except StorageError as err:
        print(f"gamemaster table: {err}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        raise
    except OSError as err:  # the images folder cannot be written, say
        where = f" {err.filename}" if err.filename else ""
        print(f"gamemaster table: cannot write{where}: {err.strerror or err}", file=sys.stderr)
        return 1


def _interactive(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False


def _selfplay(args: argparse.Namespace) -> int:
    from bot.selfplay import main as selfplay_main

    return selfplay_main(args)


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a bad command line is one line on stderr (and exit 2), not usage + error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="gamemaster", description="Game Master: board games on Discord.")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="run the Discord bot (settings from .env)")
    run.add_argument("--sync", action="store_true",
                     help="publish the slash commands to Discord at this start (once after install or upgrade)")
    run.set_defaults(func=_run)

    table = sub.add_parser("table", help="play through the session service without Discord")
    table.add_argument("script", nargs="?", help="a file of '<user>[@<channel>]: /<command> ...' lines (default: stdin)")
    table.add_argument("--db", help="SQLite file keeping the games between runs (default: in memory)")
    table.add_argument("--images", default="table-images", help="where board images are written")
    table.add_argument("--seed", type=int, help="seed source: the same script and seed print the same output")
    table.add_argument("--manager", action="append", default=[], metavar="NAME",
                       help="a user who has Manage Channels (may /game abort); repeatable")
    table.add_argument("--clock", choices=("system", "virtual"), default="system",
                       help="virtual: time stands still but for 'wait 25h' lines, and every timer can be "
                            "played from a script (the same output each run)")
    table.set_defaults(func=_table)

    selfplay = sub.add_parser("selfplay", help="random players, every invariant checked after every step")
    selfplay.add_argument("game")
    selfplay.add_argument("--games", type=int, default=100)
    selfplay.add_argument("--seed", type=int, default=0)
    selfplay.add_argument("--variant", help="shorthand for --option variant=V")
    selfplay.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    selfplay.add_argument("--max-steps", type=int, default=100_000, help="a game longer than this fails")
    selfplay.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                          help="processes to play in (default: one per core); results do not depend on it")
    selfplay.add_argument("--no-leak-check", action="store_true",
                          help="skip the hidden-information comparison (measures the engine alone)")
    selfplay.add_argument("--image-every", type=int, default=0, metavar="N",
                          help="also compare the board images (slow) at every Nth twin comparison of a game; "
                               "0 = never (default)")
    selfplay.set_defaults(func=_selfplay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:
        # The reader went away (`gamemaster table ... | head`): stop quietly, as other tools do.
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
