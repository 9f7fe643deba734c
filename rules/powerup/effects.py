"""The POW! cards' effects in DEATHMATCH, one per printed name (rb 1170-1277), registered so that a card
the data names but the engine cannot play fails the load (the issue; ``data.check_effects``).

Specials are played in their user's own turn, tricks at any time (rb 530-534); a card costs 0 AP, its
cost (``PowCard.cost``: RP or ammo) is paid, and it goes to the POW! discard (rb 532). Amounts come from
the data (``PowCard.amounts``), never from here. Notation: ``card <token>`` or ``card <token> <arg>``, the
token being the name with dashes for spaces and the letter (``Fury:E``, as ``asks.card_token``), the
argument a square (``C4``), a figure id (``TOR``) or a number.

Readings (the rulebook leaves these open):

- **Above the maxima.** A card that gives RP or ammo "above the maximum" (Adrenalyn, Ammo Found, Armory,
  RedBug) raises ``over_rp``/``over_ammo`` by what goes above the present maximum, so the gain is kept
  (rb 1176: "This may exceed the maximum"). A cost paid spends that surplus first: ``spend`` lowers
  ``over_*`` to what is still above the sheet's maximum (rb 409 speaks of the "remaining surplus").
- **Nothing to gain, not listed.** A card whose effect would change nothing now is not offered: Medikit at
  3 lives (rb 1237: "You cannot win more than 3 life points"), Player Pause while paused, Money Bot with no
  coins on the board, Teleport with no free ON POWERUP, Assemble with no teammate.
- **Attack tricks** (Attack Advantage, Fury, Karate Attack!, Elite Fire, Explosive Ammo, Concentration,
  This is my primo) are played in the own turn before the attack they help, and only while such an
  attack is possible now (1 AP left, a target in reach, the ammo a shot needs; a variable range weapon
  counts as ranged). They add to ``s.bonus_dice``/``s.bonus_hits`` and set ``s.bonus_for`` to the kind
  they wait for (melee, ranged, or any for This is my primo). Two bonuses for different kinds never wait
  together; primo ("whatever the type", rb 1273) joins either and takes the other's kind.
- **Fast Pass** (rb 1225: "3 extra movement actions") is the effect ``("moves", 3, "turn")``: turn.py
  lets a move, a back step or a climb cost 0 AP while it lasts and lowers it by 1 (``spend_free_move``).
- **Double Team** (rb 1208) draws 2; the drawn cards go into ``s.fresh`` and cannot be played this turn.
  With 4 in hand a draw asks the usual "full" question (discard first or decline) with the data
  ``"fresh"``, so that the card it draws is fresh too: "You can discard after drawing" read as the hand
  limit's usual discard, made between the two draws.
- **Teleport** (rb 1265) takes its user to a free ON POWERUP, turned OFF without the store. It keeps what
  it carries (rb 517: "The carrier and cargo occupy the same square"); a carried user steps off its
  carrier. It picks its facing as after a gateway (rb 767). The score is checked by the caller as after
  any action.
- **Turn on POWERUPs** (rb 1277: "For each ammo point used, you turn 1 deactivated POWERUP back on"): the
  argument is the ammo spent; the OFF POWERUPs nearest the user (squares counted across and up) turn ON,
  ties the lower row, then the left.
- **Barrier Granade** (rb 1190): a cover (the data's cover, rb 1126) on one of the 8 squares around its
  user, open to it, free, standing on fixed support (covers never fall), holding no token (POWERUP,
  secret, coins: a blocked square would keep them from everyone) and not a robot's home (a robot goes
  back there; tokens are kept off it too, ``deathmatch.placeable``); at most the caps' 3 covers.
- **There's a monkey!** (rb 1269) flips an enemy BUGBUSTER (robots and drums are no enemies).
- **Player Pause** is the effect ``("pause", 1, "next")``: ``Buster.effect`` sums amounts, so the flag must
  be 1 for combat's ``effect("pause")`` to hold. The paused user makes no attack either (rb 1249).
- **Assemble** (rb 1184: "The entire team may exchange their POW! cards as they wish") asks each member of
  the team in turn, the user first, ``(seat, "assemble", user)``: ``hand <token> <ALLY>`` moves any team
  card to a teammate holding fewer than 4 (rb 536), ``done`` passes the word to the next member
  (``assemble_options``/``assemble_answer``).
- **BrainWash, Disruptor** act on the BUGMISTRESS (rb 1194, rb 1204): DEATHMATCH has none, so they are
  only letters here (the issue) and never played. **Epic joker** (rb 1218) is only a letter for EPIC
  (``cards.epic_sets``), never played alone.
- **Take a Mulligan** (rb 1257) and **Copycat** (rb 1200) act on a roll just made and on a card just
  played by someone: they need the reaction windows (not built yet). They are registered but not playable
  until then (``args`` is empty); nothing here pretends to do them.

Functions change a cloned state in place and append public lines to ``out``. Quotes:
shared/rulebooks/powerup.txt ("rb N").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.core.errors import IllegalAction
from rules.powerup import cards, combat, dice, life, physics
from rules.powerup.board import Square, board, name, parse_square
from rules.powerup.data import HAND, LIVES, PowCard, game_data
from rules.powerup.state import State

Args = Callable[[State, int], list[str]]
Apply = Callable[[State, int, str, list[str]], None]


@dataclass(frozen=True)
class Effect:
    """One POW! card's effect: ``args(s, seat)`` the argument words it may be played with now (``[""]``
    for none; empty: not playable now); ``apply(s, seat, arg, out)`` does it (the cost is already paid).
    ``any_time``: a trick that also means something outside its user's turn (``trick_actions``)."""

    name: str
    args: Args
    apply: Apply
    any_time: bool = False

    @property
    def card(self) -> PowCard:
        return game_data().pow(self.name)


