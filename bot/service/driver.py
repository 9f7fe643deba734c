"""The one path every action takes, whoever plays it — a person, a timer, an AI seat or the game's
scripted side: check it against the seat's legal actions, apply it, commit it (log row + snapshot +
version + clocks, one transaction of this game), and only then tell everyone concerned. After each
commit the seats nobody has to wait for (AI seats, ``SYSTEM``) play at once, through the same path.
What a person's click is answered with before it becomes a step is in ``clicks``.
"""

from __future__ import annotations

import asyncio
import hashlib
from dataclasses import dataclass, field
from typing import Any

from bot.service import clicks, clocks, components
from bot.service.core import Core, Refusal, ephemeral
from bot.service.derived import Shown, derived
from bot.service.messages import Invocation, Output, Target, TargetKind
from bot.service.presentation import (
    Seating,
    step_post,
    user_mention,
    waiting_line,
)
from bot.service.replay import UNDO, effective, replay
from bot.service.session import Session
from bot.service.store import uncancellable
from rules.core.engine import SYSTEM, DecisionKind, Event
from rules.core.rng import Rng

GAME_GONE = "That menu belongs to a game that has ended or was aborted. Nothing was changed."
# AI and scripted moves one settle plays before it lets other games in: a game whose every seat is
# an AI (the players ran out of time under ``timeout:bot``) would otherwise play hundreds of moves
# while every other game's deadlines and commands wait. The rest is played on the timekeeper's next
# turn (``Session.automatic_due``), or at once by a caller without a timekeeper.
AUTOMATIC_BURST = 16


@dataclass
class Step:
    """One action on its way through the driver."""

    seat: int
    action: Any
    actor: str  # person | bot | timer | system
    user_id: int = 0
    inv: Invocation | None = None  # the command that carried it, when a person typed or clicked it
    undoes: int | None = None  # an undo: the seq it takes back
    notes: list[str] = field(default_factory=list)  # extra public lines for the post (a time-out, say)


