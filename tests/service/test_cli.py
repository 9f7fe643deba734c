"""The `gamemaster` command: `run` without a token explains itself and exits 2."""

from __future__ import annotations

from bot.cli import main


def test_run_without_token_explains_and_exits_2(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "Reset Token" in err and "gamemaster table" in err and "DISCORD_TOKEN" in err


def test_table_reads_a_script(tmp_path, monkeypatch, capsys):
    script = tmp_path / "s.txt"
    script.write_text("alice: /game help\nalice: /game new game:nosuchgame\n")
    assert main(["table", "--seed", "1", "--images", str(tmp_path / "img"), str(script)]) == 0
    out = capsys.readouterr().out
    assert "[ephemeral:alice] **Game Master**" in out and "[ephemeral:alice] Unknown game 'nosuchgame'" in out
