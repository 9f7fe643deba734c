"""The active seat's movements applied (rb 460-514, rb 673-769): steps and climbs, an ally's pass or push,
jumps and the moment in the air, gateways, picking up and throwing; and what the figure's own arrival
does (an ON POWERUP and the DEATHMATCH store, the score). reach.py says where each may go.
Quotes: shared/rulebooks/powerup.txt ("rb N")."""

from __future__ import annotations

from rules.powerup import attacks, combat, deathmatch, dice, life, physics, pow_self, professions, reach
from rules.powerup.board import Square, board, name, parse_square
from rules.powerup.state import State


def arrival(s: State, seat: int, out: list[str], fell: bool = False) -> None:
    """An arrival by the figure's own move: the square's effects (done by the fall itself if it ``fell``),
    then an ON POWERUP (rb 520; DEATHMATCH rb 624: "turn off the POWERUP and choose from one of these
    options"), then the score. A figure that died on the way has reappeared elsewhere: nothing more."""
    fid = s.busters[seat].sheet
    deaths = s.busters[seat].deaths
    if not fell:
        physics.arrive(s, fid, out)
    if s.busters[seat].deaths != deaths:
        return
    sq = s.figures[fid].square
    if sq is not None and s.powerups.get(sq) and s.coop is not None:  # co-op: a POW! card and the store
        from rules.powerup import coop_store

        coop_store.powered_up(s, seat, sq, out)
    elif sq is not None and s.powerups.get(sq):
        s.powerups[sq] = False
        s.beats += 1
        out.append(f"{fid} powers up at {name(sq)}.")
        s.asks = (*s.asks, (seat, "store", name(sq)))
    if s.phase == "play" and s.active == seat:
        deathmatch.check_score(s, seat, out)


def _fall_and_arrive(s: State, seat: int, out: list[str]) -> None:
    deaths = s.busters[seat].deaths
    physics.fall(s, s.busters[seat].sheet, out)
    if s.busters[seat].deaths == deaths:
        arrival(s, seat, out, fell=True)


def _into(s: State, seat: int, to: Square, out: list[str], jumped: bool) -> None:
    """The figure is now on ``to`` by its own move: in the air if nothing holds it there and it has
    something to do on the way (rb 763), else it falls at once; then it arrives."""
    fid = s.busters[seat].sheet
    if physics.supported(s, to):
        arrival(s, seat, out)
    elif jumped or _air_worth(s, seat):
        s.air, s.air_acted, s.air_shifted = fid, False, False
        out.append(f"{fid} is in the air over {name(to)}.")
    else:
        _fall_and_arrive(s, seat, out)


def _air_worth(s: State, seat: int) -> bool:
    """Something to do on the way down (rb 763): an attack from up there, or a Mid-Jump (1 RP)."""
    attack = s.ap >= 1 and bool(attacks.attack_actions(s, seat, in_air=True))
    shift = s.busters[seat].rp >= 1 and any(reach.midjump_square(s, seat, d) for d in (1, -1))
    return attack or shift


def land(s: State, seat: int, out: list[str]) -> None:
    fid = s.air
    s.air, s.air_acted, s.air_shifted = "", False, False
    sq = s.figures[fid].square
    if sq is None:
        return
    if physics.supported(s, sq):
        out.append(f"{fid} lands on {name(sq)}.")
        arrival(s, seat, out)
    else:
        _fall_and_arrive(s, seat, out)


def midjump(s: State, seat: int, word: str, out: list[str]) -> None:
    """rb 911: "move 1 square, left or right, while in mid-air" for 1 RP, once per jump or fall."""
    fid = s.busters[seat].sheet
    to = reach.midjump_square(s, seat, 1 if word == ">" else -1)
    assert to is not None
    life.spend(s, seat, rp=1)
    physics.shift(s, fid, to, out)
    s.air_shifted = True
    out.append(f"{fid} shifts in mid-air to {name(to)} (1 RP).")


