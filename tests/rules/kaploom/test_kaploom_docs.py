"""The KAPLOOM! player docs stay true to the engine: every concrete move they show is valid notation,
and each quick-reference topic fits in one Discord message."""

import re
from pathlib import Path

import pytest

from bot.quickref import parse_quickref
from rules.kaploom import ENGINE
from rules.kaploom.actions import VERBS

ROOT = Path(__file__).resolve().parents[3]
QUICKREF = ROOT / "bot" / "quickref" / "kaploom.md"
DOCS = ROOT / "docs" / "games" / "kaploom.md"
DISCORD_LIMIT = 2000


def _examples(text: str) -> list[str]:
    """Backticked snippets that are whole concrete moves (no `<placeholder>`, `1|2` or `...`)."""
    out = []
    for snippet in re.findall(r"`([^`\n]+)`", text):
        words = snippet.split()
        if words and words[0] in VERBS and not any(mark in snippet for mark in ("<", "|", "...", "…")):
            out.append(snippet)
    return out


def _playing_on_discord() -> str:
    text = DOCS.read_text(encoding="utf-8")
    return text.split("## Playing on Discord", 1)[1].split("\n## Options", 1)[0]


@pytest.mark.parametrize("name", ["quickref", "docs"])
def test_every_move_the_docs_show_is_valid_notation(name):
    text = QUICKREF.read_text(encoding="utf-8") if name == "quickref" else _playing_on_discord()
    examples = _examples(text)
    assert len(examples) > 10
    state = ENGINE.new_game(1, ENGINE.parse_options({}))
    for example in examples:
        ENGINE.parse(state, 0, example)  # raises MalformedAction if the docs show a move that is not one


def test_each_quickref_topic_fits_one_discord_message():
    ref = parse_quickref("kaploom", QUICKREF.read_text(encoding="utf-8"))
    assert {"phases", "powerup", "2v2", "notation"} <= set(ref.topics())
    for topic, text in ref.sections.items():
        message = f"**{ENGINE.title} — {topic}**\n{text}"  # as /rules sends it
        assert len(message) < DISCORD_LIMIT, topic
