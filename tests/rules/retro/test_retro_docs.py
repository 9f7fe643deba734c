"""The Retro Bots player docs stay true to the engine: every concrete action they show is valid
notation, every option they name is one, and each quick-reference topic fits one Discord message."""

import re
from pathlib import Path

import pytest

from bot.quickref import parse_quickref
from rules.retro import ENGINE

ROOT = Path(__file__).resolve().parents[3]
QUICKREF = ROOT / "bot" / "quickref" / "retro-bots.md"
DOCS = ROOT / "docs" / "games" / "retro-bots.md"
VERBS = ("type", "add", "back", "clear", "program", "lock", "target", "shove", "upgrade", "decline", "surrender",
         "keep")
DISCORD_LIMIT = 2000


def _examples(text: str) -> list[str]:
    """Backticked snippets that are whole concrete actions (no `<placeholder>`, `a|b` or `...`)."""
    out = []
    for snippet in re.findall(r"`(?:/play )?([^`\n]+)`", text):
        words = snippet.split()
        if words and words[0] in VERBS and not any(mark in snippet for mark in ("<", "|", "...", "…")):
            out.append(snippet)
    return out


@pytest.mark.parametrize("name", ["quickref", "docs"])
def test_every_action_the_docs_show_is_valid_notation(name):
    text = QUICKREF.read_text(encoding="utf-8") if name == "quickref" else DOCS.read_text(encoding="utf-8")
    examples = _examples(text)
    assert len(examples) >= 6
    state = ENGINE.new_game(1, ENGINE.parse_options({}))
    for example in examples:
        ENGINE.parse(state, 0, example)  # raises MalformedAction if the docs show an action that is not one


@pytest.mark.parametrize("name", ["quickref", "docs"])
def test_every_option_the_docs_show_is_one(name):
    text = QUICKREF.read_text(encoding="utf-8") if name == "quickref" else DOCS.read_text(encoding="utf-8")
    pairs = re.findall(r"\b(timer|bossbot|minionbot|crates|pause)=([a-z0-9.]+)", text)
    named = {key for key, _ in pairs} | set(re.findall(r"^\| `([a-z_]+)` \|", text, re.MULTILINE))
    assert named == set(ENGINE.option_help())
    for key, value in pairs:
        ENGINE.parse_options({key: value})


def test_each_quickref_topic_fits_one_discord_message():
    ref = parse_quickref("retro-bots", QUICKREF.read_text(encoding="utf-8"))
    assert {"overview", "setup", "round", "instructions", "rogues", "options"} <= set(ref.topics())
    for topic, text in ref.sections.items():
        message = f"**{ENGINE.title} — {topic}**\n{text}"
        assert len(message) < DISCORD_LIMIT, topic