class Driver:
    def __init__(self, core: Core) -> None:
        self.core = core

    # -- a person's /play and clicks ---------------------------------------------------------------

    async def play(self, inv: Invocation, session: Session) -> list[Output]:
        """``/play`` and every click on a choice, for ``session`` (already routed and locked)."""
        if session.broken is not None:
            raise Refusal(session.broken)
        if session.over:
            raise Refusal(f"The game of {session.engine.title} here has ended; /game new opens another.")
        if session.state is None:
            raise Refusal("The game has not started yet; /game start when enough seats are taken.")
        action = inv.options.get("action", "").strip()
        mine = session.seats_of(inv.user_id)
        token = inv.options.get(components.TOKEN)
        if not mine and action not in ("", components.CHOICES):
            raise Refusal("You are not seated at this game; only its players can act.")
        seat = clicks.seat_for(session, mine, token, inv.options.get("seat"))
        if components.is_menu(action):
            return [clicks.menu_step(inv, session, seat, action)]
        if not action or action == components.CHOICES:
            return [clicks.choices(inv, session, seat)]
        if inv.request_id is not None:
            done = await self.core.store.action_for_request(inv.request_id)
            if done is not None:
                # The same delivery again (a retried request after a lost reply): applied once.
                return [ephemeral(inv, f"Already done: {done.notation}")]
        engine = session.engine
        if (token is not None and token != components.ANY and not clicks.still_open(session, seat, action)
                and not clicks.multi_open(session, seat, action)):
            # A click counts while its action is legal for its seat, whatever happened since the
            # menu was made (another player's move, a new turn); one that is not changes nothing.
            return [clicks.out_of_date(inv, session, seat)]
        if seat is not None and session.seats[seat].autopilot:
            raise Refusal("The AI plays your seat since your time ran out; /game resume-seat takes it back.")
        if seat is None or seat not in session.pending():
            raise Refusal(f"It is not your turn. {waiting_line(engine, session.state, Seating.of(session))}")
        parsed = engine.parse(session.state, seat, action)
        return await self.submit(session, Step(seat, parsed, "person", inv.user_id, inv))

    # -- every actor ------------------------------------------------------------------------------

    async def submit(self, session: Session, step: Step, settle: bool = True) -> list[Output]:
        """Apply, commit and tell; then let the AI and scripted seats play. The engine refuses an
        illegal action with a RulesError and nothing changes."""
        engine = session.engine
        if step.undoes is None:
            state, events = engine.apply(session.state, step.seat, step.action)
            notation = engine.format(step.action)
            undoable = step.actor == "person" and engine.undoable(session.state, step.seat, step.action)
        else:
            state, events, notation, undoable = await self._undone(session, step)
        outputs = await self._commit(session, step, state, events, notation, undoable)
        if settle:
            outputs += await self.settle(session)
        return outputs

    async def settle(self, session: Session, limit: int = AUTOMATIC_BURST) -> list[Output]:
        """Play the seats nobody waits for: the scripted side's default at once, an AI seat's choice
        from its own private view and its legal actions. At most ``limit`` moves: when more are
        owed, ``session.automatic_due`` says so and the timekeeper is told."""
        outputs: list[Output] = []
        engine = session.engine
        played = 0
        while True:
            auto = _automatic(session)
            if not auto or played >= limit:
                break
            played += 1
            seat, decision = next(iter(auto.items()))
            if seat == SYSTEM:
                step = Step(seat, scripted_action(session, decision), "system")
            else:
                known = derived(engine, session.state)
                legal, view = list(known.legal(seat)), known.private_view(seat)
                rng = Rng(_ai_seed(session.record.seed or 0, session.version, seat))
                # A policy may think for a while (a search over a turn): it thinks in a thread, so the
                # event loop goes on serving every other game meanwhile.
                choice = await asyncio.to_thread(session.policy().choose, view, decision, legal, rng)
                step = Step(seat, choice, "bot")
            outputs += await self.submit(session, step, settle=False)
        owed = bool(_automatic(session))
        if owed or session.automatic_due:
            session.automatic_due = owed
            self.core.on_clock_change(session)  # the timekeeper plays the rest on its next turn
        return outputs

    async def scripted(self, session: Session) -> list[Output]:
        """The scripted side's paused step is due: play it, then whatever follows at once."""
        decision = session.pending().get(SYSTEM)
        if decision is None:
            return []
        outputs = await self.submit(session, Step(SYSTEM, scripted_action(session, decision), "system"))
        return outputs

    async def time_out(self, session: Session, seat: int, note: str) -> list[Output]:
        """A seat's time ran out: play its decision's default, and again while that same decision
        lasts (a default may be one step of several: KAPLOOM!'s ``skip`` of an owed re-roll still
        leaves ``ready`` to say). Bounded, so an engine whose default never ends its decision
        cannot hold the game."""
        decision = session.pending().get(seat)
        key = decision.key if decision is not None else None
        outputs: list[Output] = []
        for _ in range(MAX_DEFAULTS):
            decision = session.pending().get(seat)
            if decision is None or decision.key != key or not session.running:
                break
            outputs += await self.submit(session, Step(seat, decision.default, "timer",
                                                       notes=[] if outputs else [note]))
        return outputs

    async def _commit(
        self, session: Session, step: Step, state: Any, events: list[Event], notation: str, undoable: bool,
    ) -> list[Output]:
        core, engine = self.core, session.engine
        record = session.record
        seating = Seating.of(session)
        before = session.shown if session.shown is not None else derived(engine, session.state).shown(
            len(session.labels))
        post = step_post(engine, seating, step.seat, events, state, before.public)
        if post is not None and step.notes:
            post = "\n".join([*step.notes, post])
        step_number = record.step + 1 if post is not None else None
        outcome = engine.outcome(state)
        now = core.clock.now()
        decisions = dict(derived(engine, state).pending()) if outcome is None else {}
        clock, began = clocks.advance(record.clock, session.settings, decisions, session.ai_seats(), now)
        people = session.people()
        tell = {seat: decisions[seat].key for seat in began if seat in people
                and not clocks.was_notified(clock, seat, decisions[seat].key)}
        clock = clocks.notified(clock, tell)
        finished = _finished(session, outcome) if outcome is not None else None
        public_text = "\n".join(e.text for e in events if e.text)

        async def persist_and_advance() -> None:
            await core.store.record_action(
                session.game_id, record.version + 1, step.seat, step.user_id, notation, public_text,
                engine.dump(state), "over" if outcome else "running", core.now(), step=step_number,
                request_id=step.inv.request_id if step.inv else None, actor=step.actor, undoable=undoable,
                undoes=step.undoes, clock=clock, finished=finished,
            )
            # Committed: only now does memory move on.
            session.state = state
            session.shown = None  # until _tell fingerprints the new state
            record.version += 1
            record.clock = clock
            if step_number is not None:
                record.step = step_number
            if outcome is not None:
                record.status = "over"
                record.outcome = finished[0] if finished else None
                record.ended_at = core.now()

        # One unit, even for a cancelled command: a commit that memory did not follow would make
        # this game's next move collide with the committed one.
        await uncancellable(persist_and_advance())
        core.on_clock_change(session)

        outputs: list[Output] = []
        if step.inv is not None:
            outputs.append(ephemeral(step.inv, f"Done: {notation}" if step.undoes is None else "Taken back."))
        return outputs + await self._tell(session, post, outcome is not None, events, before, decisions, tell)

    async def begin(self, session: Session, headline: str) -> list[Output]:
        """A game has just started: its first decisions begin (clocks, notices), the board goes to
        the channel and every player gets their screen; then AI seats may play."""
        core, record = self.core, session.record
        decisions = session.pending()
        clock, began = clocks.advance(record.clock, session.settings, decisions, session.ai_seats(),
                                      core.clock.now())
        people = session.people()
        tell = {seat: decisions[seat].key for seat in began if seat in people}
        clock = clocks.notified(clock, tell)
        await core.store.set_clock(session.game_id, clock)
        record.clock = clock
        core.on_clock_change(session)
        post = f"{headline}\n{waiting_line(session.engine, session.state, Seating.of(session))}"
        outputs = await self._tell(session, post, False, [], None, decisions, tell)
        return outputs + await self.settle(session)

    async def _tell(
        self, session: Session, post: str | None, final: bool, events: list[Event],
        before: Shown | None, decisions: dict, tell: dict[int, str],
    ) -> list[Output]:
        """The channel's post (with the mentions of players who asked for them) and each person's
        screen where it changed or a decision of theirs began (by DM, if they want DMs)."""
        core, engine, record = self.core, session.engine, session.record
        state = session.state
        people = session.people()
        outputs: list[Output] = []
        mentions = [seat for seat in tell
                    if core.notify_mode(people[seat].user_id, record.guild_id) in ("mention", "both")]
        if post is not None:
            story, status = _story_and_status(session, post, final)
            if mentions:
                status.append(_your_move(session, mentions, decisions))
            # A new post when a new chapter begins (or the game ends, or someone is to be pinged:
            # an edit pings nobody); within a chapter the latest board is edited, its story grows.
            chapter = engine.chapter(state)
            fresh = final or bool(mentions) or chapter != session.board_chapter
            session.board_story = (story if fresh else session.board_story + story)[-STORY_LINES:]
            session.board_chapter = chapter
            text = "\n".join(session.board_story + status)
            board = await core.presenter.board(session, text, final=final, story=tuple(session.board_story),
                                               fresh=fresh, slot=True)
            outputs.append(_with_mentions(board, session, mentions))
        elif mentions:
            outputs.append(_with_mentions(
                Output(Target.channel(session.channel_id), _your_move(session, mentions, decisions)), session,
                mentions))
        after = derived(engine, state).shown(len(session.labels))
        session.shown = after  # the next step's "before"
        for seat, holder in sorted(session.seats.items()):
            if not holder.is_person:
                continue
            private_lines = [e.private[seat] for e in events if seat in e.private]
            changed = before is None or (after.private[seat] != before.private.get(seat)
                                         or after.choices[seat] != before.choices.get(seat))
            your_move = seat in tell
            if not (changed or private_lines or your_move):
                continue
            if core.notify_mode(holder.user_id, record.guild_id) not in ("dm", "both"):
                continue  # they asked for no DMs: "My screen" shows it when they look
            target = Target(TargetKind.DM, channel_id=session.channel_id, user_id=holder.user_id)
            head = [f"**Your move** — {_sentence(decisions[seat].prompt)}"] if your_move and decisions[seat].prompt else []
            # The seat's living panel: a new message for a new decision (that is what tells them),
            # an edit of the current one for anything else.
            outputs.append(await core.presenter.screen(session, seat, target, head + private_lines,
                                                       fresh=your_move))
        return outputs

    # -- undo -----------------------------------------------------------------------------------------

    async def undo(self, inv: Invocation, session: Session) -> list[Output]:
        """Take back the caller's own last step, while nobody else has acted since, and only if the
        engine marked it undoable (no random draw, nothing hidden revealed)."""
        if not session.running:
            raise Refusal("There is no running game here to take a step back in.")
        mine = session.seats_of(inv.user_id)
        if not mine:
            raise Refusal("You are not seated at this game.")
        actions = await self.core.store.actions(session.game_id)
        kept = _kept(actions)
        if not kept:
            raise Refusal("Nothing has been played yet.")
        last = kept[-1]
        if last.seat not in mine or last.actor != "person":
            raise Refusal("Only your own last step can be taken back, and someone else has acted since.")
        if not last.undoable:
            raise Refusal(f"'{last.notation}' cannot be taken back: it drew at random, revealed something or "
                          "ended a phase.")
        return await self.submit(session, Step(last.seat, None, "person", inv.user_id, inv, undoes=last.seq))

    async def _undone(self, session: Session, step: Step) -> tuple[Any, list[Event], str, bool]:
        """The state without the step ``step.undoes``: a replay of the log less what it takes back."""
        record = session.record
        actions = await self.core.store.actions(session.game_id)
        rows = [(a.seat, a.notation, a.undoes) for a in actions] + [(step.seat, UNDO, step.undoes)]
        state = replay(session.engine, record.seed or 0, session.options, effective(rows), record.labels)
        taken = next(a for a in actions if a.seq == step.undoes)
        events = [Event(f"{session.who(step.seat)} took back a step.")] if taken.step is not None else []
        return state, events, UNDO, False


