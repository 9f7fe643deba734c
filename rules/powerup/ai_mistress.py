"""The AI BUGMISTRESS (rb 1365-1417): the BUG turn played by the rulebook's procedure, one logged step at a
time on the platform's SYSTEM seat. Each step is a pure function of the public state (``next_step``), so
seed + log replays it; cards are drawn face up (the AI has no hand and activates nothing).

In sequence order (the issue): **SPAWN** on the turn card's spawn marks: one card per spawn point (BURPs,
the level-1 BUGMISTRESS), each releasing its auto-spawn indicator from a different one (rb 1379); the
game's first spawn releases only BUGGIEs, as many as the card's SPAWN value (rb 1381); what cannot be
placed is skipped. **EVENT** on event marks: draw until an Event and put it in play (rb 1403). **MOVE &
ATTACK**: one card per BUGBUSTER standing, face up, Events discarded (rb 1387); then first every BUG able
to attack a BUGBUSTER or a primary target does (rb 1395), then the BUGs move, lowest SPAWN cost, then
lowest row, then leftmost first (rb 1399, the issue's tie rule), each along a shortest path toward a
BUGBUSTER it sees, else the primary target, else straight on (rb 1413-1414), attacking as soon as it can
and stopping after an attack or out of actions (rb 1415-1417). A BUG whose attack was lost to a dodge
keeps its actions (rb 901).

The face-up cards (bug_cards.py says when each is used, rb 1387: "If at any time you can put any of their
effects into play, do this by starting by the events on the left"): after the draw, a ``cards`` step uses
them, leftmost first, while one applies; before each BUG's step of the passes the AI looks again; once
every BUG has moved a ``last`` step uses what applies then (Surprise! last); Specials not used are then
discarded (bug_cards.bug_turn_over), Tricks wait for the BUGBUSTERs' turns (bug_cards.tricks_now) until
her next turn begins. BrainWash (``Coop.brainwashed``) takes cards off her draw, Disruptor
(``Coop.disrupted``) cancels her next SPAWN (rb 1194, rb 1204, the issue's DESIGN). Under Charge a BUG's
advance may go a second square (bug_cards.charge_step).

Steps (notation): ``spawn BRP1``, ``event``, ``draw``, ``card Charge`` (a card's name),
``bug BG3 move`` (any bug_moves word), ``bug BG3 hit RAY`` / ``bug BB1 shoot VIP2`` (bug_attacks words).
Quotes: shared/rulebooks/powerup.txt.
"""

from __future__ import annotations

from rules.powerup import (
    bug_attacks,
    bug_cards,
    bug_moves,
    coop_life,
    coop_turn,
    flow,
    missions,
    mistress_figure,
    physics,
)
from rules.powerup.board import Square, board, name
from rules.powerup.coop_data import coop_data
from rules.powerup.state import State, coop_of, shuffled

_c = coop_of  # this module reads the co-op state through it


# --- the deck -------------------------------------------------------------------------------------------
def draw_card(s: State) -> str:
    """The top BUG card; an empty deck is the discard shuffled (the issue: "discards reshuffle")."""
    c = _c(s)
    if not c.bug_deck:
        c.bug_deck, c.bug_discard = shuffled(s, c.bug_discard), ()
    card, c.bug_deck = c.bug_deck[0], c.bug_deck[1:]
    return card


def card_name(card: str) -> str:
    return card.split("|")[0]


def copy_of(card: str):
    name_, k = card.split("|")
    return coop_data().card(name_).copies[int(k) - 1]


def is_event(card: str) -> bool:
    return coop_data().card(card_name(card)).type == "event"


# --- order and sight --------------------------------------------------------------------------------------
def bug_order(s: State) -> list[str]:
    """rb 1399 and the issue: lowest SPAWN cost, then lowest row, then leftmost (then id: sheet order)."""
    c = _c(s)

    def key(fid: str) -> tuple:
        sq = s.where(fid) or (99, 99)
        return (coop_data().sheet(c.bugs[fid].kind).spawn_cost, sq[1], sq[0], fid)

    # BURPs stand where the mission put them: spawn points (rb 1075), they attack what comes next to them
    # but never walk (a house reading: a wandering spawn point would undo every mission's setup)
    return sorted((f for f in c.bugs if f in s.figures), key=key)


def _near(a: Square, b: Square) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def seen_busters(s: State, fid: str) -> list[Square]:
    """rb 1414: the BUGBUSTERs in the BUG's line of sight (ahead, diagonals ahead, up, down; the first figure
    stops sight), standing ones only."""
    sq = s.where(fid)
    if sq is None:
        return []
    occupied = s.occupied()
    out = []
    for ray in board(s.layout).rays[(sq, s.figures[fid].facing)]:
        for x in ray:
            other = occupied.get(x)
            if other is None:
                continue
            seat = s.seat_of(other)
            if seat is not None and s.busters[seat].lives > 0:
                out.append(x)
            break
    return out


