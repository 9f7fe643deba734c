"""POW! cards that act on their user and its team (rb 1170-1277): RP, ammo and lives (Adrenalyn, RedBug,
Ammo Found, Armory, Medikit), timed effects (Energy Shield, Shield, Player Pause, Fast Pass), the hand
(Double Team, Assemble) and the attack tricks. effects.py registers them and gives the readings taken.
Functions change a cloned state in place and append public lines to ``out``."""

from __future__ import annotations

from collections.abc import Callable

from rules.powerup import cards, dice, life
from rules.powerup.data import HAND, LIVES, game_data
from rules.powerup.state import State

Args = Callable[[State, int], list[str]]
Apply = Callable[[State, int, str, list[str]], None]


# --- RP, ammo, lives ----------------------------------------------------------------------------------
def gainer(card: str, what: str, quote: str) -> Apply:
    """Adrenalyn and RedBug (RP), Ammo Found and Armory (ammo): the card's amount, above the maximum if
    need be (rb 1176: "This may exceed the maximum"; RedBug's erratum: reaction points)."""
    def apply(s: State, seat: int, arg: str, out: list[str]) -> None:
        n = cards.amount(card, what)
        life.gain(s, seat, what, n)
        have = s.busters[seat].rp if what == "rp" else s.busters[seat].ammo
        out.append(f"{s.busters[seat].sheet} gains {n} {'RP' if what == 'rp' else 'ammo'} ({have}).")

    apply.__doc__ = quote
    return apply


def medikit_args(s: State, seat: int) -> list[str]:
    return [""] if s.busters[seat].lives < LIVES else []


