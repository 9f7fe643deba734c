"""The active seat's actions (rb 300-521, rb 673-769): every legal one listed in notation, and applied.

Notation (the issue's): ``move``, ``back``, ``flip``, ``climb up``/``climb down``, ``jump``, ``jump up``
(45 degrees), ``jump high`` (straight up: the jump-attack's first half), ``gate H2``, ``shoot BLU-TOR``
(``<``/``>`` the push when straight above or below; ``ammo:N``/``rp:N`` extra yellow dice), ``hit
ROBOT-BLU``, ``hit C4`` (a cover), ``lob`` (then ``impact C4``), ``rest``, ``give RAY ammo 2``, ``give RAY
E12``, ``pick DRUM1``, ``throw``, ``equip E12``, ``epic``, ``midjump <``, ``land``, ``end``. Targets are
figure ids (a BUGBUSTER's seat label works too). Quotes: shared/rulebooks/powerup.txt ("rb N").
"""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.powerup import cards, combat, deathmatch, effects, flow, life, physics
from rules.powerup.board import Square, board, name, parse_square
from rules.powerup.state import State

FACING = {1: ">", -1: "<"}


# --- costs ------------------------------------------------------------------------------------------
def move_cost(s: State, seat: int) -> int:
    """rb 307: 1 AP; HEAVY doubles moving and jumping (rb 669)."""
    return 2 if "HEAVY" in life.keywords(s.busters[seat]) else 1


def jump_cost(s: State, seat: int) -> int:
    """rb 311: 2 AP; JUMP1 makes it 1 (rb 667); HEAVY doubles it."""
    kw = life.keywords(s.busters[seat])
    return (1 if "JUMP1" in kw else 2) * (2 if "HEAVY" in kw else 1)


def _here(s: State, seat: int) -> tuple[Square, int]:
    fid = s.busters[seat].sheet
    sq = s.where(fid)
    assert sq is not None
    return sq, s.figures[fid].facing


def _ally_at(s: State, seat: int, sq: Square) -> str | None:
    fid = physics.figure_at(s, sq)
    if fid is None or s.seat_of(fid) is None or s.team_of(fid) != s.busters[seat].team:
        return None
    return fid


def pass_or_push(s: State, mover: str, ally: str, dx: int) -> list[str]:
    """rb 711: entering an ally's square, "The player with the overcome character shall choose" to let you
    pass (to the square beyond) or be pushed (1 square on, chaining)."""
    b = board(s.layout)
    sq = s.figures[ally].square
    assert sq is not None
    beyond = (sq[0] + dx, sq[1])
    out = []
    if b.step_open(sq, beyond) and physics.free(s, beyond):
        out.append("pass")
    if physics._line(s, ally, dx) is not None and s.figures[ally].cargo is None:
        out.append("pushed")
    return out


def step_targets(s: State, seat: int) -> dict[str, Square]:
    """``move``/``back``/``climb``/``jump`` -> the square they go to, when legal now (AP apart)."""
    b = board(s.layout)
    here, f = _here(s, seat)
    me = s.busters[seat].sheet
    out: dict[str, Square] = {}
    for word, dx in (("move", f), ("back", -f)):
        to = (here[0] + dx, here[1])
        if b.step_open(here, to):
            ally = _ally_at(s, seat, to)
            if physics.free(s, to) or ally is not None and pass_or_push(s, me, ally, dx):
                out[word] = to
    up, down = (here[0], here[1] + 1), (here[0], here[1] - 1)
    if b.inside(up) and b.open(up) and physics.free(s, up) and (
            b.ladder(here) or b.floor[up] == "="):  # rb 717 ladders; the issue: up through a thin platform
        out["climb up"] = up
    if b.ladder(down) and physics.free(s, down):
        out["climb down"] = down
    fwd, diag, high = (here[0] + f, here[1]), (here[0] + f, here[1] + 1), up
    if b.step_open(here, fwd) and physics.free(s, fwd):
        out["jump"] = fwd
    if b.inside(diag) and b.step_open(here, diag) and physics.free(s, diag):
        out["jump up"] = diag
    if b.inside(high) and b.vertical_open(here) and physics.free(s, high):
        out["jump high"] = high
    return out


def gate_targets(s: State, seat: int) -> list[Square]:
    """rb 711-715: from a gateway, to any other open gateway (not under the OFF marker, not shut)."""
    b = board(s.layout)
    here, _ = _here(s, seat)
    if not b.gateway(here) or here in s.shut:
        return []
    return [g for g in b.gateways() if g != here and g != s.gate_off and g not in s.shut and physics.free(s, g)]