def _automatic(session: Session) -> dict[int, Any]:
    """The decisions taken now without a person: the scripted side's (unless it pauses first: the
    timekeeper plays it when its ``time_limit`` is up) and AI seats'."""
    if not session.running:
        return {}
    ai = session.ai_seats()
    pending = session.pending()
    # A choice the group makes together waits for the people at the table while any is asked; the AI
    # seats take it only when nobody else could (their clocks still run out to its default).
    people = any(seat not in ai and seat != SYSTEM and d.kind == DecisionKind.GROUP for seat, d in pending.items())
    return {seat: d for seat, d in pending.items()
            if (seat == SYSTEM and d.time_limit is None) or (seat in ai and not (people and d.kind == DecisionKind.GROUP))}


def scripted_action(session: Session, decision: Any) -> Any:
    """What the scripted side plays: its default, or the time measured when the decision asks for it
    (``Decision.measure``: the seconds left on the rule timer that ended last)."""
    if not decision.measure:
        return decision.default
    left = int(session.record.clock.get("rule_left", 0))
    return session.engine.parse(session.state, SYSTEM, decision.measure.format(seconds=left))


def _kept(actions: list) -> list:
    """The actions still in effect (undo rows and what they took back left out), in order."""
    undone = {a.undoes for a in actions if a.undoes is not None}
    return [a for a in actions if a.notation != UNDO and a.seq not in undone]


