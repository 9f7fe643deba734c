"""The checks POWERUP's co-op data (coop.json) must pass at load; rules/powerup/coop_data.py calls them.

Each check returns problems naming their entry ("bug_cards Ambush copy 2: ..."), so one bad load reports
all of them. "rb N" is shared/rulebooks/powerup.txt's line N; what it prints is held here, not in the
data, so the data cannot weaken it. The geometry comes from data_checks (part 1's board checks).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rules.powerup import data_checks as dc
from rules.powerup.coop_boards import MISSIONS, mission_problems, over_caps
from rules.powerup.data import LIVES, dice_counts

if TYPE_CHECKING:  # coop_data imports this module
    from rules.powerup.coop_data import CoopData
    from rules.powerup.data import GameData, Item

BUGS = ("BUGGIE", "BATBUG", "BIGBUG", "BICEFALUS", "BRASAS", "BLOB", "BUGDOZER", "BURP", "BOSS")  # rb 61
# The component list (rb 69-157): the most of each figure on the board at once.
CAPS = {"BUGGIE": (14, 127), "BATBUG": (4, 127), "BIGBUG": (12, 127), "BICEFALUS": (2, 127),
        "BRASAS": (4, 141), "BLOB": (3, 145), "BUGDOZER": (1, 149), "BURP": (4, 153), "BOSS": (2, 157),
        "npcs": (10, 105), "glitches": (2, 73), "bugmistress": (1, 69), "turrets": (1, 101)}
FREE = ("BUGGIE", "BATBUG")  # "The Buggies and Batbugs are active from the start" (rb 945)
NOT_IN_INDICATORS = ("BURP", "BOSS")  # DESIGN: spawn points never multiply from cards; the BOSS is STORY's
ABILITIES = ("TEAM_4", "FLYING", "BACKEYE", "SPAWN", "SPAWN_ANY_SIDE", "REGENERATE_1", "BLINK",
             "BACK_IMMUNE", "FLIP_TILES_3")
IMMUNITIES = (*dc.DAMAGE_TYPES, "ranged")  # rb 1023-1037
GIVEN_ABILITIES = {"BUGGIE": ("TEAM_4", 991), "BATBUG": ("FLYING", 1059), "BICEFALUS": ("BACKEYE", 995),
                   "BURP": ("SPAWN", 1075), "BOSS": ("BLINK", 1079)}
GIVEN_IMMUNE = {"BRASAS": ("fire", 1067), "BLOB": ("piercing", 1607), "BUGDOZER": ("ranged", 1051)}
SHOOTERS = {"BATBUG": 1059, "BRASAS": 1067, "BOSS": 1688}  # "spit", "spew fireballs", "A laser shot"
# The 21 cards rb 1281-1363 prints and Knock Knock (rb 1423), with their printed types.
CARD_TYPES = {
    "Acid Corruption": "special", "Acid Vomit": "trick", "Ambush": "special", "Bicevolution": "trick",
    "Charge": "special", "Creeper": "event", "Deplete 3 POWERUPs": "special", "Evolution": "trick",
    "Explosive Gas": "event", "Inmolation": "trick", "Metal Corrosion": "special", "Mortal Gas": "special",
    "Mortal Skin": "event", "Open/Close Door": "special", "Psychic Attack": "special", "Rage": "event",
    "Reinforcement": "special", "Special Spawn": "special", "Surprise!": "trick", "Teleport": "special",
    "Thief Buggie": "trick", "Knock Knock": "special"}  # Knock Knock's type: DESIGN (the AI text has none)
EVENTS = {"Creeper": 1, "Explosive Gas": 1, "Mortal Skin": 2, "Rage": 2}  # the 6 Events
DECK = 29  # rb 25
PRICES = ("ammo", "life", "reset_market", "switch_on")  # rb 616
PROFESSION_EFFECTS = ("turret", "door", "revive", "heal", "jump_cost", "peek", "armor", "throw",
                      "powerup_draw", "gateway_free", "range", "pierce_armor")



def coop_problems(data: CoopData, game: GameData) -> list[str]:
    out = cap_problems(data) + sheet_problems(data, game) + card_problems(data)
    out += store_problems(data) + piece_problems(data)
    for m in data.missions:
        out += mission_problems(m, data, game)
    ids = [m.id for m in data.missions]
    if sorted(ids) != sorted(MISSIONS):
        out.append(f"missions: the four ARCADE missions {sorted(MISSIONS)}, not {ids}")
    return out


def cap_problems(data: CoopData) -> list[str]:
    out = [f"caps {k}: {n} (rb {line}), not {data.caps.get(k)}" for k, (n, line) in CAPS.items()
           if data.caps.get(k) != n]
    out += [f"caps {k}: not a component" for k in data.caps if k not in CAPS]
    return out


# --- BUG sheets and the BUGMISTRESS -----------------------------------------------------------------

def _attacks(where: str, melee: Item, ranged: Item | None) -> list[str]:
    """A BUG's attacks, checked as part 1's sheet weapons (named ``bug_sheets BIGBUG.claws Claws: ...``)."""
    section = where.split(" ")[0]
    out = dc.item_problems(melee, section, sheet=True)
    if melee.kind != "M" or melee.dice == "0":
        out.append(f"{where}: a melee attack (kind M) with dice")
    if ranged is not None:
        out += dc.item_problems(ranged, section, sheet=True)
        if ranged.kind != "R" or ranged.dice == "0":
            out.append(f"{where}: a ranged attack is kind R, with a range and dice")
    return out


def _mean(game: GameData, dice: str) -> float:
    w, y = dice_counts(dice)
    per = {c: sum(game.faces[f].hits for f in getattr(game.dice, c)) / 6 for c in ("white", "yellow")}
    return w * per["white"] + y * per["yellow"]


def sheet_problems(data: CoopData, game: GameData) -> list[str]:
    out = []
    ids = [s.id for s in data.bug_sheets]
    if ids != list(BUGS):
        out.append(f"bug_sheets: the 9 sheets {list(BUGS)} in order (rb 61), not {ids}")
    for s in data.bug_sheets:
        where = f"bug_sheets {s.id}"
        out += _attacks(where, s.melee, s.ranged)
        if s.actions < 1 or s.armor < 0 or s.lives < 1 or s.spawn_cost < 1 or s.reward < 1 or s.rp < 0:
            out.append(f"{where}: 1 action, 1 life, a SPAWN cost and reward coins at least (rb 847); "
                       "no negatives")
        if (s.activation == 0) != (s.id in FREE):
            out.append(f"{where}: only BUGGIEs and BATBUGs are active from the start (rb 945)")
        out += [f"{where}: unknown ability {a!r}" for a in s.abilities if a not in ABILITIES]
        out += [f"{where}: unknown immunity {i!r}" for i in s.immune if i not in IMMUNITIES]
        if s.id in GIVEN_ABILITIES and GIVEN_ABILITIES[s.id][0] not in s.abilities:
            out.append(f"{where}: {GIVEN_ABILITIES[s.id][0]} (rb {GIVEN_ABILITIES[s.id][1]})")
        if ("SPAWN" in s.abilities) != (s.id == "BURP"):
            out.append(f"{where}: BURPs are the BUGs' spawn points (rb 1075), and only they")
        if ("BLINK" in s.abilities) != (s.rp > 0):
            out.append(f"{where}: reaction points with BLINK and only with it (rb 1079)")
        immune = GIVEN_IMMUNE.get(s.id)
        if set(s.immune) != ({immune[0]} if immune else set()):
            out.append(f"{where}: immune to {immune[0]} (rb {immune[1]}) and nothing else" if immune
                       else f"{where}: no immunity (only BRASAS, BLOB, BUGDOZER have one, rb 1023-1037)")
        if s.id in SHOOTERS and s.ranged is None:
            out.append(f"{where}: a ranged attack (rb {SHOOTERS[s.id]})")
    brasas = next((s for s in data.bug_sheets if s.id == "BRASAS"), None)
    if brasas and (brasas.melee.damage, brasas.ranged and brasas.ranged.damage) != ("fire", "fire"):
        out.append("bug_sheets BRASAS: fire claws and fireballs (rb 1630)")
    burp = next((s for s in data.bug_sheets if s.id == "BURP"), None)
    if burp and (burp.armor, burp.lives) != (2, 3):
        out.append(f"bug_sheets BURP: armor 2 and 3 lives (rb 801), not {burp.armor} and {burp.lives}")
    return out + mistress_problems(data, game)


def mistress_problems(data: CoopData, game: GameData) -> list[str]:
    levels = {lv.level: lv for lv in data.bugmistress}
    if sorted(lv.level for lv in data.bugmistress) != [1, 2]:
        return [f"bugmistress: levels 1 and 2 (rb 1089-1091), not {[lv.level for lv in data.bugmistress]}"]
    out = []
    for lv in levels.values():
        where = f"bugmistress level {lv.level}"
        out += _attacks(where, lv.melee, lv.ranged)
        out += [f"{where}: unknown ability {a!r}" for a in lv.abilities if a not in ABILITIES]
        if lv.armor < 0 or lv.lives < 1 or lv.spawn_cost < 1 or lv.reward < 0 or lv.actions < 1:
            out.append(f"{where}: an action, a life and a SPAWN cost (her score) at least")
        if "BACK_IMMUNE" not in lv.abilities:
            out.append(f"{where}: immune to attacks from the back (rb 1850)")
    one, two = levels[1], levels[2]
    if one.moves or not {"SPAWN_ANY_SIDE", "REGENERATE_1"} <= set(one.abilities):
        out.append("bugmistress level 1: cannot move (rb 1844), spawns any side (rb 1850), "
                   "regenerates (rb 1089)")
    if not two.moves or {"SPAWN_ANY_SIDE", "REGENERATE_1"} & set(two.abilities) or two.ranged is None:
        out.append("bugmistress level 2: moves, shoots, neither spawns nor regenerates (rb 1091, rb 1844)")
    if "FLIP_TILES_3" not in two.abilities:
        out.append("bugmistress level 2: flips up to 3 tiles (rb 1844)")
    if _mean(game, two.melee.dice) <= _mean(game, one.melee.dice):
        out.append("bugmistress level 2: defends herself 'much more ferociously' (rb 1848): more melee dice")
    return out


# --- BUG cards ----------------------------------------------------------------------------------------

def card_problems(data: CoopData) -> list[str]:
    out = []
    cost = {s.id: s.spawn_cost for s in data.bug_sheets}
    deck = data.deck()
    if len(deck) != DECK:
        out.append(f"bug_cards: {DECK} cards (rb 25), not {len(deck)}")
    names = [c.name for c in data.bug_cards]
    out += dc.repeats("bug_cards", names)
    if set(names) != set(CARD_TYPES):
        out.append(f"bug_cards: the 22 names (rb 1281-1363 and Knock Knock, rb 1423); missing "
                   f"{sorted(set(CARD_TYPES) - set(names))}, unknown {sorted(set(names) - set(CARD_TYPES))}")
    events = {c.name: len(c.copies) for c in data.bug_cards if c.type == "event"}
    if events != EVENTS:
        out.append(f"bug_cards: 6 Events, Creeper, Explosive Gas, Mortal Skin x2, Rage x2; not {events}")
    for c in data.bug_cards:
        name = f"bug_cards {c.name}"
        if c.name in CARD_TYPES and c.type != CARD_TYPES[c.name]:
            out.append(f"{name}: printed as {CARD_TYPES[c.name]}, not {c.type!r}")
        if not c.copies:
            out.append(f"{name}: no copies")
        for what, use in (("player effect", c.player), ("AI use", c.ai)):
            if use is None or not use.text.strip():
                out.append(f"{name}: no {what}")
            elif use.rb is None and not use.ruling.strip():
                out.append(f"{name}: the {what} is our own words without a ruling saying why")
        for i, k in enumerate(c.copies, 1):
            where = f"{name} copy {i}"
            unknown = [b for b in k.indicator if b not in cost]
            if unknown or not k.indicator:
                out.append(f"{where}: indicator {list(k.indicator)} names no BUG or unknown ones {unknown}")
                continue
            if k.spawn < 1:
                out.append(f"{where}: a SPAWN value of 1 or more")
            banned = [b for b in k.indicator if b in NOT_IN_INDICATORS]
            if banned:
                out.append(f"{where}: an indicator never releases {banned}")
            total = sum(cost[b] for b in k.indicator)
            if total != k.spawn:
                out.append(f"{where}: indicator {list(k.indicator)} costs {total}, "
                           f"not its SPAWN value {k.spawn}")
            out += over_caps(where, Counter(k.indicator), data.caps)
    return out


# --- store, CONTINUE, small pieces ------------------------------------------------------------------

def store_problems(data: CoopData) -> list[str]:
    out = []
    st = data.store
    if st.market != 4:
        out.append(f"store: 4 face-up equipment cards (rb 221, rb 616), not {st.market}")
    if sorted(st.prices) != sorted(PRICES) or any(v < 1 for v in st.prices.values()):
        out.append(f"store prices: ammo, life, reset_market and switch_on (rb 616), 1 coin or more; "
                   f"not {st.prices}")
    if st.sell_divisor != 2 or st.life_max != LIVES:
        out.append("store: sells at half the cost, rounded down (rb 620); lives up to 3 (rb 225)")
    track = list(data.continue_track)
    if not track or any(b <= a for a, b in zip(track, track[1:], strict=False)) or track[0] < 1:
        out.append(f"continue_track: rising costs, 1 coin or more (rb 853), not {track}")
    elif "life" in st.prices and track[0] < LIVES * st.prices["life"]:
        out.append(f"continue_track: the first CONTINUE ({track[0]}) never costs less than the {LIVES} lives "
                   f"it gives back at the store ({LIVES * st.prices['life']})")
    return out


def piece_problems(data: CoopData) -> list[str]:
    out = []
    trap, sheets = data.buggie_trap, {s.id: s for s in data.bug_sheets}
    team = trap.bug in sheets and "TEAM_4" in sheets[trap.bug].abilities
    if trap.bug not in sheets or trap.count < 1 or trap.stacked and not team:
        out.append(f"buggie_trap: {trap.count} {trap.bug}: a known BUG, stacked only if it has TEAM 4 "
                   "(rb 991)")
    elif trap.count > 4 and trap.stacked:
        out.append(f"buggie_trap: a stack holds 4 at most (rb 991), not {trap.count}")
    out += over_caps("buggie_trap", Counter({trap.bug: trap.count}), data.caps)
    if (data.npc.lives, data.npc.moves) != (1, 2):
        out.append("npc: 1 life and 2 movement actions (rb 1120)")
    profs = data.professions
    if len(profs) != 6:
        out.append(f"professions: 6 sheets (rb 57), not {len(profs)}")
    out += dc.repeats("professions", [p.id for p in profs])
    for p in profs:
        for key, side in (("a", p.a), ("b", p.b)):
            if (side.effect not in PROFESSION_EFFECTS or not side.text.strip()
                    or any(v < 1 for v in side.amounts.values())):
                out.append(f"professions {p.id} side {key}: a known effect (not {side.effect!r}), a text, "
                           "amounts of 1 or more")
        if p.a.effect == p.b.effect:
            out.append(f"professions {p.id}: two different abilities (rb 1162)")
    if sum(side.effect == "turret" for p in profs for side in (p.a, p.b)) != 1:
        out.append("professions: one engineer side builds the turret (rb 1166-1168)")
    t = data.turret
    if t.range != 6 or t.max != data.caps.get("turrets") or t.dice == "0" or t.build_ap < 1:
        out.append("turret: range 6, one at a time (rb 1168), dice, 1 AP or more to build")
    g = data.glitch
    if (g.armor, g.lives, g.range, g.squares_per_ap, g.seats) != (2, 2, 6, 2, 2) or g.dice == "0":
        out.append("glitch: armor 2, 2 lives (rb 873), range 6 with a second BUGBUSTER aboard (rb 869), "
                   "2 squares per AP and its own dice (rb 871)")
    pp = data.portal_piece
    if pp.lives < 1 or pp.armor < 0:
        out.append("portal_piece: a life at least, no negative armor")
    return out
