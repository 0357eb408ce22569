"""The round as data: the phases in the rules' `phase_order` (contracts, voyages, scoring,
round end), each opened by the function its module declared. A phase creates the prompts of
its first decisions and calls `next_phase` when its last one is answered."""

from __future__ import annotations

from typing import Any

from ..core.events import EventLog
from ..core.prompts import Prompt
from .rules import rules_of
from .state import NeptunState


def add_prompt(state: NeptunState, kind: str, player: str, **data: Any) -> None:
    state.prompts.append(Prompt(kind, player, data))


def enter_phase(state: NeptunState, name: str, ev: EventLog) -> None:
    state.phase = name
    state.prompts = []
    state.turn = 0
    ev.public("phase_started", phase=name, round=state.round)
    rules_of(state).phases[name](state, ev)


def next_phase(state: NeptunState, ev: EventLog) -> None:
    """The next phase of the round; after the last one, the next round (the round-end phase
    ends the game after round C instead)."""
    if state.over:
        return
    order = rules_of(state).phase_order
    i = order.index(state.phase)
    if i + 1 < len(order):
        enter_phase(state, order[i + 1], ev)
        return
    state.round += 1
    ev.public("round_started", round=state.round)
    enter_phase(state, order[0], ev)


def end_game(state: NeptunState, winners: list[str], scores: dict[str, int],
             ev: EventLog) -> None:
    state.winners = [p for p in state.players if p in winners]
    state.victory = "points"
    state.phase = "over"
    state.prompts = []
    ev.public("game_won", winners=state.winners, condition="points", scores=scores,
              bonus={p: list(state.bonus[p]) for p in state.players})
