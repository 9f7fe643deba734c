"""A co-op POWERUP and its store (rb 520, rb 612-620; the issue): a BUGBUSTER entering an ON POWERUP by its
own move draws a POW! card and may use the store — buy the market's face-up equipment cards (refilled from
the pile), ammo (up to its sheet's maximum) and lives (up to 3), a reset of the market, switching an OFF
POWERUP ON; sell its equipment cards at half their cost, rounded down (rb 620) — then the POWERUP turns OFF
and it turns another ON (rb 520: "After that, turn back ON another POWERUP on the board").

Questions on ``State.asks`` (asks.py hands these kinds here): ``shop`` (``buy E12``, ``buy ammo``, ``buy
life``, ``buy reset``, ``buy on B1``, ``sell E12``, ``done``; asked again after each purchase) and ``relight``
(``on B1``: which OFF POWERUP turns ON; default the first in board order). Prices: coop.json's store card.
With professions (professions.py) the ``shop`` question also offers ``flip`` (the profession sheet turned
over, rb 1162, once a POWERUP), and a hacker's Overclock asks ``keep Fury:E`` first (1 of the top 2 POW!
cards, in place of the draw).
"""

from __future__ import annotations

from rules.powerup import cards, life, professions
from rules.powerup.board import Square, name, parse_square
from rules.powerup.coop_data import coop_data
from rules.powerup.data import game_data
from rules.powerup.state import State


def powered_up(s: State, seat: int, sq: Square, out: list[str]) -> None:
    """rb 520: the POWERUP goes ON for this BUGBUSTER: a POW! card, the store, then OFF and another ON."""
    s.powerups[sq] = False
    s.beats += 1
    out.append(f"{s.busters[seat].sheet} powers up at {name(sq)}.")
    if not professions.powered_up(s, seat):  # the hacker's Overclock keeps 1 of 2 instead (shop: keep)
        cards.draw_pow(s, seat, out)
    s.asks = (*s.asks, (seat, "shop", name(sq)))


def _price(item_id: str) -> int:
    return game_data().card(item_id).cost or 0


def shop_options(s: State, seat: int, here: str) -> list[str]:
    c = s.coop
    assert c is not None
    b = s.busters[seat]
    prices = coop_data().store.prices
    if keep := professions.keep_options(s, seat):  # hacker a (Overclock): keep 1 of the top POW! cards first
        return keep
    out = ["done"]
    if professions.can_flip(s, seat):  # rb 1162: "When you enter a POWERUP you can turn around the profession
        out.append("flip")  # sheet and change your ability" (professions.py)
    out += [f"buy {x}" for x in c.market if _price(x) <= b.coins]
    if b.coins >= prices["ammo"] and b.ammo < life.ammo_max(b):
        out.append("buy ammo")
    if b.coins >= prices["life"] and b.lives < coop_data().store.life_max:
        out.append("buy life")
    if b.coins >= prices["reset_market"] and s.equip_deck:
        out.append("buy reset")
    if b.coins >= prices["switch_on"]:
        out += [f"buy on {name(q)}" for q in _off(s, here)]
    out += [f"sell {x}" for x in b.owned]
    return out


def _off(s: State, here: str) -> list[Square]:
    """OFF POWERUPs other than the one being used, lower row first, then left to right."""
    return sorted((q for q, on in s.powerups.items() if not on and name(q) != here), key=lambda q: (q[1], q[0]))


def _refill(s: State) -> None:
    c = s.coop
    assert c is not None
    need = coop_data().store.market - len(c.market)
    if need > 0:
        if len(s.equip_deck) < need and s.equip_discard:  # the pile runs out: the discard shuffled in
            from rules.powerup.state import shuffled

            s.equip_deck, s.equip_discard = (*s.equip_deck, *shuffled(s, s.equip_discard)), ()
        c.market, s.equip_deck = (*c.market, *s.equip_deck[:need]), s.equip_deck[need:]


def shop(s: State, seat: int, here: str, act: str, out: list[str]) -> None:
    """Apply one answer of the ``shop`` question; anything but ``done`` asks it again."""
    c = s.coop
    assert c is not None
    b = s.busters[seat]
    prices = coop_data().store.prices
    words = act.split()
    if words[0] == "done":
        if _off(s, here):
            s.asks = ((seat, "relight", here), *s.asks)
        return
    if words[0] in ("flip", "keep"):  # professions.py: turn the profession sheet over; Overclock's card kept
        if words[0] == "flip":
            professions.flip(s, seat, out)
        else:
            professions.keep(s, seat, words[1], out)
        s.asks = ((seat, "shop", here), *s.asks)
        return
    if words[0] == "sell":
        value = _price(words[1]) // coop_data().store.sell_divisor
        equipped = tuple(life.basic_equipment(b.sheet)[i] if x == words[1] else x for i, x in enumerate(b.equipped))
        s.set_buster(seat, owned=tuple(x for x in b.owned if x != words[1]), equipped=equipped,  # type: ignore[arg-type]
                     coins=b.coins + value)
        s.equip_discard = (*s.equip_discard, words[1])
        out.append(f"{b.sheet} sells {game_data().card(words[1]).name} for {value} coin{'s' if value != 1 else ''}.")
    elif words[1] == "ammo":
        s.set_buster(seat, coins=b.coins - prices["ammo"], ammo=b.ammo + 1)
        out.append(f"{b.sheet} buys 1 ammo.")
    elif words[1] == "life":
        s.set_buster(seat, coins=b.coins - prices["life"], lives=b.lives + 1)
        out.append(f"{b.sheet} buys a life.")
    elif words[1] == "reset":
        s.set_buster(seat, coins=b.coins - prices["reset_market"])
        s.equip_discard = (*s.equip_discard, *c.market)
        c.market = ()
        _refill(s)
        out.append(f"{b.sheet} resets the store's market.")
    elif words[1] == "on":
        sq = parse_square(words[2])
        assert sq is not None
        s.set_buster(seat, coins=b.coins - prices["switch_on"])
        s.powerups[sq] = True
        out.append(f"{b.sheet} switches the POWERUP at {words[2]} ON.")
    else:
        card = words[1]
        s.set_buster(seat, coins=b.coins - _price(card), owned=(*b.owned, card))
        c.market = tuple(x for x in c.market if x != card)
        _refill(s)
        out.append(f"{b.sheet} buys {game_data().card(card).name}.")
    s.asks = ((seat, "shop", here), *s.asks)


def relight_options(s: State, here: str) -> list[str]:
    return [f"on {name(q)}" for q in _off(s, here)]


def relight(s: State, seat: int, act: str, out: list[str]) -> None:
    sq = parse_square(act.split()[1])
    assert sq is not None
    s.powerups[sq] = True
    out.append(f"{s.busters[seat].sheet} turns the POWERUP at {name(sq)} ON.")


def prompt(kind: str, here: str) -> str:
    if kind == "shop":
        return f"POWERUP at {here}: buy or sell at the store, then done"
    return "turn another POWERUP ON"
