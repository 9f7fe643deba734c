"""The POW! cards' effects in DEATHMATCH, one per printed name (rb 1170-1277), registered so that a card
the data names but the engine cannot play fails the load (the issue; ``data.check_effects``).

Specials are played in their user's own turn, tricks at any time (rb 530-534); a card costs 0 AP, its
cost (``PowCard.cost``: RP or ammo) is paid, and it goes to the POW! discard (rb 530-534). Amounts come from
the data (``PowCard.amounts``), never from here. Notation: ``card <token>`` or ``card <token> <arg>``, the
token being the name with dashes for spaces and the letter (``Fury:E``, ``cards.card_token``), the
argument a square (``C4``), a figure id (``TOR``) or a number.

Readings (the rulebook leaves these open):

- **Above the maxima.** A card that gives RP or ammo "above the maximum" (Adrenalyn, Ammo Found, Armory,
  RedBug) raises ``over_rp``/``over_ammo`` by what goes above the present maximum, so the gain is kept
  (rb 1176: "This may exceed the maximum"). A cost paid spends that surplus first: ``spend`` lowers
  ``over_*`` to what is still above the sheet's maximum (rb 410 speaks of the "remaining surplus").
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
  it carries (rb 510: "The carrier and cargo occupy the same square"); a carried user steps off its
  carrier. It picks its facing as after a gateway (rb 783). The score is checked by the caller as after
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
  only letters there (the issue) and never played. In co-op against the AI BUGMISTRESS (no hand: her cards
  are drawn face up) they are played as any Special and counted on ``Coop``: BrainWash makes her next MOVE
  & ATTACK draw 2 fewer cards (``Coop.brainwashed``), Disruptor cancels her next SPAWN (``Coop.disrupted``);
  ai_mistress.py reads both (the issue's DESIGN). Against a human BUGMISTRESS BrainWash is as printed: once
  the window after it has closed (she may play Tricks in it), 2 random cards of her hand go to the discard
  (mistress.brainwash); Disruptor cancels her next spawn mark. **Epic joker** (rb 1218) is only a letter for EPIC
  (``cards.epic_sets``), never played alone.
- **Take a Mulligan** (rb 1257) is played in the roll window of an attack (reactions.py) by the attacker or
  the melee defender on its own dice: ``all`` of them again, or the ``misses`` (dice that showed no hit).
  **Concentration** (rb 1196: "at any time") is played before a ranged attack, or in its roll window.
- **Copycat** (rb 1200: "Use it when someone uses a POW! card. You get to keep their card") is played in
  the window after the active seat plays a card (or goes EPIC: one of the four, rb 1200): the argument is
  the card taken from the discard into the hand.

The effects themselves: pow_self.py (the user and its team) and pow_board.py (the board). Quotes:
shared/rulebooks/powerup.txt ("rb N").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.core.errors import IllegalAction
from rules.powerup import cards, life, pow_board, pow_self
from rules.powerup.cards import card_token
from rules.powerup.data import PowCard, game_data
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


def _always(s: State, seat: int) -> list[str]:
    return [""]


def _never(s: State, seat: int) -> list[str]:
    return []


def _not_here(card: str, why: str) -> Apply:
    def apply(s: State, seat: int, arg: str, out: list[str]) -> None:
        raise IllegalAction(f"{card} cannot be played here: {why}")

    apply.__doc__ = why
    return apply


def _trick(card: str, quote: str) -> Effect:
    return Effect(card, pow_self.attack_args(card), pow_self.attack_trick(card, quote))


_BUGMISTRESS = "it acts on the BUGMISTRESS, and DEATHMATCH has none: only a letter here (the issue)"


def _versus_her(s: State, seat: int) -> list[str]:
    """BrainWash and Disruptor: playable in co-op (the BUGMISTRESS is there), never in DEATHMATCH."""
    return [""] if s.coop is not None else []


def _brainwash(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1194: "The BUGMISTRESS discards two random BUG cards from her hand." The AI BUGMISTRESS holds no
    hand: her next MOVE & ATTACK draws that many fewer cards (the issue's DESIGN; ``Coop.brainwashed``)."""
    if s.coop is None:
        raise IllegalAction(f"BrainWash cannot be played here: {_BUGMISTRESS}")
    n = cards.amount("BrainWash", "bug_cards")
    s.coop.brainwashed += n
    if s.coop.human:  # rb 1194: "may use tricks in her hand before discarding" (mistress.brainwash, after the window)
        out.append(f"The BUGMISTRESS is brainwashed: she discards {n} random BUG cards once she has had her say.")
        return
    out.append(f"The BUGMISTRESS is brainwashed: her next MOVE & ATTACK draws {n} fewer BUG cards.")