def card_token(card: str) -> str:
    """``"Fury|E"`` -> ``Fury:E`` (the same as ``asks.card_token``; asks.py imports turn.py, so not from
    there)."""
    return f"{cards.card_name(card).replace(' ', '-')}:{cards.card_letter(card)}"


def _amount(card: str, key: str) -> int:
    return game_data().pow(card).amounts[key]


def _ends(card: str) -> str:
    """The data's duration as an effect's end: "until your next turn" -> "next", else this turn."""
    return "next" if game_data().pow(card).duration == "until_your_next_turn" else "turn"


def _sheet(s: State, seat: int) -> str:
    return s.busters[seat].sheet


def _me(s: State, seat: int) -> Square:
    sq = s.where(_sheet(s, seat))
    assert sq is not None
    return sq


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# --- RP, ammo, lives ----------------------------------------------------------------------------------
def gain(s: State, seat: int, what: str, n: int) -> None:
    """Add ``n`` RP or ammo (``what``), above the maximum if need be: what goes above is recorded in
    ``over_rp``/``over_ammo`` (rb 405: "The bonus can raise them above the character's maximum")."""
    b = s.busters[seat]
    if what == "rp":
        new, top = b.rp + n, life.rp_max(b)
        s.set_buster(seat, rp=new, over_rp=b.over_rp + max(0, new - top))
    else:
        new, top = b.ammo + n, life.ammo_max(b)
        s.set_buster(seat, ammo=new, over_ammo=b.over_ammo + max(0, new - top))


def spend(s: State, seat: int, rp: int = 0, ammo: int = 0) -> None:
    """Pay RP and ammo; a surplus above the sheet's maximum is spent first (rb 409: "any remaining
    surplus"), so ``over_*`` never exceeds what is still above it."""
    b = s.busters[seat]
    new_rp, new_ammo = b.rp - rp, b.ammo - ammo
    base_rp, base_ammo = life.rp_max(b) - b.over_rp, life.ammo_max(b) - b.over_ammo
    s.set_buster(seat, rp=new_rp, ammo=new_ammo, over_rp=min(b.over_rp, max(0, new_rp - base_rp)),
                 over_ammo=min(b.over_ammo, max(0, new_ammo - base_ammo)))


