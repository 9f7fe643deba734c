"""The Adrenaline player docs stay true to the engine: every action they show starts with a root word and
names only real squares, figures, weapons, effects and powerups; every option they name is one and its
values parse; each quick-reference topic fits one Discord message."""

import re
from pathlib import Path

import pytest

from bot.quickref import parse_quickref
from rules.adrenaline import ENGINE
from rules.adrenaline.data import game_data
from rules.adrenaline.engine import ROOT_WORDS

ROOT = Path(__file__).resolve().parents[3]
QUICKREF = ROOT / "bot" / "quickref" / "adrenaline.md"
DOCS = ROOT / "docs" / "games" / "adrenaline.md"
DISCORD_LIMIT = 2000
FIGURES = {"banshee", "dozer", "sprog", "violetta", "dstruct"}
SQUARES = {f"{c}{r}" for c in "abcd" for r in "123"}
POWERUPS = {"targeting_scope", "newton", "tagback_grenade", "teleporter"}


def _examples(text: str) -> list[str]:
    """Backticked snippets that are whole concrete actions (no `<placeholder>`, `a|b` or `...`)."""
    out = []
    for snippet in re.findall(r"`(?:/play )?([^`\n]+)`", text):
        words = snippet.split()
        if (words and words[0].split(":")[0] in ROOT_WORDS
                and not any(mark in snippet for mark in ("<", "|", "...", "…", "/game", "="))):
            out.append(snippet)
    return out


def _known(token: str, weapon: str | None) -> bool:
    data = game_data()
    effects = {e.id for e in data.weapon(weapon).effects} if weapon else set()
    head, _, rest = token.partition(":")
    if token in SQUARES or token in FIGURES or token in {w.id for w in data.weapons} | {"done", "basic"}:
        return True
    if head in ROOT_WORDS or head in POWERUPS:
        return True
    if head in ("weapon", "drop", "load"):
        return rest in {w.id for w in data.weapons}
    if head == "move":
        return rest in SQUARES
    if head == "pay":
        return all(x in ("R", "B", "Y") or x.split(":")[0] in POWERUPS for x in rest.split(","))
    if head in effects:
        parts = [p for part in rest.split("/") for p in part.split(",") if p and rest]
        return all(p in SQUARES | FIGURES | {"-"} for p in parts)
    return head in ("ask", "never", "always")


@pytest.mark.parametrize("name", ["quickref", "docs"])
def test_every_action_the_docs_show_names_real_things(name):
    text = QUICKREF.read_text(encoding="utf-8") if name == "quickref" else DOCS.read_text(encoding="utf-8")
    examples = _examples(text)
    assert len(examples) >= 8
    state = ENGINE.new_game(1, ENGINE.parse_options({}))
    ids = {w.id for w in game_data().weapons}
    for example in examples:
        line = ENGINE.parse(state, 0, example)
        weapon = next((t for t in line.tokens if t in ids), None)
        unknown = [t for t in line.tokens[1:] if not _known(t, weapon)]
        assert not unknown, (example, unknown)


@pytest.mark.parametrize("name", ["quickref", "docs"])
def test_every_option_the_docs_show_is_one(name):
    text = QUICKREF.read_text(encoding="utf-8") if name == "quickref" else DOCS.read_text(encoding="utf-8")
    pairs = re.findall(r"\b(map|skulls|ending|double_kill|open_weapons|reaction_wait|pace)=([a-z0-9_]+)", text)
    for key, value in pairs:
        ENGINE.parse_options({key: value})
    if name == "docs":
        assert set(re.findall(r"^\| `([a-z_]+)` \|", text, re.MULTILINE)) == set(ENGINE.option_help())


def test_each_quickref_topic_fits_one_discord_message():
    ref = parse_quickref("adrenaline", QUICKREF.read_text(encoding="utf-8"))
    assert {"overview", "turn", "shooting", "notation"} <= set(ref.topics())
    for topic, text in ref.sections.items():
        assert len(f"**{ENGINE.title} — {topic}**\n{text}") < DISCORD_LIMIT, topic
