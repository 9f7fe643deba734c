"""What a player reads in the menus that lead to their legal actions (MenuLabels): each action with its
cost, and a target with its armor and distance. The labels go to the seat alone."""

from __future__ import annotations

from collections.abc import Sequence

from rules.powerup import combat, life, professions, reach
from rules.powerup.state import State

VERBS = {
    "move": ("Move forward", "1 square the way you face"),
    "back": ("Step back", "1 square, keeping your facing"),
    "flip": ("Flip", "face the other way"),
    "climb": ("Climb", "a ladder, or up through a thin platform"),
    "jump": ("Jump", "ahead, 45° up, or straight up to attack"),
    "gate": ("Gateway", "to another open gateway"),
    "shoot": ("Shoot", "ranged: 1 ammo"),
    "hit": ("Melee", "both roll; the loser is pushed"),
    "lob": ("Throw grenade", "a yellow die sets the reach"),
    "rest": ("Rest", "+1 RP"),
    "give": ("Give", "to an adjacent teammate"),
    "pick": ("Pick up", "an ally, drum or robot ahead"),
    "throw": ("Throw", "what you carry, ahead"),
    "equip": ("Equip", "free: swap an item into its slot"),
    "epic": ("Go EPIC", "free: discard E, P, I, C"),
    "card": ("Play a POW! card", ""),
    "midjump": ("Mid-jump", "1 RP: 1 square sideways in the air"),
    "land": ("Land", "come down now"),
    "end": ("End turn", "unused AP are lost"),
    "react": ("React", "out of turn, paid in RP (the weapon's speed first if you are attacked)"),
    "pass": ("Pass", "no reaction this time"),
    "mode": ("Ask me to react", "relevant: when it matters; all: always; none: never"),
    "fall": ("Fall", "no Mid-Jump"),
    "allies": ("Ask me again", "when an ally enters my square (drop my standing answer)"),
    "roll": ("Roll away", "a yellow die per RP; its hits cancel a ranged attack's"),
    "assist": ("Assist", "1 RP: your dice join your teammate's attack"),
    "place": ("Place", "on a square"),
    "hide": ("Hide a token", "behind your screen"),
    "start": ("Start square", "on your base"),
    "done": ("Done", "what is left goes where designed"),
    # co-op (ARCADE)
    "next": ("Next:", "this BUGBUSTER plays now (the group's choice)"),
    "npc": ("Move", "free: an NPC has 2 moves a sequence, never through doors"),
    "revive": ("Revive", "2 AP: an adjacent fallen partner gets 1 life"),
    "continue": ("CONTINUE", "bring a fallen BUGBUSTER back; each payer accepts its share"),
    "accept": ("Accept", "pay your share of the CONTINUE"),
    "refuse": ("Refuse", "the CONTINUE is off"),
    "decline": ("Decline", "no CONTINUE: the mission is lost"),
    "buy": ("Buy", "at the store's price"),
    "sell": ("Sell", "for half its cost, rounded down"),
    "on": ("Turn ON", "another POWERUP"),
    "appear": ("Appear on", "an ON POWERUP, which turns OFF"),
    # professions (professions.py, turret.py)
    "profession": ("Profession", "yours for the mission; its side can be flipped at a POWERUP"),
    "turret": ("Turret", "the Machine-Gun Turret: range 6, 1 of its ammo a shot, gone when empty"),
    "door": ("Door", "open or shut a gateway next to you"),
    "heal": ("Heal", "once a turn: a partner next to you gets 1 life"),
    "peek": ("Peek", "once a turn: what lies under a secret within 3 squares (your team's screens)"),
    "keep": ("Keep", "this POW! card; the other goes to the discard"),
    # the GLITCH and Hidden Keys' secrets (glitch.py, coop_secrets.py)
    "board": ("Board", "1 AP: get into the GLITCH next to you (2 BUGBUSTERs at most)"),
    "leave": ("Leave the GLITCH", "1 AP: step out that way (into the void: you die)"),
    "fly": ("Fly the GLITCH", "the pilot: 2 squares per AP, over the edge into the void"),
    "glitch": ("GLITCH gun", "1 AP, the second aboard: its dice + your ranged dice, range 6, no ammo"),
    "cash": ("Show your coins", "free: your hidden coin tokens join your purse"),
}
NPC_WAYS = {"<": "left", ">": "right", "climb up": "up the ladder", "climb down": "down the ladder"}


