"""The twin (leak) check of self-play: hidden choices stay hidden, at every step, in every phase.

The engine's ``public_action`` says what the channel may learn from an action itself; when the
acting seat has another legal action with the same public form (a *twin*), one twin is applied to
the same state and what the channel would receive is compared: the post's text
(``presentation.step_post``), the public view's JSON and, every ``image_every``-th comparison, the
board image's PNG bytes. Any difference is a leak.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.presentation import Seating, step_post
from rules.core.engine import Engine, Event
from rules.core.rng import Rng

Fail = Callable[[str], Exception]  # makes the exception that reports a failure (with the game's log)


def check_private_lines(events: Sequence[Event], public_text: str, fail: Fail) -> None:
    for event in events:
        for private_seat, line in event.private.items():
            if line and line in public_text:
                raise fail(f"seat {private_seat}'s private line {line!r} is in the public text")


@dataclass(frozen=True)
class Heard:
    """What the channel receives after one action."""

    text: str | None  # the post (``step_post``); None when the channel receives nothing
    view: dict[str, Any]  # the public view's JSON: what the board is drawn from
    image: bytes | None = None  # the board's PNG, drawn at sampled comparisons only


class TwinCheck:
    """The leak test of one game: after each action, one of its twins is applied to the same state,
    and the two outcomes must reach the channel identically (text, view and, sampled, image)."""

    def __init__(self, engine: Engine, state: Any, rng: Rng, image_every: int = 0) -> None:
        self.engine = engine
        self.views = _ViewOnce(engine)
        labels = tuple(engine.seat_labels(state))
        # Fixed names: the texts and images name the players, and both twins must name them alike.
        self.seating = Seating(labels, {seat: f"p{seat}" for seat in range(len(labels))})
        self.rng = rng
        self.image_every = image_every
        self.comparisons = 0
        self.images = 0  # comparisons that drew both images

    def twin(self, state: Any, seat: int, legal: Sequence[Any], action: Any) -> tuple[str, Any] | None:
        """(public form, a twin of ``action``), or None when no other legal action looks the same.

        The twin is the first one after a random place in the list, going round: one draw and a
        few ``public_action`` calls where twins are many (hidden placements), rather than a call
        for every legal action at every step. Every twin can be drawn (at least 1 in len(legal))."""
        if len(legal) < 2:
            return None
        public = self.engine.public_action
        form = public(state, seat, action)
        start = self.rng.below(len(legal))
        for k in range(len(legal)):
            other = legal[(start + k) % len(legal)]
            if other != action and public(state, seat, other) == form:
                return form, other
        return None

    def check(self, state: Any, seat: int, legal: Sequence[Any], action: Any, after: Any,
              events: list[Event], fail: Fail) -> None:
        found = self.twin(state, seat, legal, action)
        if found is None:
            return
        form, other = found
        engine = self.engine
        try:
            other_after, other_events = engine.apply(state, seat, other)
        except Exception as err:
            raise fail(f"legal action {engine.format(other)!r} was refused: {err}") from err
        self.comparisons += 1
        images = self.image_every > 0 and self.comparisons % self.image_every == 0
        self.images += images
        before = self.views.dump(state)
        self.views.public_view(after, like=state)
        self.views.public_view(other_after, like=after)
        heard = self.heard(seat, events, after, before, images)
        other_heard = self.heard(seat, other_events, other_after, before, images)
        self.views.keep(after)  # the next step's "before"
        if heard.text is not None:
            check_private_lines(events, heard.text, fail)
        if heard == other_heard:
            return
        if not images and self.image_every > 0:  # tell the whole story: which parts differ, image too
            heard = self.heard(seat, events, after, before, True)
            other_heard = self.heard(seat, other_events, other_after, before, True)
        raise fail(
            f"leak: seat {seat}'s {engine.format(action)!r} and its twin {engine.format(other)!r} (public form "
            f"{form!r}) reach the channel differently, so it can tell which hidden choice was made; "
            + "; ".join(_differences(heard, other_heard))
        )

    def heard(self, seat: int, events: list[Event], state: Any, before: dict[str, Any], image: bool) -> Heard:
        text = step_post(self.views, self.seating, seat, events, state, before)  # type: ignore[arg-type]
        view = self.views.public_view(state)
        png = None
        if image:
            import render  # drawing is slow and needs fonts: only when images are compared

            png = render.render_public(self.engine.name, view.view, dict(self.seating.names))
        return Heard(text, view.model_dump(mode="json"), png)


class _Dumped:
    """A public view with its JSON made once (``model_dump(mode="json")`` is what ``public_dump``
    asks of it); any other attribute is the view's own."""

    __slots__ = ("_json", "view")

    def __init__(self, view: Any) -> None:
        self.view = view
        self._json: dict[str, Any] | None = None

    def model_dump(self, mode: str = "json") -> dict[str, Any]:
        assert mode == "json"
        if self._json is None:
            self._json = self.view.model_dump(mode="json")
        return self._json

    def __getattr__(self, name: str) -> Any:
        return getattr(self.view, name)