def pick_targets(s: State, seat: int) -> list[str]:
    """rb 515: "an ally or movable obstacle from a square adjacent to yours, in the direction you are
    facing" (ahead or diagonally ahead); one at a time. A robot at its own home is not taken up by its own
    team (there is no need), but the enemy's may be stolen from it."""
    me = s.figures[s.busters[seat].sheet]
    if me.cargo is not None or me.carried_by is not None:
        return []
    here, f = _here(s, seat)
    b = board(s.layout)
    team = s.busters[seat].team
    out = []
    for dy in (0, 1, -1):
        sq = (here[0] + f, here[1] + dy)
        if not b.step_open(here, sq):
            continue
        fid = physics.figure_at(s, sq)
        if fid is None:
            continue
        fig = s.figures[fid]
        if fig.cargo is not None:
            continue
        movable = fig.kind == "drum" or fig.kind == "robot" and fid != f"ROBOT-{team}"
        if movable or fig.kind == "buster" and s.team_of(fid) == team:
            out.append(fid)
    return out


def give_targets(s: State, seat: int) -> list[str]:
    """rb 511: "By placing your character in an adjacent square": allies on the 8 squares around."""
    here, _ = _here(s, seat)
    b = board(s.layout)
    out = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            sq = (here[0] + dx, here[1] + dy)
            ally = _ally_at(s, seat, sq) if (dx or dy) and b.step_open(here, sq) else None
            if ally is not None:
                out.append(ally)
    return out


def _target_words(t: combat.Target) -> list[str]:
    return [f"{t.id} <", f"{t.id} >"] if t.vertical else [t.id]


def _label(t_id: str) -> str:
    return name_of_cover(t_id) if t_id.startswith("COVER@") else t_id


def name_of_cover(t_id: str) -> str:
    return t_id.split("@")[1]


def attack_actions(s: State, seat: int) -> list[str]:
    b = s.busters[seat]
    out = []
    if s.ap < 1 or b.effect("pause"):  # rb 1249: paused, it cannot attack either
        return out
    w = life.weapon(b, "distance")
    if w is not None and w.kind == "R" and b.ammo >= w.ammo_per_shot:
        for t in combat.ranged_targets(s, seat):
            for word in _target_words(t):
                out.append(f"shoot {word}")
                if "AMMO_Y" in w.keywords:
                    out += [f"shoot {word} ammo:{n}" for n in range(1, b.ammo - w.ammo_per_shot + 1)]
                if "RP_Y" in w.keywords:
                    out += [f"shoot {word} rp:{n}" for n in range(1, b.rp + 1)]
    if w is not None and w.kind == "V" and b.ammo >= w.ammo_per_shot and not s.air:
        out.append("lob")
    for t in combat.melee_targets(s, seat):
        for word in _target_words(t):
            out.append(f"hit {_label(word) if t.id.startswith('COVER@') else word}")
    return out


def legal(s: State, seat: int) -> list[str]:
    """Every action the active seat may take now (rb 300-521), most useful first."""
    b = s.busters[seat]
    me = s.figures[b.sheet]
    out: list[str] = []
    if s.air:
        if not s.air_acted:
            out += attack_actions(s, seat)
        if not s.air_shifted and b.rp >= 1:
            out += [f"midjump {FACING[d]}" for d in (1, -1) if _midjump_square(s, seat, d) is not None]
        return [*out, "land", "end"]  # end: land, then end the turn
    mc, jc = move_cost(s, seat), jump_cost(s, seat)
    steps = step_targets(s, seat)
    for word in ("move", "back", "climb up", "climb down"):
        if word in steps and (s.ap >= mc or b.effect("moves") > 0):
            out.append(word)
    out += attack_actions(s, seat)
    for word in ("jump", "jump up"):
        if word in steps and s.ap >= jc:
            out.append(word)
    if "jump high" in steps and s.ap >= 1 and me.cargo is None:
        out.append("jump high")
    if s.ap >= 1:
        out += [f"gate {name(g)}" for g in gate_targets(s, seat)]
        out.append("flip")
        out += [f"pick {fid}" for fid in pick_targets(s, seat)]
        if me.cargo is not None and _throw_room(s, seat):
            out.append("throw")
        if b.rp < life.rp_max(b):
            out.append("rest")
        for ally in give_targets(s, seat):
            other = s.busters[s.seat_of(ally)]  # type: ignore[index]
            room = life.ammo_max(other) - other.ammo  # never above its maximum (house reading)
            out += [f"give {ally} ammo {n}" for n in range(1, min(b.ammo, room) + 1)]
            out += [f"give {ally} coins {n}" for n in range(1, b.coins + 1)]
            out += [f"give {ally} {c}" for c in b.owned]
    if not b.epic:
        for c in b.owned:
            if c not in b.equipped:
                out.append(f"equip {c}")
        for slot, item_id in enumerate(b.equipped):
            basic = life.basic_equipment(b.sheet)[slot]
            if basic is not None and item_id != basic:
                out.append(f"equip {basic}")
        if cards.epic_sets(b.hand):
            out.append("epic")
    out += effects.card_actions(s, seat)
    out.append("end")
    return out