def _cost(s: State, seat: int, verb: str) -> str:
    if s.phase != "play" or s.asks:
        return ""
    if verb in ("move", "back", "climb"):
        return f" — {reach.move_cost(s, seat)} AP"
    if verb == "jump":
        return f" — {reach.jump_cost(s, seat)} AP"
    if verb in ("flip", "gate", "shoot", "hit", "lob", "rest", "give", "pick", "throw", "board", "leave", "glitch"):
        return " — 1 AP"
    if verb == "fly":  # rb 871: 2 squares per AP, the second of a pair free (glitch.py)
        from rules.powerup import glitch

        return " — free (paid)" if glitch.credit(s, seat) else " — 1 AP for 2 squares"
    return ""


def menu_labels(s: State, seat: int, prefix: tuple[str, ...], options: Sequence[str]) -> dict[str, tuple[str, str]]:
    if s.coop is not None and s.coop.human and seat == len(s.seats):  # a human BUGMISTRESS (mistress_menus.py)
        from rules.powerup.mistress_menus import menu_labels as hers

        return hers(s, prefix, options)
    out: dict[str, tuple[str, str]] = {}
    if not prefix and s.asks and s.asks[0][1] == "pass":  # an ally entering: let it pass, or be pushed
        words = {"pass": ("Let it pass", "it goes to the square beyond you"),
                 "pushed": ("Be pushed", "1 square on, the way it moves")}
        for opt in options:
            label, desc = words.get(opt.split()[0], (opt, ""))
            out[opt] = (f"{label}{' — always' if opt.endswith(' always') else ''}", desc)
        return out
    if not prefix:
        reacts = [o[len("react "):] for o in options if o.startswith("react ") and s.phase == "play"]
        out.update({f"react {k}": v for k, v in _react_labels(s, seat, reacts).items()})
        for opt in options:
            verb = opt.split()[0] if opt else ""
            if verb in VERBS and opt not in out:
                label, desc = VERBS[verb]
                rest = opt.split(" ", 1)[1] if " " in opt else ""  # "Start square C1", "Jump up — 2 AP"
                high = f" — {reach.jump_high_cost(s)} AP" if _cost(s, seat, verb) else ""
                cost = high if opt == "jump high" else _cost(s, seat, verb)
                if verb == "npc" and " " in rest:  # "Move VIP1 left (2 moves left)"
                    npc, way = rest.split(" ", 1)
                    moves = s.coop.npcs[npc].moves if s.coop is not None and npc in s.coop.npcs else 0
                    rest, cost = f"{npc} {NPC_WAYS.get(way, way)}", f" ({moves} move{'s' if moves != 1 else ''} left)"
                elif verb == "profession" and len(rest.split()) == 2:  # "Engineer: Turret Builder"
                    rest, cost = _profession_label(rest), ""
                elif verb == "revive":
                    cost = f" — {professions.revive_cost(s, seat)} AP"
                elif verb == "flip" and s.asks and s.asks[0][1] == "shop":  # rb 1162, at a POWERUP
                    label, desc = "Flip your profession", "turn its sheet over to the other ability"
                elif verb in ("turret", "door", "heal", "peek"):
                    cost = _profession_cost(s, seat, opt)
                elif verb == "buy" and s.coop is not None:
                    rest, cost = _price_label(s, rest)
                sep = ": " if verb == "mode" else " "
                out[opt] = ((label + (f"{sep}{rest}" if rest else "") + cost)[:80], desc[:100])
        return out
    if prefix == ("profession",):  # the pick's menu, one level down: "Engineer: Turret Builder"
        return {opt: (_profession_label(opt.removeprefix("profession ")), VERBS["profession"][1]) for opt in options
                if len(opt.removeprefix("profession ").split()) == 2}
    if prefix == ("react",) and s.phase == "play":
        return _react_labels(s, seat, options)
    if prefix[0] in ("shoot", "hit") and s.phase == "play":
        targets = {t.id: t for t in (combat.ranged_targets(s, seat) if prefix[0] == "shoot"
                                     else combat.melee_targets(s, seat))}
        for opt in options:
            word = opt.split()[0] if opt else ""
            t = targets.get(word) or targets.get(f"COVER@{word}")
            if t is None:
                continue
            other = s.seat_of(t.id)
            armor = f"armor {life.armor(s.busters[other]) + t.cover}" if other is not None else t.id.split("@")[0].lower()
            far = f", {t.between} between" if prefix[0] == "shoot" else ""
            out[opt] = (f"{word}{' push ' + opt.split()[1] if len(opt.split()) > 1 else ''}"[:80], f"{armor}{far}"[:100])
    return out


