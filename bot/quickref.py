"""The quick references behind /rules: bot/quickref/<game>.md, one `## <topic>` section per topic.

The text before the first `##` heading is the introduction shown when no topic is asked for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

QUICKREF_DIR = Path(__file__).resolve().parent / "quickref"
_HEADING = re.compile(r"^##\s+(.+?)\s*$", re.MULTILINE)


@dataclass(frozen=True)
class QuickRef:
    game: str
    intro: str
    sections: dict[str, str]  # topic as written -> its text

    def topics(self) -> list[str]:
        return list(self.sections)

    def find(self, topic: str) -> tuple[str, str] | None:
        """Exact topic first (any case), then the only topic that starts with / contains it."""
        wanted = " ".join(topic.lower().split())
        for name, text in self.sections.items():
            if name.lower() == wanted:
                return name, text
        for test in (str.startswith, str.__contains__):
            hits = [(n, t) for n, t in self.sections.items() if test(n.lower(), wanted)]
            if len(hits) == 1:
                return hits[0]
        return None


def parse_quickref(game: str, text: str) -> QuickRef:
    parts = _HEADING.split(text)
    intro = parts[0].strip()
    sections = {}
    for i in range(1, len(parts) - 1, 2):
        sections[parts[i].strip()] = parts[i + 1].strip()
    return QuickRef(game, intro, sections)


@lru_cache(maxsize=16)
def load_quickref(game: str, directory: Path = QUICKREF_DIR) -> QuickRef | None:
    path = directory / f"{game}.md"
    if not re.fullmatch(r"[a-z0-9_]+", game) or not path.is_file():
        return None
    return parse_quickref(game, path.read_text(encoding="utf-8"))