def _midjump_square(s: State, seat: int, d: int) -> Square | None:
    """rb 915-917: "move 1 square, left or right, while in mid-air"."""
    here, _ = _here(s, seat)
    to = (here[0] + d, here[1])
    return to if board(s.layout).step_open(here, to) and physics.free(s, to) else None


# --- applying -----------------------------------------------------------------------------------------
def apply(s: State, seat: int, act: str, out: list[str]) -> None:
    """Apply a legal action of the active seat (the engine checked it is in ``legal``)."""
    b = s.busters[seat]
    fid = b.sheet
    words = act.split()
    verb = words[0]
    if verb in ("end", "land"):
        if s.air:
            _land(s, seat, out)
        if verb == "end" and s.phase == "play" and s.active == seat:
            flow.end_turn(s, out)
        return
    if verb == "equip":
        _equip(s, seat, words[1], out)
        return
    if verb == "epic":
        sets = cards.epic_sets(b.hand)
        best = min(sets, key=lambda cs: sum(1 for c in cs if cards.card_letter(c) == "*"))
        cards.go_epic(s, seat, best, out)
        return
    if verb == "midjump":
        d = 1 if words[1] == ">" else -1
        to = _midjump_square(s, seat, d)
        assert to is not None
        s.set_buster(seat, rp=b.rp - 1)
        physics.shift(s, fid, to, out)
        s.air_shifted = True
        out.append(f"{fid} shifts in mid-air to {name(to)} (1 RP).")
        return
    if verb == "card":  # 0 AP, not a "normal action": protection and the DOUBLE streak stay
        effects.play_card(s, seat, act, out)
        _after(s, seat, out)
        return
    flow.first_normal_action(s, seat)
    if verb in ("shoot", "hit", "lob"):
        _attack(s, seat, words, out)
        return
    s.streak = 0
    if verb == "flip":
        s.ap -= 1
        s.move_figure(fid, facing=-s.figures[fid].facing)
        out.append(f"{fid} turns to face {FACING[s.figures[fid].facing]}.")
    elif verb == "rest":
        s.ap -= 1
        s.set_buster(seat, rp=b.rp + 1)
        out.append(f"{fid} rests: +1 RP.")
    elif verb in ("move", "back", "climb"):
        _step(s, seat, " ".join(words), out)
    elif verb == "jump":
        _jump(s, seat, " ".join(words), out)
    elif verb == "gate":
        _gate(s, seat, words[1], out)
    elif verb == "pick":
        _pick(s, seat, words[1], out)
    elif verb == "throw":
        _throw(s, seat, out)
    elif verb == "give":
        _give(s, seat, words[1:], out)
    else:
        raise IllegalAction(f"unknown action {verb}")
    _after(s, seat, out)


def _after(s: State, seat: int, out: list[str]) -> None:
    """After an action: gravity, the score, and the turn ends when no AP are left and nothing is free."""
    physics.settle(s, out, keep=s.air)
    if s.phase != "play":
        return
    if s.active == seat and not s.air:
        deathmatch.check_score(s, seat, out)


def _own_arrival(s: State, seat: int, out: list[str]) -> None:
    """An arrival by the figure's own move: the square's effects, then an ON POWERUP (rb 524; DEATHMATCH
    rb 624: "turn off the POWERUP and choose from one of these options"), then the score."""
    fid = s.busters[seat].sheet
    physics.arrive(s, fid, out, own=True)
    sq = s.figures[fid].square
    if sq is not None and s.powerups.get(sq) and s.busters[seat].sheet == fid and s.figures[fid].carried_by is None:
        s.powerups[sq] = False
        out.append(f"{fid} powers up at {name(sq)}.")
        s.asks = (*s.asks, (seat, "store", name(sq)))
    if s.phase == "play" and s.active == seat:
        deathmatch.check_score(s, seat, out)


