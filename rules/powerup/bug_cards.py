"""The AI BUGMISTRESS's BUG cards (rb 965-979, rb 1385-1387, rb 1419-1479): when each face-up card is used,
by a registry of their AI uses (``AI_USES``: the card's kind, whether its use applies now, its effect).
The uses themselves: bug_cards_ai.py (on the BUGs) and bug_cards_board.py (on the BUGBUSTERs, the board,
her cards), each with the readings it takes; the Events in force: bug_events.py. Pure: no I/O.

When (the issue: "MOVE & ATTACK: one card per BUGBUSTER face up, Events discarded; each used as its AI
paragraph says when it can apply, leftmost first (Specials this turn, Tricks whenever their condition
holds until the next BUG turn, then discarded; Reinforcement = 2 more cards; Surprise! last)"):

- Her MOVE & ATTACK draw (ai_mistress's ``draw`` step) lays the cards face up left to right (``Coop.
  face_up``); Events go to the discard (rb 1387). BrainWash (rb 1194) takes cards off that draw
  (``Coop.brainwashed``).
- Then the ``cards`` step: each SYSTEM step ``card <Name>`` uses the leftmost face-up card whose use
  applies now (``next_card``), Surprise! after any other; a used card goes to the discard (``use``). When
  none applies, the BUGs' attack pass begins. Before every BUG's step of the attack and move passes the
  AI looks again (a card may apply now: a BUGGIE has come next to a BUGBUSTER, a BRASAS too), and once
  the BUGs have all moved, a last time (the ``last`` step: Surprise! is used there, rb 1453: "at the
  end").
- Specials (rb 971: "only ... during the BUGMISTRESS' turn") are used in her turn if they apply, else
  discarded at its end (``bug_turn_over``). Tricks (rb 975: "at any time") stay face up until her next
  turn and are used whenever their condition holds: in her turn as above, and in the BUGBUSTERs' turns
  after each action (``tricks_now``, which the engine calls), then discarded when her next turn begins
  (ai_mistress.begin_turn).
- Charge (rb 1475: "BUGs move twice as many squares with their actions"): while ``Coop.charge`` holds, a
  BUG's advance (``move``, 1 AP) goes a second square ahead for no AP when the AI would advance again
  from there (``charge_step``, after each advance in ai_mistress): its way there not reached, no attack
  to make from the first square (rb 1399: "If a BUG moves into an attack position ... perform that attack
  right away"), the way ahead open. Turning, jumping, climbing and gateways move as usual.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.powerup import bug_aims, bug_attacks, bug_moves
from rules.powerup import bug_cards_ai as ai
from rules.powerup import bug_cards_board as bd
from rules.powerup.state import State

Applies = Callable[[State, str], bool]
Apply = Callable[[State, str, list[str]], None]
LAST = "Surprise!"  # used after every other card (the issue; rb 1453: "Use these cards at the end")
CARD_STEPS = ("cards", "attack", "move", "last")  # the BUG turn's steps where cards are looked at


@dataclass(frozen=True)
class Use:
    """A card's AI use: ``kind`` special or trick (rb 969-975, as the data's type); ``applies(s, card)``
    whether it can be used now; ``apply(s, card, out)`` its effect (the card is off the row already)."""

    name: str
    kind: str
    applies: Applies
    apply: Apply


def _found(choice: Callable[[State], object]) -> Applies:
    """Applies when the use's choice finds something to act on."""
    return lambda s, card: choice(s) is not None


def _ambush(s: State, card: str) -> bool:
    return ai.beside_top(s) is not None and bug_aims.room_for(s, "BUGGIE")


def _special_spawn(s: State, card: str) -> bool:
    return ai.beside_top(s) is not None and ai.can_draw(s)


AI_USES: dict[str, Use] = {u.name: u for u in (
    Use("Acid Corruption", "special", _found(bd.richest), bd.acid_corruption),  # rb 1459
    Use("Acid Vomit", "trick", _found(bd.vomit_at), bd.acid_vomit),  # DESIGN (rb 1455 empty)
    Use("Ambush", "special", _ambush, ai.ambush),  # rb 1471
    Use("Bicevolution", "trick", lambda s, card: ai.evolving(s, card) is not None, ai.evolution),  # rb 1467
    Use("Charge", "special", ai.charge_applies, ai.charge),  # rb 1475
    Use("Deplete 3 POWERUPs", "special", lambda s, card: bool(bd.powerups_near_top(s)), bd.deplete),  # rb 1449
    Use("Evolution", "trick", lambda s, card: ai.evolving(s, card) is not None, ai.evolution),  # rb 1467
    Use("Inmolation", "trick", _found(ai.kamikaze), ai.inmolation),  # rb 1433
    Use("Knock Knock", "special", _found(ai.knock_at), ai.knock_knock),  # rb 1425
    Use("Metal Corrosion", "special", bd.drain_applies, bd.drain),  # rb 1437
    Use("Mortal Gas", "special", bd.drain_applies, bd.drain),  # rb 1437
    Use("Open/Close Door", "special", _found(bd.door_to_close), bd.close_door),  # rb 1429
    Use("Psychic Attack", "special", bd.drain_applies, bd.drain),  # rb 1437
    Use("Reinforcement", "special", lambda s, card: ai.can_draw(s), bd.reinforcement),  # rb 1445
    Use("Special Spawn", "special", _special_spawn, ai.special_spawn),  # rb 1479
    Use(LAST, "trick", _found(ai.surprised), ai.surprise),  # rb 1453
    Use("Teleport", "special", _found(ai.teleport_to), ai.teleport),  # rb 1441
    Use("Thief Buggie", "trick", _found(ai.theft), ai.thief_buggie),  # rb 1463
)}