def _profession_cost(s: State, seat: int, opt: str) -> str:
    """" — 2 AP", " — free (3 ammo in it)": a profession action's price (professions.py, turret.py)."""
    from rules.powerup import turret
    from rules.powerup.coop_data import coop_data

    words = opt.split()
    if words[0] == "turret" and words[1] == "build":
        return f" — {coop_data().turret.build_ap} AP"
    if words[0] == "turret":
        return f" — free ({turret.ammo(s)} ammo in it)"
    n = professions.amount(s, seat, words[0], "ap")
    return f" — {n} AP" if n else " — free"


def _profession_label(rest: str) -> str:
    from rules.powerup.coop_data import coop_data

    pid, side = rest.split()
    p = next((x for x in coop_data().professions if x.id == pid), None)
    return rest if p is None else f"{p.name}: {(p.a if side == 'a' else p.b).name}"


def _price_label(s: State, rest: str) -> tuple[str, str]:
    """"Buy Laser Rifle — 6 coins", "Buy ammo — 1 coin" (the store card, coop.json)."""
    from rules.powerup.coop_data import coop_data
    from rules.powerup.data import game_data

    prices = coop_data().store.prices
    key = {"ammo": "ammo", "life": "life", "reset": "reset_market"}.get(rest.split()[0], "switch_on" if
                                                                         rest.startswith("on ") else "")
    if key:
        n = prices[key]
        what = {"reset_market": "a new market", "switch_on": f"POWERUP {rest[3:]} ON"}.get(key, rest)
    else:
        card = game_data().card(rest)
        n, what = card.cost or 0, card.name
    return what, f" — {n} coin{'s' if n != 1 else ''}"


def _react_labels(s: State, seat: int, options: Sequence[str]) -> dict[str, tuple[str, str]]:
    """A reaction's price in RP: the action's usual cost (rb 891), plus the weapon's speed when under attack."""
    from rules.powerup.reactions import speed_for

    speed = speed_for(s, seat)
    extra = f" + {speed} speed" if speed else ""
    out: dict[str, tuple[str, str]] = {}
    for opt in options:
        words = opt.split()
        verb = words[0] if words else ""
        if verb == "roll":
            cost = f"{words[1]} RP{extra}"
        elif verb == "card":
            cost = f"the card's cost{extra}"
        elif verb == "turret":  # its builder's, "at any time" (rb 1168): no RP (turret.py)
            cost = "free"
        elif verb in ("move", "back", "climb"):
            cost = f"{reach.move_cost(s, seat)} RP{extra}"
        elif verb == "jump":
            cost = f"{reach.jump_cost(s, seat)} RP{extra}"
        else:
            cost = f"1 RP{extra}"
        label, desc = VERBS.get(verb, (verb, ""))
        label = label if verb in ("roll", "assist", "card") else f"React: {label.lower()}"
        out[opt] = (f"{label} {' '.join(words[1:])} — {cost}".replace("  ", " ")[:80], desc[:100])
    return out


def complete(legal: Sequence[str], typed: str, limit: int = 25) -> list[tuple[str, str]]:
    """``/play`` autocomplete: the legal actions starting with what is typed, then those containing it.
    When more than ``limit`` fit, the actions are grouped by their next word (``hide trap …``, ``give RAY
    coins …``) and the groups that fit are opened, so no verb or token hides behind the cut; typing on
    narrows it. A single verb with more choices than fit (``place`` on 28 squares) shows the first ones."""
    t = " ".join(typed.lower().split())
    fits = [a for a in legal if a.lower().startswith(t)]
    fits += [a for a in legal if t in a.lower() and not a.lower().startswith(t)]
    if len(fits) <= limit:
        return [(a, a) for a in fits]
    words = typed.split()
    depth = len(words) + 1 if typed.endswith(" ") or not words else len(words)
    groups = _groups(fits, depth)
    while len(groups) == 1 and depth < 6:
        depth += 1
        groups = _groups(fits, depth)
    if not 1 < len(groups) <= limit:
        return [(a, a) for a in fits[:limit]]
    room = limit - len(groups)
    out: list[tuple[str, str]] = []
    for key, members in groups.items():
        if len(members) == 1 or len(members) - 1 <= room:
            room -= len(members) - 1
            out += [(a, a) for a in members]
        else:
            out.append((f"{key} … ({len(members)} choices)"[:100], key[:100]))
    return out


def _groups(actions: Sequence[str], depth: int) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for a in actions:
        groups.setdefault(" ".join(a.split()[:depth]), []).append(a)
    return groups
