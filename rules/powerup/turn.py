"""The active seat's turn (rb 460-514): every legal action listed in notation, and each applied.

Notation (the issue's): ``move``, ``back``, ``flip``, ``climb up``/``climb down``, ``jump``, ``jump up``
(45 degrees), ``jump high`` (straight up: the jump-attack's first half), ``gate H2``, attacks
(attacks.py: ``shoot BLU-TOR``, ``hit C4``, ``lob``), ``rest``, ``give RAY ammo 2``, ``give RAY E12``,
``pick DRUM1``, ``throw``, ``equip E12``, ``epic``, ``card Fury:E``, ``midjump <``, ``land``, ``end``.
Targets are figure ids (a BUGBUSTER's seat label works too). Where a move may go: reach.py; the
movements: moves.py. Quotes: shared/rulebooks/powerup.txt ("rb N").
"""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.powerup import (
    attacks,
    cards,
    coop_secrets,
    coop_verbs,
    deathmatch,
    effects,
    flow,
    glitch,
    life,
    moves,
    reach,
)
from rules.powerup.board import name
from rules.powerup.state import MODES, State, mode_of, set_allies, set_mode


def legal(s: State, seat: int) -> list[str]:
    """Every action the active seat may take now (rb 460-514), most useful first."""
    b = s.busters[seat]
    me = s.figures[b.sheet]
    if me.carried_by is not None and s.coop is not None and glitch.glitch_of(s, b.sheet):
        return glitch.rider_legal(s, seat)  # aboard a GLITCH: no square of its own (glitch.py)
    out: list[str] = []
    if s.air:
        if not s.air_acted:
            out += attacks.attack_actions(s, seat)
        if not s.air_shifted and b.rp >= 1:
            out += [f"midjump {reach.FACING[d]}" for d in (1, -1) if reach.midjump_square(s, seat, d) is not None]
        return [*out, "land", "end"]  # end: land, then end the turn
    mc, jc = reach.move_cost(s, seat), reach.jump_cost(s, seat)
    steps = reach.step_targets(s, seat)
    for word in ("move", "back", "climb up", "climb down"):
        if word in steps and (s.ap >= mc or b.effect("moves") > 0):
            out.append(word)
    out += attacks.attack_actions(s, seat)
    for word in ("jump", "jump up"):
        if word in steps and s.ap >= jc:
            out.append(word)
    if "jump high" in steps and s.ap >= reach.jump_high_cost(s) and me.cargo is None:
        out.append("jump high")
    if s.ap >= 1:
        out += [f"gate {name(g)}" for g in reach.gate_targets(s, seat)]
        out.append("flip")
        out += [f"pick {fid}" for fid in reach.pick_targets(s, seat)]
        if me.cargo is not None and reach.throw_room(s, seat):
            out.append("throw")
        if b.rp < life.rp_max(b):
            out.append("rest")
        for ally in reach.give_targets(s, seat):
            other = s.busters[s.seat_of(ally)]  # type: ignore[index]
            room = life.ammo_max(other) - other.ammo  # never above its maximum (house reading)
            out += [f"give {ally} ammo {n}" for n in range(1, min(b.ammo, room) + 1)]
            out += [f"give {ally} coins {n}" for n in range(1, b.coins + 1)]
            out += [f"give {ally} {c}" for c in b.owned]
    out += free_gear(s, seat)
    out += effects.card_actions(s, seat)
    if s.coop is not None:
        out += coop_verbs.legal(s, seat)
    out += [f"mode {m}" for m in MODES if m != mode_of(s, seat)]  # free: when it is asked to react
    if s.allies and s.allies[seat]:
        out.append("allies ask")  # free: drop the standing answer to an ally entering its square
    out.append("end")
    return out


def free_gear(s: State, seat: int) -> list[str]:
    """The free swaps (rb 612: one item per slot, swapped for nothing in your turn) and EPIC, none while EPIC."""
    b = s.busters[seat]
    if b.epic:
        return []
    out = [f"equip {c}" for c in b.owned if c not in b.equipped]
    for slot, item_id in enumerate(b.equipped):
        basic = life.basic_equipment(b.sheet)[slot]
        if basic is not None and item_id != basic:
            out.append(f"equip {basic}")
    if cards.epic_sets(b.hand):
        out.append("epic")
    return out