def _ai_seed(game_seed: int, version: int, seat: int) -> int:
    digest = hashlib.sha256(f"ai:{game_seed}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


MAX_DEFAULTS = 20  # default actions one time-out may play for one decision
STORY_LINES = 12  # the story lines a living board keeps (the newest); /game log has them all


def _story_and_status(session: Session, post: str, final: bool) -> tuple[list[str], list[str]]:
    """A step's post as what happened (the story) and where things stand (the waiting line)."""
    lines = post.split("\n")
    if not final and lines and lines[-1] == waiting_line(session.engine, session.state, Seating.of(session)):
        return lines[:-1], lines[-1:]
    return lines, []


def _your_move(session: Session, seats: list[int], decisions: dict) -> str:
    named = ", ".join(user_mention(session, session.seats[s].user_id, session.seats[s].name) for s in seats)
    prompts = {decisions[s].prompt for s in seats if decisions[s].prompt}
    return f"{named}: your move" + (f" — {_sentence(prompts.pop())}" if len(prompts) == 1 else ".")


def _sentence(prompt: str) -> str:
    """A decision's prompt ended as a sentence ("Tagback Grenade?" keeps its own mark)."""
    return prompt if prompt.endswith(("?", "!", ".")) else f"{prompt}."


def _with_mentions(output: Output, session: Session, seats: list[int]) -> Output:
    from dataclasses import replace

    return replace(output, mentions=tuple(sorted({session.seats[s].user_id for s in seats})))


def _finished(session: Session, outcome: Any) -> tuple[dict[str, Any], list[tuple]]:
    """The outcome as stored, and one result row per seat for stats."""
    seats = session.seats
    data = {"winners": list(outcome.winners), "summary": outcome.summary, "result": outcome.result,
            "scores": list(outcome.scores), "ranks": list(outcome.ranks)}
    results = []
    for seat in range(len(session.labels)):
        holder = seats.get(seat)
        score = outcome.scores[seat] if seat < len(outcome.scores) else None
        rank = outcome.ranks[seat] if seat < len(outcome.ranks) else None
        results.append((seat, holder.user_id if holder else 0, holder.kind if holder else "bot",
                        seat in outcome.winners, score, rank))
    return data, results