def step(s: State, seat: int, word: str, out: list[str]) -> None:
    fid = s.busters[seat].sheet
    to = reach.step_targets(s, seat)[word]
    if not pow_self.spend_free_move(s, seat):  # Fast Pass's free moves first
        s.ap -= reach.move_cost(s, seat)
    ally = reach.ally_at(s, seat, to)
    if ally is not None:
        here, _ = reach.position(s, seat)
        dx = to[0] - here[0]
        ally_seat = s.seat_of(ally)
        assert ally_seat is not None
        standing = s.allies[ally_seat] if s.allies else ""
        if standing in reach.pass_or_push(s, fid, ally, dx):  # its standing answer (the issue)
            out.append(f"{fid} moves into {ally}'s square ({ally} always answers '{standing}').")
            resolve_pass(s, ally_seat, f"{fid}:{dx}", standing, out)
            return
        s.asks = (*s.asks, (ally_seat, "pass", f"{fid}:{dx}"))
        out.append(f"{fid} moves into {ally}'s square: {ally} lets it pass or is pushed.")
        return
    _leave_carrier(s, fid)
    physics.shift(s, fid, to, out)
    out.append(f"{fid} {'climbs' if word.startswith('climb') else 'moves'} to {name(to)}.")
    _into(s, seat, to, out, jumped=False)


def resolve_pass(s: State, ally_seat: int, data: str, choice: str, out: list[str]) -> None:
    """The ally's answer (rb 737): "pass" puts the mover on the square beyond; "pushed" moves the ally."""
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
    deathmatch.settle_and_score(s, seat, out)


def _leave_carrier(s: State, fid: str) -> None:
    """A carried ally that acts steps off its carrier: it stands on the carrier's square until it moves."""
    f = s.figures[fid]
    if f.carried_by is not None:
        where = s.where(fid)
        s.move_figure(f.carried_by, cargo=None)
        s.move_figure(fid, square=where, carried_by=None)


def jump(s: State, seat: int, word: str, out: list[str]) -> None:
    fid = s.busters[seat].sheet
    to = reach.step_targets(s, seat)[word]
    s.ap -= reach.jump_high_cost(s) if word == "jump high" else reach.jump_cost(s, seat)
    _leave_carrier(s, fid)
    physics.shift(s, fid, to, out)
    out.append(f"{fid} jumps to {name(to)}.")
    _into(s, seat, to, out, jumped=True)


def gate(s: State, seat: int, square: str, out: list[str]) -> None:
    """rb 711: "you can go through it into any other unlocked gateway . Then immediately put a closing
    marker (OFF) on that gate"; then it picks its facing (rb 783)."""
    fid = s.busters[seat].sheet
    to = parse_square(square)
    assert to is not None
    s.ap -= 1
    here, _ = reach.position(s, seat)
    _leave_carrier(s, fid)
    s.move_figure(fid, square=to)
    if professions.gateway_free(s, seat):  # co-op, the hacker's Backdoor: "no OFF marker" (professions.py)
        out.append(f"{fid} goes through the gateway {name(here)} to {name(to)} (no OFF marker: Backdoor).")
    else:
        s.gate_off = to
        out.append(f"{fid} goes through the gateway {name(here)} to {name(to)} (OFF there now).")
    physics.ask_facing(s, seat)
    arrival(s, seat, out)


def pick(s: State, seat: int, target: str, out: list[str]) -> None:
    fid = s.busters[seat].sheet
    s.ap -= 1
    s.move_figure(target, square=None, carried_by=fid)
    s.move_figure(fid, cargo=target)
    out.append(f"{fid} picks up {target}.")


def throw(s: State, seat: int, out: list[str]) -> None:
    """rb 514: thrown forward as many squares as the thrower's melee dice hit (at least 1); it stops
    short of a wall or figure. A drum explodes where it lands (rb 1099)."""
    fid = s.busters[seat].sheet
    cargo = s.figures[fid].cargo
    assert cargo is not None
    s.ap -= 1
    here, f = reach.position(s, seat)
    roll = combat.roll_pool(s, life.melee_dice(s.busters[seat]))
    distance = max(1, dice.hits(roll)) + professions.throw_bonus(s, seat)  # co-op: the heavy's Strongarm
    combat.draw_pows(s, seat, roll, out)
    b = board(s.layout)
    sq = here
    for _ in range(distance):
        nxt = (sq[0] + f, sq[1])
        if not b.step_open(sq, nxt) or not physics.free(s, nxt):
            break
        sq = nxt
    s.move_figure(fid, cargo=None)
    s.move_figure(cargo, square=sq, carried_by=None)
    out.append(f"{fid} throws {cargo} {distance} square{'s' if distance != 1 else ''} ({dice.describe(roll)}): "
               f"it lands on {name(sq)}.")
    physics.settle(s, out, keep=s.air)
    if cargo in s.figures and s.figures[cargo].kind == "drum":
        combat.explode(s, cargo, seat, out)
    elif cargo in s.figures and s.figures[cargo].square is not None:
        physics.arrive(s, cargo, out)
