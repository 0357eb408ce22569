"""The turn as data: the phases in order (the rules object's `phase_order`), each with the
function that opens it (`phases`), declared by the modules that bring them.

A phase opens by creating the prompts its first decisions need; when its last decision is
answered it calls `next_phase`. A phase that needs no decision passes straight on. A module adds
or moves a phase in its declarations instead of branching inside phases.
"""

from __future__ import annotations

from collections.abc import Callable

from .events import EventLog
from .kinds import Title
from .prompts import add_prompt
from .rules import rules_of
from .state import GameState

EnterFn = Callable[[GameState, EventLog], None]
TurnFn = Callable[[GameState, str, EventLog], None]


def enter_phase(state: GameState, name: str, ev: EventLog) -> None:
    state.phase = name
    state.prompts = []
    ev.public("phase_started", phase=name, round=state.round)
    rules_of(state).phases[name](state, ev)


def next_phase(state: GameState, ev: EventLog) -> None:
    if state.over:
        return
    order = rules_of(state).phase_order
    i = order.index(state.phase)
    if i + 1 == len(order):
        state.round += 1
        ev.public("round_started", round=state.round)
        enter_phase(state, order[0], ev)
    else:
        enter_phase(state, order[i + 1], ev)


def title_holder(state: GameState, title: Title) -> str:
    """Who holds a title (the first player if nobody does, as a safeguard)."""
    holder = state.titles.get(title)
    return holder if holder in state.players else state.players[0]


def not_yet_played(state: GameState, done: list[str]) -> list[str]:
    return [p for p in state.players if p not in done]


def next_in_order(state: GameState, done: list[str], title: Title, prompt_kind: str,
                  start: TurnFn, finish: EnterFn, ev: EventLog) -> None:
    """Build and Military (3.1, 4): the leader names who plays next, himself included; the last
    one plays without being named; when all have played the phase ends."""
    left = not_yet_played(state, done)
    if not left:
        finish(state, ev)
    elif len(left) == 1:
        start(state, left[0], ev)
    else:
        add_prompt(state, prompt_kind, title_holder(state, title), remaining=left)


def check_victory(state: GameState, timing: str, ev: EventLog) -> bool:
    """Ask the victory conditions the rules declare for this moment, in module order; the
    first that names winners ends the game (section 6). True when the game is over."""
    # The state's rules (the entry point checked them) and victory_at, inline: asked after
    # every payment.
    for victory in state.rules.victory_by_timing.get(timing, ()):
        result = victory.check(state, ev)
        if result is not None:
            winners, condition = result
            end_game(state, winners, condition, ev)
            return True
    return False


def end_game(state: GameState, winners: list[str], condition: str, ev: EventLog) -> None:
    """Victory (section 6): the game stops, nobody owes anything any more."""
    state.winners = [p for p in state.players if p in winners]
    state.victory = condition
    state.phase = "over"
    state.prompts = []
    state.trade = state.build = state.military = None
    ev.public("game_won", winners=state.winners, condition=condition)
