"""Game options for `/game new game:kaploom ...`, validated into a frozen model."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.core.errors import BadOptions, quoted
from rules.kaploom.data import game_data

VARIANTS = ("standard", "advanced", "2v2")


class KaploomOptions(BaseModel):
    model_config = ConfigDict(frozen=True)

    variant: Literal["standard", "advanced", "2v2"] = "standard"
    villain_super: str | None = None
    hero_super: str | None = None
    villain2_super: str | None = None  # 2 vs 2 only
    hero2_super: str | None = None  # 2 vs 2 only

    def seat_supers(self) -> tuple[str | None, ...]:
        if self.variant == "2v2":
            return (self.villain_super, self.villain2_super, self.hero_super, self.hero2_super)
        return (self.villain_super, self.hero_super)


def _names(side: str) -> list[str]:
    return [s.id for s in game_data().supers.values() if s.side == side]


def option_help() -> dict[str, str]:
    v, h = ", ".join(_names("villain")), ", ".join(_names("hero"))
    return {
        "variant": "standard (default, 1 vs 1), advanced (1 vs 1 with super boards) or 2v2 (two teams of two)",
        "villain_super": f"advanced/2v2: the villain's super board: {v} (advanced default victor_kane; 2v2: none)",
        "hero_super": f"advanced/2v2: the hero's super board: {h} (advanced default tough_nut; 2v2: none)",
        "villain2_super": f"2v2 only: villain 2's super board: {v} or none (default none)",
        "hero2_super": f"2v2 only: hero 2's super board: {h} or none (default none)",
    }


def parse_options(raw: Mapping[str, str]) -> KaploomOptions:
    known = set(KaploomOptions.model_fields)
    values = {str(k).strip().lower(): str(v).strip().lower() for k, v in raw.items()}
    if unknown := sorted(set(values) - known):
        raise BadOptions(f"unknown option '{quoted(unknown[0])}'; KAPLOOM! options are: {', '.join(sorted(known))}")
    variant = values.pop("variant", "standard").replace("vs", "v").replace(" ", "")
    if variant not in VARIANTS:
        raise BadOptions(f"variant must be one of {', '.join(VARIANTS)}, not '{quoted(variant)}'")
    supers: dict[str, str | None] = {}
    for key, value in values.items():
        side = "villain" if key.startswith("villain") else "hero"
        if variant == "standard":
            raise BadOptions(f"'{key}' needs variant:advanced or variant:2v2")
        if key.endswith("2_super") and variant != "2v2":
            raise BadOptions(f"'{key}' is only for variant:2v2")
        value = value.replace("-", "_").replace(" ", "_").rstrip("!")
        if value == "none" and variant == "2v2":
            supers[key] = None
            continue
        if value not in _names(side):
            allowed = ", ".join(_names(side) + (["none"] if variant == "2v2" else []))
            raise BadOptions(f"{key} must be one of {allowed}, not '{quoted(value)}'")
        supers[key] = value
    if variant == "advanced":
        supers.setdefault("villain_super", "victor_kane")
        supers.setdefault("hero_super", "tough_nut")
    return KaploomOptions(variant=variant, **supers)
