"""A human BUGMISTRESS's private view (the issue: "Her living DM panel: hand with SPAWN values and indicators,
activation costs, spawn options, each BUG's actions, Trick prompts"). Hidden information (the issue: "Only
the BUGMISTRESS sees her hand (its size is public); nobody sees deck orders; POW! hands are seen by the
BUGBUSTERs' side, never by a human BUGMISTRESS"): her view holds her hand and her options and nothing of
the BUGBUSTERs' hands (``hand`` and ``team_hands`` empty; the public part shows their sizes); the
BUGBUSTERs' views (present.py) never hold her hand, the public one only its size (coop_present.py)."""

from __future__ import annotations

from rules.powerup import ai_mistress, mistress, mistress_bugs
from rules.powerup import mistress_pay as pay
from rules.powerup.coop_data import coop_data
from rules.powerup.present import public_view
from rules.powerup.state import State
from rules.powerup.views import BugCardView, MistressView, PrivateView


def card_view(card: str) -> BugCardView:
    c = coop_data().card(ai_mistress.card_name(card))
    cp = ai_mistress.copy_of(card)
    return BugCardView(token=pay.token(card), name=c.name, type=c.type, spawn=cp.spawn, indicator=cp.indicator,
                       text=c.player.text if c.player is not None else "")


def _points(s: State) -> tuple[str, ...]:
    out = []
    for point in pay.points(s):
        sides = pay.HER_SIDES if point == "BUGMISTRESS" else pay.SIDES
        free = [x for x in sides if pay.side_square(s, point, x) is not None]
        out.append(f"{point} {', '.join(free) if free else 'no room'}")
    return tuple(out)


def _bugs(s: State) -> tuple[str, ...]:
    c = s.coop
    assert c is not None
    if c.burst:
        fid, ap, how = c.burst
        return (f"{fid} {ap} AP at once: " + (", ".join(mistress_bugs.words(s, fid, ap, how == "thief")) or "-"),)
    if c.step != "act":
        return ()
    out = []
    for fid in [*ai_mistress.bug_order(s), *([mistress.MISTRESS] if mistress.MISTRESS in c.aps else [])]:
        ap = mistress.ap_of(s, fid)
        if ap > 0:
            words = mistress_bugs.words(s, fid, ap)
            shown = ", ".join(w for w in words if not w.startswith("tiles "))
            if any(w.startswith("tiles ") for w in words):
                shown += ", tiles ..."
            out.append(f"{fid} {ap} AP: {shown or 'nothing now'}")
    return tuple(out)


def mistress_view(s: State) -> MistressView:
    c = s.coop
    assert c is not None
    co = coop_data()
    return MistressView(
        hand=tuple(card_view(x) for x in c.bug_hand), step=c.step if c.stage == "bug" else "", spawns=c.spawns,
        activation=tuple((k, co.sheet(k).activation) for k in pay.inactive(s)),
        spawn_costs=tuple((sh.id, sh.spawn_cost) for sh in co.bug_sheets if sh.id in c.active),
        points=_points(s), bugs=_bugs(s), acting=c.burst[0] if c.burst else c.acting, mode=c.mistress_mode,
        event=c.event)


def private_view(s: State, waiting: str, asked: str, legal: tuple[str, ...]) -> PrivateView:
    me = len(s.seats)
    return PrivateView(public=public_view(s, waiting), seat=me, label=mistress.HER, hand=(), team_hands=(),
                       team_secrets=(), to_hide=(), start="", asked=asked, legal=legal, mistress=mistress_view(s))
