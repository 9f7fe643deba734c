"""The BUG cards a human BUGMISTRESS plays on her BUGs (mistress_cards.py registers them and gives the readings:
Charge, Evolution, Bicevolution, Inmolation, Knock Knock, Teleport, Surprise!, Thief Buggie, Special Spawn),
and the helpers both modules share. Quotes: shared/rulebooks/powerup.txt ("rb N")."""

from __future__ import annotations

from dataclasses import replace

from rules.powerup import ai_mistress, bug_aims, bug_cards_ai, combat, physics
from rules.powerup import mistress_pay as pay
from rules.powerup.board import board, name, parse_square
from rules.powerup.coop_data import coop_data
from rules.powerup.state import State, coop_of

BURST = 4  # rb 1355 (Surprise!), rb 1363 (Thief Buggie): 4 actions


_c = coop_of  # this module reads the co-op state through it


def _sq(word: str):
    sq = parse_square(word)
    assert sq is not None, word
    return sq


def _rows(squares) -> list:
    return sorted(squares, key=lambda q: (q[1], q[0]))


def _seat(s: State, sheet: str) -> int:
    seat = s.seat_of(sheet)
    assert seat is not None
    return seat



# --- on her BUGs -----------------------------------------------------------------------------------------
def _charge_args(s: State, card: str) -> list[str]:
    return [] if _c(s).charge else [""]


def _charge(s: State, card: str, words: list[str], out: list[str]) -> None:
    _c(s).charge = True
    out.append("Charge: her BUGs' advances go 2 squares for 1 AP this turn.")


def _evolve_args(s: State, card: str) -> list[str]:
    old, new = bug_cards_ai.EVOLVES[ai_mistress.card_name(card)]
    if not pay.room_for(s, new):
        return []
    return [f for f in bug_aims.bugs_of(s, old) if _c(s).bugs[f].stack == 1]


def _evolve(s: State, card: str, words: list[str], out: list[str]) -> None:
    c = _c(s)
    nid = bug_aims.evolve(s, words[0], bug_cards_ai.EVOLVES[ai_mistress.card_name(card)][1], out)
    if c.burst and c.burst[0] == words[0]:
        c.burst = (nid, *c.burst[1:])
    if s.attack is not None and s.attack.word == words[0]:  # an attack declared on it follows it
        s.attack = s.attack._replace(word=nid)
    if s.attack is not None and s.attack.bug == words[0]:  # its own attack too
        s.attack = s.attack._replace(bug=nid)


def _inmolation_args(s: State, card: str) -> list[str]:
    return bug_aims.bugs_of(s, "BRASAS")


def _inmolation(s: State, card: str, words: list[str], out: list[str]) -> None:
    out.append(f"{words[0]} throws itself at the BUGBUSTERs!")
    bug_cards_ai.explode(s, words[0], out)


def _gates(s: State) -> list[str]:
    b = board(s.layout)
    return [name(g) for g in _rows(b.gateways()) if physics.free(s, g) and not b.acid(g)]


def _knock_args(s: State, card: str) -> list[str]:
    gates = _gates(s)
    return [f"{f} {g}" for f in bug_aims.walkers(s) for g in gates]


def _knock(s: State, card: str, words: list[str], out: list[str]) -> None:
    fid = words[0]
    bug_aims.move_to(s, fid, _sq(words[1]), s.figures[fid].facing, out, "knocks: it goes")


def _teleport_args(s: State, card: str) -> list[str]:
    pads = [name(q) for q in _rows(q for q, on in s.powerups.items() if on and physics.free(s, q))]
    who = [*bug_aims.walkers(s), *(s.busters[seat].sheet for seat, _ in bug_aims.busters_up(s)
                                   if s.figures[s.busters[seat].sheet].carried_by is None)]  # aboard: not alone
    return [f"{w} {p}" for w in who for p in pads]


def _teleport(s: State, card: str, words: list[str], out: list[str]) -> None:
    from rules.powerup import pow_board

    seat = s.seat_of(words[0])
    if seat is not None:  # rb 1359: "a BUG or a BUGBUSTER"; the POWERUP does nothing else (no store)
        pow_board.teleport(s, seat, words[1], out)
        return
    sq = _sq(words[1])
    s.powerups[sq] = False
    bug_aims.move_to(s, words[0], sq, s.figures[words[0]].facing, out, "teleports (the POWERUP there turns OFF)")


def _surprise_args(s: State, card: str) -> list[str]:
    return bug_aims.bugs_of(s)


def _surprise(s: State, card: str, words: list[str], out: list[str]) -> None:
    c = _c(s)
    fid = words[0]
    c.bugs[fid] = replace(c.bugs[fid], dizzy=False)
    c.burst = (fid, BURST, "surprise")
    out.append(f"Surprise! {fid} acts at once with {BURST} actions.")


def _thief_args(s: State, card: str) -> list[str]:
    c = _c(s)
    out = []
    for fid in bug_aims.bugs_of(s, "BUGGIE"):
        b, me = c.bugs[fid], s.where(fid)
        spent = c.stage == "bug" and (c.aps.get(fid, 0) if fid != c.acting else c.bug_ap) <= 0
        if b.dizzy or b.stolen or me is None or spent:
            continue
        reach = [t.id for t in combat.next_to(s, me, s.figures[fid].facing, lambda x: s.seat_of(x) is not None,
                                              covers=False)]
        for sheet in reach:
            seat = _seat(s, sheet)
            if seat not in c.fallen:
                out += [f"{fid} {sheet} {x}" for x in s.busters[seat].owned]
    return out


def _thief(s: State, card: str, words: list[str], out: list[str]) -> None:
    c = _c(s)
    fid = words[0]
    bug_cards_ai.steal(s, fid, _seat(s, words[1]), words[2], out)
    if c.stage == "bug":  # instead of its attack: its own actions are over (rb 949)
        c.aps = {**c.aps, fid: 0}
        if c.acting == fid:
            c.acting, c.bug_ap = "", 0
    c.burst = (fid, BURST, "thief")
    out.append(f"{fid} has {BURST} actions of movement to get away (rb 1363).")


def _special_spawn_args(s: State, card: str) -> list[str]:
    c = _c(s)
    if not _squares(s):
        return []
    co = coop_data()
    kinds = [sh.id for sh in co.bug_sheets if sh.id in c.active and pay.room_for(s, sh.id)]
    return [f"{k} {w}" for k in kinds for w in pay.payments(s, co.sheet(k).spawn_cost, spare=(card,))]


def _squares(s: State) -> list:
    """Where a Special Spawn may put its BUG: a free square a figure can stand on, not acid."""
    b = board(s.layout)
    return [q for q in _rows(b.standing) if physics.free(s, q) and not b.acid(q)]


def put_options(s: State) -> list[str]:
    """``put D4 <``: the Special Spawn's square and facing."""
    return [f"put {name(q)} {f}" for q in _squares(s) for f in ("<", ">")]


def put(s: State, words: list[str], out: list[str]) -> None:
    c = _c(s)
    kind, c.placing = c.placing, ""
    bug_aims.place(s, kind, _sq(words[1]), -1 if words[2] == "<" else 1, out)


def _special_spawn(s: State, card: str, words: list[str], out: list[str]) -> None:
    c = _c(s)
    pay.discard(s, pay.paid(s, words[1]), out, f"for a {words[0]}")
    c.placing = words[0]
    out.append(f"Special Spawn: a {words[0]} goes down anywhere on the board (rb 1351).")