def _into(s: State, seat: int, to: Square, out: list[str], jumped: bool) -> None:
    """The figure is now on ``to`` by its own move: in the air if nothing holds it there and it has
    something to do on the way (rb 749), else it falls at once; then it arrives."""
    fid = s.busters[seat].sheet
    if not physics.supported(s, to) and (jumped or _air_worth(s, seat)):
        s.air, s.air_acted, s.air_shifted = fid, False, False
        out.append(f"{fid} is in the air over {name(to)}.")
        return
    if not physics.supported(s, to):
        physics.fall(s, fid, out)
        if s.figures[fid].square is None or s.busters[seat].deaths and s.active != seat:
            return
        _own_arrival_after_fall(s, seat, out)
        return
    _own_arrival(s, seat, out)


def _own_arrival_after_fall(s: State, seat: int, out: list[str]) -> None:
    fid = s.busters[seat].sheet
    sq = s.figures[fid].square
    if sq is not None and s.powerups.get(sq):
        s.powerups[sq] = False
        out.append(f"{fid} powers up at {name(sq)}.")
        s.asks = (*s.asks, (seat, "store", name(sq)))
    if s.phase == "play" and s.active == seat:
        deathmatch.check_score(s, seat, out)


def _air_worth(s: State, seat: int) -> bool:
    saved = s.air
    s.air = s.busters[seat].sheet
    try:
        attack = s.ap >= 1 and bool(attack_actions(s, seat))
    finally:
        s.air = saved
    shift = s.busters[seat].rp >= 1 and any(_midjump_square(s, seat, d) for d in (1, -1))
    return attack or shift


def _land(s: State, seat: int, out: list[str]) -> None:
    fid = s.air
    s.air, s.air_acted, s.air_shifted = "", False, False
    sq = s.figures[fid].square
    if sq is None:
        return
    if physics.supported(s, sq):
        _own_arrival(s, seat, out)
        return
    physics.fall(s, fid, out)
    if s.figures[fid].square is not None and s.active == seat:
        _own_arrival_after_fall(s, seat, out)


def _step(s: State, seat: int, word: str, out: list[str]) -> None:
    fid = s.busters[seat].sheet
    to = step_targets(s, seat)[word]
    if not effects.spend_free_move(s, seat):  # Fast Pass's free moves first
        s.ap -= move_cost(s, seat)
    ally = _ally_at(s, seat, to)
    if ally is not None:
        here, _ = _here(s, seat)
        dx = to[0] - here[0]
        s.asks = (*s.asks, (s.seat_of(ally), "pass", f"{fid}:{dx}"))
        out.append(f"{fid} moves into {ally}'s square: {ally} lets it pass or is pushed.")
        return
    _leave_carrier(s, fid)
    physics.shift(s, fid, to, out)
    out.append(f"{fid} {'climbs' if word.startswith('climb') else 'moves'} to {name(to)}.")
    _into(s, seat, to, out, jumped=False)


def resolve_pass(s: State, ally_seat: int, data: str, choice: str, out: list[str]) -> None:
    """The ally's answer (rb 711): "pass" puts the mover on the square beyond; "pushed" moves the ally."""
    mover, dx_text = data.split(":")
    dx = int(dx_text)
    ally = s.busters[ally_seat].sheet
    sq = s.figures[ally].square
    assert sq is not None
    seat = s.seat_of(mover)
    assert seat is not None
    _leave_carrier(s, mover)
    if choice == "pass":
        to = (sq[0] + dx, sq[1])
        physics.shift(s, mover, to, out)
        out.append(f"{ally} lets {mover} pass to {name(to)}.")
    else:
        physics.push(s, ally, dx, 1, out)
        if not physics.free(s, sq):
            return
        physics.shift(s, mover, sq, out)
        to = sq
        out.append(f"{ally} is pushed; {mover} moves to {name(sq)}.")
    _into(s, seat, to, out, jumped=False)
    _after(s, seat, out)


def _leave_carrier(s: State, fid: str) -> None:
    """A carried ally that acts steps off its carrier: it stands on the carrier's square until it moves."""
    f = s.figures[fid]
    if f.carried_by is not None:
        where = s.where(fid)
        s.move_figure(f.carried_by, cargo=None)
        s.move_figure(fid, square=where, carried_by=None)


def _jump(s: State, seat: int, word: str, out: list[str]) -> None:
    fid = s.busters[seat].sheet
    to = step_targets(s, seat)[word]
    s.ap -= 1 if word == "jump high" else jump_cost(s, seat)
    _leave_carrier(s, fid)
    physics.shift(s, fid, to, out)
    out.append(f"{fid} jumps to {name(to)}.")
    _into(s, seat, to, out, jumped=True)