def _attack_spots(s: State, target: Square, own: bool) -> set[Square]:
    """Squares a BUG can attack a figure on ``target`` from in melee: beside it on its row, above and below;
    ``own``: the target's own square too (a BUG entering a VIP's square kills it, rb 1774)."""
    bd = board(s.layout)
    spots = {(target[0] + dx, target[1] + dy) for dx, dy in ((-1, 0), (1, 0), (0, 1), (0, -1))}
    spots = {x for x in spots if bd.inside(x) and bd.open(x)}
    return spots | {target} if own else spots


def goals(s: State, fid: str) -> set[Square]:
    """Where the BUG heads (rb 1413-1414): next to the nearest BUGBUSTER it sees; else the nearest primary
    target; else nowhere (it goes straight on). Ties: lower row, then left to right (the issue). Hidden Keys
    names the squares themselves (missions.goal_squares): a face-down secret, or for a key carrier a gateway,
    before anything it sees."""
    from rules.powerup import missions

    here = s.where(fid)
    assert here is not None
    spots = missions.goal_squares(s, fid)  # Hidden Keys: squares to stand on (a secret, a gateway: missions.py)
    if spots is not None and missions.carrier(s, fid):
        return spots  # a key carrier runs for a gateway whatever it sees
    seen = seen_busters(s, fid)
    if seen:
        return _attack_spots(s, min(seen, key=lambda x: (_near(here, x), x[1], x[0])), own=False)
    if spots is not None:
        return spots
    targets = missions.primary_targets(s)
    if targets:
        return _attack_spots(s, min(targets, key=lambda x: (_near(here, x), x[1], x[0])), own=True)
    return set()


# --- what to do next -------------------------------------------------------------------------------------
def attack_choice(s: State, fid: str) -> str:
    """The BUG's attack, if it can make one (rb 1415): a BUGBUSTER first (rb 1413: "if a BUG sees a
    BUGBUSTER, it will always go towards it"), then a primary target; the first in the tie order."""
    if _c(s).bug_ap < 1 and _c(s).acting == fid or s.figures.get(fid) is None:
        return ""
    words = bug_attacks.attack_words(s, fid)
    if not words:
        return ""

    def key(w: str) -> tuple:
        target = w.split()[1]
        sq = s.where(target) or (99, 99)
        return (0 if s.seat_of(target) is not None else 1, sq[1], sq[0], w)

    return min(words, key=key)


def move_choice(s: State, fid: str, ap: int) -> str:
    """The BUG's next movement: a step of a shortest path to its goal, else straight on (rb 1414)."""
    g = goals(s, fid)
    here = s.where(fid)
    if g and here in g:
        return ""  # there, facing the wrong way or the target out of reach: nothing better to do
    step = bug_moves.first_step_toward(s, fid, g, ap) if g else None
    if step is None:
        step = bug_moves.straight_on(s, fid)
    if step == "flip" and _c(s).last_flip == fid:
        # it has just turned: turning straight back would undo it (what it sees changes with its facing,
        # so its goal can flip with it); it goes on the way it now faces, or stops (rb 1367, "fun over
        # simulation")
        step = bug_moves.straight_on(s, fid)
        step = None if step == "flip" else step
    if step is None or bug_moves.cost(s, fid, step) > ap or step not in bug_moves.bug_actions(s, fid, ap):
        return ""
    return step


def next_step(s: State) -> str:
    """The AI's next step (the SYSTEM decision's only action)."""
    c = _c(s)
    if c.step == "spawn":
        return f"spawn {c.queue[0]}"
    if c.step in ("event", "draw"):
        return c.step
    card = bug_cards.next_card(s)  # a face-up card to use now (bug_cards.py): it comes first
    if card:
        return f"card {card}"
    fid = c.acting
    if fid == mistress_figure.MISTRESS:  # her figure's own step (mistress_figure.py)
        return f"bug {fid} {mistress_figure.choice(s)}"
    walks = c.bugs[fid].kind != "BURP" if fid in c.bugs else False
    act = attack_choice(s, fid) or (move_choice(s, fid, c.bug_ap) if c.step == "move" and walks else "")
    return f"bug {fid} {act}"


def spawn_points(s: State) -> tuple[str, ...]:
    """rb 1379: the BURPs in play; the level-1 BUGMISTRESS spawns like them (rb 1844); after sequence 8 the
    portal's pieces left, each "as if it were a BURP" (rb 1796, missions.portal_points)."""
    c = _c(s)
    points = [f for f in sorted(c.bugs) if c.bugs[f].kind == "BURP" and f in s.figures]
    if c.level == 1 and "BUGMISTRESS" in s.figures:
        points.append("BUGMISTRESS")
    return (*points, *missions.portal_points(s))


