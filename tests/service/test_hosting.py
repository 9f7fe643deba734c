"""Hosting: what a host can get wrong is one clear line on stderr and a non-zero exit, never a
traceback; `gamemaster table` in a terminal says what to type; the docs link only to files that
exist."""

from __future__ import annotations

import io
import logging
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import TABLE_PROMPT, main

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = ("DISCORD_TOKEN", "DATABASE_PATH", "LOG_LEVEL", "DEV_GUILD_ID", "SYNC_COMMANDS")


@pytest.fixture
def host(tmp_path, monkeypatch):
    """A clean place to start gamemaster from: no .env, none of its settings in the environment."""
    monkeypatch.chdir(tmp_path)
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


def cli(*args: str, env: dict[str, str] | None = None, cwd: Path, stdin: int | None = subprocess.DEVNULL):
    """``gamemaster`` in a process of its own (its own environment, no .env)."""
    clean = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    clean.update(env or {}, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], cwd=cwd, env=clean, stdin=stdin,
                          capture_output=True, text=True, timeout=120)


# -- bad settings ---------------------------------------------------------------------------------

BAD_SETTINGS = [
    ({"LOG_LEVEL": "chatty"}, ["LOG_LEVEL must be one of CRITICAL, ERROR, WARNING, INFO, DEBUG", "'chatty'"]),
    ({"DEV_GUILD_ID": "my-server"}, ["DEV_GUILD_ID must be a server id", "'my-server'"]),
    ({"DEV_GUILD_ID": "-5"}, ["DEV_GUILD_ID must be a server id"]),
    ({"SYNC_COMMANDS": "maybe"}, ["SYNC_COMMANDS must be true or false", "'maybe'"]),
    ({"LOG_LEVEL": "loud", "SYNC_COMMANDS": "2"}, ["LOG_LEVEL must be", "SYNC_COMMANDS must be"]),
]


@pytest.mark.parametrize(("env", "says"), BAD_SETTINGS, ids=["log-level", "guild-text", "guild-negative", "sync",
                                                             "two-at-once"])
def test_a_bad_setting_is_one_line_and_exit_2(host, monkeypatch, capsys, env, says):
    for name, value in {**env, "DISCORD_TOKEN": "not-a-real-token"}.items():
        monkeypatch.setenv(name, value)
    assert main(["run"]) == 2
    line = one_line(capsys.readouterr().err)
    assert line.startswith("gamemaster run: Bad setting in the environment or .env:")
    assert "not-a-real-token" not in line
    for part in says:
        assert part in line, line


def test_a_bad_setting_in_the_env_file_is_one_line_too(host, capsys):
    (host / ".env").write_text("DISCORD_TOKEN=secret-token-text\nLOG_LEVEL=verbose\n")
    assert main(["run"]) == 2
    line = one_line(capsys.readouterr().err)
    assert "LOG_LEVEL must be one of" in line and "secret-token-text" not in line


def test_an_unreadable_env_file_is_one_line(host, capsys):
    (host / ".env").write_bytes(b"DISCORD_TOKEN=abc\nLOG_LEVEL=\xff\xfe\n")
    assert main(["run"]) == 2
    assert "cannot read the settings file .env" in one_line(capsys.readouterr().err)


def test_a_bad_setting_in_a_real_process_prints_no_traceback(host):
    done = cli("run", env={"DISCORD_TOKEN": "x", "DEV_GUILD_ID": "twelve"}, cwd=host)
    assert done.returncode == 2
    assert "DEV_GUILD_ID must be a server id" in one_line(done.stderr)


# -- the database --------------------------------------------------------------------------------


def test_a_database_that_cannot_be_opened_stops_run_in_one_line(host, monkeypatch, capsys):
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("DATABASE_PATH", str(host / "no" / "such" / "folder" / "games.db"))
    monkeypatch.setattr(logging, "basicConfig", lambda **kw: None)  # the test process's logging stays as it is
    assert main(["run"]) == 1  # before any connection to Discord
    line = one_line(capsys.readouterr().err)
    assert line.startswith("gamemaster run: The database") and "cannot be opened" in line