def medikit(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1237: "The BUGBUSTER gains 1 life point. You cannot win more than 3 life points." (never above
    the 3 lives of rb 225)."""
    b = s.busters[seat]
    s.set_buster(seat, lives=min(LIVES, b.lives + cards.amount("Medikit", "lives")))
    out.append(f"{b.sheet} recovers a life ({s.busters[seat].lives} now).")


# --- timed effects ------------------------------------------------------------------------------------
def add_effect(s: State, seat: int, effect: tuple[str, int, str]) -> None:
    b = s.busters[seat]
    s.set_buster(seat, effects=(*b.effects, effect))


def energy_shield(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1212: "The BUGBUSTER adds 2 armor points until the start of their next turn."."""
    n = cards.amount("Energy Shield", "armor")
    add_effect(s, seat, ("armor", n, cards.ends("Energy Shield")))
    out.append(f"{s.busters[seat].sheet} raises an Energy Shield: +{n} armor until its next turn.")


def shield(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1261: "The BUGBUSTER adds 1 point to your armor until the start of its next turn." (the card
    text beats the icon's "until the end of the turn", docs/games/powerup.md)."""
    n = cards.amount("Shield", "armor")
    add_effect(s, seat, ("armor", n, cards.ends("Shield")))
    out.append(f"{s.busters[seat].sheet} raises a Shield: +{n} armor until its next turn.")


def pause_args(s: State, seat: int) -> list[str]:
    return [] if s.busters[seat].effect("pause") else [""]


def player_pause(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1249: "The BUGBUSTER cannot attack or be attacked by others until the start of the next" (the
    erratum: its user's next turn). The effect's amount 1 is a flag (``effect("pause")`` is true)."""
    add_effect(s, seat, ("pause", 1, cards.ends("Player Pause")))
    out.append(f"{s.busters[seat].sheet} is paused: it cannot attack or be attacked until its next turn.")


def fast_pass(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1225: "You have 3 extra movement actions." (this turn; a move, back step or climb each)."""
    n = cards.amount("Fast Pass", "moves")
    add_effect(s, seat, ("moves", n, cards.ends("Fast Pass")))
    out.append(f"{s.busters[seat].sheet} gets {n} free movement action{'' if n == 1 else 's'} this turn.")


def spend_free_move(s: State, seat: int) -> bool:
    """Use one of Fast Pass's free movement actions, if any is left (True): turn.py calls it when a move,
    back step or climb is applied, and takes no AP when it returns True."""
    b = s.busters[seat]
    for i, (n, amount, ends) in enumerate(b.effects):
        if n == "moves" and amount > 0:
            rest = b.effects[:i] + (((n, amount - 1, ends),) if amount > 1 else ()) + b.effects[i + 1:]
            s.set_buster(seat, effects=rest)
            return True
    return False


# --- the hand -----------------------------------------------------------------------------------------
def double_team(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1208: "The BUGBUSTER draws two POW! cards. You can not have more than 4 cards in your hand. You
    can discard after drawing, but may not use the cards in this turn." The drawn cards go into
    ``s.fresh``; a draw with 4 in hand asks "full" (data ``"fresh"``)."""
    for _ in range(cards.amount("Double Team", "draw")):
        if len(s.busters[seat].hand) >= HAND:
            s.asks = (*s.asks, (seat, "full", "fresh"))
        elif cards.draw_pow(s, seat, out, asked=False):
            s.fresh = (*s.fresh, s.busters[seat].hand[-1])


def _teammates(s: State, seat: int) -> list[int]:
    team = s.busters[seat].team
    return [i for i, b in enumerate(s.busters) if b.team == team and i != seat]


def assemble_args(s: State, seat: int) -> list[str]:
    return [""] if _teammates(s, seat) else []


def assemble(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1184: "The entire team may exchange their POW! cards as they wish." Each member is asked in turn,
    the user first (``assemble_options``)."""
    members = [seat, *_teammates(s, seat)]
    s.asks = (*s.asks, *((i, "assemble", seat) for i in members))
    out.append(f"{s.busters[seat].team} assembles: the team trades POW! cards.")


def assemble_options(s: State, seat: int) -> list[str]:
    """What a member may answer to ``(seat, "assemble", user)``: ``done`` (the default), or ``hand <token>
    <ALLY>`` moving any card of the team's hands to another member with fewer than 4 (rb 536)."""
    team = [seat, *_teammates(s, seat)]
    out = ["done"]
    for holder in sorted(team):
        for card in s.busters[holder].hand:
            for to in sorted(team):
                if to != holder and len(s.busters[to].hand) < HAND:
                    out.append(f"hand {cards.card_token(card)} {s.busters[to].sheet}")
    return out


def assemble_answer(s: State, ask: tuple, act: str, out: list[str]) -> None:
    """Apply an answer to an "assemble" ask (already taken off ``s.asks``): a card changes hands and the
    same member is asked again; ``done`` lets the next member trade."""
    seat = ask[0]
    words = act.split()
    if words[0] != "hand":
        return
    team = [seat, *_teammates(s, seat)]
    holder, card = next((i, c) for i in team for c in s.busters[i].hand if cards.card_token(c) == words[1])
    to = s.seat_of(words[2])
    assert to is not None and to in team
    hand = list(s.busters[holder].hand)
    hand.remove(card)
    s.set_buster(holder, hand=tuple(hand))
    s.set_buster(to, hand=(*s.busters[to].hand, card))
    out.append(f"{s.busters[holder].sheet} hands a POW! card to {s.busters[to].sheet}.")
    s.asks = (ask, *s.asks)


# --- attack tricks ------------------------------------------------------------------------------------
def attack_kinds(s: State, seat: int) -> set[str]:
    """The kinds of attack the seat could make now ("melee", "ranged"), read off the attacks it may declare
    (attacks.attack_actions: 1 AP, neither paused nor protected, a target, the ammo; a grenade needs the
    square ahead open, its impact square comes after the throw)."""
    from rules.powerup.attacks import attack_actions

    verbs = {a.split()[0] for a in attack_actions(s, seat)}  # the attacks listed, one listing for both
    return ({"melee"} if "hit" in verbs else set()) | ({"ranged"} if verbs & {"shoot", "lob"} else set())


def _kind(card: str) -> str:
    return game_data().pow(card).only or "any"


def _joins(waiting: str, kind: str) -> str | None:
    """The kind a bonus waits for once a trick for ``kind`` joins one waiting for ``waiting`` (None: they
    do not fit together)."""
    if waiting in ("", kind) or waiting == "any":
        return kind
    if kind == "any":
        return waiting
    return None


def attack_args(card: str) -> Args:
    def args(s: State, seat: int) -> list[str]:
        kind = _joins(s.bonus_for, _kind(card))
        if kind is None:
            return []
        kinds = attack_kinds(s, seat)
        return [""] if (kinds if kind == "any" else kinds & {kind}) else []

    return args


def _attack_bonus(card: str, s: State, seat: int, out: list[str]) -> None:
    amounts = game_data().pow(card).amounts
    extra = dice.pool(amounts.get("white", 0), amounts.get("yellow", 0))
    kind = _joins(s.bonus_for, _kind(card))
    assert kind is not None
    if extra != "0":
        s.bonus_dice = dice.add(s.bonus_dice or "0", extra)
    s.bonus_hits += amounts.get("hits", 0)
    s.bonus_for = kind
    what = f"+{amounts['hits']} hit" if amounts.get("hits") else f"+{extra}"
    out.append(f"{s.busters[seat].sheet}'s next {'' if kind == 'any' else kind + ' '}attack: {what} ({card}).")


def attack_trick(card: str, quote: str) -> Apply:
    """Attack Advantage, Fury, Karate Attack!, Elite Fire, Explosive Ammo, Concentration, This is my primo:
    the card's dice or hits wait for the next attack of its kind (``_attack_bonus``)."""
    def apply(s: State, seat: int, arg: str, out: list[str]) -> None:
        _attack_bonus(card, s, seat, out)

    apply.__doc__ = quote
    return apply


# --- tricks of the reaction windows (reactions.py) -------------------------------------------------------
def copycat_args(s: State, seat: int) -> list[str]:
    """rb 1200: the cards the active seat just played (one, or one of the four of an EPIC), still on the
    discard, for another seat."""
    if seat == s.active:
        return []
    return list(dict.fromkeys(cards.card_token(c) for c in s.copyable if c in s.pow_discard))


def copycat(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1200: "You get to keep their card and to use it whenever you like": from the discard to the hand."""
    card = next(c for c in reversed(s.pow_discard) if cards.card_token(c) == arg)
    pile = list(s.pow_discard)
    pile.reverse()
    pile.remove(card)
    pile.reverse()
    s.pow_discard = tuple(pile)
    s.set_buster(seat, hand=(*s.busters[seat].hand, card))
    s.copyable = tuple(c for c in s.copyable if c != card)
    out.append(f"{s.busters[seat].sheet} copies {cards.card_name(card)} and keeps it.")


def _own_dice(s: State, seat: int) -> tuple:
    a = s.attack
    if a is None or not a.rolled:
        return ()
    if seat == a.seat:
        return a.mine
    return a.theirs if a.verb == "hit" and a.word == s.busters[seat].sheet else ()


def mulligan_args(s: State, seat: int) -> list[str]:
    """rb 1257: "change part of, or the entire roll, by rolling again" — its own dice in the attack just
    rolled: ``all``, or ``misses`` (the dice without a hit) when some hit and some did not."""
    own = _own_dice(s, seat)
    if not own:
        return []
    misses = sum(1 for _, f in own if dice.face_hits(f) == 0)
    return ["all", "misses"] if 0 < misses < len(own) else ["all"]


def mulligan(s: State, seat: int, arg: str, out: list[str]) -> None:
    from rules.powerup.attacks import reroll

    reroll(s, seat, arg, out)


def concentration_args(s: State, seat: int) -> list[str]:
    """rb 1196: "Must be a ranged attack. Add 1 hit to your attack. Can be used at any time": before a
    ranged attack in its own turn, or once the attacker's ranged roll is made (the roll window)."""
    a = s.attack
    if a is not None and a.rolled:
        return [""] if seat == a.seat and a.verb in ("shoot", "lob") else []
    return attack_args("Concentration")(s, seat)


def concentration(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1196: "Add 1 hit to your attack. Can be used at any time." Played on a roll just made, its hit
    joins that attack (``Attack.plus``), whatever bonus waits for a later one; played before an attack, it
    waits as the other attack tricks do."""
    a = s.attack
    if a is not None and a.rolled:
        hits = cards.amount("Concentration", "hits")
        s.attack = a._replace(plus=a.plus + hits)
        out.append(f"{s.busters[seat].sheet}'s shot: +{hits} hit (Concentration).")
        return
    _attack_bonus("Concentration", s, seat, out)
