"""The active seat's attacks as notation (rb 787-851): ``shoot TOR`` (``<``/``>`` the push when straight
above or below; ``ammo:N``/``rp:N`` extra yellow dice, AMMO_Y/RP_Y), ``hit TOR``, ``hit C4`` (a cover),
``lob`` (then ``impact C4``); listed and applied. combat.py resolves them."""

from __future__ import annotations

from rules.powerup import combat, deathmatch, life
from rules.powerup.state import State


def _words(t: combat.Target) -> list[str]:
    """A target as typed: a figure id or a cover's square, with the push side when straight above or below
    (rb 713; a drum explodes and a cover breaks, so neither is pushed and has no side to choose)."""
    pushed = t.vertical and not t.id.startswith(("DRUM", "COVER@"))
    return [f"{t.word} <", f"{t.word} >"] if pushed else [t.word]


def attack_actions(s: State, seat: int, in_air: bool = False) -> list[str]:
    b = s.busters[seat]
    out: list[str] = []
    if s.ap < 1 or b.effect("pause"):  # rb 1249: paused, it cannot attack either
        return out
    w = life.weapon(b, "distance")
    if w is not None and w.kind == "R" and b.ammo >= w.ammo_per_shot:
        for t in combat.ranged_targets(s, seat):
            for word in _words(t):
                out.append(f"shoot {word}")
                if "AMMO_Y" in w.keywords:
                    out += [f"shoot {word} ammo:{n}" for n in range(1, b.ammo - w.ammo_per_shot + 1)]
                if "RP_Y" in w.keywords:
                    out += [f"shoot {word} rp:{n}" for n in range(1, b.rp + 1)]
    if w is not None and w.kind == "V" and b.ammo >= w.ammo_per_shot and not (in_air or s.air):
        out.append("lob")
    for t in combat.melee_targets(s, seat):
        out += [f"hit {word}" for word in _words(t)]
    return out


def attack(s: State, seat: int, words: list[str], out: list[str]) -> None:
    s.ap -= 1
    s.streak += 1
    if s.air:
        s.air_acted = True
    if words[0] == "lob":
        distance = combat.lob_roll(s, seat, out)
        if distance:
            s.asks = ((seat, "lob", distance), *s.asks)
        return
    push = extra_ammo = extra_rp = 0
    for w in words[2:]:
        if w in ("<", ">"):
            push = 1 if w == ">" else -1
        elif w.startswith("ammo:"):
            extra_ammo = int(w[5:])
        elif w.startswith("rp:"):
            extra_rp = int(w[3:])
    if words[0] == "shoot":
        t = next(t for t in combat.ranged_targets(s, seat) if t.word == words[1])
        combat.shoot(s, seat, t, push, extra_ammo, extra_rp, out)
    else:
        t = next(t for t in combat.melee_targets(s, seat) if t.word == words[1])
        combat.hit(s, seat, t, push, out)
    kind = "ranged" if words[0] == "shoot" else "melee"
    if s.bonus_for in (kind, "any"):
        s.bonus_dice, s.bonus_hits, s.bonus_for = "", 0, ""
    deathmatch.settle_and_score(s, seat, out)
