"""The one option scheme of `/game new`: a single free-form `options` string of `name=value` pairs.

    /game new game:kaploom options:"variant=advanced hero_super=timeout seed=42"

Pairs are separated by spaces or commas; values with spaces are quoted shlex-style
(`name="two words"`). `seed` is the service's own option (a whole number fixing the game's
randomness, for replays and tests); every other name goes to the engine's ``parse_options``.
One string keeps the Discord command identical for every game, whatever options it has.
"""

from __future__ import annotations

import shlex

from bot.service.hygiene import ascii_int, quote

SEED_OPTION = "seed"


class OptionsError(ValueError):
    pass


def parse_options_text(text: str | None) -> tuple[dict[str, str], int | None]:
    """``"variant=advanced seed=7"`` -> ``({"variant": "advanced"}, 7)``."""
    raw: dict[str, str] = {}
    if text:
        try:
            tokens = shlex.split(text.replace(",", " "))
        except ValueError as err:
            raise OptionsError(f"Could not read the options ({err}).") from err
        for token in tokens:
            name, sep, value = token.partition("=")
            name = name.strip().lower()
            if not sep or not name:
                raise OptionsError(f"Options are name=value pairs, like variant=advanced; got '{quote(token)}'.")
            if name in raw:
                raise OptionsError(f"Option '{quote(name)}' is given twice.")
            raw[name] = value.strip()
    seed = None
    if SEED_OPTION in raw:
        seed = ascii_int(raw.pop(SEED_OPTION))
        if seed is None or seed >= 2**63:
            raise OptionsError("seed must be a whole number from 0 to 2^63-1.")
    return raw, seed


def format_options(raw: dict[str, str]) -> str:
    return " ".join(f"{name}={shlex.quote(value)}" for name, value in sorted(raw.items()))
