"""Seats over a long game: leaving, replacing a player, kicking one by vote, handing a timed-out
seat to the AI and taking it back, and the votes the other players settle these with.

A vote lives in the game's clock data (``clock["votes"]``), so it survives a restart. Its voters
are the other people at the table; the first choice a majority of them picks wins. Buttons carry
``!vote <id> <choice>``; a vote no longer needed (the player came back and moved) closes itself.
"""

from __future__ import annotations

import copy
from typing import Any

from bot.service import clocks
from bot.service.core import Core, Refusal, ephemeral
from bot.service.driver import Driver
from bot.service.lobby import end_game, team_clash
from bot.service.messages import Button, Invocation, Output, Target
from bot.service.presentation import user_mention
from bot.service.records import SeatHolder
from bot.service.session import AI_NAME, Session

VOTE = "!vote"
TIMEOUT_CHOICES = {"skip": "Skip their move", "bot": "Let the AI play them", "end": "End the game"}
KICK_CHOICES = {"yes": "Kick", "no": "Keep"}


class Seats:
    def __init__(self, core: Core, driver: Driver) -> None:
        self.core = core
        self.driver = driver

    # -- a person leaves, is replaced, comes back ---------------------------------------------------------

    async def leave(self, inv: Invocation, session: Session) -> list[Output]:
        seats = session.seats_of(inv.user_id)
        if not seats:
            raise Refusal("You are not seated at this game.")
        return await self.vacate(session, seats, f"{inv.user_name} left the game")

    async def vacate(self, session: Session, seats: list[int], why: str) -> list[Output]:
        """Empty seats of a running game: an AI takes them if the game allows it, else the game ends."""
        core = self.core
        labels = ", ".join(session.labels[s] for s in seats)
        if not (session.plan and session.plan.bots) or not _others_remain(session, seats):
            await end_game(core, session, "aborted")
            reason = "" if _others_remain(session, seats) else " and nobody is left to play"
            return [Output(Target.channel(session.channel_id),
                           f"{why}{reason}: the game of {session.engine.title} ends here ({labels} has no player).")]
        for seat in seats:
            holder = SeatHolder(0, AI_NAME, "bot")
            await core.store.set_seat(session.game_id, seat, holder)
            session.seats[seat] = holder
        outputs = [Output(Target.channel(session.channel_id), f"{why}: the AI plays {labels} from now on.")]
        return outputs + await self._after_seat_change(session)

    async def replace(self, inv: Invocation, session: Session) -> list[Output]:
        """``/game replace old:<user> new:<user>``: every seat of the old player goes to the new one,
        who gets their screen at once. The creator or a member with Manage Channels may do it."""
        if inv.user_id != session.record.creator_id and not inv.can_manage_channel:
            raise Refusal(f"Only the creator ({session.record.creator_name}) or a member with Manage Channels "
                          "can replace a player.")
        old_id, old_name = _user_option(inv, "old")
        new_id, new_name = _user_option(inv, "new")
        seats = session.seats_of(old_id)
        if not seats:
            raise Refusal(f"{old_name} holds no seat in this game.")
        if session.seats_of(new_id) and not (session.plan and session.plan.shared):
            raise Refusal(f"{new_name} already plays here, and one person may hold only one seat in "
                          f"{session.engine.title}.")
        clash = team_clash(session, session.seats_of(new_id), seats)
        if clash:
            raise Refusal(f"{new_name} plays {clash[0]} for {clash[1]}; one person's seats must all be on one team.")
        for seat in seats:
            holder = SeatHolder(new_id, new_name)
            await self.core.store.set_seat(session.game_id, seat, holder)
            session.seats[seat] = holder
        labels = ", ".join(session.labels[s] for s in seats)
        outputs = [Output(Target.channel(session.channel_id),
                          f"{inv.user_name} handed {labels} from {old_name} to {new_name}.")]
        for seat in seats:
            target = Target.dm(new_id)
            outputs.append(await self.core.presenter.screen(
                session, seat, Target(target.kind, channel_id=session.channel_id, user_id=new_id),
                [f"You now play {session.labels[seat]} in place of {old_name}."]))
        return outputs + await self._after_seat_change(session)

    async def resume(self, inv: Invocation, session: Session) -> list[Output]:
        seats = [s for s in session.seats_of(inv.user_id) if session.seats[s].autopilot]
        if not seats:
            raise Refusal("None of your seats is played by the AI: you are already in charge.")
        await self.autopilot(session, seats, on=False)
        labels = ", ".join(session.labels[s] for s in seats)
        outputs = [Output(Target.channel(session.channel_id), f"{inv.user_name} takes {labels} back from the AI.")]
        for seat in seats:
            outputs.append(await self.core.presenter.screen(session, seat, _dm(session, inv.user_id), []))
        return outputs + await self._after_seat_change(session)

    async def autopilot(self, session: Session, seats: list[int], on: bool) -> None:
        for seat in seats:
            holder = session.seats[seat]._replace(autopilot=on)
            await self.core.store.set_seat(session.game_id, seat, holder)
            session.seats[seat] = holder

    async def _after_seat_change(self, session: Session) -> list[Output]:
        """A seat changed hands: clocks follow (an AI seat has none) and AI seats may move now."""
        core, record = self.core, session.record
        clock, _ = clocks.advance(record.clock, session.settings, session.pending(), session.ai_seats(),
                                  core.clock.now())
        await core.store.set_clock(session.game_id, clock)
        record.clock = clock
        core.on_clock_change(session)
        return await self.driver.settle(session)

    # -- votes -----------------------------------------------------------------------------------------

    async def kick(self, inv: Invocation, session: Session) -> list[Output]:
        """``/game kick player:<user>``: the other people at the table vote; a majority kicks."""
        if not session.seats_of(inv.user_id):
            raise Refusal("Only the players of this game can call a vote to kick someone.")
        target_id, target_name = _user_option(inv, "player")
        seats = session.seats_of(target_id)
        if not seats:
            raise Refusal(f"{target_name} holds no seat in this game.")
        voters = _voters(session, seats)
        if not voters:
            raise Refusal("Nobody else is at the table to vote.")
        vote = {"kind": "kick", "seats": seats, "voters": voters, "ballots": {}, "choices": list(KICK_CHOICES),
                "who": target_name}
        vote_id = f"k{session.version}.{seats[0]}"
        outputs = await self._open(session, vote_id, vote, f"{inv.user_name} asks to kick {target_name} "
                                   f"({', '.join(session.labels[s] for s in seats)}).")
        # The caller's own vote counts at once when they may vote.
        if inv.user_id in voters:
            outputs += await self.cast(inv, session, vote_id, "yes")
        return outputs

    async def timeout_vote(self, session: Session, seat: int) -> list[Output]:
        """A seat's time ran out under ``timeout:vote``: the others choose; nobody else: skip."""
        voters = _voters(session, [seat])
        decision = session.pending().get(seat)
        if decision is None:
            return []
        if not voters:
            return await self.driver.time_out(session, seat, f"{session.who(seat)} ran out of time.")
        vote = {"kind": "timeout", "seats": [seat], "voters": voters, "ballots": {}, "key": decision.key,
                "choices": list(TIMEOUT_CHOICES), "who": session.seats[seat].name}
        return await self._open(session, f"t{session.version}.{seat}", vote,
                                f"{session.who(seat)} ran out of time. What now?")

    async def _open(self, session: Session, vote_id: str, vote: dict[str, Any], question: str) -> list[Output]:
        core = self.core
        clock = copy.deepcopy(session.record.clock)
        clock.setdefault("votes", {})[vote_id] = vote
        if vote["kind"] == "timeout":
            clock = clocks.cleared(clock, vote["seats"][0], "timeout_at", "remind_at")  # the vote decides now: fires once, no more reminders
        await core.store.set_clock(session.game_id, clock)
        session.record.clock = clock
        core.on_clock_change(session)
        labels = KICK_CHOICES if vote["kind"] == "kick" else TIMEOUT_CHOICES
        who = ", ".join(user_mention(session, uid, name) for uid, name in _voter_names(session, vote["voters"]))
        buttons = tuple(Button(labels[c], f"{VOTE} {vote_id} {c}", session.game_id, "-") for c in vote["choices"])
        text = f"{question} {who}: vote below; a majority decides."
        return [Output(Target.channel(session.channel_id), text, buttons=buttons, mentions=tuple(vote["voters"]))]

    async def cast(self, inv: Invocation, session: Session, vote_id: str, choice: str) -> list[Output]:
        vote = session.record.clock.get("votes", {}).get(vote_id)
        if vote is None:
            raise Refusal("That vote is over. Nothing was changed.")
        if inv.user_id not in vote["voters"]:
            raise Refusal("Only the other players at the table vote on this.")
        if choice not in vote["choices"]:
            raise Refusal("That is not one of this vote's choices.")
        clock = copy.deepcopy(session.record.clock)
        clock["votes"][vote_id]["ballots"][str(inv.user_id)] = choice
        await self.core.store.set_clock(session.game_id, clock)
        session.record.clock = clock
        counts = {c: list(clock["votes"][vote_id]["ballots"].values()).count(c) for c in vote["choices"]}
        winner = next((c for c, n in counts.items() if n * 2 > len(vote["voters"])), None)
        labels = KICK_CHOICES if vote["kind"] == "kick" else TIMEOUT_CHOICES
        need = len(vote["voters"]) // 2 + 1
        outputs = [ephemeral(inv, f"Your vote: {labels[choice]} ({counts[choice]} of the {need} needed).")]
        if winner is None:
            return outputs
        return outputs + await self._settle_vote(session, vote_id, winner)

    async def _settle_vote(self, session: Session, vote_id: str, winner: str) -> list[Output]:
        clock = copy.deepcopy(session.record.clock)
        vote = clock["votes"].pop(vote_id)
        await self.core.store.set_clock(session.game_id, clock)
        session.record.clock = clock
        seats = vote["seats"]
        if vote["kind"] == "kick":
            if winner == "no":
                return [Output(Target.channel(session.channel_id), f"The table keeps {vote['who']}.")]
            return await self.vacate(session, seats, f"The table voted {vote['who']} out")
        seat = seats[0]
        decision = session.pending().get(seat)
        if decision is None or decision.key != vote.get("key"):
            return [Output(Target.channel(session.channel_id), f"{vote['who']} has moved meanwhile; the vote is moot.")]
        if winner == "end":
            await end_game(self.core, session, "aborted")
            return [Output(Target.channel(session.channel_id),
                           f"The table voted to end the game of {session.engine.title}.")]
        if winner == "bot":
            await self.autopilot(session, seats, on=True)
            note = f"The table hands {session.who(seat)} to the AI until they /game resume-seat."
            return [Output(Target.channel(session.channel_id), note)] + await self._after_seat_change(session)
        return await self.driver.time_out(session, seat, f"The table skips {session.who(seat)}'s move.")


def _others_remain(session: Session, leaving: list[int]) -> bool:
    return any(h.is_person and seat not in leaving for seat, h in session.seats.items())


def _voters(session: Session, about: list[int]) -> list[int]:
    about_users = {session.seats[s].user_id for s in about}
    return sorted({h.user_id for s, h in session.seats.items() if h.is_person and h.user_id not in about_users})


def _voter_names(session: Session, voters: list[int]) -> list[tuple[int, str]]:
    names = {h.user_id: h.name for h in session.seats.values() if h.is_person}
    return [(uid, names.get(uid, str(uid))) for uid in voters]


def _user_option(inv: Invocation, name: str) -> tuple[int, str]:
    """A user given as an option: ``<id>|<display name>`` (the adapter and the table write it so)."""
    raw = inv.options.get(name, "").strip()
    user_id, _, display = raw.partition("|")
    if not (user_id.isascii() and user_id.isdigit()):
        raise Refusal(f"Name the {name} player: {name}:@someone.")
    return int(user_id), display or user_id


def _dm(session: Session, user_id: int) -> Target:
    from bot.service.messages import TargetKind

    return Target(TargetKind.DM, channel_id=session.channel_id, user_id=user_id)
