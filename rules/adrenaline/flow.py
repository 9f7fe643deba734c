"""The order of play: turns, the windows a shot opens, the end of a turn, final frenzy, the end.

- A turn: the first turn starts by drawing 2 powerups (the seed's "Spawning on your first turn");
  actions, Newtons and Teleporters, reloads, ``end``. A turn with nothing left to do but end ends by
  itself.
- After a shot: the shooter's Targeting Scope window (only if they hold one, the shot damaged
  someone and they can pay), then the shot's marks land, then the Tagback Grenade window for every
  eligible victim at once (they hold one, saw the shooter when the damage landed, and have not
  answered "never"; "always" throws one at once). The turn waits.
- End of turn, in order (the issue's reading of the seed's summary 2-3): reloads were the player's;
  score each board that took a killshot, in killshot order; the killed respawn (each draws 1 powerup
  even when holding 3, then all choose at once which to discard, revealed together); refill emptied
  squares and weapon slots; then final frenzy (or the sudden-death end) if the last skull went.
- Final frenzy: everyone, the trigger included, gets one last turn in seat order from the next
  seat; after the last one nobody respawns and the game is scored.
"""

from __future__ import annotations

from rules.adrenaline import scoring
from rules.adrenaline.acts import powerup_cards
from rules.adrenaline.damage import finish_shot
from rules.adrenaline.payments import payable
from rules.adrenaline.setup import draw_powerup, refill
from rules.adrenaline.state import State
from rules.adrenaline.tree import card_name

TURN_CAP = 400  # turns; no real game comes near (self-play fails a run that reaches it)


def begin_turn(state: State, out: list[str]) -> None:
    state.turns += 1
    state.ending = False
    state.draft = ()
    p = state.players[state.turn]
    state.actions_left = scoring.frenzy_actions(state, state.turn) if state.frenzy else 2
    if not p.spawned:
        cards = [c for c in (draw_powerup(state), draw_powerup(state)) if c is not None]
        state.set_player(state.turn, powerups=(*p.powerups, *cards))
        out.append(f"{state.name(state.turn)}'s first turn: they draw 2 powerups to spawn.")
    else:
        out.append(f"{state.name(state.turn)}'s turn" + (" (final frenzy)." if state.frenzy else "."))


def after_action(state: State, out: list[str]) -> None:
    """What an executed turn action leads to: a shot's windows, or the turn ending by itself."""
    if state.shot is not None and state.phase == "turn":
        open_scope(state, out)
        return
    settle_turn(state, out)


def settle_turn(state: State, out: list[str]) -> None:
    if state.phase != "turn" or state.done:
        return
    from rules.adrenaline.walk import peek

    if state.players[state.turn].spawned and all(t == "end" or t.startswith("answer:") for t in peek(state, state.turn, ()).tokens()):
        end_turn(state, out)


def open_scope(state: State, out: list[str]) -> None:
    shot = state.shot
    assert shot is not None
    seat = shot.shooter
    if shot.damaged and any(payable(state.players[seat], ("*",), exclude=(card,))
                            for card in powerup_cards(state, seat, "targeting_scope")):
        state.phase = "scope"
        state.reacting = (seat,)
        return
    close_shot(state, out)


def close_shot(state: State, out: list[str]) -> None:
    """The shot is over: its marks land; the Tagback window opens for those who may answer."""
    shot = state.shot
    assert shot is not None
    finish_shot(state)
    asked = []
    for victim in shot.damaged:
        if victim not in shot.seen_by or not powerup_cards(state, victim, "tagback_grenade"):
            continue
        answer = state.tagback_answer.get(victim, "ask")
        if answer == "always":
            from rules.adrenaline.action_paths import throw_tagback

            out += throw_tagback(state, victim, powerup_cards(state, victim, "tagback_grenade")[0])
        elif answer == "ask":
            asked.append(victim)
    if asked:
        state.phase = "tagback"
        state.reacting = tuple(asked)
        return
    state.shot = None
    state.phase = "turn"
    state.reacting = ()
    settle_turn(state, out)


def answered(state: State, seat: int, out: list[str]) -> None:
    """A reaction was answered (a Scope played, a Tagback thrown, or ``pass``)."""
    if state.phase == "scope":
        from rules.adrenaline.walk import root

        if set(root(state, seat).tokens()) <= {"pass"}:
            state.reacting = ()
            close_shot(state, out)
        return
    if state.phase == "tagback":
        state.reacting = tuple(s for s in state.reacting if s != seat)
        if not state.reacting:
            state.shot = None
            state.phase = "turn"
            settle_turn(state, out)


def end_turn(state: State, out: list[str]) -> None:
    seat = state.turn
    p = state.players[seat]
    if not p.spawned:  # the default of a pending spawn keeps the first card drawn
        from rules.adrenaline.action_paths import spawn

        out += spawn(state, seat, p.powerups[0] if len(p.powerups) < 2 else p.powerups[-1])
    state.draft = ()
    state.ending = True
    state.actions_left = 0
    out.append(f"{state.name(seat)} ends the turn.")
    out += scoring.score_kills(state)
    last_turn = state.frenzy and not state.frenzy_left
    killed = [s for s in range(state.count) if state.players[s].killed]
    if killed and not last_turn:
        for s in killed:
            card = draw_powerup(state)
            if card is not None:
                state.set_player(s, powerups=(*state.players[s].powerups, card))
        state.phase = "respawn"
        state.respawning = tuple(killed)
        state.respawn_choice = {}
        out.append(", ".join(state.name(s) for s in killed) + (" draw" if len(killed) > 1 else " draws")
                   + " a powerup to respawn.")
        return
    finish_turn(state, out)


def respawned(state: State, out: list[str]) -> None:
    """A respawn choice was made; when all are in, they are revealed together."""
    if set(state.respawning) - set(state.respawn_choice):
        return
    g_spawn = __import__("rules.adrenaline.acts", fromlist=["respawn_square"]).respawn_square
    for s in state.respawning:
        card = state.respawn_choice[s]
        cards = list(state.players[s].powerups)
        cards.remove(card)
        state.powerup_discard.append(card)
        square = g_spawn(state, card)
        state.set_player(s, powerups=tuple(cards), square=square, killed=False)
        out.append(f"{state.name(s)} discards {card_name(card)} and respawns on {square}.")
    state.respawning = ()
    state.respawn_choice = {}
    state.phase = "turn"
    finish_turn(state, out)


def finish_turn(state: State, out: list[str]) -> None:
    out += refill(state)
    if state.frenzy and not state.frenzy_left:
        return game_over(state, out)
    if state.skulls == 0 and not state.frenzy:
        if state.options.get("ending") == "sudden_death":
            return game_over(state, out)
        out += scoring.begin_frenzy(state, state.turn)
        out.append("FINAL FRENZY: everyone gets one last turn.")
    if state.turns >= TURN_CAP:
        return game_over(state, out)
    if state.frenzy:
        state.turn, state.frenzy_left = state.frenzy_left[0], state.frenzy_left[1:]
    else:
        state.turn = (state.turn + 1) % state.count
    begin_turn(state, out)


def game_over(state: State, out: list[str]) -> None:
    out += scoring.final_scoring(state)
    _, _, _, summary = scoring.standings(state)
    state.done = True
    state.phase = "over"
    state.summary = summary
    state.reacting = ()
    out.append(summary)
