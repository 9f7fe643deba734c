"""Seed + choices give the same game in every process: nothing may depend on string hashing."""

import os
import subprocess
import sys

SCRIPT = """
from rules.core import Rng
from rules.kaploom import ENGINE
chooser = Rng(9)
trail = []
for variant in ("standard", "advanced", "2v2"):
    s = ENGINE.new_game(4, ENGINE.parse_options({"variant": variant}))
    for _ in range(400):
        if ENGINE.outcome(s) is not None:
            break
        seat = chooser.choice(ENGINE.to_act(s))
        legal = [ENGINE.format(a) for a in ENGINE.legal_actions(s, seat)]
        trail.append("|".join(legal))
        s, _ = ENGINE.apply(s, seat, ENGINE.parse(s, seat, chooser.choice(legal)))
import hashlib
print(hashlib.sha256("\\n".join(trail).encode()).hexdigest())
"""


def _trail_digest(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_legal_moves_and_games_do_not_depend_on_the_process_hash_seed():
    """The order of legal moves feeds selects, autocomplete and seeded random players; a set of
    strings iterated in hash order once made two processes play different games."""
    assert _trail_digest("1") == _trail_digest("2") == _trail_digest("3")