def apply(s: State, seat: int, act: str, out: list[str]) -> None:
    """Apply a legal action of the active seat (the engine checked it is in ``legal``)."""
    b = s.busters[seat]
    fid = b.sheet
    words = act.split()
    verb = words[0]
    if verb in ("end", "land"):
        if s.air:
            moves.land(s, seat, out)
        if verb == "end" and s.phase == "play" and s.active == seat:
            flow.end_turn(s, out)
        return
    if verb == "equip":
        _equip(s, seat, words[1], out)
        return
    if verb == "mode":
        set_mode(s, seat, words[1])
        out.append(f"{b.sheet} will be asked to react: {words[1]}.")
        return
    if verb == "allies":
        set_allies(s, seat, "")
        out.append(f"{b.sheet} will be asked again when an ally enters its square.")
        return
    if verb == "epic":
        sets = cards.epic_sets(b.hand)
        best = min(sets, key=lambda cs: sum(1 for c in cs if cards.card_letter(c) == "*"))
        cards.go_epic(s, seat, best, out)
        return
    if verb == "midjump":
        moves.midjump(s, seat, words[1], out)
        return
    if verb == "card":  # 0 AP, not a "normal action": protection and the DOUBLE streak stay
        effects.play_card(s, seat, act, out)
        deathmatch.settle_and_score(s, seat, out)
        return
    if s.coop is not None and verb in coop_verbs.VERBS:
        if verb not in coop_verbs.FREE:
            flow.first_normal_action(s, seat)
            s.streak = 0
        coop_verbs.VERBS[verb](s, seat, words, out)
        return
    flow.first_normal_action(s, seat)
    if verb in ("shoot", "hit", "lob"):
        attacks.declare(s, seat, words, out)  # rolled and landed after the windows (reactions.advance)
        return
    s.streak = 0
    if verb == "flip":
        s.ap -= 1
        s.move_figure(fid, facing=-s.figures[fid].facing)
        out.append(f"{fid} turns to face {reach.FACING[s.figures[fid].facing]}.")
    elif verb == "rest":
        s.ap -= 1
        s.set_buster(seat, rp=b.rp + 1)
        out.append(f"{fid} rests: +1 RP.")
    elif verb in ("move", "back", "climb"):
        moves.step(s, seat, " ".join(words), out)
    elif verb == "jump":
        moves.jump(s, seat, " ".join(words), out)
    elif verb == "gate":
        moves.gate(s, seat, words[1], out)
    elif verb == "pick":
        moves.pick(s, seat, words[1], out)
    elif verb == "throw":
        moves.throw(s, seat, out)
    elif verb == "give":
        _give(s, seat, words[1:], out)
    else:
        raise IllegalAction(f"unknown action {verb}")
    deathmatch.settle_and_score(s, seat, out)


def _give(s: State, seat: int, words: list[str], out: list[str]) -> None:
    """rb 506: "pass equipment ... You can also pass over coins and ammunition" (1 AP)."""
    ally = words[0]
    other = s.seat_of(ally)
    assert other is not None
    b, o = s.busters[seat], s.busters[other]
    s.ap -= 1
    if s.coop is not None and coop_secrets.key_letter(words[1]):  # a found key, still hidden (Hidden Keys)
        coop_secrets.give_key(s, seat, ally, words[1], out)
        return
    if words[1] == "ammo":
        n = int(words[2])
        life.spend(s, seat, ammo=n, out=out)
        s.set_buster(other, ammo=o.ammo + n)
        out.append(f"{b.sheet} gives {ally} {n} ammo.")
    elif words[1] == "coins":
        n = int(words[2])
        s.set_buster(seat, coins=b.coins - n)
        s.set_buster(other, coins=o.coins + n)
        out.append(f"{b.sheet} gives {ally} {n} coin{'s' if n != 1 else ''}.")
    else:
        card = words[1]
        equipped = tuple(life.basic_equipment(b.sheet)[i] if x == card else x for i, x in enumerate(b.equipped))
        s.set_buster(seat, owned=tuple(c for c in b.owned if c != card), equipped=equipped)  # type: ignore[arg-type]
        s.set_buster(other, owned=(*o.owned, card))
        out.append(f"{b.sheet} gives {ally} {life.item(card).name}.")  # type: ignore[union-attr]


def _equip(s: State, seat: int, item_id: str, out: list[str]) -> None:
    """rb 612: "only have one weapon equipped at a time ... one for each category"; swapping is free in
    your turn (the issue)."""
    b = s.busters[seat]
    it = life.item(item_id)
    assert it is not None
    slot = ("distance", "melee", "armor").index(it.slot)
    equipped = list(b.equipped)
    equipped[slot] = item_id
    s.set_buster(seat, equipped=(equipped[0], equipped[1], equipped[2]))
    out.append(f"{b.sheet} equips {it.name}.")