class _ViewOnce:
    """The engine as ``step_post`` sees it, except that each state's public view (and its JSON) is
    made once. Building a view costs more than the rest of a step, and a step needs the view of the
    state before, after the action and after its twin, each again inside ``step_post``."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._seen: dict[int, tuple[Any, _Dumped]] = {}  # id(state) -> (state, its view)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def public_view(self, state: Any, like: Any = None) -> _Dumped:
        """The view of ``state``; when it equals the view of ``like`` (already seen), that one, whose
        JSON is then made at most once: comparing two views costs a sixth of dumping one, and most
        steps change nothing public. Equal models of one class give equal JSON."""
        hit = self._seen.get(id(state))
        if hit is None or hit[0] is not state:  # the state is kept, so its id is not reused meanwhile
            view = _Dumped(self._engine.public_view(state))
            known = self._seen.get(id(like))
            if known is not None and known[0] is like and known[1].view == view.view:
                view = known[1]
            hit = self._seen[id(state)] = (state, view)
        return hit[1]

    def dump(self, state: Any) -> dict[str, Any]:
        return self.public_view(state).model_dump(mode="json")

    def keep(self, state: Any) -> None:
        """Forget every view but this state's."""
        hit = self._seen.get(id(state))
        self._seen = {id(state): hit} if hit is not None and hit[0] is state else {}


def _differences(a: Heard, b: Heard) -> list[str]:
    """Which parts differ (text / view / image), each with its first difference."""
    out = []
    if a.text != b.text:
        out.append(f"text differs: {_short(a.text)} vs {_short(b.text)}")
    if a.view != b.view:
        path, x, y = _first_difference(a.view, b.view)
        out.append(f"view differs at {path or '(top)'}: {_short(x)} vs {_short(y)}")
    if a.image != b.image:
        out.append(f"image differs: PNG {_digest(a.image)} vs {_digest(b.image)}")
    return out


def _first_difference(x: Any, y: Any, path: str = "") -> tuple[str, Any, Any]:
    if isinstance(x, dict) and isinstance(y, dict):
        for key in sorted(set(x) | set(y), key=str):
            if x.get(key, "<missing>") != y.get(key, "<missing>"):
                return _first_difference(x.get(key, "<missing>"), y.get(key, "<missing>"), f"{path}.{key}")
    elif isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
        for i, (u, v) in enumerate(zip(x, y, strict=True)):
            if u != v:
                return _first_difference(u, v, f"{path}[{i}]")
    return path.lstrip("."), x, y


def _short(value: Any, limit: int = 240) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _digest(png: bytes | None) -> str:
    return "none" if png is None else f"{len(png)} bytes sha256 {hashlib.sha256(png).hexdigest()[:12]}"