def _gate(s: State, seat: int, square: str, out: list[str]) -> None:
    """rb 711: "you can go through it into any other unlocked gateway . Then immediately put a closing
    marker (OFF) on that gate"; then it picks its facing (rb 767)."""
    fid = s.busters[seat].sheet
    to = parse_square(square)
    assert to is not None
    s.ap -= 1
    here, _ = _here(s, seat)
    _leave_carrier(s, fid)
    s.move_figure(fid, square=to)
    s.gate_off = to
    out.append(f"{fid} goes through the gateway {name(here)} to {name(to)} (OFF there now).")
    physics.ask_facing(s, seat)
    _own_arrival(s, seat, out)


def _pick(s: State, seat: int, target: str, out: list[str]) -> None:
    fid = s.busters[seat].sheet
    s.ap -= 1
    s.move_figure(target, square=None, carried_by=fid)
    s.move_figure(fid, cargo=target)
    out.append(f"{fid} picks up {target}.")


def _throw(s: State, seat: int, out: list[str]) -> None:
    """rb 519-521: thrown forward as many squares as the thrower's melee dice hit (at least 1); it stops
    short of a wall or figure. A drum explodes where it lands (rb 1098)."""
    from rules.powerup import dice

    fid = s.busters[seat].sheet
    me = s.figures[fid]
    cargo = me.cargo
    assert cargo is not None
    s.ap -= 1
    here, f = _here(s, seat)
    roll = combat._roll(s, life.melee_dice(s.busters[seat]))
    reach = max(1, dice.hits(roll))
    combat.draw_pows(s, seat, roll, out)
    b = board(s.layout)
    sq = here
    for _ in range(reach):
        nxt = (sq[0] + f, sq[1])
        if not b.step_open(sq, nxt) or not physics.free(s, nxt):
            break
        sq = nxt
    s.move_figure(fid, cargo=None)
    s.move_figure(cargo, square=sq, carried_by=None)
    out.append(f"{fid} throws {cargo} {reach} square{'s' if reach != 1 else ''} ({dice.describe(roll)}): "
               f"it lands on {name(sq)}.")
    if s.figures[cargo].kind == "drum":
        physics.settle(s, out, keep=s.air)
        combat.explode(s, cargo, seat, out)
        return
    physics.settle(s, out, keep=s.air)
    if cargo in s.figures and s.figures[cargo].square is not None:
        physics.arrive(s, cargo, out, own=False)


def _throw_room(s: State, seat: int) -> bool:
    """A throw needs the square ahead open and empty (it lands at least 1 square away, rb 521)."""
    here, f = _here(s, seat)
    ahead = (here[0] + f, here[1])
    return board(s.layout).step_open(here, ahead) and physics.free(s, ahead)


def _give(s: State, seat: int, words: list[str], out: list[str]) -> None:
    """rb 511: "pass equipment ... You can also pass over coins and ammunition" (1 AP)."""
    ally = words[0]
    other = s.seat_of(ally)
    assert other is not None
    b, o = s.busters[seat], s.busters[other]
    s.ap -= 1
    if words[1] == "ammo":
        n = int(words[2])
        s.set_buster(seat, ammo=b.ammo - n)
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


def _attack(s: State, seat: int, words: list[str], out: list[str]) -> None:
    b = s.busters[seat]
    s.ap -= 1
    s.streak += 1
    if s.air:
        s.air_acted = True
    if words[0] == "lob":
        reach = combat.lob_roll(s, seat, out)
        if reach:
            s.asks = ((seat, "lob", reach), *s.asks)
        return
    target = words[1]
    push = 0
    extra_ammo = extra_rp = 0
    for w in words[2:]:
        if w in ("<", ">"):
            push = 1 if w == ">" else -1
        elif w.startswith("ammo:"):
            extra_ammo = int(w[5:])
        elif w.startswith("rp:"):
            extra_rp = int(w[3:])
    if words[0] == "shoot":
        t = next(t for t in combat.ranged_targets(s, seat) if t.id == target)
        combat.shoot(s, seat, t, push, extra_ammo, extra_rp, out)
    else:
        cover = parse_square(target) if not target.startswith(("ROBOT", "DRUM")) and len(target) <= 3 else None
        options = combat.melee_targets(s, seat)
        if cover is not None and any(t.id == f"COVER@{name(cover)}" for t in options):
            t = next(t for t in options if t.id == f"COVER@{name(cover)}")
        else:
            t = next(t for t in options if t.id == target)
        combat.hit(s, seat, t, push, out)
    kind = "ranged" if words[0] == "shoot" else "melee"
    if s.bonus_for in (kind, "any"):
        s.bonus_dice, s.bonus_hits, s.bonus_for = "", 0, ""
    del b
    _after(s, seat, out)
