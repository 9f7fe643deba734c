"""The Jupiter Rescue player docs stay true to the engine: every concrete action they show is valid
notation, every option they name is one, and each quick-reference topic fits in one Discord message."""

import re
from pathlib import Path

import pytest

from bot.quickref import parse_quickref
from rules.jupiter import ENGINE
from rules.jupiter.actions import VERBS

ROOT = Path(__file__).resolve().parents[3]
QUICKREF = ROOT / "bot" / "quickref" / "jupiter-rescue.md"
DOCS = ROOT / "docs" / "games" / "jupiter-rescue.md"
DISCORD_LIMIT = 2000


def _examples(text: str) -> list[str]:
    """Backticked snippets that are whole concrete actions (no `<placeholder>`, `a|b` or `...`)."""
    out = []
    for snippet in re.findall(r"`([^`\n]+)`", text):
        words = snippet.split()
        whole = len(words) > 1 or words[:1] == ["end"]  # a verb named alone is not an action
        if whole and words[0] in VERBS and not any(mark in snippet for mark in ("<", "|", "...", "…")):
            out.append(snippet)
    return out


def _playing_on_discord() -> str:
    return DOCS.read_text(encoding="utf-8").split("## Playing on Discord", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("name", ["quickref", "docs"])
def test_every_action_the_docs_show_is_valid_notation(name):
    text = QUICKREF.read_text(encoding="utf-8") if name == "quickref" else _playing_on_discord()
    examples = _examples(text)
    assert len(examples) > (12 if name == "quickref" else 3)
    state = ENGINE.new_game(1, ENGINE.parse_options({}))
    for example in examples:
        ENGINE.parse(state, 0, example)  # raises MalformedAction if the docs show an action that is not one


@pytest.mark.parametrize("name", ["quickref", "docs"])
def test_every_option_the_docs_show_is_one(name):
    text = QUICKREF.read_text(encoding="utf-8") if name == "quickref" else _playing_on_discord()
    pairs = re.findall(r"`?([a-z_]+)[:=](yes|standard|easier|labyrinthian)", text)
    named = {key for key, _ in pairs} | set(re.findall(r"^\| `([a-z_]+)` \|", text, re.MULTILINE))
    assert named == set(ENGINE.option_help())
    for key, value in pairs:
        ENGINE.parse_options({key: value})


def test_each_quickref_topic_fits_one_discord_message():
    ref = parse_quickref("jupiter-rescue", QUICKREF.read_text(encoding="utf-8"))
    assert {"overview", "setup", "turn", "notation", "cards", "options"} <= set(ref.topics())
    for topic, text in ref.sections.items():
        message = f"**{ENGINE.title} — {topic}**\n{text}"  # as /rules sends it
        assert len(message) < DISCORD_LIMIT, topic