def begin_turn(s: State, out: list[str]) -> None:
    """The BUG turn's first step by the turn card's marks."""
    c = _c(s)
    # last turn's face-up cards: Tricks wait "until the next BUG turn" (the issue), then go to the discard
    c.bug_discard, c.face_up = (*c.bug_discard, *c.face_up), ()
    c.charge = False
    marks = flow.marks(s)
    spawns = "spawn" in marks
    if spawns and c.disrupted:  # rb 1204, Disruptor: "The BUGMISTRESS cannot spawn in the next turn"
        c.disrupted -= 1
        spawns = False
        out.append("Disruptor: the BUGMISTRESS cannot spawn this turn.")
    c.queue = spawn_points(s) if spawns else ()
    c.step = "spawn" if c.queue else "event" if "event" in marks else "draw"


# --- applying a step -------------------------------------------------------------------------------------
def apply(s: State, action: str, out: list[str]) -> None:
    c = _c(s)
    words = action.split()
    if words[0] == "spawn":
        _spawn(s, words[1], out)
        c.queue = c.queue[1:]
        if not c.queue:
            c.step = "event" if "event" in flow.marks(s) else "draw"
    elif words[0] == "event":
        _event(s, out)
        c.step = "draw"
    elif words[0] == "card":
        bug_cards.use(s, action.split(" ", 1)[1], out)
    elif words[0] == "draw":
        _draw(s, out)
        c.step, c.queue = "cards", tuple(f for f in bug_order(s) if not c.bugs[f].dizzy)
        c.acting, c.bug_ap = "", 0
        c.aps = {f: coop_data().sheet(c.bugs[f].kind).actions for f in c.queue}
        mistress_figure.join(s)  # her figure acts too, last (mistress_figure.py)
    else:
        _bug(s, words[1], words[2:], out)
    tidy(s, out)


def _spawn(s: State, point: str, out: list[str]) -> None:
    """One card for this spawn point: its indicator released from here (the first spawn: BUGGIEs only, as
    many as the SPAWN value, rb 1381)."""
    c = _c(s)
    card = draw_card(s)
    cp = copy_of(card)
    kinds = ["BUGGIE"] * cp.spawn if c.spawned == 0 else list(cp.indicator)
    c.spawned += 1
    c.bug_discard = (*c.bug_discard, card)
    out.append(f"{point} spawns ({card_name(card)}: {', '.join(kinds)}).")
    for kind in kinds:
        release(s, point, kind, out)


def room(s: State, point: str) -> list[Square]:
    """rb 999: "in the squares next to the spawner. Either in front or above it" (a portal piece too: it
    faces the way setup turned it); the BUGMISTRESS "in any direction" (rb 1850): ahead, behind, above,
    below."""
    sq = s.where(point)
    if sq is None:
        return []
    f = s.figures[point].facing
    sides = [(sq[0] + f, sq[1]), (sq[0], sq[1] + 1)]
    if point == "BUGMISTRESS":
        sides = [(sq[0] + f, sq[1]), (sq[0] - f, sq[1]), (sq[0], sq[1] + 1), (sq[0], sq[1] - 1)]
    bd = board(s.layout)
    return [x for x in sides if bd.step_open(sq, x) and physics.free(s, x)]


def count(s: State, kind: str) -> int:
    return sum(b.stack for b in _c(s).bugs.values() if b.kind == kind)


def release(s: State, point: str, kind: str, out: list[str]) -> None:
    """A BUG leaves the spawn point, facing its way (rb 960), dizzy this turn; caps hold (the issue), and the
    BURP limit (rb 962; one fewer against the BUGMISTRESS, rb 1848: missions.burp_limit)."""
    free = room(s, point)
    full = kind == "BURP" and count(s, kind) >= missions.burp_limit(s)
    if count(s, kind) >= coop_data().caps[kind] or full or not free:
        out.append(f"No {kind} can come out of {point}.")
        return
    sq, at = free[0], s.where(point)
    assert at is not None
    facing = s.figures[point].facing if sq[0] == at[0] else (1 if sq[0] > at[0] else -1)  # out of its mouth
    fid = coop_life.add_bug(s, kind, sq, facing, dizzy=True)
    out.append(f"{fid} ({kind}) comes out at {name(sq)}.")
    physics.settle(s, out)
    if fid in s.figures and s.figures[fid].square is not None:
        physics.arrive(s, fid, out)