def test_a_file_that_is_not_a_database_stops_run_in_one_line_in_a_real_process(host):
    (host / "notes.db").write_text("these are my notes, not a database\n" * 200)
    done = cli("run", env={"DISCORD_TOKEN": "x", "DATABASE_PATH": "notes.db"}, cwd=host)
    assert done.returncode == 1
    assert "is not a Game Master database" in one_line(done.stderr)


def test_a_blank_database_path_means_the_default(host, monkeypatch):
    from bot.settings import Settings

    monkeypatch.setenv("DATABASE_PATH", "")
    assert Settings().database_path == Path("gamemaster.db")


def test_the_table_with_a_database_that_cannot_be_opened(host, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", _Stdin(b"", tty=False))
    assert main(["table", "--db", str(host / "missing" / "t.db")]) == 1
    assert "cannot be opened" in one_line(capsys.readouterr().err)


# -- scripts and options -------------------------------------------------------------------------


def test_a_missing_script_is_one_line_and_exit_2(host, capsys):
    assert main(["table", "nothere.txt"]) == 2
    assert one_line(capsys.readouterr().err) == (
        "gamemaster table: cannot read the script nothere.txt: No such file or directory")


@pytest.mark.parametrize("argv", [
    [], ["--frobnicate"], ["play"], ["table", "--seed", "seven"], ["table", "--clock", "sundial"],
    ["table", "a.txt", "b.txt"], ["selfplay"], ["selfplay", "kaploom", "--games", "many"], ["run", "--fast"],
], ids=lambda argv: " ".join(argv) or "nothing")
def test_a_bad_command_line_is_one_line_and_exit_2(host, capsys, argv):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    line = one_line(capsys.readouterr().err)
    assert line.startswith("gamemaster") and line.endswith("--help)")


def test_a_bad_command_line_in_a_real_process(host):
    done = cli("table", "--seed", "x", cwd=host)
    assert done.returncode == 2
    assert one_line(done.stderr) == ("gamemaster table: argument --seed: invalid int value: 'x' "
                                     "(see gamemaster table --help)")


# -- the table in a terminal ------------------------------------------------------------------------


class _Stdin:
    def __init__(self, data: bytes, tty: bool) -> None:
        self.buffer = io.BytesIO(data)
        self._tty = tty

    def isatty(self) -> bool:
        return self._tty


def test_the_table_in_a_terminal_says_what_to_type_before_reading(host, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", _Stdin(b"alice: /game help\n", tty=True))
    assert main(["table", "--images", str(host / "img")]) == 0
    captured = capsys.readouterr()
    assert captured.err == TABLE_PROMPT + "\n" and 1 <= len(TABLE_PROMPT.splitlines()) <= 2
    assert "alice: /game new game:kaploom" in TABLE_PROMPT and "Ctrl+D" in TABLE_PROMPT
    assert "[ephemeral:alice] **Game Master**" in captured.out


def test_the_table_reading_a_pipe_says_nothing_extra(host, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", _Stdin(b"alice: /game help\n", tty=False))
    assert main(["table", "--images", str(host / "img")]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_the_table_in_a_real_terminal(host):
    leader, follower = os.openpty()
    try:
        proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "table", "--images", str(host / "img")],
                                cwd=host, stdin=follower, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True)
        os.close(follower)
        os.write(leader, b"alice: /game help\n\x04")  # a line, then Ctrl+D
        out, err = proc.communicate(timeout=120)
    finally:
        os.close(leader)
    assert proc.returncode == 0, err
    assert err.startswith(TABLE_PROMPT.splitlines()[0])
    assert "[ephemeral:alice] **Game Master**" in out


# -- the docs ----------------------------------------------------------------------------------------

_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def _relative_links(path: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)  # code is not a link
    links = []
    for target in _LINK.findall(text):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("#"):
            continue  # a URL, mailto:, or an anchor in the same page
        links.append(target)
    return links


def test_every_relative_link_in_the_docs_resolves():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    assert len(pages) > 3
    checked = 0
    for page in pages:
        for link in _relative_links(page):
            target = (page.parent / link.split("#", 1)[0]).resolve()
            assert target.exists(), f"{page.relative_to(ROOT)} links to {link}, which does not exist"
            assert ROOT in target.parents or target == ROOT, f"{page.relative_to(ROOT)}: {link} leaves the repository"
            checked += 1
    assert checked >= 5


def test_the_link_check_finds_a_broken_link(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("See [the guide](docs/nothing.md), [a site](https://example.com), [here](#top) and\n"
                    "```\n[not a link](in/code.md)\n```\n![an image](img/x.png \"title\")\n")
    assert _relative_links(page) == ["docs/nothing.md", "img/x.png"]


# -- /game new options: autocomplete -------------------------------------------------------------------


async def test_options_autocomplete_suggests_every_engines_names_and_values():
    from toy_engine import ENGINE as TOY

    from bot.service import SessionService, Store
    from bot.service.suggest import option_values
    from rules.registry import engines

    every = {**engines(), "toy": TOY}
    for engine in every.values():  # every option of every engine has values to suggest, or is free text
        values = option_values(engine)
        assert set(values) == set(engine.option_help())
        for name, listed in values.items():
            for value in listed:  # each suggested value is one the engine takes (alone, or with a variant)
                contexts = [{}, *({"variant": v} for v in values.get("variant", []))]
                assert any(_accepts(engine, {**c, name: value}) for c in contexts), (engine.name, name, value)
    service = SessionService(Store(":memory:"), engines=every, render=False)
    await service.start()
    try:
        async def values_for(typed: str) -> list[str]:
            return [v for _, v in await service.autocomplete("c", 1, "game new", "options", typed)]

        assert await values_for("variant=") == ["variant=standard", "variant=advanced", "variant=2v2"]
        assert await values_for("variant=a") == ["variant=advanced"]
        assert await values_for("hero_super=") == ["hero_super=tough_nut", "hero_super=timeout"]
        # What is typed already narrows the names and values to those that fit beside it.
        assert await values_for("variant=advanced h") == ["variant=advanced hero_super="]
        assert await values_for("variant=2v2 hero2_super=") == [
            "variant=2v2 hero2_super=tough_nut", "variant=2v2 hero2_super=timeout", "variant=2v2 hero2_super=none"]
        assert await values_for("players=") == ["players=2", "players=3", "players=4"]
        assert await values_for("target=") == [f"target={n}" for n in range(1, 10)]
        labels = [label for label, _ in await service.autocomplete("c", 1, "game new", "options", "variant=2")]
        assert len(labels) == 1 and labels[0].startswith("variant=2v2 — standard (default, 1 vs 1), advanced")
    finally:
        await service.close()


async def test_an_engine_may_state_its_option_values_and_what_is_typed_narrows_them():
    from bot.service import SessionService, Store
    from bot.service.suggest import listed_values, option_values
    from rules.core.errors import BadOptions

    class Stated:
        name, title, rules_version = "stated", "Stated", 1

        def option_help(self):
            return {"mode": "tiny or huge", "size": "how big: whatever you like"}

        def option_values(self):
            return {"mode": ("tiny", "huge"), "size": ("small", "medium", "large")}

        def parse_options(self, raw):
            if raw.get("mode") == "tiny" and raw.get("size") == "large":
                raise BadOptions("a tiny game is never large")
            return raw

    assert option_values(Stated()) == {"mode": ["tiny", "huge"], "size": ["small", "medium", "large"]}
    service = SessionService(Store(":memory:"), engines={"stated": Stated()}, render=False)

    async def values_for(typed: str) -> list[str]:
        return [v for _, v in await service.autocomplete("c", 1, "game new", "options", typed)]

    assert await values_for("size=") == ["size=small", "size=medium", "size=large"]
    assert await values_for("mode=tiny size=") == ["mode=tiny size=small", "mode=tiny size=medium"]
    assert await values_for("mode=huge size=l") == ["mode=huge size=large"]
    assert listed_values("a|b|c (default a)") == ["a", "b", "c"]
    assert listed_values("dm, mention, both or off (default dm)") == ["dm", "mention", "both", "off"]
    assert listed_values("points: 1-4 (default 3)") == ["1", "2", "3", "4"]
    assert listed_values("any text you like") == []


def _accepts(engine, raw) -> bool:
    try:
        engine.parse_options(raw)
    except Exception:
        return False
    return True
