"""The turn as data: the phases in order, each with the function that opens it.

A phase opens by creating the prompts its first decisions need; when its last decision is
answered it calls `next_phase`. A phase that needs no decision passes straight on. Rulesets and
modules change the table (`PHASE_ORDER`, `PHASE_ENTRY`) instead of branching inside phases.
"""

from __future__ import annotations

from collections.abc import Callable

from .events import EventLog
from .state import GameState

EnterFn = Callable[[GameState, EventLog], None]

PHASE_ORDER: list[str] = ["production", "trade", "build", "military", "claims"]
PHASE_ENTRY: dict[str, EnterFn] = {}


def phase(name: str) -> Callable[[EnterFn], EnterFn]:
    def deco(fn: EnterFn) -> EnterFn:
        PHASE_ENTRY[name] = fn
        return fn

    return deco


def enter_phase(state: GameState, name: str, ev: EventLog) -> None:
    state.phase = name
    state.prompts = []
    ev.public("phase_started", phase=name, round=state.round)
    PHASE_ENTRY[name](state, ev)


def next_phase(state: GameState, ev: EventLog) -> None:
    if state.over:
        return
    i = PHASE_ORDER.index(state.phase)
    if i + 1 == len(PHASE_ORDER):
        state.round += 1
        ev.public("round_started", round=state.round)
        enter_phase(state, PHASE_ORDER[0], ev)
    else:
        enter_phase(state, PHASE_ORDER[i + 1], ev)


def end_game(state: GameState, winners: list[str], condition: str, ev: EventLog) -> None:
    """Victory (section 6): the game stops, nobody owes anything any more."""
    state.winners = [p for p in state.players if p in winners]
    state.victory = condition
    state.phase = "over"
    state.prompts = []
    state.trade = state.build = state.military = None
    ev.public("game_won", winners=state.winners, condition=condition)