def _disruptor(s: State, seat: int, arg: str, out: list[str]) -> None:
    """rb 1204: "The BUGMISTRESS cannot spawn in the next turn." Her next SPAWN is cancelled (the issue's
    DESIGN; ``Coop.disrupted``)."""
    if s.coop is None:
        raise IllegalAction(f"Disruptor cannot be played here: {_BUGMISTRESS}")
    s.coop.disrupted += 1
    out.append("The BUGMISTRESS is disrupted: her next SPAWN is cancelled.")


EFFECTS: dict[str, Effect] = {e.name: e for e in (
    Effect("Adrenalyn", _always, pow_self.gainer(
        "Adrenalyn", "rp", 'rb 1172: "The BUGBUSTER gets 2 extra reaction points."')),
    Effect("Ammo Found", _always, pow_self.gainer(
        "Ammo Found", "ammo", 'rb 1176: "wins 1 extra ammo point. This may exceed the maximum ammo allowed"')),
    Effect("Armory", _always, pow_self.gainer(
        "Armory", "ammo", 'rb 1180: "wins 3 extra ammo points. This may exceed the maximum ammo allowed"')),
    Effect("Assemble", pow_self.assemble_args, pow_self.assemble),
    _trick("Attack Advantage",
           'rb 1186: "Must be used with a melee attack Add 1 white die to your attack roll."'),
    Effect("Barrier Granade", pow_board.barrier_args, pow_board.barrier),
    # rb 1194: "The BUGMISTRESS discards two random BUG cards from her hand."
    Effect("BrainWash", _versus_her, _brainwash),
    # rb 1196: "Must be a ranged attack Add1 hit to your attack. Can be used at any time."
    Effect("Concentration", pow_self.concentration_args, pow_self.concentration),
    Effect("Copycat", pow_self.copycat_args, pow_self.copycat, any_time=True),
    # rb 1204: "The BUGMISTRESS cannot spawn in the next turn."
    Effect("Disruptor", _versus_her, _disruptor),
    Effect("Double Team", _always, pow_self.double_team),
    Effect("Energy Shield", _always, pow_self.energy_shield, any_time=True),
    _trick("Elite Fire",
           'rb 1216: "Only for ranged attack. Add 1 yellow die to your ranged attack roll."'),
    # rb 1218: "Use it as any EPIC letter." (cards.epic_sets)
    Effect("Epic joker", _never, _not_here("Epic joker", "only a letter for EPIC (rb 1218)")),
    _trick("Explosive Ammo",
           'rb 1222: "Only for ranged attack. Add 2 white dice to your ranged attack roll."'),
    Effect("Fast Pass", _always, pow_self.fast_pass),
    _trick("Fury",
           'rb 1229: "Only for melee attack. Add 1 yellow die to your attack roll."'),
    _trick("Karate Attack!",
           'rb 1233: "Only for melee combat. Add 1 success to the attack."'),
    Effect("Medikit", pow_self.medikit_args, pow_self.medikit),
    Effect("Money Bot", pow_board.money_bot_args, pow_board.money_bot),
    Effect("Open/Close Door", pow_board.door_args, pow_board.door),
    Effect("Player Pause", pow_self.pause_args, pow_self.player_pause),
    Effect("RedBug", _always, pow_self.gainer(
        "RedBug", "rp", 'rb 1253: "adds 4 reaction points" (erratum: reaction, not ammunition; game-data.md 4.9)')),
    Effect("Take a Mulligan", pow_self.mulligan_args, pow_self.mulligan, any_time=True),
    Effect("Shield", _always, pow_self.shield),
    Effect("Teleport", pow_board.teleport_args, pow_board.teleport),
    Effect("There's a monkey!", pow_board.monkey_args, pow_board.monkey, any_time=True),
    _trick("This is my primo",
           'rb 1273: "Add 3 yellow dice to your attack, whatever the type."'),
    Effect("Turn on POWERUPs", pow_board.turn_on_args, pow_board.turn_on),
)}