def card_name(card: str) -> str:
    return card.split("|")[0]


def _busy(s: State) -> bool:
    """A question, a reaction window or an attack is open: no card until it is over."""
    assert s.coop is not None
    return bool(s.asks or s.window or s.window_due or s.attack is not None or s.coop.attacked)


def _first(s: State, kinds: tuple[str, ...]) -> str:
    """The leftmost face-up card of these kinds whose use applies now, Surprise! after any other; ""."""
    assert s.coop is not None
    ready = [x for x in s.coop.face_up if AI_USES[card_name(x)].kind in kinds and AI_USES[card_name(x)].applies(s, x)]
    ready.sort(key=lambda x: card_name(x) == LAST)  # stable: left to right otherwise
    return ready[0] if ready else ""


def next_card(s: State) -> str:
    """The name of the card the AI uses now in her BUG turn, or "" (pure: ai_mistress.next_step names it)."""
    c = s.coop
    if c is None or s.phase != "play" or c.stage != "bug" or c.step not in CARD_STEPS or _busy(s):
        return ""
    return card_name(_first(s, ("special", "trick")))


def use(s: State, name: str, out: list[str]) -> None:
    """``card <Name>``: the leftmost face-up copy of the card whose use applies is used, then discarded."""
    c = s.coop
    assert c is not None
    u = AI_USES[name]
    card = next(x for x in c.face_up if card_name(x) == name and u.applies(s, x))
    c.face_up = tuple(x for x in c.face_up if x != card)
    out.append(f"The BUGMISTRESS plays {name} ({u.kind}).")
    u.apply(s, card, out)
    c.bug_discard = (*c.bug_discard, card)


def tricks_now(s: State, out: list[str]) -> tuple[str, ...]:
    """For the engine, after each action of a BUGBUSTER's turn has settled (no question, window or attack
    open, nobody in the air; otherwise nothing happens): every face-up trick whose condition holds is used,
    leftmost first (rb 975: "Trick cards can be used at any time"). Returns the names of the cards used."""
    c = s.coop
    used: list[str] = []
    while c is not None and s.phase == "play" and c.stage in ("turn", "next") and not s.air and not _busy(s):
        card = _first(s, ("trick",))
        if not card:
            break
        use(s, card_name(card), out)
        used.append(card_name(card))
    return tuple(used)


def draw_face_up(s: State, n: int) -> list[str]:
    """Draw ``n`` cards (fewer if none are left): the Events to the discard (rb 1387: "Discard the Events"),
    the others face up at the right end of the row. Returns the cards drawn."""
    from rules.powerup.ai_mistress import draw_card, is_event

    c = s.coop
    assert c is not None
    drawn = []
    for _ in range(n):
        if not (c.bug_deck or c.bug_discard):
            break
        card = draw_card(s)
        drawn.append(card)
        if is_event(card):
            c.bug_discard = (*c.bug_discard, card)
        else:
            c.face_up = (*c.face_up, card)
    return drawn


def bug_turn_over(s: State, out: list[str]) -> None:
    """Her turn ends: the Specials not used go to the discard (rb 971), Charge is over; Tricks stay."""
    c = s.coop
    assert c is not None
    left = [x for x in c.face_up if AI_USES[card_name(x)].kind == "special"]
    if left:
        out.append(f"Unused: {', '.join(card_name(x) for x in left)} (discarded).")
    c.face_up = tuple(x for x in c.face_up if x not in left)
    c.bug_discard = (*c.bug_discard, *left)
    c.charge = False


def charge_step(s: State, fid: str, out: list[str]) -> None:
    """After a BUG's advance under Charge (rb 1475), its second square (see the module's reading)."""
    from rules.powerup.ai_mistress import move_choice

    c = s.coop
    assert c is not None
    if not c.charge or fid not in s.figures or s.figures[fid].square is None:
        return
    if bug_attacks.attack_words(s, fid) or move_choice(s, fid, 1) != "move":
        return
    out.append(f"{fid} charges on.")
    bug_moves.apply_bug_action(s, fid, "move", out)