def _event(s: State, out: list[str]) -> None:
    """rb 1403: "Draw from the BUG cards until you find an event, then put it into play"; the others go to
    the discard (the issue). No Event in the whole deck and discard: none this time."""
    c = _c(s)
    for _ in range(len(c.bug_deck) + len(c.bug_discard)):
        card = draw_card(s)
        if is_event(card):
            c.event, c.event_card = card_name(card), card
            out.append(f"Event: {c.event}.")
            return
        c.bug_discard = (*c.bug_discard, card)
    out.append("No Event comes up.")


def _draw(s: State, out: list[str]) -> None:
    """rb 1387: "Draw as many BUG cards as BUGBUSTERS playing ... face up. Discard the Events"; one more per
    portal piece left once the portal is activated (rb 1796, missions.extra_cards)."""
    c = _c(s)
    n = len(coop_turn.standing(s)) + missions.extra_cards(s)
    if c.brainwashed:  # rb 1194, BrainWash (the DESIGN: her next MOVE & ATTACK draws that many fewer)
        out.append(f"BrainWash: the BUGMISTRESS draws {min(n, c.brainwashed)} fewer.")
        n, c.brainwashed = max(0, n - c.brainwashed), 0
    drawn = bug_cards.draw_face_up(s, n)
    shown = ", ".join(card_name(x) for x in drawn) or "nothing"
    out.append(f"The BUGMISTRESS draws {shown}.")


def _bug(s: State, fid: str, words: list[str], out: list[str]) -> None:
    c = _c(s)
    if not words:  # nothing it can do: it is done
        _done(s, fid)
        return
    if words[0] in ("hit", "shoot"):
        c.bug_ap -= 1
        c.aps = {**c.aps, fid: c.bug_ap}
        c.attacked = True
        bug_attacks.declare(s, fid, words, out)
        s.window_due = True
        return
    if fid == mistress_figure.MISTRESS:  # her steps and tile flips (mistress_figure.py)
        mistress_figure.act(s, words, out)
        return
    c.bug_ap -= bug_moves.cost(s, fid, words[0] if words[0] != "gate" else " ".join(words))
    c.aps = {**c.aps, fid: c.bug_ap}
    c.last_flip = fid if words == ["flip"] else ""
    bug_moves.apply_bug_action(s, fid, " ".join(words), out)
    if words == ["move"]:
        bug_cards.charge_step(s, fid, out)  # rb 1475, Charge: twice as many squares


def _done(s: State, fid: str) -> None:
    c = _c(s)
    c.aps = {**c.aps, fid: 0}
    c.acting, c.bug_ap = "", 0
    c.queue = tuple(x for x in c.queue if x != fid)


def attack_over(s: State, landed: bool) -> None:
    """The acting BUG's attack landed (its actions end, rb 949) or was lost (it goes on, rb 901)."""
    c = _c(s)
    c.attacked = False
    if landed and c.acting:
        _done(s, c.acting)


def tidy(s: State, out: list[str]) -> None:
    """Move the procedure on past what has nothing to do: the next BUG with something to do, the next pass,
    the turn's end. Waits while an attack, a window or a question is open."""
    c = _c(s)
    if s.phase != "play" or c.stage != "bug" or s.asks or s.window or s.window_due or s.attack is not None:
        return
    while c.step in bug_cards.CARD_STEPS:
        if c.step in ("cards", "last"):  # a card to use, or on: after the draw the passes, at the end the end
            if bug_cards.next_card(s):
                return
            if c.step == "cards":
                c.step = "attack"
                continue
            c.step = ""
            bug_cards.bug_turn_over(s, out)
            coop_turn.end_bug_turn(s, out)
            return
        c.queue = tuple(f for f in c.queue if f in s.figures and c.aps.get(f, 0) > 0)
        if c.acting and c.acting not in c.queue:
            c.acting, c.bug_ap = "", 0
        if c.step == "attack":
            ready = next((f for f in c.queue if attack_choice_for(s, f)), "")
            if ready:
                c.acting, c.bug_ap = ready, c.aps[ready]
                return
            c.step = "move"
            c.acting, c.bug_ap = "", 0
            continue
        if not c.queue:
            c.step = "last"
            continue
        fid = c.queue[0]
        c.acting, c.bug_ap = fid, c.aps[fid]
        if next_step(s) != f"bug {fid} ":  # something to do (an attack, a move; her figure's own step)
            return
        _done(s, fid)


def attack_choice_for(s: State, fid: str) -> str:
    c = _c(s)
    saved = (c.acting, c.bug_ap)
    c.acting, c.bug_ap = fid, c.aps.get(fid, 0)
    try:
        return attack_choice(s, fid)
    finally:
        c.acting, c.bug_ap = saved