# --- listing and playing --------------------------------------------------------------------------------
def payable(s: State, seat: int, card: str, extra_rp: int = 0) -> bool:
    """The card's cost (and ``extra_rp``: a weapon's speed paid first, reactions.py) can be paid."""
    cost = game_data().pow(cards.card_name(card)).cost
    b = s.busters[seat]
    return b.rp >= cost.get("rp", 0) + extra_rp and b.ammo >= cost.get("ammo", 0)


def _actions(s: State, seat: int, tricks_only: bool, extra_rp: int = 0, only: tuple[str, ...] = ()) -> list[str]:
    out: list[str] = []
    for card in s.busters[seat].hand:
        e = EFFECTS[cards.card_name(card)]
        if card in s.fresh or tricks_only and not (e.card.type == "trick" and e.any_time):
            continue
        if only and e.name not in only or not payable(s, seat, card, extra_rp):
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


def trick_actions(s: State, seat: int, extra_rp: int = 0) -> list[str]:
    """For the reaction windows: the tricks a seat may play outside its own turn (rb 534: "Trick cards can
    be used at any time"), those that mean something there (``Effect.any_time``: Energy Shield, There's a
    monkey!, Copycat), the cost and ``extra_rp`` (a weapon's speed) payable."""
    if s.phase != "play" or s.active == seat:
        return []
    return _actions(s, seat, tricks_only=True, extra_rp=extra_rp)


ROLL_TRICKS = ("Take a Mulligan", "Concentration")


def roll_cards(s: State, seat: int) -> list[str]:
    """For the roll window: the tricks that change a roll just made (rb 1257 Take a Mulligan, rb 1196
    Concentration "at any time"), for the attacker or the melee defender (``pow_self`` says whose)."""
    if s.phase != "play" or s.attack is None or not s.attack.rolled:
        return []
    return _actions(s, seat, tricks_only=False, only=ROLL_TRICKS)


def play_card(s: State, seat: int, action: str, out: list[str]) -> None:
    """``card <token> [arg]``: pay the cost (rb 1170-1277: "Free", "1 reaction point", "1 ammo point"), put
    the card on the POW! discard (rb 530: "Once used, they must be discarded"), then its effect."""
    words = action.split()
    b = s.busters[seat]
    card = next(c for c in b.hand if card_token(c) == words[1])
    arg = words[2] if len(words) > 2 else ""
    e = EFFECTS[cards.card_name(card)]
    cost = e.card.cost
    life.spend(s, seat, rp=cost.get("rp", 0), ammo=cost.get("ammo", 0), out=out)
    hand = list(s.busters[seat].hand)
    hand.remove(card)
    s.set_buster(seat, hand=tuple(hand))
    s.pow_discard = (*s.pow_discard, card)
    paid = ", ".join(f"{n} {'RP' if k == 'rp' else 'ammo'}" for k, n in cost.items()) or "free"
    out.append(f"{b.sheet} plays {e.name} ({paid}).")
    e.apply(s, seat, arg, out)
