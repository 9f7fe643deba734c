"""The POWERUP player docs stay true to the engine: every concrete action they show is a verb the engine
knows (its refusals would call anything else unknown), every option they name is one and its values parse,
and each quick-reference topic fits one Discord message."""

import re
from pathlib import Path

import pytest

from bot.quickref import parse_quickref
from rules.powerup import ENGINE
from rules.powerup.refusals import KNOWN

ROOT = Path(__file__).resolve().parents[3]
QUICKREF = ROOT / "bot" / "quickref" / "powerup.md"
DOCS = ROOT / "docs" / "games" / "powerup.md"
DISCORD_LIMIT = 2000
VERBS = KNOWN | {"react"}


def _text(name: str) -> str:
    return (QUICKREF if name == "quickref" else DOCS).read_text(encoding="utf-8")


def _examples(text: str) -> list[str]:
    """Backticked snippets that look like whole concrete actions (a known-looking verb first, no
    `<placeholder>`, `a|b` or `...`)."""
    out = []
    for snippet in re.findall(r"`(?:/play (?:action:)?\"?)?([^`\n\"]+)\"?`", text):
        words = snippet.split()
        if words and words[0].islower() and words[0].isalpha() and len(words) <= 5 and not any(
                mark in snippet for mark in ("<", "|", "...", "…", "=", ":\"")):
            out.append(snippet)
    return out


@pytest.mark.parametrize("name", ["quickref", "docs"])
def test_every_action_the_docs_show_starts_with_a_verb_the_engine_knows(name):
    """Snippets of two words or more are actions (``shoot TOR``, ``react roll 2``); single words may be
    option values (``relevant``) or actions (``move``): only the former are checked."""
    actions = [e for e in _examples(_text(name)) if len(e.split()) >= 2]
    assert len(actions) >= 10
    assert [e for e in actions if e.split()[0] not in VERBS] == []


@pytest.mark.parametrize("name", ["quickref", "docs"])
def test_every_option_the_docs_show_is_one(name):
    text = _text(name)
    keys = "|".join(ENGINE.option_help())
    pairs = re.findall(rf"\b({keys})[=:]([a-z0-9]+)\b", text)
    assert pairs
    for key, value in pairs:
        ENGINE.parse_options({key: value})
    if name == "docs":  # the options table names every option
        assert set(re.findall(r"^\| `([a-z_]+)` \|", text, re.MULTILINE)) == set(ENGINE.option_help())


def test_each_quickref_topic_fits_one_discord_message():
    ref = parse_quickref("powerup", _text("quickref"))
    assert {"overview", "setup", "turn", "attacks", "reactions", "deathmatch", "options"} <= set(ref.topics())
    for topic, text in ref.sections.items():
        message = f"**{ENGINE.title} — {topic}**\n{text}"
        assert len(message) < DISCORD_LIMIT, topic
