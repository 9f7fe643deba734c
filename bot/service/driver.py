"""The one path an action takes: check it against the seat's legal actions, apply it, commit it
(log row + snapshot + version, one transaction of this game), and only then tell everyone concerned.
"""

from __future__ import annotations

from typing import Any

from bot.service import components
from bot.service.core import Core, Refusal, ephemeral, ephemeral_target
from bot.service.lobby import remember_views
from bot.service.messages import Invocation, Output, Target, TargetKind
from bot.service.presentation import Seating, decision_key, notations, step_post, waiting_line
from bot.service.session import Session
from bot.service.store import uncancellable
from rules.core.engine import Event

OUT_OF_DATE = "This menu is out of date: the game has moved on. Nothing was changed."
GAME_GONE = "That menu belongs to a game that has ended or was aborted. Nothing was changed."


class Driver:
    def __init__(self, core: Core) -> None:
        self.core = core

    async def play(self, inv: Invocation, session: Session) -> list[Output]:
        """``/play`` and every click on a choice, for ``session`` (already routed and locked)."""
        core = self.core
        if session.broken is not None:
            raise Refusal(session.broken)
        if session.state is None:
            raise Refusal("The game has not started yet; /game start when every seat is taken.")
        action = inv.options.get("action", "").strip()
        seat = session.seat_of(inv.user_id)
        token = inv.options.get(components.TOKEN)
        if seat is None and action not in ("", components.CHOICES):
            raise Refusal("You are not seated at this game; only its players can act.")
        if token is not None and token != components.ANY and (seat is None or decision_key(session, seat) != token):
            # A menu of a decision that is over (an earlier round or turn): its choices may mean
            # something else now. Within the same decision a click counts if it is still legal.
            return [self._out_of_date(inv, session, seat)]
        if not action or action == components.CHOICES:
            return [self._choices(inv, session, seat)]
        if seat is None:
            raise Refusal("You are not seated at this game; only its players can act.")
        if inv.request_id is not None:
            done = await core.store.action_for_request(inv.request_id)
            if done is not None:
                # The same delivery again (a retried request after a lost reply): applied once.
                return [ephemeral(inv, f"Already done: {done.notation}")]
        engine = session.engine
        if seat not in engine.to_act(session.state):
            raise Refusal(f"It is not your turn. {waiting_line(engine, session.state, Seating.of(session))}")
        parsed = engine.parse(session.state, seat, action)
        state, events = engine.apply(session.state, seat, parsed)
        return await self.commit(session, seat, inv.user_id, parsed, state, events, inv)

    async def commit(
        self, session: Session, seat: int, user_id: int, parsed: Any, state: Any, events: list[Event],
        inv: Invocation,
    ) -> list[Output]:
        core, engine = self.core, session.engine
        notation = engine.format(parsed)
        outcome = engine.outcome(state)
        seating = Seating.of(session)
        post = step_post(engine, seating, seat, events, state, session.public_dump)
        step = session.step + 1 if post is not None else None
        public_text = "\n".join(e.text for e in events if e.text)
        before_private = dict(session.private_dumps)
        before_choices = {s: notations(engine, session.state, s) for s in range(len(session.labels))}

        async def persist_and_advance() -> None:
            await core.store.record_action(
                session.game_id, session.version + 1, seat, user_id, notation, public_text, engine.dump(state),
                "over" if outcome else "running", core.now(), step=step, request_id=inv.request_id,
            )
            # Committed: only now does memory move on.
            session.state = state
            session.record.version += 1
            if step is not None:
                session.record.step = step
            remember_views(session)
            if outcome is not None:
                session.record.status = "over"
                core.sessions.remove(session)

        # One unit, even for a cancelled command: a commit that memory did not follow would make
        # this game's next move collide with the committed one.
        await uncancellable(persist_and_advance())
        outputs = [ephemeral(inv, f"Done: {notation}")]
        if post is not None:
            outputs.append(await core.presenter.board(session, post, final=outcome is not None))
        for s in range(len(session.labels)):
            private_lines = [e.private[s] for e in events if s in e.private]
            changed = (session.private_dumps.get(s) != before_private.get(s)
                       or notations(engine, state, s) != before_choices.get(s))
            if changed or private_lines:
                target = Target(TargetKind.DM, channel_id=session.channel_id, user_id=session.record.seats[s][0])
                outputs.append(await core.presenter.screen(session, s, target, private_lines))
        return outputs

    def _choices(self, inv: Invocation, session: Session, seat: int | None) -> Output:
        found = notations(session.engine, session.state, seat) if seat is not None else []
        target = ephemeral_target(inv)
        if not found:
            return Output(target, waiting_line(session.engine, session.state, Seating.of(session)))
        buttons, select = components.choice_components(found, session.game_id, decision_key(session, seat))
        text = f"Your choices ({len(found)}):\n" + "\n".join(found)
        return Output(target, text, buttons=buttons, select=select)

    def _out_of_date(self, inv: Invocation, session: Session, seat: int | None) -> Output:
        found = notations(session.engine, session.state, seat) if seat is not None else []
        key = decision_key(session, seat) if seat is not None else components.ANY
        buttons, select = components.choice_components(found, session.game_id, key)
        waiting = waiting_line(session.engine, session.state, Seating.of(session))
        text = OUT_OF_DATE + (" Your current choices are below." if found else f" {waiting}")
        return Output(ephemeral_target(inv), text, buttons=buttons, select=select)