def _adrenalyn(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1172: "The BUGBUSTER gets 2 extra reaction points." (above the maximum, like RedBug)."""
    n = _amount("Adrenalyn", "rp")
    gain(s, seat, "rp", n)
    out.append(f"{_sheet(s, seat)} gains {n} RP ({s.busters[seat].rp}).")


def _redbug(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1253: "The BUGBUSTER adds 4 reaction points. You can have more ammunition than the maximum
    allowed by your player." (erratum: reaction points, game-data.md 4.9)."""
    n = _amount("RedBug", "rp")
    gain(s, seat, "rp", n)
    out.append(f"{_sheet(s, seat)} gains {n} RP ({s.busters[seat].rp}).")


def _ammo_found(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1176: "The BUGBUSTER wins 1 extra ammo point. This may exceed the maximum ammo allowed for your
    character."."""
    n = _amount("Ammo Found", "ammo")
    gain(s, seat, "ammo", n)
    out.append(f"{_sheet(s, seat)} gains {n} ammo ({s.busters[seat].ammo}).")


def _armory(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1180: "The BUGBUSTER wins 3 extra ammo points. This may exceed the maximum ammo allowed for your
    character."."""
    n = _amount("Armory", "ammo")
    gain(s, seat, "ammo", n)
    out.append(f"{_sheet(s, seat)} gains {n} ammo ({s.busters[seat].ammo}).")


def _medikit_args(s: State, seat: int) -> list[str]:
    return [""] if s.busters[seat].lives < LIVES else []


def _medikit(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1237: "The BUGBUSTER gains 1 life point. You cannot win more than 3 life points." (never above
    the 3 lives of rb 225)."""
    b = s.busters[seat]
    s.set_buster(seat, lives=min(LIVES, b.lives + _amount("Medikit", "lives")))
    out.append(f"{b.sheet} recovers a life ({s.busters[seat].lives} now).")


# --- timed effects ------------------------------------------------------------------------------------
def add_effect(s: State, seat: int, effect: tuple[str, int, str]) -> None:
    b = s.busters[seat]
    s.set_buster(seat, effects=(*b.effects, effect))


def _energy_shield(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1212: "The BUGBUSTER adds 2 armor points until the start of their next turn."."""
    n = _amount("Energy Shield", "armor")
    add_effect(s, seat, ("armor", n, _ends("Energy Shield")))
    out.append(f"{_sheet(s, seat)} raises an Energy Shield: +{n} armor until its next turn.")


def _shield(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1261: "The BUGBUSTER adds 1 point to your armor until the start of its next turn." (the card
    text beats the icon's "until the end of the turn", docs/games/powerup.md)."""
    n = _amount("Shield", "armor")
    add_effect(s, seat, ("armor", n, _ends("Shield")))
    out.append(f"{_sheet(s, seat)} raises a Shield: +{n} armor until its next turn.")


def _pause_args(s: State, seat: int) -> list[str]:
    return [] if s.busters[seat].effect("pause") else [""]


def _player_pause(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1249: "The BUGBUSTER cannot attack or be attacked by others until the start of the next" (the
    erratum: its user's next turn). The effect's amount 1 is a flag (``effect("pause")`` is true)."""
    add_effect(s, seat, ("pause", 1, _ends("Player Pause")))
    out.append(f"{_sheet(s, seat)} is paused: it cannot attack or be attacked until its next turn.")


def _fast_pass(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1225: "You have 3 extra movement actions." (this turn; a move, back step or climb each)."""
    n = _amount("Fast Pass", "moves")
    add_effect(s, seat, ("moves", n, _ends("Fast Pass")))
    out.append(f"{_sheet(s, seat)} gets {_plural(n, 'free movement action')} this turn.")


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


# --- cards ----------------------------------------------------------------------------------------------
def _double_team(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1208: "The BUGBUSTER draws two POW! cards. You can not have more than 4 cards in your hand. You
    can discard after drawing, but may not use the cards in this turn." The drawn cards go into
    ``s.fresh``; a draw with 4 in hand asks "full" (data ``"fresh"``)."""
    for _ in range(_amount("Double Team", "draw")):
        if len(s.busters[seat].hand) >= HAND:
            s.asks = (*s.asks, (seat, "full", "fresh"))
        elif cards.draw_pow(s, seat, out, asked=False):
            s.fresh = (*s.fresh, s.busters[seat].hand[-1])


def _teammates(s: State, seat: int) -> list[int]:
    team = s.busters[seat].team
    return [i for i, b in enumerate(s.busters) if b.team == team and i != seat]


def _assemble_args(s: State, seat: int) -> list[str]:
    return [""] if _teammates(s, seat) else []


def _assemble(s: State, seat: int, arg: str, out: list[str]) -> None:
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
                    out.append(f"hand {card_token(card)} {s.busters[to].sheet}")
    return out


def assemble_answer(s: State, ask: tuple, act: str, out: list[str]) -> None:
    """Apply an answer to an "assemble" ask (already taken off ``s.asks``): a card changes hands and the
    same member is asked again; ``done`` lets the next member trade."""
    seat = ask[0]
    words = act.split()
    if words[0] != "hand":
        return
    team = [seat, *_teammates(s, seat)]
    holder, card = next((i, c) for i in team for c in s.busters[i].hand if card_token(c) == words[1])
    to = s.seat_of(words[2])
    assert to is not None and to in team
    hand = list(s.busters[holder].hand)
    hand.remove(card)
    s.set_buster(holder, hand=tuple(hand))
    s.set_buster(to, hand=(*s.busters[to].hand, card))
    out.append(f"{s.busters[holder].sheet} hands a POW! card to {s.busters[to].sheet}.")
    s.asks = (ask, *s.asks)


# --- the board ------------------------------------------------------------------------------------------
def _teleport_args(s: State, seat: int) -> list[str]:
    return [name(sq) for sq, on in sorted(s.powerups.items(), key=lambda kv: (kv[0][1], kv[0][0]))
            if on and physics.free(s, sq)]


def _teleport(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1265: "The BUGBUSTER teleports to any POWERUP that is on, turning it off. The POWERUP cannot be
    used for anything else when this is done." (no store; its cargo comes along, rb 517)."""
    fid = _sheet(s, seat)
    to = parse_square(arg)
    assert to is not None
    f = s.figures[fid]
    if f.carried_by is not None:
        s.move_figure(f.carried_by, cargo=None)
    here = s.where(fid)
    s.move_figure(fid, square=to, carried_by=None)
    s.powerups[to] = False
    out.append(f"{fid} teleports from {name(here) if here else '?'} to the POWERUP at {name(to)} (now OFF).")
    physics.settle(s, out, keep=s.air)
    physics.ask_facing(s, seat)
    physics.arrive(s, fid, out, own=False)


def _turn_on_args(s: State, seat: int) -> list[str]:
    off = sum(1 for on in s.powerups.values() if not on)
    return [str(n) for n in range(1, min(s.busters[seat].ammo, off) + 1)]


def _turn_on(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1277: "For each ammo point used, you turn 1 deactivated POWERUP back on." The argument is the
    ammo spent; the OFF POWERUPs nearest the user turn ON (ties: lower row, then left)."""
    n = int(arg)
    me = _me(s, seat)
    spend(s, seat, ammo=n)
    off = sorted((sq for sq, on in s.powerups.items() if not on),
                 key=lambda sq: (abs(sq[0] - me[0]) + abs(sq[1] - me[1]), sq[1], sq[0]))[:n]
    for sq in off:
        s.powerups[sq] = True
    out.append(f"{_sheet(s, seat)} spends {n} ammo: POWERUP{'s' if n != 1 else ''} "
               f"{', '.join(name(sq) for sq in off)} ON again.")


def _money_bot_args(s: State, seat: int) -> list[str]:
    return [name(sq) for sq, n in sorted(s.coins.items(), key=lambda kv: (kv[0][1], kv[0][0])) if n > 0]


def _money_bot(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1241: "Collect all the coins in a square that is anywhere on the board." (coins lying in the
    open, ``s.coins``; face-down secrets stay hidden)."""
    sq = parse_square(arg)
    assert sq is not None
    n = s.coins.pop(sq)
    b = s.busters[seat]
    s.set_buster(seat, coins=b.coins + n)
    out.append(f"{b.sheet}'s Money Bot collects {_plural(n, 'coin')} at {name(sq)}.")


def _door_args(s: State, seat: int) -> list[str]:
    return [name(sq) for sq in board(s.layout).gateways()]


def _door(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1245: "You may open or close one of the doors that is on the board." A shut gateway stays shut
    until a card opens it (the issue)."""
    sq = parse_square(arg)
    assert sq is not None
    if sq in s.shut:
        s.shut = tuple(x for x in s.shut if x != sq)
        out.append(f"{_sheet(s, seat)} opens the door at {name(sq)}.")
    else:
        s.shut = (*s.shut, sq)
        out.append(f"{_sheet(s, seat)} shuts the door at {name(sq)}.")


def _barrier_args(s: State, seat: int) -> list[str]:
    if len(s.covers) >= game_data().caps.covers:  # rb 93: the box's 3 covers
        return []
    b = board(s.layout)
    me = _me(s, seat)
    around = [(me[0] + dx, me[1] + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
    # a cover never hides a token (respawn and Teleport use POWERUPs) nor a robot's home (it goes back there)
    kept = {*s.powerups, *s.secrets, *s.coins, *(life.robot_home(s, t) for t in ("RED", "BLU"))}
    return [name(sq) for sq in around if b.step_open(me, sq) and physics.free(s, sq) and b.supported(sq)
            and sq not in kept]


def _barrier(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1190: "Generates a barrier of 2 armor points in an adjacent square." (a cover, rb 1126: "This
    square is blocked and no one can pass through it"; its armor is the data's cover armor)."""
    sq = parse_square(arg)
    assert sq is not None
    s.covers = (*s.covers, sq)
    out.append(f"{_sheet(s, seat)} throws a Barrier Granade: a cover at {name(sq)} "
               f"({_amount('Barrier Granade', 'armor')} armor).")


def _monkey_args(s: State, seat: int) -> list[str]:
    team = s.busters[seat].team
    return [b.sheet for b in s.busters if b.team != team and s.where(b.sheet) is not None]


def _monkey(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1269: "Flip an enemy to face the opposite direction."."""
    f = s.figures[arg]
    s.move_figure(arg, facing=-f.facing)
    out.append(f"There's a monkey! {arg} turns to face {'>' if f.facing < 0 else '<'}.")


# --- attack tricks ------------------------------------------------------------------------------------
def attack_kinds(s: State, seat: int) -> set[str]:
    """The kinds of attack the seat could make now ("melee", "ranged"): 1 AP, not paused (rb 1249), a
    melee target, or a distance weapon with the ammo for a shot and a target (a variable range weapon
    needs none: its impact square comes after the throw)."""
    b = s.busters[seat]
    if s.ap < 1 or b.effect("pause"):
        return set()
    out = set()
    if combat.melee_targets(s, seat):
        out.add("melee")
    w = life.weapon(b, "distance")
    if w is not None and b.ammo >= w.ammo_per_shot and (
            w.kind == "V" and not s.air or w.kind == "R" and combat.ranged_targets(s, seat)):
        out.add("ranged")
    return out


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


def _attack_args(card: str) -> Args:
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
    out.append(f"{_sheet(s, seat)}'s next {'' if kind == 'any' else kind + ' '}attack: {what} ({card}).")


def _attack_advantage(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1186: "Must be used with a melee attack Add 1 white die to your attack roll."."""
    _attack_bonus("Attack Advantage", s, seat, out)


def _fury(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1229: "Only for melee attack. Add 1 yellow die to your attack roll."."""
    _attack_bonus("Fury", s, seat, out)


def _karate(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1233: "Only for melee combat. Add 1 success to the attack."."""
    _attack_bonus("Karate Attack!", s, seat, out)


def _elite_fire(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1216: "Only for ranged attack. Add 1 yellow die to your ranged attack roll."."""
    _attack_bonus("Elite Fire", s, seat, out)


def _explosive_ammo(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1222: "Only for ranged attack. Add 2 white dice to your ranged attack roll."."""
    _attack_bonus("Explosive Ammo", s, seat, out)


def _concentration(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1196: "Must be a ranged attack Add1 hit to your attack."."""
    _attack_bonus("Concentration", s, seat, out)


def _primo(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1273: "Add 3 yellow dice to your attack, whatever the type."."""
    _attack_bonus("This is my primo", s, seat, out)


# --- not played in DEATHMATCH (yet) ---------------------------------------------------------------------
def _never(s: State, seat: int) -> list[str]:
    return []


def _not_here(card: str, why: str) -> Apply:
    def apply(s: State, seat: int, arg: str, out: list[str]) -> None:
        raise IllegalAction(f"{card} cannot be played here: {why}")

    apply.__doc__ = why
    return apply


_BUGMISTRESS = "it acts on the BUGMISTRESS, and DEATHMATCH has none: only a letter here (the issue)"

EFFECTS: dict[str, Effect] = {e.name: e for e in (
    Effect("Adrenalyn", lambda s, seat: [""], _adrenalyn),
    Effect("Ammo Found", lambda s, seat: [""], _ammo_found),
    Effect("Armory", lambda s, seat: [""], _armory),
    Effect("Assemble", _assemble_args, _assemble),
    Effect("Attack Advantage", _attack_args("Attack Advantage"), _attack_advantage),
    Effect("Barrier Granade", _barrier_args, _barrier),
    # rb 1194: "The BUGMISTRESS discards two random BUG cards from her hand."
    Effect("BrainWash", _never, _not_here("BrainWash", _BUGMISTRESS)),
    Effect("Concentration", _attack_args("Concentration"), _concentration),
    # rb 1200: "Use it when someone uses a POW! card. You get to keep their card" (reaction windows)
    Effect("Copycat", _never, _not_here("Copycat", "it answers a card just played: a reaction window"),
           any_time=True),
    # rb 1204: "The BUGMISTRESS cannot spawn in the next turn."
    Effect("Disruptor", _never, _not_here("Disruptor", _BUGMISTRESS)),
    Effect("Double Team", lambda s, seat: [""], _double_team),
    Effect("Energy Shield", lambda s, seat: [""], _energy_shield, any_time=True),
    Effect("Elite Fire", _attack_args("Elite Fire"), _elite_fire),
    # rb 1218: "Use it as any EPIC letter." (cards.epic_sets)
    Effect("Epic joker", _never, _not_here("Epic joker", "only a letter for EPIC (rb 1218)")),
    Effect("Explosive Ammo", _attack_args("Explosive Ammo"), _explosive_ammo),
    Effect("Fast Pass", lambda s, seat: [""], _fast_pass),
    Effect("Fury", _attack_args("Fury"), _fury),
    Effect("Karate Attack!", _attack_args("Karate Attack!"), _karate),
    Effect("Medikit", _medikit_args, _medikit),
    Effect("Money Bot", _money_bot_args, _money_bot),
    Effect("Open/Close Door", _door_args, _door),
    Effect("Player Pause", _pause_args, _player_pause),
    Effect("RedBug", lambda s, seat: [""], _redbug),
    # rb 1257: "The BUGBUSTER can change part of, or the entire roll, by rolling again." (a roll window)
    Effect("Take a Mulligan", _never, _not_here("Take a Mulligan", "it re-rolls a roll just made: a reaction window"),
           any_time=True),
    Effect("Shield", lambda s, seat: [""], _shield),
    Effect("Teleport", _teleport_args, _teleport),
    Effect("There's a monkey!", _monkey_args, _monkey, any_time=True),
    Effect("This is my primo", _attack_args("This is my primo"), _primo),
    Effect("Turn on POWERUPs", _turn_on_args, _turn_on),
)}


# --- listing and playing --------------------------------------------------------------------------------
def payable(s: State, seat: int, card: str) -> bool:
    cost = game_data().pow(cards.card_name(card)).cost
    b = s.busters[seat]
    return b.rp >= cost.get("rp", 0) and b.ammo >= cost.get("ammo", 0)


def _actions(s: State, seat: int, tricks_only: bool) -> list[str]:
    out: list[str] = []
    for card in s.busters[seat].hand:
        e = EFFECTS[cards.card_name(card)]
        if card in s.fresh or tricks_only and not (e.card.type == "trick" and e.any_time):
            continue
        if not payable(s, seat, card):
            continue
        token = card_token(card)
        for arg in e.args(s, seat):
            out.append(f"card {token} {arg}" if arg else f"card {token}")
    return list(dict.fromkeys(out))


def card_actions(s: State, seat: int) -> list[str]:
    """The cards the active seat may play now in its own turn (rb 530-534: specials "only ... during your
    turn", tricks "at any time"), 0 AP, not in the air, the cost payable, not the cards Double Team drew
    this turn (rb 1208): ``card <token>`` or ``card <token> <arg>``."""
    if s.phase != "play" or s.active != seat or s.air:
        return []
    return _actions(s, seat, tricks_only=False)


def trick_actions(s: State, seat: int) -> list[str]:
    """For the reaction windows: the tricks a seat may play outside its own turn (rb 534: "Trick cards can
    be used at any time"), those that mean something there (``Effect.any_time``: Energy Shield, There's a
    monkey!; Take a Mulligan and Copycat once their windows exist)."""
    if s.phase != "play" or s.active == seat:
        return []
    return _actions(s, seat, tricks_only=True)


def play_card(s: State, seat: int, action: str, out: list[str]) -> None:
    """``card <token> [arg]``: pay the cost (rb 1170-1277: "Free", "1 reaction point", "1 ammo point"), put
    the card on the POW! discard (rb 532: "Once used, they must be discarded"), then its effect."""
    words = action.split()
    b = s.busters[seat]
    card = next(c for c in b.hand if card_token(c) == words[1])
    arg = words[2] if len(words) > 2 else ""
    e = EFFECTS[cards.card_name(card)]
    cost = e.card.cost
    spend(s, seat, rp=cost.get("rp", 0), ammo=cost.get("ammo", 0))
    hand = list(s.busters[seat].hand)
    hand.remove(card)
    s.set_buster(seat, hand=tuple(hand))
    s.pow_discard = (*s.pow_discard, card)
    paid = ", ".join(f"{n} {'RP' if k == 'rp' else 'ammo'}" for k, n in cost.items()) or "free"
    out.append(f"{b.sheet} plays {e.name} ({paid}).")
    e.apply(s, seat, arg, out)
